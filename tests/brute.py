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
