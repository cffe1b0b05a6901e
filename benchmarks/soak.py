"""A long, seeded adversarial soak of the package: what tests/test_fuzz.py tries in seconds,
tried for minutes. Prints how many calls, damaged files, random rounds and widget clicks it
tried, and how many escaped (anything but a clear GinError, or a call past its time limit;
for the widgets, an exception out of a click, one a click handler raised, or a traceback on
show).

Run: ``python benchmarks/soak.py [--calls N] [--files N] [--rounds N] [--clicks N] [--seed S]``
(from the repository root; it uses the machinery in ``tests/fuzzing.py`` and
``tests/widget_fuzzing.py``). Files the calls write go to a scratch folder, and the learner's
record is a scratch one.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fuzzing import (
    LOADERS,
    ODD_VALUES,
    RULE_SETS,
    Escape,
    call_with_odd_value,
    damage,
    load_damaged,
    public_targets,
    random_round,
    sample_files,
)
from tests.widget_fuzzing import WIDGETS, ClickReport, click_everything


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20_000)
    parser.add_argument("--files", type=int, default=3_000)
    parser.add_argument("--rounds", type=int, default=1_000)
    parser.add_argument("--clicks", type=int, default=5_000,
                        help="widget clicks and values set, over all the widgets")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="gin-soak-"))
    os.environ["GIN_TEACH_HOME"] = str(scratch / "home")
    os.chdir(scratch)
    rng = random.Random(args.seed)
    escaped: list[str] = []
    started = time.perf_counter()

    targets = public_targets()
    refused = 0
    for _ in range(args.calls):
        target = rng.choice(targets)
        try:
            refused += call_with_odd_value(target, rng.randrange(12),
                                           rng.choice(ODD_VALUES)) == "refused"
        except Escape as escape:
            escaped.append(str(escape))
    print(f"calls:  {args.calls:,} into {len(targets)} public functions and classes, "
          f"{refused:,} refused with a GinError")

    files = sample_files()
    kinds = sorted(LOADERS)
    loaded = 0
    for _ in range(args.files):
        kind = rng.choice(kinds)
        try:
            loaded += load_damaged(kind, damage(files[kind], rng)) == "ok"
        except Escape as escape:
            escaped.append(str(escape))
    print(f"files:  {args.files:,} damaged saves, reviews and banks, {loaded:,} still "
          f"loaded (damage that kept them valid), the rest refused")

    moves = 0
    for number in range(args.rounds):
        rules = RULE_SETS[number % len(RULE_SETS)]
        try:
            moves += random_round(rng.getrandbits(32), rules, rng)
        except Escape as escape:
            escaped.append(str(escape))
    print(f"rounds: {args.rounds:,} random rounds under {len(RULE_SETS)} rule sets, "
          f"{moves:,} moves, an odd move tried before each")

    clicks = ClickReport()
    round_number = 0
    while clicks.clicks + clicks.values < args.clicks:
        # Each widget afresh from its own seed, 200 steps at a time (a game runs on past its
        # end through New game, a trainer through Next puzzle).
        folder = scratch / f"clicks-{round_number}"
        folder.mkdir()
        done = click_everything(rng.getrandbits(32), 200, folder)
        for name in ("clicks", "doubles", "stale", "values"):
            setattr(clicks, name, getattr(clicks, name) + getattr(done, name))
        escaped.extend(done.escaped)
        round_number += 1
    print(f"clicks: {clicks.clicks:,} button clicks ({clicks.doubles:,} doubled, "
          f"{clicks.stale:,} on hidden or stale controls) and {clicks.values:,} values set, "
          f"on {len(WIDGETS)} widgets made {round_number:,} times each")

    print(f"escaped: {len(escaped)} in {time.perf_counter() - started:.0f} s (seed {args.seed})")
    for line in sorted(set(escaped))[:20]:
        print(f"  {line}")
    return 1 if escaped else 0


if __name__ == "__main__":
    sys.exit(main())
