"""How fast the analysis answers, on positions from real games: milliseconds per call, p50 and
p95, on one core.

Each call is timed as the CPU time of this process (what one core spends on it, which other
programs on a busy machine do not inflate) and as wall-clock time.

The positions come from seeded SimpleBot self-play: every discard decision (11 cards, with
what the player knows then) and every draw decision with a face-up card. The target (issue 10)
is a full discard analysis with knowledge under 20 ms at the 95th percentile, since the widgets
call it on every click.

``--jokers`` takes the positions from the jokers-wild table instead (``Rules.jokers_wild()``),
where hands hold jokers and the unseen cards include them.

Run: ``python benchmarks/analysis.py``  (``--positions N`` for a quicker look).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable
from functools import partial

from timing import percentile, timed

from gin_teach import Card, Round, Rules, SimpleBot
from gin_teach.analysis import Knowledge, analyze_discards, analyze_draw, analyze_knock

Position = tuple[tuple[Card, ...], Knowledge, Rules]
TARGET_P95_MS = 20.0


def positions(count: int, seed: int = 2026,
              rules: Rules | None = None) -> tuple[list[Position], list[Position]]:
    """``count`` discard positions and ``count`` draw positions from seeded self-play under
    ``rules`` (the modern rules by default)."""
    rng = random.Random(seed)
    bots = (SimpleBot(seed=seed), SimpleBot(seed=seed + 1))
    discards: list[Position] = []
    draws: list[Position] = []
    while len(discards) < count or len(draws) < count:
        rnd = Round(seed=rng.randrange(10**9), rules=rules or Rules.modern())
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


def timings(call: Callable[[Position], object],
            cases: list[Position]) -> tuple[list[float], list[float]]:
    """Milliseconds of each call: CPU time, and wall-clock time."""
    cpu, wall = [], []
    for case in cases:
        spent_cpu, spent_wall, _ = timed(partial(call, case))
        cpu.append(spent_cpu)
        wall.append(spent_wall)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jokers", action="store_true", help="play at the jokers-wild table")
    args = parser.parse_args()
    rules = Rules.jokers_wild() if args.jokers else Rules.modern()
    discards, draws = positions(args.positions, args.seed, rules)
    # The discards first: the analysis caches by hand, and the knock analysis would warm it.
    rows = [
        ("analyze_discards", timings(lambda p: analyze_discards(*p), discards)),
        ("analyze_draw", timings(lambda p: analyze_draw(*p), draws)),
    ]
    knocks = [p for p in discards if analyze_knock(*p, samples=1).can_knock]
    rows.append(("analyze_knock (can knock)", timings(lambda p: analyze_knock(*p), knocks)))
    print(f"{'call':28} {'positions':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} "
          f"{'wall p50':>9} {'wall p95':>9}")
    for name, (cpu, wall) in rows:
        if cpu:
            print(f"{name:28} {len(cpu):9} {statistics.median(cpu):8.2f} "
                  f"{percentile(cpu, 0.95):8.2f} {max(cpu):8.2f} {statistics.median(wall):9.2f} "
                  f"{percentile(wall, 0.95):9.2f}")
    p95 = percentile(rows[0][1][0], 0.95)
    verdict = "meets" if p95 < TARGET_P95_MS else "misses"
    print(f"analyze_discards p95 {p95:.2f} ms of CPU time {verdict} the {TARGET_P95_MS:.0f} ms "
          "target")


if __name__ == "__main__":
    main()
