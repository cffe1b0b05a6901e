"""What a learner gives a widget (cards as text, a typed hand) and the guard that turns a
mistake in it into a message in the widget rather than a traceback.

>>> parse_hand("7h 8h"), as_card("10h")
((Card('7H'), Card('8H')), Card('TH'))
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from gin_teach.core.cards import Card, HandLike, to_cards
from gin_teach.errors import GinError

__all__ = ["as_card", "friendly", "parse_hand"]


F = TypeVar("F", bound=Callable[..., Any])


def friendly(method: F) -> F:
    """Wrap a widget method so a rules error (a mistyped card, a duplicate, an illegal move)
    shows in the widget's ``message`` area instead of reaching the learner as a traceback.

    Only :class:`GinError` is caught: anything else is a bug and should be seen as one.

    >>> from gin_teach.widgets.controls import MessageArea
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
