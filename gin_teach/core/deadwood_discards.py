"""Discard advice: every discard from a hand with the deadwood it leaves, and the best ones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gin_teach.core.cards import NATURAL_BITS, Card, HandLike, cards_from_mask, hand_mask
from gin_teach.core.jokers import check_jokers_allowed
from gin_teach.core.kernel import best_discard_of_mask, deadwood_of_mask, may_knock
from gin_teach.core.rules import Rules
from gin_teach.core.solver import triple_rank_count
from gin_teach.errors import CardError

__all__ = ["DiscardOption", "Ending", "best_discards", "discard_options"]

Ending = Literal["gin", "knock", "big_gin"]


@dataclass(frozen=True)
class DiscardOption:
    """One way to finish a turn: discard ``card`` (``None`` for big gin, which discards
    nothing) and be left with ``deadwood``; ``ends`` says whether that may end the round.

    >>> best_discards("4S 5S 6S 2C QH JH TH 7C 7D 7H KD")[0]
    DiscardOption(card=Card('KD'), deadwood=2, ends='knock')
    """

    card: Card | None
    deadwood: int
    ends: Ending | None

    def __str__(self) -> str:
        action = "big gin: spread all 11" if self.card is None else f"discard {self.card}"
        ending = f", {self.ends.replace('_', ' ')}" if self.ends else ""
        return f"{action} -> deadwood {self.deadwood}{ending}"


def _ends(value: int, knock_limit: int) -> Ending | None:
    if value == 0:
        return "gin"
    return "knock" if may_knock(value, knock_limit) else None


def _big_gin_option(mask: int, rules: Rules) -> DiscardOption | None:
    if (rules.big_gin_bonus is not None and mask.bit_count() == 11
            and deadwood_of_mask(mask, rules.joker_points) == 0):
        return DiscardOption(None, 0, "big_gin")
    return None


def _checked_nonempty(hand: HandLike, rules: Rules) -> int:
    mask = hand_mask(hand)
    if not mask:
        raise CardError("a discard needs at least one card in the hand")
    if mask > NATURAL_BITS:
        check_jokers_allowed(mask, rules)
    return mask


def discard_options(hand: HandLike, rules: Rules | None = None, *,
                    knock_limit: int | None = None) -> tuple[DiscardOption, ...]:
    """Every discard from a hand (normally 11 cards after the draw), least deadwood first;
    among equals the higher card first. Big gin comes first when the rules allow it.

    ``knock_limit`` overrides the rules' limit (an Oklahoma round's limit, say).

    >>> for option in discard_options("4S 5S 6S 2C QH JH TH 7C 7D 7H KD")[:3]:
    ...     print(option)
    discard K♦ -> deadwood 2, knock
    discard 2♣ -> deadwood 10, knock
    discard 6♠ -> deadwood 21
    """
    rules = Rules.of(rules)
    limit = rules.resolve_knock_limit(knock_limit)
    mask = _checked_nonempty(hand, rules)
    options = []
    rest = mask
    while rest:
        low = rest & -rest
        rest ^= low
        value = deadwood_of_mask(mask ^ low, rules.joker_points)
        card = Card.from_index(low.bit_length() - 1)
        options.append(DiscardOption(card, value, _ends(value, limit)))
    options.sort(key=lambda o: (o.deadwood, -_card_order(o.card)))
    big_gin = _big_gin_option(mask, rules)
    return ((big_gin,) if big_gin else ()) + tuple(options)


def _card_order(card: Card | None) -> int:
    return -1 if card is None else card.points * 64 + card.index


def best_discards(hand: HandLike, rules: Rules | None = None, *,
                  knock_limit: int | None = None) -> tuple[DiscardOption, ...]:
    """The discards that leave the least deadwood (one search for the whole hand), higher
    cards first. Big gin, when the rules allow it and the hand has it, is the only answer.

    >>> [str(o.card) for o in best_discards("7S 7H 7D 8H 9H 2C 3C 4C 5C KD QD")]
    ['K♦', 'Q♦']
    """
    rules = Rules.of(rules)
    mask = _checked_nonempty(hand, rules)
    big_gin = _big_gin_option(mask, rules)
    if big_gin:
        return (big_gin,)
    if triple_rank_count(mask) > 4:
        options = discard_options(hand, rules, knock_limit=knock_limit)
        return tuple(o for o in options if o.deadwood == options[0].deadwood)
    value, bits = best_discard_of_mask(mask, rules.joker_points)
    ends = _ends(value, rules.resolve_knock_limit(knock_limit))
    cards = cards_from_mask(bits)
    return tuple(DiscardOption(card, value, ends)
                 for card in sorted(cards, key=_card_order, reverse=True))
