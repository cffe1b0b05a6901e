"""The Expert: the Defender's judgement, checked by playing the hand out many times.

At a close decision (its best discards, knocking or playing on, taking the face-up card or
drawing) the Expert starts from the Defender's choice, imagines hands the opponent could
hold (the Defender's :class:`~gin_teach.bots.defence.OpponentModel`, less hands it would
already have knocked with: :func:`imagined_hand`) and the order of the stock, plays the
rest of the hand out quickly for both sides (:func:`playout`), and takes another choice
only when it scores clearly more on average (by two standard errors). Every choice is
tried on the *same* imagined deals (common random numbers), so the comparison measures the
choices, not the luck of the samples.

Most decisions are not close, so the Expert looks at the scores every ``batch`` deals and
stops as soon as the answer is plain: a choice that cannot catch up with the Defender's
within the budget is dropped, and one far ahead is taken at once. Only close decisions
spend the whole budget (``benchmarks/expert_agreement.py`` checks that this agrees with a
ten-times larger budget as often as spending the whole budget every time does).

Its thinking time is a number of playouts, not seconds, so the same seed plays the same
game on any machine; ``benchmarks/strength.py --time`` measures the time per decision.

>>> from gin_teach import SimpleBot, play_games, Rules
>>> play_games(ExpertBot(seed=1, playouts=24), SimpleBot(seed=1), n=1, seed=3,
...            rules=Rules(target=30)).games
1
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gin_teach.actions import Action, Knock
from gin_teach.bots.defence import (
    NEIGHBOURS,
    DefenderBot,
    OpponentModel,
    deadwood_after_layoffs,
    layoff_cards,
)
from gin_teach.bots.offence import DiscardOption
from gin_teach.bots.table import ALL_CARDS, POINTS, TableView, bits_of, discard_or_knock
from gin_teach.cards import JOKER_POINTS, Card, HandLike, cards_from_mask, to_cards
from gin_teach.jokers import NATURAL_BITS
from gin_teach.melds import (
    best_arrangement,
    best_discard_of_mask,
    deadwood_of_mask,
    partitions_of_mask,
)
from gin_teach.records import Observation
from gin_teach.rules import Rules

if TYPE_CHECKING:
    from gin_teach.analysis import Knowledge

__all__ = [
    "ExpertBot",
    "PlayoutRules",
    "expert_discard_points",
    "imagined_draws",
    "imagined_hand",
    "playout",
    "settle_masks",
]

#: Discards whose Defender score is within this many points of the best are played out,
#: at most :data:`CLOSE_CHOICES` of them.
CLOSE = 3.0
CLOSE_CHOICES = 3

#: The imagined opponent keeps its best cards over one extra draw for every this many cards
#: gone from the stock (see :func:`imagined_draws`).
CARDS_PER_IMAGINED_DRAW = 4


def imagined_draws(stock_size: int) -> int:
    """How many extra draws an imagined opponent hand keeps its best cards over, with
    ``stock_size`` cards left in the stock (:meth:`OpponentModel.sample`'s ``improve``).

    ``benchmarks/opponent_model.py`` compares these hands with the real ones at the
    decisions of seeded games: against the Defender they are a little weaker than the real
    hands at mid-hand and stronger late, when the hands still in play are those that have
    not knocked.

    >>> [imagined_draws(stock) for stock in (31, 25, 19, 10, 3)]
    [0, 1, 3, 5, 7]
    """
    return max(31 - stock_size, 0) // CARDS_PER_IMAGINED_DRAW


#: An imagined hand the opponent would already have knocked with is drawn again, at most
#: this many times (see :func:`imagined_hand`).
REDRAWS = 8


def imagined_hand(model: OpponentModel, rng: random.Random, view: TableView,
                  rules: PlayoutRules) -> int:
    """A hand the opponent might hold: :meth:`OpponentModel.sample` kept over
    :func:`imagined_draws`, and once it has discarded, not a hand it would have knocked
    with by the playouts' own rule (drawn again up to :data:`REDRAWS` times). The hands
    still in play late are those that have not knocked, so without this the imagined ones
    are far stronger than the real ones (``benchmarks/opponent_model.py``). Against the
    Defender the redraws took the Expert from 54.5% to 54.9% of 2,000 games (seed 1) and
    from 56.6% to 58.3% of 1,000 (seed 2); in the 2,000 it knocked 6,620 times instead of
    5,770 and was undercut 618 times instead of 435 (late, the imagined hands are now a
    little weaker than the real ones). Hands fitted closer to the Defender's real ones (one
    draw every 3 cards gone, at most 4, and half the late knockable hands kept) matched them
    well in that benchmark but won only 53.2% of the 2,000 games (58.3% of the 1,000 on
    seed 2), so they were not kept. (All of these were measured before the stronger players
    stopped taking back their own discards; with that rule the Expert won 55.8% of the
    2,000 games on seed 1.)

    With four cards left in the stock, an opponent that has discarded and not knocked is
    not imagined holding 3 or less:

    >>> from gin_teach.cards import hand_mask
    >>> mine, threw = hand_mask("AS 2S 3S 4H 5H 6H 2C 3C 4C 9D KD"), hand_mask("QH")
    >>> view = TableView(hand=mine, unseen=ALL_CARDS & ~mine & ~threw, pile=threw, top=threw,
    ...                  opponent_holds=0, opponent_took=0, opponent_passed=0,
    ...                  opponent_discarded=threw, opponent_unknown=10, stock_size=4,
    ...                  just_taken=0, knock_limit=10)
    >>> model, rng, rules = OpponentModel.of(view), random.Random(7), PlayoutRules.of(Rules(), 10)
    >>> min(deadwood_of_mask(imagined_hand(model, rng, view, rules)) for _ in range(100))
    4
    """
    jp, draws = view.joker_points, imagined_draws(view.stock_size)
    hand = model.sample(rng, draws, jp)
    if not view.opponent_discarded:
        return hand
    limit = rules.knock_limit if view.stock_size > rules.late_stock \
        else min(rules.late_knock, rules.knock_limit)
    for _ in range(REDRAWS):
        if deadwood_of_mask(hand, jp) > limit:
            break
        hand = model.sample(rng, draws, jp)
    return hand


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
    if knocker <= NATURAL_BITS:
        melds = next(partitions_of_mask(knocker, count))[0]
    else:
        spread = best_arrangement(cards_from_mask(knocker), joker_points=jp)
        melds = [sum(c.bit for c in meld) for meld in spread.melds]
    theirs = deadwood_after_layoffs(defender, layoff_cards(melds), jp)
    if theirs < count or (theirs == count and rules.undercut_on_tie):
        return -(rules.undercut_bonus + count - theirs)
    return theirs - count


#: Solved 11-card masks (see :func:`_best_discard`), emptied when it grows past
#: :data:`MEMO_SIZE` (a few megabytes; one decision fills a few thousand): the choices
#: weighed on one imagined deal share most of the opponent's turns, so about two solver
#: calls in five are repeats.
_DISCARD_MEMO: dict[int, tuple[int, int]] = {}
MEMO_SIZE = 1 << 15


def _best_discard(mask: int, joker_points: int) -> tuple[int, int]:
    """:func:`~gin_teach.melds.best_discard_of_mask`, remembered."""
    key = mask | joker_points << 56
    found = _DISCARD_MEMO.get(key)
    if found is None:
        if len(_DISCARD_MEMO) >= MEMO_SIZE:
            _DISCARD_MEMO.clear()
        found = _DISCARD_MEMO[key] = best_discard_of_mask(mask, joker_points)
    return found


def _throw(hand: int, taken: int, joker_points: int) -> tuple[int, int]:
    """The fast policy's discard: the card leaving the least deadwood (the higher among
    equals), never ``taken``; returns (deadwood left, card bit)."""
    value, bits = _best_discard(hand, joker_points)
    bits &= ~taken
    if bits and not bits & (bits - 1):  # one best card
        return value, bits
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
    masks (changed in place), ``stock`` card bits with the top last (popped as drawn),
    ``top`` the face-up card's bit. The policy takes a face-up card that completes a meld
    and lowers the count, throws the highest card that leaves the least deadwood, and knocks
    as the Shaper does.

    >>> from gin_teach.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> hands = [hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC"),
    ...          hand_mask("KS KH QD QC JS JH TD TC 8S 7D")]
    >>> stock = [hand_mask(card) for card in ("5D", "7C", "6D", "2H")]  # the top last
    >>> playout(hands, stock, top=0, mover=0, rules=pr)  # draws 2♥, knocks: 95 - 2
    93
    """
    jp = rules.joker_points
    dead_stock, late_stock = rules.dead_hand_stock, rules.late_stock
    early_limit, late_limit = rules.knock_limit, min(rules.late_knock, rules.knock_limit)
    # Each side's deadwood now, known after its first throw (-1 until then).
    counts = [-1, -1]
    while True:
        hand = hands[mover]
        thrown: tuple[int, int] | None = None
        if top:
            count = counts[mover]
            if count < 0:
                count = counts[mover] = deadwood_of_mask(hand, jp)
            # A face-up card that can share no meld with the hand stays deadwood: taking it
            # lowers the count only by throwing a card worth more, and never below its own
            # value, so a ten or face card, or one worth the count or more, is not taken.
            index = top.bit_length() - 1
            may_help = ((hand | top) > NATURAL_BITS or hand & NEIGHBOURS[index]
                        or POINTS[index] < min(count, 10))
            if may_help and _best_discard(hand | top, jp)[0] < count:
                hand |= top
                thrown = _throw(hand, top, jp)
        if thrown is None:
            if len(stock) <= dead_stock:
                return 0
            hand |= stock.pop()
            thrown = _throw(hand, 0, jp)
        value, card = thrown
        hand ^= card
        hands[mover] = hand
        counts[mover] = value
        if value <= (early_limit if len(stock) > late_stock else late_limit):
            score = settle_masks(hand, hands[1 - mover], rules)
            return score if mover == 0 else -score
        if len(stock) <= dead_stock:
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
    rng = random.Random(seed)
    discards = [card for card in cards if card.bit != taken]
    points: dict[Card, list[int]] = {card: [] for card in discards}
    for _ in range(playouts):
        theirs = imagined_hand(model, rng, view, playout_rules)
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

    ``playouts`` is the thinking budget per decision, shared among the choices weighed;
    ``batch`` how many deals it plays between looks at the scores (0: the whole budget
    before it looks); ``seed`` fixes the imagined deals. Against Simple the default
    measured 7 ms of CPU per decision at the median and 25 ms at the 90th percentile
    (``benchmarks/strength.py --time 20``; 34 and 50 ms when it spent the whole budget
    every time, before its playouts were made faster), inside the course's 100 ms budget.
    Other settings are the Defender's: late in the hand it weighs knocking only with 3 or
    less (``knock_late``); with up to 5 it won 53.4% of 2,000 games against the Defender
    (seed 1) and 57.5% of 1,000 (seed 2), no better than with 3 (both measured before
    :func:`imagined_hand` drew knockable hands again).

    >>> from gin_teach import Round
    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
    ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="6H", dealer=1)
    >>> str(DefenderBot(seed=1).choose(rnd.observation(0), rnd.legal_actions()))  # 3-6♥
    'take'
    >>> # Taking the 6♥ and throwing the K♦ is gin: the playouts agree at once.
    >>> expert = ExpertBot(seed=1, playouts=240)
    >>> str(expert.choose(rnd.observation(0), rnd.legal_actions())), expert.deals_played
    ('take', 24)
    """

    description = ("Expert: plays each close decision out hundreds of times against hands "
                   "you might hold")

    def __init__(self, seed: int | None = None, *, playouts: int = 240, batch: int = 24,
                 **settings: float) -> None:
        super().__init__(seed, **settings)  # type: ignore[arg-type]
        self.playouts = playouts
        self.batch = batch
        #: Imagined deals played so far, over all decisions (each deal scores every choice).
        self.deals_played = 0
        self._rules = PlayoutRules.of(Rules.modern(), 10)
        self._options_view: TableView | None = None
        self._options: list[DiscardOption] = []

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

    def options(self, view: TableView) -> list[DiscardOption]:
        """The Defender's ranked discards (:meth:`DefenderBot.options`), worked out once per
        view: the Defender's discard and the Expert's own choice both ask for them.

        >>> from gin_teach import Round
        >>> rnd = Round(seed=2); rnd.apply("pass"); rnd.apply("pass"); rnd.apply("draw")
        >>> view = TableView.from_observation(rnd.observation(rnd.current_player))
        >>> bot = ExpertBot(seed=1)
        >>> bot.options(view) is bot.options(view)
        True
        """
        if self._options_view is not view:
            self._options_view, self._options = view, super().options(view)
        return self._options

    def _weigh(self, view: TableView, choices: int,
               score: Callable[[int, int, list[int]], int]) -> int:
        """Which of ``choices`` choices to play: 0 (the Defender's) unless another scores
        clearly more on imagined deals, ``score(choice, opponent hand, stock with the top
        last)`` scoring each choice on each deal.

        The budget is ``playouts // choices`` deals. Every :attr:`batch` deals the scores
        are looked at: a choice that cannot get clearly ahead of the Defender's within the
        budget is no longer played (:func:`out_of_reach`), and one far ahead already is taken
        (by :data:`EARLY_CONFIDENCE` standard errors). Only close decisions spend the whole
        budget, to be settled by :func:`_clearly_better` as before.
        """
        budget = max(self.playouts // choices, 1)
        model = OpponentModel.of(view)
        found: list[list[int]] = [[] for _ in range(choices)]
        rivals = list(range(1, choices))
        for played in range(1, budget + 1):
            self.deals_played += 1
            theirs = imagined_hand(model, self._rng, view, self._rules)
            stock = bits_of(view.unseen & ~theirs)
            self._rng.shuffle(stock)
            for choice in (0, *rivals):
                found[choice].append(score(choice, theirs, stock))
            if self.batch and played % self.batch == 0 and played < budget:
                rivals = [i for i in rivals if not out_of_reach(found[i], found[0], budget)]
                if not rivals:
                    return 0
                best = max(rivals, key=lambda i: sum(found[i]))
                if _clearly_better(found[best], found[0], EARLY_CONFIDENCE):
                    return best
        best = max(rivals, key=lambda i: sum(found[i]))
        return best if _clearly_better(found[best], found[0]) else 0

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
        rules = self._rules
        value, card = _throw(hand | top, top, jp)
        kept = (hand | top) ^ card

        def score(choice: int, theirs: int, stock: list[int]) -> int:
            if (choice == 0) != heuristic:  # drawing blind
                return playout([hand, theirs], list(stock), 0, 0, rules)
            if value <= rules.knock_limit and len(stock) > rules.late_stock:
                return settle_masks(kept, theirs, rules)
            return -playout([theirs, kept], list(stock), card, 0, rules)

        return heuristic != (self._weigh(view, 2, score) == 1)

    def discard(self, view: TableView, legal_actions: Sequence[Action]) -> Action:
        """Gin at once. Otherwise the Defender's move is played out against the other close
        discards and the knock (when legal), on the same imagined deals, and replaced only by
        a choice that scores clearly more (:meth:`_weigh`).

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
        layable = 0
        # A knock the Defender turned down for fear of an undercut is weighed too, but only
        # at a count its timing allows: weighing every legal knock, it was undercut 543
        # times instead of 246 in the same 1,000 games against the Defender (seed 2) and won
        # 52.7% of them instead of 56.6% (benchmarks/opponent_model.py shows why: from 23
        # cards in the stock down to 16 its imagined hands are weaker than real ones).
        if lowest.deadwood <= self.knock_limit_now(view) and not knocked:
            choices.append((True, lowest.bit))
        if any(knock for knock, _ in choices):
            spread = self.spread(view, kept)
            spread_melds = spread.melds
            layable = layoff_cards([sum(c.bit for c in m) for m in spread.melds])
        if len(choices) == 1:
            return heuristic

        def score(choice: int, theirs: int, stock: list[int]) -> int:
            knock, bit = choices[choice]
            if knock:
                return self._knock_score(kept, theirs, layable)
            return -playout([theirs, view.hand ^ bit], list(stock), bit, 0, self._rules)

        best = self._weigh(view, len(choices), score)
        if best == 0:
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
        return f"ExpertBot(playouts={self.playouts}, batch={self.batch})"


#: How many standard errors a choice must score above the Defender's to replace it.
CONFIDENCE = 2.0
#: At a look before the budget is spent, how many standard errors a choice must score above
#: the Defender's to be taken at once (stricter than :data:`CONFIDENCE`: many looks give
#: chance many tries).
EARLY_CONFIDENCE = 3.0
#: A choice is given up early when, this many standard errors above its mean so far, it
#: would still fall short of :data:`CONFIDENCE` at the full budget.
FUTILITY = 1.0


def out_of_reach(these: Sequence[int], base: Sequence[int], budget: int) -> bool:
    """Whether a choice scoring ``these`` on the deals so far cannot be expected to end
    :data:`CONFIDENCE` standard errors above the ``base`` choice (the same deals) after
    ``budget`` deals: even :data:`FUTILITY` standard errors above its mean difference now,
    it would fall short.

    >>> out_of_reach([0, 6] * 12, [4] * 24, budget=120)  # behind by 1 on 24 deals
    True
    >>> out_of_reach([3, 0] * 12, [0, 3] * 12, budget=120)  # even, and 96 deals to go
    False
    >>> out_of_reach([2, 5] * 12, [2, 5] * 12, budget=120)  # alike on every deal so far
    True
    """
    mean, spread = _difference(these, base)
    error = math.sqrt(spread)
    return mean + FUTILITY * error / math.sqrt(len(these)) <= \
        CONFIDENCE * error / math.sqrt(budget)


def _difference(these: Sequence[int], those: Sequence[int]) -> tuple[float, float]:
    """The mean and the variance of the paired differences ``these - those``."""
    differences = [a - b for a, b in zip(these, those, strict=True)]
    count = len(differences)
    mean = sum(differences) / count
    return mean, sum((d - mean) ** 2 for d in differences) / max(count - 1, 1)


def _clearly_better(these: Sequence[int], those: Sequence[int],
                    confidence: float = CONFIDENCE) -> bool:
    """Whether ``these`` scores beat ``those`` (paired: the same imagined deals) by more than
    ``confidence`` standard errors of the mean difference.

    >>> _clearly_better([5, 6, 7, 5], [1, 2, 1, 2]), _clearly_better([5, -6, 7], [1, 2, 1])
    (True, False)
    """
    count = len(these)
    if count < 2:
        return False
    mean, spread = _difference(these, those)
    return mean > 0 and mean * mean * count > confidence * confidence * spread


def _close(options: list[DiscardOption]) -> list[DiscardOption]:
    """The first :data:`CLOSE_CHOICES` options whose expected deadwood is within
    :data:`CLOSE` of the best's."""
    limit = CLOSE_CHOICES
    best = options[0].expected
    if best is None:
        return options[:1]
    return [o for o in options[:limit]
            if o.expected is not None and o.expected <= best + CLOSE] or options[:1]
