"""Rounds, games and matches as explicit state machines.

A :class:`Round` moves through named phases::

    upcard_nondealer -> upcard_dealer -> draw -> discard -> draw -> ... -> over
          (take) \\_________(take)______\\-> discard          \\-> layoff -> over (after a knock)

``legal_actions()`` lists the moves of the phase, ``apply(action)`` plays one (or raises
:class:`IllegalMove` and changes nothing), ``observation(player)`` shows what one player may
know. A :class:`Game` plays rounds to the target and keeps the scoresheet; a :class:`Match`
plays several games.

Inside, hands are 52-bit masks and piles are lists of card indices; cards become
:class:`Card` objects only at the API, which keeps a random round near a millisecond.

>>> game = Game(seed=1)
>>> game.apply("pass"); game.apply("pass"); game.apply("draw")
>>> game.phase, game.current_player == game.round.dealer ^ 1
('discard', True)
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from gin_teach.actions import (
    BIG_GIN,
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
from gin_teach.melds import (
    Arrangement,
    _best_discard_of_mask,
    _deadwood_of_mask,
    best_arrangement,
)
from gin_teach.rules import Rules
from gin_teach.scoring import Settlement, settle

__all__ = [
    "DEFAULT_NAMES",
    "Event",
    "Game",
    "GameTotals",
    "Match",
    "Observation",
    "Phase",
    "ReplayError",
    "Round",
    "RoundOutcome",
    "RoundResult",
]

Phase = Literal["upcard_nondealer", "upcard_dealer", "draw", "discard", "layoff", "over"]
RoundOutcome = Literal["dead_hand", "knock", "gin", "big_gin", "undercut"]
DEFAULT_NAMES: Final = ("Player 0", "Player 1")
FORMAT_VERSION: Final = 1

_DECK: Final = full_deck()
_ALL_CARDS: Final = (1 << 52) - 1
_TAKE_OR_PASS: Final[tuple[Action, ...]] = (TAKE, PASS)
_DRAW_OR_TAKE: Final[tuple[Action, ...]] = (DRAW, TAKE)
_DRAW_ONLY: Final[tuple[Action, ...]] = (DRAW,)
_LAY_OFF_ONLY: Final[tuple[Action, ...]] = (LAY_OFF,)


class ReplayError(GinError, ValueError):
    """A saved round or game that cannot be replayed: bad format, an unknown or illegal move,
    or a position that does not match its moves.

    >>> Round.from_json('{"format": "chess"}')
    Traceback (most recent call last):
    ...
    gin_teach.game.ReplayError: this is not a saved gin_teach round (format 'chess')
    """


def _codes(mask: int) -> str:
    return " ".join(card.code for card in cards_from_mask(mask))


def _codes_of(indices: Sequence[int]) -> str:
    return " ".join(_DECK[i].code for i in indices)


def _cards_of(indices: Sequence[int]) -> tuple[Card, ...]:
    return tuple([_DECK[i] for i in indices])


_SUIT_CARDS: dict[int, tuple[Card, ...]] = {0: ()}
_SUIT_MASKS: Final = tuple(0x1FFF << shift for shift in (0, 13, 26, 39))


def _hand_cards(mask: int) -> tuple[Card, ...]:
    """``cards_from_mask`` for the hot path: the cards of each suit pattern are built once and
    remembered (at most 4 x 8192 small tuples), since observations ask for hands on every
    move."""
    cache = _SUIT_CARDS
    try:
        return (cache[mask & 0x1FFF] + cache[mask & 0x3FFE000]
                + cache[mask & 0x7FFC000000] + cache[mask & 0xFFF8000000000])
    except KeyError:
        for suit in _SUIT_MASKS:
            part = mask & suit
            if part not in cache:
                cache[part] = cards_from_mask(part)
        return _hand_cards(mask)


_SUIT_DISCARDS: dict[int, tuple[Action, ...]] = {}


def _discard_moves(mask: int) -> tuple[Action, ...]:
    """A discard for every card of ``mask``, in card order (cached per suit pattern)."""
    moves: tuple[Action, ...] = ()
    cache = _SUIT_DISCARDS
    for shift in (0, 13, 26, 39):
        key = mask & (0x1FFF << shift)
        if key:
            part = cache.get(key)
            if part is None:
                part = cache[key] = tuple(DISCARDS[card.index] for card in cards_from_mask(key))
            moves += part
    return moves


def _shown(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards) or "none"


def _check_names(names: Sequence[str]) -> tuple[str, str]:
    if (isinstance(names, str) or len(names) != 2
            or not all(isinstance(n, str) and n.strip() for n in names)):
        raise IllegalMove(f"give two player names, such as ('Ann', 'Bob'), not {names!r}")
    return (names[0], names[1])


def _check_player(player: int, what: str = "player") -> int:
    if isinstance(player, bool) or player not in (0, 1):
        raise IllegalMove(f"the {what} is 0 or 1, not {player!r}")
    return player


@dataclass(frozen=True)
class RoundResult:
    """How a round ended. ``points`` already includes the Oklahoma spade doubling
    (``multiplier``); ``winner`` and ``knocker`` are player numbers (``None`` for a dead hand).

    >>> result = RoundResult("undercut", winner=1, points=31, knocker=0)
    >>> print(result)
    Player 0 knocks; Player 1 undercuts and scores 31
    >>> print(RoundResult("dead_hand", None, 0))
    dead hand: nobody scores and the same dealer deals again
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

        >>> RoundResult("gin", 0, 39, knocker=0).describe(("Ann", "Bob"))
        'Ann goes gin and scores 39'
        """
        if self.winner is None or self.knocker is None:
            return "dead hand: nobody scores and the same dealer deals again"
        knocker, winner = names[self.knocker], names[self.winner]
        if self.outcome == "gin":
            text = f"{knocker} goes gin and scores {self.points}"
        elif self.outcome == "big_gin":
            text = f"{knocker} goes big gin and scores {self.points}"
        elif self.outcome == "undercut":
            text = f"{knocker} knocks; {winner} undercuts and scores {self.points}"
        else:
            text = f"{knocker} knocks and scores {self.points}"
        if self.multiplier > 1:
            text += f" (x{self.multiplier}: the first upcard was a spade)"
        return text

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True)
class Event:
    """One move in a round's log: who played it and the card it moved (the card drawn, taken
    or discarded; ``None`` for a pass or a lay-off).

    >>> event = Event(0, DrawStock(), Card(4, "C"))
    >>> event.text(), event.text(viewer=1)
    ('Player 0 draws 4♣ from the stock', 'Player 0 draws from the stock')
    """

    player: int
    action: Action
    card: Card | None

    def text(self, names: Sequence[str] = DEFAULT_NAMES, viewer: int | None = None) -> str:
        """The move in words; a ``viewer`` does not see the other player's stock card."""
        who = names[self.player]
        action = self.action
        if isinstance(action, PassUpcard):
            return f"{who} passes the upcard"
        if isinstance(action, TakeDiscard):
            return f"{who} takes {self.card} from the discard pile"
        if isinstance(action, DrawStock):
            if viewer is not None and viewer != self.player:
                return f"{who} draws from the stock"
            return f"{who} draws {self.card} from the stock"
        if isinstance(action, Discard):
            return f"{who} discards {self.card}"
        if isinstance(action, Knock):
            return f"{who} knocks, discarding {self.card} face down"
        if isinstance(action, BigGin):
            return f"{who} spreads all eleven cards: big gin"
        if action == LAY_OFF:
            return f"{who} spreads melds and lays off"
        return f"{who} spreads melds and lays off as chosen ({action})"


@dataclass(frozen=True)
class Observation:
    """What ``player`` may know: its own hand, the discard pile it has watched, the cards the
    opponent took from the pile, the stock's size, the scores; never the opponent's hidden
    cards or the stock's order.

    ``opponent_known`` are the cards the opponent took from the pile and still holds;
    ``drawn`` is the card this player drew this turn; ``just_taken`` the one it took from the
    pile this turn (it may not be thrown back). ``knocker_spread`` shows the knocker's melds to
    the defender after a knock.

    >>> view = Round(seed=3).observation(0)
    >>> len(view.hand), view.stock_size, view.top_discard == view.discard_pile[-1]
    (10, 31, True)
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

    @property
    def hand_mask(self) -> int:
        """The hand as a 52-bit mask, for fast analysis.

        >>> Round(seed=3).observation(0).hand_mask.bit_count()
        10
        """
        mask = 0
        for card in self.hand:
            mask |= card.bit
        return mask

    @property
    def my_turn(self) -> bool:
        """True when this player is the one to act."""
        return self.current_player == self.player

    def __str__(self) -> str:
        lines = [f"Player {self.player} sees: hand {_shown(self.hand)}",
                 f"discard pile {_shown(self.discard_pile)}; stock {self.stock_size} cards; "
                 f"knock limit {self.knock_limit}"]
        if self.opponent_known:
            lines.append(f"opponent holds {_shown(self.opponent_known)} (taken from the pile)")
        if self.scores is not None:
            lines.append(f"scores {self.scores[0]} - {self.scores[1]}")
        lines.append(f"phase {self.phase}, player {self.current_player} to act")
        return "\n".join(lines)


class Round:
    """One deal of Gin Rummy, from the upcard to the settlement.

    ``Round(seed)`` shuffles and deals (ten cards each, one at a time, non-dealer first; the
    21st card up; 31 in the stock). :meth:`from_deal` starts from given hands for examples and
    tests. Players are 0 and 1; ``current_player`` is -1 once the round is over.

    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
    ...                       upcard="8D", stock="2H", dealer=1)
    >>> rnd.phase, rnd.current_player, [str(a) for a in rnd.legal_actions()]
    ('upcard_nondealer', 0, ['take', 'pass'])
    >>> rnd.apply("take")
    >>> rnd.apply("discard 8D")
    Traceback (most recent call last):
    ...
    gin_teach.errors.IllegalMove: you just took 8♦ from the discard pile, so you cannot ...
    >>> rnd.apply("knock KD"); rnd.apply("lay off")
    >>> print(rnd.result)
    Player 0 knocks and scores 17
    """

    __slots__ = (
        "_deal", "_dealer", "_discarded", "_drawn", "_hands", "_history", "_knock_card",
        "_knock_limit", "_knocker", "_legal", "_multiplier", "_names", "_pending", "_phase",
        "_pile", "_player", "_refused", "_result", "_rules", "_scores", "_seed", "_stock",
        "_taken", "_took", "_took_mask", "_turns", "_upcard",
    )

    _rules: Rules
    _dealer: int
    _names: tuple[str, str]
    _scores: tuple[int, int] | None
    _seed: int | None
    _deal: tuple[tuple[int, int], int, tuple[int, ...]]
    _upcard: int
    _knock_limit: int
    _multiplier: int
    _hands: list[int]
    _stock: list[int]
    _pile: list[Card]
    _phase: Phase
    _player: int
    _taken: int
    _drawn: int
    _refused: bool
    _took: list[list[Card]]
    _took_mask: list[int]
    _discarded: list[list[Card]]
    _history: list[tuple[int, Action, Card | None]]
    _knocker: int
    _knock_card: int
    _pending: Settlement | None
    _result: RoundResult | None
    _legal: tuple[Action, ...] | None
    _turns: int

    def __init__(self, seed: int | random.Random | None = None, *, dealer: int = 0,
                 rules: Rules | None = None, names: Sequence[str] = DEFAULT_NAMES,
                 scores: tuple[int, int] | None = None) -> None:
        dealer = _check_player(dealer, "dealer")
        deck = Deck(seed)
        first, second = deck.deal(2, 10)
        hands = [0, 0]
        for card in first:  # the non-dealer is dealt the first card
            hands[1 - dealer] |= card.bit
        for card in second:
            hands[dealer] |= card.bit
        upcard = deck.draw().index
        stock = tuple(card.index for card in deck.cards)
        self._setup((hands[0], hands[1]), upcard, stock, dealer, rules or Rules(),
                    _check_names(names), scores, seed if isinstance(seed, int) else None)

    def _setup(self, hands: tuple[int, int], upcard: int, stock: tuple[int, ...], dealer: int,
               rules: Rules, names: tuple[str, str], scores: tuple[int, int] | None,
               seed: int | None) -> None:
        self._rules = rules
        self._dealer = dealer
        self._names = names
        self._scores = scores
        self._seed = seed
        self._deal = (hands, upcard, stock)
        self._upcard = upcard
        self._knock_limit = rules.round_knock_limit(_DECK[upcard])
        self._multiplier = rules.round_multiplier(_DECK[upcard])
        self._hands = [hands[0], hands[1]]
        self._stock = list(reversed(stock))  # the top of the stock is the end of the list
        self._pile = [_DECK[upcard]]
        self._phase = "upcard_nondealer"
        self._player = 1 - dealer
        self._taken = -1
        self._drawn = -1
        self._refused = False
        self._took = [[], []]
        self._took_mask = [0, 0]
        self._discarded = [[], []]
        self._history = []
        self._knocker = -1
        self._knock_card = -1
        self._pending = None
        self._result = None
        self._legal = None
        self._turns = 0

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
        masks, up, order = _checked_deal(hands, upcard, stock, names, strict=False)
        missing = [i for i in range(52) if not (masks[0] | masks[1] | _DECK[up].bit) >> i & 1
                   and i not in order]
        random.Random(fill_seed).shuffle(missing)
        rnd = cls.__new__(cls)
        rnd._setup(masks, up, tuple(order) + tuple(missing), dealer, rules or Rules(), names,
                   scores, None)
        return rnd

    def clone(self) -> Round:
        """An independent copy, for looking ahead without touching this round.

        >>> rnd = Round(seed=2); copy = rnd.clone(); copy.apply("pass")
        >>> rnd.phase, copy.phase
        ('upcard_nondealer', 'upcard_dealer')
        """
        copy = Round.__new__(Round)
        for name in Round.__slots__:
            object.__setattr__(copy, name, getattr(self, name))
        copy._hands = list(self._hands)
        copy._stock = list(self._stock)
        copy._pile = list(self._pile)
        copy._took = [list(self._took[0]), list(self._took[1])]
        copy._took_mask = list(self._took_mask)
        copy._discarded = [list(self._discarded[0]), list(self._discarded[1])]
        copy._history = list(self._history)
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
        """The seed that dealt the round, if it was dealt from a whole-number seed."""
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
        return _DECK[self._upcard]

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
        return _cards_of(self._stock[::-1])

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
        if self._result is not None and self._result.settlement is not None:
            return self._result.settlement.knocker_arrangement
        return self._pending.knocker_arrangement if self._pending is not None else None

    @property
    def settlement(self) -> Settlement | None:
        """The settlement of a knock or gin once the round is over."""
        return self._result.settlement if self._result is not None else None

    @property
    def turns(self) -> int:
        """Turns played: one for every card drawn or taken."""
        return self._turns

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
        return _deadwood_of_mask(self._hands[_check_player(player)])

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every move so far with the player who made it."""
        return tuple((player, action) for player, action, _ in self._history)

    @property
    def events(self) -> tuple[Event, ...]:
        """The log: every move with the card it moved."""
        return tuple(Event(player, action, card) for player, action, card in self._history)

    def log(self, viewer: int | None = None) -> list[str]:
        """The moves in words; with a ``viewer``, the other player's stock cards stay hidden.

        >>> rnd = Round(seed=4, dealer=1); rnd.apply("pass"); rnd.apply("pass")
        >>> rnd.log()
        ['Player 0 passes the upcard', 'Player 1 passes the upcard']
        """
        lines = [event.text(self._names, viewer) for event in self.events]
        if self._result is not None:
            lines.append(self._result.describe(self._names))
        return lines

    def prompt(self) -> str:
        """What happens next, in words.

        >>> Round(seed=4, dealer=1).prompt()
        'Player 0 (not the dealer) may take the upcard ... or pass'
        """
        who = self._names[self._player] if self._player >= 0 else ""
        phase = self._phase
        if phase == "upcard_nondealer":
            return f"{who} (not the dealer) may take the upcard {self.top_discard} or pass"
        if phase == "upcard_dealer":
            return f"{who} (the dealer) may take the upcard {self.top_discard} or pass"
        if phase == "draw":
            if self._refused:
                return f"{who} draws from the stock (both players passed the upcard)"
            return f"{who} draws from the stock or takes {self.top_discard}"
        if phase == "discard":
            return f"{who} discards a card (or knocks)"
        if phase == "layoff":
            return f"{who} spreads melds and lays off on the knocker's melds"
        assert self._result is not None
        return f"round over: {self._result.describe(self._names)}"

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
        took = self._took[other]
        known = self._took_mask[other] & hands[other]
        spread = None
        if self._pending is not None or self._result is not None:
            spread = self.knock_spread
        pile = self._pile
        return Observation(
            player, self._phase, self._player, self._dealer, _hand_cards(hands[player]),
            _DECK[self._drawn] if mine and self._drawn >= 0 else None,
            _DECK[self._taken] if mine and self._taken >= 0 else None,
            pile[-1] if pile else None, tuple(pile), tuple(took),
            _hand_cards(known) if known else (),
            tuple(self._discarded[other]), hands[other].bit_count(), len(self._stock),
            self._knock_limit, self._multiplier, self._scores, spread, self._result,
            self._rules)

    # --------------------------------------------------------------------------- actions

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
            elif phase == "layoff":
                legal = _LAY_OFF_ONLY
            elif phase == "over":
                legal = ()
            else:
                legal = _TAKE_OR_PASS
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
        if _deadwood_of_mask(hand) > limit + 10:
            return discards
        value, best = _best_discard_of_mask(hand)
        if value > limit:
            return discards
        knocks: list[Action] = []
        if value == 0 and self._rules.big_gin_bonus is not None and not _deadwood_of_mask(hand):
            knocks.append(BIG_GIN)
        rest = free
        while rest:
            low = rest & -rest
            rest ^= low
            if low & best or _deadwood_of_mask(hand ^ low) <= limit:
                knocks.append(KNOCKS[low.bit_length() - 1])
        return discards + tuple(knocks)

    def is_legal(self, action: Action | str) -> bool:
        """Whether :meth:`apply` would accept ``action`` (tried on a copy).

        >>> Round(seed=6).is_legal("draw")
        False
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
        """
        if not isinstance(action, Action):
            action = parse_action(action)
        if player is not None and player != self._player:
            _check_player(player)
            if self._phase == "over":
                raise IllegalMove(self._refusal(action))
            raise IllegalMove(f"it is {self._names[self._player]}'s turn, "
                              f"not {self._names[player]}'s")
        handler = _HANDLERS.get((self._phase, type(action)))
        if handler is None:
            raise IllegalMove(self._refusal(action))
        handler(self, action)
        self._legal = None

    def _refusal(self, action: Action) -> str:
        phase = self._phase
        top = self.top_discard
        if phase == "over":
            assert self._result is not None
            return f"the round is over ({self._result.describe(self._names)}): no more moves"
        if phase in ("upcard_nondealer", "upcard_dealer"):
            who = "the non-dealer" if phase == "upcard_nondealer" else "the dealer"
            return (f"first the upcard {top}: {who} ({self._names[self._player]}) may take it "
                    "or pass; nobody draws from the stock until both have passed")
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
        knocker = self._names[self._knocker]
        return (f"{knocker} has knocked: {self._names[self._player]} now spreads melds and "
                "lays off (the lay off move)")

    def _take(self, action: Action) -> None:
        if self._refused:
            raise IllegalMove("both players passed the upcard, so "
                              f"{self._names[self._player]} must draw from the stock this time")
        player = self._player
        card = self._pile.pop()
        self._hands[player] |= card.bit
        self._taken = self._drawn = card.index
        self._took[player].append(card)
        self._took_mask[player] |= card.bit
        self._history.append((player, action, card))
        self._turns += 1
        self._phase = "discard"

    def _pass(self, action: Action) -> None:
        self._history.append((self._player, action, None))
        if self._phase == "upcard_nondealer":
            self._phase = "upcard_dealer"
            self._player = self._dealer
        else:
            self._phase = "draw"
            self._player = 1 - self._dealer
            self._refused = True

    def _draw(self, action: Action) -> None:
        player = self._player
        index = self._stock.pop()
        self._hands[player] |= 1 << index
        self._drawn = index
        self._taken = -1
        self._history.append((player, action, _DECK[index]))
        self._turns += 1
        self._phase = "discard"

    def _checked_card(self, card: Card, verb: str) -> int:
        hand = self._hands[self._player]
        if not hand & card.bit:
            raise IllegalMove(f"you cannot {verb} {card}: it is not in your hand")
        if card.index == self._taken:
            raise IllegalMove(f"you just took {card} from the discard pile, so you cannot "
                              f"{verb} it this turn")
        return hand

    def _discard(self, action: Action) -> None:
        assert isinstance(action, Discard)
        card = action.card
        hand = self._checked_card(card, "discard")
        player = self._player
        self._hands[player] = hand ^ card.bit
        self._pile.append(card)
        self._discarded[player].append(card)
        self._history.append((player, action, card))
        self._taken = self._drawn = -1
        self._refused = False
        if len(self._stock) <= self._rules.dead_hand_stock:
            self._finish(RoundResult("dead_hand", None, 0, multiplier=self._multiplier))
        else:
            self._player = 1 - player
            self._phase = "draw"

    def _knock(self, action: Action) -> None:
        assert isinstance(action, Knock)
        card = action.card
        hand = self._checked_card(card, "knock with")
        player = self._player
        rest = hand ^ card.bit
        count = _deadwood_of_mask(rest)
        if count > self._knock_limit:
            raise IllegalMove(self._over_limit(card, rest, count))
        # settle validates an explicit spread; it runs before any change to the state.
        settlement = settle(cards_from_mask(rest), cards_from_mask(self._hands[1 - player]),
                            self._rules, action.melds, knock_limit=self._knock_limit)
        self._hands[player] = rest
        self._knock_card = card.index
        self._knocker = player
        self._history.append((player, action, card))
        self._taken = self._drawn = -1
        if settlement.outcome == "gin":
            self._finish_settlement(settlement)
        else:
            self._pending = settlement
            self._phase = "layoff"
            self._player = 1 - player

    def _over_limit(self, card: Card, rest: int, count: int) -> str:
        dead = best_arrangement(cards_from_mask(rest)).deadwood_cards
        worth = " + ".join(f"{c} {c.points}" for c in dead)
        detail = f"{worth} = {count}" if len(dead) > 1 else f"{worth}"
        if self._rules.straight_gin:
            return (f"Straight Gin ends only with gin: after discarding {card} your deadwood "
                    f"would be {detail}")
        if self._knock_limit == 0:
            return (f"this round is gin only (the first upcard was an ace): after discarding "
                    f"{card} your deadwood would be {detail}")
        return (f"you cannot knock: after discarding {card} your deadwood would be {detail}, "
                f"over the knock limit of {self._knock_limit}")

    def _big_gin(self, action: Action) -> None:
        assert isinstance(action, BigGin)
        if self._rules.big_gin_bonus is None:
            raise IllegalMove("big gin is not played under these rules: discard a card "
                              "(or knock)")
        player = self._player
        hand = self._hands[player]
        count = _deadwood_of_mask(hand)
        if count:
            raise IllegalMove(f"big gin needs all eleven cards in melds; your deadwood is "
                              f"{count}")
        settlement = settle(cards_from_mask(hand), cards_from_mask(self._hands[1 - player]),
                            self._rules, action.melds, knock_limit=self._knock_limit)
        self._knocker = player
        self._history.append((player, action, None))
        self._taken = self._drawn = -1
        self._finish_settlement(settlement)

    def _lay_off(self, action: Action) -> None:
        assert isinstance(action, LayOff) and self._pending is not None
        settlement = self._pending
        if action.melds is not None or action.layoffs is not None:
            knocker = self._knocker
            spread = settlement.knocker_arrangement.melds
            settlement = settle(
                cards_from_mask(self._hands[knocker]), cards_from_mask(self._hands[1 - knocker]),
                self._rules, spread, knock_limit=self._knock_limit,
                defender_melds=action.melds, layoffs=action.layoffs)
        self._history.append((self._player, action, None))
        self._finish_settlement(settlement)

    def _finish_settlement(self, settlement: Settlement) -> None:
        knocker = self._knocker
        winner = knocker if settlement.winner == "knocker" else 1 - knocker
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
        return {"hands": [_codes(hands[0]), _codes(hands[1])], "upcard": _DECK[upcard].code,
                "stock": _codes_of(stock)}

    def _snapshot(self) -> dict[str, Any]:
        result = self._result
        return {
            "phase": self._phase,
            "current_player": self._player,
            "hands": [_codes(self._hands[0]), _codes(self._hands[1])],
            "stock": _codes_of(self._stock[::-1]),
            "discard_pile": " ".join(card.code for card in self._pile),
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
        gin_teach.game.ReplayError: move 1 ('fly') cannot be replayed: 'fly' is not a move: ...
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
        deal = _field(data, "deal", dict)
        hands = deal.get("hands")
        if (not isinstance(hands, list) or len(hands) != 2
                or not all(isinstance(hand, str) for hand in hands)):
            raise ReplayError("the deal must give two hands, written as card text")
        masks, upcard, stock = _checked_deal(hands, _field(deal, "upcard", str),
                                             _field(deal, "stock", str), names, strict=True)
        rnd = cls.__new__(cls)
        rnd._setup(masks, upcard, tuple(stock), dealer, rules, names, scores, seed)
        if seed is not None and Round(seed, dealer=dealer)._deal != rnd._deal:
            raise ReplayError(f"the deal is not the one seed {seed} gives: the file was changed")
        for number, text in enumerate(_field(data, "moves", list), 1):
            try:
                rnd.apply(parse_action(text))
            except GinError as error:
                raise ReplayError(f"move {number} ({text!r}) cannot be replayed: {error}") \
                    from error
        state = data.get("state")
        if state is not None:
            replayed = rnd._snapshot()
            if not isinstance(state, dict):
                raise ReplayError("the saved position is not readable")
            for key, value in replayed.items():
                if state.get(key) != value:
                    raise ReplayError(f"the saved position does not follow from the moves "
                                      f"({key} differs): the file was changed")
        return rnd

    # --------------------------------------------------------------------------- display

    def __str__(self) -> str:
        names = self._names
        lines = [f"Round: {names[self._dealer]} deals; {self._rules.name} rules; "
                 f"knock limit {self._knock_limit}"
                 + (f"; points x{self._multiplier}" if self._multiplier > 1 else "")]
        for player in (0, 1):
            hand = self._hands[player]
            lines.append(f"{names[player]}: {_shown(cards_from_mask(hand))} "
                         f"(deadwood {_deadwood_of_mask(hand)})")
        lines.append(f"Discard pile: {_shown(self.discard_pile)}; stock {len(self._stock)} cards")
        lines.append(self.prompt())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<Round {self._phase}, player {self._player} to act, "
                f"stock {len(self._stock)}>")

    def _repr_html_(self) -> str:
        from gin_teach.display import round_html

        return round_html(self)


_HANDLERS: Final[dict[tuple[str, type], Callable[[Round, Action], None]]] = {
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


def _checked_deal(hands: Sequence[HandLike], upcard: Card | str, stock: HandLike,
                  names: tuple[str, str], *, strict: bool
                  ) -> tuple[tuple[int, int], int, list[int]]:
    """Masks of the two hands, the upcard's index and the stock's indices (top first), with
    every card dealt once and ten to each hand."""
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
        if len(cards) != 10:
            raise CardError(f"{names[player]}'s hand has {len(cards)} cards; each player is "
                            "dealt 10")
        for card in cards:
            place(card, f"{names[player]}'s hand")
            masks[player] |= card.bit
    up = Card.parse(upcard) if isinstance(upcard, str) else upcard
    if not isinstance(up, Card):
        raise CardError(f"the upcard must be a card, not {upcard!r}")
    place(up, "the upcard")
    order = []
    for card in to_cards(stock):
        place(card, "the stock")
        order.append(card.index)
    if strict and len(seen) != 52:
        missing = cards_from_mask(_ALL_CARDS & ~sum(1 << i for i in seen))
        raise CardError(f"the deal is missing {_shown(missing)}: the hands, the upcard and the "
                        "stock hold all 52 cards")
    return (masks[0], masks[1]), up.index, order


def _load(text: str | dict[str, Any], kind: str) -> dict[str, Any]:
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


# ------------------------------------------------------------------------------- game


@dataclass(frozen=True)
class GameTotals:
    """The final (or provisional) count of a game, per player: the race points, the box
    bonus for rounds won, the game bonus, and the total. Boxes never count in the race.

    >>> totals = GameTotals.count((104, 37), (4, 2), Rules())
    >>> totals.total, totals.winner, totals.margin
    ((304, 87), 0, 217)
    """

    points: tuple[int, int]
    rounds_won: tuple[int, int]
    box_points: tuple[int, int]
    game_bonus: tuple[int, int]
    total: tuple[int, int]
    winner: int | None
    shutout: bool
    doubled: bool

    @property
    def margin(self) -> int:
        """The winner's total minus the loser's."""
        return abs(self.total[0] - self.total[1])

    @classmethod
    def count(cls, points: tuple[int, int], rounds_won: tuple[int, int], rules: Rules,
              winner: int | None = None) -> GameTotals:
        """The totals for these race points and rounds won; the winner is whoever reached the
        target (pass ``winner`` for an unfinished count, or it is worked out).

        >>> GameTotals.count((100, 0), (3, 0), Rules()).total  # a shutout: 200 game bonus
        (375, 0)
        >>> GameTotals.count((100, 0), (3, 0), Rules(shutout_doubles=True)).total
        (550, 0)
        """
        if winner is None:
            reached = [p for p in (0, 1) if points[p] >= rules.target]
            winner = max(reached, key=lambda p: points[p]) if reached else None
        boxes = (rounds_won[0] * rules.box_bonus, rounds_won[1] * rules.box_bonus)
        bonus = [0, 0]
        shutout = doubled = False
        totals = [points[0] + boxes[0], points[1] + boxes[1]]
        if winner is not None:
            shutout = rounds_won[1 - winner] == 0
            if shutout and not rules.shutout_doubles:
                bonus[winner] = rules.shutout_game_bonus
            else:
                bonus[winner] = rules.game_bonus
            totals[winner] += bonus[winner]
            if shutout and rules.shutout_doubles:
                totals[winner] *= 2
                doubled = True
        return cls(points, rounds_won, boxes, (bonus[0], bonus[1]), (totals[0], totals[1]),
                   winner, shutout, doubled)


class Game:
    """Rounds until a player's race points reach the target, then the bonuses.

    The first dealer is chosen by drawing cards (low deals; equal ranks draw again); the
    winner of a round deals the next, and the same dealer deals again after a dead hand. Moves
    go to the current round through :meth:`apply`; when a round ends the next is dealt.
    ``seed`` fixes every deal (a random seed is picked and kept when it is ``None``).

    >>> game = Game(seed=3, names=("Ann", "Bob"))
    >>> game.round.dealer == game.first_dealer, game.scores, game.is_over
    (True, (0, 0), False)
    """

    def __init__(self, rules: Rules | None = None, seed: int | None = None, *,
                 names: Sequence[str] = DEFAULT_NAMES, first_dealer: int | None = None) -> None:
        self._rules = rules or Rules()
        self._names = _check_names(names)
        if seed is None:
            seed = random.randrange(1 << 63)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise IllegalMove(f"the seed is a whole number, not {seed!r}")
        self._seed = seed
        self._rng = random.Random(seed)
        self._cut: tuple[tuple[Card, Card], ...] = ()
        self._chosen_dealer = first_dealer is not None
        if first_dealer is None:
            first_dealer = self._cut_for_deal()
        self._first_dealer = _check_player(first_dealer, "first dealer")
        self._scores = [0, 0]
        self._won = [0, 0]
        self._winner: int | None = None
        self._rounds: list[Round] = []
        self._deal(self._first_dealer)

    def _cut_for_deal(self) -> int:
        deck = Deck(self._rng)
        cuts = []
        while True:
            pair = (deck.draw(), deck.draw())
            cuts.append(pair)
            if pair[0].rank != pair[1].rank:
                break
        self._cut = tuple(cuts)
        return 0 if cuts[-1][0].rank < cuts[-1][1].rank else 1

    def _deal(self, dealer: int) -> None:
        self._rounds.append(Round(self._rng.getrandbits(63), dealer=dealer, rules=self._rules,
                                  names=self._names, scores=(self._scores[0], self._scores[1])))

    @property
    def rules(self) -> Rules:
        """The rules of the table."""
        return self._rules

    @property
    def names(self) -> tuple[str, str]:
        """The players' names."""
        return self._names

    @property
    def seed(self) -> int:
        """The seed of every deal in this game."""
        return self._seed

    @property
    def cut(self) -> tuple[tuple[Card, Card], ...]:
        """The cards drawn to choose the first dealer (player 0's, player 1's), one pair per
        draw (equal ranks draw again); empty when the first dealer was given."""
        return self._cut

    @property
    def first_dealer(self) -> int:
        """Who dealt the first round."""
        return self._first_dealer

    @property
    def rounds(self) -> tuple[Round, ...]:
        """Every round so far, the current one last."""
        return tuple(self._rounds)

    @property
    def round(self) -> Round:
        """The round being played (the last one once the game is over)."""
        return self._rounds[-1]

    @property
    def scores(self) -> tuple[int, int]:
        """Race points: the sum of the rounds won, without boxes or bonuses."""
        return (self._scores[0], self._scores[1])

    @property
    def rounds_won(self) -> tuple[int, int]:
        """Rounds each player has won (each is worth a box at the end)."""
        return (self._won[0], self._won[1])

    @property
    def is_over(self) -> bool:
        """True once a player has reached the target."""
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        """The player who reached the target."""
        return self._winner

    @property
    def phase(self) -> Phase:
        """The current round's phase (``over`` only when the game is over)."""
        return self._rounds[-1].phase

    @property
    def current_player(self) -> int:
        """The player to act, or -1 once the game is over."""
        return self._rounds[-1].current_player

    def totals(self) -> GameTotals:
        """The count with boxes and bonuses (provisional while the game goes on).

        >>> Game(seed=1).totals().total
        (0, 0)
        """
        return GameTotals.count(self.scores, self.rounds_won, self._rules, self._winner)

    def legal_actions(self) -> tuple[Action, ...]:
        """The moves allowed in the current round (none once the game is over)."""
        return self._rounds[-1].legal_actions()

    def observation(self, player: int) -> Observation:
        """What ``player`` may know in the current round, scores included."""
        return self._rounds[-1].observation(player)

    def apply(self, action: Action | str, player: int | None = None) -> None:
        """Play a move in the current round; a finished round is scored and the next dealt.

        >>> game = Game(seed=2); game.apply("discard 7H")
        Traceback (most recent call last):
        ...
        gin_teach.errors.IllegalMove: first the upcard ...
        """
        current = self._rounds[-1]
        if current.is_over:
            raise IllegalMove(f"the game is over: {self._names[self._winner or 0]} won")
        current.apply(action, player)
        result = current.result
        if result is None:
            return
        dealer = current.dealer
        if result.winner is not None:
            self._scores[result.winner] += result.points
            self._won[result.winner] += 1
            dealer = result.winner
            if self._scores[result.winner] >= self._rules.target:
                self._winner = result.winner
                return
        self._deal(dealer)

    def scoresheet(self) -> str:
        """The scoresheet: one line per round with the running race points, then the boxes,
        the game bonus and the totals.

        >>> print(Game(seed=1, names=("Ann", "Bob"), first_dealer=0).scoresheet())
        ... # doctest: +NORMALIZE_WHITESPACE
        Game to 100 (modern rules); Ann deals first
        Round  Dealer  Result           Ann  Bob
        (no round finished yet)
        """
        names = self._names
        width = max(len(names[0]), len(names[1]), 5)
        lines = [f"Game to {self._rules.target} ({self._rules.name} rules); "
                 f"{self._dealer_line()}"]
        results = []
        for number, rnd in enumerate(self._rounds, 1):
            if rnd.result is not None:
                results.append((number, rnd))
        text_width = max([len(r.result.describe(names)) for _, r in results if r.result]
                         + [len("Result")])
        dealer_width = max(len(names[0]), len(names[1]), len("Dealer"))
        lines.append(f"{'Round':<6} {'Dealer':<{dealer_width}}  {'Result':<{text_width}}  "
                     f"{names[0]:>{width}}  {names[1]:>{width}}")
        running = [0, 0]
        for number, rnd in results:
            result = rnd.result
            assert result is not None
            if result.winner is not None:
                running[result.winner] += result.points
            cells = [str(running[p]) if result.winner == p else "" for p in (0, 1)]
            lines.append(f"{number:<6} {names[rnd.dealer]:<{dealer_width}}  "
                         f"{result.describe(names):<{text_width}}  "
                         f"{cells[0]:>{width}}  {cells[1]:>{width}}")
        if not results:
            lines.append("(no round finished yet)")
            return "\n".join(line.rstrip() for line in lines)
        totals = self.totals()
        pad = 6 + 1 + dealer_width + 2 + text_width + 2

        def row(label: str, values: tuple[int, int] | tuple[str, str]) -> str:
            return (f"{label:<{pad}}{values[0]!s:>{width}}  {values[1]!s:>{width}}")

        lines.append(row("Race points", totals.points))
        box = self._rules.box_bonus
        lines.append(row(f"Boxes ({box} per round won)",
                         (f"{totals.rounds_won[0]}x{box}", f"{totals.rounds_won[1]}x{box}")))
        if totals.winner is not None:
            bonus = "shutout game bonus" if totals.shutout and not totals.doubled else (
                "game bonus")
            lines.append(row(bonus.capitalize(), totals.game_bonus))
            if totals.doubled:
                lines.append(f"Shutout: {names[totals.winner]}'s total is doubled")
        lines.append(row("Total" if self.is_over else "Total so far", totals.total))
        if totals.winner is not None:
            lines.append(f"{names[totals.winner]} wins the game by {totals.margin}")
        return "\n".join(line.rstrip() for line in lines)

    def _dealer_line(self) -> str:
        names = self._names
        if not self._cut:
            return f"{names[self._first_dealer]} deals first"
        draws = "; ".join(f"{names[0]} drew {a}, {names[1]} drew {b}" for a, b in self._cut)
        return f"{draws}: {names[self._first_dealer]} deals first (low card deals)"

    # ------------------------------------------------------------------------------ JSON

    def _to_dict(self) -> dict[str, Any]:
        return {
            "format": "gin_teach.game",
            "version": FORMAT_VERSION,
            "rules": dataclasses.asdict(self._rules),
            "names": list(self._names),
            "seed": self._seed,
            "first_dealer": self._first_dealer if self._chosen_dealer else None,
            "rounds": [{key: value for key, value in rnd._to_dict().items()
                        if key not in ("format", "version", "rules", "names")}
                       for rnd in self._rounds],
            "scores": list(self._scores),
            "rounds_won": list(self._won),
        }

    def to_json(self) -> str:
        """The game as JSON: the seed, each round's deal and moves, and the scores.

        >>> game = Game(seed=5); game.apply("pass")
        >>> Game.from_json(game.to_json()).to_json() == game.to_json()
        True
        """
        return json.dumps(self._to_dict(), indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> Game:
        """Rebuild a game by replaying every round; anything that does not follow from the
        seed and the moves raises :class:`ReplayError` (or :class:`CardError` for a deal
        that is not a deal)."""
        return cls._from_dict(_load(text, "gin_teach.game"))

    @classmethod
    def _from_dict(cls, data: dict[str, Any]) -> Game:
        rules = _rules_from(data.get("rules"))
        names = _check_names(_field(data, "names", list))
        first = data.get("first_dealer")
        if first is not None and first not in (0, 1):
            raise ReplayError(f"the first dealer is 0 or 1, not {first!r}")
        game = cls(rules, _field(data, "seed", int), names=names, first_dealer=first)
        rounds = _field(data, "rounds", list)
        for number, saved in enumerate(rounds, 1):
            if not isinstance(saved, dict):
                raise ReplayError(f"round {number} is not readable")
            if game.is_over:
                raise ReplayError(f"round {number} comes after the end of the game")
            expected = game.round
            replayed = Round._from_dict(saved, rules, names)
            if replayed._deal != expected._deal or replayed.dealer != expected.dealer:
                raise ReplayError(f"round {number}'s deal is not the one the game's seed gives: "
                                  "the file was changed")
            if number < len(rounds) and not replayed.is_over:
                raise ReplayError(f"round {number} is unfinished but more rounds follow")
            for _, action in replayed.history:
                game.apply(action)
        if [game._scores, game._won] != [data.get("scores"), data.get("rounds_won")]:
            raise ReplayError("the saved scores do not follow from the rounds: the file was "
                              "changed")
        return game

    # --------------------------------------------------------------------------- display

    def __str__(self) -> str:
        text = self.scoresheet()
        if not self.is_over:
            text += "\n\n" + str(self.round)
        return text

    def __repr__(self) -> str:
        return (f"<Game {self.scores[0]}-{self.scores[1]} after "
                f"{sum(r.is_over for r in self._rounds)} rounds"
                f"{', over' if self.is_over else ''}>")

    def _repr_html_(self) -> str:
        from gin_teach.display import game_html

        return game_html(self)


class Match:
    """Several games scored in match points: the winner of a game gets the rules'
    ``match_game_points`` (100) and each player ``match_round_points`` (25) for every round it
    won in that game. The match ends after ``games`` games or when a player reaches
    ``points`` match points, whichever comes first.

    >>> match = Match(seed=1, games=3)
    >>> len(match.games), match.match_points, match.is_over
    (1, (0, 0), False)
    """

    def __init__(self, rules: Rules | None = None, seed: int | None = None, *,
                 games: int | None = 3, points: int | None = None,
                 names: Sequence[str] = DEFAULT_NAMES) -> None:
        if games is None and points is None:
            raise IllegalMove("a match needs a number of games or a number of match points")
        for value, what in ((games, "games"), (points, "points")):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or value < 1):
                raise IllegalMove(f"{what} must be a whole number of at least 1, not {value!r}")
        self._rules = rules or Rules()
        self._names = _check_names(names)
        self._seed = seed if seed is not None else random.randrange(1 << 63)
        self._rng = random.Random(self._seed)
        self._games_limit = games
        self._points_limit = points
        self._games = [self._new_game()]

    def _new_game(self) -> Game:
        return Game(self._rules, self._rng.getrandbits(63), names=self._names)

    @property
    def games(self) -> tuple[Game, ...]:
        """Every game so far, the current one last."""
        return tuple(self._games)

    @property
    def game(self) -> Game:
        """The game being played."""
        return self._games[-1]

    @property
    def names(self) -> tuple[str, str]:
        """The players' names."""
        return self._names

    def game_points(self, game: Game) -> tuple[int, int]:
        """The match points one finished game gives.

        >>> Match(seed=1).game_points(Game(seed=1))  # unfinished: nothing yet
        (0, 0)
        """
        if not game.is_over:
            return (0, 0)
        rules = self._rules
        won = game.rounds_won
        points = [won[0] * rules.match_round_points, won[1] * rules.match_round_points]
        assert game.winner is not None
        points[game.winner] += rules.match_game_points
        return (points[0], points[1])

    @property
    def match_points(self) -> tuple[int, int]:
        """Match points from the finished games."""
        totals = [0, 0]
        for game in self._games:
            a, b = self.game_points(game)
            totals[0] += a
            totals[1] += b
        return (totals[0], totals[1])

    @property
    def is_over(self) -> bool:
        """True when the agreed number of games or match points is reached."""
        if not self._games[-1].is_over:
            return False
        if self._games_limit is not None and len(self._games) >= self._games_limit:
            return True
        limit = self._points_limit
        return limit is not None and max(self.match_points) >= limit

    @property
    def winner(self) -> int | None:
        """The player with more match points once the match is over (``None`` on a tie)."""
        if not self.is_over:
            return None
        a, b = self.match_points
        return None if a == b else (0 if a > b else 1)

    @property
    def phase(self) -> Phase:
        """The phase of the current round."""
        return self._games[-1].phase

    @property
    def current_player(self) -> int:
        """The player to act, or -1 once the match is over."""
        return self._games[-1].current_player

    def legal_actions(self) -> tuple[Action, ...]:
        """The moves allowed now."""
        return self._games[-1].legal_actions()

    def observation(self, player: int) -> Observation:
        """What ``player`` may know in the current round."""
        return self._games[-1].observation(player)

    def apply(self, action: Action | str, player: int | None = None) -> None:
        """Play a move; a finished game is scored and the next one begins."""
        self._games[-1].apply(action, player)
        if self._games[-1].is_over and not self.is_over:
            self._games.append(self._new_game())

    def scoresheet(self) -> str:
        """One line per game with its match points, then the match totals.

        >>> print(Match(seed=1, names=("Ann", "Bob")).scoresheet())
        Match of 3 games (modern rules): Ann 0, Bob 0
        """
        names = self._names
        length = (f"{self._games_limit} games" if self._points_limit is None else
                  f"{self._points_limit} match points")
        totals = self.match_points
        lines = [f"Match of {length} ({self._rules.name} rules): "
                 f"{names[0]} {totals[0]}, {names[1]} {totals[1]}"]
        for number, game in enumerate(self._games, 1):
            if game.is_over:
                a, b = self.game_points(game)
                won = game.rounds_won
                assert game.winner is not None
                lines.append(f"Game {number}: {names[game.winner]} wins, rounds {won[0]}-{won[1]}"
                             f": {names[0]} {a}, {names[1]} {b}")
        if self.is_over:
            winner = self.winner
            lines.append("The match is tied" if winner is None else
                         f"{names[winner]} wins the match")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.scoresheet()
