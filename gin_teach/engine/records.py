"""What a round reports: how it ended (:class:`RoundResult`), each move in its log
(:class:`Event`), what one player may know (:class:`Observation`) and the cards dealt
(:class:`Deal`). These are frozen values; :mod:`gin_teach.engine.round` makes them.

>>> from gin_teach import Round
>>> rnd = Round(seed=1, names=("Ann", "Bob"))
>>> rnd.apply("pass")
>>> rnd.events[0].text(rnd.names), rnd.observation(rnd.current_player).opponent_passed
('Bob passes the upcard', (Card('KS'),))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from gin_teach.core.arguments import MAX_SEED, check_count
from gin_teach.core.cards import Card, HandLike, cards_from_mask, cards_text, full_deck, to_cards
from gin_teach.core.hand import Hand
from gin_teach.core.melds import Arrangement
from gin_teach.core.rules import Rules
from gin_teach.core.scoring import Settlement
from gin_teach.core.wording import called, says, whose
from gin_teach.engine.actions import (
    LAY_OFF,
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    PassUpcard,
    TakeDiscard,
)
from gin_teach.errors import CardError, excerpt

__all__ = [
    "DEFAULT_NAMES",
    "NO_PLAYER",
    "Deal",
    "Event",
    "Observation",
    "Phase",
    "RoundOutcome",
    "RoundResult",
    "cards_text",
]

Phase = Literal["upcard_nondealer", "upcard_dealer", "draw", "discard", "layoff", "over"]
RoundOutcome = Literal["dead_hand", "knock", "gin", "big_gin", "undercut", "tie"]
DEFAULT_NAMES: Final = ("Player 0", "Player 1")
NO_PLAYER: Final = -1
"""``current_player`` once the round (or game, or match) is over: nobody is to act."""


@dataclass(frozen=True)
class Deal:
    """The cards of a deal: each player's ten (player 0's first), the first upcard and the
    stock, top first.

    >>> from gin_teach import Round
    >>> deal = Round.from_deal(["AS 2S 3S 4S 5S 6S 7S 8S 9S TS",
    ...                         "AH 2H 3H 4H 5H 6H 7H 8H 9H TH"], upcard="KC", stock="QC").deal
    >>> deal.hands[1].points, deal.upcard, deal.stock[0], len(deal.stock)
    (55, Card('KC'), Card('QC'), 31)
    """

    hands: tuple[Hand, Hand]
    upcard: Card
    stock: tuple[Card, ...]

    @classmethod
    def of(cls, hands: Sequence[HandLike], upcard: Card | str, stock: HandLike = (), *,
           names: Sequence[str] = DEFAULT_NAMES, fill_seed: int = 0, jokers: int = 0) -> Deal:
        """A deal from given cards, checked: ten cards to each hand, every card dealt once.
        ``stock`` is the top of the stock, top first; the cards not named (of the 52, and
        ``jokers`` jokers) go under it in an order shuffled by ``fill_seed``. ``names`` name
        the hands in messages.

        >>> deal = Deal.of(["AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH"],
        ...                upcard="KC", stock="QC JC")
        >>> deal.stock[:2], len(deal.stock)
        ((Card('QC'), Card('JC')), 31)
        >>> Deal.of(["AS 2S 3S"], "KC")
        Traceback (most recent call last):
        ...
        gin_teach.errors.CardError: give two hands of ten cards, one for each player
        >>> Deal.of(["AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "AH 2H 3H 4H 5H 6H 7H 8H 9H AS"], "KC",
        ...         names=("Ann", "You"))
        Traceback (most recent call last):
        ...
        gin_teach.errors.CardError: A♠ is dealt twice (Ann's hand and your hand)
        """
        if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != 2:
            raise CardError("give two hands of ten cards, one for each player")
        seen: dict[int, str] = {}

        def place(card: Card, where: str) -> None:
            if card.index in seen:
                raise CardError(f"{card} is dealt twice ({seen[card.index]} and {where})")
            seen[card.index] = where

        masks = [0, 0]
        for player in (0, 1):
            cards = to_cards(hands[player])
            hand = f"{whose(names[player])} hand"
            if len(cards) != 10:
                raise CardError(f"{hand} has {len(cards)} cards; each player is dealt 10")
            for card in cards:
                place(card, hand)
                masks[player] |= card.bit
        up = Card.parse(upcard) if isinstance(upcard, str) else upcard
        if not isinstance(up, Card):
            raise CardError(f"the upcard must be a card, not {excerpt(upcard)}")
        place(up, "the upcard")
        given = to_cards(stock)
        for card in given:
            place(card, "the stock")
        rest = [card for card in full_deck(jokers) if card.index not in seen]
        random.Random(check_count(fill_seed, "fill_seed", least=0, most=MAX_SEED)).shuffle(rest)
        return cls((Hand(cards_from_mask(masks[0])), Hand(cards_from_mask(masks[1]))), up,
                   given + tuple(rest))


_ENDINGS: Final[dict[str, str]] = {
    "knock": "knock[s]", "gin": "go[es] gin", "big_gin": "go[es] big gin",
}


@dataclass(frozen=True)
class RoundResult:
    """How a round ended. ``points`` already includes the Oklahoma spade doubling
    (``multiplier``); ``winner`` and ``knocker`` are player numbers. Two endings have no
    winner: a dead hand (nobody knocked either) and, under ``undercut_on_tie=False``, a tie
    (``outcome == "tie"``): nobody scores, no box, and the same dealer deals again.

    >>> result = RoundResult("undercut", winner=1, points=31, knocker=0)
    >>> print(result)
    Player 0 knocks; Player 1 undercuts and scores 31
    >>> dead = RoundResult("dead_hand", None, 0)
    >>> dead.is_dead_hand, dead.has_winner, str(dead)
    (True, False, 'dead hand: nobody scores and the same dealer deals again')
    >>> tie = RoundResult("tie", None, 0, knocker=1)
    >>> tie.is_dead_hand, tie.has_winner, tie.describe(("Ann", "You"))
    (False, False, 'You knock; the counts tie and nobody scores')
    """

    outcome: RoundOutcome
    winner: int | None
    points: int
    knocker: int | None = None
    settlement: Settlement | None = None
    multiplier: int = 1

    @property
    def is_dead_hand(self) -> bool:
        """True when the stock ran down and nobody knocked."""
        return self.outcome == "dead_hand"

    @property
    def has_winner(self) -> bool:
        """False for a dead hand and for a tie that the rules do not pay: then nobody scores,
        nobody wins a box, and the same dealer deals again."""
        return self.winner is not None

    def describe(self, names: Sequence[str] = DEFAULT_NAMES) -> str:
        """One sentence with the players' names.

        >>> gin = RoundResult("gin", 0, 39, knocker=0)
        >>> gin.describe(("Ann", "Bob")), gin.describe(("You", "Bob"))
        ('Ann goes gin and scores 39', 'You go gin and score 39')
        """
        if self.knocker is None:
            return "dead hand: nobody scores and the same dealer deals again"
        if self.winner is None:
            return says(names[self.knocker], "knock[s]") + "; the counts tie and nobody scores"
        knocker, winner = names[self.knocker], names[self.winner]
        scores = f"score[s] {self.points}"
        if self.outcome == "undercut":
            text = (says(knocker, "knock[s]") + "; "
                    + says(winner, f"undercut[s] and {scores}", start=False))
        else:
            text = says(knocker, f"{_ENDINGS[self.outcome]} and {scores}")
        if self.multiplier > 1:
            text += f" (x{self.multiplier}: the first upcard was a spade)"
        return text

    def __str__(self) -> str:
        return self.describe()


_EVENT_WORDS: Final[dict[type[Action], str]] = {
    PassUpcard: "pass[es] the upcard",
    TakeDiscard: "take[s] {card} from the discard pile",
    DrawStock: "draw[s] {card} from the stock",
    Discard: "discard[s] {card}",
    Knock: "knock[s], discarding {card} face down",
    BigGin: "spread[s] all eleven cards: big gin",
    LayOff: "spread[s] melds and lay[s] off",
}


@dataclass(frozen=True)
class Event:
    """One move in a round's log: who played it and the card it moved (the card drawn, taken
    or discarded; ``None`` for a pass or a lay-off).

    >>> event = Event(0, DrawStock(), Card(4, "C"))
    >>> event.player, event.action, event.card
    (0, DrawStock(), Card('4C'))
    """

    player: int
    action: Action
    card: Card | None

    def text(self, names: Sequence[str] = DEFAULT_NAMES, viewer: int | None = None) -> str:
        """The move in words; a ``viewer`` does not see the other player's stock card, nor
        its face-down knock discard.

        >>> event = Event(0, DrawStock(), Card(4, "C"))
        >>> event.text(), event.text(viewer=1)
        ('Player 0 draws 4♣ from the stock', 'Player 0 draws from the stock')
        >>> event.text(("You", "Bob"))
        'You draw 4♣ from the stock'
        >>> Event(0, Knock("KD"), Card(13, "D")).text(viewer=1)
        'Player 0 knocks, discarding a card face down'
        """
        action = self.action
        words = _EVENT_WORDS[type(action)]
        if viewer is not None and viewer != self.player:
            if type(action) is DrawStock:
                words = "draw[s] from the stock"
            elif type(action) is Knock:
                words = "knock[s], discarding a card face down"
        text = says(names[self.player], words.format(card=self.card))
        if type(action) is LayOff and action != LAY_OFF:
            text += f" as chosen ({action})"
        return text


@dataclass(frozen=True)
class Observation:
    """What ``player`` may know: its own hand, the discard pile it has watched, the cards the
    opponent took from the pile, the stock's size, the scores; never the opponent's hidden
    cards or the stock's order.

    ``opponent_known`` are the cards the opponent took from the pile and still holds;
    ``opponent_passed`` the face-up cards it declined, in order: the first upcard if it passed
    it, and each of this player's discards it left for a stock card;
    ``drawn`` is the card this player drew this turn; ``just_taken`` the one it took from the
    pile this turn (it may not be thrown back). ``knocker_spread`` shows the knocker's melds to
    the defender after a knock. ``names`` are the players' names, for printing.

    >>> from gin_teach import Round
    >>> view = Round(seed=3, names=("Ann", "Bob")).observation(0)
    >>> len(view.hand), view.stock_size, view.top_discard == view.discard_pile[-1], view.my_turn
    (10, 31, True, False)
    >>> print(view)  # doctest: +ELLIPSIS
    Ann sees: hand ...
    discard pile 6♠; stock 31 cards; knock limit 10
    phase upcard_nondealer, Bob to act
    """

    player: int
    phase: Phase
    current_player: int
    dealer: int
    hand: Hand
    drawn: Card | None
    just_taken: Card | None
    top_discard: Card | None
    discard_pile: tuple[Card, ...]
    opponent_took: tuple[Card, ...]
    opponent_known: tuple[Card, ...]
    opponent_discarded: tuple[Card, ...]
    opponent_passed: tuple[Card, ...]
    opponent_hand_size: int
    stock_size: int
    knock_limit: int
    multiplier: int
    scores: tuple[int, int] | None
    knocker_spread: Arrangement | None
    result: RoundResult | None
    rules: Rules
    names: tuple[str, str] = DEFAULT_NAMES

    @classmethod
    def of_fields(cls, **fields: Any) -> Observation:
        """An observation from every one of its fields, by name, without the frozen
        dataclass's field-by-field ``__init__`` (several times quicker: a round makes an
        observation on every move). Nothing is checked, so give every field; the engine's
        tests compare the result with the ordinary constructor's.

        >>> from gin_teach import Round
        >>> view = Round(seed=3).observation(0)
        >>> Observation.of_fields(**vars(view)) == view == Observation(**vars(view))
        True
        """
        observation = object.__new__(cls)
        observation.__dict__.update(fields)
        return observation

    @property
    def hand_mask(self) -> int:
        """The hand as a 52-bit mask, for fast analysis.

        >>> from gin_teach import Round
        >>> Round(seed=3).observation(0).hand_mask.bit_count()
        10
        """
        return sum(card.bit for card in self.hand)

    @property
    def my_turn(self) -> bool:
        """True when this player is the one to act."""
        return self.current_player == self.player

    def __str__(self) -> str:
        names = self.names
        lines = [says(names[self.player], f"see[s]: hand {cards_text(self.hand)}"),
                 f"discard pile {cards_text(self.discard_pile)}; stock {self.stock_size} cards; "
                 f"knock limit {self.knock_limit}"]
        if self.opponent_known:
            lines.append(says(names[1 - self.player],
                               f"hold[s] {cards_text(self.opponent_known)} (taken from the pile)"))
        if self.scores is not None:
            lines.append(f"scores {names[0]} {self.scores[0]}, {names[1]} {self.scores[1]}")
        if self.result is not None:
            lines.append(f"round over: {self.result.describe(names)}")
        else:
            lines.append(f"phase {self.phase}, "
                         f"{called(names[self.current_player], start=False)} to act")
        return "\n".join(lines)
