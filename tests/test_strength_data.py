"""The saved strength figures (``gin_teach/data/strength.json``, written by
``benchmarks/strength.py --save``): every figure agrees with the counts it comes from, the
table covers every pair of computer players, and the README shows exactly what was saved."""

from itertools import combinations
from pathlib import Path

import pytest

from gin_teach.bots import BOTS
from gin_teach.errors import TournamentError
from gin_teach.tournament import LADDER, TournamentResult, ladder, measured_results, wilson_interval

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")


def test_every_saved_figure_agrees_with_its_counts() -> None:
    results = measured_results()
    assert len({(r.a, r.b) for r in results}) == len(results)
    for r in results:
        assert r.rules == "eaai" and r.games % 2 == 0
        assert r.wins + r.losses == r.games
        assert r.win_rate == r.wins / r.games
        assert r.ci95 == wilson_interval(r.wins, r.games)
        assert sum(r.hand_lengths.values()) == r.hands
        assert r.dead_hands + sum(r.gins) + sum(r.knocks) == r.hands
        for side in (0, 1):
            assert sum(r.knock_deadwood_counts[side]) == r.knocks[side]
            assert r.undercuts[side] <= r.knocks[1 - side]


def test_the_table_has_every_pair_of_players_with_the_stronger_counted_first() -> None:
    measured = {(r.a, r.b): r for r in measured_results()}
    for weaker, stronger in combinations(BOTS, 2):
        assert (stronger, weaker) in measured, (stronger, weaker)
        assert measured[stronger, weaker].games >= 400


def test_the_readme_shows_the_saved_ladder_and_gin_only_figures() -> None:
    results = measured_results()
    assert ladder(results) in README
    for r in results:
        if r.a not in LADDER:
            assert f"{r.win_rate:.1%}" in README, (r.a, r.b)


def test_the_ladder_page_draws_the_saved_results_with_how_they_were_played() -> None:
    docs = Path(__file__).parents[1] / "docs"
    page = (docs / "ladder.md").read_text(encoding="utf-8")
    results = [r for r in measured_results() if r.a in LADDER and r.b in LADDER]
    seeds = ", ".join(str(seed) for seed in sorted({r.seed for r in results}))
    assert f"seed {seeds}, eaai rules" in page and "![The ladder](ladder.svg)" in page
    plot = (docs / "ladder.svg").read_text(encoding="utf-8")
    assert plot.startswith("<?xml") and "<svg" in plot


def test_a_damaged_result_is_refused_by_name() -> None:
    good = measured_results()[0].to_dict()
    del good["wins"]
    with pytest.raises(TournamentError, match="no 'wins'"):
        TournamentResult.from_dict(good)
    with pytest.raises(TournamentError, match="not a tournament result"):
        TournamentResult.from_dict([1, 2])
