"""What a learner has done, as one value: puzzle ratings (overall and per theme), streaks,
the days practised, the puzzles due for review, the lesson exercises solved and the games
played. :mod:`gin_teach.progress` keeps it in a file; this module only computes.

How an attempt at a puzzle counts (:data:`COUNTING_RULE`, said on screen by the trainer):
the best answer, or a good one (within the judge's noise of the best), solves the puzzle
(score 1); an inaccuracy, or a solve after a hint, counts half (0.5); a mistake, a blunder
or a shown solution is a miss (0). Only the first answer to a puzzle is rated.

>>> import datetime
>>> when = datetime.datetime(2025, 12, 3, 18, 0)
>>> p = Progress().record("p1", Rating(1500, 80), 1.0, themes=("count",), when=when)
>>> p = p.record("p2", Rating(1500, 80), 0.0, themes=("shape",), when=when)
>>> p.streak, p.best_streak, sorted(p.days), sorted(p.reviews)
(0, 1, ['2025-12-03'], ['p2'])
>>> p.themes["count"].rating > 1500 > p.themes["shape"].rating
True
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from gin_teach.errors import ProgressError, RatingError
from gin_teach.rating import MAX_DEVIATION, Rating
from gin_teach.review_schedule import ReviewEntry, after_attempt
from gin_teach.validation import names_bad_arguments

__all__ = [
    "COUNTING_RULE",
    "FRESH_RATING",
    "HISTORY_KEPT",
    "MIN_DEVIATION",
    "OWN_PUZZLES_KEPT",
    "PROGRESS_FORMAT",
    "SOLVED_VERDICTS",
    "VOLATILITY_RANGE",
    "ExerciseRecord",
    "GameRecord",
    "Progress",
    "verdict_score",
]

PROGRESS_FORMAT = 2
"""Format 1 (rating, streaks, solved, recent) is read and migrated; format 2 adds the
history, themes, days, reviews, exercises and games."""
FRESH_RATING = Rating()
"""Where every learner starts: 1500, with the widest deviation."""
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
VOLATILITY_RANGE = (0.001, 0.5)
"""The Glicko-2 volatility a loaded record is clamped into: far outside it the volatility
step fails (a volatility of 1e-300 has no logarithm in floating point)."""
MIN_DEVIATION = 1.0
SOLVED_VERDICTS = frozenset({"best", "good"})
"""The judge's verdicts that solve a puzzle: "good" is within noise of the best."""
COUNTING_RULE = ("best or good solves the puzzle; an inaccuracy, or a solve after a hint, "
                 "counts as half; a mistake, a blunder or a shown solution counts as a miss")


@names_bad_arguments
def verdict_score(verdict: str) -> float:
    """The score of a verdict for the rating: 1 solved, 0.5 half, 0 missed.

    >>> verdict_score("good"), verdict_score("inaccuracy"), verdict_score("blunder")
    (1.0, 0.5, 0.0)
    """
    if verdict in SOLVED_VERDICTS:
        return 1.0
    return 0.5 if verdict == "inaccuracy" else 0.0


def _minute(when: datetime.datetime) -> str:
    return when.isoformat(timespec="minutes")


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


@dataclass(frozen=True)
class Progress:
    """A learner's record. Puzzles: ``rating`` (Glicko-2), ``streak`` (puzzles solved in a
    row), ``best_streak``, ``attempts``, ``solved`` (ids solved at least once), ``recent``
    ((id, score) pairs, newest last), ``history`` ((time, id, score, rating after) tuples),
    ``themes`` (a rating per theme), ``days`` (ISO dates practised) and ``reviews`` (the
    puzzles scheduled for review, by id). Lessons: ``exercises`` (by exercise key). Games:
    ``games``, and ``own_puzzles``: the puzzles made of the learner's own mistakes in them
    (:mod:`gin_teach.own_puzzles`), each in its JSON form by id, oldest first. Methods return
    a new record; none changes this one.

    >>> Progress().record("p1", Rating(1500, 80), 1.0).attempts
    1
    """

    rating: Rating = FRESH_RATING
    streak: int = 0
    best_streak: int = 0
    attempts: int = 0
    solved: frozenset[str] = frozenset()
    recent: tuple[tuple[str, float], ...] = ()
    history: tuple[tuple[str, str, float, float], ...] = ()
    themes: Mapping[str, Rating] = field(default_factory=dict)
    days: frozenset[str] = frozenset()
    reviews: Mapping[str, ReviewEntry] = field(default_factory=dict)
    exercises: Mapping[str, ExerciseRecord] = field(default_factory=dict)
    games: tuple[GameRecord, ...] = ()
    own_puzzles: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    # ------------------------------------------------------------------ puzzles

    def record(self, puzzle_id: str, puzzle_rating: Rating, score: float, *,
               themes: Iterable[str] = (), when: datetime.datetime | None = None) -> Progress:
        """The record after one attempt scored ``score`` (1 solved, 0.5 half, 0 missed)
        against a puzzle rated ``puzzle_rating`` with these ``themes``, at ``when`` (now by
        default): the overall and theme ratings, the streak, the day and the review schedule.

        >>> Progress().record("p1", Rating(1500, 50), 0.5).streak
        0
        """
        when = when or datetime.datetime.now()
        rating = self.rating.update([(puzzle_rating, score)])
        solved = score >= 1.0
        streak = self.streak + 1 if solved else 0
        theme_ratings = dict(self.themes)
        for theme in themes:
            theme_ratings[theme] = theme_ratings.get(theme, FRESH_RATING).update(
                [(puzzle_rating, score)])
        reviews = dict(self.reviews)
        entry = after_attempt(reviews.get(puzzle_id), score, when)
        if entry is not None:
            reviews[puzzle_id] = entry
        return replace(
            self, rating=rating, streak=streak, best_streak=max(self.best_streak, streak),
            attempts=self.attempts + 1,
            solved=self.solved | {puzzle_id} if solved else self.solved,
            recent=(*self.recent, (puzzle_id, float(score)))[-RECENT_KEPT:],
            history=(*self.history, (_minute(when), puzzle_id, float(score),
                                     round(rating.rating, 1)))[-HISTORY_KEPT:],
            themes=theme_ratings, days=self._with_day(when), reviews=reviews)

    def due_reviews(self, now: datetime.datetime | None = None) -> list[tuple[str, ReviewEntry]]:
        """The puzzles due for review now, the longest overdue first.

        >>> import datetime
        >>> p = Progress().record("p9", Rating(), 0.0, when=datetime.datetime(2025, 12, 3, 9))
        >>> [pid for pid, _ in p.due_reviews(datetime.datetime(2025, 12, 5, 9))]
        ['p9']
        """
        due = [(pid, entry) for pid, entry in self.reviews.items() if entry.is_due(now)]
        return sorted(due, key=lambda item: (item[1].due, item[0]))

    def theme_ranking(self) -> list[tuple[str, Rating]]:
        """The themes practised, weakest first.

        >>> p = Progress().record("a", Rating(), 1.0, themes=("x",)).record(
        ...     "b", Rating(), 0.0, themes=("y",))
        >>> [theme for theme, _ in p.theme_ranking()]
        ['y', 'x']
        """
        return sorted(self.themes.items(), key=lambda item: (item[1].rating, item[0]))

    def current_streak_days(self, today: datetime.date | None = None) -> int:
        """Days practised in a row, up to today (or yesterday, if today has no practice yet).

        >>> import datetime
        >>> p = Progress(days=frozenset({"2025-12-01", "2025-12-02", "2025-12-03"}))
        >>> p.current_streak_days(datetime.date(2025, 12, 4)), p.current_streak_days(
        ...     datetime.date(2025, 12, 6))
        (3, 0)
        """
        day = today or datetime.date.today()
        if day.isoformat() not in self.days:
            day -= datetime.timedelta(days=1)
        count = 0
        while day.isoformat() in self.days:
            count += 1
            day -= datetime.timedelta(days=1)
        return count

    def _with_day(self, when: datetime.datetime) -> frozenset[str]:
        days = self.days | {when.date().isoformat()}
        return frozenset(sorted(days)[-DAYS_KEPT:]) if len(days) > DAYS_KEPT else days

    # ------------------------------------------------------------------ lessons and games

    def record_exercise(self, key: str, lesson: str, correct: bool,
                        when: datetime.datetime | None = None) -> Progress:
        """The record after one checked answer to the exercise ``key`` of ``lesson``: a try
        counts until the exercise is first solved; later answers change nothing.

        >>> p = Progress().record_exercise("k", "01", False).record_exercise("k", "01", True)
        >>> p.exercises["k"].tries, p.exercises["k"].first_solved is not None
        (2, True)
        """
        old = self.exercises.get(key, ExerciseRecord(lesson[:80]))
        if old.first_solved is not None:
            return self
        when = when or datetime.datetime.now()
        exercises = dict(self.exercises)
        exercises[key] = ExerciseRecord(old.lesson, old.tries + 1,
                                        _minute(when) if correct else None)
        if len(exercises) > EXERCISES_KEPT:
            return self
        return replace(self, exercises=exercises, days=self._with_day(when))

    def with_own_puzzles(self, puzzles: Mapping[str, Mapping[str, Any]],
                         when: datetime.datetime | None = None) -> Progress:
        """The record with ``puzzles`` (JSON forms by id) from one of the learner's games
        added, each scheduled for review as a miss at ``when``: the trainer offers them once
        they are due. A puzzle already kept keeps its schedule; past
        :data:`OWN_PUZZLES_KEPT` the oldest go.

        >>> import datetime
        >>> when = datetime.datetime(2025, 12, 3, 18)
        >>> p = Progress().with_own_puzzles({"game-1": {"id": "game-1"}}, when)
        >>> list(p.own_puzzles), [pid for pid, _ in p.due_reviews(when + datetime.timedelta(1))]
        (['game-1'], ['game-1'])
        """
        when = when or datetime.datetime.now()
        own = dict(self.own_puzzles)
        reviews = dict(self.reviews)
        for puzzle_id, data in puzzles.items():
            if puzzle_id in own:
                continue
            own[puzzle_id] = dict(data)
            entry = after_attempt(None, 0.0, when)
            if entry is not None:
                reviews[puzzle_id] = entry
        for old in list(own)[:max(0, len(own) - OWN_PUZZLES_KEPT)]:
            del own[old]
            reviews.pop(old, None)
        return replace(self, own_puzzles=own, reviews=reviews)

    def record_game(self, won: bool, points: tuple[int, int], rounds: int,
                    accuracy: float | None = None,
                    when: datetime.datetime | None = None) -> Progress:
        """The record after a game played at the table.

        >>> Progress().record_game(True, (104, 30), 4, 81.5).games[0].accuracy
        81.5
        """
        when = when or datetime.datetime.now()
        game = GameRecord(_minute(when), bool(won), (int(points[0]), int(points[1])),
                          int(rounds), None if accuracy is None else round(float(accuracy), 1))
        return replace(self, games=(*self.games, game)[-GAMES_KEPT:], days=self._with_day(when))

    def lessons_solved(self) -> dict[str, int]:
        """How many exercises of each lesson are solved.

        >>> Progress().record_exercise("k", "01_cards", True).lessons_solved()
        {'01_cards': 1}
        """
        counts: dict[str, int] = {}
        for record in self.exercises.values():
            if record.first_solved is not None:
                counts[record.lesson] = counts.get(record.lesson, 0) + 1
        return counts

    # ------------------------------------------------------------------ the JSON form

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (format version first, so a file is recognisably ours).

        >>> list(Progress().to_dict())[:2]
        ['format', 'gin_teach']
        """
        def rating(r: Rating) -> list[float]:
            return [r.rating, r.deviation, r.volatility]

        return {"format": PROGRESS_FORMAT, "gin_teach": "progress",
                "rating": rating(self.rating),
                "streak": self.streak, "best_streak": self.best_streak,
                "attempts": self.attempts, "solved": sorted(self.solved),
                "recent": [list(item) for item in self.recent],
                "history": [list(item) for item in self.history],
                "themes": {t: rating(r) for t, r in sorted(self.themes.items())},
                "days": sorted(self.days),
                "reviews": {pid: e.to_dict() for pid, e in sorted(self.reviews.items())},
                "exercises": {k: [e.lesson, e.tries, e.first_solved]
                              for k, e in sorted(self.exercises.items())},
                "games": [[g.when, g.won, list(g.points), g.rounds, g.accuracy]
                          for g in self.games],
                "own_puzzles": {pid: dict(data) for pid, data in self.own_puzzles.items()}}

    @classmethod
    def from_dict(cls, data: object) -> Progress:
        """Read the JSON form back (format 1 is migrated), checking every field; a bad one
        raises :class:`~gin_teach.errors.ProgressError` naming it. A volatility or deviation
        outside what the rating maths can use is clamped into range, not refused.

        >>> Progress.from_dict(Progress().to_dict()) == Progress()
        True
        >>> Progress.from_dict({**Progress().to_dict(), "rating": [1500, 50, 1e-300]}).rating
        Rating(rating=1500.0, deviation=50.0, volatility=0.001)
        """
        if not isinstance(data, dict) or data.get("format") not in (1, PROGRESS_FORMAT):
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
        if not (isinstance(solved, list) and len(solved) < 100_000
                and all(_short_text(s) for s in solved)):
            raise ProgressError("solved must be a list of puzzle ids")
        if not (isinstance(recent, list) and len(recent) <= RECENT_KEPT and all(
                isinstance(r, list) and len(r) == 2 and _short_text(r[0]) and _score(r[1])
                for r in recent)):
            raise ProgressError("recent must be a list of [puzzle id, score] pairs")
        return cls(_rating(data.get("rating"), "rating"), counts[0], counts[1], counts[2],
                   frozenset(solved), tuple((r[0], float(r[1])) for r in recent),
                   _history(data.get("history")), _themes(data.get("themes")),
                   _days(data.get("days")), _reviews(data.get("reviews")),
                   _exercises(data.get("exercises")), _games(data.get("games")),
                   _own_puzzles(data.get("own_puzzles", {})))


# ---------------------------------------------------------------------- field readers

def _short_text(value: object) -> bool:
    return isinstance(value, str) and len(value) < 200


def _number(value: object) -> bool:
    return (not isinstance(value, bool) and isinstance(value, (int, float))
            and math.isfinite(value))


def _score(value: object) -> bool:
    return _number(value) and 0.0 <= value <= 1.0  # type: ignore[operator]


def _rating(value: object, what: str) -> Rating:
    if not (isinstance(value, list) and len(value) == 3 and all(_number(v) for v in value)):
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
               and _score(r[2]) and _number(r[3]) for r in rows):
        raise ProgressError("history must be a list of [time, puzzle id, score, rating]")
    return tuple((r[0], r[1], float(r[2]), float(r[3])) for r in rows)


def _themes(value: object) -> dict[str, Rating]:
    return {theme: _rating(r, f"theme {theme[:40]!r}")
            for theme, r in _mapping(value, "themes", 1000).items()}


def _days(value: object) -> frozenset[str]:
    days = _items(value, "days", DAYS_KEPT)
    try:
        return frozenset(datetime.date.fromisoformat(d).isoformat() for d in days)
    except (TypeError, ValueError):
        raise ProgressError("days must be a list of dates like 2025-12-03") from None


def _reviews(value: object) -> dict[str, ReviewEntry]:
    return {pid: ReviewEntry.from_dict(e)
            for pid, e in _mapping(value, "reviews", 100_000).items()}


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
    if not all(isinstance(data, dict) and data.get("id") == pid for pid, data in found.items()):
        raise ProgressError("own_puzzles must map each puzzle id to that puzzle")
    return {pid: dict(data) for pid, data in found.items()}


def _games(value: object) -> tuple[GameRecord, ...]:
    rows = _items(value, "games", GAMES_KEPT)
    games = []
    for row in rows:
        if not (isinstance(row, list) and len(row) == 5 and _short_text(row[0])
                and isinstance(row[1], bool) and isinstance(row[2], list) and len(row[2]) == 2
                and all(type(p) is int and 0 <= p < 10**6 for p in row[2])
                and type(row[3]) is int and 0 <= row[3] < 10**4
                and (row[4] is None or (_number(row[4]) and 0 <= row[4] <= 100))):
            raise ProgressError("a game must be [time, won, [points, points], rounds, "
                                "accuracy or null]")
        games.append(GameRecord(row[0], row[1], (row[2][0], row[2][1]), row[3],
                                None if row[4] is None else float(row[4])))
    return tuple(games)

