"""The puzzle trainer's session: which puzzle comes next and how an attempt counts, with no
widget in sight.

A :class:`TrainerSession` serves puzzles from the bank (and from the learner's own games,
:mod:`gin_teach.own_puzzles`) and counts every answer in the learner's record, saved through
its :class:`~gin_teach.learner.progress.ProgressStore` (under the file's lock, written whole).
The trainer widget (:class:`gin_teach.widgets.DiscardPuzzle`) shows a session, and
``python -m gin_teach.puzzles train`` runs one in a terminal; both say what the session says.

How an attempt counts (the record's rule, :data:`~gin_teach.learner.record.COUNTING_RULE`):

- only the first answer to a puzzle, or the solution shown first, is rated; later answers
  are graded and explained, never counted again;
- a solve after a hint counts as half (:data:`HINT_SCORE_CAP`);
- a solution shown before any answer counts as a miss;
- a wrong answer hears a question first (:mod:`gin_teach.nudges`); the better choice and why
  come after the last try (:data:`~gin_teach.lessons.tries.TRIES`, two for take or draw);
- a puzzle missed, solved after a hint or whose solution was shown comes back for review
  (FSRS, :mod:`gin_teach.learner.review_schedule`), due ones first.

The next puzzle is one due for review, else an unsolved one within :data:`RATING_WINDOW`
points of the learner's rating, with about one in seven a quiet position
(:mod:`gin_teach.puzzles.quiet`) when no tier or theme is chosen.

The session is a small state machine. Its :attr:`~TrainerSession.phase` is ``"asking"``
(nothing counted yet), ``"trying"`` (rated, the last answer wrong, tries left) or
``"answered"`` (solved, told the answer, or shown it); :meth:`~TrainerSession.answer` and
:meth:`~TrainerSession.show_solution` move it on, :meth:`~TrainerSession.next_puzzle` starts
again at ``"asking"``. Every step returns a frozen value saying what happened (an
:class:`Attempt`, a :class:`Hint`), and a step refused (a card not in the hand, a filter no
puzzle has) raises a :class:`~gin_teach.errors.PuzzleError` and changes nothing.

>>> from gin_teach.learner.progress import ProgressStore
>>> session = TrainerSession(ProgressStore.scratch(), seed=1, tier=1)
>>> best = session.puzzle.best_choice
>>> attempt = session.answer(best.card, best.knock)
>>> attempt.grade.verdict, attempt.rated, attempt.score, session.phase
('best', True, 1.0, 'answered')
>>> attempt.change.after.rating > attempt.change.before.rating
True
>>> session.answer(best.card, best.knock).rated  # the same puzzle again: not counted
False
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from gin_teach.core.arguments import check_seed
from gin_teach.core.cards import Card
from gin_teach.core.verdicts import ACCEPTED
from gin_teach.errors import PuzzleError, excerpt
from gin_teach.learner.progress import ProgressStore
from gin_teach.learner.rating import Rating
from gin_teach.learner.record import Progress, verdict_score
from gin_teach.learner.review_schedule import ReviewEntry, missed_words
from gin_teach.lessons.tries import TRIES
from gin_teach.nudges import draw_nudge, puzzle_nudge, puzzle_solution
from gin_teach.own_puzzles import OWN_PREFIX, own_puzzles_of
from gin_teach.puzzles import QUESTIONS, TIER_NAMES, Grade, Puzzle, load_bank
from gin_teach.puzzles.quiet import QUIET_SHARE, QUIET_WORDS, is_quiet, trust_rating

__all__ = ["DRAW_TRIES", "HINT_SCORE_CAP", "PUZZLE_DEVIATION", "RATING_WINDOW", "Attempt",
           "Filters", "Hint", "Phase", "RatingChange", "TrainerSession", "TrainerState",
           "checked_bank", "puzzle_of_the_day", "read_filters"]

PUZZLE_DEVIATION: Final = 80.0
"""How sure a bank puzzle's rating is: it comes from the puzzle's features, not from play."""
RATING_WINDOW: Final = 250
"""The next puzzle is picked among unsolved ones within this many points of your rating."""
HINT_SCORE_CAP: Final = 0.5
"""A puzzle solved after a hint counts as a draw for the rating."""
DRAW_TRIES: Final = 2
"""Wrong tries at a take-or-draw puzzle before its answer is given: it has two answers."""

Phase = Literal["asking", "trying", "answered"]
Tone = Literal["right", "wrong", "info"]


def checked_bank(bank: Sequence[Puzzle] | None) -> tuple[Puzzle, ...]:
    """The bank to draw from: ``bank`` checked (puzzles, at least one), or the shipped one.

    >>> len(checked_bank(None)) == len(load_bank())
    True
    >>> checked_bank(["p0001"])
    Traceback (most recent call last):
    ...
    gin_teach.errors.PuzzleError: bank must hold only puzzles, got 'p0001'
    """
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
    bank = checked_bank(bank)
    if day is not None and not isinstance(day, datetime.date):
        raise PuzzleError(f"day must be a datetime.date or None, got {excerpt(day)}")
    day = day or datetime.date.today()
    index = int(hashlib.sha256(day.isoformat().encode()).hexdigest(), 16) % len(bank)
    return bank[index]


# ----------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Filters:
    """Which puzzles a session serves: of ``tier`` (1-5), teaching ``theme``, asking ``kind``
    (a key of :data:`~gin_teach.puzzles.QUESTIONS`); None for any. ``problem`` says which
    filter :func:`read_filters` had to drop, and why (None: all were kept).
    >>> Filters(tier=2).tier, Filters().kind is None
    (2, True)
    """

    tier: int | None = None
    theme: str | None = None
    kind: str | None = None
    problem: str | None = None


def read_filters(bank: Sequence[Puzzle] | None = None, tier: object = None,
                 theme: object = None, kind: object = None) -> Filters:
    """The filters a learner asked for, each one that no puzzle of ``bank`` (default: the
    shipped bank) fits dropped (to any), and the first such named in ``problem`` (tier, then
    theme, then kind). A ``bank`` that holds no puzzles raises :class:`PuzzleError`.

    >>> bank = load_bank()
    >>> read_filters(bank, tier=2, kind="draw")
    Filters(tier=2, theme=None, kind='draw', problem=None)
    >>> read_filters(bank, tier=9, theme="luck").problem
    'there is no tier 9: tiers are 1 to 5'
    """
    puzzles = checked_bank(bank)
    themes = {t for p in puzzles for t in p.themes}
    asked = {p.question for p in puzzles}
    kept_tier = tier if isinstance(tier, int) and tier in TIER_NAMES else None
    kept_theme = theme if isinstance(theme, str) and theme in themes else None
    kept_kind = kind if isinstance(kind, str) and kind in asked else None
    problem = None
    if tier is not None and kept_tier is None:
        problem = f"there is no tier {excerpt(tier)}: tiers are 1 to 5"
    elif theme is not None and kept_theme is None:
        shown = repr(theme[:40]) if isinstance(theme, str) else excerpt(theme)
        problem = f"no puzzle has the theme {shown}"
    elif kind is not None and kept_kind is None:
        problem = (f"no puzzle is of the kind {excerpt(kind)}: the kinds are "
                   f"{', '.join(sorted(asked))}")
    return Filters(kept_tier, kept_theme, kept_kind, problem)


@dataclass(frozen=True)
class RatingChange:
    """What one rated attempt did to the learner's rating: ``before`` and ``after``, against
    a puzzle rated ``puzzle`` (as served), the attempt counting ``score``.
    >>> change = RatingChange(Rating(1500, 80), Rating(1520, 78), Rating(1400, 80), 1.0)
    >>> round(change.after.rating - change.before.rating)
    20
    """

    before: Rating
    after: Rating
    puzzle: Rating
    score: float

    def words(self) -> str:
        """Why the rating fell after a correct answer ("" when it did not): a surprise a
        learner should hear explained.

        >>> RatingChange(Rating(1500, 80), Rating(1520, 78), Rating(1400, 80), 1.0).words()
        ''
        """
        if not (self.score > 0 and self.after.rating < self.before.rating):
            return ""
        expected = self.before.expected_score(self.puzzle)
        return (f"Your rating went from {round(self.before.rating)} to "
                f"{round(self.after.rating)}: against a puzzle rated "
                f"{round(self.puzzle.rating)} a player rated {round(self.before.rating)} is "
                f"expected to score {expected:.0%}, and this answer counts {self.score:g}.")


@dataclass(frozen=True)
class Attempt:
    """What one answer (or the solution shown) did. ``grade`` is the puzzle's
    :class:`~gin_teach.puzzles.Grade` (for a solution shown, the best choice's); ``shown``
    whether the learner asked for the solution; ``rated`` whether this attempt was the one
    counted, with ``score`` (after the hint cap: ``hint_capped``) and the rating ``change``;
    ``told`` whether the better choice and why are given now; ``tries_left`` before they are;
    ``refute`` the wrong grade whose refutation to show beside the reason (None: none);
    ``review`` the puzzle's place in the review schedule afterwards (None: not scheduled);
    ``words`` and ``tone`` (``"right"``, ``"wrong"``, ``"info"``) what the learner is told;
    ``marks`` what to colour, ``"best"`` or ``"wrong"``: cards of the hand, or in a
    take-or-draw puzzle the moves (True: take, False: draw).
    >>> session = TrainerSession(seed=2, kind="discard")
    >>> attempt = session.answer(session.puzzle.best_choice.card, session.puzzle.knock)
    >>> attempt.solved, attempt.rated, attempt.tone
    (True, True, 'right')
    """

    puzzle_id: str
    grade: Grade
    shown: bool
    rated: bool
    score: float | None
    hint_capped: bool
    change: RatingChange | None
    told: bool
    tries_left: int
    refute: Grade | None
    review: ReviewEntry | None
    words: str
    tone: Tone
    marks: tuple[tuple[Card | bool, str], ...] = ()

    @property
    def solved(self) -> bool:
        """Whether the learner's own answer was accepted (never, for a solution shown)."""
        return not self.shown and self.grade.verdict in ACCEPTED


def _marks(grade: Grade, told: bool, right: bool) -> tuple[tuple[Card | bool, str], ...]:
    """What an answer colours: the card answered (in a take-or-draw puzzle, the move: True
    for take, False for draw) as right or wrong, and the better one once it is told."""
    mark = "best" if right else "wrong"
    chosen: Card | bool = grade.take if grade.take is not None else grade.card
    better = grade.better_take if grade.take is not None else grade.better
    marks: dict[Card | bool, str] = {chosen: mark}
    if better is not None and told:
        marks[better] = "best"
    return tuple(marks.items())


@dataclass(frozen=True)
class Hint:
    """A hint shown: its ``text``, whether it ``caps`` the attempt to come (the puzzle is not
    rated yet, so a solve now counts half) and the ``words`` the learner reads.
    >>> TrainerSession(seed=2, kind="discard").hint().words.startswith("Hint: ")
    True
    """

    text: str
    caps: bool
    words: str


@dataclass(frozen=True)
class TrainerState:
    """Where a session stands, all of it: the ``puzzle`` served (``quiet``: as a quiet
    position, its tier kept back), the ``review_note`` it was served with, whether it has
    been ``rated``, whether a hint was used, the wrong tries since the last told answer and
    the ``last_grade``. A step makes a new state; none changes one.
    >>> state = TrainerSession(seed=2, kind="discard").state
    >>> state.rated, state.wrong_tries, state.last_grade is None
    (False, 0, True)
    """

    puzzle: Puzzle
    quiet: bool = False
    review_note: str = ""
    rated: bool = False
    hint_used: bool = False
    wrong_tries: int = 0
    last_grade: Grade | None = None


# ----------------------------------------------------------------------------- the session


class TrainerSession:
    """One learner's run of the trainer. ``store`` is the record (default: a throw-away one,
    :meth:`ProgressStore.scratch`); ``bank`` the puzzles (default: the shipped bank, with the
    learner's own); ``tier``, ``theme`` and ``kind`` choose the puzzles (a filter no puzzle
    fits raises :class:`PuzzleError`; :func:`read_filters` drops it instead); ``seed`` makes
    the order repeatable; ``clock`` gives the time attempts are recorded at and reviews fall
    due by (default: now); ``typed`` words what the learner is told for answers typed in a
    terminal (``python -m gin_teach.puzzles train``) instead of clicked.

    >>> session = TrainerSession(seed=2, kind="draw")
    >>> session.puzzle.question, session.phase
    ('draw', 'asking')
    >>> session.answer("KS")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.PuzzleError: puzzle p... asks take or draw, not a discard: ...
    >>> session.phase, session.progress.attempts  # refused: nothing changed
    ('asking', 0)
    """

    def __init__(self, store: ProgressStore | None = None, *,
                 bank: Sequence[Puzzle] | None = None, seed: int | None = None,
                 tier: int | None = None, theme: str | None = None, kind: str | None = None,
                 clock: Callable[[], datetime.datetime] | None = None,
                 typed: bool = False) -> None:
        if store is not None and not isinstance(store, ProgressStore):
            raise PuzzleError(f"store must be a ProgressStore or None, got {excerpt(store)}")
        if not isinstance(typed, bool):
            raise PuzzleError(f"typed must be True or False, got {excerpt(typed)}")
        if clock is not None and not callable(clock):
            raise PuzzleError(f"clock must be a function giving the time, got "
                              f"{excerpt(clock)}")
        self.bank: tuple[Puzzle, ...] = checked_bank(bank)
        self.filters = self._strict(tier, theme, kind)
        self.store = store if store is not None else ProgressStore.scratch()
        self.rng = random.Random(check_seed(seed))
        self.clock = clock
        self.typed = typed
        self._own: dict[str, Puzzle] = {}
        self.themes: tuple[str, ...] = tuple(sorted({t for p in self.bank for t in p.themes}))
        """Every theme of the bank, for a learner to choose from."""
        self.kinds: tuple[str, ...] = tuple(k for k in QUESTIONS
                                            if k in {p.question for p in self.bank})
        """Every kind of question the bank asks, in :data:`QUESTIONS` order."""
        self.state = self._serve(None)

    # ------------------------------------------------------------------ what it shows

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle served."""
        return self.state.puzzle

    @property
    def quiet(self) -> bool:
        """Whether the puzzle is served as a quiet position (its tier kept back)."""
        return self.state.quiet

    @property
    def review_note(self) -> str:
        """What the puzzle was served with when it came back for review ("" otherwise)."""
        return self.state.review_note

    @property
    def last_grade(self) -> Grade | None:
        """The grade of the last answer to this puzzle (None before any)."""
        return self.state.last_grade

    @property
    def phase(self) -> Phase:
        """``"asking"`` (nothing counted yet), ``"trying"`` (counted, the last answer wrong,
        tries left) or ``"answered"`` (solved, told, or shown the solution)."""
        if not self.state.rated:
            return "asking"
        return "trying" if self.state.wrong_tries else "answered"

    @property
    def progress(self) -> Progress:
        """The learner's record as it now is."""
        return self.store.progress

    @property
    def rating(self) -> Rating:
        """The learner's Glicko-2 rating."""
        return self.progress.rating

    @property
    def streak(self) -> int:
        """Puzzles solved in a row, first try, no solution shown."""
        return self.progress.streak

    @property
    def served_rating(self) -> int:
        """The puzzle's rating as served: a quiet one's is how hard it is to trust."""
        return self._rating_of(self.puzzle, self.quiet)

    @property
    def tier_words(self) -> str:
        """The puzzle's tier as the learner may see it before answering ("tier 3 Memory"):
        "" for a quiet position, whose tier ("Count") would give it away."""
        return "" if self.quiet else f"tier {self.puzzle.tier} {self.puzzle.tier_name}"

    def due(self) -> list[tuple[str, ReviewEntry]]:
        """The puzzles of the record due for review now, the longest overdue first."""
        return self.progress.due_reviews(self._now())

    def ask(self) -> str:
        """What the learner is asked about the puzzle served, after its review note (in
        words for clicks, or for answers typed when the session is ``typed``).

        >>> TrainerSession(seed=2, kind="draw").ask()  # doctest: +ELLIPSIS
        'Take the face-up ..., or draw from the stock? Click your choice.'
        >>> TrainerSession(seed=2, kind="draw", typed=True).ask()  # doctest: +ELLIPSIS
        'Take the face-up ..., or draw from the stock? Type take or draw.'
        """
        puzzle, typed = self.puzzle, self.typed
        if puzzle.kind == "draw":
            how = "Type take or draw." if typed else "Click your choice."
            ask = f"Take the face-up {puzzle.upcard}, or draw from the stock? {how}"
        elif typed:
            ask = "Type the card you would discard" + (
                " (knock KS to knock with it)." if self.can_knock else ".")
        else:
            ask = "Click the card you would discard" + (
                " (press Knock first to knock with it)." if self.can_knock else ".")
        return " ".join(filter(None, [self.review_note, ask]))

    @property
    def can_knock(self) -> bool:
        """Whether some choice of the puzzle knocks (so knocking is a question)."""
        return any(c.knock for c in self.puzzle.choices)

    def own_puzzles(self) -> tuple[Puzzle, ...]:
        """The puzzles from the learner's own games in the record, served with the bank's.

        >>> TrainerSession().own_puzzles()
        ()
        """
        own = self.progress.own_puzzles
        if own.keys() != self._own.keys():  # read again only when the record's set changes
            self._own = {p.id: p for p in own_puzzles_of(self.progress)}
        return tuple(self._own.values())

    # ------------------------------------------------------------------ steps

    def answer(self, card: Card | str, knock: bool | None = None, *,
               pressed: bool = False) -> Attempt:
        """Discard ``card`` and knock if ``knock`` (None: as ``pressed``, the Knock button,
        says); in a take-or-draw puzzle ``card`` is ``"take"`` or ``"draw"``. The first answer
        is rated. A card that cannot be discarded, or an answer the puzzle does not ask,
        raises :class:`PuzzleError` and counts nothing.

        >>> session = TrainerSession(seed=3, kind="discard")
        >>> session.answer("XX")
        Traceback (most recent call last):
        ...
        gin_teach.errors.PuzzleError: 'XX' is not one card
        """
        state = self.state
        puzzle = state.puzzle
        if knock is not None and not isinstance(knock, bool):
            raise PuzzleError(f"knock must be True, False or None, got {excerpt(knock)}")
        if isinstance(card, str) and card.strip().lower() in ("take", "draw"):
            if knock:
                raise PuzzleError("a take-or-draw puzzle has no knock: answer take or draw")
            grade = puzzle.grade_move(card)  # a discard puzzle says what it asks
        elif puzzle.kind == "draw":
            grade = puzzle.grade(card)  # refused, saying how to answer
        else:
            # A click is a discard without a knock unless the Knock button is pressed.
            grade = puzzle.grade(card, pressed if knock is None else knock)
        right = grade.verdict in ACCEPTED
        wrong_tries = 0 if right else state.wrong_tries + 1
        allowed = DRAW_TRIES if puzzle.kind == "draw" else TRIES
        told = right or wrong_tries >= allowed
        if right:
            words = grade.explanation
        elif told:  # the last try: the better choice and why
            words = f"{grade.explanation} That was your last try. {puzzle_solution(puzzle)}"
        else:
            words = self._nudge(grade)
        if told:
            wrong_tries = 0
            if state.quiet:
                words = f"{words} {QUIET_WORDS}"
        # Counted last, once every word is known: a step that fails counts nothing.
        score: float | None = None
        capped = False
        change: RatingChange | None = None
        note = ""
        if not state.rated:
            score = verdict_score(grade.verdict)
            if state.hint_used and score > HINT_SCORE_CAP:
                score, capped = HINT_SCORE_CAP, True
                note = "Solved with a hint: counts as half."
            change = self._record(score)
            note = " ".join(filter(None, [note, self._record_words(change)]))
        self.state = dataclasses.replace(state, rated=True, wrong_tries=wrong_tries,
                                         last_grade=grade)
        return Attempt(puzzle.id, grade, shown=False, rated=score is not None, score=score,
                       hint_capped=capped, change=change, told=told,
                       tries_left=0 if told else allowed - wrong_tries,
                       refute=grade if told and not right else None,
                       review=self.progress.reviews.get(puzzle.id),
                       words=" ".join(filter(None, [words, note])),  # the verdict first
                       tone="right" if right else "wrong", marks=_marks(grade, told, right))

    def answer_move(self, move: str) -> Attempt:
        """Answer with a move as typed: ``"take"`` or ``"draw"``, ``"KS"`` or ``"discard KS"``
        (discard, play on), ``"knock KS"`` (discard and knock). Anything else raises
        :class:`PuzzleError` and counts nothing.

        >>> session = TrainerSession(seed=3, kind="discard")
        >>> session.answer_move(f"discard {session.puzzle.best_choice.card.code}").grade.verdict
        'best'
        >>> session.answer_move("play KS")
        Traceback (most recent call last):
        ...
        gin_teach.errors.PuzzleError: 'play KS' is not a move: say 'KS', 'discard KS', \
'knock KS', 'take' or 'draw'
        """
        if not isinstance(move, str):
            raise PuzzleError(f"a move is text such as 'discard KS', got {excerpt(move)}")
        words = move.split()
        if len(words) == 1:
            return self.answer(words[0], False)
        if len(words) == 2 and words[0].lower() in ("discard", "knock"):
            return self.answer(words[1], words[0].lower() == "knock")
        raise PuzzleError(f"{move[:30]!r} is not a move: say 'KS', 'discard KS', 'knock KS', "
                          "'take' or 'draw'")

    def hint(self) -> Hint:
        """The puzzle's hint; once it is shown, a solve of the unrated puzzle counts half.

        >>> session = TrainerSession(seed=1)
        >>> session.hint().text == session.puzzle.hint
        True
        """
        caps = not self.state.rated
        self.state = dataclasses.replace(self.state, hint_used=True)
        rule = " (a solve after a hint counts as half)" if caps else ""
        return Hint(self.puzzle.hint, caps, f"Hint: {self.puzzle.hint}{rule}")

    def show_solution(self) -> Attempt:
        """The answer and why; a puzzle not rated yet counts as missed (and comes back for
        review). The last answer, if wrong, is the one to refute beside it.

        >>> session = TrainerSession(seed=1)
        >>> shown = session.show_solution()
        >>> shown.shown, shown.score, shown.solved, session.streak, shown.review is not None
        (True, 0.0, False, 0, True)
        """
        state = self.state
        puzzle = state.puzzle
        best = puzzle.best_choice
        if puzzle.take is not None:
            grade = puzzle.grade_draw(puzzle.take)
        else:
            grade = puzzle.grade(best.card, best.knock)
        score: float | None = None
        change: RatingChange | None = None
        note = ""
        if not state.rated:
            score = 0.0
            change = self._record(score)
            note = " ".join(filter(None, ["Solution shown: counts as a miss, and the puzzle "
                                          "comes back for review.",
                                          self._record_words(change)]))
        wrong = state.last_grade
        quiet = QUIET_WORDS if state.quiet else ""
        self.state = dataclasses.replace(state, rated=True, wrong_tries=0)
        return Attempt(puzzle.id, grade, shown=True, rated=score is not None, score=score,
                       hint_capped=False, change=change, told=True, tries_left=0,
                       refute=wrong if wrong is not None and not wrong.solved else None,
                       review=self.progress.reviews.get(puzzle.id),
                       words=" ".join(filter(None, [f"Solution: {grade.explanation}", quiet,
                                                    note])),
                       tone="info", marks=self._answer_marks())

    def retry(self) -> str:
        """Try the same puzzle again: nothing is counted again (the words to say so).

        >>> session = TrainerSession(seed=1)
        >>> _ = session.answer(session.puzzle.best_choice.card, session.puzzle.knock)
        >>> session.retry(), session.phase
        ('Try again (this attempt is not rated).', 'answered')
        """
        return "Try again (this attempt is not rated)."

    def next_puzzle(self) -> Puzzle:
        """Move to another puzzle: one due for review first, else by the filters, unsolved
        first, near the learner's rating.

        >>> session = TrainerSession(seed=2)
        >>> first = session.puzzle
        >>> session.next_puzzle() is session.puzzle
        True
        """
        self.state = self._serve(self.puzzle)
        return self.puzzle

    def choose(self, tier: int | None = None, theme: str | None = None,
               kind: str | None = None) -> Puzzle:
        """Choose the puzzles (None: any) and move to one of them; a filter no puzzle fits
        raises :class:`PuzzleError` and changes nothing.

        >>> session = TrainerSession(seed=7)
        >>> session.choose(tier=3).tier
        3
        >>> session.choose(theme="luck")
        Traceback (most recent call last):
        ...
        gin_teach.errors.PuzzleError: no puzzle has the theme 'luck'
        """
        filters = self._strict(tier, theme, kind)
        self.filters = filters
        return self.next_puzzle()

    def puzzle_of_the_day(self, day: datetime.date | None = None) -> Puzzle:
        """Serve today's puzzle (the same for the whole class; rated like any other).

        >>> import datetime
        >>> day = datetime.date(2026, 1, 5)
        >>> TrainerSession().puzzle_of_the_day(day) == puzzle_of_the_day(day)
        True
        """
        self.state = TrainerState(puzzle_of_the_day(day, self.bank))
        return self.puzzle

    # ------------------------------------------------------------------ inner workings

    def _answer_marks(self) -> tuple[tuple[Card | bool, str], ...]:
        """The solution coloured: every card of the answer, or the right move."""
        puzzle = self.puzzle
        marks: dict[Card | bool, str] = {card: "best" for card in puzzle.answer}
        if puzzle.take is not None:
            marks[puzzle.take] = "best"
        return tuple(marks.items())

    def _strict(self, tier: object, theme: object, kind: object) -> Filters:
        filters = read_filters(self.bank, tier, theme, kind)
        if filters.problem is not None:
            raise PuzzleError(filters.problem)
        return filters

    def _now(self) -> datetime.datetime | None:
        return self.clock() if self.clock is not None else None

    def _nudge(self, grade: Grade) -> str:
        """A wrong try's words: the verdict and what it costs, then a question that points at
        what decides the puzzle, naming nothing that is right."""
        if grade.take is not None:
            question = draw_nudge()
        else:
            question = puzzle_nudge(self.puzzle, grade.card, grade.knock)
        show = "type show" if self.typed else "press Show solution"
        return (f"{grade.verdict.capitalize()}: not the best here (about "
                f"{grade.points_lost:.1f} points a hand lost). {question} Try again, or {show}.")

    def _record(self, score: float) -> RatingChange:
        """Count the attempt in the record (saved under the file's lock)."""
        puzzle, quiet = self.puzzle, self.quiet
        puzzle_rating = Rating(self._rating_of(puzzle, quiet), PUZZLE_DEVIATION)
        before = self.progress.rating
        when = self._now()
        after = self.store.update(lambda p: p.record(puzzle.id, puzzle_rating, score,
                                                     themes=puzzle.themes, when=when)).rating
        return RatingChange(before, after, puzzle_rating, score)

    def _record_words(self, change: RatingChange) -> str:
        """What the learner should hear of a rated attempt: why the rating fell after a
        correct answer, and a file that could not be saved."""
        saved = self.store.message if self.store.message and self.store.path else ""
        return " ".join(filter(None, [change.words(), saved]))

    @staticmethod
    def _rating_of(puzzle: Puzzle, quiet: bool) -> int:
        return trust_rating(puzzle) if quiet else puzzle.rating

    def _candidates(self) -> list[Puzzle]:
        tier, theme, kind = self.filters.tier, self.filters.theme, self.filters.kind
        chosen = [p for p in (*self.bank, *self.own_puzzles())
                  if (tier is None or p.tier == tier) and (theme is None or theme in p.themes)
                  and (kind is None or p.question == kind)]
        return chosen or list(self.bank)

    def _serve(self, avoid: Puzzle | None) -> TrainerState:
        """The state of a fresh puzzle: one due for review first, else near the rating."""
        pool = [p for p in self._candidates() if p is not avoid] or self._candidates()
        by_id = {p.id: p for p in pool}
        progress = self.progress
        for puzzle_id, entry in progress.due_reviews(self._now()):
            if puzzle_id in by_id:  # a puzzle due for review comes first
                whose = " from your own game" if puzzle_id.startswith(OWN_PREFIX) else ""
                return TrainerState(by_id[puzzle_id],
                                    review_note=f"Review{whose}: {missed_words(entry)}.")
        fresh = [p for p in pool if p.id not in progress.solved] or pool
        mine = progress.rating.rating
        if self._serves_quiet():
            # About one puzzle in seven is quiet whatever the rating, chosen by how hard it
            # is to trust; the others never are, so the share holds at every level.
            quiet = [p for p in fresh if is_quiet(p)] or [p for p in pool if is_quiet(p)]
            others = [p for p in fresh if not is_quiet(p)]
            if quiet and others and self.rng.random() < QUIET_SHARE:
                nearest = sorted(quiet, key=lambda p: abs(trust_rating(p) - mine))
                return TrainerState(self.rng.choice(nearest[:10]), quiet=True)
            fresh = others or fresh
        near = [p for p in fresh if abs(p.rating - mine) <= RATING_WINDOW]
        return TrainerState(self.rng.choice(
            near or sorted(fresh, key=lambda p: abs(p.rating - mine))[:10]))

    def _serves_quiet(self) -> bool:
        """Whether the quiet share applies: no tier or theme chosen, and a question a quiet
        puzzle can ask (a learner who picks "tier 1" or a theme gets exactly that)."""
        return (self.filters.tier is None and self.filters.theme is None
                and self.filters.kind in (None, "discard"))

