"""DiscardPuzzle: the puzzle trainer ("what should I discard?", "knock or play on?", "take
or draw?"), with a rating, a streak and hints.

The position is drawn as cards (your hand, the discard pile, the opponent's known cards, the
stock); a click on a card answers (with "Knock" pressed first when you want to knock). A
take-or-draw puzzle shows your ten cards and the face-up card, and two buttons answer it:
"Take" the face-up card, or "Draw from the stock". The
grade, the points lost and the better card come from the puzzle bank
(:mod:`gin_teach.puzzles`); the widget decides nothing itself. Progress (your Glicko-2 rating,
overall and per theme, streak, solved puzzles and the puzzles due for review) is saved after
every rated attempt, in the learner's shared record (:mod:`gin_teach.learner.progress`): every
widget on a page that shows the same record shows it as it now is.

A wrong answer hears a question first (:mod:`gin_teach.nudges`: what to look at, never the
better card), and the learner tries again; the better choice and why come with "Show
solution" or after the last try (:data:`~gin_teach.lessons.tries.TRIES`, two for a question
with two answers). Beside that reason stands the refutation: one of the judge's own deals
played out (:mod:`gin_teach.refutation`), on which your choice loses and the better one
does not, drawn as cards. How an attempt counts is said on screen when it matters ("solved with a
hint: counts as half"); a puzzle missed, solved after a hint or whose solution was shown
comes back for review (FSRS, :mod:`gin_teach.learner.review_schedule`), due ones first, with the day
it was missed.
"""

from __future__ import annotations

import datetime
import html
from collections.abc import Sequence
from pathlib import Path

import ipywidgets as widgets
import traitlets

from gin_teach.core.cards import Card
from gin_teach.display import HIGHLIGHTS, hand_svg, message_html
from gin_teach.errors import GinError
from gin_teach.learner.progress import ProgressStore, outlives_the_page, runs_in_browser, store_for
from gin_teach.learner.rating import Rating
from gin_teach.learner.record import Progress
from gin_teach.lessons.trainer import (
    Attempt,
    TrainerSession,
    checked_bank,
    puzzle_of_the_day,
    read_filters,
)
from gin_teach.puzzles import QUESTIONS, TIER_NAMES, Grade, Puzzle
from gin_teach.widgets.refutation_view import RefutationView

__all__ = ["DiscardPuzzle", "puzzle_of_the_day"]

ANY = "any"
"""The dropdowns' "any tier", "any theme", "any kind"."""


class DiscardPuzzle(widgets.VBox):
    """The trainer. ``progress_path`` is where your rating and streak are kept (default: a
    file in your home folder, shown under the buttons); ``store`` gives the record itself
    instead (``ProgressStore.scratch()`` for a worked example that must not count);
    ``tier`` (1-5), ``theme`` and ``kind`` (what the puzzle asks, a key of
    :data:`~gin_teach.puzzles.QUESTIONS`: ``"discard"``, ``"knock"`` or ``"draw"``; None for
    any) choose the puzzles; ``seed`` makes the order repeatable.

    The trainer's session (:class:`~gin_teach.lessons.trainer.TrainerSession`, ``.session``)
    decides everything; the widget keeps what it shows in traits and draws again when they
    change.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
    >>> trainer = DiscardPuzzle(progress_path=path, seed=1, tier=1)
    >>> grade = trainer.answer(trainer.puzzle.best_choice.card)
    >>> grade.verdict, trainer.streak, trainer.rating.rating > 1500
    ('best', 1, True)

    A take-or-draw puzzle is answered with ``"take"`` or ``"draw"`` (its two buttons):

    >>> trainer = DiscardPuzzle(progress_path=path, seed=1, kind="draw")
    >>> [button.description for button in trainer.cards.children][1]
    'Draw from the stock'
    >>> trainer.answer("take" if trainer.puzzle.take else "draw").verdict
    'best'
    """

    knock = traitlets.Bool(False, help="whether a click on a card knocks too (the Knock "
                                       "button)")
    large = traitlets.Bool(False, help="drawn large enough to project")
    four_colour = traitlets.Bool(False, help="four suit colours instead of two")
    view = traitlets.Tuple(help="what the position shows: the puzzle's id, whether it is "
                                "served quiet, and the marks of its cards or moves")
    message_text = traitlets.Unicode("", help="the message the learner sees, as plain text")
    message_tone = traitlets.Unicode("info", help="right, wrong, info or error")

    def __init__(self, progress_path: str | Path | None = None, seed: int | None = None,
                 tier: int | None = None, theme: str | None = None, *,
                 bank: Sequence[Puzzle] | None = None, four_colour: bool = False,
                 store: ProgressStore | None = None, kind: str | None = None) -> None:
        super().__init__()
        puzzles = checked_bank(bank)
        problem: str | None = None
        if store is None:
            try:
                store = store_for(progress_path)
            except GinError as error:  # a folder, someone else's file: never touched
                store = ProgressStore.scratch()
                problem = f"{error}. Your answers here count for this page only."
        problem = problem or store.message
        filters = read_filters(puzzles, tier, theme, kind)
        self.session = TrainerSession(store, bank=puzzles, seed=seed, tier=filters.tier,
                                      theme=filters.theme, kind=filters.kind)
        self.bank = self.session.bank
        self.store = store
        self.path: Path | None = store.path
        self.four_colour = four_colour
        themes = self.session.themes
        self.tier_choice = widgets.Dropdown(
            options=[("Any tier", ANY)] + [(f"{t} {n}", t) for t, n in TIER_NAMES.items()],
            value=ANY if filters.tier is None else filters.tier, description="Tier:",
            layout=widgets.Layout(width="180px"))
        self.theme_choice = widgets.Dropdown(
            options=[("Any theme", ANY)] + [(t, t) for t in themes],
            value=filters.theme or ANY, description="Theme:",
            layout=widgets.Layout(width="300px"))
        self.kind_choice = widgets.Dropdown(
            options=[("Any kind", ANY)] + [(QUESTIONS[k], k) for k in self.session.kinds],
            value=filters.kind or ANY, description="Kind:",
            layout=widgets.Layout(width="260px"))
        self.header = widgets.HTML()
        self.position = widgets.HTML()
        self.cards = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.knock_button = widgets.ToggleButton(value=False, description="Knock",
                                                 tooltip="press, then click the card to "
                                                         "discard and knock")
        traitlets.link((self.knock_button, "value"), (self, "knock"))
        self.message = widgets.HTML()
        # Beside the reason for a wrong answer: one of the judge's deals played out.
        self.refutation = RefutationView()
        self.status = widgets.HTML()
        self.buttons = {name: self._button(name, tip) for name, tip in (
            ("Hint", "a hint (a solve after it counts half)"),
            ("Show solution", "the answer and why (counts as a miss)"),
            ("Retry", "the same puzzle again (not rated)"),
            ("Next puzzle", "another puzzle near your rating"),
            ("Puzzle of the day", "today's puzzle, large enough to project"))}
        self.children = [widgets.HBox([self.kind_choice, self.tier_choice, self.theme_choice]),
                         self.header,
                         self.position, self.cards, self.knock_button, self.message,
                         self.refutation, widgets.HBox(list(self.buttons.values())), self.status]
        for choice in (self.tier_choice, self.theme_choice, self.kind_choice):
            choice.observe(self._on_filter, names="value")
        self.observe(self._redraw, names=["view", "large", "four_colour"])
        self.observe(self._show_message, names=["message_text", "message_tone"])
        self.store.subscribe(self._on_record)
        self._show_puzzle()
        if problem or filters.problem:
            self._say(problem or filters.problem or "", "error")

    # ------------------------------------------------------------------ public

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle shown (the session's)."""
        return self.session.puzzle

    @property
    def quiet(self) -> bool:
        """Whether the puzzle is served as a quiet position: its tier is kept back, and the
        answer says the count was all there was (:mod:`gin_teach.puzzles.quiet`)."""
        return self.session.quiet

    @property
    def last_grade(self) -> Grade | None:
        """The grade of the last answer to the puzzle shown (None before any)."""
        return self.session.last_grade

    @property
    def review_note(self) -> str:
        """Why the puzzle came back ("Review: you missed this on ..."), or ""."""
        return self.session.review_note

    @property
    def progress(self) -> Progress:
        """Your record as it now is (shared with every widget showing the same file)."""
        return self.store.progress

    @property
    def rating(self) -> Rating:
        """Your Glicko-2 rating (``.rating``, ``.deviation``).

        >>> import tempfile, pathlib
        >>> DiscardPuzzle(progress_path=pathlib.Path(tempfile.mkdtemp()) / "p").rating.rating
        1500.0
        """
        return self.progress.rating

    @property
    def streak(self) -> int:
        """Puzzles solved in a row, first try, no solution shown."""
        return self.progress.streak

    def answer(self, card: Card | str, knock: bool | None = None) -> Grade | None:
        """Discard ``card`` and knock if ``knock`` (``None``: as the Knock button says); in a
        take-or-draw puzzle ``card`` is ``"take"`` or ``"draw"``. Shows and returns the
        :class:`~gin_teach.puzzles.Grade`. A card you cannot discard, or an answer the puzzle
        does not ask, shows a message and returns None.

        >>> import tempfile, pathlib
        >>> trainer = DiscardPuzzle(progress_path=pathlib.Path(tempfile.mkdtemp()) / "p",
        ...                         kind="discard")
        >>> trainer.answer("XX"), trainer.message_text
        (None, "'XX' is not one card")
        """
        try:
            attempt = self.session.answer(card, knock, pressed=self.knock)
        except GinError as error:
            self._say(str(error), "error")
            return None
        self._show(attempt)
        return attempt.grade

    def answer_draw(self, take: bool) -> Grade | None:
        """Answer a take-or-draw puzzle: take the face-up card (``take=True``) or draw from
        the stock; what the two buttons do. Shows and returns the grade (None, with a message,
        for a puzzle that asks something else).

        >>> import tempfile, pathlib
        >>> trainer = DiscardPuzzle(progress_path=pathlib.Path(tempfile.mkdtemp()) / "p",
        ...                         kind="discard")
        >>> trainer.answer_draw(True), trainer.message_text  # doctest: +ELLIPSIS
        (None, 'puzzle p... asks what to discard, not take or draw: ...')
        """
        return self.answer("take" if take else "draw")

    def next_puzzle(self) -> Puzzle:
        """Move to another puzzle: by the tier and theme chosen, unsolved first, near your
        rating.

        >>> import tempfile, pathlib
        >>> trainer = DiscardPuzzle(progress_path=pathlib.Path(tempfile.mkdtemp()) / "p",
        ...                         seed=2)
        >>> first = trainer.puzzle
        >>> trainer.next_puzzle() is trainer.puzzle
        True
        """
        self.session.next_puzzle()
        self.large = False
        self._show_puzzle()
        return self.puzzle

    def hint(self) -> str:
        """Show the puzzle's hint (a solve after a hint counts half for your rating).

        >>> import tempfile, pathlib
        >>> trainer = DiscardPuzzle(progress_path=pathlib.Path(tempfile.mkdtemp()) / "p")
        >>> trainer.hint() == trainer.puzzle.hint
        True
        """
        shown = self.session.hint()
        self._say(shown.words, "info")
        return shown.text

    def show_solution(self) -> Grade:
        """Show the answer and why; an unrated puzzle counts as missed.

        >>> import tempfile, pathlib
        >>> trainer = DiscardPuzzle(progress_path=pathlib.Path(tempfile.mkdtemp()) / "p")
        >>> trainer.show_solution().verdict, trainer.streak
        ('best', 0)
        """
        attempt = self.session.show_solution()
        self._show(attempt)
        return attempt.grade

    def retry(self) -> None:
        """Clear the answer and try the same puzzle again (no longer rated).

        >>> import tempfile, pathlib
        >>> trainer = DiscardPuzzle(progress_path=pathlib.Path(tempfile.mkdtemp()) / "p")
        >>> _ = trainer.answer(trainer.puzzle.best_choice.card); trainer.retry()
        >>> trainer.message_text
        'Try again (this attempt is not rated).'
        """
        words = self.session.retry()
        self.view = self._view(())
        self.refutation.clear()
        self._say(words, "info")

    def show_puzzle_of_the_day(self, day: datetime.date | None = None) -> Puzzle:
        """Today's puzzle (the same for the whole class), drawn large enough to project.

        >>> import tempfile, pathlib, datetime
        >>> trainer = DiscardPuzzle(progress_path=pathlib.Path(tempfile.mkdtemp()) / "p")
        >>> trainer.show_puzzle_of_the_day(datetime.date(2026, 1, 5)) == puzzle_of_the_day(
        ...     datetime.date(2026, 1, 5)); trainer.large
        True
        True
        """
        self.session.puzzle_of_the_day(day)
        self.large = True
        self._show_puzzle()
        return self.puzzle

    def own_puzzles(self) -> tuple[Puzzle, ...]:
        """The puzzles from the learner's own games in the record
        (:mod:`gin_teach.own_puzzles`): the trainer offers them with the bank's.

        >>> from gin_teach.learner.progress import ProgressStore
        >>> DiscardPuzzle(store=ProgressStore.scratch()).own_puzzles()
        ()
        """
        return self.session.own_puzzles()

    # ------------------------------------------------------------------ inner workings

    def _button(self, name: str, tip: str) -> widgets.Button:
        made = widgets.Button(description=name, tooltip=tip,
                              layout=widgets.Layout(width="auto"))
        actions = {"Hint": self.hint, "Show solution": self.show_solution, "Retry": self.retry,
                   "Next puzzle": self.next_puzzle,
                   "Puzzle of the day": self.show_puzzle_of_the_day}
        made.on_click(lambda _b: actions[name]())
        return made

    def _show(self, attempt: Attempt) -> None:
        """Show what an attempt did: its words, its marks, and the refutation it asks for."""
        self._say(attempt.words, attempt.tone)
        self._refute(attempt.refute)
        self.view = self._view(attempt.marks)

    def _view(self, marks: tuple[tuple[Card | bool, str], ...]) -> tuple[object, ...]:
        return (self.puzzle.id, self.quiet, marks)

    def _refute(self, grade: Grade | None) -> None:
        """Show the line of play that refutes a wrong ``grade``'s answer (played out only
        now), or nothing."""
        if grade is None:
            self.refutation.clear()
            return
        puzzle = self.puzzle
        self.refutation.show(lambda: puzzle.refutation(grade.move))

    def _say(self, text: str, tone: str) -> None:
        with self.hold_trait_notifications():
            self.message_tone = tone
            self.message_text = text[:600]

    def _show_message(self, _change: object = None) -> None:
        self.message.value = message_html(self.message_text, self.message_tone)

    def _on_filter(self, _change: dict[str, object]) -> None:
        tier, theme = self.tier_choice.value, self.theme_choice.value
        kind = self.kind_choice.value
        try:
            self.session.choose(None if tier == ANY else tier, None if theme == ANY else theme,
                                None if kind == ANY else kind)
        except GinError as error:  # the dropdowns offer only what the bank holds
            self._say(str(error), "error")
            return
        self.large = False
        self._show_puzzle()

    def _on_record(self, _progress: Progress) -> None:
        self._show_status()

    def _show_puzzle(self) -> None:
        self.refutation.clear()
        self.knock_button.value = False
        self.knock_button.layout.display = "" if self.session.can_knock else "none"
        self.view = self._view(())
        self._say(self.session.ask(), "info")
        self._show_status()

    def _show_status(self) -> None:
        progress = self.progress
        low, high = progress.rating.interval()
        due = len(self.session.due())
        if self.path is None:
            where = "a practice record: not saved"
        elif not outlives_the_page(self.path):
            where = (f"progress kept in {html.escape(str(self.path))} for this page only: in "
                     "this browser only the folders of the file browser outlive a reload")
        elif runs_in_browser():
            where = (f"progress kept in this browser: {html.escape(self.path.name)} in the "
                     "file browser")
        else:
            where = f"progress kept in {html.escape(str(self.path))}"
        self.status.value = (f"Your rating {round(progress.rating.rating)} (likely {low}-"
                             f"{high}) · streak {progress.streak} (best "
                             f"{progress.best_streak}) · solved "
                             f"{len(progress.solved)} of {len(self.bank)} · {due} due for "
                             f"review · {where}")

    def _redraw(self, _change: object = None) -> None:
        """Draw the position as :attr:`view` says: its marks colour cards of the hand, or the
        take (True) and draw (False) buttons of a take-or-draw puzzle."""
        shown: dict[Card | bool, str] = dict(self.view[2]) if self.view else {}
        marks = {key: mark for key, mark in shown.items() if isinstance(key, Card)}
        moves = {key: mark for key, mark in shown.items() if isinstance(key, bool)}
        p = self.puzzle
        k = p.knowledge
        scale = "zoom:1.8;" if self.large else ""
        hand = sorted(p.hand, key=lambda c: (c.suit, c.rank))
        pile = k.discard_pile[-12:]
        when = "before" if p.kind == "draw" else "after"
        parts = [hand_svg(hand, title=f"Your hand ({when} the draw)", highlight=marks,
                          four_colour=self.four_colour)]
        if p.kind == "draw":
            parts.append(hand_svg([p.upcard], title="Face-up card",
                                  four_colour=self.four_colour))
        if pile:
            parts.append(hand_svg(pile, title=f"Discard pile ({len(k.discard_pile)}), top "
                                              "last", four_colour=self.four_colour))
        if k.opponent_holds:
            parts.append(hand_svg(k.opponent_holds, title="Opponent took and holds",
                                  four_colour=self.four_colour))
        facts = [f"Stock: {k.stock(len(p.hand))} cards", f"your turn {p.turn} of this hand",
                 f"score {p.scores[0]}-{p.scores[1]}"]
        if k.just_taken:
            facts.append(f"you just took {k.just_taken} from the pile (you may not throw it)")
        if k.opponent_discarded:
            facts.append("opponent threw " + " ".join(map(str, k.opponent_discarded)))
        if k.opponent_passed:
            facts.append("opponent passed " + " ".join(map(str, k.opponent_passed)))
        tier = f" · {self.session.tier_words}" if self.session.tier_words else ""
        self.header.value = (f'<div style="{scale}"><b>Puzzle {html.escape(p.id)}</b> · '
                             f"{QUESTIONS[p.question]}{tier} · rated {self.session.served_rating}"
                             "</div>")
        pictures = "".join(f'<div style="margin:0 16px 8px 0">{pic}</div>' for pic in parts)
        self.position.value = (f'<div style="{scale}"><div style="display:flex;flex-wrap:wrap">'
                               f"{pictures}</div><div>{html.escape(' · '.join(facts))}</div>"
                               "</div>")
        for old in self.cards.children:
            old.close()
        if p.kind == "draw":
            self.cards.children = [self._move_button(take, (moves or {}).get(take))
                                   for take in (True, False)]
            return
        taken = k.just_taken
        buttons = []
        for card in hand:
            made = widgets.Button(description=str(card), tooltip=f"discard {card.name}",
                                  disabled=card == taken,
                                  layout=widgets.Layout(width="64px" if self.large else "52px"))
            mark = marks.get(card)
            if mark:
                made.style.button_color = HIGHLIGHTS[mark]
            made.on_click(lambda _b, card=card: self.answer(card))
            buttons.append(made)
        self.cards.children = buttons

    def _move_button(self, take: bool, mark: str | None) -> widgets.Button:
        """The "Take" or "Draw from the stock" button of a take-or-draw puzzle."""
        name = f"Take {self.puzzle.upcard}" if take else "Draw from the stock"
        tip = "take the face-up card" if take else "draw the top card of the stock"
        made = widgets.Button(description=name, tooltip=tip,
                              layout=widgets.Layout(width="auto"))
        if mark:
            made.style.button_color = HIGHLIGHTS[mark]
        made.on_click(lambda _b: self.answer_draw(take))
        return made

