"""Puzzles: verified positions from real games, graded by points lost. Most ask “what should I
discard?” (and some, knock or play on?); the draw kind asks take the face-up card, or draw?

- :mod:`gin_teach.puzzles.puzzle`: the :class:`Puzzle` value, :class:`Grade`, the verdict
  thresholds and the bank's JSON form (:func:`load_bank`); :mod:`gin_teach.puzzles.fields`
  checks a puzzle's fields.
- :mod:`gin_teach.puzzles.kinds`: the take-or-draw and play-on puzzles, verified.
- :mod:`gin_teach.puzzles.verify`: which positions are kept, their tier, theme and margins.
- The judge (:mod:`gin_teach.judge`) values every choice; the bank stores its numbers.
- :mod:`gin_teach.puzzles.generate`: the bank generator
  (``python -m gin_teach.puzzles generate --count N --seed S --jobs J``).

>>> puzzle = load_bank()[0]
>>> puzzle.grade(puzzle.best_choice.card).verdict
'best'
"""

from gin_teach.puzzles import puzzle
from gin_teach.puzzles.puzzle import *  # noqa: F403

# The package's names are its puzzle module's own (generate and verify are imported by name).
__all__ = [*puzzle.__all__]
