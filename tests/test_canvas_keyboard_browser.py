"""The game table's canvas view lets the keyboard pass, in a real JupyterLab and headless Chromium.

ipycanvas gives its canvas a place in the tab order and swallows every key the canvas receives,
Tab too, so a learner who Tabbed (or clicked) onto it could never Tab away. These tests press
Tab and Shift+Tab through a game table drawn on the canvas and prove the focus reaches the
controls after it and comes back, and that the canvas still reads the move keys and the mouse.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import nbformat
import pytest

from tests.jupyter_server import JupyterLab
from tests.test_browser import (  # noqa: F401  (browser is a pytest fixture)
    _CANVAS_DRAWN,
    STEP_MS,
    NotebookPage,
    browser,
    expected,
)

pytestmark = pytest.mark.slow

TABLE_CELL = ("from gin_teach.widgets import GameTable\n"
              "GameTable('greedy', seed=4, view='canvas')")

# Where the focus is: the canvas itself, or before or after it in the page.
_WHERE = """(canvas) => {
  const el = document.activeElement;
  if (el === canvas) { return 'canvas'; }
  if (!el || el === document.body) { return 'nowhere'; }
  const after = canvas.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING;
  return (after ? 'after: ' : 'before: ') + el.tagName + ' '
         + (el.innerText || el.getAttribute('placeholder') || '').trim().slice(0, 40);
}"""


@pytest.fixture(scope="module")
def table_page(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:  # noqa: F811
    """A notebook holding one game table in the canvas view, run, with its canvas drawn."""
    root = tmp_path_factory.mktemp("root")
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    notebook.cells = [nbformat.v4.new_code_cell(TABLE_CELL)]
    nbformat.write(notebook, root / "table.ipynb")
    with JupyterLab(root, tmp_path_factory.mktemp("state")) as server:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        nb = NotebookPage(context.new_page(), server, "table.ipynb")
        try:
            nb.open()
            nb.run_all()
            nb.wait_for_widgets_settled()
            canvas = nb.notebook.locator(".jp-OutputArea-output canvas").first
            with expected("the table's canvas to show a drawing", nb):
                canvas.wait_for(state="visible", timeout=STEP_MS)
                nb.page.wait_for_function(f"(el) => ({_CANVAS_DRAWN})(el)",
                                          arg=canvas.element_handle(), timeout=STEP_MS)
            nb.assert_clean("after drawing the table")
            yield nb, canvas
        finally:
            context.close()


def press_until_past(page: Any, canvas: Any, key: str, side: str) -> list[str]:
    """Press ``key`` until the focus is on ``side`` ('after' or 'before') of the canvas; returns
    where the focus went. Fails if the focus stays on the canvas or never gets past it."""
    seen: list[str] = []
    for _ in range(12):
        page.keyboard.press(key)
        seen.append(canvas.evaluate(_WHERE))
        assert seen[-2:] != ["canvas", "canvas"], f"{key} is stuck on the canvas: {seen}"
        if seen[-1].startswith(side):
            return seen
    raise AssertionError(f"{key} never got {side} the canvas: {seen}")


def test_tab_passes_the_canvas_both_ways(table_page: tuple[NotebookPage, Any]) -> None:
    nb, canvas = table_page
    page = nb.page
    field = nb.notebook.locator("input[placeholder^='keys:']").first
    field.focus()
    assert canvas.evaluate(_WHERE).startswith("before: INPUT")
    page.keyboard.press("Tab")
    # The canvas is a stop on the way, with a visible focus ring.
    assert canvas.evaluate(_WHERE) == "canvas"
    assert canvas.evaluate("(el) => getComputedStyle(el).outlineWidth") == "3px"
    forward = ["canvas", *press_until_past(page, canvas, "Tab", "after")]
    # The next stop is the table's own next control (the Coach button), not the notebook's end.
    assert forward[-1].startswith("after: BUTTON"), forward
    backward = press_until_past(page, canvas, "Shift+Tab", "before")
    assert backward[-1].startswith("before: INPUT"), backward
    print(f"\nTab from the key field: {forward}; Shift+Tab back: {backward}")


def redraws(nb: NotebookPage, canvas: Any, what: str, act: Any) -> None:
    """Do ``act`` and wait until the table's picture changes."""
    before = canvas.evaluate("(el) => el.toDataURL()")
    act()
    with expected(f"the table to redraw after {what}", nb):
        nb.page.wait_for_function("([el, before]) => el.toDataURL() !== before",
                                  arg=[canvas.element_handle(), before], timeout=STEP_MS)
    nb.assert_clean(f"after {what}")
    assert nb.notebook.locator(".gin-error").count() == 0, nb.text()[-500:]


def test_the_canvas_still_takes_clicks_and_keys_and_then_lets_tab_go(
    table_page: tuple[NotebookPage, Any],
) -> None:
    from gin_teach.widgets.table import TableLayout

    nb, canvas = table_page
    page = nb.page
    spec = TableLayout()
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box is not None
    scale = box["width"] / spec.width  # a person clicks where the card is drawn
    stock = {"x": (spec.left + spec.card_width / 2) * scale,
             "y": (spec.piles_y + spec.card_height / 2) * scale}
    # The learner opens (seed 4): a click on the stock passes the upcard.
    redraws(nb, canvas, "a click on the stock", lambda: canvas.click(position=stock))
    assert canvas.evaluate(_WHERE) == "canvas", "a click gives the canvas the focus"
    press_until_past(page, canvas, "Tab", "after")
    # Clicked again (on the bare felt, a click that means nothing), the canvas reads the move
    # keys: d draws from the stock.
    canvas.click(position={"x": 4, "y": 4})
    assert canvas.evaluate(_WHERE) == "canvas"
    redraws(nb, canvas, "the key d on the canvas", lambda: page.keyboard.press("d"))
    press_until_past(page, canvas, "Tab", "after")
