"""A "what should I discard?" puzzle, its grading, and the JSON form of a puzzle bank.

A :class:`Puzzle` is a position (your 11 cards after the draw and what you know), the answer
(the cards that are right: the judge's best and any within its noise, and whether to knock
with them) and the value of every
other choice in expected points with its standard error, measured by the judge
(:mod:`gin_teach.judge`). Grading is by points lost, the way backgammon and poker trainers
grade, not by exact match, on the judge's one scale: ``best`` (an answer card, with the right
knock decision), ``good`` (within the noise of the best, or under
:data:`~gin_teach.judge.GOOD_BELOW` points: counted as solved), ``inaccuracy``, ``mistake``,
``blunder``.

>>> puzzle = load_bank()[0]
>>> grade = puzzle.grade(puzzle.best_choice.card)
>>> grade.verdict, grade.points_lost
('best', 0.0)
"""

from __future__ import annotations

import hashlib
import html
import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Final

from gin_teach.analysis import Knowledge
from gin_teach.cards import Card, HandLike, hand_mask, parse_cards, to_cards
from gin_teach.errors import CardError, PuzzleError, excerpt
from gin_teach.judge import INACCURACY_BELOW, MISTAKE_BELOW, VERDICTS, breaks_meld, verdict_for
from gin_teach.kernel import deadwood_of_mask
from gin_teach.puzzles.choices import HINTS, ChoiceValue
from gin_teach.puzzles.verify import verify_position
from gin_teach.rules import Rules
from gin_teach.validation import names_bad_arguments

__all__ = [
    "BANK_FORMAT",
    "BANK_VERSION",
    "HINTS",
    "INACCURACY_BELOW",
    "MAX_BANK_BYTES",
    "MISTAKE_BELOW",
    "THEMES",
    "TIER_NAMES",
    "VERDICTS",
    "ChoiceValue",
    "Grade",
    "Puzzle",
    "bank_from_json",
    "bank_to_json",
    "load_bank",
    "puzzle_for",
]

TIER_NAMES: Final = {1: "Count", 2: "Shape", 3: "Memory", 4: "Defence", 5: "Judgement"}
THEMES: Final = {
    "highest unmatched card": "Throw your highest card that fits no meld.",
    "one card one meld": "A card serves one meld at a time: do not count it twice.",
    "connected over gapped": "Keep two touching cards of a suit over two with a gap: more "
                             "cards complete them.",
    "middle over edge": "Middle cards join more melds than aces, twos, queens and kings.",
    "shape over count": "Keeping the cards that can still meld beats saving a point or two now.",
    "dead partners": "A pair or run whose partners are in the discard pile has no future.",
    "safe discard": "Throw a card your opponent is unlikely to need.",
    "don't feed a pick-up": "Do not throw next to the cards your opponent took from the pile.",
    "shed high cards early": "Early in the hand, let high loose cards go first.",
    "knock early": "With a low count and plenty of stock, knock before the opponent improves.",
    "wait and play for more": "Late or with a shaky count, a knock can be undercut: play on.",
}
BANK_FORMAT: Final = "gin_teach puzzle bank"
BANK_VERSION: Final = 1
MAX_BANK_BYTES: Final = 20_000_000
"""A bank file larger than this is refused unread."""
MAX_PUZZLES: Final = 20_000
_MAX_TEXT: Final = 2_000
KNOCK_LIMIT: Final = Rules.modern().knock_limit
"""Bank puzzles are played under the modern rules this course uses."""
_ID: Final = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
_KNOWLEDGE_CARDS: Final = ("discard_pile", "opponent_holds", "opponent_took", "opponent_passed",
                           "opponent_discarded")


@dataclass(frozen=True)
class Grade:
    """How good an answer was: ``verdict`` (one of :data:`VERDICTS`), ``points_lost`` (expected
    points against the best choice), the ``better`` card and knock decision to learn from (None
    when the answer was best) and an ``explanation`` a learner can read.

    >>> puzzle = load_bank()[0]
    >>> grade = puzzle.grade(puzzle.best_choice.card)
    >>> grade.verdict, grade.better
    ('best', None)
    """

    card: Card
    knock: bool
    verdict: str
    points_lost: float
    better: Card | None
    better_knock: bool | None
    explanation: str

    @property
    def score(self) -> float:
        """The attempt's result for the rating: 1 for best or good (solved), 0.5 for an
        inaccuracy, else 0.

        >>> load_bank()[0].grade(load_bank()[0].best_choice.card).score
        1.0
        """
        return {"best": 1.0, "good": 1.0, "inaccuracy": 0.5}.get(self.verdict, 0.0)

    @property
    def solved(self) -> bool:
        """Best or good: the answer is accepted."""
        return self.verdict in ("best", "good")


def _knock_phrase(knock: bool) -> str:
    return " and knock" if knock else ""


@dataclass(frozen=True)
class Puzzle:
    """A position and its measured answer (see the module). ``hand`` is your 11 cards after the
    draw; ``knowledge`` what you know (an :class:`~gin_teach.analysis.Knowledge`); ``scores``
    (yours, the opponent's) and ``turn`` (your turns so far in this hand, this one included)
    set the scene. ``answer`` holds the cards that are equally right; ``knock`` whether to knock
    with them (None when they cannot knock). ``choices`` values every legal choice.

    >>> puzzle = load_bank()[0]
    >>> len(puzzle.hand), puzzle.tier in TIER_NAMES, puzzle.answer <= set(puzzle.hand)
    (11, True, True)
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

    def __post_init__(self) -> None:
        _check_puzzle(self)

    @property
    def tier_name(self) -> str:
        """The tier's name: Count, Shape, Memory, Defence or Judgement."""
        return TIER_NAMES[self.tier]

    def choice(self, card: Card | str, knock: bool | None = None) -> ChoiceValue:
        """The measured choice for discarding ``card`` and knocking or not (``None``: the
        better of the two for that card). A card not in the hand, the card just taken, or a
        knock the count does not allow raise :class:`PuzzleError`.

        >>> puzzle = load_bank()[0]
        >>> puzzle.choice(puzzle.best_choice.card).points_lost
        0.0
        """
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

        >>> puzzle = load_bank()[0]
        >>> wrong = max(puzzle.choices, key=lambda c: c.points_lost)
        >>> grade = puzzle.grade(wrong.card, wrong.knock)
        >>> grade.verdict != "best", grade.better in puzzle.answer
        (True, True)
        """
        chosen = self.choice(card, knock)
        best = self.best_choice
        in_answer = chosen.card in self.answer and (self.knock is None
                                                    or chosen.knock == self.knock)
        if in_answer:  # the answer: the best choice and those within the judge's noise
            verdict = "best" if chosen.points_lost == 0 else "good"
        else:
            verdict = verdict_for(max(chosen.points_lost, 0.01), chosen.error)
        if (not in_answer and not chosen.knock and breaks_meld(self.hand, chosen.card)
                and VERDICTS.index(verdict) < VERDICTS.index("inaccuracy")):
            verdict = "inaccuracy"
        did = f"discarding {chosen.card}{_knock_phrase(chosen.knock)}"
        if verdict == "best":
            others = sorted(self.answer - {chosen.card})
            alike = (f" ({', '.join(map(str, others))} would be as good)" if others else "")
            return Grade(chosen.card, chosen.knock, verdict, 0.0, None, None,
                         f"Best: {did}{alike}. {self.explanation}")
        lost = chosen.points_lost
        noise = f" (± {chosen.error:.1f})" if chosen.error else ""
        if verdict == "good":
            text = (f"Good: {did} is as good as {best.card}{_knock_phrase(best.knock)} as "
                    f"far as the playouts can tell (it loses about {lost:.1f} points a hand"
                    f"{noise}). {chosen.why}")
        else:
            text = (f"{verdict.capitalize()}: {did} loses about {lost:.1f} points a hand"
                    f"{noise}. Better: {best.card}{_knock_phrase(best.knock)}. {chosen.why}")
        return Grade(chosen.card, chosen.knock, verdict, round(lost, 2), best.card, best.knock,
                     text)

    @property
    def best_choice(self) -> ChoiceValue:
        """The answer's choice to show as the solution: the one the judge values most."""
        return min((c for c in self.choices if c.card in self.answer
                    and (self.knock is None or c.knock == self.knock)),
                   key=lambda c: (c.points_lost, c.card))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of one puzzle (see :func:`bank_to_json`).

        >>> sorted(load_bank()[0].to_dict())[:4]
        ['answer', 'choices', 'explanation', 'hand']
        """
        knowledge: dict[str, Any] = {name: [c.code for c in getattr(self.knowledge, name)]
                                     for name in _KNOWLEDGE_CARDS}
        knowledge["stock_size"] = self.knowledge.stock_size
        taken = self.knowledge.just_taken
        knowledge["just_taken"] = taken.code if taken else None
        knowledge["knock_limit"] = self.knowledge.knock_limit
        return {"id": self.id, "tier": self.tier, "themes": list(self.themes),
                "hand": [c.code for c in self.hand], "knowledge": knowledge,
                "answer": sorted(c.code for c in self.answer), "knock": self.knock,
                "rating": self.rating, "explanation": self.explanation, "hint": self.hint,
                "scores": list(self.scores), "turn": self.turn,
                "choices": [{"card": c.card.code, "knock": c.knock,
                             "points_lost": round(c.points_lost, 2),
                             "error": round(c.error, 2), "why": c.why}
                            for c in self.choices]}

    @classmethod
    def from_position(cls, hand: HandLike, knowledge: Knowledge | None = None, *,
                      scores: tuple[int, int] = (0, 0), turn: int = 1, seed: int = 0,
                      puzzle_id: str | None = None) -> Puzzle:
        """A puzzle from a hand a teacher types (11 cards after the draw) and what the player
        knows, verified exactly as the bank's puzzles are; :class:`PuzzleError` says why a
        position is refused (a gin, every discard alike, too close to call...).

        >>> puzzle = Puzzle.from_position("AS 2S 3S 5H 6H 7H 9D TD 2C 3C KH",
        ...                               Knowledge(stock_size=28), seed=1)
        >>> sorted(card.code for card in puzzle.answer), puzzle.tier_name
        (['KH'], 'Shape')
        >>> Puzzle.from_position("AS 2S 3S 4H 5H 6H 7D 8D 9D TD KC")
        Traceback (most recent call last):
        ...
        gin_teach.errors.PuzzleError: this position is not a puzzle: a gin: no question to ask
        """
        try:
            cards = tuple(sorted(to_cards(hand)))
            knowledge = knowledge if knowledge is not None else Knowledge()
            if len(cards) != 11:
                raise PuzzleError(f"a puzzle hand has 11 cards (after the draw), got "
                                  f"{len(cards)}")
            knowledge.check_hand(hand_mask(cards), 11)
        except CardError as error:
            raise PuzzleError(f"this position is not a puzzle: {error}") from None
        found = verify_position(cards, knowledge, seed=seed)
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
        return _puzzle_from_dict(data)

    def describe(self) -> str:
        """The position in words: what you know besides your hand.

        >>> "stock" in load_bank()[0].describe()
        True
        """
        k = self.knowledge
        facts = [f"stock {k.stock()} cards", f"your turn {self.turn} of this hand",
                 f"score {self.scores[0]} to {self.scores[1]}"]
        if k.just_taken:
            facts.append(f"you just took {k.just_taken} from the pile (you may not throw it)")
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
        title = f"Tier {self.tier} {self.tier_name}: what do you discard?"
        pictures = [hand_svg(by_suit, title=title)]
        if k.discard_pile:
            pictures.append(hand_svg(k.discard_pile[-12:], title="Discard pile, top last"))
        if k.opponent_holds:
            pictures.append(hand_svg(k.opponent_holds, title="Opponent holds"))
        row = "".join(f'<div style="margin:0 16px 8px 0">{p}</div>' for p in pictures)
        return (f'<div><div style="display:flex;flex-wrap:wrap">{row}</div>'
                f"<div>{html.escape(self.describe())}</div></div>")


# ----------------------------------------------------------------------------- checks


def _fail(puzzle_id: object, problem: str) -> PuzzleError:
    return PuzzleError(f"puzzle {excerpt(puzzle_id)}: {problem}")


def _check_puzzle(p: Puzzle) -> None:
    if not isinstance(p.id, str) or not _ID.fullmatch(p.id):
        raise _fail(p.id, "id must be 1-40 lower-case letters, digits or dashes")
    if type(p.tier) is not int or p.tier not in TIER_NAMES:
        raise _fail(p.id, f"tier must be 1 to 5, got {excerpt(p.tier)}")
    unknown = [t for t in p.themes if t not in THEMES]
    if unknown:
        raise _fail(p.id, f"unknown theme {excerpt(unknown[0])}")
    if len(p.hand) != 11 or len(set(p.hand)) != 11:
        raise _fail(p.id, "the hand must be 11 different cards")
    try:
        p.knowledge.check_hand(hand_mask(p.hand), 11)
    except CardError as error:
        raise _fail(p.id, f"knowledge: {error}") from None
    if not p.answer or not p.answer <= set(p.hand):
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
    _check_choices(p)


def _check_choices(p: Puzzle) -> None:
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
        seen.add(key)
    taken = p.knowledge.just_taken
    discardable = {c for c in p.hand if c != taken}
    if {card for card, _ in seen} != discardable:
        raise _fail(p.id, "choices must value every card you may discard")
    hand = hand_mask(p.hand)
    limit = Rules.modern().resolve_knock_limit(p.knowledge.knock_limit)
    for card in discardable:
        if (card, False) not in seen:
            raise _fail(p.id, f"choices: {card} must be valued without a knock")
        if ((card, True) in seen) != (deadwood_of_mask(hand ^ card.bit) <= limit):
            raise _fail(p.id, f"choices: {card} may knock exactly when its count allows")
    for card in p.answer:
        can_knock = (card, True) in seen
        if can_knock != (p.knock is not None):
            raise _fail(p.id, f"knock: says {p.knock} but {card} "
                              f"{'can' if can_knock else 'cannot'} knock")
        right = next(c for c in p.choices if c.card == card and c.knock == bool(p.knock))
        if verdict_for(right.points_lost, right.error) not in ("best", "good"):
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
_CHOICE_FIELDS: Final = ["card", "knock", "points_lost", "why"]
_KNOWLEDGE_FIELDS: Final = (*_KNOWLEDGE_CARDS, "just_taken", "knock_limit", "stock_size")


def _puzzle_from_dict(data: object) -> Puzzle:
    if not isinstance(data, dict):
        raise PuzzleError("a puzzle must be a JSON object")
    pid = data.get("id", "?")
    missing = [name for name in _FIELDS if name not in data]
    extra = [str(name)[:20] for name in data if name not in _FIELDS]
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
                                                for name in _KNOWLEDGE_CARDS)
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
    values = []
    for item in choices:
        fields = sorted(item) if isinstance(item, dict) else []
        if not (fields in (_CHOICE_FIELDS, sorted([*_CHOICE_FIELDS, "error"]))
                and isinstance(item["knock"], bool)
                and type(item["points_lost"]) in (int, float)
                and type(item.get("error", 0.0)) in (int, float)
                and math.isfinite(item.get("error", 0.0)) and 0 <= item.get("error", 0.0) < 100):
            raise _fail(pid, "each choice needs card, knock (true/false), points_lost and why, "
                             "and may give the error of points_lost (a number from 0)")
        (card,) = _cards(pid, "choices", [item["card"]])
        values.append(ChoiceValue(card, item["knock"], float(item["points_lost"]), item["why"],
                                  float(item.get("error", 0.0))))
    if not isinstance(scores, list) or len(scores) != 2:
        raise _fail(pid, "scores must be [yours, theirs]")
    return Puzzle(id=data["id"], tier=data["tier"], themes=tuple(themes),
                  hand=_cards(pid, "hand", data["hand"]), knowledge=knowledge,
                  answer=frozenset(_cards(pid, "answer", data["answer"])), knock=data["knock"],
                  rating=data["rating"], explanation=data["explanation"], hint=data["hint"],
                  choices=tuple(values), scores=(scores[0], scores[1]), turn=data["turn"])


# ----------------------------------------------------------------------------- bank files


@names_bad_arguments
def bank_to_json(puzzles: Sequence[Puzzle], margins: Mapping[str, float] | None = None) -> str:
    """The bank file's text: a format name and version, the margins the puzzles were kept
    with, and the puzzles (one per line, for readable diffs).

    >>> text = bank_to_json(load_bank()[:2])
    >>> len(bank_from_json(text))
    2
    """
    head = json.dumps({"format": BANK_FORMAT, "version": BANK_VERSION,
                       "margins": dict(margins or {})})
    body = ",\n".join(json.dumps(p.to_dict(), ensure_ascii=False) for p in puzzles)
    return f"{head[:-1]}, \"puzzles\": [\n{body}\n]}}\n"


def bank_from_json(text: str | bytes) -> tuple[Puzzle, ...]:
    """Read a bank file's text, checking its format, its version and every puzzle; a bad file
    raises :class:`PuzzleError` naming the problem (never evaluates anything it reads).

    >>> bank_from_json('{"format": "chess", "version": 1, "puzzles": []}')
    Traceback (most recent call last):
    ...
    gin_teach.errors.PuzzleError: not a gin_teach puzzle bank (format 'chess')
    """
    if not isinstance(text, (str, bytes)):
        raise PuzzleError(f"a puzzle bank is JSON text, not {excerpt(text)}")
    if len(text) > MAX_BANK_BYTES:
        raise PuzzleError(f"a puzzle bank is at most {MAX_BANK_BYTES} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise PuzzleError(f"the puzzle bank is not valid JSON: {str(error)[:80]}") from None
    if not isinstance(data, dict):
        raise PuzzleError("a puzzle bank is a JSON object")
    if data.get("format") != BANK_FORMAT:
        raise PuzzleError(f"not a gin_teach puzzle bank (format {excerpt(data.get('format'))})")
    if data.get("version") != BANK_VERSION:
        raise PuzzleError(f"puzzle bank version {excerpt(data.get('version'))} is not "
                          f"supported (this gin_teach reads version {BANK_VERSION})")
    puzzles = data.get("puzzles")
    if not isinstance(puzzles, list) or len(puzzles) > MAX_PUZZLES:
        raise PuzzleError(f"puzzles must be a list of at most {MAX_PUZZLES}")
    bank = tuple(Puzzle.from_dict(item) for item in puzzles)
    ids = [p.id for p in bank]
    if len(set(ids)) != len(ids):
        twice = next(i for i in ids if ids.count(i) > 1)
        raise PuzzleError(f"puzzle id {twice!r} appears twice")
    return bank


_BANK_CACHE: dict[str, tuple[Puzzle, ...]] = {}


@names_bad_arguments
def load_bank(path: str | Path | None = None) -> tuple[Puzzle, ...]:
    """The puzzles in ``path`` (default: the bank that ships with gin_teach), checked.

    >>> bank = load_bank()
    >>> {p.tier for p in bank} <= set(TIER_NAMES), len({p.id for p in bank}) == len(bank)
    (True, True)
    """
    if path is None:
        source = resources.files("gin_teach").joinpath("data/puzzles.json")
        key = "<bundled>"
        if key not in _BANK_CACHE:
            _BANK_CACHE[key] = bank_from_json(source.read_bytes())
        return _BANK_CACHE[key]
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BANK_BYTES:
            raise PuzzleError(f"{path.name}: a puzzle bank is at most {MAX_BANK_BYTES} bytes")
        return bank_from_json(path.read_bytes())
    except OSError as error:
        raise PuzzleError(f"cannot read the puzzle bank {str(path)[:80]}: "
                          f"{error.strerror}") from None


def puzzle_for(theme: str, tier: int | None = None, seed: int = 0,
               bank: Sequence[Puzzle] | None = None) -> Puzzle:
    """A puzzle of the bank (or ``bank``) that teaches ``theme`` (one of :data:`THEMES`), of
    ``tier`` if given, chosen by ``seed``: the same arguments give the same puzzle, so a lesson
    can draw its exercise from the bank and its answer key stays true. The choice ranks the
    fitting puzzles by a hash of ``seed`` and each id, so dropping other puzzles from the bank
    never changes it, and adding some changes it only when a newcomer ranks first.

    >>> puzzle = puzzle_for("knock early")
    >>> "knock early" in puzzle.themes, puzzle == puzzle_for("knock early", seed=0)
    (True, True)
    >>> puzzle_for("bluff")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.PuzzleError: 'bluff' is not a puzzle theme; the themes are: highest ...
    """
    if not isinstance(theme, str) or theme not in THEMES:
        raise PuzzleError(f"{excerpt(theme)} is not a puzzle theme; the themes are: "
                          f"{', '.join(THEMES)}")
    if tier is not None and (type(tier) is not int or tier not in TIER_NAMES):
        raise PuzzleError(f"tier {excerpt(tier)} is not one of {sorted(TIER_NAMES)}")
    fitting = [p for p in (load_bank() if bank is None else bank)
               if theme in p.themes and tier in (None, p.tier)]
    if not fitting:
        where = f" of tier {tier}" if tier is not None else ""
        raise PuzzleError(f"no puzzle{where} teaches {theme!r}")
    return min(fitting, key=lambda p: hashlib.sha256(f"{seed}:{p.id}".encode()).digest())
