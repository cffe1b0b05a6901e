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

import pickle
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import BrokenExecutor, CancelledError, Executor, Future
from typing import Any, TypeVar

from gin_teach.core.validation import (
    check_whole,
    is_finite_number,
    names_bad_arguments,
    wrong_argument,
)
from gin_teach.errors import ArgumentError, GinError, SetupError, excerpt

__all__ = ["check_executor", "ordered_map"]

T = TypeVar("T")
R = TypeVar("R")


@names_bad_arguments
def check_executor(executor: object, error: type[Exception]) -> Executor:
    """``executor`` itself when it can run work (an executor object with ``submit`` and
    ``map``, as every :class:`~concurrent.futures.Executor` has; not the class itself);
    otherwise ``error`` naming what it got.

    >>> check_executor("dask", ValueError)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: executor must be a concurrent.futures.Executor (a process pool, or ...), not 'dask'
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> check_executor(ThreadPoolExecutor, ValueError)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: executor must be ... not the class ThreadPoolExecutor: make one, ...
    """
    if not (isinstance(error, type) and issubclass(error, Exception)):
        raise wrong_argument("error", error, "an exception class, such as TournamentError")
    wanted = ("executor must be a concurrent.futures.Executor (a process pool, or a "
              "cluster's such as distributed.Client.get_executor()), not")
    if isinstance(executor, type):
        raise error(f"{wanted} the class {executor.__name__}: make one, {executor.__name__}()")
    if isinstance(executor, Executor) or (callable(getattr(executor, "submit", None))
                                          and callable(getattr(executor, "map", None))):
        return executor  # type: ignore[return-value]
    raise error(f"{wanted} {excerpt(executor)}")


@names_bad_arguments
def ordered_map(function: Callable[[T], R], items: Iterable[T], executor: Executor,
                in_flight: int, *, timeout: float | None = None,
                error: type[GinError] = SetupError,
                expect: type | tuple[type, ...] | None = None) -> Iterator[R]:
    """``function(item)`` for each of ``items`` (which may be endless) run on ``executor``,
    yielded in the order of ``items``, with at most ``in_flight`` calls submitted and not yet
    taken. Work still pending when the caller stops taking results is cancelled.

    What ``function`` itself raises comes out as it is. A failure of the executor (it was shut
    down, a worker died, work was cancelled, the function or an item cannot be sent to a
    process, ``submit`` gave no future, a result is not of the ``expect`` type, or no result
    came within ``timeout`` seconds) raises ``error`` saying which.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from itertools import count
    >>> with ThreadPoolExecutor(2) as pool:
    ...     squares = ordered_map(lambda n: n * n, count(1), pool, in_flight=4)
    ...     [next(squares) for _ in range(5)]
    [1, 4, 9, 16, 25]
    >>> pool = ThreadPoolExecutor(1); pool.shutdown()
    >>> list(ordered_map(abs, [1], pool, in_flight=1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.SetupError: the executor refused the work (RuntimeError: cannot schedule ...
    """
    # Checked here, when called, not when the first result is asked for.
    if not callable(function):
        raise wrong_argument("function", function, "a function")
    if not isinstance(items, Iterable):
        raise wrong_argument("items", items, "an iterable")
    check_executor(executor, ArgumentError)
    check_whole(in_flight, "in_flight", 0)
    if timeout is not None and (not is_finite_number(timeout) or timeout <= 0):
        raise wrong_argument("timeout", timeout, "a number of seconds above 0, or None")
    if not (isinstance(error, type) and issubclass(error, GinError)):
        raise wrong_argument("error", error, "a GinError class, such as TournamentError")
    if expect is not None and not (isinstance(expect, type) or (
            isinstance(expect, tuple) and all(isinstance(t, type) for t in expect))):
        raise wrong_argument("expect", expect, "a class, a tuple of classes, or None")
    return _ordered(function, items, executor, in_flight, _Checks(timeout, error, expect))


class _Checks:
    """What a result is held to, and the error that says it fell short."""

    def __init__(self, timeout: float | None, error: type[GinError],
                 expect: type | tuple[type, ...] | None) -> None:
        self.timeout, self.error, self.expect = timeout, error, expect

    def submit(self, executor: Executor, function: Callable[[T], R], item: T) -> Future[R]:
        try:
            future: Any = executor.submit(function, item)
        except GinError:
            raise
        except Exception as problem:  # shut down, broken, or its own mistake
            raise self.error(f"the executor refused the work ({_said(problem)})") from problem
        if not callable(getattr(future, "result", None)) or not callable(
                getattr(future, "cancel", None)):
            raise self.error(f"the executor's submit gave {excerpt(future)}, not a future "
                             "(an object with result and cancel)")
        return future  # type: ignore[no-any-return]

    def result(self, future: Future[R]) -> R:
        try:
            value = future.result(timeout=self.timeout)
        except CancelledError as problem:
            raise self.error("the executor cancelled the work before it was done") \
                from problem
        except BrokenExecutor as problem:  # a process pool whose worker was killed
            raise self.error(f"the executor broke before the work was done "
                             f"({_said(problem)})") from problem
        except TimeoutError as problem:
            raise self.error(f"no result came within {self.timeout:g} seconds: the executor "
                             "may have no workers left") from problem
        except (pickle.PicklingError, AttributeError, TypeError) as problem:
            if "pickle" not in str(problem).lower():
                raise  # the function's own mistake
            raise self.error(f"the work cannot be sent to the executor's processes "
                             f"({_said(problem)}): give players and functions defined at "
                             "the top of a module (not lambdas), or use a thread pool") \
                from problem
        if self.expect is not None and not isinstance(value, self.expect):
            raise self.error(f"the executor gave {excerpt(value)} where the work returns "
                             f"{_names(self.expect)}")
        return value


def _said(problem: BaseException) -> str:
    return f"{type(problem).__name__}: {str(problem)[:120] or 'no message'}"


def _names(expect: type | tuple[type, ...]) -> str:
    kinds = expect if isinstance(expect, tuple) else (expect,)
    return " or ".join(f"a {kind.__name__}" for kind in kinds)


def _ordered(function: Callable[[T], R], items: Iterable[T], executor: Executor,
             in_flight: int, checks: _Checks) -> Iterator[R]:
    pending: deque[Future[R]] = deque()
    try:
        for item in items:
            pending.append(checks.submit(executor, function, item))
            if len(pending) >= max(1, in_flight):
                yield checks.result(pending.popleft())
        while pending:
            yield checks.result(pending.popleft())
    finally:
        for future in pending:
            future.cancel()
