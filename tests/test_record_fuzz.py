"""Hostile progress records built field by field (issue 45, deliverable 1): dates at the
calendar's edges, missing and null fields in every review state, ratings at the accepted
limits, long and odd names. Loading either refuses cleanly (a ProgressError, the file left
as it was), sets the file aside whole, or gives a record with which the trainer, the
dashboard and a lesson checker all work, and which saves and loads back unchanged."""

from __future__ import annotations

import datetime
import json
import math
import tempfile
import types
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gin_teach.errors import ProgressError
from gin_teach.learner import lesson_progress
from gin_teach.learner.progress import ProgressStore, load_progress
from gin_teach.learner.rating import Rating
from gin_teach.learner.record import Progress
from gin_teach.lessons import check_deadwood
from gin_teach.puzzles import load_bank
from gin_teach.widgets import DiscardPuzzle
from gin_teach.widgets.dashboard import ProgressDashboard, dashboard_charts

BANK = load_bank()
NOW = datetime.datetime.now()

EDGE_NUMBERS = st.sampled_from([
    0, -1, 1, 1e-300, 1e-9, 0.5, 1.0, 10.0, 11.0, 350, 350.0001, 1500, 9999, 9999.99, 10_000,
    -9999.9, -10_000, 10**6, 10**9, 2**63, 1e308, math.inf, -math.inf, math.nan, True, None,
    "1500", [], {}])
TIMES = st.sampled_from([
    "0001-01-01T00:00:00+05:00", "9999-12-31T23:59:00-05:00", "0001-01-01T00:00:00",
    "9999-12-31T23:59:59", "1970-01-01T00:00:00+00:00", "1971-01-01T00:00:00+14:00",
    "8999-12-31T23:59:59-12:00", "2025-12-03T18:00:00+00:00", "2025-12-03T18:00",
    (NOW - datetime.timedelta(days=3)).isoformat(), "2025-02-30T00:00", "soon", "", None, 7,
    "2025-12-03T18:00:00.123456+05:30", "x" * 41])
DAYS = st.sampled_from(["0001-01-01", "9999-12-31", "2025-12-03", NOW.date().isoformat(),
                        "2025-13-01", "yesterday", 20251203, None])
NAMES = st.one_of(
    st.sampled_from(["p0001", BANK[0].id, BANK[1].id, "", " ", "$\\frac$", "<b>x</b>",
                     "\ud800", "é" * 198, "x" * 199, "x" * 200, "x" * 250, "count", "shape"]),
    st.text(max_size=30))
STATES = st.sampled_from([0, 1, 2, 3, 4, True, None, "2"])


def maybe(value: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A field's value, or ``...``: the field left out."""
    return st.one_of(value, st.just(...))


def entry(*parts: tuple[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({name: maybe(value) for name, value in parts}).map(
        lambda fields: {name: value for name, value in fields.items() if value is not ...})


REVIEW = entry(("missed_on", DAYS), ("due", TIMES), ("stability", EDGE_NUMBERS),
               ("difficulty", EDGE_NUMBERS), ("state", STATES), ("last_review", TIMES))
RATING = st.one_of(st.lists(EDGE_NUMBERS, min_size=3, max_size=3),
                   st.tuples(st.sampled_from([9999, -9999, 10_000, 1500]),
                             st.sampled_from([1e-9, 1, 50, 350]),
                             st.sampled_from([1e-300, 1e-6, 0.001, 0.06, 0.5, 1.0])).map(list),
                   EDGE_NUMBERS)
COUNT = st.one_of(st.integers(0, 10**9 + 1), EDGE_NUMBERS)
FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "format": st.sampled_from([2, 2, 2, 1, 3, "2", None]),
    "gin_teach": st.sampled_from(["progress", "progress", "export", None]),
    "rating": RATING,
    "streak": COUNT, "best_streak": COUNT, "attempts": COUNT,
    "solved": st.lists(NAMES, max_size=4),
    "recent": st.lists(st.tuples(NAMES, EDGE_NUMBERS).map(list), max_size=3),
    "history": st.lists(st.tuples(TIMES, NAMES, EDGE_NUMBERS, EDGE_NUMBERS).map(list),
                        max_size=3),
    "themes": st.dictionaries(NAMES, RATING, max_size=3),
    "days": st.lists(DAYS, max_size=4),
    "reviews": st.dictionaries(NAMES, REVIEW, max_size=3),
    "exercises": st.dictionaries(NAMES, st.tuples(NAMES, COUNT, TIMES).map(list), max_size=3),
    "games": st.lists(st.tuples(TIMES, st.sampled_from([True, False, 1, None]),
                                st.lists(COUNT, min_size=2, max_size=2),
                                COUNT, EDGE_NUMBERS).map(list), max_size=3),
    "later": st.sampled_from([..., {"goals": [1, 2]}, "x" * 300]),
}


@st.composite
def hostile_records(draw: st.DrawFn) -> dict[str, Any]:
    """A valid record with some fields replaced by hostile values and some left out."""
    record: dict[str, Any] = Progress().record(BANK[0].id, Rating(1500, 80), 0.0,
                                               themes=("count",)).to_dict()
    for name in draw(st.lists(st.sampled_from(sorted(FIELDS)), max_size=6, unique=True)):
        value = draw(maybe(FIELDS[name]))
        if value is ...:
            record.pop(name, None)
        else:
            record[name] = value
    return record


def cheap_checks(progress: Progress) -> None:
    """What the trainer, the dashboard and a lesson checker do with a record, without the
    widgets: rate an attempt at a due puzzle and at a new one, record an exercise and a
    game, rank themes, count streaks, and save and load back unchanged."""
    for puzzle_id, _ in progress.due_reviews()[:2]:
        progress = progress.record(puzzle_id, Rating(1500, 80), 0.5, themes=("count",))
    progress = progress.record(BANK[1].id, Rating(2900, 80), 0.0, themes=("shape",))
    progress = progress.record(BANK[2].id, Rating(400, 80), 1.0)
    progress = progress.record_exercise("01_x:abc", "01_x", True)
    progress = progress.record_game(True, (120, 30), 4, 75.0)
    progress.theme_ranking()
    progress.current_streak_days()
    progress.lessons_solved()
    for _puzzle_id, review in progress.reviews.items():
        review.due_date()
    assert Progress.from_dict(json.loads(progress.to_json())) == progress


def load_hostile(record: dict[str, Any], folder: Path) -> tuple[Path, Progress | None]:
    """Write ``record`` and load it; the path and the loaded record (None: refused). A
    refusal leaves the file as it was; a set-aside moves it whole."""
    path = folder / "puzzle_progress.json"
    text = json.dumps(record).encode()
    path.write_bytes(text)
    try:
        progress, message = load_progress(path)
    except ProgressError:
        assert path.read_bytes() == text  # refused: untouched
        return path, None
    if message is not None:
        assert progress == Progress() and "set aside" in message
        (aside,) = [p for p in folder.iterdir() if ".damaged-" in p.name]
        assert aside.read_bytes() == text
    return path, progress


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_records())
def test_a_hostile_record_loads_into_a_working_record_or_is_refused_cleanly(record):
    with tempfile.TemporaryDirectory() as folder:
        _path, progress = load_hostile(record, Path(folder))
        if progress is not None:
            cheap_checks(progress)


@pytest.mark.filterwarnings("ignore:your answer to check_deadwood was not recorded")
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_records())
def test_the_trainer_the_dashboard_and_a_checker_work_with_what_loads(record):
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        path, progress = load_hostile(record, Path(folder))
        # A refused file: both widgets say so and count for the page only.
        store = ProgressStore(path) if progress is not None else None
        trainer = DiscardPuzzle(path, store=store, seed=1)
        trainer.show_solution()
        trainer.next_puzzle()
        trainer.show_solution()
        board = ProgressDashboard(path, store=store)
        assert dashboard_charts(board.store.progress).count("<svg") == 3
        patch.setenv("GIN_TEACH_HOME", folder)
        shell = types.SimpleNamespace(user_ns={
            "_ih": ['answer = 0\ncheck_deadwood("7S 7H 7D", answer)'],
            "__session__": "01_x.ipynb"})
        patch.setattr(lesson_progress, "kernel_shell", lambda: shell)
        assert "Right" in str(check_deadwood("7S 7H 7D", 0))
        if store is not None:
            assert store.progress.attempts >= 2
