"""Settling a round: the knocker's spread, the defender's melds and lay-offs, and the points."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Literal

from gin_teach.core.cards import (
    JOKER_BITS,
    JOKER_POINTS,
    NATURAL_BITS,
    Card,
    HandLike,
    card_points,
    cards_from_mask,
    hand_mask,
    to_cards,
)
from gin_teach.core.jokers import check_jokers_allowed
from gin_teach.core.kernel import (
    deadwood_of_mask,
    is_undercut,
    layoff_extensions,
    may_knock,
)
from gin_teach.core.layoffs import (
    LaidOff,
    best_layoffs,
    best_layoffs_of_mask,
    extend_meld,
    layoff_options,
    layoff_plans,
    layoffs_as_made,
)
from gin_teach.core.melds import Arrangement, Meld, arrangements_within, best_arrangement, to_melds
from gin_teach.core.rules import Rules
from gin_teach.core.solver import partitions_of_mask
from gin_teach.errors import CardError, IllegalMove

# The lay-offs are handed on: the widgets, lessons and tests import them from here.
__all__ = [
    "LaidOff",
    "Outcome",
    "Settlement",
    "Winner",
    "best_layoffs",
    "best_spread",
    "extend_meld",
    "layoff_options",
    "settle",
]

Outcome = Literal["knock", "gin", "big_gin", "undercut", "tie"]
Winner = Literal["knocker", "defender"]


@dataclass(frozen=True)
class Settlement:
    """How a round ended: both spreads, the lay-offs, both counts, who scores and how much.

    >>> result = settle("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS")
    >>> result.outcome, result.winner, result.points
    ('knock', 'knocker', 17)
    >>> result.knocker_count, result.defender_count, result.laid_off_cards
    (8, 25, (Card('8C'),))
    >>> print(result.explain())  # doctest: +NORMALIZE_WHITESPACE
    Knocker spreads 7♠ 7♥ 7♦ | 3♥ 4♥ 5♥ | 9♣ 10♣ J♣ | deadwood 8♦ = 8
    Defender spreads 2♠ 3♠ 4♠ | Q♥ Q♦ Q♣ | deadwood 10♠ K♥ 5♦ 8♣ = 33
    Defender lays off 8♣ onto 9♣ 10♣ J♣: 33 - 8 = 25
    Knocker 8, defender 25: the knocker scores 25 - 8 = 17
    """

    knocker_arrangement: Arrangement
    defender_arrangement: Arrangement
    layoffs: tuple[LaidOff, ...]
    defender_count_before_layoffs: int
    outcome: Outcome
    winner: Winner | None
    points: int
    rules: Rules

    @property
    def knocker_count(self) -> int:
        """The knocker's deadwood."""
        return self.knocker_arrangement.deadwood

    @property
    def defender_count(self) -> int:
        """The defender's deadwood after its lay-offs."""
        return self.defender_arrangement.deadwood

    @property
    def laid_off_cards(self) -> tuple[Card, ...]:
        """The defender's cards that went onto the knocker's melds."""
        return tuple(layoff.card for layoff in self.layoffs)

    @property
    def summary(self) -> str:
        """The last line of :meth:`explain`: who scores, and the arithmetic of the points."""
        return self.explain().rsplit("\n", 1)[-1]

    def explain(self) -> str:
        """The settlement worked out in words and numbers, one step a line.

        >>> result = settle("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS")
        >>> print(result.explain().splitlines()[0])
        Knocker spreads 7♠ 7♥ 7♦ | 3♥ 4♥ 5♥ | 9♣ 10♣ J♣ | deadwood 8♦ = 8
        """
        knocker = self.knocker_arrangement
        defender = self.defender_arrangement
        before = Arrangement(defender.melds, tuple(
            sorted(defender.deadwood_cards + self.laid_off_cards)), defender.joker_points)
        lines = [f"Knocker spreads {knocker}", f"Defender spreads {before}"]
        if self.outcome in ("gin", "big_gin"):
            name = "big gin" if self.outcome == "big_gin" else "gin"
            bonus = (self.rules.big_gin_bonus if self.outcome == "big_gin"
                     else self.rules.gin_bonus)
            lines.append(f"No lay-offs against {name}")
            lines.append(f"The knocker scores the {name} bonus {bonus} + the defender's "
                         f"{self.defender_count} = {self.points}")
            return "\n".join(lines)
        if self.layoffs:
            made = layoffs_as_made(self.layoffs)
            laid = ", ".join(str(layoff) for layoff in made)
            worth = " - ".join(str(card_points(layoff.card, self.rules.joker_points))
                               for layoff in made)
            lines.append(f"Defender lays off {laid}: "
                         f"{self.defender_count_before_layoffs} - {worth} = {self.defender_count}")
        else:
            lines.append("Defender has nothing to lay off")
        k, d = self.knocker_count, self.defender_count
        counts = f"Knocker {k}, defender {d}"
        if self.outcome == "undercut":
            tie = "the same count" if k == d else "a lower count"
            lines.append(f"{counts}: {tie} is an undercut; the defender scores {k} - {d} + "
                         f"the undercut bonus {self.rules.undercut_bonus} = {self.points}")
        elif self.outcome == "tie":
            lines.append(f"{counts}: a tie, and these rules pay no undercut on a tie: "
                         "nobody wins the round")
        else:
            lines.append(f"{counts}: the knocker scores {d} - {k} = {self.points}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.explain()

    def _repr_html_(self) -> str:
        from gin_teach.display import settlement_html

        return settlement_html(self)


def _spread_from(melds: Sequence[HandLike], hand: int, who: str) -> list[Meld]:
    spread = list(to_melds(melds, f"{who}_melds"))
    used = 0
    for meld in spread:
        for stand_in in meld.stands_for:
            if hand & stand_in.bit:
                raise IllegalMove(f"a joker in {meld} stands for {stand_in}, which the {who} "
                                  "holds: a joker stands only for a card the hand lacks")
        for card in meld.cards:
            if not hand & card.bit:
                raise IllegalMove(f"{card} in the {who}'s meld {meld} is not in the {who}'s hand")
            if used & card.bit:
                raise IllegalMove(f"{card} is in two of the {who}'s melds: a card serves one meld")
            used |= card.bit
    return spread


def _arrangement_of(spread: Sequence[Meld], hand: int,
                    joker_points: int = JOKER_POINTS) -> Arrangement:
    used = 0
    for meld in spread:
        used |= meld.mask
    return Arrangement(tuple(sorted(spread, key=lambda m: m.shows())),
                       cards_from_mask(hand & ~used), joker_points)


def settle(knocker: HandLike, defender: HandLike, rules: Rules | str | None = None,
           knocker_melds: Sequence[HandLike] | None = None, *, knock_limit: int | None = None,
           defender_melds: Sequence[HandLike] | None = None,
           layoffs: Iterable[Card | str] | None = None) -> Settlement:
    """Settle a knock: ``knocker`` is the knocker's hand after the discard (10 cards, or 11
    for big gin), ``defender`` the other 10.

    The knocker spreads ``knocker_melds`` (validated). By default it spreads what scores it
    most against this defender: :func:`best_spread`, which sees both hands (the teaching view)
    and may keep a meld as deadwood to block lay-offs, within the knock limit; among equal
    scores the least deadwood, then the fewest cards laid off. Gin spreads an optimal
    arrangement. The defender plays ``defender_melds`` and ``layoffs`` (validated) against that
    spread; what it leaves out is chosen for it to leave the least deadwood (its best melds
    around the given lay-offs, or the best lay-offs from outside its melds, fewest lay-offs
    among equals). ``knock_limit`` overrides the rules' limit (an Oklahoma round's, say).

    A tie under ``undercut_on_tie=False`` has ``outcome == "tie"``, ``winner is None`` and
    no points: nobody wins the round.

    >>> defender = "2S 3S 4S QD QH QC 8C KH 5D TS"
    >>> settle("7S 7H 7D 9C TC JC 3H 4H 5H 8D", defender).points
    17
    >>> print(settle("4S 5S 6S 8H 8D 8C JC QC KC 5H", "AD AH AC 2D 3D 4D 9H TH JH 5C",
    ...              Rules(undercut_on_tie=False)).summary)
    Knocker 5, defender 5: a tie, and these rules pay no undercut on a tie: nobody wins the round
    >>> settle("7S 7H 7D 9C TC JC 3H 4H 2D KD", defender)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.IllegalMove: the knocker's deadwood is 3 + 4 + 2 + 10 = 19, over the knock ...
    """
    rules = Rules.of(rules)
    knocker_cards = to_cards(knocker, "knocker")
    defender_cards = to_cards(defender, "defender")
    k_mask, d_mask = hand_mask(knocker_cards), hand_mask(defender_cards)
    if k_mask & d_mask:
        both = ", ".join(c.code if c.is_joker else str(c)
                         for c in cards_from_mask(k_mask & d_mask))
        raise CardError(f"{both} cannot be in both hands")
    check_jokers_allowed(k_mask | d_mask, rules)
    jp = rules.joker_points
    blocked = (k_mask | d_mask) & NATURAL_BITS  # a joker stands only for a card in no hand
    if len(defender_cards) != 10:
        raise CardError(f"the defender holds 10 cards, not {len(defender_cards)}")
    if len(knocker_cards) not in (10, 11):
        raise CardError(f"the knocker holds 10 cards after the discard, not {len(knocker_cards)}")
    big_gin = len(knocker_cards) == 11
    if big_gin:
        if rules.big_gin_bonus is None:
            raise IllegalMove("the knocker must discard: big gin (11 melded cards) is not "
                              "played under these rules")
        if deadwood_of_mask(k_mask, jp):
            raise IllegalMove("big gin needs all 11 cards in melds")
    limit = rules.resolve_knock_limit(knock_limit)

    spread: Arrangement | None = None  # chosen below when the caller does not name one
    if knocker_melds is not None:
        spread = _arrangement_of(_spread_from(knocker_melds, k_mask, "knocker"), k_mask, jp)
        count = spread.deadwood
        dead_cards = spread.deadwood_cards
    else:
        count = deadwood_of_mask(k_mask, jp)
        dead_cards = (best_arrangement(knocker_cards, joker_points=jp).deadwood_cards
                      if not may_knock(count, limit) else ())
    if big_gin and count:
        raise IllegalMove(f"big gin spreads all 11 cards in melds; this spread leaves "
                          f"{count} of deadwood")
    if not may_knock(count, limit):
        worth = " + ".join(str(card_points(c, jp)) for c in dead_cards)
        shown = f"{worth} = {count}" if len(dead_cards) > 1 else str(count)
        rule = "gin only" if limit == 0 else f"the knock limit of {limit}"
        raise IllegalMove(f"the knocker's deadwood is {shown}, over {rule}")
    if count == 0 and layoffs:
        raise IllegalMove("no lay-offs against gin")

    laid: tuple[LaidOff, ...]
    if count == 0:
        spread = spread or best_arrangement(knocker_cards, joker_points=jp)
        own, laid = _defender_without_layoffs(defender_cards, d_mask, defender_melds, jp), ()
    else:
        if spread is None:
            spread = (_best_spread_with_jokers(k_mask, d_mask, limit, jp, blocked)
                      if (k_mask | d_mask) & JOKER_BITS
                      else _best_spread_of_masks(k_mask, d_mask, limit))
        count = spread.deadwood
        if defender_melds is None and layoffs is None:
            own, laid = best_layoffs_of_mask(spread.melds, d_mask, jp, blocked)
        elif layoffs is None:
            assert defender_melds is not None
            own, laid = _layoffs_around(spread.melds, d_mask, defender_melds, jp, blocked)
        else:
            own, laid = _defender_choice(spread.melds, d_mask, defender_melds, layoffs, jp,
                                         blocked)
    before = own.deadwood + sum(card_points(layoff.card, jp) for layoff in laid)
    outcome: Outcome
    winner: Winner | None
    if count == 0:
        outcome = "big_gin" if big_gin else "gin"
        bonus = rules.big_gin_bonus if big_gin else rules.gin_bonus
        winner, points = "knocker", (bonus or 0) + own.deadwood
    elif is_undercut(count, own.deadwood, rules.undercut_on_tie):
        outcome, winner = "undercut", "defender"
        points = count - own.deadwood + rules.undercut_bonus
    elif own.deadwood == count:
        outcome, winner, points = "tie", None, 0
    else:
        outcome, winner, points = "knock", "knocker", own.deadwood - count
    return Settlement(spread, own, laid, before, outcome, winner, points, rules)


def best_spread(knocker: HandLike, defender: HandLike, rules: Rules | None = None, *,
                knock_limit: int | None = None) -> Arrangement:
    """The spread that scores the knocker most against this defender (the teaching view: it
    sees both hands), among every arrangement of the knocker's cards whose deadwood is within
    the knock limit, optimal or not; the defender answers each with its best lay-offs. This is
    the spread :func:`settle` takes when it is not given one.

    The score only grows with the margin of the defender's count (after lay-offs) over the
    knocker's, so that margin decides. Ties go to the spread with less deadwood (an optimal
    arrangement when one is as good), then to the one that lets fewer cards be laid off, then
    to the first in the order of :func:`~gin_teach.core.melds.arrangements_within`.

    Keeping A♥ 2♥ 3♥ together lets the defender lay off 4♥ 5♥; spreading the four 3s and
    keeping A♥ 2♥ as deadwood costs the knocker 3 points and the defender 9:

    >>> print(best_spread("AH 2H 3H 3S 3D 3C 9C 9D 9S 4S", "4H 5H KS KD KC QS QD QH 8C 6D"))
    3♠ 3♥ 3♦ 3♣ | 9♠ 9♦ 9♣ | deadwood 4♠ A♥ 2♥ = 7
    """
    rules = Rules.of(rules)
    limit = rules.resolve_knock_limit(knock_limit)
    k_mask = hand_mask(to_cards(knocker, "knocker"))
    d_mask = hand_mask(to_cards(defender, "defender"))
    if k_mask & d_mask:
        raise CardError(f"{cards_from_mask(k_mask & d_mask)[0]} cannot be in both hands")
    check_jokers_allowed(k_mask | d_mask, rules)
    least = deadwood_of_mask(k_mask, rules.joker_points)
    if not may_knock(least, limit):
        raise IllegalMove(f"this hand cannot knock: its least deadwood {least} is over the "
                          f"knock limit of {limit}")
    if (k_mask | d_mask) & JOKER_BITS:
        return _best_spread_with_jokers(k_mask, d_mask, limit, rules.joker_points,
                                        (k_mask | d_mask) & NATURAL_BITS)
    return _best_spread_of_masks(k_mask, d_mask, limit)


def _best_spread_of_masks(k_mask: int, d_mask: int, limit: int) -> Arrangement:
    least = deadwood_of_mask(k_mask)
    untouched = deadwood_of_mask(d_mask)  # the defender's count if it could lay off nothing
    best: tuple[int, int, int] | None = None  # smaller is better: -margin, deadwood, cards laid
    best_melds: list[int] = []
    best_dead = 0

    def consider(most: int, skip_optimal: bool) -> None:
        nonlocal best, best_melds, best_dead
        for melds, dead, points in partitions_of_mask(k_mask, most):
            if skip_optimal and points == least:
                continue
            left, laid = _least_after_layoffs_of_masks(melds, d_mask)
            rank = (points - left, points, laid)
            if best is None or rank < best or (
                    rank == best and _meld_order(melds) < _meld_order(best_melds)):
                best, best_melds, best_dead = rank, list(melds), dead

    # The optimal spreads first. A spread with deadwood k leaves a margin of at most
    # untouched - k, so only spreads under untouched - (the best margin so far) can do better;
    # when an optimal spread leaves nothing to lay off (the usual case) there are none.
    consider(least, False)
    assert best is not None
    worth_trying = min(limit, untouched + best[0] - 1)
    if worth_trying > least:
        consider(worth_trying, True)
    melds = sorted((Meld.of(cards_from_mask(m)) for m in best_melds), key=lambda m: m.cards)
    return Arrangement(tuple(melds), cards_from_mask(best_dead))


def _best_spread_with_jokers(k_mask: int, d_mask: int, limit: int, joker_points: int,
                            blocked: int) -> Arrangement:
    """:func:`best_spread` when a hand holds a joker: every spread within the limit, each
    answered by the defender's best lay-offs (the same order of preference)."""
    best: tuple[int, int, int] | None = None
    chosen: Arrangement | None = None
    for spread in arrangements_within(cards_from_mask(k_mask), limit, joker_points=joker_points):
        left, laid = min((deadwood_of_mask(d_mask ^ plan[0], joker_points), len(plan[1]))
                         for plan in layoff_plans(spread.melds, d_mask, blocked))
        rank = (spread.deadwood - left, spread.deadwood, laid)
        if best is None or rank < best:
            best, chosen = rank, spread
    assert chosen is not None
    return chosen


def _meld_order(melds: list[int]) -> list[list[int]]:
    """The order :func:`~gin_teach.core.melds.arrangements_within` lists equal spreads in."""
    return sorted([i for i in range(52) if m >> i & 1] for m in melds)


def _least_after_layoffs_of_masks(melds: list[int], mask: int) -> tuple[int, int]:
    """The defender's least deadwood against meld masks ``melds`` and how many cards it lays off
    for it (fewest among equals)."""
    choices = [layoff_extensions(meld, mask) for meld in melds]
    best = (deadwood_of_mask(mask), 0)
    for combination in product(*choices):
        laid = 0
        for bits in combination:
            if laid & bits:
                break  # a set's fourth card is also a run's next card: it goes to one only
            laid |= bits
        else:
            if laid:
                best = min(best, (deadwood_of_mask(mask ^ laid), laid.bit_count()))
    return best


def _defender_without_layoffs(cards: tuple[Card, ...], mask: int,
                              melds: Sequence[HandLike] | None, joker_points: int) -> Arrangement:
    if melds is None:
        return best_arrangement(cards, joker_points=joker_points)
    return _arrangement_of(_spread_from(melds, mask, "defender"), mask, joker_points)


def _defender_choice(
    spread: Sequence[Meld], mask: int, melds: Sequence[HandLike] | None,
    layoffs: Iterable[Card | str] | None, joker_points: int, blocked: int,
) -> tuple[Arrangement, tuple[LaidOff, ...]]:
    laid_mask = 0
    for card in to_cards(layoffs or (), "layoffs"):
        if not mask & card.bit:
            raise IllegalMove(f"the defender cannot lay off {card}: it is not in the hand")
        laid_mask |= card.bit
    plan = next((p for p in layoff_plans(spread, mask, blocked) if p[0] == laid_mask), None)
    if plan is None:
        shown = " ".join(str(c) for c in cards_from_mask(laid_mask))
        raise IllegalMove(f"{shown} cannot all be laid off on the knocker's melds (a set takes "
                          "its fourth card; a run takes cards at its ends, in a chain)")
    kept = mask & ~laid_mask
    if melds is None:
        return best_arrangement(cards_from_mask(kept), joker_points=joker_points), plan[1]
    own = _spread_from(melds, mask, "defender")
    for meld in own:
        if meld.mask & laid_mask:
            raise IllegalMove("a card laid off cannot also be in the defender's own meld")
    return _arrangement_of(own, kept, joker_points), plan[1]


def _layoffs_around(spread: Sequence[Meld], mask: int, melds: Sequence[HandLike],
                    joker_points: int, blocked: int) -> tuple[Arrangement, tuple[LaidOff, ...]]:
    """The defender keeps its chosen melds and lays off the most points from the rest."""
    own = _spread_from(melds, mask, "defender")
    outside = mask
    for meld in own:
        outside &= ~meld.mask
    laid, layoffs = max(layoff_plans(spread, outside, blocked),
                        key=lambda plan: (_points_of(plan[0], joker_points), -len(plan[1])))
    return _arrangement_of(own, mask & ~laid, joker_points), layoffs


def _points_of(mask: int, joker_points: int) -> int:
    return sum(card_points(card, joker_points) for card in cards_from_mask(mask))
