"""Sphinx settings for the documentation site (``make docs`` builds it into build/docs).

The site is the README's tour (included, not copied), the lessons executed at build time, the
rules and design documents, the changelog and an API reference generated from the docstrings.
It builds offline: no intersphinx, no theme asset from a CDN at build time; and it reads offline:
a lesson page draws its widgets with the scripts the site ships (see "Widgets, drawn offline").
"""

from __future__ import annotations

import json
import os
import pkgutil
import re
import shutil
import sys
import tempfile
import warnings
from importlib import metadata
from pathlib import Path
from typing import Any

import gin_teach

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
if str(ROOT) not in sys.path:  # for tests.axe's npm fetcher, shared with the browser tests
    sys.path.insert(0, str(ROOT))

from tests.axe import npm_package  # noqa: E402

project = "gin_teach"
author = "the gin_teach authors"
copyright = "the gin_teach authors"
release = version = metadata.version("gin_teach")

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
]

html_theme = "furo"
html_title = "gin_teach"
templates_path = ["_templates"]
exclude_patterns = ["_build", "jupyter_execute", "img/README.md"]

# The lessons live in notebooks/ (the one copy, shipped in the wheel); Sphinx reads only its
# source folder, so they are copied into docs/lessons/ (not in git) when the build starts,
# before Sphinx looks for its sources. A file is written only when its bytes differ, so an
# unchanged lesson keeps its time stamp and Sphinx's incremental build does not read it again.
LESSONS = DOCS / "lessons"


def copy_lessons(*_: Any) -> None:
    LESSONS.mkdir(exist_ok=True)
    sources = sorted((ROOT / "notebooks").glob("*.ipynb")) + [ROOT / "notebooks" / "teachers.md"]
    for source in sources:
        target = LESSONS / source.name
        if not target.exists() or target.read_bytes() != source.read_bytes():
            shutil.copyfile(source, target)
    for stale in LESSONS.iterdir():
        if not (ROOT / "notebooks" / stale.name).exists():
            stale.unlink()


# The lessons are stored in nbformat 4.4, whose cells have no ids; nbformat warns on every read.
warnings.filterwarnings("ignore", message="Cell is missing an id field")

# --- MyST and the lessons' execution -------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
# "cache": a lesson runs once and its outputs are kept in .cache/jupyter_cache, keyed by its
# code; a later build runs only the lessons whose code changed. A lesson that raises fails
# the build, as nbval fails the test run.
nb_execution_mode = "cache"
nb_execution_cache_path = str(ROOT / ".cache" / "jupyter_cache")
nb_execution_timeout = 300
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True


def scratch_home(*_: Any) -> None:
    """A lesson that saves progress writes to a folder of its own, never to the builder's
    ~/.gin_teach (the kernels inherit this environment)."""
    os.environ.setdefault("GIN_TEACH_HOME", tempfile.mkdtemp(prefix="gin-teach-docs-"))
    # A page has no kernel to paint a canvas: the tables are drawn as SVG, saved with it.
    os.environ["GIN_TEACH_TABLE_VIEW"] = "svg"


# --- Widgets, drawn offline --------------------------------------------------------------------
# A lesson page holds its widgets' state; in the reader's browser @jupyter-widgets/html-manager
# draws them, loaded by require.js, and it loads each third-party widget module (ipycanvas) by
# name. MyST-NB's defaults take all three from CDNs, so offline (a classroom, this build
# machine) the widgets were blank. The site ships its own copies in _static/widgets, at the
# versions the lessons run with: the widget protocol of ipywidgets and ipycanvas as pinned in
# binder/requirements.txt, which the venv is installed from (make .venv/.docs-installed).
PINS = ROOT / "binder" / "requirements.txt"
# Any AMD loader serves the html-manager; require.js has no Python side to match.
REQUIREJS_VERSION = "2.3.8"
# The html-manager released with each ipywidgets: its npm package depends on the same
# @jupyter-widgets/base and controls releases as the JupyterLab extension that ipywidgets
# ships (for 8.1.9, base ^6.0.12 and controls ^5.0.13). A new ipywidgets pin needs its line.
HTML_MANAGER_FOR_IPYWIDGETS = {"8.1.9": "1.0.15"}
WIDGET_STATIC = ROOT / ".cache" / "docs-widgets"  # assembled each build; html_static_path
# The html-manager's bundle and the icon fonts it loads from beside itself (Font Awesome).
HTML_MANAGER_FILES = re.compile(r"dist/(embed-amd\.js|[0-9a-f]+\.(eot|svg|ttf|woff2?))")


def pinned(name: str) -> str:
    """The version binder/requirements.txt pins ``name`` at, checked against the one installed
    (the lessons run in this venv, so a page's widget state comes from that version)."""
    found = re.search(rf"^{re.escape(name)}==(\S+)$", PINS.read_text(encoding="utf-8"), re.M)
    if found is None:
        raise RuntimeError(f"binder/requirements.txt pins no version of {name}")
    installed = metadata.version(name)
    if installed != found.group(1):
        raise RuntimeError(f"the docs venv has {name} {installed}, binder/requirements.txt pins "
                           f"{found.group(1)}: run make .venv/.docs-installed")
    return found.group(1)


def widget_versions() -> dict[str, str]:
    """The version of each script the site ships for its widgets."""
    ipywidgets = pinned("ipywidgets")
    if ipywidgets not in HTML_MANAGER_FOR_IPYWIDGETS:
        raise RuntimeError(f"binder/requirements.txt pins ipywidgets {ipywidgets}: add the "
                           "@jupyter-widgets/html-manager released with it to "
                           "HTML_MANAGER_FOR_IPYWIDGETS in docs/conf.py")
    return {"requirejs": REQUIREJS_VERSION,
            "html-manager": HTML_MANAGER_FOR_IPYWIDGETS[ipywidgets],
            "ipycanvas": pinned("ipycanvas")}


WIDGET_VERSIONS = widget_versions()
HTML_MANAGER_DIR = f"widgets/html-manager-{WIDGET_VERSIONS['html-manager']}"
IPYCANVAS_DIR = f"widgets/ipycanvas-{WIDGET_VERSIONS['ipycanvas']}"
REQUIREJS = f"widgets/require-{REQUIREJS_VERSION}.js"

# Where require.js finds the third-party modules: beside this script, whatever the depth of
# the page that loads it (and a file:// page too). The html-manager asks require.js first and
# a CDN only when that fails.
WIDGET_MODULES = {
    "ipycanvas": f"{IPYCANVAS_DIR.removeprefix('widgets/')}/index",
    # The html-manager's own modules are defined by its bundle, never fetched; this path only
    # places them beside it, where the bundle looks for its icon fonts (from a module's
    # address), instead of in the page's folder.
    "@jupyter-widgets": HTML_MANAGER_DIR.removeprefix("widgets/"),
}
WIDGET_PATHS_JS = """// Written by docs/conf.py: the widget modules this site ships, for require.js.
(function () {
  var here = document.currentScript.src.replace(/[^/]*$/, "");
  var modules = MODULES, paths = {};
  Object.keys(modules).forEach(function (name) { paths[name] = here + modules[name]; });
  require.config({paths: paths});
})();
""".replace("MODULES", json.dumps(WIDGET_MODULES))

nb_ipywidgets_js = {
    REQUIREJS: {},
    "widgets/paths.js": {},
    # A module the site does not ship is then asked of this host (and fails there), never of a
    # CDN: a page of this site sends no request to another host.
    f"{HTML_MANAGER_DIR}/embed-amd.js": {"data-jupyter-widgets-cdn": "./"},
}
html_static_path = [str(WIDGET_STATIC)]


def ipycanvas_bundle() -> Path:
    """ipycanvas's AMD bundle, from the installed wheel (its classic-notebook extension): the
    npm registry, as this project's machines reach it, holds no ipycanvas past 0.13.3, and the
    wheel's copy is the very front end of the Python package the lessons ran with."""
    dist = metadata.distribution("ipycanvas")
    for file in dist.files or []:
        if str(file).endswith("nbextensions/ipycanvas/index.js"):
            return Path(str(dist.locate_file(file)))
    raise RuntimeError("the installed ipycanvas has no nbextensions/ipycanvas/index.js")


def widget_scripts(*_: Any) -> None:
    """Assemble _static/widgets: require.js and the html-manager from the npm registry
    (fetched into .cache once), ipycanvas from its wheel, and the require.js paths."""
    cache = ROOT / ".cache"
    requirejs = npm_package("requirejs", REQUIREJS_VERSION,
                            cache / f"requirejs-{REQUIREJS_VERSION}",
                            lambda inside: inside == "require.js")
    manager_version = WIDGET_VERSIONS["html-manager"]
    manager = npm_package("@jupyter-widgets/html-manager", manager_version,
                          cache / f"jupyter-widgets-html-manager-{manager_version}",
                          lambda inside: HTML_MANAGER_FILES.fullmatch(inside) is not None)
    # Built afresh so a version no longer pinned leaves nothing behind in the site.
    shutil.rmtree(WIDGET_STATIC, ignore_errors=True)
    widgets = WIDGET_STATIC / "widgets"
    shutil.copytree(manager / "dist", WIDGET_STATIC / HTML_MANAGER_DIR)
    (widgets / IPYCANVAS_DIR.removeprefix("widgets/")).mkdir(parents=True)
    shutil.copyfile(ipycanvas_bundle(), WIDGET_STATIC / IPYCANVAS_DIR / "index.js")
    shutil.copyfile(requirejs / "require.js", WIDGET_STATIC / REQUIREJS)
    (widgets / "paths.js").write_text(WIDGET_PATHS_JS, encoding="utf-8")


# --- The API reference -----------------------------------------------------------------------
autosummary_generate = True
autosummary_imported_members = False
autodoc_default_options = {
    "members": True,
    # Every module's own public names, whether or not ``__all__`` lists them; the names a
    # package re-exports are documented once, in the module that defines them.
    "ignore-module-all": True,
    # A dataclass field without a docstring of its own (Rules.gin_bonus) is still part of
    # the API; its type and default say what it is.
    "undoc-members": True,
    "show-inheritance": True,
}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_class_signature = "separated"
# Dataclass fields carry their docstrings; their repr defaults (``<factory>``) need no parsing.
autodoc_preserve_defaults = True

suppress_warnings = [
    # The README's Binder badge, on the front page, is the one picture from another host: a
    # link that starts Binder, which a reader follows online anyway.
    "image.nonlocal_uri",
]


# --- What the site must cover ------------------------------------------------------------------
def public_modules() -> list[str]:
    """Every module of the package a user may import: none with a ``_`` name on its path."""
    found = ["gin_teach"]
    for module in pkgutil.walk_packages(gin_teach.__path__, "gin_teach."):
        if not any(part.startswith("_") for part in module.name.split(".")):
            found.append(module.name)
    return sorted(found)


def missing_pages(found_docs: set[str]) -> list[str]:
    """What the site lacks, given the pages Sphinx found: a public module without its API
    page, a lesson without its page."""
    missing = [f"the public module {module} has no API reference page"
               for module in public_modules() if f"api/{module}" not in found_docs]
    missing += [f"the lesson {notebook.name} has no page"
                for notebook in sorted((ROOT / "notebooks").glob("*.ipynb"))
                if f"lessons/{notebook.stem}" not in found_docs]
    return missing


def check_coverage(app: Any, env: Any) -> None:
    """Fail the build (a warning, an error under -W) for each page the site lacks."""
    from sphinx.util import logging

    logger = logging.getLogger("gin_teach.docs")
    for problem in missing_pages(env.found_docs):
        logger.warning(problem)


def setup(app: Any) -> dict[str, bool]:
    app.connect("config-inited", scratch_home)
    # Before the builder starts: it checks that each html_static_path folder exists.
    app.connect("config-inited", widget_scripts)
    app.connect("builder-inited", copy_lessons)
    app.connect("env-check-consistency", check_coverage)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
