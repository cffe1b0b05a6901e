"""Issue 45's judge cases: a preset's name is rules to the judge as to every other entry point
(T4-8), and a judgement in batches of one deal costs what its deals cost (T4-10)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest

from gin_teach import judge
from gin_teach.analysis import Knowledge
from gin_teach.core.cards import Card
from gin_teach.core.rules import Rules
from gin_teach.errors import RulesError
from gin_teach.judge import (
    Precision,
    breaks_meld,
    forget,
    judge_discard,
    judge_draw,
    table_view,
)

ELEVEN = "AS 2S 3S 5H 6H 7H 9D TD JD 2C KH"
TEN = "7S 7H 9C TC 3H 4H 5H 2D KS QS"


@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_the_judge_takes_a_presets_name_as_its_rules(name: str) -> None:
    # T4-8: judge_discard(hand, Knowledge(), "modern") said "rules must be a Rules object or a
    # preset's name, got 'modern'": refused what the message asks for.
    rules = Rules.presets()[name]
    knowledge = Knowledge(stock_size=28)
    assert judge_discard(ELEVEN, knowledge, name, seed=3) == judge_discard(
        ELEVEN, knowledge, rules, seed=3)
    pile = Knowledge(discard_pile="8D 7D")
    assert judge_draw(TEN, pile, name, seed=3) == judge_draw(TEN, pile, rules, seed=3)
    assert table_view(TEN, pile, name) == table_view(TEN, pile, rules)
    card = judge_discard(ELEVEN, knowledge, rules, seed=3).best.card
    assert card is not None
    assert breaks_meld(ELEVEN, card, name) == breaks_meld(ELEVEN, card, rules)


@pytest.mark.parametrize("call", [
    lambda: judge_discard(ELEVEN, Knowledge(), "moderne"),
    lambda: judge_draw(TEN, Knowledge(discard_pile="8D"), "moderne"),
    lambda: table_view(TEN, Knowledge(), "moderne"),
    lambda: breaks_meld(ELEVEN, Card.parse("KH"), "moderne"),
])
def test_a_name_that_is_no_preset_is_a_rules_error_quoting_it(call: Callable[[], object]) -> None:
    with pytest.raises(RulesError, match="preset's name, got 'moderne'"):
        call()


def _lines_run_in_the_judge(most: int) -> tuple[int, int]:
    """The lines of gin_teach/judge.py run by one judgement in batches of one deal, up to
    ``most`` deals, and the most deals any choice got. Lines, not seconds: the count is the
    same on any machine (benchmarks/judge_batches.py prints the time)."""
    forget()
    lines = 0
    here = judge.__file__

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal lines
        if event == "line":
            lines += 1
        return local

    def calls(frame: FrameType, event: str, arg: Any) -> Any:
        return local if frame.f_code.co_filename == here else None

    # Near ties (several junk cards of like value) keep choices in doubt to the last deal.
    precision = Precision(first=1, most=most, batch=1, error=0.0)
    sys.settrace(calls)
    try:
        judged = judge_discard("AS 2S 5H 6H 9D TD KC QH 3C 8S JD", Knowledge(stock_size=28),
                               precision=precision, seed=5)
    finally:
        sys.settrace(None)
        forget()
    return lines, max(option.deals for option in judged.options)


def test_a_judgement_in_batches_of_one_deal_grows_linearly_with_its_deals() -> None:
    # T4-10: each batch paired every deal so far again, so twice the deals cost four times
    # the work (8,000 deals took 67 s of CPU, one batch of 2,000 1.8 s). Measured: 3.5 times
    # the lines for twice the deals before, 1.9 after.
    short, reached_short = _lines_run_in_the_judge(300)
    long, reached_long = _lines_run_in_the_judge(600)
    assert (reached_short, reached_long) == (300, 600)
    assert long < 2.5 * short
