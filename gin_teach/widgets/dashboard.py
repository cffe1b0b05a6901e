"""The progress dashboard, and the small hooks that record a learner's lesson exercises and
games in the same store as the puzzles.

:class:`ProgressDashboard` shows the learner's record in three charts (SVG pictures drawn by
:mod:`gin_teach.charts`, so they need no plotting package and look the same in the static
site): the puzzle rating over time, the themes from weakest to strongest, and a calendar of
the days practised with the current streak; beside them, the puzzles due for review, the
exercises solved and the games played. It redraws whenever the record changes (the trainer on
the same page answers a puzzle, say). Its *Export* and *Import* carry the record to another
machine or browser, or to a teacher's class table.

Recording follows one rule: only the learner's own answers and clicks count. A checked
exercise is recorded when the learner runs an exercise cell with an answer in it (never a
demonstration cell, never a placeholder: :mod:`gin_teach.lesson_progress` does that); a game
at the table is recorded here when it ends on the learner's click.
"""

from __future__ import annotations

import datetime
import html
import warnings
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

import ipywidgets as widgets

from gin_teach.charts import bar_chart, calendar_chart, charts_html, line_chart
from gin_teach.errors import GinError
from gin_teach.learner_record import COUNTING_RULE, Progress
from gin_teach.lesson_progress import kernel_shell
from gin_teach.progress import ProgressStore, store_for
from gin_teach.review_schedule import missed_words
from gin_teach.widgets.record_transfer import RecordTransfer

if TYPE_CHECKING:
    from gin_teach.game import Game

__all__ = ["ProgressDashboard", "dashboard_charts", "days_chart", "from_a_click", "rating_chart",
           "record_finished_game", "themes_chart"]

CALENDAR_WEEKS = 12
"""How many weeks the calendar of practised days shows."""


def dashboard_charts(progress: Progress, today: datetime.date | None = None) -> str:
    """The three charts of the dashboard, as HTML holding three SVG pictures
    (:mod:`gin_teach.charts`): the same in JupyterLab and in the static site, with no plotting
    package.

    >>> import re
    >>> re.findall(r'aria-label="([^"]*)"', dashboard_charts(Progress()))
    ['Puzzle rating', 'Themes, weakest first', 'Days practised: streak 0']
    """
    today = today or datetime.date.today()
    return charts_html([rating_chart(progress), themes_chart(progress),
                        days_chart(progress, today)])


def rating_chart(progress: Progress) -> str:
    """The puzzle rating after each answer, with the starting 1500 dashed.

    >>> "no puzzle answered yet" in rating_chart(Progress())
    True
    """
    return line_chart([row[3] for row in progress.history], title="Puzzle rating",
                      x_label="puzzles answered", reference=1500,
                      empty="no puzzle answered yet")


THEMES_SHOWN = 12
"""How many themes the themes chart shows, weakest first (the rest are named as a count)."""


def themes_chart(progress: Progress) -> str:
    """Each theme's rating, weakest first, its whisker how sure the rating is.

    >>> from gin_teach.rating import Rating
    >>> "more outs" in themes_chart(Progress().record("p1", Rating(), 1.0, themes=("more outs",)))
    True
    """
    ranked = progress.theme_ranking()
    shown = ranked[:THEMES_SHOWN]
    title = "Themes, weakest first"
    if len(ranked) > len(shown):
        title += f" ({len(ranked) - len(shown)} more)"
    return bar_chart([theme for theme, _ in shown], [r.rating for _, r in shown],
                     whiskers=[r.deviation for _, r in shown], title=title,
                     start=min([800.0, *(r.rating - r.deviation - 50 for _, r in shown)]),
                     empty="no theme practised yet")


def days_chart(progress: Progress, today: datetime.date) -> str:
    """The last weeks' calendar, the days practised dark, with the current streak.

    >>> "Days practised: streak 0" in days_chart(Progress(), datetime.date(2026, 1, 5))
    True
    """
    return calendar_chart(progress.days, today, weeks=CALENDAR_WEEKS,
                          title=f"Days practised: streak {progress.current_streak_days(today)}")


class ProgressDashboard(widgets.VBox):
    """The learner's progress: a summary line, the three charts, the puzzles due for review.
    ``store`` is the record to show (by default the learner's own, shared with the trainer on
    the same page); ``progress_path`` chooses another file.

    >>> from gin_teach.progress import ProgressStore
    >>> board = ProgressDashboard(store=ProgressStore.scratch())
    >>> "0 puzzles answered" in board.summary.value
    True
    """

    def __init__(self, progress_path: str | Path | None = None, *,
                 store: ProgressStore | None = None) -> None:
        super().__init__()
        self.summary = widgets.HTML()
        self.charts = widgets.HTML()
        self.due = widgets.HTML()
        refresh = widgets.Button(description="Refresh", tooltip="read the record again")
        refresh.on_click(lambda _b: self.redraw())
        try:
            self.store = store if store is not None else store_for(progress_path)
        except GinError as error:
            self.store = ProgressStore.scratch()
            self.store.message = f"{error}; showing an empty record"
        self.transfer = RecordTransfer(self.store)
        self.children = [self.summary, self.charts, self.due, refresh, self.transfer]
        self.store.subscribe(self._changed)
        self.redraw()

    def _changed(self, _progress: Progress) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw the record as it now stands."""
        progress = self.store.progress
        solved = sum(1 for e in progress.exercises.values() if e.first_solved is not None)
        reviewed = [g.accuracy for g in progress.games if g.accuracy is not None]
        games = f"{len(progress.games)} games played"
        if reviewed:
            games += f" (review accuracy {sum(reviewed) / len(reviewed):.0f} on average)"
        low, high = progress.rating.interval()
        lines = [f"Rating {round(progress.rating.rating)} (likely {low}-{high}) · "
                 f"{progress.attempts} puzzles answered, {len(progress.solved)} solved · best "
                 f"streak {progress.best_streak}",
                 f"{solved} lesson exercises solved · {games}",
                 f"How puzzles count: {COUNTING_RULE}."]
        if self.store.message:
            lines.append(self.store.message)
        self.summary.value = "<br/>".join(html.escape(line) for line in lines)
        self.charts.value = dashboard_charts(progress)
        due = progress.due_reviews()
        if due:
            items = "".join(f"<li>{html.escape(pid)}: {html.escape(missed_words(entry))}</li>"
                            for pid, entry in due[:10])
            self.due.value = (f"<b>{len(due)} puzzles due for review</b> (the trainer offers "
                              f"them first):<ul>{items}</ul>")
        else:
            self.due.value = "No puzzle is due for review."


# ------------------------------------------------------------------------ recording hooks

def from_a_click() -> bool:
    """Whether the code now running answers a widget event (a click), not a cell being run.

    >>> from_a_click()  # a doctest is no click
    False
    """
    shell = kernel_shell()
    if shell is None:
        return False
    parent = shell.kernel.get_parent()
    return bool(parent) and parent.get("header", {}).get("msg_type") == "comm_msg"


_RECORDED: weakref.WeakSet[Game] = weakref.WeakSet()


def record_finished_game(game: Game, human: int, accuracy: float | None,
                         store: ProgressStore | None = None) -> bool:
    """Record ``game`` once it is over, if its last move was the learner's click (a game
    played to the end by a cell records nothing); return whether it was recorded.

    >>> from gin_teach.game import Game
    >>> record_finished_game(Game(seed=1), 0, None)  # not over
    False
    """
    if not game.is_over or game in _RECORDED:
        return False
    _RECORDED.add(game)  # judged once, when first seen over: on the move that ended it
    if store is None and not from_a_click():
        return False
    totals = game.totals()
    points = (totals.total[human], totals.total[1 - human])
    target = store
    if target is None:
        try:
            target = store_for()
        except GinError as error:
            warnings.warn(f"your game was not recorded: {error}", stacklevel=2)
            return False
    target.update(lambda p: p.record_game(game.winner == human, points, len(game.rounds),
                                          accuracy))
    return True
