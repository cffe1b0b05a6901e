"""Spaced review of the puzzles a learner missed, scheduled by FSRS (the ``fsrs`` package).

A puzzle answered wrongly, solved only after a hint, or whose solution was shown enters the
schedule; each later attempt at it is a review that moves its next date. FSRS ("Free Spaced
Repetition Scheduler") estimates how well the learner will remember each puzzle and brings it
back just before it is forgotten: a miss comes back the next day, a solve after that a few
days later, then further and further apart. The scheduler here has no same-day learning
steps (a puzzle is a day's lesson, not a flash card) and no random fuzz (the same answers
give the same dates).

>>> import datetime
>>> day = datetime.datetime(2025, 12, 3, 18, 0)
>>> entry = after_attempt(None, 0.0, day)
>>> entry.missed_on, entry.due_date()
('2025-12-03', datetime.date(2025, 12, 4))
>>> after_attempt(None, 1.0, day) is None   # a clean solve needs no review
True
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass
from typing import Any

import fsrs

from gin_teach.core.validation import names_bad_arguments, wrong_argument
from gin_teach.errors import ArgumentError, ProgressError

__all__ = ["DATE_RANGE", "REVIEW_STATES", "ReviewEntry", "after_attempt", "fsrs_rating",
           "missed_words"]

_SCHEDULER = fsrs.Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
REVIEW_STATES = frozenset(state.value for state in fsrs.State)
"""The card states FSRS knows (learning, review, relearning), as stored."""
_LEARNING = fsrs.State.Learning.value
DATE_RANGE = (datetime.datetime(1971, 1, 1, tzinfo=datetime.timezone.utc),
              datetime.datetime(9000, 1, 1, tzinfo=datetime.timezone.utc))
"""The moments (in UTC) a review may be dated at. Far wider than any learner's calendar, and
far enough inside Python's years 1-9999 that converting to a local time zone, or FSRS adding
its longest interval (100 years), never runs off the calendar's edge."""
STABILITY_RANGE = (0.001, 100_000.0)
"""The stability (days) a card is kept within: FSRS's own floor, and far past its longest
interval (36,500 days), so a card never grows a stability the loader would refuse."""
DIFFICULTY_RANGE = (1.0, 10.0)
"""FSRS's difficulty scale; the scheduler keeps every card within it."""
_LAST = DATE_RANGE[1] - datetime.timedelta(seconds=1)


@names_bad_arguments
def fsrs_rating(score: float) -> fsrs.Rating:
    """The FSRS answer for an attempt's score: a miss (0) is "again", a half (a solve after a
    hint, an inaccuracy) is "hard", a solve is "good".

    >>> fsrs_rating(0.0).name, fsrs_rating(0.5).name, fsrs_rating(1.0).name
    ('Again', 'Hard', 'Good')
    """
    if score >= 1.0:
        return fsrs.Rating.Good
    return fsrs.Rating.Hard if score > 0.0 else fsrs.Rating.Again


def _utc(when: datetime.datetime, strict: bool = True) -> datetime.datetime:
    """``when`` (naive means local time) in UTC, as FSRS wants it. A moment outside
    :data:`DATE_RANGE` raises :class:`~gin_teach.errors.ArgumentError` (``strict``) or is
    moved to its nearer end (a clock asked whether a review is due)."""
    if not isinstance(when, datetime.datetime):
        raise wrong_argument("when", when, "a datetime.datetime")
    try:
        moment = when.astimezone(datetime.timezone.utc)
    except (OverflowError, OSError, ValueError):  # the year 1 or 9999 with an offset
        moment = DATE_RANGE[0] if when.year < 5000 else DATE_RANGE[1]
        if strict:
            raise _off_the_calendar(when) from None
    if strict and not DATE_RANGE[0] <= moment <= _LAST:
        raise _off_the_calendar(when)
    return min(max(moment, DATE_RANGE[0]), _LAST)


def _off_the_calendar(when: datetime.datetime) -> ArgumentError:
    return wrong_argument("when", when, f"a time from {DATE_RANGE[0].year} to "
                                        f"{DATE_RANGE[1].year - 1}")


def _clamp(number: float, bounds: tuple[float, float]) -> float:
    return min(max(number, bounds[0]), bounds[1])


@dataclass(frozen=True)
class ReviewEntry:
    """One puzzle in the review schedule: the day it was ``missed_on`` (first missed, as the
    learner's calendar says: ``YYYY-MM-DD``) and the FSRS card (``due`` in UTC, ``stability``
    in days, ``difficulty`` 1-10, ``state``, ``last_review``).

    >>> import datetime
    >>> entry = after_attempt(None, 0.0, datetime.datetime(2025, 12, 3, 18))
    >>> entry.missed_on, entry.last_review.date()
    ('2025-12-03', datetime.date(2025, 12, 3))
    """

    missed_on: str
    due: datetime.datetime
    stability: float | None = None
    difficulty: float | None = None
    state: int = fsrs.State.Review.value
    last_review: datetime.datetime | None = None

    def due_date(self) -> datetime.date:
        """The local day the puzzle is due."""
        try:
            return self.due.astimezone().date()
        except (OverflowError, OSError, ValueError):  # a due set by hand at the calendar's edge
            return self.due.date()

    def is_due(self, now: datetime.datetime | None = None) -> bool:
        """Whether the puzzle should come back now (its due time has passed).

        >>> import datetime
        >>> entry = after_attempt(None, 0.0, datetime.datetime(2025, 12, 3, 18, 0))
        >>> entry.is_due(datetime.datetime(2025, 12, 3, 19)), entry.is_due(
        ...     datetime.datetime(2025, 12, 4, 19))
        (False, True)
        """
        return _utc(now or datetime.datetime.now(), strict=False) >= self.due

    def card(self) -> fsrs.Card:
        """The FSRS card of this entry."""
        return fsrs.Card(card_id=1, state=fsrs.State(self.state),
                         step=None if self.state == fsrs.State.Review.value else 0,
                         stability=self.stability, difficulty=self.difficulty, due=self.due,
                         last_review=self.last_review)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the progress file."""
        return {"missed_on": self.missed_on, "due": self.due.isoformat(),
                "stability": self.stability, "difficulty": self.difficulty,
                "state": self.state,
                "last_review": self.last_review.isoformat() if self.last_review else None}

    @classmethod
    def from_dict(cls, data: object) -> ReviewEntry:
        """Read the JSON form back, checking every field (``ProgressError`` names a bad one).

        >>> import datetime
        >>> entry = after_attempt(None, 0.5, datetime.datetime(2025, 12, 3, 18, 0))
        >>> ReviewEntry.from_dict(entry.to_dict()) == entry
        True
        """
        if not isinstance(data, dict):
            raise ProgressError("a review entry must be an object")
        missed = data.get("missed_on")
        try:
            datetime.date.fromisoformat(missed if isinstance(missed, str) else "")
            due = _aware(data.get("due"))
            last = data.get("last_review")
            last_review = _aware(last) if last is not None else None
        except ValueError:
            raise ProgressError(f"a review entry's dates must be ISO dates from "
                                f"{DATE_RANGE[0].year} to {DATE_RANGE[1].year - 1}") from None
        state = data.get("state")
        if type(state) is not int or state not in REVIEW_STATES:
            raise ProgressError(f"a review entry's state must be one of {sorted(REVIEW_STATES)}")
        stability = _within(data.get("stability"), "stability", STABILITY_RANGE)
        difficulty = _within(data.get("difficulty"), "difficulty", DIFFICULTY_RANGE)
        if state != _LEARNING and (stability is None or difficulty is None):
            # FSRS asserts both at the next review: the trainer would fail at every puzzle
            raise ProgressError(f"a review entry in state {state} needs its stability and "
                                "difficulty")
        assert isinstance(missed, str)
        return cls(missed, due, stability, difficulty, state, last_review)


def _within(number: object, what: str, bounds: tuple[float, float]) -> float | None:
    """A stored stability or difficulty (None: not yet known), clamped into ``bounds``: a
    number FSRS would clamp anyway is kept, not refused."""
    if number is None:
        return None
    if isinstance(number, bool) or not isinstance(number, (int, float)) \
            or not math.isfinite(number) or not 0 < number < 1e6:
        raise ProgressError(f"a review entry's {what} must be a positive number or null")
    return _clamp(float(number), bounds)


def _aware(text: object) -> datetime.datetime:
    if not isinstance(text, str) or len(text) > 40:
        raise ValueError("not a date")
    when = datetime.datetime.fromisoformat(text)
    return _utc(when.replace(tzinfo=datetime.timezone.utc) if when.tzinfo is None else when)


@names_bad_arguments
def after_attempt(entry: ReviewEntry | None, score: float,
                  when: datetime.datetime) -> ReviewEntry | None:
    """The schedule of one puzzle after an attempt scored ``score`` at ``when`` (local time if
    naive). A puzzle not yet scheduled enters the schedule only when the attempt was not a
    clean solve; a scheduled one stays, its next date set by FSRS.

    >>> import datetime
    >>> first = after_attempt(None, 0.0, datetime.datetime(2025, 12, 3, 18))
    >>> again = after_attempt(first, 1.0, datetime.datetime(2025, 12, 4, 18))
    >>> again.missed_on, again.due_date() > first.due_date()
    ('2025-12-03', True)
    """
    if entry is None and score >= 1.0:
        return None
    moment = _utc(when)
    card = entry.card() if entry is not None else fsrs.Card(card_id=1, due=moment)
    if card.state == fsrs.State.Learning and card.stability is None:
        card.state, card.step = fsrs.State.Learning, 0
    reviewed, _log = _SCHEDULER.review_card(card, fsrs_rating(score), moment)
    missed_on = entry.missed_on if entry is not None else when.date().isoformat()
    assert reviewed.stability is not None and reviewed.difficulty is not None
    return ReviewEntry(missed_on, min(reviewed.due, _LAST),
                       _clamp(reviewed.stability, STABILITY_RANGE),
                       _clamp(reviewed.difficulty, DIFFICULTY_RANGE),
                       reviewed.state.value, reviewed.last_review)


@names_bad_arguments
def missed_words(entry: ReviewEntry) -> str:
    """How the trainer reminds the learner: "you missed this on 3 December".

    >>> import datetime
    >>> missed_words(after_attempt(None, 0.0, datetime.datetime(2025, 12, 3, 18)))
    'you missed this on 3 December'
    """
    day = datetime.date.fromisoformat(entry.missed_on)
    return f"you missed this on {day.day} {day.strftime('%B')}"
