"""Laying off: a defender's cards added to the knocker's melds, one at a time or the best
set of them, jokers included (a joker stands for the card at the place it takes).

The settlement of a round (:mod:`gin_teach.core.scoring`) chooses the defender's lay-offs
here; the widgets and lessons ask which melds a card fits.

>>> [str(m) for m in layoff_options([Meld.of("7S 7H 7D"), Meld.of("4H 5H 6H")], "3H")]
['4♥ 5♥ 6♥']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import product

from gin_teach.core.cards import (
    JOKER_BITS,
    JOKER_POINTS,
    Card,
    HandLike,
    bits_of,
    cards_from_mask,
    hand_mask,
    to_card,
    to_cards,
)
from gin_teach.core.kernel import deadwood_of_mask, fitting_cards, layoff_extensions
from gin_teach.core.melds import Arrangement, Meld, best_arrangement, to_melds
from gin_teach.errors import IllegalMove

# The mask-level helpers the settlement shares (layoffs_as_made, layoff_plans,
# best_layoffs_of_mask) check nothing, so they stay out of __all__, the names the package
# checks and fuzzes with odd values (as the kernel's do).
__all__ = ["LaidOff", "best_layoffs", "extend_meld", "layoff_options"]


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


def layoffs_as_made(layoffs: Sequence[LaidOff]) -> list[LaidOff]:
    """The lay-offs in an order they can be made, each onto its meld as it stands by then: a
    chain reads "7♥ onto 4♥ 5♥ 6♥, 8♥ onto 4♥ 5♥ 6♥ 7♥", since the 8♥ fits only after the 7♥
    (what :meth:`~gin_teach.core.scoring.Settlement.explain` prints).

    >>> run = Meld.of("4H 5H 6H")
    >>> [str(l) for l in layoffs_as_made([LaidOff(Card(8, "H"), run), LaidOff(Card(7, "H"), run)])]
    ['7♥ onto 4♥ 5♥ 6♥', '8♥ onto 4♥ 5♥ 6♥ 7♥']
    """
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


def layoff_plans(melds: Sequence[Meld], defender: int,
                 blocked: int = 0) -> list[tuple[int, tuple[LaidOff, ...]]]:
    """Every legal set of lay-offs from the hand of mask ``defender`` onto ``melds``: (mask
    laid off, lay-offs), laying off nothing among them. A joker may stand for a card in no
    hand: not in ``blocked`` (both hands' natural cards). Masks in, unchecked, for the
    settlement's search.

    >>> from gin_teach.core.cards import hand_mask
    >>> plans = layoff_plans([Meld.of("4H 5H 6H")], hand_mask("7H 8H 2C"))
    >>> sorted(" ".join(str(l.card) for l in laid) for _, laid in plans)
    ['', '7♥', '7♥ 8♥']
    """
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
    return best_layoffs_of_mask(melds, hand_mask(to_cards(defender, "defender")))


def best_layoffs_of_mask(melds: Sequence[Meld], mask: int, joker_points: int = JOKER_POINTS,
                         blocked: int = 0) -> tuple[Arrangement, tuple[LaidOff, ...]]:
    """:func:`best_layoffs` for a defender's hand given as a mask (unchecked), a joker in no
    meld counting ``joker_points``; ``blocked`` as for :func:`layoff_plans`.

    >>> from gin_teach.core.cards import hand_mask
    >>> own, laid = best_layoffs_of_mask([Meld.of("9C TC JC")], hand_mask("8C 2S 3S 4S KH"))
    >>> own.deadwood, [str(layoff) for layoff in laid]
    (10, ['8♣ onto 9♣ 10♣ J♣'])
    """
    laid, layoffs = min(layoff_plans(melds, mask, blocked), key=lambda plan: (
        deadwood_of_mask(mask ^ plan[0], joker_points), len(plan[1])))
    return (best_arrangement(cards_from_mask(mask ^ laid), joker_points=joker_points),
            layoffs)
