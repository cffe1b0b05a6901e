"""How long the judge takes to grade a move, as a learner meets it: the trainer's and the
coach's grade is one call of the judge on the position (a discard of 11 cards, or a draw).

Collects the decisions of seeded games between the computer players (EAAI rules as the
table plays them, and ``--jokers`` for the jokers-wild table), judges each position once at
the coach's precision, and prints the CPU time per grade (median, p95, max) on one core,
with the share of options still in doubt when the budget ran out.

Run: ``python benchmarks/judge.py``  (``--games N``, ``--jokers``).
"""

from __future__ import annotations

import argparse
import statistics
import time

from gin_teach import Round, Rules
from gin_teach.analysis import Knowledge
from gin_teach.bots import BOTS
from gin_teach.judge import COACH, judge_discard, judge_draw


def positions(games: int, rules: Rules) -> list[tuple[str, Round]]:
    """The decisions of ``games`` seeded rounds between the Shaper and Simple, as
    (kind, round before the move)."""
    found: list[tuple[str, Round]] = []
    for seed in range(games):
        rnd = Round(seed=seed, rules=rules)
        players = [BOTS["shaper"](seed=seed), BOTS["simple"](seed=seed + 1)]
        while not rnd.is_over:
            mover = rnd.current_player
            legal = rnd.legal_actions()
            if rnd.phase in ("upcard_nondealer", "upcard_dealer", "draw") and len(legal) > 1:
                found.append(("draw", rnd.clone()))
            elif rnd.phase == "discard":
                found.append(("discard", rnd.clone()))
            rnd.apply(players[mover].choose(rnd.observation(mover), legal))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--jokers", action="store_true")
    args = parser.parse_args()
    rules = Rules.jokers_wild() if args.jokers else Rules.modern()
    times: dict[str, list[float]] = {"draw": [], "discard": []}
    capped = 0
    for kind, rnd in positions(args.games, rules):
        player = rnd.current_player
        knowledge = Knowledge.from_observation(rnd.observation(player))
        started = time.process_time()
        if kind == "draw":
            refuse = "draw" if rnd.phase == "draw" else "pass"
            judged = judge_draw(rnd.hand(player), knowledge, rules, refuse=refuse)
        else:
            judged = judge_discard(rnd.hand(player), knowledge, rules)
        times[kind].append(time.process_time() - started)
        capped += sum(o.deals >= COACH.most and o.error > COACH.error for o in judged.options)
    every = sorted(times["draw"] + times["discard"])
    print(f"rules: {'jokers wild' if args.jokers else 'modern'}; {len(every)} grades "
          f"({len(times['discard'])} discards, {len(times['draw'])} draws)")
    for name, values in (("discard", times["discard"]), ("draw", times["draw"]),
                         ("all", every)):
        ordered = sorted(values)
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        print(f"{name:8} median {1000 * statistics.median(ordered):6.0f} ms   "
              f"p95 {1000 * p95:6.0f} ms   max {1000 * ordered[-1]:6.0f} ms of CPU")
    print(f"options still above the wanted error when the budget ran out: {capped}")


if __name__ == "__main__":
    main()
