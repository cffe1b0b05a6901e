"""What one player can infer about the other's hidden hand, as card masks: the chance of each
unseen card (:class:`OpponentModel`, from what it took, threw and passed), the danger of a
discard, imagined hands, and the lay-offs a knock would allow. The Defender, the playouts and
the judge share it.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from gin_teach.core.cards import CARD_POINTS, JOKER_BITS, JOKER_POINTS, NATURAL_BITS
from gin_teach.core.kernel import (
    best_throws,
    completes_meld,
    deadwood_of_mask,
    highest_points,
    neighbours,
)
from gin_teach.core.solver import MELDS_WITH_CARD
from gin_teach.core.validation import checks_masks, names_bad_arguments
from gin_teach.playouts.table_view import TableView, bits_of

__all__ = ["OpponentModel", "deadwood_after_layoffs"]


@dataclass(frozen=True)
class OpponentModel:
    """The chance of each unseen card being in the opponent's hand (see the module).

    ``chances`` maps each unseen card's bit to that chance; cards the opponent is known to
    hold are certain and the others (in a hand or the pile) impossible: :meth:`chance`.

    >>> from gin_teach import Round
    >>> rnd = Round(seed=2)
    >>> model = OpponentModel.of(TableView.from_observation(rnd.observation(0)))
    >>> round(sum(model.chances.values()), 6)  # its ten hidden cards
    10.0
    """

    chances: dict[int, float]
    holds: int
    hidden: int

    TOOK_WEIGHT = 1.6
    THREW_WEIGHT = 0.5
    PASSED_WEIGHT = 0.7

    @classmethod
    @names_bad_arguments
    def of(cls, view: TableView) -> OpponentModel:
        """The model for ``view``'s opponent.

        >>> from gin_teach import Round
        >>> rnd = Round(seed=2); rnd.apply("take")  # the non-dealer takes the upcard
        >>> taken = rnd.just_taken
        >>> model = OpponentModel.of(TableView.from_observation(rnd.observation(0)))
        >>> model.chance(taken.bit), model.hidden
        (1.0, 10)
        """
        near_took = neighbours(view.opponent_holds)
        near_threw = neighbours(view.opponent_discarded)
        near_passed = neighbours(view.opponent_passed)
        weights: dict[int, float] = {}
        for bit in bits_of(view.unseen):
            weight = 1.0
            if bit & near_took:
                weight *= cls.TOOK_WEIGHT
            if bit & near_threw:
                weight *= cls.THREW_WEIGHT
            if bit & near_passed:
                weight *= cls.PASSED_WEIGHT
            weights[bit] = weight
        total = sum(weights.values()) or 1.0
        scale = view.opponent_unknown / total
        return cls({bit: min(w * scale, 0.95) for bit, w in weights.items()},
                   view.opponent_holds, view.opponent_unknown)

    def chance(self, bit: int) -> float:
        """The chance the opponent holds the card ``bit``.

        >>> OpponentModel({4: 0.25}, 8, 1).chance(4), OpponentModel({}, 8, 0).chance(8)
        (0.25, 1.0)
        """
        if bit & self.holds:
            return 1.0
        return self.chances.get(bit, 0.0)

    def danger(self, bit: int) -> float:
        """The chance that the card ``bit``, thrown, completes a three-card meld in the
        opponent's hand (summed over those melds, at most 1).

        >>> from gin_teach.core.cards import Card
        >>> model = OpponentModel({}, Card(7, "S").bit | Card(7, "H").bit, 0)
        >>> model.danger(Card(7, "D").bit), model.danger(Card(2, "C").bit)
        (1.0, 0.0)

        A joker completes a meld with any two cards that make one with it: its danger is 1.
        A joker the opponent holds stands in for either of the two cards, so with a joker
        and the 7♠ known in its hand, the 7♦ and the 8♠ are both sure to help it:

        >>> with_joker = OpponentModel({}, Card(7, "S").bit | Card.joker(1).bit, 0)
        >>> with_joker.danger(Card(7, "D").bit), with_joker.danger(Card(8, "S").bit)
        (1.0, 1.0)
        """
        if bit & JOKER_BITS:
            return 1.0
        total = 0.0
        partners = 0
        for meld, _ in MELDS_WITH_CARD[bit.bit_length() - 1]:
            if meld.bit_count() != 3:
                continue
            chance = 1.0
            for other in bits_of(meld ^ bit):
                chance *= self.chance(other)
            total += chance
            partners |= meld ^ bit
        no_joker = 1.0
        for joker in bits_of(JOKER_BITS):
            no_joker *= 1.0 - self.chance(joker)
        if no_joker < 1.0:
            no_partner = 1.0
            for other in bits_of(partners):
                no_partner *= 1.0 - self.chance(other)
            total += (1.0 - no_joker) * (1.0 - no_partner)
        return min(total, 1.0)

    @functools.cached_property
    def _drawing(self) -> tuple[list[int], list[float]]:
        """The unseen cards in order and the power of each one's draw (one over its chance),
        worked out once: an imagined deal samples the same model hundreds of times."""
        return list(self.chances), [1.0 / chance for chance in self.chances.values()]

    def sample(self, rng: random.Random, improve: int = 0,
               joker_points: int = JOKER_POINTS) -> int:
        """A hand the opponent might hold: its known cards plus hidden ones drawn by their
        chances; with ``improve``, that many more are drawn and the worst thrown back, as a
        player keeps its best cards over its draws.

        >>> from gin_teach import Round
        >>> model = OpponentModel.of(TableView.from_observation(Round(seed=2).observation(0)))
        >>> model.sample(random.Random(1), improve=3).bit_count()
        10
        """
        return self.sample_counted(rng, improve, joker_points)[0]

    def sample_counted(self, rng: random.Random, improve: int = 0,
                       joker_points: int = JOKER_POINTS) -> tuple[int, int]:
        """:meth:`sample`'s hand and its deadwood when throwing back found it on the way
        (-1 when not): the playouts ask whether every imagined hand would have knocked.

        >>> from gin_teach import Round
        >>> from gin_teach.core.kernel import deadwood_of_mask
        >>> model = OpponentModel.of(TableView.from_observation(Round(seed=2).observation(0)))
        >>> hand, count = model.sample_counted(random.Random(1), improve=3)
        >>> hand == model.sample(random.Random(1), improve=3), count == deadwood_of_mask(hand)
        (True, True)
        """
        hidden = self.hidden
        if not hidden:  # every card it holds was taken from the pile: nothing to imagine
            return self.holds, -1
        # Weighted sampling without replacement: the largest u ** (1 / weight) win, one draw
        # per card in the dict's order, the first of equal keys first (a stable sort).
        bits, powers = self._drawing
        draw = rng.random
        keys = [draw() ** power for power in powers]
        hand = self.holds
        for index in sorted(range(len(keys)), key=keys.__getitem__,
                            reverse=True)[:hidden + improve]:
            hand |= bits[index]
        count = -1
        for _ in range(min(improve, len(bits) - hidden)):
            card, left = _worst_card(hand, self.holds, joker_points)
            hand ^= card
            if left >= 0:
                count = left
            elif count >= 0:  # a loose card thrown: the count falls by its points
                count -= CARD_POINTS[card.bit_length() - 1]
        return hand, count


def _worst_card(hand: int, keep: int, joker_points: int) -> tuple[int, int]:
    """The card whose loss leaves the least deadwood (the higher among equals, the first of
    equal cards), never one of ``keep``, and the deadwood it leaves (-1 when not solved).

    Without a solve when the first of the highest cards that may go is in no meld of the
    hand: that card is deadwood in every arrangement, so losing it saves all its points,
    and no card can save more than its own points; any other card that saves as much counts
    as much and comes after it. (Imagined hands of 12 to 17 cards are thrown back this way
    one card at a time, and about half the time this card is loose.)

    >>> from gin_teach.core.cards import cards_from_mask, hand_mask
    >>> hand = hand_mask("7S 7H 7D KS KH 5C 9D")  # K♠ and K♥ make no meld here
    >>> card, left = _worst_card(hand, 0, JOKER_POINTS)
    >>> cards_from_mask(card), left
    ((Card('KS'),), -1)
    >>> card, left = _worst_card(hand_mask("QS KS JS 9D 2C"), 0, JOKER_POINTS)  # the run
    >>> cards_from_mask(card), left
    ((Card('9D'),), 2)
    """
    allowed = hand & ~keep
    if hand <= NATURAL_BITS:
        highest = highest_points(allowed)
        first = highest & -highest
        if first and not completes_meld(hand ^ first, first.bit_length() - 1):
            return first, -1
    key = hand | keep << 54 | joker_points << 108
    found = _WORST_MEMO.get(key)
    if found is None:
        if len(_WORST_MEMO) >= _WORST_MEMO_SIZE:
            _WORST_MEMO.clear()
        left, bits = best_throws(hand, allowed, joker_points)
        found = _WORST_MEMO[key] = (bits & -bits, left)
    return found


#: The solved throw-backs (see :func:`_worst_card`), by hand, cards kept and joker points,
#: emptied past :data:`_WORST_MEMO_SIZE` (a few megabytes; one judgement fills a few
#: thousand): it samples the same model for every deal, and the last throws back, from 11
#: to 13 cards, come back often (about one solve in three).
_WORST_MEMO: dict[int, tuple[int, int]] = {}
_WORST_MEMO_SIZE = 1 << 15


@checks_masks("hand", "layable")
def deadwood_after_layoffs(hand: int, layable: int, joker_points: int = JOKER_POINTS) -> int:
    """The least deadwood of ``hand`` when any of its ``layable`` cards may be laid off (an
    estimate: a run's second card out is not offered); a joker in no meld counts
    ``joker_points``.

    >>> from gin_teach.core.cards import hand_mask
    >>> deadwood_after_layoffs(hand_mask("7C KS 2D"), hand_mask("7C 9H"))
    12
    """
    layable &= hand
    if hand <= NATURAL_BITS:
        # A card in no meld of the hand is in none of any part of it: laying it off saves its
        # points whatever else is laid off, so every such card goes, and only the others are
        # tried in and out (every playout's knock asks this).
        loose = 0
        for bit in bits_of(layable):
            if not completes_meld(hand ^ bit, bit.bit_length() - 1):
                loose |= bit
        hand ^= loose
        layable ^= loose
    best = deadwood_of_mask(hand, joker_points)
    bits = bits_of(layable)
    for subset in range(1, 1 << len(bits)):
        laid = sum(bit for i, bit in enumerate(bits) if subset >> i & 1)
        best = min(best, deadwood_of_mask(hand ^ laid, joker_points))
    return best
