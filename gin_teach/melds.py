"""Melds, optimal arrangements, deadwood and discard advice.

How the solver is fast: runs live inside one suit, so for every 13-bit suit pattern a table
holds the least deadwood that runs alone leave. Sets are the only thing that joins suits, and
only ranks held three or four times can form one; the solver tries the few useful ways to use
those ranks as sets and adds up four table look-ups for each. Hands with many such ranks (more
than 14 cards) go to a dynamic programme over the ranks instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final, Literal

from gin_teach.cards import (
    JOKER_BITS,
    JOKER_POINTS,
    Card,
    HandLike,
    cards_from_mask,
    hand_mask,
    to_card,
    to_cards,
)
from gin_teach.errors import CardError, excerpt
from gin_teach.jokers import (
    NATURAL_BITS,
    best_discard_with_jokers,
    check_joker_points,
    deadwood_with_jokers,
    guess_stand_ins,
    joker_melds,
    joker_spreads,
)
from gin_teach.validation import checks_masks, names_bad_arguments

__all__ = [
    "MOST_ARRANGEMENTS",
    "Arrangement",
    "Meld",
    "all_best_arrangements",
    "arrangements_within",
    "best_arrangement",
    "deadwood",
    "find_melds",
    "melds_with",
    "partitions_of_mask",
    "to_melds",
    "triple_rank_count",
]

_SUIT_BITS: Final = 0x1FFF
_POINTS: Final = tuple(min(i % 13 + 1, 10) for i in range(52))
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
                dead += sum(min(r + 1, 10) for r in range(start, rank))
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

    >>> from gin_teach.cards import hand_mask
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
        value = rank + 1 if rank < 10 else 10
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


def deadwood_of_mask(mask: int, joker_points: int = JOKER_POINTS) -> int:
    """The least deadwood of the hand whose mask is ``mask``: the fast path under
    :func:`deadwood`, for code that keeps hands as masks (bots, analysis, simulations).
    A joker in no meld counts ``joker_points``.

    >>> from gin_teach.cards import hand_mask
    >>> deadwood_of_mask(hand_mask("7S 7H 7D 8H 9H KC")), deadwood_of_mask(hand_mask("7S 8S JK"))
    (24, 0)
    """
    # The solver's hot path, so the suit split and the test for set-capable ranks are written
    # out here rather than called; the top suit's split also tells a hand with jokers.
    s3 = mask >> 39
    if s3 > _SUIT_BITS:
        return deadwood_with_jokers(mask, joker_points)
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
    return min(table[a] + table[b] + table[c] + table[d]
               for a, b, c, d, _ in _set_options(mask))


def best_discard_of_mask(mask: int, joker_points: int = JOKER_POINTS) -> tuple[int, int]:
    """The least deadwood after discarding one card of an 11-card mask, and the mask of every
    card whose discard achieves it: the fast path under :func:`best_discards`. A joker in no
    meld counts ``joker_points``.

    >>> from gin_teach.cards import cards_from_mask, hand_mask
    >>> value, cards = best_discard_of_mask(hand_mask("4S 5S 6S 2C QH JH TH 7C 7D 7H KD"))
    >>> value, [str(card) for card in cards_from_mask(cards)]
    (2, ['K♦'])
    >>> value, cards = best_discard_of_mask(hand_mask("4S 5S 6S 2C QH JH JK 7C 7D 7H KD"))
    >>> value, [str(card) for card in cards_from_mask(cards)]
    (2, ['K♦'])
    """
    # The playouts' hot path (one call a turn): the split and the usual cases, no rank or one
    # rank that can form a set, are written out; the gains are compared without max().
    s3 = mask >> 39
    if s3 > _SUIT_BITS:
        return best_discard_with_jokers(mask, joker_points)
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
    best = _INF
    best_bits = 0
    if not triples & (triples - 1):
        # One rank that can form a set (the usual case in play): its few ways written out,
        # as the general loop below does them.
        rank = triples.bit_length() - 1
        present, runnable = _rank_suits(s0, s1, s2, s3, rank)
        rest = ~triples
        for chosen, four in _SET_CHOICES[present, runnable, True]:
            a = s0 & rest if chosen & 1 else s0
            b = s1 & rest if chosen & 2 else s1
            c = s2 & rest if chosen & 4 else s2
            d = s3 & rest if chosen & 8 else s3
            g0, g1, g2, g3 = gains[a], gains[b], gains[c], gains[d]
            gain = g0 if g0 > g1 else g1
            if g2 > gain:
                gain = g2
            if g3 > gain:
                gain = g3
            if four and gain < 0:
                gain = 0
            bits = triples * 0x8004002001 if four and not gain else 0
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
    for a, b, c, d, four_sets in _set_options(mask, discarding=True):
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


def deadwood(hand: HandLike, *, joker_points: int = JOKER_POINTS) -> int:
    """The least deadwood count of a hand of any size; a joker in no meld counts
    ``joker_points`` (read, and checked, only when the hand holds a joker).

    >>> deadwood("7S 7H 7D 8H 9H KC")
    24
    >>> deadwood("AH 2H 3H 4H 5H 6H 7H 8H 9H TH")
    0
    >>> deadwood("7S 7H 8D 9H KC JK")  # 7♥ 🃏 9♥ leaves 7♠ 8♦ K♣
    25
    """
    return deadwood_of_mask(hand_mask(hand), joker_points)


# Every meld as a mask, and the melds that contain each card.
def _all_meld_masks() -> tuple[int, ...]:
    masks = []
    for suit in range(4):
        for start in range(13):
            for end in range(start + 3, 14):
                masks.append(((1 << (end - start)) - 1) << (suit * 13 + start))
    for rank in range(13):
        column = [1 << (s * 13 + rank) for s in range(4)]
        masks.append(sum(column))
        for left in range(4):
            masks.append(sum(column) - column[left])
    return tuple(masks)


_MELD_MASKS: Final = _all_meld_masks()


@dataclass(frozen=True)
class Meld:
    """A set (3 or 4 of a rank) or a run (3 or more in a row in one suit).

    >>> meld = Meld.of("9C TC JC")
    >>> meld.kind, meld.points, str(meld)
    ('run', 29, '9♣ 10♣ J♣')
    >>> Meld.of("QS KS AS")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.CardError: Q♠ K♠ A♠ is not a meld: a run needs consecutive ranks ...

    With jokers wild, ``stands_for`` names the card each joker stands for (in the order the
    jokers appear in ``cards``), and the cards are in their places:

    >>> wild = Meld((Card(7, "H"), Card(9, "H"), Card.joker()), "run", (Card(8, "H"),))
    >>> str(wild), wild.jokers, wild.natural_cards
    ('7♥ 🃏(8♥) 9♥', 1, (Card('7H'), Card('9H')))
    """

    cards: tuple[Card, ...]
    kind: Literal["set", "run"]
    stands_for: tuple[Card, ...] = ()
    """For each joker among ``cards``, in order, the card it stands for."""

    def __post_init__(self) -> None:
        # A Meld is always a real meld, however it was built: spreads are trusted downstream.
        cards = tuple(self.cards) if isinstance(self.cards, (tuple, list)) else ()
        stands = tuple(self.stands_for) if isinstance(self.stands_for, (tuple, list)) else None
        if (not cards or stands is None
                or not all(isinstance(card, Card) for card in cards + stands)):
            raise CardError(f"a meld holds a tuple of cards (Meld.of reads text), "
                            f"got {excerpt(self.cards)}")
        mask = stand_mask = 0
        for card in cards:
            mask |= card.bit
        for card in stands:
            stand_mask |= card.bit
        shown = " ".join(card.code if card.is_joker else str(card) for card in cards)
        jokers = (mask & JOKER_BITS).bit_count()
        if mask.bit_count() != len(cards):
            raise CardError(f"{shown} is not a meld: a card is in it twice")
        if jokers != len(stands) or stand_mask.bit_count() != jokers or stand_mask & ~NATURAL_BITS:
            raise CardError(f"{shown}: name one different natural card for each joker to "
                            f"stand for, got {excerpt(self.stands_for)}")
        if jokers and jokers == len(cards):
            raise CardError(f"{shown} is not a meld: a meld needs at least one natural card")
        if stand_mask & mask:
            raise CardError(f"{shown}: a joker cannot stand for a card already in the meld")
        whole = (mask & NATURAL_BITS) | stand_mask
        if _meld_kind(whole) is None:
            raise CardError(f"{shown} is not a meld: {_why_not_meld(cards)}")
        if _meld_kind(whole) != self.kind:
            raise CardError(f"{shown} is a {_meld_kind(whole)}, not a {excerpt(self.kind)}")
        if not jokers:
            object.__setattr__(self, "cards", cards_from_mask(mask))
            return
        # Each card in its place: a joker where the card it stands for would be.
        in_place = sorted([(card, card) for card in cards if not card.is_joker]
                          + list(zip(stands, (card for card in cards if card.is_joker),
                                     strict=True)))
        object.__setattr__(self, "cards", tuple(card for _, card in in_place))
        object.__setattr__(self, "stands_for",
                           tuple(place for place, card in in_place if card.is_joker))

    @classmethod
    def of(cls, cards: HandLike) -> Meld:
        """The meld made of these cards; :class:`CardError` says why if they are not one.
        A joker stands for the card that completes the meld: a run's gap, else the card above
        its top (below it at the king); in a set, the first suit missing.

        >>> Meld.of("7S 7H 7D").kind, Meld.of(["3H", "AH", "2H"]).cards[0]
        ('set', Card('AH'))
        >>> str(Meld.of("7H 9H JK")), str(Meld.of("QS KS JK")), str(Meld.of("7S 7D JK"))
        ('7♥ 🃏(8♥) 9♥', '🃏(J♠) Q♠ K♠', '7♠ 🃏(7♥) 7♦')
        """
        given = to_cards(cards)
        mask = hand_mask(given)
        jokers = mask & JOKER_BITS
        shown = " ".join(str(c) for c in given) or "an empty meld"
        if jokers:
            if jokers == mask:
                raise CardError(f"{shown} is not a meld: a meld needs at least one natural card")
            stands = guess_stand_ins(mask & NATURAL_BITS, jokers.bit_count())
            if stands is None:
                raise CardError(f"{shown} is not a meld: {_why_not_meld(given)}")
            return cls._from_masks(mask & NATURAL_BITS, stands, cards_from_mask(jokers))
        kind = _meld_kind(mask)
        if kind is None:
            raise CardError(f"{shown} is not a meld: {_why_not_meld(given)}")
        return cls(cards_from_mask(mask), kind)

    @classmethod
    def _from_mask(cls, mask: int) -> Meld:
        kind = _meld_kind(mask)
        assert kind is not None
        return cls(cards_from_mask(mask), kind)

    @classmethod
    def _from_masks(cls, naturals: int, stands: int, jokers: tuple[Card, ...]) -> Meld:
        """The meld of natural cards ``naturals`` whose ``jokers`` stand for ``stands``."""
        kind = _meld_kind(naturals | stands)
        assert kind is not None
        return cls(cards_from_mask(naturals) + jokers, kind, cards_from_mask(stands))

    @property
    def mask(self) -> int:
        """The meld's cards as a mask (bits 52 and 53 for jokers)."""
        mask = 0
        for card in self.cards:
            mask |= card.bit
        return mask

    @property
    def jokers(self) -> int:
        """How many jokers the meld holds."""
        return len(self.stands_for)

    @property
    def natural_cards(self) -> tuple[Card, ...]:
        """The meld's cards that are not jokers."""
        return tuple(card for card in self.cards if not card.is_joker)

    @property
    def stand_in_mask(self) -> int:
        """The cards the meld stands for, jokers replaced (a plain meld's own mask).

        >>> Meld.of("7H 9H JK").stand_in_mask == Meld.of("7H 8H 9H").mask
        True
        """
        mask = 0
        for card in self.natural_cards + self.stands_for:
            mask |= card.bit
        return mask

    def shows(self) -> tuple[Card, ...]:
        """Each card's place: the meld's cards with every joker replaced by the card it
        stands for.

        >>> Meld.of("7H 9H JK").shows()
        (Card('7H'), Card('8H'), Card('9H'))
        """
        stands = iter(self.stands_for)
        return tuple(next(stands) if card.is_joker else card for card in self.cards)

    @property
    def points(self) -> int:
        """What these cards would count as deadwood."""
        return sum(card.points for card in self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        """Whether ``card`` (a :class:`Card` or its text) is in the meld.

        >>> "7H" in Meld.of("7S 7H 7D"), Card(7, "C") in Meld.of("7S 7H 7D")
        (True, False)
        """
        return to_card(card) in self.cards

    def __str__(self) -> str:
        return " ".join(f"{card}({place})" if card.is_joker else str(card)
                        for card, place in zip(self.cards, self.shows(), strict=True))

    def _repr_html_(self) -> str:
        from gin_teach.display import hand_svg

        return hand_svg(self.cards, title=f"{self.kind}")


@names_bad_arguments
def to_melds(melds: Iterable[Meld | HandLike], argument: str = "melds") -> tuple[Meld, ...]:
    """A list of melds, each a :class:`Meld` or its cards, checked. A single text or card is a
    :class:`CardError` naming the ``argument`` (not a list of one-character melds).

    >>> [meld.kind for meld in to_melds(["7S 7H 7D", Meld.of("9C TC JC")])]
    ['set', 'run']
    >>> to_melds("7S 7H 7D")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.CardError: melds must be a list of melds, such as [...], not '7S 7H 7D'
    """
    if isinstance(melds, (str, Meld, Card)) or not isinstance(melds, Iterable):
        raise CardError(f"{argument} must be a list of melds, such as "
                        f"['7S 7H 7D', '9C TC JC'], not {excerpt(melds)}")
    return tuple(m if isinstance(m, Meld) else Meld.of(m) for m in melds)


def _meld_kind(mask: int) -> Literal["set", "run"] | None:
    count = mask.bit_count()
    if count < 3:
        return None
    low = (mask & -mask).bit_length() - 1
    if count <= 4:
        rank = low % 13
        column = 0
        for suit in range(4):
            column |= 1 << (suit * 13 + rank)
        if mask & ~column == 0:
            return "set"
    run = ((1 << count) - 1) << low
    if mask == run and low // 13 == (low + count - 1) // 13:
        return "run"
    return None


def _card_after_run(meld: int) -> int:
    """For a run, the bit of the next card up in its suit (or a marker bit past the deck when
    the run ends at the king); 0 for a set."""
    if _meld_kind(meld) != "run":
        return 0
    top = meld.bit_length() - 1
    return 1 << (top + 1) if top % 13 != 12 else 1 << 52


#: For each card index (``Card.index``), every meld mask that contains the card, each paired with
#: the bit of the card just above a run's top (0 for sets): what a search for melds, outs or
#: lay-offs around one card walks.
MELDS_WITH_CARD: Final = tuple(
    tuple((m, _card_after_run(m)) for m in _MELD_MASKS if m >> i & 1) for i in range(52))


def _why_not_meld(cards: tuple[Card, ...]) -> str:
    if len(cards) < 3:
        return "a meld needs at least three cards"
    if any(card.is_joker for card in cards):
        return ("the jokers cannot complete a set (3 or 4 cards of one rank) or a run "
                "(consecutive ranks of one suit)")
    if len({c.rank for c in cards}) == 1:
        return "a set has three or four cards"
    if len({c.suit for c in cards}) > 1:
        return "a set needs one rank, a run needs one suit"
    return "a run needs consecutive ranks in one suit (ace is low, no wrap-around)"


@dataclass(frozen=True)
class Arrangement:
    """A hand split into melds and deadwood.

    >>> arrangement = best_arrangement("7S 7H 7D 8H 9H KC")
    >>> [str(m) for m in arrangement.melds], arrangement.deadwood
    (['7♥ 8♥ 9♥'], 24)
    >>> print(arrangement)
    7♥ 8♥ 9♥ | deadwood 7♠ 7♦ K♣ = 24
    """

    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]
    joker_points: int = JOKER_POINTS
    """What a joker in ``deadwood_cards`` counts (``Rules.joker_points``)."""

    @property
    def deadwood(self) -> int:
        """The points of the cards in no meld.

        >>> best_arrangement("KC 2S JK", joker_points=15).deadwood  # no meld for the joker
        27
        """
        return sum(self.joker_points if card.is_joker else card.points
                   for card in self.deadwood_cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the hand, melds first.

        >>> best_arrangement("KS AH 2H 3H").cards
        (Card('AH'), Card('2H'), Card('3H'), Card('KS'))
        """
        return tuple(card for meld in self.melds for card in meld) + self.deadwood_cards

    @property
    def melded_cards(self) -> tuple[Card, ...]:
        """The cards in melds."""
        return tuple(card for meld in self.melds for card in meld)

    def __str__(self) -> str:
        melds = " | ".join(str(meld) for meld in self.melds)
        dead = " ".join(str(card) for card in self.deadwood_cards) or "none"
        prefix = f"{melds} | " if melds else ""
        return f"{prefix}deadwood {dead} = {self.deadwood}"

    def _repr_html_(self) -> str:
        from gin_teach.display import arrangement_svg

        return arrangement_svg(self)


def _arrangement(meld_masks: list[int], dead_mask: int) -> Arrangement:
    melds = tuple(sorted((Meld._from_mask(m) for m in meld_masks), key=lambda m: m.cards))
    return Arrangement(melds, cards_from_mask(dead_mask))


def _partitions(mask: int, most_deadwood: int,
                joker_points: int) -> Iterator[tuple[Arrangement, int]]:
    """Every arrangement of the hand ``mask`` (jokers or not) with deadwood at most
    ``most_deadwood``, each once, with its deadwood."""
    if mask <= NATURAL_BITS:
        for melds, dead, points in partitions_of_mask(mask, most_deadwood):
            yield _arrangement(melds, dead), points
        return
    jokers = cards_from_mask(mask & JOKER_BITS)
    for spread, dead, points in joker_spreads(mask, most_deadwood, joker_points):
        unused = iter(jokers)
        built = tuple(sorted(
            (Meld._from_masks(n, stands, tuple(next(unused) for _ in range(stands.bit_count())))
             for n, stands in spread), key=Meld.shows))
        yield Arrangement(built, cards_from_mask(dead) + tuple(unused), joker_points), points


def partitions_of_mask(mask: int, most_deadwood: int) -> Iterator[tuple[list[int], int, int]]:
    """Every partition of the hand whose 52-bit mask is ``mask`` into melds and deadwood, with
    deadwood at most ``most_deadwood``, as (meld masks, deadwood mask, deadwood points); no two
    runs of one suit touch (the one longer run is the same arrangement). The fast path under
    :func:`arrangements_within`, for code that keeps hands as masks. The list of meld masks is
    reused between answers: copy it to keep it.

    The run A♥ 2♥ 3♥ beside three 3s leaves no deadwood; the four 3s leave A♥ 2♥, 3 points:

    >>> from gin_teach.cards import hand_mask
    >>> sorted(points for _, _, points in partitions_of_mask(hand_mask("AH 2H 3H 3S 3D 3C"), 3))
    [0, 3]

    Branches on the lowest card left: it is deadwood or in one meld. A branch is taken only
    when the solver says the budget can still be kept, so little work is wasted; with
    ``most_deadwood`` the least deadwood this lists exactly the optimal arrangements.
    """
    optimum: dict[int, int] = {}

    def best(rest: int) -> int:
        value = optimum.get(rest)
        if value is None:
            value = optimum[rest] = deadwood_of_mask(rest)
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
        points = _POINTS[index]
        if points + best(rest ^ low) <= budget:
            yield from search(rest ^ low, melds, dead | low, budget - points, no_run_start)

    if best(mask) <= most_deadwood:
        yield from search(mask, [], 0, most_deadwood, 0)


def best_arrangement(hand: HandLike, *, joker_points: int = JOKER_POINTS) -> Arrangement:
    """One arrangement of the hand with the least deadwood. A joker in no meld counts
    ``joker_points``.

    >>> print(best_arrangement("4S 5S 6S KD 9D 2C QH JH TH 7C"))
    4♠ 5♠ 6♠ | 10♥ J♥ Q♥ | deadwood 9♦ K♦ 2♣ 7♣ = 28
    >>> print(best_arrangement("4S 5S 6S KD 9D 2C QH JH JK 7C"))
    4♠ 5♠ 6♠ | 🃏(10♥) J♥ Q♥ | deadwood 9♦ K♦ 2♣ 7♣ = 28
    """
    mask = hand_mask(hand)
    check_joker_points(joker_points)
    least = deadwood_of_mask(mask, joker_points)
    return next(_partitions(mask, least, joker_points))[0]


MOST_ARRANGEMENTS: Final = 1000
""":func:`all_best_arrangements` without a ``limit`` refuses a hand with more best arrangements
than this: a big hand can have millions, and listing them would not end in a lesson's time."""


def all_best_arrangements(hand: HandLike, limit: int | None = None, *,
                          joker_points: int = JOKER_POINTS) -> tuple[Arrangement, ...]:
    """Every arrangement with the least deadwood, each once.

    Two touching runs of one suit count as the one longer run. ``limit`` keeps the first
    ``limit`` found; without it a hand with more than :data:`MOST_ARRANGEMENTS` best
    arrangements is a :class:`CardError` that says to pass a ``limit``.

    >>> for arrangement in all_best_arrangements("4S 4H 4D 3H 5H KC"):
    ...     print(arrangement)
    4♠ 4♥ 4♦ | deadwood 3♥ 5♥ K♣ = 18
    3♥ 4♥ 5♥ | deadwood 4♠ 4♦ K♣ = 18
    """
    if limit is not None and (type(limit) is not int or limit < 1):
        raise CardError(f"limit must be a whole number of at least 1, or None, "
                        f"got {excerpt(limit)}")
    most = MOST_ARRANGEMENTS if limit is None else limit
    mask = hand_mask(hand)
    check_joker_points(joker_points)
    found: list[Arrangement] = []
    for arrangement, _ in _partitions(mask, deadwood_of_mask(mask, joker_points), joker_points):
        if len(found) == most:
            if limit is None:
                raise CardError(f"this {mask.bit_count()}-card hand has more than "
                                f"{MOST_ARRANGEMENTS:,} best arrangements: pass limit=N for "
                                "the first N")
            break
        found.append(arrangement)
    return tuple(sorted(found, key=lambda a: [m.shows() for m in a.melds]))


def arrangements_within(hand: HandLike, most_deadwood: int, *,
                        joker_points: int = JOKER_POINTS) -> tuple[Arrangement, ...]:
    """Every arrangement of the hand whose deadwood is at most ``most_deadwood``, each once
    (two touching runs of one suit count as the one longer run), least deadwood first: the
    spreads a knocker may choose from under a knock limit, optimal or not. More than
    :data:`MOST_ARRANGEMENTS` of them is a :class:`CardError`.

    >>> for spread in arrangements_within("AH 2H 3H 3S 3D 3C 9C 9D 9S 4S", 7):
    ...     print(spread)
    3♠ 3♦ 3♣ | 9♠ 9♦ 9♣ | A♥ 2♥ 3♥ | deadwood 4♠ = 4
    3♠ 3♥ 3♦ 3♣ | 9♠ 9♦ 9♣ | deadwood 4♠ A♥ 2♥ = 7
    """
    if isinstance(most_deadwood, bool) or not isinstance(most_deadwood, int):
        raise CardError(f"most_deadwood must be a whole number, got {excerpt(most_deadwood)}")
    mask = hand_mask(hand)
    check_joker_points(joker_points)
    found: list[Arrangement] = []
    for arrangement, _ in _partitions(mask, most_deadwood, joker_points):
        if len(found) == MOST_ARRANGEMENTS:
            raise CardError(f"this {mask.bit_count()}-card hand has more than "
                            f"{MOST_ARRANGEMENTS:,} arrangements within {most_deadwood} "
                            "deadwood: ask for less deadwood")
        found.append(arrangement)
    return tuple(sorted(found, key=lambda a: (a.deadwood, [m.shows() for m in a.melds])))


def find_melds(hand: HandLike) -> tuple[Meld, ...]:
    """Every meld inside the hand: each set of three or four (and every three of a four) and
    every run with all its sub-runs; with jokers, every meld a joker completes too (a set's
    joker standing for the first free suit).

    >>> [str(m) for m in find_melds("7S 7H 7D 8H 9H")]
    ['7♠ 7♥ 7♦', '7♥ 8♥ 9♥']
    >>> [str(m) for m in find_melds("7H 9H JK")]
    ['7♥ 🃏(8♥) 9♥']
    """
    mask = hand_mask(hand)
    melds = [Meld._from_mask(m) for m in _MELD_MASKS if m & mask == m]
    jokers = cards_from_mask(mask & JOKER_BITS)
    naturals = mask & NATURAL_BITS
    seen = set()
    for natural, stands in joker_melds(naturals, naturals, len(jokers)):
        meld = Meld._from_masks(natural, stands, jokers[:stands.bit_count()])
        key = (natural, stands.bit_count()) if meld.kind == "set" else (natural, stands)
        if key not in seen:
            seen.add(key)
            melds.append(meld)
    return tuple(sorted(melds, key=Meld.shows))


def melds_with(card: Card | str, hand: HandLike) -> tuple[Meld, ...]:
    """The melds of ``hand`` that use ``card`` (a :class:`Card` or its text).

    >>> [str(m) for m in melds_with("7H", "7S 7H 7D 8H 9H")]
    ['7♠ 7♥ 7♦', '7♥ 8♥ 9♥']
    """
    wanted = to_card(card)
    return tuple(meld for meld in find_melds(hand) if wanted in meld.cards)
