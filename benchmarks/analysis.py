"""How fast the analysis answers, on positions from real games: milliseconds per call, p50 and
p95, on one core.

The positions come from seeded SimpleBot self-play: every discard decision (11 cards, with
what the player knows then) and every draw decision with a face-up card. The target (issue 10)
is a full discard analysis with knowledge under 20 ms at the 95th percentile, since the widgets
call it on every click.

Run: ``python benchmarks/analysis.py``  (``--positions N`` for a quicker look).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from gin_teach import Card, Round, Rules, SimpleBot
from gin_teach.analysis import Knowledge, analyze_discards, analyze_draw, analyze_knock

Position = tuple[tuple[Card, ...], Knowledge, Rules]
TARGET_P95_MS = 20.0


def positions(count: int, seed: int = 2026) -> tuple[list[Position], list[Position]]:
    """``count`` discard positions and ``count`` draw positions from seeded self-play."""
    rng = random.Random(seed)
    bots = (SimpleBot(seed=seed), SimpleBot(seed=seed + 1))
    discards: list[Position] = []
    draws: list[Position] = []
    while len(discards) < count or len(draws) < count:
        rnd = Round(seed=rng.randrange(10**9))
        while not rnd.is_over:
            player = rnd.current_player
            view = rnd.observation(player)
            position = (view.hand, Knowledge.from_observation(view), rnd.rules)
            if rnd.phase == "discard" and len(discards) < count:
                discards.append(position)
            elif rnd.phase == "draw" and view.discard_pile and len(draws) < count:
                draws.append(position)
            rnd.apply(bots[player].choose(view, rnd.legal_actions()))
    return discards, draws


def timings(call: Callable[[Position], object], cases: list[Position]) -> list[float]:
    """Milliseconds of each call."""
    found = []
    for case in cases:
        start = time.perf_counter()
        call(case)
        found.append((time.perf_counter() - start) * 1000)
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    discards, draws = positions(args.positions, args.seed)
    # The discards first: the analysis caches by hand, and the knock analysis would warm it.
    rows = [
        ("analyze_discards", timings(lambda p: analyze_discards(*p), discards)),
        ("analyze_draw", timings(lambda p: analyze_draw(*p), draws)),
    ]
    knocks = [p for p in discards if analyze_knock(*p, samples=1).can_knock]
    rows.append(("analyze_knock (can knock)", timings(lambda p: analyze_knock(*p), knocks)))
    print(f"{'call':28} {'positions':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for name, values in rows:
        if values:
            print(f"{name:28} {len(values):9} {statistics.median(values):8.2f} "
                  f"{percentile(values, 0.95):8.2f} {max(values):8.2f}")
    p95 = percentile(rows[0][1], 0.95)
    verdict = "meets" if p95 < TARGET_P95_MS else "misses"
    print(f"analyze_discards p95 {p95:.2f} ms {verdict} the {TARGET_P95_MS:.0f} ms target")


if __name__ == "__main__":
    main()
