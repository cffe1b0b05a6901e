"""How fast the meld solver is: hands per second, median of five runs.

Four workloads of 10,000 seeded hands each: 10-card hands through ``deadwood()``, and 11-card
hands through ``best_discards()`` (the exact best discards and the deadwood they leave), each
on uniform deals and on meld-dense deals from five neighbouring ranks (where melds overlap).
Then the same four on the jokers-wild table (``Rules.jokers_wild()``): a tenth as many hands,
one or two of each hand's cards replaced by jokers; no target (the plain workloads above are
the ones bots and puzzles lean on), the speed is stated. When ``rlcard`` or ``open_spiel`` is
installed (``pip install -e ".[benchmarks]"``), the same
hands go through their solvers too and the ratios are printed.

Run: ``python benchmarks/solver.py``  (``--hands N`` for a quicker look).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial

from gin_teach import Card, Rules, best_discards, deadwood, full_deck

Hand = tuple[Card, ...]
# Published figures measured on this kind of machine (issue 2), hands/s:
REFERENCE = {
    ("OpenSpiel (C++)", "10 uniform"): 1_100_000, ("OpenSpiel (C++)", "10 dense"): 340_000,
    ("OpenSpiel (C++)", "11 uniform"): 85_000, ("OpenSpiel (C++)", "11 dense"): 30_000,
    ("RLCard (Python)", "10 uniform"): 90_000, ("RLCard (Python)", "10 dense"): 27_000,
    ("RLCard (Python)", "11 uniform"): 8_000, ("RLCard (Python)", "11 dense"): 2_500,
}
TARGET = {"10 uniform": 200_000, "10 dense": 60_000, "11 uniform": 50_000, "11 dense": 15_000}


def workloads(count: int, seed: int = 2026) -> dict[str, list[Hand]]:
    """The seeded hands of each workload."""
    rng = random.Random(seed)
    deck = list(full_deck())
    dense = [card for card in deck if 5 <= card.rank <= 9]
    return {
        "10 uniform": [tuple(rng.sample(deck, 10)) for _ in range(count)],
        "10 dense": [tuple(rng.sample(dense, 10)) for _ in range(count)],
        "11 uniform": [tuple(rng.sample(deck, 11)) for _ in range(count)],
        "11 dense": [tuple(rng.sample(dense, 11)) for _ in range(count)],
    }


def joker_workloads(count: int, seed: int = 2026) -> dict[str, list[Hand]]:
    """Each workload's hands with their last one or two cards (alternately) replaced by jokers."""
    jokers = (Card.joker(1), Card.joker(2))
    return {f"{name} jokers": [hand[:-(1 + i % 2)] + jokers[:1 + i % 2]
                               for i, hand in enumerate(hands)]
            for name, hands in workloads(count, seed).items()}


def rate(solve: Callable[[Sequence[object]], object], hands: Sequence[Sequence[object]],
         runs: int = 5) -> float:
    """Median hands per second over ``runs`` passes."""
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        for hand in hands:
            solve(hand)
        rates.append(len(hands) / (time.perf_counter() - start))
    return statistics.median(rates)


def ours() -> dict[str, Callable[[Sequence[object]], object]]:
    return {"10": deadwood, "11": best_discards}  # type: ignore[dict-item]


Solvers = tuple[Callable[[Hand], Sequence[object]], dict[str, Callable[..., object]]]


def open_spiel_solvers() -> Solvers:
    from pyspiel import gin_rummy

    utils = gin_rummy.GinRummyUtils(13, 4, 10)
    suits = "SCDH"  # OpenSpiel numbers cards suit-major in this suit order

    def convert(hand: Hand) -> list[int]:
        return [suits.index(c.suit) * 13 + c.rank - 1 for c in hand]

    def eleven(hand: list[int]) -> int:  # exact: the best of the eleven 10-card hands
        return min(int(utils.min_deadwood(hand[:i] + hand[i + 1:])) for i in range(len(hand)))

    # OpenSpiel's own min_deadwood on 11 cards is quicker, but on a few dense hands it answers
    # one more than the true least deadwood after a discard (checked against a brute force),
    # so it is timed separately as "11 built-in".
    return convert, {"10": utils.min_deadwood, "11": eleven, "11 built-in": utils.min_deadwood}


def rlcard_solvers() -> Solvers:
    from rlcard.games.gin_rummy.utils import melding
    from rlcard.games.gin_rummy.utils import utils as rl_utils

    def convert(hand: Hand) -> list[object]:
        return [rl_utils.card_from_text(card.code) for card in hand]

    def ten(hand: list[object]) -> int:
        clusters = melding.get_best_meld_clusters(hand)
        best = int(sum(rl_utils.get_deadwood_value(c) for c in hand))
        for cluster in clusters:
            melded = {id(card) for meld in cluster for card in meld}
            best = min(best, sum(rl_utils.get_deadwood_value(c) for c in hand
                                 if id(c) not in melded))
        return best

    def eleven(hand: list[object]) -> int:  # RLCard has no 11-card search: one per discard
        return min(ten(hand[:i] + hand[i + 1:]) for i in range(len(hand)))

    return convert, {"10": ten, "11": eleven}


def _our_value(hand: Hand) -> int:
    return deadwood(hand) if len(hand) == 10 else best_discards(hand)[0].deadwood


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    hands = workloads(args.hands)

    print(f"gin_teach solver, pure Python, one core; {args.hands:,} hands per workload, "
          f"median of {args.runs} runs")
    print(f"{'workload':<21}{'hands/s':>12}{'target':>10}  met")
    ours_rates = {}
    for name, batch in hands.items():
        ours_rates[name] = rate(ours()[name[:2]], batch, args.runs)
        met = "yes" if ours_rates[name] >= TARGET[name] else "NO"
        print(f"{name:<21}{ours_rates[name]:>12,.0f}{TARGET[name]:>10,}  {met}")
    wild = Rules.jokers_wild()
    with_jokers: dict[str, Callable[[Sequence[object]], object]] = {
        "10": deadwood, "11": partial(best_discards, rules=wild)}  # type: ignore[dict-item]
    for name, batch in joker_workloads(max(1, args.hands // 10)).items():
        print(f"{name:<21}{rate(with_jokers[name[:2]], batch, args.runs):>12,.0f}"
              f"{'-':>10}  (1 or 2 jokers, a tenth as many hands)")

    others = {"OpenSpiel (C++)": ("pyspiel", open_spiel_solvers),
              "RLCard (Python)": ("rlcard", rlcard_solvers)}
    for label, (module, make) in others.items():
        print()
        if importlib.util.find_spec(module) is None:
            published = ", ".join(f"{w} {REFERENCE[(label, w)]:,}" for w in TARGET)
            print(f"{label}: not installed; published figures here: {published}")
            continue
        convert, solvers = make()
        slow = label.startswith("RL")
        print(f"{label} on the same hands{' (a tenth of them: it is slow)' if slow else ''}")
        for name, batch in hands.items():
            sample = batch[: max(1, len(batch) // 10)] if slow else batch
            converted = [convert(hand) for hand in sample]
            for solver in [key for key in solvers if key.startswith(name[:2])]:
                solve = solvers[solver]
                theirs = rate(solve, converted, 3)
                agree = sum(solve(c) == _our_value(h)
                            for c, h in zip(converted, sample, strict=True))
                label_name = name + solver[2:]
                print(f"{label_name:<21}{theirs:>12,.0f}  gin_teach is "
                      f"{ours_rates[name] / theirs:.1f}x; same deadwood on {agree:,} of "
                      f"{len(sample):,} hands")


if __name__ == "__main__":
    main()
