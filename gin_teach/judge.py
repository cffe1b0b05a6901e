"""The judge: what every choice of a decision is worth, how much each loses, and how sure that is.

Every strategy verdict a learner reads comes from here: the puzzle trainer's grades and the
bank's answers, the coach's hint and its review, and the lessons' strategy checkers. A
decision is either the **draw** (take the face-up card, or draw from the stock / pass) or the
**discard** (each legal card, and for a card that leaves a count the knock limit allows, the
knock with it too).

Each choice is scored on imagined deals of the cards the player cannot see (the opponent's
hand from what it took, threw and passed, and the stock; see :mod:`gin_teach.playouts.playout`), the
*same* deals for every choice, so the differences measure the choices and not the luck of the
deals. Every choice gets :attr:`Precision.first` deals; the choices whose grade is still in
doubt (near the best, or near a grade boundary) get more, in batches, until their standard
error is small or the budget is spent. So every choice has an honest cost with its error,
and a clearly bad choice is never given some other choice's value.

The deals are seeded from the position itself (:func:`position_seed`): the same position gets
the same numbers, and the same grade, every time and everywhere.

**The grade scale**, by expected points lost per hand against the best choice:

- ``best``: the choice the judge values most, or one that scored the same on every deal;
- ``good``: under :data:`GOOD_BELOW` points, or within the noise of the best
  (:data:`NOISE_SE` standard errors) when measured to :data:`NOISE_ERROR` or better:
  accepted everywhere, and counted as solved;
- ``inaccuracy``: under :data:`INACCURACY_BELOW` points;
- ``mistake``: under :data:`MISTAKE_BELOW` points;
- ``blunder``: more.

Throwing a card from a made meld when another card leaves less deadwood is never graded
milder than an inaccuracy, whatever the playouts say (:func:`breaks_meld`).

>>> from gin_teach.analysis import Knowledge
>>> judged = judge_discard("AS 2S 3S 5H 6H 7H 9D TD JD QD KH", Knowledge(stock_size=28))
>>> judged.best.move, judged.best.verdict  # gin
('knock KH', 'best')
>>> judged.option("discard 5H").verdict
'blunder'
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from gin_teach.analysis import Knowledge
from gin_teach.analysis.game_odds import (
    game_chance_of,
    game_points,
    game_slope,
    game_valued,
    measured_scores,
)
from gin_teach.core.cards import NATURAL_BITS, Card, HandLike, hand_mask, to_cards
from gin_teach.core.jokers import check_jokers_allowed
from gin_teach.core.kernel import deadwood_of_mask, may_knock
from gin_teach.core.melds import all_best_arrangements
from gin_teach.core.rules import Rules
from gin_teach.core.solver import MELDS_WITH_CARD
from gin_teach.core.validation import (
    check_whole,
    is_finite_number,
    names_bad_arguments,
    unchecked,
    wrong_argument,
)
from gin_teach.core.verdicts import (
    ACCEPTED,
    GOOD_BELOW,
    INACCURACY_BELOW,
    MISTAKE_BELOW,
    NOISE_ERROR,
    NOISE_SE,
    VERDICTS,
    verdict_for,
)
from gin_teach.errors import CardError, KnowledgeError, excerpt
from gin_teach.playouts.playout import (
    OPPONENT_GIN,
    OPPONENT_NOT_FIRST,
    STYLES,
    PlayoutRules,
    Scorer,
    common_deals,
    discard_ending,
    draw_score,
    settle_masks,
    take_score,
    throw,
)
from gin_teach.playouts.table_view import TableView

__all__ = [
    "ACCEPTED",
    "BANK",
    "COACH",
    "GOOD_BELOW",
    "INACCURACY_BELOW",
    "MISTAKE_BELOW",
    "NOISE_ERROR",
    "NOISE_SE",
    "PLAN_WORDS",
    "RATE_NAMES",
    "VERDICTS",
    "Judgement",
    "Option",
    "Precision",
    "Rate",
    "breaks_meld",
    "forget",
    "game_chance_of",
    "game_points",
    "game_slope",
    "interchangeable",
    "judge_discard",
    "judge_draw",
    "loss_words",
    "paired",
    "play_on_plans",
    "plus_minus",
    "position_seed",
    "table_view",
    "verdict_for",
]

MOST_DEALS: Final = 100_000
"""The most deals a :class:`Precision` may ask for each choice (the bank's asks 1,536)."""


@dataclass(frozen=True)
class Precision:
    """How hard the judge looks: ``first`` deals for every choice, then batches of ``batch``
    for the choices still in doubt until their standard error is at most ``error``, ending
    with the batch that reaches ``most`` deals, played whole (:data:`COACH` ends at 408:
    24, then eight batches of 48).

    >>> COACH.first <= COACH.most, BANK.error < COACH.error
    (True, True)
    """

    first: int
    most: int
    batch: int
    error: float

    def __post_init__(self) -> None:
        # A judgement runs until these are met: a zero, negative or endless budget would
        # never end, or measure nothing.
        check_whole(self.first, "first", 1, MOST_DEALS)
        check_whole(self.most, "most", self.first, MOST_DEALS)
        check_whole(self.batch, "batch", 1, MOST_DEALS)
        if not (is_finite_number(self.error) and self.error >= 0):
            raise wrong_argument("error", self.error, "a standard error of 0 or more")


COACH: Final = Precision(first=24, most=384, batch=48, error=0.3)
"""At the table, where a grade must come within a move's time: the coach's hint, grades and
review."""
BANK: Final = Precision(first=64, most=1536, batch=64, error=0.2)
"""For every fixed position a learner is asked about: the puzzle bank (measured once and
stored), the lessons' checkers and labs. The default."""


@names_bad_arguments
def plus_minus(error: float) -> str:
    """The measurement's noise, said after a number of points: its standard error, or that
    the difference was the same on every deal (a knock against a knock with one point more
    deadwood differs by exactly that point whatever the opponent holds).

    >>> "loses 2.0 points a hand" + plus_minus(0.31), "loses 1.0 points a hand" + plus_minus(0)
    ('loses 2.0 points a hand (± 0.3)', 'loses 1.0 points a hand on every deal')
    >>> plus_minus(0.02)
    ' (± under 0.1)'
    """
    if error <= 0:
        return " on every deal"
    return f" (± {error:.1f})" if error >= 0.05 else " (± under 0.1)"


@names_bad_arguments
def loss_words(loss: float, error: float) -> str:
    """What a choice that loses ``loss`` points a hand (± ``error``) costs, in words.

    >>> loss_words(2.04, 0.31)
    'loses about 2.0 points a hand (± 0.3)'
    >>> loss_words(1.0, 0.0)  # a knock with one point more deadwood than another
    'loses 1.0 points a hand on every deal'
    >>> loss_words(0.04, 0.4)  # never "about 0.0 points"
    'loses under 0.1 points a hand (± 0.4)'
    """
    if loss <= 0:
        return "loses nothing"
    if loss < 0.05:
        return f"loses under 0.1 points a hand{plus_minus(error)}"
    return f"loses {'about ' if error > 0 else ''}{loss:.1f} points a hand{plus_minus(error)}"


RATE_NAMES: Final = ("opponent_first", "opponent_gin", "hand_won")
"""What a :class:`Rate` counts: the deals on which the opponent went down first (knock or
gin), those on which it went gin, and those the player choosing won (its knock or gin, or
its undercut of the opponent's knock)."""


@dataclass(frozen=True)
class Rate:
    """A share of the judge's deals for one choice against the best, measured on the deals
    both played (the same deals, so the difference is paired): ``name`` (one of
    :data:`RATE_NAMES`), the share after this choice (``mine``), after the best (``best``),
    and the standard ``error`` of their difference.

    >>> rate = Rate("opponent_gin", 0.279, 0.262, 0.0035)
    >>> round(rate.gap, 3), rate.separates
    (0.017, True)
    >>> Rate("opponent_first", 0.508, 0.501, 0.008).separates  # within its noise
    False
    """

    name: str
    mine: float
    best: float
    error: float

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or self.name not in RATE_NAMES:
            raise wrong_argument("name", self.name, f"one of {', '.join(RATE_NAMES)}")
        for field in ("mine", "best", "error"):
            value = getattr(self, field)
            if not (is_finite_number(value) and 0 <= value <= 1):
                raise wrong_argument(field, value, "a share from 0 to 1")

    @property
    def gap(self) -> float:
        """How much more often it happens after this choice than after the best."""
        return self.mine - self.best

    @property
    def separates(self) -> bool:
        """Whether the gap is beyond the noise (:data:`NOISE_SE` standard errors)."""
        return self.gap != 0 and abs(self.gap) > NOISE_SE * self.error


def _rates(these: Sequence[int] | None, best: Sequence[int] | None, points: Sequence[float],
           best_points: Sequence[float]) -> tuple[Rate, ...]:
    """The :class:`Rate` of each of :data:`RATE_NAMES` for a choice whose deals scored
    ``points`` and ended ``these`` ways for the opponent, against the best's
    ``best_points`` and ``best``, on the deals both played (who won the hand alone where
    the endings were not kept, as for a draw)."""
    count = min(len(points), len(best_points))
    counted = [("hand_won", [p > 0 for p in points[:count]],
                [p > 0 for p in best_points[:count]])]
    if these and best:
        count = min(count, len(these), len(best))
        counted = [("opponent_first", [e != OPPONENT_NOT_FIRST for e in these[:count]],
                    [e != OPPONENT_NOT_FIRST for e in best[:count]]),
                   ("opponent_gin", [e == OPPONENT_GIN for e in these[:count]],
                    [e == OPPONENT_GIN for e in best[:count]]),
                   ("hand_won", [p > 0 for p in points[:count]],
                    [p > 0 for p in best_points[:count]])]
    found = []
    for name, theirs, ours_seen in counted:
        mine, ours = [int(x) for x in theirs[:count]], [int(x) for x in ours_seen[:count]]
        _, error = paired(mine, ours)
        found.append(Rate(name, round(sum(mine) / count, 4), round(sum(ours) / count, 4),
                          round(min(error, 1.0), 4) if math.isfinite(error) else 1.0))
    return tuple(found)


@dataclass(frozen=True)
class Option:
    """One choice of a decision, valued: ``kind`` (``"discard"``, ``"knock"``, ``"take"``,
    ``"draw"`` or ``"pass"``) and the ``card`` thrown (None for the draw), its mean points per
    hand (``value``), the expected points it ``loss``-es against the best with the standard
    ``error`` of that difference, the ``deals`` it was measured on, and its ``verdict``.
    A knock states its ``undercut`` chance (the share of its deals on which it was
    undercut), a discard that plays on its ``opponent_first`` chance (the share on which
    the opponent went down first); ``benchmarks/calibration.py`` holds both against play.

    >>> Option("knock", Card.parse("KS"), 4.0, 0.0, 0.0, 24, "best").move
    'knock KS'
    """

    kind: str
    card: Card | None
    value: float
    loss: float
    error: float
    deals: int
    verdict: str
    undercut: float | None = None
    opponent_first: float | None = None
    plan: str | None = None
    """For a take that leaves a count the limit allows, what the value was measured with:
    ``"knock"`` at once or ``"play on"``, whichever is worth more; for a discard played on
    with more than one plan (:data:`PLAN_WORDS`), the plan worth most."""
    game_chance: float | None = None
    """With a score on the table, the chance this choice wins the game."""
    rates: tuple[Rate, ...] = ()
    """Against the best, on the deals both were measured on (:data:`RATE_NAMES`): for a
    discard that plays on (the best playing on too), how often the opponent went down first
    and went gin and how often the hand was won; for a take or a draw, how often the hand
    was won. Empty for the best itself and for a knock or beside one."""

    @property
    def move(self) -> str:
        """The move as a learner types it: ``"discard KS"``, ``"knock KS"``, ``"take"``."""
        return f"{self.kind} {self.card.code}" if self.card is not None else self.kind

    @property
    def knock(self) -> bool:
        """Whether this choice knocks."""
        return self.kind == "knock"

    @property
    def accepted(self) -> bool:
        """Best or good: every checker and the trainer accept it."""
        return self.verdict in ACCEPTED

    def said(self) -> str:
        """The choice in words, with card symbols.

        >>> Option("knock", Card.parse("KS"), 4.0, 0.0, 0.0, 24, "best").said()
        'K♠ and knock'
        """
        if self.card is None:
            return {"take": "taking the face-up card", "draw": "drawing from the stock",
                    "pass": "passing"}[self.kind]
        return f"{self.card} and knock" if self.knock else str(self.card)

    def cost(self) -> str:
        """What the choice costs, in words, with the measurement's error.

        >>> Option("discard", Card.parse("KS"), -3.0, 2.04, 0.31, 24, "mistake").cost()
        'loses about 2.0 points a hand (± 0.3)'
        """
        return loss_words(self.loss, self.error)


@dataclass(frozen=True)
class Judgement:
    """Every choice of one decision, valued (see the module): ``options`` best first,
    measured on deals seeded with ``seed``.

    >>> from gin_teach.analysis import Knowledge
    >>> judged = judge_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", Knowledge(discard_pile="8D 7D"))
    >>> judged.best.move, [o.move for o in judged.options]
    ('take', ['take', 'draw'])
    """

    decision: str
    options: tuple[Option, ...]
    seed: int

    @property
    def best(self) -> Option:
        """The choice worth most."""
        return self.options[0]

    @property
    def accepted(self) -> tuple[Option, ...]:
        """The best choice and every good one."""
        return tuple(o for o in self.options if o.accepted)

    def option(self, move: str) -> Option:
        """The option for ``move`` (``"discard KS"``, ``"knock KS"``, ``"take"``,
        ``"draw"``; ``"pass"`` and ``"draw"`` name the same choice). Raises
        :class:`~gin_teach.errors.CardError` for a move that is not a choice here.
        """
        wanted = move.strip()
        for option in self.options:
            if option.move == wanted or (option.card is None and wanted in ("draw", "pass")
                                         and option.kind in ("draw", "pass")):
                return option
        raise CardError(f"{wanted[:30]!r} is not one of the choices here: "
                        f"{', '.join(o.move for o in self.options)}")

    def choice(self, card: Card, knock: bool) -> Option:
        """The option that throws ``card``, knocking or not."""
        return self.option(f"{'knock' if knock else 'discard'} {card.code}")


@names_bad_arguments
def paired(these: Sequence[float], those: Sequence[float]) -> tuple[float, float]:
    """The mean of the paired differences ``these - those`` (the same deals, as far as both
    go) and its standard error.

    >>> paired([3, 5, 4, 6], [1, 2, 2, 3])
    (2.5, 0.28867513459481287)
    """
    count = min(len(these), len(those))
    if count == 0:
        return 0.0, math.inf
    differences = [a - b for a, b in zip(these[:count], those[:count], strict=True)]
    mean = sum(differences) / count
    if count == 1:
        return mean, math.inf
    variance = sum((d - mean) ** 2 for d in differences) / (count - 1)
    return mean, math.sqrt(variance / count)


@names_bad_arguments
def position_seed(decision: str, hand: int, knowledge: Knowledge, rules: Rules) -> int:
    """The seed of a position's deals, from everything the judge is told about it: the same
    position always gets the same deals.

    >>> k = Knowledge(stock_size=20)
    >>> position_seed("discard", hand_mask("AS 2S"), k, Rules()) == position_seed(
    ...     "discard", hand_mask("2S AS"), k, Rules())
    True

    A default written out is the same position as one left out:

    >>> eleven = hand_mask("AS 2S 3S 5H 6H 7H 9D TD JD 2C KH")
    >>> position_seed("discard", eleven, Knowledge(), Rules()) == position_seed(
    ...     "discard", eleven, Knowledge(stock_size=31, knock_limit=10), Rules())
    True
    """
    if not isinstance(decision, str):
        raise wrong_argument("decision", decision, "a decision's name")
    # The deck's jokers are the table's: a Knowledge left at its default of none, at a table
    # with jokers, is the same position as one that names them.
    written = dataclasses.replace(
        knowledge, stock_size=knowledge.stock(hand.bit_count(), rules.jokers),
        knock_limit=rules.resolve_knock_limit(knowledge.knock_limit),
        jokers=max(knowledge.jokers, rules.jokers))
    text = "|".join((decision, str(hand), repr(written), repr(rules)))
    return int(hashlib.sha256(text.encode()).hexdigest()[:16], 16)


@names_bad_arguments
def table_view(hand: HandLike, knowledge: Knowledge, rules: Rules | str) -> TableView:
    """The player's view of a position given as cards and a
    :class:`~gin_teach.analysis.Knowledge`, as the playouts read it: :meth:`TableView.of`.

    >>> view = table_view("AS 2S 3S 5H 6H 7H 9D TD JD 2C", Knowledge(discard_pile="KH"),
    ...                   Rules())
    >>> view.unseen.bit_count(), view.stock_size, view.knock_limit
    (41, 31, 10)
    """
    return TableView.of(hand, knowledge, Rules.of(rules))


# A judgement checks its position once (judge_discard, judge_draw): the thousands of playouts
# it scores skip the engine's argument checks (a stock of 31 card masks checked on every deal
# cost several percent of the judge's time).
_discard_ending, _settle_masks = unchecked(discard_ending), unchecked(settle_masks)
_take_score, _draw_score = unchecked(take_score), unchecked(draw_score)


def _measure(view: TableView, rules: PlayoutRules, scorers: Sequence[Scorer], seed: int,
             precision: Precision) -> list[list[int]]:
    """Each scorer's points on common imagined deals
    (:func:`~gin_teach.playouts.playout.common_deals`):
    every one on ``precision.first`` deals, then the ones whose grade is in doubt on more
    (see the module).

    Doubt is judged against the leader of the moment, over every choice: when the lead
    changes hands, a choice set aside against the old leader may be in doubt against the new
    one (common_deals first scores it on the deals it missed, so the comparison stays paired).
    """

    tallies: list[_Tally] = []  # one, made at the first look: common_deals keeps its lists

    def look(points: list[list[int]], active: list[int]) -> tuple[list[int], int]:
        if len(scorers) == 1:
            return [], 0
        if not tallies:
            tallies.append(_Tally(points))
        tally = tallies[0]
        played = max(len(p) for p in points)
        # Among the choices on every deal so far, the active first: a tie goes to the leader
        # of the last round.
        leader = max((i for i in (*active, *range(len(points))) if len(points[i]) == played),
                     key=tally.total)
        doubtful = [i for i in range(len(scorers)) if i != leader and _in_doubt(
            *tally.paired(leader, i), precision.error)]
        if played >= precision.most:
            # The budget is spent; a choice set aside earlier that is in doubt against the
            # final leader is scored on the deals it missed (no new deals), then the end.
            return [i for i in doubtful if len(points[i]) < played], 0
        return ([leader, *doubtful] if doubtful else []), precision.batch

    return common_deals(view, rules, random.Random(seed), scorers, precision.first, look)


class _Tally:
    """Running sums over the growing lists of every choice's points (a list a choice, only
    ever appended to), read forward: each look costs the deals added since the last one, so
    a judgement in batches of one deal stays linear in its deals (summing every deal again
    at each look made 4,000 deals in batches of one take 7.9 s of CPU, 1.4 s now, where one
    batch of 4,000 takes 2.0 s: ``benchmarks/judge_batches.py``).

    The mean is the exact sum over the count, as :func:`paired` gives it; the error comes
    from the sums of the differences and of their squares, whole numbers, so it is exact too.

    >>> points = [[3, 5], [1, 2]]
    >>> tally = _Tally(points)
    >>> tally.total(0), tally.paired(0, 1) == paired(*points)
    (8, True)
    >>> points[0] += [4, 6]; points[1] += [2, 3]
    >>> tally.total(0), tally.paired(0, 1) == paired(*points)
    (18, True)
    """

    def __init__(self, points: Sequence[Sequence[float]]) -> None:
        self._points = points
        self._totals: dict[int, tuple[int, float]] = {}
        self._pairs: dict[tuple[int, int], tuple[int, float, float]] = {}

    def total(self, index: int) -> float:
        """The sum of choice ``index``'s points so far."""
        values = self._points[index]
        seen, total = self._totals.get(index, (0, 0))
        if len(values) > seen:
            total += sum(values[seen:])
            self._totals[index] = (len(values), total)
        return total

    def paired(self, first: int, second: int) -> tuple[float, float]:
        """:func:`paired` of choices ``first`` and ``second``, on the deals both played."""
        these, those = self._points[first], self._points[second]
        count, total, squares = self._pairs.get((first, second), (0, 0, 0))
        end = min(len(these), len(those))
        if end > count:
            for a, b in zip(these[count:end], those[count:end], strict=True):
                total += a - b
                squares += (a - b) * (a - b)
            count = end
            self._pairs[(first, second)] = (count, total, squares)
        if count == 0:
            return 0.0, math.inf
        mean = total / count
        if count == 1:
            return mean, math.inf
        # n * sum(d^2) - sum(d)^2 is n(n-1) times the variance; never below 0 (a float
        # rounding, should the points be fractions one day, must not reach the square root).
        variance = max(count * squares - total * total, 0) / (count * (count - 1))
        return mean, math.sqrt(variance / count)


def _in_doubt(loss: float, error: float, wanted: float) -> bool:
    """Whether more deals could change a choice's grade: its error is still above
    ``wanted`` and a grade boundary lies within the noise."""
    if error <= wanted:
        return False
    return any(abs(loss - bound) <= NOISE_SE * error
               for bound in (0.0, GOOD_BELOW, INACCURACY_BELOW, MISTAKE_BELOW))


def _options(kinds: Sequence[tuple[str, Card | None]], points: Sequence[Sequence[float]],
             floors: Sequence[str | None],
             downs: Sequence[list[int] | None] = (),
             scores: tuple[int, int] | None = None,
             rules: Rules | None = None) -> tuple[Option, ...]:
    """The measured choices as options, best first, with their grades; ``downs``, where
    given, says for each discard how each deal ended for the opponent (its first knock or
    gin, :func:`~gin_teach.playouts.playout.discard_ending`)."""
    most = max(len(p) for p in points)
    leader = max((i for i in range(len(points)) if len(points[i]) == most),
                 key=lambda i: (sum(points[i]), -i))
    leader_mean = sum(points[leader]) / len(points[leader])
    options = []
    for index, (kind, card) in enumerate(kinds):
        values = points[index]
        loss, error = (0.0, 0.0) if index == leader else paired(points[leader], values)
        # Graded on the numbers it states (two decimals), so anyone who grades those numbers
        # again (a stored puzzle, say) finds the same verdict.
        loss = round(max(loss, 0.0), 2)
        error = round(error, 2) if math.isfinite(error) else 99.0
        if index != leader and loss == 0.0:
            # Level with the leader on the deals both played: best when alike on every
            # deal, else good (the leader is ahead once all its deals count).
            loss = 0.0 if values == points[leader][:len(values)] else 0.01
        verdict = verdict_for(loss, error, floors[index] if index != leader else None)
        # A choice measured on fewer deals is valued as the leader's mean less its paired
        # loss, so every value stated is on the leader's deals and they order as the losses.
        undercut = sum(v < 0 for v in values) / len(values) if kind == "knock" else None
        went_down = downs[index] if index < len(downs) else None
        first = (sum(e != OPPONENT_NOT_FIRST for e in went_down) / len(went_down)
                 if went_down else None)
        ours = downs[leader] if leader < len(downs) else None
        # Knocks have their undercut instead; a discard's endings are kept, a draw's not.
        plays_on = "knock" not in (kind, kinds[leader][0])
        rates = (_rates(went_down, ours, values, points[leader])
                 if index != leader and plays_on and (bool(went_down) == bool(ours)) else ())
        chance = (None if scores is None or rules is None
                  else game_chance_of(sum(values) / len(values), scores, rules))
        options.append(Option(kind, card, leader_mean - loss, loss, error, len(values),
                              verdict, undercut, first, game_chance=chance, rates=rates))
    order = {id(option): (index != leader, option.loss, -option.value)
             for index, option in enumerate(options)}
    return tuple(sorted(options, key=lambda o: order[id(o)]))


@names_bad_arguments
def breaks_meld(hand: HandLike, card: Card, rules: Rules | str | None = None) -> bool:
    """Whether throwing ``card`` from the 11-card ``hand`` breaks a made meld for nothing:
    the card sits in a meld in every least-deadwood arrangement of the hand, the cards left
    count more deadwood than the whole hand did (its partners fall loose), and another
    discard leaves less deadwood.

    >>> breaks_meld("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Card.parse("4H"))
    True
    >>> breaks_meld("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Card.parse("KC"))
    False

    A card from a set of four leaves a set of three: nothing is broken.

    >>> breaks_meld("7H 7S 7D 7C 3H 4H 5H 9D JS QH KC", Card.parse("7H"))
    False
    """
    rules = Rules.of(rules)  # a preset's name too, as everywhere else
    cards = to_cards(hand)
    if len(cards) != 11:
        raise CardError(f"a discard is made from 11 cards, not {len(cards)}")
    if card not in cards:
        raise CardError(f"card {card} is not in the hand {' '.join(map(str, cards))[:60]}")
    mask, jp = hand_mask(cards), rules.joker_points
    if any(card in a.deadwood_cards for a in all_best_arrangements(cards, joker_points=jp)):
        return False
    after = deadwood_of_mask(mask ^ card.bit, jp)
    least = min(deadwood_of_mask(mask ^ c.bit, jp) for c in cards)
    return after > deadwood_of_mask(mask, jp) and after > least


@names_bad_arguments
def interchangeable(cards: Sequence[Card], view: TableView) -> dict[Card, Card]:
    """The cards of a hand that play exactly as an earlier one, each mapped to it: cards of
    the same points, each of which can meld (in any hand: every meld with it needs only
    cards not yet in the pile) only together with the other, at a table without jokers.
    Throwing one leaves the other dead and gives the opponent a dead card: only a name
    differs.

    With K♥ in the pile and the J♠ and J♣ gone, K♠ and K♣ could only meld together (with
    K♦); once either is thrown, neither melds anywhere:

    >>> from gin_teach.analysis import Knowledge
    >>> hand = "AS 4S 8S TS KS 2H 5D TD 2C 4C KC"
    >>> view = table_view(hand, Knowledge(discard_pile="KH JS JC QH QD"), Rules())
    >>> {str(a): str(b) for a, b in interchangeable(to_cards(hand), view).items()}
    {'K♣': 'K♠'}
    """
    if view.unseen > NATURAL_BITS:  # a joker can meld with anything
        return {}
    live = view.hand | view.unseen | view.opponent_holds

    def partners(card: Card) -> list[int]:
        """The other cards of each meld ``card`` could still be part of."""
        return [meld ^ card.bit for meld, _ in MELDS_WITH_CARD[card.index]
                if (meld ^ card.bit) & live == meld ^ card.bit]

    free = [c for c in cards if c.bit != view.just_taken and not c.is_joker]
    twins: dict[Card, Card] = {}
    for index, card in enumerate(free):
        for first in free[:index]:
            if first.points == card.points and first not in twins and all(
                    p & first.bit for p in partners(card)) and all(
                    p & card.bit for p in partners(first)):
                twins[card] = first
                break
    return twins


#: Judgements remembered, by position: the coach's hint and its grade of the move that
#: follows ask about the same position, and a review replays positions just hinted.
CACHED: Final = 256


def forget() -> None:
    """Forget every remembered judgement (a benchmark times the judge from scratch).

    >>> from gin_teach.analysis import Knowledge
    >>> first = judge_discard("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20))
    >>> forget()
    >>> judge_discard("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20)) == first
    True
    """
    _judge_discard.cache_clear()
    _judge_draw.cache_clear()


@names_bad_arguments
def judge_discard(hand11: HandLike, knowledge: Knowledge | None = None,
                  rules: Rules | str | None = None, *, seed: int | None = None,
                  precision: Precision = BANK, opponent: str = "judge",
                  scores: tuple[int, int] | None = None) -> Judgement:
    """Value every choice of the discard from an 11-card ``hand11``: each card that may be
    thrown (not the card just taken from the pile), and the knock with it where the count it
    leaves allows. ``seed`` defaults to the position's own (:func:`position_seed`).
    ``opponent`` is the style of the imagined opponent (:data:`~gin_teach.playouts.playout.STYLES`):
    the judge's own by default; the same deals serve every style, so a panel of styles
    compares like with like. With ``scores`` (yours, the opponent's) the choices are valued
    by the game (:func:`game_points`).

    >>> from gin_teach.analysis import Knowledge
    >>> judged = judge_discard("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20))
    >>> judged.option("discard 4H").verdict in ("inaccuracy", "mistake", "blunder")
    True
    """
    cards = tuple(sorted(to_cards(hand11)))  # the order the cards are given in changes nothing
    if len(cards) != 11:
        raise CardError(f"a discard is judged from 11 cards, not {len(cards)}")
    rules = Rules.of(rules)  # a preset's name too, as everywhere else
    knowledge = knowledge if knowledge is not None else Knowledge()
    _check_position(cards, rules, seed, opponent)
    return _judge_discard(cards, knowledge, rules, seed, precision, opponent,
                          measured_scores(scores, rules))


def _check_position(cards: Sequence[Card], rules: Rules, seed: int | None,
                    opponent: str) -> None:
    """Refuse a joker where the rules play none, a seed that is no whole number and an
    opponent style there is none of (the knowledge is checked against the hand where the
    position is read, :func:`table_view`)."""
    if opponent not in STYLES:
        raise wrong_argument("opponent", opponent, f"one of {', '.join(STYLES)}")
    check_jokers_allowed(hand_mask(cards), rules)
    if seed is not None:
        check_whole(seed, "seed", 0, 2**64 - 1)


@functools.lru_cache(maxsize=CACHED)
def _judge_discard(cards: tuple[Card, ...], knowledge: Knowledge, rules: Rules,
                   seed: int | None, precision: Precision, opponent: str,
                   scores: tuple[int, int] | None) -> Judgement:
    view = table_view(cards, knowledge, rules)
    playout_rules = PlayoutRules.of(rules, view.knock_limit, opponent)
    hand, jp = view.hand, rules.joker_points
    scorers: list[Scorer] = []
    # By scorer: how each deal ended for the opponent (OPPONENT_NOT_FIRST, ...).
    downs: list[list[int] | None] = []

    def scorer_of(make: Scorer | None, plan_rules: PlayoutRules, bit: int = 0) -> int:
        """Add a scorer (a knock's ``make``, or playing on after throwing ``bit`` by the
        plan of ``plan_rules``); returns its index."""
        if make is None:
            down: list[int] = []

            def make(theirs: int, stock: list[int]) -> int:
                points, ending = _discard_ending(hand, bit, theirs, stock, plan_rules)
                down.append(ending)
                return points
            downs.append(down)
        else:
            downs.append(None)
        scorers.append(make)
        return len(scorers) - 1

    # Each choice: its kind, card, floor, and the scorers that measure it, one per plan it is
    # played on with (the best plan's points are the choice's). A card interchangeable with
    # one before it plays exactly as that one: it shares that card's scorers, so it gets its
    # points deal for deal (the same value, exactly).
    choices: list[tuple[str, Card, str | None, list[tuple[str | None, int]]]] = []
    twins = interchangeable(cards, view)
    for card in cards:
        if card.bit == view.just_taken:
            continue
        bit, kept = card.bit, hand ^ card.bit
        left = deadwood_of_mask(kept, jp)
        floor = "inaccuracy" if breaks_meld(cards, card, rules) else None
        twin = twins.get(card)
        if twin is not None:
            for kind, of, _, measured in list(choices):
                if of is twin:
                    choices.append((kind, card, floor if kind == "discard" else None, measured))
            continue
        plans = play_on_plans(view, playout_rules, left)
        choices.append(("discard", card, floor, [
            (plan if len(plans) > 1 else None,
             scorer_of(None, dataclasses.replace(playout_rules, plan=plan), bit))
            for plan in plans]))
        if may_knock(left, view.knock_limit):
            choices.append(("knock", card, None, [(None, scorer_of(
                lambda theirs, stock, kept=kept: _settle_masks(  # type: ignore[misc]
                    kept, theirs, playout_rules), playout_rules))]))
    chosen = seed if seed is not None else position_seed("discard", hand, knowledge, rules)
    scored = game_valued(_measure(view, playout_rules, scorers, chosen, precision), scores,
                          rules)
    picked = [_best_plan(measured, scored) for _, _, _, measured in choices]
    options = _options([(kind, card) for kind, card, _, _ in choices],
                       [scored[index] for _, index in picked],
                       [floor for _, _, floor, _ in choices],
                       [downs[index] for _, index in picked], scores, rules)
    plan_of: dict[tuple[str, Card | None], str | None] = {
        (kind, card): plan for (kind, card, _, _), (plan, _) in zip(choices, picked,
                                                                         strict=True)}
    return Judgement("discard", tuple(
        dataclasses.replace(o, plan=plan_of[o.kind, o.card]) if plan_of[o.kind, o.card]
        else o for o in options), chosen)


#: What each plan of playing on is, in words (:data:`~gin_teach.playouts.playout.PLANS`).
PLAN_WORDS: Final = {
    "low": "play on and knock only with a low count once the stock is short",
    "next": "play on and knock at your next chance",
    "gin": "play on for gin",
}


@names_bad_arguments
def play_on_plans(view: TableView, rules: PlayoutRules, left: int) -> tuple[str, ...]:
    """The plans a discard leaving ``left`` deadwood is played on with: the judge's own
    (knock low once the stock is short) always; knocking at the next chance too where the
    stock is, or soon will be, short and a knock is near; playing for gin where the count is
    small and the stock short. Playing every plan everywhere would cost the coach its speed
    where the plans cannot differ (a long stock, a count far from a knock).

    >>> from gin_teach.analysis import Knowledge
    >>> rules = PlayoutRules.of(Rules(), 10)
    >>> hand = "AS 2S 3S 5H 6H 7H 9D TD 2C 3C KH"
    >>> play_on_plans(table_view(hand, Knowledge(stock_size=28), Rules()), rules, 5)
    ('low',)
    >>> play_on_plans(table_view(hand, Knowledge(stock_size=12), Rules()), rules, 5)
    ('low', 'next', 'gin')
    """
    plans = ["low"]
    if view.stock_size <= rules.late_stock + 4 and left <= rules.knock_limit + 10:
        plans.append("next")
    if view.stock_size <= rules.late_stock and 0 < left <= 5:
        plans.append("gin")
    return tuple(plans)


def _best_plan(measured: list[tuple[str | None, int]], scored: Sequence[Sequence[float]]
               ) -> tuple[str | None, int]:
    """The plan (and its scorer) worth most on the deals all of them played."""
    if len(measured) == 1:
        return measured[0]
    shared = min(len(scored[index]) for _, index in measured)
    return max(measured, key=lambda m: sum(scored[m[1]][:shared]))


@names_bad_arguments
def judge_draw(hand10: HandLike, knowledge: Knowledge, rules: Rules | str | None = None, *,
               seed: int | None = None, precision: Precision = BANK,
               refuse: str = "draw", opponent: str = "judge",
               scores: tuple[int, int] | None = None) -> Judgement:
    """Value taking the face-up card (the top of ``knowledge.discard_pile``) into a 10-card
    ``hand10`` against leaving it (``refuse``: ``"draw"`` from the stock, or ``"pass"`` the
    first upcard). After taking, the card thrown is the one leaving the least deadwood.

    >>> from gin_teach.analysis import Knowledge
    >>> judged = judge_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", Knowledge(discard_pile="8D 6D"))
    >>> judged.option("draw").verdict, judged.option("take").verdict != "best"
    ('best', True)
    """
    if refuse not in ("draw", "pass"):
        raise CardError(f"refuse is 'draw' or 'pass', not {excerpt(refuse, 20)}")
    cards = tuple(sorted(to_cards(hand10)))
    if len(cards) != 10:
        raise CardError(f"a draw is judged from 10 cards, not {len(cards)}")
    if not knowledge.discard_pile:
        raise CardError("there is no face-up card to take: the discard pile is empty")
    rules = Rules.of(rules)  # a preset's name too, as everywhere else
    _check_position(cards, rules, seed, opponent)
    if knowledge.just_taken is not None:
        raise KnowledgeError(f"just_taken is {knowledge.just_taken}, but at a draw nothing has "
                             "been taken yet")
    return _judge_draw(cards, knowledge, rules, seed, precision, refuse, opponent,
                       measured_scores(scores, rules))


@functools.lru_cache(maxsize=CACHED)
def _judge_draw(cards: tuple[Card, ...], knowledge: Knowledge, rules: Rules, seed: int | None,
                precision: Precision, refuse: str, opponent: str,
                scores: tuple[int, int] | None) -> Judgement:
    view = table_view(cards, knowledge, rules)
    playout_rules = PlayoutRules.of(rules, view.knock_limit, opponent)
    hand, top = view.hand, view.top
    # A take that leaves a count the limit allows is weighed both ways, knocking at once and
    # playing on, and valued by the better: what the take's reason says of the knock is then
    # what the judge finds of it (the coach never recommends a take "to knock at once" and
    # grades that knock a mistake one move later).
    after, _ = throw(hand | top, top, rules.joker_points)
    plans: list[str | None] = ["knock", "play on"] if may_knock(after, view.knock_limit) \
        else [None]
    scorers: list[Scorer] = [
        lambda theirs, stock, knock=(plan == "knock"): _take_score(  # type: ignore[misc]
            hand, top, theirs, stock, playout_rules, knock if plans[0] else None)
        for plan in plans]
    scorers.append(lambda theirs, stock: _draw_score(hand, theirs, stock, playout_rules))
    chosen = seed if seed is not None else position_seed(refuse, hand, knowledge, rules)
    points = game_valued(_measure(view, playout_rules, scorers, chosen, precision), scores,
                          rules)
    takes = points[:-1]
    shared = min(len(p) for p in takes)
    better = max(range(len(takes)), key=lambda i: (sum(takes[i][:shared]), -i))
    options = _options([("take", None), (refuse, None)], [takes[better], points[-1]],
                       [None, None], (), scores, rules)
    return Judgement("draw", tuple(dataclasses.replace(o, plan=plans[better])
                                   if o.kind == "take" else o for o in options), chosen)
