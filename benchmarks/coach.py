"""How fast the coach answers: a grade after a move, and a whole round's review, on one core.

Rounds are played from seeded deals by the Simple player against the Random one. Every grade
is one call of the judge (:mod:`gin_teach.judge`), which values every choice of the decision;
its memory of recent positions is cleared before each timed call, so each grade, and each
review of one player's round, is measured from scratch (a cold cache). Each call is timed as
the CPU time of this process (one core's work, which other programs on a busy machine do not
inflate) and as wall-clock time. The targets, at the 95th percentile of CPU time: a grade
within 300 ms (issues 12 and 24), the review at the end of a round within 3 s (issue 45).

Run: ``python benchmarks/coach.py``  (``--rounds N`` for a quicker look).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import partial

from timing import percentile, timed

from gin_teach import Round
from gin_teach.bots import BOTS, play
from gin_teach.coach import as_dealt, grade_move, review
from gin_teach.engine.actions import Action
from gin_teach.judge import forget

TARGET_P95_MS = 300.0
REVIEW_TARGET_P95_MS = 3000.0


def rounds(count: int, seed: int) -> list[Round]:
    """``count`` finished rounds, Simple (player 0) against Random."""
    return [play(Round(seed=seed + i), [BOTS["simple"](seed=i), BOTS["random"](seed=i)])
            for i in range(count)]


def moves(finished: list[Round]) -> list[tuple[Round, Action]]:
    """Every move of every round, with the position before it."""
    found = []
    for rnd in finished:
        replay = as_dealt(rnd)
        for _, action in rnd.history:
            found.append((replay.clone(), action))
            replay.apply(action)
    return found


def timings(call: Callable[[], object]) -> tuple[float, float]:
    """Milliseconds of one call, with nothing remembered: CPU time and wall-clock time."""
    forget()
    cpu, wall, _ = timed(call)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    finished = rounds(args.rounds, args.seed)
    grades = [timings(partial(grade_move, position, action))
              for position, action in moves(finished)]
    reviews = [timings(partial(review, rnd, player))
               for rnd in finished for player in (0, 1)]
    print(f"{'call':22} {'calls':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} "
          f"{'wall p95':>9}")
    for name, rows in (("grade_move", grades), ("review (one round)", reviews)):
        cpu = [row[0] for row in rows]
        wall = [row[1] for row in rows]
        print(f"{name:22} {len(rows):>6} {percentile(cpu, 0.5):>8.1f} "
              f"{percentile(cpu, 0.95):>8.1f} {max(cpu):>8.1f} {percentile(wall, 0.95):>9.1f}")
    for name, rows, target in (("grade_move", grades, TARGET_P95_MS),
                               ("review", reviews, REVIEW_TARGET_P95_MS)):
        cpu95 = percentile([row[0] for row in rows], 0.95)
        verdict = "meets" if cpu95 <= target else "misses"
        print(f"{name} p95 {cpu95:.1f} ms CPU {verdict} the {target:,.0f} ms target")


if __name__ == "__main__":
    main()
