"""Pieces every widget shares: the message area, the guard that turns a rules error into a
friendly message, card buttons, and seeded example deals.

>>> area = MessageArea()
>>> area.show("7X is not a card", "error")
>>> area.kind, area.text
('error', '7X is not a card')
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import ipywidgets as widgets

from gin_teach.cards import Card, Deck, HandLike, to_cards
from gin_teach.display import message_html
from gin_teach.errors import GinError, IllegalMove
from gin_teach.melds import best_discards
from gin_teach.rules import Rules
from gin_teach.scoring import Settlement, settle

__all__ = [
    "FOUR_SUIT_COLOURS",
    "SUIT_COLOURS",
    "AnswerError",
    "CardButtons",
    "MessageArea",
    "as_card",
    "deal_knock",
    "friendly",
    "make_rng",
    "parse_hand",
]

SUIT_COLOURS = {"S": "#1a1a1a", "H": "#c8102e", "D": "#c8102e", "C": "#1a1a1a"}
FOUR_SUIT_COLOURS = {"S": "#1a1a1a", "H": "#c8102e", "D": "#1f5fbf", "C": "#1b7f3b"}


_PALE = {"info": "#bcd7ff", "success": "#bfe8c6", "warning": "#ffe2b3", "danger": "#f8c4c4"}


class AnswerError(GinError, ValueError):
    """A learner's answer the widget cannot read (an unknown choice, a missing value).

    >>> isinstance(AnswerError("choose knocker or defender"), GinError)
    True
    """


class MessageArea(widgets.HTML):
    """Where a widget talks to the learner: one boxed message at a time.

    ``text`` and ``kind`` keep the plain message so tests can read what the learner sees.

    >>> area = MessageArea()
    >>> area.show("Right!", "right"); "Right!" in area.value
    True
    >>> area.clear(); area.value, area.kind
    ('', '')
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.text = ""
        self.kind = ""

    def show(self, text: str, kind: str = "info") -> None:
        """Show ``text``; ``kind`` is ``info``, ``right``, ``wrong`` or ``error``."""
        self.text, self.kind = text, kind
        self.value = message_html(text, kind)

    def clear(self) -> None:
        """Remove the message."""
        self.text, self.kind = "", ""
        self.value = ""


F = TypeVar("F", bound=Callable[..., Any])


def friendly(method: F) -> F:
    """Wrap a widget method so a rules error (a mistyped card, a duplicate, an illegal move)
    shows in the widget's ``message`` area instead of reaching the learner as a traceback.

    Only :class:`GinError` is caught: anything else is a bug and should be seen as one.

    >>> class Box:
    ...     message = MessageArea()
    ...     @friendly
    ...     def pick(self, text):
    ...         return parse_hand(text)
    >>> box = Box()
    >>> box.pick("7H 7X"), box.message.text
    (None, "'7X' is not a card: it has no suit (S H D C or ♠ ♥ ♦ ♣)")
    """

    @functools.wraps(method)
    def guarded(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except GinError as error:
            self.message.show(str(error), "error")
            return None

    return guarded  # type: ignore[return-value]


def parse_hand(hand: HandLike | None) -> tuple[Card, ...]:
    """The cards of a hand given as text or cards; ``None`` is no cards.

    >>> parse_hand("7H 8H"), parse_hand(None)
    ((Card('7H'), Card('8H')), ())
    """
    if hand is None:
        return ()
    return to_cards(hand)


def as_card(card: Card | str) -> Card:
    """A card given as a :class:`Card` or as text such as ``"7H"``.

    >>> as_card("10h"), as_card(Card(7, "S"))
    (Card('TH'), Card('7S'))
    """
    return card if isinstance(card, Card) else Card.parse(card)


def make_rng(seed: int | random.Random | None) -> random.Random:
    """A random source from a seed (the same seed gives the same deals).

    >>> make_rng(4).random() == make_rng(4).random()
    True
    """
    return seed if isinstance(seed, random.Random) else random.Random(seed)


class CardButtons(widgets.Box):
    """One button per card, in a wrapping row; a click calls ``on_card(card)``.

    The label is the card (``7♥``) in its suit colour; ``mark`` styles chosen cards.

    >>> clicked = []
    >>> buttons = CardButtons(parse_hand("7H 8H"), clicked.append)
    >>> buttons.click(Card(8, "H")); clicked
    [Card('8H')]
    >>> buttons.mark({Card(7, "H"): "info"}); buttons.buttons[Card(7, "H")].button_style
    'info'
    """

    def __init__(self, cards: Iterable[Card] = (), on_card: Callable[[Card], None] | None = None,
                 *, four_colour: bool = False, width: str = "52px") -> None:
        super().__init__(layout=widgets.Layout(flex_flow="row wrap"))
        self._on_card = on_card
        self._colours = FOUR_SUIT_COLOURS if four_colour else SUIT_COLOURS
        self._width = width
        self.buttons: dict[Card, widgets.Button] = {}
        self.set_cards(cards)

    def set_cards(self, cards: Iterable[Card]) -> None:
        """Show a button for each of ``cards``, in that order."""
        self.buttons = {card: self._button(card) for card in cards}
        self.children = tuple(self.buttons.values())

    def _button(self, card: Card) -> widgets.Button:
        button = widgets.Button(description=str(card), tooltip=card.name,
                                layout=widgets.Layout(width=self._width, margin="1px",
                                                      padding="0px 2px"))
        button.style.text_color = self._colours[card.suit]
        button.style.font_weight = "bold"
        button.on_click(lambda _button, card=card: self.click(card))
        return button

    def click(self, card: Card) -> None:
        """What a click on ``card``'s button does."""
        if self._on_card is not None:
            self._on_card(card)

    def mark(self, styles: dict[Card, str]) -> None:
        """Give the listed cards a button style (``info``, ``success``, ``warning``, ``danger``)
        and clear it from the rest."""
        for card, button in self.buttons.items():
            style = styles.get(card, "")
            button.button_style = style
            # A pale background keeps the suit-coloured label readable on a marked card.
            button.style.button_color = _PALE.get(style)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards shown, in order."""
        return tuple(self.buttons)


def deal_knock(rng: random.Random, rules: Rules, *, want: Callable[[Settlement], bool],
               tries: int = 20000) -> tuple[tuple[Card, ...], tuple[Card, ...], Settlement]:
    """A seeded example round that ended in a knock: deal 11 cards to the knocker and 10 to the
    defender, let the knocker make the best discard, and keep the deal if the knocker may knock
    and ``want(settlement)`` holds. The rules engine decides every step.

    >>> knocker, defender, result = deal_knock(make_rng(1), Rules(), want=lambda s: True)
    >>> len(knocker), len(defender), result.knocker_count <= 10
    (10, 10, True)
    """
    for _ in range(tries):
        knocker11, defender = Deck(rng).deal(2, 11)
        discard = best_discards(knocker11, rules)[0].card
        knocker = knocker11 if discard is None else tuple(c for c in knocker11 if c != discard)
        try:
            settlement = settle(knocker, defender[:10], rules)
        except IllegalMove:
            continue
        if want(settlement):
            return knocker, defender[:10], settlement
    raise GinError("no suitable deal found; try another seed")

