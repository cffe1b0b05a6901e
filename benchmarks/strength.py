"""How strong the course's computer players are: the cross table of duplicate-deal
tournaments between them, and the Expert's thinking time per decision.

Each cell is the row player's share of games won against the column player, with its 95%
confidence interval, from ``--games`` games (half as many deals, each played twice with the
seats swapped) under the EAAI challenge's rules by default. The issue's targets against
Simple: Shaper 58%, Defender 62% (and above 52% against the Shaper), Expert 68% (and above
55% against the Defender); they are printed beside the figures.

Run: ``python benchmarks/strength.py --games 2000 --jobs 2`` (the full table takes hours on
two cores, mostly the Expert's games); ``--players shaper defender simple`` for a part of it;
``--time`` for the Expert's milliseconds per decision; ``--exploit`` also plays the "gin only"
trick of lesson 17 (a Shaper that never knocks) against Simple and against the Defender.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections.abc import Sequence
from functools import partial

from gin_teach import Game, play
from gin_teach.actions import Action
from gin_teach.bots import BOTS, ExpertBot, Player, ShaperBot, SimpleBot
from gin_teach.round import Observation
from gin_teach.tournament import RULES, TournamentResult, tournament

# (row, column, least win rate) the issue asks for.
TARGETS = [("shaper", "simple", 0.58), ("defender", "simple", 0.62),
           ("defender", "shaper", 0.52), ("expert", "simple", 0.68),
           ("expert", "defender", 0.55)]


class Timed:
    """Wraps a player and records the CPU seconds of each decision (a busy machine does not
    inflate them)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.seconds: list[float] = []

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        start = time.process_time()
        action = self.player.choose(observation, legal_actions)
        self.seconds.append(time.process_time() - start)
        return action


def expert_time(games: int, seed: int) -> None:
    """Print the Expert's median and 90th-percentile time per decision against Simple."""
    timed = Timed(ExpertBot(seed=seed))
    for game_seed in range(seed, seed + games):
        play(Game(RULES["eaai"], seed=game_seed), [timed, SimpleBot(seed=game_seed)])
    seconds = sorted(timed.seconds)
    print(f"Expert ({timed.player!r}), {len(seconds)} decisions in {games} games: "
          f"median {1000 * statistics.median(seconds):.0f} ms, "
          f"p90 {1000 * seconds[int(0.9 * len(seconds))]:.0f} ms, "
          f"max {1000 * seconds[-1]:.0f} ms")


def cell(result: TournamentResult) -> str:
    low, high = result.ci95
    return f"{result.win_rate:5.1%} [{low:.0%}-{high:.0%}]"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pair (even)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="eaai", choices=sorted(RULES))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--players", nargs="+", default=list(BOTS), choices=list(BOTS))
    parser.add_argument("--expert-games", type=int, default=None,
                        help="games for the pairs with the Expert (default --games)")
    parser.add_argument("--exploit", action="store_true",
                        help="also play the gin-only trick against Simple and the Defender")
    parser.add_argument("--time", type=int, default=0, metavar="GAMES",
                        help="also time the Expert's decisions over this many games")
    args = parser.parse_args(argv)
    names = [name for name in BOTS if name in args.players]
    results: dict[tuple[str, str], TournamentResult] = {}
    for row, column in itertools.combinations(names, 2):
        # The stronger (later) player is counted first.
        first, second = column, row
        games = args.games
        if "expert" in (first, second) and args.expert_games:
            games = args.expert_games
        start = time.time()
        result = tournament(first, second, games=games, seed=args.seed, rules=args.rules,
                            jobs=args.jobs, progress=sys.stderr.isatty())
        results[first, second] = result
        print(f"{first} vs {second}: {cell(result)} of {games} games, "
              f"{result.points_per_game:+.1f} points per game ({time.time() - start:.0f} s)",
              flush=True)
    width = 18
    print(f"\nrow player's games won against the column player ({args.rules} rules)")
    print(" " * 10 + "".join(f"{n:>{width}}" for n in names))
    for row in names:
        cells = []
        for column in names:
            if row == column:
                cells.append("-")
            elif (row, column) in results:
                cells.append(cell(results[row, column]))
            else:
                flipped = results[column, row]
                low, high = flipped.ci95
                cells.append(f"{1 - flipped.win_rate:5.1%} [{1 - high:.0%}-{1 - low:.0%}]")
        print(f"{row:<10}" + "".join(f"{c:>{width}}" for c in cells))
    print("\ntargets:")
    for row, column, least in TARGETS:
        if (row, column) in results:
            result = results[row, column]
            verdict = ("met: the whole interval is above" if result.ci95[0] >= least else
                       "rate above, interval not yet" if result.win_rate >= least else "below")
            print(f"  {row} vs {column}: {cell(result)} against {least:.0%}: {verdict}")
    if args.exploit:
        gin_only = partial(ShaperBot, knock_early=0, knock_late=0)
        print("\nthe gin-only trick (a Shaper that never knocks):")
        for opponent in ("simple", "defender"):
            result = tournament(gin_only, opponent, games=args.games, seed=args.seed,
                                rules=args.rules, jobs=args.jobs, names=("gin only", opponent),
                                progress=sys.stderr.isatty())
            print(f"  gin only vs {opponent}: {cell(result)} of {result.games} games")
    if args.time:
        expert_time(args.time, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
