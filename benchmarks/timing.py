"""What the speed benchmarks share: one call timed in CPU and wall-clock milliseconds, and a
percentile of such times. Benchmarks run as scripts (``python benchmarks/coach.py``), so
they import this module by its file name."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

Result = TypeVar("Result")


def timed(call: Callable[[], Result]) -> tuple[float, float, Result]:
    """Milliseconds of one call, CPU time and wall-clock time, and what it returned."""
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    result = call()
    return ((time.process_time() - start_cpu) * 1000, (time.perf_counter() - start_wall) * 1000,
            result)


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (the nearest rank above)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
