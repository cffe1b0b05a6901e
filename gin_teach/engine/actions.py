"""The moves of a round as small values with a stable text form.

Every action prints as a short command (``str(Discard(card)) == "discard 7H"``) and
:func:`parse_action` reads that command back, so a game is stored, replayed and typed as text.

>>> [str(a) for a in (PassUpcard(), TakeDiscard(), DrawStock(), Discard(Card(7, "H")))]
['pass', 'take', 'draw', 'discard 7H']
>>> action = parse_action("knock KD melds [7S 7H 7D] [9C TC JC]")
>>> action.card, [str(meld) for meld in action.melds]
(Card('KD'), ['7♠ 7♥ 7♦', '9♣ 10♣ J♣'])
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Final

from gin_teach.core.cards import Card, HandLike, full_deck, parse_cards, to_card, to_cards
from gin_teach.core.melds import Meld, to_melds
from gin_teach.core.validation import names_bad_arguments
from gin_teach.errors import IllegalMove, excerpt

__all__ = [
    "Action",
    "BigGin",
    "Discard",
    "DrawStock",
    "Knock",
    "LayOff",
    "PassUpcard",
    "TakeDiscard",
    "move_words",
    "parse_action",
]


@dataclass(frozen=True)
class Action:
    """Base class of every move: ``str(action)`` is its command text, :meth:`describe` the move
    in words.

    >>> isinstance(DrawStock(), Action), str(DrawStock()), DrawStock().describe()
    (True, 'draw', 'draw from the stock')
    """

    # A move without cards in it is its words; the others override __str__ and describe.
    _text: ClassVar[str] = ""
    _words: ClassVar[str] = ""

    def __str__(self) -> str:
        return self._text

    def describe(self) -> str:
        """The move in words, for a log or a button.

        >>> PassUpcard().describe(), TakeDiscard().describe(), DrawStock().describe()
        ('pass the upcard', 'take the top discard', 'draw from the stock')
        """
        return self._words


@dataclass(frozen=True)
class PassUpcard(Action):
    """Refuse the first upcard (only in the opening).

    >>> str(PassUpcard()), PassUpcard().describe()
    ('pass', 'pass the upcard')
    """

    _text = "pass"
    _words = "pass the upcard"


@dataclass(frozen=True)
class TakeDiscard(Action):
    """Take the top card of the discard pile (the upcard too, in the opening).

    >>> str(TakeDiscard()), TakeDiscard().describe()
    ('take', 'take the top discard')
    """

    _text = "take"
    _words = "take the top discard"


@names_bad_arguments
def move_words(action: Action, phase: str) -> str:
    """The move in words at this point of a round (``phase`` as :attr:`Round.phase`), for a
    button: :meth:`Action.describe`, except that in the opening taking the face-up card
    means taking the upcard.

    >>> move_words(TakeDiscard(), "upcard_nondealer"), move_words(TakeDiscard(), "draw")
    ('take the upcard', 'take the top discard')
    """
    if isinstance(action, TakeDiscard) and phase in ("upcard_nondealer", "upcard_dealer"):
        return "take the upcard"
    return action.describe()


@dataclass(frozen=True)
class DrawStock(Action):
    """Draw the top card of the stock.

    >>> str(DrawStock()), DrawStock().describe()
    ('draw', 'draw from the stock')
    """

    _text = "draw"
    _words = "draw from the stock"


def _melds(value: Iterable[Meld | HandLike] | None) -> tuple[Meld, ...] | None:
    if value is None:
        return None
    return to_melds(value)


def _melds_text(melds: tuple[Meld, ...] | None) -> str:
    if melds is None:
        return ""
    if not melds:
        return " melds none"
    return " melds " + " ".join("[" + " ".join(c.code for c in m.cards) + "]" for m in melds)


@dataclass(frozen=True)
class Discard(Action):
    """Discard ``card`` face up and end the turn (a card's text is accepted too).

    >>> action = Discard("7h")
    >>> action, str(action)
    (Discard(card=Card('7H')), 'discard 7H')
    """

    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", to_card(self.card))

    def __str__(self) -> str:
        return f"discard {self.card.code}"

    def describe(self) -> str:
        """The move in words."""
        return f"discard {self.card}"


@dataclass(frozen=True)
class Knock(Action):
    """Discard ``card`` face down and end the round; with no deadwood left this is gin.

    ``melds`` is the spread the knocker chooses (validated when played); ``None`` lets the
    engine spread what :func:`~gin_teach.core.scoring.settle` picks by default.

    >>> str(Knock("KD")), str(Knock("KD", melds=["7S 7H 7D", "9C TC JC"]))
    ('knock KD', 'knock KD melds [7S 7H 7D] [9C TC JC]')
    """

    card: Card
    melds: tuple[Meld, ...] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", to_card(self.card))
        if self.melds is not None:
            object.__setattr__(self, "melds", _melds(self.melds))

    def __str__(self) -> str:
        return f"knock {self.card.code}{_melds_text(self.melds)}"

    def describe(self) -> str:
        """The move in words."""
        return f"knock, discarding {self.card} face down"


@dataclass(frozen=True)
class BigGin(Action):
    """Big gin (when the rules allow it): all eleven cards melded, no discard.

    >>> str(BigGin())
    'big gin'
    """

    melds: tuple[Meld, ...] | None = None

    def __post_init__(self) -> None:
        if self.melds is not None:
            object.__setattr__(self, "melds", _melds(self.melds))

    def __str__(self) -> str:
        return f"big gin{_melds_text(self.melds)}"

    def describe(self) -> str:
        """The move in words."""
        return "go big gin: spread all eleven cards"


@dataclass(frozen=True)
class LayOff(Action):
    """The defender's answer to a knock: its own melds and the cards it lays off.

    ``None`` for either part means the engine's optimum for the defender; explicit choices are
    checked when played (``layoffs=()`` lays off nothing).

    >>> str(LayOff()), str(LayOff(layoffs=["8C"])), str(LayOff(layoffs=(), melds=["2S 3S 4S"]))
    ('lay off', 'lay off 8C', 'lay off none melds [2S 3S 4S]')
    """

    layoffs: tuple[Card, ...] | None = None
    melds: tuple[Meld, ...] | None = None

    def __post_init__(self) -> None:
        if self.layoffs is not None:
            object.__setattr__(self, "layoffs", to_cards(self.layoffs, "layoffs"))
        if self.melds is not None:
            object.__setattr__(self, "melds", _melds(self.melds))

    def __str__(self) -> str:
        if self.layoffs is None:
            cards = ""
        elif not self.layoffs:
            cards = " none"
        else:
            cards = " " + " ".join(c.code for c in self.layoffs)
        return f"lay off{cards}{_melds_text(self.melds)}"

    def describe(self) -> str:
        """The move in words.

        >>> LayOff().describe(), LayOff(layoffs=["8C"]).describe()
        ('spread melds and lay off the best way', 'answer the knock: lay off 8C')
        """
        if self.layoffs is None and self.melds is None:
            return "spread melds and lay off the best way"
        return f"answer the knock: {self}"


# Canonical instances: the engine hands these out from legal_actions() instead of building
# a fresh value for each card on every turn.
PASS: Final = PassUpcard()
TAKE: Final = TakeDiscard()
DRAW: Final = DrawStock()
LAY_OFF: Final = LayOff()
BIG_GIN: Final = BigGin()
DISCARDS: Final = tuple(Discard(card) for card in full_deck(jokers=2))
KNOCKS: Final = tuple(Knock(card) for card in full_deck(jokers=2))

_SIMPLE: Final[dict[str, Action]] = {
    "pass": PASS, "pass upcard": PASS, "pass the upcard": PASS,
    "take": TAKE, "take discard": TAKE, "take upcard": TAKE, "take the upcard": TAKE,
    "take the top discard": TAKE,
    "draw": DRAW, "draw stock": DRAW, "draw from the stock": DRAW,
    "big gin": BIG_GIN, "lay off": LAY_OFF,
}
_MELDS_PART = re.compile(r"^(?P<head>.*?)(?:\s+melds\s+(?P<melds>.*))?$", re.IGNORECASE)
_HELP: Final = ("write pass, take, draw, discard 7H, knock 7H, big gin or lay off "
                "(melds in brackets: knock 7H melds [7S 7D 7C] [9C TC JC])")


def _parse_melds(text: str | None) -> tuple[Meld, ...] | None:
    if text is None:
        return None
    text = text.strip()
    if text.lower() == "none":
        return ()
    groups = re.findall(r"\[([^\[\]]*)\]", text)
    if not groups or re.sub(r"\[[^\[\]]*\]", "", text).strip():
        raise IllegalMove(f"cannot read the melds {excerpt(text)}: put each meld in brackets, "
                          "like [7S 7D 7C] [9C TC JC], or write none")
    return tuple(Meld.of(group) for group in groups)


def parse_action(text: str | Action) -> Action:
    """The action a command text names (the inverse of ``str(action)``); case and extra
    spaces do not matter, and a few longer forms are accepted ("draw from the stock").

    >>> parse_action("Discard 10h"), parse_action("lay off 8C 9C")
    (Discard(card=Card('TH')), LayOff(layoffs=(Card('8C'), Card('9C')), melds=None))
    >>> parse_action("jump")
    Traceback (most recent call last):
    ...
    gin_teach.errors.IllegalMove: 'jump' is not a move: write pass, take, draw, ...
    """
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise IllegalMove(f"expected a move such as 'discard 7H', got {excerpt(text)}")
    cleaned = " ".join(text.split())
    simple = _SIMPLE.get(cleaned.lower())
    if simple is not None:
        return simple
    match = _MELDS_PART.match(cleaned)
    assert match is not None  # the pattern matches every string
    head = match["head"].lower()
    melds = _parse_melds(match["melds"])
    word, _, rest = head.partition(" ")
    if word == "discard" and rest and melds is None:
        return Discard(Card.parse(rest))
    if word == "knock" and rest:
        return Knock(Card.parse(rest), melds)
    if head == "big gin":
        return BigGin(melds)
    if head.startswith("lay off"):
        cards = head[len("lay off"):].strip()
        if not cards:
            return LayOff(None, melds)
        return LayOff(() if cards == "none" else parse_cards(cards), melds)
    raise IllegalMove(f"{excerpt(text)} is not a move: {_HELP}")
