"""The parts of a learner's record and their limits, read back from its JSON form: an
exercise's and a game's record, how much of each part a record keeps, and every field checked
(:func:`progress_fields`), so a damaged or hostile file is refused with the field named.
:class:`~gin_teach.learner.record.Progress` is made of these.

>>> GameRecord("2025-12-03T18:30", False, (40, 112), 5).accuracy is None
True
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gin_teach.core.validation import check_nesting, names_bad_arguments
from gin_teach.errors import ProgressError, RatingError
from gin_teach.learner.rating import (
    MAX_DEVIATION,
    RATING_RANGE,
    UPDATED_DEVIATION,
    UPDATED_VOLATILITY,
    Rating,
)
from gin_teach.learner.review_schedule import ReviewEntry

__all__ = [
    "DAYS_KEPT",
    "EXERCISES_KEPT",
    "GAMES_KEPT",
    "HISTORY_KEPT",
    "LONGEST_NAME",
    "MIN_DEVIATION",
    "MOST_POINTS",
    "MOST_ROUNDS",
    "OWN_PUZZLES_KEPT",
    "PROGRESS_FORMAT",
    "RECENT_KEPT",
    "REVIEWS_KEPT",
    "THEMES_KEPT",
    "VOLATILITY_RANGE",
    "ExerciseRecord",
    "GameRecord",
    "progress_fields",
]
# soonest_reviews and stored_number, shared with the record's own methods, check nothing, so
# they stay out of __all__, the names the package checks and fuzzes with odd values.

PROGRESS_FORMAT = 2
"""Format 1 (rating, streaks, solved, recent) is read and migrated; format 2 adds the
history, themes, days, reviews, exercises and games."""
RECENT_KEPT = 200
"""How many recent attempts (puzzle id and score) are kept."""
HISTORY_KEPT = 2000
"""How many dated attempts (for the rating-over-time chart) are kept."""
GAMES_KEPT = 500
DAYS_KEPT = 3660
EXERCISES_KEPT = 2000
OWN_PUZZLES_KEPT = 150
"""How many puzzles from the learner's own games are kept (the oldest go first): at most
about a megabyte of a record that may hold four."""
THEMES_KEPT = 1000
"""How many themes are rated: a puzzle's theme past these is not rated (its attempt still
counts overall)."""
REVIEWS_KEPT = 5000
"""How many puzzles the review schedule holds: past these, the ones the learner knows best
(due last) leave it, so the record never outgrows its file."""
LONGEST_NAME = 199
"""The most characters of a puzzle id, a theme, an exercise key or a stored time."""
VOLATILITY_RANGE = UPDATED_VOLATILITY
"""The Glicko-2 volatility a loaded record is clamped into: far outside it the volatility
step fails (a volatility of 1e-300 has no logarithm in floating point). A rating update
keeps within it, so a saved rating loads back as it was."""
MIN_DEVIATION = UPDATED_DEVIATION[0]
MOST_POINTS = 10**6
MOST_ROUNDS = 10**4
"""A game's points and rounds stay below these in a record."""


@dataclass(frozen=True)
class ExerciseRecord:
    """One checked lesson exercise: its ``lesson`` (the notebook's name, or ""), the ``tries``
    until it was first solved (or so far), and when it was ``first_solved`` (None: not yet).

    >>> ExerciseRecord("01_cards", 2, "2025-12-03T18:30").first_solved
    '2025-12-03T18:30'
    """

    lesson: str = ""
    tries: int = 0
    first_solved: str | None = None


@dataclass(frozen=True)
class GameRecord:
    """One game played at the table: when it ended, whether the learner ``won``, the final
    ``points`` (the learner's first), the ``rounds`` played and the coach's review ``accuracy``
    (0-100; None when the coach was off).

    >>> GameRecord("2025-12-03T18:30", True, (112, 40), 5, 81.0).won
    True
    """

    when: str
    won: bool
    points: tuple[int, int]
    rounds: int
    accuracy: float | None = None


def soonest_reviews(reviews: Mapping[str, ReviewEntry], kept: int) -> dict[str, ReviewEntry]:
    """The ``kept`` reviews due soonest: the puzzles the learner knows least (what a record
    keeps of a schedule grown too long).

    >>> import datetime
    >>> from gin_teach.learner.review_schedule import after_attempt
    >>> when = datetime.datetime(2025, 12, 3, 18, 0)
    >>> missed = after_attempt(None, 0.0, when)  # due again the next day
    >>> known = after_attempt(missed, 1.0, missed.due)  # solved then: due days later
    >>> schedule = {"known": known, "missed": missed}
    >>> list(soonest_reviews(schedule, 1))
    ['missed']
    """
    ranked = sorted(reviews.items(), key=lambda item: (item[1].due, item[0]))
    return dict(ranked[:kept])


@names_bad_arguments
def progress_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The fields of a learner's record (:class:`~gin_teach.learner.record.Progress`) read
    back from its JSON form, each checked (format 1 is migrated): what
    :meth:`~gin_teach.learner.record.Progress.from_dict` makes the record of, beside the
    fields it does not know. A bad field raises :class:`~gin_teach.errors.ProgressError`
    naming it.

    >>> fields = progress_fields({"format": 1, "rating": [1500, 80, 0.06], "streak": 2,
    ...                           "best_streak": 3, "attempts": 9, "solved": ["p1"],
    ...                           "recent": [["p1", 1.0]]})
    >>> fields["streak"], sorted(fields["solved"]), fields["history"]
    (2, ['p1'], ())
    >>> progress_fields({"format": 2, "streak": -1})
    Traceback (most recent call last):
    ...
    gin_teach.errors.ProgressError: streak, best_streak and attempts must be whole numbers
    """
    if data.get("format") not in (1, PROGRESS_FORMAT):
        raise ProgressError(f"not a gin_teach progress record of format 1 or "
                            f"{PROGRESS_FORMAT}")
    if data["format"] == 1:
        data = {**data, "history": [], "themes": {}, "days": [], "reviews": {},
                "exercises": {}, "games": []}
    counts = [n for key in ("streak", "best_streak", "attempts")
              if type(n := data.get(key)) is int and 0 <= n < 10**9]
    if len(counts) != 3:
        raise ProgressError("streak, best_streak and attempts must be whole numbers")
    solved, recent = data.get("solved"), data.get("recent")
    if not (isinstance(solved, list) and all(_short_text(s) for s in solved)):
        raise ProgressError("solved must be a list of puzzle ids")
    if not (isinstance(recent, list) and len(recent) <= RECENT_KEPT and all(
            isinstance(r, list) and len(r) == 2 and _short_text(r[0]) and _score(r[1])
            for r in recent)):
        raise ProgressError("recent must be a list of [puzzle id, score] pairs")
    # In the record's order, so the first bad field is the one named.
    return {"rating": _rating(data.get("rating"), "rating"), "streak": counts[0],
            "best_streak": counts[1], "attempts": counts[2], "solved": frozenset(solved),
            "recent": tuple((r[0], float(r[1])) for r in recent),
            "history": _history(data.get("history")), "themes": _themes(data.get("themes")),
            "days": _days(data.get("days")), "reviews": _reviews(data.get("reviews")),
            "exercises": _exercises(data.get("exercises")), "games": _games(data.get("games")),
            "own_puzzles": _own_puzzles(data.get("own_puzzles", {}))}


def _short_text(value: object) -> bool:
    return isinstance(value, str) and len(value) < 200


def stored_number(value: object) -> bool:
    """Whether ``value`` is a number a record may hold: an int or a float, finite (a bool is
    no number here).

    >>> stored_number(81.5), stored_number(float("inf")), stored_number(True)
    (True, False, False)
    """
    return (not isinstance(value, bool) and isinstance(value, (int, float))
            and math.isfinite(value))


def _score(value: object) -> bool:
    return stored_number(value) and 0.0 <= value <= 1.0  # type: ignore[operator]


def _rating(value: object, what: str) -> Rating:
    if not (isinstance(value, list) and len(value) == 3 and all(stored_number(v) for v in value)):
        raise ProgressError(f"{what} must be [rating, deviation, volatility]")
    rating, deviation, volatility = (float(v) for v in value)
    if not 0 < deviation <= MAX_DEVIATION or volatility <= 0:
        raise ProgressError(f"{what}: a deviation must be in (0, {MAX_DEVIATION:g}] and a "
                            "volatility above 0")
    try:
        return Rating(rating, max(deviation, MIN_DEVIATION),
                      min(max(volatility, VOLATILITY_RANGE[0]), VOLATILITY_RANGE[1]))
    except RatingError as error:
        raise ProgressError(f"{what}: {error}") from None


def _items(value: object, what: str, most: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise ProgressError(f"{what} must be a list of at most {most} entries")
    return value


def _mapping(value: object, what: str, most: int) -> dict[str, Any]:
    if not isinstance(value, dict) or len(value) > most or not all(map(_short_text, value)):
        raise ProgressError(f"{what} must be an object of at most {most} entries")
    return value


def _history(value: object) -> tuple[tuple[str, str, float, float], ...]:
    rows = _items(value, "history", HISTORY_KEPT)
    if not all(isinstance(r, list) and len(r) == 4 and _short_text(r[0]) and _short_text(r[1])
               and _score(r[2]) and stored_number(r[3])
               and RATING_RANGE[0] <= r[3] <= RATING_RANGE[1] for r in rows):
        raise ProgressError("history must be a list of [time, puzzle id, score, rating]")
    return tuple((r[0], r[1], float(r[2]), float(r[3])) for r in rows)


def _themes(value: object) -> dict[str, Rating]:
    return {theme: _rating(r, f"theme {theme[:40]!r}")
            for theme, r in _mapping(value, "themes", THEMES_KEPT).items()}


def _days(value: object) -> frozenset[str]:
    days = _items(value, "days", DAYS_KEPT)
    try:
        return frozenset(datetime.date.fromisoformat(d).isoformat() for d in days)
    except (TypeError, ValueError):
        raise ProgressError("days must be a list of dates like 2025-12-03") from None


def _reviews(value: object) -> dict[str, ReviewEntry]:
    # An older gin_teach kept up to 100,000: such a schedule is trimmed, not refused.
    reviews = {pid: ReviewEntry.from_dict(e)
               for pid, e in _mapping(value, "reviews", 100_000).items()}
    return soonest_reviews(reviews, REVIEWS_KEPT) if len(reviews) > REVIEWS_KEPT else reviews


def _exercises(value: object) -> dict[str, ExerciseRecord]:
    found = {}
    for key, row in _mapping(value, "exercises", EXERCISES_KEPT).items():
        if not (isinstance(row, list) and len(row) == 3 and _short_text(row[0])
                and type(row[1]) is int and 0 <= row[1] < 10**9
                and (row[2] is None or _short_text(row[2]))):
            raise ProgressError("an exercise must be [lesson, tries, first solved or null]")
        found[key] = ExerciseRecord(row[0], row[1], row[2])
    return found


def _own_puzzles(value: object) -> dict[str, dict[str, Any]]:
    # Each puzzle is checked field by field when it is read back as a Puzzle (a broken one
    # is then left out, never the record): here only its shape.
    found = _mapping(value, "own_puzzles", OWN_PUZZLES_KEPT)
    check_nesting(found, what="record's own puzzles", error=ProgressError, max_depth=20)
    if not all(isinstance(data, dict) and data.get("id") == pid for pid, data in found.items()):
        raise ProgressError("own_puzzles must map each puzzle id to that puzzle")
    return {pid: dict(data) for pid, data in found.items()}


def _games(value: object) -> tuple[GameRecord, ...]:
    rows = _items(value, "games", GAMES_KEPT)
    games = []
    for row in rows:
        if not (isinstance(row, list) and len(row) == 5 and _short_text(row[0])
                and isinstance(row[1], bool) and isinstance(row[2], list) and len(row[2]) == 2
                and all(type(p) is int and 0 <= p < MOST_POINTS for p in row[2])
                and type(row[3]) is int and 0 <= row[3] < MOST_ROUNDS
                and (row[4] is None or (stored_number(row[4]) and 0 <= row[4] <= 100))):
            raise ProgressError("a game must be [time, won, [points, points], rounds, "
                                "accuracy or null]")
        games.append(GameRecord(row[0], row[1], (row[2][0], row[2][1]), row[3],
                                None if row[4] is None else float(row[4])))
    return tuple(games)

