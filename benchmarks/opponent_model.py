"""How close the hands the Expert imagines are to the hands its opponents really hold.

The Expert plays its close decisions out against opponent hands drawn from the Defender's
:class:`~gin_teach.bots.defender.OpponentModel`, each kept over some imagined extra draws
(:func:`~gin_teach.bots.expert.imagined_draws`). Too weak and it knocks into undercuts; too
strong and it gives up knocks and good discards for fear of a gin that is not there.

This script plays seeded hands between two copies of a player, and at every discard
decision compares the opponent's real deadwood with that of hands imagined from what the
deciding player saw: the Expert's (:func:`~gin_teach.bots.expert.imagined_hand`) and, for
comparison, the same schedule without ruling out hands the opponent would have knocked
with, no extra draws, one extra draw for every three cards gone up to four, and one for
every two (the Defender's undercut estimate). It prints, for each stretch of the stock, the
mean deadwood and the share of hands at 10 or less, at 5 or less and at 3 or less (what
undercuts a late knock). The real hands are those still playing: a hand that reached a low
count has often knocked already, which is why late in the hand real hands stay weaker than
a player keeping its best cards over every draw would be, and why the Expert draws such
hands again.

Run: ``python benchmarks/opponent_model.py --hands 300 [--player defender]`` (seconds).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Sequence

from gin_teach import Round
from gin_teach.bots import BOTS
from gin_teach.bots.defender import DRAWS_PER_KEPT_CARD
from gin_teach.core.kernel import deadwood_of_mask
from gin_teach.playouts.opponent import OpponentModel
from gin_teach.playouts.playout import PlayoutRules, imagined_draws, imagined_hand
from gin_teach.playouts.table_view import TableView

Imagine = Callable[[OpponentModel, random.Random, TableView, PlayoutRules], int]


def kept_over(draws: Callable[[int], int]) -> Imagine:
    """Imagined hands kept over ``draws(stock size)`` extra draws, nothing ruled out."""
    return lambda model, rng, view, rules: model.sample(rng, draws(view.stock_size),
                                                        view.joker_points)


#: The imagined hands compared, by name.
SCHEDULES: dict[str, Imagine] = {
    "expert": imagined_hand,
    "without redraws": kept_over(imagined_draws),
    "none": kept_over(lambda stock: 0),
    "every 3, max 4": kept_over(lambda stock: min(max(31 - stock, 0) // 3, 4)),
    f"every {DRAWS_PER_KEPT_CARD}": kept_over(
        lambda stock: max(31 - stock, 0) // DRAWS_PER_KEPT_CARD),
}
#: Stock sizes are grouped in stretches of this many cards.
STRETCH = 4
SAMPLES_PER_DECISION = 4


def _summary(counts: Sequence[int]) -> str:
    share_10 = sum(c <= 10 for c in counts) / len(counts)
    share_5 = sum(c <= 5 for c in counts) / len(counts)
    share_3 = sum(c <= 3 for c in counts) / len(counts)
    return f"{statistics.fmean(counts):5.1f} {share_10:4.0%} {share_5:4.0%} {share_3:4.0%}"


def measure(hands: int, player: str, seed: int) -> tuple[dict[int, list[int]],
                                                         dict[tuple[int, str], list[int]]]:
    """The real opponent deadwood and each schedule's imagined deadwood, by stretch."""
    real: dict[int, list[int]] = {}
    imagined: dict[tuple[int, str], list[int]] = {}
    rng = random.Random(seed)
    for number in range(hands):
        rnd = Round(seed=seed * 100_003 + number)
        players = [BOTS[player](seed=2 * number), BOTS[player](seed=2 * number + 1)]
        while rnd.result is None:
            mover = rnd.current_player
            observation = rnd.observation(mover)
            if rnd.phase == "discard":
                view = TableView.from_observation(observation)
                stretch = view.stock_size // STRETCH * STRETCH
                real.setdefault(stretch, []).append(rnd.deadwood(1 - mover))
                model = OpponentModel.of(view)
                rules = PlayoutRules.of(observation.rules, view.knock_limit)
                for name, imagine in SCHEDULES.items():
                    found = imagined.setdefault((stretch, name), [])
                    for _ in range(SAMPLES_PER_DECISION):
                        hand = imagine(model, rng, view, rules)
                        found.append(deadwood_of_mask(hand, view.joker_points))
            rnd.apply(players[mover].choose(observation, rnd.legal_actions()))
    return real, imagined


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--player", choices=sorted(BOTS), default="defender")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    real, imagined = measure(args.hands, args.player, args.seed)
    print(f"{args.hands} hands of {args.player} against {args.player}, seed {args.seed}: "
          "the opponent's deadwood at each discard decision (mean, share <= 10, <= 5, <= 3)")
    print(f"{'stock':>7} {'decisions':>9} | {'real':^20} | "
          + " | ".join(f"{name:^20}" for name in SCHEDULES))
    for stretch in sorted(real, reverse=True):
        cells = [_summary(imagined[stretch, name]) for name in SCHEDULES]
        print(f"{stretch:>3}-{stretch + STRETCH - 1:<3} {len(real[stretch]):>9} | "
              f"{_summary(real[stretch])} | " + " | ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
