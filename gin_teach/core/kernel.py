"""The rule kernel: the rules of Gin Rummy as predicates on card masks, written once.

A hand is a mask: bit ``Card.index`` for each natural card (0-51, suits S H D C of 13 ranks
each), bits 52 and 53 for jokers. Everything in the engine, the bots, the analysis and the
checkers that asks one of these questions asks it here:

- whether cards are a set, a run, a meld (:func:`meld_kind`, :func:`is_set`, :func:`is_run`),
  and which cards can share one (:data:`NEIGHBOURS`, :func:`neighbours`,
  :func:`can_share_meld`);
- the least deadwood of a hand and after one discard (:func:`deadwood_of_mask`,
  :func:`best_discard_of_mask`; the plain solver is :mod:`gin_teach.core.solver`, jokers
  :mod:`gin_teach.core.jokers`), and the best throw (:func:`best_throws`);
- what can be laid off on a meld (:func:`fitting_cards`, :func:`layoff_cards`,
  :func:`layoff_extensions`);
- whether a count may knock (:func:`may_knock`), which cards a hand may knock with
  (:func:`knock_cards`) and whether a count undercuts a knock (:func:`is_undercut`).

What a card counts is :func:`gin_teach.core.cards.card_points` (``CARD_POINTS`` as a table),
and the deck's mask ``NATURAL_BITS``, both in :mod:`gin_teach.core.cards`. Which knock limit is
in force is :meth:`gin_teach.core.rules.Rules.resolve_knock_limit`.

>>> from gin_teach.core.cards import cards_from_mask, hand_mask
>>> [meld_kind(hand_mask(cards)) for cards in ("7S 7H 7D", "7H 8H 9H", "7H 9H")]
['set', 'run', None]
>>> cards_from_mask(fitting_cards(hand_mask("7H 8H 9H")))
(Card('6H'), Card('TH'))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from gin_teach.core.cards import CARD_POINTS, JOKER_BITS, JOKER_POINTS, NATURAL_BITS, Card
from gin_teach.core.jokers import best_discard_with_jokers, deadwood_with_jokers
from gin_teach.core.solver import natural_best_discard, natural_deadwood, partitions_of_mask
from gin_teach.core.validation import checks_masks, names_bad_arguments, wrong_argument

# The fast paths (deadwood_of_mask, best_discard_of_mask, meld_kind, layoff_extensions,
# best_throws, highest_points, knock_cards) run millions of times inside playouts, the solver
# and the round, and check nothing, so they stay out of __all__, the names the package checks
# and fuzzes with odd values.
__all__ = [
    "NEIGHBOURS",
    "RANK_COLUMN",
    "can_share_meld",
    "fitting_cards",
    "is_run",
    "is_set",
    "is_undercut",
    "layoff_cards",
    "loose_cards",
    "may_knock",
    "neighbours",
]

RANK_COLUMN: Final = 0x8004002001
"""The four aces as a mask; shifted left by a rank index (0-12), the four cards of that rank."""

_SUIT_BITS: Final = 0x1FFF


def deadwood_of_mask(mask: int, joker_points: int = JOKER_POINTS) -> int:
    """The least deadwood of the hand whose mask is ``mask``: the fast path under
    :func:`gin_teach.core.melds.deadwood`, for code that keeps hands as masks (bots, analysis,
    simulations). A joker in no meld counts ``joker_points``.

    >>> from gin_teach.core.cards import hand_mask
    >>> deadwood_of_mask(hand_mask("7S 7H 7D 8H 9H KC")), deadwood_of_mask(hand_mask("7S 8S JK"))
    (24, 0)
    """
    if mask >> 52:
        return deadwood_with_jokers(mask, joker_points)
    return natural_deadwood(mask)


def best_discard_of_mask(mask: int, joker_points: int = JOKER_POINTS) -> tuple[int, int]:
    """The least deadwood after discarding one card of an 11-card mask, and the mask of every
    card whose discard achieves it: the fast path under
    :func:`gin_teach.core.deadwood_discards.best_discards`. A joker in no meld counts
    ``joker_points``.

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> value, cards = best_discard_of_mask(hand_mask("4S 5S 6S 2C QH JH TH 7C 7D 7H KD"))
    >>> value, [str(card) for card in cards_from_mask(cards)]
    (2, ['K♦'])
    >>> value, cards = best_discard_of_mask(hand_mask("4S 5S 6S 2C QH JH JK 7C 7D 7H KD"))
    >>> value, [str(card) for card in cards_from_mask(cards)]
    (2, ['K♦'])
    """
    if mask >> 52:
        return best_discard_with_jokers(mask, joker_points)
    return natural_best_discard(mask)


def meld_kind(mask: int) -> Literal["set", "run"] | None:
    """``"set"`` for three or four natural cards of one rank, ``"run"`` for three or more in a
    row in one suit (ace low, no wrap-around), else ``None``.

    >>> from gin_teach.core.cards import hand_mask
    >>> meld_kind(hand_mask("QS KS AS")), meld_kind(hand_mask("AS 2S 3S 4S"))
    (None, 'run')
    """
    count = mask.bit_count()
    if count < 3 or mask > NATURAL_BITS:
        return None
    low = (mask & -mask).bit_length() - 1
    if count <= 4 and mask & ~(RANK_COLUMN << low % 13) == 0:
        return "set"
    if mask == ((1 << count) - 1) << low and low // 13 == (low + count - 1) // 13:
        return "run"
    return None


@checks_masks("mask")
def is_set(mask: int) -> bool:
    """Whether ``mask`` is three or four natural cards of one rank.

    >>> from gin_teach.core.cards import hand_mask
    >>> is_set(hand_mask("7S 7H 7D")), is_set(hand_mask("7S 7H"))
    (True, False)
    """
    return meld_kind(mask) == "set"


@checks_masks("mask")
def is_run(mask: int) -> bool:
    """Whether ``mask`` is three or more natural cards in a row in one suit.

    >>> from gin_teach.core.cards import hand_mask
    >>> is_run(hand_mask("JC QC KC")), is_run(hand_mask("QC KC AC"))
    (True, False)
    """
    return meld_kind(mask) == "run"


def _meld_neighbours(index: int) -> int:
    rank, suit = index % 13, index // 13
    low, high = max(rank - 2, 0), min(rank + 2, 12)
    run = ((1 << (high + 1)) - (1 << low)) << (suit * 13)
    return (RANK_COLUMN << rank | run) & ~(1 << index)


NEIGHBOURS: Final = tuple(_meld_neighbours(index) for index in range(52))
"""For each natural card's index, the mask of the cards that can share a meld of three with it:
the other cards of its rank, and the cards of its suit within two ranks of it (a run of three
has room for both). A joker shares a meld with any card, so it is no one's neighbour here."""


@checks_masks("mask")
def neighbours(mask: int) -> int:
    """Every card that can share a meld with some card of ``mask`` (:data:`NEIGHBOURS`), outside
    ``mask``; its jokers add none. A player who collects a card may be collecting these.

    >>> from gin_teach.core.cards import Card, cards_from_mask
    >>> " ".join(c.code for c in cards_from_mask(neighbours(Card(2, "H").bit)))
    '2S AH 3H 4H 2D 2C'
    """
    found = 0
    rest = mask & NATURAL_BITS
    while rest:
        low = rest & -rest
        rest ^= low
        found |= NEIGHBOURS[low.bit_length() - 1]
    return found & ~mask


@names_bad_arguments
def can_share_meld(card: Card, other: Card) -> bool:
    """Whether the two cards can share a meld of three: a set, or a run that has room for
    both (:data:`NEIGHBOURS`). A player who wants one of them may be collecting the other. A
    joker fits with anything, so it tells nothing: never.

    >>> seven = Card.parse("7H")
    >>> [can_share_meld(seven, Card.parse(c)) for c in ("7S", "9H", "10H", "8D", "7H", "JK")]
    [True, True, False, False, False, False]
    """
    for name, value in (("card", card), ("other", other)):
        if not isinstance(value, Card):
            raise wrong_argument(name, value, "a Card")
    if card.is_joker or other.is_joker:
        return False
    return bool(NEIGHBOURS[card.index] & other.bit)


@checks_masks("meld")
def fitting_cards(meld: int) -> int:
    """The cards that extend the meld ``meld`` (natural cards, a set or a run) by one: a set's
    missing suit while it has three cards, a run's next card at either end.

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> cards_from_mask(fitting_cards(hand_mask("7S 7H 7D")))
    (Card('7C'),)
    >>> fitting_cards(hand_mask("7S 7H 7D 7C"))
    0
    >>> cards_from_mask(fitting_cards(hand_mask("JC QC KC")))
    (Card('TC'),)
    """
    return _fitting(meld)


def _fitting(meld: int) -> int:
    low = meld & -meld
    index = low.bit_length() - 1
    if meld & (low << 13) or meld & (low << 26) or meld & (low << 39):  # a set
        return RANK_COLUMN << index % 13 & ~meld
    top = meld.bit_length() - 1
    found = low >> 1 if index % 13 else 0
    if top % 13 != 12:
        found |= 1 << (top + 1)
    return found


# The run starts a hand may hold: ranks A to J of each suit (a run of three from Q would wrap).
_RUN_STARTS: Final = 0x7FF * (1 | 1 << 13 | 1 << 26 | 1 << 39)
_SUIT: Final = 0x1FFF
_TEN_POINTERS: Final = 0x1E00 * RANK_COLUMN  # the tens, jacks, queens and kings


def spread_layoffs(mask: int) -> int | None:
    """:func:`layoff_cards` of the one best spread of the natural cards ``mask`` when its
    melds are forced: each suit's runs are its blocks of three or more in a row, and every
    rank held three or four times has no card in such a block (so the whole rank is a set;
    any other way leaves its cards as deadwood). None when a card could go in a set or a
    run, which needs the solver.

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> " ".join(c.code for c in cards_from_mask(spread_layoffs(hand_mask("3H 4H 5H 6H 9S KD"))))
    '2H 7H'
    >>> " ".join(c.code for c in cards_from_mask(spread_layoffs(hand_mask("7S 7H 7D 3H 4H 5H"))))
    '2H 6H 7C'
    >>> spread_layoffs(hand_mask("7S 7H 7D 8H 9H")) is None  # 7♥ in the set or the run
    True
    """
    s0, s1, s2, s3 = mask & _SUIT, mask >> 13 & _SUIT, mask >> 26 & _SUIT, mask >> 39
    starts = mask & mask >> 1 & mask >> 2 & _RUN_STARTS  # the first card of three in a row
    melded = starts | starts << 1 | starts << 2
    # Every card of each rank held three or four times.
    sets = ((s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))) * RANK_COLUMN
    if sets & mask & melded:
        return None
    # One rank beyond each run's ends, within its suit, and each set's missing card.
    return (melded << 1 & ~RANK_COLUMN | melded >> 1 & ~(RANK_COLUMN << 12)) & ~melded \
        & NATURAL_BITS | sets & ~mask


@names_bad_arguments
def layoff_cards(melds: Sequence[int]) -> int:
    """The cards that could be laid off on the melds (masks), one each: a set's fourth card,
    and the card at each end of a run. A meld with a joker counts its natural cards, and
    either joker could go onto it (both joker bits are in the answer).

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> " ".join(c.code for c in cards_from_mask(layoff_cards([hand_mask("7S 7H 7D"),
    ...                                                         hand_mask("3H 4H 5H")])))
    '2H 6H 7C'
    """
    found = 0
    for meld in melds:
        if meld & JOKER_BITS:  # estimated: the naturals' ends, and a joker laid onto it
            found |= JOKER_BITS
            meld &= NATURAL_BITS
        found |= _fitting(meld)
    return found


def layoff_extensions(meld: int, available: int) -> list[int]:
    """The ways to lay cards of ``available`` onto the meld mask ``meld`` (natural cards), as
    masks, nothing first: the missing fourth card of a set, or a chain growing from either end
    of a run (every length below, for every length above).

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> ways = layoff_extensions(hand_mask("5H 6H 7H"), hand_mask("3H 4H 8H"))
    >>> [" ".join(card.code for card in cards_from_mask(way)) for way in ways]
    ['', '8H', '4H', '4H 8H', '3H 4H', '3H 4H 8H']
    """
    low = (meld & -meld).bit_length() - 1
    high = meld.bit_length() - 1
    rank = low % 13
    column = RANK_COLUMN << rank
    if meld & ~column == 0:  # a set
        missing = column & ~meld & available
        return [0, missing] if meld.bit_count() == 3 and missing else [0]
    suit_start = low - rank
    down = [0]
    index = low - 1
    while index >= suit_start and available >> index & 1:
        down.append(down[-1] | 1 << index)
        index -= 1
    up = [0]
    index = high + 1
    while index < suit_start + 13 and available >> index & 1:
        up.append(up[-1] | 1 << index)
        index += 1
    return [d | u for d in down for u in up]


def _run_windows() -> tuple[int, ...]:
    """Per card index, the bits of ``hand << 2 >> index`` that are its suit's cards two
    ranks below and above it (positions 0 1 _ 3 4 of a five-bit window)."""
    windows = []
    for index in range(52):
        rank = index % 13
        windows.append(sum(1 << (offset + 2) for offset in (-2, -1, 1, 2)
                           if 0 <= rank + offset <= 12))
    return tuple(windows)


_RUN_WINDOW: Final = _run_windows()
# Per five-bit window (see _run_windows), whether two of its cards make a run with the middle.
_COMPLETES_RUN: Final = tuple(any(window & pair == pair for pair in (0b00011, 0b01010, 0b11000))
                              for window in range(32))


def completes_meld(hand: int, index: int) -> bool:
    """Whether the natural card ``index`` makes a meld of three with two cards of the natural
    ``hand``: two of its rank, or two of its suit in a row with it. A card that does not is
    deadwood in every arrangement of the hand with it (a longer meld holds a meld of three),
    so the playouts weigh taking it without solving the hand again.

    >>> from gin_teach.core.cards import hand_mask
    >>> hand = hand_mask("5H 7H 9S 9D KC")
    >>> [completes_meld(hand, hand_mask(c).bit_length() - 1) for c in ("6H", "8H", "9H", "8S")]
    [True, False, True, False]
    """
    same_rank = hand & RANK_COLUMN << index % 13
    return bool(same_rank & (same_rank - 1)) \
        or _COMPLETES_RUN[hand << 2 >> index & _RUN_WINDOW[index]]


def highest_points(cards: int) -> int:
    """The cards of the mask ``cards`` that count the most points (:data:`CARD_POINTS`).

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> cards_from_mask(highest_points(hand_mask("KS 7H TD 2C")))
    (Card('KS'), Card('TD'))
    """
    if cards <= NATURAL_BITS:  # the playouts' case, by rank columns rather than card by card
        tens = cards & _TEN_POINTERS
        if tens or not cards:
            return tens
        ranks = (cards | cards >> 13 | cards >> 26 | cards >> 39) & _SUIT
        return cards & RANK_COLUMN << (ranks.bit_length() - 1)
    best, most = 0, -1
    rest = cards
    while rest:
        bit = rest & -rest
        rest ^= bit
        points = CARD_POINTS[bit.bit_length() - 1]
        if points > most:
            best, most = bit, points
        elif points == most:
            best |= bit
    return best


def best_throws(hand: int, allowed: int, joker_points: int = JOKER_POINTS,
                least: tuple[int, int] | None = None) -> tuple[int, int]:
    """The best throw from ``hand`` among the cards of ``allowed``: the least deadwood a throw
    leaves, and the cards that leave it, only those that count most among them (a player
    keeps its low cards). ``least``, when known, is :func:`best_discard_of_mask` of the hand.
    Which of equal cards to throw (a K♠ or a K♥) is left to the player.

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> hand = hand_mask("7S 7H 7D AS 2S 3S KS 9H 8C 2C 3D")
    >>> value, cards = best_throws(hand, hand)
    >>> value, cards_from_mask(cards)
    (22, (Card('KS'),))
    >>> value, cards = best_throws(hand, hand & ~hand_mask("KS"))
    >>> value, cards_from_mask(cards)
    (23, (Card('9H'),))
    """
    value, bits = best_discard_of_mask(hand, joker_points) if least is None else least
    bits &= allowed
    if not bits:  # every best throw is barred: the least among the allowed
        value = 1 << 30
        rest = hand & allowed
        while rest:
            bit = rest & -rest
            rest ^= bit
            after = deadwood_of_mask(hand ^ bit, joker_points)
            if after < value:
                value, bits = after, bit
            elif after == value:
                bits |= bit
    return value, highest_points(bits)


@names_bad_arguments
def may_knock(count: int, knock_limit: int) -> bool:
    """Whether a hand whose deadwood (after its discard) is ``count`` may knock under
    ``knock_limit``, the round's limit (:meth:`gin_teach.core.rules.Rules.round_knock_limit`):
    the count is within it. A count of 0 is gin, which any round allows, one played for gin
    only (a limit of 0) too. The one test of a knock's count; a player's own, lower limit
    (a bot that waits) is asked the same way.

    >>> may_knock(10, 10), may_knock(11, 10), may_knock(0, 0), may_knock(1, 0)
    (True, False, True, False)
    """
    for name, value in (("count", count), ("knock_limit", knock_limit)):
        if type(value) is not int:
            raise wrong_argument(name, value, "a whole number")
    return count <= knock_limit


def knock_cards(hand: int, free: int, knock_limit: int, joker_points: int = JOKER_POINTS) -> int:
    """The cards of ``free`` (the cards of the 11-card ``hand`` that may be thrown) whose
    discard leaves deadwood within ``knock_limit``: the cards a player may knock with.

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> hand = hand_mask("7S 7H 7D 9C TC JC 3H 4H 5H 2D KS")
    >>> cards_from_mask(knock_cards(hand, hand, 10))
    (Card('KS'), Card('2D'))
    >>> knock_cards(hand, hand, 1)
    0
    """
    # Removing a card lowers the least deadwood by at most that card's value (10 at most), so
    # one quick solve of the eleven cards usually rules out every knock. Otherwise one search
    # finds the best discards, and only the others need a solve of their own. (Not with
    # jokers: throwing the 7♣ from four 7s and a stuck joker frees the joker.) The round asks
    # this at every discard, so it compares counts with the limit itself (as may_knock does)
    # rather than pay a checked call per card.
    if not hand >> 52 and natural_deadwood(hand) > knock_limit + 10:
        return 0
    value, best = best_discard_of_mask(hand, joker_points)
    if value > knock_limit:
        return 0
    found = 0
    rest = free
    while rest:
        low = rest & -rest
        rest ^= low
        if low & best or deadwood_of_mask(hand ^ low, joker_points) <= knock_limit:
            found |= low
    return found


@names_bad_arguments
def is_undercut(knocker_count: int, defender_count: int, undercut_on_tie: bool) -> bool:
    """Whether the defender's count (after lay-offs) undercuts a knock of ``knocker_count``:
    lower, or equal when the rules pay an undercut on a tie (``Rules.undercut_on_tie``). A gin
    (a count of 0) is never undercut.

    >>> is_undercut(8, 7, False), is_undercut(8, 8, True), is_undercut(8, 8, False)
    (True, True, False)
    >>> is_undercut(0, 0, True)
    False
    """
    if not knocker_count:
        return False
    return defender_count < knocker_count or (undercut_on_tie
                                              and defender_count == knocker_count)


@checks_masks("hand")
def loose_cards(hand: int) -> int:
    """The cards of ``hand`` outside the melds of its first least-deadwood arrangement: the
    cards a player who plans nothing beyond its melds calls deadwood. A hand holding a joker
    counts every card loose (such a player does not plan around jokers).

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> " ".join(c.code for c in cards_from_mask(loose_cards(hand_mask("7S 7H 7D 2C KD"))))
    'KD 2C'
    """
    if hand > NATURAL_BITS:
        return hand
    _, loose, _ = next(partitions_of_mask(hand, natural_deadwood(hand)))
    return loose
