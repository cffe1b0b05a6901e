"""``python -m gin_teach.puzzles generate --count N --seed S --jobs J [--out PATH]``.

Generates a verified puzzle bank from games between the computer players and writes it (by
default over the bank that ships with gin_teach), saving partial work as it goes.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

from gin_teach.puzzles.generate import generate, text_progress
from gin_teach.puzzles.puzzle import TIER_NAMES, Puzzle, bank_to_json
from gin_teach.puzzles.verify import margins

BUNDLED = Path(__file__).resolve().parent.parent / "data" / "puzzles.json"


def _write(puzzles: list[Puzzle], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(bank_to_json(puzzles, margins()), encoding="utf-8")
    os.replace(temporary, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gin_teach.puzzles")
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate", help="make a verified puzzle bank from games")
    make.add_argument("--count", type=int, default=600, help="puzzles to make (default 600)")
    make.add_argument("--seed", type=int, default=1)
    make.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    make.add_argument("--per-tier", type=int, default=None,
                      help="at most this many of each tier (default: count / 5)")
    make.add_argument("--out", type=Path, default=BUNDLED)
    args = parser.parse_args(argv)
    if args.count < 1 or args.jobs < 1:
        parser.error("--count and --jobs must be at least 1")
    print(f"writing {args.out}", file=sys.stderr)
    puzzles = generate(args.count, args.seed, args.jobs, per_tier=args.per_tier,
                       progress=text_progress(args.count),
                       checkpoint=lambda found: _write(found, args.out))
    _write(puzzles, args.out)
    tiers = Counter(p.tier for p in puzzles)
    print(f"\n{len(puzzles)} puzzles: " + ", ".join(
        f"{TIER_NAMES[t]} {tiers[t]}" for t in TIER_NAMES), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
