"""A game's count: the race points, the boxes for rounds won, the game bonus (a shutout's
bigger one, or the whole total doubled), and the winner's margin.

Counting needs only the rules, so a scoresheet, the chance of winning the game and a lesson
count a game here without playing one (:class:`~gin_teach.engine.game.Game` counts its own
with :meth:`GameTotals.count`).
"""

from __future__ import annotations

from dataclasses import dataclass

from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments

__all__ = ["GameTotals"]


@dataclass(frozen=True)
class GameTotals:
    """The final (or provisional) count of a game, per player: the race points, the box
    bonus for rounds won, the game bonus, and the total. Boxes never count in the race.

    >>> totals = GameTotals.count((104, 37), (4, 2), Rules())
    >>> totals.box_points, totals.game_bonus, totals.total, totals.winner, totals.margin
    ((100, 50), (100, 0), (304, 87), 0, 217)
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
    @names_bad_arguments
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
        totals = [points[0] + boxes[0], points[1] + boxes[1]]
        shutout = doubled = False
        if winner is not None:
            shutout = rounds_won[1 - winner] == 0
            doubled = shutout and rules.shutout_doubles
            # Doubling replaces the shutout bonus: the plain game bonus, then the whole total x2.
            bonus[winner] = (rules.shutout_game_bonus if shutout and not doubled
                             else rules.game_bonus)
            totals[winner] += bonus[winner]
            if doubled:
                totals[winner] *= 2
        return cls(points, rounds_won, boxes, (bonus[0], bonus[1]), (totals[0], totals[1]),
                   winner, shutout, doubled)
