"""The Expert: the Defender's judgement, checked by playing the hand out many times.

At a close decision (its best discards, knocking or playing on, taking the face-up card or
drawing) the Expert starts from the Defender's choice, imagines hands the opponent could
hold (the Defender's :class:`~gin_teach.bots.defender.OpponentModel`, less hands it would
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

import functools
import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from gin_teach.bots.defender import DefenderBot
from gin_teach.bots.shaper import WeighedDiscard
from gin_teach.core.kernel import deadwood_of_mask, layoff_cards, may_knock
from gin_teach.core.rules import Rules
from gin_teach.core.validation import unchecked
from gin_teach.engine.actions import Action, Knock
from gin_teach.engine.records import Observation
from gin_teach.playouts.playout import (
    PlayoutRules,
    common_deals,
    discard_score,
    draw_score,
    settle_masks,
    take_score,
)
from gin_teach.playouts.table_view import TableView, bits_of, discard_or_knock

if TYPE_CHECKING:
    pass

__all__ = ["CLOSE", "CLOSE_CHOICES", "ExpertBot"]

# The Expert's views come from the round itself: its playouts, scored on every imagined deal,
# skip the engine's argument checks (as the judge's do).
_discard_score, _settle_masks = unchecked(discard_score), unchecked(settle_masks)
_take_score, _draw_score = unchecked(take_score), unchecked(draw_score)

#: Discards whose Defender score is within this many points of the best are played out,
#: at most :data:`CLOSE_CHOICES` of them.
CLOSE = 3.0
CLOSE_CHOICES = 3

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
        self._options: list[WeighedDiscard] = []

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

    def options(self, view: TableView) -> list[WeighedDiscard]:
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

        The budget is ``playouts // choices`` deals, played by the playout engine's loop
        (:func:`~gin_teach.playouts.playout.common_deals`). Every :attr:`batch` deals the scores
        are looked at: a choice that cannot get clearly ahead of the Defender's within the
        budget is no longer played (:func:`out_of_reach`), and one far ahead already is taken
        (by :data:`EARLY_CONFIDENCE` standard errors). Only close decisions spend the whole
        budget, to be settled by :func:`_clearly_better` as before.
        """
        budget = max(self.playouts // choices, 1)
        step = self.batch or budget
        rivals = list(range(1, choices))
        chosen: int | None = None

        def look(found: list[list[int]], active: list[int]) -> tuple[list[int], int]:
            nonlocal rivals, chosen
            played = len(found[0])
            if played >= budget:
                return [], 0
            rivals = [i for i in rivals if not out_of_reach(found[i], found[0], budget)]
            if not rivals:
                chosen = 0
                return [], 0
            best = max(rivals, key=lambda i: sum(found[i]))
            if _clearly_better(found[best], found[0], EARLY_CONFIDENCE):
                chosen = best
                return [], 0
            return [0, *rivals], min(step, budget - played)

        scorers = [functools.partial(score, choice) for choice in range(choices)]
        found = common_deals(view, self._rules, self._rng, scorers, min(step, budget), look)
        self.deals_played += len(found[0])
        if chosen is not None:
            return chosen
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

        def score(choice: int, theirs: int, stock: list[int]) -> int:
            if (choice == 0) != heuristic:  # drawing blind
                return _draw_score(hand, theirs, stock, rules)
            return _take_score(hand, top, theirs, stock, rules)

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
        if may_knock(lowest.deadwood, self.knock_limit_now(view)) and not knocked:
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
                return _settle_masks(kept, theirs, self._rules, layable)
            return _discard_score(view.hand, bit, theirs, stock, self._rules)

        best = self._weigh(view, len(choices), score)
        if best == 0:
            return heuristic
        knock, bit = choices[best]
        return discard_or_knock(legal_actions, bit, knock=knock,
                                melds=spread_melds if knock else None)

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


def _close(options: list[WeighedDiscard]) -> list[WeighedDiscard]:
    """The first :data:`CLOSE_CHOICES` options whose expected deadwood is within
    :data:`CLOSE` of the best's."""
    limit = CLOSE_CHOICES
    best = options[0].expected
    if best is None:
        return options[:1]
    return [o for o in options[:limit]
            if o.expected is not None and o.expected <= best + CLOSE] or options[:1]
