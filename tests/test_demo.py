"""`make demo`: the game table, the score quiz and the puzzle trainer as Voilà apps, in
headless Chromium (the trainer's page is checked as served).

Voilà runs the notebook before the browser listens, so a canvas drawn during the run would stay
blank (voila issue 1447); the table paints only once its view says it is ready. The test proves
each app shows cards and no code, answers a click, and asks no host but the Voilà server.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gin_teach.widgets.table import TableLayout
from tests.axe import violations
from tests.jupyter_server import free_port
from tests.offline import outside_urls
from tests.test_browser import (  # noqa: F401  (browser is a pytest fixture)
    _CANVAS_DRAWN,
    LOAD_MS,
    STEP_MS,
    browser,
)
from tests.test_canvas_keyboard_browser import press_until_past

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
DEMO = REPO / "binder" / "demo"


# Voila 0.5's lab template links Font Awesome's CSS on a CDN; the apps' own template
# (binder/demo/share/voila/templates/offline, found through JUPYTER_PATH as `make demo` sets it)
# drops those links, since voila's bundle carries the same CSS. Any request to another host fails
# the test, as it would fail in a classroom without internet.
TEMPLATES = DEMO / "share"


class Voila:
    """A Voilà server on a free loopback port serving ``binder/demo``, as `make demo` does,
    with Jupyter's config and data folders private to the test."""

    def __init__(self, state: Path) -> None:
        self.port = free_port()
        self.origin = f"http://127.0.0.1:{self.port}"
        self.log_path = state / "voila.log"
        env = dict(os.environ, JUPYTER_PREFER_ENV_PATH="1", JUPYTER_PATH=str(TEMPLATES))
        for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
            env[name] = str(state / name.lower())
        with self.log_path.open("wb") as log:
            # As `make demo`: from binder/demo, whose voila.json Voilà reads there.
            self.process = subprocess.Popen(
                [sys.executable, "-m", "voila", f"--port={self.port}"], cwd=DEMO,
                env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while True:
            assert self.process.poll() is None, f"voila exited:\n{self.log()}"
            assert time.monotonic() < deadline, f"voila did not answer:\n{self.log()}"
            try:
                with urllib.request.urlopen(self.origin, timeout=5):
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.3)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Voila]:
    server = Voila(tmp_path_factory.mktemp("voila"))
    try:
        yield server
    finally:
        server.stop()


class App:
    """One demo app open in a fresh browser page that refuses every other host."""

    def __init__(self, chromium: Any, voila: Voila, notebook: str) -> None:
        self.voila = voila
        self.context = chromium.new_context(viewport={"width": 1280, "height": 900})
        self.foreign: list[str] = []
        self.errors: list[str] = []
        origin = voila.origin + "/"

        def route(route: Any) -> None:
            if route.request.url.startswith(origin):
                route.continue_()
            else:
                self.foreign.append(route.request.url)
                route.abort()

        self.context.route("**/*", route)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda message: message.type == "error"
                     and self.errors.append(message.text))
        started = time.monotonic()
        self.page.goto(f"{voila.origin}/voila/render/{notebook}", timeout=LOAD_MS)
        self.page.locator(".widget-button").first.wait_for(state="visible", timeout=LOAD_MS)
        self.seconds = time.monotonic() - started

    def assert_clean(self) -> None:
        text = self.page.inner_text("body")
        assert "Traceback" not in text and "Error" not in text.split("\n")[0], text[:2000]
        assert not self.page.locator(".jupyter-widgets-error-widget").count()
        assert not self.page.locator(".gin-error").count(), \
            self.page.locator(".gin-error").first.inner_text()
        # No code: Voilà strips every input.
        assert not self.page.locator(".jp-InputArea-editor, .cm-editor").count()
        assert "import" not in text, "the app shows code"
        assert not self.errors, f"page and console errors: {self.errors}\n{self.voila.log()}"
        assert not self.foreign, f"requests to other hosts: {self.foreign[:10]}"


def test_game_table_app_draws_the_table_and_takes_a_click(
    browser: Any,  # noqa: F811
    voila: Voila,
) -> None:
    app = App(browser, voila, "game_table.ipynb")
    try:
        canvas = app.page.locator("canvas").first
        canvas.scroll_into_view_if_needed()
        drawn = f"(el) => ({_CANVAS_DRAWN})(el)"
        app.page.wait_for_function(drawn, arg=canvas.element_handle(), timeout=STEP_MS)
        app.assert_clean()

        # A click on the discard pile takes the upcard or the top discard, or is refused with a
        # reason; either way the table is drawn again.
        spec = TableLayout()
        box = canvas.bounding_box()
        assert box is not None
        scale = box["width"] / spec.width
        before = canvas.evaluate("(el) => el.toDataURL()")
        canvas.click(position={"x": (spec.discard_x + spec.card_width / 2) * scale,
                               "y": (spec.piles_y + spec.card_height / 2) * scale})
        app.page.wait_for_function("([el, before]) => el.toDataURL() !== before",
                                   arg=[canvas.element_handle(), before], timeout=STEP_MS)
        app.assert_clean()
        # The click gave the canvas the focus; Tab still moves on to the buttons after it.
        press_until_past(app.page, canvas, "Tab", "after")
        print(f"\nVoila game table: ready in {app.seconds:.1f} s")
    finally:
        app.context.close()


def test_score_quiz_app_shows_cards_and_answers_a_click(
    browser: Any,  # noqa: F811
    voila: Voila,
) -> None:
    app = App(browser, voila, "score_quiz.ipynb")
    try:
        cards = app.page.locator("svg.gin-cards")
        cards.first.wait_for(state="visible", timeout=STEP_MS)
        app.assert_clean()
        before = cards.first.inner_html()
        app.page.get_by_role("button", name="New round").click()
        app.page.wait_for_function(
            "([el, before]) => !el.isConnected || el.innerHTML !== before",
            arg=[cards.first.element_handle(), before], timeout=STEP_MS)
        app.page.get_by_role("button", name="Check").click()
        app.page.locator(".gin-message").first.wait_for(state="visible", timeout=STEP_MS)
        print(f"\nVoila score quiz: ready in {app.seconds:.1f} s")
    finally:
        app.context.close()


# The element that has the keyboard focus, described: its tag, text and placeholder.
_FOCUSED = """() => { const el = document.activeElement;
  return el ? {tag: el.tagName, text: (el.innerText || '').trim(),
               placeholder: el.getAttribute('placeholder') || '',
               outline: getComputedStyle(el).outlineWidth} : null; }"""


def tab_to(page: Any, wanted: Any, most: int = 60) -> list[dict[str, str]]:
    """Press Tab until the focused element is ``wanted``; returns what had the focus."""
    seen: list[dict[str, str]] = []
    for _ in range(most):
        page.keyboard.press("Tab")
        seen.append(page.evaluate(_FOCUSED))
        if wanted(seen[-1]):
            return seen
    raise AssertionError(f"Tab never reached it: {' '.join(f['tag'] for f in seen)}")


# The keyboard app draws the SVG view, which a screen reader can read (Tab through the canvas
# view is tested in test_canvas_keyboard_browser.py).
def test_game_table_app_plays_a_round_with_the_keyboard_only(
    browser: Any,  # noqa: F811
    voila: Voila,
) -> None:
    app = App(browser, voila, "game_table_keyboard.ipynb")
    page = app.page
    try:
        started = time.monotonic()
        # Tab through the page: the buttons and the key field are reachable, and the focus
        # ring is drawn (the classroom style sheet's 3px outline).
        seen = tab_to(page, lambda focused: focused["placeholder"].startswith("keys:"))
        buttons = [f for f in seen if f["tag"] == "BUTTON"]
        assert any(f["text"] == "New game" for f in buttons), seen
        assert all(f["outline"] == "3px" for f in seen), seen

        # Keys only: d draws (or passes the upcard), 1 discards the first card; the field
        # empties itself once the kernel has read each key. When the computer knocks, Tab
        # to the lay-off button and press Enter.
        field = page.locator("input[placeholder^='keys:']")
        lay_off = page.get_by_role("button", name="Spread melds and lay off the best way")
        next_round = page.get_by_role("button", name="Next round")
        presses = 0
        while not next_round.is_visible() and "Game over" not in page.inner_text("body"):
            assert presses < 80, page.inner_text("body")[-1500:]
            if lay_off.is_visible():
                tab_to(page, lambda focused: focused["text"].startswith("Spread melds"))
                page.keyboard.press("Enter")
                next_round.wait_for(state="visible", timeout=STEP_MS)
                break
            if field.evaluate("(el) => el !== document.activeElement"):
                tab_to(page, lambda focused: focused["placeholder"].startswith("keys:"))
            for key in "d1":
                page.keyboard.press(key)
                page.wait_for_function("(el) => el.value === ''", arg=field.element_handle(),
                                       timeout=STEP_MS)
                presses += 1
        app.assert_clean()
        print(f"\nVoila game table: a round by keyboard in {time.monotonic() - started:.1f} s "
              f"({presses} keys)")
    finally:
        app.context.close()


@pytest.mark.parametrize("notebook", ["game_table.ipynb", "game_table_keyboard.ipynb"])
def test_game_table_app_has_no_serious_accessibility_problem(
    notebook: str,
    browser: Any,  # noqa: F811
    voila: Voila,
) -> None:
    app = App(browser, voila, notebook)
    try:
        found = violations(app.page, ".jp-OutputArea-output")
        # Not even a serious problem (low contrast, a control without a name).
        serious = [v for v in found if v["impact"] in ("critical", "serious")]
        assert not serious, serious
        print(f"\naxe on {notebook}: {len(found)} problems, none serious: "
              f"{sorted({v['id'] for v in found})}")
    finally:
        app.context.close()


def test_the_trainer_app_runs_the_trainer_with_no_error(voila: Voila) -> None:
    # Voila runs the notebook before it answers: a trainer that failed to start (its session,
    # the bank, the record) would be served as an error output instead of the widget.
    with urllib.request.urlopen(f"{voila.origin}/voila/render/puzzle_trainer.ipynb",
                                timeout=LOAD_MS / 1000) as answer:
        page = answer.read().decode("utf-8")
    assert "application/vnd.jupyter.widget-view+json" in page, page[-2000:]
    assert "Traceback" not in page and "application/vnd.jupyter.stderr" not in page
    assert "from gin_teach" not in page  # no code: Voila strips every input


@pytest.mark.parametrize("notebook", ["game_table.ipynb", "score_quiz.ipynb",
                                      "puzzle_trainer.ipynb"])
def test_the_apps_page_names_no_other_host(voila: Voila, notebook: str) -> None:
    # Not only no request: no address of another host in the page as served (Voila's lab
    # template named two mermaid scripts on a CDN, fetched only when a diagram is shown).
    with urllib.request.urlopen(f"{voila.origin}/voila/render/{notebook}",
                                timeout=LOAD_MS / 1000) as answer:
        page = answer.read().decode("utf-8")
    assert "jp-OutputArea" in page or "widget" in page, page[:500]
    assert outside_urls(page) == []
