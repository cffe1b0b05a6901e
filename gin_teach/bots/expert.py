"""The Expert: the Defender's judgement, checked by playing the hand out many times.

At a close decision (its best discards, knocking or playing on, taking the face-up card or
drawing) the Expert starts from the Defender's choice, imagines hands the opponent could
hold (the Defender's :class:`~gin_teach.bots.defence.OpponentModel`) and the order of the
stock, plays the rest of the hand out quickly for both sides (:func:`playout`), and takes
another choice only when it scores clearly more on average (by two standard errors). Every
choice is tried on the *same* imagined deals (common random numbers), so the comparison
measures the choices, not the luck of the samples.

Its thinking time is a number of playouts, not seconds, so the same seed plays the same
game on any machine; ``benchmarks/strength.py --time`` measures the time per decision.

>>> from gin_teach import SimpleBot, play_games, Rules
>>> play_games(ExpertBot(seed=1, playouts=24), SimpleBot(seed=1), n=1, seed=3,
...            rules=Rules(target=30)).games
1
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gin_teach.actions import Action, Knock
from gin_teach.bots.defence import (
    DefenderBot,
    OpponentModel,
    deadwood_after_layoffs,
    layoff_cards,
)
from gin_teach.bots.offence import DiscardOption
from gin_teach.bots.table import ALL_CARDS, POINTS, TableView, bits_of, discard_or_knock
from gin_teach.cards import JOKER_POINTS, Card, HandLike, cards_from_mask, to_cards
from gin_teach.melds import best_arrangement, best_discard_of_mask, deadwood_of_mask
from gin_teach.records import Observation
from gin_teach.rules import Rules

if TYPE_CHECKING:
    from gin_teach.analysis import Knowledge

__all__ = ["ExpertBot", "PlayoutRules", "expert_discard_points", "playout", "settle_masks"]

#: Discards whose Defender score is within this many points of the best are played out.
CLOSE = 3.0


@dataclass(frozen=True)
class PlayoutRules:
    """The numbers a playout needs: knock limit, bonuses, the dead-hand stock size, and the
    stock size under which both sides knock only with ``late_knock`` or less.

    >>> PlayoutRules.of(Rules(), 10).undercut_bonus
    25
    """

    knock_limit: int
    gin_bonus: int
    undercut_bonus: int
    undercut_on_tie: bool
    dead_hand_stock: int
    late_stock: int = 19
    late_knock: int = 3
    joker_points: int = JOKER_POINTS

    @classmethod
    def of(cls, rules: Rules, knock_limit: int) -> PlayoutRules:
        """The playout numbers of ``rules`` for a round whose knock limit is ``knock_limit``.

        >>> classic = PlayoutRules.of(Rules.classic(), 7)
        >>> classic.knock_limit, classic.gin_bonus
        (7, 20)
        """
        return cls(knock_limit, rules.gin_bonus, rules.undercut_bonus, rules.undercut_on_tie,
                   rules.dead_hand_stock, joker_points=rules.joker_points)


def settle_masks(knocker: int, defender: int, rules: PlayoutRules) -> int:
    """The knocker's score (negative when undercut) for a knock of the ten ``knocker`` cards
    against the ``defender`` cards, lay-offs estimated (:func:`deadwood_after_layoffs`).

    >>> from gin_teach.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> settle_masks(hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D 2H"),
    ...              hand_mask("KS KH QD QC JS JH TD TC 8S 7D"), pr)  # 95 - 2
    93
    """
    jp = rules.joker_points
    count = deadwood_of_mask(knocker, jp)
    if count == 0:
        return rules.gin_bonus + deadwood_of_mask(defender, jp)
    spread = best_arrangement(cards_from_mask(knocker), joker_points=jp)
    melds = [sum(c.bit for c in meld) for meld in spread.melds]
    theirs = deadwood_after_layoffs(defender, layoff_cards(melds), jp)
    if theirs < count or (theirs == count and rules.undercut_on_tie):
        return -(rules.undercut_bonus + count - theirs)
    return theirs - count


def _throw(hand: int, taken: int, joker_points: int) -> tuple[int, int]:
    """The fast policy's discard: the card leaving the least deadwood (the higher among
    equals), never ``taken``; returns (deadwood left, card bit)."""
    value, bits = best_discard_of_mask(hand, joker_points)
    bits &= ~taken
    if not bits:
        value, bits = min((deadwood_of_mask(hand ^ b, joker_points), b)
                          for b in bits_of(hand & ~taken))
    best, best_points = 0, -1
    for bit in bits_of(bits):
        points = POINTS[bit.bit_length() - 1]
        if points >= best_points:
            best, best_points = bit, points
    return value, best


def playout(hands: list[int], stock: list[int], top: int, mover: int,
            rules: PlayoutRules) -> int:
    """Play a hand to its end from ``mover``'s draw, both sides by a fast policy, and return
    player 0's score (negative when player 1 scores; 0 for a dead hand). ``hands`` are
    masks (changed in place), ``stock`` card bits with the top last, ``top`` the face-up
    card's bit. The policy takes a face-up card that completes a meld and lowers the count,
    throws the highest card that leaves the least deadwood, and knocks as the Shaper does.

    >>> from gin_teach.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> hands = [hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC"),
    ...          hand_mask("KS KH QD QC JS JH TD TC 8S 7D")]
    >>> stock = [hand_mask(card) for card in ("5D", "7C", "6D", "2H")]  # the top last
    >>> playout(hands, stock, top=0, mover=0, rules=pr)  # draws 2♥, knocks: 95 - 2
    93
    """
    while True:
        hand = hands[mover]
        taken = 0
        if top:
            value, bits = best_discard_of_mask(hand | top, rules.joker_points)
            if bits & ~top and value < deadwood_of_mask(hand, rules.joker_points):
                taken = top
        if taken:
            hand |= taken
        elif len(stock) > rules.dead_hand_stock:
            hand |= stock.pop()
        else:
            return 0
        value, card = _throw(hand, taken, rules.joker_points)
        hand ^= card
        hands[mover] = hand
        limit = rules.knock_limit if len(stock) > rules.late_stock else min(
            rules.late_knock, rules.knock_limit)
        if value == 0 or value <= limit:
            score = settle_masks(hand, hands[1 - mover], rules)
            return score if mover == 0 else -score
        if len(stock) <= rules.dead_hand_stock:
            return 0
        top = card
        mover ^= 1


def expert_discard_points(hand11: HandLike, knowledge: Knowledge, rules: Rules | None = None,
                          *, seed: int = 0, playouts: int = 240) -> dict[Card, list[int]]:
    """The Expert's own judgement of every discard of an 11-card ``hand11``, as a puzzle
    states it (a :class:`~gin_teach.analysis.Knowledge`): each legal discard's score for
    this player on ``playouts`` imagined deals, the same deals for every card (the Expert's
    sampled opponent model and :func:`playout`). A discard that may knock counts the better
    of knocking and playing on, deal by deal.

    >>> from gin_teach.analysis import Knowledge
    >>> points = expert_discard_points("AS 2S 3S 5H 6H 7H 9D TD JD 2C KH",
    ...                                Knowledge(stock_size=28), seed=1, playouts=60)
    >>> best = max(points, key=lambda card: sum(points[card]))  # keep the 2♣, knock with 2
    >>> str(best), len(points[best])
    ('K♥', 60)
    """
    rules = rules or Rules.modern()
    cards = to_cards(hand11)
    hand = sum(card.bit for card in cards)
    pile = sum(card.bit for card in knowledge.discard_pile)
    holds = sum(card.bit for card in knowledge.opponent_holds)
    unseen = ALL_CARDS & ~(hand | pile | holds)
    opponent_unknown = 10 - holds.bit_count()
    knock_limit = knowledge.knock_limit if knowledge.knock_limit is not None \
        else rules.knock_limit
    stock_size = knowledge.stock_size if knowledge.stock_size is not None \
        else unseen.bit_count() - opponent_unknown
    taken = knowledge.just_taken.bit if knowledge.just_taken is not None else 0
    view = TableView(
        hand=hand, unseen=unseen, pile=pile, top=pile and 1 << (pile.bit_length() - 1),
        opponent_holds=holds, opponent_took=sum(c.bit for c in knowledge.opponent_took),
        opponent_passed=sum(c.bit for c in knowledge.opponent_passed),
        opponent_discarded=sum(c.bit for c in knowledge.opponent_discarded),
        opponent_unknown=opponent_unknown, stock_size=stock_size, just_taken=taken,
        knock_limit=knock_limit)
    playout_rules = PlayoutRules.of(rules, knock_limit)
    model = OpponentModel.of(view)
    improve = max(31 - stock_size, 0) // 4
    rng = random.Random(seed)
    discards = [card for card in cards if card.bit != taken]
    points: dict[Card, list[int]] = {card: [] for card in discards}
    for _ in range(playouts):
        theirs = model.sample(rng, improve)
        stock = bits_of(unseen & ~theirs)
        rng.shuffle(stock)
        for card in discards:
            kept = hand ^ card.bit
            score = -playout([theirs, kept], list(stock), card.bit, 0, playout_rules)
            if deadwood_of_mask(kept) <= knock_limit:
                score = max(score, settle_masks(kept, theirs, playout_rules))
            points[card].append(score)
    return points


class ExpertBot(DefenderBot):
    """Monte-Carlo playouts over its close choices (see the module).

    ``playouts`` is the thinking budget per decision, shared among the choices weighed (the
    default measured about 40 ms of CPU per decision at the median, 50 ms at the 90th
    percentile, inside the course's 100 ms budget); ``seed`` fixes the imagined deals.
    Other settings are the Defender's.

    >>> from gin_teach import Round
    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
    ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="6H", dealer=1)
    >>> str(DefenderBot(seed=1).choose(rnd.observation(0), rnd.legal_actions()))  # 3-6♥
    'take'
    >>> # Taking knocks with 7; a blind draw also lets the K♦ go, and often for less.
    >>> str(ExpertBot(seed=1, playouts=60).choose(rnd.observation(0), rnd.legal_actions()))
    'pass'
    """

    description = ("Expert: plays each close decision out hundreds of times against hands "
                   "you might hold")

    def __init__(self, seed: int | None = None, *, playouts: int = 240,
                 danger_weight: float = 6.0, **settings: float) -> None:
        # The Expert's strength was measured on a Defender with danger weight 6; the
        # Defender's own default has since dropped to 2 (better against the Shaper).
        super().__init__(seed, danger_weight=danger_weight, **settings)  # type: ignore[arg-type]
        self.playouts = playouts
        self._rules = PlayoutRules.of(Rules.modern(), 10)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The Expert's move (see the class).

        >>> from gin_teach import Round
        >>> rnd = Round(seed=4)
        >>> move = ExpertBot(seed=2, playouts=20).choose(rnd.observation(1), rnd.legal_actions())
        >>> move in rnd.legal_actions()
        True
        """
        self._rules = PlayoutRules.of(observation.rules, observation.knock_limit)
        return super().choose(observation, legal_actions)

    def _deals(self, view: TableView, count: int) -> list[tuple[int, list[int]]]:
        """``count`` imagined (opponent hand, stock) pairs for ``view``."""
        model = OpponentModel.of(view)
        improve = max(31 - view.stock_size, 0) // 4
        deals = []
        for _ in range(count):
            theirs = model.sample(self._rng, improve, view.joker_points)
            stock = bits_of(view.unseen & ~theirs)
            self._rng.shuffle(stock)
            deals.append((theirs, stock))
        return deals

    def wants_top(self, view: TableView) -> bool:
        """The Defender's answer, unless the playouts say clearly that the other choice
        scores more (only weighed when the card would lower the count at all).

        >>> from gin_teach import Round
        >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
        ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="QS", dealer=1)
        >>> ExpertBot(seed=1).wants_top(TableView.from_observation(rnd.observation(0)))
        False
        """
        heuristic = super().wants_top(view)
        hand, top = view.hand, view.top
        jp = view.joker_points
        now = deadwood_of_mask(hand, jp)
        if min(deadwood_of_mask(hand ^ bit | top, jp) for bit in bits_of(hand)) >= now:
            return heuristic
        take_scores, draw_scores = [], []
        rules = self._rules
        for theirs, stock in self._deals(view, max(self.playouts // 2, 1)):
            value, card = _throw(hand | top, top, jp)
            kept = hand | top ^ card
            if value <= rules.knock_limit and len(stock) > rules.late_stock:
                take_scores.append(settle_masks(kept, theirs, rules))
            else:
                take_scores.append(-playout([theirs, kept], list(stock), card, 0, rules))
            draw_scores.append(playout([hand, theirs], list(stock), 0, 0, rules))
        if heuristic:
            return not _clearly_better(draw_scores, take_scores)
        return _clearly_better(take_scores, draw_scores)

    def discard(self, view: TableView, legal_actions: Sequence[Action]) -> Action:
        """Gin at once. Otherwise the Defender's move is played out against the other close
        discards and the knock (when legal), on the same imagined deals, and replaced only by
        a choice that scores clearly more (:func:`_clearly_better`).

        >>> from gin_teach import Round
        >>> rnd = Round.from_deal(["AS 2S 3S 4H 4D 4C 9S 9H 9D KC",
        ...                        "5S 6S 7S QD QH QC 8C KH 5D TS"], upcard="JD", stock="9C",
        ...                       dealer=1)
        >>> for move in ("pass", "pass", "draw"): rnd.apply(move)
        >>> view = TableView.from_observation(rnd.observation(0))
        >>> str(ExpertBot(seed=1, playouts=20).discard(view, rnd.legal_actions()))  # gin
        'knock KC'
        """
        heuristic = super().discard(view, legal_actions)
        options = self.options(view)
        lowest = min(options, key=lambda o: (o.deadwood, o.expected or 0.0))
        if lowest.deadwood == 0:
            return heuristic
        knocked = isinstance(heuristic, Knock)
        choices: list[tuple[bool, int]] = [(knocked, heuristic.card.bit)]  # type: ignore[attr-defined]
        choices += [(False, o.bit) for o in _close(options) if (False, o.bit) != choices[0]]
        kept = view.hand ^ lowest.bit
        spread_melds = None
        if lowest.deadwood <= view.knock_limit and not knocked:
            choices.append((True, lowest.bit))
        if any(knock for knock, _ in choices):
            spread = self.spread(view, kept)
            spread_melds = spread.melds
            layable = layoff_cards([sum(c.bit for c in m) for m in spread.melds])
        if len(choices) == 1:
            return heuristic
        scores: list[list[int]] = [[] for _ in choices]
        for theirs, stock in self._deals(view, max(self.playouts // len(choices), 1)):
            for (knock, bit), found in zip(choices, scores, strict=True):
                if knock:
                    found.append(self._knock_score(kept, theirs, layable))
                else:
                    found.append(-playout([theirs, view.hand ^ bit], list(stock), bit, 0,
                                          self._rules))
        best = max(range(1, len(choices)), key=lambda i: sum(scores[i]))
        if not _clearly_better(scores[best], scores[0]):
            return heuristic
        knock, bit = choices[best]
        return discard_or_knock(legal_actions, bit, knock=knock,
                                melds=spread_melds if knock else None)

    def _knock_score(self, kept: int, theirs: int, layable: int) -> int:
        rules = self._rules
        count = deadwood_of_mask(kept, rules.joker_points)
        against = deadwood_after_layoffs(theirs, layable, rules.joker_points)
        if against < count or (against == count and rules.undercut_on_tie):
            return -(rules.undercut_bonus + count - against)
        return against - count

    def __repr__(self) -> str:
        return f"ExpertBot(playouts={self.playouts})"


#: How many standard errors a choice must score above the Defender's to replace it.
CONFIDENCE = 2.0


def _clearly_better(these: Sequence[int], those: Sequence[int]) -> bool:
    """Whether ``these`` scores beat ``those`` (paired: the same imagined deals) by more than
    :data:`CONFIDENCE` standard errors of the mean difference.

    >>> _clearly_better([5, 6, 7, 5], [1, 2, 1, 2]), _clearly_better([5, -6, 7], [1, 2, 1])
    (True, False)
    """
    differences = [a - b for a, b in zip(these, those, strict=True)]
    count = len(differences)
    if count < 2:
        return False
    mean = sum(differences) / count
    spread = sum((d - mean) ** 2 for d in differences) / (count - 1)
    return mean > 0 and mean * mean * count > CONFIDENCE * CONFIDENCE * spread


def _close(options: list[DiscardOption], limit: int = 3) -> list[DiscardOption]:
    """The first ``limit`` options whose expected deadwood is within :data:`CLOSE` of the
    best's."""
    best = options[0].expected
    if best is None:
        return options[:1]
    return [o for o in options[:limit]
            if o.expected is not None and o.expected <= best + CLOSE] or options[:1]
