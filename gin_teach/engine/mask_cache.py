"""Remembered answers about 52-bit card masks, for the engine's hot path: the cards of a
mask and a discard move for each of them, put together from one remembered answer per suit
(at most 4 x 8192 small tuples). Observations and legal moves need these on every move.

>>> from gin_teach import hand_mask
>>> mask = hand_mask("7H AS KD")
>>> hand_cards(mask), [str(move) for move in discard_moves(mask)]
((Card('AS'), Card('7H'), Card('KD')), ['discard AS', 'discard 7H', 'discard KD'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from gin_teach.core.cards import Card, cards_from_mask
from gin_teach.engine.actions import DISCARDS, Action
from gin_teach.errors import CardError, excerpt

__all__ = ["by_suit", "discard_moves", "hand_cards"]

_T = TypeVar("_T")
_SUIT_MASKS: Final = (*(0x1FFF << shift for shift in (0, 13, 26, 39)), 3 << 52)


def by_suit(build: Callable[[int], tuple[_T, ...]]) -> Callable[[int], tuple[_T, ...]]:
    """``build`` of a mask, put together from ``build`` of each suit's part of it (and of its
    jokers, bits 52 and 53), remembered; ``build`` must answer a mask of one suit, in card
    order.

    >>> ranks = by_suit(lambda part: tuple(card.rank for card in cards_from_mask(part)))
    >>> ranks(0b101 | 1 << 13)
    (1, 3, 1)
    """
    cache: dict[int, tuple[_T, ...]] = {0: ()}

    def of(mask: int) -> tuple[_T, ...]:
        try:
            naturals = (cache[mask & 0x1FFF] + cache[mask & 0x3FFE000]
                        + cache[mask & 0x7FFC000000] + cache[mask & 0xFFF8000000000])
            return naturals + cache[mask & 0x30000000000000] if mask >> 52 else naturals
        except TypeError:
            raise CardError(f"a card mask is a whole number, got {excerpt(mask)}") from None
        except KeyError:
            for suit in _SUIT_MASKS:
                part = mask & suit
                if part not in cache:
                    cache[part] = build(part)
            return of(mask)

    return of


hand_cards: Final[Callable[[int], tuple[Card, ...]]] = by_suit(cards_from_mask)
"""The cards of a mask, in order (``cards_from_mask``, remembered)."""
discard_moves: Final[Callable[[int], tuple[Action, ...]]] = by_suit(
    lambda part: tuple(DISCARDS[card.index] for card in cards_from_mask(part)))
"""A discard of each card of a mask, in card order."""
