"""What a judgement costs in small batches: the CPU time of one judgement whose choices in
doubt get one more deal at a time (``Precision(batch=1)``), against the same number of deals
in one batch. Issue 45 (T4-10): each batch paired every deal so far again, so the time grew
with the square of the deals (8,000 deals took 67 s); now both grow linearly.

The position has several junk cards of like value, so near ties keep choices in doubt to the
last deal. Run: ``python benchmarks/judge_batches.py`` (``--deals 1000 2000`` to choose).
"""

from __future__ import annotations

import argparse
import time

from gin_teach.analysis import Knowledge
from gin_teach.judge import Precision, forget, judge_discard

HAND = "AS 2S 5H 6H 9D TD KC QH 3C 8S JD"


def cpu_seconds(precision: Precision, seed: int) -> tuple[float, int]:
    """CPU seconds of one judgement from scratch, and the most deals a choice got."""
    forget()
    start = time.process_time()
    judged = judge_discard(HAND, Knowledge(stock_size=28), precision=precision, seed=seed)
    return time.process_time() - start, max(option.deals for option in judged.options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, nargs="+", default=[1000, 2000, 4000, 8000])
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    print(f"{'deals':>6} {'batches of 1':>13} {'one batch':>10}  (CPU seconds)")
    for deals in args.deals:
        small, reached = cpu_seconds(Precision(first=1, most=deals, batch=1, error=0.0),
                                     args.seed)
        whole, _ = cpu_seconds(Precision(first=deals, most=deals, batch=1, error=0.0),
                               args.seed)
        print(f"{reached:>6} {small:>13.2f} {whole:>10.2f}")


if __name__ == "__main__":
    main()
