"""What a player knows, and every discard ranked with its outs, danger and the reason why.

The analysis answers "what should I discard?" the way a strong player reasons, with numbers a
learner can check. For every legal discard it computes:

- ``deadwood``: the least deadwood left after the discard (what you would count if the round
  ended now); ``knock`` and ``gin`` say whether you may knock or go gin with it.
- ``outs``: the unseen cards that would join a meld and lower the deadwood if you drew them
  next (a card that would only replace a higher loose card is not an out).
- ``expected_deadwood``: the exact mean, over every unseen card, of the least deadwood after
  drawing that card and throwing the worst card again. It weighs the count now and the shape
  (pairs, runs in the making) in one number.
- ``danger``: how likely the card completes a meld for the opponent (see below).

**How discards are ranked** (best first):

1. Gin first, then the discards that let you knock, lower deadwood first: when you can knock,
   the count you would knock with decides.

   >>> [a.card.code for a in analyze_discards("7S 7H 7D 9C TC JC 3H 4H 5H 2D KS")][:2]
   ['KS', '2D']

2. Otherwise the lowest *score*: ``expected_deadwood + danger_weight * danger``. Shape can
   beat the count now: here throwing 8♦ would leave one point less, but 8♦ pairs with 8♥
   next to the 9-10-J of hearts, while 7♣ only has a gap to 4♣:

   >>> first, second = analyze_discards("AS 6S AH 4H 8H 9H TH JH 8D 4C 7C")[:2]
   >>> print(first.why)  # doctest: +NORMALIZE_WHITESPACE
   Discard 7♣: throwing 8♦ leaves less now (23 against 24), but keeping 8♦ shapes the hand
   better: 8 outs against 6, expected deadwood after the next draw 20.1 against 20.3.

3. The danger weight grows as the stock runs down, from ``DANGER_WEIGHT_EARLY`` to
   ``DANGER_WEIGHT_LATE`` deadwood points per unit of danger: early you build your hand, late
   you stop feeding the opponent's melds.

   >>> danger_weight(Knowledge(stock_size=31)), danger_weight(Knowledge(stock_size=2))
   (2.0, 8.0)

4. Equal scores: lower deadwood, then more outs, then the higher card (shed points first).
   Discards that play exactly alike (same deadwood, outs count, expected deadwood and danger)
   are grouped: each names the others in ``same_as``.

**Danger** of discarding ``x``: for each three-card meld the opponent could make with ``x``,
the chance it holds the other two cards, each 1 when it took that card from the pile and still
holds it, 0 when the card is in your hand or dead in the pile, and otherwise its share of the
unseen cards (its unknown cards over the unseen ones), halved when the card has the rank of, or
sits next in its suit to, a card the opponent discarded or passed (players rarely throw or
decline a card next to what they collect). The melds combine as independent chances:
``danger = 1 - prod(1 - chance of each meld)``.

>>> knowledge = Knowledge(discard_pile="2C", opponent_took="8H", opponent_holds="8H",
...                       stock_size=28)
>>> analyses = {a.card.code: a for a in analyze_discards("9H KS QD 3C", knowledge,
...             hand_size=4)}
>>> analyses["9H"].danger > analyses["KS"].danger
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from gin_teach.cards import Card, HandLike, cards_from_mask, hand_mask, to_cards
from gin_teach.errors import CardError
from gin_teach.melds import MELDS_WITH_CARD, best_discard_of_mask, deadwood_of_mask
from gin_teach.round import Observation
from gin_teach.rules import Rules

__all__ = [
    "DANGER_WEIGHT_EARLY",
    "DANGER_WEIGHT_LATE",
    "DiscardAnalysis",
    "Knowledge",
    "analyze_discards",
    "danger_weight",
]

FULL_DECK_MASK: Final = (1 << 52) - 1
STOCK_AFTER_DEAL: Final = 31
"""52 cards less two hands of ten and the first upcard."""
DANGER_WEIGHT_EARLY: Final = 2.0
"""Deadwood points one unit of danger costs at the start of a hand."""
DANGER_WEIGHT_LATE: Final = 8.0
"""... and when the stock is down to the dead-hand level."""
_POINTS: Final = tuple(min(i % 13 + 1, 10) for i in range(52))
_DECK: Final = tuple(Card.from_index(i) for i in range(52))


def _partner_pairs() -> tuple[tuple[int, ...], ...]:
    """For each card index, the masks of the two other cards of every three-card meld with it."""
    return tuple(tuple(meld ^ (1 << i) for meld, _ in MELDS_WITH_CARD[i] if meld.bit_count() == 3)
                 for i in range(52))


_PARTNERS: Final = _partner_pairs()


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


def _mask_of(cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def _shown(mask: int) -> str:
    return " ".join(str(card) for card in cards_from_mask(mask))


# --------------------------------------------------------------------------- knowledge


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

    def __init__(self, discard_pile: HandLike = (), opponent_holds: HandLike = (),
                 opponent_took: HandLike = (), opponent_passed: HandLike = (),
                 opponent_discarded: HandLike = (), stock_size: int | None = None,
                 just_taken: Card | str | None = None, knock_limit: int | None = None) -> None:
        given: tuple[tuple[str, HandLike], ...] = (
            ("discard_pile", discard_pile), ("opponent_holds", opponent_holds),
            ("opponent_took", opponent_took), ("opponent_passed", opponent_passed),
            ("opponent_discarded", opponent_discarded))
        for name, value in given:
            try:
                cards = to_cards(value)
            except CardError as error:
                raise CardError(f"{name}: {error}") from None
            object.__setattr__(self, name, cards)
        if just_taken is not None and not isinstance(just_taken, Card):
            cards = to_cards(just_taken)
            if len(cards) != 1:
                raise CardError(f"just_taken is one card, got {str(just_taken)[:40]!r}")
            just_taken = cards[0]
        object.__setattr__(self, "just_taken", just_taken)
        object.__setattr__(self, "stock_size", stock_size)
        object.__setattr__(self, "knock_limit", knock_limit)
        self._check()

    def _check(self) -> None:
        pile, holds = _mask_of(self.discard_pile), _mask_of(self.opponent_holds)
        if pile & holds:
            raise CardError(f"{_shown(pile & holds)} cannot be both in the discard pile and in "
                            "the opponent's hand")
        not_taken = holds & ~_mask_of(self.opponent_took)
        if not_taken:
            raise CardError(f"the opponent holds {_shown(not_taken)} from the pile, but "
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
                raise CardError(f"{name} must be a whole number of at least 0, got {number!r}")
        if self.stock_size is not None and self.stock_size + len(self.discard_pile) > 32:
            raise CardError(f"a stock of {self.stock_size} and a pile of "
                            f"{len(self.discard_pile)} are more cards than two hands leave")

    @classmethod
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
                   observation.stock_size, observation.just_taken, observation.knock_limit)

    def check_hand(self, hand: int, hand_size: int) -> None:
        """Raise :class:`CardError` if the hand (a mask) contradicts this knowledge.

        >>> Knowledge(discard_pile="KS").check_hand(hand_mask("KS 2H"), 2)
        Traceback (most recent call last):
        ...
        gin_teach.errors.CardError: K♠ cannot be both in your hand and in the discard pile
        """
        for name, cards in (("the discard pile", self.discard_pile),
                            ("the opponent's hand", self.opponent_holds)):
            both = hand & _mask_of(cards)
            if both:
                raise CardError(f"{_shown(both)} cannot be both in your hand and in {name}")
        if self.just_taken is not None and not hand & self.just_taken.bit:
            raise CardError(f"you just took {self.just_taken}, but it is not in your hand")
        if self.stock_size is not None:
            total = self.stock_size + len(self.discard_pile) + hand_size + 10
            if total > 52:
                raise CardError(f"a stock of {self.stock_size}, a pile of "
                                f"{len(self.discard_pile)} and two hands make {total} cards, "
                                "more than 52")

    def unseen_mask(self, hand: int) -> int:
        """The cards you have not seen: in the stock or hidden in the opponent's hand.

        >>> len(cards_from_mask(Knowledge(discard_pile="KS").unseen_mask(hand_mask("2H 3H"))))
        49
        """
        seen = hand | _mask_of(self.discard_pile) | _mask_of(self.opponent_holds)
        return FULL_DECK_MASK & ~seen

    def stock(self, hand_size: int = 11) -> int:
        """The stock's size, given or as after the deal less the pile.

        >>> Knowledge(discard_pile="KS 2D 5C").stock(), Knowledge(stock_size=9).stock()
        (28, 9)
        """
        if self.stock_size is not None:
            return self.stock_size
        return max(0, 52 - hand_size - 10 - len(self.discard_pile))


_NO_KNOWLEDGE: Final = Knowledge()


def danger_weight(knowledge: Knowledge | None = None, rules: Rules | None = None) -> float:
    """Deadwood points per unit of danger in the ranking: grows from ``DANGER_WEIGHT_EARLY``
    with a full stock to ``DANGER_WEIGHT_LATE`` when the stock reaches the dead-hand level.

    >>> round(danger_weight(Knowledge(stock_size=16)), 2)
    5.1
    """
    rules = rules or Rules.modern()
    stock = (knowledge or _NO_KNOWLEDGE).stock()
    span = STOCK_AFTER_DEAL - rules.dead_hand_stock
    progress = min(1.0, max(0.0, (STOCK_AFTER_DEAL - stock) / span)) if span > 0 else 1.0
    return DANGER_WEIGHT_EARLY + (DANGER_WEIGHT_LATE - DANGER_WEIGHT_EARLY) * progress


# --------------------------------------------------------------------------- discards


@dataclass(frozen=True)
class DiscardAnalysis:
    """One legal discard, measured (see the module for what each number means).

    >>> best = analyze_discards("7S 7H 7D 9C TC JC 3H 4H 5H 2D KS")[0]
    >>> best.card, best.deadwood, best.knock, best.gin
    (Card('KS'), 2, True, False)
    >>> print(best.why)
    Discard K♠: both let you knock, but it leaves 2 and 2♦ leaves 10.
    """

    card: Card
    deadwood: int
    knock: bool
    gin: bool
    outs: tuple[Card, ...]
    expected_deadwood: float
    danger: float
    score: float
    """The ranking value: ``expected_deadwood + danger_weight * danger`` (lower is better)."""
    same_as: tuple[Card, ...] = ()
    """The other discards that play exactly alike (equally right)."""
    why: str = field(default="", compare=False)

    def __str__(self) -> str:
        ending = ", gin" if self.gin else ", knock" if self.knock else ""
        return (f"discard {self.card}: deadwood {self.deadwood}{ending}, {len(self.outs)} outs, "
                f"expected {self.expected_deadwood:.2f}, danger {self.danger:.2f}")


@dataclass(frozen=True)
class _Offence:
    """The knowledge-free part of one discard: what the hand keeps."""

    index: int
    deadwood: int
    outs: int
    total_after_draw: int  # sum over the unseen cards: exact, so equal shapes compare equal


@lru_cache(maxsize=512)
def _offence(hand: int, unseen: int, legal: int) -> tuple[_Offence, ...]:
    """For each legal discard: deadwood, outs and the summed best deadwood after each draw.

    A drawn card that cannot meld with the ten kept cards stays loose, so its result is known
    without a search: keep the ten (throw it back) or keep it and throw the best other card.
    """
    unseen_cards = []
    rest = unseen
    while rest:
        low = rest & -rest
        rest ^= low
        index = low.bit_length() - 1
        unseen_cards.append((index, low, _PARTNERS[index], _POINTS[index]))
    results = []
    rest = legal
    while rest:
        low = rest & -rest
        rest ^= low
        kept = hand ^ low
        now = deadwood_of_mask(kept)
        after_best_throw = best_discard_of_mask(kept)[0]
        outs = 0
        total = 0
        for _, bit, partners, points in unseen_cards:
            loose = after_best_throw + points
            for pair in partners:
                if pair & kept == pair:
                    value = best_discard_of_mask(kept | bit)[0]
                    if value < now and value < loose:
                        outs |= bit
                    break
            else:
                value = now if now < loose else loose
            total += value
        results.append(_Offence(low.bit_length() - 1, now, outs, total))
    return tuple(results)


def _danger(index: int, kept: int, knowledge: Knowledge, unseen_count: int,
            dead: int, holds: int, shy: int) -> float:
    """The chance that the card ``index`` completes a three-card meld for the opponent."""
    unknown = max(0, 10 - len(knowledge.opponent_holds))
    unknown_share = unknown / unseen_count if unseen_count else 0.0
    miss = 1.0
    for pair in _PARTNERS[index]:
        chance = 1.0
        rest = pair
        while rest:
            low = rest & -rest
            rest ^= low
            if low & holds:
                continue
            if low & (kept | dead):
                chance = 0.0
                break
            chance *= unknown_share / 2 if low & shy else unknown_share
        miss *= 1.0 - chance
    return 1.0 - miss


def _shy_mask(knowledge: Knowledge) -> int:
    """Cards the opponent probably lacks: the rank of, or next in suit to, what it threw or
    declined."""
    mask = 0
    for card in knowledge.opponent_discarded + knowledge.opponent_passed:
        mask |= _NEIGHBOURS[card.index]
    return mask


def analyze_discards(hand11: HandLike, knowledge: Knowledge | None = None,
                     rules: Rules | None = None, *,
                     hand_size: int = 11) -> tuple[DiscardAnalysis, ...]:
    """Every legal discard from the hand (11 cards after the draw), best first (see the module
    for the order), each with its numbers and the reason ``why`` it ranks where it does.

    ``hand_size`` checks the hand's size (11 in play; a smaller number for a teaching example).

    >>> for analysis in analyze_discards("AS 6S AH 4H 8H 9H TH JH 8D 4C 7C")[:3]:
    ...     print(analysis)
    discard 7♣: deadwood 24, 8 outs, expected 20.10, danger 0.31
    discard 8♦: deadwood 23, 6 outs, expected 20.34, danger 0.22
    discard 6♠: deadwood 25, 8 outs, expected 21.05, danger 0.31
    """
    rules = rules or Rules.modern()
    knowledge = knowledge or _NO_KNOWLEDGE
    hand = hand_mask(hand11)
    if hand.bit_count() != hand_size:
        raise CardError(f"a hand to discard from has {hand_size} cards, got "
                        f"{hand.bit_count()}: {_shown(hand)[:60]}")
    knowledge.check_hand(hand, hand_size)
    legal = hand & ~knowledge.just_taken.bit if knowledge.just_taken else hand
    unseen = knowledge.unseen_mask(hand)
    unseen_count = unseen.bit_count()
    limit = knowledge.knock_limit
    if limit is None:
        limit = 0 if rules.straight_gin else rules.knock_limit
    weight = danger_weight(knowledge, rules)
    dead = _mask_of(knowledge.discard_pile)
    holds = _mask_of(knowledge.opponent_holds)
    shy = _shy_mask(knowledge)
    rows = []
    for offence in _offence(hand, unseen, legal):
        kept = hand ^ (1 << offence.index)
        danger = _danger(offence.index, kept, knowledge, unseen_count, dead, holds, shy)
        expected = offence.total_after_draw / unseen_count if unseen_count else offence.deadwood
        rows.append((offence, danger, expected, expected + weight * danger))
    knock_first = limit  # discards at or under the limit rank by their count

    def order(row: tuple[_Offence, float, float, float]) -> tuple[float, ...]:
        offence, _, _, score = row
        knocks = offence.deadwood <= knock_first
        return (0 if offence.deadwood == 0 else 1 if knocks else 2,
                offence.deadwood if knocks else 0, score, offence.deadwood,
                -offence.outs.bit_count(), -_POINTS[offence.index], -offence.index)

    rows.sort(key=order)
    analyses = [DiscardAnalysis(_DECK[o.index], o.deadwood, o.deadwood <= limit,
                                o.deadwood == 0, cards_from_mask(o.outs), expected, danger,
                                score)
                for o, danger, expected, score in rows]
    return _explained(analyses, [o.total_after_draw for o, *_ in rows], weight)


def _alike(a: DiscardAnalysis, b: DiscardAnalysis, total_a: int, total_b: int) -> bool:
    return (a.deadwood == b.deadwood and total_a == total_b and len(a.outs) == len(b.outs)
            and abs(a.danger - b.danger) < 1e-12)


def _explained(analyses: list[DiscardAnalysis], totals: list[int],
               weight: float) -> tuple[DiscardAnalysis, ...]:
    """Fill in ``same_as`` and ``why``."""
    groups: list[list[int]] = []
    for i, analysis in enumerate(analyses):
        for group in groups:
            if _alike(analyses[group[0]], analysis, totals[group[0]], totals[i]):
                group.append(i)
                break
        else:
            groups.append([i])
    group_of = {i: group for group in groups for i in group}
    best = analyses[0]
    runner_up = next((analyses[g[0]] for g in groups[1:]), None)
    result = []
    for i, analysis in enumerate(analyses):
        same = tuple(analyses[j].card for j in group_of[i] if j != i)
        if i == 0:
            why = (f"Discard {analysis.card}: {_reason(analysis, runner_up, weight)}."
                   if runner_up else f"Discard {analysis.card}: every discard plays alike.")
        elif i in groups[0]:
            why = (f"{analysis.card} plays exactly like {best.card}: both leave "
                   f"{analysis.deadwood} with {len(analysis.outs)} outs.")
        else:
            why = f"{analysis.card} is worse than {best.card}: {_reason(best, analysis, weight)}."
        result.append(DiscardAnalysis(analysis.card, analysis.deadwood, analysis.knock,
                                      analysis.gin, analysis.outs, analysis.expected_deadwood,
                                      analysis.danger, analysis.score, same, why))
    return tuple(result)


def _pair(a: float, b: float, decimals: int = 1) -> tuple[str, str]:
    """Two numbers printed with enough decimals to tell them apart (at most two more)."""
    for extra in range(3):
        left, right = f"{a:.{decimals + extra}f}", f"{b:.{decimals + extra}f}"
        if left != right:
            return left, right
    return f"{a:.{decimals}f}", f"{b:.{decimals}f}"


def _reason(a: DiscardAnalysis, b: DiscardAnalysis, weight: float) -> str:
    """Why discarding ``a.card`` ranks above discarding ``b.card``, citing their numbers."""
    if a.gin and not b.gin:
        return f"it goes gin; {b.card} leaves {b.deadwood}"
    if a.knock and not b.knock:
        return f"it leaves {a.deadwood}, low enough to knock; {b.card} leaves {b.deadwood}"
    if a.knock and a.deadwood != b.deadwood:
        return (f"both let you knock, but it leaves {a.deadwood} and {b.card} leaves "
                f"{b.deadwood}")
    ea, eb = _pair(a.expected_deadwood, b.expected_deadwood)
    expected = (f"expected deadwood after the next draw {ea} against {eb}" if ea != eb
                else f"expected deadwood after the next draw {ea} for both")
    offence_gap = b.expected_deadwood - a.expected_deadwood
    danger_gap = weight * (b.danger - a.danger)
    if danger_gap > 0 and danger_gap >= offence_gap:
        da, db = _pair(a.danger, b.danger, 2)
        return (f"{a.card} and {b.card} are close for your hand ({expected}), but {b.card} "
                f"is more likely to complete a meld for your opponent: danger {db} against {da}")
    if offence_gap > 0:
        if a.deadwood == b.deadwood:
            both = f"{a.card} and {b.card} both leave {a.deadwood}, but keeping {b.card}"
            if len(a.outs) > len(b.outs):
                return f"{both} gives {len(a.outs)} outs against {len(b.outs)}, {expected}"
            return f"{both} makes the next draw better: {expected}"
        if a.deadwood < b.deadwood:
            return f"it leaves {a.deadwood} against {b.deadwood} for {b.card}, {expected}"
        return (f"throwing {b.card} leaves less now ({b.deadwood} against {a.deadwood}), but "
                f"keeping {b.card} shapes the hand better: {len(a.outs)} outs against "
                f"{len(b.outs)}, {expected}")
    if a.deadwood != b.deadwood:
        return f"both score alike, and it leaves {a.deadwood} against {b.deadwood}"
    if len(a.outs) != len(b.outs):
        return f"both score alike, and it keeps {len(a.outs)} outs against {len(b.outs)}"
    return f"both score alike, and {a.card} is the higher card: shed points first"
