"""The judge's verdicts on fixed positions, written to ``benchmarks/verdict_pins.json``.

Run it after any change to the judge, the playouts or the opponent model:
``python benchmarks/verdict_pins.py``. The file is committed, so the diff of a change shows
every verdict that moved; ``tests/test_verdict_pins.py`` checks that the code in the tree
gives exactly the file (a sample, to keep the test fast). A position the judge refuses is
pinned with its refusal.

The positions: the lessons' strategy examples and exercise keys (lessons 12, 14, 15, 16, at
the lessons' precision) and 30 positions of the bank as it stood when first pinned (every
25th puzzle, at the coach's precision), stored in the file itself.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from gin_teach.analysis import Knowledge
from gin_teach.errors import GinError
from gin_teach.judge import BANK, COACH, Judgement, judge_discard, judge_draw
from gin_teach.puzzles import load_bank

PINS = Path(__file__).with_name("verdict_pins.json")

EARLY_15 = dict(discard_pile="KD QC JH", opponent_discarded="KD JH", stock_size=28)
LATE_15 = dict(discard_pile="KD QC JH TS 9D 8C 8S 6H KC QS JD 2C 5C AH 4C 6C 3D KH JS 6S 5S AD "
                            "8H", opponent_discarded="KD JH 9D 8S KC JD 5C 4C 3D JS 5S 8H",
               stock_size=8)
LATE_14: dict[str, Any] = dict(
    discard_pile="5D 2H QC 9S 4D AH 3C 5S TC 2C 9H 4H", opponent_took="QH QD",
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
    # The four positions above whose cards did not add up, as the lessons now give them.
    ("lesson 14 cell 7 late, 23 in the pile", "2S 3S 4S 6H 6D 6C 7C 7D 8H JS KD",
     dict(LATE_14, discard_pile="AD AC 2D 3D 9C 9D 4C TS 3H JC KC " + LATE_14["discard_pile"],
          opponent_discarded="AC 3D 9D TS JC " + LATE_14["opponent_discarded"])),
    ("lesson 14 exercise 3, 23 in the pile", "8C 9C TC JC 3C 3H 3D 4H 5H QD TH",
     dict(discard_pile="6S 6D 7D AD 2D 5D 9D AC 2C 5C KC 8S AS 5S KD 4D 7S AH TS 4S 4C 9S 2S",
          opponent_took="JH JS", opponent_holds="JH JS",
          opponent_discarded="6D AD 5D AC 5C AS KD 7S TS 4C 2S", stock_size=8)),
    ("lesson 16 exercise 2, 25 in the pile", "QS QH QC 6S 6H 6C 6D AS 7S TD TH",
     dict(discard_pile="2H 3H 2D 3D KD 3C 9S 4H 9H AD 4D 4C 5D 8C 8H KH 9C KS JS 2S 9D 2C 8D "
                       "5C 3S", opponent_took="TS TC", opponent_holds="TS TC",
          opponent_discarded="3H 3D 3C 4H AD 4C 8H 9C JS 9D 8D 3S", stock_size=6)),
]


def pinned(judged: Judgement) -> list[list[Any]]:
    """A judgement as the pins keep it: each choice's move, verdict, loss and error."""
    return [[o.move, o.verdict, o.loss, o.error] for o in judged.options]


def knowledge_fields(knowledge: Knowledge) -> dict[str, Any]:
    """A Knowledge as the fields that rebuild it (card codes)."""
    fields: dict[str, Any] = {}
    for name in ("discard_pile", "opponent_holds", "opponent_took", "opponent_passed",
                 "opponent_discarded"):
        cards = getattr(knowledge, name)
        if cards:
            fields[name] = " ".join(c.code for c in cards)
    for name in ("stock_size", "knock_limit"):
        if getattr(knowledge, name) is not None:
            fields[name] = getattr(knowledge, name)
    if knowledge.just_taken is not None:
        fields["just_taken"] = knowledge.just_taken.code
    return fields


def pin(position: dict[str, Any]) -> dict[str, Any]:
    """One position's pin: its judgement, or the judge's refusal of it."""
    known = Knowledge(**position["knowledge"])
    precision = BANK if position["precision"] == "bank" else COACH
    entry = dict(position)
    try:
        if position["decision"] == "draw":
            judged = judge_draw(position["hand"], known, precision=precision)
        else:
            judged = judge_discard(position["hand"], known, precision=precision)
    except GinError as error:
        entry["refused"] = str(error)
        return entry
    entry["options"] = pinned(judged)
    return entry


def positions() -> list[dict[str, Any]]:
    """Every pinned position: the lessons' (as the notebooks give them now), then the bank's
    as first pinned (kept in the file, so a bank re-judged does not move the pins)."""
    found = [{"name": name, "decision": "discard", "hand": hand, "knowledge": fields,
              "precision": "bank"} for name, hand, fields in LESSONS]
    if PINS.exists():
        named = {p["name"] for p in found}
        found += [{k: v for k, v in p.items() if k not in ("options", "refused")}
                  for p in json.loads(PINS.read_text(encoding="utf-8"))
                  if p["name"] not in named and "hand" in p]
    else:
        for puzzle in load_bank()[::25]:
            found.append({"name": puzzle.id, "decision": puzzle.kind if puzzle.kind == "draw"
                          else "discard", "hand": " ".join(c.code for c in puzzle.hand),
                          "knowledge": knowledge_fields(puzzle.knowledge),
                          "precision": "coach"})
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
    pins = [pin(position) for position in positions()]
    PINS.write_text(pins_text(pins), encoding="utf-8")
    print(f"{len(pins)} positions pinned in {PINS}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
