"""Settling a round: the knocker's spread, the defender's melds and lay-offs, and the points."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Literal

from gin_teach.core.cards import (
    JOKER_BITS,
    JOKER_POINTS,
    NATURAL_BITS,
    Card,
    HandLike,
    bits_of,
    card_points,
    cards_from_mask,
    hand_mask,
    to_card,
    to_cards,
)
from gin_teach.core.jokers import check_jokers_allowed
from gin_teach.core.kernel import (
    deadwood_of_mask,
    fitting_cards,
    is_undercut,
    layoff_extensions,
    may_knock,
)
from gin_teach.core.melds import Arrangement, Meld, arrangements_within, best_arrangement, to_melds
from gin_teach.core.rules import Rules
from gin_teach.core.solver import partitions_of_mask
from gin_teach.errors import CardError, IllegalMove

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
class LaidOff:
    """A defender's card added to one of the knocker's melds (``meld`` as the knocker spread it):
    the record a :class:`Settlement` keeps. The defender's move that asks for it is the action
    :class:`~gin_teach.engine.actions.LayOff`.

    >>> str(LaidOff(Card(8, "C"), Meld.of("9C TC JC")))
    '8♣ onto 9♣ 10♣ J♣'
    >>> str(LaidOff(Card.joker(), Meld.of("9C TC JC"), Card(8, "C")))
    '🃏(8♣) onto 9♣ 10♣ J♣'
    """

    card: Card
    meld: Meld
    stands_for: Card | None = None
    """For a joker laid off, the card it stands for at that end of the meld."""

    def __str__(self) -> str:
        card = f"{self.card}({self.stands_for})" if self.card.is_joker else str(self.card)
        return f"{card} onto {self.meld}"


def _as_made(layoffs: Sequence[LaidOff]) -> list[LaidOff]:
    """The lay-offs in an order they can be made, each onto its meld as it stands by then: a
    chain reads "7♥ onto 4♥ 5♥ 6♥, 8♥ onto 4♥ 5♥ 6♥ 7♥", since the 8♥ fits only after the 7♥."""
    grown: dict[Meld, Meld] = {}
    pending = list(layoffs)
    made = []
    while pending:
        for layoff in pending:
            now = grown.get(layoff.meld, layoff.meld)
            if layoff.card.is_joker or layoff.card.bit & fitting_cards(now.stand_in_mask):
                break
        else:  # nothing fits on its own any more: keep the recorded order
            layoff = pending[0]
            now = grown.get(layoff.meld, layoff.meld)
        pending.remove(layoff)
        made.append(replace(layoff, meld=now))
        if layoff.card.is_joker and layoff.stands_for is not None:
            grown[layoff.meld] = Meld(now.cards + (layoff.card,), now.kind,
                                      now.stands_for + (layoff.stands_for,))
        elif layoff.card.bit & fitting_cards(now.stand_in_mask):
            grown[layoff.meld] = extend_meld(now, layoff.card)
    return made


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
        raise IllegalMove(f"{card.code if card.is_joker else card} is already in {meld}")
    shows = meld.shows()  # each joker as the card it stands for
    fits = fitting_cards(meld.stand_in_mask)
    if card.is_joker:
        # A joker goes where a card would fit: a set's missing suit, else above the run's top
        # (below it at the king).
        places = cards_from_mask(fits)
        if not places:
            raise IllegalMove(f"no card fits {meld}, so neither does a joker")
        return Meld(meld.cards + (card,), meld.kind, meld.stands_for + (places[-1],))
    if card in shows:
        raise IllegalMove(f"{card} is already in {meld}, as a joker")
    if not fits & card.bit:
        why = ("a set takes only its own rank" if meld.kind == "set" else
               "a run takes only its own suit" if card.suit != shows[0].suit else
               "a run takes only the next card at either end")
        raise IllegalMove(f"{card} does not fit {meld}: {why}")
    return Meld(meld.cards + (card,), meld.kind, meld.stands_for)


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
    """The ways to lay cards of ``available`` onto the plain ``meld`` (the kernel's
    :func:`~gin_teach.core.kernel.layoff_extensions`), each a list of card bits in the order they
    go on: a set's missing card, or a run's chain down from its bottom, then up from its top."""
    bottom = meld.mask & -meld.mask
    choices = []
    for extension in layoff_extensions(meld.mask, available):
        down = extension & (bottom - 1)
        bits = []
        while down:
            top = 1 << (down.bit_length() - 1)
            bits.append(top)
            down ^= top
        bits += bits_of(extension & ~(bottom - 1))
        choices.append(bits)
    return choices


def _layoff_plans(melds: Sequence[Meld], defender: int,
                  blocked: int = 0) -> list[tuple[int, tuple[LaidOff, ...]]]:
    """Every legal set of lay-offs from ``defender`` onto ``melds``: (mask laid off, lay-offs).
    A joker may stand for a card in no hand: not in ``blocked`` (both hands' natural cards)."""
    if defender & JOKER_BITS or any(meld.jokers for meld in melds):
        return _layoff_plans_with_jokers(melds, defender, blocked)
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


_Placement = tuple[int, int]
"""One card laid off, as (the natural card's bit, or 0 for a joker; the bit of its place)."""


def _joker_extensions(meld: Meld, defender: int, blocked: int) -> list[list[_Placement]]:
    """The ways to lay cards onto ``meld`` when jokers are in play: each place at an end of a
    run (or a set's missing suit) takes the natural card there, or a joker standing for it."""
    jokers = (defender & JOKER_BITS).bit_count()
    shows = meld.shows()
    taken = blocked | meld.stand_in_mask

    def fillers(card: Card) -> list[_Placement]:
        ways = [(card.bit, card.bit)] if defender & card.bit else []
        if jokers and not taken & card.bit:
            ways.append((0, card.bit))
        return ways

    def chains(places: list[Card]) -> list[list[_Placement]]:
        found: list[list[_Placement]] = [[]]
        frontier: list[list[_Placement]] = [[]]
        for card in places:
            frontier = [chain + [way] for chain in frontier for way in fillers(card)
                        if sum(1 for b, _ in chain + [way] if not b) <= jokers]
            if not frontier:
                break
            found += frontier
        return found

    if meld.kind == "set":
        if len(shows) != 3:
            return [[]]
        missing = next(Card(shows[0].rank, s) for s in "SHDC"
                       if Card(shows[0].rank, s) not in shows)
        return [[]] + [[way] for way in fillers(missing)]
    suit, low, high = shows[0].suit, shows[0].rank, shows[-1].rank
    down = chains([Card(rank, suit) for rank in range(low - 1, 0, -1)])
    up = chains([Card(rank, suit) for rank in range(high + 1, 14)])
    return [d + u for d in down for u in up
            if sum(1 for b, _ in d + u if not b) <= jokers]


def _layoff_plans_with_jokers(melds: Sequence[Meld], defender: int,
                              blocked: int) -> list[tuple[int, tuple[LaidOff, ...]]]:
    jokers = cards_from_mask(defender & JOKER_BITS)
    plans = []
    for combination in product(*(_joker_extensions(m, defender, blocked) for m in melds)):
        laid = places = 0
        layoffs: list[LaidOff] = []
        unused = list(jokers)
        legal = True
        for meld, placements in zip(melds, combination, strict=True):
            for natural, place in placements:
                if laid & natural or places & place or not (natural or unused):
                    legal = False  # one card, or one place, twice; or a joker too many
                    break
                places |= place
                card = Card.from_index(place.bit_length() - 1)
                if natural:
                    laid |= natural
                    layoffs.append(LaidOff(card, meld))
                else:
                    joker = unused.pop(0)
                    laid |= joker.bit
                    layoffs.append(LaidOff(joker, meld, card))
            if not legal:
                break
        if legal:
            plans.append((laid, tuple(layoffs)))
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


def _best_layoffs_of_mask(melds: Sequence[Meld], mask: int, joker_points: int = JOKER_POINTS,
                          blocked: int = 0) -> tuple[Arrangement, tuple[LaidOff, ...]]:
    laid, layoffs = min(_layoff_plans(melds, mask, blocked), key=lambda plan: (
        deadwood_of_mask(mask ^ plan[0], joker_points), len(plan[1])))
    return (best_arrangement(cards_from_mask(mask ^ laid), joker_points=joker_points),
            layoffs)


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
            made = _as_made(self.layoffs)
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
            own, laid = _best_layoffs_of_mask(spread.melds, d_mask, jp, blocked)
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
                         for plan in _layoff_plans(spread.melds, d_mask, blocked))
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
    plan = next((p for p in _layoff_plans(spread, mask, blocked) if p[0] == laid_mask), None)
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
    laid, layoffs = max(_layoff_plans(spread, outside, blocked),
                        key=lambda plan: (_points_of(plan[0], joker_points), -len(plan[1])))
    return _arrangement_of(own, mask & ~laid, joker_points), layoffs


def _points_of(mask: int, joker_points: int) -> int:
    return sum(card_points(card, joker_points) for card in cards_from_mask(mask))
