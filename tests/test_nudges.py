"""Hints that nudge, never the answer (issue 44): every checked strategy exercise of the
course, answered wrong, hears a question that names nothing the checker accepts; the answer
comes on "show" or after the last try.

The exercises are run as the notebook runs them (every code cell before them too, so the
Knowledge they use is the lesson's own), with each strategy checker wrapped: when the cell
calls it, the wrapper finds every answer the checker accepts (the key, as the judge grades
it), then answers each way that is not accepted and reads what the learner would see.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import nbformat
import pytest

from gin_teach.core.cards import Card, to_cards
from gin_teach.lessons import strategy_checks
from gin_teach.lessons.answers import is_placeholder
from gin_teach.lessons.tries import TRIES, forget_tries
from gin_teach.nudges import names_any

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
STRATEGY = set(strategy_checks.__all__)


def _strategy_lessons() -> list[Path]:
    found = []
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        text = path.read_text(encoding="utf-8")
        if any(f"{name}(" in text for name in STRATEGY):
            found.append(path)
    return found


def _shown(feedback) -> str:
    """What the learner reads, without the count of tries left (a number that is no key)."""
    return re.sub(r"\(\d+ tr(?:y|ies) left\)", "", f"{feedback}\n{feedback.text}")


def _candidates(name: str, bound: inspect.BoundArguments) -> list[tuple[object, ...]]:
    """Every answer a learner might give this exercise (answer, and knock where asked)."""
    args = bound.arguments
    if name == "check_best_discard":
        return [(card.code,) for card in to_cards(args["hand"])]
    if name == "check_safer_discard":
        return [(card.code,) for card in to_cards(args["choices"])]
    if name == "check_knock_or_play_on":
        return [("knock",), ("play on",)]
    if name == "check_draw":
        return [("take",), ("draw",)]
    if name in ("check_outs", "check_draws_left"):
        return [(count,) for count in range(0, 40)]
    if name == "check_puzzle":
        puzzle = args["puzzle"]
        if puzzle.kind == "draw":
            return [("take",), ("draw",)]
        cards = sorted({choice.card for choice in puzzle.choices})
        if puzzle.knock is None:
            return [(card.code,) for card in cards]
        return [(card.code, "knock" if knock else "play on") for card in cards
                for knock in (False, True)
                if any(c.card == card and c.knock == knock for c in puzzle.choices)]
    raise AssertionError(f"no candidate answers for {name}")


def _clauses(text: str) -> list[str]:
    """The answer's reason cut into its clauses (long enough to be telling)."""
    text = text.replace("The answer: ", "").replace("➜", "")
    return [part.strip() for part in re.split(r"[:;.,()]\s", text) if len(part.strip()) > 24]


def _leaks(name: str, bound, key: list[tuple[object, ...]], wrong: tuple[object, ...],
           text: str, solution: str = "") -> list[str]:
    """What of the key ``text`` names: a card that would be right (the learner's own aside),
    a count that would be right, or a clause of the answer's own reason."""
    leaks = [clause for clause in _clauses(solution) if clause in text]
    answers = {answer[0] for answer in key}
    if name == "check_puzzle" and bound.arguments["puzzle"].kind == "draw":
        name = "check_draw"
    if name in ("check_best_discard", "check_safer_discard", "check_puzzle"):
        mine = () if wrong[0] == "show" else to_cards(str(wrong[0]))
        right = [card for code in answers for card in to_cards(str(code)) if card not in mine]
        leaks += [str(card) for card in names_any(text, right)]
    elif name in ("check_outs", "check_draws_left"):
        leaks += [str(count) for count in answers if re.search(rf"(?<![\d.]){count}(?![\d.])",
                                                                text)]
    return leaks


class Runner:
    """Stands in for the strategy checkers while a lesson's cells run."""

    def __init__(self) -> None:
        self.checked: list[str] = []
        self.problems: list[str] = []

    def wrap(self, name: str):
        real = getattr(strategy_checks, name)
        signature = inspect.signature(real)

        def checker(*args, **kwargs):
            bound = signature.bind(*args, **kwargs)
            if not is_placeholder(bound.arguments.get("answer")):
                return real(*args, **kwargs)
            self.run(name, real, bound)
            return real(*args, **kwargs)  # the stored placeholder, as the cell shows it

        return checker

    def _answer(self, real, bound, answer: tuple[object, ...]):
        arguments = dict(bound.arguments)
        arguments["answer"] = answer[0]
        if len(answer) == 2:
            arguments["knock"] = answer[1]
        return real(**arguments)

    def run(self, name: str, real, bound) -> None:
        candidates = _candidates(name, bound)
        key = []
        for answer in candidates:
            forget_tries()
            if self._answer(real, bound, answer).correct:
                key.append(answer)
        where = f"{name}{tuple(bound.arguments.values())!r}"[:160]
        if not key:
            self.problems.append(f"{where}: no answer is accepted")
            return
        wrongs = [answer for answer in candidates if answer not in key]
        self.checked.append(where)
        forget_tries()
        solution = _shown(self._answer(real, bound, ("show",)))
        for wrong in wrongs:
            forget_tries()
            feedback = self._answer(real, bound, wrong)
            text = _shown(feedback)
            if feedback.correct or not text.strip():
                self.problems.append(f"{where}: {wrong} was not answered as wrong")
            leaks = _leaks(name, bound, key, wrong, text, solution)
            if leaks:
                self.problems.append(f"{where}: answering {wrong} names {leaks}: {text!r}")
        # The answer comes on request, and after the last wrong try.
        forget_tries()
        shown = _shown(self._answer(real, bound, ("show",)))
        last = None
        tries = 2 if len(wrongs) + len(key) == 2 else TRIES
        for number in range(tries):
            last = self._answer(real, bound, wrongs[number % len(wrongs)])
        forget_tries()
        for said, text in (("show", shown), ("the last try", _shown(last))):
            if not _leaks(name, bound, key, ("show",), text, solution):
                self.problems.append(f"{where}: {said} does not give the answer: {text!r}")
            if "answer" not in text.lower():
                self.problems.append(f"{where}: {said} does not say it is the answer: {text!r}")


@pytest.mark.parametrize("path", _strategy_lessons(), ids=lambda p: p.stem)
def test_a_wrong_answer_to_every_strategy_exercise_names_nothing_of_the_key(path,
                                                                          monkeypatch):
    monkeypatch.chdir(NOTEBOOKS)  # a cell may read a file beside the notebook
    runner = Runner()
    namespace: dict[str, object] = {}
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        exec(compile(cell.source, f"{path.stem}", "exec"), namespace)
        for name in STRATEGY & set(namespace):  # wrapped again after every import cell
            if not getattr(namespace[name], "_wrapped", False):
                wrapped = runner.wrap(name)
                wrapped._wrapped = True  # type: ignore[attr-defined]
                namespace[name] = wrapped
    assert runner.checked, f"{path.name} has no strategy exercise that ran"
    assert runner.problems == [], "\n".join(runner.problems)


def test_names_any_finds_a_card_only_as_a_whole_name():
    ten = Card.parse("TH")
    assert names_any("Is 10♥ in a meld?", [ten]) == [ten]
    assert names_any("110♥", [ten]) == []
