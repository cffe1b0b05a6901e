"""Cards, parsing and the deck.

A card is one of 52 fixed values. Inside the solver a card is its ``index`` (0..51: suit-major,
``suit * 13 + rank - 1``) and a hand is a 52-bit mask; at the API it is a :class:`Card`.
Cards sort by suit (spades, hearts, diamonds, clubs) and then by rank, ace low, so a sorted hand
shows its runs side by side.

Tables that play jokers wild (``Rules.jokers``) add two more cards: the jokers ``JK1`` and
``JK2``, indices 52 and 53 (bits 52 and 53 of a mask), sorted after every other card. Both show
as 🃏; their codes tell them apart. Text may name them ``JK1``/``JK2`` or just ``JK``, ``Joker``
or ``🃏``, which read as the first joker not yet written (so ``"JK JK"`` is both).
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterable, Iterator
from typing import Final, Union

from gin_teach.core.validation import names_bad_arguments
from gin_teach.errors import CardError, SetupError, excerpt

__all__ = [
    "CARD_POINTS",
    "JOKER_BITS",
    "JOKER_POINTS",
    "NATURAL_BITS",
    "RANKS",
    "SUITS",
    "Card",
    "Deck",
    "HandLike",
    "bits_of",
    "card_points",
    "cards_from_mask",
    "cards_text",
    "check_joker_points",
    "full_deck",
    "hand_mask",
    "hand_points",
    "parse_cards",
    "to_card",
    "to_cards",
]

SUITS: Final = "SHDC"
RANKS: Final = "A23456789TJQK"
SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES: Final = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                     "ten", "jack", "queen", "king")
_RANK_LABELS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER: Final = "🃏"
JOKER_POINTS: Final = 20
"""What a joker counts in deadwood unless the rules say otherwise (``Rules.joker_points``)."""
JOKER_SUIT: Final = "*"
"""The ``suit`` of a joker (its ``rank`` is 0): it belongs to no suit."""
NATURAL_BITS: Final = (1 << 52) - 1
"""The mask of the 52 natural cards (bit ``Card.index`` for each): the whole deck without
jokers (:data:`JOKER_BITS` are the jokers'). The one name of this mask in the package."""


class Card:
    """One playing card: immutable, hashable, ordered by suit then rank.

    >>> card = Card(7, "H")
    >>> card, str(card), card.code, card.points
    (Card('7H'), '7♥', '7H', 7)
    >>> Card.parse("KS").points, Card.parse("10d") < Card.parse("jd")
    (10, True)
    >>> joker = Card.joker(2)
    >>> joker, str(joker), joker.is_joker, joker.points, joker.index
    (Card('JK2'), '🃏', True, 20, 53)
    """

    __slots__ = ("bit", "index", "rank", "suit")
    rank: int
    suit: str
    index: int
    bit: int

    def __new__(cls, rank: int, suit: str) -> Card:
        if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= 13:
            raise CardError(f"rank must be 1 (ace) to 13 (king), got {excerpt(rank)}")
        if not isinstance(suit, str) or len(suit) != 1 or suit not in "SHDCshdc":
            raise CardError(f"suit must be one of S H D C, got {excerpt(suit)}")
        return _DECK[SUITS.index(suit.upper()) * 13 + rank - 1]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        natural = index < 52  # 52 and 53 are the jokers: rank 0, no suit
        object.__setattr__(card, "rank", index % 13 + 1 if natural else 0)
        object.__setattr__(card, "suit", SUITS[index // 13] if natural else JOKER_SUIT)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "bit", 1 << index)
        return card

    @classmethod
    def joker(cls, number: int = 1) -> Card:
        """Joker 1 or 2 (``JK1``, ``JK2``): the wild cards of a table with ``Rules.jokers``.

        >>> Card.joker(), Card.joker(1) is Card.parse("🃏")
        (Card('JK1'), True)
        """
        if type(number) is not int or number not in (1, 2):
            raise CardError(f"there are two jokers, 1 and 2, got {excerpt(number)}")
        return _DECK[51 + number]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with solver index ``index`` (0..51; 52 and 53 are the jokers).

        >>> Card.from_index(0), Card.from_index(51), Card.from_index(52)
        (Card('AS'), Card('KC'), Card('JK1'))
        """
        if type(index) is not int or not 0 <= index < 54:
            raise CardError(f"card index must be a whole number 0..53, got {excerpt(index)}")
        return _DECK[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """One card from text, in any form :func:`parse_cards` accepts.

        >>> Card.parse("♥️7"), Card.parse("th")
        (Card('7H'), Card('TH'))
        """
        cards = parse_cards(text)
        if len(cards) != 1:
            raise CardError(f"expected one card, got {len(cards)} in {excerpt(text)}")
        return cards[0]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    @property
    def points(self) -> int:
        """Deadwood value: ace 1, two to ten their pips, jack, queen and king 10; a joker
        :data:`JOKER_POINTS` (:func:`card_points` counts it as a table's rules do).

        >>> [c.points for c in parse_cards("AS 7S TS KS")]
        [1, 7, 10, 10]
        """
        return CARD_POINTS[self.index]

    @property
    def is_joker(self) -> bool:
        """Whether this is one of the two jokers."""
        return self.rank == 0

    @property
    def code(self) -> str:
        """Two-letter code, ``T`` for ten: ``7H``, ``TD``; ``JK1`` and ``JK2`` for the jokers.

        >>> Card(10, "D").code
        'TD'
        """
        if self.rank == 0:
            return f"JK{self.index - 51}"
        return RANKS[self.rank - 1] + self.suit

    @property
    def label(self) -> str:
        """The rank as printed on the card: ``A``, ``7``, ``10``, ``K`` (a joker: ``🃏``)."""
        return JOKER if self.rank == 0 else _RANK_LABELS[self.rank - 1]

    @property
    def symbol(self) -> str:
        """The suit symbol (a joker has none: empty)."""
        return "" if self.rank == 0 else SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """The card in words."""
        if self.rank == 0:
            return f"joker {self.index - 51}"
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}"

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self.suit in "HD"

    def __str__(self) -> str:
        return self.label + self.symbol

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def _repr_html_(self) -> str:
        from gin_teach.display import card_svg

        return card_svg(self)


_DECK: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(54))
_ALL_CARDS: Final = 1 << 54
JOKER_BITS: Final = 3 << 52
"""The mask bits of the two jokers."""


def check_joker_points(joker_points: int) -> int:
    """``joker_points`` checked: a whole number, 0 or more.

    >>> check_joker_points(-1)
    Traceback (most recent call last):
    ...
    gin_teach.errors.CardError: joker_points must be a whole number, 0 or more, got -1
    """
    if isinstance(joker_points, bool) or not isinstance(joker_points, int) or joker_points < 0:
        raise CardError(f"joker_points must be a whole number, 0 or more, "
                        f"got {excerpt(joker_points)}")
    return joker_points


def card_points(card: Card | int, joker_points: int = JOKER_POINTS) -> int:
    """What ``card`` counts when it is left out of every meld: an ace 1, two to ten their
    pips, a jack, a queen or a king 10, and a joker ``joker_points`` (:data:`JOKER_POINTS`
    unless a table's rules say otherwise: ``Rules.joker_points``; read, and checked, only for
    a joker). ``card`` is a
    :class:`Card`, or its ``index`` (0..53) as the solver keeps it. The one rule for a card's
    points: :data:`CARD_POINTS` and ``Card.points`` are this function, looked up.

    >>> [card_points(card) for card in parse_cards("AS 7H TD QC JK")]
    [1, 7, 10, 10, 20]
    >>> card_points(Card.joker(), joker_points=25), card_points(12)  # index 12: the K♠
    (25, 10)
    >>> card_points("KS")
    Traceback (most recent call last):
    ...
    gin_teach.errors.CardError: card must be a Card or a card index 0..53, got 'KS'
    """
    if type(card) is int and 0 <= card < 54:
        index = card
    elif isinstance(card, Card):
        index = card.index
    else:
        raise CardError(f"card must be a Card or a card index 0..53, got {excerpt(card)}")
    if index >= 52:
        return check_joker_points(joker_points)
    rank = index % 13 + 1
    return rank if rank < 10 else 10


CARD_POINTS: Final = tuple(card_points(index) for index in range(54))
"""What each card counts in deadwood, by ``Card.index`` (the jokers, 52 and 53, at
:data:`JOKER_POINTS`): :func:`card_points` as a table, for the solver's and the playouts' loops,
which look a card up millions of times. A natural card's index below 13 is a spade, so
``CARD_POINTS[rank]`` is also what a rank (0 for the ace to 12 for the king) counts."""

HandLike = Union[str, Iterable[Union[Card, str]]]  # noqa: UP007 - a runtime alias on 3.10
"""A hand as text (``"7H 8H 9H"``), or as cards (or card texts)."""

_SUIT_ALIASES: Final = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}
_RANK_ALIASES: Final = {label: i + 1 for i, label in enumerate(_RANK_LABELS)} | {"T": 10}
_TOKEN = re.compile(r"^(?:(?P<rank>10|[2-9AJQKT])(?P<suit>[SHDC♠♥♦♣♤♡♢♧])"
                    r"|(?P<suit2>[♠♥♦♣♤♡♢♧])(?P<rank2>10|[2-9AJQKT]))$")
_VARIATION_SELECTORS: Final = str.maketrans(string.ascii_lowercase, string.ascii_uppercase,
                                             "\ufe0e\ufe0f")
"""Drops the emoji variation selectors and upper-cases ASCII letters only: ``str.upper`` would
read the long s ``ſ`` as ``S`` (spades), the dotless ``ı`` as ``I``."""
_JOKER_TOKEN = re.compile(r"^(?:JK|JOKER|🃏)(?P<number>[12]?)$")


def _parse_token(token: str, taken: int = 0) -> Card:
    """One token read as a card; ``taken`` is the mask of cards already read, so that a bare
    ``JK`` reads as the first joker not yet written."""
    bare = token.translate(_VARIATION_SELECTORS)
    joker = _JOKER_TOKEN.match(bare)
    if joker is not None:
        if joker["number"]:
            return _DECK[51 + int(joker["number"])]
        for card in _DECK[52:]:
            if not taken & card.bit:
                return card
        raise CardError(f"{excerpt(token)} would be a third joker: a deck has only two")
    match = _TOKEN.match(bare)
    if match is None:
        raise CardError(_explain_bad_token(token))
    rank = match["rank"] or match["rank2"]
    suit = match["suit"] or match["suit2"]
    return Card(_RANK_ALIASES[rank], _SUIT_ALIASES[suit])


def _explain_bad_token(token: str) -> str:
    shown = excerpt(token)
    bare = token.translate(_VARIATION_SELECTORS)
    suit_chars = [ch for ch in bare if ch in _SUIT_ALIASES]
    if not suit_chars:
        return f"{shown} is not a card: it has no suit (S H D C or ♠ ♥ ♦ ♣)"
    rank_part = bare.replace(suit_chars[0], "", 1)
    if len(suit_chars) == 1 and rank_part not in _RANK_ALIASES:
        return f"{shown} is not a card: ranks are A 2-10 J Q K (or T for ten)"
    return f"{shown} is not a card: write a rank and a suit, like 7H, 10♦ or ♣Q"


def parse_cards(text: str, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Cards from text, in the order written.

    Accepts ``7H``, ``7h``, ``10H``, ``TH``, ``7♥``, ``♥7`` and ``♥️7``, mixed, separated by
    spaces and/or commas; jokers as ``JK1``, ``JK2``, or ``JK``, ``Joker``, ``🃏`` for the next
    joker. Raises :class:`CardError` naming the first bad token, an empty token between commas,
    a card written twice, or a third joker.

    >>> parse_cards("7H, 8h 10♥ ♥️J")
    (Card('7H'), Card('8H'), Card('TH'), Card('JH'))
    >>> parse_cards("7H 🃏 joker")
    (Card('7H'), Card('JK1'), Card('JK2'))
    >>> parse_cards("7H 7♥")
    Traceback (most recent call last):
    ...
    gin_teach.errors.CardError: 7♥ is written twice
    """
    if not isinstance(text, str):
        raise CardError(f"expected text such as '7H 8H 9H', got {excerpt(text)}")
    cards: list[Card] = []
    seen = 0
    pieces = text.split(",")
    for position, piece in enumerate(pieces):
        tokens = piece.split()
        if not tokens and len(pieces) > 1:
            where = "at the start" if position == 0 else (
                "at the end" if position == len(pieces) - 1 else "between two commas")
            raise CardError(f"empty card {where} of {excerpt(text)}")
        for token in tokens:
            card = _parse_token(token, seen)
            if seen & card.bit and not allow_duplicates:
                raise CardError(f"{card.code if card.is_joker else card} is written twice")
            seen |= card.bit
            cards.append(card)
    return tuple(cards)


def to_card(card: object, argument: str = "card") -> Card:
    """One card given as a :class:`Card` or as its text (any form :func:`parse_cards` reads);
    anything else is a :class:`CardError` that names the ``argument``.

    >>> to_card("♥7"), to_card(Card(7, "H"))
    (Card('7H'), Card('7H'))
    >>> to_card(7)
    Traceback (most recent call last):
    ...
    gin_teach.errors.CardError: card must be a card such as 7H, got 7
    """
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    raise CardError(f"{argument} must be a card such as 7H, got {excerpt(card)}")


def to_cards(hand: HandLike, argument: str = "hand") -> tuple[Card, ...]:
    """A hand given as text or as cards (or card texts), checked: cards only, none twice.
    What is not a hand is a :class:`CardError` that names the ``argument``.

    >>> to_cards("AS 2S"), to_cards([Card(1, "S"), "2S"])
    ((Card('AS'), Card('2S')), (Card('AS'), Card('2S')))
    """
    if isinstance(hand, str):
        return parse_cards(hand)
    if isinstance(hand, Card):
        return (hand,)
    try:
        items = tuple(hand)
    except TypeError:
        raise CardError(f"{argument} must be cards or text such as '7H 8H 9H', "
                        f"got {excerpt(hand)}") from None
    cards = []
    mask = 0
    for item in items:
        card = _parse_token(item.strip(), mask) if isinstance(item, str) else item
        if not isinstance(card, Card):
            raise CardError(f"{argument} must hold cards or card texts such as '7H', "
                            f"got {excerpt(item)}")
        if mask & card.bit:
            raise CardError(f"{card.code if card.is_joker else card} is in the {argument} twice")
        mask |= card.bit
        cards.append(card)
    return tuple(cards)


def hand_mask(hand: HandLike) -> int:
    """The mask of a hand (bit ``card.index`` set for each card; bits 52 and 53 the jokers).

    >>> hand_mask("AS 2S") == 0b11
    True
    """
    # The solver calls this on every hand, so well-formed card sequences take a quick loop;
    # anything else is parsed by to_cards, which names what is wrong.
    if isinstance(hand, (tuple, list, frozenset, set)):
        mask = 0
        for card in hand:
            if type(card) is not Card:
                break
            mask |= card.bit
        else:
            if mask.bit_count() == len(hand):
                return mask
    mask = 0
    for card in to_cards(hand):
        mask |= card.bit
    return mask


def bits_of(mask: int) -> list[int]:
    """The single-card masks inside ``mask``, lowest card first: the fast way to walk a hand
    kept as a mask (the players and the analysis do it on every move).

    >>> bits_of(0b1010)
    [2, 8]
    """
    if type(mask) is not int or mask < 0:  # a negative mask has endless bits
        raise CardError(f"a card mask is a whole number from 0 (one bit a card), "
                        f"got {excerpt(mask)}")
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return bits


def cards_from_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, sorted.

    >>> cards_from_mask(0b101)
    (Card('AS'), Card('3S'))
    """
    if type(mask) is not int or not 0 <= mask < _ALL_CARDS:
        raise CardError(f"a card mask is a whole number from 0 to 2**54 - 1 (one bit a card), "
                        f"got {excerpt(mask)}")
    cards = []
    while mask:
        low = mask & -mask
        cards.append(_DECK[low.bit_length() - 1])
        mask ^= low
    return tuple(cards)


def hand_points(hand: HandLike) -> int:
    """The sum of the cards' deadwood values.

    >>> hand_points("AS KD 7C")
    18
    """
    return sum(card.points for card in to_cards(hand))


def full_deck(jokers: int = 0) -> tuple[Card, ...]:
    """All 52 cards, sorted, and then ``jokers`` jokers (0 or 2, as ``Rules.jokers``).

    >>> len(full_deck()), full_deck()[0], full_deck()[-1], len(full_deck(jokers=2))
    (52, Card('AS'), Card('KC'), 54)
    """
    if type(jokers) is not int or jokers not in (0, 2):
        raise CardError(f"a deck has 0 or 2 jokers, got {excerpt(jokers)}")
    return _DECK if jokers else _DECK[:52]


class Deck:
    """A shuffled deck; the same seed always gives the same order.

    >>> deck = Deck(seed=7)
    >>> first, second = deck.deal(2, 10)
    >>> len(first), len(second), len(deck)
    (10, 10, 32)
    >>> Deck(seed=7).cards == Deck(seed=7).cards
    True
    >>> len(Deck(seed=7, jokers=2))
    54
    """

    def __init__(self, seed: int | random.Random | None = None, jokers: int = 0) -> None:
        if not (seed is None or isinstance(seed, random.Random)
                or (isinstance(seed, int) and not isinstance(seed, bool))):
            raise SetupError("seed must be a whole number, a random.Random or None, "
                             f"got {excerpt(seed)}")
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        order = list(full_deck(jokers))
        rng.shuffle(order)
        self._cards = order

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards still in the deck, top first."""
        return tuple(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(tuple(self._cards))

    def draw(self) -> Card:
        """Take the top card.

        >>> deck = Deck(seed=1)
        >>> top = deck.cards[0]
        >>> deck.draw() is top, len(deck)
        (True, 51)
        """
        if not self._cards:
            raise CardError("the deck is empty")
        return self._cards.pop(0)

    def deal(self, players: int, each: int) -> tuple[tuple[Card, ...], ...]:
        """Deal ``each`` cards to ``players`` players, one at a time in turn.

        >>> deck = Deck(seed=1)
        >>> order = deck.cards
        >>> first, second = deck.deal(2, 3)
        >>> first == order[0:6:2] and second == order[1:6:2]
        True
        >>> deck.deal(2, -1)
        Traceback (most recent call last):
        ...
        gin_teach.errors.CardError: each must be a whole number of at least 1, got -1
        """
        for name, value in (("players", players), ("each", each)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise CardError(f"{name} must be a whole number of at least 1, "
                                f"got {excerpt(value)}")
        if players * each > len(self._cards):
            raise CardError(f"cannot deal {each} cards to {players} players from "
                            f"{len(self._cards)} cards")
        dealt = self._cards[: players * each]
        del self._cards[: players * each]
        return tuple(tuple(dealt[p::players]) for p in range(players))


@names_bad_arguments
def cards_text(cards: Iterable[Card]) -> str:
    """Cards as a person reads them, or "none".

    >>> cards_text(parse_cards("AS TD")), cards_text(())
    ('A♠ 10♦', 'none')
    """
    return " ".join(str(card) for card in cards) or "none"
