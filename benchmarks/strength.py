"""How strong the course's computer players are: the cross table of duplicate-deal
tournaments between them, and the Expert's thinking time per decision.

Each cell is the row player's share of games won against the column player, with its 95%
confidence interval, from ``--games`` games (half as many deals, each played twice with the
seats swapped) under the EAAI challenge's rules by default. The issue's targets against
Simple: Shaper 58%, Defender 62% (and above 52% against the Shaper), Expert 68% (and above
55% against the Defender); they are printed beside the figures.

Run: ``python benchmarks/strength.py --games 2000 --jobs 2`` (the full table took about two
CPU-hours, the four pairs with the Expert most of it); ``--players shaper defender simple``
for a part of it;
``--time`` for the Expert's milliseconds per decision (``--time-jokers`` at the jokers-wild
table); ``--exploit`` also plays the "gin only"
trick of lesson 17 (a Shaper that never knocks) against Simple and against the Defender;
``--save gin_teach/data/strength.json`` keeps every result for the README, lesson 17 and
:func:`gin_teach.tournament.measured_results` (a result replaces the saved one of the same
pair, so the table can be played in parts).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from functools import partial

from gin_teach import Game, Rules, play
from gin_teach.bots import BOTS, ExpertBot, Player, ShaperBot, SimpleBot
from gin_teach.engine.actions import Action
from gin_teach.engine.records import Observation
from gin_teach.tournament import RULES, TournamentResult, cross_table, tournament

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

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


def expert_time(games: int, seed: int, rules: Rules = RULES["eaai"]) -> None:
    """Print the Expert's median and 90th-percentile time per decision against Simple,
    playing under ``rules``."""
    timed = Timed(ExpertBot(seed=seed))
    for game_seed in range(seed, seed + games):
        play(Game(rules, seed=game_seed), [timed, SimpleBot(seed=game_seed)])
    seconds = sorted(timed.seconds)
    print(f"Expert ({timed.player!r}), {len(seconds)} decisions in {games} games "
          f"({rules.name or 'custom'} rules): "
          f"median {1000 * statistics.median(seconds):.0f} ms, "
          f"p90 {1000 * seconds[int(0.9 * len(seconds))]:.0f} ms, "
          f"max {1000 * seconds[-1]:.0f} ms")


def save(path: str, results: Sequence[TournamentResult], command: str) -> None:
    """Merge ``results`` into the JSON file at ``path`` (each replaces the saved result of the
    same two players) and write it whole, so a crash never leaves half a file."""
    saved: list[dict[str, object]] = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as file:
            saved = json.load(file)["results"]
    fresh = {(r.a, r.b): {**r.to_dict(), "command": command} for r in results}
    kept = [item for item in saved if (item["a"], item["b"]) not in fresh]
    data = {"results": kept + list(fresh.values())}
    temporary = f"{path}.partial"
    with open(temporary, "w", encoding="utf-8") as file:
        json.dump(data, file, indent=1)
        file.write("\n")
    os.replace(temporary, path)
    print(f"saved {len(fresh)} results in {os.path.relpath(path, ROOT)}")


def report(results: dict[tuple[str, str], TournamentResult], rules: str) -> None:
    """Print the cross table of the players' ``results`` and how they stand to the targets."""
    table = {pair: r for pair, r in results.items() if pair[0] in BOTS and pair[1] in BOTS}
    if not table:
        return
    print(f"\nrow player's games won against the column player ({rules} rules, "
          "95% intervals)")
    print(cross_table(table.values(), order=list(BOTS)))
    print("\ntargets:")
    for row, column, least in TARGETS:
        if (row, column) in table:
            result = table[row, column]
            verdict = ("met: the whole interval is above" if result.ci95[0] >= least else
                       "rate above, interval not yet" if result.win_rate >= least else "below")
            print(f"  {row} vs {column}: {cell(result)} against {least:.0%}: {verdict}")


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
    parser.add_argument("--save", metavar="PATH",
                        help="merge the results into this JSON file (gin_teach/data/strength.json)")
    parser.add_argument("--show", metavar="PATH",
                        help="play nothing: print the table and targets saved in PATH")
    parser.add_argument("--exploit", action="store_true",
                        help="also play the gin-only trick against Simple and the Defender")
    parser.add_argument("--time", type=int, default=0, metavar="GAMES",
                        help="also time the Expert's decisions over this many games")
    parser.add_argument("--time-jokers", action="store_true",
                        help="time the Expert at the jokers-wild table (Rules.jokers_wild())")
    args = parser.parse_args(argv)
    if args.show:
        with open(args.show, encoding="utf-8") as file:
            saved = [TournamentResult.from_dict(item) for item in json.load(file)["results"]]
        report({(r.a, r.b): r for r in saved}, saved[0].rules if saved else args.rules)
        for r in saved:
            if r.a not in BOTS:
                print(f"  {r.a} vs {r.b}: {cell(r)} of {r.games} games")
        return 0
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
    report(results, args.rules)
    if args.exploit:
        gin_only = partial(ShaperBot, knock_early=0, knock_late=0)
        print("\nthe gin-only trick (a Shaper that never knocks):")
        for opponent in ("simple", "defender"):
            result = tournament(gin_only, opponent, games=args.games, seed=args.seed,
                                rules=args.rules, jobs=args.jobs, names=("gin only", opponent),
                                progress=sys.stderr.isatty())
            results["gin only", opponent] = result
            print(f"  gin only vs {opponent}: {cell(result)} of {result.games} games")
    if args.save:
        save(args.save, list(results.values()),
             "python benchmarks/strength.py " + " ".join(argv or sys.argv[1:]))
    if args.time:
        expert_time(args.time, args.seed,
                    Rules.jokers_wild() if args.time_jokers else RULES["eaai"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
