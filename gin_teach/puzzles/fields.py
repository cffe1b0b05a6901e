"""A puzzle's fields checked, and a puzzle read from the bank's JSON form.

:class:`~gin_teach.puzzles.puzzle.Puzzle` checks itself with :func:`validate` when it is made,
and :meth:`~gin_teach.puzzles.puzzle.Puzzle.from_dict` reads with :func:`puzzle_fields`:
every field is checked and a bad one raises :class:`~gin_teach.errors.PuzzleError` naming
the puzzle and the field. A discard puzzle has 11 cards and values every legal discard (and
knock); a draw puzzle has 10 cards, a face-up card, and values taking it and drawing.
"""

from __future__ import annotations

import math
import re
from dataclasses import Field
from typing import Any, ClassVar, Final, Protocol, TypeVar

from gin_teach.analysis import Knowledge
from gin_teach.core.cards import Card, hand_mask, to_cards
from gin_teach.core.kernel import deadwood_of_mask, may_knock
from gin_teach.core.validation import names_bad_arguments
from gin_teach.core.verdicts import ACCEPTED, verdict_for
from gin_teach.errors import CardError, GinError, PuzzleError, excerpt
from gin_teach.judge import RATE_NAMES, Rate
from gin_teach.puzzles.choices import (
    KINDS,
    KNOCK_LIMIT,
    KNOWLEDGE_CARDS,
    THEMES,
    TIER_NAMES,
    ChoiceValue,
)

__all__ = ["PuzzleFields", "SomePuzzle", "puzzle_fields", "validate"]

_MAX_TEXT: Final = 2_000
_ID: Final = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


# The puzzle checks itself here when it is made, and the texts and checks of the bank are
# imported by it: so they all name a puzzle by its fields, and none imports the puzzle back.
class PuzzleFields(Protocol):
    """What a puzzle holds (a :class:`~gin_teach.puzzles.puzzle.Puzzle` is exactly this, a
    frozen dataclass): what :func:`validate`, the texts and the bank's checks read of one,
    and what ``dataclasses.replace`` gives a new value.

    >>> from gin_teach.puzzles import load_bank
    >>> puzzle: PuzzleFields = load_bank()[0]
    >>> len(puzzle.hand), puzzle.kind
    (11, 'discard')
    """

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def id(self) -> str: ...
    @property
    def tier(self) -> int: ...
    @property
    def themes(self) -> tuple[str, ...]: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def knowledge(self) -> Knowledge: ...
    @property
    def answer(self) -> frozenset[Card]: ...
    @property
    def knock(self) -> bool | None: ...
    @property
    def rating(self) -> int: ...
    @property
    def explanation(self) -> str: ...
    @property
    def hint(self) -> str: ...
    @property
    def choices(self) -> tuple[ChoiceValue, ...]: ...
    @property
    def scores(self) -> tuple[int, int]: ...
    @property
    def turn(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def take(self) -> bool | None: ...


SomePuzzle = TypeVar("SomePuzzle", bound=PuzzleFields)
"""A puzzle of some class, handed back as that class (by ``reexplain``, ``retier``...)."""



def _fail(puzzle_id: object, problem: str) -> PuzzleError:
    return PuzzleError(f"puzzle {excerpt(puzzle_id)}: {problem}")


@names_bad_arguments
def validate(p: PuzzleFields) -> None:
    """Check every field of a puzzle (:class:`PuzzleError` names the puzzle and the field).

    >>> from gin_teach.puzzles import load_bank
    >>> from dataclasses import replace
    >>> replace(load_bank()[0], kind="bluff")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.PuzzleError: puzzle '...': kind must be one of discard, draw, got 'bluff'
    """
    if not isinstance(p.id, str) or not _ID.fullmatch(p.id):
        raise _fail(p.id, "id must be 1-40 lower-case letters, digits or dashes")
    if type(p.tier) is not int or p.tier not in TIER_NAMES:
        raise _fail(p.id, f"tier must be 1 to 5, got {excerpt(p.tier)}")
    unknown = [t for t in p.themes if t not in THEMES]
    if unknown:
        raise _fail(p.id, f"unknown theme {excerpt(unknown[0])}")
    if not isinstance(p.kind, str) or p.kind not in KINDS:
        raise _fail(p.id, f"kind must be one of {', '.join(KINDS)}, got {excerpt(p.kind)}")
    size = 10 if p.kind == "draw" else 11
    if len(p.hand) != size or len(set(p.hand)) != size:
        raise _fail(p.id, f"the hand of a {p.kind} puzzle must be {size} different cards")
    try:
        p.knowledge.check_hand(hand_mask(p.hand), size)
    except CardError as error:
        raise _fail(p.id, f"knowledge: {error}") from None
    if p.kind == "draw":
        _check_draw(p)
    elif p.take is not None:
        raise _fail(p.id, "take is for draw puzzles: a discard puzzle leaves it null")
    if p.kind != "draw" and (not p.answer or not p.answer <= set(p.hand)):
        raise _fail(p.id, "answer: every answer card must be in the hand")
    if p.knock not in (True, False, None):
        raise _fail(p.id, "knock must be true, false or null")
    if not (isinstance(p.rating, int) and 400 <= p.rating <= 3000):
        raise _fail(p.id, "rating must be a whole number from 400 to 3000")
    for name, text in (("explanation", p.explanation), ("hint", p.hint)):
        if not isinstance(text, str) or not text or len(text) > _MAX_TEXT:
            raise _fail(p.id, f"{name} must be text of 1 to {_MAX_TEXT} characters")
    if not (len(p.scores) == 2 and all(type(s) is int and 0 <= s < 1000 for s in p.scores)):
        raise _fail(p.id, "scores must be two whole numbers from 0 to 999")
    if not (type(p.turn) is int and 1 <= p.turn <= 40):
        raise _fail(p.id, "turn must be a whole number from 1 to 40")
    if p.kind != "draw":
        _check_choices(p)


def _check_draw(p: PuzzleFields) -> None:
    """A draw puzzle: a face-up card to take, an empty answer, ``take`` the answer, and
    exactly the two choices (take it, draw) measured, the answer losing nothing."""
    k = p.knowledge
    if not k.discard_pile or k.just_taken is not None:
        raise _fail(p.id, "a draw puzzle needs a face-up card (the discard pile's top) and "
                          "no card just taken")
    if p.answer or p.knock is not None:
        raise _fail(p.id, "a draw puzzle's answer is take (true or false): answer must be "
                          "empty and knock null")
    if not isinstance(p.take, bool):
        raise _fail(p.id, "take must be true (take the face-up card) or false (draw)")
    upcard = k.discard_pile[-1]
    takes = sorted(c.take for c in p.choices if c.card == upcard and not c.knock
                   and isinstance(c.take, bool))
    if len(p.choices) != 2 or takes != [False, True]:
        raise _fail(p.id, "choices: a draw puzzle values exactly taking the face-up card and "
                          "drawing from the stock")
    for choice in p.choices:
        if not (isinstance(choice.points_lost, (int, float))
                and math.isfinite(choice.points_lost) and 0 <= choice.points_lost < 200):
            raise _fail(p.id, f"choices: {choice.move} has an impossible points_lost")
        if not isinstance(choice.why, str) or len(choice.why) > _MAX_TEXT:
            raise _fail(p.id, f"choices: {choice.move}'s why must be text")
    if next(c for c in p.choices if c.take == p.take).points_lost != 0:
        raise _fail(p.id, "answer: the answer must lose 0 points")


def _check_choices(p: PuzzleFields) -> None:
    seen: set[tuple[Card, bool]] = set()
    for choice in p.choices:
        key = (choice.card, choice.knock)
        if choice.card not in p.hand or key in seen:
            raise _fail(p.id, f"choices: {choice.card} is not in the hand or is listed twice")
        if not (isinstance(choice.points_lost, (int, float))
                and math.isfinite(choice.points_lost) and 0 <= choice.points_lost < 200):
            raise _fail(p.id, f"choices: {choice.card} has an impossible points_lost")
        if not isinstance(choice.why, str) or len(choice.why) > _MAX_TEXT:
            raise _fail(p.id, f"choices: {choice.card}'s why must be text")
        if not (isinstance(choice.rates, tuple) and all(isinstance(r, Rate)
                                                         for r in choice.rates)):
            raise _fail(p.id, f"choices: {choice.card}'s rates must be a tuple of Rate")
        if choice.rates and (choice.knock or choice.points_lost == 0):
            raise _fail(p.id, f"choices: {choice.card}'s rates are measured against the best "
                              "for a discard that plays on: the best and a knock have none")
        seen.add(key)
    taken = p.knowledge.just_taken
    discardable = {c for c in p.hand if c != taken}
    if {card for card, _ in seen} != discardable:
        raise _fail(p.id, "choices must value every card you may discard")
    hand = hand_mask(p.hand)
    limit = p.knowledge.knock_limit if p.knowledge.knock_limit is not None else KNOCK_LIMIT
    for card in discardable:
        if (card, False) not in seen:
            raise _fail(p.id, f"choices: {card} must be valued without a knock")
        if ((card, True) in seen) != may_knock(deadwood_of_mask(hand ^ card.bit), limit):
            raise _fail(p.id, f"choices: {card} may knock exactly when its count allows")
    for card in p.answer:
        can_knock = (card, True) in seen
        if can_knock != (p.knock is not None):
            raise _fail(p.id, f"knock: says {p.knock} but {card} "
                              f"{'can' if can_knock else 'cannot'} knock")
        right = next(c for c in p.choices if c.card == card and c.knock == bool(p.knock))
        if verdict_for(right.points_lost, right.error) not in ACCEPTED:
            raise _fail(p.id, f"answer: {card} must lose nothing, or no more than the noise")
    if not any(c.points_lost == 0 for c in p.choices if c.card in p.answer):
        raise _fail(p.id, "answer: one answer card must lose 0 points")
    wrong = [c for c in p.choices if c.card not in p.answer and c.points_lost == 0]
    if wrong:
        raise _fail(p.id, f"choices: {wrong[0].card} loses nothing but is not in the answer")


def _cards(puzzle_id: object, name: str, value: object) -> tuple[Card, ...]:
    if not isinstance(value, list) or len(value) > 52 or not all(
            isinstance(v, str) and len(v) <= 4 for v in value):
        raise _fail(puzzle_id, f"{name} must be a list of card codes")
    try:
        return to_cards(value, name)  # one code an item: an empty code is not skipped
    except CardError as error:
        raise _fail(puzzle_id, f"{name}: {error}") from None


_FIELDS: Final = ("answer", "choices", "explanation", "hand", "hint", "id", "knock",
                  "knowledge", "rating", "scores", "themes", "tier", "turn")
_OPTIONAL_FIELDS: Final = ("kind", "take")
_DRAW_CHOICE_FIELDS: Final = ["error", "move", "points_lost", "why"]
_CHOICE_FIELDS: Final = ["card", "knock", "points_lost", "why"]
_KNOWLEDGE_FIELDS: Final = (*KNOWLEDGE_CARDS, "just_taken", "knock_limit", "stock_size")


def puzzle_fields(data: object) -> dict[str, Any]:
    """The fields of a puzzle read from its JSON form, every one checked, for
    :meth:`Puzzle.from_dict` to make the puzzle of. A field left out is named:

    >>> puzzle_fields({"id": "x", "kind": "draw"})
    Traceback (most recent call last):
    ...
    gin_teach.errors.PuzzleError: puzzle 'x': missing fields: answer, choices, explanation, ...
    """
    if not isinstance(data, dict):
        raise PuzzleError("a puzzle must be a JSON object")
    pid = data.get("id", "?")
    missing = [name for name in _FIELDS if name not in data]
    extra = [str(name)[:20] for name in data if name not in (*_FIELDS, *_OPTIONAL_FIELDS)]
    if missing:
        shown = ", ".join(missing[:3]) + (", ..." if len(missing) > 3 else "")
        raise _fail(pid, f"missing fields: {shown}")
    if extra:
        raise _fail(pid, f"unknown field {extra[0]!r}")
    raw = data["knowledge"]
    if not isinstance(raw, dict) or sorted(raw) != sorted(_KNOWLEDGE_FIELDS):
        raise _fail(pid, f"knowledge must have exactly the fields {', '.join(_KNOWLEDGE_FIELDS)}")
    taken = raw["just_taken"]
    if taken is not None and not isinstance(taken, str):
        raise _fail(pid, "knowledge: just_taken must be a card code or null")
    for name in ("stock_size", "knock_limit"):
        if raw[name] is not None and (type(raw[name]) is not int or not 0 <= raw[name] <= 52):
            raise _fail(pid, f"knowledge: {name} must be a whole number from 0 to 52 or null")
    try:
        pile, holds, took, passed, discarded = (_cards(pid, name, raw[name])
                                                for name in KNOWLEDGE_CARDS)
        knowledge = Knowledge(pile, holds, took, passed, discarded,
                              stock_size=raw["stock_size"],
                              just_taken=(_cards(pid, "just_taken", [taken])[0] if taken
                                          else None),
                              knock_limit=raw["knock_limit"])
    except CardError as error:
        raise _fail(pid, f"knowledge: {error}") from None
    themes, choices, scores = data["themes"], data["choices"], data["scores"]
    if not isinstance(themes, list) or not all(isinstance(t, str) for t in themes):
        raise _fail(pid, "themes must be a list of names")
    if not isinstance(choices, list) or not 1 <= len(choices) <= 22:
        raise _fail(pid, "choices must be a list of 1 to 22 choices")
    kind = data.get("kind", "discard")
    take = data.get("take")
    if kind not in KINDS:
        raise _fail(pid, f"kind must be one of {', '.join(KINDS)}, got {excerpt(kind)}")
    if take is not None and not isinstance(take, bool):
        raise _fail(pid, "take must be true, false or left out")
    values = (_draw_choices(pid, choices, knowledge) if kind == "draw"
              else _discard_choices(pid, choices))
    if not isinstance(scores, list) or len(scores) != 2:
        raise _fail(pid, "scores must be [yours, theirs]")
    return dict(id=data["id"], tier=data["tier"], themes=tuple(themes),
                hand=_cards(pid, "hand", data["hand"]), knowledge=knowledge,
                answer=frozenset(_cards(pid, "answer", data["answer"])), knock=data["knock"],
                rating=data["rating"], explanation=data["explanation"], hint=data["hint"],
                choices=values, scores=(scores[0], scores[1]), turn=data["turn"],
                kind=kind, take=take)


def _draw_choices(pid: object, choices: list[Any], knowledge: Knowledge
                  ) -> tuple[ChoiceValue, ...]:
    if not knowledge.discard_pile:
        raise _fail(pid, "a draw puzzle needs a face-up card (the discard pile's top)")
    upcard = knowledge.discard_pile[-1]
    values = []
    for item in choices:
        if not (isinstance(item, dict) and sorted(item) == _DRAW_CHOICE_FIELDS
                and item["move"] in ("take", "draw")
                and type(item["points_lost"]) in (int, float)
                and type(item["error"]) in (int, float)
                and math.isfinite(item["error"]) and 0 <= item["error"] < 100):
            raise _fail(pid, "each choice of a draw puzzle needs move ('take' or 'draw'), "
                             "points_lost, error (a number from 0) and why")
        values.append(ChoiceValue(upcard, False, float(item["points_lost"]), item["why"],
                                  float(item["error"]), take=item["move"] == "take"))
    return tuple(values)


def _rates(pid: object, card: Card, raw: object) -> tuple[Rate, ...]:
    """A choice's stored rates (see :func:`~gin_teach.puzzles.choices.rates_json`), checked:
    known names, each three shares from 0 to 1."""
    if not isinstance(raw, dict) or not raw or not set(raw) <= set(RATE_NAMES):
        raise _fail(pid, f"choices: {card}'s rates must map some of {', '.join(RATE_NAMES)} "
                         "to [share, best's share, error]")
    rates = []
    for name in RATE_NAMES:
        if name not in raw:
            continue
        value = raw[name]
        if not (isinstance(value, list) and len(value) == 3
                and all(type(v) in (int, float) for v in value)):
            raise _fail(pid, f"choices: {card}'s rate {name} must be three numbers")
        try:
            rates.append(Rate(name, float(value[0]), float(value[1]), float(value[2])))
        except GinError as error:
            raise _fail(pid, f"choices: {card}'s rate {name}: {error}") from None
    return tuple(rates)


def _discard_choices(pid: object, choices: list[Any]) -> tuple[ChoiceValue, ...]:
    values = []
    for item in choices:
        fields = sorted(f for f in item if f != "rates") if isinstance(item, dict) else []
        if not (fields in (_CHOICE_FIELDS, sorted([*_CHOICE_FIELDS, "error"]))
                and isinstance(item["knock"], bool)
                and type(item["points_lost"]) in (int, float)
                and type(item.get("error", 0.0)) in (int, float)
                and math.isfinite(item.get("error", 0.0)) and 0 <= item.get("error", 0.0) < 100):
            raise _fail(pid, "each choice needs card, knock (true/false), points_lost and why, "
                             "and may give the error of points_lost (a number from 0)")
        (card,) = _cards(pid, "choices", [item["card"]])
        rates = _rates(pid, card, item["rates"]) if "rates" in item else ()
        values.append(ChoiceValue(card, item["knock"], float(item["points_lost"]), item["why"],
                                  float(item.get("error", 0.0)), rates=rates))
    return tuple(values)
