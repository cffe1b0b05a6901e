"""A hand: a tuple of cards that knows its deadwood and shows itself as cards in a notebook."""

from __future__ import annotations

from gin_teach.core.cards import Card, HandLike, hand_mask, to_card, to_cards
from gin_teach.core.melds import Arrangement, best_arrangement, deadwood

__all__ = ["Hand"]


class Hand(tuple[Card, ...]):
    """An immutable hand of distinct cards, in the order given.

    It is a tuple, so it goes wherever cards go; in a notebook it shows as card pictures.

    >>> hand = Hand("7S 7H 7D 8H 9H KC")
    >>> hand
    Hand('7S 7H 7D 8H 9H KC')
    >>> print(hand), hand.deadwood, len(hand)
    7♠ 7♥ 7♦ 8♥ 9♥ K♣
    (None, 24, 6)
    >>> print(hand.arrangement)
    7♥ 8♥ 9♥ | deadwood 7♠ 7♦ K♣ = 24
    """

    def __new__(cls, cards: HandLike = ()) -> Hand:
        return super().__new__(cls, to_cards(cards))

    @property
    def deadwood(self) -> int:
        """The least deadwood of the hand."""
        return deadwood(self)

    @property
    def arrangement(self) -> Arrangement:
        """One arrangement with the least deadwood."""
        return best_arrangement(self)

    @property
    def points(self) -> int:
        """The value of all the cards, melded or not.

        >>> Hand("AH KS").points
        11
        """
        return sum(card.points for card in self)

    @property
    def mask(self) -> int:
        """The hand as a 52-bit mask (bit ``card.index`` per card)."""
        return hand_mask(self)

    def __contains__(self, card: object) -> bool:
        """Whether ``card`` (a :class:`Card` or its text) is in the hand.

        >>> "7h" in Hand("7H 8H"), "9H" in Hand("7H 8H")
        (True, False)
        """
        return super().__contains__(to_card(card))

    def sorted(self) -> Hand:
        """The same cards by suit, then rank.

        >>> Hand("KS 2H AS").sorted()
        Hand('AS KS 2H')
        """
        return Hand(sorted(self))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"Hand({' '.join(card.code for card in self)!r})"

    def _repr_html_(self) -> str:
        from gin_teach.display import hand_svg

        return hand_svg(self)
