"""Lesson progress: which checked exercises a learner has solved, and the course map.

An exercise is a notebook cell that sets the learner's answer (``answer = ...``; ``winner =
...`` and ``points = ...`` for a score) and passes it to a checker from
:mod:`gin_teach.lessons`. Its key is the lesson's name and the cell without those answer
lines, so the stored cell and the cell with the learner's answer typed in have the same key,
and the course map can find every exercise of a lesson by reading the notebook.

The checkers report each answer they check to the listeners registered here
(:func:`checked`). The one registered by this module records it in the learner's store, inside
a notebook kernel only (it reads the cell being run and the notebook's name from IPython when
the process already runs in it; the module imports no Jupyter package). Where the kernel is not
told its notebook (the static site's kernel knows only its folder), the lesson is the notebook
in that folder whose stored cells hold the exercise (:func:`lesson_holding`). A demonstration cell
(no answer line) or a cell still holding its placeholder records nothing, so Run All never
writes a learner's progress.

>>> cell = 'answer = 14\\ncheck_deadwood("7S 7H 7D 8H 9H", answer)'
>>> exercise_key(cell, "01_cards") == exercise_key(cell.replace("14", "..."), "01_cards")
True
>>> exercise_key('print(check_draws_left(9, 7))', "16_the_endgame") is None
True
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from gin_teach.core.validation import names_bad_arguments, wrong_argument
from gin_teach.errors import GinError
from gin_teach.learner.progress import store_for
from gin_teach.learner.record import Progress

__all__ = ["STARS_KEY", "CheckedAnswer", "CourseMap", "LessonStatus", "checked", "course_map",
           "exercise_key", "kernel_shell", "lesson_exercises", "lesson_holding", "listen",
           "record_exercise"]


class CheckedAnswer(Protocol):
    """What this module needs of a checker's answer (:class:`gin_teach.lessons.answers.Feedback`
    is the one the lessons give): whether it was right. The lessons stand above the learner's
    record, so the record names the shape it reads rather than importing it.

    >>> from gin_teach.lessons.answers import Feedback
    >>> answer: CheckedAnswer = Feedback(False, "Not quite: 12 is too many.")
    >>> answer.correct
    False
    """

    @property
    def correct(self) -> bool: ...


_ASSIGNMENT = re.compile(r"^([A-Za-z_]\w*)\s*=(?!=)")
_CHECK_CALL = re.compile(r"\bcheck_\w+\(")
_LISTENERS: list[Callable[[str, CheckedAnswer], None]] = []
_LONGEST_LESSON = 150


@names_bad_arguments
def exercise_key(source: str, lesson: str) -> str | None:
    """The key of the exercise in this cell ``source`` of ``lesson``, or None when the cell
    is not an exercise (no checker, or no answer line whose name the checker is given).

    >>> exercise_key('winner = ...\\npoints = 25\\ncheck_score("AS", "2S", winner, points)',
    ...              "08")[:3]
    '08:'
    """
    lines = source.splitlines()
    names = {match.group(1) for line in lines if (match := _ASSIGNMENT.match(line))}
    call = _CHECK_CALL.search(source)
    if call is None or not names:
        return None
    after = source[call.start():]
    answers = {name for name in names if re.search(rf"\b{name}\b", after)}
    if not answers:
        return None
    kept = [" ".join(line.split()) for line in lines
            if not ((match := _ASSIGNMENT.match(line)) and match.group(1) in answers)]
    body = "\n".join(line for line in kept if line)
    digest = _digest(body)[:12]
    if len(lesson) > _LONGEST_LESSON:  # the key must fit the record's names (199 characters)
        lesson = f"{lesson[:_LONGEST_LESSON - 10]}~{_digest(lesson)[:8]}"
    return f"{lesson}:{digest}"


def _digest(text: str) -> str:
    # surrogatepass: a notebook name Python read from the disk may hold lone surrogates
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def listen(listener: Callable[[str, CheckedAnswer], None]) -> None:
    """Register ``listener(checker name, feedback)``, called after every checked answer.

    >>> heard = []
    >>> listen(lambda name, feedback: heard.append(name))
    >>> from gin_teach.lessons import check_deadwood
    >>> _ = check_deadwood("7S 7H 7D", 0); _LISTENERS.pop() and None; heard
    ['check_deadwood']
    """
    if not callable(listener):  # else every later checked answer would fail in it
        raise wrong_argument("listener", listener, "a function of (checker name, feedback)")
    if listener not in _LISTENERS:
        _LISTENERS.append(listener)


@names_bad_arguments
def checked(checker: str, feedback: CheckedAnswer) -> None:
    """What a checker calls with its feedback: every listener hears of it.

    >>> from gin_teach.lessons.answers import Feedback
    >>> checked("check_nothing", Feedback(True, "Right."))  # the listeners hear of it
    """
    for listener in list(_LISTENERS):
        listener(checker, feedback)


@names_bad_arguments
def lesson_exercises(notebook: str | Path) -> list[str]:
    """The exercise keys of a stored lesson notebook, in order.

    >>> import json, tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "01_x.ipynb"
    >>> cell = {"cell_type": "code", "source": ["answer = ...\\n", "check_cards('AS', answer)"]}
    >>> _ = path.write_text(json.dumps({"cells": [cell]}))
    >>> len(lesson_exercises(path))
    1
    """
    notebook = Path(notebook)
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return []
    keys = []
    for cell in cells if isinstance(cells, list) else []:
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            source = cell.get("source", "")
            text = "".join(source) if isinstance(source, list) else str(source)
            key = exercise_key(text, notebook.stem)
            if key is not None:
                keys.append(key)
    return keys


@dataclass(frozen=True)
class LessonStatus:
    """One lesson on the course map: its ``name``, how many ``exercises`` it has, how many
    the learner has ``solved``, solved at the ``first_try`` and ``attempted`` (answered at
    least once, right or not).

    >>> LessonStatus("01_cards", 6, 6).done, LessonStatus("17_lab", 0, 0).done
    (True, False)
    """

    name: str
    exercises: int
    solved: int
    first_try: int = 0
    attempted: int = 0

    @property
    def stars(self) -> int:
        """Small wins: 3 stars for every exercise right at the first try, 2 for every one
        right, 1 for having tried one; 0 before that (and for a lesson without exercises).

        >>> [LessonStatus("01", 6, 6, 6, 6).stars, LessonStatus("01", 6, 6, 4, 6).stars,
        ...  LessonStatus("01", 6, 1, 1, 2).stars, LessonStatus("01", 6, 0, 0, 0).stars]
        [3, 2, 1, 0]
        """
        if self.exercises == 0 or self.attempted == 0:
            return 0
        if self.first_try >= self.exercises:
            return 3
        return 2 if self.done else 1

    @property
    def done(self) -> bool:
        """Every exercise solved (a lesson without exercises is never "done" by this map)."""
        return self.exercises > 0 and self.solved >= self.exercises


@dataclass(frozen=True)
class CourseMap:
    """The course map: each lesson with its exercises solved; shows as a table.

    >>> print(CourseMap((LessonStatus("01_cards", 6, 2),)))
    01_cards: 2/6
    """

    lessons: tuple[LessonStatus, ...]

    def _repr_html_(self) -> str:
        rows = []
        for lesson in self.lessons:
            if lesson.exercises == 0:
                state = "no checked exercises"
            elif lesson.done:
                state = f"✔ done ({lesson.solved} of {lesson.exercises})"
            else:
                state = f"{lesson.solved} of {lesson.exercises} exercises solved"
            rows.append(f"<tr><td><code>{html.escape(lesson.name)}</code></td>"
                        f"<td>{html.escape(state)}</td>{_stars_cell(lesson)}</tr>")
        return ("<table><tr><th>Lesson</th><th>Your progress</th><th>Stars</th></tr>"
                + "".join(rows) + "</table>" + STARS_KEY)

    def __str__(self) -> str:
        return "\n".join(f"{lesson.name}: {lesson.solved}/{lesson.exercises}"
                         + (" done" if lesson.done else "")
                         + (f" {'★' * lesson.stars}" if lesson.stars else "")
                         for lesson in self.lessons)


STARS_KEY = ("<p><small>★★★ every exercise right at the first try · ★★ every exercise "
             "right · ★ tried</small></p>")
"""What the stars of the course map mean, shown under it."""


def _stars_cell(lesson: LessonStatus) -> str:
    if lesson.exercises == 0:
        return "<td></td>"
    earned = "★" * lesson.stars + "☆" * (3 - lesson.stars)
    return (f'<td aria-label="{lesson.stars} of 3 stars" title="{lesson.stars} of 3 stars">'
            f"{earned}</td>")


@names_bad_arguments
def course_map(progress: Progress, folder: str | Path = ".") -> CourseMap:
    """Each lesson notebook (``NN_name.ipynb``) in ``folder`` with how many of its exercises
    ``progress`` has solved.

    >>> course_map(Progress(), "no such folder").lessons
    ()
    """
    try:
        notebooks = sorted(Path(folder).glob("[0-9][0-9]_*.ipynb"))
    except OSError as error:  # a name too long for the system, a folder not to be read
        raise wrong_argument("folder", folder, f"a folder that can be read "
                                               f"({error.strerror or error})") from None
    lessons = []
    for notebook in notebooks:
        keys = lesson_exercises(notebook)
        records = [record for key in keys if (record := progress.exercises.get(key))]
        solved = [record for record in records if record.first_solved is not None]
        lessons.append(LessonStatus(notebook.stem, len(keys), len(solved),
                                    sum(1 for record in solved if record.tries == 1),
                                    sum(1 for record in records if record.tries > 0)))
    return CourseMap(tuple(lessons))


# ---------------------------------------------------------------------- recording in a kernel

def kernel_shell() -> Any:
    """The IPython shell of the notebook kernel this code runs in, or None (a script, a test,
    a plain Python prompt). IPython is only looked up, never imported, here.

    >>> kernel_shell() is None  # a doctest runs in no notebook kernel
    True
    """
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell if shell is not None and getattr(shell, "kernel", None) is not None else None


@dataclass
class _FolderLessons:
    """What the lessons of one folder hold: the lesson of each exercise (by the digest part of
    its key), the digests looked for there in vain, and the notebooks read."""

    notebooks: tuple[str, ...] = ()
    lessons: dict[str, str] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)


# Read once per kernel and folder, again when a digest is new or the notebooks change.
_FOLDERS: dict[Path, _FolderLessons] = {}


@names_bad_arguments
def lesson_holding(source: str, folder: str | Path = ".") -> str:
    """The name of the lesson notebook in ``folder`` (``NN_name.ipynb``) whose stored cells
    hold the exercise of the cell ``source``, answered or not; ``""`` when none does. How an
    answer finds its lesson where the kernel is not told which notebook it runs (the static
    site's kernel knows only its folder).

    >>> import json, tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> cell = {"cell_type": "code", "source": "answer = ...\\ncheck_cards('AS', answer)"}
    >>> _ = (folder / "01_x.ipynb").write_text(json.dumps({"cells": [cell]}))
    >>> lesson_holding("answer = 'AS'\\ncheck_cards('AS', answer)", folder)
    '01_x'
    >>> lesson_holding("answer = 'KS'\\ncheck_cards('KS', answer)", folder)
    ''
    """
    key = exercise_key(source, "")
    if key is None:
        return ""
    digest = key.removeprefix(":")
    where = Path(folder).resolve()
    seen = _FOLDERS.setdefault(where, _FolderLessons())
    if digest in seen.lessons:
        return seen.lessons[digest]
    # One listing per answer; the notebooks themselves are read again only when they changed
    # since a digest was last looked for in vain (each read is slow in a browser's drive).
    notebooks = sorted(where.glob("[0-9][0-9]_*.ipynb"))
    names = tuple(notebook.name for notebook in notebooks)
    if digest in seen.missing and names == seen.notebooks:
        return ""
    seen = _FOLDERS[where] = _FolderLessons(names)
    for notebook in notebooks:
        for found in lesson_exercises(notebook):
            seen.lessons.setdefault(found.split(":", 1)[1], notebook.stem)
    if digest not in seen.lessons:
        seen.missing.add(digest)
    return seen.lessons.get(digest, "")


def _lesson_name(shell: Any, source: str) -> str:
    """The lesson of the answer in ``source``: the notebook the kernel was started for (the
    session name JupyterLab gives it), or else the lesson in the kernel's folder that holds
    this exercise."""
    session = shell.user_ns.get("__session__") or os.environ.get("JPY_SESSION_NAME") or ""
    if session:
        return Path(str(session)).stem
    try:
        return lesson_holding(source)
    except OSError:  # a folder that cannot be read: the answer counts, without its lesson
        return ""


@names_bad_arguments
def record_exercise(checker: str, feedback: CheckedAnswer) -> bool:
    """Record a checked answer in the learner's store when it was given in an exercise cell
    of a notebook (see :func:`exercise_key`); return whether it was recorded.

    >>> from gin_teach.lessons.answers import Feedback
    >>> record_exercise("check_deadwood", Feedback(True, "Right."))  # no notebook here
    False
    """
    shell = kernel_shell()
    if shell is None:
        return False
    cells = shell.user_ns.get("_ih") or [""]
    source = str(cells[-1])
    if exercise_key(source, "") is None:
        return False
    lesson = _lesson_name(shell, source)
    key = exercise_key(source, lesson)
    if key is None:
        return False
    try:
        store_for().update(lambda p: p.record_exercise(key, lesson, bool(feedback.correct)))
    except GinError as error:  # the learner still gets the checker's feedback
        warnings.warn(f"your answer to {checker} was not recorded: {error}", stacklevel=2)
        return False
    return True


def _record(checker: str, feedback: CheckedAnswer) -> None:
    record_exercise(checker, feedback)


listen(_record)
