"""How long a learner waits on the static site: from opening a lesson's address in a fresh
browser profile to the page drawn and to the lesson's Python kernel ready.

The site (``make lite``, binder/lite/build.py) is served on a free loopback port by
binder/lite/serve.py's request handler, which this script also uses to count the requests and
bytes served. Headless Chromium (Debian's ``chromium``, driven by Playwright) opens the lesson
with a new, empty profile for each run, so nothing comes from a cache: a first visit. Any other
host is unreachable (Chromium's host resolver maps every name but 127.0.0.1 to nothing) and
every request to one is listed; the run fails if there is any. After the cold start the same
profile opens the lesson again, a second visit with the browser's caches warm.

The second visit is timed as a learner meets it on a real static host the next day. Such a host
names each file's date (Last-Modified, or an ETag) and a short life in the browser's cache
(GitHub Pages: ten minutes; Netlify and Cloudflare Pages: none), so a browser coming back asks
for every file again and is answered "not modified" (304) for each. The script's server says
``Cache-Control: no-cache`` to the same effect (``--cache-control`` to model another host; an
empty value sends none, and the browser then guesses a life from the file's age, which for a
site built minutes ago is a few seconds to minutes, for one published days ago hours). Every
answer counts as a request, a 304 too.

Three moments are timed from the address being opened: the page drawn, the kernel ready, and
the lesson's first code cell (its imports) done, run as soon as the kernel is ready, as a
learner's first Shift+Enter. Targets (issue 41): first cell done in under 10 s on a first
visit and under 5 s on a second.

Run: ``python benchmarks/lite_start.py`` from the course's venv (builds the site into
.cache/lite-site with ``make lite``'s build venv if it is not there; ``--site DIR`` to time
another build, ``--build`` to rebuild, ``--runs N``, ``--trace`` for when each of the kernel's
files was served).
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
LITE = REPO / "binder" / "lite"
LITE_PYTHON = REPO / ".venv-lite" / "bin" / "python"
DEFAULT_SITE = REPO / ".cache" / "lite-site"
LESSON = "01_cards_and_deadwood.ipynb"
TARGET_FIRST_S = 10.0
TARGET_SECOND_S = 5.0
# Revalidate every file at each visit, as a static host's answers make a browser do once their
# cache life (ten minutes on GitHub Pages, none on Netlify) is over: see the module's docstring.
CACHE_CONTROL = "no-cache"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

# The lesson's notebook panel, found through the application object the site exposes
# (exposeAppInBrowser in binder/lite/jupyter-lite.json).
_PANEL = """(path) => {
  const app = window.jupyterapp;
  if (!app) { return null; }
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path && w.content && w.content.widgets) { return w; }
  }
  return null;
}"""
PAGE_DRAWN = f"""(path) => {{
  const p = ({_PANEL})(path);
  return !!p && p.isVisible && p.content.widgets.length > 0;
}}"""
KERNEL_READY = f"""(path) => {{
  const p = ({_PANEL})(path);
  const kernel = p && p.sessionContext.session && p.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
}}"""
# The learner's first Shift+Enter: the lesson's first code cell (its imports) is run as soon
# as the kernel is ready; done when the kernel has answered it and is idle again.
RUN_FIRST_CELL = f"""(path) => {{
  const p = ({_PANEL})(path);
  window.jupyterapp.shell.activateById(p.id);
  p.content.activeCellIndex = p.content.widgets.findIndex((c) => c.model.type === 'code');
  window.jupyterapp.commands.execute('notebook:run-cell');
}}"""
FIRST_CELL_DONE = f"""(path) => {{
  const p = ({_PANEL})(path);
  const cell = p.content.widgets.find((c) => c.model.type === 'code');
  const kernel = p.sessionContext.session && p.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && cell.model.executionCount !== null
    && cell.model.executionState !== 'running';
}}"""
FIRST_CELL_ERRORS = f"""(path) => {{
  const p = ({_PANEL})(path);
  const cell = p.content.widgets.find((c) => c.model.type === 'code');
  return cell.model.outputs.toJSON().filter((o) => o.output_type === 'error')
    .map((o) => `${{o.ename}}: ${{o.evalue}}`);
}}"""


@dataclass
class Served:
    """What the site's server answered: requests (304s among them) and bytes, by path."""

    requests: int = 0
    not_modified: int = 0
    bytes: int = 0
    timeline: list[tuple[float, str, int, int]] = field(default_factory=list)
    started: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, path: str, status: int, size: int) -> None:
        with self.lock:
            self.requests += 1
            self.not_modified += status == 304
            self.bytes += size
            self.timeline.append((time.monotonic() - self.started, path, status, size))

    def reset(self) -> None:
        with self.lock:
            self.requests, self.not_modified, self.bytes, self.timeline = 0, 0, 0, []
            self.started = time.monotonic()


def _site_handler() -> Any:
    """binder/lite/serve.py's request handler class (the one `make lite-serve` runs)."""
    spec = importlib.util.spec_from_file_location("lite_serve", LITE / "serve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SiteHandler


@contextmanager
def serve(site: Path, served: Served, cache_control: str) -> Iterator[str]:
    """The site served on a free loopback port, each answer with ``cache_control`` (none if
    empty); yields its origin."""
    base = _site_handler()

    class Counting(base):  # type: ignore[misc, valid-type]
        sent = 0

        def end_headers(self) -> None:
            if cache_control:
                self.send_header("Cache-Control", cache_control)
            super().end_headers()

        def send_response(self, code: int, message: str | None = None) -> None:
            self.status = int(code)
            super().send_response(code, message)

        def copyfile(self, source: Any, outputfile: Any) -> None:
            start = source.tell()
            super().copyfile(source, outputfile)
            self.sent = source.tell() - start

        def handle_one_request(self) -> None:
            self.status, self.sent = 0, 0
            super().handle_one_request()
            if self.status:  # an answer went out (a 304 has no body, copyfile never runs)
                served.add(getattr(self, "path", "").split("?")[0], self.status, self.sent)

    handler = functools.partial(Counting, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def build(site: Path) -> float:
    # The site's build tools live in ``make lite``'s venv, apart from the course's (Makefile).
    subprocess.run(["make", "-C", str(REPO), "--quiet", ".venv-lite/.lite-installed"],
                   check=True)
    started = time.monotonic()
    subprocess.run([str(LITE_PYTHON), str(LITE / "build.py"), str(site)], check=True)
    return time.monotonic() - started


@dataclass(frozen=True)
class Visit:
    page_s: float
    kernel_s: float
    cell_s: float
    requests: int
    not_modified: int
    megabytes: float


def visit(context: Any, url: str, lesson: str, served: Served, foreign: list[str],
          trace: bool = False) -> Visit:
    served.reset()
    page = context.new_page()
    try:
        started = time.monotonic()
        page.goto(url, wait_until="commit", timeout=120_000)
        page.wait_for_function(PAGE_DRAWN, arg=lesson, timeout=120_000, polling=100)
        drawn = time.monotonic()
        page.wait_for_function(KERNEL_READY, arg=lesson, timeout=180_000, polling=100)
        ready = time.monotonic()
        page.evaluate(RUN_FIRST_CELL, lesson)
        page.wait_for_function(FIRST_CELL_DONE, arg=lesson, timeout=180_000, polling=100)
        done = time.monotonic()
        errors = page.evaluate(FIRST_CELL_ERRORS, lesson)
        if errors:
            raise RuntimeError(f"the first cell of {lesson} failed: {errors}")
    except Exception:
        print(f"the lesson did not start; requests to other hosts: {foreign[:10]}",
              file=sys.stderr)
        raise
    finally:
        page.close()
    if trace:  # when the kernel's files were asked for: where the time goes
        for at, path, status, size in served.timeline:
            if "/static/pyodide/" in path or "pyodide-kernel" in path or path.endswith(".wasm"):
                print(f"  {at:6.2f} s  {status}  {size / 1e3:8.0f} kB  {path}")
        print(f"  {drawn - started:6.2f} s  page drawn\n  {ready - started:6.2f} s  kernel ready"
              f"\n  {done - started:6.2f} s  first cell done")
    return Visit(drawn - started, ready - started, done - started, served.requests,
                 served.not_modified, served.bytes / 1e6)


def measure(origin: str, lesson: str, chromium: str, served: Served, trace: bool = False
            ) -> tuple[Visit, Visit, list[str]]:
    """A first visit with a fresh profile, then a second visit with the same profile."""
    from playwright.sync_api import sync_playwright

    url = f"{origin}/lab/index.html?path={lesson}"
    foreign: list[str] = []

    def note(request: Any) -> None:
        if not request.url.startswith((origin + "/", "data:", "blob:")):
            foreign.append(request.url)

    with tempfile.TemporaryDirectory(prefix="gin-lite-profile-") as profile, \
            sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900})
        try:
            context.on("request", note)
            for page in context.pages:
                page.close()
            first = visit(context, url, lesson, served, foreign, trace)
            second = visit(context, url, lesson, served, foreign, trace)
        finally:
            context.close()
    return first, second, foreign


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=DEFAULT_SITE,
                        help=f"the built site (default {DEFAULT_SITE.relative_to(REPO)})")
    parser.add_argument("--build", action="store_true", help="build the site afresh first")
    parser.add_argument("--lesson", default=LESSON, help=f"the lesson opened ({LESSON})")
    parser.add_argument("--runs", type=int, default=3, help="fresh profiles (default 3)")
    parser.add_argument("--trace", action="store_true",
                        help="print when each of the kernel's files was served")
    parser.add_argument("--cache-control", default=CACHE_CONTROL, metavar="VALUE",
                        help=f"the Cache-Control header of every answer (default "
                             f"{CACHE_CONTROL!r}: a real static host's files once their short "
                             f"cache life is over; '' sends none)")
    args = parser.parse_args()
    chromium = os.environ.get("GIN_TEACH_CHROMIUM") or shutil.which("chromium")
    if chromium is None:
        parser.error("no chromium on the PATH (Debian: apt-get install chromium)")
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.build or not (args.site / "jupyter-lite.json").is_file():
        print(f"site built in {build(args.site):.0f} s")
    if not (args.site / "files" / args.lesson).is_file():
        parser.error(f"{args.site} has no lesson {args.lesson}")

    served = Served()
    firsts: list[Visit] = []
    seconds: list[Visit] = []
    with serve(args.site, served, args.cache_control) as origin:
        for run in range(1, args.runs + 1):
            first, second, foreign = measure(origin, args.lesson, chromium, served, args.trace)
            if foreign:
                print(f"requests to other hosts: {sorted(set(foreign))[:10]}", file=sys.stderr)
                return 1
            firsts.append(first)
            seconds.append(second)
            for name, seen in (("first", first), ("second", second)):
                print(f"run {run}: {name} visit: page {seen.page_s:.1f} s, kernel ready "
                      f"{seen.kernel_s:.1f} s, first cell done {seen.cell_s:.1f} s "
                      f"({seen.requests} requests, {seen.not_modified} not modified, "
                      f"{seen.megabytes:.1f} MB)", flush=True)

    def median(visits: list[Visit], what: str) -> float:
        return float(statistics.median(getattr(v, what) for v in visits))

    print(f"\n{args.lesson}, median of {args.runs} fresh profiles, every answer with "
          f"Cache-Control: {args.cache_control or '(none)'}:")
    for name, visits, target in (("first visit", firsts, TARGET_FIRST_S),
                                 ("second visit", seconds, TARGET_SECOND_S)):
        print(f"  {name}: page drawn {median(visits, 'page_s'):.1f} s, kernel ready "
              f"{median(visits, 'kernel_s'):.1f} s, first cell done "
              f"{median(visits, 'cell_s'):.1f} s (target {target:.0f} s)")
    print("  no request left 127.0.0.1")
    return 0


if __name__ == "__main__":
    sys.exit(main())
