"""The Shaper: a player that builds its hand by looking one draw ahead.

Its three decisions, each from the cards it can see (see
:class:`~gin_teach.playouts.table_view.TableView`):

- **Discard** the card that leaves the lowest *expected deadwood after the next draw*: for
  every unseen card, the deadwood after drawing it and throwing the best card back, averaged
  (:func:`expected_deadwood`). This keeps pairs and run pieces with live outs, and sheds
  cards whose partners are dead, which the plain lowest-deadwood rule cannot see.
- **Take** the face-up card when keeping it leaves less deadwood than a blind draw is
  expected to, or when it completes a meld and lowers the count.
- **Knock** as soon as it may while the stock is long, but late in the hand only with a low
  count (``knock_late``), where an undercut is likelier; gin always.

>>> from gin_teach import SimpleBot, play_games
>>> stats = play_games(ShaperBot(), SimpleBot(seed=1), n=2, seed=3)
>>> stats.games
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gin_teach.bots.basic import SeededBot
from gin_teach.core.cards import CARD_POINTS, JOKER_POINTS, Card
from gin_teach.core.kernel import best_discard_of_mask, deadwood_of_mask, may_knock
from gin_teach.core.validation import checks_masks
from gin_teach.engine.actions import Action, BigGin, DrawStock, LayOff, PassUpcard, TakeDiscard
from gin_teach.engine.records import Observation
from gin_teach.errors import CardError
from gin_teach.playouts.table_view import (
    TableView,
    bits_of,
    completes_meld,
    discard_or_knock,
    first_of,
)

__all__ = ["ShaperBot", "WeighedDiscard", "discard_options_of_mask", "expected_deadwood"]

#: Discards leaving this much more deadwood than the best are not weighed further: one draw
#: never wins back more than a picture card.
CANDIDATE_MARGIN = 10


@checks_masks("hand", "unseen")
def expected_deadwood(hand: int, unseen: int, joker_points: int = JOKER_POINTS) -> float:
    """The mean, over the ``unseen`` cards, of the deadwood after drawing that card and
    discarding the best card: what a 10-card ``hand`` expects after its next stock draw (a
    joker left out of melds counts ``joker_points``).

    >>> from gin_teach.core.cards import hand_mask
    >>> hand = hand_mask("7S 7H 8C 9C 2D 3D KS QH JD 5C")  # no meld: 71
    >>> expected_deadwood(hand, hand_mask("7D TC"))  # (71 + 7 - 21 - 10 + 71 + 10 - 27 - 10) / 2
    45.5
    """
    total = count = 0
    rest = unseen
    while rest:
        low = rest & -rest
        rest ^= low
        total += best_discard_of_mask(hand | low, joker_points)[0]
        count += 1
    return total / count if count else float(deadwood_of_mask(hand, joker_points))


@dataclass(frozen=True)
class WeighedDiscard:
    """One discard weighed: the card's bit, the deadwood left, and the expected deadwood
    after the next draw (``None`` when the deadwood alone ruled it out).

    >>> WeighedDiscard(1, 12, 9.5).card.code
    'AS'
    """

    bit: int
    deadwood: int
    expected: float | None

    @property
    def card(self) -> Card:
        """The card."""
        return Card.from_index(self.bit.bit_length() - 1)


@checks_masks("hand", "allowed", "unseen")
def discard_options_of_mask(hand: int, allowed: int, unseen: int,
                            joker_points: int = JOKER_POINTS) -> list[WeighedDiscard]:
    """Every discard of ``allowed`` cards from the 11-card ``hand``, weighed against the
    ``unseen`` cards, best first (lowest expected deadwood, then lowest deadwood, then the
    higher card thrown); a joker left out of melds counts ``joker_points``.

    >>> from gin_teach.core.cards import hand_mask
    >>> from gin_teach.core.cards import NATURAL_BITS
    >>> hand = hand_mask("7S 7H 7D 9C TC JC 3H 4H 5H KD 2S")
    >>> best = discard_options_of_mask(hand, hand, NATURAL_BITS & ~hand)[0]
    >>> best.card.code, best.deadwood
    ('KD', 2)
    """
    counted = [(bit, deadwood_of_mask(hand ^ bit, joker_points))
               for bit in bits_of(allowed & hand)]
    if not counted:
        raise CardError(f"no card of the hand may be discarded: allowed holds "
                        f"{allowed.bit_count()} cards, none of them in the hand")
    least = min(value for _, value in counted)
    options = [WeighedDiscard(bit, value, expected_deadwood(hand ^ bit, unseen, joker_points)
                             if value <= least + CANDIDATE_MARGIN else None)
               for bit, value in counted]
    options.sort(key=_option_order)
    return options


def _option_order(option: WeighedDiscard) -> tuple[float, int, int]:
    expected = option.expected if option.expected is not None else float("inf")
    return expected, option.deadwood, -CARD_POINTS[option.bit.bit_length() - 1]


class ShaperBot(SeededBot):
    """Plays the offence: lowest expected deadwood after the next draw, upcards that beat a
    blind draw, early knocks, and patience late in the hand (see the module).

    ``knock_early`` is the highest count it knocks with while more than ``late_stock`` cards
    are left in the stock, ``knock_late`` the highest after (0: gin only); ``take_margin``
    is how much better than a blind draw a face-up card must be to be taken (lower: takes
    more). It plays the same moves whatever its ``seed``.

    >>> from gin_teach import Round
    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
    ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="6H", dealer=1)
    >>> str(ShaperBot().choose(rnd.observation(0), rnd.legal_actions()))  # 3-6♥, then knock
    'take'
    """

    description = "Shaper: keeps the cards with the most live outs, knocks early, waits late"

    def __init__(self, seed: int | None = None, *, knock_early: int = 10, knock_late: int = 3,
                 late_stock: int = 19, take_margin: float = 0.5) -> None:
        super().__init__(seed)
        self.knock_early = knock_early
        self.knock_late = knock_late
        self.late_stock = late_stock
        self.take_margin = take_margin

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The Shaper's move (see the class).

        >>> from gin_teach import Round
        >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
        ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="QS", dealer=1)
        >>> str(ShaperBot().choose(rnd.observation(0), rnd.legal_actions()))  # Q♠ helps not
        'pass'
        """
        phase = observation.phase
        if phase == "layoff":
            return first_of(legal_actions, LayOff) or legal_actions[0]
        view = TableView.from_observation(observation)
        if phase == "discard":
            return first_of(legal_actions, BigGin) or self.discard(view, legal_actions)
        take = first_of(legal_actions, TakeDiscard)
        # A card the opponent took from the pile and threw back is never taken again: two
        # players who keep taking each other's discards would never reach the end of the stock.
        if take is not None and view.top and not view.top & view.opponent_took \
                and self.wants_top(view):
            return take
        return (first_of(legal_actions, DrawStock) or first_of(legal_actions, PassUpcard)
                or legal_actions[0])

    # The three decisions, each a method a stronger player refines.

    def wants_top(self, view: TableView) -> bool:
        """Whether to take the face-up card ``view.top`` rather than draw blind.

        >>> from gin_teach import Round
        >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
        ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="6H", dealer=1)
        >>> ShaperBot().wants_top(TableView.from_observation(rnd.observation(0)))  # 3-6♥
        True
        """
        hand, top = view.hand, view.top
        now = deadwood_of_mask(hand, view.joker_points)
        kept = min(deadwood_of_mask(hand ^ bit | top, view.joker_points) for bit in bits_of(hand))
        if kept >= now:
            return False
        if completes_meld(hand, top):
            return True
        return kept <= expected_deadwood(hand, view.unseen, view.joker_points) - self.take_margin

    def knock_limit_now(self, view: TableView) -> int:
        """The highest count this player knocks with now (never above the round's limit).

        >>> from gin_teach import Round
        >>> ShaperBot().knock_limit_now(TableView.from_observation(Round(seed=1).observation(0)))
        10
        """
        wanted = self.knock_early if view.stock_size > self.late_stock else self.knock_late
        return min(wanted, view.knock_limit)

    def options(self, view: TableView) -> list[WeighedDiscard]:
        """Every legal discard weighed, best first (:func:`discard_options_of_mask`).

        >>> from gin_teach import Round
        >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
        ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="6H", dealer=1)
        >>> rnd.apply("take")
        >>> best = ShaperBot().options(TableView.from_observation(rnd.observation(0)))[0]
        >>> str(best.card), best.deadwood  # never the 6♥ just taken
        ('K♦', 0)
        """
        return discard_options_of_mask(view.hand, view.hand & ~view.just_taken, view.unseen,
                                       view.joker_points)

    def discard(self, view: TableView, legal_actions: Sequence[Action]) -> Action:
        """Knock (or go gin) with the lowest count when the count allows, else the best
        discard by :meth:`options`.

        >>> from gin_teach import Round
        >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
        ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="8D", dealer=1)
        >>> rnd.apply("take")
        >>> view = TableView.from_observation(rnd.observation(0))
        >>> str(ShaperBot().discard(view, rnd.legal_actions()))
        'knock KD'
        """
        options = self.options(view)
        lowest = min(options, key=lambda o: (o.deadwood, _option_order(o)))
        if lowest.deadwood == 0 or may_knock(lowest.deadwood, self.knock_limit_now(view)):
            return self.knock(view, lowest.bit, legal_actions)
        return discard_or_knock(legal_actions, options[0].bit, knock=False)

    def knock(self, view: TableView, card_bit: int, legal_actions: Sequence[Action]) -> Action:
        """The knock that throws ``card_bit`` (the engine spreads the melds).

        >>> from gin_teach import Round
        >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
        ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="6H", dealer=1)
        >>> rnd.apply("take")
        >>> view = TableView.from_observation(rnd.observation(0))
        >>> ShaperBot().knock(view, view.hand & -view.hand, rnd.legal_actions())  # 7♠: 17 left
        Traceback (most recent call last):
        ...
        AssertionError: 7♠ is not a legal knock
        """
        return discard_or_knock(legal_actions, card_bit, knock=True)

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(knock_early={self.knock_early}, "
                f"knock_late={self.knock_late}, late_stock={self.late_stock}, "
                f"take_margin={self.take_margin})")
