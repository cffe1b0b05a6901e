"""Re-judge the whole puzzle bank with today's judge and its panel of opponent styles.

    python benchmarks/rejudge_bank.py [--jobs 2] [--out gin_teach/data/puzzles.json]

Every puzzle is measured again (:func:`gin_teach.puzzles.kinds.recheck_with_panel`, the
answer re-keyed where the judge's moved) and held against every style of the panel; a
puzzle whose answer depends on the opponent, or no longer clears its tier's bar, is
dropped. It prints every answer that moved, every puzzle dropped and why, and the tiers.
The bank is written as measured now. (The run of 2026-12-07 read the bank of d617301 with
the grade scale it was written under, before noise stopped making choices good; its output is
``benchmarks/rejudge_bank.log``.)
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections import Counter
from pathlib import Path

from gin_teach.errors import GinError
from gin_teach.puzzles.bank import bank_from_json, bank_to_json
from gin_teach.puzzles.kinds import recheck_with_panel
from gin_teach.puzzles.puzzle import TIER_NAMES, Puzzle
from gin_teach.puzzles.verify import margins

BANK = Path(__file__).resolve().parent.parent / "gin_teach" / "data" / "puzzles.json"


def rejudged(puzzle: Puzzle) -> Puzzle | str:
    """The puzzle measured again and held against the panel, or why it is dropped (a puzzle
    the judge now refuses is dropped with the refusal)."""
    try:
        again = recheck_with_panel(puzzle, rekey=True)
    except GinError as error:
        return f"refused: {error}"
    return again if isinstance(again, (Puzzle, str)) else f"no verdict came back ({again!r})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--path", type=Path, default=BANK)
    parser.add_argument("--out", type=Path, default=BANK)
    args = parser.parse_args(argv)
    bank = bank_from_json(args.path.read_bytes())
    with multiprocessing.Pool(args.jobs) as pool:
        found = pool.map(rejudged, bank, chunksize=1)
    if len(found) != len(bank):
        raise SystemExit(f"only {len(found)} of {len(bank)} puzzles came back")
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
