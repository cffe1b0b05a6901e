"""The chance of winning the game from a score, and what the game is worth in points: gin's
match-equity tables (as backgammon has), one per rule preset.

A game is a race to the target (100): whoever's race points reach it first wins, and the
boxes and the game bonus are added only at the end. So a choice at 97-77 is not worth "3
points this hand" but "the game": :func:`after_hand` turns a hand's result into the chance of
winning the game, and a judge averaging it over its playouts values a choice in games won.

At 97-77 under the modern rules the leader wins about two games in three from the start
of a hand: any hand it wins ends the game, but so does the trailer's gin, and a small win
of the trailer's makes the next hand decide. A hand that ends with 3 or more points to the
leader wins the game, whatever it is worth in points:

>>> chance = win_chance(97, 77, "modern")  # from the start of a hand, either dealing
>>> 0.55 < chance < 0.75
True
>>> after_hand(97, 77, 3, "modern")  # a knock that scores 3 or more ends the game: won
1.0
>>> after_hand(97, 77, -15, "modern") < chance < after_hand(97, 77, 2, "modern")
True

A judge values a choice at a score by what its playouts end in, each hand's points turned
into the game: here four imagined hands after a knock, one of them undercut by 30.

>>> ends = [12, 12, -30, 5]  # the player's points in each (negative: the opponent's)
>>> f"knocking wins the game {sum(after_hand(97, 77, p) for p in ends) / len(ends):.0%}"
'knocking wins the game 75%'

How the tables are made. ``benchmarks/game_odds.py`` plays thousands of seeded hands
between two of the package's players (the Defender against itself by default) and records
each hand's ending as a :class:`HandRecord`: who knocked (the dealer or not), gin, big gin or
a knock with both counts, or a dead hand. Under any rules of the same play (knock limit,
Oklahoma, jokers, ...) those records give the points of every hand (:class:`HandOdds`), and
an exact dynamic programme over the scores (not a simulation of whole games) gives the
chance of winning from every score (:class:`GameOdds`). The tables of every preset
(:data:`PRESETS`) ship in ``gin_teach/data/game_odds.json``; other targets and bonuses with
a measured play are worked out when first asked (about two seconds at target 250).

The model: hands are independent of the score, and a hand's outcome depends only on who
deals (the non-dealer has the first look at the upcard and the first draw; the measured
edge is :attr:`HandOdds.nondealer_edge`). The winner of a hand deals the next, and after a
dead hand the same dealer deals again, as the rules say. The benchmark checks the model
against whole games played from fixed scores (its calibration lines).

Which number a judge should maximise. :func:`win_chance` / :func:`after_hand`: winning the
game is what a game is played for, and it is what the learner is told ("knocking wins the
game 80% of the time; playing on, 71%"). It is also what makes a knock that wins the game
with certainty best, however few points it scores. :func:`game_value` /
:func:`game_value_after_hand` is the expected final margin in points, with the boxes, the
game (or shutout) bonus and a shutout's doubling: use it to break ties between choices of
the same win chance (two knocks that both end the game: the bigger one is better, and
keeping a shutout is worth its bonus), and when play is for the final totals (a club table
that pays by the margin). The points of one hand alone stay right where no score is on the
table.
"""

from __future__ import annotations

import dataclasses
import json
import operator
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Final, Literal

from gin_teach.arguments import check_rules
from gin_teach.errors import ArgumentError, RulesError, excerpt
from gin_teach.game import GameTotals
from gin_teach.round import Round
from gin_teach.rules import Rules
from gin_teach.validation import is_finite_number, names_bad_arguments, read_json

__all__ = [
    "FORMAT",
    "LARGEST_TARGET",
    "ODDS_FILE",
    "PLAY_FIELDS",
    "PRESETS",
    "GameOdds",
    "HandOdds",
    "HandRecord",
    "after_hand",
    "covers",
    "game_odds",
    "game_value",
    "game_value_after_hand",
    "load_odds",
    "odds_document",
    "play_of",
    "win_chance",
    "write_odds",
]

FORMAT: Final = "gin_teach game odds"
"""The ``format`` field of the odds file."""
_VERSION: Final = 1
ODDS_FILE: Final = "data/game_odds.json"
LARGEST_TARGET: Final = 500
"""The highest target whose table is worked out on demand (the work grows with the square of
the target: 150 takes about half a second, 250 two seconds, 500 eight)."""
_MAX_SCORE: Final = 1_000_000

PLAY_FIELDS: Final = ("knock_limit", "oklahoma", "straight_gin", "dead_hand_stock", "jokers",
                      "joker_points")
"""The rules that change how a hand is played, so hands measured under one value say
nothing of another. Big gin on or off counts too (:func:`play_of`). The other fields (the
bonuses, ties, the target, Oklahoma's spade doubling) only change how a hand is scored or
when the game ends, so one set of measured hands serves them all."""

PRESETS: Final[dict[str, Rules]] = {
    "modern": Rules.modern(),
    "classic": Rules.classic(),
    "norwegian": Rules.norwegian(),
    "jokers wild": Rules.jokers_wild(),
    "oklahoma": Rules(oklahoma=True, name="oklahoma"),
    "oklahoma spades double": Rules(oklahoma=True, oklahoma_spade_doubles=True,
                                    name="oklahoma spades double"),
}
"""The tables shipped with the package, by name: the three bonus presets, the jokers-wild
table, and Oklahoma with the modern bonuses (with and without a spade upcard doubling)."""

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
    >>> HandRecord("gin", False, 0, 31, spade=True).score(PRESETS["oklahoma spades double"])
    (False, 112)
    """

    ending: Ending
    knocker_deals: bool
    knocker_count: int = 0
    defender_count: int = 0
    spade: bool = False

    def __post_init__(self) -> None:
        if self.ending not in _ENDINGS:
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


class GameOdds:
    """The chance of winning and the expected final margin from every score of one rules'
    game, worked out exactly from the chances of one hand (:class:`HandOdds`).

    Every method takes the scores as the player sees them (``my_score`` first) and
    ``my_deal``: True when the player deals the hand about to start, False when the
    opponent does, None when it is not known (the average of the two, as when the cut is
    still to come).

    >>> odds = GameOdds(HandOdds((0.0, 0.5), (0.0, 0.5), 0.0, 2), Rules(target=2))
    >>> odds.win_chance(1, 1), odds.win_chance(1, 0), odds.after_hand(1, 0, 1)
    (0.5, 0.75, 1.0)
    """

    def __init__(self, hand: HandOdds, rules: Rules, *,
                 tables: Mapping[str, Any] | None = None) -> None:
        if not isinstance(hand, HandOdds):
            raise ArgumentError(f"GameOdds: hand must be a HandOdds, got {excerpt(hand)}")
        rules = check_rules(rules)
        if tables is not None and not (isinstance(tables, Mapping) and "win" in tables):
            raise ArgumentError(f"GameOdds: tables must be None or a mapping with the 'win' "
                                f"table, got {excerpt(tables)}")
        self.hand = hand
        self.rules = rules
        target = rules.target
        if target > LARGEST_TARGET:
            raise RulesError(f"the game odds are worked out for targets up to "
                             f"{LARGEST_TARGET}, got target {target}")
        self._values: tuple[list[list[float]], list[list[float]], list[list[float]]] | None
        if tables is None:
            self._win, *values = _solve(hand, rules)
            self._values = (values[0], values[1], values[2])
        else:
            self._win = [[v / _WIN_SCALE for v in row] for row in tables["win"]]
            if len(self._win) != target or any(len(row) != target for row in self._win):
                raise RulesError(f"the stored odds table does not fit target {target}")
            # The value tables are not stored: worked out from the hands when first asked.
            self._values = None

    def _value_tables(self) -> tuple[list[list[float]], list[list[float]], list[list[float]]]:
        if self._values is None:
            _, race, shutout, gain = _solve(self.hand, self.rules)
            self._values = (race, shutout, gain)
        return self._values

    # ------------------------------------------------------------------------ win chance

    def win_chance(self, my_score: int, their_score: int, *, my_deal: bool | None = None
                   ) -> float:
        """The chance the player with ``my_score`` wins the game, from the start of a hand
        (see :func:`win_chance`)."""
        mine, theirs = self._scores(my_score, their_score, "win_chance", ended=True)
        deals = _deal(my_deal, "win_chance")
        target = self.rules.target
        if mine >= target or theirs >= target:
            return 1.0 if mine >= target else 0.0
        if deals is None:
            return (self._dealing(mine, theirs) + self._receiving(mine, theirs)) / 2
        return self._dealing(mine, theirs) if deals else self._receiving(mine, theirs)

    def after_hand(self, my_score: int, their_score: int, points: int, *,
                   my_deal: bool | None = None) -> float:
        """The chance of winning the game once a hand from this score ends with ``points``
        (see :func:`after_hand`)."""
        mine, theirs = self._scores(my_score, their_score, "after_hand")
        points = _points(points, "after_hand")
        deals = _deal(my_deal, "after_hand")
        target = self.rules.target
        if points > 0:  # the winner of a hand deals the next
            return 1.0 if mine + points >= target else self._dealing(mine + points, theirs)
        if points < 0:
            return 0.0 if theirs - points >= target else self._receiving(mine, theirs - points)
        return self.win_chance(mine, theirs, my_deal=deals)  # the same dealer again

    def _dealing(self, mine: int, theirs: int) -> float:
        return self._win[mine][theirs]

    def _receiving(self, mine: int, theirs: int) -> float:
        # The opponent deals: their chance as the dealer, from their side of the table.
        return 1.0 - self._win[theirs][mine]

    # ---------------------------------------------------------------------- game value

    def game_value(self, my_score: int, their_score: int, *, my_deal: bool | None = None,
                   rounds_won: tuple[int, int] | None = None) -> float:
        """The expected final margin of the game (see :func:`game_value`)."""
        mine, theirs = self._scores(my_score, their_score, "game_value", ended=True)
        deals = _deal(my_deal, "game_value")
        won = _rounds(rounds_won, mine, theirs, "game_value")
        if deals is None:
            return (self._value(mine, theirs, True, won)
                    + self._value(mine, theirs, False, won)) / 2
        return self._value(mine, theirs, deals, won)

    def game_value_after_hand(self, my_score: int, their_score: int, points: int, *,
                              my_deal: bool | None = None,
                              rounds_won: tuple[int, int] | None = None) -> float:
        """The expected final margin once a hand from this score ends with ``points`` (see
        :func:`game_value_after_hand`)."""
        mine, theirs = self._scores(my_score, their_score, "game_value_after_hand")
        points = _points(points, "game_value_after_hand")
        deals = _deal(my_deal, "game_value_after_hand")
        won = _rounds(rounds_won, mine, theirs, "game_value_after_hand")
        if points > 0:
            return self._value(mine + points, theirs, True, (won[0] + 1, won[1]))
        if points < 0:
            return self._value(mine, theirs - points, False, (won[0], won[1] + 1))
        if deals is None:
            return self.game_value(mine, theirs, rounds_won=won)
        return self._value(mine, theirs, deals, won)

    def _value(self, mine: int, theirs: int, deals: bool, won: tuple[int, int]) -> float:
        rules = self.rules
        target, box, bonus = rules.target, rules.box_bonus, rules.game_bonus
        if mine >= target or theirs >= target:
            totals = GameTotals.count((mine, theirs), won, rules)
            return float(totals.total[0] - totals.total[1])
        win = self._dealing(mine, theirs) if deals else self._receiving(mine, theirs)
        race_table = self._value_tables()[0]
        race = race_table[mine][theirs] if deals else -race_table[theirs][mine]
        value = mine - theirs + box * (won[0] - won[1]) + race + bonus * (2 * win - 1)
        # A shutout is still possible for whoever's opponent has won no round: reaching the
        # target before that opponent wins one.
        my_seat, their_seat = (0, 1) if deals else (1, 0)
        if won[1] == 0:
            value += self._shutout_part(mine, won[0], my_seat)
        if won[0] == 0:
            value -= self._shutout_part(theirs, won[1], their_seat)
        return value

    def _shutout_part(self, score: int, rounds: int, seat: int) -> float:
        """What a possible shutout adds to the margin of the player at ``score`` who has won
        ``rounds`` rounds (``seat`` 0: dealing this hand)."""
        rules = self.rules
        _, shutout, gain = self._value_tables()
        chance = shutout[seat][score]
        if not rules.shutout_doubles:
            return (rules.shutout_game_bonus - rules.game_bonus) * chance
        # Doubling adds the winner's whole total again: what is banked now, the game bonus,
        # and what the hands still to come add on the way to the shutout.
        banked = score + rules.box_bonus * rounds + rules.game_bonus
        return banked * chance + gain[seat][score]

    # --------------------------------------------------------------------------- checks

    def _scores(self, my_score: object, their_score: object, caller: str, *,
                ended: bool = False) -> tuple[int, int]:
        mine = _score(my_score, "my_score", caller)
        theirs = _score(their_score, "their_score", caller)
        target = self.rules.target
        if mine >= target and theirs >= target:
            raise ArgumentError(f"{caller}: both scores reach the target {target} "
                                f"({mine}-{theirs}); the game ended when the first did")
        if not ended and max(mine, theirs) >= target:
            raise ArgumentError(f"{caller}: the game is over at {mine}-{theirs} (target "
                                f"{target}): no hand is played")
        return mine, theirs

    # ----------------------------------------------------------------------------- data

    def to_dict(self) -> dict[str, Any]:
        """The win table as the odds file keeps it: ``win[a][b]`` the dealer's chance at
        ``a``-``b`` in ten-thousandths. (The value tables are quick to work out again from
        the hands, so they are not stored.)"""
        return {"win": [[round(v * _WIN_SCALE) for v in row] for row in self._win]}

    def __repr__(self) -> str:
        return (f"<GameOdds {self.rules.name} to {self.rules.target}: "
                f"{self.win_chance(0, 0, my_deal=True):.1%} dealing at 0-0, "
                f"from {self.hand.hands:,} hands>")


_WIN_SCALE: Final = 10_000


def _solve(hand: HandOdds, rules: Rules
           ) -> tuple[list[list[float]], list[list[float]], list[list[float]], list[list[float]]]:
    """The four tables, by the scores, for the player who deals the next hand:

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
    """
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
    return ([list(row) for row in zip(*win, strict=True)],
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


# ------------------------------------------------------------------------- argument checks

def _score(value: object, name: str, caller: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_SCORE:
        raise ArgumentError(f"{caller}: {name} must be a whole number from 0 to "
                            f"{_MAX_SCORE:,}, got {excerpt(value)}")
    return value


def _points(value: object, caller: str) -> int:
    if (isinstance(value, bool) or not isinstance(value, int)
            or not -_MAX_SCORE <= value <= _MAX_SCORE):
        raise ArgumentError(f"{caller}: points must be a whole number (positive: the player "
                            f"scores, negative: the opponent does, 0: nobody), "
                            f"got {excerpt(value)}")
    return value


def _deal(value: object, caller: str) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise ArgumentError(f"{caller}: my_deal must be True, False or None, "
                            f"got {excerpt(value)}")
    return value


def _rounds(value: object, mine: int, theirs: int, caller: str) -> tuple[int, int]:
    if value is None:
        # The fewest rounds the scores allow: a score above 0 took at least one round.
        return (int(mine > 0), int(theirs > 0))
    if (not isinstance(value, (tuple, list)) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= _MAX_SCORE
                       for v in value)):
        raise ArgumentError(f"{caller}: rounds_won must be two whole numbers (the player's, "
                            f"the opponent's), got {excerpt(value)}")
    for score, rounds, whose in ((mine, value[0], "my"), (theirs, value[1], "their")):
        if score > 0 and rounds == 0:
            raise ArgumentError(f"{caller}: {whose} score {score} with no round won: "
                                f"points come only from rounds won")
    return (value[0], value[1])


# ------------------------------------------------------------------------------ the data

@dataclass(frozen=True)
class _Sample:
    name: str
    rules: Rules
    records: dict[HandRecord, int]

    @property
    def hands(self) -> int:
        return sum(self.records.values())


@dataclass(frozen=True)
class _OddsData:
    samples: tuple[_Sample, ...]
    tables: tuple[tuple[str, Rules, str, dict[str, Any]], ...]
    built: dict[str, Any]


def _rules_fields(rules: Rules) -> dict[str, Any]:
    # Only what differs from the defaults: short, and a field added later reads its default.
    default = Rules()
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)
            if f.name != "name" and getattr(rules, f.name) != getattr(default, f.name)}


def _same_rules(a: Rules, b: Rules) -> bool:
    return _rules_fields(a) == _rules_fields(b)


@names_bad_arguments
def odds_document(samples: Mapping[str, tuple[Rules, Mapping[HandRecord, int]]],
                  tables: Mapping[str, tuple[str, GameOdds]], built: Mapping[str, Any]
                  ) -> dict[str, Any]:
    """The odds file's content: the measured hands of each sample (by name: the rules they
    were played under and the records with their counts), the tables (by name: the sample
    they were scored from and the :class:`GameOdds`), and how it was built.

    >>> records = {HandRecord("knock", True, 3, 15): 3, HandRecord("gin", False, 0, 22): 1}
    >>> rules = Rules(target=30)
    >>> odds = GameOdds(HandOdds.from_records(records, rules), rules)
    >>> document = odds_document({"tiny": (rules, records)}, {"tiny": ("tiny", odds)},
    ...                          {"seed": 1})
    >>> document["format"], document["samples"][0]["hands"], len(document["tables"][0]["win"])
    ('gin_teach game odds', 4, 30)
    """
    return {
        "format": FORMAT, "version": _VERSION, "built": dict(built),
        "samples": [{"name": name, "rules": _rules_fields(rules), "hands": sum(rec.values()),
                     "records": [[r.ending, int(r.knocker_deals), r.knocker_count,
                                  r.defender_count, int(r.spade), count]
                                 for r, count in sorted(rec.items(), key=_record_key)]}
                    for name, (rules, rec) in samples.items()],
        "tables": [{"name": name, "rules": _rules_fields(odds.rules), "sample": sample,
                    **odds.to_dict()} for name, (sample, odds) in tables.items()],
    }


def _record_key(item: tuple[HandRecord, int]) -> tuple[object, ...]:
    r = item[0]
    return (r.ending, r.knocker_deals, r.knocker_count, r.defender_count, r.spade)


@names_bad_arguments
def write_odds(path: str | os.PathLike[str], document: Mapping[str, Any]) -> None:
    """Write the odds file whole (a temporary file renamed over it, so a crash never leaves
    half a file), as compact JSON: it ships with the package.

    >>> import os, tempfile
    >>> records = {HandRecord("knock", True, 3, 15): 1}
    >>> rules = Rules(target=10)
    >>> document = odds_document({"one": (rules, records)}, {}, {})
    >>> path = os.path.join(tempfile.mkdtemp(), "odds.json")
    >>> write_odds(path, document)
    >>> with open(path, encoding="utf-8") as saved:
    ...     load_odds(saved.read()).samples[0].records == records
    True
    """
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path):
        raise ArgumentError(f"write_odds: path must name a file, got {excerpt(path)}")
    text = json.dumps(document, separators=(",", ":"))
    folder = os.path.dirname(os.path.abspath(path))
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, suffix=".tmp")
    except OSError as error:
        raise ArgumentError(f"write_odds: cannot write into {excerpt(folder)}: "
                            f"{error.strerror}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text + "\n")
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp's file is private; this one ships
        os.replace(temporary, path)
    except BaseException as error:
        os.unlink(temporary)
        if isinstance(error, OSError):
            raise ArgumentError(f"write_odds: cannot write {excerpt(os.fspath(path))}: "
                                f"{error.strerror}") from None
        raise


@names_bad_arguments
def load_odds(text: str | None = None) -> _OddsData:
    """Read the odds file (the shipped one when ``text`` is None); a file that is not one
    raises :class:`RulesError` naming what is wrong.

    >>> sorted(sample.name for sample in load_odds().samples)
    ['jokers wild', 'oklahoma', 'standard']
    >>> load_odds('{"format": "chess"}')
    Traceback (most recent call last):
    ...
    gin_teach.errors.RulesError: not a gin_teach game odds file
    """
    if text is None:
        return _shipped()
    return _parse(text)


@cache
def _shipped() -> _OddsData:
    source = resources.files("gin_teach").joinpath(ODDS_FILE)
    return _parse(source.read_text(encoding="utf-8"))


def _parse(text: str) -> _OddsData:
    document = read_json(text, what="game odds file", error=RulesError)
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise RulesError("not a gin_teach game odds file")
    if document.get("version") != _VERSION:
        raise RulesError(f"game odds file version {excerpt(document.get('version'))}: "
                         f"this gin_teach reads version {_VERSION}")
    try:
        samples = tuple(
            _Sample(s["name"], Rules(**s["rules"], name=s["name"]),
                    {HandRecord(e, bool(kd), kc, dc, bool(sp)): n
                     for e, kd, kc, dc, sp, n in s["records"]})
            for s in document["samples"])
        tables = tuple((t["name"], Rules(**t["rules"], name=t["name"]), t["sample"],
                        {"win": t["win"]})
                       for t in document["tables"])
        for name, rules, _, table in tables:
            rows = table["win"]
            if (not isinstance(rows, list) or len(rows) != rules.target
                    or not all(isinstance(row, list) and len(row) == rules.target
                               and all(type(v) is int and 0 <= v <= _WIN_SCALE for v in row)
                               for row in rows)):
                raise ValueError(f"table {name!r} is not {rules.target} rows of "
                                 f"{rules.target} chances")
    except (KeyError, TypeError, ValueError) as error:
        raise RulesError(f"the game odds file is damaged: {excerpt(str(error))}") from None
    return _OddsData(samples, tables, dict(document.get("built", {})))


@lru_cache(maxsize=32)
def _odds_for(rules: Rules) -> GameOdds:
    data = _shipped()
    samples = {sample.name: sample for sample in data.samples}
    for _, table_rules, sample_name, tables in data.tables:
        if _same_rules(table_rules, rules):
            sample = samples[sample_name]
            return GameOdds(HandOdds.from_records(sample.records, rules), rules, tables=tables)
    for sample in data.samples:
        if play_of(sample.rules) == play_of(rules):
            return GameOdds(HandOdds.from_records(sample.records, rules), rules)
    measured = "; ".join(f"{s.name} ({_play_words(s.rules)})" for s in data.samples)
    raise RulesError(f"no measured hands for a game of {_play_words(rules)}: the game odds "
                     f"cover {measured}, with any bonuses and target up to {LARGEST_TARGET}")


def _play_words(rules: Rules) -> str:
    words = [f"knock limit {rules.knock_limit}"]
    for flag in ("oklahoma", "straight_gin"):
        if getattr(rules, flag):
            words.append(flag.replace("_", " "))
    if rules.jokers:
        words.append(f"{rules.jokers} jokers ({rules.joker_points} in deadwood)")
    if rules.big_gin_bonus is not None:
        words.append("big gin")
    if rules.dead_hand_stock != Rules().dead_hand_stock:
        words.append(f"dead at {rules.dead_hand_stock} cards")
    return ", ".join(words)


def covers(rules: Rules | str | None = None) -> bool:
    """Whether :func:`game_odds` answers for ``rules`` (a shipped table, or measured hands
    of the same play and a target up to :data:`LARGEST_TARGET`), without working anything
    out: a judge keeps points per hand where this is False.

    >>> covers("modern"), covers(Rules(target=250)), covers(Rules(straight_gin=True))
    (True, True, False)
    """
    rules = PRESETS[rules] if isinstance(rules, str) and rules in PRESETS else Rules.of(rules)
    if rules.target > LARGEST_TARGET:
        return False
    return any(play_of(sample.rules) == play_of(rules) for sample in _shipped().samples)


def game_odds(rules: Rules | str | None = None) -> GameOdds:
    """The :class:`GameOdds` of ``rules`` (a :class:`Rules`, a name in :data:`PRESETS` or
    :meth:`Rules.of`, or None for the modern rules): a shipped table, or one worked out from
    the measured hands of the same play (kept for the next call). Rules whose play was never
    measured (another knock limit, Straight Gin, ...) raise :class:`RulesError` naming what
    is covered.

    >>> game_odds("classic").rules.undercut_bonus, game_odds("oklahoma").rules.oklahoma
    (10, True)
    >>> game_odds(Rules(knock_limit=5))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.RulesError: no measured hands for a game of knock limit 5: the game ...
    """
    if isinstance(rules, str) and rules in PRESETS:
        return _odds_for(PRESETS[rules])
    return _odds_for(Rules.of(rules))


# --------------------------------------------------------------------------- the functions

def win_chance(my_score: int, their_score: int, rules: Rules | str | None = None, *,
               my_deal: bool | None = None) -> float:
    """The chance that the player with ``my_score`` wins the game against ``their_score``,
    from the start of a hand under ``rules`` (None: modern). A score at or past the target
    is a won game (1.0), the opponent's a lost one (0.0).

    ``my_deal``: True when the player deals this hand, False when the opponent does, None
    for the average of the two. The deal is worth little but is kept: the non-dealer sees
    the upcard first and draws first, and in the measured hands (the Defender against
    itself, modern rules) it won 1.3% more of all hands than the dealer, so at 0-0 the
    dealer's chance is about half a point below the other's and at 90-90, where one hand
    decides, about two points. The judge knows who deals, so it may as well say.

    >>> round(win_chance(0, 0), 3)
    0.5
    >>> win_chance(60, 40) > win_chance(50, 40) > win_chance(40, 50)
    True
    >>> win_chance(100, 99), win_chance(40, 120)
    (1.0, 0.0)
    >>> win_chance(-5, 10)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: win_chance: my_score must be a whole number ..., got -5
    """
    return game_odds(rules).win_chance(my_score, their_score, my_deal=my_deal)


def after_hand(my_score: int, their_score: int, points: int,
               rules: Rules | str | None = None, *, my_deal: bool | None = None) -> float:
    """The chance of winning the game once the hand now played from ``my_score`` -
    ``their_score`` ends with ``points``: positive, the player scores them; negative, the
    opponent scores ``-points``; 0, nobody (a dead hand, or a tie that is no undercut).
    The winner of a hand deals the next; after a hand nobody won the same dealer deals
    again, so only then does ``my_deal`` (who dealt this hand) count.

    A judge values a choice at a score by averaging this over its playouts: the chance
    that the choice wins the game.

    >>> after_hand(97, 77, 3, "modern"), after_hand(97, 77, 12, "modern")  # the game
    (1.0, 1.0)
    >>> after_hand(97, 77, -23, "modern")  # the opponent's 23 ends it the other way
    0.0
    >>> 0.4 < after_hand(97, 77, -15, "modern") < 0.6  # 97-92: the next hand decides
    True
    >>> after_hand(100, 77, 3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: after_hand: the game is over at 100-77 (target 100): ...
    """
    return game_odds(rules).after_hand(my_score, their_score, points, my_deal=my_deal)


def game_value(my_score: int, their_score: int, rules: Rules | str | None = None, *,
               my_deal: bool | None = None, rounds_won: tuple[int, int] | None = None
               ) -> float:
    """The expected final margin of the game in points, the player's total minus the
    opponent's, from the start of a hand: race points, a box for every round won, the game
    bonus (the shutout bonus, or the doubled total, where the rules have it). A won game
    counts its margin as :class:`~gin_teach.game.GameTotals` does.

    ``rounds_won`` (the player's, the opponent's) says who may still be shut out and what
    boxes are banked; None takes the fewest the scores allow (one for a score above 0). A
    judge comparing choices can leave it out unless a shutout doubles the total: the banked
    boxes add the same to every choice.

    >>> start = game_value(0, 0, "modern")
    >>> abs(start) < 1  # an even game
    True
    >>> game_value(100, 0, "modern", rounds_won=(3, 0))  # won: 100 + 3 boxes + 200
    375.0
    >>> game_value(50, 0, "modern") > game_value(50, 10, "modern") + 10  # a shutout to keep
    True
    """
    return game_odds(rules).game_value(my_score, their_score, my_deal=my_deal,
                                       rounds_won=rounds_won)


def game_value_after_hand(my_score: int, their_score: int, points: int,
                          rules: Rules | str | None = None, *, my_deal: bool | None = None,
                          rounds_won: tuple[int, int] | None = None) -> float:
    """:func:`game_value` once the hand now played ends with ``points`` (as in
    :func:`after_hand`): the hand's points and box are added to the winner's.

    >>> game_value_after_hand(97, 77, 3, "modern", rounds_won=(4, 3))  # won 100-77, 5 boxes
    173.0
    >>> 100 + 5 * 25 + 100 - (77 + 3 * 25)
    173
    """
    return game_odds(rules).game_value_after_hand(my_score, their_score, points,
                                                  my_deal=my_deal, rounds_won=rounds_won)
