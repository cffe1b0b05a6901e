"""How many expected points one point of the analysis' score is worth: the figure behind
``gin_teach.coach.POINTS_PER_DEADWOOD``, which turns a draw's deadwood difference into points.

On discard positions from seeded Simple self-play, each of the analysis' next-best discards is
compared with its best by paired playouts (the puzzles' playouts, both opponent models, the same
deals for both choices). The slope of points lost against the score difference (expected
deadwood, plus the danger term), fitted through the origin, is printed with a 95% interval from
the residuals of that fit.

Run: ``python benchmarks/coach_calibration.py``  (``--positions N`` for a quicker look).
"""

from __future__ import annotations

import argparse
import math
import random

from gin_teach import Round
from gin_teach.analysis import Knowledge, analyze_discards
from gin_teach.bots import BOTS
from gin_teach.puzzles.playouts import EAGER, PATIENT, Choice, choice_points

RIVALS = 3
"""Next-best discards compared with the best at each position."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--samples", type=int, default=48)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pairs: list[tuple[float, float]] = []
    positions = 0
    while positions < args.positions:
        rnd = Round(seed=rng.randrange(10**9))
        bots = (BOTS["simple"](seed=1), BOTS["simple"](seed=2))
        while not rnd.is_over and positions < args.positions:
            player = rnd.current_player
            view = rnd.observation(player)
            if rnd.phase == "discard" and rng.random() < 0.3:
                knowledge = Knowledge.from_observation(view)
                ranked = [a for a in analyze_discards(view.hand, knowledge, rnd.rules)
                          if not a.knock]
                if len(ranked) > RIVALS:
                    best = Choice(ranked[0].card, False)
                    rivals = [Choice(a.card, False) for a in ranked[1:RIVALS + 1]]
                    points = choice_points(view.hand, knowledge, samples=args.samples,
                                           seed=positions, rules=rnd.rules,
                                           choices=[best, *rivals], models=(EAGER, PATIENT))
                    for analysis, rival in zip(ranked[1:], rivals, strict=False):
                        lost = sum(sum(m[best]) - sum(m[rival]) for m in points.values())
                        lost /= args.samples * len(points)
                        pairs.append((analysis.score - ranked[0].score, lost))
                    positions += 1
            rnd.apply(bots[player].choose(view, rnd.legal_actions()))
    slope = sum(d * p for d, p in pairs) / sum(d * d for d, _ in pairs)
    residuals = [p - slope * d for d, p in pairs]
    spread = math.sqrt(sum(r * r for r in residuals) / (len(pairs) - 1))
    error = spread / math.sqrt(sum(d * d for d, _ in pairs))
    print(f"{len(pairs)} comparisons at {positions} positions, {args.samples} playouts each")
    print(f"expected points per point of score: {slope:.2f} "
          f"(95% interval {slope - 1.96 * error:.2f} to {slope + 1.96 * error:.2f})")


if __name__ == "__main__":
    main()
