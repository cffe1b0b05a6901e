"""Build the game-odds tables (the chance of winning the game by score, per preset) and check
them against whole games.

1. Hands: seeded hands between two of the package's players (the Defender against itself
   by default), one sample per play of the game (the knock limit 10 table, Oklahoma, jokers
   wild; the bonus presets share the first: a hand's counts are scored under each one's
   bonuses). Each hand's ending is kept as a :class:`gin_teach.analysis.game_odds.HandRecord`.
2. Tables: :class:`gin_teach.analysis.game_odds.GameOdds` works out every preset's table exactly
   from those hands (a dynamic programme over the scores, not a simulation of games).
3. Calibration: games played to the end from a few scores, with deals and players' seeds
   apart from the hands the tables came from: the table's chance of winning against how
   often the game was won, each with its 95% margin, and a z-score over all of them.

Run: ``python benchmarks/game_odds.py --save gin_teach/data/game_odds.json`` (about five
minutes of CPU on one core: 195 s for the 14,500 hands, 97 s for the 1,500 calibration games,
0.3 s for the tables); ``--hands``, ``--oklahoma-hands``, ``--jokers-hands`` and ``--games``
set the sizes (``--games 1`` all but skips the check), ``--players shaper`` another player.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter

from gin_teach import Round, Rules, __version__
from gin_teach.analysis.game_odds import (
    PRESETS,
    GameOdds,
    HandOdds,
    HandRecord,
    odds_document,
    play_of,
    write_odds,
)
from gin_teach.bots import BOTS, SeededBot, play

SAMPLES: dict[str, Rules] = {
    "standard": Rules.modern(),
    "oklahoma": Rules(oklahoma=True),
    "jokers wild": Rules.jokers_wild(),
}
"""The rules each sample of hands is played under; every preset's play is one of these."""

# (preset, my score, their score, my deal): the scores the calibration games start from.
STARTS: list[tuple[str, int, int, bool]] = [
    ("modern", 0, 0, True), ("modern", 0, 0, False), ("modern", 50, 20, False),
    ("modern", 20, 50, True), ("modern", 80, 60, True), ("modern", 97, 77, False),
    ("classic", 40, 60, False), ("norwegian", 70, 30, True),
    ("oklahoma", 0, 0, True), ("jokers wild", 60, 60, False),
]


def players(name: str, seed: int) -> tuple[SeededBot, SeededBot]:
    return BOTS[name](seed=seed), BOTS[name](seed=seed + 1)


def sample_hands(rules: Rules, hands: int, seed: int, name: str) -> Counter[HandRecord]:
    """Play ``hands`` hands, each player dealing half of them, and count their endings."""
    rng = random.Random(seed)
    pair = players(name, rng.getrandbits(32))
    records: Counter[HandRecord] = Counter()
    for i in range(hands):
        dealer = i % 2
        rnd = play(Round(rng.getrandbits(63), dealer=dealer, rules=rules), pair)
        record = HandRecord.of_round(rnd)
        result = rnd.result
        assert result is not None
        # The record must score the hand exactly as the engine did, or every table is off.
        expected = (None if result.winner is None else result.winner == dealer, result.points)
        assert record.score(rules) == expected, (record, result)
        records[record] += 1
    return records


def play_from(rules: Rules, mine: int, theirs: int, my_deal: bool, games: int, seed: int,
              name: str) -> int:
    """Games won by player 0 from ``mine``-``theirs`` (player 0 dealing the first hand
    when ``my_deal``), played to the target by the round engine's rules of dealing."""
    rng = random.Random(seed)
    pair = players(name, rng.getrandbits(32))
    won = 0
    for _ in range(games):
        scores = [mine, theirs]
        dealer = 0 if my_deal else 1
        while max(scores) < rules.target:
            rnd = play(Round(rng.getrandbits(63), dealer=dealer, rules=rules,
                             scores=(scores[0], scores[1])), pair)
            result = rnd.result
            assert result is not None
            if result.winner is not None:
                scores[result.winner] += result.points
                dealer = result.winner
        won += scores[0] >= rules.target
    return won


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="defender", choices=sorted(BOTS))
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--hands", type=int, default=10_000,
                        help="hands of the knock-limit-10 sample (the bonus presets)")
    parser.add_argument("--oklahoma-hands", type=int, default=3_000)
    parser.add_argument("--jokers-hands", type=int, default=1_500)
    parser.add_argument("--games", type=int, default=150,
                        help="calibration games from each starting score")
    parser.add_argument("--save", metavar="PATH", help="write the odds file here")
    args = parser.parse_args(argv)
    sizes = {"standard": args.hands, "oklahoma": args.oklahoma_hands,
             "jokers wild": args.jokers_hands}
    command = "python benchmarks/game_odds.py " + " ".join(sys.argv[1:] if argv is None
                                                           else argv)
    print(f"gin_teach {__version__}: game odds from {args.players} against {args.players}, "
          f"seed {args.seed}")
    started = time.process_time()
    samples: dict[str, tuple[Rules, Counter[HandRecord]]] = {}
    for index, (sample, rules) in enumerate(SAMPLES.items()):
        clock = time.process_time()
        records = sample_hands(rules, sizes[sample], args.seed * 100 + index, args.players)
        samples[sample] = (rules, records)
        hand = HandOdds.from_records(records, rules)
        endings: Counter[str] = Counter()
        for record, count in records.items():
            endings[record.ending] += count
        mix = ", ".join(f"{ending} {count / hand.hands:.1%}"
                        for ending, count in sorted(endings.items()))
        print(f"  sample {sample!r}: {hand.hands:,} hands ({rules.describe()}) in "
              f"{time.process_time() - clock:.0f} s CPU; {mix}; the non-dealer wins "
              f"{hand.nondealer_edge:+.1%} of hands more than the dealer")
    sampling = time.process_time() - started

    clock = time.process_time()
    tables: dict[str, tuple[str, GameOdds]] = {}
    for preset, rules in PRESETS.items():
        sample = next(name for name, (played, _) in samples.items()
                      if play_of(played) == play_of(rules))
        odds = GameOdds(HandOdds.from_records(samples[sample][1], rules), rules)
        tables[preset] = (sample, odds)
        print(f"  {preset:<22} ({rules.describe()}):\n"
              f"    win chance at 0-0 {odds.win_chance(0, 0, my_deal=True):.1%} dealing, "
              f"{odds.win_chance(0, 0, my_deal=False):.1%} not; at 97-77 "
              f"{odds.win_chance(97, 77):.1%}; at 90-90 dealing "
              f"{odds.win_chance(90, 90, my_deal=True):.1%}; "
              f"game value at 0-0 {odds.game_value(0, 0, my_deal=True):+.1f} dealing")
    solving = time.process_time() - clock
    cells = sum(odds.rules.target ** 2 for _, odds in tables.values())
    print(f"tables: {len(tables)} presets, {cells:,} scores in all (each target x target, "
          f"for the dealer; the other seat reads the same cell); sampling {sampling:.0f} s, "
          f"solving {solving:.1f} s CPU")

    clock = time.process_time()
    print(f"calibration: {args.games} games from each score, deals and seeds apart from "
          f"the sample's")
    z_sum = 0.0
    brier = base = 0.0
    for index, (preset, mine, theirs, my_deal) in enumerate(STARTS):
        rules = PRESETS[preset]
        odds = tables[preset][1]
        predicted = odds.win_chance(mine, theirs, my_deal=my_deal)
        won = play_from(rules, mine, theirs, my_deal, args.games,
                        args.seed * 1000 + 500 + index, args.players)
        real = won / args.games
        spread = math.sqrt(max(predicted * (1 - predicted), 1e-9) / args.games)
        z = (real - predicted) / spread
        z_sum += z * z
        brier += (won * (1 - predicted) ** 2 + (args.games - won) * predicted ** 2)
        base += args.games * 0.25
        print(f"  {preset:<12} {mine:>2}-{theirs:<2} {'dealing' if my_deal else 'not dealing':<11}"
              f" table {predicted:6.1%}  games {real:6.1%} ± {1.96 * spread:.1%}  (z {z:+.2f})")
    games = args.games * len(STARTS)
    print(f"  over {len(STARTS)} scores: chi-square {z_sum:.1f} on {len(STARTS)} degrees "
          f"(about {len(STARTS)} ± {math.sqrt(2 * len(STARTS)):.1f} when the table is right); "
          f"Brier {brier / games:.4f} against {base / games:.4f} for a coin "
          f"({time.process_time() - clock:.0f} s CPU)")
    total = time.process_time() - started
    print(f"total {total:.0f} s CPU")
    if args.save:
        built = {"command": command, "package_version": __version__, "players": args.players,
                 "seed": args.seed, "hands": {name: sum(rec.values())
                                              for name, (_, rec) in samples.items()},
                 "cpu_seconds": round(sampling + solving)}
        write_odds(args.save, odds_document(samples, tables, built))
        print(f"saved {args.save}")


if __name__ == "__main__":
    main()
