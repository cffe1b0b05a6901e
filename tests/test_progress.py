"""The learner's progress store: format 2 and the migration of format 1, atomic writes, the
lock that keeps two kernels' updates, damaged files set aside, and a folder or someone else's
file never moved (issues 26 and 27)."""

import datetime
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_teach.errors import GinError, ProgressError, RatingError
from gin_teach.learner.progress import (
    MAX_PROGRESS_BYTES,
    Progress,
    ProgressStore,
    default_progress_path,
    load_progress,
    save_progress,
    store_for,
)
from gin_teach.learner.rating import Rating
from gin_teach.learner.record import VOLATILITY_RANGE, verdict_score
from gin_teach.widgets import DiscardPuzzle

ROOT = Path(__file__).resolve().parent.parent
DAY = datetime.datetime(2025, 12, 3, 18, 30)


def busy_record():
    progress = Progress()
    for i, score in enumerate([1, 1, 0.5, 0, 1]):
        progress = progress.record(f"p{i}", Rating(1450 + 20 * i, 80), score,
                                   themes=("count", f"t{i % 2}"),
                                   when=DAY + datetime.timedelta(days=i))
    progress = progress.record_exercise("01:abc", "01_cards", False, DAY)
    progress = progress.record_exercise("01:abc", "01_cards", True, DAY)
    return progress.record_game(False, (40, 112), 5, 74.5, DAY)


def test_round_trip_keeps_everything(tmp_path):
    path = tmp_path / "p.json"
    progress = busy_record()
    save_progress(progress, path)
    loaded, message = load_progress(path)
    assert message is None
    assert loaded == progress
    assert (loaded.streak, loaded.best_streak, loaded.attempts) == (1, 2, 5)
    assert loaded.solved == {"p0", "p1", "p4"}
    assert sorted(loaded.reviews) == ["p2", "p3"]  # the half and the miss come back
    assert loaded.exercises["01:abc"].tries == 2 and len(loaded.days) == 5
    assert json.loads(path.read_text())["format"] == 2


def test_a_format_1_file_is_migrated(tmp_path):
    path = tmp_path / "p.json"
    old = {"format": 1, "rating": [1612.5, 88.0, 0.06], "streak": 2, "best_streak": 4,
           "attempts": 9, "solved": ["p1", "p2"], "recent": [["p1", 1.0], ["p2", 1.0]]}
    path.write_text(json.dumps(old))
    progress, message = load_progress(path)
    assert message is None
    assert progress.rating == Rating(1612.5, 88.0, 0.06)
    assert (progress.streak, progress.best_streak, progress.attempts) == (2, 4, 9)
    assert progress.solved == {"p1", "p2"} and progress.recent[-1] == ("p2", 1.0)
    store = ProgressStore(path)
    store.update(lambda p: p.record("p3", Rating(), 1.0))
    saved = json.loads(path.read_text())
    assert saved["format"] == 2 and saved["attempts"] == 10 and saved["solved"][-1] == "p3"


def test_default_path_lives_in_the_learners_home(monkeypatch, tmp_path):
    monkeypatch.delenv("GIN_TEACH_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_progress_path() == tmp_path / ".gin_teach" / "puzzle_progress.json"
    monkeypatch.setenv("GIN_TEACH_HOME", str(tmp_path / "class"))
    assert default_progress_path() == tmp_path / "class" / "puzzle_progress.json"


@pytest.mark.parametrize("content", [
    b'{"format": 2, "rating": [1500',
    b'{"format": 1, "rating": "high"}',
    json.dumps({**Progress().to_dict(), "streak": -1}).encode(),
    json.dumps({**Progress().to_dict(), "rating": [1500, 9999, 0.06]}).encode(),
    json.dumps({**Progress().to_dict(), "recent": [["p", "x"]]}).encode(),
    json.dumps({**Progress().to_dict(), "days": ["yesterday"]}).encode(),
    json.dumps({**Progress().to_dict(), "reviews": {"p1": {"due": "soon"}}}).encode(),
    json.dumps({**Progress().to_dict(), "games": [[1, 2, 3]]}).encode(),
    b'{"format":2,"gin_teach":"progress"' + b"[" * 100_000,
])
def test_a_damaged_file_of_ours_is_set_aside_and_a_fresh_record_starts(tmp_path, content):
    path = tmp_path / "p.json"
    path.write_bytes(content)
    progress, message = load_progress(path)
    assert progress == Progress()
    assert "set aside" in message and str(path) in message
    assert not path.exists()
    (aside,) = tmp_path.glob("p.json.damaged-*")
    assert aside.read_bytes() == content  # nothing of the learner's is lost


@pytest.mark.parametrize("content", [
    b"{not json", b"\xff\xfe", b"[]", b"my shopping list\n",
    json.dumps({"cells": [], "nbformat": 4, "metadata": {}}).encode(),
    json.dumps({"rating": 5, "name": "a film review"}).encode(),
    b" " * (MAX_PROGRESS_BYTES + 1),
])
def test_a_file_that_is_not_ours_is_refused_and_never_moved(tmp_path, content):
    path = tmp_path / "notes.json"
    path.write_bytes(content)
    with pytest.raises(ProgressError, match="not a gin_teach progress file"):
        load_progress(path)
    assert path.read_bytes() == content and sorted(tmp_path.iterdir()) == [path]
    with pytest.raises(GinError):
        ProgressStore(path)


def test_a_record_from_a_newer_gin_teach_is_left_alone(tmp_path):
    path = tmp_path / "p.json"
    path.write_text('{"format": 99, "gin_teach": "progress"}')
    with pytest.raises(ProgressError, match="newer gin_teach"):
        load_progress(path)
    assert path.read_text() == '{"format": 99, "gin_teach": "progress"}'


def test_a_folder_is_never_renamed_nor_replaced(tmp_path):
    folder = tmp_path / "my_notebooks"
    folder.mkdir()
    (folder / "work.ipynb").write_text("{}")
    with pytest.raises(ProgressError, match="is a folder"):
        load_progress(folder)
    with pytest.raises(ProgressError, match="is a folder"):
        save_progress(Progress(), folder)
    trainer = DiscardPuzzle(progress_path=folder, seed=1)
    assert "is a folder" in trainer.message_text  # said in the widget, not a traceback
    trainer.answer(trainer.puzzle.best_choice.card, trainer.puzzle.knock)
    assert trainer.progress.attempts == 1  # the page still counts, in memory
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my_notebooks"]
    assert [p.name for p in folder.iterdir()] == ["work.ipynb"]


def test_someone_elses_file_given_to_the_trainer_is_untouched(tmp_path):
    path = tmp_path / "essay.txt"
    path.write_text("Gin rummy is a game for two.")
    trainer = DiscardPuzzle(progress_path=path, seed=2)
    assert "not a gin_teach progress file" in trainer.message_text
    trainer.answer(trainer.puzzle.best_choice.card, trainer.puzzle.knock)
    assert path.read_text() == "Gin rummy is a game for two."
    assert sorted(p.name for p in tmp_path.iterdir()) == ["essay.txt"]


def test_a_tiny_volatility_is_clamped_and_the_next_answer_is_rated(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({**Progress().to_dict(), "rating": [1500, 50, 1e-300],
                                "themes": {"count": [1500, 50, 1e-300]}}))
    progress, message = load_progress(path)
    assert message is None
    assert progress.rating.volatility == VOLATILITY_RANGE[0]
    trainer = DiscardPuzzle(progress_path=path, seed=3, kind="discard")
    grade = trainer.answer(trainer.puzzle.best_choice.card, trainer.puzzle.knock)
    assert grade is not None and trainer.progress.attempts == 1
    assert trainer.rating.rating > 1500
    with pytest.raises(RatingError, match="volatility must be at least"):
        Rating(1500, 50, 1e-300)  # built by hand, it is refused with a clear message


def test_an_oversized_file_of_ours_is_set_aside_without_being_parsed(tmp_path):
    path = tmp_path / "p.json"
    path.write_bytes(b'{"format": 2, "solved": [' + b" " * MAX_PROGRESS_BYTES + b"]}")
    progress, message = load_progress(path)
    assert progress == Progress() and "larger than" in message


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "p.json"
    save_progress(Progress().record("a", Rating(), 1), path)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save_progress(Progress(), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["p.json"]


def test_a_store_that_cannot_write_keeps_the_answer_and_says_so(tmp_path, monkeypatch):
    path = tmp_path / "p.json"
    store = ProgressStore(path)

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    assert store.update(lambda p: p.record("a", Rating(), 1.0)).attempts == 1
    assert "could not be saved" in store.message and "No space left" in store.message
    assert not path.exists()


UPDATER = textwrap.dedent("""
    import sys
    from gin_teach.learner.progress import ProgressStore
    from gin_teach.learner.rating import Rating
    store = ProgressStore(sys.argv[1])
    for i in range(int(sys.argv[2])):
        store.update(lambda p: p.record(f"{sys.argv[3]}{i}", Rating(), 1.0))
""")


def test_two_kernels_updating_one_file_lose_no_update(tmp_path):
    path = tmp_path / "p.json"
    each = 150
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    workers = [subprocess.Popen([sys.executable, "-c", UPDATER, str(path), str(each), name],
                                env=env) for name in ("a", "b")]
    assert [worker.wait(timeout=300) for worker in workers] == [0, 0]
    progress, message = load_progress(path)
    assert message is None
    assert progress.attempts == 2 * each
    assert len(progress.solved) == 2 * each


def test_every_widget_on_a_page_shows_the_same_current_record(tmp_path):
    path = tmp_path / "p.json"
    trainer = DiscardPuzzle(progress_path=path, seed=4)
    today = DiscardPuzzle(progress_path=path, seed=5)
    today.show_puzzle_of_the_day()
    assert trainer.store is today.store is store_for(path)
    trainer.answer(trainer.puzzle.best_choice.card, trainer.puzzle.knock)
    assert today.progress.attempts == 1
    assert f"Your rating {round(trainer.rating.rating)}" in today.status.value


def test_a_store_reads_what_another_kernel_wrote(tmp_path):
    path = tmp_path / "p.json"
    mine = ProgressStore(path)
    other = ProgressStore(path)  # another kernel's store of the same file
    other.update(lambda p: p.record("x", Rating(), 1.0))
    assert mine.progress.attempts == 1
    mine.update(lambda p: p.record("y", Rating(), 0.0))
    assert load_progress(path)[0].attempts == 2


def test_a_throw_away_record_is_never_written(tmp_path, monkeypatch):
    monkeypatch.setenv("GIN_TEACH_HOME", str(tmp_path))
    demo = DiscardPuzzle(store=ProgressStore.scratch(), seed=6, kind="discard")
    demo.answer(demo.puzzle.best_choice.card, demo.puzzle.knock)
    assert demo.progress.attempts == 1 and "not saved" in demo.status.value
    assert list(tmp_path.iterdir()) == []


def test_the_judges_good_counts_as_solved():
    assert verdict_score("good") == verdict_score("best") == 1.0
    assert verdict_score("inaccuracy") == 0.5
    assert verdict_score("mistake") == verdict_score("blunder") == 0.0


attempt = st.tuples(st.sampled_from(["p1", "p2", "p3", "p4"]), st.sampled_from([0.0, 0.5, 1.0]),
                    st.integers(800, 2200), st.integers(0, 40))


@settings(max_examples=40)
@given(st.lists(attempt, max_size=25))
def test_any_sequence_of_attempts_round_trips_and_keeps_its_counts(attempts):
    progress = Progress()
    for puzzle_id, score, rating, day in attempts:
        progress = progress.record(puzzle_id, Rating(rating, 80), score, themes=(puzzle_id,),
                                   when=DAY + datetime.timedelta(days=day))
    assert Progress.from_dict(json.loads(json.dumps(progress.to_dict()))) == progress
    assert progress.attempts == len(attempts) == len(progress.history)
    assert progress.solved == {pid for pid, score, _, _ in attempts if score == 1.0}
    assert set(progress.reviews) == {pid for pid, score, _, _ in attempts if score < 1.0}
    assert progress.best_streak >= progress.streak
