"""A grade: how good an answer to a puzzle was, by the judge's verdict and the points it
loses (:meth:`~gin_teach.puzzles.puzzle.Puzzle.grade` gives one), in words a learner reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from gin_teach.core.cards import Card
from gin_teach.core.verdicts import ACCEPTED

__all__ = ["Grade"]


@dataclass(frozen=True)
class Grade:
    """How good an answer was: ``verdict`` (one of :data:`VERDICTS`), ``points_lost`` (expected
    points against the best choice), the ``better`` card and knock decision to learn from (None
    when the answer was best) and an ``explanation`` a learner can read.

    >>> from gin_teach.puzzles import load_bank
    >>> puzzle = load_bank()[0]
    >>> grade = puzzle.grade(puzzle.best_choice.card)
    >>> grade.verdict, grade.better
    ('best', None)
    """

    card: Card
    knock: bool
    verdict: str
    points_lost: float
    better: Card | None
    better_knock: bool | None
    explanation: str
    take: bool | None = None
    """In a draw puzzle, whether the answer took ``card`` (the face-up card); else None."""
    better_take: bool | None = None
    """In a draw puzzle, the better choice (None when the answer was best)."""

    @property
    def score(self) -> float:
        """The attempt's result for the rating: 1 for best or good (solved), 0.5 for an
        inaccuracy, else 0.

        >>> from gin_teach.puzzles import load_bank
        >>> load_bank()[0].grade(load_bank()[0].best_choice.card).score
        1.0
        """
        return {"best": 1.0, "good": 1.0, "inaccuracy": 0.5}.get(self.verdict, 0.0)

    @property
    def solved(self) -> bool:
        """Best or good: the answer is accepted."""
        return self.verdict in ACCEPTED

    @property
    def move(self) -> str:
        """The answer graded, as a move: ``"discard KS"``, ``"knock KS"``, ``"take"`` or
        ``"draw"``.

        >>> from gin_teach.puzzles import load_bank
        >>> puzzle = load_bank()[0]
        >>> puzzle.grade(puzzle.best_choice.card).move == puzzle.best_choice.move
        True
        """
        if self.take is not None:
            return "take" if self.take else "draw"
        return f"{'knock' if self.knock else 'discard'} {self.card.code}"
