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

It also makes a widget's ``None`` reach the page. The kernel hands each comm message to the page
through Pyodide's ``toJs``, which turns ``None`` into JavaScript's ``undefined``, and the message
is then sent as JSON, which leaves out a key whose value is ``undefined``: a trait set back to
``None`` was never heard of in the page. A card button hidden with ``layout.display = "none"``
and shown again with ``None`` stayed hidden (the game table's Draw button, after the first
turn). The kernel's comm class is patched as it is imported, so that ``None`` inside a message
goes as ``null``, as JupyterLab's kernels send it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib.machinery import ModuleSpec, PathFinder
from types import ModuleType
from typing import Any

DRIVE = "/drive"
KERNEL_COMM = "pyodide_kernel.comm"


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


def with_nulls(value: Any, null: object) -> Any:
    """``value`` with every ``None`` inside its dicts, lists and tuples replaced by ``null``
    (the page's ``null``, in the browser).

    >>> with_nulls({"state": {"display": None, "cards": ("7H", None)}, "n": 0}, "null")
    {'state': {'display': 'null', 'cards': ['7H', 'null']}, 'n': 0}
    """
    if value is None:
        return null
    if isinstance(value, dict):
        return {key: with_nulls(item, null) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [with_nulls(item, null) for item in value]
    return value


def send_nulls(comm_class: type, null: object) -> None:
    """Make ``comm_class.publish_msg`` send every ``None`` inside a message's data, metadata
    and other fields as ``null`` (a field left out stays out: the method fills in its own
    defaults)."""
    publish: Callable[..., Any] = comm_class.publish_msg  # type: ignore[attr-defined]

    def publish_msg(self: object, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> Any:
        return publish(self, msg_type,
                       None if data is None else with_nulls(data, null),
                       None if metadata is None else with_nulls(metadata, null), buffers,
                       **{key: with_nulls(item, null) for key, item in keys.items()})

    comm_class.publish_msg = publish_msg  # type: ignore[attr-defined]


class KernelCommNulls:
    """A meta path finder that lets ``pyodide_kernel.comm`` load as usual, then patches its
    ``Comm`` with :func:`send_nulls`."""

    @staticmethod
    def find_spec(name: str, path: object = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name != KERNEL_COMM:
            return None
        spec = PathFinder.find_spec(name, path, target)  # type: ignore[arg-type]
        loader = spec.loader if spec is not None else None
        if loader is None:
            return spec
        run = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            from pyodide.ffi import jsnull  # type: ignore[import-not-found]

            send_nulls(module.Comm, jsnull)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec

    @staticmethod
    def invalidate_caches() -> None:
        """Nothing of its own to forget."""


def install() -> None:
    """Put the finders just before ``PathFinder`` (once)."""
    at = sys.meta_path.index(PathFinder) if PathFinder in sys.meta_path else len(sys.meta_path)
    for finder in (KernelCommNulls, BesideTheDrive):
        if finder not in sys.meta_path:
            sys.meta_path.insert(at, finder)


if sys.platform == "emscripten":
    install()
