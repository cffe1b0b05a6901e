"""Reading a learner's answer, and the :class:`Feedback` that answers it (made in
:mod:`gin_teach.lessons.feedback`).

The course's checkers (:mod:`gin_teach.lessons`) and the widgets read what a learner typed
with the same readers, so "7h", "7♥" and ``Card(7, "H")`` mean the same card everywhere. A
reader either returns the value or raises :class:`Reply` with the feedback to give instead
(the answer is still the placeholder, or cannot be read); :func:`feedback_checker` turns that
into the checker's return value, so a checker never raises because of the answer.

>>> read_int(" 12 ", "Count the jack as 10.")
12
>>> try:
...     read_int("twelve", "Count the jack as 10.")
... except Reply as reply:
...     print(reply.feedback)
✘ Write a whole number here, like 12; I could not read 'twelve'.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, TypeVar

from gin_teach.core.cards import RANK_NAMES, SUIT_NAMES, Card, cards_text, to_cards
from gin_teach.core.melds import Arrangement, Meld
from gin_teach.core.validation import names_bad_arguments
from gin_teach.errors import QUOTED_LENGTH, GinError, excerpt
from gin_teach.lessons.feedback import Feedback, Reply, feedback_checker, is_placeholder, unreadable

if TYPE_CHECKING:
    from gin_teach.engine.round import Round

# The feedback is handed on: every checker and widget imports it from here.
__all__ = [
    "LONGEST_MESSAGE",
    "NO_CARDS",
    "YES_NO",
    "Feedback",
    "Reply",
    "cards_are",
    "cut",
    "expect_answer",
    "feedback_checker",
    "is_placeholder",
    "looks_like_number",
    "meld_or_reason",
    "only_from",
    "plain_words",
    "read_arrangement",
    "read_card",
    "read_cards",
    "read_choice",
    "read_int",
    "read_melds",
    "read_player",
    "read_yes_no",
    "unquoted",
    "unreadable",
]

_T = TypeVar("_T")


# --------------------------------------------------------------------------- reading answers

LONGEST_MESSAGE: Final = 4 * QUOTED_LENGTH
"""Characters of a message shown to a learner at most: a message can quote what was typed,
and a pasted page must not flood the notebook."""


@names_bad_arguments
def cut(text: str, longest: int = LONGEST_MESSAGE) -> str:
    """``text`` cut to ``longest`` characters, ending in … when cut.

    >>> cut("7H 8H 9H 10H", 6)
    '7H 8H…'
    """
    return text if len(text) <= longest else text[:longest - 1] + "…"


@names_bad_arguments
def expect_answer(answer: object, hint: str) -> None:
    """End the check with a gentle prompt while ``answer`` is still the placeholder.

    >>> expect_answer(12, "Count the jack as 10.")  # an answer: the check goes on
    >>> try:
    ...     expect_answer(..., "Count the jack as 10.")
    ... except Reply as reply:
    ...     reply.feedback.answered
    False
    """
    if is_placeholder(answer):
        raise Reply(Feedback(False, "Replace the ... with your answer, then run this cell "
                              "again.", hint, answered=False))


_QUOTES: Final = (("'", "'"), ('"', '"'), ("‘", "’"), ("“", "”"))


def unquoted(answer: object) -> object:
    """A typed answer without the quotes a learner typed inside the quotes (``"'5'"`` for
    ``"5"``); anything else as it is.

    >>> unquoted("'5'"), unquoted(' "knock" '), unquoted("7H"), unquoted(5)
    ('5', 'knock', '7H', 5)
    """
    if not isinstance(answer, str):
        return answer
    text = answer.strip()
    for opening, closing in _QUOTES:
        if len(text) >= 2 and text.startswith(opening) and text.endswith(closing):
            return text[1:-1].strip()
    return answer


def looks_like_number(answer: object) -> bool:
    """Whether ``answer`` is a count: a number, or digits typed as text (quotes and all).

    >>> looks_like_number(7), looks_like_number(" '7' "), looks_like_number("7H")
    (True, True, False)
    >>> looks_like_number(True)
    False
    """
    if isinstance(answer, bool):
        return False
    if isinstance(answer, (int, float)):
        return True
    text = unquoted(answer)
    return isinstance(text, str) and text.strip().isdigit()


def plain_words(answer: object) -> str | None:
    """Typed words made comparable: lower case, single spaces, no hyphens, no leading "the".

    >>> plain_words("  The Non-Dealer. "), plain_words(12)
    ('non dealer', None)
    """
    answer = unquoted(answer)
    if not isinstance(answer, str):
        return None
    words = answer.lower().replace("-", " ").replace("_", " ").strip().rstrip(".!").split()
    if words[:1] == ["the"]:
        words = words[1:]
    return " ".join(words)


_LEAD_IN: Final = frozenset({"i", "i'd", "id", "would", "will", "should", "you", "we", "they",
                             "it", "to", "just", "the", "a", "an", "answer", "is", "was",
                             "it's", "its", "that's", "no", "yes", "well", "so", "then",
                             "probably", "definitely"})
"""Words in front of a choice that do not change it: "I would knock" is "knock"."""


@names_bad_arguments
def read_choice(answer: object, choices: Mapping[str, _T], hint: str, *,
                shown: str = "") -> _T:
    """The choice the learner's words name (``choices`` maps each accepted spelling).

    >>> read_choice("Knocks", {"knock": "knock", "knocks": "knock", "gin": "gin"}, "")
    'knock'
    >>> read_choice("I would knock.", {"knock": "knock", "gin": "gin"}, "")
    'knock'
    >>> read_choice("No, I would wait", {"wait": "play on", "knock": "knock"}, "")
    'play on'
    """
    expect_answer(answer, hint)
    word = plain_words(answer)
    if word is not None and word in choices:
        return choices[word]
    if isinstance(answer, str):
        words = _sentence_words(answer.replace("-", " "))
        while words and words[0] in _LEAD_IN:
            words = words[1:]
        if " ".join(words) in choices:
            return choices[" ".join(words)]
    shown = shown or "with one of " + ", ".join(f'"{c}"' for c in dict.fromkeys(choices.values()))
    raise unreadable(f"Answer {shown}; I could not read {excerpt(answer)}.")


YES_NO: Final = {"yes": True, "y": True, "true": True, "meld": True, "it is": True,
                 "yes it is": True, "no": False, "n": False, "false": False, "not": False,
                 "it is not": False, "no it is not": False}
"""The short answers read as yes or no; longer sentences are read by their words."""

_YES_WORDS: Final = frozenset({"yes", "y", "yep", "yeah", "sure", "true", "correct", "right",
                               "allowed", "legal", "ok", "okay"})
_NO_WORDS: Final = frozenset({"no", "n", "nope", "false", "not", "never", "cannot", "illegal",
                              "nah", "wrong"})


def _sentence_words(answer: str) -> list[str]:
    """The words of a typed sentence, lower case, with "isn't" read as "is not"."""
    text = answer.lower().replace("’", "'").replace("n't", " not").replace("can not", "cannot")
    for mark in ",.;:!?()\"":
        text = text.replace(mark, " ")
    return text.split()


@names_bad_arguments
def read_yes_no(answer: object, hint: str) -> bool:
    """Yes or no, as ``True``/``False`` or in words, full sentences included: the first word
    decides when it is a yes or a no, otherwise a "not" anywhere makes it a no.

    >>> read_yes_no("No it is not.", ""), read_yes_no(True, "")
    (False, True)
    >>> read_yes_no("no it isn't", ""), read_yes_no("Yes, it is a run", "")
    (False, True)
    >>> read_yes_no("she may not", ""), read_yes_no("it is allowed", "")
    (False, True)
    """
    expect_answer(answer, hint)
    if isinstance(answer, bool):
        return answer
    word = plain_words(answer)
    if word is not None and word in YES_NO:
        return YES_NO[word]
    words = _sentence_words(answer) if isinstance(answer, str) else []
    if words and words[0] in _YES_WORDS | _NO_WORDS:
        return words[0] in _YES_WORDS
    if any(word in _NO_WORDS for word in words):
        return False
    if any(word in _YES_WORDS | {"is", "may", "can", "does", "do"} for word in words):
        return True
    raise unreadable('Answer with True or False (or "yes" / "no"); I could not read '
                     f"{excerpt(answer)}.")


@names_bad_arguments
def read_int(answer: object, hint: str) -> int:
    """A whole number, as a number or as text; ``True`` is not one.

    >>> read_int("12", ""), read_int(7.0, ""), read_int("21 points.", "")
    (12, 7, 21)
    """
    expect_answer(answer, hint)
    if isinstance(answer, bool):
        raise unreadable("Write a number here, like 12, not True or False.")
    value: int | None = None
    if isinstance(answer, int):
        value = answer
    elif isinstance(answer, float) and answer.is_integer():
        value = int(answer)
    elif isinstance(answer := unquoted(answer), str):
        words = answer.strip().rstrip(".!").split()
        if len(words) == 2 and words[1].lower() in ("point", "points", "pts"):
            words = words[:1]  # "21 points"
        # Words, or digits int() does not read such as "²", are answered below.
        with contextlib.suppress(ValueError):
            value = int(" ".join(words))
    if value is not None:
        if abs(value) < _LARGEST_ANSWER:
            return value
        raise unreadable(f"{excerpt(answer)} is far too large to be a count or a score here.")
    raise unreadable(f"Write a whole number here, like 12; I could not read "
                     f"{excerpt(answer)}.")


_LARGEST_ANSWER: Final = 10**9
"""No count, score or number of turns in a lesson comes near this."""

NO_CARDS: Final = frozenset({"none", "nothing", "no", "no card", "no cards", "0"})
"""The words that mean "no card at all" where an answer may name none."""

_RANK_WORDS: Final = {**{name: Card(rank, "S").label for rank, name in enumerate(RANK_NAMES, 1)},
                      **{str(rank): str(rank) for rank in range(2, 11)},
                      "a": "A", "j": "J", "q": "Q", "k": "K", "t": "10"}
_SUIT_WORDS: Final = {**{name: suit for suit, name in SUIT_NAMES.items()},
                      **{name[:-1]: suit for suit, name in SUIT_NAMES.items()}}
_FILLERS: Final = frozenset({"and", "or", "&", "+", "then", "the", "discard", "discards",
                             "discarding", "throw", "throws", "away", "lay", "lays", "off",
                             "play", "i", "would", "i'd", "drop", "card", "cards", "onto",
                             "either", "with", "both", "knock", "a", "an"})
"""Words around the cards of an answer that name no card: "discard the K♦", "7♣ or 10♥"."""


def _card_words(text: str) -> str:
    """The answer's cards as codes: "the king of hearts and 10C" becomes "KH 10C"."""
    tokens = [token.strip(".!?:()\"'") for token in
              text.replace("\n", " ").replace(";", " ").replace(",", " ").replace("|", " ")
              .split()]
    codes: list[str] = []
    position = 0
    while position < len(tokens):
        word = tokens[position].lower()
        suit = _SUIT_WORDS.get(tokens[position + 2].lower() if position + 2 < len(tokens)
                               else "")
        if (word in _RANK_WORDS and position + 2 < len(tokens)
                and tokens[position + 1].lower() == "of" and suit):
            codes.append(_RANK_WORDS[word] + suit)
            position += 3
            continue
        if word and word not in _FILLERS:
            codes.append(tokens[position])
        position += 1
    return " ".join(codes)


@names_bad_arguments
def read_cards(answer: object, hint: str, *, none: bool = False,
               what: str = "your answer") -> tuple[Card, ...]:
    """The learner's cards (``none``: "none" may mean no card at all). Cards may be named in
    words, joined by "and" or "or", with a verb in front.

    >>> read_cards("7h 10♦", ""), read_cards("nothing", "", none=True)
    ((Card('7H'), Card('TD')), ())
    >>> read_cards("discard the king of hearts", ""), read_cards("7C or 10H", "")
    ((Card('KH'),), (Card('7C'), Card('TH')))
    """
    expect_answer(answer, hint)
    if none and (plain_words(answer) in NO_CARDS
                 or (isinstance(answer, str) and _sentence_words(answer)[:1] in
                     (["none"], ["nothing"]))):
        return ()
    if isinstance(answer, Meld):
        return answer.cards
    try:
        return to_cards(answer)  # type: ignore[arg-type]
    except GinError as problem:
        if isinstance(answer, str):
            try:
                return to_cards(_card_words(answer))
            except GinError:
                pass  # the first reading's complaint names the slip best: answered below
        raise unreadable(f"I could not read the cards in {what}: {cut(str(problem))}. "
                         "Write cards like 7H, 10♦ or QS, separated by spaces.") from None


@names_bad_arguments
def read_card(answer: object, hint: str) -> Card:
    """Exactly one card.

    >>> read_card(" k♠ ", "")
    Card('KS')
    >>> for answer in ("discard", "7H 8H"):
    ...     try:
    ...         read_card(answer, "")
    ...     except Reply as reply:
    ...         print(reply.feedback.message)
    I found no card in 'discard': write one card, like 7H or K♠.
    Write exactly one card; you wrote 2: 7♥ 8♥.
    """
    cards = read_cards(answer, hint)
    if not cards:
        raise unreadable(f"I found no card in {excerpt(answer)}: write one card, like 7H or "
                         "K♠.")
    if len(cards) != 1:
        raise unreadable(f"Write exactly one card; you wrote {len(cards)}: "
                         f"{cut(cards_text(cards))}.")
    return cards[0]


@names_bad_arguments
def cards_are(cards: Sequence[Card]) -> str:
    """``"7♥ is"`` or ``"7♥ 8♥ are"``: the start of a sentence about these cards.

    >>> cards_are(read_cards("7H 8H", ""))
    '7♥ 8♥ are'
    """
    return f"{cards_text(cards)} {'is' if len(cards) == 1 else 'are'}"


@names_bad_arguments
def only_from(cards: Iterable[Card], pool: Sequence[Card], where: str, hint: str) -> None:
    """End the check if the learner used a card that is not in ``pool``.

    >>> try:
    ...     only_from(read_cards("7H 2C", ""), read_cards("7H 8H", ""), "this hand", "")
    ... except Reply as reply:
    ...     reply.feedback.message
    '2♣ is not in this hand.'
    """
    outside = [card for card in cards if card not in pool]
    if outside:
        raise Reply(Feedback(False, f"{cards_are(outside)} not in {where}.", hint))


def _one_card_text(item: object) -> bool:
    if not isinstance(item, str):
        return False
    try:
        return len(to_cards(item)) == 1
    except GinError:
        return False


@names_bad_arguments
def read_melds(answer: object, hint: str) -> list[tuple[Card, ...]]:
    """Melds written as text separated by ``|``, ``/``, ``;``, new lines or commas, or as a
    list of card groups.

    >>> read_melds("7S 7H 7D / 8H 9H TH", "")
    [(Card('7S'), Card('7H'), Card('7D')), (Card('8H'), Card('9H'), Card('TH'))]
    >>> read_melds("7S 7H 7D, 8H 9H TH", "") == read_melds("7S 7H 7D; 8H 9H TH", "")
    True
    >>> read_melds(["7S", "7H", "7D"], "")  # a flat list of cards is one meld
    [(Card('7S'), Card('7H'), Card('7D'))]
    """
    expect_answer(answer, hint)
    groups: list[object]
    if isinstance(answer, str):
        text = answer
        for mark in "/;\n":
            text = text.replace(mark, "|")
        groups = [part for part in text.split("|") if part.strip()]
        if len(groups) == 1 and "," in text:
            # Commas part melds unless each piece is one card ("7S, 7H, 7D" is one meld).
            pieces: list[object] = [part for part in text.split(",") if part.strip()]
            if not all(_one_card_text(piece) for piece in pieces):
                groups = pieces
    elif isinstance(answer, Arrangement):
        groups = [meld.cards for meld in answer.melds]
    else:
        try:
            groups = list(answer)  # type: ignore[call-overload]
        except TypeError:
            raise unreadable("Write the melds as text, one meld after another separated by "
                             "|, like \"7S 7H 7D | 8H 9H 10H\".") from None
        if groups and all(isinstance(g, Card) or _one_card_text(g) for g in groups):
            groups = [groups]  # a flat list of cards is one meld
    return [read_cards(group, hint, what="one of your melds") for group in groups]


def meld_or_reason(cards: Sequence[Card]) -> tuple[Meld | None, str]:
    """The cards as a meld and a sentence saying so, or ``None`` and why they are not one.

    >>> meld_or_reason(read_cards("7S 7H 7D", ""))[1]
    '7♠ 7♥ 7♦ is a set'
    >>> meld_or_reason(read_cards("7S 8H", ""))[0] is None
    True
    """
    try:
        meld = Meld.of(cards)
    except GinError as problem:
        return None, str(problem)
    return meld, f"{cards_text(cards)} is a {meld.kind}"


@names_bad_arguments
def read_arrangement(cards: tuple[Card, ...], groups: list[tuple[Card, ...]]) -> Arrangement:
    """The arrangement of the hand ``cards`` that uses exactly the learner's melds
    (``groups``, as :func:`read_melds` gives them), or a :class:`Reply` naming the first
    problem: a card not in the hand, a card in two melds, a group that is no meld.

    >>> hand = read_cards("7S 7H 7D 8H 9H", "")
    >>> print(read_arrangement(hand, read_melds("7H 8H 9H", "")))
    7♥ 8♥ 9♥ | deadwood 7♠ 7♦ = 14
    """
    used: set[Card] = set()
    melds = []
    for group in groups:
        only_from(group, cards, "this hand", f"The hand is {cards_text(cards)}.")
        twice = next((card for card in group if card in used), None)
        if twice is not None:
            raise Reply(Feedback(False, f"{twice} is in two melds; a card serves only one meld.",
                                 f"Choose one meld for {twice} and leave it out of the other."))
        used.update(group)
        meld, verdict = meld_or_reason(group)
        if meld is None:
            raise Reply(Feedback(False, f"{verdict}.", "Each group must be a set or a run."))
        melds.append(meld)
    dead = tuple(card for card in sorted(cards) if card not in used)
    return Arrangement(tuple(sorted(melds, key=lambda meld: meld.cards)), dead)


@names_bad_arguments
def read_player(answer: object, rnd: Round, hint: str, *, roles: bool = True) -> int:
    """A player of the round ``rnd`` named by role (dealer, non-dealer), by name, or by
    number. Without ``roles`` only a name or number will do: when the question names the
    role, repeating it is no answer ("Who dealt?" "The dealer.").

    >>> from gin_teach.engine.round import Round
    >>> rnd = Round(seed=1, dealer=1, names=("Ann", "Bob"))
    >>> read_player("the non-dealer", rnd, ""), read_player("Bob", rnd, ""), read_player(0, rnd, "")
    (0, 1, 0)
    >>> try:
    ...     read_player("the dealer", rnd, "", roles=False)
    ... except Reply as reply:
    ...     print(reply.feedback)
    ✘ That names the role, not the player: answer with a name, "Ann" or "Bob".
    """
    expect_answer(answer, hint)
    if isinstance(answer, int) and not isinstance(answer, bool) and answer in (0, 1):
        return answer
    choices = {"0": 0, "1": 1} | {plain_words(name) or name: player
                                  for player, name in enumerate(rnd.names)}
    names = " or ".join(f'"{name}"' for name in rnd.names)
    if roles:
        choices |= {"dealer": rnd.dealer, "non dealer": 1 - rnd.dealer,
                    "nondealer": 1 - rnd.dealer}
        return read_choice(answer, choices, hint,
                           shown=f'"dealer" or "non-dealer" (or {names})')
    if plain_words(answer) in ("dealer", "non dealer", "nondealer", "winner", "loser"):
        raise unreadable(f"That names the role, not the player: answer with a name, {names}.")
    return read_choice(answer, choices, hint, shown=f"with a name, {names}")
