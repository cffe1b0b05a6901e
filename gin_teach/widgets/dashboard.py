"""The progress dashboard, and the small hooks that record a learner's lesson exercises and
games in the same store as the puzzles.

:class:`ProgressDashboard` shows the learner's record in three charts (SVG pictures drawn by
:mod:`gin_teach.learner.charts`, so they need no plotting package and look the same in the static
site): the puzzle rating over time, the themes from weakest to strongest, and a calendar of
the days practised with the current streak; beside them, the puzzles due for review, the
exercises solved and the games played. It redraws whenever the record changes (the trainer on
the same page answers a puzzle, say). Its *Export* and *Import* carry the record to another
machine or browser, or to a teacher's class table.

Recording follows one rule: only the learner's own answers and clicks count. A checked
exercise is recorded when the learner runs an exercise cell with an answer in it (never a
demonstration cell, never a placeholder: :mod:`gin_teach.learner.lesson_progress` does that); a game
at the table is recorded here when it ends on the learner's click.
"""

from __future__ import annotations

import datetime
import html
import warnings
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from gin_teach.core.wording import counted
from gin_teach.errors import GinError
from gin_teach.learner.charts import bar_chart, calendar_chart, charts_html, line_chart
from gin_teach.learner.lesson_progress import kernel_shell
from gin_teach.learner.progress import ProgressStore, store_for
from gin_teach.learner.record import COUNTING_RULE, Progress
from gin_teach.learner.review_schedule import missed_words
from gin_teach.own_puzzles import puzzles_from_review, with_game_puzzles
from gin_teach.puzzles import QUESTIONS
from gin_teach.widgets.record_transfer import RecordTransfer

if TYPE_CHECKING:
    from gin_teach.coach import Review
    from gin_teach.engine.game import Game

__all__ = ["DailyPuzzle", "ProgressDashboard", "dashboard_charts", "days_chart", "from_a_click",
           "own_puzzles_line", "rating_chart", "record_finished_game", "themes_chart"]

CALENDAR_WEEKS = 12
"""How many weeks the calendar of practised days shows."""


def dashboard_charts(progress: Progress, today: datetime.date | None = None) -> str:
    """The three charts of the dashboard, as HTML holding three SVG pictures
    (:mod:`gin_teach.learner.charts`): the same in JupyterLab and in the static site, with no
    plotting package.

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

    >>> from gin_teach.learner.rating import Rating
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

    >>> from gin_teach.learner.progress import ProgressStore
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
        self.daily = DailyPuzzle(self)
        self.children = [self.summary, self.daily, self.charts, self.due, refresh,
                         self.transfer]
        self.store.subscribe(self._changed)
        self.redraw()

    def _changed(self, _progress: Progress) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw the record as it now stands."""
        progress = self.store.progress
        solved = sum(1 for e in progress.exercises.values() if e.first_solved is not None)
        reviewed = [g.accuracy for g in progress.games if g.accuracy is not None]
        games = f"{counted(len(progress.games), 'game')} played"
        if reviewed:
            games += f" (review accuracy {sum(reviewed) / len(reviewed):.0f} on average)"
        low, high = progress.rating.interval()
        lines = [f"Rating {round(progress.rating.rating)} (likely {low}-{high}) · "
                 f"{counted(progress.attempts, 'puzzle')} answered, {len(progress.solved)} "
                 f"solved · best streak {progress.best_streak}",
                 f"{counted(solved, 'lesson exercise')} solved · {games}",
                 *own_puzzles_line(progress),
                 f"How puzzles count: {COUNTING_RULE}."]
        if self.store.message:
            lines.append(self.store.message)
        self.summary.value = "<br/>".join(html.escape(line) for line in lines)
        self.daily.redraw(progress)
        self.charts.value = dashboard_charts(progress)
        due = progress.due_reviews()
        if due:
            items = "".join(f"<li>{html.escape(pid)}: {html.escape(missed_words(entry))}</li>"
                            for pid, entry in due[:10])
            self.due.value = (f"<b>{len(due)} puzzles due for review</b> (the trainer offers "
                              f"them first):<ul>{items}</ul>")
        else:
            self.due.value = "No puzzle is due for review."


def own_puzzles_line(progress: Progress) -> list[str]:
    """The dashboard's line on the puzzles made of the learner's own mistakes, if any.

    >>> own_puzzles_line(Progress())
    []
    >>> import datetime
    >>> p = Progress().with_own_puzzles({"game-1": {"id": "game-1"}},
    ...                                 datetime.datetime(2025, 12, 3, 18))
    >>> own_puzzles_line(p)
    ['From your games: 1 puzzle, 1 due (the trainer offers them first)']
    """
    own = progress.own_puzzles
    if not own:
        return []
    due = sum(1 for puzzle_id, _ in progress.due_reviews() if puzzle_id in own)
    return [f"From your games: {counted(len(own), 'puzzle')}, {due} due (the trainer offers "
            "them first)"]


class DailyPuzzle(widgets.VBox):
    """The dashboard's puzzle of the day: the same puzzle for everyone today
    (:func:`~gin_teach.widgets.discard_puzzle.puzzle_of_the_day`), whether the learner has
    solved it, and a button that opens it in the trainer, on the dashboard's own record.

    >>> from gin_teach.learner.progress import ProgressStore
    >>> board = ProgressDashboard(store=ProgressStore.scratch())
    >>> "Puzzle of the day" in board.daily.text.value, board.daily.trainer is None
    (True, True)
    >>> board.daily.open_button.click(); board.daily.trainer.puzzle == board.daily.puzzle
    True
    """

    def __init__(self, board: ProgressDashboard, day: datetime.date | None = None) -> None:
        super().__init__()
        self.board = board
        self.day = day
        self.text = widgets.HTML()
        self.open_button = widgets.Button(description="Solve it",
                                          tooltip="today's puzzle in the trainer")
        self.open_button.on_click(lambda _b: self.solve())
        self.trainer: Any = None
        self.children = [widgets.HBox([self.text, self.open_button])]

    @property
    def puzzle(self) -> Any:
        from gin_teach.widgets.discard_puzzle import puzzle_of_the_day

        return puzzle_of_the_day(self.day)

    def redraw(self, progress: Progress) -> None:
        """Say what today's puzzle is and whether it is solved."""
        puzzle = self.puzzle
        done = "solved ✔" if puzzle.id in progress.solved else "not solved yet"
        self.text.value = (f"<b>Puzzle of the day</b>: {html.escape(puzzle.id)}, "
                           f"{html.escape(QUESTIONS[puzzle.question].lower())} · {done}")

    def solve(self) -> None:
        """Show today's puzzle in a trainer under the line, on the dashboard's record."""
        from gin_teach.widgets.discard_puzzle import DiscardPuzzle

        if self.trainer is None:
            self.trainer = DiscardPuzzle(store=self.board.store)
            self.children = [*self.children, self.trainer]
        self.trainer.show_puzzle_of_the_day(self.day)


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
                         store: ProgressStore | None = None,
                         review: Review | None = None) -> bool:
    """Record ``game`` once it is over, if its last move was the learner's click (a game
    played to the end by a cell records nothing); return whether it was recorded. With the
    coach's ``review`` of the game, each of the learner's mistakes and blunders becomes a
    puzzle of their own, kept and scheduled for review (:mod:`gin_teach.own_puzzles`).

    >>> from gin_teach.engine.game import Game
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
    own = puzzles_from_review(game, review) if review is not None else ()
    target.update(lambda p: with_game_puzzles(
        p.record_game(game.winner == human, points, len(game.rounds), accuracy), own))
    return True
