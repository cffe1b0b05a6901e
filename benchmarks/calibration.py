"""Is the judge's imagined opponent the one at the table? Stated chances against what happened.

Plays hands between the package's players and two outside throwers (players built on no part
of the judge, :mod:`gin_teach.bots.throwers`), and at every decision where the player to
discard may knock, asks the judge (on 64 common deals) two things and compares them with
the hand itself:

- **undercut**: the judge's chance that the knock (with the card leaving the least
  deadwood) is undercut, against whether it is undercut by the opponent's real hand (settled
  with the real lay-offs: a knock not made is settled all the same, since the hand is known);
- **down first**: the judge's chance that, playing on (its best throw without a knock), the
  opponent goes down before the player, against what happened, where the player played on.

It prints, per opponent (the player whose hand is hidden) and stock stage (early 20+, middle
10-19, late under 10), the cases, the mean stated chance, the real rate and their
difference, and the Brier score of the stated chances beside that of a constant rate (the
real rate over every case).

    python benchmarks/calibration.py --hands 4000 --seed 4 --jobs 2

The recorded cases (views, the real hands) are pickled with ``--save FILE``; ``--load FILE``
re-reads them, so the judge can be recalibrated on the same cases without playing again.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from gin_teach import Round, Rules, settle
from gin_teach.analysis import Knowledge
from gin_teach.bots import BOTS
from gin_teach.bots.throwers import THROWERS
from gin_teach.core.cards import cards_from_mask
from gin_teach.core.kernel import deadwood_of_mask
from gin_teach.engine.actions import Knock
from gin_teach.judge import Precision, judge_discard

PLAYERS = {**BOTS, **THROWERS}
#: Every choice on the same 64 deals: a stated chance is a mean over hundreds of cases, so
#: each case needs no more (the coach's precision would cost six times as much).
MEASURE = Precision(first=64, most=64, batch=64, error=0.0)
#: The pairings played: the Expert against every style, the Shaper against the throwers.
PAIRINGS = [("expert", name) for name in ("simple", "shaper", "defender", "expert",
                                          "random-thrower", "low-thrower")]


@dataclass(frozen=True)
class Case:
    """One decision where a knock was allowed."""

    opponent: str
    stock: int
    hand: int
    knowledge: Knowledge
    kept: int
    undercut: bool
    played_on: bool
    opponent_first: bool


def stage(stock: int) -> str:
    return "early" if stock >= 20 else "middle" if stock >= 10 else "late"


def play_round(seed: int, names: tuple[str, str]) -> list[Case]:
    """One round of ``names[0]`` against ``names[1]``; every knock decision of either."""
    rules = Rules.modern()
    players = [PLAYERS[name](seed=seed * 2 + i) for i, name in enumerate(names)]
    rnd = Round(seed=seed, rules=rules, dealer=seed % 2)
    pending: list[tuple[int, dict[str, object]]] = []
    while not rnd.is_over:
        mover = rnd.current_player
        legal = rnd.legal_actions()
        obs = rnd.observation(mover)
        action = players[mover].choose(obs, legal)
        knocks = [a for a in legal if type(a) is Knock]
        if knocks:
            hand = obs.hand_mask
            card = min(knocks, key=lambda a: deadwood_of_mask(hand ^ a.card.bit)).card
            kept = hand ^ card.bit
            result = settle(cards_from_mask(kept), tuple(rnd.hand(1 - mover)), rules)
            pending.append((mover, dict(
                opponent=names[1 - mover], stock=obs.stock_size, hand=hand,
                knowledge=Knowledge.from_observation(obs), kept=kept,
                undercut=result.outcome == "undercut", played_on=type(action) is not Knock)))
        rnd.apply(action)
    cases = []
    for mover, fields in pending:
        fields["opponent_first"] = rnd.knocker == 1 - mover
        cases.append(Case(**fields))  # type: ignore[arg-type]
    return cases


def record(hands: int, seed: int, jobs: int) -> list[Case]:
    """``hands`` rounds, shared among the pairings, every knock decision of both sides."""
    work = [(seed * 100_000 + i, PAIRINGS[i % len(PAIRINGS)]) for i in range(hands)]
    with ProcessPoolExecutor(jobs) as pool:
        return [c for found in pool.map(_play, work, chunksize=20) for c in found]


def _play(item: tuple[int, tuple[str, str]]) -> list[Case]:
    return play_round(*item)


#: The judge's style for each opponent (:data:`~gin_teach.playouts.playout.STYLES`), as the coach at
#: a table knows which computer player it faces: the Shaper, which waits for a low count, is
#: the judge's own style.
STYLE_OF = {"simple": "simple", "random-thrower": "random", "low-thrower": "lowest",
            "expert": "expert", "defender": "defender"}


def judged(case: Case, told: bool) -> tuple[float, float | None]:
    """The judge's stated undercut chance of the knock and, playing on, its chance of the
    opponent going down first; ``told``: the judge is told the opponent's style."""
    style = STYLE_OF.get(case.opponent, "judge") if told else "judge"
    judgement = judge_discard(cards_from_mask(case.hand), case.knowledge, precision=MEASURE,
                              opponent=style)
    knock = next(o for o in judgement.options if o.knock and o.card is not None
                 and (case.hand ^ o.card.bit) == case.kept)
    on = next((o for o in judgement.options if not o.knock), None)
    assert knock.undercut is not None
    return knock.undercut, (on.opponent_first if on is not None else None)


def _judged(item: tuple[Case, bool]) -> tuple[float, float | None]:
    return judged(*item)


def brier(pairs: Sequence[tuple[float, bool]]) -> tuple[float, float]:
    """The Brier score of stated chances against outcomes, and a constant rate's."""
    if not pairs:
        return float("nan"), float("nan")
    rate = sum(o for _, o in pairs) / len(pairs)
    return (sum((p - o) ** 2 for p, o in pairs) / len(pairs),
            sum((rate - o) ** 2 for _, o in pairs) / len(pairs))


def table(title: str, rows: dict[tuple[str, str], list[tuple[float, bool]]]) -> None:
    print(f"\n{title}")
    print(f"{'opponent':<16}{'stage':<8}{'cases':>6}{'stated':>8}{'real':>7}{'diff':>7}")
    every: list[tuple[float, bool]] = []
    for opponent in PLAYERS:
        for name in ("early", "middle", "late"):
            pairs = rows.get((opponent, name), [])
            if not pairs:
                continue
            every += pairs
            stated = 100 * sum(p for p, _ in pairs) / len(pairs)
            real = 100 * sum(o for _, o in pairs) / len(pairs)
            print(f"{opponent:<16}{name:<8}{len(pairs):>6}{stated:>7.1f}%{real:>6.1f}%"
                  f"{stated - real:>+7.1f}")
    score, constant = brier(every)
    print(f"Brier score {score:.4f} over {len(every)} cases; a constant rate: {constant:.4f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--save", default=None)
    parser.add_argument("--load", default=None)
    parser.add_argument("--both", action="store_true",
                        help="also print the main model's table for every opponent")
    args = parser.parse_args(argv)
    start = time.process_time()
    if args.load:
        with open(args.load, "rb") as file:
            cases = pickle.load(file)
    else:
        cases = record(args.hands, args.seed, args.jobs)
        if args.save:
            with open(args.save, "wb") as file:
                pickle.dump(cases, file)
    source = f"read from {args.load}" if args.load else \
        f"from {args.hands} hands (seed {args.seed})"
    print(f"{len(cases)} knock decisions {source}; pairings "
          + ", ".join(f"{a}-{b}" for a, b in PAIRINGS), file=sys.stderr)
    for told in (True, False):
        with ProcessPoolExecutor(args.jobs) as pool:
            stated = list(pool.map(_judged, [(c, told) for c in cases], chunksize=8))
        undercuts: dict[tuple[str, str], list[tuple[float, bool]]] = defaultdict(list)
        firsts: dict[tuple[str, str], list[tuple[float, bool]]] = defaultdict(list)
        for case, (undercut, first) in zip(cases, stated, strict=True):
            key = (case.opponent, stage(case.stock))
            undercuts[key].append((undercut, case.undercut))
            if case.played_on and first is not None:
                firsts[key].append((first, case.opponent_first))
        model = ("told the opponent's style (as the coach at a table is)" if told
                 else "the main model, the judge's own style, for every opponent")
        print(f"\n## The judge {model}")
        table("Undercut: the judge's chance that the knock is undercut, against the real hand",
              undercuts)
        table("Down first: the judge's chance that the opponent goes down first when playing "
              "on, against what happened", firsts)
        if not args.both:
            break
    print(f"\n{time.process_time() - start:.0f} s of CPU in this process", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
