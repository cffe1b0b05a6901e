"""The judge's verdicts on fixed positions, written to ``benchmarks/verdict_pins.json``.

Run it after any change to the judge, the playouts or the opponent model:
``python benchmarks/verdict_pins.py``. The file is committed, so the diff of a change shows
every verdict that moved; ``tests/test_verdict_pins.py`` checks that the code in the tree
gives exactly the file (a sample, to keep the test fast). A position the judge refuses is
pinned with its refusal.

The positions: the lessons' strategy examples and exercise keys (lessons 12, 14, 15, 16, at
the lessons' precision) and every 25th puzzle of the bank (at the coach's precision).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from gin_teach.analysis import Knowledge
from gin_teach.errors import GinError
from gin_teach.judge import BANK, COACH, Judgement, Precision, judge_discard, judge_draw
from gin_teach.puzzles import load_bank

PINS = Path(__file__).with_name("verdict_pins.json")

EARLY_15 = dict(discard_pile="KD QC JH", opponent_discarded="KD JH", stock_size=28)
LATE_15 = dict(discard_pile="KD QC JH TS 9D 8C 8S 6H KC QS JD 2C 5C AH 4C 6C 3D KH JS 6S 5S AD "
                            "8H", opponent_discarded="KD JH 9D 8S KC JD 5C 4C 3D JS 5S 8H",
               stock_size=8)
LATE_14 = dict(discard_pile="5D 2H QC 9S 4D AH 3C 5S TC 2C 9H 4H", opponent_took="QH QD",
               opponent_holds="QH QD", opponent_discarded="2H 9S AH 5S 2C 4H", stock_size=8)

#: (name, hand, knowledge fields) of the lessons' judged positions, as the notebooks give them.
LESSONS: list[tuple[str, str, dict[str, Any]]] = [
    ("lesson 12 triangle", "2C 3C 4C 9H 9D 9S 6H 6D 7H KC QS", {}),
    ("lesson 12 exercise 1", "AS 2S 3S 4S KH KD KC 6H 7H 6C 8C", {}),
    ("lesson 12 exercise 2", "AS 2S 3S 6H 6D 6C 8C 8D 2H 2C KD", dict(discard_pile="8H 8S KC")),
    ("lesson 14 cell 7 late", "2S 3S 4S 6H 6D 6C 7C 7D 8H JS KD", LATE_14),
    ("lesson 14 exercise 3", "8C 9C TC JC 3C 3H 3D 4H 5H QD TH",
     dict(discard_pile="8S AS 5S KD 4D 7S AH TS 4S 4C 9S 2S", opponent_took="JH JS",
          opponent_holds="JH JS", opponent_discarded="AS KD 7S TS 4C 2S", stock_size=8)),
    ("lesson 15 low early", "7S 7H 7D 9C TC JC 3H 4H 5H 2S KS", EARLY_15),
    ("lesson 15 high early", "7S 7H 7D 9C TC JC 3H 4H 5H 9S KS", EARLY_15),
    ("lesson 15 high late", "7S 7H 7D 9C TC JC 3H 4H 5H 9S KS", LATE_15),
    ("lesson 15 stuck late", "9C TC JC 2S 2H 2D 3S 3H 3C AC KS", LATE_15),
    ("lesson 15 exercise 4", "9C TC JC 4S 4H 4D 3S 3H 3C AC KS", LATE_15),
    ("lesson 16 exercise 2", "QS QH QC 6S 6H 6C 6D AS 7S TD TH",
     dict(discard_pile="8C 8H KH 9C KS JS 2S 9D 2C 8D 5C 3S", opponent_took="TS TC",
          opponent_holds="TS TC", opponent_discarded="8H 9C JS 9D 8D 3S", stock_size=6)),
]


def pinned(judged: Judgement) -> list[list[Any]]:
    """A judgement as the pins keep it: each choice's move, verdict, loss and error."""
    return [[o.move, o.verdict, o.loss, o.error] for o in judged.options]


def pin(name: str, decision: str, hand: Any, knowledge: Knowledge,
        precision: Precision) -> dict[str, Any]:
    """One position's pin: its judgement, or the judge's refusal of it."""
    try:
        if decision == "draw":
            judged = judge_draw(hand, knowledge, precision=precision)
        else:
            judged = judge_discard(hand, knowledge, precision=precision)
    except GinError as error:
        return {"name": name, "refused": str(error)}
    return {"name": name, "options": pinned(judged)}


def positions() -> list[tuple[str, str, Any, Knowledge, Precision]]:
    """Every pinned position: (name, decision, hand, knowledge, precision)."""
    found: list[tuple[str, str, Any, Knowledge, Precision]] = [
        (name, "discard", hand, Knowledge(**fields), BANK) for name, hand, fields in LESSONS]
    for puzzle in load_bank()[::25]:
        found.append((puzzle.id, "draw" if puzzle.kind == "draw" else "discard",
                      puzzle.hand, puzzle.knowledge, COACH))
    return found


def pins_text(pins: list[dict[str, Any]]) -> str:
    """The pins as JSON with one choice a line, so a diff names each verdict that moved."""
    entries = []
    for entry in pins:
        head = {k: v for k, v in entry.items() if k != "options"}
        if "options" not in entry:
            entries.append(json.dumps(head, ensure_ascii=False))
            continue
        lines = ",\n  ".join(json.dumps(o, ensure_ascii=False) for o in entry["options"])
        entries.append(json.dumps(head, ensure_ascii=False)[:-1] + f', "options": [\n  {lines}]}}')
    return "[\n" + ",\n".join(entries) + "\n]\n"


def main() -> int:
    pins = [pin(*position) for position in positions()]
    PINS.write_text(pins_text(pins), encoding="utf-8")
    print(f"{len(pins)} positions pinned in {PINS}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
