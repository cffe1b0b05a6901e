"""The coach at the game table in a real JupyterLab and Chromium: play a round with the coach
on, by clicking as a learner would; each move is graded and the review appears at the end.
Prints the time from the click on a discard to its grade on the page."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.jupyter_server import JupyterLab
from tests.test_browser import STEP_MS, NotebookPage, browser, expected  # noqa: F401

pytestmark = pytest.mark.slow

# The computer (greedy, the dealer) knocks at its first chance after the learner's discard.
TABLE = ('from gin_teach.widgets import GameTable\n'
         'GameTable("greedy", hands=["5S 6S KH KD JC 7H 3D 9D AC 2H",\n'
         '                           "2S 3S 4S QD QH QC 8C 9C TC 5D"], upcard="KS", coach=True)')


def test_a_round_with_the_coach_in_jupyterlab(
    browser: Any,  # noqa: F811 (the fixture imported above)
    tmp_path: Path,
) -> None:
    import nbformat

    root = tmp_path / "root"
    root.mkdir()
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    notebook.cells = [nbformat.v4.new_code_cell(TABLE)]
    nbformat.write(notebook, root / "coach.ipynb")
    with JupyterLab(root, tmp_path / "state") as server:
        context = browser.new_context(viewport={"width": 1400, "height": 1200})
        page = context.new_page()
        nb = NotebookPage(page, server, "coach.ipynb")
        nb.open()
        nb.run_all()
        nb.wait_for_widgets_settled()
        nb.assert_clean("after showing the table")
        output = nb.notebook.locator(".jp-OutputArea-output")

        def click(label: str) -> None:
            target = output.locator(".widget-button, .widget-toggle-button").filter(
                has_text=label).first
            with expected(f"a button {label!r}", nb):
                target.wait_for(state="visible", timeout=STEP_MS)
            target.click()
            nb.wait_for_widgets_settled()

        click("Pass the upcard")
        with expected("a grade for the pass", nb):
            output.locator(".gin-grade").first.wait_for(state="attached", timeout=STEP_MS)
        click("Draw from the stock")
        started = time.monotonic()
        click("2♥")
        with expected("the grade of the discard", nb):
            page.wait_for_function(
                "() => [...document.querySelectorAll('.gin-grade')]"
                ".some(el => el.textContent.includes('discard 2♥'))", timeout=STEP_MS)
        print(f"click-to-grade: {(time.monotonic() - started) * 1000:.0f} ms")
        click("Lay off: best for me")
        with expected("the round's review", nb):
            output.locator("table.gin-review").first.wait_for(state="attached",
                                                              timeout=STEP_MS)
        assert "Accuracy" in nb.text()
        nb.assert_clean("after the round's review")
        page.screenshot(path=str(tmp_path / "coach_review.png"))
        context.close()
