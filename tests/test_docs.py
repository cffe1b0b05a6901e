"""Every public function and class shows how it is used: a ``>>>`` example that the doctest
run executes. Methods and properties lean on their class's example (and have their own only
where it teaches something the class's does not)."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gin_teach"


def undocumented(path: Path) -> list[str]:
    """The module-level public classes and functions of ``path`` without an example."""
    return [node.name for node in ast.parse(path.read_text(encoding="utf-8")).body
            if isinstance(node, (ast.ClassDef, ast.FunctionDef))
            and not node.name.startswith("_")
            and ">>>" not in (ast.get_docstring(node) or "")]


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.name)
def test_every_public_class_and_function_has_an_example(path):
    assert undocumented(path) == []


def test_the_check_notices_a_missing_example(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('def shown():\n    """>>> 1"""\n\n\ndef bare():\n    """No example."""\n\n\n'
                      'class Bare:\n    """No example."""\n\n    def method(self):\n'
                      '        """Methods may lean on the class."""\n')
    assert undocumented(sample) == ["bare", "Bare"]


# --------------------------------------------------------------------- the written documents
# The README is the tour, the documentation site its larger home; these tests keep the two
# one text, every figure traceable to the script that printed it, and every path they name real.

import doctest  # noqa: E402
import importlib.util  # noqa: E402
import re  # noqa: E402

from tests.test_setup import commands, runs  # noqa: E402

ROOT = PACKAGE.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
WRITTEN = [README, ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md",
           ROOT / "benchmarks" / "README.md", *sorted(DOCS.glob("*.md"))]
END_OF_TOUR = ("<!-- The documentation site's front page (docs/index.md) includes this file up "
               "to here. -->")


def blocks(text: str) -> list[str]:
    """The paragraphs, lists and tables of a Markdown text, each fenced code block dropped
    (their numbers are computed by the doctests, not measured)."""
    prose = re.sub(r"^```.*?^```[ \t]*$", "\n", text, flags=re.M | re.S)
    return [block for block in re.split(r"\n\s*\n", prose) if block.strip()]


# A measured figure: a time, a rate, or a share given to a tenth (73.7%).
FIGURE = re.compile(r"\b\d[\d,.]*(?:-\d[\d,.]*)? ?(?:ms|s)\b|/s\b|\b\d+\.\d%")
BENCHMARK = re.compile(r"benchmarks/(\w+)\.py")


def unsourced_figures(text: str) -> list[str]:
    """The blocks of ``text`` that state a measured figure while neither they nor the block
    just before them (a table's introduction) name the benchmark script that prints it."""
    found = blocks(text)
    return [block for index, block in enumerate(found)
            if FIGURE.search(block) and not BENCHMARK.search(block)
            and not (index and BENCHMARK.search(found[index - 1]))]


def test_the_readme_is_a_tour_of_at_most_20_kb():
    assert len(README.read_bytes()) <= 20 * 1024
    assert README.read_text(encoding="utf-8").count(END_OF_TOUR) == 1


def test_every_figure_in_the_readme_names_the_benchmark_that_prints_it():
    text = README.read_text(encoding="utf-8")
    assert unsourced_figures(text) == []
    named = set(BENCHMARK.findall(text))
    assert named and all((ROOT / "benchmarks" / f"{name}.py").is_file() for name in named), named


def test_the_figure_check_notices_a_figure_without_its_benchmark():
    text = ("Intro.\n\nA grade takes 270 ms.\n\nPrinted by `benchmarks/coach.py`: 73 ms.\n\n"
            "The table, from `benchmarks/strength.py`:\n\n| a | 55.8% |\n\nIt wins 73.7%.\n")
    assert unsourced_figures(text) == ["A grade takes 270 ms.", "It wins 73.7%.\n"]


def test_every_benchmark_script_is_described_in_the_benchmarks_readme():
    text = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    scripts = sorted(path.name for path in (ROOT / "benchmarks").glob("*.py"))
    assert [name for name in scripts if f"`{name}`" not in text] == []


PATH = re.compile(r"(?<![\w/.~-])((?:gin_teach|tests|benchmarks|docs|notebooks|binder)/[\w./-]*\w)")
PLACEHOLDER = re.compile(r"NN_|\bNAME\b")  # notebooks/NN_topic.ipynb, benchmarks/NAME.py


@pytest.mark.parametrize("path", WRITTEN, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_a_document_names_exists(path):
    text = path.read_text(encoding="utf-8")
    # The wheel's copy of the course exists only in a built wheel.
    named = {found for found in PATH.findall(text)
             if not found.startswith("gin_teach/course") and not PLACEHOLDER.search(found)}
    assert sorted(found for found in named if not (ROOT / found).exists()) == []


EXAMPLES = [p for p in WRITTEN if p != README  # the README runs in the doctest run itself
            and re.search(r"^ *>>> ", p.read_text(encoding="utf-8"), flags=re.M)]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_documents_examples_run(path):
    failed, tried = doctest.testfile(str(path), module_relative=False,
                                     optionflags=doctest.ELLIPSIS, encoding="utf-8")
    assert tried and not failed


def test_nothing_cites_the_design_and_rules_notes_from_outside_the_repository():
    # The project's own documents are docs/design.md and docs/rules.md; the notes the work
    # started from are not in the repository, so nothing may send a reader to them.
    outside = re.compile(r"(?<![\w/])(?:DESIGN|RULES)\.md")
    texts = [ROOT / "layers.txt", *WRITTEN, *ROOT.glob("*.toml"), *(ROOT / "notebooks").glob("*"),
             *PACKAGE.rglob("*.py"), *(ROOT / "tests").glob("*.py"),
             *(ROOT / "benchmarks").glob("*.py")]
    # Only files: a JupyterLab the browser tests start leaves notebooks/.ipynb_checkpoints.
    citing = [str(path.relative_to(ROOT)) for path in texts if path.is_file()
              and path != Path(__file__) and outside.search(path.read_text(encoding="utf-8"))]
    assert citing == []
    assert (DOCS / "design.md").is_file() and (DOCS / "rules.md").is_file()


def test_the_site_includes_the_readme_changelog_and_guides_rather_than_copying_them():
    includes = {"index.md": "../README.md", "changelog.md": "../CHANGELOG.md",
                "contributing.md": "../CONTRIBUTING.md", "benchmarks.md": "../benchmarks/README.md"}
    for page, source in includes.items():
        assert f"```{{include}} {source}" in (DOCS / page).read_text(encoding="utf-8"), page
    assert f":end-before: {END_OF_TOUR}" in (DOCS / "index.md").read_text(encoding="utf-8")
    # No page of the site repeats a paragraph of the tour: it would drift from the README.
    tour = README.read_text(encoding="utf-8").split(END_OF_TOUR)[0]
    paragraphs = [" ".join(b.split()) for b in blocks(tour) if len(b) > 120]
    for page in DOCS.glob("*.md"):
        text = " ".join(page.read_text(encoding="utf-8").split())
        assert [p for p in paragraphs if p in text] == [], page.name


def test_the_changelog_keeps_a_changelog_form_with_the_current_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", text, flags=re.M)
    assert versions[0] == ("Unreleased", "") and all(date for _, date in versions[1:])
    dates = [date for _, date in versions[1:]]
    assert dates == sorted(dates, reverse=True)
    kinds = set(re.findall(r"^### (.+)$", text, flags=re.M))
    assert kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}, kinds
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    version = re.search(r'^version = "([^"]+)"', project, flags=re.M).group(1)
    assert version in {name for name, _ in versions}
    assert all(f"[{name}]: " in text for name, _ in versions)  # each heading's link


def load_docs_settings():
    spec = importlib.util.spec_from_file_location("docs_conf", DOCS / "conf.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_site_requires_a_page_for_every_public_module_and_every_lesson():
    settings = load_docs_settings()
    layers = (ROOT / "layers.txt").read_text(encoding="utf-8")
    listed = set(re.findall(r"^(gin_teach(?:\.\w+)*)$", layers, flags=re.M))
    assert set(settings.public_modules()) == {m for m in listed if "._" not in m}
    lessons = sorted((ROOT / "notebooks").glob("*.ipynb"))
    pages = {f"api/{m}" for m in settings.public_modules()} | {f"lessons/{p.stem}" for p in lessons}
    assert settings.missing_pages(pages) == []
    missing = settings.missing_pages(pages - {"api/gin_teach.judge", f"lessons/{lessons[0].stem}"})
    assert missing == ["the public module gin_teach.judge has no API reference page",
                       f"the lesson {lessons[0].name} has no page"]


def test_make_test_builds_the_site_offline_with_warnings_as_errors():
    (build,) = [command for command in commands("docs") if runs(command, "sphinx")]
    assert "-W" in build and "docs" in build
    assert build in commands("test")


def layer_sections(text: str) -> list[list[str]]:
    """The modules of each layer of ``layers.txt``, top first (the [sanctioned] list left out)."""
    sections: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("[") and line != "[sanctioned]":
            sections.append([])
        elif line == "[sanctioned]":
            break
        elif line.strip() and not line.startswith("#") and sections:
            sections[-1].append(line.strip())
    return sections


def test_the_design_lists_the_layers_of_layers_txt_in_order():
    sections = layer_sections((ROOT / "layers.txt").read_text(encoding="utf-8"))
    design = (DOCS / "design.md").read_text(encoding="utf-8")
    table = design[design.index("| layer | modules |"):].split("\n\n")[0].splitlines()[2:]
    rows = [row.split(" | ")[1] for row in table]
    assert len(rows) == len(sections)
    for row, modules in zip(rows, sections, strict=True):
        for module in modules:
            if module == "gin_teach":
                continue  # the package's top level, said in words
            name = module.removeprefix("gin_teach.")
            short = name if name.endswith("__main__") else name.split(".")[0]
            assert f"`{short}`" in row or f"`gin_teach.{short}`" in row, (module, row)


# ------------------------------------------------------------- the built site, read offline
# A lesson page draws its widgets in the reader's browser from the state the build saved, with
# the scripts the site ships (docs/conf.py, "Widgets, drawn offline"): no CDN, so a classroom
# without internet sees the same page.

import functools  # noqa: E402
import http.server  # noqa: E402
import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from types import SimpleNamespace  # noqa: E402
from typing import Any  # noqa: E402
from urllib.parse import urlsplit  # noqa: E402

from tests.test_browser import browser  # noqa: E402, F401  (a pytest fixture)

BUILT = ROOT / "build" / "docs"
# A lesson with both kinds of widget: ipywidgets' buttons and the table on ipycanvas's canvas.
WIDGET_LESSON = "04_a_turn_and_the_opening"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def test_the_widget_scripts_are_the_sites_own_at_the_pinned_versions():
    settings = load_docs_settings()
    pins = dict(re.findall(r"^([\w-]+)==(\S+)$",
                           (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8"),
                           flags=re.M))
    assert settings.WIDGET_VERSIONS["ipycanvas"] == pins["ipycanvas"]
    assert settings.WIDGET_VERSIONS["html-manager"] == (
        settings.HTML_MANAGER_FOR_IPYWIDGETS[pins["ipywidgets"]])
    scripts = list(settings.nb_ipywidgets_js)
    # Paths inside the site's _static, none an address on another host.
    assert scripts and all(script.startswith("widgets/") and "//" not in script
                           for script in scripts), scripts
    assert all("//" not in value for attributes in settings.nb_ipywidgets_js.values()
               for value in attributes.values())


def test_a_docs_venv_that_drifted_from_the_pins_is_named(monkeypatch):
    settings = load_docs_settings()
    # The settings' own view of what is installed, not importlib.metadata for everyone.
    monkeypatch.setattr(settings, "metadata", SimpleNamespace(version=lambda name: "0.0.1"))
    with pytest.raises(RuntimeError, match=re.escape("the docs venv has ipycanvas 0.0.1, "
                                                     "binder/requirements.txt pins")):
        settings.pinned("ipycanvas")
    with pytest.raises(RuntimeError, match="pins no version of left-pad"):
        settings.pinned("left-pad")


def built_site() -> Path:
    """build/docs as ``make docs`` builds it: reused when it is newer than what it is built
    from (the settings and the lesson), else built again (incrementally, from the lessons'
    cached outputs, as ``make docs`` does)."""
    page = BUILT / "lessons" / f"{WIDGET_LESSON}.html"
    sources = [DOCS / "conf.py", ROOT / "tests" / "axe.py", ROOT / "binder" / "requirements.txt",
               ROOT / "notebooks" / f"{WIDGET_LESSON}.ipynb"]
    if not page.exists() or page.stat().st_mtime < max(s.stat().st_mtime for s in sources):
        pytest.importorskip("myst_nb")
        subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q",
                        "-j", "2", "docs", str(BUILT)], cwd=ROOT, check=True)
    return BUILT


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Each request served is not news; a failed one shows in the test's assertions."""


@pytest.fixture(scope="module")
def site_server() -> Iterator[str]:
    """The built site over HTTP on 127.0.0.1, the way a static host serves it."""
    handler = functools.partial(_QuietHandler, directory=str(built_site()))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}"
        finally:
            server.shutdown()


def saved_widget_texts(html: str) -> set[str]:
    """The button labels in a page's saved widget state: what its widgets must draw (a button
    inside a box saved hidden, such as the coach panel's line before a wrong move, is not)."""
    start = html.index(f'type="{WIDGET_STATE}">') + len(f'type="{WIDGET_STATE}">')
    state = json.loads(html[start:html.index("</script>", start)])["state"]
    parent = {child.removeprefix("IPY_MODEL_"): key for key, model in state.items()
              for child in model["state"].get("children", [])}

    def hidden(key: str) -> bool:
        layout = state[key]["state"].get("layout", "").removeprefix("IPY_MODEL_")
        if layout in state and state[layout]["state"].get("display") == "none":
            return True
        return key in parent and hidden(parent[key])

    return {model["state"]["description"] for key, model in state.items()
            if model["model_name"] == "ButtonModel" and model["state"].get("description")
            and model["state"].get("layout", "").startswith("IPY_MODEL_") and not hidden(key)}


@pytest.mark.slow
def test_a_lesson_page_draws_its_widgets_with_no_request_to_another_host(
        browser: Any, site_server: str) -> None:  # noqa: F811 (the fixture imported above)
    url = f"{site_server}/lessons/{WIDGET_LESSON}.html"
    html = (BUILT / "lessons" / f"{WIDGET_LESSON}.html").read_text(encoding="utf-8")
    labels = saved_widget_texts(html)
    assert labels, "the lesson page saved no widget with a button"
    outside: list[str] = []
    failed: list[str] = []
    errors: list[str] = []
    context = browser.new_context()
    try:
        page = context.new_page()

        def only_this_host(route: Any) -> None:
            if urlsplit(route.request.url).netloc == urlsplit(site_server).netloc:
                route.continue_()
            else:
                outside.append(route.request.url)
                route.abort()

        page.route("**/*", only_this_host)
        page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.status} {r.url}"))
        page.on("requestfailed", lambda r: failed.append(f"{r.failure} {r.url}"))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url, wait_until="networkidle")
        # Said first: a script asked of a CDN and refused leaves the widgets undrawn.
        assert outside == [], "the page asked another host"
        page.wait_for_selector(".jupyter-widgets .widget-button", timeout=60_000)
        page.wait_for_load_state("networkidle")
        drawn = page.eval_on_selector_all(
            ".jupyter-widgets .widget-button",
            "(buttons) => buttons.filter((b) => b.offsetParent !== null)"
            ".map((b) => b.innerText.trim())")
        # The table is drawn as SVG in the docs (a canvas needs a kernel to paint it): its
        # cards are there, in the page's saved widget state.
        tables = page.eval_on_selector_all(
            ".jupyter-widgets svg", "(found) => found.filter((s) => s.querySelector('rect'))"
            ".length")
        text = page.inner_text("body")
    finally:
        context.close()
    assert outside == [] and failed == [] and errors == []
    assert sorted(labels - set(drawn)) == []
    assert tables > 0
    assert "Error displaying widget" not in text and "Loading widget..." not in text
