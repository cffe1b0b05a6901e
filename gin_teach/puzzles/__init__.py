"""Puzzles: verified positions from real games, graded by points lost. Most ask “what should I
discard?” (and some, knock or play on?); the draw kind asks take the face-up card, or draw?

- :mod:`gin_teach.puzzles.puzzle`: the :class:`Puzzle` value and the verdict thresholds;
  :mod:`gin_teach.puzzles.grade` its :class:`Grade`; :mod:`gin_teach.puzzles.fields` checks a
  puzzle's fields.
- :mod:`gin_teach.puzzles.bank`: the bank's JSON form, the bank that ships
  (:func:`load_bank`) and the puzzle a lesson draws from it (:func:`puzzle_for`).
- :mod:`gin_teach.puzzles.kinds`: the take-or-draw and play-on puzzles, verified.
- :mod:`gin_teach.puzzles.verify`: which positions are kept, their tier, theme and margins.
- The judge (:mod:`gin_teach.judge`) values every choice; the bank stores its numbers.
- :mod:`gin_teach.puzzles.generate`: the bank generator
  (``python -m gin_teach.puzzles generate --count N --seed S --jobs J``).

>>> puzzle = load_bank()[0]
>>> puzzle.grade(puzzle.best_choice.card).verdict
'best'
"""

from gin_teach.puzzles import bank, puzzle
from gin_teach.puzzles.bank import *  # noqa: F403
from gin_teach.puzzles.puzzle import *  # noqa: F403

# The package's names are its puzzle and bank modules' own (generate and verify are imported
# by name).
__all__ = [*puzzle.__all__, *bank.__all__]
