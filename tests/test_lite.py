"""The course as a static JupyterLite site, run in headless Chromium with no other host.

Builds the site as `make lite` does (binder/lite/build.py), serves it as `make lite-serve` does
(binder/lite/serve.py), then opens lessons in the browser's Pyodide kernel and runs them as
stored: no install cell. Every request that leaves 127.0.0.1 fails the test, as does any error
output, any page error and any widget that does not render. Prints the build time, the time to
a ready kernel and the time each lesson took.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.jupyter_server import free_port
from tests.test_browser import (  # noqa: F401  (browser is a pytest fixture)
    _KERNEL_IDLE,
    _RUN_ALL,
    LOAD_MS,
    RUN_MS,
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
