"""Glicko-2 against Glickman's published worked example, and its invariants."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_teach.learner.rating import DEFAULT_DEVIATION, Rating, RatingError


def test_glickmans_worked_example():
    # "Example of the Glicko-2 system" (Glickman, 2013), steps 1-8: a 1500/200 player beats a
    # 1400/30 player and loses to 1550/100 and 1700/300, with tau = 0.5. The paper rounds its
    # intermediates to four places, so its final figures carry that rounding.
    player = Rating(1500, 200, 0.06)
    after = player.update([(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_example_intermediates_by_hand():
    # Step 3 and 4 of the example, computed here from the formulas, not from the module:
    # g(phi_j), E_j, v and delta, then the rating change without the volatility step.
    scale = 173.7178
    opponents = [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)]
    g = [1 / math.sqrt(1 + 3 * (rd / scale) ** 2 / math.pi**2) for _, rd, _ in opponents]
    e = [1 / (1 + math.exp(-gj * (0 - (r - 1500) / scale)))
         for gj, (r, _, _) in zip(g, opponents, strict=True)]
    v = 1 / sum(gj * gj * ej * (1 - ej) for gj, ej in zip(g, e, strict=True))
    assert v == pytest.approx(1.7785, abs=1e-3)  # the paper rounds E_j first
    delta = v * sum(gj * (s - ej) for gj, ej, (_, _, s) in zip(g, e, opponents, strict=True))
    assert delta == pytest.approx(-0.4834, abs=1e-3)
    after = Rating(1500, 200).update([(Rating(r, rd), s) for r, rd, s in opponents])
    # mu' - mu = phi'^2 * delta / v, from the module's own phi'.
    phi = after.deviation / scale
    assert (after.rating - 1500) / scale == pytest.approx(phi * phi * delta / v, rel=1e-9)


def test_no_games_only_widens_the_deviation_up_to_the_cap():
    assert Rating(1500, 100).update([]).rating == 1500
    assert Rating(1500, 100).update([]).deviation > 100
    assert Rating(1500, DEFAULT_DEVIATION).update([]).deviation == DEFAULT_DEVIATION


@given(st.floats(800, 2200), st.floats(30, 350), st.floats(800, 2200), st.floats(30, 350))
def test_a_win_never_lowers_and_a_loss_never_raises(r, rd, r2, rd2):
    me, puzzle = Rating(r, rd), Rating(r2, rd2)
    assert me.update([(puzzle, 1)]).rating >= r
    assert me.update([(puzzle, 0)]).rating <= r


@pytest.mark.parametrize("args", [(1500, 0), (1500, 400), (math.nan, 100), ("1500", 100),
                                  (1500, 100, 0), (True, 100)])
def test_bad_ratings_are_refused(args):
    with pytest.raises(RatingError):
        Rating(*args)


def test_bad_scores_are_refused():
    with pytest.raises(RatingError, match="between 0 and 1"):
        Rating().update([(Rating(), 2)])
