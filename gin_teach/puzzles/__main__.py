"""``python -m gin_teach.puzzles generate --count N --seed S --jobs J [--out PATH]`` makes a
verified puzzle bank from games between the computer players and writes it (by default over
the bank that ships with gin_teach), saving partial work as it goes. With ``--add`` the new
puzzles join the bank already at ``--out`` instead, numbered after its last id (a position
it already holds is skipped).

``python -m gin_teach.puzzles recheck [--path PATH] [--drop] [--jobs J]`` checks a bank again
with today's analysis, playouts and Expert (after the analysis changes, say) and can drop what
no longer holds; the puzzles kept keep their ids, so lessons that name one still find it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from gin_teach.puzzles.generate import generate, text_progress
from gin_teach.puzzles.puzzle import TIER_NAMES, Puzzle, bank_to_json, load_bank
from gin_teach.puzzles.verify import margins, recheck

BUNDLED = Path(__file__).resolve().parent.parent / "data" / "puzzles.json"


def _write(puzzles: list[Puzzle], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(bank_to_json(puzzles, margins()), encoding="utf-8")
    os.replace(temporary, path)


def _recheck(path: Path, drop: bool, jobs: int) -> int:
    bank = load_bank(path)
    kept = []
    with multiprocessing.Pool(jobs) as pool:
        found = pool.map(recheck, bank, chunksize=4)
    moved = 0
    for puzzle, again in zip(bank, found, strict=True):
        if isinstance(again, str):
            print(f"{puzzle.id} (tier {puzzle.tier}): {again}")
            continue
        kept.append(again)
        if again.answer != puzzle.answer:
            moved += 1
            print(f"{puzzle.id} (tier {puzzle.tier}): the answer is now "
                  f"{' '.join(sorted(map(str, again.answer)))}, was "
                  f"{' '.join(sorted(map(str, puzzle.answer)))}")
    print(f"{len(kept)} of {len(bank)} puzzles hold; {moved} of them with a narrower answer")
    if drop:
        _write(kept, path)
        print(f"rewrote {path} with {len(kept)} puzzles, measured again by the judge")
    return 0 if drop or len(kept) == len(bank) else 1


def added(bank: Sequence[Puzzle], new: Sequence[Puzzle]) -> list[Puzzle]:
    """``bank`` followed by the ``new`` puzzles whose position it does not hold yet, those
    numbered after the bank's highest id.

    >>> from gin_teach.puzzles import load_bank
    >>> first, second = load_bank()[:2]
    >>> [p.id for p in added([second], [first, second])]
    ['p0002', 'p0003']
    """
    held = {(p.hand, p.knowledge) for p in bank}
    last = max((int(p.id[1:]) for p in bank if p.id[1:].isdigit()), default=0)
    fresh = [p for p in new if (p.hand, p.knowledge) not in held]
    return [*bank] + [replace(p, id=f"p{last + i:04d}") for i, p in enumerate(fresh, 1)]


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (bad arguments exit with status 2).

    >>> main(["generate", "--count", "0"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
    parser = argparse.ArgumentParser(prog="python -m gin_teach.puzzles")
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate", help="make a verified puzzle bank from games")
    make.add_argument("--count", type=int, default=600, help="puzzles to make (default 600)")
    make.add_argument("--seed", type=int, default=1)
    make.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    make.add_argument("--per-tier", type=int, default=None,
                      help="at most this many of each tier (default: count / 5)")
    make.add_argument("--out", type=Path, default=BUNDLED)
    make.add_argument("--add", action="store_true",
                      help="add the new puzzles to the bank at --out, ids after its last")
    check = commands.add_parser("recheck", help="check a bank again with today's code")
    check.add_argument("--path", type=Path, default=BUNDLED)
    check.add_argument("--drop", action="store_true",
                       help="rewrite the bank with the judge's values, without the puzzles "
                            "that no longer hold")
    check.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    if args.command == "recheck":
        return _recheck(args.path, args.drop, max(args.jobs, 1))
    if args.count < 1 or args.jobs < 1:
        parser.error("--count and --jobs must be at least 1")
    print(f"writing {args.out}", file=sys.stderr)
    existing = load_bank(args.out) if args.add else []
    puzzles = generate(args.count, args.seed, args.jobs, per_tier=args.per_tier,
                       progress=text_progress(args.count),
                       checkpoint=lambda found: _write(added(existing, found), args.out))
    puzzles = added(existing, puzzles)
    _write(puzzles, args.out)
    tiers = Counter(p.tier for p in puzzles)
    print(f"\n{len(puzzles)} puzzles: " + ", ".join(
        f"{TIER_NAMES[t]} {tiers[t]}" for t in TIER_NAMES), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
