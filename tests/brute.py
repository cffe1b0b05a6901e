"""A deliberately simple, slow solver to check the fast one against: it tries every set of
pairwise disjoint melds, and knows nothing about tables, masks or pruning."""

from __future__ import annotations

from itertools import combinations

from gin_teach import Card


def is_meld(cards: tuple[Card, ...]) -> bool:
    if len(cards) < 3:
        return False
    if len({c.rank for c in cards}) == 1:
        return len(cards) <= 4
    if len({c.suit for c in cards}) != 1:
        return False
    ranks = sorted(c.rank for c in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def all_melds(hand: tuple[Card, ...]) -> list[frozenset[Card]]:
    return [frozenset(combo) for size in range(3, len(hand) + 1)
            for combo in combinations(hand, size) if is_meld(combo)]


def partitions(hand: tuple[Card, ...]) -> list[tuple[list[frozenset[Card]], int]]:
    """Every collection of disjoint melds, with the deadwood it leaves."""
    melds = all_melds(hand)
    found: list[tuple[list[frozenset[Card]], int]] = []

    def extend(start: int, chosen: list[frozenset[Card]], used: frozenset[Card]) -> None:
        dead = sum(c.points for c in hand if c not in used)
        found.append((list(chosen), dead))
        for i in range(start, len(melds)):
            if not melds[i] & used:
                chosen.append(melds[i])
                extend(i + 1, chosen, used | melds[i])
                chosen.pop()

    extend(0, [], frozenset())
    return found


def brute_deadwood(hand: tuple[Card, ...]) -> int:
    return min(dead for _, dead in partitions(hand))


# Jokers wild, by substitution: each joker is left in deadwood or stands for a card the hand does
# not hold (two jokers for two different cards); the plain hand that makes is split every way,
# and a split counts only if every stand-in card is in a meld.

def _could_meld_with(card: Card, naturals: tuple[Card, ...]) -> bool:
    """A stand-in can only be in a meld beside a natural of its rank or of its suit within two
    ranks (three cards of a run span at most two rank steps from any one of them)."""
    return any(c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2)
               for c in naturals)


def joker_partitions(hand: tuple[Card, ...], joker_points: int = 20,
                     ) -> list[tuple[list[tuple[frozenset[Card], frozenset[Card]]], int]]:
    """Every arrangement of a hand with jokers: a list of melds, each (its natural cards, the
    cards its jokers stand for), and the deadwood."""
    from gin_teach import full_deck

    naturals = tuple(c for c in hand if not c.is_joker)
    jokers = len(hand) - len(naturals)
    candidates = [c for c in full_deck() if c not in naturals and _could_meld_with(c, naturals)]
    found = []
    for used in range(jokers + 1):
        for stands in combinations(candidates, used):
            dead_jokers = (jokers - used) * joker_points
            for melds, dead in partitions(naturals + stands):
                melded = frozenset().union(*melds) if melds else frozenset()
                if not set(stands) <= melded:
                    continue
                if any(not meld - set(stands) for meld in melds):
                    continue
                spread = [(meld - set(stands), meld & set(stands)) for meld in melds]
                found.append((spread, dead + dead_jokers))
    return found


def brute_joker_deadwood(hand: tuple[Card, ...], joker_points: int = 20) -> int:
    return min(dead for _, dead in joker_partitions(hand, joker_points))
