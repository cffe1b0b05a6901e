"""Whether the Expert's early stopping costs it any judgement, and what it saves.

Real decisions are gathered from seeded games of the Expert against the Defender under the
EAAI rules (the Expert's seat, draw and discard decisions). Each is then decided three
ways: by the Expert as it plays (looking at the scores every ``batch`` deals and stopping
early), by the same Expert spending its whole budget before it looks (``batch=0``, the
original algorithm), and by a reference, the original algorithm with a much larger budget
and other imagined deals. The script prints how often each agrees with the reference, over
all decisions and over the contested ones (where any of the three plays anything out), the
CPU milliseconds per decision, median and 90th percentile, and in how many decisions the
first two choose differently.

Run: ``python benchmarks/expert_agreement.py --games 4 --reference 2000`` (a few minutes).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from gin_teach import Game, play
from gin_teach.bots import DefenderBot, ExpertBot, Player
from gin_teach.engine.actions import Action
from gin_teach.engine.records import Observation
from gin_teach.tournament import RULES


@dataclass(frozen=True)
class Position:
    """A decision the Expert faced in a game."""

    observation: Observation
    legal_actions: tuple[Action, ...]


class Recorder:
    """A player that plays as ``player`` and keeps every draw and discard decision with
    more than one legal move."""

    def __init__(self, player: ExpertBot) -> None:
        self.player = player
        self.positions: list[Position] = []

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if observation.phase != "layoff" and len(legal_actions) > 1:
            self.positions.append(Position(observation, tuple(legal_actions)))
        return self.player.choose(observation, legal_actions)


def positions(games: int, seed: int) -> list[Position]:
    """The Expert's decisions in ``games`` seeded games against the Defender, seats
    alternating."""
    found: list[Position] = []
    for game_seed in range(seed, seed + games):
        recorder = Recorder(ExpertBot(seed=game_seed))
        defender = DefenderBot(seed=game_seed)
        seats: list[Player] = [recorder, defender] if game_seed % 2 else [defender, recorder]
        play(Game(RULES["eaai"], seed=game_seed), seats)
        found += recorder.positions
    return found


@dataclass
class Decider:
    """One way of deciding (an Expert with these settings, seeded by the position's index
    plus ``seed_offset``): its moves, CPU seconds and imagined deals per decision."""

    name: str
    settings: dict[str, int]
    seed_offset: int = 0

    def __post_init__(self) -> None:
        self.moves: list[str] = []
        self.seconds: list[float] = []
        self.deals: list[int] = []

    def decide(self, index: int, position: Position) -> None:
        bot = ExpertBot(seed=index + self.seed_offset, **self.settings)
        start = time.process_time()
        move = bot.choose(position.observation, position.legal_actions)
        self.seconds.append(time.process_time() - start)
        self.moves.append(str(move))
        self.deals.append(bot.deals_played)


def summary(decider: Decider, reference: Decider, chosen: Sequence[int]) -> str:
    agree = sum(decider.moves[i] == reference.moves[i] for i in chosen)
    seconds = sorted(decider.seconds[i] for i in chosen)
    return (f"{decider.name:<28} agrees {agree:4d}/{len(chosen)} ({agree / len(chosen):6.1%}), "
            f"CPU per decision median {1000 * statistics.median(seconds):5.1f} ms, "
            f"p90 {1000 * seconds[int(0.9 * len(seconds))]:5.1f} ms, "
            f"{sum(decider.deals[i] for i in chosen) / len(chosen):5.1f} deals")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games to gather decisions from")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playouts", type=int, default=240, help="the Expert's budget")
    parser.add_argument("--reference", type=int, default=2000, help="the reference's budget")
    args = parser.parse_args(argv)
    found = positions(args.games, args.seed)
    deciders = [
        Decider("early stopping (as played)", {"playouts": args.playouts}),
        Decider("whole budget (batch=0)", {"playouts": args.playouts, "batch": 0}),
    ]
    reference = Decider(f"reference ({args.reference} playouts)",
                        {"playouts": args.reference, "batch": 0}, seed_offset=10**6)
    for index, position in enumerate(found):
        for decider in [*deciders, reference]:
            decider.decide(index, position)
    contested = [i for i in range(len(found))
                 if any(d.deals[i] for d in [*deciders, reference])]
    everything = list(range(len(found)))
    print(f"{len(found)} decisions from {args.games} games (Expert vs Defender, eaai rules, "
          f"seed {args.seed}), {len(contested)} contested")
    for label, chosen in (("all decisions", everything), ("contested decisions", contested)):
        print(f"\n{label}:")
        for decider in deciders:
            print("  " + summary(decider, reference, chosen))
    early, whole = deciders
    differ = [i for i in everything if early.moves[i] != whole.moves[i]]
    print(f"\nearly stopping and the whole budget (the same seed, so the same first deals) "
          f"choose differently in {len(differ)} of {len(found)} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
