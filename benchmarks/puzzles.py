"""How fast the puzzle generator finds verified puzzles, and what the bundled bank holds.

Plays seeded games between the computer players and verifies their positions exactly as
``python -m gin_teach.puzzles generate`` does (analysis first, then the judge at bank
precision), on one process and on ``--jobs`` processes, and prints puzzles per minute,
games per minute and the tiers found; then the bundled bank's size, tier and theme counts,
and the time the judge's recheck takes per puzzle on a seeded sample of the bank.

Run: ``python benchmarks/puzzles.py``  (``--count N`` puzzles per run, 0 for only the bank's
figures; ``--jobs J``; ``--recheck-sample N``).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import Counter

from gin_teach.puzzles import QUESTIONS, TIER_NAMES, load_bank
from gin_teach.puzzles.generate import generate
from gin_teach.puzzles.kinds import recheck_any


def measure(count: int, jobs: int, seed: int) -> None:
    games = 0
    tiers: Counter[int] = Counter()

    def seen(found: Counter[int], played: int) -> None:
        nonlocal games
        games = played
        tiers.clear()
        tiers.update(found)

    started = time.perf_counter()
    puzzles = generate(count, seed=seed, jobs=jobs, per_tier=count, progress=seen)
    minutes = (time.perf_counter() - started) / 60
    shown = ", ".join(f"{TIER_NAMES[t]} {tiers[t]}" for t in TIER_NAMES)
    print(f"jobs {jobs}: {len(puzzles)} puzzles from {games} games in {minutes * 60:.0f} s: "
          f"{len(puzzles) / minutes:.1f} puzzles/min, {games / minutes:.1f} games/min ({shown})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--recheck-sample", type=int, default=40)
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}")
    if args.count > 0:
        measure(args.count, 1, args.seed)
        if args.jobs > 1:
            measure(args.count, args.jobs, args.seed)
    bank = load_bank()
    tiers = Counter(p.tier for p in bank)
    kinds = Counter(p.question for p in bank)
    themes = Counter(t for p in bank for t in p.themes)
    print(f"bundled bank: {len(bank)} puzzles; " + ", ".join(
        f"tier {t} {TIER_NAMES[t]} {tiers[t]}" for t in TIER_NAMES))
    print("kinds: " + ", ".join(f"{QUESTIONS[k]} {kinds[k]}" for k in QUESTIONS)
          + f" (playing on right: {sum(p.knock is False for p in bank)})")
    print("themes: " + ", ".join(f"{name} {n}" for name, n in themes.most_common()))
    ratings = sorted(p.rating for p in bank)
    print(f"initial ratings: min {ratings[0]}, median {ratings[len(ratings) // 2]}, "
          f"max {ratings[-1]}")
    sample = random.Random(args.seed).sample(bank, min(args.recheck_sample, len(bank)))
    started = time.process_time()
    held = sum(isinstance(recheck_any(p), type(p)) for p in sample)
    seconds = (time.process_time() - started) / len(sample)
    print(f"judge recheck: {seconds:.2f} s of CPU per puzzle over {len(sample)} bank puzzles, "
          f"{held} hold")


if __name__ == "__main__":
    main()
