"""What the judge's grade thresholds mean on real positions: how much the discards of seeded
games lose, and how a discard that breaks a made meld for nothing is graded by its loss alone
(before the floor that makes it at least an inaccuracy).

Plays seeded Shaper-against-Simple rounds (modern rules), judges every discard decision of
both players at the coach's precision, and prints the quantiles of the losses of all wrong
choices and of the meld-breaking ones, and the verdicts the loss alone would give those.

Run: ``python benchmarks/grade_scale.py``  (``--rounds N``).
"""

from __future__ import annotations

import argparse
from collections import Counter

from gin_teach import Round
from gin_teach.analysis import Knowledge
from gin_teach.bots import BOTS
from gin_teach.judge import (
    GOOD_BELOW,
    INACCURACY_BELOW,
    MISTAKE_BELOW,
    breaks_meld,
    judge_discard,
    verdict_for,
)


def quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    if not ordered:
        return "none"
    picks = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9)
    return ", ".join(f"p{int(100 * q)} {ordered[int(q * (len(ordered) - 1))]:.1f}"
                     for q in picks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    wrong: list[float] = []
    broken: list[float] = []
    by_loss: Counter[str] = Counter()
    decisions = 0
    for seed in range(args.rounds):
        rnd = Round(seed=seed)
        players = [BOTS["shaper"](seed=seed), BOTS["simple"](seed=seed + 1)]
        while not rnd.is_over:
            mover = rnd.current_player
            if rnd.phase == "discard":
                hand = rnd.hand(mover)
                judged = judge_discard(hand, Knowledge.from_observation(rnd.observation(mover)))
                decisions += 1
                for option in judged.options[1:]:
                    wrong.append(option.loss)
                    if option.card is not None and not option.knock and breaks_meld(
                            hand, option.card):
                        broken.append(option.loss)
                        by_loss[verdict_for(option.loss, option.error)] += 1
            rnd.apply(players[mover].choose(rnd.observation(mover), rnd.legal_actions()))
    print(f"{decisions} discard decisions; thresholds: good under {GOOD_BELOW}, inaccuracy "
          f"under {INACCURACY_BELOW}, mistake under {MISTAKE_BELOW} points")
    print(f"every wrong choice ({len(wrong)}): {quantiles(wrong)}")
    print(f"meld-breaking discards ({len(broken)}): {quantiles(broken)}")
    print("meld-breaking discards graded by loss alone: " + ", ".join(
        f"{verdict} {by_loss[verdict]}" for verdict in
        ("best", "good", "inaccuracy", "mistake", "blunder")))


if __name__ == "__main__":
    main()
