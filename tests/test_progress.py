"""The learner's progress file: round trip, atomic writes, damaged files set aside."""

import json
import os

import pytest

from gin_teach.progress import (
    MAX_PROGRESS_BYTES,
    Progress,
    default_progress_path,
    load_progress,
    save_progress,
)
from gin_teach.rating import Rating


def test_round_trip_keeps_everything(tmp_path):
    path = tmp_path / "p.json"
    progress = Progress()
    for i, score in enumerate([1, 1, 0.5, 0, 1]):
        progress = progress.record(f"p{i}", Rating(1450 + 20 * i, 80), score)
    save_progress(progress, path)
    loaded, message = load_progress(path)
    assert message is None
    assert loaded == progress
    assert (loaded.streak, loaded.best_streak, loaded.attempts) == (1, 2, 5)
    assert loaded.solved == {"p0", "p1", "p4"}


def test_default_path_lives_in_the_learners_home(monkeypatch, tmp_path):
    monkeypatch.delenv("GIN_TEACH_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_progress_path() == tmp_path / ".gin_teach" / "puzzle_progress.json"
    monkeypatch.setenv("GIN_TEACH_HOME", str(tmp_path / "class"))
    assert default_progress_path() == tmp_path / "class" / "puzzle_progress.json"


@pytest.mark.parametrize("content", [
    b"{not json", b"\xff\xfe", b"[]", b'{"format": 99}',
    json.dumps({**Progress().to_dict(), "streak": -1}).encode(),
    json.dumps({**Progress().to_dict(), "rating": [1500, 9999, 0.06]}).encode(),
    json.dumps({**Progress().to_dict(), "recent": [["p", "x"]]}).encode(),
    b"[" * 100_000,
])
def test_a_damaged_file_is_set_aside_and_a_fresh_record_starts(tmp_path, content):
    path = tmp_path / "p.json"
    path.write_bytes(content)
    progress, message = load_progress(path)
    assert progress == Progress()
    assert "set aside" in message and str(path) in message
    assert not path.exists()
    (aside,) = tmp_path.glob("p.json.damaged-*")
    assert aside.read_bytes() == content  # nothing of the learner's is lost


def test_an_oversized_file_is_refused_without_reading_it(tmp_path):
    path = tmp_path / "p.json"
    path.write_bytes(b" " * (MAX_PROGRESS_BYTES + 1))
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
