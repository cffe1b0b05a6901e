"""Random clicks on the widgets, as tests/test_widget_clicks.py runs them briefly and
benchmarks/soak.py for long: every button, toggle, choice and text box of a widget, clicked,
double clicked, clicked after it was hidden or replaced (a stale button, as a slow browser
sends), or set to odd text, driven through the ipywidgets objects themselves.

An *escape* is an exception out of a click or a value set, one logged by ipywidgets from a
click handler ("Exception in callback"), a traceback shown in an Output or text widget
(a learner sees the GinError's message, never a traceback), or a click past its time limit.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import ipywidgets as widgets

from gin_teach import coach
from gin_teach.core.rules import Rules
from gin_teach.judge import judge_discard, judge_draw
from gin_teach.widgets import (
    DiscardPuzzle,
    GameTable,
    HandBuilder,
    KnockLab,
    LayoffLab,
    MeldExplorer,
    ProgressDashboard,
    ScoreQuiz,
    knock_lab,
)
from tests.fuzzing import QUICK, Freeze, time_limit

ODD_TEXT: Final = ("", " ", "7H 8H 9H", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "JK", "7ſ", "knock",
                   "x" * 300, "7H 7H", "10H JH QH", "🂡", "discard 7H", "AS,2S;3S", "-1", "999")
"""What a learner might type into a text box."""
CLICK_LIMIT: Final = 20.0
"""Seconds one click may take (the coach grades a round's moves when it ends)."""


def _shown(widget: widgets.Widget) -> bool:
    return getattr(getattr(widget, "layout", None), "display", None) != "none"


def controls(root: widgets.Widget) -> list[tuple[widgets.Widget, bool]]:
    """Every control inside ``root`` (buttons, toggles, choices, text boxes, number boxes),
    each once, with whether it is on show (it and every box around it displayed)."""
    found: list[tuple[widgets.Widget, bool]] = []
    seen: set[int] = set()
    stack: list[tuple[widgets.Widget, bool]] = [(root, True)]
    while stack:
        widget, visible = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        visible = visible and _shown(widget)
        if isinstance(widget, (widgets.Button, widgets.ToggleButton, widgets.Checkbox,
                               widgets.Text, widgets.Textarea)) or _is_choice(widget) \
                or _is_number(widget):
            found.append((widget, visible))
        children = getattr(widget, "children", ())
        if isinstance(children, (tuple, list)):
            stack.extend((child, visible) for child in reversed(children)
                         if isinstance(child, widgets.Widget))
    return found


def _is_choice(widget: widgets.Widget) -> bool:
    return isinstance(widget, (widgets.Dropdown, widgets.RadioButtons, widgets.Select,
                               widgets.ToggleButtons, widgets.SelectionSlider))


def _is_number(widget: widgets.Widget) -> bool:
    return isinstance(widget, (widgets.IntSlider, widgets.BoundedIntText, widgets.IntText,
                               widgets.FloatSlider, widgets.BoundedFloatText))


def shown_tracebacks(root: widgets.Widget) -> list[str]:
    """Tracebacks on show anywhere inside ``root``: an Output widget's error output, or text
    holding one."""
    found = []
    seen: set[int] = set()
    stack = [root]
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        if isinstance(widget, widgets.Output):
            for output in widget.outputs:
                text = str(output.get("text", "")) + str(output.get("traceback", ""))
                if output.get("output_type") == "error" or "Traceback" in text:
                    found.append(f"an Output shows {output.get('ename', 'a traceback')}")
        value = getattr(widget, "value", None)
        if isinstance(value, str) and "Traceback (most recent call last)" in value:
            found.append(f"a {type(widget).__name__} shows a traceback")
        children = getattr(widget, "children", ())
        if isinstance(children, (tuple, list)):
            stack.extend(child for child in children if isinstance(child, widgets.Widget))
    return found


class _Logged(logging.Handler):
    """Keeps what ipywidgets logs when a click handler raises."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.problems: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.getMessage().startswith("Exception in callback"):
            error = record.exc_info[1] if record.exc_info else None
            self.problems.append(f"a click handler raised {type(error).__name__}: "
                                 f"{str(error)[:160]}")


@contextlib.contextmanager
def handler_exceptions() -> Iterator[list[str]]:
    """The exceptions click handlers raise inside the block (ipywidgets logs them to the
    traitlets logger instead of raising)."""
    handler = _Logged()
    logger = logging.getLogger("traitlets")
    logger.addHandler(handler)
    try:
        yield handler.problems
    finally:
        logger.removeHandler(handler)


@contextlib.contextmanager
def quick_judge() -> Iterator[None]:
    """The coach and the knock lab judge at :data:`~tests.fuzzing.QUICK` precision inside
    the block: the clicks are what is tested, and a coached move is graded in milliseconds."""
    patched = [(coach, "judge_discard", functools.partial(judge_discard, precision=QUICK)),
               (coach, "judge_draw", functools.partial(judge_draw, precision=QUICK)),
               (knock_lab, "judge_discard", functools.partial(judge_discard, precision=QUICK))]
    saved = [(module, name, getattr(module, name)) for module, name, _ in patched]
    for module, name, quick in patched:
        setattr(module, name, quick)
    try:
        yield
    finally:
        for module, name, original in saved:
            setattr(module, name, original)


WIDGETS: Final[dict[str, Callable[[int, Path], widgets.Widget]]] = {
    "coached table": lambda seed, folder: GameTable("greedy", seed=seed, coach=True,
                                                    view="svg"),
    "practice table, jokers wild": lambda seed, folder: GameTable(
        "simple", seed=seed, coach=True, practice=True, rules=Rules.jokers_wild(target=60),
        view="svg"),
    "puzzle trainer": lambda seed, folder: DiscardPuzzle(folder / "progress.json", seed=seed),
    "dashboard": lambda seed, folder: ProgressDashboard(folder / "progress.json"),
    "hand builder": lambda seed, folder: HandBuilder(seed=seed),
    "knock lab": lambda seed, folder: KnockLab(seed=seed),
    "layoff lab": lambda seed, folder: LayoffLab(seed=seed),
    "meld explorer": lambda seed, folder: MeldExplorer(seed=seed),
    "score quiz": lambda seed, folder: ScoreQuiz(seed=seed),
}
"""Each widget a learner clicks, made from a seed (and a folder for its progress file)."""
STEP_SHARE: Final = {"dashboard": 0.04}
"""The dashboard draws three charts on every Refresh (seconds each): it gets fewer steps."""


@dataclass
class ClickReport:
    """What a run of random clicks tried, and what escaped."""

    clicks: int = 0
    doubles: int = 0
    stale: int = 0
    values: int = 0
    escaped: list[str] = field(default_factory=list)


def random_clicks(widget: widgets.Widget, rng: random.Random, steps: int,
                  report: ClickReport, name: str = "") -> None:
    """``steps`` random actions on ``widget``, counted in ``report``: mostly a control on
    show, sometimes a hidden one or a button seen earlier and gone since (stale); a click
    doubled now and then; choices, toggles and text boxes set to any value."""
    seen: list[widgets.Button] = []  # every button ever shown, for stale clicks
    with handler_exceptions() as logged:
        for _ in range(steps):
            found = controls(widget)
            for control, visible in found:
                if visible and isinstance(control, widgets.Button) and control not in seen:
                    seen.append(control)
            del seen[:-300]
            pool = [control for control, visible in found if visible]
            stale = rng.random() < 0.15 and bool(seen)
            if stale:
                control = rng.choice(seen)
                stale = not any(control is other and visible for other, visible in found)
            elif pool and rng.random() < 0.85:
                control = rng.choice(pool)
            elif found:
                control, visible = rng.choice(found)
                stale = not visible
            else:
                break
            what = _act(control, rng, report)
            report.stale += stale
            problem = None
            try:
                with time_limit(CLICK_LIMIT):
                    what()
            except Freeze:
                problem = f"{name}: {_said(control)} ran past {CLICK_LIMIT} s"
            except Exception as error:
                problem = (f"{name}: {_said(control)} raised {type(error).__name__}: "
                           f"{str(error)[:160]}")
            report.escaped.extend(f"{name}: {p}" for p in logged)
            logged.clear()
            report.escaped.extend(f"{name}: {p}" for p in shown_tracebacks(widget))
            if problem is not None:
                report.escaped.append(problem)


def _said(control: widgets.Widget) -> str:
    label = getattr(control, "description", "") or getattr(control, "tooltip", "") or ""
    return f"{type(control).__name__} {str(label)[:30]!r}"


def _act(control: widgets.Widget, rng: random.Random, report: ClickReport
         ) -> Callable[[], object]:
    """What to do to ``control`` (counted in ``report``), to be called under a time limit."""
    if isinstance(control, widgets.Button):
        report.clicks += 1
        if rng.random() < 0.3:
            report.doubles += 1
            return lambda: (control.click(), control.click())
        return lambda: control.click()
    report.values += 1
    if isinstance(control, (widgets.ToggleButton, widgets.Checkbox)):
        return lambda: setattr(control, "value", not control.value)
    if isinstance(control, (widgets.Text, widgets.Textarea)):
        return lambda: setattr(control, "value", rng.choice(ODD_TEXT))
    if _is_choice(control):
        count = len(control.options)
        return lambda: setattr(control, "index", rng.randrange(count)) if count else None
    low, high = getattr(control, "min", -5), getattr(control, "max", 60)
    value: Any = rng.uniform(low, high) if isinstance(control.value, float) \
        else rng.randint(int(low), int(high))
    return lambda: setattr(control, "value", value)


def click_everything(seed: int, steps: int, folder: Path,
                     names: tuple[str, ...] = tuple(WIDGETS)) -> ClickReport:
    """``steps`` random actions on each widget of :data:`WIDGETS` named in ``names``, made
    from ``seed``; what was tried and what escaped (making a widget counts too)."""
    report = ClickReport()
    rng = random.Random(seed)
    with quick_judge():
        for name in names:
            try:
                with time_limit(CLICK_LIMIT):
                    widget = WIDGETS[name](rng.randrange(1000), folder)
            except Exception as error:
                report.escaped.append(f"{name}: making it raised {type(error).__name__}: "
                                      f"{str(error)[:160]}")
                continue
            random_clicks(widget, rng, max(2, round(steps * STEP_SHARE.get(name, 1.0))),
                          report, name)
    return report
