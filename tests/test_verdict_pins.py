"""The judge's verdicts on fixed positions are the ones ``benchmarks/verdict_pins.json`` pins:
a change that moves a verdict must write the pins again (``python
benchmarks/verdict_pins.py``), so the move shows in the diff. A sample is checked here: every
lesson position and every fifth bank position."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

PINS = Path(__file__).resolve().parent.parent / "benchmarks" / "verdict_pins.py"
_spec = importlib.util.spec_from_file_location("verdict_pins", PINS)
assert _spec is not None and _spec.loader is not None
verdict_pins = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(verdict_pins)

PINNED = json.loads(verdict_pins.PINS.read_text(encoding="utf-8"))
SAMPLE = [p for p in PINNED if p["name"].startswith("lesson")] + [
    p for p in PINNED if not p["name"].startswith("lesson")][::5]


def test_the_pins_hold_every_lesson_position_and_thirty_of_the_bank():
    lessons = {name for name, _, _ in verdict_pins.LESSONS}
    assert lessons <= {p["name"] for p in PINNED}
    assert sum(not p["name"].startswith("lesson") for p in PINNED) == 30


@pytest.mark.parametrize("pinned", SAMPLE, ids=[p["name"] for p in SAMPLE])
def test_the_judge_gives_the_pinned_verdicts(pinned):
    position = {k: v for k, v in pinned.items() if k not in ("options", "refused")}
    assert verdict_pins.pin(position) == pinned
