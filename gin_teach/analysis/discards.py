"""Every legal discard measured and ranked (the order is documented in the package)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

from gin_teach.analysis.knowledge import (
    NO_KNOWLEDGE,
    STOCK_AFTER_DEAL,
    Knowledge,
    mask_of_hand,
    shown,
)
from gin_teach.core.cards import (
    CARD_POINTS,
    JOKER_BITS,
    JOKER_POINTS,
    Card,
    HandLike,
    bits_of,
    card_points,
    cards_from_mask,
    hand_mask,
)
from gin_teach.core.jokers import least_after_discard_with_jokers, least_after_drawing_beside_joker
from gin_teach.core.kernel import NEIGHBOURS, best_discard_of_mask, deadwood_of_mask, may_knock
from gin_teach.core.rules import Rules
from gin_teach.core.solver import MELDS_WITH_CARD
from gin_teach.core.validation import checks_masks, names_bad_arguments
from gin_teach.errors import CardError, RulesError

__all__ = [
    "DANGER_WEIGHT_EARLY",
    "DANGER_WEIGHT_LATE",
    "DiscardAnalysis",
    "DrawOutlook",
    "analyze_discards",
    "check_table",
    "danger_weight",
    "draw_outlook",
    "why_better",
]

DANGER_WEIGHT_EARLY: Final = 2.0
"""Deadwood points one unit of danger costs at the start of a hand."""
DANGER_WEIGHT_LATE: Final = 8.0
"""... and when the stock is down to the dead-hand level."""
_DECK: Final = tuple(Card.from_index(i) for i in range(54))


def _partner_pairs() -> tuple[tuple[int, ...], ...]:
    """For each card index, the masks of the two other cards of every three-card meld with it."""
    return tuple(tuple(meld ^ (1 << i) for meld, _ in MELDS_WITH_CARD[i] if meld.bit_count() == 3)
                 for i in range(52))


_PARTNERS: Final = _partner_pairs()




@names_bad_arguments
def danger_weight(knowledge: Knowledge | None = None, rules: Rules | str | None = None) -> float:
    """Deadwood points per unit of danger in the ranking: grows from ``DANGER_WEIGHT_EARLY``
    with a full stock to ``DANGER_WEIGHT_LATE`` when the stock reaches the dead-hand level.

    >>> round(danger_weight(Knowledge(stock_size=16)), 2)
    5.1
    """
    rules = Rules.of(rules)
    stock = (knowledge or NO_KNOWLEDGE).stock()
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
    why: str = ""

    def __str__(self) -> str:
        ending = ", gin" if self.gin else ", knock" if self.knock else ""
        return (f"discard {self.card}: deadwood {self.deadwood}{ending}, {len(self.outs)} outs, "
                f"expected {self.expected_deadwood:.2f}, danger {self.danger:.2f}")


@dataclass(frozen=True)
class DrawOutlook:
    """What the next draw from the stock does for a ten-card hand: ``deadwood`` is its least
    deadwood now; ``total`` the sum, over the unseen cards, of the least deadwood after drawing
    that card and throwing the worst card (an exact sum, so equal hands compare equal);
    ``outs`` the mask of the unseen cards that join a meld and lower the deadwood; ``count``
    the unseen cards.

    >>> hand = hand_mask("7S 7H 9C TC 3H 4H 5H 2D KS QS")
    >>> from gin_teach.core.cards import NATURAL_BITS
    >>> outlook = draw_outlook(hand, NATURAL_BITS & ~hand)  # every other card unseen
    >>> shown(outlook.outs), outlook.count, round(outlook.expected, 1)
    ('J♠ 2♥ 6♥ 7♦ 7♣ 8♣ J♣', 42, 48.1)
    """

    deadwood: int
    total: int
    outs: int
    count: int

    @property
    def expected(self) -> float:
        """The mean least deadwood after the draw (see the class)."""
        return self.total / self.count if self.count else float(self.deadwood)


@checks_masks("kept", "unseen")
def draw_outlook(kept: int, unseen: int, joker_points: int = JOKER_POINTS) -> DrawOutlook:
    """The :class:`DrawOutlook` of the ten cards ``kept`` (a mask) when the next card comes
    from ``unseen`` (a mask); a joker left out of melds counts ``joker_points``.

    A drawn card that cannot meld with the kept cards stays loose, so its result is known
    without a search: keep the ten (throw it back) or keep it and throw the best other card.
    A drawn joker is solved. With one joker kept, so is a drawn card near a kept natural card
    (of its rank, or its suit within two ranks); any other drawn card stays loose. With both
    jokers kept every draw is solved (two jokers meld with any card).

    >>> outlook = draw_outlook(hand_mask("7H 9H KS"), hand_mask("JK 2C"), joker_points=25)
    >>> shown(outlook.outs), outlook.total  # the joker as 8♥, K♠ thrown: 0; 2♣ for K♠: 18
    ('🃏', 18)

    >>> outlook = draw_outlook(hand_mask("AS 2S 9D"), hand_mask("3S 4H"))
    >>> shown(outlook.outs), outlook.total, outlook.count  # 3♠: 0; 4♥ replaces 9♦: 7
    ('3♠', 7, 2)
    """
    now = deadwood_of_mask(kept, joker_points)
    if kept & JOKER_BITS:
        after_best_throw = least_after_discard_with_jokers(kept, joker_points)
    else:
        after_best_throw = best_discard_of_mask(kept)[0] if kept else 0
    outs = 0
    total = 0
    rest = unseen
    if (kept | unseen) & JOKER_BITS:
        kept_jokers = kept & JOKER_BITS
        if kept_jokers == JOKER_BITS:
            solved = unseen
        elif kept_jokers:
            near = 0
            naturals = kept & ~JOKER_BITS
            while naturals:
                low = naturals & -naturals
                naturals ^= low
                near |= NEIGHBOURS[low.bit_length() - 1]
            solved = unseen & (near | JOKER_BITS)
        else:
            solved = unseen & JOKER_BITS
        rest = unseen & ~solved
        while solved:
            bit = solved & -solved
            solved ^= bit
            index = bit.bit_length() - 1
            # Throwing the drawn card back leaves ``now``; keeping it loose, ``loose``.
            loose = after_best_throw + card_points(index, joker_points)
            reached = now if now < loose else loose
            if kept_jokers != JOKER_BITS and index < 52 \
                    and not any(pair & kept == pair for pair in _PARTNERS[index]):
                value = least_after_drawing_beside_joker(kept, bit, reached)
            else:
                value = least_after_discard_with_jokers(kept | bit, joker_points, reached)
            if value < now and value < loose:
                outs |= bit
            total += value
    while rest:
        bit = rest & -rest
        rest ^= bit
        index = bit.bit_length() - 1
        loose = after_best_throw + CARD_POINTS[index]
        for pair in _PARTNERS[index]:
            if pair & kept == pair:
                value = best_discard_of_mask(kept | bit)[0]
                if value < now and value < loose:
                    outs |= bit
                break
        else:
            value = now if now < loose else loose
        total += value
    return DrawOutlook(now, total, outs, unseen.bit_count())


@lru_cache(maxsize=512)
def _offence(hand: int, unseen: int, legal: int,
             joker_points: int) -> tuple[tuple[int, DrawOutlook], ...]:
    """For each legal discard (by card index), the outlook of the ten cards it keeps."""
    results = []
    rest = legal
    while rest:
        low = rest & -rest
        rest ^= low
        results.append((low.bit_length() - 1, draw_outlook(hand ^ low, unseen, joker_points)))
    return tuple(results)


def _danger(index: int, kept: int, knowledge: Knowledge, unseen: int,
            dead: int, holds: int, shy: int) -> float:
    """The chance that the card ``index`` completes a three-card meld for the opponent: 1 for
    a joker, which completes any pair or near run. A joker the opponent may hold (known, or
    among the ``unseen`` cards) stands in for either partner of a natural card."""
    if index >= 52:
        return 1.0
    unknown = max(0, 10 - len(knowledge.opponent_holds))
    unseen_count = unseen.bit_count()
    unknown_share = unknown / unseen_count if unseen_count else 0.0

    def held(card: int) -> float:
        if card & holds:
            return 1.0
        if card & (kept | dead):
            return 0.0
        return unknown_share / 2 if card & shy else unknown_share

    miss = 1.0
    partners = 0
    for pair in _PARTNERS[index]:
        partners |= pair
        chance = 1.0
        for card in bits_of(pair):
            chance *= held(card)
        miss *= 1.0 - chance
    no_joker = 1.0
    for joker in bits_of((unseen | holds) & JOKER_BITS):
        no_joker *= 1.0 - held(joker)
    if no_joker < 1.0:
        no_partner = 1.0
        for card in bits_of(partners):
            no_partner *= 1.0 - held(card)
        miss *= 1.0 - (1.0 - no_joker) * (1.0 - no_partner)
    return 1.0 - miss


@names_bad_arguments
def analyze_discards(hand11: HandLike | int, knowledge: Knowledge | None = None,
                     rules: Rules | str | None = None, *,
                     hand_size: int = 11) -> tuple[DiscardAnalysis, ...]:
    """Every legal discard from the hand (11 cards after the draw), best first (see the module
    for the order), each with its numbers and the reason ``why`` it ranks where it does.

    The hand is cards, text, or a 52-bit mask (``Card.index`` bits, as bots keep it; 54 bits
    with the jokers when ``rules.jokers``: then the unseen jokers may come on the next draw, a
    joker left out of melds counts ``rules.joker_points``, and a thrown joker's danger is 1).
    ``hand_size`` checks its size (11 in play; a smaller number for a teaching example).

    >>> for analysis in analyze_discards("AS 6S AH 4H 8H 9H TH JH 8D 4C 7C")[:3]:
    ...     print(analysis)
    discard 7♣: deadwood 24, 8 outs, expected 20.10, danger 0.31
    discard 8♦: deadwood 23, 6 outs, expected 20.34, danger 0.22
    discard 6♠: deadwood 25, 8 outs, expected 21.05, danger 0.31
    """
    rules = Rules.of(rules)
    knowledge = knowledge or NO_KNOWLEDGE
    hand = mask_of_hand(hand11, rules)
    if hand.bit_count() != hand_size:
        raise CardError(f"a hand to discard from has {hand_size} cards, got "
                        f"{hand.bit_count()}: {shown(hand)[:60]}")
    check_table(knowledge, rules)
    knowledge.check_hand(hand, hand_size, rules.jokers)
    legal = hand & ~knowledge.just_taken.bit if knowledge.just_taken else hand
    if not legal:
        raise CardError(f"no card may be discarded: the only one is {shown(hand)}, just taken")
    unseen = knowledge.unseen_mask(hand, rules.jokers)
    limit = rules.resolve_knock_limit(knowledge.knock_limit)
    weight = danger_weight(knowledge, rules)
    dead = hand_mask(knowledge.discard_pile)
    holds = hand_mask(knowledge.opponent_holds)
    shy = knowledge.shunned_mask()
    rows = []
    joker_points = rules.joker_points
    for index, outlook in _offence(hand, unseen, legal, joker_points):
        danger = _danger(index, hand ^ (1 << index), knowledge, unseen, dead, holds, shy)
        rows.append((index, outlook, danger, outlook.expected + weight * danger))

    def order(row: tuple[int, DrawOutlook, float, float]) -> tuple[float, ...]:
        index, outlook, _, score = row
        knocks = may_knock(outlook.deadwood, limit)
        return (0 if outlook.deadwood == 0 else 1 if knocks else 2,
                outlook.deadwood if knocks else 0, score, outlook.deadwood,
                -outlook.outs.bit_count(), -card_points(index, joker_points), -index)

    rows.sort(key=order)
    analyses = [DiscardAnalysis(_DECK[index], outlook.deadwood,
                                may_knock(outlook.deadwood, limit),
                                outlook.deadwood == 0, cards_from_mask(outlook.outs),
                                outlook.expected, danger, score)
                for index, outlook, danger, score in rows]
    return _explained(analyses, [outlook.total for _, outlook, *_ in rows], weight)


@names_bad_arguments
def check_table(knowledge: Knowledge, rules: Rules) -> None:
    """Refuse knowledge of a deck with jokers at a table that plays without them.

    >>> check_table(Knowledge(jokers=2), Rules())
    Traceback (most recent call last):
    ...
    gin_teach.errors.RulesError: the knowledge is of a deck with jokers, and the modern rules ...
    """
    if knowledge.jokers and not rules.jokers:
        raise RulesError(f"the knowledge is of a deck with jokers, and the {rules.name} rules "
                         "play without jokers")


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
            why = (f"Discard {analysis.card}: {_reason(analysis, runner_up, weight, 'it')}."
                   if runner_up else f"Discard {analysis.card}: every discard plays alike.")
        elif i in groups[0]:
            why = (f"{analysis.card} plays exactly like {best.card}: both leave "
                   f"{analysis.deadwood} with {len(analysis.outs)} outs.")
        else:
            reason = _reason(best, analysis, weight, str(best.card))
            why = f"{analysis.card} is worse than {best.card}: {reason}."
        result.append(replace(analysis, same_as=same, why=why))
    return tuple(result)


@names_bad_arguments
def why_better(better: DiscardAnalysis, worse: DiscardAnalysis,
               knowledge: Knowledge | None = None, rules: Rules | str | None = None) -> str:
    """Why discarding ``better.card`` ranks above discarding ``worse.card`` (both from one
    :func:`analyze_discards` call with this ``knowledge`` and ``rules``), citing their numbers:
    the sentence a ``why`` gives, for any two discards, not only against the best.

    >>> by_card = {a.card.code: a for a in analyze_discards("3S 4S 5S 9H 9D 9C QD KH 2C 2H 8S")}
    >>> print(why_better(by_card["KH"], by_card["QD"]))  # doctest: +NORMALIZE_WHITESPACE
    K♥ and Q♦ are close for your hand (expected deadwood after the next draw 17.9 for both),
    but Q♦ is more likely to complete a meld for your opponent: danger 0.26 against 0.22.
    """
    if worse.card in better.same_as:
        return (f"{worse.card} plays exactly like {better.card}: both leave {better.deadwood} "
                f"with {len(better.outs)} outs.")
    reason = _reason(better, worse, danger_weight(knowledge, rules), str(better.card))
    return f"{reason[0].upper()}{reason[1:]}."


def _pair(a: float, b: float, decimals: int = 1) -> tuple[str, str]:
    """Two numbers printed with enough decimals to tell them apart (at most two more)."""
    for extra in range(3):
        left, right = f"{a:.{decimals + extra}f}", f"{b:.{decimals + extra}f}"
        if left != right:
            return left, right
    return f"{a:.{decimals}f}", f"{b:.{decimals}f}"


def _reason(a: DiscardAnalysis, b: DiscardAnalysis, weight: float, it: str) -> str:
    """Why discarding ``a.card`` (called ``it`` in the sentence) ranks above discarding
    ``b.card``, citing their numbers."""
    if a.gin and not b.gin:
        return f"{it} goes gin; {b.card} leaves {b.deadwood}"
    if a.knock and not b.knock:
        return f"{it} leaves {a.deadwood}, low enough to knock; {b.card} leaves {b.deadwood}"
    if a.knock and a.deadwood != b.deadwood:
        return (f"both let you knock, but {it} leaves {a.deadwood} and {b.card} leaves "
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
            return f"{it} leaves {a.deadwood} against {b.deadwood} for {b.card}, {expected}"
        return (f"throwing {b.card} leaves less now ({b.deadwood} against {a.deadwood}), but "
                f"keeping {b.card} shapes the hand better: {len(a.outs)} outs against "
                f"{len(b.outs)}, {expected}")
    if a.deadwood != b.deadwood:
        return f"both score alike, and {it} leaves {a.deadwood} against {b.deadwood}"
    if len(a.outs) != len(b.outs):
        return f"both score alike, and {it} keeps {len(a.outs)} outs against {len(b.outs)}"
    return f"both score alike, and {a.card} is the higher card: shed points first"
