"""One hand of gin as the game odds see it: how measured hands ended
(:class:`HandRecord`), the chances of each hand's points under some rules
(:class:`HandOdds`), and the exact dynamic programme that turns those chances into the
chance of winning the game from every score (:func:`solve_odds`).

:mod:`gin_teach.analysis.game_odds` ships the tables and answers with them; this module holds what
they are made of.

>>> hand = HandOdds.from_records({HandRecord("knock", True, 4, 14): 1,
...                               HandRecord("knock", False, 3, 13): 1}, Rules(target=20))
>>> tables = solve_odds(hand, Rules(target=20))
>>> tables.win[0][0], tables.win[10][0]  # two hands of 10 win: from 10-0 the dealer is home
(0.5, 0.75)
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple

from gin_teach.core.arguments import check_rules
from gin_teach.core.rules import Rules
from gin_teach.core.validation import is_finite_number, names_bad_arguments
from gin_teach.engine.round import Round
from gin_teach.errors import ArgumentError, excerpt

__all__ = [
    "PLAY_FIELDS",
    "HandOdds",
    "HandRecord",
    "OddsTables",
    "play_of",
    "solve_odds",
]

PLAY_FIELDS: Final = ("knock_limit", "oklahoma", "straight_gin", "dead_hand_stock", "jokers",
                      "joker_points")
"""The rules that change how a hand is played, so hands measured under one value say
nothing of another. Big gin on or off counts too (:func:`play_of`). The other fields (the
bonuses, ties, the target, Oklahoma's spade doubling) only change how a hand is scored or
when the game ends, so one set of measured hands serves them all."""

Ending = Literal["gin", "big_gin", "knock", "dead"]
_ENDINGS: Final = ("gin", "big_gin", "knock", "dead")
_MOST_COUNT: Final = 300
"""More deadwood than any hand holds (11 cards with two jokers stay under 150)."""


@names_bad_arguments
def play_of(rules: Rules) -> tuple[object, ...]:
    """The fields that decide how a hand is played (:data:`PLAY_FIELDS`, and whether big gin
    is on): rules with the same play share measured hands.

    >>> play_of(Rules.classic()) == play_of(Rules.modern().replace(target=250))
    True
    >>> play_of(Rules(oklahoma=True)) == play_of(Rules())
    False
    """
    rules = check_rules(rules)
    return (*(getattr(rules, name) for name in PLAY_FIELDS), rules.big_gin_bonus is not None)


@dataclass(frozen=True)
class HandRecord:
    """How one measured hand ended, from the dealer's seat and before any bonus, so that it
    can be scored under any rules of the same play (:meth:`score`).

    ``ending``: ``"gin"``, ``"big_gin"``, ``"knock"`` (undercuts and ties included: the
    counts decide) or ``"dead"``; ``knocker_deals``: whether the knocker was the dealer;
    ``knocker_count`` and ``defender_count``: the counts after lay-offs (the defender's whole
    deadwood against gin); ``spade``: whether the first upcard was a spade (Oklahoma's
    doubling).

    >>> knock = HandRecord("knock", knocker_deals=True, knocker_count=6, defender_count=6)
    >>> knock.score(Rules.modern()), knock.score(Rules.modern().replace(undercut_on_tie=False))
    ((False, 25), (None, 0))
    >>> spades = Rules(oklahoma=True, oklahoma_spade_doubles=True)
    >>> HandRecord("gin", False, 0, 31, spade=True).score(spades)  # (25 + 31) x 2
    (False, 112)
    """

    ending: Ending
    knocker_deals: bool
    knocker_count: int = 0
    defender_count: int = 0
    spade: bool = False

    def __post_init__(self) -> None:
        # A str test first: `in` on a numpy array compares element-wise and cannot answer.
        if not isinstance(self.ending, str) or self.ending not in _ENDINGS:
            raise ArgumentError(f"HandRecord: ending must be one of {', '.join(_ENDINGS)}, "
                                f"got {excerpt(self.ending)}")
        for name in ("knocker_deals", "spade"):
            if not isinstance(getattr(self, name), bool):
                raise ArgumentError(f"HandRecord: {name} must be True or False, "
                                    f"got {excerpt(getattr(self, name))}")
        for name in ("knocker_count", "defender_count"):
            value = getattr(self, name)
            if type(value) is not int or not 0 <= value <= _MOST_COUNT:
                raise ArgumentError(f"HandRecord: {name} must be a whole number from 0 to "
                                    f"{_MOST_COUNT}, got {excerpt(value)}")

    def score(self, rules: Rules) -> tuple[bool | None, int]:
        """``(dealer_wins, points)`` under ``rules``: ``dealer_wins`` is None when nobody
        scores (a dead hand, a tie that is not an undercut)."""
        rules = check_rules(rules)
        knocker, defender = self.knocker_count, self.defender_count
        if self.ending == "dead":
            return None, 0
        if self.ending == "gin":
            knocker_wins, points = True, rules.gin_bonus + defender
        elif self.ending == "big_gin":
            knocker_wins, points = True, (rules.big_gin_bonus or 0) + defender
        elif knocker < defender:
            knocker_wins, points = True, defender - knocker
        elif knocker > defender or rules.undercut_on_tie:
            knocker_wins, points = False, knocker - defender + rules.undercut_bonus
        else:
            return None, 0
        if self.spade and rules.oklahoma_spade_doubles:
            points *= 2
        return knocker_wins == self.knocker_deals, points

    @classmethod
    @names_bad_arguments
    def of_round(cls, rnd: Round) -> HandRecord:
        """The record of a finished round.

        >>> from gin_teach.bots import SimpleBot, play
        >>> rnd = play(Round(seed=3, dealer=1), [SimpleBot(seed=1), SimpleBot(seed=2)])
        >>> record = HandRecord.of_round(rnd)
        >>> record.score(rnd.rules)[1] == rnd.result.points
        True
        """
        if not isinstance(rnd, Round):
            raise ArgumentError(f"HandRecord.of_round: rnd must be a Round, got {excerpt(rnd)}")
        result = rnd.result
        if result is None:
            raise ArgumentError(f"HandRecord.of_round: the round is not over ({rnd.phase})")
        spade = rnd.upcard.suit == "S"
        if result.knocker is None or result.settlement is None:
            return cls("dead", False, spade=spade)
        settlement = result.settlement
        ending: Ending = ("gin" if result.outcome == "gin" else
                          "big_gin" if result.outcome == "big_gin" else "knock")
        return cls(ending, result.knocker == rnd.dealer, settlement.knocker_count,
                   settlement.defender_count, spade)


@dataclass(frozen=True)
class HandOdds:
    """The chances of one hand's outcome under some rules, from the dealer's seat:
    ``dealer[k]`` the chance the dealer wins the hand scoring ``k``, ``nondealer[k]`` the
    same for the other player, ``nobody`` a hand nobody wins (dead, or an unpaid tie).

    >>> odds = HandOdds.from_records({HandRecord("knock", True, 2, 12): 3,
    ...                               HandRecord("gin", False, 0, 20): 1}, Rules())
    >>> odds.dealer[10], odds.nondealer[45], odds.nobody, odds.hands
    (0.75, 0.25, 0.0, 4)
    >>> odds.nondealer_edge
    -0.5
    """

    dealer: tuple[float, ...]
    nondealer: tuple[float, ...]
    nobody: float
    hands: int

    def __post_init__(self) -> None:
        for name in ("dealer", "nondealer"):
            chances = getattr(self, name)
            if (not isinstance(chances, tuple) or not chances
                    or not all(is_finite_number(p) for p in chances)):
                raise ArgumentError(f"HandOdds: {name} must be a tuple of chances (numbers), "
                                    f"got {excerpt(chances)}")
        if not is_finite_number(self.nobody):
            raise ArgumentError(f"HandOdds: nobody must be a chance (a number), "
                                f"got {excerpt(self.nobody)}")
        if type(self.hands) is not int or self.hands < 1:
            raise ArgumentError(f"HandOdds: hands must be a whole number of at least 1, "
                                f"got {excerpt(self.hands)}")
        total = sum(self.dealer) + sum(self.nondealer) + self.nobody
        if abs(total - 1) > 1e-9 or min((*self.dealer, *self.nondealer, self.nobody)) < 0:
            raise ArgumentError(f"HandOdds: the chances must be 0 or more and add up to 1, "
                                f"got a total of {total:.6f}")
        if sum(self.dealer[1:]) + sum(self.nondealer[1:]) <= 0:
            raise ArgumentError("HandOdds: no hand scores any points, so no game ends")

    @classmethod
    def from_records(cls, records: Mapping[HandRecord, int], rules: Rules) -> HandOdds:
        """The chances measured by ``records`` (each with how many times it happened),
        scored under ``rules``."""
        rules = check_rules(rules)
        if not isinstance(records, Mapping) or not all(
                isinstance(record, HandRecord) and type(count) is int and count >= 0
                for record, count in records.items()):
            raise ArgumentError(f"HandOdds.from_records: records must map each HandRecord to "
                                f"how many times it happened, got {excerpt(records)}")
        hands = sum(records.values())
        if hands <= 0:
            raise ArgumentError("HandOdds.from_records: no hands recorded")
        scored = [(record.score(rules), count) for record, count in records.items()]
        longest = 1 + max(points for (_, points), _ in scored)
        dealer, nondealer, nobody = [0.0] * longest, [0.0] * longest, 0
        for (dealer_wins, points), count in scored:
            if dealer_wins is None:
                nobody += count
            else:
                (dealer if dealer_wins else nondealer)[points] += count / hands
        return cls(tuple(dealer), tuple(nondealer), nobody / hands, hands)

    @property
    def nondealer_edge(self) -> float:
        """How much more often the non-dealer wins a hand than the dealer (a share of all
        hands)."""
        return sum(self.nondealer) - sum(self.dealer)


class OddsTables(NamedTuple):
    """The four tables of :func:`solve_odds` (see there), each by the scores.

    >>> tables = solve_odds(HandOdds((0.0, 0.5), (0.0, 0.5), 0.0, 2), Rules(target=2))
    >>> tables.shutout[0]  # dealing: reach 2 before the opponent wins a hand
    [0.25, 0.5]
    """

    win: list[list[float]]
    race: list[list[float]]
    shutout: list[list[float]]
    shutout_gain: list[list[float]]


@names_bad_arguments
def solve_odds(hand: HandOdds, rules: Rules) -> OddsTables:
    """The four tables of a game under ``rules`` whose hands go as ``hand`` says, by the
    scores, for the player who deals the next hand:

    - ``win[a][b]``: the chance of winning the game from ``a``-``b``;
    - ``race[a][b]``: the expected race points and boxes still to come, net of the
      opponent's (the game bonus and shutouts apart);
    - ``shutout[seat][a]``: the chance of reaching the target from ``a`` before the opponent
      wins a round (seat 0: dealing next, 1: not);
    - ``shutout_gain[seat][a]``: the expected points and boxes the player adds on the way,
      counted only on the games that end so (what a doubling doubles).

    The opponent dealing is the same table read from the other side (``1 - win[b][a]``),
    so only the dealer's half is kept. Every value depends on higher scores only, except
    through a hand won for 0 points (an undercut of a tie with no undercut bonus), which
    keeps the score and moves the deal: those pairs of cells are solved together.

    A game to 2 where every hand scores 1 for either player, as likely: from 1-1 the next
    hand decides; from 1-0 the leader wins at once or gets a second chance.

    >>> tables = solve_odds(HandOdds((0.0, 0.5), (0.0, 0.5), 0.0, 2), Rules(target=2))
    >>> tables.win
    [[0.5, 0.25], [0.75, 0.5]]
    """
    if not isinstance(hand, HandOdds):
        raise ArgumentError(f"solve_odds: hand must be a HandOdds, got {excerpt(hand)}")
    rules = check_rules(rules)
    target, box = rules.target, rules.box_bonus
    reach = max(len(hand.dealer), len(hand.nondealer))
    length = max(reach, target + 1)
    dealer = [*hand.dealer, *[0.0] * (length - len(hand.dealer))]
    nondealer = [*hand.nondealer, *[0.0] * (length - len(hand.nondealer))]
    nobody, dealer_zero, nondealer_zero = hand.nobody, dealer[0], nondealer[0]
    # r X(a, b) + q X(b, a) = B(a, b) for the dealer's win chance X, and the same r and q
    # for the race table: r keeps what leaves the score, q moves the deal at the same score.
    r, q = 1.0 - nobody - dealer_zero, nondealer_zero

    def tails(chances: list[float], weight: int) -> list[float]:
        """tails[j]: the sum over k >= j of chances[k] * (k + weight) (weight -1: the
        chance itself)."""
        out = [0.0] * (length + 1)
        for k in range(length - 1, -1, -1):
            out[k] = out[k + 1] + chances[k] * (1 if weight < 0 else k + weight)
        return out

    dealer_tail, nondealer_tail = tails(dealer, -1), tails(nondealer, -1)
    dealer_gain_tail, nondealer_gain_tail = tails(dealer, box), tails(nondealer, box)
    step = (dealer_gain_tail[1] - nondealer_gain_tail[1]
            + (dealer_zero - nondealer_zero) * box)  # race points and boxes of the next hand
    dot = _dot
    # Column-major (col[b][a] is the value at a-b) so each sum reads one slice.
    win = [[0.0] * target for _ in range(target)]
    race = [[0.0] * target for _ in range(target)]
    for total in range(2 * target - 2, -1, -1):
        for mine in range(max(0, total - target + 1), min(total, target - 1) + 1):
            theirs = total - mine
            if mine > theirs:
                continue
            b1, b2 = (_right_sides(a, b, target, reach, dealer, nondealer, dealer_tail,
                                   nondealer_tail, win, race, step, q, dot)
                      for a, b in ((mine, theirs), (theirs, mine)))
            for table, index in ((win, 0), (race, 1)):
                first, second = b1[index], b2[index]
                if mine == theirs:
                    table[theirs][mine] = first / (r + q)
                else:
                    table[theirs][mine] = (r * first - q * second) / (r * r - q * q)
                    table[mine][theirs] = (r * second - q * first) / (r * r - q * q)
    # The shutout race: only the player's own wins move, any win of the opponent ends it.
    shutout = [[0.0] * target, [0.0] * target]
    gain = [[0.0] * target, [0.0] * target]
    for mine in range(target - 1, -1, -1):
        need = target - mine
        ahead = [shutout[0][a] for a in range(mine + 1, target)]
        ahead_gain = [gain[0][a] + (a - mine + box) * shutout[0][a]
                      for a in range(mine + 1, target)]
        deal = (dot(dealer[1:need], ahead) + dealer_tail[need]) / r
        shutout[0][mine] = deal
        gain[0][mine] = (dot(dealer[1:need], ahead_gain) + dealer_gain_tail[need]
                         + dealer_zero * box * deal) / r
        shutout[1][mine] = (dot(nondealer[1:need], ahead) + nondealer_tail[need]
                            + nondealer_zero * deal) / (1 - nobody)
        gain[1][mine] = (dot(nondealer[1:need], ahead_gain) + nondealer_gain_tail[need]
                         + nondealer_zero * (box * deal + gain[0][mine])) / (1 - nobody)
    return OddsTables([list(row) for row in zip(*win, strict=True)],
                      [list(row) for row in zip(*race, strict=True)], shutout, gain)


def _right_sides(mine: int, theirs: int, target: int, reach: int, dealer: list[float],
                 nondealer: list[float], dealer_tail: list[float], nondealer_tail: list[float],
                 win: list[list[float]], race: list[list[float]], step: float, q: float,
                 dot: Any) -> tuple[float, float]:
    """B(a, b) of the win and race equations of the dealer at ``mine``-``theirs``: what the
    hands that change the score bring (from cells already solved), plus the deal moving to
    the opponent at the same score (the constant part of it)."""
    mine_need, their_need = target - mine, target - theirs
    # No hand scores more than reach - 1: past that the chances are 0, so the sums stop there.
    mine_end, their_end = min(mine_need, reach), min(their_need, reach)
    dealer, nondealer = dealer[1:mine_end], nondealer[1:their_end]
    win_ahead = win[theirs][mine + 1:mine + mine_end]
    win_behind = win[mine][theirs + 1:theirs + their_end]
    # Win: the dealer wins k (keeps the deal) or the opponent wins k (and deals).
    win_sum = (dot(dealer, win_ahead) + dealer_tail[mine_need]
               + nondealer_tail[1] - nondealer_tail[their_need]
               - dot(nondealer, win_behind) + q)
    race_sum = (step + dot(dealer, race[theirs][mine + 1:mine + mine_end])
                - dot(nondealer, race[mine][theirs + 1:theirs + their_end]))
    return win_sum, race_sum


def _dot(xs: Sequence[float], ys: Sequence[float]) -> float:
    return float(sum(map(operator.mul, xs, ys)))
