"""The playout engine: imagined opponent hands, and the rest of a hand played out fast.

Every Monte-Carlo estimate in the package stands on this module: the judge
(:mod:`gin_teach.judge`), which values every choice of a decision for the coach, the puzzles
and the lessons, and the Expert (:mod:`gin_teach.bots.expert`), which weighs its close
choices with the judge's scorers. A **deal** imagines the opponent's hidden cards with the
Defender's :class:`~gin_teach.playouts.opponent.OpponentModel` (:func:`imagined_hand`) and shuffles
the rest into the stock; a **playout** (:func:`playout`) then plays the hand to its end for
both sides by one fast policy (take a face-up card that lowers the count, throw the highest
card leaving the least deadwood, knock as the Shaper does), and :func:`settle_masks`
scores a knock with lay-offs estimated. :func:`common_deals` is the one loop that scores a
decision's choices on the same deals, for the judge and the Expert alike.

>>> from gin_teach.core.cards import hand_mask
>>> pr = PlayoutRules.of(Rules(), 10)
>>> settle_masks(hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D 2H"),
...              hand_mask("KS KH QD QC JS JH TD TC 8S 7D"), pr)  # 95 - 2
93
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Final, NamedTuple

from gin_teach.core.cards import CARD_POINTS, JOKER_POINTS, NATURAL_BITS, cards_from_mask
from gin_teach.core.kernel import (
    best_discard_of_mask,
    best_throws,
    completes_meld,
    deadwood_of_mask,
    is_undercut,
    layoff_cards,
    loose_cards,
    may_knock,
    spread_layoffs,
)
from gin_teach.core.melds import best_arrangement
from gin_teach.core.rules import Rules
from gin_teach.core.solver import natural_best_discard, partitions_of_mask
from gin_teach.core.validation import (
    check_mask,
    check_mask_list,
    check_whole,
    checks,
    checks_masks,
    names_bad_arguments,
    unchecked,
    wrong_argument,
)
from gin_teach.errors import CardError
from gin_teach.playouts.opponent import OpponentModel, deadwood_after_layoffs
from gin_teach.playouts.table_view import TableView, bits_of

__all__ = [
    "IMAGINED_DRAWS",
    "LATE_DRAWS_BELOW",
    "MEMO_SIZE",
    "OPPONENT_GIN",
    "OPPONENT_KNOCKED",
    "OPPONENT_NOT_FIRST",
    "PLANS",
    "REDRAWS",
    "STYLES",
    "STYLE_KNOCKS",
    "Look",
    "PlayoutRules",
    "Scorer",
    "Turn",
    "common_deals",
    "discard_ending",
    "discard_result",
    "discard_score",
    "draw_score",
    "imagined_deal",
    "imagined_draws",
    "imagined_hand",
    "knock_limits",
    "playout",
    "playout_line",
    "playout_result",
    "settle_masks",
    "take_score",
    "throw",
]


#: How many extra draws an imagined hand keeps its best cards over, by the opponent's style
#: (:data:`STYLES`): while the stock is long, and once fewer than :data:`LATE_DRAWS_BELOW`
#: cards are left. Fitted by ``benchmarks/calibration.py`` so that the undercut chance the
#: judge states matches how often knocks are really undercut (see :func:`imagined_draws`).
IMAGINED_DRAWS: Final = {"judge": (6, 4), "simple": (4, 4), "random": (2, 2), "lowest": (2, 2),
                          "expert": (7, 5), "defender": (6, 5)}
LATE_DRAWS_BELOW: Final = 10


@checks(stock_size=check_whole)
def imagined_draws(stock_size: int, style: str = "judge") -> int:
    """How many extra draws an imagined opponent hand keeps its best cards over, with
    ``stock_size`` cards left in the stock (:meth:`OpponentModel.sample`'s ``improve``),
    for an opponent of ``style``: never more than the draws it has had.

    Fitted, not assumed: ``benchmarks/calibration.py`` plays the package's players and two
    outside throwers, and compares the judge's stated undercut chance at every knock
    decision with the real hand's. Players who wait for a low count (the Shaper, the
    Defender) hold hands as good as the best ten of sixteen cards from a few turns in;
    late, the hands still in play are those that have not knocked, a little weaker (the
    Defender's less so: it keeps the low cards that are safe to throw). The Expert, which
    plays through the judge, holds better ones (seventeen cards). Players who
    knock at once (Simple) hold weaker hands, and throwers of low or random cards weaker
    still.

    >>> [imagined_draws(stock) for stock in (31, 28, 19, 10, 3)]
    [0, 3, 6, 6, 4]
    >>> [imagined_draws(stock, "simple") for stock in (31, 19, 3)]
    [0, 4, 4]
    >>> [imagined_draws(stock, "expert") for stock in (31, 19, 3)]
    [0, 7, 5]
    """
    if style not in IMAGINED_DRAWS:
        raise wrong_argument("style", style, f"one of {', '.join(IMAGINED_DRAWS)}")
    long, short = IMAGINED_DRAWS[style]
    return min(max(31 - stock_size, 0), long if stock_size >= LATE_DRAWS_BELOW else short)


#: An imagined hand the opponent would already have knocked with is drawn again, at most
#: this many times (see :func:`imagined_hand`).
REDRAWS = 8


@names_bad_arguments
def imagined_hand(model: OpponentModel, rng: random.Random, view: TableView,
                  rules: PlayoutRules) -> int:
    """A hand the opponent might hold: :meth:`OpponentModel.sample` kept over
    :func:`imagined_draws`, and once it has discarded, not a hand it would have knocked
    with in its style (drawn again up to :data:`REDRAWS` times): the hands still in play
    late are those that have not knocked. ``benchmarks/calibration.py`` holds the undercut
    chance these hands give against real knocks.

    With four cards left in the stock, an opponent that has discarded and not knocked is
    not imagined holding 3 or less:

    >>> from gin_teach.core.cards import hand_mask
    >>> from gin_teach.core.cards import NATURAL_BITS
    >>> mine, threw = hand_mask("AS 2S 3S 4H 5H 6H 2C 3C 4C 9D KD"), hand_mask("QH")
    >>> view = TableView(hand=mine, unseen=NATURAL_BITS & ~mine & ~threw, pile=threw, top=threw,
    ...                  opponent_holds=0, opponent_took=0, opponent_passed=0,
    ...                  opponent_discarded=threw, opponent_unknown=10, stock_size=4,
    ...                  just_taken=0, knock_limit=10)
    >>> model, rng, rules = OpponentModel.of(view), random.Random(7), PlayoutRules.of(Rules(), 10)
    >>> min(deadwood_of_mask(imagined_hand(model, rng, view, rules)) for _ in range(100))
    4
    """
    jp, draws = view.joker_points, imagined_draws(view.stock_size, rules.style)
    hand, count = model.sample_counted(rng, draws, jp)
    if not view.opponent_discarded:
        return hand
    # A hand the opponent would have knocked with is one its style knocks with (see
    # :func:`knock_limits`).
    early, late = knock_limits(rules, rules.style)
    limit = early if view.stock_size > rules.late_stock else late
    for _ in range(REDRAWS):
        if not may_knock(count if count >= 0 else deadwood_of_mask(hand, jp), limit):
            break
        hand, count = model.sample_counted(rng, draws, jp)
    return hand


#: The styles of opponent a playout can imagine (:attr:`PlayoutRules.style`), each a way
#: real players throw and knock: ``"judge"`` throws the highest card leaving the least
#: deadwood and, late in the hand, knocks only with :attr:`PlayoutRules.late_knock` or less
#: (as the Shaper does); ``"simple"`` throws as the judge's does and knocks as soon as it may
#: (EAAI's Simple); ``"random"`` and ``"lowest"`` knock as soon as they may and otherwise throw
#: a loose card at random or the lowest one (the outside throwers of
#: :mod:`gin_teach.bots.throwers`); ``"expert"`` and ``"defender"`` play as the judge's own
#: but hold the hands the package's Expert and Defender hold (:data:`IMAGINED_DRAWS`): the
#: Expert's stronger throughout, the Defender's late, where it keeps low cards that are
#: safe to throw. Every style takes a face-up card only for a meld.
STYLES: Final = ("judge", "simple", "random", "lowest", "expert", "defender")
_JUDGE, _SIMPLE, _RANDOM, _LOWEST = range(4)
#: How each style throws: a loose card at random or the lowest one, or the judge's throw.
_THROWS: Final = {"judge": _JUDGE, "simple": _SIMPLE, "random": _RANDOM, "lowest": _LOWEST,
                  "expert": _JUDGE, "defender": _JUDGE}
#: The highest count each style knocks with while the stock is long and once it is short
#: (:attr:`PlayoutRules.late_stock`); ``None`` is the round's limit, ``"late"``
#: :attr:`PlayoutRules.late_knock`.
STYLE_KNOCKS: Final[dict[str, tuple[int | str | None, int | str | None]]] = {
    "judge": (None, "late"), "simple": (None, None),
    "random": (None, None), "lowest": (None, None), "expert": (None, "late"),
    "defender": (None, "late")}


def knock_limits(rules: PlayoutRules, style: str) -> tuple[int, int]:
    """The highest count an opponent of ``style`` knocks with while the stock is long and
    once it is short, under ``rules`` (:data:`STYLE_KNOCKS`).

    >>> knock_limits(PlayoutRules.of(Rules(), 10), "judge")  # late, only 3 or less
    (10, 3)
    >>> knock_limits(PlayoutRules.of(Rules(), 7), "simple")  # as soon as it may
    (7, 7)
    """
    if not isinstance(rules, PlayoutRules):
        raise wrong_argument("rules", rules, "a PlayoutRules")
    if not isinstance(style, str) or style not in STYLE_KNOCKS:
        raise wrong_argument("style", style, f"one of {', '.join(STYLES)}")

    def limit(wanted: int | str | None) -> int:
        if wanted is None:
            return rules.knock_limit
        return min(rules.late_knock if wanted == "late" else int(wanted), rules.knock_limit)

    early, late = STYLE_KNOCKS[style]
    return limit(early), limit(late)

#: The plans a player may play on with, in the playouts (:attr:`PlayoutRules.plan`):
#: ``"low"`` knocks with the limit while the stock is long and, once it is short
#: (:attr:`PlayoutRules.late_stock`), only with :attr:`PlayoutRules.late_knock` or less;
#: ``"next"`` knocks at the first chance the limit allows; ``"gin"`` plays for gin only.
PLANS: Final = ("low", "next", "gin")


@dataclass(frozen=True)
class PlayoutRules:
    """The numbers a playout needs: knock limit, bonuses, the dead-hand stock size, and the
    stock size under which both sides knock only with ``late_knock`` or less.

    >>> PlayoutRules.of(Rules(), 10).undercut_bonus
    25
    """

    knock_limit: int
    gin_bonus: int
    undercut_bonus: int
    undercut_on_tie: bool
    dead_hand_stock: int
    late_stock: int = 19
    late_knock: int = 3
    joker_points: int = JOKER_POINTS
    style: str = "judge"
    """How the imagined opponent throws and knocks (one of :data:`STYLES`)."""
    plan: str = "low"
    """When the player choosing knocks once it plays on (one of :data:`PLANS`)."""

    def __post_init__(self) -> None:
        if not isinstance(self.style, str) or self.style not in STYLES:
            raise wrong_argument("style", self.style, f"one of {', '.join(STYLES)}")
        if not isinstance(self.plan, str) or self.plan not in PLANS:
            raise wrong_argument("plan", self.plan, f"one of {', '.join(PLANS)}")

    @classmethod
    @names_bad_arguments
    def of(cls, rules: Rules, knock_limit: int | None = None, style: str = "judge"
           ) -> PlayoutRules:
        """The playout numbers of ``rules`` for a round whose knock limit is ``knock_limit``
        (``None``: the rules' own, :meth:`Rules.resolve_knock_limit`, so 0 under Straight Gin).

        >>> classic = PlayoutRules.of(Rules.classic(), 7)
        >>> classic.knock_limit, classic.gin_bonus
        (7, 20)
        >>> PlayoutRules.of(Rules(straight_gin=True)).knock_limit
        0
        """
        return cls(rules.resolve_knock_limit(knock_limit), rules.gin_bonus,
                   rules.undercut_bonus, rules.undercut_on_tie, rules.dead_hand_stock,
                   joker_points=rules.joker_points, style=style)


@checks_masks("knocker", "defender")
def settle_masks(knocker: int, defender: int, rules: PlayoutRules, layable: int | None = None
                 ) -> int:
    """The knocker's score (negative when undercut) for a knock of the ten ``knocker`` cards
    against the ``defender`` cards, lay-offs estimated (:func:`deadwood_after_layoffs`) on
    the knocker's first best spread, or on ``layable`` cards when the caller chose the spread.

    >>> from gin_teach.core.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> settle_masks(hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D 2H"),
    ...              hand_mask("KS KH QD QC JS JH TD TC 8S 7D"), pr)  # 95 - 2
    93
    """
    return _settle(knocker, deadwood_of_mask(knocker, rules.joker_points), defender, rules,
                   layable)


# Called at every playout's knock: past the argument checks (the playout's hands are masks).
_deadwood_after_layoffs = unchecked(deadwood_after_layoffs)


def _settle(knocker: int, count: int, defender: int, rules: PlayoutRules,
            layable: int | None, defender_count: int = -1) -> int:
    """:func:`settle_masks` when the knocker's ``count`` is known (a playout has it), and
    the defender's deadwood before lay-offs too when ``defender_count`` is not -1."""
    jp = rules.joker_points
    if count == 0:
        return rules.gin_bonus + (defender_count if defender_count >= 0
                                  else deadwood_of_mask(defender, jp))
    if layable is None:
        layable = _layable(knocker, count, jp)
    if defender_count >= 0 and not layable & defender:  # nothing to lay off
        theirs = defender_count
    else:
        theirs = _deadwood_after_layoffs(defender, layable, jp)
    if is_undercut(count, theirs, rules.undercut_on_tie):
        return -(rules.undercut_bonus + count - theirs)
    return theirs - count


#: The cards that could be laid off on a knocking hand's first best spread, by hand (see
#: :func:`_layable`), emptied past :data:`MEMO_SIZE`: finding the spread is a search, and the
#: same knocking hands come back on deal after deal (the judge's knock choices on every one).
_LAYABLE_MEMO: dict[int, int] = {}


def _layable(knocker: int, count: int, joker_points: int) -> int:
    """The lay-off cards (:func:`~gin_teach.playouts.opponent.layoff_cards`) of the first best
    spread of ``knocker``, whose deadwood is ``count``, remembered."""
    key = knocker | joker_points << 56
    found = _LAYABLE_MEMO.get(key)
    if found is None:
        found = spread_layoffs(knocker) if knocker <= NATURAL_BITS else None
        if found is None:
            if knocker <= NATURAL_BITS:
                melds = next(partitions_of_mask(knocker, count))[0]
            else:
                spread = best_arrangement(cards_from_mask(knocker), joker_points=joker_points)
                melds = [sum(c.bit for c in meld) for meld in spread.melds]
            found = layoff_cards(melds)
        if len(_LAYABLE_MEMO) >= MEMO_SIZE:
            _LAYABLE_MEMO.clear()
        _LAYABLE_MEMO[key] = found
    return found


@names_bad_arguments
def imagined_deal(model: OpponentModel, rng: random.Random, view: TableView,
                  rules: PlayoutRules) -> tuple[int, list[int]]:
    """One imagined deal of the cards ``view``'s player cannot see: the opponent's hand
    (:func:`imagined_hand`) and the rest shuffled into a stock (card bits, the top last).

    >>> from gin_teach import Round
    >>> view = TableView.from_observation(Round(seed=3).observation(0))
    >>> theirs, stock = imagined_deal(OpponentModel.of(view), random.Random(1), view,
    ...                               PlayoutRules.of(Rules()))
    >>> theirs.bit_count(), len(stock) == view.unseen.bit_count() - 10
    (10, True)
    """
    theirs = imagined_hand(model, rng, view, rules)
    stock = bits_of(view.unseen & ~theirs)
    rng.shuffle(stock)
    # Where no pile is named, the unseen cards beyond the stock's size are in a pile nobody
    # tracks: dead, so the hand ends when the stock it was said to hold runs out.
    del stock[:max(len(stock) - view.stock_size, 0)]
    return theirs, stock


#: Solved 11-card masks (see :func:`_best_discard`), emptied when it grows past
#: :data:`MEMO_SIZE` (a few megabytes; one decision fills a few thousand): the choices
#: weighed on one imagined deal share most of the opponent's turns, so about two solver
#: calls in five are repeats.
_DISCARD_MEMO: dict[int, tuple[int, int]] = {}
MEMO_SIZE = 1 << 15


#: The deadwood of hands a playout starts from (see :func:`_count`), emptied past
#: :data:`MEMO_SIZE`.
_COUNT_MEMO: dict[int, int] = {}


def _count(mask: int, joker_points: int) -> int:
    """:func:`~gin_teach.core.kernel.deadwood_of_mask`, remembered: on one imagined deal every
    choice's playout starts from the same opponent hand, and one choice's hand is the same
    on every deal."""
    key = mask | joker_points << 56
    found = _COUNT_MEMO.get(key)
    if found is None:
        if len(_COUNT_MEMO) >= MEMO_SIZE:
            _COUNT_MEMO.clear()
        found = _COUNT_MEMO[key] = deadwood_of_mask(mask, joker_points)
    return found


def _best_discard(mask: int, joker_points: int) -> tuple[int, int]:
    """:func:`~gin_teach.core.kernel.best_discard_of_mask`, remembered (see :data:`MEMO_SIZE`)."""
    key = mask | joker_points << 56
    return _DISCARD_MEMO.get(key) or _solve(mask, key, joker_points)


def _solve(mask: int, key: int, joker_points: int) -> tuple[int, int]:
    """:func:`_best_discard` of a hand not remembered, whose memo key is ``key``."""
    if len(_DISCARD_MEMO) >= MEMO_SIZE:
        _DISCARD_MEMO.clear()
    found = _DISCARD_MEMO[key] = (natural_best_discard(mask) if mask <= NATURAL_BITS
                                  else best_discard_of_mask(mask, joker_points))
    return found


#: The ten-point cards (tens and faces) of every suit.
_TENS: Final = sum(1 << index for index in range(52) if CARD_POINTS[index] == 10)


def _loose_ten(hand: int, drawn: int, count: int) -> tuple[int, int] | None:
    """:func:`throw`'s answer for the natural ``hand`` just after drawing ``drawn`` into a
    hand whose deadwood was ``count``, found without a solve, or None when it needs one: the
    shortcut the playout loop writes out.

    A card that makes no meld of three with two others is deadwood in every arrangement: the
    drawn card, so the count with it is ``count`` plus its points; and the last ten-point
    card, so throwing it saves ten points, more than any other card could save (a throw
    saves at most the card's own points), and of the cards that save as much (ten-point
    cards all) the policy throws the last.

    >>> from gin_teach.core.cards import Card, hand_mask
    >>> hand = hand_mask("AS 2S 3S 7H 7D 7C 4C 5C 9D KD")  # 4 + 5 + 9 + 10 = 28 loose
    >>> queen, six = Card.parse("QH").bit, Card.parse("6C").bit
    >>> value, card = _loose_ten(hand | queen, queen, 28)
    >>> value, str(Card.from_index(card.bit_length() - 1))  # K♦ goes, the Q♥ stays loose
    (28, 'K♦')
    >>> throw(hand | queen, 0, JOKER_POINTS) == (value, card)
    True
    >>> _loose_ten(hand | six, six, 28) is None  # the 6♣ makes a run: solved
    True
    """
    tens = hand & _TENS
    if not tens or hand > NATURAL_BITS or completes_meld(hand ^ drawn, drawn.bit_length() - 1):
        return None
    last = 1 << (tens.bit_length() - 1)
    if last != drawn and completes_meld(hand ^ last, last.bit_length() - 1):
        return None
    return count + CARD_POINTS[drawn.bit_length() - 1] - 10, last


@checks(hand=check_mask, taken=check_mask, joker_points=check_whole)
def throw(hand: int, taken: int, joker_points: int) -> tuple[int, int]:
    """The playout policy's discard from ``hand``: the card leaving the least deadwood (the
    higher among equals), never ``taken``; returns (deadwood left, card bit).

    >>> from gin_teach.core.cards import Card, hand_mask
    >>> value, bit = throw(hand_mask("7S 7H 7D AS 2S 3S KS 9H 8C 2C 3D"), 0, JOKER_POINTS)
    >>> value, str(Card.from_index(bit.bit_length() - 1))
    (22, 'K♠')
    """
    return _throw_of(_best_discard(hand, joker_points), hand, taken, joker_points)


def _throw_of(solved: tuple[int, int], hand: int, taken: int,
              joker_points: int) -> tuple[int, int]:
    """:func:`throw` from ``hand``'s solved best discards (:func:`_best_discard`)."""
    value, bits = solved
    allowed = bits & ~taken
    if allowed and not allowed & (allowed - 1):  # one best card
        return value, allowed
    if not allowed:  # the policy's pinned choice: the first card of the least deadwood
        if not hand & ~taken:
            raise CardError("throw: hand holds no card to throw but the one taken")
        return min((deadwood_of_mask(hand ^ b, joker_points), b) for b in bits_of(hand & ~taken))
    value, bits = best_throws(hand, hand & ~taken, joker_points, (value, bits))
    return value, 1 << (bits.bit_length() - 1)  # the last of equal cards


# A playout's own turns call these past their argument checks, which would cost the judge
# several percent there: the public entries below check a playout's arguments once.
_throw, _settle_masks = unchecked(throw), unchecked(settle_masks)




def _loose_throw(hand: int, taken: int, style: int, joker_points: int) -> tuple[int, int]:
    """The throw of a ``"random"`` or ``"lowest"`` opponent that does not knock: a loose card
    of ``hand`` (never ``taken``), at random or the lowest, and the deadwood it leaves. The
    random pick is a hash of the hand, so a deal plays the same every time."""
    loose = loose_cards(hand) & ~taken or hand & ~taken
    bits = bits_of(loose)
    if style == _LOWEST:
        card = min(bits, key=lambda b: (CARD_POINTS[b.bit_length() - 1], b))
    else:
        card = bits[((hand * 0x9E3779B97F4A7C15) >> 29) % len(bits)]
    return _count(hand ^ card, joker_points), card


#: Each side's early and late knock limits and styles (see :func:`_seats`).
_Seats = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]


def _seats(rules: PlayoutRules, opponent: int) -> _Seats:
    """Each side's knock limit while the stock is long and once it is short (the late
    stock), and each side's style: the player ``opponent`` plays ``rules.style``, the other
    the judge's own style by ``rules.plan``. Worked out once for each rules and seat (a
    judgement plays hundreds of thousands of playouts with a few rules); read, never
    changed."""
    found = _SEATS_MEMO.get((rules, opponent))
    if found is None:
        if len(_SEATS_MEMO) >= MEMO_SIZE:
            _SEATS_MEMO.clear()
        found = _SEATS_MEMO[rules, opponent] = _seats_of(rules, opponent)
    return found


#: :func:`_seats` by rules and seat, emptied past :data:`MEMO_SIZE`.
_SEATS_MEMO: dict[tuple[PlayoutRules, int], _Seats] = {}


def _seats_of(rules: PlayoutRules, opponent: int) -> _Seats:
    """:func:`_seats`, worked out."""
    early_limits = [rules.knock_limit] * 2
    late_limits = [min(rules.late_knock, rules.knock_limit)] * 2
    us = 1 - opponent
    if rules.plan == "next":
        late_limits[us] = rules.knock_limit
    elif rules.plan == "gin":
        early_limits[us] = late_limits[us] = 0
    styles = [_JUDGE, _JUDGE]
    styles[opponent] = _THROWS[rules.style]
    early_limits[opponent], late_limits[opponent] = knock_limits(rules, rules.style)
    return ((early_limits[0], early_limits[1]), (late_limits[0], late_limits[1]),
            (styles[0], styles[1]))


@checks(hands=partial(check_mask_list, length=2), stock=check_mask_list, top=check_mask,
        mover=partial(check_whole, high=1), opponent=partial(check_whole, high=1))
def playout_result(hands: list[int], stock: list[int], top: int, mover: int,
                   rules: PlayoutRules, opponent: int = 1) -> tuple[int, int]:
    """Play a hand to its end from ``mover``'s draw and return player 0's score (negative
    when player 1 scores; 0 for a dead hand) and the player who went down (knocked or went
    gin; -1 for a dead hand). ``hands`` are masks (changed in place), ``stock`` card bits
    with the top last (popped as drawn), ``top`` the face-up card's bit. Both sides take a
    face-up card only when it completes a meld and lowers the count; player ``opponent``
    throws and knocks in ``rules.style`` (:data:`STYLES`); the other, the player choosing,
    throws in the judge's own style and knocks by ``rules.plan`` (:data:`PLANS`).

    >>> from gin_teach.core.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> hands = [hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC"),
    ...          hand_mask("KS KH QD QC JS JH TD TC 8S 7D")]
    >>> stock = [hand_mask(card) for card in ("5D", "7C", "6D", "2H")]  # the top last
    >>> playout_result(hands, stock, top=0, mover=0, rules=pr)  # draws 2♥, knocks: 95 - 2
    (93, 0)
    """
    jp = rules.joker_points
    dead_stock, late_stock = rules.dead_hand_stock, rules.late_stock
    early_limits, late_limits, styles = _seats(rules, opponent)
    # The solver's memory is read here directly (the loop's hot path): a hit costs one
    # dictionary look-up, not a call.
    memo, key_bits = _DISCARD_MEMO, jp << 56
    # Each side's deadwood now, known after its first throw (-1 until then).
    counts = [-1, -1]
    while True:
        hand = hands[mover]
        solved = None
        if top:
            count = counts[mover]
            if count < 0:
                count = counts[mover] = _count(hand, jp)
            # Only a card that joins a meld is taken: no opponent the playouts stand for
            # takes a loose card to throw a higher one (EAAI's Simple takes only for a meld).
            if (hand | top) > NATURAL_BITS or completes_meld(hand, top.bit_length() - 1):
                key = hand | top | key_bits
                solved = memo.get(key) or _solve(hand | top, key, jp)
                if solved[0] < count:
                    hand |= top
                else:
                    solved = None
        if solved is None:
            if len(stock) <= dead_stock:
                return 0, -1
            drawn = stock.pop()
            hand |= drawn
            key = hand | key_bits
            solved = memo.get(key)
            if solved is None:
                # Not remembered: a loose draw beside a loose ten-point card needs no solve
                # (about one solve in three).
                count = counts[mover]
                solved = (count >= 0 and _loose_ten(hand, drawn, count)) \
                    or _solve(hand, key, jp)
            top = 0
        limit = early_limits[mover] if len(stock) > late_stock else late_limits[mover]
        # ``value <= limit`` below is may_knock written out: this loop runs a few million
        # times a judgement, and a checked call there would cost more than the comparison.
        # The policy's throw (:func:`throw`), its usual case of one best card written out.
        value, card = solved
        if styles[mover] >= _RANDOM and value > limit:
            value, card = _loose_throw(hand, top, styles[mover], jp)
        else:
            card &= ~top
            if not card or card & (card - 1):
                value, card = _throw_of(solved, hand, top, jp)
        hand ^= card
        hands[mover] = hand
        counts[mover] = value
        if value <= limit:
            score = _settle(hand, value, hands[1 - mover], rules, None, counts[1 - mover])
            return (score if mover == 0 else -score), mover
        if len(stock) <= dead_stock:
            return 0, -1
        top = card
        mover ^= 1


class Turn(NamedTuple):
    """One turn of a traced playout (:func:`playout_line`), as card bits: the ``player``
    (0 or 1), the face-up card it ``took`` or the stock card it ``drew`` (the other 0), the
    card it ``threw``, the ``deadwood`` it kept and whether it went down with it
    (``knocked``: a knock, or gin when the deadwood is 0).

    >>> from gin_teach.core.cards import hand_mask
    >>> Turn(1, hand_mask("8H"), 0, hand_mask("KC"), 12, False).knocked
    False
    """

    player: int
    took: int
    drew: int
    threw: int
    deadwood: int
    knocked: bool


@checks(hands=partial(check_mask_list, length=2), stock=check_mask_list, top=check_mask,
        mover=partial(check_whole, high=1), opponent=partial(check_whole, high=1))
def playout_line(hands: list[int], stock: list[int], top: int, mover: int,
                 rules: PlayoutRules, opponent: int = 1
                 ) -> tuple[int, int, tuple[Turn, ...]]:
    """:func:`playout_result` with its turns recorded: the score, the player who went down
    (-1 for a dead hand) and every :class:`Turn`, so a learner can be shown one imagined
    deal played out (:mod:`gin_teach.refutation`). The same policy, turn for turn (the
    tests hold the two together on many deals); slower, since it is played once, not
    thousands of times. ``hands`` and ``stock`` are changed as :func:`playout_result`
    changes them.

    >>> from gin_teach.core.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> hands = [hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC"),
    ...          hand_mask("KS KH QD QC JS JH TD TC 8S 7D")]
    >>> stock = [hand_mask(card) for card in ("5D", "7C", "6D", "2H")]  # the top last
    >>> score, down, turns = playout_line(hands, stock, top=0, mover=0, rules=pr)
    >>> score, down, [(t.player, t.drew == hand_mask("2H"), t.knocked) for t in turns]
    (93, 0, [(0, True, True)])
    """
    jp = rules.joker_points
    dead_stock, late_stock = rules.dead_hand_stock, rules.late_stock
    early_limits, late_limits, styles = _seats(rules, opponent)
    counts = [-1, -1]
    turns: list[Turn] = []
    while True:
        hand = hands[mover]
        solved = None
        took = drew = 0
        if top:
            count = counts[mover]
            if count < 0:
                count = counts[mover] = _count(hand, jp)
            if (hand | top) > NATURAL_BITS or completes_meld(hand, top.bit_length() - 1):
                solved = _best_discard(hand | top, jp)
                if solved[0] < count:
                    hand |= top
                    took = top
                else:
                    solved = None
        if solved is None:
            if len(stock) <= dead_stock:
                return 0, -1, tuple(turns)
            drew = stock.pop()
            hand |= drew
            solved = _best_discard(hand, jp)
            top = 0
        limit = early_limits[mover] if len(stock) > late_stock else late_limits[mover]
        # may_knock written out, as in _playout (this loop is _playout's, traced).
        value, card = solved
        if styles[mover] >= _RANDOM and value > limit:
            value, card = _loose_throw(hand, top, styles[mover], jp)
        else:
            card &= ~top
            if not card or card & (card - 1):
                value, card = _throw_of(solved, hand, top, jp)
        hand ^= card
        hands[mover] = hand
        counts[mover] = value
        down = value <= limit
        turns.append(Turn(mover, took, drew, card, value, down))
        if down:
            score = _settle(hand, value, hands[1 - mover], rules, None, counts[1 - mover])
            return (score if mover == 0 else -score), mover, tuple(turns)
        if len(stock) <= dead_stock:
            return 0, -1, tuple(turns)
        top = card
        mover ^= 1


@checks(hands=partial(check_mask_list, length=2), stock=check_mask_list, top=check_mask,
        mover=partial(check_whole, high=1))
def playout(hands: list[int], stock: list[int], top: int, mover: int,
            rules: PlayoutRules) -> int:
    """:func:`playout_result`'s score alone, player 1 the opponent.

    >>> from gin_teach.core.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> hands = [hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC"),
    ...          hand_mask("KS KH QD QC JS JH TD TC 8S 7D")]
    >>> stock = [hand_mask(card) for card in ("5D", "7C", "6D", "2H")]  # the top last
    >>> playout(hands, stock, top=0, mover=0, rules=pr)  # draws 2♥, knocks: 95 - 2
    93
    """
    return _playout(hands, stock, top, mover, rules, 1)[0]


def _playout(hands: list[int], stock: list[int], top: int, mover: int,
             rules: PlayoutRules, opponent: int) -> tuple[int, int]:
    """:func:`playout_result` past its argument checks, looked up at each call (a test may
    watch the engine's playout by replacing it)."""
    engine: Callable[..., tuple[int, int]] = getattr(playout_result, "__wrapped__",
                                                     playout_result)
    return engine(hands, stock, top, mover, rules, opponent)


# The value of one choice on one imagined deal, in points for the player choosing (negative
# when the opponent scores). The judge and the Expert score every choice with these.


@checks(hand=check_mask, card=check_mask, theirs=check_mask, stock=check_mask_list)
def discard_result(hand: int, card: int, theirs: int, stock: list[int],
                   rules: PlayoutRules) -> tuple[int, bool]:
    """Throw ``card`` from the 11-card ``hand`` and play on: the opponent (``theirs``) moves
    next, offered the card. Returns the points and whether the opponent went down first.

    >>> from gin_teach.core.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> mine = hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC 2H")
    >>> theirs = hand_mask("KS KH QD QC JS JH TD TC 8S 7D")
    >>> discard_result(mine, hand_mask("KC"), theirs, [hand_mask("7C"), hand_mask("5D")], pr)
    (0, False)
    """
    score, down = _playout([theirs, hand ^ card], list(stock), card, 0, rules, 0)
    return -score, down == 0


#: How a hand played on after a discard ended for the opponent (:func:`discard_ending`).
OPPONENT_NOT_FIRST, OPPONENT_KNOCKED, OPPONENT_GIN = 0, 1, 2


@checks(hand=check_mask, card=check_mask, theirs=check_mask, stock=check_mask_list)
def discard_ending(hand: int, card: int, theirs: int, stock: list[int],
                   rules: PlayoutRules) -> tuple[int, int]:
    """:func:`discard_result` with how the opponent ended the hand: the points and
    :data:`OPPONENT_GIN` when it went down with gin, :data:`OPPONENT_KNOCKED` when it
    knocked first, else :data:`OPPONENT_NOT_FIRST`. The judge counts the gins apart: where
    two discards leave the same count and outs, the one that lets the opponent go gin more
    often is often what its loss is made of (a gin costs the gin bonus and every point of
    deadwood, with no lay-offs).

    >>> from gin_teach.core.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> mine = hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC 2H")
    >>> theirs = hand_mask("KS KH KD QC QD QH JS JH JD 8S")  # gin with any jack, queen or king
    >>> discard_ending(mine, hand_mask("2H"), theirs, [hand_mask("5D")] * 4 + [hand_mask("JC")],
    ...                pr)
    (-35, 2)
    """
    hands = [theirs, hand ^ card]
    score, down = _playout(hands, list(stock), card, 0, rules, 0)
    if down != 0:
        return -score, OPPONENT_NOT_FIRST
    # The playout leaves each side's last hand in ``hands``: the opponent's, spread.
    gin = _count(hands[0], rules.joker_points) == 0
    return -score, OPPONENT_GIN if gin else OPPONENT_KNOCKED


@checks(hand=check_mask, card=check_mask, theirs=check_mask, stock=check_mask_list)
def discard_score(hand: int, card: int, theirs: int, stock: list[int],
                  rules: PlayoutRules) -> int:
    """:func:`discard_result`'s points alone: the judge's fast path, where only the score
    counts. Here the opponent, dealt ten high cards, is caught by a knock.

    >>> from gin_teach.core.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> mine = hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC 2H")
    >>> theirs = hand_mask("KS KH QD QC JS JH TD TC 8S 7D")
    >>> discard_score(mine, hand_mask("KC"), theirs, [hand_mask("5D")] * 20, pr)
    63
    """
    return -_playout([theirs, hand ^ card], list(stock), card, 0, rules, 0)[0]


@checks(hand=check_mask, top=check_mask, theirs=check_mask, stock=check_mask_list)
def take_score(hand: int, top: int, theirs: int, stock: list[int], rules: PlayoutRules,
               knock: bool | None = None) -> int:
    """Take the face-up ``top`` into the 10-card ``hand``, throw as the policy does
    (:func:`throw`), and knock (``knock`` True, or None: when the policy would) or play on.

    >>> from gin_teach.core.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> take_score(hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC"), hand_mask("2H"),
    ...            hand_mask("KS KH QD QC JS JH TD TC 8S 7D"), [hand_mask("5D")] * 20, pr)
    93
    """
    value, card = _throw(hand | top, top, rules.joker_points)
    kept = (hand | top) ^ card
    if knock is None:
        limit = rules.knock_limit if len(stock) > rules.late_stock \
            else min(rules.late_knock, rules.knock_limit)
        knock = may_knock(value, limit)
    if knock and may_knock(value, rules.knock_limit):
        return _settle_masks(kept, theirs, rules)
    return -_playout([theirs, kept], list(stock), card, 0, rules, 0)[0]


@checks(hand=check_mask, theirs=check_mask, stock=check_mask_list)
def draw_score(hand: int, theirs: int, stock: list[int], rules: PlayoutRules) -> int:
    """Leave the face-up card and draw from the stock (a pass of the first upcard is scored
    the same way: the card is not yours, and a blind card comes next).

    >>> from gin_teach.core.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> draw_score(hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC"),
    ...            hand_mask("KS KH QD QC JS JH TD TC 8S 7D"), [hand_mask("2H")] * 5, pr)
    93
    """
    return _playout([hand, theirs], list(stock), 0, 0, rules, 1)[0]


#: One choice's points on one imagined deal: (the opponent's hand, the stock with the top
#: last) to points for the player choosing, like the scorers above.
Scorer = Callable[[int, list[int]], int]
#: When to look again (see :func:`common_deals`): (every choice's points so far, the choices
#: just scored) to (the choices to score further, how many more deals).
Look = Callable[[list[list[int]], list[int]], tuple[list[int], int]]


@names_bad_arguments
def common_deals(view: TableView, rules: PlayoutRules, rng: random.Random,
                 scorers: Sequence[Scorer], deals: int, look: Look) -> list[list[int]]:
    """Every one of ``scorers``' points on common imagined deals (:func:`imagined_deal`,
    from ``view``'s opponent model and ``rng``): all of them on ``deals`` deals, then
    ``look`` says which to go on with and on how many more deals (0: only the deals a choice
    brought back missed), until it names none. The *same* deals for every choice, so their
    differences measure the choices and not the luck of the deals. The judge
    (:mod:`gin_teach.judge`) and the Expert (:mod:`gin_teach.bots.expert`) measure with
    this loop, each with its own ``look``.

    >>> from gin_teach import Round
    >>> view = TableView.from_observation(Round(seed=3).observation(0))
    >>> pr = PlayoutRules.of(Rules())
    >>> scorers = [lambda theirs, stock: draw_score(view.hand, theirs, stock, pr),
    ...            lambda theirs, stock: take_score(view.hand, view.top, theirs, stock, pr)]
    >>> def look(points, active):  # the second choice drops out after 4 deals; 2 more for the first
    ...     return ([0], 2) if len(active) == 2 else ([], 0)
    >>> [len(p) for p in common_deals(view, pr, random.Random(1), scorers, 4, look)]
    [6, 4]
    >>> def back(points, active):  # the second drops out, and comes back after 2 more deals
    ...     return {(4, 2): ([0], 2), (6, 1): ([0, 1], 2)}.get((len(points[0]), len(active)),
    ...                                                     ([], 0))
    >>> [len(p) for p in common_deals(view, pr, random.Random(1), scorers, 4, back)]
    [8, 8]
    """
    check_whole(deals, "deals")
    if isinstance(scorers, (str, bytes)) or not all(callable(s) for s in scorers):
        raise wrong_argument("scorers", scorers, "a sequence of scoring functions")
    if not callable(look):
        raise wrong_argument("look", look, "a function of the points and the active choices")
    model = OpponentModel.of(view)
    dealt: list[tuple[int, list[int]]] = []
    points: list[list[int]] = [[] for _ in scorers]
    active = list(range(len(scorers)))
    while active:
        for _ in range(deals):
            dealt.append(imagined_deal(model, rng, view, rules))
        # A choice that ``look`` brings back after leaving it out is first scored on the
        # deals it missed, so every choice's points stay on the same deals.
        for index in active:
            scorer, scored = scorers[index], points[index]
            for theirs, stock in dealt[len(scored):]:
                scored.append(scorer(theirs, stock))
        active, deals = look(points, active)
    return points
