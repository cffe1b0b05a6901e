"""Special files, huge numbers, runs that cannot finish and failing executors (issue 45:
T4-9, T4-11, T4-12, T4-13): each a clear GinError or a report, never a hang, a crash or a
file lost."""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from gin_teach.core.parallel import check_executor, ordered_map
from gin_teach.errors import ArgumentError, CourseError, PuzzleError, SetupError, TournamentError
from gin_teach.learner.classes import class_table, export_progress
from gin_teach.learner.course_copy import RECORD_NAME, copy_course, course_folder
from gin_teach.learner.course_copy import main as gin_teach_main
from gin_teach.learner.record import Progress
from gin_teach.puzzles import bank_from_json, bank_to_json, load_bank
from gin_teach.puzzles.__main__ import main as puzzles_main
from gin_teach.puzzles.generate import generate
from gin_teach.tournament import tournament
from tests.fuzzing import time_limit

LESSON = "02_melds.ipynb"


def listing(folder: Path) -> dict[str, str]:
    """Every name in ``folder`` and what it is (the bytes of a regular file)."""
    found = {}
    for path in sorted(folder.iterdir()):
        if path.is_symlink():
            found[path.name] = f"link to {os.readlink(path)}"
        elif path.is_fifo():
            found[path.name] = "pipe"
        elif path.is_dir():
            found[path.name] = "folder"
        else:
            found[path.name] = path.read_bytes().hex()[:64]
    return found


# ---------------------------------------------------------------- T4-9 the course copy

SPECIAL: dict[str, Callable[[Path], None]] = {
    "pipe": lambda path: os.mkfifo(path),
    "endless device": lambda path: path.symlink_to("/dev/zero"),
    "folder": lambda path: path.mkdir(),
    "link to nothing": lambda path: path.symlink_to(path.parent / "gone"),
}


@pytest.mark.parametrize("kind", sorted(SPECIAL))
def test_a_lesson_name_holding_a_special_file_is_left_alone_and_the_rest_copied(tmp_path, kind):
    SPECIAL[kind](tmp_path / LESSON)
    with time_limit(20):
        report = copy_course(tmp_path, force=True)
    assert report.blocked == (LESSON,) and "Left 1 file alone" in str(report)
    assert LESSON not in report.copied and len(report.copied) >= 10
    record = json.loads((tmp_path / RECORD_NAME).read_text())["files"]
    assert LESSON not in record and "00_start_here.ipynb" in record
    assert (tmp_path / LESSON).is_symlink() or not (tmp_path / LESSON).is_file()


@pytest.mark.parametrize("kind", sorted(SPECIAL))
def test_a_record_that_is_a_special_file_stops_the_copy_before_it_starts(tmp_path, kind):
    SPECIAL[kind](tmp_path / RECORD_NAME)
    before = listing(tmp_path)
    with time_limit(20):
        if kind == "link to nothing":  # no record yet: the copy goes ahead
            assert copy_course(tmp_path).copied
            return
        with pytest.raises(CourseError, match="not a regular file"):
            copy_course(tmp_path)
    assert listing(tmp_path) == before
    assert gin_teach_main(["copy", str(tmp_path)]) == 1


def test_a_record_nested_100000_deep_counts_as_no_record(tmp_path):
    copy_course(tmp_path)
    (tmp_path / RECORD_NAME).write_text("[" * 100_000 + "]" * 100_000)
    (tmp_path / LESSON).write_text("{}")  # edited: kept, as with no record
    report = copy_course(tmp_path)
    assert report.kept == (LESSON,) and (tmp_path / LESSON).read_text() == "{}"
    assert json.loads((tmp_path / RECORD_NAME).read_text())["files"]


@pytest.mark.parametrize("kind", ["pipe", "endless device", "folder", "link to nothing"])
def test_a_special_file_among_the_source_lessons_is_never_read(tmp_path, kind):
    source, target = tmp_path / "source", tmp_path / "target"
    source.mkdir()
    for name in ("00_start_here.ipynb", "01_cards_and_deadwood.ipynb"):
        (source / name).write_bytes((course_folder() / name).read_bytes())
    SPECIAL[kind](source / LESSON)
    with time_limit(20):
        report = copy_course(target, source=source)
    assert report.copied == ("00_start_here.ipynb", "01_cards_and_deadwood.ipynb")
    assert sorted(p.name for p in target.iterdir()) == [
        RECORD_NAME, "00_start_here.ipynb", "01_cards_and_deadwood.ipynb"]


@pytest.mark.parametrize("kind", ["pipe", "endless device", "folder"])
def test_the_class_table_lists_a_special_json_as_skipped(tmp_path, kind):
    export_progress(tmp_path / "ada.json", "Ada", Progress())
    SPECIAL[kind](tmp_path / "odd.json")
    with time_limit(20):
        table = class_table(tmp_path)
    assert [row.name for row in table.rows] == ["Ada"]
    if kind != "folder":  # a folder named odd.json is no file to list
        assert [name for name, _ in table.skipped] == ["odd.json"]
        assert "not a regular file" in table.skipped[0][1]


# ---------------------------------------------------------------- T4-11 huge numbers in a bank

@pytest.mark.parametrize("field", ["points_lost", "error"])
def test_a_bank_number_of_400_digits_is_named(field):
    data = json.loads(bank_to_json(load_bank()[:1]))
    data["puzzles"][0]["choices"][0][field] = 10**400
    with pytest.raises(PuzzleError, match="a number of 401 characters"):
        bank_from_json(json.dumps(data))


# ---------------------------------------------------------------- T4-12 the puzzles command

def test_a_billion_puzzles_is_refused_before_any_work(tmp_path, capsys):
    out = tmp_path / "bank.json"
    with pytest.raises(SystemExit) as exit_:
        puzzles_main(["generate", "--count", "1000000000", "--out", str(out)])
    assert exit_.value.code == 2 and not out.exists()
    assert "--count must be at most 100,000" in capsys.readouterr().err


@pytest.mark.slow
def test_a_run_that_cannot_fill_a_tier_stops_and_says_what_it_found(tmp_path, capsys):
    out = tmp_path / "draw.json"
    # Five draw puzzles, one a tier: the Defence tier hardly ever comes (0 of the bank's 75).
    code = puzzles_main(["generate", "--kind", "draw", "--count", "5", "--patience", "1",
                         "--jobs", "1", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 1 and "stopped after 1 games in a row found no puzzle" in err
    found = int(err.split(" draw puzzles:")[0].split()[-1])
    assert 0 <= found < 5 and f"{found} of the 5 asked" in err
    assert out.exists() == (found > 0)
    if found:
        assert len(load_bank(out)) == found


def test_generate_stops_after_patience_games_without_a_puzzle():
    games: list[int] = []
    made = generate(3, seed=2, per_tier=3, tiers=(4,), patience=1,
                    progress=lambda _tiers, played: games.append(played))
    assert len(made) < 3 and games  # Defence discard puzzles: rare; stopped, not hung


# ---------------------------------------------------------------- T4-13 executors that fail

class OddExecutor(Executor):
    """An executor whose ``submit`` gives what ``make(function, item)`` returns."""

    def __init__(self, make: Callable[[Callable[..., Any], Any], Any]) -> None:
        self.make = make

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        return self.make(fn, args[0])


def resolved(value: object) -> Future[object]:
    future: Future[object] = Future()
    future.set_result(value)
    return future


def cancelled() -> Future[object]:
    future: Future[object] = Future()
    future.cancel()
    return future


ODD_EXECUTORS: dict[str, tuple[Callable[[Callable[..., Any], Any], Any], str]] = {
    "resolves to None": (lambda fn, item: resolved(None), "gave None where the work returns"),
    "submit returns the result": (lambda fn, item: fn(item), "not a future"),
    "cancels": (lambda fn, item: cancelled(), "cancelled the work"),
    "never resolves": (lambda fn, item: Future(), "no result came within 0.2 seconds"),
}


@pytest.mark.parametrize("kind", sorted(ODD_EXECUTORS))
def test_ordered_map_names_what_a_failing_executor_did(kind):
    make, words = ODD_EXECUTORS[kind]
    with time_limit(10), pytest.raises(SetupError, match=words):
        list(ordered_map(abs, [-1, -2], OddExecutor(make), 2, timeout=0.2, expect=int))


@pytest.mark.parametrize("kind", ["resolves to None", "submit returns the result", "cancels"])
def test_a_tournament_and_generate_on_a_failing_executor_name_it(kind):
    make, words = ODD_EXECUTORS[kind]
    with pytest.raises(TournamentError, match=words):
        tournament("random", "random", games=2, executor=OddExecutor(make))
    if kind != "submit returns the result":  # that one would play a whole game first
        with pytest.raises(PuzzleError, match=words):
            generate(1, executor=OddExecutor(make))


def test_a_shut_down_pool_is_named_not_a_runtime_error():
    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    with pytest.raises(TournamentError, match=r"refused the work \(RuntimeError: cannot schedule"):
        tournament("random", "random", games=2, executor=pool)


def test_a_worker_killed_is_named_not_a_broken_pool():
    with ProcessPoolExecutor(1) as pool, pytest.raises(SetupError, match="broke before"):
        list(ordered_map(os._exit, [3], pool, 1))


def test_the_functions_own_error_still_comes_out_as_it_is():
    with ThreadPoolExecutor(1) as pool, pytest.raises(ZeroDivisionError):
        list(ordered_map(functools.partial(divmod, 1), [0], pool, 1))


def test_an_executor_class_is_not_an_executor():
    with pytest.raises(TournamentError, match="the class ThreadPoolExecutor: make one"):
        tournament("random", "random", games=2, executor=ThreadPoolExecutor)
    with pytest.raises(ArgumentError, match="not the class"):
        check_executor(ProcessPoolExecutor, ArgumentError)


def test_a_player_a_process_pool_cannot_be_sent_is_refused_before_any_game():
    class Local:  # defined in a function: no process can import it
        def __init__(self, seed: int | None = None) -> None:
            self.seed = seed

    with pytest.raises(TournamentError, match="cannot be sent to other processes"):
        tournament(Local, "random", games=2, jobs=2)
    with ProcessPoolExecutor(1) as pool, pytest.raises(TournamentError, match="cannot be sent"):
        tournament(lambda seed=None: Local(seed), "random", games=2, executor=pool)


def test_the_timeout_is_checked():
    with ThreadPoolExecutor(1) as pool, pytest.raises(ArgumentError, match="timeout"):
        ordered_map(abs, [1], pool, 1, timeout=-1)
