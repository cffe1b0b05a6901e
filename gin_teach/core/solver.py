"""The meld solver on card masks of natural cards (no jokers): least deadwood, best discards,
every arrangement within a budget.

How the solver is fast: runs live inside one suit, so for every 13-bit suit pattern a table
holds the least deadwood that runs alone leave. Sets are the only thing that joins suits, and
only ranks held three or four times can form one; the solver tries the few useful ways to use
those ranks as sets and adds up four table look-ups for each. Hands with many such ranks (more
than 14 cards) go to a dynamic programme over the ranks instead.

Hands with jokers are solved by :mod:`gin_teach.core.jokers` on top of this module, and
:mod:`gin_teach.core.kernel` puts the two behind one entry point (``deadwood_of_mask``); the
value types (``Meld``, ``Arrangement``) live in :mod:`gin_teach.core.melds`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from gin_teach.core.cards import CARD_POINTS, NATURAL_BITS
from gin_teach.core.validation import checks_masks, wrong_argument

# natural_deadwood and natural_best_discard are the unchecked hot path (see gin_teach.core.kernel):
# they stay out of __all__, the names the package checks and fuzzes with odd values.
__all__ = [
    "MELDS_WITH_CARD",
    "MELD_MASKS",
    "partitions_of_mask",
    "triple_rank_count",
]

_SUIT_BITS: Final = 0x1FFF
_INF: Final = 1 << 30


def _suit_tables() -> tuple[list[int], list[int], list[int], list[int]]:
    """For every 13-bit suit pattern: runs-only deadwood, the cards that can be in a run,
    the least deadwood after removing one card, and which cards achieve that."""
    size = 1 << 13
    run_deadwood = [0] * size
    runnable = [0] * size
    for pattern in range(size):
        dead = 0
        melded = 0
        rank = 0
        while rank < 13:
            if not pattern >> rank & 1:
                rank += 1
                continue
            start = rank
            while rank < 13 and pattern >> rank & 1:
                rank += 1
            block = ((1 << (rank - start)) - 1) << start
            if rank - start >= 3:
                melded |= block
            else:
                dead += sum(CARD_POINTS[start:rank])  # a rank counts as its spade
        run_deadwood[pattern] = dead
        runnable[pattern] = melded
    best_after_discard = [_INF] * size
    best_discard_bits = [0] * size
    for pattern in range(1, size):
        best = _INF
        bits = 0
        rest = pattern
        while rest:
            low = rest & -rest
            rest ^= low
            value = run_deadwood[pattern ^ low]
            if value < best:
                best, bits = value, low
            elif value == best:
                bits |= low
        best_after_discard[pattern] = best
        best_discard_bits[pattern] = bits
    return run_deadwood, runnable, best_after_discard, best_discard_bits


_RUN_DEADWOOD, _RUNNABLE, _BEST_AFTER_DISCARD, _BEST_DISCARD_BITS = _suit_tables()
#: Per suit pattern, how much the best discard from it lowers its runs-only deadwood.
_DISCARD_GAIN: Final = tuple(dead - after for dead, after
                             in zip(_RUN_DEADWOOD, _BEST_AFTER_DISCARD, strict=True))


def _set_choices() -> dict[tuple[int, int, bool], tuple[tuple[int, bool], ...]]:
    """For a rank held in the suits ``present`` (a 4-bit mask, three or four suits), of which
    the suits ``runnable`` could also be in a run, and whether a card must be discarded: the
    useful ways to use the rank in sets, each as (the suits whose card goes into a set,
    whether that is a four-card set)."""
    table = {}
    for present in range(16):
        if present.bit_count() < 3:
            continue
        for runnable in range(16):
            if runnable & ~present:
                continue
            for discarding in (False, True):
                choices = [present]
                if present.bit_count() == 3:
                    if runnable or discarding:
                        choices.append(0)
                else:
                    choices += [present ^ (1 << s) for s in range(4) if runnable >> s & 1]
                    if runnable.bit_count() >= 2:
                        choices.append(0)
                table[present, runnable, discarding] = tuple(
                    (chosen, chosen.bit_count() == 4) for chosen in choices)
    return table


_SET_CHOICES: Final = _set_choices()
_NO_SET: Final = ((0, False),)  # the one way of a rank that cannot form a set


def _set_options(mask: int, discarding: bool = False) -> list[tuple[int, int, int, int, int]]:
    """One tuple per useful way of taking sets out of ``mask``: the four suit patterns left
    for runs, and the ranks used as four-card sets.

    Ways that can never help are skipped: leaving a card out of a set pays only if that card
    could be in a run, and so does breaking up a rank altogether; but when a card must be
    discarded, breaking up a set of three may be the least bad discard."""
    s0 = mask & _SUIT_BITS
    s1 = mask >> 13 & _SUIT_BITS
    s2 = mask >> 26 & _SUIT_BITS
    s3 = mask >> 39 & _SUIT_BITS
    triples = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    states = [(s0, s1, s2, s3, 0)]
    if not triples:
        return states
    run0, run1, run2, run3 = _RUNNABLE[s0], _RUNNABLE[s1], _RUNNABLE[s2], _RUNNABLE[s3]
    while triples:
        bit = triples & -triples
        triples ^= bit
        rank = bit.bit_length() - 1
        present = (s0 >> rank & 1 | (s1 >> rank & 1) << 1 | (s2 >> rank & 1) << 2
                   | (s3 >> rank & 1) << 3)
        runnable = (run0 >> rank & 1 | (run1 >> rank & 1) << 1 | (run2 >> rank & 1) << 2
                    | (run3 >> rank & 1) << 3)
        expanded = []
        for chosen, four in _SET_CHOICES[present, runnable, discarding]:
            c0 = ~bit if chosen & 1 else -1
            c1 = ~bit if chosen & 2 else -1
            c2 = ~bit if chosen & 4 else -1
            c3 = ~bit if chosen & 8 else -1
            four_set = bit if four else 0
            expanded += [(a & c0, b & c1, c & c2, d & c3, four_sets | four_set)
                         for a, b, c, d, four_sets in states]
        states = expanded
    return states


def _rank_suits(s0: int, s1: int, s2: int, s3: int, rank: int) -> tuple[int, int]:
    """The suits (4-bit masks) that hold ``rank``, and those whose card there could be in a
    run: the key of :data:`_SET_CHOICES`."""
    present = (s0 >> rank & 1 | (s1 >> rank & 1) << 1 | (s2 >> rank & 1) << 2
               | (s3 >> rank & 1) << 3)
    runnable = (_RUNNABLE[s0] >> rank & 1 | (_RUNNABLE[s1] >> rank & 1) << 1
                | (_RUNNABLE[s2] >> rank & 1) << 2 | (_RUNNABLE[s3] >> rank & 1) << 3)
    return present, runnable


@checks_masks("mask")
def triple_rank_count(mask: int) -> int:
    """How many ranks the hand (a mask) holds three or four times: the ranks that can form
    sets. Past four of them the quick set search gives way to a slower one.

    >>> from gin_teach.core.cards import hand_mask
    >>> triple_rank_count(hand_mask("7S 7H 7D 8S 8H KC"))
    1
    """
    s0 = mask & _SUIT_BITS
    s1 = mask >> 13 & _SUIT_BITS
    s2 = mask >> 26 & _SUIT_BITS
    s3 = mask >> 39 & _SUIT_BITS
    return ((s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))).bit_count()


def _deadwood_dp(mask: int) -> int:
    """Least deadwood by dynamic programming over ranks, for hands of any size.

    The state holds, per suit, how long the run reaching the previous rank is (0, 1, 2 or
    3 meaning three or more): a run of one or two must go on, and sets need three or four cards.
    """
    states = {0: 0}
    for rank in range(13):
        present = 0
        for suit in range(4):
            present |= (mask >> (suit * 13 + rank) & 1) << suit
        value = CARD_POINTS[rank]  # a rank counts as its spade
        next_states: dict[int, int] = {}
        for state, dead in states.items():
            for new_state, dead_cards in _rank_transitions(present, state):
                total = dead + dead_cards * value
                if next_states.get(new_state, _INF) > total:
                    next_states[new_state] = total
        states = next_states
    return min(dead for state, dead in states.items() if _all_runs_complete(state))


def _all_runs_complete(state: int) -> bool:
    return all((state >> (2 * suit) & 3) in (0, 3) for suit in range(4))


_TRANSITIONS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}


def _rank_transitions(present: int, state: int) -> tuple[tuple[int, int], ...]:
    """From run lengths ``state``, the run lengths after one rank whose cards are the suits in
    ``present``, each with the fewest deadwood cards it costs."""
    key = (present, state)
    found = _TRANSITIONS.get(key)
    if found is not None:
        return found
    # Per suit, the ways its card (or its absence) can go: (new run length, dead, in a set).
    per_suit: list[list[tuple[int, int, int]]] = []
    for suit in range(4):
        length = state >> (2 * suit) & 3
        if not present >> suit & 1:
            per_suit.append([(0, 0, 0)] if length in (0, 3) else [])
            continue
        ways = [(min(length + 1, 3), 0, 0)]
        if length in (0, 3):
            ways += [(0, 1, 0), (0, 0, 1)]
        per_suit.append(ways)
    best: dict[int, int] = {}
    for w0 in per_suit[0]:
        for w1 in per_suit[1]:
            for w2 in per_suit[2]:
                for w3 in per_suit[3]:
                    if w0[2] + w1[2] + w2[2] + w3[2] in (1, 2):
                        continue
                    new_state = w0[0] | w1[0] << 2 | w2[0] << 4 | w3[0] << 6
                    dead = w0[1] + w1[1] + w2[1] + w3[1]
                    if best.get(new_state, _INF) > dead:
                        best[new_state] = dead
    found = _TRANSITIONS[key] = tuple(best.items())
    return found



def natural_deadwood(mask: int) -> int:
    """The least deadwood of the natural cards whose mask is ``mask`` (no joker bits): the
    plain solver under :func:`gin_teach.core.kernel.deadwood_of_mask`.

    >>> from gin_teach.core.cards import hand_mask
    >>> natural_deadwood(hand_mask("7S 7H 7D 8H 9H KC"))
    24
    """
    # The solver's hot path, so the suit split and the test for set-capable ranks are written
    # out here rather than called.
    s3 = mask >> 39
    s0 = mask & _SUIT_BITS
    s1 = mask >> 13 & _SUIT_BITS
    s2 = mask >> 26 & _SUIT_BITS
    triples = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    table = _RUN_DEADWOOD
    if not triples:
        return table[s0] + table[s1] + table[s2] + table[s3]
    if not triples & (triples - 1):
        # One rank that can form a set (the usual case in play): its few ways written out,
        # without building the general list of set choices.
        rank = triples.bit_length() - 1
        present, runnable = _rank_suits(s0, s1, s2, s3, rank)
        rest = ~triples
        best = _INF
        for chosen, _ in _SET_CHOICES[present, runnable, False]:
            value = ((table[s0 & rest] if chosen & 1 else table[s0])
                     + (table[s1 & rest] if chosen & 2 else table[s1])
                     + (table[s2 & rest] if chosen & 4 else table[s2])
                     + (table[s3 & rest] if chosen & 8 else table[s3]))
            if value < best:
                best = value
        return best
    if triples.bit_count() > 4:
        return _deadwood_dp(mask)
    # Forced melds (see natural_best_discard): the deadwood is the loose cards' points.
    starts = mask & mask >> 1 & mask >> 2 & _RUN_STARTS
    in_runs = starts | starts << 1 | starts << 2
    in_sets = triples * _RANK_COLUMN & mask
    if not in_sets & in_runs:
        loose = mask & ~in_runs & ~in_sets
        return (table[loose & _SUIT_BITS] + table[loose >> 13 & _SUIT_BITS]
                + table[loose >> 26 & _SUIT_BITS] + table[loose >> 39])
    return min(table[a] + table[b] + table[c] + table[d]
               for a, b, c, d, _ in _set_options(mask))


# The run starts a hand may hold (ranks A to J of each suit), the ten-point cards, and the
# four cards of the lowest rank: the masks :func:`natural_best_discard` reads sets and runs
# with.
_RUN_STARTS: Final = 0x7FF * (1 | 1 << 13 | 1 << 26 | 1 << 39)
_TENS: Final = 0x1E00 * 0x8004002001
_RANK_COLUMN: Final = 0x8004002001


def _loose_discard(loose: int) -> tuple[int, int]:
    """:func:`natural_best_discard` of a hand whose melds are forced (see there), from its
    ``loose`` cards (at least one): the least deadwood after the throw and the loose cards
    that count most.

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> value, cards = _loose_discard(hand_mask("9D KH QS 5H 5D"))  # 39 points loose
    >>> value, [str(card) for card in cards_from_mask(cards)]
    (29, ['Q♠', 'K♥'])
    """
    # Loose cards hold no three in a row, so the runs-only table counts each suit's points.
    table = _RUN_DEADWOOD
    points = (table[loose & _SUIT_BITS] + table[loose >> 13 & _SUIT_BITS]
              + table[loose >> 26 & _SUIT_BITS] + table[loose >> 39])
    tens = loose & _TENS
    if tens:
        return points - 10, tens
    ranks = (loose | loose >> 13 | loose >> 26 | loose >> 39) & _SUIT_BITS
    rank = ranks.bit_length() - 1
    return points - CARD_POINTS[rank], loose & _RANK_COLUMN << rank


def natural_best_discard(mask: int) -> tuple[int, int]:
    """The least deadwood after discarding one card of the natural cards ``mask`` (no joker
    bits), and the mask of every card whose discard achieves it: the plain solver under
    :func:`gin_teach.core.kernel.best_discard_of_mask`.

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> value, cards = natural_best_discard(hand_mask("4S 5S 6S 2C QH JH TH 7C 7D 7H KD"))
    >>> value, [str(card) for card in cards_from_mask(cards)]
    (2, ['K♦'])
    """
    # The playouts' hot path (one call a turn): the split and the usual cases, no rank or one
    # rank that can form a set, are written out; the gains are compared without max().
    s3 = mask >> 39
    s0 = mask & _SUIT_BITS
    s1 = mask >> 13 & _SUIT_BITS
    s2 = mask >> 26 & _SUIT_BITS
    triples = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    run_dw = _RUN_DEADWOOD
    gains = _DISCARD_GAIN
    discards = _BEST_DISCARD_BITS
    if not triples:
        # The discard that gains most in one suit's runs (an empty suit gains -_INF); every
        # card that ties goes into the bits.
        g0, g1, g2, g3 = gains[s0], gains[s1], gains[s2], gains[s3]
        gain = g0 if g0 > g1 else g1
        if g2 > gain:
            gain = g2
        if g3 > gain:
            gain = g3
        bits = discards[s0] if g0 == gain else 0
        if g1 == gain:
            bits |= discards[s1] << 13
        if g2 == gain:
            bits |= discards[s2] << 26
        if g3 == gain:
            bits |= discards[s3] << 39
        return run_dw[s0] + run_dw[s1] + run_dw[s2] + run_dw[s3] - gain, bits
    # Which cards could be in a run (a block of three or more in a row) or a set (a rank held
    # three or four times), and the loose cards, in neither: in no meld of the hand at all.
    starts = mask & mask >> 1 & mask >> 2 & _RUN_STARTS
    in_runs = starts | starts << 1 | starts << 2
    in_sets = triples * _RANK_COLUMN & mask
    loose = mask & ~in_runs & ~in_sets
    if loose and not in_sets & in_runs:
        # The melds are forced: every block a run, every such rank a set, the loose cards the
        # deadwood. Throwing a loose card saves its points, a melded one nothing (each loose
        # card stays loose): the best throws are the loose cards that count most.
        return _loose_discard(loose)
    # A set whose cards could be in no run is broken up only to throw one of its cards,
    # leaving the other two loose: that pays only when every other throw costs twice their
    # points, and never beside a loose card (throwing it saves its points whatever the sets).
    discarding = not loose
    best = _INF
    best_bits = 0
    if triples.bit_count() <= 2:
        # One or two ranks that can form sets (the usual cases in play): their few ways
        # written out as two loops, as the general loop below does them.
        low = triples & -triples
        high = triples ^ low
        present, runnable = _rank_suits(s0, s1, s2, s3, low.bit_length() - 1)
        low_ways = _SET_CHOICES[present, runnable, discarding]
        if high:
            present, runnable = _rank_suits(s0, s1, s2, s3, high.bit_length() - 1)
            high_ways = _SET_CHOICES[present, runnable, discarding]
        else:
            high_ways = _NO_SET
        not_low, not_high = ~low, ~high
        for chosen_low, four_low in low_ways:
            a_low = s0 & not_low if chosen_low & 1 else s0
            b_low = s1 & not_low if chosen_low & 2 else s1
            c_low = s2 & not_low if chosen_low & 4 else s2
            d_low = s3 & not_low if chosen_low & 8 else s3
            for chosen, four in high_ways:
                a = a_low & not_high if chosen & 1 else a_low
                b = b_low & not_high if chosen & 2 else b_low
                c = c_low & not_high if chosen & 4 else c_low
                d = d_low & not_high if chosen & 8 else d_low
                four_sets = (low if four_low else 0) | (high if four else 0)
                g0, g1, g2, g3 = gains[a], gains[b], gains[c], gains[d]
                gain = g0 if g0 > g1 else g1
                if g2 > gain:
                    gain = g2
                if g3 > gain:
                    gain = g3
                if four_sets and gain < 0:
                    gain = 0
                bits = four_sets * 0x8004002001 if four_sets and not gain else 0
                if g0 == gain:
                    bits |= discards[a]
                if g1 == gain:
                    bits |= discards[b] << 13
                if g2 == gain:
                    bits |= discards[c] << 26
                if g3 == gain:
                    bits |= discards[d] << 39
                value = run_dw[a] + run_dw[b] + run_dw[c] + run_dw[d] - gain
                if value < best:
                    best, best_bits = value, bits
                elif value == best:
                    best_bits |= bits
        return best, best_bits
    if triples.bit_count() == 3:
        # Three such ranks (an imagined hand of 12 to 17 cards, thrown back card by card,
        # often holds them): the loops above with a third, the middle rank's ways outside.
        low = triples & -triples
        high = triples ^ low
        middle = high & -high
        high ^= middle
        present, runnable = _rank_suits(s0, s1, s2, s3, middle.bit_length() - 1)
        middle_ways = _SET_CHOICES[present, runnable, discarding]
        present, runnable = _rank_suits(s0, s1, s2, s3, low.bit_length() - 1)
        low_ways = _SET_CHOICES[present, runnable, discarding]
        present, runnable = _rank_suits(s0, s1, s2, s3, high.bit_length() - 1)
        high_ways = _SET_CHOICES[present, runnable, discarding]
        not_low, not_middle, not_high = ~low, ~middle, ~high
        for chosen_middle, four_middle in middle_ways:
            a_middle = s0 & not_middle if chosen_middle & 1 else s0
            b_middle = s1 & not_middle if chosen_middle & 2 else s1
            c_middle = s2 & not_middle if chosen_middle & 4 else s2
            d_middle = s3 & not_middle if chosen_middle & 8 else s3
            four_outer = middle if four_middle else 0
            for chosen_low, four_low in low_ways:
                a_low = a_middle & not_low if chosen_low & 1 else a_middle
                b_low = b_middle & not_low if chosen_low & 2 else b_middle
                c_low = c_middle & not_low if chosen_low & 4 else c_middle
                d_low = d_middle & not_low if chosen_low & 8 else d_middle
                four_inner = four_outer | low if four_low else four_outer
                for chosen, four in high_ways:
                    a = a_low & not_high if chosen & 1 else a_low
                    b = b_low & not_high if chosen & 2 else b_low
                    c = c_low & not_high if chosen & 4 else c_low
                    d = d_low & not_high if chosen & 8 else d_low
                    four_sets = four_inner | high if four else four_inner
                    g0, g1, g2, g3 = gains[a], gains[b], gains[c], gains[d]
                    gain = g0 if g0 > g1 else g1
                    if g2 > gain:
                        gain = g2
                    if g3 > gain:
                        gain = g3
                    if four_sets and gain < 0:
                        gain = 0
                    bits = four_sets * 0x8004002001 if four_sets and not gain else 0
                    if g0 == gain:
                        bits |= discards[a]
                    if g1 == gain:
                        bits |= discards[b] << 13
                    if g2 == gain:
                        bits |= discards[c] << 26
                    if g3 == gain:
                        bits |= discards[d] << 39
                    value = run_dw[a] + run_dw[b] + run_dw[c] + run_dw[d] - gain
                    if value < best:
                        best, best_bits = value, bits
                    elif value == best:
                        best_bits |= bits
        return best, best_bits
    for a, b, c, d, four_sets in _set_options(mask, discarding=discarding):
        # As above, and a card of a four-card set gains nothing.
        g0, g1, g2, g3 = gains[a], gains[b], gains[c], gains[d]
        gain = g0 if g0 > g1 else g1
        if g2 > gain:
            gain = g2
        if g3 > gain:
            gain = g3
        if four_sets and gain < 0:
            gain = 0
        bits = four_sets * 0x8004002001 if four_sets and not gain else 0
        if g0 == gain:
            bits |= discards[a]
        if g1 == gain:
            bits |= discards[b] << 13
        if g2 == gain:
            bits |= discards[c] << 26
        if g3 == gain:
            bits |= discards[d] << 39
        value = run_dw[a] + run_dw[b] + run_dw[c] + run_dw[d] - gain
        if value < best:
            best, best_bits = value, bits
        elif value == best:
            best_bits |= bits
    return best, best_bits



def _all_meld_masks() -> tuple[tuple[int, int], ...]:
    """Every meld as a mask, each paired with the bit of the card just above a run's top (a
    marker bit past the deck when the run ends at the king; 0 for a set)."""
    masks = []
    for suit in range(4):
        for start in range(13):
            for end in range(start + 3, 14):
                after = 1 << (suit * 13 + end) if end < 13 else 1 << 52
                masks.append((((1 << (end - start)) - 1) << (suit * 13 + start), after))
    for rank in range(13):
        column = [1 << (s * 13 + rank) for s in range(4)]
        masks.append((sum(column), 0))
        for left in range(4):
            masks.append((sum(column) - column[left], 0))
    return tuple(masks)


_MELDS_AFTER: Final = _all_meld_masks()

MELD_MASKS: Final = tuple(meld for meld, _ in _MELDS_AFTER)
"""Every meld of natural cards as a mask: each run of three or more, each set of three or four."""

#: For each card index (``Card.index``), every meld mask that contains the card, each paired with
#: the bit of the card just above a run's top (0 for sets): what a search for melds, outs or
#: lay-offs around one card walks.
MELDS_WITH_CARD: Final = tuple(
    tuple((m, after) for m, after in _MELDS_AFTER if m >> i & 1) for i in range(52))


def partitions_of_mask(mask: int, most_deadwood: int) -> Iterator[tuple[list[int], int, int]]:
    """Every partition of the hand whose 52-bit mask is ``mask`` into melds and deadwood, with
    deadwood at most ``most_deadwood``, as (meld masks, deadwood mask, deadwood points); no two
    runs of one suit touch (the one longer run is the same arrangement). The fast path under
    :func:`arrangements_within`, for code that keeps hands as masks. The list of meld masks is
    reused between answers: copy it to keep it.

    The run A♥ 2♥ 3♥ beside three 3s leaves no deadwood; the four 3s leave A♥ 2♥, 3 points:

    >>> from gin_teach.core.cards import hand_mask
    >>> sorted(points for _, _, points in partitions_of_mask(hand_mask("AH 2H 3H 3S 3D 3C"), 3))
    [0, 3]

    Branches on the lowest card left: it is deadwood or in one meld. A branch is taken only
    when the solver says the budget can still be kept, so little work is wasted; with
    ``most_deadwood`` the least deadwood this lists exactly the optimal arrangements.
    """
    # Checked when the first answer is asked for (a generator runs no code before), in the
    # body rather than a wrapper: the playouts ask for one at every knock.
    if type(mask) is not int or not 0 <= mask <= NATURAL_BITS:
        raise wrong_argument("mask", mask, "a mask of natural cards (0 to 2**52 - 1)")
    if type(most_deadwood) is not int:
        raise wrong_argument("most_deadwood", most_deadwood, "a whole number")
    optimum: dict[int, int] = {}

    def best(rest: int) -> int:
        value = optimum.get(rest)
        if value is None:
            value = optimum[rest] = natural_deadwood(rest)
        return value

    def search(rest: int, melds: list[int], dead: int, budget: int,
               no_run_start: int) -> Iterator[tuple[list[int], int, int]]:
        if not rest:
            yield melds, dead, most_deadwood - budget
            return
        low = rest & -rest
        index = low.bit_length() - 1
        for meld, after_run in MELDS_WITH_CARD[index]:
            if meld & rest != meld or (after_run and low & no_run_start):
                continue
            if best(rest ^ meld) <= budget:
                melds.append(meld)
                yield from search(rest ^ meld, melds, dead, budget, no_run_start | after_run)
                melds.pop()
        points = CARD_POINTS[index]
        if points + best(rest ^ low) <= budget:
            yield from search(rest ^ low, melds, dead | low, budget - points, no_run_start)

    if best(mask) <= most_deadwood:
        yield from search(mask, [], 0, most_deadwood, 0)

