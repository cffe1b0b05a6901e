"""One deal of Gin Rummy as an explicit state machine, with what it reports: the result, the
log of events, each player's observation, and the round saved as JSON.

A :class:`Round` is always in one of six phases, and each phase accepts a fixed set of moves.
This table is the whole state machine (``_MOVES`` below is the same table in code)::

    phase              move            next phase, and who acts
    upcard_nondealer   take            discard, the same player
                       pass            upcard_dealer, the dealer
    upcard_dealer      take            discard, the same player
                       pass            draw, the non-dealer (from the stock only)
    draw               draw or take    discard, the same player
    discard            discard         draw, the other player; or over (a dead hand) when the
                                       stock is down to the rules' ``dead_hand_stock``
                       knock           layoff, the other player; or over when it is gin
                       big gin         over
    layoff             lay off         over
    over               (nothing)

``legal_actions()`` lists the moves of the phase, ``apply(action)`` plays one (or raises
:class:`IllegalMove` and changes nothing), ``observation(player)`` shows what one player may
know. Messages name the players; a player named "You" is spoken to ("You draw 4♣").

Inside, hands are 52-bit masks and the stock a list of card indices; cards become
:class:`Card` objects only at the API, which keeps a random round near half a millisecond.

>>> rnd = Round(seed=1, dealer=1, names=("Ann", "You"))
>>> rnd.apply("pass"); rnd.apply("pass"); rnd.apply("draw")
>>> rnd.phase, rnd.current_player, rnd.log(viewer=1)
('discard', 0, ['Ann passes the upcard', 'You pass the upcard', 'Ann draws from the stock'])
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeVar

from gin_teach.actions import (
    DISCARDS,
    DRAW,
    KNOCKS,
    LAY_OFF,
    PASS,
    TAKE,
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    PassUpcard,
    TakeDiscard,
    parse_action,
)
from gin_teach.cards import Card, Deck, HandLike, cards_from_mask, full_deck, to_cards
from gin_teach.errors import CardError, GinError, IllegalMove
from gin_teach.jokers import check_jokers_allowed
from gin_teach.melds import Arrangement, best_arrangement, best_discard_of_mask, deadwood_of_mask
from gin_teach.rules import Rules
from gin_teach.scoring import Settlement, settle
from gin_teach.wording import called, says, whose

__all__ = [
    "DEFAULT_NAMES",
    "Event",
    "Observation",
    "Phase",
    "ReplayError",
    "Round",
    "RoundOutcome",
    "RoundResult",
]

Phase = Literal["upcard_nondealer", "upcard_dealer", "draw", "discard", "layoff", "over"]
RoundOutcome = Literal["dead_hand", "knock", "gin", "big_gin", "undercut", "tie"]
DEFAULT_NAMES: Final = ("Player 0", "Player 1")
FORMAT_VERSION: Final = 1

_DECK: Final = full_deck(jokers=2)  # looked up by index, so the jokers too


class ReplayError(GinError, ValueError):
    """A saved round or game that cannot be replayed: bad format, an unknown or illegal move,
    or a position that does not match its moves.

    >>> Round.from_json('{"format": "chess"}')
    Traceback (most recent call last):
    ...
    gin_teach.round.ReplayError: this is not a saved gin_teach round (format 'chess')
    """


def _shown(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards) or "none"


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(card.code for card in cards)


def _check_names(names: Sequence[str]) -> tuple[str, str]:
    if (isinstance(names, str) or len(names) != 2
            or not all(isinstance(n, str) and n.strip() for n in names)):
        raise IllegalMove(f"give two player names, such as ('Ann', 'Bob'), not {names!r}")
    return (names[0], names[1])


def _check_player(player: int, what: str = "player") -> int:
    if isinstance(player, bool) or player not in (0, 1):
        raise IllegalMove(f"the {what} is 0 or 1, not {player!r}")
    return player


# --------------------------------------------------------------------- what a round shows

_ENDINGS: Final[dict[str, str]] = {
    "knock": "knock[s]", "gin": "go[es] gin", "big_gin": "go[es] big gin",
}


@dataclass(frozen=True)
class RoundResult:
    """How a round ended. ``points`` already includes the Oklahoma spade doubling
    (``multiplier``); ``winner`` and ``knocker`` are player numbers (``None`` for a dead hand).

    >>> result = RoundResult("undercut", winner=1, points=31, knocker=0)
    >>> print(result)
    Player 0 knocks; Player 1 undercuts and scores 31
    >>> dead = RoundResult("dead_hand", None, 0)
    >>> dead.is_dead_hand, str(dead)
    (True, 'dead hand: nobody scores and the same dealer deals again')
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

    def describe(self, names: Sequence[str] = DEFAULT_NAMES) -> str:
        """One sentence with the players' names.

        >>> gin = RoundResult("gin", 0, 39, knocker=0)
        >>> gin.describe(("Ann", "Bob")), gin.describe(("You", "Bob"))
        ('Ann goes gin and scores 39', 'You go gin and score 39')
        """
        if self.winner is None or self.knocker is None:
            return "dead hand: nobody scores and the same dealer deals again"
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
    ``drawn`` is the card this player drew this turn; ``just_taken`` the one it took from the
    pile this turn (it may not be thrown back). ``knocker_spread`` shows the knocker's melds to
    the defender after a knock. ``names`` are the players' names, for printing.

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
    hand: tuple[Card, ...]
    drawn: Card | None
    just_taken: Card | None
    top_discard: Card | None
    discard_pile: tuple[Card, ...]
    opponent_took: tuple[Card, ...]
    opponent_known: tuple[Card, ...]
    opponent_discarded: tuple[Card, ...]
    opponent_hand_size: int
    stock_size: int
    knock_limit: int
    multiplier: int
    scores: tuple[int, int] | None
    knocker_spread: Arrangement | None
    result: RoundResult | None
    rules: Rules
    names: tuple[str, str] = DEFAULT_NAMES

    @property
    def hand_mask(self) -> int:
        """The hand as a 52-bit mask, for fast analysis.

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
        lines = [says(names[self.player], f"see[s]: hand {_shown(self.hand)}"),
                 f"discard pile {_shown(self.discard_pile)}; stock {self.stock_size} cards; "
                 f"knock limit {self.knock_limit}"]
        if self.opponent_known:
            lines.append(says(names[1 - self.player],
                               f"hold[s] {_shown(self.opponent_known)} (taken from the pile)"))
        if self.scores is not None:
            lines.append(f"scores {names[0]} {self.scores[0]}, {names[1]} {self.scores[1]}")
        if self.result is not None:
            lines.append(f"round over: {self.result.describe(names)}")
        else:
            lines.append(f"phase {self.phase}, "
                         f"{called(names[self.current_player], start=False)} to act")
        return "\n".join(lines)


# --------------------------------------------------------------------------- the round

_PROMPTS: Final[dict[str, str]] = {
    "upcard_nondealer": "(not the dealer) may take the upcard {top} or pass",
    "upcard_dealer": "(the dealer) may take the upcard {top} or pass",
    "draw": "draw[s] from the stock or take[s] {top}",
    "discard": "discard[s] a card (or knock[s])",
    "layoff": "spread[s] melds and lay[s] off on the knocker's melds",
}
# Legal moves that do not depend on the cards: computed once, handed out as they are.
_FIXED_MOVES: Final[dict[str, tuple[Action, ...]]] = {
    "upcard_nondealer": (TAKE, PASS), "upcard_dealer": (TAKE, PASS),
    "layoff": (LAY_OFF,), "over": (),
}
_DRAW_OR_TAKE: Final[tuple[Action, ...]] = (DRAW, TAKE)
_DRAW_ONLY: Final[tuple[Action, ...]] = (DRAW,)

_Deal = tuple[tuple[int, int], int, tuple[int, ...]]
"""Two hand masks, the upcard's index, the stock's indices top first."""


class Round:
    """One deal of Gin Rummy, from the upcard to the settlement.

    ``Round(seed)`` shuffles and deals (ten cards each, one at a time, non-dealer first; the
    21st card up; 31 in the stock). :meth:`from_deal` starts from given hands for examples and
    tests. Players are 0 and 1; ``current_player`` is -1 once the round is over. The
    properties show the whole truth (both hands, the stock) for teaching and tests;
    :meth:`observation` is what one player may see.

    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
    ...                       upcard="8D", stock="2H", dealer=1)
    >>> rnd.phase, rnd.current_player, [str(a) for a in rnd.legal_actions()]
    ('upcard_nondealer', 0, ['take', 'pass'])
    >>> rnd.rules.name, rnd.names, rnd.scores  # scores: those of the game, in a game
    ('modern', ('Player 0', 'Player 1'), None)
    >>> rnd.dealer, rnd.upcard, rnd.top_discard, rnd.stock_size, rnd.knock_limit, rnd.multiplier
    (1, Card('8D'), Card('8D'), 31, 10, 1)
    >>> rnd.apply("take")
    >>> rnd.apply("discard 8D")
    Traceback (most recent call last):
    ...
    gin_teach.errors.IllegalMove: you just took 8♦ from the discard pile, so you cannot ...
    >>> rnd.just_taken, rnd.turns, rnd.discard_pile
    (Card('8D'), 1, ())
    >>> rnd.apply("knock KD")
    >>> rnd.phase, rnd.knocker, rnd.knock_card, rnd.knock_spread.deadwood
    ('layoff', 0, Card('KD'), 8)
    >>> rnd.apply("lay off")
    >>> rnd.is_over, rnd.current_player, rnd.settlement.points, [str(a) for _, a in rnd.history]
    (True, -1, 17, ['take', 'knock KD', 'lay off'])
    >>> print(rnd.result)
    Player 0 knocks and scores 17
    >>> rnd.events[0]
    Event(player=0, action=TakeDiscard(), card=Card('8D'))
    """

    __slots__ = (
        "_deal", "_dealer", "_discarded", "_drawn", "_hands", "_history", "_knock_card",
        "_knock_limit", "_knocker", "_legal", "_multiplier", "_names", "_pending", "_phase",
        "_pile", "_player", "_refused", "_result", "_rules", "_scores", "_seed", "_stock",
        "_taken", "_took", "_took_mask", "_turns",
    )

    # Set once by the deal.
    _rules: Rules
    _dealer: int
    _names: tuple[str, str]
    _scores: tuple[int, int] | None
    _seed: int | None
    _deal: _Deal
    _knock_limit: int
    _multiplier: int
    # The cards: hands as masks, the stock with its top at the end of the list.
    _hands: list[int]
    _stock: list[int]
    _pile: list[Card]
    # Where play stands.
    _phase: Phase
    _player: int
    _taken: int  # the card taken from the pile this turn (it may not go back), or -1
    _drawn: int  # the card drawn or taken this turn, or -1
    _refused: bool  # both passed the upcard: this draw must come from the stock
    _turns: int
    _history: list[tuple[int, Action, Card | None]]
    # What each player has seen the other take from and throw on the pile.
    _took: list[list[Card]]
    _took_mask: list[int]
    _discarded: list[list[Card]]
    # The ending.
    _knocker: int
    _knock_card: int
    _pending: Settlement | None  # the settlement offered to the defender after a knock
    _result: RoundResult | None
    _legal: tuple[Action, ...] | None  # legal_actions(), until the next move

    def __init__(self, seed: int | random.Random | None = None, *, dealer: int = 0,
                 rules: Rules | None = None, names: Sequence[str] = DEFAULT_NAMES,
                 scores: tuple[int, int] | None = None) -> None:
        dealer = _check_player(dealer, "dealer")
        rules = Rules.of(rules)
        deck = Deck(seed, jokers=rules.jokers)
        first, second = deck.deal(2, 10)  # the non-dealer is dealt the first card
        hands = [0, 0]
        hands[1 - dealer] = sum(card.bit for card in first)
        hands[dealer] = sum(card.bit for card in second)
        upcard = deck.draw().index
        stock = tuple(card.index for card in deck.cards)
        self._setup(((hands[0], hands[1]), upcard, stock), dealer, rules,
                    _check_names(names), scores, seed if isinstance(seed, int) else None)

    def _setup(self, deal: _Deal, dealer: int, rules: Rules, names: tuple[str, str],
               scores: tuple[int, int] | None, seed: int | None) -> None:
        hands, upcard, stock = deal
        self._rules = rules
        self._dealer = dealer
        self._names = names
        self._scores = scores
        self._seed = seed
        self._deal = deal
        self._knock_limit = rules.round_knock_limit(_DECK[upcard])
        self._multiplier = rules.round_multiplier(_DECK[upcard])
        self._hands = [hands[0], hands[1]]
        self._stock = list(reversed(stock))
        self._pile = [_DECK[upcard]]
        self._phase = "upcard_nondealer"
        self._player = 1 - dealer
        self._taken = self._drawn = -1
        self._refused = False
        self._turns = 0
        self._history = []
        self._took = [[], []]
        self._took_mask = [0, 0]
        self._discarded = [[], []]
        self._knocker = self._knock_card = -1
        self._pending = None
        self._result = None
        self._legal = None

    @classmethod
    def _dealt(cls, deal: _Deal, dealer: int, rules: Rules, names: tuple[str, str],
               scores: tuple[int, int] | None, seed: int | None) -> Round:
        rnd = cls.__new__(cls)
        rnd._setup(deal, dealer, rules, names, scores, seed)
        return rnd

    @classmethod
    def from_deal(cls, hands: Sequence[HandLike], upcard: Card | str, stock: HandLike = (), *,
                  dealer: int = 0, rules: Rules | None = None,
                  names: Sequence[str] = DEFAULT_NAMES, scores: tuple[int, int] | None = None,
                  fill_seed: int = 0) -> Round:
        """A round from given cards: ``hands`` are player 0's and player 1's ten cards,
        ``stock`` the top of the stock, top first. Cards not named go under the given stock
        in an order shuffled by ``fill_seed``, so a test names only the cards it needs.

        >>> hands = ["AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH"]
        >>> rnd = Round.from_deal(hands, upcard="KC", stock="QC JC")
        >>> rnd.stock_size, rnd.top_discard, rnd.stock[:2]
        (31, Card('KC'), (Card('QC'), Card('JC')))
        """
        dealer = _check_player(dealer, "dealer")
        names = _check_names(names)
        rules = Rules.of(rules)
        masks, up, order = _checked_deal(hands, upcard, stock, names, rules, strict=False)
        named = masks[0] | masks[1] | _DECK[up].bit | sum(1 << i for i in order)
        missing = [i for i in range(52 + rules.jokers) if not named >> i & 1]
        random.Random(fill_seed).shuffle(missing)
        return cls._dealt((masks, up, tuple(order + missing)), dealer, rules,
                          names, scores, None)

    def clone(self) -> Round:
        """An independent copy, for looking ahead without touching this round.

        >>> rnd = Round(seed=2); copy = rnd.clone(); copy.apply("pass")
        >>> rnd.phase, copy.phase
        ('upcard_nondealer', 'upcard_dealer')
        """
        copy = Round.__new__(Round)
        for name in Round.__slots__:
            object.__setattr__(copy, name, getattr(self, name))
        # Only the lists change as play goes on; everything else is replaced, never mutated.
        copy._hands = list(self._hands)
        copy._stock = list(self._stock)
        copy._pile = list(self._pile)
        copy._history = list(self._history)
        copy._took = [list(self._took[0]), list(self._took[1])]
        copy._took_mask = list(self._took_mask)
        copy._discarded = [list(self._discarded[0]), list(self._discarded[1])]
        return copy

    # ----------------------------------------------------------------------------- state

    @property
    def rules(self) -> Rules:
        """The rules of the table."""
        return self._rules

    @property
    def dealer(self) -> int:
        """The dealing player (0 or 1)."""
        return self._dealer

    @property
    def names(self) -> tuple[str, str]:
        """The players' names, for text and display."""
        return self._names

    @property
    def scores(self) -> tuple[int, int] | None:
        """The game's scores before this round (``None`` outside a game)."""
        return self._scores

    @property
    def seed(self) -> int | None:
        """The seed that dealt the round, if it was dealt from a whole-number seed.

        >>> Round(seed=4).seed, Round(random.Random(4)).seed
        (4, None)
        """
        return self._seed

    @property
    def phase(self) -> Phase:
        """Where the round is: ``upcard_nondealer``, ``upcard_dealer``, ``draw``, ``discard``,
        ``layoff`` (the defender answers a knock) or ``over``."""
        return self._phase

    @property
    def current_player(self) -> int:
        """The player to act (0 or 1), or -1 once the round is over."""
        return self._player

    @property
    def is_over(self) -> bool:
        """True once the round has a result."""
        return self._phase == "over"

    @property
    def result(self) -> RoundResult | None:
        """The result once the round is over."""
        return self._result

    @property
    def upcard(self) -> Card:
        """The first upcard (it sets the knock limit under Oklahoma)."""
        return _DECK[self._deal[1]]

    @property
    def knock_limit(self) -> int:
        """This round's knock limit: 0 means gin only."""
        return self._knock_limit

    @property
    def multiplier(self) -> int:
        """2 when an Oklahoma spade upcard doubles this round, else 1."""
        return self._multiplier

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._stock)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top first (hidden from the players; for teaching and tests)."""
        return tuple([_DECK[i] for i in reversed(self._stock)])

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom first; the last card is the top."""
        return tuple(self._pile)

    @property
    def top_discard(self) -> Card | None:
        """The card on top of the discard pile."""
        return self._pile[-1] if self._pile else None

    @property
    def just_taken(self) -> Card | None:
        """The card the player to act took from the pile this turn (it may not be discarded)."""
        return _DECK[self._taken] if self._taken >= 0 else None

    @property
    def knocker(self) -> int | None:
        """Who knocked (or went gin), if anyone has."""
        return self._knocker if self._knocker >= 0 else None

    @property
    def knock_card(self) -> Card | None:
        """The knocker's face-down discard."""
        return _DECK[self._knock_card] if self._knock_card >= 0 else None

    @property
    def knock_spread(self) -> Arrangement | None:
        """The knocker's spread, once someone has knocked."""
        if self._pending is not None:
            return self._pending.knocker_arrangement
        settlement = self.settlement
        return settlement.knocker_arrangement if settlement is not None else None

    @property
    def settlement(self) -> Settlement | None:
        """The settlement of a knock or gin once the round is over."""
        return self._result.settlement if self._result is not None else None

    @property
    def turns(self) -> int:
        """Turns played: one for every card drawn or taken."""
        return self._turns

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every move so far with the player who made it."""
        return tuple((player, action) for player, action, _ in self._history)

    @property
    def events(self) -> tuple[Event, ...]:
        """The log: every move with the card it moved."""
        return tuple(Event(player, action, card) for player, action, card in self._history)

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's cards, sorted (this is the whole truth; use :meth:`observation` for what
        a player may see).

        >>> len(Round(seed=1).hand(0))
        10
        """
        return cards_from_mask(self._hands[_check_player(player)])

    def deadwood(self, player: int) -> int:
        """The least deadwood of a player's hand as it is now.

        >>> Round.from_deal(["AS 2S 3S 4S 5S 6S 7S 8S 9S KD", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH"],
        ...                 upcard="KC").deadwood(0)
        10
        """
        return deadwood_of_mask(self._hands[_check_player(player)], self._rules.joker_points)

    def log(self, viewer: int | None = None) -> list[str]:
        """The moves in words; with a ``viewer``, the other player's stock cards stay hidden,
        and so does its face-down knock discard until the round is over.

        >>> rnd = Round(seed=4, dealer=1); rnd.apply("pass"); rnd.apply("pass")
        >>> rnd.log()
        ['Player 0 passes the upcard', 'Player 1 passes the upcard']
        """
        # The knock discard lies face down until the round is over; then the hands are shown
        # and it may be too. A knock event carries no stock card, so showing it whole is safe.
        over = self._result is not None
        lines = [event.text(self._names,
                            None if over and type(event.action) is Knock else viewer)
                 for event in self.events]
        if self._result is not None:
            lines.append(self._result.describe(self._names))
        return lines

    def prompt(self) -> str:
        """What happens next, in words.

        >>> Round(seed=4, dealer=1).prompt()
        'Player 0 (not the dealer) may take the upcard ... or pass'
        >>> Round(seed=4, dealer=1, names=("You", "Bob")).prompt()
        'You (not the dealer) may take the upcard ... or pass'
        """
        if self._result is not None:
            return f"round over: {self._result.describe(self._names)}"
        words = _PROMPTS[self._phase]
        if self._phase == "draw" and self._refused:
            words = "draw[s] from the stock (both players passed the upcard)"
        return says(self._names[self._player], words.format(top=self.top_discard))

    def observation(self, player: int) -> Observation:
        """What ``player`` may know now (see :class:`Observation`).

        >>> view = Round(seed=5).observation(1)
        >>> view.player, view.phase, view.opponent_hand_size
        (1, 'upcard_nondealer', 10)
        """
        if player != 0 and player != 1:
            _check_player(player)
        other = 1 - player
        hands = self._hands
        mine = self._player == player
        known = self._took_mask[other] & hands[other]
        pile = self._pile
        return Observation(
            player, self._phase, self._player, self._dealer, _hand_cards(hands[player]),
            _DECK[self._drawn] if mine and self._drawn >= 0 else None,
            _DECK[self._taken] if mine and self._taken >= 0 else None,
            pile[-1] if pile else None, tuple(pile), tuple(self._took[other]),
            _hand_cards(known) if known else (), tuple(self._discarded[other]),
            hands[other].bit_count(),
            len(self._stock), self._knock_limit, self._multiplier, self._scores,
            self.knock_spread if self._knocker >= 0 else None, self._result, self._rules,
            self._names)

    # --------------------------------------------------------------------------- moves

    def legal_actions(self) -> tuple[Action, ...]:
        """The moves allowed now. After a knock the defender's move is ``LayOff()`` (the
        optimum); :meth:`apply` also accepts the defender's own choice of melds and lay-offs,
        and a knock with the knocker's own spread.

        >>> [str(a) for a in Round(seed=6).legal_actions()]
        ['take', 'pass']
        """
        legal = self._legal
        if legal is None:
            phase = self._phase
            if phase == "discard":
                legal = self._discard_actions()
            elif phase == "draw":
                legal = _DRAW_ONLY if self._refused else _DRAW_OR_TAKE
            else:
                legal = _FIXED_MOVES[phase]
            self._legal = legal
        return legal

    def _discard_actions(self) -> tuple[Action, ...]:
        hand = self._hands[self._player]
        free = hand & ~(1 << self._taken) if self._taken >= 0 else hand
        discards = _discard_moves(free)
        limit = self._knock_limit
        # Removing a card lowers the least deadwood by at most that card's value (10 at most),
        # so one quick solve of the eleven cards usually rules out every knock. Otherwise one
        # search finds the best discards, and only the others need a solve of their own.
        points = self._rules.joker_points
        if deadwood_of_mask(hand, points) > limit + max(10, points if hand >> 52 else 0):
            return discards
        value, best = best_discard_of_mask(hand, points)
        if value > limit:
            return discards
        knocks: list[Action] = []
        if (value == 0 and self._rules.big_gin_bonus is not None
                and not deadwood_of_mask(hand, points)):
            knocks.append(BigGin())
        rest = free
        while rest:
            low = rest & -rest
            rest ^= low
            if low & best or deadwood_of_mask(hand ^ low, points) <= limit:
                knocks.append(KNOCKS[low.bit_length() - 1])
        return discards + tuple(knocks)

    def is_legal(self, action: Action | str) -> bool:
        """Whether :meth:`apply` would accept ``action`` (tried on a copy).

        >>> Round(seed=6).is_legal("draw"), Round(seed=6).is_legal("pass")
        (False, True)
        """
        try:
            self.clone().apply(action)
        except GinError:
            return False
        return True

    def apply(self, action: Action | str, player: int | None = None) -> None:
        """Play ``action`` (an action or its text) for the player to act; ``player``, when
        given, must be that player. An illegal move raises :class:`IllegalMove` with the
        reason and leaves the round exactly as it was.

        >>> rnd = Round(seed=6)
        >>> rnd.apply("draw")
        Traceback (most recent call last):
        ...
        gin_teach.errors.IllegalMove: first the upcard ...take it or pass...
        >>> rnd.apply("pass", player=0)
        Traceback (most recent call last):
        ...
        gin_teach.errors.IllegalMove: it is Player 1's turn, not Player 0's
        """
        if not isinstance(action, Action):
            action = parse_action(action)
        mover = self._player
        if player is not None and player != mover:
            raise IllegalMove(self._out_of_turn(action, _check_player(player)))
        move = _MOVES.get((self._phase, type(action)))
        if move is None:
            raise IllegalMove(self._refusal(action))
        card = move(self, action)
        self._history.append((mover, action, card))
        self._legal = None

    def _out_of_turn(self, action: Action, player: int) -> str:
        if self._phase == "over":
            return self._refusal(action)
        names = self._names
        return (f"it is {whose(names[self._player])} turn, "
                f"not {whose(names[player], alone=True)}")

    def _refusal(self, action: Action) -> str:
        """Why ``action`` is not a move of this phase."""
        phase = self._phase
        top = self.top_discard
        name = self._names[self._player] if self._player >= 0 else ""
        if phase == "over":
            assert self._result is not None
            return f"the round is over ({self._result.describe(self._names)}): no more moves"
        if phase in ("upcard_nondealer", "upcard_dealer"):
            role = "the non-dealer" if phase == "upcard_nondealer" else "the dealer"
            return (f"first the upcard {top}: {role} ({called(name, start=False)}) may take "
                    "it or pass; nobody draws from the stock until both have passed")
        if isinstance(action, LayOff):
            return "lay-offs come only after the other player knocks"
        if phase == "draw":
            if isinstance(action, PassUpcard):
                return ("passing is only for the first upcard: now draw from the stock or take "
                        f"the top discard {top}")
            return (f"you must draw before you discard: draw from the stock or take the top "
                    f"discard {top}")
        if phase == "discard":
            return "you have already drawn this turn: now discard a card (or knock)"
        return (says(self._names[self._knocker], "[has] knocked") + ": "
                + says(name, "now spread[s] melds and lay[s] off (the lay off move)",
                        start=False))

    # Each move below checks everything before it changes anything (so a refused move leaves
    # the round as it was), then returns the card it moved, for the log.

    def _take(self, action: Action) -> Card:
        if self._refused:
            name = called(self._names[self._player], start=False)
            raise IllegalMove(f"both players passed the upcard, so {name} must draw from the "
                              "stock this time")
        player = self._player
        card = self._pile.pop()
        self._hands[player] |= card.bit
        self._taken = self._drawn = card.index
        self._took[player].append(card)
        self._took_mask[player] |= card.bit
        self._turns += 1
        self._phase = "discard"
        return card

    def _pass(self, action: Action) -> None:
        if self._phase == "upcard_nondealer":
            self._phase = "upcard_dealer"
            self._player = self._dealer
        else:
            self._phase = "draw"
            self._player = 1 - self._dealer
            self._refused = True

    def _draw(self, action: Action) -> Card:
        index = self._stock.pop()
        self._hands[self._player] |= 1 << index
        self._drawn = index
        self._taken = -1
        self._turns += 1
        self._phase = "discard"
        return _DECK[index]

    def _discard(self, action: Action) -> Card:
        assert isinstance(action, Discard)
        card = action.card
        player = self._player
        self._hands[player] = self._checked_card(card, "discard") ^ card.bit
        self._pile.append(card)
        self._discarded[player].append(card)
        self._end_turn()
        if len(self._stock) <= self._rules.dead_hand_stock:
            self._finish(RoundResult("dead_hand", None, 0, multiplier=self._multiplier))
        else:
            self._player = 1 - player
            self._phase = "draw"
        return card

    def _knock(self, action: Action) -> Card:
        assert isinstance(action, Knock)
        card = action.card
        player = self._player
        rest = self._checked_card(card, "knock with") ^ card.bit
        count = deadwood_of_mask(rest, self._rules.joker_points)
        if count > self._knock_limit:
            raise IllegalMove(self._over_limit(card, rest, count))
        settlement = settle(cards_from_mask(rest), cards_from_mask(self._hands[1 - player]),
                            self._rules, action.melds, knock_limit=self._knock_limit)
        self._hands[player] = rest
        self._knock_card = card.index
        self._knocker = player
        self._end_turn()
        if settlement.outcome == "gin":
            self._finish_settlement(settlement)
        else:
            self._pending = settlement
            self._phase = "layoff"
            self._player = 1 - player
        return card

    def _big_gin(self, action: Action) -> None:
        assert isinstance(action, BigGin)
        if self._rules.big_gin_bonus is None:
            raise IllegalMove("big gin is not played under these rules: discard a card "
                              "(or knock)")
        player = self._player
        hand = self._hands[player]
        count = deadwood_of_mask(hand, self._rules.joker_points)
        if count:
            raise IllegalMove(f"big gin needs all eleven cards in melds; your deadwood is "
                              f"{count}")
        settlement = settle(cards_from_mask(hand), cards_from_mask(self._hands[1 - player]),
                            self._rules, action.melds, knock_limit=self._knock_limit)
        self._knocker = player
        self._end_turn()
        self._finish_settlement(settlement)

    def _lay_off(self, action: Action) -> None:
        assert isinstance(action, LayOff) and self._pending is not None
        settlement = self._pending
        if action.melds is not None or action.layoffs is not None:
            knocker = self._knocker
            settlement = settle(
                cards_from_mask(self._hands[knocker]), cards_from_mask(self._hands[1 - knocker]),
                self._rules, settlement.knocker_arrangement.melds,
                knock_limit=self._knock_limit, defender_melds=action.melds,
                layoffs=action.layoffs)
        self._finish_settlement(settlement)

    def _checked_card(self, card: Card, verb: str) -> int:
        """The hand of the player to act, once ``card`` is known to be one it may throw."""
        hand = self._hands[self._player]
        if not hand & card.bit:
            raise IllegalMove(f"you cannot {verb} {card}: it is not in your hand")
        if card.index == self._taken:
            raise IllegalMove(f"you just took {card} from the discard pile, so you cannot "
                              f"{verb} it this turn")
        return hand

    def _over_limit(self, card: Card, rest: int, count: int) -> str:
        dead = best_arrangement(cards_from_mask(rest)).deadwood_cards
        worth = " + ".join(f"{c} {c.points}" for c in dead)
        detail = f"{worth} = {count}" if len(dead) > 1 else worth
        if self._rules.straight_gin:
            return (f"Straight Gin ends only with gin: after discarding {card} your deadwood "
                    f"would be {detail}")
        if self._knock_limit == 0:
            return (f"this round is gin only (the first upcard was an ace): after discarding "
                    f"{card} your deadwood would be {detail}")
        return (f"you cannot knock: after discarding {card} your deadwood would be {detail}, "
                f"over the knock limit of {self._knock_limit}")

    def _end_turn(self) -> None:
        self._taken = self._drawn = -1
        self._refused = False

    def _finish_settlement(self, settlement: Settlement) -> None:
        knocker = self._knocker
        winner = (None if settlement.winner is None
                  else knocker if settlement.winner == "knocker" else 1 - knocker)
        self._pending = None
        self._finish(RoundResult(settlement.outcome, winner,
                                 settlement.points * self._multiplier, knocker, settlement,
                                 self._multiplier))

    def _finish(self, result: RoundResult) -> None:
        self._result = result
        self._phase = "over"
        self._player = -1

    # ------------------------------------------------------------------------------ JSON

    def _deal_dict(self) -> dict[str, Any]:
        hands, upcard, stock = self._deal
        return {"hands": [_codes(cards_from_mask(hands[0])), _codes(cards_from_mask(hands[1]))],
                "upcard": _DECK[upcard].code, "stock": _codes(_DECK[i] for i in stock)}

    def _snapshot(self) -> dict[str, Any]:
        """The position, saved beside the moves so that a replay can be checked against it."""
        result = self._result
        return {
            "phase": self._phase,
            "current_player": self._player,
            "hands": [_codes(self.hand(0)), _codes(self.hand(1))],
            "stock": _codes(self.stock),
            "discard_pile": _codes(self._pile),
            "knock_card": _DECK[self._knock_card].code if self._knock_card >= 0 else None,
            "result": None if result is None else {
                "outcome": result.outcome, "winner": result.winner, "points": result.points},
        }

    def _to_dict(self) -> dict[str, Any]:
        return {
            "format": "gin_teach.round",
            "version": FORMAT_VERSION,
            "rules": dataclasses.asdict(self._rules),
            "names": list(self._names),
            "dealer": self._dealer,
            "seed": self._seed,
            "scores": None if self._scores is None else list(self._scores),
            "deal": self._deal_dict(),
            "moves": [str(action) for _, action, _ in self._history],
            "state": self._snapshot(),
        }

    def to_json(self) -> str:
        """The round as JSON: rules, the deal, the moves, and the position they lead to.

        >>> rnd = Round(seed=8); rnd.apply("pass")
        >>> again = Round.from_json(rnd.to_json())
        >>> again.to_json() == rnd.to_json(), again.phase
        (True, 'upcard_dealer')
        """
        return json.dumps(self._to_dict(), indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> Round:
        """Rebuild a round by replaying its moves from its deal. A damaged or edited file (a
        card twice or missing, a hand of the wrong size, an unknown or illegal move, a
        position that does not follow from the moves) raises :class:`CardError` or
        :class:`ReplayError` saying what is wrong.

        >>> rnd = Round(seed=8); rnd.apply("pass")
        >>> Round.from_json(rnd.to_json().replace('"pass"', '"fly"'))
        Traceback (most recent call last):
        ...
        gin_teach.round.ReplayError: move 1 ('fly') cannot be replayed: 'fly' is not a move: ...
        """
        data = _load(text, "gin_teach.round")
        return cls._from_dict(data, _rules_from(data.get("rules")), None)

    @classmethod
    def _from_dict(cls, data: dict[str, Any], rules: Rules,
                   names: tuple[str, str] | None) -> Round:
        names = names or _check_names(_field(data, "names", list))
        dealer = _field(data, "dealer", int)
        if dealer not in (0, 1):
            raise ReplayError(f"the dealer is 0 or 1, not {dealer}")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ReplayError(f"the seed must be a whole number, not {seed!r}")
        scores = data.get("scores")
        if scores is not None:
            if (not isinstance(scores, list) or len(scores) != 2
                    or not all(isinstance(s, int) and s >= 0 for s in scores)):
                raise ReplayError(f"scores must be two whole numbers, not {scores!r}")
            scores = (scores[0], scores[1])
        rnd = cls._dealt(_saved_deal(_field(data, "deal", dict), names, rules), dealer, rules,
                         names, scores, seed)
        if seed is not None and Round(seed, dealer=dealer, rules=rules)._deal != rnd._deal:
            raise ReplayError(f"the deal is not the one seed {seed} gives: the file was changed")
        for number, text in enumerate(_field(data, "moves", list), 1):
            try:
                rnd.apply(parse_action(text))
            except GinError as error:
                raise ReplayError(f"move {number} ({text!r}) cannot be replayed: {error}") \
                    from error
        state = data.get("state")
        if state is not None:
            if not isinstance(state, dict):
                raise ReplayError("the saved position is not readable")
            for key, value in rnd._snapshot().items():
                if state.get(key) != value:
                    raise ReplayError(f"the saved position does not follow from the moves "
                                      f"({key} differs): the file was changed")
        return rnd

    # --------------------------------------------------------------------------- display

    def __str__(self) -> str:
        names = self._names
        lines = [f"Round: {says(names[self._dealer], 'deal[s]')}; {self._rules.name} rules; "
                 f"knock limit {self._knock_limit}"
                 + (f"; points x{self._multiplier}" if self._multiplier > 1 else "")]
        for player in (0, 1):
            lines.append(f"{names[player]}: {_shown(self.hand(player))} "
                         f"(deadwood {self.deadwood(player)})")
        lines.append(f"Discard pile: {_shown(self._pile)}; stock {len(self._stock)} cards")
        lines.append(self.prompt())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<Round {self._phase}, player {self._player} to act, "
                f"stock {len(self._stock)}>")

    def _repr_html_(self) -> str:
        from gin_teach.display import round_html

        return round_html(self)


# The state machine of the module docstring: the moves each phase accepts. A move missing
# here is refused with the reason _refusal gives.
_MOVES: Final[dict[tuple[str, type[Action]], Callable[[Round, Action], Card | None]]] = {
    ("upcard_nondealer", TakeDiscard): Round._take,
    ("upcard_nondealer", PassUpcard): Round._pass,
    ("upcard_dealer", TakeDiscard): Round._take,
    ("upcard_dealer", PassUpcard): Round._pass,
    ("draw", DrawStock): Round._draw,
    ("draw", TakeDiscard): Round._take,
    ("discard", Discard): Round._discard,
    ("discard", Knock): Round._knock,
    ("discard", BigGin): Round._big_gin,
    ("layoff", LayOff): Round._lay_off,
}


# ---------------------------------------------------------------------- deals and files


def _checked_deal(hands: Sequence[HandLike], upcard: Card | str, stock: HandLike,
                  names: tuple[str, str], rules: Rules, *, strict: bool
                  ) -> tuple[tuple[int, int], int, list[int]]:
    """Masks of the two hands, the upcard's index and the stock's indices (top first), with
    every card dealt once, ten to each hand, jokers only when the rules play them and, when
    ``strict``, the whole deck (52 cards, or 54 with jokers) dealt."""
    if isinstance(hands, str) or len(hands) != 2:
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
        raise CardError(f"the upcard must be a card, not {upcard!r}")
    place(up, "the upcard")
    order = []
    for card in to_cards(stock):
        place(card, "the stock")
        order.append(card.index)
    check_jokers_allowed(sum(1 << i for i in seen), rules)
    deck_size = 52 + rules.jokers
    if strict and len(seen) != deck_size:
        missing = cards_from_mask(((1 << deck_size) - 1) & ~sum(1 << i for i in seen))
        raise CardError(f"the deal is missing {_shown(missing)}: the hands, the upcard and the "
                        f"stock hold all {deck_size} cards")
    return (masks[0], masks[1]), up.index, order


def _saved_deal(deal: dict[str, Any], names: tuple[str, str], rules: Rules) -> _Deal:
    """A deal as saved by ``_deal_dict``, checked card by card."""
    hands = deal.get("hands")
    if (not isinstance(hands, list) or len(hands) != 2
            or not all(isinstance(hand, str) for hand in hands)):
        raise ReplayError("the deal must give two hands, written as card text")
    masks, upcard, stock = _checked_deal(hands, _field(deal, "upcard", str),
                                         _field(deal, "stock", str), names, rules, strict=True)
    return masks, upcard, tuple(stock)


def _load(text: str | dict[str, Any], kind: str) -> dict[str, Any]:
    """The saved dictionary of ``kind`` ("gin_teach.round", "gin_teach.game")."""
    if isinstance(text, dict):
        data = text
    else:
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as error:
            raise ReplayError(f"this is not readable JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != kind:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise ReplayError(f"this is not a saved {kind.replace('.', ' ')} (format {found!r})")
    if data.get("version") != FORMAT_VERSION:
        raise ReplayError(f"unknown file version {data.get('version')!r}; this package reads "
                          f"version {FORMAT_VERSION}")
    return data


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ReplayError(f"the file's {key!r} is missing or not a {kind.__name__}")
    return value


def _rules_from(value: object) -> Rules:
    if not isinstance(value, dict):
        raise ReplayError("the file has no rules")
    known = {field.name for field in dataclasses.fields(Rules)}
    unknown = set(value) - known
    if unknown:
        raise ReplayError(f"unknown rules field(s) in the file: {', '.join(sorted(unknown))}")
    return Rules(**value)


# ------------------------------------------------------------------------------ hot path

_T = TypeVar("_T")
_SUIT_MASKS: Final = (*(0x1FFF << shift for shift in (0, 13, 26, 39)), 3 << 52)


def _by_suit(build: Callable[[int], tuple[_T, ...]]) -> Callable[[int], tuple[_T, ...]]:
    """``build`` of a mask, put together from one remembered answer per suit, and one for the
    jokers (at most 4 x 8192 small tuples): observations and legal moves need these on every
    move."""
    cache: dict[int, tuple[_T, ...]] = {0: ()}

    def of(mask: int) -> tuple[_T, ...]:
        try:
            naturals = (cache[mask & 0x1FFF] + cache[mask & 0x3FFE000]
                        + cache[mask & 0x7FFC000000] + cache[mask & 0xFFF8000000000])
            return naturals + cache[mask & 0x30000000000000] if mask >> 52 else naturals
        except KeyError:
            for suit in _SUIT_MASKS:
                part = mask & suit
                if part not in cache:
                    cache[part] = build(part)
            return of(mask)

    return of


_hand_cards: Final = _by_suit(cards_from_mask)
"""The cards of a mask, in order (``cards_from_mask``, remembered)."""
_discard_moves: Final = _by_suit(
    lambda part: tuple(DISCARDS[card.index] for card in cards_from_mask(part)))
"""A discard of each card of a mask, in card order."""
