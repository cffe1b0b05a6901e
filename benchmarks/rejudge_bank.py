"""Re-judge the whole puzzle bank with today's judge and its panel of opponent styles.

    python benchmarks/rejudge_bank.py [--jobs 2] [--out gin_teach/data/puzzles.json]

Every puzzle is measured again (:func:`gin_teach.puzzles.kinds.recheck_with_panel`, the
answer re-keyed where the judge's moved) and held against every style of the panel; a
puzzle whose answer depends on the opponent, or no longer clears its tier's bar, is
dropped. It prints every answer that moved, every puzzle dropped and why, and the tiers.
The bank file is read with the grade scale it was written under (a bank measured before
noise stopped making choices good still loads), then written as measured now.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections import Counter
from pathlib import Path

import gin_teach.judge as judge
from gin_teach.errors import GinError
from gin_teach.puzzles.kinds import recheck_with_panel
from gin_teach.puzzles.puzzle import TIER_NAMES, Puzzle, bank_from_json, bank_to_json
from gin_teach.puzzles.verify import margins

BANK = Path(__file__).resolve().parent.parent / "gin_teach" / "data" / "puzzles.json"


def read_bank(path: Path) -> tuple[Puzzle, ...]:
    """The bank at ``path``, read as the grade scale it was written under accepted it."""
    strict = judge.NOISE_ERROR
    judge.NOISE_ERROR = float("inf")
    try:
        return bank_from_json(path.read_bytes())
    finally:
        judge.NOISE_ERROR = strict


def rejudged(puzzle: Puzzle) -> Puzzle | str:
    """The puzzle measured again and held against the panel, or why it is dropped (a puzzle
    the judge now refuses is dropped with the refusal)."""
    try:
        return recheck_with_panel(puzzle, rekey=True)
    except GinError as error:
        return f"refused: {error}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--path", type=Path, default=BANK)
    parser.add_argument("--out", type=Path, default=BANK)
    args = parser.parse_args(argv)
    bank = read_bank(args.path)
    with multiprocessing.Pool(args.jobs) as pool:
        found = pool.map(rejudged, bank, chunksize=1)
    kept: list[Puzzle] = []
    for before, after in zip(bank, found, strict=True):
        if isinstance(after, str):
            print(f"{before.id} (tier {before.tier}, {before.kind}): dropped: {after}")
            continue
        kept.append(after)
        if (after.answer, after.knock, after.take) != (before.answer, before.knock, before.take):
            cards = "" if after.kind == "draw" else (
                f" (was {' '.join(sorted(map(str, before.answer)))}, "
                f"now {' '.join(sorted(map(str, after.answer)))})")
            print(f"{before.id} (tier {before.tier}): answer {before.best_choice.move} -> "
                  f"{after.best_choice.move}{cards}")
        if after.tier != before.tier:
            print(f"{before.id}: tier {before.tier} -> {after.tier}")
    tiers = Counter(p.tier for p in kept)
    print(f"{len(kept)} of {len(bank)} puzzles kept: "
          + ", ".join(f"{TIER_NAMES[t]} {tiers[t]}" for t in TIER_NAMES)
          + f"; draw {sum(p.kind == 'draw' for p in kept)}", file=sys.stderr)
    args.out.write_text(bank_to_json(kept, margins()), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
