"""Melds and arrangements as values a learner reads: :class:`Meld`, :class:`Arrangement`, the
best arrangements of a hand, its deadwood, the melds inside it.

The solving is done on masks below this module: :mod:`gin_teach.core.solver` (natural cards),
:mod:`gin_teach.core.jokers` (jokers wild) and :mod:`gin_teach.core.kernel` (the rule
predicates, one entry point for both solvers).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final, Literal

from gin_teach.core.cards import (
    JOKER_BITS,
    JOKER_POINTS,
    NATURAL_BITS,
    Card,
    HandLike,
    card_points,
    cards_from_mask,
    check_joker_points,
    hand_mask,
    to_card,
    to_cards,
)
from gin_teach.core.jokers import (
    guess_stand_ins,
    joker_melds,
    joker_spreads,
)
from gin_teach.core.kernel import deadwood_of_mask, meld_kind
from gin_teach.core.solver import MELD_MASKS, partitions_of_mask
from gin_teach.core.validation import names_bad_arguments
from gin_teach.errors import CardError, excerpt

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
    "to_melds",
]


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
        if meld_kind(whole) is None:
            raise CardError(f"{shown} is not a meld: {_why_not_meld(cards)}")
        if meld_kind(whole) != self.kind:
            raise CardError(f"{shown} is a {meld_kind(whole)}, not a {excerpt(self.kind)}")
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
        kind = meld_kind(mask)
        if kind is None:
            raise CardError(f"{shown} is not a meld: {_why_not_meld(given)}")
        return cls(cards_from_mask(mask), kind)

    @classmethod
    def _from_mask(cls, mask: int) -> Meld:
        kind = meld_kind(mask)
        assert kind is not None
        return cls(cards_from_mask(mask), kind)

    @classmethod
    def _from_masks(cls, naturals: int, stands: int, jokers: tuple[Card, ...]) -> Meld:
        """The meld of natural cards ``naturals`` whose ``jokers`` stand for ``stands``."""
        kind = meld_kind(naturals | stands)
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
        return sum(card_points(card, self.joker_points) for card in self.deadwood_cards)

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
    melds = [Meld._from_mask(m) for m in MELD_MASKS if m & mask == m]
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
