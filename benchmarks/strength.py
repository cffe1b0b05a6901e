"""How strong the course's computer players are: the cross table of duplicate-deal
tournaments between them, the ladder against two outside players, and the time a level
thinks per decision.

Each cell is the row player's share of games won against the column player, with its 95%
confidence interval, from ``--games`` games (half as many deals, each played twice with the
seats swapped) under the EAAI challenge's rules by default. The targets (issue 40's for the
Expert and the Master beside the levels' first ones) are printed beside the figures.

Run: ``python benchmarks/strength.py --games 2000 --jobs 2`` (the five levels' table took
about two CPU-hours, the four pairs with the Expert most of it); ``--players shaper defender
simple`` for a part of it; ``--players expert --against random-thrower low-thrower`` for
levels against the outside throwers (:data:`gin_teach.tournament.LADDER` seats them and the
Master, which thinks a hundred times longer than the Expert: a few hundred games are an
hour); ``--time 20 --time-player master`` for a level's CPU time per decision and per game
(``--time-jokers`` at the jokers-wild table); ``--exploit`` also plays the "gin only" trick
of lesson 17 (a Shaper that never knocks) against Simple and against the Defender;
``--save gin_teach/data/strength.json`` keeps every result for the README, lessons 11 and 17
and :func:`gin_teach.tournament.measured_results` (a result replaces the saved one of the
same pair, so the table can be played in parts); ``--show gin_teach/data/strength.json
--ladder docs/ladder.md`` writes the ladder page and its plot from the saved results.
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
from gin_teach.bots import BOTS, Player, ShaperBot, SimpleBot
from gin_teach.bots.throwers import THROWERS
from gin_teach.engine.actions import Action
from gin_teach.engine.records import Observation
from gin_teach.tournament import (
    LADDER,
    RULES,
    TournamentResult,
    cross_table,
    ladder,
    shares_won,
    tournament,
)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLAYERS = LADDER
#: The ladder's rows: the levels, Random and the outside throwers left out.
LEVELS = [name for name in LADDER if name != "random" and name not in THROWERS]


# (row, column, least win rate) the issues ask for: the first five when the levels were built,
# the rest for a stronger Expert and a Master (issue 40).
TARGETS = [("shaper", "simple", 0.58), ("defender", "simple", 0.62),
           ("defender", "shaper", 0.52), ("expert", "simple", 0.68),
           ("expert", "defender", 0.55),
           ("expert", "defender", 0.60), ("expert", "simple", 0.76),
           ("expert", "random-thrower", 0.80), ("expert", "low-thrower", 0.80),
           ("master", "expert", 0.55),
           ("master", "random-thrower", 0.80), ("master", "low-thrower", 0.80)]


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


def decision_time(name: str, games: int, seed: int, rules: Rules = RULES["eaai"]) -> None:
    """Print the CPU time per decision of the player ``name`` against Simple, playing
    ``games`` games under ``rules``: the median, the 90th and 95th percentiles, the most,
    and the most CPU one game took (the EAAI budget: 30 s a player a game)."""
    player = PLAYERS[name](seed=seed)
    per_game: list[float] = []
    seconds: list[float] = []
    for game_seed in range(seed, seed + games):
        timed = Timed(player)
        play(Game(rules, seed=game_seed), [timed, SimpleBot(seed=game_seed)])
        seconds += timed.seconds
        per_game.append(sum(timed.seconds))
    seconds.sort()
    print(f"{name} ({player!r}), {len(seconds)} decisions in {games} games "
          f"({rules.name or 'custom'} rules): "
          f"median {1000 * statistics.median(seconds):.0f} ms, "
          f"p90 {1000 * seconds[int(0.9 * len(seconds))]:.0f} ms, "
          f"p95 {1000 * seconds[int(0.95 * len(seconds))]:.0f} ms, "
          f"max {1000 * seconds[-1]:.0f} ms; the most in one game {max(per_game):.1f} s")


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
    table = {pair: r for pair, r in results.items()
             if pair[0] in PLAYERS and pair[1] in PLAYERS}
    if not table:
        return
    print(f"\nrow player's games won against the column player ({rules} rules, "
          "95% intervals)")
    print(cross_table(table.values(), order=list(PLAYERS)))
    print("\ntargets:")
    for row, column, least in TARGETS:
        if (row, column) in table:
            result = table[row, column]
            verdict = ("met: the whole interval is above" if result.ci95[0] >= least else
                       "rate above, interval not yet" if result.win_rate >= least else "below")
            print(f"  {row} vs {column}: {cell(result)} against {least:.0%}: {verdict}")


def write_ladder(path: str, results: Sequence[TournamentResult], command: str) -> None:
    """Print the ladder's table (:func:`gin_teach.tournament.ladder`, which the README shows)
    and write its plot (``.svg``, beside ``path``: each level's share of games won against
    each opponent, with the 95% interval) and a Markdown page at ``path`` that shows the plot
    with the seeds, rules and version it was played with. Both files are written whole or
    not at all."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from gin_teach import __version__

    found = shares_won(results)
    seen = {name for pair in found for name in pair}
    levels = [name for name in LEVELS if name in seen]
    opponents = [name for name in PLAYERS if name in seen]
    plot = os.path.splitext(path)[0] + ".svg"
    # Strongest first, as in the table; Random's column (every level wins all) is left out.
    shown, against = list(reversed(levels)), [o for o in opponents if o != "random"]
    figure, axes = plt.subplots(figsize=(8, 0.9 + 0.9 * len(shown)))
    height = 0.8 / max(len(against), 1)
    for j, opponent in enumerate(against):
        ys: list[float] = []
        rates: list[float] = []
        errors: list[list[float]] = [[], []]
        for i, level in enumerate(shown):
            if (level, opponent) not in found:
                continue
            rate, low, high = found[level, opponent]
            ys.append(i + (j - (len(against) - 1) / 2) * height)
            rates.append(100 * rate)
            errors[0].append(100 * (rate - low))
            errors[1].append(100 * (high - rate))
        if ys:
            axes.barh(ys, rates, height=height, xerr=errors, label=opponent, capsize=2)
    axes.axvline(50, color="grey", linewidth=0.8)
    axes.set_yticks(range(len(shown)), shown)
    axes.invert_yaxis()
    axes.set_xlim(0, 100)
    axes.set_xlabel("games won against the opponent (%), 95% interval")
    axes.legend(title="against", fontsize="small", loc="lower right")
    figure.tight_layout()
    partial_plot = plot + ".partial"
    figure.savefig(partial_plot, format="svg")
    plt.close(figure)
    seeds = sorted({r.seed for r in results})
    rules = sorted({r.rules for r in results})
    games = sorted({r.games for r in results})
    lines = [
        "# The ladder: how strong each computer player is",
        "",
        f"Each bar is a level's share of the games it won against one opponent, with its 95% "
        f"interval, from duplicate deals (each deal played twice, seats swapped); "
        f"{', '.join(f'{g:,}' for g in games)} games a pair, seed {', '.join(map(str, seeds))}, "
        f"{', '.join(rules)} rules, gin_teach {__version__}. `random-thrower` and "
        "`low-thrower` are outside opponents built on no part of the judge; Random, which every "
        "level beats in every game, is left out. The table of the same results is on the "
        "front page (the README's computer players). Drawn by:",
        "",
        f"    {command}",
        "",
        f"![The ladder]({os.path.basename(plot)})",
        "",
    ]
    print(ladder(results))
    partial_page = path + ".partial"
    with open(partial_page, "w", encoding="utf-8") as file:
        file.write("\n".join(lines))
    os.replace(partial_plot, plot)
    os.replace(partial_page, path)
    print(f"wrote {os.path.relpath(path, ROOT)} and {os.path.relpath(plot, ROOT)}")


def pairs(players: Sequence[str], against: Sequence[str]) -> list[tuple[str, str]]:
    """The pairs to play, the stronger (later in :data:`PLAYERS`) first: every pair of
    ``players``, or with ``against`` each of ``players`` against each of those.

    >>> pairs(["simple", "expert", "shaper"], [])
    [('shaper', 'simple'), ('expert', 'simple'), ('expert', 'shaper')]
    >>> pairs(["expert"], ["low-thrower", "simple"])
    [('expert', 'low-thrower'), ('expert', 'simple')]
    """
    rank = list(PLAYERS).index
    if against:
        found = [(a, b) for a in players for b in against if a != b]
    else:
        found = list(itertools.combinations(sorted(set(players), key=rank), 2))
    return [(b, a) if rank(a) < rank(b) else (a, b) for a, b in found]


def cell(result: TournamentResult) -> str:
    low, high = result.ci95
    return f"{result.win_rate:5.1%} [{low:.0%}-{high:.0%}]"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pair (even)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="eaai", choices=sorted(RULES))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--players", nargs="+", default=list(BOTS), choices=list(PLAYERS),
                        help="the players whose every pair is played (the outside throwers "
                             "too: random-thrower, low-thrower)")
    parser.add_argument("--against", nargs="+", default=[], choices=list(PLAYERS),
                        help="play each of --players against each of these only")
    parser.add_argument("--expert-games", type=int, default=None,
                        help="games for the pairs with the Expert (default --games)")
    parser.add_argument("--save", metavar="PATH",
                        help="merge the results into this JSON file (gin_teach/data/strength.json)")
    parser.add_argument("--ladder", metavar="PATH",
                        help="write the ladder (Markdown and an .svg plot beside it) from the "
                             "results saved with --save (or read with --show) and these "
                             "(docs/ladder.md)")
    parser.add_argument("--show", metavar="PATH",
                        help="play nothing: print the table and targets saved in PATH")
    parser.add_argument("--exploit", action="store_true",
                        help="also play the gin-only trick against Simple and the Defender")
    parser.add_argument("--time", type=int, default=0, metavar="GAMES",
                        help="also time a player's decisions over this many games")
    parser.add_argument("--time-player", default="expert", choices=list(PLAYERS),
                        help="the player --time times (the Expert by default)")
    parser.add_argument("--time-jokers", action="store_true",
                        help="time the Expert at the jokers-wild table (Rules.jokers_wild())")
    args = parser.parse_args(argv)
    if args.show:
        with open(args.show, encoding="utf-8") as file:
            saved = [TournamentResult.from_dict(item) for item in json.load(file)["results"]]
        report({(r.a, r.b): r for r in saved}, saved[0].rules if saved else args.rules)
        for r in saved:
            if r.a not in PLAYERS:
                print(f"  {r.a} vs {r.b}: {cell(r)} of {r.games} games")
        if args.ladder:
            write_ladder(args.ladder, [r for r in saved if r.a in PLAYERS and r.b in PLAYERS],
                         "python benchmarks/strength.py " + " ".join(argv or sys.argv[1:]))
        return 0
    results: dict[tuple[str, str], TournamentResult] = {}
    for first, second in pairs(args.players, args.against):
        games = args.games
        if "expert" in (first, second) and args.expert_games:
            games = args.expert_games
        start = time.time()
        result = tournament(PLAYERS[first], PLAYERS[second], games=games, seed=args.seed,
                            rules=args.rules, jobs=args.jobs, names=(first, second),
                            progress=sys.stderr.isatty())
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
    command = "python benchmarks/strength.py " + " ".join(argv or sys.argv[1:])
    if args.save:
        save(args.save, list(results.values()), command)
    if args.ladder:
        saved_path = args.save or os.path.join(ROOT, "gin_teach", "data", "strength.json")
        with open(saved_path, encoding="utf-8") as file:
            measured = {(item["a"], item["b"]): TournamentResult.from_dict(item)
                     for item in json.load(file)["results"]}
        measured.update(results)
        write_ladder(args.ladder, [r for pair, r in measured.items()
                                   if pair[0] in PLAYERS and pair[1] in PLAYERS], command)
    if args.time:
        decision_time(args.time_player, args.time, args.seed,
                      Rules.jokers_wild() if args.time_jokers else RULES["eaai"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
