"""The discard-puzzle trainer in a real JupyterLab and Chromium: click a card as a learner
would and see the grade and its explanation; retry and click the right card. The Python-side
tests (tests/test_discard_puzzle.py) call ``.answer``; only a browser shows that a click on a
card button reaches the kernel and the verdict comes back to the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gin_teach.puzzles import Puzzle
from gin_teach.widgets import DiscardPuzzle
from tests.jupyter_server import JupyterLab
from tests.test_browser import STEP_MS, NotebookPage, browser, expected  # noqa: F401

pytestmark = pytest.mark.slow

TIER = 1


def trainer_cell(progress: Path, seed: int) -> str:
    return ("from gin_teach.widgets import DiscardPuzzle\n"
            f"DiscardPuzzle(progress_path={str(progress)!r}, seed={seed}, tier={TIER})")


def first_puzzle(tmp_path: Path) -> tuple[int, Puzzle]:
    """The first seed whose trainer shows first a puzzle with a choice it does not accept (a
    learner's wrong answer to click), and that puzzle: the same seed and a fresh progress file
    draw the same one in the notebook."""
    for seed in range(1, 50):
        puzzle = DiscardPuzzle(progress_path=tmp_path / f"seed{seed}.json", seed=seed,
                               tier=TIER).puzzle
        if any(not puzzle.grade(c.card, False).solved for c in puzzle.choices if not c.knock):
            return seed, puzzle
    raise AssertionError("no seed shows a puzzle with a wrong choice first")


def test_a_discard_puzzle_answered_by_clicks_in_jupyterlab(
    browser: Any,  # noqa: F811 (the fixture imported above)
    tmp_path: Path,
) -> None:
    import nbformat

    seed, puzzle = first_puzzle(tmp_path)
    grade = max((puzzle.grade(c.card, False) for c in puzzle.choices if not c.knock),
                key=lambda g: (not g.solved, g.points_lost))
    wrong = grade
    assert not grade.solved and grade.better is not None
    best = puzzle.best_choice.card

    root = tmp_path / "root"
    root.mkdir()
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    notebook.cells = [nbformat.v4.new_code_cell(trainer_cell(tmp_path / "progress.json", seed))]
    nbformat.write(notebook, root / "puzzle.ipynb")
    with JupyterLab(root, tmp_path / "state") as server:
        context = browser.new_context(viewport={"width": 1400, "height": 1200})
        page = context.new_page()
        nb = NotebookPage(page, server, "puzzle.ipynb")
        nb.open()
        nb.run_all()
        nb.wait_for_widgets_settled()
        nb.assert_clean("after showing the trainer")
        output = nb.notebook.locator(".jp-OutputArea-output")
        with expected(f"the puzzle {puzzle.id} on the page", nb):
            output.get_by_text(f"Puzzle {puzzle.id}").first.wait_for(state="visible",
                                                                    timeout=STEP_MS)

        def click(label: str) -> None:
            button = output.get_by_role("button", name=label, exact=True).first
            with expected(f"a button {label!r}", nb):
                button.wait_for(state="visible", timeout=STEP_MS)
            button.click()

        def message(kind: str, words: str) -> str:
            box = output.locator(f".gin-message.gin-{kind}").filter(has_text=words).first
            with expected(f"a {kind} message saying {words!r}", nb):
                box.wait_for(state="visible", timeout=STEP_MS)
            return str(box.inner_text())

        click(str(wrong.card))
        said = message("wrong", f"{grade.verdict.capitalize()}:")
        # A question first (issue 44): the points lost, not the better card.
        assert f"{grade.points_lost:.1f}" in said and "?" in said, said
        assert f"Better: {grade.better}" not in said, said
        page.screenshot(path=str(tmp_path / "puzzle_wrong.png"))

        click("Retry")
        message("info", "Try again")
        click(str(best))
        said = message("right", "Best:")
        assert puzzle.grade(best).explanation[:60] in said, said  # "Best: discarding ..."
        nb.assert_clean("after answering the puzzle")
        page.screenshot(path=str(tmp_path / "puzzle_right.png"))
        context.close()
    assert (tmp_path / "progress.json").exists(), "the trainer kept no progress file"
