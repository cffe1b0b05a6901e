"""The Master: the coach's own move at every decision.

Where the Expert plays out only its close choices, with the Defender's choice to beat, the
Master asks the judge (:func:`~gin_teach.judge.judge_discard` and
:func:`~gin_teach.judge.judge_draw`) at every discard, knock and draw, and plays the choice the
judge values most: every card and every knock the count allows, each played out on the same
imagined deals against hands inferred from the opponent's takes, passes and throws, and, with
a score on the table, valued by the chance of winning the game (its bonuses included), not by
points this hand. It is the player the course's grades describe: a learner who plays as the
coach recommends plays as the Master does. What the judge does not decide (the spread of a
knock, the lay-offs) is the Defender's, which blocks lay-offs.

It thinks far longer than the Expert: the coach's precision, tens to hundreds of playouts of
every choice (``benchmarks/strength.py --time 20 --time-player master`` measures the CPU time
per decision). Same position, same move: the judge's deals are seeded by the position.

>>> from gin_teach import Round
>>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
...                       upcard="6H", dealer=1)
>>> str(MasterBot().choose(rnd.observation(0), rnd.legal_actions()))  # 3-6♥ and then gin
'take'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from gin_teach.analysis import Knowledge
from gin_teach.analysis.game_odds import seat_scores
from gin_teach.bots.defender import DefenderBot
from gin_teach.core.cards import Card
from gin_teach.engine.actions import Action
from gin_teach.engine.records import Observation
from gin_teach.errors import SetupError
from gin_teach.judge import COACH, Judgement, Precision, judge_discard, judge_draw
from gin_teach.playouts.table_view import TableView, discard_or_knock

__all__ = ["MasterBot"]


class MasterBot(DefenderBot):
    """Plays the judge's best choice at every decision (see the module); ``precision`` is
    the judge's (:data:`~gin_teach.judge.COACH` by default, what the coach grades with).

    >>> from gin_teach import Round
    >>> rnd = Round.from_deal(["AS 2S 3S 4H 4D 4C 9S 9H 9D KC",
    ...                        "5S 6S 7S QD QH QC 8C KH 5D TS"], upcard="JD", stock="9C",
    ...                       dealer=1)
    >>> for move in ("pass", "pass", "draw"): rnd.apply(move)
    >>> str(MasterBot().choose(rnd.observation(0), rnd.legal_actions()))  # 9♣: gin
    'knock KC melds [AS 2S 3S] [9S 9H 9D 9C] [4H 4D 4C]'
    """

    description = ("Master: plays the coach's own move, every choice played out and valued "
                   "by the game")

    def __init__(self, seed: int | None = None, *, precision: Precision = COACH,
                 **settings: float) -> None:
        super().__init__(seed, **settings)  # type: ignore[arg-type]
        self.precision = precision
        self._seen: Observation | None = None

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The Master's move: the judge's at a draw or a discard, the Defender's otherwise.

        >>> from gin_teach import Round
        >>> rnd = Round(seed=4)
        >>> MasterBot().choose(rnd.observation(1), rnd.legal_actions()) in rnd.legal_actions()
        True
        """
        self._seen = observation
        return super().choose(observation, legal_actions)

    def judged(self, view: TableView) -> Judgement:
        """The judge's valuation of the decision in ``view``, read from the observation
        :meth:`choose` was given (the judge needs what the player knows, not only the view).
        """
        seen = self._seen
        if seen is None or view.hand != seen.hand_mask:
            raise SetupError("the Master decides from the observation given to choose(): "
                             "call choose(observation, legal_actions)")
        knowledge = Knowledge.from_observation(seen)
        scores = seat_scores(seen.scores, seen.player, seen.rules)
        if seen.phase == "discard":
            return judge_discard(seen.hand, knowledge, seen.rules, precision=self.precision,
                                 scores=scores)
        return judge_draw(seen.hand, knowledge, seen.rules, precision=self.precision,
                          refuse="draw" if seen.phase == "draw" else "pass", scores=scores)

    def wants_top(self, view: TableView) -> bool:
        """Whether the judge values taking the face-up card most."""
        return self.judged(view).best.kind == "take"

    def discard(self, view: TableView, legal_actions: Sequence[Action]) -> Action:
        """The judge's best discard or knock (a knock spread as the Defender spreads it)."""
        best = self.judged(view).best
        bit = cast(Card, best.card).bit  # every choice of a discard throws a card
        melds = self.spread(view, view.hand ^ bit).melds if best.knock else None
        return discard_or_knock(legal_actions, bit, knock=best.knock, melds=melds)

    def __repr__(self) -> str:
        return f"MasterBot(precision={self.precision!r})"
