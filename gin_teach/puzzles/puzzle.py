"""A puzzle of the bank and its grading.

A puzzle is of one ``kind`` (:data:`KINDS`): a **discard** puzzle ("what do you discard?",
and, when the answer cards could knock, "knock or play on?" too) or a **draw** puzzle
("take or draw?": ten cards and the face-up card). Grading is the same for both.

A :class:`Puzzle` is a position (your 11 cards after the draw and what you know), the answer
(the cards that are right: the judge's best and any within its noise, and whether to knock
with them) and the value of every
other choice in expected points with its standard error, measured by the judge
(:mod:`gin_teach.judge`). Grading is by points lost, the way backgammon and poker trainers
grade, not by exact match, on the judge's one scale: ``best`` (an answer card, with the right
knock decision), ``good`` (within the noise of the best, or under
:data:`~gin_teach.judge.GOOD_BELOW` points: counted as solved), ``inaccuracy``, ``mistake``,
``blunder``. A grade looks its verdict up (:attr:`Puzzle.verdicts`): each choice's verdict is
the judge's for the numbers stored, derived once and kept, never decided again.

>>> from gin_teach.puzzles import load_bank
>>> puzzle = load_bank()[0]
>>> grade = puzzle.grade(puzzle.best_choice.card)
>>> grade.verdict, grade.points_lost
('best', 0.0)
"""

from __future__ import annotations

import functools
import hashlib
import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from gin_teach.analysis import Knowledge
from gin_teach.core.cards import Card, HandLike, hand_mask, parse_cards, to_cards
from gin_teach.core.validation import wrong_argument
from gin_teach.core.verdicts import (
    INACCURACY_BELOW,
    MISTAKE_BELOW,
    VERDICTS,
)
from gin_teach.errors import CardError, PuzzleError, excerpt
from gin_teach.judge import loss_words
from gin_teach.puzzles.choices import (
    HINTS,
    KINDS,
    KNOCK_LIMIT,
    KNOWLEDGE_CARDS,
    THEMES,
    TIER_NAMES,
    ChoiceValue,
    rates_json,
    stored_verdict,
)
from gin_teach.puzzles.fields import puzzle_fields, validate
from gin_teach.puzzles.grade import Grade
from gin_teach.puzzles.verify import verify_position
from gin_teach.refutation import Refutation, refute

__all__ = [
    "DRAW_HINTS",
    "HINTS",
    "INACCURACY_BELOW",
    "KINDS",
    "KNOCK_LIMIT",
    "KNOWLEDGE_CARDS",
    "MISTAKE_BELOW",
    "QUESTIONS",
    "THEMES",
    "TIER_NAMES",
    "VERDICTS",
    "ChoiceValue",
    "Grade",
    "Puzzle",
]

QUESTIONS: Final = {"discard": "What do you discard?", "knock": "Knock or play on?",
                    "draw": "Take or draw?"}
"""The question a puzzle asks (:attr:`Puzzle.question`): a discard puzzle whose answer cards
could knock asks knock or play on."""
DRAW_HINTS: Final = {
    1: "Count the deadwood after taking it (and throwing your worst card).",
    2: "Compare what taking leaves with what a stock card leaves on average.",
    3: "Look through the discard pile: which cards could still come from the stock?",
    4: "What has your opponent taken and thrown? What would your pick-up tell it?",
    5: "Think about the whole hand: what the card does for you now, and later.",
}


def _reason_of(explanation: str) -> str:
    """An explanation without the move it opens with ("Discard 7♦: ..."), for a grade that
    has named the move already."""
    move, colon, reason = explanation.partition(": ")
    return reason if colon and len(move) < 60 else explanation


def _verdict_text(verdict: str, chosen: ChoiceValue, did: str, better: str,
                  better_said: str = "") -> str:
    """A good or worse grade in words: the verdict, then the choice's own reason, which
    states what it loses with the error (a good one's says it is as good as the best)."""
    if verdict != "good":
        return f"{verdict.capitalize()}: {did}.{better_said} {chosen.why}"
    if " is as good as " in chosen.why:  # the bank's texts say so; a hand-made one may not
        return f"Good: {chosen.why}"
    return (f"Good: {did} is as good as {better} as far as the playouts can tell: it "
            f"{loss_words(chosen.points_lost, chosen.error)}. {chosen.why}")


def _said(choice: ChoiceValue, choices: Sequence[ChoiceValue], doing: bool = False) -> str:
    """A choice in words, "and play on" where its card could knock too; ``doing``: as
    "discarding 5♥ and knocking"."""
    could = choice.knock or any(c.knock and c.card == choice.card for c in choices)
    if doing:
        return f"discarding {choice.card}" + (
            (" and knocking" if choice.knock else " and playing on") if could else "")
    return f"{choice.card}" + ((" and knock" if choice.knock else " and play on")
                               if could else "")


@dataclass(frozen=True)
class Puzzle:
    """A position and its measured answer (see the module). ``hand`` is your 11 cards after the
    draw; ``knowledge`` what you know (an :class:`~gin_teach.analysis.Knowledge`); ``scores``
    (yours, the opponent's) and ``turn`` (your turns so far in this hand, this one included)
    set the scene. ``answer`` holds the cards that are equally right; ``knock`` whether to knock
    with them (None when they cannot knock). ``choices`` values every legal choice.

    >>> from gin_teach.puzzles import load_bank
    >>> puzzle = load_bank()[0]
    >>> len(puzzle.hand), puzzle.tier in TIER_NAMES, puzzle.answer <= set(puzzle.hand)
    (11, True, True)

    A take-or-draw puzzle (``kind="draw"``) holds your 10 cards before the draw; the face-up
    card is the top of the discard pile, ``take`` the answer, and ``choices`` the two values:

    >>> draw = next(p for p in load_bank() if p.kind == "draw")
    >>> len(draw.hand), sorted(c.move for c in draw.choices), draw.best_choice.take == draw.take
    (10, ['draw', 'take'], True)
    """

    id: str
    tier: int
    themes: tuple[str, ...]
    hand: tuple[Card, ...]
    knowledge: Knowledge
    answer: frozenset[Card]
    knock: bool | None
    rating: int
    explanation: str
    hint: str
    choices: tuple[ChoiceValue, ...] = field(repr=False)
    scores: tuple[int, int] = (0, 0)
    turn: int = 1
    kind: str = "discard"
    """One of :data:`KINDS`. A ``"draw"`` puzzle's ``hand`` is your 10 cards before the draw,
    the face-up card is the top of ``knowledge.discard_pile`` (:attr:`upcard`), its
    ``answer`` is empty and ``knock`` None, and ``take`` says whether taking is right."""
    take: bool | None = None

    def __post_init__(self) -> None:
        validate(self)

    @property
    def tier_name(self) -> str:
        """The tier's name: Count, Shape, Memory, Defence or Judgement."""
        return TIER_NAMES[self.tier]

    @property
    def question(self) -> str:
        """What the puzzle asks, a key of :data:`QUESTIONS`: ``"draw"`` (take or draw?),
        ``"knock"`` (a discard puzzle whose answer cards could knock: knock or play on?) or
        ``"discard"``.

        >>> from gin_teach.puzzles import load_bank
        >>> load_bank()[0].question
        'discard'
        """
        if self.kind == "draw":
            return "draw"
        return "discard" if self.knock is None else "knock"

    @property
    def upcard(self) -> Card:
        """The face-up card a draw puzzle offers (:class:`PuzzleError` for a discard puzzle).

        >>> from gin_teach.puzzles import load_bank
        >>> puzzle = next(p for p in load_bank() if p.kind == "draw")
        >>> puzzle.upcard == puzzle.knowledge.discard_pile[-1]
        True
        """
        if self.kind != "draw":
            raise PuzzleError(f"puzzle {self.id} asks what to discard: it offers no face-up "
                              "card to take")
        return self.knowledge.discard_pile[-1]

    def _ask_discard(self) -> None:
        if self.kind == "draw":
            raise PuzzleError(f"puzzle {self.id} asks take or draw, not a discard: answer it "
                              "with grade_draw(take=True or False) or grade_move('take' or "
                              "'draw')")

    def choice(self, card: Card | str, knock: bool | None = None) -> ChoiceValue:
        """The measured choice for discarding ``card`` and knocking or not (``None``: the
        better of the two for that card). A card not in the hand, the card just taken, or a
        knock the count does not allow raise :class:`PuzzleError`.

        >>> from gin_teach.puzzles import load_bank
        >>> puzzle = load_bank()[0]
        >>> puzzle.choice(puzzle.best_choice.card).points_lost
        0.0
        """
        self._ask_discard()
        if isinstance(card, str):
            text = card
            try:
                (card,) = parse_cards(text)
            except (CardError, ValueError):
                raise PuzzleError(f"{text[:20]!r} is not one card") from None
        if card not in self.hand:
            raise PuzzleError(f"{card} is not in your hand")
        options = [c for c in self.choices if c.card == card]
        if not options:
            raise PuzzleError(f"you just took {card} from the pile: you may not throw it back")
        if knock is not None:
            options = [c for c in options if c.knock == knock]
            if not options:
                raise PuzzleError(f"you cannot knock after discarding {card}: the count it "
                                  "leaves is over the knock limit")
        return min(options, key=lambda c: c.points_lost)

    def grade(self, card: Card | str, knock: bool | None = None) -> Grade:
        """Grade discarding ``card`` (knocking if ``knock``; ``None``: as well as that card
        allows). Raises :class:`PuzzleError` for a card that cannot be discarded.

        >>> from gin_teach.puzzles import load_bank
        >>> puzzle = load_bank()[0]
        >>> wrong = max(puzzle.choices, key=lambda c: c.points_lost)
        >>> grade = puzzle.grade(wrong.card, wrong.knock)
        >>> grade.verdict != "best", grade.better in puzzle.answer
        (True, True)

        A draw puzzle is answered with :meth:`grade_draw` instead:

        >>> next(p for p in load_bank() if p.kind == "draw").grade("KS")
        ... # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        gin_teach.errors.PuzzleError: puzzle p... asks take or draw, not a discard: ...
        """
        self._ask_discard()
        if knock is not None and not isinstance(knock, bool):
            raise PuzzleError(f"knock must be True, False or None, got {excerpt(knock)}")
        chosen = self.choice(card, knock)
        best = self.best_choice
        in_answer = self._in_answer(chosen)
        verdict = self.verdicts[chosen.move]  # the judge's, looked up
        did = _said(chosen, self.choices, doing=True)
        better = _said(best, self.choices)
        if verdict == "best":
            if chosen != best:  # as good on every deal: the explanation argues for the other
                return Grade(chosen.card, chosen.knock, verdict, 0.0, None, None,
                             f"Best: {chosen.why}")
            others = sorted(self.answer - {chosen.card})
            alike = (f" ({', '.join(map(str, others))} would be as good)" if others else "")
            return Grade(chosen.card, chosen.knock, verdict, 0.0, None, None,
                         f"Best: {did}{alike}: {_reason_of(self.explanation)}")
        text = _verdict_text(verdict, chosen, did, better, f" Better: {better}.")
        if verdict == "good" and not in_answer:
            # Good against the judge's own opponent, yet left out of the answer: the bank
            # held every answer against a panel of opponent styles and this one fell short.
            text += (f" It depends on your opponent: {better} holds against every style of "
                     f"opponent the bank was checked with, {_said(chosen, self.choices)} "
                     "does not.")
        return Grade(chosen.card, chosen.knock, verdict, round(chosen.points_lost, 2),
                     best.card, best.knock, text)

    def grade_draw(self, take: bool) -> Grade:
        """Grade taking the face-up card (``take=True``) or drawing from the stock
        (``take=False``) in a draw puzzle, by the judge's values stored with it. A discard
        puzzle, or a ``take`` that is not True or False, raises :class:`PuzzleError`.

        >>> from gin_teach.puzzles import load_bank
        >>> puzzle = next(p for p in load_bank() if p.kind == "draw")
        >>> puzzle.grade_draw(puzzle.take).verdict
        'best'
        >>> load_bank()[0].grade_draw(True)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        gin_teach.errors.PuzzleError: puzzle ... asks what to discard, not take or draw: ...
        """
        if self.kind != "draw":
            raise PuzzleError(f"puzzle {self.id} asks what to discard, not take or draw: "
                              "answer it with grade(card, knock)")
        if not isinstance(take, bool):
            raise PuzzleError(f"take must be True (take the face-up card) or False (draw "
                              f"from the stock), got {excerpt(take)}")
        chosen = next(c for c in self.choices if c.take == take)
        best = self.best_choice
        upcard = self.upcard
        did = f"taking {upcard}" if take else "drawing from the stock"
        best_did = f"taking {upcard}" if best.take else "drawing from the stock"
        if chosen is best:
            return Grade(upcard, False, "best", 0.0, None, None,
                         f"Best: {did}: {_reason_of(self.explanation)}", take=take)
        verdict = self.verdicts[chosen.move]  # the judge's, looked up
        return Grade(upcard, False, verdict, round(chosen.points_lost, 2), upcard, None,
                     _verdict_text(verdict, chosen, did, best_did), take=take,
                     better_take=best.take)

    def grade_move(self, move: str) -> Grade:
        """Grade a move as typed: ``"take"`` or ``"draw"`` in a draw puzzle; ``"KS"``,
        ``"discard KS"`` or ``"knock KS"`` in a discard puzzle. A move the puzzle does not
        ask raises :class:`PuzzleError` naming the problem.

        >>> from gin_teach.puzzles import load_bank
        >>> puzzle = load_bank()[0]
        >>> puzzle.grade_move(f"discard {puzzle.best_choice.card.code}").verdict
        'best'
        >>> puzzle.grade_move("take")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        gin_teach.errors.PuzzleError: puzzle ... asks what to discard, not take or draw: ...
        """
        if not isinstance(move, str):
            raise PuzzleError(f"a move is text such as 'take', 'draw' or 'discard KS', got "
                              f"{excerpt(move)}")
        words = move.strip().lower().split()
        if words in (["take"], ["draw"]):
            return self.grade_draw(words == ["take"])
        if self.kind == "draw":
            self._ask_discard()
        if len(words) == 2 and words[0] in ("discard", "knock"):
            return self.grade(words[1], knock=words[0] == "knock")
        if len(words) == 1:
            return self.grade(words[0])
        raise PuzzleError(f"{move[:30]!r} is not a move: say 'discard KS' or 'knock KS'")

    def refutation(self, move: str) -> Refutation | None:
        """The line of play that shows what goes wrong with ``move`` (as
        :attr:`Grade.move` names it), against the puzzle's best choice, on the judge's
        own deals of this position (:func:`~gin_teach.refutation.refute`): None for a move
        that does worse on none of them. Played out only when asked, after a wrong answer.

        >>> from gin_teach.puzzles import load_bank
        >>> puzzle = load_bank()[0]
        >>> worst = max(puzzle.choices, key=lambda c: c.points_lost)
        >>> shown = puzzle.refutation(worst.move)
        >>> shown.line.move == worst.move, shown.line.points < shown.better.points
        (True, True)
        """
        if not isinstance(move, str):
            raise PuzzleError(f"a move is text such as 'discard KS', got {excerpt(move)}")
        try:
            return refute(self.hand, self.knowledge, None, move, self.best_choice.move,
                          scores=self.scores)
        except CardError as error:
            raise PuzzleError(f"{error}: not a choice of puzzle {self.id}") from None

    @property
    def verdicts(self) -> Mapping[str, str]:
        """The judge's verdict of every choice, by its move (:attr:`ChoiceValue.move`): what
        :meth:`grade` says, looked up. The bank stores each choice's loss and error, not its
        verdict, so the verdicts are derived from those, through the judge's one
        :func:`~gin_teach.core.verdicts.verdict_for`, once (at the puzzle's first grade,
        which keeps loading the bank quick) and kept

        (:func:`~gin_teach.puzzles.choices.stored_verdict`).

        >>> from gin_teach.puzzles import load_bank
        >>> puzzle = load_bank()[0]
        >>> puzzle.verdicts[puzzle.best_choice.move]
        'best'
        >>> worst = max(puzzle.choices, key=lambda c: c.points_lost)
        >>> puzzle.verdicts[worst.move] == puzzle.grade(worst.card, worst.knock).verdict
        True
        """
        return MappingProxyType(self._verdicts)

    @functools.cached_property
    def _verdicts(self) -> dict[str, str]:
        # Kept in the instance's __dict__ (a frozen dataclass allows that): a plain dict, so
        # a graded puzzle still pickles for a process pool.
        return {choice.move: stored_verdict(choice, self.hand,
                                            choice.take == self.take if self.kind == "draw"
                                            else self._in_answer(choice))
                for choice in self.choices}

    def _in_answer(self, choice: ChoiceValue) -> bool:
        """Whether a discard ``choice`` is an answer: an answer card, with the answer's knock
        (the best choice and those within the judge's noise)."""
        return choice.card in self.answer and (self.knock is None
                                               or choice.knock == self.knock)

    @property
    def best_choice(self) -> ChoiceValue:
        """The answer's choice to show as the solution: the one the judge values most (in a
        draw puzzle, the choice whose ``take`` is the answer)."""
        if self.kind == "draw":
            return next(c for c in self.choices if c.take == self.take)
        return min((c for c in self.choices if c.card in self.answer
                    and (self.knock is None or c.knock == self.knock)),
                   key=lambda c: (c.points_lost, c.card))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of one puzzle (see :func:`~gin_teach.puzzles.bank.bank_to_json`).

        >>> from gin_teach.puzzles import load_bank
        >>> sorted(load_bank()[0].to_dict())[:4]
        ['answer', 'choices', 'explanation', 'hand']
        """
        knowledge: dict[str, Any] = {name: [c.code for c in getattr(self.knowledge, name)]
                                     for name in KNOWLEDGE_CARDS}
        knowledge["stock_size"] = self.knowledge.stock_size
        taken = self.knowledge.just_taken
        knowledge["just_taken"] = taken.code if taken else None
        knowledge["knock_limit"] = self.knowledge.knock_limit
        if self.kind == "draw":
            return {"id": self.id, "kind": self.kind, "tier": self.tier,
                    "themes": list(self.themes), "hand": [c.code for c in self.hand],
                    "knowledge": knowledge, "answer": [], "knock": None, "take": self.take,
                    "rating": self.rating, "explanation": self.explanation, "hint": self.hint,
                    "scores": list(self.scores), "turn": self.turn,
                    "choices": [{"move": c.move, "points_lost": round(c.points_lost, 2),
                                 "error": round(c.error, 2), "why": c.why}
                                for c in self.choices]}
        return {"id": self.id, "tier": self.tier, "themes": list(self.themes),
                "hand": [c.code for c in self.hand], "knowledge": knowledge,
                "answer": sorted(c.code for c in self.answer), "knock": self.knock,
                "rating": self.rating, "explanation": self.explanation, "hint": self.hint,
                "scores": list(self.scores), "turn": self.turn,
                "choices": [{"card": c.card.code, "knock": c.knock,
                             "points_lost": round(c.points_lost, 2),
                             "error": round(c.error, 2), "why": c.why,
                             **({"rates": rates_json(c.rates)} if c.rates else {})}
                            for c in self.choices]}

    @classmethod
    def from_position(cls, hand: HandLike, knowledge: Knowledge | None = None, *,
                      scores: tuple[int, int] = (0, 0), turn: int = 1,
                      seed: int | None = None, puzzle_id: str | None = None) -> Puzzle:
        """A puzzle from a hand a teacher types (11 cards after the draw) and what the player
        knows, verified exactly as the bank's puzzles are, on the position's own deals unless
        ``seed`` picks others (so the judge and ``recheck`` find the same numbers);
        :class:`PuzzleError` says why a position is refused (a gin, every discard alike, too
        close to call...).

        >>> puzzle = Puzzle.from_position("AS 2S 3S 5H 6H 7H 9D TD 2C 3C KH",
        ...                               Knowledge(stock_size=28), seed=1)
        >>> sorted(card.code for card in puzzle.answer), puzzle.tier_name
        (['KH'], 'Shape')
        >>> Puzzle.from_position("AS 2S 3S 4H 5H 6H 7D 8D 9D TD KC")
        Traceback (most recent call last):
        ...
        gin_teach.errors.PuzzleError: this position is not a puzzle: a gin: no question to ask
        """
        if knowledge is not None and not isinstance(knowledge, Knowledge):
            raise wrong_argument("knowledge", knowledge, "a Knowledge or None")
        try:
            cards = tuple(sorted(to_cards(hand)))
            knowledge = knowledge if knowledge is not None else Knowledge()
            if len(cards) != 11:
                raise PuzzleError(f"a puzzle hand has 11 cards (after the draw), got "
                                  f"{len(cards)}")
            knowledge.check_hand(hand_mask(cards), 11)
        except CardError as error:
            raise PuzzleError(f"this position is not a puzzle: {error}") from None
        found = verify_position(cards, knowledge, seed=seed, scores=scores)
        if not found.kept:
            raise PuzzleError(f"this position is not a puzzle: {found.reason}")
        digest = hashlib.sha256(" ".join(c.code for c in cards).encode()).hexdigest()[:8]
        return cls(id=puzzle_id or f"custom-{digest}", tier=found.tier, themes=found.themes,
                   hand=cards, knowledge=knowledge, answer=found.answer, knock=found.knock,
                   rating=found.rating, explanation=found.explanation, hint=found.hint,
                   choices=found.choices, scores=scores, turn=turn)

    @classmethod
    def from_dict(cls, data: object) -> Puzzle:
        """Read one puzzle's JSON form, checking every field (:class:`PuzzleError` names the
        puzzle and the field).

        >>> Puzzle.from_dict({"id": "x"})
        Traceback (most recent call last):
        ...
        gin_teach.errors.PuzzleError: puzzle 'x': missing fields: answer, choices, ...
        """
        return cls(**puzzle_fields(data))

    def describe(self) -> str:
        """The position in words: what you know besides your hand.

        >>> from gin_teach.puzzles import load_bank
        >>> "stock" in load_bank()[0].describe()
        True
        """
        k = self.knowledge
        size = 10 if self.kind == "draw" else 11
        facts = [f"stock {k.stock(size)} cards", f"your turn {self.turn} of this hand",
                 f"score {self.scores[0]} to {self.scores[1]}"]
        if k.just_taken:
            facts.append(f"you just took {k.just_taken} from the pile (you may not throw it)")
        if self.kind == "draw":
            facts.insert(0, f"the face-up card is {self.upcard}")
        for name, cards in (("the opponent took and holds", k.opponent_holds),
                            ("the opponent threw", k.opponent_discarded),
                            ("the opponent passed", k.opponent_passed)):
            if cards:
                facts.append(f"{name} {' '.join(map(str, cards))}")
        return "; ".join(facts)

    def _repr_html_(self) -> str:
        from gin_teach.display import hand_svg

        k = self.knowledge
        by_suit: list[Card] = sorted(self.hand, key=lambda card: (card.suit, card.rank))
        title = f"Tier {self.tier} {self.tier_name}: {QUESTIONS[self.question].lower()}"
        pictures = [hand_svg(by_suit, title=title)]
        if self.kind == "draw":
            pictures.append(hand_svg([self.upcard], title="Face-up card"))
        if k.discard_pile:
            pictures.append(hand_svg(k.discard_pile[-12:], title="Discard pile, top last"))
        if k.opponent_holds:
            pictures.append(hand_svg(k.opponent_holds, title="Opponent holds"))
        row = "".join(f'<div style="margin:0 16px 8px 0">{p}</div>' for p in pictures)
        return (f'<div><div style="display:flex;flex-wrap:wrap">{row}</div>'
                f"<div>{html.escape(self.describe())}</div></div>")
