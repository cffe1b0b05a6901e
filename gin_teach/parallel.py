"""Work spread over any :class:`concurrent.futures.Executor`, results taken in order.

The tournament and the puzzle generator play seeded games that do not depend on each other,
so any executor can play them: the process pool they start by default, a thread pool, or a
cluster's executor such as Dask's (``distributed.Client(...).get_executor()``). Results are
taken in the order of the work, never in the order the workers finish, so the numbers are the
same on every executor.

>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as pool:
...     list(ordered_map(abs, [-3, 1, -2], pool, in_flight=2))
[3, 1, 2]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future
from typing import TypeVar

from gin_teach.errors import ArgumentError
from gin_teach.validation import check_whole, names_bad_arguments, wrong_argument

__all__ = ["check_executor", "ordered_map"]

T = TypeVar("T")
R = TypeVar("R")


@names_bad_arguments
def check_executor(executor: object, error: type[Exception]) -> Executor:
    """``executor`` itself when it can run work (it has ``submit`` and ``map``, as every
    :class:`~concurrent.futures.Executor` has); otherwise ``error`` naming what it got.

    >>> check_executor("dask", ValueError)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: executor must be a concurrent.futures.Executor (a process pool, or ...), not 'dask'
    """
    if not (isinstance(error, type) and issubclass(error, Exception)):
        raise wrong_argument("error", error, "an exception class, such as TournamentError")
    if isinstance(executor, Executor) or (callable(getattr(executor, "submit", None))
                                          and callable(getattr(executor, "map", None))):
        return executor  # type: ignore[return-value]
    raise error(f"executor must be a concurrent.futures.Executor (a process pool, or a "
                f"cluster's such as distributed.Client.get_executor()), not "
                f"{repr(executor)[:60]}")


@names_bad_arguments
def ordered_map(function: Callable[[T], R], items: Iterable[T], executor: Executor,
                in_flight: int) -> Iterator[R]:
    """``function(item)`` for each of ``items`` (which may be endless) run on ``executor``,
    yielded in the order of ``items``, with at most ``in_flight`` calls submitted and not yet
    taken. Work still pending when the caller stops taking results is cancelled.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from itertools import count
    >>> with ThreadPoolExecutor(2) as pool:
    ...     squares = ordered_map(lambda n: n * n, count(1), pool, in_flight=4)
    ...     [next(squares) for _ in range(5)]
    [1, 4, 9, 16, 25]
    """
    # Checked here, when called, not when the first result is asked for.
    if not callable(function):
        raise wrong_argument("function", function, "a function")
    if not isinstance(items, Iterable):
        raise wrong_argument("items", items, "an iterable")
    check_executor(executor, ArgumentError)
    check_whole(in_flight, "in_flight", 0)
    return _ordered(function, items, executor, in_flight)


def _ordered(function: Callable[[T], R], items: Iterable[T], executor: Executor,
             in_flight: int) -> Iterator[R]:
    pending: deque[Future[R]] = deque()
    try:
        for item in items:
            pending.append(executor.submit(function, item))
            if len(pending) >= max(1, in_flight):
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()
