"""Exercise checkers for the course notebooks, every one of them in ``__all__``.

Each ``check_*`` function takes the exercise (a hand, a card, the rules) and the learner's
answer, asks the rules engine for the truth and returns a
:class:`~gin_teach.lessons.answers.Feedback`; a checker never raises because of the answer,
and a wrong answer hears why. The checkers live by topic:

- :mod:`~gin_teach.lessons.hand_checks`: cards, melds, deadwood, discards and knocking;
- :mod:`~gin_teach.lessons.play_checks`: turns, pick-ups, dead hands, games and matches;
- :mod:`~gin_teach.lessons.hollywood_checks`: Hollywood scoring, three games at once;
- :mod:`~gin_teach.lessons.round_end_checks`: lay-offs, spreads, outcomes and scores;
- :mod:`~gin_teach.lessons.strategy_checks`: the strategy lessons, graded by the judge;

and beside them :mod:`~gin_teach.lessons.answers` reads answers as people write them (the
widgets use it too) and :mod:`~gin_teach.lessons.examples` deals seeded example hands. This
package's ``__all__`` is its checker modules' own, put together.

>>> print(check_deadwood("7S 7H 7D 8H 9H", 14))
✔ Right: the least deadwood is 14 (7♥ 8♥ 9♥ | deadwood 7♠ 7♦ = 14).
"""

from gin_teach.lessons import (
    hand_checks,
    hollywood_checks,
    play_checks,
    round_end_checks,
    strategy_checks,
)
from gin_teach.lessons.hand_checks import *  # noqa: F403
from gin_teach.lessons.hollywood_checks import *  # noqa: F403
from gin_teach.lessons.play_checks import *  # noqa: F403
from gin_teach.lessons.round_end_checks import *  # noqa: F403
from gin_teach.lessons.strategy_checks import *  # noqa: F403

__all__ = [*hand_checks.__all__, *play_checks.__all__, *round_end_checks.__all__,
           *strategy_checks.__all__, *hollywood_checks.__all__]
