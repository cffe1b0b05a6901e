"""``python -m gin_teach.puzzles generate --count N --seed S --jobs J --out PATH`` makes a
verified puzzle bank from games between the computer players and writes it to ``PATH`` (to
rebuild the bank that ships with gin_teach, name it: ``--out gin_teach/data/puzzles.json``),
saving partial work as it goes. With ``--add`` the new puzzles join the bank already at
``--out`` instead, numbered after its last id (a position it already holds is skipped).
``--kind draw`` makes take-or-draw puzzles and ``--kind knock`` knock-or-play-on puzzles
where playing on is right, instead of discard puzzles (:mod:`gin_teach.puzzles.kinds`).

Bad arguments, an ``--out`` that cannot be written and a bank that cannot be read are
refused before any work, with one line on stderr and exit status 2.

``python -m gin_teach.puzzles recheck [--path PATH] [--drop] [--jobs J]`` checks a bank again
with today's analysis, playouts and Expert (after the analysis changes, say) and can drop what
no longer holds; the puzzles kept keep their ids, so lessons that name one still find it.

``python -m gin_teach.puzzles reexplain [--path PATH]`` writes every puzzle's tier (what
decides it), explanation, hint, choices' reasons and themes again from its stored position
and numbers (after the explainer changes): no hand is played out, and no answer or measured
number changes; a puzzle that moves tier gets its new tier's first rating.

``python -m gin_teach.puzzles rates ID [ID ...] [--path PATH]`` measures the named discard
puzzles again with the judge, exactly as the bank was measured, to keep the judge's shares
of its deals that their texts name (who goes down first, gin, who wins the hand), and
writes their texts again from them; a puzzle whose numbers moved is refused (recheck it).

``python -m gin_teach.puzzles train [--seed S] [--tier T] [--theme X] [--kind K]
[--progress PATH | --practice]`` runs the puzzle trainer in a terminal: the trainer's session
(:mod:`gin_teach.lessons.trainer`), counted in the same record as the notebooks' trainer. It
reads one answer a line from standard input: a card to discard (``KS``), ``knock KS``,
``take`` or ``draw``, or ``hint``, ``show`` (the solution: counts as a miss), ``next`` and
``quit``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TextIO

from gin_teach.errors import GinError, PuzzleError
from gin_teach.learner.progress import ProgressStore, store_for
from gin_teach.lessons.trainer import TrainerSession
from gin_teach.puzzles.bank import bank_to_json, load_bank
from gin_teach.puzzles.generate import (
    GENERATED_KINDS,
    MAX_COUNT,
    PATIENCE,
    generate,
    text_progress,
)
from gin_teach.puzzles.kinds import recheck_any, recheck_with_panel
from gin_teach.puzzles.puzzle import QUESTIONS, TIER_NAMES, Puzzle
from gin_teach.puzzles.verify import margins, measure_rates, retier

BUNDLED = Path(__file__).resolve().parent.parent / "data" / "puzzles.json"


def _write(puzzles: list[Puzzle], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(bank_to_json(puzzles, margins()), encoding="utf-8")
    os.replace(temporary, path)


def _writable(path: Path) -> str | None:
    """Why a bank cannot be written at ``path``, or None when it can (tried, then removed)."""
    if path.is_dir():
        return f"{path} is a folder, not a bank file"
    temporary = path.with_name(f".{path.name}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(b"")
        temporary.unlink()
    except OSError as error:
        return f"cannot write {path}: {error.strerror or error}"
    return None


def _recheck(bank: Sequence[Puzzle], path: Path, drop: bool, jobs: int, panel: bool = False,
             rekey: bool = False) -> int:
    kept = []
    check = partial(recheck_with_panel if panel else recheck_any, rekey=rekey)
    with multiprocessing.Pool(jobs) as pool:
        found = pool.map(check, bank, chunksize=2)
    moved = 0
    for puzzle, again in zip(bank, found, strict=True):
        if isinstance(again, str):
            print(f"{puzzle.id} (tier {puzzle.tier}): {again}")
            continue
        kept.append(again)
        if again.tier != puzzle.tier:
            print(f"{puzzle.id}: now tier {again.tier} {TIER_NAMES[again.tier]}, was "
                  f"{puzzle.tier} {TIER_NAMES[puzzle.tier]}")
        if again.answer != puzzle.answer:
            moved += 1
            print(f"{puzzle.id} (tier {puzzle.tier}): the answer is now "
                  f"{' '.join(sorted(map(str, again.answer)))}, was "
                  f"{' '.join(sorted(map(str, puzzle.answer)))}")
    print(f"{len(kept)} of {len(bank)} puzzles hold; {moved} of them with another answer")
    if drop:
        _write(kept, path)
        print(f"rewrote {path} with {len(kept)} puzzles, measured again by the judge")
    return 0 if drop or len(kept) == len(bank) else 1


def _reexplain(bank: Sequence[Puzzle], path: Path) -> int:
    again = [retier(puzzle) for puzzle in bank]
    changed = sum(a != p for a, p in zip(again, bank, strict=True))
    for before, after in zip(bank, again, strict=True):
        if after.tier != before.tier:
            print(f"{before.id}: tier {before.tier} {TIER_NAMES[before.tier]} -> "
                  f"{after.tier} {TIER_NAMES[after.tier]}")
    _write(again, path)
    print(f"rewrote the texts of {changed} of {len(bank)} puzzles in {path}")
    return 0


def _rates(bank: Sequence[Puzzle], ids: Sequence[str], path: Path) -> int:
    wanted = set(ids)
    unknown = wanted - {p.id for p in bank}
    if unknown:
        raise PuzzleError(f"no puzzle {sorted(unknown)[0]!r} in {path}")
    again = [measure_rates(p) if p.id in wanted else p for p in bank]
    for before, after in zip(bank, again, strict=True):
        if before.id in wanted:
            said = "rewritten" if after != before else "unchanged"
            print(f"{before.id}: {said}: {after.explanation}")
    _write(again, path)
    print(f"measured the shares of {len(wanted)} puzzles again in {path}")
    return 0


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


TRAIN_WORDS = ("Answer with a card to discard (KS), 'knock KS', 'take' or 'draw'; or 'hint', "
               "'show' (the solution: counts as a miss), 'next' or 'quit'.")


def _show_puzzle(session: TrainerSession) -> str:
    """The puzzle served, in words: what it asks, the hand, what is known, the question."""
    puzzle = session.puzzle
    tier = f" · {session.tier_words}" if session.tier_words else ""
    hand = " ".join(map(str, sorted(puzzle.hand, key=lambda c: (c.suit, c.rank))))
    return "\n".join([f"Puzzle {puzzle.id} · {QUESTIONS[puzzle.question]}{tier} · rated "
                      f"{session.served_rating}", f"Your hand: {hand}",
                      f"Known: {puzzle.describe()}", session.ask()])


def _status(session: TrainerSession) -> str:
    progress = session.progress
    return (f"Your rating {round(progress.rating.rating)} · streak {progress.streak} · "
            f"{len(session.due())} due for review")


def train(session: TrainerSession, lines: Iterable[str], out: TextIO) -> int:
    """Run ``session`` on the answers in ``lines`` (one a line), writing what the learner is
    told to ``out``; returns the exit status (0). A line the session refuses is answered with
    why, and counts nothing.

    >>> import io
    >>> session = TrainerSession(seed=3, kind="discard", typed=True)
    >>> out = io.StringIO()
    >>> train(session, ["ZZ", session.puzzle.best_choice.card.code, "quit"], out)
    0
    >>> said = out.getvalue()
    >>> "'ZZ' is not one card" in said, "Best: " in said, session.progress.attempts
    (True, True, 1)
    """
    print(TRAIN_WORDS, file=out)
    print(_show_puzzle(session), file=out)
    for line in lines:
        text = line.strip()
        command = text.lower()
        if not text:
            continue
        if command in ("quit", "q", "exit"):
            break
        try:
            if command == "next":
                session.next_puzzle()
                print(_show_puzzle(session), file=out)
                continue
            if command == "hint":
                print(session.hint().words, file=out)
                continue
            attempt = session.show_solution() if command == "show" else session.answer_move(
                text)
        except GinError as error:
            print(f"{error}", file=out)
            continue
        print(attempt.words, file=out)
        if attempt.rated:
            print(_status(session), file=out)
    attempts = session.progress.attempts
    print(f"{attempts} attempt{'' if attempts == 1 else 's'} in your record. "
          f"{_status(session)}.", file=out)
    return 0


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
    make.add_argument("--kind", choices=GENERATED_KINDS, default="discard",
                      help="discard puzzles (the default), take-or-draw puzzles, or "
                           "knock-or-play-on puzzles where playing on is right")
    make.add_argument("--tiers", type=int, nargs="+", default=None, metavar="TIER",
                      help="discard puzzles of these tiers only (1-5; default: all)")
    make.add_argument("--per-tier", type=int, default=None,
                      help="at most this many of each tier (default: count / 5)")
    make.add_argument("--out", type=Path, default=None,
                      help=f"the bank file to write (the one shipped is {BUNDLED})")
    make.add_argument("--add", action="store_true",
                      help="add the new puzzles to the bank at --out, ids after its last")
    make.add_argument("--patience", type=int, default=PATIENCE,
                      help=f"stop after this many games in a row that add no puzzle "
                           f"(default {PATIENCE}): a tier too rare to fill ends the run")
    check = commands.add_parser("recheck", help="check a bank again with today's code")
    check.add_argument("--path", type=Path, default=BUNDLED)
    check.add_argument("--drop", action="store_true",
                       help="rewrite the bank with the judge's values, without the puzzles "
                            "that no longer hold")
    check.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    check.add_argument("--panel", action="store_true",
                       help="also hold every answer against the panel of opponent styles")
    check.add_argument("--rekey", action="store_true",
                       help="let the judge's answer replace a stored one that moved")
    run = commands.add_parser("train", help="the puzzle trainer in a terminal: answers "
                              "read from standard input")
    run.add_argument("--seed", type=int, default=None)
    run.add_argument("--tier", type=int, default=None, help="puzzles of this tier (1-5)")
    run.add_argument("--theme", default=None, help="puzzles that teach this theme")
    run.add_argument("--kind", default=None, help="discard, knock or draw puzzles")
    kept = run.add_mutually_exclusive_group()
    kept.add_argument("--progress", type=Path, default=None,
                      help="the record to count in (default: yours, as the notebooks keep "
                           "it)")
    kept.add_argument("--practice", action="store_true",
                      help="count in a throw-away record: nothing is saved")
    words = commands.add_parser("reexplain", help="write the puzzles' tiers and texts again "
                                "from their stored numbers (no playouts)")
    words.add_argument("--path", type=Path, default=BUNDLED)
    shares = commands.add_parser("rates", help="measure the named puzzles again to keep the "
                                 "judge's shares their texts name, and write the texts again")
    shares.add_argument("ids", nargs="+", help="the puzzles' ids (p0093 ...)")
    shares.add_argument("--path", type=Path, default=BUNDLED)
    args = parser.parse_args(argv)
    if args.command == "train":
        try:
            store = ProgressStore.scratch() if args.practice else store_for(args.progress)
            session = TrainerSession(store, seed=args.seed, tier=args.tier, theme=args.theme,
                                     kind=args.kind, typed=True)
        except GinError as error:
            parser.error(str(error))
        if store.message:
            print(store.message, file=sys.stderr)
        return train(session, sys.stdin, sys.stdout)
    if args.command == "rates":
        problem = _writable(args.path)
        if problem:
            parser.error(problem)
        try:
            return _rates(load_bank(args.path), args.ids, args.path)
        except PuzzleError as error:
            parser.error(str(error))
    if args.command == "reexplain":
        problem = _writable(args.path)
        if problem:
            parser.error(problem)
        try:
            return _reexplain(load_bank(args.path), args.path)
        except PuzzleError as error:
            parser.error(str(error))
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    target = args.path if args.command == "recheck" else args.out
    if args.command == "generate":
        if args.count < 1 or (args.per_tier is not None and args.per_tier < 1):
            parser.error("--count and --per-tier must be at least 1")
        if args.patience < 1:
            parser.error("--patience must be at least 1 (games in a row without a puzzle)")
        if args.count > MAX_COUNT:
            parser.error(f"--count must be at most {MAX_COUNT:,} (a bank of 600 takes an "
                         f"hour), got {args.count:,}")
        if args.tiers and not set(args.tiers) <= set(TIER_NAMES):
            parser.error(f"--tiers must be among {' '.join(map(str, TIER_NAMES))}")
        if target is None:
            parser.error(f"name the bank to write with --out (the bank shipped with gin_teach "
                         f"is {BUNDLED})")
    problem = _writable(target) if args.command == "generate" or args.drop else None
    if not problem and args.command == "generate" and not args.add and target.exists():
        try:
            load_bank(target)
        except PuzzleError as error:
            problem = f"{target} is not a puzzle bank, so it is not written over ({error})"
    if problem:
        parser.error(problem)
    try:
        existing = load_bank(target) if args.command == "recheck" or args.add else []
    except PuzzleError as error:
        parser.error(str(error))
    if args.command == "recheck":
        return _recheck(existing, target, args.drop, args.jobs, args.panel, args.rekey)
    print(f"writing {target}", file=sys.stderr)

    def checkpoint(found: list[Puzzle]) -> None:
        if found:  # an early checkpoint with nothing found never replaces a bank
            _write(added(existing, found), target)

    try:
        made = generate(args.count, args.seed, args.jobs, per_tier=args.per_tier,
                        progress=text_progress(args.count), checkpoint=checkpoint,
                        kind=args.kind, tiers=args.tiers or tuple(TIER_NAMES),
                        patience=args.patience)
    except PuzzleError as error:
        print(f"\nerror: {error}", file=sys.stderr)
        return 1
    puzzles = added(existing, made)
    if made:
        _write(puzzles, target)
    tiers = Counter(p.tier for p in made)
    print(f"\n{len(made)} {args.kind} puzzles: " + ", ".join(
        f"{TIER_NAMES[t]} {tiers[t]}" for t in TIER_NAMES), file=sys.stderr)
    if len(made) < args.count:
        print(f"stopped after {args.patience} games in a row found no puzzle for the tiers "
              f"left: {len(made)} of the {args.count} asked "
              + (f"(written to {target})" if made else "(nothing written)"), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
