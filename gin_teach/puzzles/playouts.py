"""Monte-Carlo playouts that put a value in points on each discard of a puzzle position.

For a position (your 11 cards after the draw and what you know), each sample deals the
opponent's hidden cards and the stock from the unseen cards (the cards it took from the pile
and still holds are always in its hand), then plays the rest of the hand out once for every
candidate choice with the same deal (common random numbers: the candidates are compared on
identical futures, so a small sample separates them). A choice's value is your mean points in
the hand: positive when you win it, negative when the opponent does, 0 for a dead hand.

Both sides play fast mask-based policies, so thousands of playouts take seconds:

- the discard leaves the least deadwood (the highest card among equals: shed points);
- :data:`EAGER` takes the upcard only when it joins a meld and knocks as soon as it may
  (the research baseline's habits); :data:`PATIENT` also takes a card that lowers its count,
  and late in the stock knocks only with a low count (the knock-timing rule measured best in
  the strategy notes).

You always play :data:`PATIENT`; the opponent is played by each model in turn, and a puzzle
is kept only when both agree (see :mod:`gin_teach.puzzles.verify`).

>>> from gin_teach.analysis import Knowledge
>>> values = choice_values("7S 7H 7D 9C TC JC 3H 4H 5H 6H KS", Knowledge(stock_size=20),
...                        samples=20, seed=1)
>>> best = max(values[EAGER.name], key=values[EAGER.name].get)
>>> best.card.code, best.knock  # the king goes, and the rest is gin
('KS', True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from gin_teach.analysis import Knowledge
from gin_teach.cards import JOKER_POINTS, Card, HandLike, cards_from_mask, hand_mask
from gin_teach.errors import CardError
from gin_teach.melds import best_discard_of_mask, deadwood_of_mask
from gin_teach.rules import Rules
from gin_teach.scoring import settle

__all__ = ["EAGER", "PATIENT", "Choice", "KnockPolicy", "choice_values", "playout_samples"]

# The jokers at the default points only break ties here; every solve gets the rules' points.
_POINTS: Final = tuple(min(i % 13 + 1, 10) for i in range(52)) + (JOKER_POINTS, JOKER_POINTS)
_DECK: Final = tuple(Card.from_index(i) for i in range(54))


@dataclass(frozen=True, order=True)
class Choice:
    """One answer to a puzzle: discard ``card``, and knock (``knock=True``) or play on.

    >>> Choice(Card.parse("KS"), True)
    Choice(card=Card('KS'), knock=True)
    """

    card: Card
    knock: bool


@dataclass(frozen=True)
class KnockPolicy:
    """How a playout side plays: ``takes_to_lower`` (take an upcard that lowers the count, not
    only one that joins a meld), and knocking: at most ``early_limit`` while the stock holds at
    least ``late_stock`` cards, then at most ``late_limit`` (both capped by the knock limit).

    >>> EAGER.knocks(9, stock=5, limit=10), PATIENT.knocks(9, stock=5, limit=10)
    (True, False)
    """

    name: str
    takes_to_lower: bool
    early_limit: int
    late_limit: int
    late_stock: int

    def knocks(self, deadwood: int, stock: int, limit: int) -> bool:
        """Whether this side knocks with ``deadwood`` after its discard.

        >>> PATIENT.knocks(0, stock=3, limit=10)
        True
        """
        own = self.early_limit if stock >= self.late_stock else self.late_limit
        return deadwood == 0 or deadwood <= min(limit, own)


EAGER: Final = KnockPolicy("eager", takes_to_lower=False, early_limit=10, late_limit=10,
                           late_stock=0)
PATIENT: Final = KnockPolicy("patient", takes_to_lower=True, early_limit=10, late_limit=3,
                             late_stock=19)


def _takes(policy: KnockPolicy, hand: int, card: int, joker_points: int) -> bool:
    before = deadwood_of_mask(hand, joker_points)
    with_card = deadwood_of_mask(hand | 1 << card, joker_points)
    if with_card < before + (_POINTS[card] if card < 52 else joker_points):
        return True  # the card joins a meld
    if policy.takes_to_lower:
        value, _ = _best_discard(hand | 1 << card, card, joker_points)
        return value < before
    return False


def _best_discard(hand: int, forbidden: int | None, joker_points: int) -> tuple[int, int]:
    """(deadwood left, card index) of the best discard, never ``forbidden``; the highest card
    among equals."""
    value, bits = best_discard_of_mask(hand, joker_points)
    if forbidden is not None:
        bits &= ~(1 << forbidden)
    if not bits:
        value, bits = 10**9, 0
        rest = hand & ~(1 << forbidden) if forbidden is not None else hand
        while rest:
            low = rest & -rest
            rest ^= low
            after = deadwood_of_mask(hand ^ low, joker_points)
            if after < value:
                value, bits = after, low
            elif after == value:
                bits |= low
    best = max((i for i in range(54) if bits >> i & 1), key=lambda i: (_POINTS[i], i))
    return value, best


def _settled(knocker: int, defender: int, rules: Rules, limit: int) -> int:
    result = settle(cards_from_mask(knocker), cards_from_mask(defender), rules,
                    knock_limit=limit)
    if result.winner == "knocker":
        return result.points
    if result.winner == "defender":
        return -result.points
    return 0


def _play_out(mine: int, theirs: int, top: int, stock: list[int], opponent: KnockPolicy,
              rules: Rules, limit: int) -> int:
    """Your points in the hand after your discard ``top``, the opponent to play."""
    hands = [mine, theirs]
    policies = (PATIENT, opponent)
    player = 1
    while True:
        hand, policy = hands[player], policies[player]
        taken: int | None = None
        if _takes(policy, hand, top, rules.joker_points):
            taken = top
            hand |= 1 << top
        else:
            if len(stock) <= rules.dead_hand_stock:
                return 0
            hand |= 1 << stock.pop()
        value, card = _best_discard(hand, taken, rules.joker_points)
        hand ^= 1 << card
        hands[player] = hand
        if value <= limit and policy.knocks(value, len(stock), limit):
            points = _settled(hand, hands[1 - player], rules, limit)
            return points if player == 0 else -points
        top = card
        player = 1 - player


def playout_samples(hand11: HandLike, knowledge: Knowledge, rng: random.Random,
                    jokers: int = 0) -> tuple[int, list[int]]:
    """One deal of the unknown cards: the opponent's 10 cards (a mask, including the cards it
    is known to hold) and the stock (card indices, drawn from the end), from a deck with
    ``jokers`` jokers.

    >>> from gin_teach.analysis import Knowledge
    >>> theirs, stock = playout_samples("7S 7H 7D 9C TC JC 3H 4H 5H 2D KS",
    ...                                 Knowledge(stock_size=20), random.Random(1))
    >>> theirs.bit_count(), len(stock)
    (10, 20)
    """
    hand = hand_mask(hand11)
    holds = hand_mask(knowledge.opponent_holds)
    unseen_mask = knowledge.unseen_mask(hand, jokers)
    unseen = [i for i in range(54) if unseen_mask >> i & 1]
    missing = 10 - len(knowledge.opponent_holds)
    stock_size = knowledge.stock(11, jokers)
    if missing < 0 or missing + stock_size > len(unseen):
        raise CardError(f"the opponent's {10 - missing} known cards and a stock of {stock_size} "
                        f"do not fit the {len(unseen)} unseen cards")
    rng.shuffle(unseen)
    theirs = holds
    for index in unseen[:missing]:
        theirs |= 1 << index
    return theirs, unseen[missing:missing + stock_size]


def choice_values(hand11: HandLike, knowledge: Knowledge, *, samples: int, seed: int,
                  rules: Rules | None = None, choices: list[Choice] | None = None,
                  models: tuple[KnockPolicy, ...] = (EAGER, PATIENT),
                  ) -> dict[str, dict[Choice, float]]:
    """Mean points of each choice (default: every legal discard, with and without a knock
    where the count allows it) against each opponent model, by model name; the same
    ``samples`` deals for every choice and model.

    >>> values = choice_values("7S 7H 7D 9C TC JC 3H 4H 5H 2D KS", Knowledge(stock_size=20),
    ...                        samples=8, seed=2)
    >>> sorted(values), len(values["eager"]) == len(values["patient"])
    (['eager', 'patient'], True)
    """
    return {name: {choice: sum(points) / len(points) for choice, points in per_choice.items()}
            for name, per_choice in choice_points(hand11, knowledge, samples=samples, seed=seed,
                                                  rules=rules, choices=choices,
                                                  models=models).items()}


def legal_choices(hand11: HandLike, knowledge: Knowledge,
                  rules: Rules | None = None) -> list[Choice]:
    """Every legal answer: each discard (not the card just taken), with a knock where the count
    it leaves allows one.

    >>> [f"{c.card.code}{'+knock' if c.knock else ''}" for c in
    ...  legal_choices("7S 7H 7D 9C TC JC 3H 4H 5H 2D KS", Knowledge())][:4]
    ['TC', 'JC', 'KS', 'KS+knock']
    """
    rules = rules or Rules.modern()
    hand = hand_mask(hand11)
    limit = knock_limit(knowledge, rules)
    found = []
    for index in range(54):
        if not hand >> index & 1 or (knowledge.just_taken and knowledge.just_taken.index == index):
            continue
        card = _DECK[index]
        found.append(Choice(card, False))
        if deadwood_of_mask(hand ^ 1 << index, rules.joker_points) <= limit:
            found.append(Choice(card, True))
    return sorted(found, key=lambda c: (-c.card.points, c.card.suit, c.knock))


def knock_limit(knowledge: Knowledge, rules: Rules) -> int:
    """The round's knock limit: the knowledge's, else the rules' (0 under straight gin).

    >>> knock_limit(Knowledge(knock_limit=7), Rules.modern()), knock_limit(Knowledge(), Rules())
    (7, 10)
    """
    if knowledge.knock_limit is not None:
        return knowledge.knock_limit
    return 0 if rules.straight_gin else rules.knock_limit


def choice_points(hand11: HandLike, knowledge: Knowledge, *, samples: int, seed: int,
                  rules: Rules | None = None, choices: list[Choice] | None = None,
                  models: tuple[KnockPolicy, ...] = (EAGER, PATIENT),
                  ) -> dict[str, dict[Choice, list[int]]]:
    """Your points in each sampled hand, per model and choice (the lists line up: sample ``i``
    is the same deal for every choice), for paired comparisons.

    >>> points = choice_points("7S 7H 7D 9C TC JC 3H 4H 5H 2D KS", Knowledge(stock_size=20),
    ...                        samples=4, seed=2, models=(EAGER,))
    >>> len(next(iter(points["eager"].values())))
    4
    """
    rules = rules or Rules.modern()
    hand = hand_mask(hand11)
    limit = knock_limit(knowledge, rules)
    choices = choices if choices is not None else legal_choices(hand11, knowledge, rules)
    rng = random.Random(seed)
    deals = [playout_samples(hand11, knowledge, rng, rules.jokers) for _ in range(samples)]
    result: dict[str, dict[Choice, list[int]]] = {}
    for model in models:
        per_choice: dict[Choice, list[int]] = {}
        for choice in choices:
            kept = hand & ~choice.card.bit
            points = []
            for theirs, stock in deals:
                if choice.knock:
                    points.append(_settled(kept, theirs, rules, limit))
                else:
                    points.append(_play_out(kept, theirs, choice.card.index, list(stock),
                                            model, rules, limit))
            per_choice[choice] = points
        result[model.name] = per_choice
    return result
