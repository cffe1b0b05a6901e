"""What a round holds and shows: the state of a deal of Gin Rummy and its read-only view.

:class:`RoundState` is the half of :class:`~gin_teach.engine.round.Round` that holds the
position (hands as 52-bit masks, the stock, the pile, whose turn it is, what each player saw
the other take and throw) and reads it out: the properties, the log, each player's
:class:`Observation`. The moves that change it, and the table of which move each phase
accepts, are :class:`~gin_teach.engine.round.Round`'s; a learner and a bot meet only that
class.

>>> from gin_teach import Round
>>> rnd = Round(seed=1, dealer=1)
>>> isinstance(rnd, RoundState), rnd.phase, rnd.observation(0).opponent_hand_size
(True, 'upcard_nondealer', 10)
"""


from functools import partial
from typing import Final

from gin_teach.core.arguments import (
    check_player,
)
from gin_teach.core.cards import Card, cards_from_mask, full_deck
from gin_teach.core.hand import Hand
from gin_teach.core.kernel import deadwood_of_mask
from gin_teach.core.melds import Arrangement
from gin_teach.core.rules import Rules
from gin_teach.core.scoring import Settlement
from gin_teach.engine.actions import (
    Action,
    Knock,
)
from gin_teach.engine.mask_cache import hand_cards
from gin_teach.engine.records import (
    Deal,
    Event,
    Observation,
    Phase,
    RoundResult,
)

__all__ = ["DealMasks", "RoundState"]

_DECK: Final = full_deck(jokers=2)  # looked up by index, so the jokers too
_as_hand: Final = partial(tuple.__new__, Hand)
"""A :class:`Hand` of cards known to be distinct (read from a mask), without checking them
again: observations are made on every move."""

DealMasks = tuple[tuple[int, int], int, tuple[int, ...]]
"""A deal as the round keeps it: two hand masks, the upcard's index, the stock's indices top
first."""


class RoundState:
    """The position of a round and what it shows; :class:`~gin_teach.engine.round.Round`
    plays the moves on it. The properties show the whole truth (both hands, the stock) for
    teaching and tests; :meth:`observation` is what one player may see.

    >>> from gin_teach import Round
    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
    ...                       upcard="8D", dealer=1)
    >>> rnd.hand(0).deadwood, rnd.observation(1).hand.deadwood, rnd.observation(1).opponent_known
    (10, 33, ())
    """

    __slots__ = (
        "_deal", "_dealer", "_discarded", "_drawn", "_hands", "_history", "_knock_card",
        "_knock_cards", "_knock_limit", "_knocker", "_legal", "_multiplier", "_names", "_passed",
        "_pending", "_phase", "_pile", "_player", "_refused", "_result", "_rules", "_scores",
        "_seed", "_stock", "_taken", "_took", "_took_mask", "_turns",
    )

    # Set once by the deal.
    _rules: Rules
    _dealer: int
    _names: tuple[str, str]
    _scores: tuple[int, int] | None
    _seed: int | None
    _deal: DealMasks
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
    _passed: list[list[Card]]  # face-up cards each player declined
    # The ending.
    _knocker: int
    _knock_card: int
    _pending: Settlement | None  # the settlement offered to the defender after a knock
    _result: RoundResult | None
    _legal: tuple[Action, ...] | None  # legal_actions(), until the next move
    _knock_cards: int | None  # the cards the player to act may knock with, until the next move

    def _setup(self, deal: DealMasks, dealer: int, rules: Rules, names: tuple[str, str],
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
        self._passed = [[], []]
        self._knocker = self._knock_card = -1
        self._pending = None
        self._result = None
        self._legal = None
        self._knock_cards = None



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

        >>> import random
        >>> from gin_teach import Round
        >>> Round(seed=4).seed, Round(random.Random(4)).seed
        (4, None)
        """
        return self._seed

    @property
    def deal(self) -> Deal:
        """The cards as they were dealt (the hands before any move).

        >>> from gin_teach import Round
        >>> rnd = Round(seed=4); rnd.apply("take")
        >>> rnd.deal.upcard in rnd.hand(rnd.dealer ^ 1), len(rnd.deal.hands[0])
        (True, 10)
        """
        hands, upcard, stock = self._deal
        return Deal((_as_hand(cards_from_mask(hands[0])), _as_hand(cards_from_mask(hands[1]))),
                    _DECK[upcard], tuple([_DECK[i] for i in stock]))

    @property
    def phase(self) -> Phase:
        """Where the round is: ``upcard_nondealer``, ``upcard_dealer``, ``draw``, ``discard``,
        ``layoff`` (the defender answers a knock) or ``over``."""
        return self._phase

    @property
    def current_player(self) -> int:
        """The player to act (0 or 1), or :data:`NO_PLAYER` (-1) once the round is over."""
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
    def stock_only(self) -> bool:
        """Whether the player to act must draw from the stock: both players passed the upcard,
        so this first draw may not take it.

        >>> from gin_teach import Round
        >>> rnd = Round(seed=4, dealer=1); rnd.apply("pass"); rnd.apply("pass")
        >>> rnd.stock_only, [str(a) for a in rnd.legal_actions()]
        (True, ['draw'])
        """
        return self._refused and self._phase == "draw"

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

    def hand(self, player: int) -> Hand:
        """A player's cards, sorted (this is the whole truth; use :meth:`observation` for what
        a player may see). A :class:`Hand` shows itself as cards in a notebook.

        >>> from gin_teach import Round
        >>> hand = Round(seed=1).hand(0)
        >>> len(hand), hand.deadwood == Round(seed=1).deadwood(0)
        (10, True)
        """
        return _as_hand(cards_from_mask(self._hands[check_player(player)]))

    def deadwood(self, player: int) -> int:
        """The least deadwood of a player's hand as it is now.

        >>> from gin_teach import Round
        >>> Round.from_deal(["AS 2S 3S 4S 5S 6S 7S 8S 9S KD", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH"],
        ...                 upcard="KC").deadwood(0)
        10
        """
        return deadwood_of_mask(self._hands[check_player(player)], self._rules.joker_points)

    def log(self, viewer: int | None = None) -> list[str]:
        """The moves in words; with a ``viewer``, the other player's stock cards stay hidden,
        and so does its face-down knock discard until the round is over.

        >>> from gin_teach import Round
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

    def observation(self, player: int) -> Observation:
        """What ``player`` may know now (see :class:`Observation`).

        >>> from gin_teach import Round
        >>> view = Round(seed=5).observation(1)
        >>> view.player, view.phase, view.opponent_hand_size
        (1, 'upcard_nondealer', 10)
        """
        if type(player) is not int or (player != 0 and player != 1):
            check_player(player)
        other = 1 - player
        hands = self._hands
        mine = self._player == player
        known = self._took_mask[other] & hands[other]
        pile = self._pile
        return Observation.of_fields(
            player=player, phase=self._phase, current_player=self._player, dealer=self._dealer,
            hand=_as_hand(hand_cards(hands[player])),
            drawn=_DECK[self._drawn] if mine and self._drawn >= 0 else None,
            just_taken=_DECK[self._taken] if mine and self._taken >= 0 else None,
            top_discard=pile[-1] if pile else None, discard_pile=tuple(pile),
            opponent_took=tuple(self._took[other]),
            opponent_known=hand_cards(known) if known else (),
            opponent_discarded=tuple(self._discarded[other]),
            opponent_passed=tuple(self._passed[other]),
            opponent_hand_size=hands[other].bit_count(), stock_size=len(self._stock),
            knock_limit=self._knock_limit, multiplier=self._multiplier, scores=self._scores,
            knocker_spread=self.knock_spread if self._knocker >= 0 else None,
            result=self._result, rules=self._rules, names=self._names)
