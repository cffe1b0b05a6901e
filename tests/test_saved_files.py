"""Saved files are never lost or half written (issue 27): every change to the learner's
record (a puzzle answered, a lesson exercise checked, a game finished) is written by the
progress store under its lock, atomically, and a class export is written atomically too."""

from __future__ import annotations

import fcntl
import json
import os
import types
from collections.abc import Callable
from pathlib import Path

import pytest

from gin_teach import play
from gin_teach.bots import GreedyBot, SimpleBot
from gin_teach.core.rules import Rules
from gin_teach.engine.game import Game
from gin_teach.errors import ProgressError
from gin_teach.learner import lesson_progress, progress
from gin_teach.learner.classes import export_progress, read_export
from gin_teach.learner.progress import load_progress
from gin_teach.learner.rating import Rating
from gin_teach.learner.record import Progress
from gin_teach.lessons import check_card_points
from gin_teach.widgets import DiscardPuzzle
from gin_teach.widgets.dashboard import record_finished_game

EXERCISE = 'answer = 28\ncheck_card_points("AS 7D KC QH", answer)'


def held_by_another(lock: Path) -> bool:
    """Whether some open handle holds ``lock`` (a second handle cannot take it: flock locks
    belong to open files, even within one process)."""
    with open(lock, "a+b") as handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
        return False


@pytest.fixture
def watched_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Path, bool]]:
    """Every save of a learner's record, with whether its lock was held while it wrote."""
    monkeypatch.setenv("GIN_TEACH_HOME", str(tmp_path))
    saves: list[tuple[Path, bool]] = []
    save = progress.save_progress

    def watching(record: Progress, path: str | Path | None = None) -> None:
        where = Path(path) if path is not None else progress.default_progress_path()
        saves.append((where, held_by_another(where.with_name(f".{where.name}.lock"))))
        save(record, path)

    monkeypatch.setattr(progress, "save_progress", watching)
    return saves


def finished_game() -> Game:
    return play(Game(Rules(target=25), seed=4), [GreedyBot(), SimpleBot(seed=2)])


def test_every_change_to_the_learners_record_is_saved_under_its_lock(
        tmp_path: Path, watched_saves: list[tuple[Path, bool]],
        monkeypatch: pytest.MonkeyPatch):
    path = progress.default_progress_path()
    shell = types.SimpleNamespace(user_ns={"_ih": [EXERCISE], "__session__": "01_cards.ipynb"})
    monkeypatch.setattr(lesson_progress, "kernel_shell", lambda: shell)
    changes: list[Callable[[], object]] = [
        lambda: check_card_points("AS 7D KC QH", 28),  # a lesson exercise, in a notebook
        lambda: DiscardPuzzle(path, seed=3, kind="discard").answer(
            DiscardPuzzle(path, seed=3, kind="discard").puzzle.hand[0]),
        lambda: record_finished_game(finished_game(), 0, 75.0, progress.store_for(path)),
    ]
    for number, change in enumerate(changes, 1):
        change()
        assert len(watched_saves) == number
    assert watched_saves == [(path, True)] * 3
    record, message = load_progress(path)
    assert message is None
    assert len(record.exercises) == 1 and record.attempts == 1 and len(record.games) == 1
    # The temporary files are gone: the record and its lock file are all that is left.
    assert sorted(p.name for p in tmp_path.iterdir()) == [f".{path.name}.lock", path.name]


def test_a_failed_export_leaves_the_earlier_export_whole_and_no_temporary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    out = export_progress(tmp_path / "ada.json", "Ada", Progress().record("p1", Rating(), 1.0))
    before = out.read_bytes()
    steps: list[str] = []
    fsync = os.fsync

    def noted_fsync(descriptor: int) -> None:
        steps.append("fsync")
        fsync(descriptor)

    def broken_replace(source: str, target: str) -> None:
        steps.append("replace")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", noted_fsync)
    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(ProgressError, match="No space left on device"):
        export_progress(out, "Ada", Progress())
    assert steps == ["fsync", "replace"]  # the new text is on disk before it takes the name
    assert out.read_bytes() == before and read_export(out)[1].attempts == 1
    assert [p.name for p in tmp_path.iterdir()] == ["ada.json"]
    assert json.loads(before)["name"] == "Ada"
