"""A learner's progress file: where it lives, how it is read and written, and the shared
:class:`ProgressStore` every widget on a page uses.

The file is safe:

- versioned: the record (:class:`~gin_teach.learner.record.Progress`) carries its format, and
  a file of the older format 1 is read and migrated;
- written atomically (a temporary file in the same folder, then ``os.replace``), so a crash
  never leaves half a file;
- updated under a lock (a ``.<name>.lock`` file beside it, locked with the ``filelock``
  package on every desktop system): :meth:`ProgressStore.update` reads the file, applies the
  change and writes it back while holding the lock, so two kernels recording at once lose no
  update; in the static site (a browser's Python) the record lives in the browser's drive,
  beside the lessons;
- a damaged file that is recognisably ours is set aside under a new name, with a message
  saying where, and a fresh record starts. A folder, or a file that is not ours, is never
  moved or overwritten: :class:`~gin_teach.errors.ProgressError` says so.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
>>> progress, message = load_progress(path)
>>> progress.attempts, message is None
(0, True)
>>> store = ProgressStore(path)
>>> _ = store.update(lambda p: p.record("p0001", Rating(1400, 60), 1.0))
>>> load_progress(path)[0].streak
1

A worked example or a demonstration uses a throw-away record, which is never written:

>>> demo = ProgressStore.scratch()
>>> demo.update(lambda p: p.record("p1", Rating(), 1.0)).attempts, demo.path
(1, None)
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import sys
import time
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path

from gin_teach.core.files import write_atomically
from gin_teach.errors import ProgressError, excerpt
from gin_teach.learner.rating import Rating
from gin_teach.learner.record import FRESH_RATING, PROGRESS_FORMAT, Progress

__all__ = [
    "BROWSER_DRIVE",
    "FRESH_RATING",
    "LOCK_WAIT_SECONDS",
    "MAX_PROGRESS_BYTES",
    "PROGRESS_FORMAT",
    "Progress",
    "ProgressStore",
    "Rating",
    "default_progress_path",
    "load_progress",
    "outlives_the_page",
    "runs_in_browser",
    "save_progress",
    "store_for",
]

MAX_PROGRESS_BYTES = 4_000_000
"""A progress file larger than this is not read (a record is compacted below it when saved:
:meth:`~gin_teach.learner.record.Progress.to_json`)."""
_OUR_START = re.compile(rb'\s*\{\s*"format"\s*:\s*[0-9]')
"""How every progress file gin_teach writes begins: its format is a number. The other files
it writes (a puzzle bank, a saved round or review, a class export) name their kind there
instead, or start with ``"gin_teach"``, so a damaged one of those is never taken for a
damaged progress record and set aside."""


def runs_in_browser() -> bool:
    """Whether this Python runs inside a web page (Pyodide, the kernel of the course's static
    site): no second process, no file locks, and files kept in the browser. Decided by the
    platform Python was built for, not by which module happens to be missing.

    >>> runs_in_browser()  # a doctest runs in an ordinary Python
    False
    """
    return sys.platform == "emscripten"


BROWSER_DRIVE = Path("/drive")
"""Where the static site's kernel sees the learner's files: the folder its file browser shows,
kept in the browser's own storage, so it is still there after a reload or next week. The
record sits at its top, beside the lessons (a new folder there makes JupyterLite look for it
on the server first, and log a missing page)."""


def outlives_the_page(path: str | Path) -> bool:
    """Whether a file at ``path`` is still there after the page is reloaded: always, except
    in the static site, where only the browser's drive (:data:`BROWSER_DRIVE`, the folders the
    file browser shows) is kept, and any other folder lives in the page's memory.

    >>> outlives_the_page("/tmp/puzzle_progress.json")  # an ordinary Python keeps every file
    True
    """
    if not runs_in_browser():
        return True
    return Path(path).resolve().is_relative_to(BROWSER_DRIVE)


def default_progress_path() -> Path:
    """Where progress is kept unless told otherwise: ``~/.gin_teach/puzzle_progress.json``
    (``GIN_TEACH_HOME`` replaces ``~/.gin_teach``, for classrooms and tests). In the static
    site the folder is the browser's drive (:data:`BROWSER_DRIVE`, where the lessons are),
    since the kernel's home folder is lost when the page is closed.

    >>> default_progress_path().name
    'puzzle_progress.json'
    """
    home = os.environ.get("GIN_TEACH_HOME")
    if home:
        folder = Path(home)
    elif runs_in_browser() and BROWSER_DRIVE.is_dir():
        folder = BROWSER_DRIVE
    else:
        folder = Path.home() / ".gin_teach"
    return folder / "puzzle_progress.json"


def _looks_ours(head: bytes, parsed: object) -> bool:
    """Whether a file is recognisably a gin_teach progress record: a JSON object whose format
    is a number, with our marker or a rating (format 1 had no marker), or, when it cannot be
    read as JSON, one that starts as ours do."""
    if isinstance(parsed, dict):
        return (type(parsed.get("format")) is int and parsed.get("gin_teach", "progress")
                == "progress" and ("gin_teach" in parsed or "rating" in parsed))
    return parsed is None and _OUR_START.match(head) is not None


def _path_of(path: object) -> Path:
    """``path`` (None: :func:`default_progress_path`) as a ``Path`` to the file itself (a
    symbolic link is followed, so saving replaces the file it points to, not the link), or
    :class:`~gin_teach.errors.ProgressError` for what names no file."""
    if path is None:
        return default_progress_path()
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes):
        raise ProgressError(f"a progress file is named by a path (text), not {excerpt(path)}")
    text = os.fspath(path)
    if not isinstance(text, str) or not text.strip() or "\x00" in text:
        raise ProgressError(f"{excerpt(text)} is not a file name")
    found = Path(text)
    try:
        if found.is_symlink():
            found = found.resolve()
        found.is_dir()  # a name too long for the system fails here, not half way
    except (OSError, RuntimeError) as error:  # RuntimeError: a loop of links
        raise ProgressError(f"{excerpt(text)} cannot be used as a progress file: "
                            f"{getattr(error, 'strerror', None) or error}") from None
    return found


def load_progress(path: str | Path | None = None) -> tuple[Progress, str | None]:
    """The progress saved at ``path`` (default :func:`default_progress_path`) and a message for
    the learner, or None. A missing file is a fresh start; a damaged file of ours is renamed
    ``<name>.damaged-<time>`` and a fresh record starts, with a message saying so. A folder,
    a file that is not ours, or a record from a newer gin_teach raises
    :class:`~gin_teach.errors.ProgressError` and nothing is moved.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "p.json").write_text('{"format": 2, "rating": "damaged"')
    >>> progress, message = load_progress(folder / "p.json")
    >>> progress == Progress(), "set aside" in message
    (True, True)
    >>> load_progress(folder)
    Traceback (most recent call last):
    ...
    gin_teach.errors.ProgressError: ... is a folder, not a progress file: ...
    """
    path = _path_of(path)
    if path.is_dir():
        raise ProgressError(f"{path} is a folder, not a progress file: give a file name such "
                            f"as {path / 'puzzle_progress.json'}")
    if not path.exists():
        return Progress(), None
    if not path.is_file():
        raise ProgressError(f"{path} is not a regular file; nothing was read or moved")
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_PROGRESS_BYTES + 1)
    except OSError as error:
        return Progress(), (f"Your progress file {path} could not be read "
                            f"({error.strerror or error}); this session's progress is kept "
                            "in memory only.")
    parsed: object = None
    problem = ""
    try:
        if len(data) > MAX_PROGRESS_BYTES:
            raise ProgressError(f"the file is larger than {MAX_PROGRESS_BYTES} bytes")
        parsed = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        problem = str(error)[:120]
    if not _looks_ours(data[:64], parsed):
        raise ProgressError(f"{path} is not a gin_teach progress file; it was left as it is: "
                            "choose another file name for your progress")
    if isinstance(parsed, dict) and type(parsed.get("format")) is int \
            and parsed["format"] > PROGRESS_FORMAT:
        raise ProgressError(f"{path} was written by a newer gin_teach (format "
                            f"{parsed['format']}); it was left as it is: update gin_teach")
    if not problem:
        try:
            return Progress.from_dict(parsed), None
        except ProgressError as error:
            problem = str(error)[:120]
    return Progress(), _set_aside(path, problem)


def _set_aside(path: Path, problem: str) -> str:
    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, aside)
    except OSError as error:
        return (f"Your progress file {path} could not be read ({problem}) nor moved aside "
                f"({str(error)[:80]}); starting fresh without it.")
    return (f"Your progress file {path} was damaged ({problem}); it is set aside as "
            f"{aside.name} and a fresh record starts.")


def save_progress(progress: Progress, path: str | Path | None = None) -> None:
    """Write ``progress`` to ``path`` atomically (a temporary file, then ``os.replace``),
    creating the folder if needed. A folder at ``path`` raises ``ProgressError``.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "deeper" / "p.json"
    >>> save_progress(Progress(), path)
    >>> sorted(p.name for p in path.parent.iterdir())
    ['p.json']
    """
    if not isinstance(progress, Progress):
        raise ProgressError(f"save_progress saves a Progress record, not {excerpt(progress)}")
    path = _path_of(path)
    if path.is_dir():
        raise ProgressError(f"{path} is a folder, not a progress file")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, progress.to_json())


LOCK_WAIT_SECONDS = 30.0
"""How long an update waits for another kernel's update of the same file (a few milliseconds
as a rule) before it gives up, keeps the change in memory and says so."""


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``.<name>.lock`` beside ``path`` (a lock file, not the record
    itself, which ``os.replace`` swaps), the system's own file lock on Linux, macOS and Windows
    alike (the ``filelock`` package). A browser's Python has no lock to take (its files have
    none, see :func:`runs_in_browser`) and none is needed: the files are the page's own, and
    each open notebook's kernel is a worker of that one page, recording what the learner's
    clicks and answers ask, one at a time."""
    if runs_in_browser():
        yield
        return
    from filelock import FileLock, Timeout  # only where there is a lock to take

    path.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(path.with_name(f".{path.name}.lock"), timeout=LOCK_WAIT_SECONDS)
    try:
        lock.acquire()
    except Timeout:
        raise ProgressError(f"another kernel has been updating {path.name} for more than "
                            f"{LOCK_WAIT_SECONDS:g} s; close the other notebooks that use it "
                            "and answer again") from None
    try:
        yield
    finally:
        lock.release()


def _free_name(path: Path, tag: str) -> Path:
    """``<name>.<tag>`` beside ``path``, numbered if that name is taken: never an old copy's."""
    candidate = path.with_name(f"{path.name}.{tag}")
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}.{tag}-{number}")
    return candidate


class ProgressStore:
    """One learner's record, as every widget on a page sees it: ``progress`` is always the
    current record (read again when another kernel has changed the file), and
    :meth:`update` applies a change under the file's lock, then tells every subscriber.
    ``ProgressStore.scratch()`` is a throw-away record for worked examples: never written.

    ``message`` holds what the learner should be told about the file (set aside, not
    saved), or None.

    >>> store = ProgressStore.scratch()
    >>> store.subscribe(lambda progress: print("now", progress.attempts))
    >>> _ = store.update(lambda p: p.record("p1", Rating(), 0.0))
    now 1
    """

    def __init__(self, path: str | Path | None) -> None:
        self.path = _path_of(path) if path is not None else None
        self.message: str | None = None
        self._seen: tuple[int, int] | None = None
        self._listeners: list[Callable[[], Callable[[Progress], None] | None]] = []
        if self.path is None:
            self._progress = Progress()
        else:
            self._progress, self.message = load_progress(self.path)
            self._seen = self._stamp()

    @classmethod
    def scratch(cls) -> ProgressStore:
        """A throw-away record: it counts like the real one but is never written.

        >>> ProgressStore.scratch().path is None
        True
        """
        return cls(None)

    @property
    def progress(self) -> Progress:
        """The current record (the file is read again if another kernel changed it)."""
        if self.path is not None and self._stamp() != self._seen:
            try:
                fresh, message = load_progress(self.path)
            except ProgressError as error:
                self.message = str(error)
            else:
                self._progress, self._seen = fresh, self._stamp()
                self.message = message or self.message
        return self._progress

    def _stamp(self) -> tuple[int, int] | None:
        assert self.path is not None
        try:
            stat = self.path.stat()
        except OSError:
            return None
        return (stat.st_mtime_ns, stat.st_size)

    def update(self, change: Callable[[Progress], Progress]) -> Progress:
        """Apply ``change`` to the current record and keep the result: under the file's lock,
        the file is read, changed and written back, so no other kernel's update is lost. A
        file that cannot be written keeps the change in memory and sets ``message``.

        >>> store = ProgressStore.scratch()
        >>> store.update(lambda p: p.record_game(True, (100, 20), 3)).games[0].won
        True
        """
        if self.path is None:
            self._progress = change(self._progress)
        else:
            changed: Progress | None = None
            try:
                with _locked(self.path):
                    current, problem = load_progress(self.path)
                    changed = change(current)
                    save_progress(changed, self.path)
                    self._progress, self._seen = changed, self._stamp()
                self.message = problem
            except (OSError, ProgressError) as error:
                self._progress = changed if changed is not None else change(self._progress)
                words = error.strerror if isinstance(error, OSError) else str(error)
                self.message = (f"Your progress could not be saved to {self.path}: "
                                f"{words or error}")
        self._tell()
        return self._progress

    def replace(self, progress: Progress) -> Path | None:
        """Make ``progress`` the record (a record the learner brought from another machine or
        browser: :func:`gin_teach.learner.classes.import_progress`); return where the record it
        replaces was kept, or None when there was nothing to keep. The old file is copied
        aside (``<name>.replaced-<time>``) before the new one is written, so an import never
        loses a record. A file that cannot be written raises ``ProgressError`` and changes
        nothing.

        >>> store = ProgressStore.scratch()
        >>> store.replace(Progress().record("p1", Rating(), 1.0)), store.progress.attempts
        (None, 1)
        """
        if self.path is None:
            self._progress = progress
            self._tell()
            return None
        path = self.path
        aside: Path | None = None
        try:
            with _locked(path):
                current, _problem = load_progress(path)
                if path.is_file() and current != Progress():
                    aside = _free_name(path, f"replaced-{time.strftime('%Y%m%d-%H%M%S')}")
                    shutil.copyfile(path, aside)
                save_progress(progress, path)
                self._progress, self._seen = progress, self._stamp()
        except OSError as error:
            if aside is not None:
                aside.unlink(missing_ok=True)
            raise ProgressError(f"the record could not be written to {path} "
                                f"({error.strerror or error}); yours is unchanged") from None
        self.message = None
        self._tell()
        return aside

    def subscribe(self, callback: Callable[[Progress], None]) -> None:
        """Call ``callback(progress)`` after every update (a widget's method is held weakly,
        so a closed widget is forgotten)."""
        if hasattr(callback, "__self__") and hasattr(callback, "__func__"):
            self._listeners.append(weakref.WeakMethod(callback))
        else:
            self._listeners.append(lambda: callback)

    def _tell(self) -> None:
        alive = []
        for reference in self._listeners:
            callback = reference()
            if callback is not None:
                alive.append(reference)
                callback(self._progress)
        self._listeners = alive


_STORES: dict[str, ProgressStore] = {}


def store_for(path: str | Path | None = None) -> ProgressStore:
    """The one shared store of the file at ``path`` (default :func:`default_progress_path`):
    every widget that asks for the same file gets the same store, so they all show the same
    record. A folder or a file that is not ours raises ``ProgressError``.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "p.json"
    >>> store_for(path) is store_for(str(path))
    True
    """
    path = _path_of(path)
    key = str(path.expanduser().resolve())
    if key not in _STORES:
        _STORES[key] = ProgressStore(path)
    return _STORES[key]

