"""Sphinx settings for the documentation site (``make docs`` builds it into build/docs).

The site is the README's tour (included, not copied), the lessons executed at build time, the
rules and design documents, the changelog and an API reference generated from the docstrings.
It builds offline: no intersphinx, no theme asset from a CDN at build time.
"""

from __future__ import annotations

import os
import pkgutil
import shutil
import tempfile
import warnings
from importlib import metadata
from pathlib import Path
from typing import Any

import gin_teach

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent

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
    app.connect("builder-inited", copy_lessons)
    app.connect("env-check-consistency", check_coverage)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
