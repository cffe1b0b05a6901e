"""Hostile progress files and records at the limits (issue 45, T4-1, T4-2, T4-3, T4-7): every
file either loads into a record the trainer, the dashboard and a lesson checker all work
with, or is refused or set aside with a clear message; nothing else is moved or lost; and
whatever the record's writer accepts, its loader reads back."""

from __future__ import annotations

import datetime
import json
import math
import types
from pathlib import Path

import pytest

from gin_teach import play
from gin_teach.bots import SimpleBot
from gin_teach.coach import Review
from gin_teach.engine.round import Round
from gin_teach.errors import ArgumentError, ProgressError
from gin_teach.learner import lesson_progress
from gin_teach.learner.classes import export_progress
from gin_teach.learner.lesson_progress import exercise_key
from gin_teach.learner.progress import MAX_PROGRESS_BYTES, ProgressStore, load_progress, store_for
from gin_teach.learner.rating import RATING_RANGE, Rating
from gin_teach.learner.record import (
    LONGEST_NAME,
    RECORD_BYTES,
    REVIEWS_KEPT,
    THEMES_KEPT,
    Progress,
)
from gin_teach.learner.review_schedule import ReviewEntry, after_attempt
from gin_teach.lessons import check_deadwood
from gin_teach.puzzles import bank_to_json, load_bank
from gin_teach.widgets import DiscardPuzzle
from gin_teach.widgets.dashboard import ProgressDashboard

WHEN = datetime.datetime(2025, 12, 3, 18)
BANK = load_bank()
EXERCISE = 'answer = 0\ncheck_deadwood("7S 7H 7D", answer)'


def missed(puzzle_id: str = BANK[0].id) -> dict[str, object]:
    """A progress record, as a file holds it, with one puzzle missed (due for review)."""
    progress = Progress().record(puzzle_id, Rating(1500, 80), 0.0, themes=("count",),
                                 when=WHEN)
    return progress.to_dict()


def with_review(**fields: object) -> dict[str, object]:
    data = missed()
    reviews = data["reviews"]
    assert isinstance(reviews, dict)
    entry = reviews[BANK[0].id]
    for name, value in fields.items():
        if value is ...:
            del entry[name]
        else:
            entry[name] = value
    return data


def folder_listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.endswith(".lock")}


def everything_works_with(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The trainer answers (twice: the first puzzle may be a due review), the dashboard shows
    the record, and a checked lesson exercise gives feedback and is recorded."""
    trainer = DiscardPuzzle(path, seed=3)
    for _ in range(2):
        trainer.show_solution()
        trainer.next_puzzle()
    assert trainer.store.progress.attempts >= 2
    board = ProgressDashboard(path)
    assert "puzzles answered" in board.summary.value
    monkeypatch.setenv("GIN_TEACH_HOME", str(path.parent))
    shell = types.SimpleNamespace(user_ns={"_ih": [EXERCISE], "__session__": "01_x.ipynb"})
    monkeypatch.setattr(lesson_progress, "kernel_shell", lambda: shell)
    assert "Right" in str(check_deadwood("7S 7H 7D", 0))
    if path.name == "puzzle_progress.json":
        assert load_progress(path)[0].exercises


def set_aside_whole(folder: Path, path: Path, original: bytes, message: str | None) -> None:
    assert message is not None and "set aside" in message
    (aside,) = [p for p in folder.iterdir() if ".damaged-" in p.name]
    assert aside.read_bytes() == original  # moved whole, never rewritten


# ---------------------------------------------------------------- T4-1 dates and FSRS fields

EDGE_DATES = ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:00-05:00", "0001-01-01T00:00:00",
              "9999-12-31T23:59:59", "1969-07-20T20:17:00+00:00", "9500-01-01T00:00:00"]


@pytest.mark.parametrize("field", ["due", "last_review"])
@pytest.mark.parametrize("date", EDGE_DATES)
def test_a_review_dated_at_the_calendars_edge_is_set_aside_not_an_overflow(
        tmp_path, monkeypatch, field, date):
    path = tmp_path / "puzzle_progress.json"
    original = json.dumps(with_review(**{field: date})).encode()
    path.write_bytes(original)
    progress, message = load_progress(path)
    assert progress == Progress()
    set_aside_whole(tmp_path, path, original, message)
    assert "dates" in message and "1971" in message
    if date in EDGE_DATES[:2]:  # the two (each case loads as the others do)
        everything_works_with(path, monkeypatch)


@pytest.mark.parametrize("state", [2, 3])
@pytest.mark.parametrize("missing", ["stability", "difficulty"])
@pytest.mark.parametrize("how", [None, ...], ids=["null", "absent"])
def test_a_review_in_state_2_or_3_without_its_numbers_is_set_aside(
        tmp_path, monkeypatch, state, missing, how):
    path = tmp_path / "puzzle_progress.json"
    original = json.dumps(with_review(state=state, **{missing: how})).encode()
    path.write_bytes(original)
    progress, message = load_progress(path)
    assert progress == Progress()
    set_aside_whole(tmp_path, path, original, message)
    assert f"state {state} needs its stability and difficulty" in message
    if how is None:
        everything_works_with(path, monkeypatch)


def test_a_learning_review_without_its_numbers_is_kept_and_reviewed(tmp_path, monkeypatch):
    path = tmp_path / "puzzle_progress.json"
    path.write_text(json.dumps(with_review(state=1, stability=None, difficulty=None,
                                           due="2025-12-04T00:00:00+00:00")))
    progress, message = load_progress(path)
    assert message is None and progress.reviews[BANK[0].id].stability is None
    trainer = DiscardPuzzle(path, seed=3, bank=BANK)
    assert trainer.puzzle.id == BANK[0].id  # due: offered first
    trainer.show_solution()
    entry = load_progress(path)[0].reviews[BANK[0].id]
    assert entry.stability is not None and entry.difficulty is not None


@pytest.mark.parametrize("stability, difficulty", [(99_999.0, 0.5), (0.0001, 1e-9),
                                                   (5e5, 11.0)])
def test_stabilities_and_difficulties_fsrs_would_clamp_are_clamped_and_read_back(
        stability, difficulty):
    entry = ReviewEntry.from_dict(with_review(stability=stability, difficulty=difficulty)[
        "reviews"][BANK[0].id])  # type: ignore[index]
    for score in (0.0, 0.5, 1.0):
        after = after_attempt(entry, score, WHEN + datetime.timedelta(days=400))
        assert after is not None
        assert ReviewEntry.from_dict(after.to_dict()) == after


def test_a_review_that_is_not_a_date_names_the_years():
    with pytest.raises(ProgressError, match="ISO dates from 1971 to 8999"):
        ReviewEntry.from_dict(with_review(due="9999-12-31T23:59:00-05:00")["reviews"][
            BANK[0].id])  # type: ignore[index]


# ---------------------------------------------------------------- T4-2 ratings at the limits

@pytest.mark.parametrize("learner, puzzle", [(9999, 1500), (8000, 900), (-9999, 9999),
                                             (10_000, -9999), (9999.9, 9999), (1500, 1500)])
@pytest.mark.parametrize("deviation", [1e-9, 1.0, 50.0, 350.0])
def test_every_rating_the_record_accepts_can_be_updated(learner, puzzle, deviation):
    for score in (0.0, 0.5, 1.0):
        after = Rating(learner, deviation).update([(Rating(puzzle, 80), score)])
        assert RATING_RANGE[0] < after.rating <= RATING_RANGE[1]
        assert Progress.from_dict({**Progress().to_dict(), "rating": [
            after.rating, after.deviation, after.volatility]}).rating == after


def test_a_top_rating_in_the_file_can_still_be_rated(tmp_path, monkeypatch):
    path = tmp_path / "puzzle_progress.json"
    path.write_text(json.dumps({**Progress().to_dict(), "rating": [9999, 50, 0.06]}))
    trainer = DiscardPuzzle(path, seed=1)
    trainer.show_solution()
    assert trainer.store.message is None
    assert load_progress(path)[0].rating.rating < 9999  # a miss against an easy puzzle
    everything_works_with(path, monkeypatch)


def test_an_opponent_that_is_no_rating_is_named():
    with pytest.raises(Exception, match="opponent must be a Rating") as raised:
        Rating().update([("1500", 1.0)])  # type: ignore[list-item]
    assert isinstance(raised.value, ProgressError.__mro__[1])  # a GinError


# ---------------------------------------------------------------- T4-3 other gin_teach files

def other_files(folder: Path) -> dict[str, bytes]:
    rnd = play(Round(seed=5), [SimpleBot(seed=1), SimpleBot(seed=2)])
    export = export_progress(folder / "made.json", "Ada", Progress())
    return {"bank": bank_to_json(BANK[:2]).encode(), "export": Path(export).read_bytes(),
            "review": Review(0, (), 100.0, (100.0,)).to_json().encode(),
            "round": rnd.to_json().encode()}


@pytest.mark.parametrize("kind", ["bank", "export", "review", "round"])
@pytest.mark.parametrize("damaged", [False, True])
def test_another_gin_teach_file_given_as_progress_is_never_moved_or_replaced(
        tmp_path, kind, damaged):
    content = other_files(tmp_path)[kind]
    if damaged:
        content = content[:len(content) // 2]
    folder = tmp_path / "mine"
    folder.mkdir()
    path = folder / "my_file.json"
    path.write_bytes(content)
    with pytest.raises(ProgressError, match="not a gin_teach progress file"):
        load_progress(path)
    trainer = DiscardPuzzle(str(path), seed=1)
    assert "not a gin_teach progress file" in trainer.message.value
    trainer.show_solution()  # counted for the page only
    assert folder_listing(folder) == {"my_file.json": content}


def test_a_damaged_progress_record_is_still_recognised_and_set_aside(tmp_path):
    path = tmp_path / "p.json"
    original = Progress().record("p1", Rating(), 0.0, when=WHEN).to_json().encode()[:60]
    path.write_bytes(original)
    progress, message = load_progress(path)
    assert progress == Progress()
    set_aside_whole(tmp_path, path, original, message)


# ---------------------------------------------------------------- T4-7 the writer and the reader

def test_a_long_notebook_name_still_makes_a_key_the_record_keeps(tmp_path):
    lesson = "a" * 187 + "_lesson"
    key = exercise_key(EXERCISE, lesson)
    assert key is not None and len(key) <= LONGEST_NAME
    assert key != exercise_key(EXERCISE, "a" * 187 + "_lessom")  # still told apart
    progress = Progress().record_exercise(key, lesson, True, when=WHEN)
    path = tmp_path / "p.json"
    ProgressStore(path).update(lambda _: progress)
    assert load_progress(path) == (progress, None)


def test_a_full_review_schedule_drops_the_puzzle_known_best(tmp_path):
    entry = after_attempt(None, 0.0, WHEN)
    assert entry is not None
    reviews = {f"p{n}": entry for n in range(REVIEWS_KEPT)}
    reviews["p0"] = after_attempt(after_attempt(entry, 1.0, WHEN + datetime.timedelta(days=2)),
                                  1.0, WHEN + datetime.timedelta(days=9))  # type: ignore[assignment]
    progress = Progress(reviews=reviews).record("new", Rating(), 0.0, when=WHEN)
    assert len(progress.reviews) == REVIEWS_KEPT and "new" in progress.reviews
    assert "p0" not in progress.reviews  # due last: known best
    path = tmp_path / "p.json"
    ProgressStore(path).update(lambda _: progress)
    assert load_progress(path) == (progress, None)


def test_a_record_grown_past_its_file_is_compacted_not_lost(tmp_path):
    solved = frozenset(f"{n:07d}" + "x" * 150 for n in range(30_000))
    progress = Progress(solved=solved, attempts=30_000).record("last", Rating(), 1.0, when=WHEN)
    assert len(json.dumps(progress.to_dict())) > MAX_PROGRESS_BYTES
    path = tmp_path / "p.json"
    ProgressStore(path).update(lambda _: progress)
    assert path.stat().st_size <= RECORD_BYTES
    loaded, message = load_progress(path)
    assert message is None
    assert loaded.attempts == 30_001 and "last" in loaded.solved
    assert len(loaded.solved) >= 15_000 and loaded.solved <= progress.solved  # the latest half


@pytest.mark.parametrize("call, named", [
    (lambda p: p.record_game(True, (100, 20), 3, accuracy=math.nan), "accuracy"),
    (lambda p: p.record_game(True, (100, -1), 3), "points"),
    (lambda p: p.record_game(1, (100, 20), 3), "won"),
    (lambda p: p.record("p" * 250, Rating(), 1.0), "puzzle_id"),
    (lambda p: p.record("p1", Rating(), 1.0, themes=("t" * 250,)), "a theme"),
    (lambda p: p.record("p1", Rating(), 1.0, when=datetime.datetime(9999, 12, 31, 23)), "when"),
    (lambda p: p.record("p1", Rating(), 0.0, when=datetime.datetime(1, 1, 1)), "when"),
    (lambda p: p.record_exercise("k" * 250, "01", True), "key"),
])
def test_the_writer_refuses_what_the_reader_would_set_aside(call, named):
    start = Progress().record("p0", Rating(), 1.0, when=WHEN)
    with pytest.raises(ArgumentError, match=named):
        call(start)
    assert Progress.from_dict(start.to_dict()) == start


def test_games_and_themes_past_the_limits_are_kept_within_them(tmp_path):
    progress = Progress().record_game(True, (10**7, 3), 10_000, when=WHEN)
    themes = tuple(f"theme {n}" for n in range(THEMES_KEPT + 1))
    progress = progress.record("p1", Rating(), 1.0, themes=themes, when=WHEN)
    assert len(progress.themes) == THEMES_KEPT
    assert progress.games[0].points == (999_999, 3) and progress.games[0].rounds == 9_999
    path = tmp_path / "p.json"
    ProgressStore(path).update(lambda _: progress)
    assert load_progress(path) == (progress, None)


def test_a_progress_file_that_is_a_link_stays_a_link(tmp_path):
    real = tmp_path / "real" / "progress.json"
    real.parent.mkdir()
    real.write_text(Progress().to_json())
    link = tmp_path / "link.json"
    link.symlink_to(real)
    store_for(link).update(lambda p: p.record("p1", Rating(), 1.0, when=WHEN))
    assert link.is_symlink() and link.resolve() == real
    assert load_progress(real)[0].attempts == 1
    real.write_text('{"format": 2, "rating": "damaged')  # set aside: the file, not the link
    progress, message = load_progress(link)
    assert progress == Progress() and message is not None
    assert any(".damaged-" in p.name for p in real.parent.iterdir())


# ---------------------------------------------------------------- formats old and new

def test_a_newer_format_is_refused_untouched(tmp_path):
    path = tmp_path / "p.json"
    original = json.dumps({**Progress().to_dict(), "format": 3, "goals": [1]}).encode()
    path.write_bytes(original)
    with pytest.raises(ProgressError, match="newer gin_teach"):
        load_progress(path)
    trainer = DiscardPuzzle(path, seed=1)
    assert "newer gin_teach" in trainer.message.value
    trainer.show_solution()
    assert folder_listing(tmp_path) == {"p.json": original}


def test_fields_a_later_version_adds_are_kept_at_the_next_save(tmp_path):
    path = tmp_path / "p.json"
    later = {"goals": {"daily": 5, "streak": [1, 2]}, "nickname": "Ada"}
    path.write_text(json.dumps({**missed(), **later}))
    trainer = DiscardPuzzle(path, seed=1)
    trainer.show_solution()
    saved = json.loads(path.read_text())
    assert {key: saved[key] for key in later} == later
    assert saved["attempts"] == 2
    assert list(saved)[:2] == ["format", "gin_teach"]


def test_unknown_fields_nested_too_deep_are_set_aside_with_the_file(tmp_path):
    path = tmp_path / "p.json"
    deep: list[object] = [1]
    for _ in range(25):
        deep = [deep]
    original = json.dumps({**Progress().to_dict(), "deep": deep}).encode()
    path.write_bytes(original)
    progress, message = load_progress(path)
    assert progress == Progress()
    set_aside_whole(tmp_path, path, original, message)


# ---------------------------------------------------------------- T4-14 paths of the wrong kind

@pytest.mark.parametrize("path", [7, b"7H", "\x00", "x" * 100_000, "", 3.5, ["p.json"]])
def test_a_progress_path_of_the_wrong_kind_is_named(tmp_path, monkeypatch, path):
    monkeypatch.chdir(tmp_path)
    for function in (load_progress, store_for, ProgressStore):
        with pytest.raises(ProgressError):
            function(path)
    trainer = DiscardPuzzle(path, seed=1)
    assert "Your answers here count for this page only" in trainer.message.value
    trainer.show_solution()
    assert list(tmp_path.iterdir()) == []
