"""For classes: a learner exports their record to one file; a teacher merges a folder of such
files into a class table and a chart (who practised, ratings, weakest themes). The same file
carries a learner's record to another machine or browser (:func:`import_progress`).

>>> import tempfile, pathlib
>>> from gin_teach.learner.rating import Rating
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> ada = Progress().record("p1", Rating(1400, 80), 1.0, themes=("count",))
>>> _ = export_progress(folder / "ada.json", "Ada", ada)
>>> _ = export_progress(folder / "ben.json", "Ben", Progress())
>>> table = class_table(folder)
>>> [(row.name, row.attempts) for row in table.rows]
[('Ada', 1), ('Ben', 0)]
"""

from __future__ import annotations

import csv
import datetime
import html
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gin_teach.core.files import read_regular_file, write_atomically
from gin_teach.core.validation import names_bad_arguments, wrong_argument
from gin_teach.core.wording import counted
from gin_teach.errors import ProgressError
from gin_teach.learner.charts import Picture, bar_chart, charts_html
from gin_teach.learner.progress import MAX_PROGRESS_BYTES, ProgressStore, store_for
from gin_teach.learner.record import Progress

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["CSV_COLUMNS", "EXPORT_FORMAT", "ClassRow", "ClassTable", "class_table",
           "export_progress", "figure_svg", "import_progress", "read_export"]

EXPORT_FORMAT = 1
_KIND = "gin_teach progress export"
CSV_COLUMNS = ("learner", "days practised", "last practised", "puzzles answered",
               "puzzle rating", "weakest themes", "exercises solved", "games played")
"""The class table's columns in a CSV file, for a gradebook: one row a learner."""
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@names_bad_arguments
def export_progress(out: str | Path, name: str, progress: Progress | None = None) -> Path:
    """Write ``progress`` (default: the learner's own record) with the learner's ``name`` to
    the file ``out``, atomically; return its path. An existing file that is not an export is
    never overwritten.

    >>> import tempfile, pathlib
    >>> out = export_progress(pathlib.Path(tempfile.mkdtemp()) / "me.json", "Ada", Progress())
    >>> read_export(out)[0]
    'Ada'
    """
    if not isinstance(name, str) or not name.strip() or len(name) > 80:
        raise ProgressError(f"a learner's name is some text up to 80 characters, not "
                            f"{name!r:.40}")
    out = Path(out)
    if _is_folder(out):
        raise ProgressError(f"{out} is a folder: give the export a file name, such as "
                            f"{out / (name.strip() + '.json')}")
    if out.exists():
        read_export(out)  # raises unless it is an export (a learner's earlier one)
    record = progress if progress is not None else store_for().progress
    data = {"gin_teach": _KIND, "format": EXPORT_FORMAT, "name": name.strip(),
            "exported": datetime.datetime.now().isoformat(timespec="minutes"),
            "progress": record.to_dict()}
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(out, json.dumps(data))
    except OSError as error:
        raise _not_written(out, error) from None
    return out


def _not_written(out: Path, error: OSError) -> ProgressError:
    """The error of an export the system would not write: nothing was written, and an earlier
    export of the same name is as it was.

    >>> print(_not_written(Path("/class/ada.json"), PermissionError(13, "Permission denied")))
    the export could not be written in /class (Permission denied): choose a folder you can write to
    """
    return ProgressError(f"the export could not be written in {out.parent} "
                         f"({error.strerror or error}): choose a folder you can write to")


@names_bad_arguments
def import_progress(source: str | Path, store: ProgressStore | None = None) -> str:
    """Make the record in the export file ``source`` (written by :func:`export_progress` on
    another machine or in another browser) the learner's own, or ``store``'s; return what to
    tell the learner. The record it replaces is kept beside it
    (:meth:`~gin_teach.learner.progress.ProgressStore.replace`); a file that is not an export raises
    ``ProgressError`` and changes nothing.

    >>> import tempfile, pathlib
    >>> from gin_teach.learner.rating import Rating
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "ada.json"
    >>> _ = export_progress(out, "Ada", Progress().record("p1", Rating(), 1.0))
    >>> store = ProgressStore.scratch()
    >>> import_progress(out, store), store.progress.attempts
    ("Ada's record is now yours: 1 puzzle answered, 0 lesson exercises solved.", 1)
    """
    if store is not None and not isinstance(store, ProgressStore):
        raise wrong_argument("store", store, "a ProgressStore or None")
    name, progress = read_export(source)
    target = store if store is not None else store_for()
    kept = target.replace(progress)
    solved = sum(1 for e in progress.exercises.values() if e.first_solved is not None)
    words = (f"{name}'s record is now yours: {counted(progress.attempts, 'puzzle')} answered, "
             f"{counted(solved, 'lesson exercise')} solved.")
    if kept is not None:
        words += f" The record it replaced is kept as {kept.name}."
    return words


def _is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder; a name the system refuses (too long) is a ProgressError."""
    try:
        return path.is_dir()
    except OSError as error:
        raise ProgressError(f"{str(path)[:60]!r} cannot be used: {error.strerror or error}"
                            ) from None


@names_bad_arguments
def read_export(path: str | Path) -> tuple[str, Progress]:
    """The learner's name and record in an export file (``ProgressError`` if it is not one).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "x.json"
    >>> _ = path.write_text("[]")
    >>> read_export(path)
    Traceback (most recent call last):
    ...
    gin_teach.errors.ProgressError: x.json is not a gin_teach progress export
    """
    path = Path(path)
    try:
        if path.stat().st_size > MAX_PROGRESS_BYTES:
            raise ProgressError(f"{path.name} is too large to be a progress export")
        # Only a regular file is read, and never past the limit: a pipe named x.json would
        # hang the class table, a link to /dev/zero would fill the memory.
        text = read_regular_file(path, most=MAX_PROGRESS_BYTES, what="export",
                                 error=ProgressError)
        data: Any = json.loads(text.decode("utf-8"))
    except ProgressError:
        raise ProgressError(f"{path.name} could not be read as a progress export: it is not "
                            f"a regular file, or it is larger than {MAX_PROGRESS_BYTES:,} "
                            "bytes") from None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        raise ProgressError(f"{path.name} could not be read as a progress export") from None
    if not (isinstance(data, dict) and data.get("gin_teach") == _KIND
            and data.get("format") == EXPORT_FORMAT and isinstance(data.get("name"), str)):
        raise ProgressError(f"{path.name} is not a gin_teach progress export")
    try:
        return data["name"][:80], Progress.from_dict(data.get("progress"))
    except ProgressError as error:
        raise ProgressError(f"{path.name}: {error}") from None


@dataclass(frozen=True)
class ClassRow:
    """One learner in the class table.

    >>> ClassRow("Ada", 3, "2025-12-03", 12, 1544.0, ("shape",), 9, 2).weakest_themes
    ('shape',)
    """

    name: str
    days_practised: int
    last_practised: str | None
    attempts: int
    rating: float
    weakest_themes: tuple[str, ...]
    exercises_solved: int
    games: int


@dataclass(frozen=True)
class ClassTable:
    """A class's records side by side (``rows``, by name) and the files that could not be
    read (``skipped``: file name and why). Shows as a table; :meth:`chart` draws it.

    >>> "<table>" in ClassTable(())._repr_html_()
    True
    """

    rows: tuple[ClassRow, ...]
    skipped: tuple[tuple[str, str], ...] = ()

    def _repr_html_(self) -> str:
        head = ("<tr><th>Learner</th><th>Days practised</th><th>Last</th><th>Puzzles</th>"
                "<th>Rating</th><th>Weakest themes</th><th>Exercises solved</th>"
                "<th>Games</th></tr>")
        rows = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in (
                row.name, row.days_practised, row.last_practised or "never", row.attempts,
                round(row.rating), ", ".join(row.weakest_themes) or "-",
                row.exercises_solved, row.games)) + "</tr>" for row in self.rows)
        skipped = "".join(f"<p>Not read: {html.escape(name)} ({html.escape(why)})</p>"
                          for name, why in self.skipped)
        return f"<table>{head}{rows}</table>{skipped}"

    def to_csv(self) -> str:
        """The table as CSV text (:data:`CSV_COLUMNS`), for a spreadsheet or a gradebook. A
        name a spreadsheet would read as a formula ("=SUM(...)") is written with a leading
        apostrophe, as spreadsheets themselves mark text.

        >>> row = ClassRow("Ada", 3, "2025-12-03", 12, 1544.4, ("shape", "count"), 9, 2)
        >>> text = ClassTable((row, ClassRow("=cmd", 0, None, 0, 1500.0, (), 0, 0))).to_csv()
        >>> print(text.splitlines()[0][:45])
        learner,days practised,last practised,puzzles
        >>> for line in text.splitlines()[1:]:
        ...     print(line)
        Ada,3,2025-12-03,12,1544,shape; count,9,2
        '=cmd,0,,0,1500,,0,0
        """
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for row in self.rows:
            name = f"'{row.name}" if row.name.startswith(_FORMULA_START) else row.name
            writer.writerow([name, row.days_practised, row.last_practised or "",
                             row.attempts, round(row.rating), "; ".join(row.weakest_themes),
                             row.exercises_solved, row.games])
        return out.getvalue()

    def write_csv(self, out: str | Path) -> Path:
        """Write :meth:`to_csv` to the file ``out`` atomically; return its path. A file there
        that is not an earlier class table is never overwritten.

        >>> import tempfile, pathlib
        >>> path = ClassTable(()).write_csv(pathlib.Path(tempfile.mkdtemp()) / "class.csv")
        >>> path.read_text().startswith("learner,")
        True
        """
        out = Path(out)
        if _is_folder(out):
            raise ProgressError(f"{out} is a folder: give the table a file name, such as "
                                f"{out / 'class.csv'}")
        if out.exists() and not _is_class_csv(out):
            raise ProgressError(f"{out.name} is not a class table written here: choose "
                                "another file name, so that file is kept")
        out.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(out, self.to_csv())
        return out

    def chart(self) -> Picture:
        """Two bar charts, a bar a learner: each one's rating (with its 95% range: the bars'
        whiskers) and the days each practised. Drawn as SVG by
        :mod:`gin_teach.learner.charts`, so it needs no plotting package, and a name is shown
        as written, whatever it holds.

        >>> "Ada" in ClassTable((ClassRow("Ada", 3, None, 12, 1544.0, (), 9, 2),)).chart().html
        True
        """
        names = [row.name for row in self.rows]
        ratings = bar_chart(names, [row.rating for row in self.rows], title="Puzzle rating",
                            colour="#4a7ebb", empty="no learner in the folder",
                            start=min([800.0, *(row.rating - 50 for row in self.rows)]))
        days = bar_chart(names, [row.days_practised for row in self.rows],
                         title="Days practised", start=0, empty="no learner in the folder")
        return Picture(charts_html([ratings, days]))


def _is_class_csv(path: Path) -> bool:
    """Whether ``path`` holds a class table this module wrote (its header line)."""
    try:
        with path.open(encoding="utf-8") as stream:
            return stream.readline().rstrip("\r\n") == ",".join(CSV_COLUMNS)
    except (OSError, UnicodeDecodeError):
        return False


@names_bad_arguments
def class_table(folder: str | Path) -> ClassTable:
    """Merge every export (``*.json``) in ``folder`` into a :class:`ClassTable`; a file that
    is not an export is listed as skipped, never changed.

    >>> import tempfile
    >>> class_table(tempfile.mkdtemp()).rows
    ()
    """
    folder = Path(folder)
    if not _is_folder(folder):
        raise ProgressError(f"{folder} is not a folder of progress exports")
    rows, skipped = [], []
    for path in sorted(folder.glob("*.json")):
        try:
            name, progress = read_export(path)
        except ProgressError as error:
            skipped.append((path.name, str(error)))
            continue
        days = sorted(progress.days)
        rows.append(ClassRow(
            name, len(days), days[-1] if days else None, progress.attempts,
            progress.rating.rating,
            tuple(theme for theme, _ in progress.theme_ranking()[:3]),
            sum(1 for e in progress.exercises.values() if e.first_solved is not None),
            len(progress.games)))
    rows.sort(key=lambda row: row.name.lower())
    return ClassTable(tuple(rows), tuple(skipped))


@names_bad_arguments
def figure_svg(figure: Figure) -> str:
    """A matplotlib figure as an SVG picture, for an HTML widget or a static page.

    >>> from matplotlib.figure import Figure
    >>> figure_svg(Figure()).startswith("<svg")
    True
    """
    out = io.StringIO()
    figure.savefig(out, format="svg", bbox_inches="tight")
    text = out.getvalue()
    return text[text.find("<svg"):]
