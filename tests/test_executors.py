"""The tournament and the puzzle generator on any concurrent.futures.Executor: the same numbers
as the default process pool for the same seed, on a thread pool and on a local Dask cluster.

The Dask tests need the optional ``dask`` extra (``pip install "gin_teach[dask]"``; the test
extra brings it, so `make test` and CI run them); they are skipped only where it is missing.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from itertools import count
from typing import Any

import pytest

from gin_teach.core.parallel import ordered_map
from gin_teach.core.rules import Rules
from gin_teach.errors import PuzzleError, TournamentError
from gin_teach.puzzles.generate import generate
from gin_teach.tournament import tournament

SHORT = Rules(target=25)


def test_a_thread_pool_plays_the_same_tournament_as_one_process() -> None:
    alone = tournament("shaper", "simple", games=8, seed=5, rules=SHORT)
    with ThreadPoolExecutor(3) as pool:
        spread = tournament("shaper", "simple", games=8, seed=5, rules=SHORT, executor=pool)
    assert spread == alone
    assert spread.hands > 0


def test_bad_executors_are_refused_before_any_game() -> None:
    with pytest.raises(TournamentError, match=r"executor must be a concurrent\.futures"):
        tournament("shaper", "simple", games=2, executor="dask")  # type: ignore[arg-type]
    with ThreadPoolExecutor(1) as pool, pytest.raises(TournamentError, match="not both"):
        tournament("shaper", "simple", games=2, jobs=2, executor=pool)
    with pytest.raises(PuzzleError, match="executor must be"):
        generate(1, executor=object())  # type: ignore[arg-type]


class CountingExecutor(ThreadPoolExecutor):
    """A thread pool that counts the calls submitted to it."""

    def __init__(self) -> None:
        super().__init__(2)
        self.submitted = 0
        self.lock = threading.Lock()

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        with self.lock:
            self.submitted += 1
        return super().submit(fn, *args, **kwargs)


def test_ordered_map_keeps_order_bounds_the_work_in_flight_and_cancels_the_rest() -> None:
    started: list[int] = []
    release = threading.Event()

    def slow_first(n: int) -> int:
        started.append(n)
        if n == 0:
            release.wait(5)
        return n * 10

    with CountingExecutor() as pool:
        results = ordered_map(slow_first, count(), pool, in_flight=3)
        threading.Timer(0.2, release.set).start()
        assert [next(results) for _ in range(4)] == [0, 10, 20, 30]
        # an endless input: never more than in_flight calls ahead of what was taken
        assert pool.submitted <= 4 + 3
        results.close()
    assert sorted(started)[:4] == [0, 1, 2, 3]


# --- a local Dask cluster -----------------------------------------------------------------

needs_dask = pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                                reason="the dask extra is not installed: "
                                       "pip install 'gin_teach[dask]'")


@pytest.fixture(scope="module")
def dask_executor() -> Iterator[Executor]:
    from distributed import Client, LocalCluster

    # Two worker processes, as a cluster's machines would be: the games travel pickled.
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        yield client.get_executor()


@pytest.mark.slow
@needs_dask
def test_a_dask_cluster_plays_the_same_tournament_as_the_process_pool(
        dask_executor: Executor) -> None:
    pool = tournament("defender", "shaper", games=8, seed=11, rules=SHORT, jobs=2)
    cluster = tournament("defender", "shaper", games=8, seed=11, rules=SHORT,
                         executor=dask_executor)
    assert cluster == pool
    assert cluster.to_dict() == pool.to_dict()


@needs_dask
@pytest.mark.slow
def test_a_dask_cluster_makes_the_same_puzzles_as_the_process_pool(
        dask_executor: Executor) -> None:
    pool = generate(2, seed=3, per_tier=2, jobs=2)
    cluster = generate(2, seed=3, per_tier=2, jobs=2, executor=dask_executor)
    assert [p.id for p in cluster] == [p.id for p in pool] and len(pool) == 2
    assert cluster == pool
