"""Seeded example hands and rounds for exercises: the notebooks' widgets deal them, and a
puzzle module can ask for the same ones. The rules engine decides every step, so an example
is always one the rules allow.

>>> import random
>>> hand = deal_close_to_knocking(random.Random(4))
>>> len(hand), best_discards(hand)[0].deadwood <= 20
(11, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from gin_teach.core.cards import Card, Deck
from gin_teach.core.deadwood_discards import best_discards
from gin_teach.core.rules import Rules
from gin_teach.core.scoring import Settlement, settle
from gin_teach.core.validation import check_whole, names_bad_arguments, wrong_argument
from gin_teach.errors import GinError, IllegalMove

__all__ = ["deal_close_to_knocking", "deal_knock"]


@names_bad_arguments
def deal_knock(rng: random.Random, rules: Rules, *, want: Callable[[Settlement], bool],
               tries: int = 20000) -> tuple[tuple[Card, ...], tuple[Card, ...], Settlement]:
    """A seeded example round that ended in a knock: deal 11 cards to the knocker and 10 to the
    defender, let the knocker make the best discard, and keep the deal if the knocker may knock
    and ``want(settlement)`` holds. The rules engine decides every step.

    >>> undercut = lambda settlement: settlement.outcome == "undercut"
    >>> knocker, defender, result = deal_knock(random.Random(1), Rules(), want=undercut)
    >>> len(knocker), len(defender), result.outcome, result.winner
    (10, 10, 'undercut', 'defender')
    """
    if not isinstance(rng, random.Random):  # a seed would deal the same cards every try
        raise wrong_argument("rng", rng, "a random.Random, such as random.Random(1)")
    check_whole(tries, "tries", 0, 100_000)  # each try is a deal settled: seconds for many
    for _ in range(tries):
        knocker11, defender = Deck(rng).deal(2, 11)
        discard = best_discards(knocker11, rules)[0].card
        knocker = knocker11 if discard is None else tuple(c for c in knocker11 if c != discard)
        try:
            settlement = settle(knocker, defender[:10], rules)
        except IllegalMove:
            continue
        if want(settlement):
            return knocker, defender[:10], settlement
    raise GinError(f"no example round for this exercise came up in {tries} deals under "
                   "these rules; try other rules or another seed")


@names_bad_arguments
def deal_close_to_knocking(rng: random.Random, rules: Rules | str | None = None, *,
                           most: int = 20, tries: int = 2000) -> tuple[Card, ...]:
    """A seeded 11-card hand (one after the draw) whose best discard leaves at most ``most``
    deadwood, so deciding whether to knock is worth thinking about; after ``tries`` deals
    without one, the last hand dealt.

    >>> hand = deal_close_to_knocking(random.Random(7), most=12)
    >>> again = deal_close_to_knocking(random.Random(7), most=12)
    >>> best_discards(hand)[0].deadwood <= 12, hand == again
    (True, True)
    """
    rules = Rules.of(rules)
    hand = Deck(rng).deal(1, 11)[0]
    for _ in range(tries):
        if best_discards(hand, rules)[0].deadwood <= most:
            break
        hand = Deck(rng).deal(1, 11)[0]
    return hand
