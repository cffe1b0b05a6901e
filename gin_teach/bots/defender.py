"""The Defender: the Shaper's offence plus a model of the opponent's hand.

What the opponent did says what it holds (:class:`OpponentModel`):

- a card it **took** from the pile it keeps for a meld, so the cards next to it (same rank,
  or same suit within two ranks) are likelier in its hand;
- a card it **threw**, and a face-up card it **passed**, it had no use for, so the cards next
  to those are less likely (players rarely break up a pair or a run piece);
- the rest of its hidden cards are spread over the unseen cards in proportion.

From that model the Defender weighs the **danger** of each discard (the chance it completes
an opponent meld), keeps away from dangerous cards more as the stock runs down, never throws
a card that completes a meld with cards the opponent is known to hold late in the hand,
**knocks only when an undercut is unlikely** (it samples hands the opponent could hold and
counts how often they would undercut), and **spreads its melds to leave the least to lay
off** against the hands it thinks likely, never looking at the opponent's real cards.

>>> from gin_teach import SimpleBot, play_games
>>> play_games(DefenderBot(seed=1), SimpleBot(seed=1), n=2, seed=3).games
2
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_teach.bots.shaper import ShaperBot, WeighedDiscard
from gin_teach.core.cards import CARD_POINTS, JOKER_BITS, NATURAL_BITS, cards_from_mask
from gin_teach.core.jokers import joker_melds
from gin_teach.core.kernel import deadwood_of_mask, is_undercut, layoff_cards, may_knock
from gin_teach.core.melds import Arrangement, all_best_arrangements
from gin_teach.core.solver import MELDS_WITH_CARD
from gin_teach.engine.actions import Action
from gin_teach.playouts.opponent import OpponentModel, deadwood_after_layoffs
from gin_teach.playouts.table_view import TableView, bits_of, discard_or_knock

__all__ = ["DefenderBot"]

#: From this stock size on the Defender never throws a card that completes a meld with cards
#: the opponent is known to hold.
LATE_HAND_STOCK = 14

#: When the Defender imagines the opponent's hand to judge an undercut, it lets that hand keep
#: its best cards over one extra draw for every this many cards gone from the stock. With every
#: fourth draw the imagined hands were too weak, and a player that never knocks and waits for
#: gin beat the Defender (54% of 400 games, EAAI rules, seed 1); with every second draw (and
#: danger weight 4) that player wins 48.8% of 2,000 games (``benchmarks/strength.py --exploit``).
DRAWS_PER_KEPT_CARD = 2


class DefenderBot(ShaperBot):
    """The Shaper plus a model of the opponent: safe discards, undercut-aware knocks and a
    spread that blocks lay-offs (see the module).

    ``danger_weight`` is how many points of expected deadwood it gives up to avoid a card
    that surely completes an opponent meld (it grows as the stock runs down);
    ``undercut_risk`` the largest estimated undercut chance it knocks into; ``samples`` the
    opponent hands it imagines for that estimate. ``seed`` fixes those samples.

    >>> from gin_teach import Round
    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
    ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="6H", dealer=1)
    >>> str(DefenderBot(seed=1).choose(rnd.observation(0), rnd.legal_actions()))
    'take'
    """

    description = ("Defender: reads your pick-ups and discards, throws safe cards, knocks "
                   "when an undercut is unlikely")

    def __init__(self, seed: int | None = None, *, danger_weight: float = 4.0,
                 undercut_risk: float = 0.25, samples: int = 24, knock_early: int = 10,
                 knock_late: int = 3, late_stock: int = 19, take_margin: float = 0.5) -> None:
        super().__init__(seed, knock_early=knock_early, knock_late=knock_late,
                         late_stock=late_stock, take_margin=take_margin)
        self.danger_weight = danger_weight
        self.undercut_risk = undercut_risk
        self.samples = samples

    def options(self, view: TableView) -> list[WeighedDiscard]:
        """The Shaper's discards re-ranked with each card's danger; late in the hand a card
        that completes a meld with cards the opponent is known to hold goes last.

        >>> from gin_teach import Round
        >>> rnd = Round(seed=2); rnd.apply("pass"); rnd.apply("pass"); rnd.apply("draw")
        >>> view = TableView.from_observation(rnd.observation(rnd.current_player))
        >>> len(DefenderBot(seed=1).options(view))
        11
        """
        options = super().options(view)
        model = OpponentModel.of(view)
        progress = min(max((31 - view.stock_size) / 29, 0.0), 1.0)
        weight = self.danger_weight * (0.5 + progress)
        late = view.stock_size <= LATE_HAND_STOCK

        def key(option: WeighedDiscard) -> tuple[bool, float, int]:
            feeds = late and _feeds_known(option.bit, view)
            expected = option.expected if option.expected is not None else float("inf")
            return feeds, expected + weight * model.danger(option.bit), option.deadwood

        return sorted(options, key=key)

    def undercut_chance(self, view: TableView, hand: int, melds: Sequence[int]) -> float:
        """The share of sampled opponent hands that would undercut a knock of ``hand`` (the
        ten cards kept) spread as ``melds``.

        >>> from gin_teach.core.cards import hand_mask
        >>> from gin_teach import Round
        >>> view = TableView.from_observation(Round(seed=2).observation(0))
        >>> bot = DefenderBot(seed=1)
        >>> bot.undercut_chance(view, hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D AH"),
        ...                     [hand_mask("AS 2S 3S"), hand_mask("4H 4D 4C"),
        ...                      hand_mask("9S 9H 9D")])
        0.0
        """
        count = deadwood_of_mask(hand, view.joker_points)
        model = OpponentModel.of(view)
        improve = max(31 - view.stock_size, 0) // DRAWS_PER_KEPT_CARD
        layable = layoff_cards(melds)
        under = 0
        for _ in range(self.samples):
            theirs = model.sample(self._rng, improve, view.joker_points) & ~hand
            if is_undercut(count, deadwood_after_layoffs(theirs, layable, view.joker_points),
                           view.undercut_on_tie):
                under += 1
        return under / self.samples

    def discard(self, view: TableView, legal_actions: Sequence[Action]) -> Action:
        """Gin when it can; a knock when the count allows and an undercut looks unlikely;
        else the safest good discard (:meth:`options`).

        >>> from gin_teach import Round
        >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
        ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="8D", dealer=1)
        >>> rnd.apply("take")
        >>> view = TableView.from_observation(rnd.observation(0))
        >>> print(DefenderBot(seed=1).discard(view, rnd.legal_actions()))  # 8 left, early
        knock KD melds [7S 7H 7D] [3H 4H 5H] [9C TC JC]
        """
        options = self.options(view)
        lowest = min(options, key=lambda o: (o.deadwood, o.expected or 0.0))
        if lowest.deadwood == 0:
            return self.knock(view, lowest.bit, legal_actions)
        if may_knock(lowest.deadwood, self.knock_limit_now(view)):
            kept = view.hand ^ lowest.bit
            spread = self.spread(view, kept)
            melds = [sum(c.bit for c in meld) for meld in spread.melds]
            if self.undercut_chance(view, kept, melds) <= self.undercut_risk:
                return discard_or_knock(legal_actions, lowest.bit, knock=True,
                                        melds=spread.melds)
        return discard_or_knock(legal_actions, options[0].bit, knock=False)

    def spread(self, view: TableView, kept: int) -> Arrangement:
        """Among the best arrangements of the ``kept`` cards, the one whose lay-off cards the
        opponent is least likely to hold (by points).

        >>> from gin_teach import Round
        >>> rnd = Round.from_deal(["4S 4H 4D 3H 5H 7C 8C 9C KC KD",
        ...                        "2S 3S 5S QD QH QC 8D KH 5D TS"], upcard="JS", dealer=1)
        >>> view = TableView.from_observation(rnd.observation(0))
        >>> print(DefenderBot().spread(view, view.hand))  # the run would take 2♥ and 6♥
        4♠ 4♥ 4♦ | 7♣ 8♣ 9♣ | deadwood 3♥ 5♥ K♦ K♣ = 28
        """
        model = OpponentModel.of(view)

        def exposure(arrangement: Arrangement) -> float:
            layable = layoff_cards([sum(c.bit for c in m) for m in arrangement.melds])
            return sum(model.chance(bit) * CARD_POINTS[bit.bit_length() - 1]
                       for bit in bits_of(layable))

        return min(all_best_arrangements(cards_from_mask(kept), limit=12,
                                         joker_points=view.joker_points), key=exposure)


def _feeds_known(bit: int, view: TableView) -> bool:
    """Whether the card ``bit`` makes a meld with cards the opponent is known to hold."""
    if bit & JOKER_BITS:
        known = view.opponent_holds & NATURAL_BITS
        return bool(joker_melds(known, known, 1))
    return any(meld & ~bit & ~view.opponent_holds == 0
               for meld, _ in MELDS_WITH_CARD[bit.bit_length() - 1] if meld.bit_count() == 3)
