"""What a puzzle's verification hands the puzzle: the hint of each tier and one measured
choice (:class:`ChoiceValue`). Below both :mod:`gin_teach.puzzles.puzzle` and
:mod:`gin_teach.puzzles.verify`, so neither imports the other to share them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gin_teach.cards import Card

__all__ = ["HINTS", "ChoiceValue"]

HINTS: Final = {
    1: "Count the deadwood each discard would leave.",
    2: "Two discards leave about the same count: which keeps more cards that could still come?",
    3: "Look through the discard pile: which of your cards can no longer become a meld?",
    4: "What has your opponent taken and thrown? Which of your cards would help it?",
    5: "Think about the whole hand: how much stock is left, and what can still go wrong?",
}

@dataclass(frozen=True)
class ChoiceValue:
    """One choice of a puzzle, measured: discard ``card`` (and ``knock`` or not), losing
    ``points_lost`` expected points against the best choice, for the reason ``why``.

    >>> ChoiceValue(Card.parse("KS"), False, 2.5, "K♠ is worse than 2♦").points_lost
    2.5
    """

    card: Card
    knock: bool
    points_lost: float
    why: str
    error: float = 0.0
    """The standard error of ``points_lost``: the judge's measurement noise."""
    take: bool | None = None
    """In a draw puzzle, whether this choice takes ``card`` (the face-up card) or draws from
    the stock; None in a discard puzzle."""

    @property
    def move(self) -> str:
        """The choice as a move: ``"discard KS"``, ``"knock KS"``, ``"take"`` or ``"draw"``.

        >>> ChoiceValue(Card.parse("KS"), False, 0.0, "", take=True).move
        'take'
        """
        if self.take is not None:
            return "take" if self.take else "draw"
        return f"{'knock' if self.knock else 'discard'} {self.card.code}"
