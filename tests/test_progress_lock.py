"""The lock two kernels share on a progress file, on each kind of platform, and where the record
lives in the static site (a browser's Python, Pyodide): the platform decides, never a missing
attribute."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gin_teach.errors import ProgressError
from gin_teach.learner import progress as progress_module
from gin_teach.learner.classes import export_progress, import_progress
from gin_teach.learner.progress import (
    ProgressStore,
    default_progress_path,
    load_progress,
    outlives_the_page,
    runs_in_browser,
)
from gin_teach.learner.rating import Rating
from gin_teach.learner.record import Progress
from gin_teach.widgets import DiscardPuzzle

ROOT = Path(__file__).resolve().parent.parent

HOLDER = """
import sys, time
from filelock import FileLock
with FileLock(sys.argv[1]):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def hold_lock(lock: Path, seconds: float) -> subprocess.Popen[str]:
    """Another process (another kernel) holding the record's lock for ``seconds``."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(lock), str(seconds)],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


def test_the_platform_decides_whether_python_runs_in_a_browser(monkeypatch):
    assert runs_in_browser() is False
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert runs_in_browser() is True


def test_an_update_waits_for_another_kernels_lock(tmp_path):
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    holder = hold_lock(tmp_path / ".p.json.lock", 1.5)
    try:
        started = time.monotonic()
        store.update(lambda p: p.record("p1", Rating(), 1.0))
        waited = time.monotonic() - started
    finally:
        holder.wait(timeout=30)
    assert waited > 0.5, "the update did not wait for the other kernel's lock"
    assert load_progress(path)[0].attempts == 1 and store.message is None


def test_a_lock_held_too_long_keeps_the_answer_in_memory_and_says_so(tmp_path, monkeypatch):
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    store.update(lambda p: p.record("p1", Rating(), 1.0))
    before = path.read_bytes()
    monkeypatch.setattr(progress_module, "LOCK_WAIT_SECONDS", 0.3)
    holder = hold_lock(tmp_path / ".p.json.lock", 5)
    try:
        store.update(lambda p: p.record("p2", Rating(), 1.0))
    finally:
        holder.kill()
        holder.wait(timeout=30)
    assert store.progress.attempts == 2  # the answer counts in this session
    assert "another kernel" in (store.message or "")
    assert path.read_bytes() == before  # the file was not written without the lock


def test_the_lock_is_the_filelock_packages_on_every_desktop_system(tmp_path, monkeypatch):
    taken: list[str] = []
    import filelock

    class Watched(filelock.FileLock):
        def acquire(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            taken.append(Path(self.lock_file).name)
            return super().acquire(*args, **kwargs)

    monkeypatch.setattr(filelock, "FileLock", Watched)
    for platform in ("linux", "darwin", "win32"):
        monkeypatch.setattr(sys, "platform", platform)
        ProgressStore(tmp_path / "p.json").update(lambda p: p.record("p", Rating(), 1.0))
    assert taken == [".p.json.lock"] * 3
    assert load_progress(tmp_path / "p.json")[0].attempts == 3


def test_in_a_browser_nothing_is_locked_and_the_record_is_still_saved(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "filelock", None)  # any import of it would now fail
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    store.update(lambda p: p.record("p1", Rating(), 1.0))
    assert store.message is None
    assert load_progress(path)[0].attempts == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.json"]  # no lock file


def test_in_a_browser_the_record_lives_in_the_drive(tmp_path, monkeypatch):
    drive = tmp_path / "drive"
    monkeypatch.delenv("GIN_TEACH_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(progress_module, "BROWSER_DRIVE", drive)
    monkeypatch.setattr(sys, "platform", "emscripten")
    # No drive mounted (a kernel started without one): the home folder, as elsewhere.
    assert default_progress_path() == tmp_path / "home" / ".gin_teach" / "puzzle_progress.json"
    drive.mkdir()
    assert default_progress_path() == drive / "puzzle_progress.json"
    monkeypatch.setenv("GIN_TEACH_HOME", str(tmp_path / "class"))  # a teacher's choice wins
    assert default_progress_path() == tmp_path / "class" / "puzzle_progress.json"
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv("GIN_TEACH_HOME")
    assert default_progress_path() == tmp_path / "home" / ".gin_teach" / "puzzle_progress.json"


def test_in_a_browser_the_trainer_says_where_the_record_outlives_a_reload(tmp_path,
                                                                         monkeypatch):
    drive = tmp_path / "drive"
    drive.mkdir()
    monkeypatch.setattr(progress_module, "BROWSER_DRIVE", drive)
    assert outlives_the_page(tmp_path / "memory" / "p.json")  # not in a browser: any folder
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert outlives_the_page(drive / "p.json") and outlives_the_page(drive / "class" / "p.json")
    assert not outlives_the_page(tmp_path / "memory" / "p.json")
    kept = DiscardPuzzle(progress_path=drive / "p.json", seed=1)
    assert "progress kept in this browser: p.json in the file browser" in kept.status.value
    lost = DiscardPuzzle(progress_path=tmp_path / "memory" / "p.json", seed=1)
    assert "for this page only" in lost.status.value
    assert "outlive a reload" in lost.status.value


def test_two_threads_of_one_kernel_lose_no_update(tmp_path):
    path = tmp_path / "p.json"
    stores = [ProgressStore(path), ProgressStore(path)]

    def answer(store: ProgressStore, name: str) -> None:
        for i in range(40):
            store.update(lambda p, i=i: p.record(f"{name}{i}", Rating(), 1.0))

    threads = [threading.Thread(target=answer, args=(s, n)) for s, n in zip(stores, "ab",
                                                                              strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert load_progress(path)[0].attempts == 80


# ------------------------------------------------------------------------ export and import

def test_an_import_makes_the_exported_record_the_learners_and_keeps_the_old(tmp_path):
    ada = Progress().record("p1", Rating(1500, 80), 1.0).record("p2", Rating(), 0.0)
    out = export_progress(tmp_path / "ada.json", "Ada", ada)
    path = tmp_path / "home" / "p.json"
    store = ProgressStore(path)
    store.update(lambda p: p.record("mine", Rating(), 1.0))
    mine = path.read_bytes()
    seen: list[int] = []
    store.subscribe(lambda progress: seen.append(progress.attempts))
    said = import_progress(out, store)
    assert "Ada's record is now yours: 2 puzzles answered" in said
    assert store.progress == load_progress(path)[0] and store.progress.attempts == 2
    assert seen == [2]  # the widgets on the page redraw
    (kept,) = path.parent.glob("p.json.replaced-*")
    assert kept.name in said and kept.read_bytes() == mine
    import_progress(out, store)  # again, in the same second: the first copy is not overwritten
    assert len(list(path.parent.glob("p.json.replaced-*"))) == 2
    assert kept.read_bytes() == mine


def test_an_import_of_a_file_that_is_no_export_changes_nothing(tmp_path):
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    store.update(lambda p: p.record("mine", Rating(), 1.0))
    mine = path.read_bytes()
    other = tmp_path / "essay.json"
    other.write_text(json.dumps({"title": "mine"}))
    with pytest.raises(ProgressError, match="not a gin_teach progress export"):
        import_progress(other, store)
    assert path.read_bytes() == mine and store.progress.attempts == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == [".p.json.lock", "essay.json", "p.json"]


def test_an_import_that_cannot_be_written_changes_nothing(tmp_path, monkeypatch):
    out = export_progress(tmp_path / "ada.json", "Ada", Progress().record("p", Rating(), 1.0))
    path = tmp_path / "home" / "p.json"
    store = ProgressStore(path)
    store.update(lambda p: p.record("mine", Rating(), 1.0))
    mine = path.read_bytes()

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(progress_module, "save_progress", refuse)
    with pytest.raises(ProgressError, match=r"No space left on device.*yours is unchanged"):
        import_progress(out, store)
    assert path.read_bytes() == mine and store.progress.attempts == 1
    assert not list(path.parent.glob("*.replaced-*"))


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0,
                    reason="a read-only folder is writable by root and on Windows")
def test_an_export_into_a_read_only_folder_is_a_clear_error(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(ProgressError, match=r"could not be written in .*class"):
            export_progress(folder / "ada.json", "Ada", Progress())
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("fails", ["mkstemp", "replace", "mkdir"])
def test_an_export_the_system_refuses_is_a_clear_error_and_writes_nothing(
        tmp_path, monkeypatch, fails):
    # What a read-only folder does to anyone but root (who may write anywhere), at each step.
    import os
    import tempfile

    out = export_progress(tmp_path / "ada.json", "Ada", Progress())
    before = out.read_bytes()

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    if fails == "mkstemp":
        monkeypatch.setattr(tempfile, "mkstemp", refuse)
    elif fails == "replace":
        monkeypatch.setattr(os, "replace", refuse)
    else:
        monkeypatch.setattr(Path, "mkdir", refuse)
    with pytest.raises(ProgressError, match=r"could not be written in .*\(Permission denied\)"):
        export_progress(out, "Ada", Progress().record("p", Rating(), 1.0))
    assert out.read_bytes() == before  # the earlier export is as it was
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ada.json"]  # no temporary left
