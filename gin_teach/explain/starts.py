"""How near a hand is to its next melds, counted the way a learner can count them on the
table: the melds of three it is **one card** from (two of its cards are in it and the third
is still live) and **two cards** from (one of its cards, two live). Where the count, the outs
and the danger of two discards are level, these counts say what one discard keeps that the
other gives up (lesson 12's combinations).

A card is *dead* for a meld when it is in the discard pile, with the opponent, or just
thrown: such a meld can no longer be made.

>>> from gin_teach.core.cards import hand_mask
>>> kept = hand_mask("KH QH 9D")  # K♥ Q♥ wait for J♥ (one card); 9♦ for two more
>>> meld_starts(kept, dead=0)  # J♥ Q♥ K♥; the sets of kings, queens, nines and 9♦'s runs
(1, 13)
>>> meld_starts(kept, dead=hand_mask("JH"))  # J♥ gone: no meld is one card away now
(0, 12)
"""

from __future__ import annotations

from typing import Final

from gin_teach.core.cards import NATURAL_BITS
from gin_teach.core.solver import MELD_MASKS
from gin_teach.core.validation import check_whole

__all__ = ["THREES", "meld_starts"]

THREES: Final = tuple(m for m in MELD_MASKS if m.bit_count() == 3)
"""Every meld of exactly three natural cards (a longer meld grows from one of these)."""
_WITH_JOKERS: Final = (1 << 54) - 1


def meld_starts(kept: int, dead: int) -> tuple[int, int]:
    """``(one away, two away)``: the melds of three (:data:`THREES`) with two cards, or one,
    of the hand ``kept`` (a mask) and no card in ``dead`` (a mask), the rest still to come.
    Melds already made count in neither.

    >>> from gin_teach.core.cards import hand_mask
    >>> meld_starts(hand_mask("7S 7H 7D"), dead=0)  # the three sets with 7♣; each 7's runs
    (3, 9)
    """
    check_whole(kept, "kept", 0, _WITH_JOKERS)
    check_whole(dead, "dead", 0, _WITH_JOKERS)
    natural = kept & NATURAL_BITS
    one = two = 0
    for meld in THREES:
        if meld & dead:
            continue
        held = (meld & natural).bit_count()
        one += held == 2
        two += held == 1
    return one, two
