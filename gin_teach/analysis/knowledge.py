"""What a player knows besides its own hand: the face-up cards and who took them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gin_teach.core.cards import (
    JOKER_BITS,
    NATURAL_BITS,
    Card,
    HandLike,
    cards_from_mask,
    hand_mask,
    parse_cards,
    to_cards,
)
from gin_teach.core.jokers import check_jokers_allowed
from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments
from gin_teach.engine.records import Observation
from gin_teach.errors import CardError, KnowledgeError, excerpt

__all__ = [
    "NO_KNOWLEDGE",
    "STOCK_AFTER_DEAL",
    "Knowledge",
    "mask_of_hand",
    "shown",
]

OPPONENT_HAND: Final = 10
"""The cards the opponent holds at either of your decisions (it has thrown after its draw)."""

STOCK_AFTER_DEAL: Final = 31
"""52 cards less two hands of ten and the first upcard."""


def _neighbours() -> tuple[int, ...]:
    """For each card index: the cards of its rank and the cards next to it in its suit."""
    masks = []
    for i in range(52):
        rank, suit = i % 13, i // 13
        mask = sum(1 << (s * 13 + rank) for s in range(4) if s != suit)
        if rank > 0:
            mask |= 1 << (i - 1)
        if rank < 12:
            mask |= 1 << (i + 1)
        masks.append(mask)
    return tuple(masks)


_NEIGHBOURS: Final = _neighbours()


def mask_of_hand(hand: HandLike | int, rules: Rules | None = None) -> int:
    """A hand given as cards, text or already as a mask (52 bits; 54 with the jokers when
    ``rules`` play jokers wild), as a mask.

    >>> mask_of_hand("AS 2S"), mask_of_hand(3), mask_of_hand("AS JK", Rules.jokers_wild())
    (3, 3, 4503599627370497)
    >>> mask_of_hand("AS 2S JK")
    Traceback (most recent call last):
    ...
    gin_teach.errors.RulesError: JK1 is a joker, and the modern rules play without jokers
    """
    if isinstance(hand, bool):
        raise CardError(f"expected cards, text or a card mask, got {excerpt(hand)}")
    if isinstance(hand, int):
        if not 0 <= hand <= NATURAL_BITS | JOKER_BITS:
            raise CardError(f"a hand mask has 52 bits (54 with jokers), got {excerpt(hand)}")
        mask = hand
    else:
        mask = hand_mask(hand)
    if mask > NATURAL_BITS:
        check_jokers_allowed(mask, Rules.of(rules))
    return mask


def _history(cards: HandLike) -> tuple[Card, ...]:
    """Cards in the order they went by, each checked, repeats allowed."""
    if isinstance(cards, str):
        return parse_cards(cards, allow_duplicates=True)
    if isinstance(cards, Card):
        return (cards,)
    try:
        items = tuple(cards)
    except TypeError:
        raise CardError(f"expected cards or text such as '7H 8H', got {excerpt(cards)}") from None
    found = []
    for item in items:
        card = Card.parse(item) if isinstance(item, str) else item
        if not isinstance(card, Card):
            raise CardError(f"expected cards or text such as '7H', got {excerpt(item)}")
        found.append(card)
    return tuple(found)


def shown(mask: int) -> str:
    """The cards of a mask as a learner reads them.

    >>> shown(hand_mask("KS 2H"))
    'K♠ 2♥'
    """
    return " ".join(str(card) for card in cards_from_mask(mask))


@dataclass(frozen=True, init=False)
class Knowledge:
    """What a player knows besides its own hand: the cards that went face up and who took them.

    - ``discard_pile``: the cards in the pile now, bottom first (dead to you, except the top).
    - ``opponent_took``: every card the opponent took from the pile;
      ``opponent_holds``: those of them it still holds (it has not thrown them back).
    - ``opponent_passed``: face-up cards it declined (the first upcard, discards it left).
    - ``opponent_discarded``: the cards it threw.
    - ``stock_size``: the cards left in the stock (``None``: as after the deal, less the pile).
    - ``just_taken``: the card you took from the pile this turn (you may not throw it back).
    - ``knock_limit``: the round's knock limit (``None``: the rules' one).
    - ``jokers``: the jokers in the deck (0, or 2 at a table that plays them wild).

    Every card list takes what :func:`~gin_teach.parse_cards` takes. Knowledge that contradicts
    itself raises :class:`~gin_teach.errors.CardError` naming the conflict.

    >>> knowledge = Knowledge(discard_pile="5C 9D", opponent_took="8H", opponent_holds="8H",
    ...                       opponent_discarded="5C 9D", stock_size=27)
    >>> knowledge.opponent_holds, knowledge.stock_size
    ((Card('8H'),), 27)
    >>> Knowledge(discard_pile="8H", opponent_took="8H", opponent_holds="8H")
    Traceback (most recent call last):
    ...
    gin_teach.errors.CardError: 8♥ cannot be both in the discard pile and in the opponent's hand
    """

    discard_pile: tuple[Card, ...]
    opponent_holds: tuple[Card, ...]
    opponent_took: tuple[Card, ...]
    opponent_passed: tuple[Card, ...]
    opponent_discarded: tuple[Card, ...]
    stock_size: int | None
    just_taken: Card | None
    knock_limit: int | None
    jokers: int

    def __init__(self, discard_pile: HandLike = (), opponent_holds: HandLike = (),
                 opponent_took: HandLike = (), opponent_passed: HandLike = (),
                 opponent_discarded: HandLike = (), stock_size: int | None = None,
                 just_taken: Card | str | None = None, knock_limit: int | None = None,
                 jokers: int = 0) -> None:
        # The pile and the opponent's hand hold each card once; the three histories may
        # repeat one (a card can be taken, thrown, taken back and thrown again).
        given: tuple[tuple[str, HandLike, bool], ...] = (
            ("discard_pile", discard_pile, False), ("opponent_holds", opponent_holds, False),
            ("opponent_took", opponent_took, True), ("opponent_passed", opponent_passed, True),
            ("opponent_discarded", opponent_discarded, True))
        for name, value, repeats in given:
            try:
                cards = _history(value) if repeats else to_cards(value)
            except CardError as error:
                raise CardError(f"{name}: {error}") from None
            object.__setattr__(self, name, cards)
        if just_taken is not None and not isinstance(just_taken, Card):
            cards = to_cards(just_taken)
            if len(cards) != 1:
                raise CardError(f"just_taken is one card, got {excerpt(just_taken)}")
            just_taken = cards[0]
        object.__setattr__(self, "just_taken", just_taken)
        object.__setattr__(self, "stock_size", stock_size)
        object.__setattr__(self, "knock_limit", knock_limit)
        object.__setattr__(self, "jokers", jokers)
        self._check()

    def _check(self) -> None:
        pile, holds = hand_mask(self.discard_pile), hand_mask(self.opponent_holds)
        if pile & holds:
            raise CardError(f"{shown(pile & holds)} cannot be both in the discard pile and in "
                            "the opponent's hand")
        took = 0
        for card in self.opponent_took:
            took |= card.bit
        not_taken = holds & ~took
        if not_taken:
            raise CardError(f"the opponent holds {shown(not_taken)} from the pile, but "
                            "opponent_took does not list it")
        if len(self.opponent_holds) > 11:
            raise CardError(f"the opponent cannot hold {len(self.opponent_holds)} cards")
        if self.just_taken is not None and self.just_taken.bit & (pile | holds):
            raise CardError(f"you just took {self.just_taken}, so it cannot be in the pile or "
                            "the opponent's hand")
        for name in ("stock_size", "knock_limit"):
            number = getattr(self, name)
            if number is not None and (isinstance(number, bool) or not isinstance(number, int)
                                       or number < 0):
                raise CardError(f"{name} must be a whole number of at least 0, got "
                                f"{excerpt(number)}")
        if type(self.jokers) is not int or self.jokers not in (0, 2):
            raise CardError(f"a deck has 0 or 2 jokers, got {excerpt(self.jokers)}")
        if not self.jokers:
            seen = (self.discard_pile + self.opponent_holds + self.opponent_took
                    + self.opponent_passed + self.opponent_discarded + (self.just_taken,))
            joker = next((card for card in seen if card is not None and card.is_joker), None)
            if joker is not None:
                raise CardError(f"{joker.code} is a joker, and this knowledge is of a deck "
                                "without jokers (give jokers=2)")
        if self.stock_size is not None and (type(self.stock_size) is not int
                                            or not 0 <= self.stock_size <= 54):
            raise CardError(f"stock_size must be a whole number from 0 to 54 or None, "
                            f"got {excerpt(self.stock_size)}")
        if self.stock_size is not None and (self.stock_size + len(self.discard_pile)
                                            > 32 + self.jokers):
            raise KnowledgeError(f"a stock of {self.stock_size} and a pile of "
                                 f"{len(self.discard_pile)} are more cards than two hands "
                                 "leave")

    @classmethod
    @names_bad_arguments
    def from_observation(cls, observation: Observation) -> Knowledge:
        """What a player's observation of a round tells it.

        >>> from gin_teach import Round
        >>> rnd = Round(seed=3)
        >>> knowledge = Knowledge.from_observation(rnd.observation(0))
        >>> knowledge.discard_pile == rnd.discard_pile, knowledge.stock_size
        (True, 31)
        """
        return cls(observation.discard_pile, observation.opponent_known,
                   observation.opponent_took, observation.opponent_passed,
                   observation.opponent_discarded,
                   observation.stock_size, observation.just_taken, observation.knock_limit,
                   observation.rules.jokers)

    def check_hand(self, hand: int, hand_size: int, jokers: int = 0,
                   opponent_size: int = OPPONENT_HAND) -> None:
        """Raise :class:`CardError` if the hand (a mask) contradicts this knowledge (the deck
        holds 52 cards and ``jokers`` jokers).

        >>> Knowledge(discard_pile="KS").check_hand(hand_mask("KS 2H"), 2)
        Traceback (most recent call last):
        ...
        gin_teach.errors.CardError: K♠ cannot be both in your hand and in the discard pile
        """
        for name, cards in (("the discard pile", self.discard_pile),
                            ("the opponent's hand", self.opponent_holds)):
            both = hand & hand_mask(cards)
            if both:
                raise CardError(f"{shown(both)} cannot be both in your hand and in {name}")
        if self.just_taken is not None and not hand & self.just_taken.bit:
            raise CardError(f"you just took {self.just_taken}, but it is not in your hand")
        deck = 52 + jokers
        if not jokers and any(c.is_joker for c in (*self.discard_pile, *self.opponent_holds)):
            raise KnowledgeError("a joker is named, but this table plays without jokers")
        if len(self.opponent_holds) > opponent_size:
            raise KnowledgeError(f"the opponent holds {opponent_size} cards, so it cannot be "
                                 f"known to hold {len(self.opponent_holds)}")
        if hand_size == 10 and self.just_taken is not None:
            raise KnowledgeError(f"you just took {self.just_taken}, but a hand of 10 cards "
                                 "has not drawn yet: a card just taken is in an 11-card hand")
        if self.stock_size is None:
            return
        total = self.stock_size + len(self.discard_pile) + hand_size + opponent_size
        # Fewer cards than the deck is a pile not wholly tracked: the cards not named are
        # among the unseen, and the playouts' stock holds stock_size of them (the rest are
        # dead). More than the deck cannot happen.
        if total > deck:
            fits = deck - hand_size - opponent_size - len(self.discard_pile)
            raise KnowledgeError(
                f"your {hand_size} cards, the opponent's {opponent_size}, a pile of "
                f"{len(self.discard_pile)} and a stock of {self.stock_size} make {total} "
                f"cards, more than the deck's {deck}: "
                + (f"with a pile of {len(self.discard_pile)} the stock holds at most {fits}"
                   if fits >= 0 else "the pile is too long for this hand"))

    def unseen_mask(self, hand: int, jokers: int = 0) -> int:
        """The cards you have not seen: in the stock or hidden in the opponent's hand (the
        jokers too, when the deck holds ``jokers``, 2, of them).

        >>> len(cards_from_mask(Knowledge(discard_pile="KS").unseen_mask(hand_mask("2H 3H"))))
        49
        >>> shown(Knowledge(discard_pile="JK", jokers=2).unseen_mask(NATURAL_BITS, jokers=2))
        '🃏'
        """
        seen = hand | hand_mask(self.discard_pile) | hand_mask(self.opponent_holds)
        deck = NATURAL_BITS | JOKER_BITS if jokers else NATURAL_BITS
        return deck & ~seen

    def shunned_mask(self) -> int:
        """The cards the opponent probably lacks: those of the rank of, or next in suit to, a
        card it threw or declined (players rarely let go of a card next to what they collect).
        A joker thrown or declined has no rank or suit, and says nothing of the kind.

        >>> shown(Knowledge(opponent_discarded="9C").shunned_mask())
        '9♠ 9♥ 9♦ 8♣ 10♣'
        >>> shown(Knowledge(opponent_discarded="9C JK", jokers=2).shunned_mask())
        '9♠ 9♥ 9♦ 8♣ 10♣'
        """
        mask = 0
        for card in self.opponent_discarded + self.opponent_passed:
            if not card.is_joker:
                mask |= _NEIGHBOURS[card.index]
        return mask

    def stock(self, hand_size: int = 11, jokers: int = 0) -> int:
        """The stock's size, given or as after the deal less the pile (from a deck of 52 cards
        and ``jokers`` jokers).

        >>> Knowledge(discard_pile="KS 2D 5C").stock(), Knowledge(stock_size=9).stock()
        (28, 9)
        """
        if self.stock_size is not None:
            return self.stock_size
        return max(0, 52 + jokers - hand_size - 10 - len(self.discard_pile))


NO_KNOWLEDGE: Final = Knowledge()
"""Knowing nothing: the start of a hand, no pile."""
