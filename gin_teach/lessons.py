"""Exercise checkers for the course notebooks.

Each ``check_*`` function takes the exercise (a hand, a card, the rules) and the learner's
answer, asks the rules engine for the truth and returns a :class:`Feedback`. The learner's
answer may be anything they typed: ``None`` or ``...`` means "not answered yet" and gets a gentle
prompt; a mistyped card, a word where a number belongs, or a card that is not in the hand gets a
friendly message. A checker never raises because of the answer.

Answers are read generously: cards in any form :func:`gin_teach.parse_cards` accepts (``"7H"``,
``"7♥"``, ``"10h"``), lists of cards or card texts, numbers as ``12`` or ``"12"``, yes/no as
``True``, ``"yes"`` or ``"no"``.

>>> check_deadwood("7S 7H 7D 8H 9H", ...).answered
False
>>> print(check_deadwood("7S 7H 7D 8H 9H", 14))
✔ Right: the least deadwood is 14 (7♥ 8♥ 9♥ | deadwood 7♠ 7♦ = 14).
"""

from __future__ import annotations

import dataclasses
import functools
import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, ParamSpec, TypeVar

from gin_teach.actions import Action
from gin_teach.cards import Card, HandLike, full_deck, hand_mask, hand_points, to_cards
from gin_teach.discards import best_discards, discard_options
from gin_teach.display import arrangement_svg, hand_svg
from gin_teach.errors import CardError, GinError, IllegalMove
from gin_teach.game import Game, GameTotals, Round
from gin_teach.melds import (
    Arrangement,
    Meld,
    all_best_arrangements,
    best_arrangement,
    deadwood,
    find_melds,
)
from gin_teach.rules import Rules
from gin_teach.scoring import settle

__all__ = [
    "Feedback",
    "arrange",
    "attempt",
    "check_arrangement",
    "check_card_points",
    "check_cards",
    "check_completing_cards",
    "check_deadwood",
    "check_dealer",
    "check_discard",
    "check_game_total",
    "check_is_legal",
    "check_is_meld",
    "check_knock",
    "check_knock_limit",
    "check_layoffs",
    "check_meld",
    "check_outcome",
    "check_rank_order",
    "check_score",
    "check_to_act",
    "describe_meld",
    "is_placeholder",
]

_P = ParamSpec("_P")
_T = TypeVar("_T")


@dataclass(frozen=True)
class Feedback:
    """The answer to one exercise: was it right, what to say, and a hint for a next try.

    ``answered`` is ``False`` while the answer cell still holds its placeholder. ``picture``
    (HTML) shows the exercise's cards above the reply in a notebook.

    >>> feedback = Feedback(False, "Not quite: 12 is too many.", "Count the jack as 10.")
    >>> feedback.correct, feedback.answered
    (False, True)
    >>> print(feedback)
    ✘ Not quite: 12 is too many.
      Hint: Count the jack as 10.
    """

    correct: bool
    message: str
    hint: str = ""
    answered: bool = True
    picture: str = ""

    @property
    def mark(self) -> str:
        """A one-character verdict: ✔ right, ✘ not yet right, ✎ not answered yet.

        >>> Feedback(True, "Right.").mark
        '✔'
        """
        if not self.answered:
            return "✎"
        return "✔" if self.correct else "✘"

    def __str__(self) -> str:
        text = f"{self.mark} {self.message}"
        if self.hint and not self.correct:
            text += f"\n  Hint: {self.hint}"
        return text

    def __repr__(self) -> str:
        # A learner sees this when a checker is the last line of a cell outside Jupyter.
        return str(self)

    def _repr_html_(self) -> str:
        colour = "#1b7f3b" if self.correct else ("#555" if not self.answered else "#b23b00")
        hint = ""
        if self.hint and not self.correct:
            hint = f"<div><b>Hint:</b> {html.escape(self.hint)}</div>"
        return (f'<div style="border-left: 4px solid {colour}; padding: 4px 10px;">'
                f'{self.picture}<div style="color: {colour};"><b>{self.mark}</b> '
                f"{html.escape(self.message)}</div>{hint}</div>")


def is_placeholder(answer: object) -> bool:
    """Whether ``answer`` is still the stored placeholder: ``None``, ``...`` or blank text.

    >>> is_placeholder(...), is_placeholder(None), is_placeholder("  "), is_placeholder(0)
    (True, True, True, False)
    """
    if answer is None or answer is Ellipsis:
        return True
    return isinstance(answer, str) and not answer.strip()


# --------------------------------------------------------------------------- replies
#
# Reading an answer can end the check at once: the answer is still the placeholder, or it
# cannot be read. The readers raise _Reply for that, and @_friendly returns its feedback, so
# each checker reads as "read the answer, compare it with the truth".

class _Reply(Exception):
    """The check ends here with this feedback."""

    def __init__(self, feedback: Feedback) -> None:
        super().__init__(feedback.message)
        self.feedback = feedback


def _unreadable(message: str) -> _Reply:
    return _Reply(Feedback(False, message))


def _friendly(picture: Callable[..., str] | None = None,
              ) -> Callable[[Callable[_P, Feedback]], Callable[_P, Feedback]]:
    """Make a checker answer with feedback whatever happens: a placeholder, an unreadable
    answer, or an exercise whose own cards are wrong (a curious learner may edit it too).

    ``picture``, called with the checker's own arguments, draws the exercise's cards; every
    reply shows them, so the learner sees what the question is about."""

    def decorate(check: Callable[_P, Feedback]) -> Callable[_P, Feedback]:
        @functools.wraps(check)
        def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> Feedback:
            try:
                feedback = check(*args, **kwargs)
            except _Reply as reply:
                feedback = reply.feedback
            except GinError as problem:
                return Feedback(False, f"The exercise itself could not be read: {problem}.",
                                "Undo your change to the exercise (not the answer) and try "
                                "again.")
            if picture is None:
                return feedback
            return dataclasses.replace(feedback, picture=picture(*args, **kwargs))

        return wrapper

    return decorate


def _cards_picture(cards: HandLike, *_: object, **__: object) -> str:
    """The exercise's cards: the checker's first argument."""
    return hand_svg(cards)


def _pool_picture(*_: object, hand: HandLike | None = None, **__: object) -> str:
    """The hand a meld is to be taken from, when the exercise names one."""
    return hand_svg(hand) if hand is not None else ""


def _table_picture(knocker: HandLike, defender: HandLike, *_: object,
                   rules: Rules | None = None, knocker_melds: Sequence[HandLike] | None = None,
                   **__: object) -> str:
    """What the defender sees after a knock: the knocker's spread, and its own hand."""
    spread = settle(knocker, defender, rules, knocker_melds).knocker_arrangement
    return (f"<div>{arrangement_svg(spread, title='the knocker spreads')}</div>"
            f"<div>{hand_svg(defender, title='the defender holds')}</div>")


# --------------------------------------------------------------------------- reading answers

_QUOTED: Final = 60
"""Characters of a learner's answer quoted back at most: enough to spot the slip."""


def _cut(text: str, longest: int = 4 * _QUOTED) -> str:
    return text if len(text) <= longest else text[:longest - 1] + "…"


def _quote(answer: object) -> str:
    """The answer as the learner wrote it, cut short: a pasted page is not echoed back."""
    return _cut(repr(answer), _QUOTED)


def _expect_answer(answer: object, hint: str) -> None:
    if is_placeholder(answer):
        raise _Reply(Feedback(False, "Replace the ... with your answer, then run this cell "
                              "again.", hint, answered=False))


def _words(answer: object) -> str | None:
    """Typed words made comparable: lower case, single spaces, no hyphens, no leading "the"."""
    if not isinstance(answer, str):
        return None
    words = answer.lower().replace("-", " ").replace("_", " ").strip().rstrip(".!").split()
    if words[:1] == ["the"]:
        words = words[1:]
    return " ".join(words)


def _read_choice(answer: object, choices: Mapping[str, _T], hint: str, *,
                 shown: str = "") -> _T:
    """The choice the learner's words name (``choices`` maps each accepted spelling)."""
    _expect_answer(answer, hint)
    word = _words(answer)
    if word is not None and word in choices:
        return choices[word]
    shown = shown or "with one of " + ", ".join(f'"{c}"' for c in dict.fromkeys(choices.values()))
    raise _unreadable(f"Answer {shown}; I could not read {_quote(answer)}.")


_YES_NO: Final = {"yes": True, "y": True, "true": True, "meld": True, "it is": True,
                  "yes it is": True, "no": False, "n": False, "false": False, "not": False,
                  "it is not": False, "no it is not": False}


def _read_yes_no(answer: object, hint: str) -> bool:
    _expect_answer(answer, hint)
    if isinstance(answer, bool):
        return answer
    return _read_choice(answer, _YES_NO, hint, shown='with True or False (or "yes" / "no")')


def _read_int(answer: object, hint: str) -> int:
    _expect_answer(answer, hint)
    if isinstance(answer, bool):
        raise _unreadable("Write a number here, like 12, not True or False.")
    if isinstance(answer, int):
        return answer
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    if isinstance(answer, str):
        try:
            return int(answer.strip())
        except ValueError:
            pass  # words, or digits int() does not read such as "²": answered below
    raise _unreadable(f"Write a whole number here, like 12; I could not read "
                      f"{_quote(answer)}.")


_NO_CARDS: Final = frozenset({"none", "nothing", "no", "no card", "no cards", "0"})


def _read_cards(answer: object, hint: str, *, none: bool = False,
                what: str = "your answer") -> tuple[Card, ...]:
    """The learner's cards (``none``: "none" may mean no card at all)."""
    _expect_answer(answer, hint)
    if none and _words(answer) in _NO_CARDS:
        return ()
    if isinstance(answer, Meld):
        return answer.cards
    try:
        return to_cards(answer)  # type: ignore[arg-type]
    except GinError as problem:
        raise _unreadable(f"I could not read the cards in {what}: {_cut(str(problem))}. "
                          "Write cards like 7H, 10♦ or QS, separated by spaces.") from None


def _read_card(answer: object, hint: str) -> Card:
    cards = _read_cards(answer, hint)
    if len(cards) != 1:
        raise _unreadable(f"Write exactly one card (you wrote {len(cards)}), like 7H or K♠.")
    return cards[0]


def _show(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards) or "none"


def _are(cards: Sequence[Card]) -> str:
    """``"7♥ is"`` or ``"7♥ 8♥ are"``: the start of a sentence about these cards."""
    return f"{_show(cards)} {'is' if len(cards) == 1 else 'are'}"


def _only_from(cards: Iterable[Card], pool: Sequence[Card], where: str, hint: str) -> None:
    """End the check if the learner used a card that is not in ``pool``."""
    outside = [card for card in cards if card not in pool]
    if outside:
        raise _Reply(Feedback(False, f"{_are(outside)} not in {where}.", hint))


# --------------------------------------------------------------------------- cards and points

def _cards_from_words(text: str) -> tuple[Card, ...]:
    """Cards named in words ("queen of hearts, 10 of clubs"), written as codes, or both."""
    names = {card.name: card for card in full_deck()}
    names |= {f"{card.label.lower()} of {card.name.split(' of ')[1]}": card
              for card in full_deck()}
    cards: list[Card] = []
    for piece in text.replace(" and ", ",").split(","):
        name = " ".join(piece.lower().replace("the ", " ").split())
        cards.extend([names[name]] if name in names else to_cards(piece))
    return tuple(cards)


@_friendly()
def check_cards(expected: str, answer: object) -> Feedback:
    """Did the learner write these cards? ``expected`` names them in words or as codes; the
    order of the answer does not matter.

    >>> print(check_cards("queen of hearts, ten of clubs", "QH 10C"))
    ✔ Right: Q♥ 10♣.
    >>> print(check_cards("queen of hearts, ten of clubs", "QH 10S"))
    ✘ Not quite: 10♠ is not asked for, and 10♣ is missing.
      Hint: Write the rank, then the suit: 7H or 7♥ is the seven of hearts, 10C or TC the ten \
of clubs.
    """
    hint = ("Write the rank, then the suit: 7H or 7♥ is the seven of hearts, 10C or TC the ten "
            "of clubs.")
    wanted = _cards_from_words(expected)
    given = _read_cards(answer, hint)
    extra = [card for card in given if card not in wanted]
    missing = [card for card in wanted if card not in given]
    if not extra and not missing:
        return Feedback(True, f"Right: {_show(wanted)}.")
    problems = ([f"{_are(extra)} not asked for"] if extra else []) + \
        ([f"{_are(missing)} missing"] if missing else [])
    return Feedback(False, f"Not quite: {', and '.join(problems)}.", hint)


@_friendly(_cards_picture)
def check_card_points(cards: HandLike, answer: object) -> Feedback:
    """The deadwood points of these cards added up, melded or not.

    >>> print(check_card_points("AS 7D KC", 18))
    ✔ Right: 1 + 7 + 10 = 18.
    >>> print(check_card_points("AS 7D KC", 31))
    ✘ Not quite: 31 is not the total.
      Hint: The ace is low: it counts 1, never 11 or 14.
    """
    hand = to_cards(cards)
    total = hand_points(hand)
    hint = "Each card counts its number; the ace counts 1; the jack, queen and king count 10."
    value = _read_int(answer, hint)
    if value == total:
        working = " + ".join(str(card.points) for card in hand)
        return Feedback(True, f"Right: {working} = {total}." if len(hand) > 1
                        else f"Right: {hand[0]} counts {total}.")
    aces = sum(1 for card in hand if card.rank == 1)
    faces = [card for card in hand if card.rank > 10]
    if aces and value in (total + 10 * aces, total + 13 * aces):
        hint = "The ace is low: it counts 1, never 11 or 14."
    elif faces and value == total + sum(card.rank - 10 for card in faces):
        hint = "The jack, queen and king count 10 each, not 11, 12 and 13."
    return Feedback(False, f"Not quite: {value} is not the total.", hint)


@_friendly(_cards_picture)
def check_rank_order(cards: HandLike, answer: object) -> Feedback:
    """Cards put in rank order, lowest first (the ace is low; suits have no order).

    >>> print(check_rank_order("KS AH 9D", "AH 9D KS"))
    ✔ Right: A♥ 9♦ K♠, from low to high.
    >>> print(check_rank_order("KS AH 9D", "9D KS AH"))
    ✘ Not quite: A♥ is in the wrong place.
      Hint: The ace is the lowest card of all: A 2 3 ... 10 J Q K.
    """
    hand = to_cards(cards)
    hint = "Ranks go A 2 3 4 5 6 7 8 9 10 J Q K; suits have no order of their own."
    given = _read_cards(answer, hint)
    if sorted(given) != sorted(hand):
        return Feedback(False, f"Use exactly these cards: {_show(hand)}.", hint)
    ranks = [card.rank for card in given]
    if ranks == sorted(ranks):
        return Feedback(True, f"Right: {_show(given)}, from low to high.")
    wrong = next(card for card, rank in zip(given, sorted(ranks), strict=True) if card.rank != rank)
    if any(card.rank == 1 for card in hand) and ranks[0] != 1:
        hint = "The ace is the lowest card of all: A 2 3 ... 10 J Q K."
        wrong = next(card for card in given if card.rank == 1)
    return Feedback(False, f"Not quite: {wrong} is in the wrong place.", hint)


# --------------------------------------------------------------------------- deadwood

def _arrangement_deadwoods(cards: tuple[Card, ...], limit: int = 14) -> set[int]:
    """Every deadwood count some arrangement of the hand leaves (for hands up to ``limit``
    cards; larger hands give an empty set and the feedback is less specific)."""
    if len(cards) > limit:
        return set()
    melds = [meld.mask for meld in find_melds(cards)]
    points = {card.bit: card.points for card in cards}
    found: set[int] = set()

    def search(start: int, free: int) -> None:
        found.add(sum(value for bit, value in points.items() if free & bit))
        for position in range(start, len(melds)):
            if melds[position] & free == melds[position]:
                search(position + 1, free & ~melds[position])

    search(0, hand_mask(cards))
    return found


@_friendly(_cards_picture)
def check_deadwood(hand: HandLike, answer: object) -> Feedback:
    """The hand's deadwood: the least count any arrangement into melds leaves.

    >>> print(check_deadwood("4S 5S 6S KD 9D 2C QH JH TH 7C", 28))
    ✔ Right: the least deadwood is 28 (4♠ 5♠ 6♠ | 10♥ J♥ Q♥ | deadwood 9♦ K♦ 2♣ 7♣ = 28).
    >>> print(check_deadwood("7S 7H 7D 8H 9H", 17))
    ✘ Not quite: 17 is what one arrangement leaves, but another leaves less.
      Hint: Try each meld a card could join; keep the choice that leaves the fewest points.
    """
    cards = to_cards(hand)
    best = best_arrangement(cards)
    value = _read_int(answer, "Find the melds first, then add up only the cards left out of "
                      "them.")
    if value == best.deadwood:
        return Feedback(True, f"Right: the least deadwood is {value} ({best}).")
    if value == hand_points(cards) and best.melds:
        return Feedback(False, f"Not quite: {value} counts every card, melds included.",
                        "Cards in a meld do not count; only the cards left over do.")
    if value > best.deadwood and value in _arrangement_deadwoods(cards):
        return Feedback(False, f"Not quite: {value} is what one arrangement leaves, but another "
                        "leaves less.",
                        "Try each meld a card could join; keep the choice that leaves the "
                        "fewest points.")
    if value < best.deadwood:
        return Feedback(False, f"Not quite: no arrangement leaves as little as {value}.",
                        "Check that each meld is real (ace low, no wrap-around) and that no card "
                        "is in two melds.")
    return Feedback(False, f"Not quite: {value} is not the deadwood of this hand.",
                    "Find the melds first, then add up only the cards left out of them.")


# --------------------------------------------------------------------------- melds

def _meld_or_reason(cards: Sequence[Card]) -> tuple[Meld | None, str]:
    """The cards as a meld and a sentence saying so, or ``None`` and why they are not one."""
    try:
        meld = Meld.of(cards)
    except GinError as problem:
        return None, str(problem)
    return meld, f"{_show(cards)} is a {meld.kind}"


def describe_meld(cards: HandLike) -> str:
    """Say in words whether the cards are a meld, and why not when they are not.

    >>> describe_meld("AH 2H 3H")
    'A♥ 2♥ 3♥ is a run'
    >>> describe_meld("KH AH 2H")
    'K♥ A♥ 2♥ is not a meld: a run needs consecutive ranks in one suit (ace is low, no wrap-around)'
    """
    try:
        given = to_cards(cards)
    except GinError as problem:
        return f"not cards: {problem}"
    return _meld_or_reason(given)[1]


@_friendly(_cards_picture)
def check_is_meld(cards: HandLike, answer: object) -> Feedback:
    """Yes or no: are these cards a meld (a set or a run)?

    >>> print(check_is_meld("QH KH AH", False))
    ✔ Right: Q♥ K♥ A♥ is not a meld: a run needs consecutive ranks in one suit (ace is low, \
no wrap-around).
    >>> print(check_is_meld("AH 2H 3H", "yes"))
    ✔ Right: A♥ 2♥ 3♥ is a run.
    """
    given = to_cards(cards)
    hint = ("A set is 3 or 4 cards of one rank; a run is 3 or more cards in a row in one suit, "
            "with the ace low.")
    said = _read_yes_no(answer, hint)
    meld, verdict = _meld_or_reason(given)
    if said == (meld is not None):
        return Feedback(True, f"Right: {verdict}.")
    return Feedback(False, f"Not quite: {verdict}.", hint)


@_friendly(_pool_picture)
def check_meld(answer: object, *, hand: HandLike | None = None, kind: str | None = None,
               including: HandLike | None = None) -> Feedback:
    """The learner writes a meld: taken from ``hand`` if given, of ``kind`` ("set" or "run") if
    given, and using the ``including`` cards if given.

    >>> print(check_meld("AH 2H 3H", kind="run", including="AH"))
    ✔ Right: A♥ 2♥ 3♥ is a run.
    >>> print(check_meld("QH KH AH", kind="run"))
    ✘ Q♥ K♥ A♥ is not a meld: a run needs consecutive ranks in one suit (ace is low, no \
wrap-around).
      Hint: A run is 3 or more cards in a row in one suit; the ace comes before the 2.
    """
    hint = {"set": "A set is 3 or 4 cards of the same rank.",
            "run": "A run is 3 or more cards in a row in one suit; the ace comes before the 2.",
            }.get(kind or "", "A meld is a set (3 or 4 of a rank) or a run (3 or more in a row "
                  "in one suit).")
    needed = to_cards(including) if including is not None else ()
    pool = to_cards(hand) if hand is not None else None
    given = _read_cards(answer, hint)
    if pool is not None:
        _only_from(given, pool, "the hand", f"Use only cards from {_show(pool)}.")
    meld, verdict = _meld_or_reason(given)
    if meld is None:
        return Feedback(False, f"{verdict}.", hint)
    if kind is not None and meld.kind != kind:
        return Feedback(False, f"{verdict}; this exercise asks for a {kind}.", hint)
    absent = [card for card in needed if card not in meld]
    if absent:
        return Feedback(False, f"{verdict}, but it leaves out {_show(absent)}.",
                        f"The meld must use {_show(needed)}.")
    return Feedback(True, f"Right: {verdict}.")


def _one_card_text(item: object) -> bool:
    if not isinstance(item, str):
        return False
    try:
        return len(to_cards(item)) == 1
    except GinError:
        return False


def _read_melds(answer: object, hint: str) -> list[tuple[Card, ...]]:
    """Melds written as text separated by ``|`` or ``/``, or as a list of card groups."""
    _expect_answer(answer, hint)
    groups: list[object]
    if isinstance(answer, str):
        groups = [part for part in answer.replace("/", "|").split("|") if part.strip()]
    elif isinstance(answer, Arrangement):
        groups = [meld.cards for meld in answer.melds]
    else:
        try:
            groups = list(answer)  # type: ignore[call-overload]
        except TypeError:
            raise _unreadable("Write the melds as text, one meld after another separated by "
                              "|, like \"7S 7H 7D | 8H 9H 10H\".") from None
        if groups and all(isinstance(g, Card) or _one_card_text(g) for g in groups):
            groups = [groups]  # a flat list of cards is one meld
    return [_read_cards(group, hint, what="one of your melds") for group in groups]


def _arranged(cards: tuple[Card, ...], groups: list[tuple[Card, ...]]) -> Arrangement:
    """The arrangement that uses exactly these melds, or a :class:`_Reply` naming the first
    problem: a card not in the hand, a card in two melds, a group that is no meld."""
    used: set[Card] = set()
    melds = []
    for group in groups:
        _only_from(group, cards, "this hand", f"The hand is {_show(cards)}.")
        twice = next((card for card in group if card in used), None)
        if twice is not None:
            raise _Reply(Feedback(False, f"{twice} is in two melds; a card serves only one meld.",
                                  f"Choose one meld for {twice} and leave it out of the other."))
        used.update(group)
        meld, verdict = _meld_or_reason(group)
        if meld is None:
            raise _Reply(Feedback(False, f"{verdict}.", "Each group must be a set or a run."))
        melds.append(meld)
    dead = tuple(card for card in sorted(cards) if card not in used)
    return Arrangement(tuple(sorted(melds, key=lambda meld: meld.cards)), dead)


def arrange(hand: HandLike, melds: object) -> Arrangement:
    """The arrangement of ``hand`` that uses exactly these melds (written ``"7S 7H 7D | 8H 9H
    10H"`` or as a list); every other card is deadwood. Raises :class:`CardError` if a meld is
    not real, not in the hand, or shares a card with another.

    >>> print(arrange("7S 7H 7D 8H 9H", "7S 7H 7D"))
    7♠ 7♥ 7♦ | deadwood 8♥ 9♥ = 17
    >>> print(arrange("7S 7H 7D 8H 9H", "7H 8H 9H"))
    7♥ 8♥ 9♥ | deadwood 7♠ 7♦ = 14
    """
    try:
        return _arranged(to_cards(hand), _read_melds(melds, ""))
    except _Reply as problem:
        raise CardError(problem.feedback.message.removesuffix(".")) from None


@_friendly(_cards_picture)
def check_arrangement(hand: HandLike, answer: object) -> Feedback:
    """The learner splits the hand into melds (written ``"7S 7H 7D | 8H 9H 10H"``); the rest is
    deadwood. Right when every meld is real, each card is used once, and the deadwood left is
    the least possible.

    >>> print(check_arrangement("7S 7H 7D 8H 9H", "7S 7H 7D | 7H 8H 9H"))
    ✘ 7♥ is in two melds; a card serves only one meld.
      Hint: Choose one meld for 7♥ and leave it out of the other.
    >>> print(check_arrangement("7S 7H 7D 8H 9H", "7H 8H 9H"))
    ✔ Right: 7♥ 8♥ 9♥ | deadwood 7♠ 7♦ = 14, the least deadwood this hand can have.
    """
    cards = to_cards(hand)
    best = best_arrangement(cards)
    mine = _arranged(cards, _read_melds(answer, "Write each meld as cards separated by spaces, "
                                        "and put | between melds. Leave the deadwood out."))
    if mine.deadwood == best.deadwood:
        others = len(all_best_arrangements(cards, limit=10)) - 1
        extra = (" Another arrangement is just as good." if others == 1 else
                 f" {others} other arrangements are just as good." if others > 1 else "")
        return Feedback(True, f"Right: {mine}, the least deadwood this hand can have.{extra}")
    return Feedback(False, f"Your melds are real and leave {mine.deadwood}, but this hand can "
                    f"leave less.",
                    "Look for a card that could join a different meld, or for a meld you missed.")


@_friendly(_cards_picture)
def check_completing_cards(hand: HandLike, answer: object) -> Feedback:
    """Which cards, added to the hand, would leave it with no deadwood at all? The learner
    names them all (in any order); ``"none"`` when no card does.

    >>> print(check_completing_cards("7H 7S 7D 8H 9H", "7C 10H"))
    ✔ Right: 10♥ or 7♣ would put every card in a meld.
    >>> print(check_completing_cards("7H 7S 7D 8H 9H", "10H"))
    ✘ 10♥ is right, but there is one more.
      Hint: Think about the set as well as the run.
    """
    cards = to_cards(hand)
    wanted = [card for card in full_deck()
              if card not in cards and deadwood((*cards, card)) == 0]
    hint = "Try each card that could join a meld you almost have; check what stays left over."
    given = _read_cards(answer, hint, none=True)
    inside = [card for card in given if card in cards]
    if inside:
        return Feedback(False, f"{_are(inside)} already in the hand.",
                        "Name cards you would draw, not cards you hold.")
    wrong = [card for card in given if card not in wanted]
    if wrong:
        left = best_arrangement((*cards, wrong[0]))
        return Feedback(False, f"With {wrong[0]} the hand still has deadwood: {left}.", hint)
    missing = [card for card in wanted if card not in given]
    if not missing:
        if not wanted:
            return Feedback(True, "Right: no single card puts every card in a meld.")
        return Feedback(True, f"Right: {' or '.join(map(str, wanted))} would put every card "
                        "in a meld.")
    ranks = [card.rank for card in cards]
    if any(ranks.count(card.rank) >= 2 for card in missing):
        hint = "Think about the set as well as the run."
    if not given:
        return Feedback(False, f"There {'is' if len(missing) == 1 else 'are'} {len(missing)} "
                        f"such card{'s' if len(missing) > 1 else ''}.", hint)
    more = "one more" if len(missing) == 1 else f"{len(missing)} more"
    return Feedback(False, f"{_are(given)} right, but there is {more}.", hint)


# --------------------------------------------------------------------------- turns and knocking

@_friendly(_cards_picture)
def check_discard(hand: HandLike, answer: object, rules: Rules | None = None) -> Feedback:
    """Which card should go? The hand has just drawn (11 cards); right when the discard leaves
    the least deadwood possible.

    >>> print(check_discard("4S 5S KD 9D 2C QH JH TH 7C 7D 6S", "KD"))
    ✔ Right: discard K♦ -> deadwood 25.
    >>> print(check_discard("4S 5S KD 9D 2C QH JH TH 7C 7D 6S", "9D"))
    ✘ Discarding 9♦ leaves 26; another discard leaves less.
      Hint: Keep your melds together and throw away the loose card that costs the most.
    """
    cards = to_cards(hand)
    rules = rules or Rules.modern()
    hint = "Keep your melds together and throw away the loose card that costs the most."
    card = _read_card(answer, hint)
    _only_from([card], cards, "this hand", f"The hand is {_show(cards)}.")
    best = best_discards(cards, rules)
    chosen = next(option for option in discard_options(cards, rules) if option.card == card)
    if chosen.deadwood == best[0].deadwood:
        also = [str(option.card) for option in best if option.card not in (card, None)]
        tail = f" ({' or '.join(also)} would do as well)" if also else ""
        return Feedback(True, f"Right: {chosen}{tail}.")
    return Feedback(False, f"Discarding {card} leaves {chosen.deadwood}; another discard leaves "
                    "less.", hint)


_ENDINGS: Final = {
    "gin": "gin", "go gin": "gin", "big gin": "big gin",
    "knock": "knock", "knocks": "knock", "can knock": "knock",
    "neither": "play on", "play on": "play on", "no": "play on", "none": "play on",
    "nothing": "play on", "continue": "play on", "keep playing": "play on", "play": "play on",
}


@_friendly(_cards_picture)
def check_knock(hand: HandLike, answer: object, rules: Rules | None = None, *,
                knock_limit: int | None = None) -> Feedback:
    """After the draw (11 cards), the best way this turn can end: ``"gin"``, ``"knock"``,
    ``"big gin"`` (when the rules have it), or ``"play on"`` when neither is possible.
    ``knock_limit`` overrides the rules' limit, as an Oklahoma upcard does.

    >>> hand = "2S 3H 4D 5C 7S 7H 7D 8C 9C TC JC"
    >>> print(check_knock(hand, "knock"))
    ✔ Right: discard 5♣ -> deadwood 9, knock.
    >>> print(check_knock(hand, "gin"))
    ✘ Not quite: the best discard leaves 9 deadwood.
      Hint: Find the discard that leaves the least deadwood. 0 is gin; 10 or less lets you knock.
    """
    cards = to_cards(hand)
    rules = rules or Rules.modern()
    limit = rules.base_knock_limit if knock_limit is None else knock_limit
    hint = (f"Find the discard that leaves the least deadwood. 0 is gin; {limit} or less lets "
            "you knock." if limit else "This round allows gin only: you need 0 deadwood.")
    choices = {word: ending for word, ending in _ENDINGS.items()
               if ending != "big gin" or rules.big_gin_bonus is not None}
    said = _read_choice(answer, choices, hint)
    best = best_discards(cards, rules, knock_limit=limit)[0]
    truth = {"gin": "gin", "knock": "knock", "big_gin": "big gin", None: "play on"}[best.ends]
    how = str(best) if best.card is not None else "big gin: all 11 cards are in melds"
    if said == truth:
        return Feedback(True, f"Right: {how}.")
    if said == "knock" and truth == "gin":
        return Feedback(False, f"You could knock, but you can do better: {how}.",
                        "With no deadwood at all you have gin, which pays a bonus.")
    return Feedback(False, f"Not quite: the best discard leaves {best.deadwood} deadwood.",
                    hint)


_GIN_ONLY: Final = frozenset({"gin only", "gin", "only gin"})


@_friendly(_cards_picture)
def check_knock_limit(upcard: HandLike, answer: object, rules: Rules) -> Feedback:
    """The knock limit of a round that opened with ``upcard`` under ``rules`` (Oklahoma:
    the upcard's value, an ace meaning gin only). ``0`` or ``"gin only"`` for gin only.

    >>> oklahoma = Rules(oklahoma=True)
    >>> print(check_knock_limit("7S", 7, oklahoma))
    ✔ Right: with 7♠ turned up, knock at 7 or less.
    >>> print(check_knock_limit("AH", 1, oklahoma))
    ✘ Not quite: an ace turned up means gin only (0).
      Hint: Oklahoma: the upcard's points set the limit, and an ace means gin only.
    """
    cards = to_cards(upcard)
    if len(cards) != 1:
        raise GinError("the exercise needs exactly one upcard")
    card = cards[0]
    limit = rules.round_knock_limit(card)
    hint = ("Straight Gin: no knocking, only gin." if rules.straight_gin else
            "Oklahoma: the upcard's points set the limit, and an ace means gin only."
            if rules.oklahoma else "Without Oklahoma the upcard does not change the limit.")
    _expect_answer(answer, hint)
    value = 0 if _words(answer) in _GIN_ONLY else _read_int(answer, hint)
    if value == limit:
        said = "gin only" if limit == 0 else f"knock at {limit} or less"
        return Feedback(True, f"Right: with {card} turned up, {said}.")
    if limit == 0 and card.rank == 1:
        return Feedback(False, "Not quite: an ace turned up means gin only (0).", hint)
    return Feedback(False, f"Not quite: {value} is not this round's limit.", hint)


# --------------------------------------------------------------------------- lay-offs and scores

@_friendly(_table_picture)
def check_layoffs(knocker: HandLike, defender: HandLike, answer: object, *,
                  rules: Rules | None = None,
                  knocker_melds: Sequence[HandLike] | None = None) -> Feedback:
    """Which of the defender's cards go onto the knocker's melds? Right when the cards can all
    be laid off (chains included) and leave the defender the least deadwood it can have.
    ``"none"`` when nothing can be laid off, as against gin.

    >>> knocker = "7S 7H 7D 9C TC JC 3H 4H 5H 8D"
    >>> defender = "2S 3S 4S QD QH QC 8C KH 5D TS"
    >>> print(check_layoffs(knocker, defender, "8C"))
    ✔ Right: 8♣ onto 9♣ 10♣ J♣; the defender's count drops from 33 to 25.
    >>> print(check_layoffs(knocker, defender, "5D"))
    ✘ 5♦ cannot all be laid off on the knocker's melds (a set takes its fourth card; a run \
takes cards at its ends, in a chain).
      Hint: A set takes its fourth card; a run takes the next card at either end, and a card \
further out only with the cards between it and the run.
    """
    truth = settle(knocker, defender, rules, knocker_melds)
    gin = truth.outcome in ("gin", "big_gin")
    hint = ("Look at the knocker's deadwood first." if gin else
            "A loose card fits a set of three if it is the fourth of that rank, and a run if it "
            "is the next card at either end.")
    given = _read_cards(answer, hint, none=True)
    _only_from(given, to_cards(defender), "the defender's hand",
               "Lay off only the defender's own cards.")
    if gin:
        if given:
            return Feedback(False, "Nothing can be laid off: the knocker went gin.",
                            "Against gin there are no lay-offs at all.")
        return Feedback(True, "Right: no lay-offs against gin.")
    spread = [meld.cards for meld in truth.knocker_arrangement.melds]
    try:
        mine = settle(knocker, defender, rules, spread, layoffs=given)
    except IllegalMove as problem:
        return Feedback(False, f"{str(problem)[0].upper()}{str(problem)[1:]}.",
                        "A set takes its fourth card; a run takes the next card at either end, "
                        "and a card further out only with the cards between it and the run.")
    best = truth.defender_count
    if mine.defender_count == best:
        if not mine.layoffs:
            return Feedback(True, f"Right: nothing to lay off; the defender keeps {best}.")
        made = ", ".join(str(layoff) for layoff in mine.layoffs)
        return Feedback(True, f"Right: {made}; the defender's count drops from "
                        f"{truth.defender_count_before_layoffs} to {best}.")
    if not given:
        return Feedback(False, "Some cards can be laid off here.", hint)
    return Feedback(False, f"Those lay-offs leave {mine.defender_count}; the defender can get "
                    f"down to {best}.", "Look for one more card that fits, perhaps in a chain: "
                    "a card that fits only after another one is laid off.")


_WINNERS: Final = {"knocker": "knocker", "defender": "defender", "opponent": "defender"}


@_friendly(_table_picture)
def check_score(knocker: HandLike, defender: HandLike, winner: object, points: object, *,
                rules: Rules | None = None,
                knocker_melds: Sequence[HandLike] | None = None) -> Feedback:
    """Who scores the round, and how many points? ``knocker`` is the knocker's hand after the
    discard, ``defender`` the other player's; both play their best.

    >>> knocker = "7S 7H 7D 9C TC JC 3H 4H 5H 8D"
    >>> defender = "2S 3S 4S QD QH QC 8C KH 5D TS"
    >>> print(check_score(knocker, defender, "knocker", 17, rules=Rules.classic()))
    ✔ Right: the knocker scores 17. Knocker 8, defender 25: the knocker scores 25 - 8 = 17
    >>> print(check_score(knocker, defender, "knocker", 25, rules=Rules.classic()))
    ✘ Not quite: the knocker does score, but not 25.
      Hint: Remember the defender's lay-offs: they lower its count first.
    """
    rules = rules or Rules.modern()
    truth = settle(knocker, defender, rules, knocker_melds)
    hint = ("Count both hands after lay-offs. The lower count wins the difference; a defender "
            "who ties or beats the knocker gets the undercut bonus too.")
    said = _read_choice(winner, _WINNERS, hint)
    value = _read_int(points, hint)
    if said == truth.winner and value == truth.points:
        return Feedback(True, f"Right: the {said} scores {value}. "
                        f"{truth.summary}")
    if said != truth.winner:
        if truth.outcome == "undercut":
            hint = ("When the defender's count is equal to or lower than the knocker's, the "
                    "defender scores: an undercut.")
        return Feedback(False, "Not quite: look at the counts again after lay-offs.", hint)
    k, d = truth.knocker_count, truth.defender_count
    if truth.outcome == "undercut":
        hint = (f"An undercut also pays the undercut bonus: {rules.undercut_bonus} here."
                if value == abs(k - d) else
                "The defender scores the difference plus the undercut bonus of these rules.")
    elif truth.outcome in ("gin", "big_gin"):
        bonus = rules.gin_bonus if truth.outcome == "gin" else rules.big_gin_bonus
        hint = (f"Gin scores the defender's whole count plus the bonus: {bonus} here."
                if value == d else
                "Against gin there are no lay-offs: take the defender's whole count, plus the "
                "gin bonus.")
    elif truth.layoffs and value == truth.defender_count_before_layoffs - k:
        hint = "Remember the defender's lay-offs: they lower its count first."
    else:
        hint = "The knocker scores the difference between the two counts."
    return Feedback(False, f"Not quite: the {said} does score, but not {value}.", hint)


_OUTCOMES: Final = {"knock": "knock", "knocker wins": "knock", "gin": "gin",
                    "big gin": "big_gin", "undercut": "undercut", "undercuts": "undercut"}


@_friendly(_table_picture)
def check_outcome(knocker: HandLike, defender: HandLike, answer: object, *,
                  rules: Rules | None = None) -> Feedback:
    """How did the round end: ``"knock"`` (the knocker wins), ``"undercut"``, ``"gin"`` or
    ``"big gin"``?

    >>> print(check_outcome("AS 2S 3S 4H 5H 6H 9C 9D 9H 4D", "5S 6S 7S QC QD QH KS KC KH 3C",
    ...                     "undercut"))
    ✔ Right: an undercut. Knocker 4, defender 3: a lower count is an undercut; the defender \
scores 4 - 3 + the undercut bonus 25 = 26
    """
    rules = rules or Rules.modern()
    truth = settle(knocker, defender, rules)
    hint = ("0 deadwood for the knocker is gin. Otherwise compare the counts after lay-offs: "
            "a defender with an equal or lower count undercuts.")
    choices = {word: outcome for word, outcome in _OUTCOMES.items()
               if outcome != "big_gin" or rules.big_gin_bonus is not None}
    said = _read_choice(answer, choices, hint)
    if said != truth.outcome:
        if truth.outcome in ("gin", "big_gin"):
            hint = "Look at the knocker's hand: is anything left out of its melds?"
        elif said in ("gin", "big_gin"):
            hint = "The knocker has some deadwood, so this is not gin."
        return Feedback(False, "Not quite.", hint)
    name = {"knock": "a knock won by the knocker", "gin": "gin", "big_gin": "big gin",
            "undercut": "an undercut"}[truth.outcome]
    return Feedback(True, f"Right: {name}. {truth.summary}")


# --------------------------------------------------------------------------- turns in a round

def _round_of(state: Round | Game) -> Round:
    return state.round if isinstance(state, Game) else state


def attempt(state: Round | Game, action: Action | str) -> str:
    """What the rules say to ``action`` now, tried on a copy so nothing changes: ``"allowed"``
    or the engine's reason for refusing it.

    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
    ...                       upcard="8D", dealer=1)
    >>> attempt(rnd, "draw")  # doctest: +ELLIPSIS
    'not allowed: first the upcard 8♦: the non-dealer (Player 0) may take it or pass; ...'
    >>> rnd.apply("take")
    >>> attempt(rnd, "discard 8D")  # doctest: +ELLIPSIS
    'not allowed: you just took 8♦ from the discard pile, so you cannot ...'
    >>> attempt(rnd, "discard KD")
    'allowed'
    """
    copy = _round_of(state).clone()
    try:
        copy.apply(action)
    except GinError as problem:
        return f"not allowed: {problem}"
    return "allowed"


def _read_player(answer: object, rnd: Round, hint: str) -> int:
    """A player named by role (dealer, non-dealer), by name, or by number."""
    _expect_answer(answer, hint)
    if isinstance(answer, int) and not isinstance(answer, bool) and answer in (0, 1):
        return answer
    choices = {"dealer": rnd.dealer, "non dealer": 1 - rnd.dealer,
               "nondealer": 1 - rnd.dealer, "0": 0, "1": 1}
    choices |= {_words(name) or name: player for player, name in enumerate(rnd.names)}
    names = " or ".join(f'"{name}"' for name in rnd.names)
    return _read_choice(answer, choices, hint, shown=f'"dealer" or "non-dealer" (or {names})')


_TURN_HINT: Final = ("The non-dealer decides first about the upcard; when they pass, the dealer "
                     "decides. If both pass, the non-dealer draws from the stock. After that, "
                     "turns alternate.")


@_friendly()
def check_to_act(state: Round | Game, answer: object) -> Feedback:
    """Whose move is it now: ``"dealer"`` or ``"non-dealer"`` (a player's name or number
    works too)?

    >>> rnd = Round(seed=4, dealer=1)
    >>> print(check_to_act(rnd, "non-dealer"))  # doctest: +ELLIPSIS
    ✔ Right: Player 0 (not the dealer) may take the upcard ... or pass.
    >>> rnd.apply("pass")
    >>> print(check_to_act(rnd, "non-dealer"))  # doctest: +NORMALIZE_WHITESPACE
    ✘ Not quite: it is the dealer's move.
      Hint: The non-dealer decides first about the upcard; when they pass, the dealer decides.
      If both pass, the non-dealer draws from the stock. After that, turns alternate.
    """
    rnd = _round_of(state)
    if rnd.is_over:
        return Feedback(False, "The round is over: nobody is to move.", "")
    said = _read_player(answer, rnd, _TURN_HINT)
    truth = rnd.current_player
    if said == truth:
        return Feedback(True, f"Right: {rnd.prompt()}.")
    role = "the dealer" if truth == rnd.dealer else "the non-dealer"
    return Feedback(False, f"Not quite: it is {role}'s move.", _TURN_HINT)


@_friendly()
def check_is_legal(state: Round | Game, action: Action | str, answer: object) -> Feedback:
    """Yes or no: may the player to act make this move now?

    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
    ...                       upcard="8D", dealer=1)
    >>> rnd.apply("take")
    >>> print(check_is_legal(rnd, "discard 8D", False))  # doctest: +ELLIPSIS
    ✔ Right: not allowed: you just took 8♦ from the discard pile, so you cannot ...
    """
    verdict = attempt(state, action)
    hint = ("Think about the phase of the round: the upcard decision, the draw, or the "
            "discard; and a card just taken from the discard pile cannot go straight back.")
    allowed = verdict == "allowed"
    if _read_yes_no(answer, hint) != allowed:
        return Feedback(False, "Not quite.", hint)
    return Feedback(True, f"Right: {'the move is allowed' if allowed else verdict}.")


# --------------------------------------------------------------------------- whole games

@_friendly()
def check_dealer(game: Game, round_number: int, answer: object) -> Feedback:
    """Who dealt round ``round_number`` (counting from 1) of ``game``? A player's name or
    number. The low card deals first; then the winner of a round deals the next, and after a
    dead hand the same dealer deals again.

    >>> from gin_teach.bots import GreedyBot, play
    >>> game = play(Game(seed=9, names=("Ann", "Bob")), [GreedyBot(), GreedyBot()])
    >>> winner = game.rounds[0].result.winner
    >>> check_dealer(game, 2, game.names[winner]).correct
    True
    """
    hint = ("The low card deals the first round. After that, whoever won a round deals the "
            "next; after a dead hand the same player deals again.")
    if not 1 <= round_number <= len(game.rounds):
        raise GinError(f"this game has rounds 1 to {len(game.rounds)}, not {round_number}")
    rnd = game.rounds[round_number - 1]
    said = _read_player(answer, rnd, hint)
    if said != rnd.dealer:
        return Feedback(False, f"Not quite: {game.names[said]} did not deal round "
                        f"{round_number}.", hint)
    if round_number == 1:
        why = "the low card of the draw for deal" if game.cut else "the first dealer"
    else:
        before = game.rounds[round_number - 2].result
        why = ("the same dealer after a dead hand" if before is None or before.is_dead_hand
               else "the winner of the round before")
    return Feedback(True, f"Right: {game.names[said]} dealt round {round_number}, {why}.")


@_friendly()
def check_game_total(points: tuple[int, int], rounds_won: tuple[int, int], player: int,
                     answer: object, *, rules: Rules | None = None) -> Feedback:
    """A player's final total: race ``points`` plus the box bonus for each round won, plus
    the game bonus for the winner (the bigger shutout bonus when the loser won no round).

    >>> print(check_game_total((104, 37), (4, 2), 0, 304))
    ✔ Right: 104 race points + 4 boxes x 25 + game bonus 100 = 304.
    >>> print(check_game_total((104, 37), (4, 2), 0, 204))
    ✘ Not quite: 204 is not the total.
      Hint: The winner also adds the game bonus: 100 here.
    """
    rules = rules or Rules.modern()
    if player not in (0, 1):
        raise GinError(f"player is 0 or 1, not {player!r}")
    totals = GameTotals.count(points, rounds_won, rules)
    hint = ("Add the race points, the box bonus for every round won, and, for the winner, the "
            "game bonus.")
    value = _read_int(answer, hint)
    truth = totals.total[player]
    bonus = totals.game_bonus[player]
    if value == truth:
        working = f"{points[player]} race points + {rounds_won[player]} boxes x {rules.box_bonus}"
        if bonus:
            working += f" + {'shutout game bonus' if totals.shutout else 'game bonus'} {bonus}"
        if totals.doubled and totals.winner == player:
            working = f"({working}) x 2 for the shutout"
        return Feedback(True, f"Right: {working} = {truth}.")
    if totals.winner == player and value == truth - bonus:
        hint = f"The winner also adds the game bonus: {bonus} here."
    elif value == truth - totals.box_points[player]:
        hint = f"Each round won adds a box bonus of {rules.box_bonus} at the end."
    elif totals.shutout and totals.winner == player and value == truth - bonus + rules.game_bonus:
        hint = (f"The loser won no round: a shutout, and the game bonus is "
                f"{rules.shutout_game_bonus}.")
    return Feedback(False, f"Not quite: {value} is not the total.", hint)
