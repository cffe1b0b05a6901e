"""A learner's puzzle progress: rating, streak and attempts, kept in a small JSON file.

The file is written atomically (a temporary file in the same folder, then ``os.replace``), so
a crash never leaves half a file. A damaged or unreadable file is set aside under a new name,
with a message saying where, and a fresh record starts: the learner never sees a traceback.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
>>> progress, message = load_progress(path)
>>> progress.attempts, message is None
(0, True)
>>> progress = progress.record("p0001", Rating(1400, 60), 1.0)
>>> save_progress(progress, path)
>>> load_progress(path)[0].streak
1
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from gin_teach.rating import Rating, RatingError

FRESH_RATING = Rating()
"""Where every learner starts: 1500, with the widest deviation."""

__all__ = [
    "FRESH_RATING",
    "MAX_PROGRESS_BYTES",
    "PROGRESS_FORMAT",
    "Progress",
    "default_progress_path",
    "load_progress",
    "save_progress",
]

PROGRESS_FORMAT = 1
MAX_PROGRESS_BYTES = 1_000_000
"""A progress file larger than this is not ours (a learner's record stays far below)."""
RECENT_KEPT = 200
"""How many recent attempts the file keeps (puzzle id and score), so it stays small."""


def default_progress_path() -> Path:
    """Where progress is kept unless told otherwise: ``~/.gin_teach/puzzle_progress.json``
    (``GIN_TEACH_HOME`` replaces ``~/.gin_teach``, for classrooms and tests).

    >>> default_progress_path().name
    'puzzle_progress.json'
    """
    home = os.environ.get("GIN_TEACH_HOME")
    folder = Path(home) if home else Path.home() / ".gin_teach"
    return folder / "puzzle_progress.json"


@dataclass(frozen=True)
class Progress:
    """What a learner has done: ``rating`` (Glicko-2), ``streak`` (puzzles solved in a row),
    ``best_streak``, ``attempts``, ``solved`` (ids of puzzles solved at least once) and
    ``recent`` (the last attempts as (id, score) pairs, newest last).

    >>> p = Progress().record("p1", Rating(1500, 50), 1.0).record("p2", Rating(1500, 50), 0.0)
    >>> p.streak, p.best_streak, p.attempts, sorted(p.solved)
    (0, 1, 2, ['p1'])
    """

    rating: Rating = FRESH_RATING
    streak: int = 0
    best_streak: int = 0
    attempts: int = 0
    solved: frozenset[str] = frozenset()
    recent: tuple[tuple[str, float], ...] = ()

    def record(self, puzzle_id: str, puzzle_rating: Rating, score: float) -> Progress:
        """The progress after one attempt scored ``score`` (1 solved, 0.5 half, 0 missed)
        against a puzzle rated ``puzzle_rating``.

        >>> Progress().record("p1", Rating(1500, 50), 0.5).streak
        0
        """
        rating = self.rating.update([(puzzle_rating, score)])
        solved = score >= 1.0
        streak = self.streak + 1 if solved else 0
        return replace(self, rating=rating, streak=streak,
                       best_streak=max(self.best_streak, streak), attempts=self.attempts + 1,
                       solved=self.solved | {puzzle_id} if solved else self.solved,
                       recent=(*self.recent, (puzzle_id, float(score)))[-RECENT_KEPT:])

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (format version included).

        >>> Progress().to_dict()["format"]
        1
        """
        return {"format": PROGRESS_FORMAT,
                "rating": [self.rating.rating, self.rating.deviation, self.rating.volatility],
                "streak": self.streak, "best_streak": self.best_streak,
                "attempts": self.attempts, "solved": sorted(self.solved),
                "recent": [list(item) for item in self.recent]}

    @classmethod
    def from_dict(cls, data: object) -> Progress:
        """Read the JSON form back, checking every field; a bad one raises ``ValueError``.

        >>> Progress.from_dict(Progress().to_dict()) == Progress()
        True
        """
        if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
            raise ValueError("not a gin_teach progress record of format 1")
        rating = data.get("rating")
        if not (isinstance(rating, list) and len(rating) == 3):
            raise ValueError("rating must be [rating, deviation, volatility]")
        counts = [data.get(key) for key in ("streak", "best_streak", "attempts")]
        numbers = [n for n in counts if type(n) is int and 0 <= n < 10**9]
        if len(numbers) != len(counts):
            raise ValueError("streak, best_streak and attempts must be whole numbers")
        solved, recent = data.get("solved"), data.get("recent")
        if not (isinstance(solved, list) and all(isinstance(s, str) and len(s) < 64
                                                 for s in solved)):
            raise ValueError("solved must be a list of puzzle ids")
        if not (isinstance(recent, list) and len(recent) <= RECENT_KEPT and all(
                isinstance(r, list) and len(r) == 2 and isinstance(r[0], str)
                and isinstance(r[1], (int, float)) and math.isfinite(r[1]) for r in recent)):
            raise ValueError("recent must be a list of [puzzle id, score] pairs")
        try:
            learner = Rating(*rating)
        except (RatingError, TypeError) as error:
            raise ValueError(str(error)) from None
        return cls(learner, numbers[0], numbers[1], numbers[2], frozenset(solved),
                   tuple((r[0], float(r[1])) for r in recent))


def load_progress(path: str | Path | None = None) -> tuple[Progress, str | None]:
    """The progress saved at ``path`` (default :func:`default_progress_path`) and a message for
    the learner, or None. A missing file is a fresh start; a damaged one is renamed
    ``<name>.damaged-<time>`` and a fresh record starts, with a message saying so.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "p.json"
    >>> _ = path.write_text("{not json")
    >>> progress, message = load_progress(path)
    >>> progress == Progress(), "set aside" in message
    (True, True)
    """
    path = Path(path) if path is not None else default_progress_path()
    if not path.exists():
        return Progress(), None
    try:
        if path.stat().st_size > MAX_PROGRESS_BYTES:
            raise ValueError(f"the file is larger than {MAX_PROGRESS_BYTES} bytes")
        text = path.read_text(encoding="utf-8")
        return Progress.from_dict(json.loads(text)), None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        problem = str(error)[:120]
    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, aside)
    except OSError as error:
        return Progress(), (f"Your progress file {path} could not be read ({problem}) nor "
                            f"moved aside ({str(error)[:80]}); starting fresh without it.")
    return Progress(), (f"Your progress file {path} was damaged ({problem}); it is set aside "
                        f"as {aside.name} and a fresh record starts.")


def save_progress(progress: Progress, path: str | Path | None = None) -> None:
    """Write ``progress`` to ``path`` atomically (a temporary file, then ``os.replace``),
    creating the folder if needed.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "deeper" / "p.json"
    >>> save_progress(Progress(), path)
    >>> sorted(p.name for p in path.parent.iterdir())
    ['p.json']
    """
    path = Path(path) if path is not None else default_progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(progress.to_dict(), out)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
