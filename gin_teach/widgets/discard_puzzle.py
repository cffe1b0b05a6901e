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
import hashlib
import html
import random
from collections.abc import Iterable, Sequence
from pathlib import Path

import ipywidgets as widgets

from gin_teach.core.cards import Card
from gin_teach.core.verdicts import ACCEPTED
from gin_teach.display import HIGHLIGHTS, hand_svg, message_html
from gin_teach.errors import GinError, PuzzleError, excerpt
from gin_teach.learner.progress import ProgressStore, outlives_the_page, runs_in_browser, store_for
from gin_teach.learner.rating import Rating
from gin_teach.learner.record import Progress, verdict_score
from gin_teach.learner.review_schedule import missed_words
from gin_teach.lessons.tries import TRIES
from gin_teach.nudges import draw_nudge, puzzle_nudge, puzzle_solution
from gin_teach.own_puzzles import OWN_PREFIX, own_puzzles_of
from gin_teach.puzzles import QUESTIONS, TIER_NAMES, Grade, Puzzle, load_bank
from gin_teach.puzzles.quiet import QUIET_SHARE, QUIET_WORDS, is_quiet, trust_rating
from gin_teach.widgets.refutation_view import RefutationView

__all__ = ["DiscardPuzzle", "puzzle_of_the_day"]

PUZZLE_DEVIATION = 80.0
"""How sure a bank puzzle's rating is: it comes from the puzzle's features, not from play."""
RATING_WINDOW = 250
"""The next puzzle is picked among unsolved ones within this many points of your rating."""
HINT_SCORE_CAP = 0.5
"""A puzzle solved after a hint counts as a draw for the rating."""
ANY = "any"


def puzzle_of_the_day(day: datetime.date | None = None,
                      bank: Sequence[Puzzle] | None = None) -> Puzzle:
    """The same puzzle for everyone on a given day (by default today), for a class to solve
    together.

    >>> import datetime
    >>> day = datetime.date(2026, 1, 5)
    >>> puzzle_of_the_day(day) == puzzle_of_the_day(day)
    True
    >>> puzzle_of_the_day(day, bank=())
    Traceback (most recent call last):
    ...
    gin_teach.errors.PuzzleError: the puzzle bank is empty: give a bank holding puzzles
    """
    bank = _checked_bank(bank)
    if day is not None and not isinstance(day, datetime.date):
        raise PuzzleError(f"day must be a datetime.date or None, got {excerpt(day)}")
    day = day or datetime.date.today()
    index = int(hashlib.sha256(day.isoformat().encode()).hexdigest(), 16) % len(bank)
    return bank[index]


def _checked_bank(bank: Sequence[Puzzle] | None) -> tuple[Puzzle, ...]:
    """The bank to draw from: ``bank`` checked (puzzles, at least one), or the shipped one."""
    if bank is None:
        return load_bank()
    if isinstance(bank, (str, bytes)) or not isinstance(bank, Iterable):
        raise PuzzleError(f"bank must be a sequence of puzzles, got {excerpt(bank)}")
    puzzles = tuple(bank)
    if not puzzles:
        raise PuzzleError("the puzzle bank is empty: give a bank holding puzzles")
    odd = next((item for item in puzzles if not isinstance(item, Puzzle)), None)
    if odd is not None:
        raise PuzzleError(f"bank must hold only puzzles, got {excerpt(odd)}")
    return puzzles


class DiscardPuzzle(widgets.VBox):
    """The trainer. ``progress_path`` is where your rating and streak are kept (default: a
    file in your home folder, shown under the buttons); ``store`` gives the record itself
    instead (``ProgressStore.scratch()`` for a worked example that must not count);
    ``tier`` (1-5), ``theme`` and ``kind`` (what the puzzle asks, a key of
    :data:`~gin_teach.puzzles.QUESTIONS`: ``"discard"``, ``"knock"`` or ``"draw"``; None for
    any) choose the puzzles; ``seed`` makes the order repeatable.

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

    def __init__(self, progress_path: str | Path | None = None, seed: int | None = None,
                 tier: int | None = None, theme: str | None = None, *,
                 bank: Sequence[Puzzle] | None = None, four_colour: bool = False,
                 store: ProgressStore | None = None, kind: str | None = None) -> None:
        super().__init__()
        self.bank = _checked_bank(bank)
        problem: str | None = None
        if store is None:
            try:
                store = store_for(progress_path)
            except GinError as error:  # a folder, someone else's file: never touched
                store = ProgressStore.scratch()
                problem = f"{error}. Your answers here count for this page only."
        self.store = store
        self._own: dict[str, Puzzle] = {}
        self.path: Path | None = store.path
        problem = problem or store.message
        self.review_note = ""
        self.rng = random.Random(seed)
        self.four_colour = four_colour
        self.large = False
        self.knock = False
        self.rated = False
        self.hint_used = False
        self.wrong_tries = 0
        # Served as a quiet position (gin_teach.puzzles.quiet): its tier is kept back, and
        # the answer says the count was all there was.
        self.quiet = False
        self.last_grade: Grade | None = None
        self._message_text = ""
        themes = sorted({t for p in self.bank for t in p.themes})
        self.tier_choice = widgets.Dropdown(
            options=[("Any tier", ANY)] + [(f"{t} {n}", t) for t, n in TIER_NAMES.items()],
            value=ANY, description="Tier:", layout=widgets.Layout(width="180px"))
        self.theme_choice = widgets.Dropdown(
            options=[("Any theme", ANY)] + [(t, t) for t in themes], value=ANY,
            description="Theme:", layout=widgets.Layout(width="300px"))
        asked = {p.question for p in self.bank}
        self.kind_choice = widgets.Dropdown(
            options=[("Any kind", ANY)] + [(q, k) for k, q in QUESTIONS.items() if k in asked],
            value=ANY, description="Kind:", layout=widgets.Layout(width="260px"))
        self.header = widgets.HTML()
        self.position = widgets.HTML()
        self.cards = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.knock_button = widgets.ToggleButton(value=False, description="Knock",
                                                 tooltip="press, then click the card to "
                                                         "discard and knock")
        self.knock_button.observe(self._on_knock, names="value")
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
        self.tier_choice.observe(self._on_filter, names="value")
        self.theme_choice.observe(self._on_filter, names="value")
        self.kind_choice.observe(self._on_filter, names="value")
        self._quiet = True
        if kind is not None:
            self.kind_choice.value = kind if isinstance(kind, str) and kind in asked else ANY
        if tier is not None:
            self.tier_choice.value = tier if tier in TIER_NAMES else ANY
        if theme is not None:
            self.theme_choice.value = theme if theme in themes else ANY
        self._quiet = False
        self.store.subscribe(self._on_record)
        self.puzzle: Puzzle = self._pick()
        self._show_puzzle()
        if problem:
            self._say(problem, "error")
        elif tier is not None and tier not in TIER_NAMES:
            self._say(f"there is no tier {excerpt(tier)}: tiers are 1 to 5", "error")
        elif theme is not None and theme not in themes:
            self._say(f"no puzzle has the theme {theme[:40]!r}", "error")
        elif kind is not None and self.kind_choice.value != kind:
            self._say(f"no puzzle is of the kind {excerpt(kind)}: the kinds are "
                      f"{', '.join(sorted(asked))}", "error")

    # ------------------------------------------------------------------ public

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
            if isinstance(card, str) and card.strip().lower() in ("take", "draw"):
                if knock:
                    raise PuzzleError("a take-or-draw puzzle has no knock: answer take or draw")
                grade = self.puzzle.grade_move(card)  # a discard puzzle says what it asks
            elif self.puzzle.kind == "draw":
                grade = self.puzzle.grade(card)  # refused, saying how to answer
            else:
                # A click is a discard without a knock unless the Knock button is pressed.
                grade = self.puzzle.grade(card, self.knock if knock is None else knock)
        except GinError as error:
            self._say(str(error), "error")
            return None
        self.last_grade = grade
        note = ""
        if not self.rated:
            score = verdict_score(grade.verdict)
            if self.hint_used and score > HINT_SCORE_CAP:
                score = HINT_SCORE_CAP
                note = "Solved with a hint: counts as half."
            note = " ".join(filter(None, [note, self._record(score)]))
        kind = "right" if grade.verdict in ACCEPTED else "wrong"
        told = kind == "right" or self._last_try()
        if kind == "right":
            self.wrong_tries = 0
            words = grade.explanation
        elif told:  # the last try: the better choice and why
            self.wrong_tries = 0
            words = f"{grade.explanation} That was your last try. {puzzle_solution(self.puzzle)}"
        else:
            words = self._nudge(grade)
        if told and self.quiet:
            words = f"{words} {QUIET_WORDS}"
        self._say(" ".join(filter(None, [words, note])), kind)  # verdict first
        self._refute(grade if told and kind == "wrong" else None)
        if grade.take is not None:
            moves = {grade.take: "best" if kind == "right" else "wrong"}
            if grade.better_take is not None and told:
                moves[grade.better_take] = "best"
            self._draw({}, moves)
            return grade
        marks = {grade.card: "best" if kind == "right" else "wrong"}
        if grade.better is not None and told:
            marks[grade.better] = "best"
        self._draw(marks)
        return grade

    def _last_try(self) -> bool:
        """Count a wrong try; whether it was the last one the puzzle allows."""
        self.wrong_tries += 1
        tries = 2 if self.puzzle.kind == "draw" else TRIES
        return self.wrong_tries >= tries

    def _nudge(self, grade: Grade) -> str:
        """A wrong try's words: the verdict and what it costs, then a question that points at
        what decides the puzzle, naming nothing that is right."""
        if grade.take is not None:
            question = draw_nudge()
        else:
            question = puzzle_nudge(self.puzzle, grade.card, grade.knock)
        return (f"{grade.verdict.capitalize()}: not the best here (about "
                f"{grade.points_lost:.1f} points a hand lost). {question} Try again, or press "
                "Show solution.")

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
        self.puzzle = self._pick(avoid=self.puzzle)
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
        self.hint_used = True
        rule = " (a solve after a hint counts as half)" if not self.rated else ""
        self._say(f"Hint: {self.puzzle.hint}{rule}", "info")
        return self.puzzle.hint

    def show_solution(self) -> Grade:
        """Show the answer and why; an unrated puzzle counts as missed.

        >>> import tempfile, pathlib
        >>> trainer = DiscardPuzzle(progress_path=pathlib.Path(tempfile.mkdtemp()) / "p")
        >>> trainer.show_solution().verdict, trainer.streak
        ('best', 0)
        """
        note = ""
        if not self.rated:
            note = " ".join(filter(None, ["Solution shown: counts as a miss, and the puzzle "
                                          "comes back for review.", self._record(0.0)]))
        best = self.puzzle.best_choice
        if self.puzzle.take is not None:
            grade = self.puzzle.grade_draw(self.puzzle.take)
        else:
            grade = self.puzzle.grade(best.card, best.knock)
        self.wrong_tries = 0
        # The answer given last, if wrong, is refuted beside the solution.
        wrong = self.last_grade
        self._refute(wrong if wrong is not None and not wrong.solved else None)
        quiet = QUIET_WORDS if self.quiet else ""
        self._say(" ".join(filter(None, [f"Solution: {grade.explanation}", quiet, note])),
                  "info")
        self._draw({card: "best" for card in self.puzzle.answer},
                   {self.puzzle.take: "best"} if self.puzzle.take is not None else None)
        return grade

    def retry(self) -> None:
        """Clear the answer and try the same puzzle again (no longer rated).

        >>> import tempfile, pathlib
        >>> trainer = DiscardPuzzle(progress_path=pathlib.Path(tempfile.mkdtemp()) / "p")
        >>> _ = trainer.answer(trainer.puzzle.best_choice.card); trainer.retry()
        >>> trainer.message_text
        'Try again (this attempt is not rated).'
        """
        self._draw({})
        self.refutation.clear()
        self._say("Try again (this attempt is not rated).", "info")

    def show_puzzle_of_the_day(self, day: datetime.date | None = None) -> Puzzle:
        """Today's puzzle (the same for the whole class), drawn large enough to project.

        >>> import tempfile, pathlib, datetime
        >>> trainer = DiscardPuzzle(progress_path=pathlib.Path(tempfile.mkdtemp()) / "p")
        >>> trainer.show_puzzle_of_the_day(datetime.date(2026, 1, 5)) == puzzle_of_the_day(
        ...     datetime.date(2026, 1, 5)); trainer.large
        True
        True
        """
        self.puzzle = puzzle_of_the_day(day, self.bank)
        self.review_note = ""
        self.quiet = False
        self.large = True
        self._show_puzzle()
        return self.puzzle

    @property
    def message_text(self) -> str:
        """The message the learner sees, as plain text."""
        return self._message_text

    # ------------------------------------------------------------------ inner workings

    def _button(self, name: str, tip: str) -> widgets.Button:
        made = widgets.Button(description=name, tooltip=tip,
                              layout=widgets.Layout(width="auto"))
        actions = {"Hint": self.hint, "Show solution": self.show_solution, "Retry": self.retry,
                   "Next puzzle": self.next_puzzle,
                   "Puzzle of the day": self.show_puzzle_of_the_day}
        made.on_click(lambda _b: actions[name]())
        return made

    def _refute(self, grade: Grade | None) -> None:
        """Show the line of play that refutes a wrong ``grade``'s answer (played out only
        now), or nothing."""
        if grade is None:
            self.refutation.clear()
            return
        puzzle = self.puzzle
        self.refutation.show(lambda: puzzle.refutation(grade.move))

    def _say(self, text: str, kind: str) -> None:
        self._message_text = text[:600]
        self.message.value = message_html(self._message_text, kind)

    def _on_knock(self, change: dict[str, object]) -> None:
        self.knock = bool(change["new"])

    def _on_filter(self, _change: dict[str, object]) -> None:
        if not self._quiet:
            self.next_puzzle()

    def own_puzzles(self) -> tuple[Puzzle, ...]:
        """The puzzles from the learner's own games in the record
        (:mod:`gin_teach.own_puzzles`): the trainer offers them with the bank's.

        >>> from gin_teach.learner.progress import ProgressStore
        >>> DiscardPuzzle(store=ProgressStore.scratch()).own_puzzles()
        ()
        """
        own = self.progress.own_puzzles
        if own.keys() != self._own.keys():  # read again only when the record's set changes
            self._own = {p.id: p for p in own_puzzles_of(self.progress)}
        return tuple(self._own.values())

    def _candidates(self) -> list[Puzzle]:
        tier, theme = self.tier_choice.value, self.theme_choice.value
        kind = self.kind_choice.value
        chosen = [p for p in (*self.bank, *self.own_puzzles()) if (tier == ANY or p.tier == tier)
                  and (theme == ANY or theme in p.themes)
                  and (kind == ANY or p.question == kind)]
        return chosen or list(self.bank)

    def _pick(self, avoid: Puzzle | None = None) -> Puzzle:
        self.quiet = False
        pool = [p for p in self._candidates() if p is not avoid] or self._candidates()
        by_id = {p.id: p for p in pool}
        for puzzle_id, entry in self.progress.due_reviews():
            if puzzle_id in by_id:  # a puzzle due for review comes first
                whose = " from your own game" if puzzle_id.startswith(OWN_PREFIX) else ""
                self.review_note = f"Review{whose}: {missed_words(entry)}."
                return by_id[puzzle_id]
        self.review_note = ""
        fresh = [p for p in pool if p.id not in self.progress.solved] or pool
        mine = self.progress.rating.rating
        if self._serves_quiet():
            # About one puzzle in seven is quiet whatever the rating, chosen by how hard it
            # is to trust; the others never are, so the share holds at every level.
            quiet = [p for p in fresh if is_quiet(p)] or [p for p in pool if is_quiet(p)]
            others = [p for p in fresh if not is_quiet(p)]
            if quiet and others and self.rng.random() < QUIET_SHARE:
                nearest = sorted(quiet, key=lambda p: abs(trust_rating(p) - mine))
                self.quiet = True
                return self.rng.choice(nearest[:10])
            fresh = others or fresh
        near = [p for p in fresh if abs(p.rating - mine) <= RATING_WINDOW]
        return self.rng.choice(near or sorted(fresh, key=lambda p: abs(p.rating - mine))[:10])

    def _serves_quiet(self) -> bool:
        """Whether the quiet share applies: no tier or theme chosen, and a question a quiet
        puzzle can ask (a learner who picks "tier 1" or a theme gets exactly that)."""
        return (self.tier_choice.value == ANY and self.theme_choice.value == ANY
                and self.kind_choice.value in (ANY, "discard"))

    def _record(self, score: float) -> str:
        """Record the attempt; return what the learner should be told about the rating (why
        it fell after a correct answer) or the file (not saved)."""
        self.rated = True
        puzzle = self.puzzle
        puzzle_rating = Rating(self._rating_of(puzzle), PUZZLE_DEVIATION)
        before = self.progress.rating
        after = self.store.update(lambda p: p.record(puzzle.id, puzzle_rating, score,
                                                     themes=puzzle.themes)).rating
        words = []
        if score > 0 and after.rating < before.rating:
            expected = before.expected_score(puzzle_rating)
            words.append(f"Your rating went from {round(before.rating)} to "
                         f"{round(after.rating)}: against a puzzle rated "
                         f"{self._rating_of(puzzle)} a "
                         f"player rated {round(before.rating)} is expected to score "
                         f"{expected:.0%}, and this answer counts {score:g}.")
        if self.store.message and self.store.path is not None:
            words.append(self.store.message)
        return " ".join(words)

    def _rating_of(self, puzzle: Puzzle) -> int:
        """The puzzle's rating as served: a quiet one's is how hard it is to trust."""
        return trust_rating(puzzle) if self.quiet else puzzle.rating

    def _on_record(self, _progress: Progress) -> None:
        self._show_status()

    def _show_puzzle(self) -> None:
        self.rated = False
        self.hint_used = False
        self.wrong_tries = 0
        self.last_grade = None
        self.refutation.clear()
        self.knock_button.value = False
        can_knock = any(c.knock for c in self.puzzle.choices)
        self.knock_button.layout.display = "" if can_knock else "none"
        self._draw({})
        if self.puzzle.kind == "draw":
            ask = (f"Take the face-up {self.puzzle.upcard}, or draw from the stock? Click "
                   "your choice.")
        else:
            ask = "Click the card you would discard" + (
                " (press Knock first to knock with it)." if can_knock else ".")
        self._say(" ".join(filter(None, [self.review_note, ask])), "info")
        self._show_status()

    def _show_status(self) -> None:
        progress = self.progress
        low, high = progress.rating.interval()
        due = len(progress.due_reviews())
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

    def _draw(self, marks: dict[Card, str], moves: dict[bool, str] | None = None) -> None:
        """Draw the position; ``marks`` colour cards of the hand, ``moves`` the take (True)
        and draw (False) buttons of a take-or-draw puzzle."""
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
        # A quiet position's tier would give it away ("Count"): it is said after the answer.
        tier = "" if self.quiet else f" · tier {p.tier} {p.tier_name}"
        self.header.value = (f'<div style="{scale}"><b>Puzzle {html.escape(p.id)}</b> · '
                             f"{QUESTIONS[p.question]}{tier} · rated {self._rating_of(p)}"
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

