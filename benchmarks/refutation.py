"""How long a refutation takes: one wrong choice's line of play, found on the judge's deals.

A refutation is played out only after a wrong answer (:mod:`gin_teach.refutation`), so it
adds to the wait for the reason. Timed two ways, as the learner meets it:

- **bank**: the puzzle trainer and the lessons' checkers, ``Puzzle.refutation`` of a
  puzzle's clearly wrong choice (the worst, and the first one losing 1.5 points or more);
- **coach**: the coach's ``refutation`` of a mistake or blunder in the review of a seeded
  round between the Random and the Shaper players (the round replayed to the move).

Each call is timed as the CPU time of this process and as wall-clock time; the solver's
memory is left as a session would have it. The target: 300 ms of CPU at the 95th percentile,
the coach's own budget for a grade (``benchmarks/coach.py``).

Run: ``python benchmarks/refutation.py``  (``--puzzles N --rounds N`` for a quicker look).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from functools import partial

from timing import percentile, timed

from gin_teach import Round
from gin_teach.bots import BOTS, play
from gin_teach.coach import refutation, review
from gin_teach.puzzles import load_bank

TARGET_P95_MS = 300.0


def timings(call: Callable[[], object]) -> tuple[float, float, bool]:
    """Milliseconds of one call (CPU, wall) and whether it found a line."""
    cpu, wall, found = timed(call)
    return cpu, wall, found is not None


def bank_calls(count: int, seed: int) -> list[Callable[[], object]]:
    """Refutations of clearly wrong choices of ``count`` seeded bank puzzles."""
    calls: list[Callable[[], object]] = []
    for puzzle in random.Random(seed).sample(load_bank(), count):
        wrong = sorted(puzzle.choices, key=lambda c: -c.points_lost)
        picked = {wrong[0].move}
        picked |= {c.move for c in wrong if c.points_lost >= 1.5}
        for move in sorted(picked)[:2]:
            calls.append(partial(puzzle.refutation, move))
    return calls


def coach_calls(count: int, seed: int) -> list[Callable[[], object]]:
    """Refutations of the mistakes and blunders in the reviews of ``count`` seeded rounds."""
    calls: list[Callable[[], object]] = []
    for index in range(count):
        rnd = play(Round(seed=seed + index), [BOTS["random"](seed=index),
                                               BOTS["shaper"](seed=index)])
        for decision in review(rnd, player=0).decisions:
            if decision.verdict in ("mistake", "blunder"):
                calls.append(partial(refutation, rnd, decision))
    return calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"{'refutation':12} {'calls':>6} {'found':>6} {'p50 ms':>8} {'p95 ms':>8} "
          f"{'max ms':>8} {'wall p95':>9}")
    every: list[float] = []
    for name, calls in (("bank", bank_calls(args.puzzles, args.seed)),
                        ("coach", coach_calls(args.rounds, args.seed))):
        rows = [timings(call) for call in calls]
        cpu = [row[0] for row in rows]
        wall = [row[1] for row in rows]
        every += cpu
        print(f"{name:12} {len(rows):>6} {sum(row[2] for row in rows):>6} "
              f"{percentile(cpu, 0.5):>8.1f} {percentile(cpu, 0.95):>8.1f} {max(cpu):>8.1f} "
              f"{percentile(wall, 0.95):>9.1f}")
    cpu95 = percentile(every, 0.95)
    verdict = "meets" if cpu95 <= TARGET_P95_MS else "misses"
    print(f"refutation p95 {cpu95:.1f} ms CPU {verdict} the {TARGET_P95_MS:.0f} ms target")


if __name__ == "__main__":
    main()
