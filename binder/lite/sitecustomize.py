"""Run by the static site's Python as it starts (binder/lite/build.py puts this file in the
standard library's zip): a top-level import looks beside the learner's folder first.

The kernel's current folder is the browser's drive (``/drive``), where every look-up of a file
is a round trip to the page's storage: about 5 ms, against a few microseconds for the standard
library and the installed packages. Python looks in the current folder first at every import,
so starting the kernel (some 500 modules) spent seconds asking the drive for files it does not
hold, and the course's first cell another second. This finder looks for a top-level module in
the rest of ``sys.path`` first; a module found nowhere else (a learner's own file in the drive)
is looked for in the drive as usual. One difference from a desktop Python follows: a learner's
file named like a module of the standard library no longer hides it.
"""

from __future__ import annotations

import sys
from importlib.machinery import ModuleSpec, PathFinder
from types import ModuleType

DRIVE = "/drive"


class BesideTheDrive:
    """A meta path finder: ``PathFinder`` over ``sys.path`` less the current folder and the
    drive, for top-level modules only (a package's modules are found through its own path)."""

    @staticmethod
    def find_spec(name: str, path: object = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if path is not None:
            return None
        elsewhere = [entry for entry in sys.path
                     if entry and entry != "." and not entry.startswith(DRIVE)]
        return PathFinder.find_spec(name, elsewhere, target)

    @staticmethod
    def invalidate_caches() -> None:
        """Nothing of its own to forget: PathFinder's caches are PathFinder's."""


def install() -> None:
    """Put the finder just before ``PathFinder`` (once)."""
    if BesideTheDrive in sys.meta_path:
        return
    at = sys.meta_path.index(PathFinder) if PathFinder in sys.meta_path else len(sys.meta_path)
    sys.meta_path.insert(at, BesideTheDrive)


if sys.platform == "emscripten":
    install()
