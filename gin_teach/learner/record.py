"""What a learner has done, as one value: puzzle ratings (overall and per theme), streaks,
the days practised, the puzzles due for review, the lesson exercises solved and the games
played. :mod:`gin_teach.learner.progress` keeps it in a file; this module only computes.

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
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from gin_teach.core.validation import check_nesting, names_bad_arguments, wrong_argument
from gin_teach.core.verdicts import ACCEPTED
from gin_teach.errors import ProgressError, RatingError
from gin_teach.learner.rating import (
    MAX_DEVIATION,
    RATING_RANGE,
    UPDATED_DEVIATION,
    UPDATED_VOLATILITY,
    Rating,
)
from gin_teach.learner.review_schedule import DATE_RANGE, ReviewEntry, after_attempt

__all__ = [
    "COUNTING_RULE",
    "FRESH_RATING",
    "HISTORY_KEPT",
    "LONGEST_NAME",
    "MIN_DEVIATION",
    "OWN_PUZZLES_KEPT",
    "PROGRESS_FORMAT",
    "RECORD_BYTES",
    "REVIEWS_KEPT",
    "THEMES_KEPT",
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
THEMES_KEPT = 1000
"""How many themes are rated: a puzzle's theme past these is not rated (its attempt still
counts overall)."""
REVIEWS_KEPT = 5000
"""How many puzzles the review schedule holds: past these, the ones the learner knows best
(due last) leave it, so the record never outgrows its file."""
LONGEST_NAME = 199
"""The most characters of a puzzle id, a theme, an exercise key or a stored time."""
RECORD_BYTES = 3_900_000
"""The most bytes a record's JSON may take: a record that would grow past it is compacted
(the oldest history, the reviews known best and the oldest exercises go first), and a file
of up to 4,000,000 bytes is read, so an export (the record and a name) still fits."""
VOLATILITY_RANGE = UPDATED_VOLATILITY
"""The Glicko-2 volatility a loaded record is clamped into: far outside it the volatility
step fails (a volatility of 1e-300 has no logarithm in floating point). A rating update
keeps within it, so a saved rating loads back as it was."""
MIN_DEVIATION = UPDATED_DEVIATION[0]
MOST_POINTS = 10**6
MOST_ROUNDS = 10**4
"""A game's points and rounds stay below these in a record."""
COUNTING_RULE = ("best or good solves the puzzle; an inaccuracy, or a solve after a hint, "
                 "counts as half; a mistake, a blunder or a shown solution counts as a miss")


@names_bad_arguments
def verdict_score(verdict: str) -> float:
    """The score of a verdict for the rating: 1 solved, 0.5 half, 0 missed.

    >>> verdict_score("good"), verdict_score("inaccuracy"), verdict_score("blunder")
    (1.0, 0.5, 0.0)
    """
    if verdict in ACCEPTED:
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
    (:mod:`gin_teach.own_puzzles`), each in its JSON form by id, oldest first. ``extra``
    keeps the fields a later gin_teach of the same format added, so this one saves them back
    untouched. Methods return a new record; none changes this one.

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
    extra: Mapping[str, Any] = field(default_factory=dict)

    # ------------------------------------------------------------------ puzzles

    def record(self, puzzle_id: str, puzzle_rating: Rating, score: float, *,
               themes: Iterable[str] = (), when: datetime.datetime | None = None) -> Progress:
        """The record after one attempt scored ``score`` (1 solved, 0.5 half, 0 missed)
        against a puzzle rated ``puzzle_rating`` with these ``themes``, at ``when`` (now by
        default): the overall and theme ratings, the streak, the day and the review schedule.

        >>> Progress().record("p1", Rating(1500, 50), 0.5).streak
        0
        """
        _check_name(puzzle_id, "puzzle_id")
        if not isinstance(puzzle_rating, Rating):
            raise wrong_argument("puzzle_rating", puzzle_rating, "a Rating")
        if isinstance(themes, str) or not isinstance(themes, Iterable):
            raise wrong_argument("themes", themes, "a list of theme names")
        themes = tuple(themes)
        for theme in themes:
            _check_name(theme, "a theme")
        when = _check_when(when)
        rating = self.rating.update([(puzzle_rating, score)])
        solved = score >= 1.0
        streak = self.streak + 1 if solved else 0
        theme_ratings = dict(self.themes)
        for theme in themes:
            if theme in theme_ratings or len(theme_ratings) < THEMES_KEPT:
                theme_ratings[theme] = theme_ratings.get(theme, FRESH_RATING).update(
                    [(puzzle_rating, score)])
        reviews = dict(self.reviews)
        entry = after_attempt(reviews.get(puzzle_id), score, when)
        if entry is not None:
            reviews[puzzle_id] = entry
            if len(reviews) > REVIEWS_KEPT:
                reviews = _soonest(reviews, REVIEWS_KEPT)
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
        _check_name(key, "key")
        if not isinstance(lesson, str):
            raise wrong_argument("lesson", lesson, "a lesson's name (text)")
        if not isinstance(correct, bool):
            raise wrong_argument("correct", correct, "True or False")
        when = _check_when(when)
        old = self.exercises.get(key, ExerciseRecord(lesson[:80]))
        if old.first_solved is not None:
            return self
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
        if not isinstance(puzzles, Mapping):
            raise wrong_argument("puzzles", puzzles, "puzzles in their JSON form, by id")
        for puzzle_id, data in puzzles.items():
            _check_name(puzzle_id, "a puzzle id")
            if not isinstance(data, Mapping) or data.get("id") != puzzle_id:
                raise wrong_argument(f"puzzle {puzzle_id!r}", data,
                                     "that puzzle's JSON form, with its id")
        when = _check_when(when)
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
        if len(reviews) > REVIEWS_KEPT:
            reviews = _soonest(reviews, REVIEWS_KEPT)
        return replace(self, own_puzzles=own, reviews=reviews)

    def record_game(self, won: bool, points: tuple[int, int], rounds: int,
                    accuracy: float | None = None,
                    when: datetime.datetime | None = None) -> Progress:
        """The record after a game played at the table.

        >>> Progress().record_game(True, (104, 30), 4, 81.5).games[0].accuracy
        81.5
        """
        if not isinstance(won, bool):
            raise wrong_argument("won", won, "True or False")
        if not (isinstance(points, (tuple, list)) and len(points) == 2
                and all(_whole(p) and p >= 0 for p in points)):
            raise wrong_argument("points", points, "two whole numbers of at least 0")
        if not _whole(rounds) or rounds < 0:
            raise wrong_argument("rounds", rounds, "a whole number of at least 0")
        if accuracy is not None and (not _number(accuracy) or not 0 <= accuracy <= 100):
            raise wrong_argument("accuracy", accuracy, "a number from 0 to 100, or None")
        when = _check_when(when)
        # A game to a target of millions is kept at the most a record holds, not refused:
        # the widget recording it has no one to tell.
        most = (MOST_POINTS - 1, MOST_POINTS - 1)
        game = GameRecord(_minute(when), won, (min(int(points[0]), most[0]),
                                               min(int(points[1]), most[1])),
                          min(int(rounds), MOST_ROUNDS - 1),
                          None if accuracy is None else round(float(accuracy), 1))
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
        """The JSON form (format version first, so a file is recognisably ours), then the
        fields of a later gin_teach this one kept (:attr:`extra`).

        >>> list(Progress().to_dict())[:2]
        ['format', 'gin_teach']
        """
        def rating(r: Rating) -> list[float]:
            return [r.rating, r.deviation, r.volatility]

        known = {"format": PROGRESS_FORMAT, "gin_teach": "progress",
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
        return {**known, **{k: v for k, v in self.extra.items() if k not in known}}

    def to_json(self) -> str:
        """The JSON text a progress file holds: at most :data:`RECORD_BYTES` bytes. A record
        that would be larger is compacted first (the oldest history, the reviews due last, the
        oldest exercises: whichever part is largest loses its older half, until it fits), so
        a record that grows is trimmed, never written too large to read back.

        >>> text = Progress().to_json()
        >>> text.startswith('{"format":2,"gin_teach":"progress"'), len(text) < 400
        (True, True)
        """
        record = self
        while True:
            text = json.dumps(record.to_dict(), separators=(",", ":"))
            if len(text) <= RECORD_BYTES:  # ASCII only: one byte a character
                return text
            record = record._compacted()

    def _compacted(self) -> Progress:
        """This record with the older half of its largest part dropped."""
        data = self.to_dict()
        parts = ("history", "reviews", "exercises", "solved", "recent", "games", "days",
                 "themes", "own_puzzles")
        sizes = {part: len(json.dumps(data[part])) for part in parts}
        sizes["extra"] = len(json.dumps(dict(self.extra)))
        largest = max(sizes, key=lambda part: sizes[part])
        if largest == "extra":
            return replace(self, extra={})
        if largest == "history":
            return replace(self, history=self.history[len(self.history) // 2:])
        if largest == "recent":
            return replace(self, recent=self.recent[len(self.recent) // 2:])
        if largest == "games":
            return replace(self, games=self.games[len(self.games) // 2:])
        if largest == "own_puzzles":  # the newest are kept; the dropped leave the schedule
            own = list(self.own_puzzles.items())
            dropped = {pid for pid, _ in own[:len(own) // 2]}
            return replace(self, own_puzzles=dict(own[len(own) // 2:]),
                           reviews={pid: e for pid, e in self.reviews.items()
                                    if pid not in dropped})
        if largest == "reviews":
            return replace(self, reviews=_soonest(self.reviews, len(self.reviews) // 2))
        if largest == "exercises":
            kept = sorted(self.exercises.items(),
                          key=lambda item: (item[1].first_solved or "~", item[0]))
            return replace(self, exercises=dict(kept[len(kept) // 2:]))
        if largest == "themes":
            ranked = sorted(self.themes.items(), key=lambda item: (item[1].deviation, item[0]))
            return replace(self, themes=dict(ranked[:len(ranked) // 2]))
        if largest == "days":  # the latest are kept
            days = sorted(self.days)
            return replace(self, days=frozenset(days[len(days) // 2:]))
        solved = sorted(self.solved)  # no dates: the ids later in order are kept
        return replace(self, solved=frozenset(solved[len(solved) // 2:]))

    @classmethod
    def from_dict(cls, data: object) -> Progress:
        """Read the JSON form back (format 1 is migrated), checking every field; a bad one
        raises :class:`~gin_teach.errors.ProgressError` naming it. A volatility or deviation
        outside what the rating maths can use is clamped into range, not refused. Fields this
        gin_teach does not know (a later one of the same format added them) are kept in
        :attr:`extra`.

        >>> Progress.from_dict(Progress().to_dict()) == Progress()
        True
        >>> Progress.from_dict({**Progress().to_dict(), "rating": [1500, 50, 1e-300]}).rating
        Rating(rating=1500.0, deviation=50.0, volatility=0.001)
        >>> Progress.from_dict({**Progress().to_dict(), "goals": [3]}).to_dict()["goals"]
        [3]
        """
        if not isinstance(data, dict) or data.get("format") not in (1, PROGRESS_FORMAT):
            raise ProgressError(f"not a gin_teach progress record of format 1 or "
                                f"{PROGRESS_FORMAT}")
        extra = {key: value for key, value in data.items() if key not in _KNOWN_FIELDS}
        check_nesting(extra, what="record's unknown fields", error=ProgressError,
                      max_depth=20)
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
        return cls(_rating(data.get("rating"), "rating"), counts[0], counts[1], counts[2],
                   frozenset(solved), tuple((r[0], float(r[1])) for r in recent),
                   _history(data.get("history")), _themes(data.get("themes")),
                   _days(data.get("days")), _reviews(data.get("reviews")),
                   _exercises(data.get("exercises")), _games(data.get("games")),
                   _own_puzzles(data.get("own_puzzles", {})), extra)


_KNOWN_FIELDS = frozenset(Progress().to_dict())


# ---------------------------------------------------------------------- checks of the writer

def _check_name(value: object, what: str) -> str:
    if not isinstance(value, str) or not value or len(value) > LONGEST_NAME:
        raise wrong_argument(what, value, f"text of 1 to {LONGEST_NAME} characters")
    return value


def _check_when(when: object) -> datetime.datetime:
    """``when`` (None: now), if it is a time a record can keep and its reviews can be
    scheduled from."""
    if when is None:
        return datetime.datetime.now()
    if not isinstance(when, datetime.datetime):
        raise wrong_argument("when", when, "a datetime.datetime or None")
    try:
        moment = when.astimezone(datetime.timezone.utc)
    except (OverflowError, OSError, ValueError):
        moment = DATE_RANGE[1]
    if not DATE_RANGE[0] <= moment < DATE_RANGE[1]:
        raise wrong_argument("when", when, f"a time from {DATE_RANGE[0].year} to "
                                           f"{DATE_RANGE[1].year - 1}")
    return when


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _soonest(reviews: Mapping[str, ReviewEntry], kept: int) -> dict[str, ReviewEntry]:
    """The ``kept`` reviews due soonest: the puzzles the learner knows least."""
    ranked = sorted(reviews.items(), key=lambda item: (item[1].due, item[0]))
    return dict(ranked[:kept])


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
               and _score(r[2]) and _number(r[3])
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
    return _soonest(reviews, REVIEWS_KEPT) if len(reviews) > REVIEWS_KEPT else reviews


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
                and (row[4] is None or (_number(row[4]) and 0 <= row[4] <= 100))):
            raise ProgressError("a game must be [time, won, [points, points], rounds, "
                                "accuracy or null]")
        games.append(GameRecord(row[0], row[1], (row[2][0], row[2][1]), row[3],
                                None if row[4] is None else float(row[4])))
    return tuple(games)

