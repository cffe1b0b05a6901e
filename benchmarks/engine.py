"""How fast the game engine plays: rounds and whole games per second, median of five runs.

Every move goes through the public API a widget or a simulation uses: ``observation(player)``,
``legal_actions()``, the bot's ``choose``, ``apply``. Workloads:

- rounds of RandomBot against RandomBot (the usual engine benchmark: random play mostly runs
  the stock down to a dead hand, about 57 turns a round);
- rounds of GreedyBot against GreedyBot and SimpleBot against SimpleBot (shorter rounds that
  end in knocks, with a meld search per decision);
- whole games to 100 of GreedyBot against GreedyBot;
- ``Game.clone()`` of a game in its eighth round (what "try a move on a copy" costs).

When ``rlcard`` or ``open_spiel`` is installed (``pip install -e ".[benchmarks]"``) the same
random-against-random rounds are played in their engines and the ratios printed. The issue
that asked for this benchmark quotes, for this kind of machine, about 530 random rounds/s
for OpenSpiel's C++ engine driven from Python and about 130 for RLCard; the target here is
600 in pure Python.

Run: ``python benchmarks/engine.py``  (``--rounds N --games N`` for a quicker look).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from collections.abc import Callable

from gin_teach import Game, GreedyBot, RandomBot, Round, Rules, SimpleBot, play
from gin_teach.bots import Player

# Published random-against-random figures quoted in issue 3 (rounds per second).
REFERENCE = {"OpenSpiel (C++)": 530, "RLCard (Python)": 130}
TARGET = 600


def median_rate(work: Callable[[int], int], count: int, runs: int) -> tuple[float, int]:
    """Median items per second of ``work(count)`` over ``runs`` runs, and what the last run
    returned (a checksum that shows every run did the same work)."""
    rates = []
    check = 0
    for _ in range(runs):
        start = time.perf_counter()
        check = work(count)
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates), check


def rounds_of(make: Callable[[int], tuple[Player, Player]]) -> Callable[[int], int]:
    def work(count: int) -> int:
        turns = 0
        for seed in range(count):
            rnd = play(Round(seed, dealer=seed & 1), make(seed))
            turns += rnd.turns
        return turns
    return work


def games_of(make: Callable[[int], tuple[Player, Player]]) -> Callable[[int], int]:
    def work(count: int) -> int:
        rounds = 0
        for seed in range(count):
            rounds += len(play(Game(seed=seed), make(seed)).rounds)
        return rounds
    return work


def clones_of_a_game_in_progress() -> Callable[[int], int]:
    game = Game(seed=6, rules=Rules(target=1000))
    bots = (GreedyBot(), GreedyBot())
    while len(game.rounds) < 8:
        player = game.current_player
        game.apply(bots[player].choose(game.observation(player), game.legal_actions()))

    def work(count: int) -> int:
        rounds = 0
        for _ in range(count):
            rounds += len(game.clone().rounds)
        return rounds
    return work


def open_spiel_random_rounds(count: int) -> int:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(0)
    moves = 0
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
    return moves


def rlcard_random_rounds(count: int) -> int:
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("gin-rummy", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(2)])
    moves = 0
    for _ in range(count):
        trajectories, _ = env.run(is_training=False)
        # A trajectory alternates states and actions and ends with a state.
        moves += sum(len(t) // 2 for t in trajectories)
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    print(f"gin_teach engine, pure Python, one core; median of {args.runs} runs")
    workloads: list[tuple[str, Callable[[int], int], int, str]] = [
        ("random vs random rounds", rounds_of(lambda s: (RandomBot(s), RandomBot(s + 1))),
         args.rounds, "turns"),
        ("greedy vs greedy rounds", rounds_of(lambda s: (GreedyBot(), GreedyBot())),
         args.rounds, "turns"),
        ("simple vs simple rounds", rounds_of(lambda s: (SimpleBot(s), SimpleBot(s + 1))),
         args.rounds, "turns"),
        ("greedy vs greedy games", games_of(lambda s: (GreedyBot(), GreedyBot())),
         args.games, "rounds"),
        ("game clones", clones_of_a_game_in_progress(), args.rounds * 5, "rounds"),
    ]
    random_rate = 0.0
    for name, work, count, unit in workloads:
        per_second, check = median_rate(work, count, args.runs)
        note = f"{check / count:.1f} {unit} each"
        if name.startswith("random"):
            random_rate = per_second
            note += f"; target {TARGET}: {'met' if per_second >= TARGET else 'NOT met'}"
        print(f"{name:<26}{per_second:>9,.0f}/s   {note}")

    print()
    others = {"OpenSpiel (C++)": ("pyspiel", open_spiel_random_rounds),
              "RLCard (Python)": ("rlcard", rlcard_random_rounds)}
    for label, (module, work) in others.items():
        published = REFERENCE[label]
        if importlib.util.find_spec(module) is None:
            print(f"{label}: not installed; published random rounds/s here: about {published} "
                  f"(gin_teach is {random_rate / published:.1f}x that)")
            continue
        count = max(args.rounds // 10, 20)
        theirs, moves = median_rate(work, count, 3)
        print(f"{label} random vs random rounds {theirs:>9,.0f}/s ({moves / count:.0f} moves "
              f"each); gin_teach is {random_rate / theirs:.1f}x; published about {published}")


if __name__ == "__main__":
    main()
