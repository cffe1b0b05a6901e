"""Glicko-2 ratings for learners and puzzles: every attempt is a game between the two.

A learner who solves a puzzle "beats" it (score 1); a wrong answer is a loss (score 0); an
inaccuracy or a solution found after a hint is a draw (0.5). Both start at 1500 with a wide
deviation, which narrows as results come in. The method and its worked example are Mark
Glickman's "Example of the Glicko-2 system" (2013); the tests reproduce that example.

>>> learner = Rating()
>>> after = learner.update([(Rating(1400, 60), 1.0)])
>>> after.rating > 1500, after.deviation < learner.deviation
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from gin_teach.errors import RatingError, excerpt

__all__ = [
    "DEFAULT_DEVIATION",
    "DEFAULT_RATING",
    "DEFAULT_VOLATILITY",
    "GLICKO_SCALE",
    "MAX_DEVIATION",
    "MIN_VOLATILITY",
    "RATING_RANGE",
    "TAU",
    "UPDATED_DEVIATION",
    "UPDATED_VOLATILITY",
    "Rating",
    "RatingError",
]

DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
MAX_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
MIN_VOLATILITY = 1e-6
"""The smallest volatility a rating may have: the volatility step takes the logarithm of its
square, which a volatility such as 1e-300 rounds to zero."""
RATING_RANGE = (-10_000.0, 10_000.0)
"""The ratings a :class:`Rating` may have (the lower end excluded)."""
UPDATED_DEVIATION = (1.0, MAX_DEVIATION)
UPDATED_VOLATILITY = (0.001, 0.5)
"""The deviation and volatility an updated rating is kept within (and a loaded record is
clamped into): below them the volatility step loses its precision, above them a rating
means nothing."""
_SURE = 1e-9
"""How close to 0 or 1 an expected score may come: a 9999 learner against a 1500 puzzle
expects 1 - 1e-22, which is 1.0 in floating point, and the update divides by 1 - E."""
TAU = 0.5
"""How fast the volatility may change (Glickman suggests 0.3 to 1.2; 0.5 is his example)."""
GLICKO_SCALE = 173.7178
"""From the Glicko scale (1500-centred) to Glicko-2's: ``mu = (r - 1500) / 173.7178``."""
_CONVERGENCE = 1e-6


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / math.pi**2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: ``rating`` (1500 is average), ``deviation`` (the uncertainty: about
    95% of the time the true strength lies within two deviations) and ``volatility``.

    >>> Rating(1650, 80).interval()
    (1490, 1810)
    """

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    def __post_init__(self) -> None:
        checks = (("rating", self.rating, *RATING_RANGE),
                  ("rating deviation", self.deviation, 0.0, MAX_DEVIATION),
                  ("volatility", self.volatility, 0.0, 1.0))
        for what, value, low, high in checks:
            if (isinstance(value, bool) or not isinstance(value, (int, float))
                    or not low < value <= high or not math.isfinite(value)):
                shown = excerpt(value)
                raise RatingError(f"a {what} must be a number in ({low:g}, {high:g}], got {shown}")
        if self.volatility < MIN_VOLATILITY:
            raise RatingError(f"a volatility must be at least {MIN_VOLATILITY:g}, got "
                              f"{self.volatility!r:.40}")

    def interval(self) -> tuple[int, int]:
        """The 95% interval of the true strength, rounded: rating +- two deviations.

        >>> Rating().interval()
        (800, 2200)
        """
        return (round(self.rating - 2 * self.deviation), round(self.rating + 2 * self.deviation))

    def expected_score(self, opponent: Rating) -> float:
        """The chance of beating ``opponent`` (a puzzle, for a learner), from 0 to 1.

        >>> round(Rating(1700, 50).expected_score(Rating(1500, 50)), 2)
        0.76
        """
        mu, mu_j = self._mu(), opponent._mu()
        return _expected(mu, mu_j, opponent._phi())

    def update(self, games: Iterable[tuple[Rating, float]]) -> Rating:
        """The rating after one rating period of ``games`` (opponent, score 0, 0.5 or 1 or any
        value between). With no games, only the deviation grows (the player may have changed).

        >>> player = Rating(1500, 200)
        >>> after = player.update([(Rating(1400, 30), 1), (Rating(1550, 100), 0),
        ...                        (Rating(1700, 300), 0)])
        >>> round(after.rating, 2), round(after.deviation, 2)
        (1464.05, 151.52)
        >>> round(player.update([]).deviation, 2)
        200.27
        """
        games = list(games)
        mu, phi, sigma = self._mu(), self._phi(), self.volatility
        if not games:
            return self._from_scaled(mu, math.sqrt(phi * phi + sigma * sigma), sigma)
        inverse_v = 0.0
        improvement = 0.0
        for opponent, score in games:
            if (isinstance(score, bool) or not isinstance(score, (int, float))
                    or not 0.0 <= score <= 1.0):
                raise RatingError(f"a game score must be between 0 and 1, got {excerpt(score)}")
            if not isinstance(opponent, Rating):
                raise RatingError(f"an opponent must be a Rating, got {excerpt(opponent)}")
            g = _g(opponent._phi())
            expected = min(max(_expected(mu, opponent._mu(), opponent._phi()), _SURE),
                           1.0 - _SURE)
            inverse_v += g * g * expected * (1.0 - expected)
            improvement += g * (score - expected)
        v = 1.0 / inverse_v
        delta = v * improvement
        new_sigma = _new_volatility(delta, phi, v, sigma)
        phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
        new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
        new_mu = mu + new_phi * new_phi * improvement
        return self._from_scaled(new_mu, new_phi, new_sigma)

    def _mu(self) -> float:
        return (self.rating - DEFAULT_RATING) / GLICKO_SCALE

    def _phi(self) -> float:
        return self.deviation / GLICKO_SCALE

    @staticmethod
    def _from_scaled(mu: float, phi: float, sigma: float) -> Rating:
        deviation = min(max(phi * GLICKO_SCALE, UPDATED_DEVIATION[0]), UPDATED_DEVIATION[1])
        rating = min(max(mu * GLICKO_SCALE + DEFAULT_RATING, math.nextafter(RATING_RANGE[0], 0)),
                     RATING_RANGE[1])
        return Rating(rating, deviation,
                      min(max(sigma, UPDATED_VOLATILITY[0]), UPDATED_VOLATILITY[1]))

    def __str__(self) -> str:
        return f"{round(self.rating)} ± {round(2 * self.deviation)}"


def _new_volatility(delta: float, phi: float, v: float, sigma: float) -> float:
    """Step 5 of Glicko-2: the Illinois algorithm on f(x) = 0, x = ln(sigma'^2)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (TAU * TAU)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        high = a - k * TAU
    f_low, f_high = f(low), f(high)
    while abs(high - low) > _CONVERGENCE:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = middle, f_middle
    return math.exp(low / 2.0)
