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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from gin_teach.core.validation import check_nesting, names_bad_arguments, unchecked, wrong_argument
from gin_teach.core.verdicts import ACCEPTED
from gin_teach.errors import ProgressError
from gin_teach.learner.rating import (
    Rating,
)
from gin_teach.learner.record_fields import (
    DAYS_KEPT,
    EXERCISES_KEPT,
    GAMES_KEPT,
    HISTORY_KEPT,
    LONGEST_NAME,
    MIN_DEVIATION,
    MOST_POINTS,
    MOST_ROUNDS,
    OWN_PUZZLES_KEPT,
    PROGRESS_FORMAT,
    RECENT_KEPT,
    REVIEWS_KEPT,
    THEMES_KEPT,
    VOLATILITY_RANGE,
    ExerciseRecord,
    GameRecord,
    progress_fields,
    soonest_reviews,
    stored_number,
)
from gin_teach.learner.review_schedule import DATE_RANGE, ReviewEntry, after_attempt

# The limits and the parts are handed on: the store, the widgets and the tests read them
# here.
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

FRESH_RATING = Rating()
"""Where every learner starts: 1500, with the widest deviation."""
RECORD_BYTES = 3_900_000
"""The most bytes a record's JSON may take: a record that would grow past it is compacted
(the oldest history, the reviews known best and the oldest exercises go first), and a file
of up to 4,000,000 bytes is read, so an export (the record and a name) still fits."""
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
                reviews = soonest_reviews(reviews, REVIEWS_KEPT)
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
            reviews = soonest_reviews(reviews, REVIEWS_KEPT)
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
        if accuracy is not None and (not stored_number(accuracy) or not 0 <= accuracy <= 100):
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
            return replace(self, reviews=soonest_reviews(self.reviews, len(self.reviews) // 2))
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
        # Read as before: a slip inside is this method's, not an argument of the wrong kind.
        return cls(**unchecked(progress_fields)(data), extra=extra)


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
