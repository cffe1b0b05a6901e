"""The course as a static JupyterLite site, run in headless Chromium with no other host.

Builds the site as `make lite` does (binder/lite/build.py), serves it as `make lite-serve` does
(binder/lite/serve.py), then opens lessons in the browser's Pyodide kernel and runs them as
stored: no install cell. Every request that leaves 127.0.0.1 fails the test, as does any error
output, any page error and any widget that does not render. Prints the build time, the time to
a ready kernel and the time each lesson took.

Then a learner's visit, by clicks and typed answers: an exercise of lesson 1 answered wrong and
right, two puzzles of the trainer, a whole short game, the dashboard's charts, a reload (the
record still in the browser's drive, the exercise counted on lesson 0's map), and the record
exported, downloaded and imported back. Last, no page or setting of the site names another
host, and the kernel's runtime is named by hash for the browser's cache (no filelock shipped).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.jupyter_server import free_port
from tests.offline import outside_urls
from tests.test_browser import (  # noqa: F401  (browser is a pytest fixture)
    _FIND_PANEL,
    _KERNEL_IDLE,
    _RUN_ALL,
    LOAD_MS,
    RUN_MS,
    STEP_MS,
    NotebookPage,
    browser,
    expected,
)
from tests.test_course_browser import _SETTLED
from tests.test_notebooks import COURSE

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
LITE = REPO / "binder" / "lite"


LESSONS = [
    "00_start_here.ipynb",
    "01_cards_and_deadwood.ipynb",
    "02_melds.ipynb",
    "03_one_card_one_meld.ipynb",
    # The game table: offline ipycanvas cannot import (numpy and PIL come only from the Pyodide
    # CDN), so the table draws its SVG view.
    "04_a_turn_and_the_opening.ipynb",
]


class LiteSite:
    """The built site, served on a free loopback port by binder/lite/serve.py."""

    def __init__(self, folder: Path, log: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.origin = f"http://127.0.0.1:{self.port}"
        self.log_path = log
        with log.open("wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, str(LITE / "serve.py"), str(folder), "--port", str(self.port)],
                stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while "http://" not in self.log():
            assert self.process.poll() is None, f"serve.py exited:\n{self.log()}"
            assert time.monotonic() < deadline, f"serve.py printed no address:\n{self.log()}"
            time.sleep(0.1)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def url(self, notebook: str) -> str:
        return f"{self.origin}/lab/index.html?path={notebook}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiteSite]:
    if shutil.which("npm") is None:
        pytest.fail("npm is needed to build the site (.ci/run installs it)")
    folder = tmp_path_factory.mktemp("lite") / "site"
    started = time.monotonic()
    built = subprocess.run([sys.executable, str(LITE / "build.py"), str(folder)],
                           capture_output=True, text=True)
    assert built.returncode == 0, f"the site did not build:\n{built.stdout[-3000:]}\n" \
                                  f"{built.stderr[-3000:]}"
    print(f"\nJupyterLite site built in {time.monotonic() - started:.0f} s")
    served = LiteSite(folder, folder.parent / "serve.log")
    try:
        yield served
    finally:
        served.stop()


class LiteNotebook(NotebookPage):
    """A lesson open in the JupyterLite site; collects every request to another host."""

    def __init__(self, page: Any, site: LiteSite, path: str) -> None:
        super().__init__(page, None, path)  # type: ignore[arg-type]  # no JupyterLab server
        self.site = site
        self.foreign: list[str] = []
        self.console_errors: list[str] = []
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))

    def open(self) -> None:
        self.page.goto(self.site.url(self.path))
        with expected(f"{self.path} open with an idle Pyodide kernel", self):
            self.page.wait_for_function(_KERNEL_IDLE, arg=self.path, timeout=LOAD_MS,
                                        polling=250)
        self.wait_for_kernel_answer()  # a request in the kernel's first moments may be lost

    def diagnostics(self) -> str:
        errors = "\n".join((self.page_errors + self.console_errors)[-10:]) or "(none)"
        return (f"{self.run_state()}\npage errors:\n{errors}\n"
                f"requests to other hosts: {self.foreign}")


def watch_hosts(context: Any, nb: LiteNotebook) -> None:
    """Abort and record every request that leaves the serving host, the kernel's included
    (Chromium reports the requests of workers and service workers to the context)."""
    origin = nb.site.origin + "/"

    def route(route: Any) -> None:
        if route.request.url.startswith(origin):
            route.continue_()
        else:
            nb.foreign.append(route.request.url)
            route.abort()

    context.route("**/*", route)
    context.on("request", lambda request: request.url.startswith((origin, "data:", "blob:"))
               or nb.foreign.append(request.url))


@pytest.fixture(scope="module")
def timings() -> Iterator[dict[str, tuple[float, float]]]:
    seconds: dict[str, tuple[float, float]] = {}
    yield seconds
    print("\nJupyterLite lessons (kernel ready / lesson run): " + ", ".join(
        f"{name[:2]} {ready:.1f} s / {ran:.1f} s" for name, (ready, ran) in seconds.items()))


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_runs_offline_in_jupyterlite(
    name: str,
    browser: Any,  # noqa: F811 (the fixture imported above)
    site: LiteSite,
    timings: dict[str, tuple[float, float]],
    tmp_path: Path,
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    nb = LiteNotebook(page, site, name)
    watch_hosts(context, nb)
    try:
        started = time.monotonic()
        nb.open()
        ready = time.monotonic()
        page.evaluate(_RUN_ALL, name)
        with expected(f"every cell of {name} to run", nb):
            page.wait_for_function(_SETTLED, arg=[name, 0], timeout=RUN_MS, polling=300)
        nb.wait_for_widgets_settled()
        ran = time.monotonic()
        nb.assert_clean(f"{name} after Run All")

        widget = COURSE[name]
        shown = [c["index"] for c in nb.cells() if f"{widget}(" in c["source"]]
        assert shown, f"{name}: no cell shows {widget}"
        cells = nb.notebook.locator(".jp-CodeCell")
        for index in shown:
            with expected(f"{widget} in cell {index} of {name} to draw", nb):
                cells.nth(index).locator(".jp-OutputArea-output .widget-button").first.wait_for(
                    state="visible", timeout=RUN_MS)
        nb.click_a_button_that_changes_output()
        nb.wait_for_widgets_settled()
        nb.assert_clean(f"{name} after a click on a widget")
        page.screenshot(path=str(tmp_path / "lesson.png"))

        assert not nb.page_errors + nb.console_errors, nb.diagnostics()
        assert not nb.foreign, f"{name} asked other hosts: {sorted(set(nb.foreign))[:10]}"
        timings[name] = (ready - started, ran - ready)
    finally:
        context.close()


# ------------------------------------------------------------------ a learner's visit, answered

# Runs the code cell of the open notebook whose source holds ``marker`` (replacing its source
# first when ``source`` is given, as a learner types an answer); returns the cell's place among
# all cells and its execution count before, for CELL_DONE. The run command runs the current
# notebook's cell, and a tab activated becomes the current one a moment later (when it has the
# focus): until then the command would run a cell of the notebook open before.
_RUN_CELL = "async ([path, marker, source]) => {" + _FIND_PANEL + """
  const p = panel(path);
  const app = window.jupyterapp;
  app.shell.activateById(p.id);
  for (let waited = 0; app.shell.currentWidget !== p; waited += 50) {
    if (waited > 10000) { return 'never current'; }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const cells = p.content.widgets;
  const cell = cells.find((c) => c.model.type === 'code'
                          && c.model.sharedModel.getSource().includes(marker));
  if (!cell) { return null; }
  if (source !== null) { cell.model.sharedModel.setSource(source); }
  p.content.activeCellIndex = cells.indexOf(cell);
  p.content.deselectAll();
  const before = cell.model.executionCount;
  window.jupyterapp.commands.execute('notebook:run-cell');
  return [cells.indexOf(cell), before];
}"""
_CELL_DONE = "([path, index, before]) => {" + _FIND_PANEL + """
  const p = panel(path);
  const cell = p.content.widgets[index];
  const kernel = p.sessionContext.session && p.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && cell.model.executionCount !== null
    && cell.model.executionCount !== before && cell.model.executionState !== 'running';
}"""
# Whether the text of a cell's output (``root``, which stays while the cell is not run again),
# or of the first element in it matching ``selector``, differs from ``before``.
_TEXT_CHANGED = """([root, selector, before]) => {
  const el = selector === null ? root : root.querySelector(selector);
  return !!el && el.innerText !== before;
}"""
# The learner's record as the site's own storage holds it (the drive its file browser shows).
_STORED_RECORD = """async () => {
  const file = await window.jupyterapp.serviceManager.contents.get('puzzle_progress.json',
                                                                   {content: true});
  if (file.format === 'base64') {  // as the kernel wrote it: bytes
    return new TextDecoder().decode(Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0)));
  }
  return typeof file.content === 'string' ? file.content : JSON.stringify(file.content);
}"""

LESSON_0 = "00_start_here.ipynb"
LESSON_1 = "01_cards_and_deadwood.ipynb"
LESSON_11 = "11_play_against_the_computer.ipynb"
LESSON_18 = "18_what_should_i_discard.ipynb"
EXERCISE = 'check_card_points("AS 7D KC QH", answer)'


class Learner:
    """One learner in one browser profile: lessons opened by address, cells run as they
    would run them, every request to another host recorded."""

    def __init__(self, context: Any, site: LiteSite) -> None:
        self.context = context
        self.site = site
        self.page = context.new_page()
        self.nb = LiteNotebook(self.page, site, LESSON_1)
        watch_hosts(context, self.nb)

    def open(self, name: str) -> LiteNotebook:
        self.nb.path = name
        self.nb.open()
        return self.nb

    def run(self, marker: str, source: str | None = None) -> Any:
        """Run the cell holding ``marker``; its cell on the page, once the kernel is done."""
        found = self.page.evaluate(_RUN_CELL, [self.nb.path, marker, source])
        assert found is not None, f"{self.nb.path} has no cell with {marker!r}"
        assert found != "never current", f"{self.nb.path} never became the current tab"
        index, before = found
        with expected(f"the cell with {marker!r} of {self.nb.path} to run", self.nb):
            self.page.wait_for_function(_CELL_DONE, arg=[self.nb.path, index, before],
                                        timeout=RUN_MS, polling=200)
        self.nb.wait_for_widgets_settled()
        self.nb.assert_clean(f"{self.nb.path} after running the cell with {marker!r}")
        return self.nb.notebook.locator(".jp-Cell").nth(index)

    def click_and_wait(self, output: Any, target: Any, what: str,
                       part: str | None = None) -> None:
        """Click ``target`` and wait until the text of ``output`` (a cell's output) changes,
        or of the first element in it matching the CSS selector ``part``. The part is looked
        up afresh at every poll: a widget redraws its HTML as a new element, so the one found
        before the click would keep its old text for ever."""
        before = self.text_of(output, part)
        target.scroll_into_view_if_needed()
        target.click()
        with expected(what, self.nb):
            self.page.wait_for_function(_TEXT_CHANGED, arg=[output.element_handle(), part,
                                                            before],
                                        timeout=RUN_MS, polling=200)
            # The first change is the first of the handler's updates; the kernel is idle once
            # it has sent them all (they come before the idle status, in order).
            self.page.wait_for_function(_KERNEL_IDLE, arg=self.nb.path, timeout=RUN_MS,
                                        polling=100)

    @staticmethod
    def text_of(output: Any, part: str | None = None) -> str:
        return str(output.locator(part).first.inner_text() if part else output.inner_text())

    def stored_record(self) -> dict[str, Any]:
        record: dict[str, Any] = json.loads(self.page.evaluate(_STORED_RECORD))
        return record


def rating_shown(output: Any) -> int:
    found = re.search(r"Your rating (\d+)", output.inner_text())
    assert found, output.inner_text()[:500]
    return int(found.group(1))


def answer_a_puzzle(learner: Learner, output: Any) -> str:
    """Click a card (or Draw, in a take-or-draw puzzle) as a learner answers; the grade."""
    choice = output.locator(".widget-button[title^='discard ']:enabled, "
                            ".widget-button[title='draw the top card of the stock']").first
    before = rating_shown(output)
    learner.click_and_wait(output, choice, "a grade shown", part=".gin-message")
    grade = learner.text_of(output, ".gin-message")
    with expected("the rating to move after an answer", learner.nb):
        learner.page.wait_for_function(
            "([el, before]) => !el.innerText.includes(`Your rating ${before} `)",
            arg=[output.element_handle(), before], timeout=RUN_MS, polling=200)
    assert rating_shown(output) != before
    return str(grade)


def play_a_short_game(learner: Learner, output: Any) -> int:
    """Set the target to 10 points, press New game and play by clicks to the end: Draw (or
    take or pass the upcard, or lay off when the computer knocks), then discard the first card
    offered; Next round between rounds.
    Returns how many clicks it took."""
    output.get_by_text("Variants and target").first.click()
    target = output.locator(".widget-inline-hbox", has_text="Play to:").locator("input")
    target.fill("10")
    target.press("Enter")
    learner.click_and_wait(output, output.get_by_role("button", name="New game"),
                           "a new game after New game")
    # The table's move buttons (the coach's Take back is not one).
    moves = output.locator(".widget-button:visible:enabled").filter(
        has_text=re.compile(r"^(Draw|Pass|Take (?!back)|Spread|Go big gin)"))
    next_round = output.get_by_role("button", name="Next round")
    discard = output.locator(".widget-hbox", has_text="Discard:").locator(
        ".widget-button:visible:enabled")
    for clicks in range(1, 400):
        deadline = time.monotonic() + STEP_MS / 1000  # the last updates may still be drawn
        while True:
            if "Game over:" in output.inner_text():
                return clicks
            if next_round.is_visible():
                target_button = next_round
            elif moves.count():
                target_button = moves.first
            elif discard.count():
                target_button = discard.first
            else:
                assert time.monotonic() < deadline, \
                    f"no move to click:\n{output.inner_text()[:1500]}"
                time.sleep(0.2)
                continue
            break
        learner.click_and_wait(output, target_button, f"the table to answer click {clicks}")
    raise AssertionError(f"the game was not over after 400 clicks:\n{output.inner_text()[:1500]}")


def test_a_learner_answers_plays_and_finds_the_same_progress_after_a_reload(
    browser: Any,  # noqa: F811 (the fixture imported above)
    site: LiteSite,
    tmp_path: Path,
) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    learner = Learner(context, site)
    started = time.monotonic()
    try:
        # Lesson 1: an exercise answered wrong, then right; feedback, never a traceback.
        learner.open(LESSON_1)
        learner.run("from gin_teach.widgets import HandBuilder")
        wrong = learner.run(EXERCISE, f"answer = 27\n{EXERCISE}").inner_text()
        assert "✘" in wrong and "Hint" in wrong, wrong
        right = learner.run(EXERCISE, f"answer = 28\n{EXERCISE}").inner_text()
        assert "✔" in right and "28" in right, right
        exercised = time.monotonic()

        # Lesson 18: two puzzles answered by clicks; the grade appears and the rating moves.
        learner.open(LESSON_18)
        learner.run("load_bank()")
        trainer = learner.run("trainer = DiscardPuzzle()").locator(".jp-OutputArea-output")
        assert "progress kept in this browser: puzzle_progress.json in the file browser" \
            in trainer.inner_text()
        first = answer_a_puzzle(learner, trainer)
        learner.click_and_wait(trainer, trainer.get_by_role("button", name="Next puzzle"),
                               "the next puzzle")
        second = answer_a_puzzle(learner, trainer)
        assert first and second
        learner.nb.assert_clean("after two puzzles")
        trained = time.monotonic()

        # Lesson 11: a whole short game against the computer, played by clicks.
        learner.open(LESSON_11)
        learner.run("from gin_teach.widgets import GameTable")
        table = learner.run('GameTable("greedy")').locator(".jp-OutputArea-output")
        clicks = play_a_short_game(learner, table)
        learner.nb.assert_clean("after a whole game")
        page_shot = tmp_path / "game.png"
        learner.page.screenshot(path=str(page_shot))
        played = time.monotonic()

        # The dashboard: the charts are there, with the answers, the exercise and the game.
        learner.open(LESSON_18)
        board = learner.run("ProgressDashboard()").locator(".jp-OutputArea-output")
        assert board.locator("svg.gin-chart").count() == 3
        summary = board.inner_text()
        for words in ("2 puzzles answered", "1 lesson exercise solved", "1 game played"):
            assert words in summary, summary[:800]
        rating = re.search(r"Rating (\d+)", summary)
        assert rating is not None
        record = learner.stored_record()  # in the browser's storage, where the site keeps files
        assert record["attempts"] == 2 and len(record["games"]) == 1
        # The exercise is filed under its lesson, though the kernel is told only its folder.
        (lesson, tries, solved), = record["exercises"].values()
        assert lesson == LESSON_1.removesuffix(".ipynb") and tries == 2 and solved
        assert all(key.startswith(f"{lesson}:") for key in record["exercises"])

        # A reload (a visit next week): a new kernel finds the same record in the drive, and
        # lesson 0's course map counts the exercise in its lesson.
        learner.page.reload()
        learner.open(LESSON_0)
        course = learner.run("course_map(store_for().progress)").inner_text()
        assert re.search(r"01_cards_and_deadwood\s+1 of 6 exercises solved", course), course
        learner.open(LESSON_18)
        again = learner.run("ProgressDashboard()").locator(".jp-OutputArea-output")
        assert again.locator("svg.gin-chart").count() == 3
        summary_again = again.inner_text()
        for words in ("2 puzzles answered", "1 lesson exercise solved", "1 game played",
                      f"Rating {rating.group(1)} "):
            assert words in summary_again, summary_again[:800]
        assert learner.stored_record() == record

        # Export (a file in the drive, and a download) and import it back, from the dashboard.
        again.locator("input[placeholder='your name']").fill("Ada")
        learner.click_and_wait(again, again.get_by_role("button", name="Export my record"),
                               "the export to say where the file is")
        assert "Ada_record.json" in again.inner_text(), again.inner_text()[-800:]
        with learner.page.expect_download() as download:
            again.get_by_role("link", name="Download it").click()
        exported = tmp_path / "Ada_record.json"
        download.value.save_as(exported)
        assert json.loads(exported.read_text(encoding="utf-8"))["name"] == "Ada"
        before = learner.text_of(again)
        # The upload button opens the browser's file chooser (its input is not in the page).
        with learner.page.expect_file_chooser() as chooser:
            again.locator(".widget-upload").click()
        chooser.value.set_files(str(exported))
        with expected("the import to say what it did", learner.nb):
            learner.page.wait_for_function(_TEXT_CHANGED, arg=[again.element_handle(), None,
                                                               before],
                                           timeout=RUN_MS, polling=200)
            learner.page.wait_for_function(_KERNEL_IDLE, arg=learner.nb.path, timeout=RUN_MS)
        assert "Ada's record is now yours: 2 puzzles answered" in again.inner_text(), \
            again.inner_text()[-800:]
        assert learner.stored_record()["attempts"] == 2

        assert not learner.nb.page_errors + learner.nb.console_errors, learner.nb.diagnostics()
        assert not learner.nb.foreign, f"asked other hosts: {sorted(set(learner.nb.foreign))}"
        print(f"\nJupyterLite learner: exercises {exercised - started:.0f} s, two puzzles "
              f"{trained - exercised:.0f} s, a game of {clicks} clicks {played - trained:.0f} s, "
              f"dashboard and reload {time.monotonic() - played:.0f} s")
    finally:
        context.close()


# Documents about the software that the site carries but no page reads to act on: licence
# texts, package metadata and the settings' schemas (their "$schema" ids and help links).
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_STYLE = re.compile(r"<style\b.*?</style>", re.DOTALL | re.IGNORECASE)
_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_ABOUT_THE_SOFTWARE = re.compile(r"(third-party-licenses|package|[\w.-]*schema[\w.-]*)\.json$")


def test_no_page_of_the_site_names_another_host(site: LiteSite) -> None:
    # Not only no request: no address of another host in any page or setting the site serves
    # (what its scripts ask for is watched at run time by every test above). A page's
    # comments, its style sheets' too, are never fetched or shown (the root page credits
    # JupyterLite's site, the lab page's loading style the JupyterLab file it follows).
    folder = site.folder
    pages = [p for p in folder.rglob("*") if p.suffix in (".html", ".json") and p.is_file()
             and "static/pyodide" not in p.as_posix() and "build/schemas" not in p.as_posix()
             and not _ABOUT_THE_SOFTWARE.search(p.name)]
    pages.append(folder / "static" / "pyodide" / "pyodide-lock.json")
    names = {p.relative_to(folder).as_posix() for p in pages}
    assert {"jupyter-lite.json", "lab/jupyter-lite.json", "lab/index.html", "overrides.json",
            "static/pyodide/pyodide-lock.json"} <= names, sorted(names)[:20]
    named = {}
    for page in pages:
        text = page.read_text(encoding="utf-8", errors="replace")
        if page.suffix == ".html":
            text = _STYLE.sub(lambda style: _CSS_COMMENT.sub("", style.group(0)),
                              _HTML_COMMENT.sub("", text))
        if urls := outside_urls(text):
            named[page.relative_to(folder).as_posix()] = urls
    assert named == {}


def test_the_built_kernel_loads_its_runtime_by_hash_and_ships_no_lock(site: LiteSite) -> None:
    # The runtime's files come from the browser's cache when their hash matches (what a later
    # visit spends, benchmarks/lite_start.py): every file the runtime fetches is named, with
    # the hash of the file served. filelock is not shipped: the browser never takes the lock.
    config = json.loads((site.folder / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/cached-pyodide.mjs"
    runtime = site.folder / "static" / "pyodide"
    entry = (runtime / "cached-pyodide.mjs").read_text(encoding="utf-8")
    files = json.loads(entry.split("export const FILES = ", 1)[1].split(";\n", 1)[0])
    served = sorted(p.name for p in runtime.iterdir() if p.suffix != ".mjs")
    assert sorted(files) == served
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        digest = base64.b64encode(hashlib.sha256((runtime / name).read_bytes()).digest())
        assert files[name] == f"sha256-{digest.decode()}", name
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    assert "gin-teach" in lock and "filelock" not in lock
    assert not [name for name in served if name.startswith("filelock")]
