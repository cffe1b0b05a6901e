"""The ``gin-teach`` command: the course's notebooks and teacher notes, copied out of the
installed package into a folder of your choice, and JupyterLab opened there.

The notebooks ship inside the package (``gin_teach/course/`` in a wheel, built from the
repository's ``notebooks/`` folder), so a ``pip install gin_teach`` on a lab machine or a
JupyterHub has the whole course::

    gin-teach copy my-course      # copies the lessons into my-course/ (made if missing)
    gin-teach lab my-course       # the same, then JupyterLab on lesson 0 there

A copy never overwrites a lesson you changed. The folder keeps a small record
(:data:`RECORD_NAME`) of what was copied, so after an upgrade of the package a lesson you left
as it was is brought up to date, while an edited one is kept and reported; ``--force``
replaces it too, after moving your version aside (``02_melds.edited.ipynb``). Every file is
written atomically (a temporary file, then a rename), so an interrupted copy leaves no half
notebook.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp()) / "course"
>>> report = copy_course(folder)
>>> "00_start_here.ipynb" in report.copied and "teachers.md" in report.copied
True
>>> copy_course(folder).copied
()
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from gin_teach.core.files import read_regular_file, write_atomically
from gin_teach.core.validation import names_bad_arguments
from gin_teach.errors import CourseError, excerpt

__all__ = ["COURSE_SUFFIXES", "RECORD_NAME", "START", "CopyReport", "copy_course",
           "course_folder", "lab_command", "main"]

START: Final = "00_start_here.ipynb"
"""The lesson JupyterLab opens on."""
COURSE_SUFFIXES: Final = (".ipynb", ".md")
"""The files of the course: the notebooks and the teacher notes."""
RECORD_NAME: Final = ".gin-teach-course.json"
"""The record, in a copied course's folder, of each file as it was copied (its SHA-256)."""
DEFAULT_FOLDER: Final = "gin-teach-course"
LARGEST_FILE: Final = 50_000_000
"""The most bytes a lesson (or the record) may have: the largest lesson has well under 1 MB,
and a name linked to a device such as /dev/zero never ends."""
LARGEST_RECORD: Final = 1_000_000


def course_folder() -> Path:
    """The folder the course is copied from: ``gin_teach/course/`` in an installed wheel, or
    the repository's ``notebooks/`` beside the package in a source checkout (and an editable
    install, which runs the checkout's files).

    >>> (course_folder() / START).is_file()
    True
    """
    package = Path(__file__).resolve().parent.parent
    candidates = (package / "course", package.parent / "notebooks")
    for folder in candidates:
        if (folder / START).is_file():
            return folder
    raise CourseError(f"no course found beside the package: looked for {START} in "
                      f"{' and '.join(str(folder) for folder in candidates)}; reinstall "
                      f"gin_teach")


def _course_files(source: Path) -> list[Path]:
    return sorted(path for path in source.iterdir()
                  if path.is_file() and path.suffix in COURSE_SUFFIXES)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_record(folder: Path) -> dict[str, str]:
    """The digests a previous copy recorded; an unreadable record counts as none (every
    differing file is then treated as edited, the safe side)."""
    path = folder / RECORD_NAME
    if not path.exists():
        return {}
    try:
        data = json.loads(read_regular_file(path, most=LARGEST_RECORD, what="record",
                                            error=CourseError).decode("utf-8"))
        files = data["files"]
        return {str(name): str(digest) for name, digest in files.items()}
    except CourseError:
        if path.is_file():  # too large, unreadable: as if there were none
            return {}
        raise CourseError(f"the copy's record {excerpt(str(path))} is not a regular file (a "
                          "folder, a pipe or a device): move it away and copy again; nothing "
                          "was copied") from None
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return {}


def _read(path: Path) -> bytes | None:
    """The bytes of a regular file; None when the name holds something else (a folder, a
    pipe, a device, a link to nothing) or cannot be read, which a copy leaves alone."""
    try:
        return read_regular_file(path, most=LARGEST_FILE, what="lesson", error=CourseError)
    except CourseError:
        return None


def _aside(path: Path) -> Path:
    """A free name beside ``path`` for an edited copy: ``name.edited.ipynb``, then
    ``name.edited-2.ipynb``..."""
    number = 1
    while True:
        tag = "edited" if number == 1 else f"edited-{number}"
        candidate = path.with_name(f"{path.stem}.{tag}{path.suffix}")
        if not candidate.exists():
            return candidate
        number += 1


@dataclass(frozen=True)
class CopyReport:
    """What :func:`copy_course` did with each file of the course, by file name.

    ``copied``: new in the folder; ``updated``: a copy left as it was, replaced by the
    package's newer version; ``unchanged``: already the same; ``kept``: an edited copy left
    alone (``force`` was not given); ``replaced``: an edited copy moved aside (the pairs are
    the file and the name it was moved to) and replaced; ``blocked``: the lesson's name is
    taken by a folder, a pipe, a device or a file that cannot be read, left alone (even with
    ``force``).

    >>> print(CopyReport(Path("c"), copied=("a.ipynb",), kept=("b.ipynb",)))
    Copied 1 file into c: a.ipynb
    Kept 1 file you changed: b.ipynb
      (gin-teach copy --force replaces them, moving your versions aside)
    """

    folder: Path
    copied: tuple[str, ...] = ()
    updated: tuple[str, ...] = ()
    unchanged: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    replaced: tuple[tuple[str, str], ...] = ()
    blocked: tuple[str, ...] = ()

    def __str__(self) -> str:
        def files(names: Sequence[str]) -> str:
            return f"{len(names)} file{'s' if len(names) != 1 else ''}"

        lines = []
        if self.copied:
            lines.append(f"Copied {files(self.copied)} into {self.folder}: "
                         f"{', '.join(self.copied)}")
        if self.updated:
            lines.append(f"Updated {files(self.updated)} to the installed version: "
                         f"{', '.join(self.updated)}")
        if self.unchanged:
            lines.append(f"{files(self.unchanged)} already up to date in {self.folder}")
        if self.kept:
            lines.append(f"Kept {files(self.kept)} you changed: {', '.join(self.kept)}")
            lines.append("  (gin-teach copy --force replaces them, moving your versions aside)")
        for name, aside in self.replaced:
            lines.append(f"Replaced {name}; your version is now {aside}")
        if self.blocked:
            lines.append(f"Left {files(self.blocked)} alone: the name holds a folder, a pipe, "
                         f"a device or a file that cannot be read: {', '.join(self.blocked)}")
        return "\n".join(lines)


def copy_course(folder: str | Path, force: bool = False, source: str | Path | None = None
                ) -> CopyReport:
    """Copy the course (every notebook and the teacher notes of ``source``, by default
    :func:`course_folder`) into ``folder``, made if missing.

    A file already in ``folder`` is replaced only when it is exactly as an earlier copy left
    it; one you edited is kept (and reported) unless ``force``, which first moves it aside.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = copy_course(folder)
    >>> _ = (folder / "02_melds.ipynb").write_text("{}")  # the learner's own version
    >>> copy_course(folder).kept
    ('02_melds.ipynb',)
    >>> copy_course(folder, force=True).replaced
    (('02_melds.ipynb', '02_melds.edited.ipynb'),)
    """
    if not isinstance(folder, (str, os.PathLike)):
        raise CourseError(f"the folder to copy the course into is a path, not "
                          f"{excerpt(folder)}")
    if "\x00" in str(os.fspath(folder)):  # no system takes it in a name
        raise CourseError(f"cannot copy the course into {excerpt(str(folder))}: a folder name "
                          "holds no NUL byte")
    target = Path(folder).expanduser()
    try:
        exists = target.exists()
    except OSError as error:  # a name the system refuses, such as one too long
        raise CourseError(f"cannot copy the course into {excerpt(str(folder))}: "
                          f"{error.strerror or error}") from None
    if exists and not target.is_dir():
        raise CourseError(f"cannot copy the course into {excerpt(str(folder))}: it is a file, "
                          f"not a folder")
    if source is not None and not isinstance(source, (str, os.PathLike)):
        raise CourseError(f"the folder to copy the course from is a path, not "
                          f"{excerpt(source)}")
    origin = Path(source) if source is not None else course_folder()
    try:
        files = _course_files(origin)
    except (OSError, ValueError) as error:  # no such folder, or a name no system takes
        raise CourseError(f"cannot read the course from {excerpt(str(origin))}: "
                          f"{getattr(error, 'strerror', None) or error}") from None
    if not files:
        raise CourseError(f"no notebooks in {excerpt(str(origin))} to copy")
    target.mkdir(parents=True, exist_ok=True)
    record = _read_record(target)  # a record that is no file stops the copy before it starts
    copied: list[str] = []
    updated: list[str] = []
    unchanged: list[str] = []
    kept: list[str] = []
    replaced: list[tuple[str, str]] = []
    blocked: list[str] = []
    for path in files:
        source_data = _read(path)
        if source_data is None:
            continue  # listed as a file, swapped since: nothing to copy
        data, new = source_data, _digest(source_data)
        destination = target / path.name
        if not (destination.exists() or destination.is_symlink()):
            copied.append(path.name)
        else:
            there = _read(destination)
            if there is None:
                blocked.append(path.name)
                continue
            present = _digest(there)
            if present == new:
                unchanged.append(path.name)
                record[path.name] = new
                continue
            if record.get(path.name) == present:
                updated.append(path.name)
            elif force:
                aside = _aside(destination)
                os.replace(destination, aside)
                replaced.append((path.name, aside.name))
            else:
                kept.append(path.name)
                continue
        write_atomically(destination, data)
        record[path.name] = new
    write_atomically(target / RECORD_NAME,
                      json.dumps({"files": dict(sorted(record.items()))}, indent=1).encode())
    return CopyReport(target, tuple(copied), tuple(updated), tuple(unchanged), tuple(kept),
                      tuple(replaced), tuple(blocked))


@names_bad_arguments
def lab_command(folder: str | Path, extra: Sequence[str] = ()) -> list[str]:
    """The command that opens JupyterLab in ``folder`` on the first lesson (run it with the
    folder as working directory); ``extra`` are JupyterLab's own options (``--port 8890``).

    >>> lab_command("course", ["--no-browser"])[1:3]
    ['-m', 'jupyterlab']
    """
    root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    return [sys.executable, "-m", "jupyterlab", *root, *extra, START]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gin-teach",
        description="The Gin Rummy course in JupyterLab: copy the lessons into a folder, and "
                    "open JupyterLab there. Lessons you changed are never overwritten.")
    # The installed distribution's version (the command exists only once it is installed),
    # read without importing the package root, which would load every layer for one line.
    parser.add_argument("--version", action="version",
                        version=f"gin_teach {importlib.metadata.version('gin_teach')}")
    commands = parser.add_subparsers(dest="command", metavar="{copy,lab}")
    for name, summary in (
            ("copy", "copy the course's notebooks and teacher notes into FOLDER"),
            ("lab", "copy the course into FOLDER (as copy does), then open JupyterLab there; "
                    "other options go to JupyterLab (--no-browser, --port N)")):
        command = commands.add_parser(name, help=summary, description=summary)
        command.add_argument("folder", nargs="?", default=DEFAULT_FOLDER,
                             help=f"where the course goes (default: ./{DEFAULT_FOLDER})")
        command.add_argument("--force", action="store_true",
                             help="replace lessons you changed too (your versions are moved "
                                  "aside as NAME.edited.ipynb)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The ``gin-teach`` command; returns the exit status (2 for bad arguments, 1 when the
    copy or JupyterLab cannot start, with the reason on stderr).

    >>> import tempfile
    >>> main(["copy", str(Path(tempfile.mkdtemp()) / "c")])  # doctest: +ELLIPSIS
    Copied ... files into ...: 00_start_here.ipynb, ...
    0
    """
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    if extra and args.command != "lab":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        report = copy_course(args.folder, force=args.force)
    except (CourseError, OSError) as error:
        print(f"gin-teach: {error}", file=sys.stderr)
        return 1
    print(report)
    if args.command == "copy":
        return 0
    if importlib.util.find_spec("jupyterlab") is None:
        print("gin-teach: JupyterLab is not installed in this Python; install it with "
              "pip install 'gin_teach[notebooks]', or open the copied folder in your own "
              "JupyterLab", file=sys.stderr)
        return 1
    command = lab_command(report.folder, extra)
    sys.stdout.flush()
    if os.name == "posix":  # JupyterLab takes over the process, and so Ctrl-C
        os.chdir(report.folder)
        os.execv(command[0], command)
    return subprocess.call(command, cwd=report.folder)


if __name__ == "__main__":
    sys.exit(main())
