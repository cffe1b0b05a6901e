"""Every lesson of the course, run as a learner runs it: in a real JupyterLab, in headless
Chromium, with *Run All*.

nbval proves each cell runs in a kernel; only a browser shows what the learner then sees: that
each lesson's widget draws (no "Error displaying widget", nothing left "Loading widget..."),
that no cell shows a traceback, and that every exercise cell, run as stored, answers with its
"not answered yet" prompt. One server and one browser serve every lesson; each lesson gets a
fresh page and its kernel is shut down after it. Autosave is off (tests/jupyter_server.py), and
the test checks that the stored notebooks are left byte for byte as they were.

Set GIN_TEACH_SHOTS=DIR to keep a screenshot of every code cell's output for a person to look at,
and GIN_TEACH_WIDGET_SHOTS=DIR (`make screenshots`: docs/img) to save each lesson's main widget
(the strategy lab's first chart) as DIR/<lesson>.png. On the lessons in ACCESSIBILITY_CHECKED,
axe-core checks the outputs and fails on any critical or serious problem.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gin_teach.lessons import check_cards
from tests.axe import violations
from tests.jupyter_server import JupyterLab
from tests.test_browser import (  # noqa: F401  (browser and lab are pytest fixtures)
    _CANVAS_DRAWN,
    _FIND_PANEL,
    _RUN_ALL,
    RUN_MS,
    STEP_MS,
    NotebookPage,
    browser,
    expected,
    lab,
)
from tests.test_notebooks import (
    COURSE,
    NOT_CHECKED,
    NOTEBOOKS,
    answer_key,
    answered,
    exercise_cells,
    load,
)

pytestmark = pytest.mark.slow

LESSONS = sorted(COURSE)
ACCESSIBILITY_CHECKED = ("00_start_here.ipynb", "11_play_against_the_computer.ipynb")
# What every checker says to the stored placeholder.
NOT_ANSWERED = check_cards("ace of spades", ...).message

# Shut the lesson's kernel down before the next lesson starts, so two cores serve one kernel.
_SHUTDOWN_KERNEL = (
    "async (path) => {" + _FIND_PANEL + "await panel(path).sessionContext.shutdown(); }"
)


# Type the answers into the exercise cells (in the page's model only: nothing is saved), then
# run every cell again. Resolves to the execution count the last code cell had before.
_ANSWER_ALL = "async ([path, answers]) => {" + _FIND_PANEL + """
  const app = window.jupyterapp;
  const p = panel(path);
  const code = p.content.widgets.filter((c) => c.model.type === 'code');
  for (const [index, source] of Object.entries(answers)) {
    code[Number(index)].model.sharedModel.setSource(source);
  }
  const before = Math.max(...code.map((c) => c.model.executionCount || 0));
  app.shell.activateById(p.id);
  await app.commands.execute('notebook:run-all-cells');
  return before;
}"""

# Every code cell has run since execution count ``before`` and the kernel is idle, or a cell
# failed (Run All then stops, and the cells after it would never run: fail now, not at a
# time-out).
_SETTLED = "([path, before]) => {" + _FIND_PANEL + """
  const p = panel(path);
  const kernel = p.sessionContext.session && p.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') { return false; }
  const code = p.content.widgets.filter((c) => c.model.type === 'code');
  const failed = code.some((c) => c.model.outputs.toJSON()
    .some((o) => o.output_type === 'error'));
  return failed || code.every((c) => (c.model.executionCount || 0) > before
                                     && c.model.executionState !== 'running');
}"""


@pytest.fixture(scope="module")
def stored() -> dict[str, bytes]:
    """The lessons' bytes before any lesson is opened."""
    return {name: (NOTEBOOKS / name).read_bytes() for name in LESSONS}


@pytest.fixture(scope="module")
def timings() -> Iterator[dict[str, float]]:
    seconds: dict[str, float] = {}
    yield seconds
    print("\ncourse in the browser: " + ", ".join(f"{n[:2]} {s:.1f} s" for n, s in
                                                   seconds.items())
          + f"; total {sum(seconds.values()):.1f} s")


def _shots_dir(tmp_path: Path, name: str) -> Path:
    chosen = os.environ.get("GIN_TEACH_SHOTS")
    folder = Path(chosen) / name.removesuffix(".ipynb") if chosen else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _shows_a_widget(cell: dict[str, Any]) -> bool:
    return any(WIDGET_VIEW in output.get("data", {}) for output in cell["outputs"])


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_runs_clean_in_jupyterlab(
    name: str,
    browser: Any,  # noqa: F811 (the fixture imported above)
    lab: JupyterLab,  # noqa: F811
    stored: dict[str, bytes],
    timings: dict[str, float],
    tmp_path: Path,
) -> None:
    started = time.monotonic()
    path = f"notebooks/{name}"
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    nb = NotebookPage(page, lab, path)
    try:
        nb.open()
        page.evaluate(_RUN_ALL, path)
        with expected(f"every cell of {name} to run", nb):
            page.wait_for_function(_SETTLED, arg=[path, 0], timeout=RUN_MS, polling=300)
        nb.wait_for_widgets_settled()
        nb.assert_clean(f"{name} after Run All")
        cells = nb.cells()
        dom_cells = nb.notebook.locator(".jp-CodeCell")
        assert dom_cells.count() == len(cells)

        # The lesson's own widget draws: a widget button or a canvas under each cell that builds
        # it and outputs a widget view (a cell may build one only to read it, as lesson 11 reads
        # the table's menu). The strategy lab has no widget: its charts are pictures.
        widget = COURSE[name]
        shown = [c["index"] for c in cells
                 if widget and f"{widget}(" in c["source"] and _shows_a_widget(c)]
        assert shown or widget is None, f"{name}: no cell shows {widget}"
        for index in shown:
            output = dom_cells.nth(index).locator(".jp-OutputArea-output")
            with expected(f"{widget} in cell {index} of {name} to draw", nb):
                output.locator(".widget-button, canvas").first.wait_for(
                    state="visible", timeout=STEP_MS
                )

        widget_shots = os.environ.get("GIN_TEACH_WIDGET_SHOTS")
        if widget_shots:
            Path(widget_shots).mkdir(parents=True, exist_ok=True)
            # The notebook's toolbar stays on top while the page scrolls: keep it out of the
            # picture.
            page.add_style_tag(content=".jp-NotebookPanel-toolbar { display: none; }")
            # The lesson's widget; the strategy lab, which has none, shows its first chart.
            main = (dom_cells.nth(shown[-1]).locator(".jp-OutputArea-output") if shown
                    else nb.notebook.locator(".jp-OutputArea-output:has(img)")).first
            # A widget taller than the notebook's panel would be cut, and the page's menus and
            # status bar drawn over it: make the window tall enough to show it whole.
            box = main.bounding_box()
            assert box is not None, f"{name}: its main output is not shown"
            page.set_viewport_size({"width": 1280, "height": max(900, int(box["height"]) + 300)})
            canvas = main.locator("canvas")
            if canvas.count():  # painted once its view is ready: wait for more than a blank
                with expected(f"the canvas of {name} to show a drawing", nb):
                    page.wait_for_function(f"(el) => ({_CANVAS_DRAWN})(el)",
                                           arg=canvas.first.element_handle(), timeout=STEP_MS)
            main.screenshot(path=str(Path(widget_shots) / f"{name.removesuffix('.ipynb')}.png"))
        if name in ACCESSIBILITY_CHECKED:
            found = violations(page, ".jp-OutputArea-output")
            serious = [v for v in found if v["impact"] in ("critical", "serious")]
            assert not serious, f"{name}: axe-core found serious problems: {serious}"
            print(f"\naxe on {name}: {len(found)} problems, none serious: "
                  f"{sorted({v['id'] for v in found})}")

        # Every exercise, as stored, answers "not answered yet", on the page too.
        exercises = exercise_cells(load(name))
        assert len(exercises) >= 2 or name in NOT_CHECKED
        for index in exercises:
            said = dom_cells.nth(index).locator(".jp-OutputArea").inner_text()
            assert NOT_ANSWERED in said, f"{name} cell {index} said: {said!r}"

        # A learner who answers every exercise right sees a tick under each, and no error.
        key = answer_key()[name[:2]]
        sources = {index: answered(cells[index]["source"], key[number])
                   for number, index in enumerate(exercises, 1)}
        before = page.evaluate(_ANSWER_ALL, [path, sources])
        with expected(f"{name} to run again with the answers", nb):
            page.wait_for_function(_SETTLED, arg=[path, before], timeout=RUN_MS, polling=300)
        nb.wait_for_widgets_settled()
        nb.assert_clean(f"{name} with every exercise answered")
        for number, index in enumerate(exercises, 1):
            said = dom_cells.nth(index).locator(".jp-OutputArea").inner_text()
            assert "✔" in said, f"{name} exercise {number} answered {key[number]}: {said!r}"

        shots = _shots_dir(tmp_path, name)
        for position in range(len(cells)) if os.environ.get("GIN_TEACH_SHOTS") else shown:
            cell = dom_cells.nth(position)
            if cell.locator(".jp-OutputArea-output").count():
                cell.screenshot(path=str(shots / f"cell{position:02d}.png"))
        page.evaluate(_SHUTDOWN_KERNEL, path)
    finally:
        context.close()
    timings[name] = time.monotonic() - started
    assert (NOTEBOOKS / name).read_bytes() == stored[name], f"the browser test changed {name}"
