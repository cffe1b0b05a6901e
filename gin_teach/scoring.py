"""Settling a round: the knocker's spread, the defender's melds and lay-offs, and the points."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Literal

from gin_teach.cards import Card, HandLike, cards_from_mask, hand_mask, to_card, to_cards
from gin_teach.errors import CardError, IllegalMove
from gin_teach.melds import (
    Arrangement,
    Meld,
    all_best_arrangements,
    best_arrangement,
    deadwood_of_mask,
    to_melds,
)
from gin_teach.rules import Rules

__all__ = [
    "LaidOff",
    "Outcome",
    "Settlement",
    "Winner",
    "best_layoffs",
    "extend_meld",
    "layoff_options",
    "settle",
]

Outcome = Literal["knock", "gin", "big_gin", "undercut"]
Winner = Literal["knocker", "defender"]


@dataclass(frozen=True)
class LaidOff:
    """A defender's card added to one of the knocker's melds (``meld`` as the knocker spread it):
    the record a :class:`Settlement` keeps. The defender's move that asks for it is the action
    :class:`~gin_teach.actions.LayOff`.

    >>> str(LaidOff(Card(8, "C"), Meld.of("9C TC JC")))
    '8♣ onto 9♣ 10♣ J♣'
    """

    card: Card
    meld: Meld

    def __str__(self) -> str:
        return f"{self.card} onto {self.meld}"


def extend_meld(meld: Meld | HandLike, card: Card | str) -> Meld:
    """The meld with ``card`` laid off on it: the fourth card of a set, or the next card at
    either end of a run. Raises :class:`IllegalMove` when the card does not fit.

    >>> str(extend_meld(Meld.of("5H 6H 7H"), "8H"))
    '5♥ 6♥ 7♥ 8♥'
    >>> extend_meld(Meld.of("5H 6H 7H"), "9H")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.IllegalMove: 9♥ does not fit 5♥ 6♥ 7♥: a run takes only the next card ...
    """
    meld = meld if isinstance(meld, Meld) else Meld.of(meld)
    card = to_card(card)
    if card in meld.cards:
        raise IllegalMove(f"{card} is already in {meld}")
    if meld.kind == "set":
        if card.rank != meld.cards[0].rank:
            raise IllegalMove(f"{card} does not fit {meld}: a set takes only its own rank")
    else:
        low, high = meld.cards[0], meld.cards[-1]
        if card.suit != low.suit:
            raise IllegalMove(f"{card} does not fit {meld}: a run takes only its own suit")
        if card.rank not in (low.rank - 1, high.rank + 1):
            raise IllegalMove(f"{card} does not fit {meld}: "
                              "a run takes only the next card at either end")
    return Meld.of(meld.cards + (card,))


def layoff_options(melds: Iterable[Meld | HandLike], card: Card | str) -> tuple[Meld, ...]:
    """The melds among ``melds`` that ``card`` can be laid off on right now.

    >>> spread = [Meld.of("7S 7H 7D"), Meld.of("4H 5H 6H")]
    >>> [str(m) for m in layoff_options(spread, "7C")], layoff_options(spread, "9C")
    (['7♠ 7♥ 7♦'], ())
    """
    card = to_card(card)
    fits = []
    for meld in to_melds(melds):
        try:
            extend_meld(meld, card)
        except IllegalMove:
            continue
        fits.append(meld)
    return tuple(fits)



def _extension_choices(meld: Meld, available: int) -> list[list[int]]:
    """The ways to lay cards of ``available`` onto ``meld``, each a list of card bits: the
    missing fourth card of a set, or a chain growing from either end of a run."""
    if meld.kind == "set":
        rank = meld.cards[0].rank
        missing = [Card(rank, s).bit for s in "SHDC" if Card(rank, s) not in meld.cards]
        return [[], missing] if len(missing) == 1 and available & missing[0] else [[]]
    suit, low, high = meld.cards[0].suit, meld.cards[0].rank, meld.cards[-1].rank
    down = []
    for rank in range(low - 1, 0, -1):
        if not available & Card(rank, suit).bit:
            break
        down.append(Card(rank, suit).bit)
    up = []
    for rank in range(high + 1, 14):
        if not available & Card(rank, suit).bit:
            break
        up.append(Card(rank, suit).bit)
    return [down[:d] + up[:u] for d in range(len(down) + 1) for u in range(len(up) + 1)]


def _layoff_plans(melds: Sequence[Meld], defender: int) -> list[tuple[int, tuple[LaidOff, ...]]]:
    """Every legal set of lay-offs from ``defender`` onto ``melds``: (mask laid off, lay-offs)."""
    per_meld = [_extension_choices(meld, defender) for meld in melds]
    plans = []
    for combination in product(*per_meld):
        mask = 0
        layoffs: list[LaidOff] = []
        clash = False
        for meld, bits in zip(melds, combination, strict=True):
            for bit in bits:
                if mask & bit:
                    clash = True
                    break
                mask |= bit
                layoffs.append(LaidOff(Card.from_index(bit.bit_length() - 1), meld))
            if clash:
                break
        if not clash:
            plans.append((mask, tuple(layoffs)))
    return plans


def best_layoffs(knocker_melds: Iterable[Meld | HandLike],
                 defender: HandLike) -> tuple[Arrangement, tuple[LaidOff, ...]]:
    """The defender's best answer to a spread: its own arrangement of the cards it keeps, and
    the lay-offs, chosen together to leave the least deadwood (fewest lay-offs among equals).

    >>> spread = [Meld.of("7S 7H 7D"), Meld.of("9C TC JC"), Meld.of("3H 4H 5H")]
    >>> own, layoffs = best_layoffs(spread, "2S 3S 4S QD QH QC 8C KH 5D TS")
    >>> print(own)
    2♠ 3♠ 4♠ | Q♥ Q♦ Q♣ | deadwood 10♠ K♥ 5♦ = 25
    >>> [str(layoff) for layoff in layoffs]
    ['8♣ onto 9♣ 10♣ J♣']
    """
    melds = to_melds(knocker_melds, "knocker_melds")
    return _best_layoffs_of_mask(melds, hand_mask(to_cards(defender, "defender")))


def _best_layoffs_of_mask(melds: Sequence[Meld],
                          mask: int) -> tuple[Arrangement, tuple[LaidOff, ...]]:
    laid, layoffs = min(_layoff_plans(melds, mask),
                        key=lambda plan: (deadwood_of_mask(mask ^ plan[0]), len(plan[1])))
    return best_arrangement(cards_from_mask(mask ^ laid)), layoffs


@dataclass(frozen=True)
class Settlement:
    """How a round ended: both spreads, the lay-offs, both counts, who scores and how much.

    >>> result = settle("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS")
    >>> result.outcome, result.winner, result.points
    ('knock', 'knocker', 17)
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
    winner: Winner
    points: int
    rules: Rules

    @property
    def knocker_count(self) -> int:
        """The knocker's deadwood.

        >>> result = settle("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS")
        >>> result.knocker_count
        8
        """
        return self.knocker_arrangement.deadwood

    @property
    def defender_count(self) -> int:
        """The defender's deadwood after its lay-offs.

        >>> result = settle("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS")
        >>> result.defender_count
        25
        """
        return self.defender_arrangement.deadwood

    @property
    def laid_off_cards(self) -> tuple[Card, ...]:
        """The defender's cards that went onto the knocker's melds.

        >>> result = settle("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS")
        >>> result.laid_off_cards
        (Card('8C'),)
        """
        return tuple(layoff.card for layoff in self.layoffs)

    @property
    def summary(self) -> str:
        """The last line of :meth:`explain`: who scores, and the arithmetic of the points.

        >>> result = settle("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS")
        >>> result.summary
        'Knocker 8, defender 25: the knocker scores 25 - 8 = 17'
        """
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
            sorted(defender.deadwood_cards + self.laid_off_cards)))
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
            laid = ", ".join(str(layoff) for layoff in self.layoffs)
            worth = " - ".join(str(card.points) for card in self.laid_off_cards)
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
        elif k == d:
            lines.append(f"{counts}: a tie, and these rules pay no undercut on a tie; "
                         "the knocker scores 0")
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
        for card in meld.cards:
            if not hand & card.bit:
                raise IllegalMove(f"{card} in the {who}'s meld {meld} is not in the {who}'s hand")
            if used & card.bit:
                raise IllegalMove(f"{card} is in two of the {who}'s melds: a card serves one meld")
            used |= card.bit
    return spread


def _arrangement_of(spread: Sequence[Meld], hand: int) -> Arrangement:
    used = 0
    for meld in spread:
        used |= meld.mask
    return Arrangement(tuple(sorted(spread, key=lambda m: m.cards)),
                       cards_from_mask(hand & ~used))


def settle(knocker: HandLike, defender: HandLike, rules: Rules | None = None,
           knocker_melds: Sequence[HandLike] | None = None, *, knock_limit: int | None = None,
           defender_melds: Sequence[HandLike] | None = None,
           layoffs: Iterable[Card | str] | None = None) -> Settlement:
    """Settle a knock: ``knocker`` is the knocker's hand after the discard (10 cards, or 11
    for big gin), ``defender`` the other 10.

    The knocker spreads ``knocker_melds`` (validated), or by default the optimal arrangement
    that leaves the defender the least to lay off. The defender plays ``defender_melds`` and
    ``layoffs`` (validated); what it leaves out is chosen for it to leave the least deadwood
    (its best melds around the given lay-offs, or the best lay-offs from outside its melds).
    ``knock_limit`` overrides the rules' limit (an Oklahoma round's, say).

    >>> defender = "2S 3S 4S QD QH QC 8C KH 5D TS"
    >>> settle("7S 7H 7D 9C TC JC 3H 4H 5H 8D", defender).points
    17
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
        both = ", ".join(str(c) for c in cards_from_mask(k_mask & d_mask))
        raise CardError(f"{both} cannot be in both hands")
    if len(defender_cards) != 10:
        raise CardError(f"the defender holds 10 cards, not {len(defender_cards)}")
    if len(knocker_cards) not in (10, 11):
        raise CardError(f"the knocker holds 10 cards after the discard, not {len(knocker_cards)}")
    big_gin = len(knocker_cards) == 11
    if big_gin:
        if rules.big_gin_bonus is None:
            raise IllegalMove("the knocker must discard: big gin (11 melded cards) is not "
                              "played under these rules")
        if deadwood_of_mask(k_mask):
            raise IllegalMove("big gin needs all 11 cards in melds")
    limit = rules.resolve_knock_limit(knock_limit)

    if knocker_melds is not None:
        spreads = [_arrangement_of(_spread_from(knocker_melds, k_mask, "knocker"), k_mask)]
    else:
        spreads = list(all_best_arrangements(knocker_cards))
    count = spreads[0].deadwood
    if big_gin and count:
        raise IllegalMove(f"big gin spreads all 11 cards in melds; this spread leaves "
                          f"{count} of deadwood")
    if count > limit:
        worth = " + ".join(str(c.points) for c in spreads[0].deadwood_cards)
        shown = f"{worth} = {count}" if len(spreads[0].deadwood_cards) > 1 else str(count)
        rule = "gin only" if limit == 0 else f"the knock limit of {limit}"
        raise IllegalMove(f"the knocker's deadwood is {shown}, over {rule}")
    if count == 0 and layoffs:
        raise IllegalMove("no lay-offs against gin")

    def answer(spread: Arrangement) -> tuple[Arrangement, tuple[LaidOff, ...]]:
        if count == 0:
            return _defender_without_layoffs(defender_cards, d_mask, defender_melds), ()
        if defender_melds is None and layoffs is None:
            return _best_layoffs_of_mask(spread.melds, d_mask)
        if layoffs is None:
            assert defender_melds is not None
            return _layoffs_around(spread.melds, d_mask, defender_melds)
        return _defender_choice(spread.melds, d_mask, defender_melds, layoffs)

    # The knocker picks, among its optimal spreads, the one that leaves the defender most.
    answers = [(spread, *answer(spread)) for spread in spreads]
    spread, own, laid = max(answers, key=lambda a: a[1].deadwood)
    before = own.deadwood + sum(layoff.card.points for layoff in laid)
    outcome: Outcome
    winner: Winner
    if count == 0:
        outcome = "big_gin" if big_gin else "gin"
        bonus = rules.big_gin_bonus if big_gin else rules.gin_bonus
        winner, points = "knocker", (bonus or 0) + own.deadwood
    elif own.deadwood < count or (own.deadwood == count and rules.undercut_on_tie):
        outcome, winner = "undercut", "defender"
        points = count - own.deadwood + rules.undercut_bonus
    else:
        outcome, winner, points = "knock", "knocker", own.deadwood - count
    return Settlement(spread, own, laid, before, outcome, winner, points, rules)


def _defender_without_layoffs(cards: tuple[Card, ...], mask: int,
                              melds: Sequence[HandLike] | None) -> Arrangement:
    if melds is None:
        return best_arrangement(cards)
    return _arrangement_of(_spread_from(melds, mask, "defender"), mask)


def _defender_choice(
    spread: Sequence[Meld], mask: int, melds: Sequence[HandLike] | None,
    layoffs: Iterable[Card | str] | None,
) -> tuple[Arrangement, tuple[LaidOff, ...]]:
    laid_mask = 0
    for card in to_cards(layoffs or (), "layoffs"):
        if not mask & card.bit:
            raise IllegalMove(f"the defender cannot lay off {card}: it is not in the hand")
        laid_mask |= card.bit
    plan = next((p for p in _layoff_plans(spread, mask) if p[0] == laid_mask), None)
    if plan is None:
        shown = " ".join(str(c) for c in cards_from_mask(laid_mask))
        raise IllegalMove(f"{shown} cannot all be laid off on the knocker's melds (a set takes "
                          "its fourth card; a run takes cards at its ends, in a chain)")
    kept = mask & ~laid_mask
    if melds is None:
        return best_arrangement(cards_from_mask(kept)), plan[1]
    own = _spread_from(melds, mask, "defender")
    for meld in own:
        if meld.mask & laid_mask:
            raise IllegalMove("a card laid off cannot also be in the defender's own meld")
    return _arrangement_of(own, kept), plan[1]


def _layoffs_around(spread: Sequence[Meld], mask: int,
                    melds: Sequence[HandLike]) -> tuple[Arrangement, tuple[LaidOff, ...]]:
    """The defender keeps its chosen melds and lays off the most points from the rest."""
    own = _spread_from(melds, mask, "defender")
    outside = mask
    for meld in own:
        outside &= ~meld.mask
    laid, layoffs = max(_layoff_plans(spread, outside),
                        key=lambda plan: (_points_of(plan[0]), -len(plan[1])))
    return _arrangement_of(own, mask & ~laid), layoffs


def _points_of(mask: int) -> int:
    return sum(card.points for card in cards_from_mask(mask))
