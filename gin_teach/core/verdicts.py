"""The grade scale: the verdict of a choice from the expected points it loses against the best.

The judge (:mod:`gin_teach.judge`) measures a choice's loss and its standard error by
playouts; this is the one place that turns those two numbers into a word, so the coach, the
trainer, the bank and the learner's record all grade alike.

>>> verdict_for(0.2), verdict_for(3.0), "good" in ACCEPTED, "inaccuracy" in ACCEPTED
('good', 'mistake', True, False)
"""

from __future__ import annotations

from typing import Final

from gin_teach.core.validation import is_finite_number, names_bad_arguments, wrong_argument

__all__ = ["ACCEPTED", "GOOD_BELOW", "INACCURACY_BELOW", "MISTAKE_BELOW", "NOISE_ERROR",
           "NOISE_SE", "VERDICTS", "verdict_for"]

VERDICTS: Final = ("best", "good", "inaccuracy", "mistake", "blunder")
"""Every verdict a choice can get, best first."""
GOOD_BELOW: Final = 0.5
"""A choice that loses less than this many expected points is good."""
INACCURACY_BELOW: Final = 1.5
"""... less than this, an inaccuracy."""
MISTAKE_BELOW: Final = 4.0
"""... less than this, a mistake; this or more, a blunder."""
NOISE_SE: Final = 2.0
"""A choice whose loss is within this many standard errors of nothing, measured to within
:data:`NOISE_ERROR`, is good: the measurement cannot tell it from the best."""
NOISE_ERROR: Final = 0.3
"""The largest standard error at which noise may make a choice good: a loss measured more
loosely than this is graded as measured, never accepted on its noise."""
ACCEPTED: Final = frozenset(("best", "good"))
"""The verdicts that count a choice as right: the best, or as good as makes no difference.
The trainer counts such an answer solved, the coach calls it fine, the bank accepts it."""


@names_bad_arguments
def verdict_for(loss: float, error: float = 0.0, floor: str | None = None) -> str:
    """The grade of a choice that loses ``loss`` expected points (± ``error``) against the
    best (the thresholds above), never milder than ``floor`` when one is given (the judge
    grades a discard that breaks a made meld no better than an inaccuracy).

    >>> [verdict_for(x) for x in (0.0, 0.3, 1.0, 2.0, 6.0)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    >>> verdict_for(0.55, error=0.28)  # measured closely, and within its noise of the best
    'good'

    Noise alone never makes a choice good: a loss the deals measured loosely is graded as
    measured (the judge measures a choice near a boundary further,
    :class:`~gin_teach.judge.Precision`):

    >>> verdict_for(1.2, error=0.7)
    'inaccuracy'
    >>> verdict_for(0.2, floor="inaccuracy"), verdict_for(6.0, floor="inaccuracy")
    ('inaccuracy', 'blunder')
    """
    if not is_finite_number(loss):
        raise wrong_argument("loss", loss, "a number of points")
    if not (is_finite_number(error) and error >= 0):
        raise wrong_argument("error", error, "a standard error of 0 or more")
    if floor is not None and floor not in VERDICTS:
        raise wrong_argument("floor", floor, f"one of {', '.join(VERDICTS)} or None")
    if loss <= 0.0:
        verdict = "best"
    elif loss < GOOD_BELOW or (error <= NOISE_ERROR and loss <= NOISE_SE * error):
        verdict = "good"
    elif loss < INACCURACY_BELOW:
        verdict = "inaccuracy"
    else:
        verdict = "mistake" if loss < MISTAKE_BELOW else "blunder"
    if floor is not None and VERDICTS.index(verdict) < VERDICTS.index(floor):
        return floor
    return verdict
