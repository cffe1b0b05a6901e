"""How long refusing a crafted save takes: it must grow linearly with the save's length.

Each crafted text is handed to ``Round.from_json`` and ``Game.from_json`` at n = 10,000 and
40,000 (and 1,000,000, the largest, still under the 20 MB limit); all are refused with a
``ReplayError``. The shapes are the ones an adversarial pass used: an unterminated string of
escaped quotes (once 8 s at 10,000 and over a minute at 40,000, when the depth check's regular
expression rescanned from every quote), brackets nested n deep, objects nested n deep, and a
list of n escaped backslashes (a valid, shallow JSON list that is not a save).

Run: ``python benchmarks/crafted_saves.py``
"""

from __future__ import annotations

import time
from collections.abc import Callable

from gin_teach import Game, ReplayError, Round

SHAPES: dict[str, Callable[[int], str]] = {
    "escaped quotes": lambda n: '"' + '\\"' * n,
    "nested lists": lambda n: "[" * n + "]" * n,
    "nested objects": lambda n: '{"a":' * n + "1" + "}" * n,
    "escaped backslashes": lambda n: "[" + '"\\\\",' * n + "1]",
}


def refusal_time(load: Callable[[str], object], text: str) -> float:
    start = time.perf_counter()
    try:
        load(text)
    except ReplayError:
        return time.perf_counter() - start
    raise AssertionError("a crafted save was loaded")


def main() -> None:
    print(f"{'shape':<22}{'n':>11}{'chars':>12}{'Round s':>10}{'Game s':>10}")
    for shape, make in SHAPES.items():
        for n in (10_000, 40_000, 1_000_000):
            text = make(n)
            times = [refusal_time(kind.from_json, text) for kind in (Round, Game)]
            print(f"{shape:<22}{n:>11,}{len(text):>12,}{times[0]:>10.4f}{times[1]:>10.4f}")


if __name__ == "__main__":
    main()
