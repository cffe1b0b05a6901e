"""Jokers wild: the melds a joker completes, and the exact solver for hands that hold jokers.

A joker stands for one card the hand does not hold (two jokers for two different cards): put
the cards they stand for in their places and every meld is a plain set or run, with at least one
natural card in it. So a set has at most four cards and a set of four naturals takes no joker,
and a run's joker fills a gap or extends an end. A joker in no meld counts ``joker_points``.

How the solver stays exact and quick: a hand without jokers never comes here. With jokers, every
meld that uses a joker is listed (a run window in one suit with one or two gaps, or a rank with
one to three naturals and free suits for the jokers); for every way to place the jokers in such
melds (none, one meld, or two melds with one joker each) the natural cards left are solved by
the plain solver, and the least total wins.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from itertools import combinations
from typing import Final

from gin_teach.core.cards import CARD_POINTS, JOKER_BITS, NATURAL_BITS, Card, check_joker_points
from gin_teach.core.rules import Rules
from gin_teach.core.solver import natural_best_discard, natural_deadwood, partitions_of_mask
from gin_teach.core.validation import (
    check_mask,
    check_whole,
    checks,
    checks_masks,
    names_bad_arguments,
    wrong_argument,
)
from gin_teach.errors import CardError, RulesError

# check_joker_points is gin_teach.core.cards's (card_points checks with it), named here too.
__all__ = [
    "JokerMeld",
    "best_discard_with_jokers",
    "canonical_spread",
    "check_joker_points",
    "check_jokers_allowed",
    "deadwood_with_jokers",
    "guess_stand_ins",
    "joker_melds",
    "joker_plans",
    "joker_spreads",
    "least_after_discard_with_jokers",
    "least_after_drawing_beside_joker",
]

_SUIT_BITS: Final = 0x1FFF
_RANK_BITS: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39

JokerMeld = tuple[int, int]
"""A meld that uses jokers, as masks: (its natural cards, the cards its jokers stand for)."""


@checks_masks("held", "rest")
def joker_melds(held: int, rest: int, jokers: int) -> list[JokerMeld]:
    """Every meld with 1 to ``jokers`` jokers whose natural cards are all in ``rest``; ``held``
    is every natural card of the hand (a joker never stands for one of them).

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> hand = hand_mask("7H 9H 7S")
    >>> for natural, stands in joker_melds(hand, hand, 1):
    ...     print(*cards_from_mask(natural), "+ joker as", *cards_from_mask(stands))
    7♥ 9♥ + joker as 8♥
    7♠ 7♥ + joker as 7♦
    7♠ 7♥ + joker as 7♣
    """
    return [(natural, stands) for _, natural, stands in _scored_melds(held, rest, jokers)]


def _scored_melds(held: int, rest: int, jokers: int) -> list[tuple[int, int, int]]:
    """:func:`joker_melds` in the same order, each with the points of its natural cards."""
    found: list[tuple[int, int, int]] = []
    for shift in (0, 13, 26, 39):
        suit_rest = rest >> shift & _SUIT_BITS
        if suit_rest:
            found += [(points, naturals << shift, gaps << shift)
                      for points, naturals, gaps in _suit_runs(held >> shift & _SUIT_BITS,
                                                               suit_rest, jokers)]
    s0, s1, s2, s3 = (rest & _SUIT_BITS, rest >> 13 & _SUIT_BITS, rest >> 26 & _SUIT_BITS,
                      rest >> 39 & _SUIT_BITS)
    # One joker makes a set only beside two naturals of its rank.
    ranks = (s0 | s1 | s2 | s3 if jokers >= 2
             else s0 & (s1 | s2 | s3) | s1 & (s2 | s3) | s2 & s3)
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        rank = low.bit_length() - 1
        spread, points = _SPREAD[rank], CARD_POINTS[rank]
        column_held = (held >> rank & 1 | held >> (rank + 12) & 2 | held >> (rank + 24) & 4
                       | held >> (rank + 36) & 8)
        column_rest = (rest >> rank & 1 | rest >> (rank + 12) & 2 | rest >> (rank + 24) & 4
                       | rest >> (rank + 36) & 8)
        found += [(points * naturals.bit_count(), spread[naturals], spread[stands])
                  for naturals, stands in _column_sets(column_held, column_rest, jokers)]
    return found


# joker_melds, one suit's runs and one rank's sets at a time: the same few patterns recur over
# and over in the analysis and the bots, so each pattern's melds are worked out once.
@lru_cache(maxsize=1 << 14)
def _suit_runs(suit_held: int, suit_rest: int, jokers: int
               ) -> tuple[tuple[int, int, int], ...]:
    """The runs with 1 to ``jokers`` gaps in one suit's 13 bits (points of the natural cards,
    natural cards, gaps)."""
    found = []
    for low in range(13):
        naturals = gaps = points = 0
        for high in range(low, 13):
            bit = 1 << high
            if suit_held & bit:
                if not suit_rest & bit:
                    break  # that card is in another meld: no run can pass through it
                naturals |= bit
                points += CARD_POINTS[high]
            else:
                gaps |= bit
                if gaps.bit_count() > jokers:
                    break
            if high - low >= 2 and gaps and naturals:
                found.append((points, naturals, gaps))
    return tuple(found)


@cache
def _column_sets(column_held: int, column_rest: int, jokers: int
                 ) -> tuple[tuple[int, int], ...]:
    """The sets of one rank with 1 to ``jokers`` jokers, as 4-bit suit patterns (natural
    cards, suits the jokers stand for)."""
    in_rest = [bit for bit in (1, 2, 4, 8) if column_rest & bit]
    free = [bit for bit in (1, 2, 4, 8) if not column_held & bit]
    found = []
    for size in range(1, len(in_rest) + 1):
        for naturals_used in combinations(in_rest, size):
            for count in range(max(1, 3 - size), min(jokers, len(free)) + 1):
                for stands in combinations(free, count):
                    found.append((sum(naturals_used), sum(stands)))
    return tuple(found)


# _SPREAD[rank][pattern]: the cards of that rank in the suits of a 4-bit pattern.
_SPREAD: Final = tuple(
    tuple(sum(1 << (13 * suit + rank) for suit in range(4) if pattern >> suit & 1)
          for pattern in range(16))
    for rank in range(13))


def joker_plans(naturals: int, jokers: int) -> Iterator[tuple[list[JokerMeld], int, int]]:
    """Every way to place ``jokers`` jokers in melds beside the natural cards ``naturals``:
    (the melds that use jokers, the natural cards left for plain melds, jokers left over as
    deadwood). Together with a plain arrangement of the cards left, each is an arrangement of
    the hand, and every arrangement is one of them.

    >>> from gin_teach.core.cards import hand_mask
    >>> [len(melds) for melds, _, _ in joker_plans(hand_mask("7H 9H"), 1)]
    [0, 1]
    """
    if type(jokers) is not int or not 0 <= jokers <= 2:
        raise wrong_argument("jokers", jokers, "a whole number from 0 to 2")
    yield [], naturals, jokers
    if not jokers:
        return
    melds = joker_melds(naturals, naturals, jokers)
    for i, (natural, stands) in enumerate(melds):
        used = stands.bit_count()
        yield [(natural, stands)], naturals ^ natural, jokers - used
        if jokers - used:
            for natural2, stands2 in melds[i + 1:]:
                if not (natural2 & natural or stands2 & stands) and stands2.bit_count() == 1:
                    yield ([(natural, stands), (natural2, stands2)],
                           naturals ^ natural ^ natural2, 0)


@checks_masks("mask")
def check_jokers_allowed(mask: int, rules: Rules) -> None:
    """Refuse a hand (a mask) that holds a joker when the rules play without jokers.

    >>> from gin_teach.core.cards import hand_mask
    >>> check_jokers_allowed(hand_mask("7H JK"), Rules.jokers_wild())
    >>> check_jokers_allowed(hand_mask("7H JK"), Rules())
    Traceback (most recent call last):
    ...
    gin_teach.errors.RulesError: JK1 is a joker, and the modern rules play without jokers
    """
    held_jokers = mask & JOKER_BITS
    if held_jokers and not rules.jokers:
        joker = Card.from_index((held_jokers & -held_jokers).bit_length() - 1)
        raise RulesError(f"{joker.code} is a joker, and the {rules.name} rules play without "
                         "jokers")


@checks_masks("naturals")
def guess_stand_ins(naturals: int, jokers: int) -> int | None:
    """The cards ``jokers`` jokers stand for beside the natural cards ``naturals`` to make one
    meld, or ``None`` if they cannot: a set takes the first missing suits; a run fills its
    gaps, then grows above its top (below, once it reaches the king).

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> cards_from_mask(guess_stand_ins(hand_mask("QH KH"), 2) or 0)
    (Card('TH'), Card('JH'))
    >>> guess_stand_ins(hand_mask("7H 7S 8S"), 1) is None
    True
    """
    count = naturals.bit_count()
    if not naturals or count + jokers < 3:
        return None
    low = (naturals & -naturals).bit_length() - 1
    column = sum(1 << (shift + low % 13) for shift in (0, 13, 26, 39))
    if naturals & ~column == 0:
        if count + jokers > 4:
            return None
        free = column & ~naturals
        stands = 0
        for _ in range(jokers):
            stands |= free & -free
            free ^= free & -free
        return stands
    shift = low - low % 13
    pattern = naturals >> shift
    if pattern >> 13 or pattern << shift != naturals:
        return None  # more than one suit
    top = pattern.bit_length() - 1
    bottom = low % 13
    gaps = ((1 << (top + 1)) - 1) & ~((1 << bottom) - 1) & ~pattern
    spare = jokers - gaps.bit_count()
    if spare < 0 or top - bottom + 1 + spare > 13:
        return None
    for _ in range(spare):
        if top < 12:
            top += 1
            gaps |= 1 << top
        else:
            bottom -= 1
            gaps |= 1 << bottom
    return gaps << shift


def _is_run(naturals: int, stands: int) -> bool:
    whole = naturals | stands
    low = whole & -whole
    return whole // low == (1 << whole.bit_count()) - 1


@names_bad_arguments
def canonical_spread(melds: list[JokerMeld], held: int) -> list[JokerMeld]:
    """One way to write the same spread: two touching runs of one suit become the one longer
    run, and a set's jokers stand for the first free suits (the hand holds ``held``, and no
    run's joker stands for them). So one spread found two ways is listed once.

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> touching = [(hand_mask("3H 4H"), hand_mask("5H")), (hand_mask("6H 7H 8H"), 0)]
    >>> [(len(cards_from_mask(n)), cards_from_mask(s)) for n, s in canonical_spread(touching, 0)]
    [(5, (Card('5H'),))]
    """
    runs = sorted((m for m in melds if _is_run(*m)), key=lambda m: m[0] | m[1])
    merged: list[JokerMeld] = []
    for naturals, stands in runs:
        if merged:
            last_naturals, last_stands = merged[-1]
            top = (last_naturals | last_stands).bit_length() - 1
            low = ((naturals | stands) & -(naturals | stands)).bit_length() - 1
            if low == top + 1 and top % 13 != 12:
                merged[-1] = (last_naturals | naturals, last_stands | stands)
                continue
        merged.append((naturals, stands))
    taken = held
    for _, stands in merged:
        taken |= stands
    for naturals, stands in melds:
        if _is_run(naturals, stands):
            continue
        if stands:
            low = (naturals & -naturals).bit_length() - 1
            free = sum(1 << (shift + low % 13) for shift in (0, 13, 26, 39)) & ~taken
            wanted, stands = stands.bit_count(), 0
            for _ in range(wanted):
                stands |= free & -free
                free ^= free & -free
            taken |= stands
        merged.append((naturals, stands))
    return sorted(merged, key=lambda m: (m[0] | m[1]) & -(m[0] | m[1]))


# The solver with jokers, on the plain solver of gin_teach.core.solver (gin_teach.core.kernel
# puts the two behind one entry point).

@checks_masks("mask")
def deadwood_with_jokers(mask: int, joker_points: int) -> int:
    """The least deadwood of a hand (a mask) that holds jokers: every way to place the jokers,
    each with the plain solver on the natural cards left.

    >>> from gin_teach.core.cards import hand_mask
    >>> deadwood_with_jokers(hand_mask("7H 9H JK KC"), 20)
    10
    """
    return _deadwood_with_jokers(mask, check_joker_points(joker_points))


# The analysis and the bots solve the same hands with jokers many times over (a hand after
# each draw and each throw), so the answers are remembered.
@lru_cache(maxsize=1 << 15)
def _deadwood_with_jokers(mask: int, joker_points: int) -> int:
    naturals = mask & NATURAL_BITS
    jokers = (mask >> 52).bit_count()
    whole = natural_deadwood(naturals)
    best = whole + jokers * joker_points
    # Taking cards out of a plain hand lowers its least deadwood by at most their points, so
    # a meld is solved only when that bound could still win; the melds with the most points
    # go first, to find a low total early. Melds of the same natural cards (a set's joker as
    # one suit or another, a run's joker above or below) leave the same cards: solved once.
    melds = sorted(_scored_melds(naturals, naturals, jokers), reverse=True)
    solved: dict[int, int] = {}
    # One-joker melds when a second joker is left, with their value or a lower bound of it.
    spare: list[tuple[int, int, int, int]] = []
    for points, natural, stands in melds:
        left = jokers - stands.bit_count()
        value = solved.get(natural)
        if value is None:
            bound = whole - points
            if bound + left * joker_points >= best and not left:
                continue
            if bound + left * joker_points >= best:
                spare.append((natural, stands, bound, points))
                continue
            value = solved[natural] = natural_deadwood(naturals ^ natural)
        best = min(best, value + left * joker_points)
        if left:
            spare.append((natural, stands, value, points))
    # Two melds of one joker each, solved only when the same bound could still win.
    for i, (natural, stands, value, points) in enumerate(spare):
        if not best:
            break
        for j in range(i + 1, len(spare)):
            natural2, stands2, value2, points2 = spare[j]
            if natural2 & natural or stands2 & stands:
                continue
            if max(value - points2, value2 - points) >= best:
                continue
            best = min(best, natural_deadwood(naturals ^ natural ^ natural2))
    return best


def _deadwood_of_mask(mask: int, joker_points: int) -> int:
    """The least deadwood of a hand with or without jokers left (a discard may take the last
    one): :func:`gin_teach.core.kernel.deadwood_of_mask`, which sits above this module."""
    return deadwood_with_jokers(mask, joker_points) if mask >> 52 else natural_deadwood(mask)


@checks_masks("mask")
def best_discard_with_jokers(mask: int, joker_points: int) -> tuple[int, int]:
    """The least deadwood after one discard from a hand (a mask) that holds jokers, and the
    mask of every discard that leaves it: one solve per card.

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> value, cards = best_discard_with_jokers(hand_mask("7H 9H JK KC 2S"), 20)
    >>> value, cards_from_mask(cards)
    (2, (Card('KC'),))
    """
    if mask >> 52:
        found = _after_discard(mask & NATURAL_BITS, mask & JOKER_BITS, joker_points, 1 << 30,
                               True)
        if found is not None:
            return found
    # One solve per card: a hand without jokers, or one where throwing a joker leaves the
    # least (a card a joker could stand for may then tie with it, which the search does not
    # list).
    best, best_bits = 1 << 30, 0
    rest = mask
    while rest:
        low = rest & -rest
        rest ^= low
        value = _deadwood_of_mask(mask ^ low, joker_points)
        if value < best:
            best, best_bits = value, low
        elif value == best:
            best_bits |= low
    return best, best_bits


@checks_masks("mask")
def least_after_discard_with_jokers(mask: int, joker_points: int, reached: int | None = None
                                    ) -> int:
    """The least deadwood after one discard from a hand (a mask) that holds jokers: the value
    of :func:`best_discard_with_jokers` without the cards that leave it, in fewer solves.
    ``reached``, when given, is a deadwood some discard is known to leave (throwing back the
    card just drawn, say), so the search looks only for less.

    Throwing a card lowers a hand's least deadwood by at most the card's points (the hand's
    best arrangement without it, plus the card unmelded, is an arrangement of the whole hand),
    so the cards are tried from the most points down, and the search stops at the first card
    whose bound cannot beat the best found.

    >>> from gin_teach.core.cards import hand_mask
    >>> least_after_discard_with_jokers(hand_mask("7H 9H JK KC 2S"), 20)
    2
    >>> least_after_discard_with_jokers(hand_mask("7H 9H JK KC 2S"), 20, reached=10)
    2
    """
    if mask >> 52:
        found = _after_discard(mask & NATURAL_BITS, mask & JOKER_BITS, joker_points,
                               1 << 30 if reached is None else reached, False)
        assert found is not None  # only a search for the cards gives up
        return found[0]
    whole = _deadwood_of_mask(mask, joker_points)
    cards = []
    rest = mask
    while rest:
        low = rest & -rest
        rest ^= low
        index = low.bit_length() - 1
        cards.append((CARD_POINTS[index], low))  # no joker here: mask >> 52 is 0
    cards.sort(reverse=True)
    best = 1 << 30 if reached is None else reached
    for points, bit in cards:
        if whole - points >= best:
            break
        value = _deadwood_of_mask(mask ^ bit, joker_points)
        if value < best:
            best = value
            if not best:
                break
    return best


@checks(kept=check_mask, drawn=check_mask, reached=check_whole)
def least_after_drawing_beside_joker(kept: int, drawn: int, reached: int) -> int:
    """:func:`least_after_discard_with_jokers` of ten cards ``kept`` (a mask holding exactly
    one joker) and one natural card ``drawn`` (a bit) that makes no meld with two kept
    natural cards, at most ``reached``, which must not exceed the deadwood of throwing the
    drawn card back, nor that of keeping it loose and throwing the best other card.

    The analysis asks this for every unseen card beside a kept joker's partners, and such a
    draw can beat those two only inside a meld with the joker: so only the joker's melds that
    hold the drawn card are tried, each with the best discard of the natural cards they leave.

    >>> from gin_teach.core.cards import hand_mask
    >>> kept = hand_mask("2H 10H 3D 6D 10D 5C 8C 10C KC JK")  # 34 with the joker as K
    >>> least_after_drawing_beside_joker(kept, hand_mask("6C"), 30)  # 5-6-joker-8, K thrown
    11
    """
    if (kept & JOKER_BITS).bit_count() != 1:
        raise CardError("least_after_drawing_beside_joker: kept must hold exactly one joker")
    if drawn.bit_count() != 1 or drawn & (kept | JOKER_BITS):
        raise CardError("least_after_drawing_beside_joker: drawn must be one natural card "
                        "that is not kept")
    naturals = (kept | drawn) & NATURAL_BITS
    index = drawn.bit_length() - 1
    # Only the drawn card's suit can hold its runs and only its rank its sets.
    usable = naturals & (_SUIT_BITS << index - index % 13 | _RANK_BITS << index % 13)
    least = reached
    for _, natural, _ in _scored_melds(naturals, usable, 1):
        rest = naturals ^ natural
        if natural & drawn and rest:
            value = natural_best_discard(rest)[0]
            if value < least:
                least = value
    return least


def _after_discard(naturals: int, jokers: int, joker_points: int, reached: int,
                   cards: bool) -> tuple[int, int] | None:
    """The least deadwood after one discard from the ``naturals`` and the ``jokers`` (a mask
    of one or two), at most ``reached``; with ``cards``, also every card whose discard leaves
    it, or None when throwing a joker leaves the least (see below). One plain best-discard
    solve per way to place the jokers, instead of a joker solve per discard.

    Throwing a joker leaves the naturals with the other jokers. Throwing a natural card
    leaves the best of: the jokers loose, and the naturals' best discard; or the jokers in
    melds of the naturals (one meld, or two of one joker each), and the best discard of the
    naturals those melds leave. A meld whose joker stands for the card thrown is never
    better than throwing that joker (put the card back in its place and the meld needs one
    joker fewer), so it is not tried; but when throwing a joker leaves the least, such a
    card may tie with it, and the cards are not listed (None).
    """
    count = jokers.bit_count()
    whole = natural_deadwood(naturals)
    thrown_joker = whole if count == 1 else deadwood_with_jokers(naturals | 1 << 52, joker_points)
    least, bits = (thrown_joker, jokers) if thrown_joker <= reached else (reached, 0)
    # A tie must be tried when the cards are wanted; otherwise only a chance to do better.
    slack = 1 if cards else 0
    if naturals:
        thrown, thrown_bits = natural_best_discard(naturals)
        value = thrown + count * joker_points
        if value < least:
            least, bits = value, thrown_bits
        elif value == least:
            bits |= thrown_bits
        # Taking a meld's natural cards out lowers the naturals' best discard by at most
        # their points: the melds with the most points go first, and the rest are skipped
        # once that bound cannot win.
        melds = sorted(_scored_melds(naturals, naturals, count), reverse=True)
        tried: set[tuple[int, int]] = set()
        for points, natural, stands in melds:
            if thrown - points >= least + slack:
                break
            left = count - stands.bit_count()
            rest = naturals ^ natural
            if rest and thrown - points + left * joker_points < least + slack \
                    and (natural, left) not in tried:
                tried.add((natural, left))
                value, found = natural_best_discard(rest)
                value += left * joker_points
                if value < least:
                    least, bits = value, found
                elif value == least:
                    bits |= found
        singles = [meld for meld in melds if meld[2].bit_count() == 1] if count == 2 else []
        pairs: set[int] = set()
        for i, (points, natural, stands) in enumerate(singles):
            if thrown - points - singles[0][0] >= least + slack:
                break
            for points2, natural2, stands2 in singles[i + 1:]:
                if thrown - points - points2 >= least + slack:
                    break
                rest = naturals ^ natural ^ natural2
                if natural & natural2 or stands & stands2 or not rest or rest in pairs:
                    continue
                pairs.add(rest)
                value, found = natural_best_discard(rest)
                if value < least:
                    least, bits = value, found
                elif value == least:
                    bits |= found
    if cards and thrown_joker == least:
        return None
    return least, bits


# A generator: its arguments are checked when it is called, not when first asked for a value.
@checks(mask=check_mask, most_deadwood=check_whole, joker_points=check_whole)
def joker_spreads(mask: int, most_deadwood: int, joker_points: int
                  ) -> Iterator[tuple[tuple[JokerMeld, ...], int, int]]:
    """Every arrangement of a hand (a mask) that holds jokers, with deadwood at most
    ``most_deadwood``, each once (see :func:`canonical_spread`): its melds as
    (natural cards, cards the jokers stand for), the natural cards left as deadwood, and the
    deadwood with the jokers left over counted at ``joker_points`` each.

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> for melds, dead, points in joker_spreads(hand_mask("7H 9H JK KC"), 10, 20):
    ...     print([cards_from_mask(s) for _, s in melds], cards_from_mask(dead), points)
    [(Card('8H'),)] (Card('KC'),) 10
    """
    naturals = mask & NATURAL_BITS
    seen: set[tuple[tuple[JokerMeld, ...], int]] = set()
    for plan, rest, left in joker_plans(naturals, (mask >> 52).bit_count()):
        budget = most_deadwood - left * joker_points
        if budget < 0:
            continue
        for melds, dead, points in partitions_of_mask(rest, budget):
            spread = tuple(canonical_spread(plan + [(m, 0) for m in melds], naturals))
            if (spread, dead) not in seen:
                seen.add((spread, dead))
                yield spread, dead, points + left * joker_points
