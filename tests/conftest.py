"""Hypothesis settings for the whole suite, and the doctests that are too slow for `make quick`.

No per-example deadline anywhere: a loaded CI machine is slow, not wrong. Under CI the
examples are derandomized, so a submission is judged on the same examples every run; on a
developer's machine they stay random and keep looking for new failures.
"""

import os

import pytest
from hypothesis import settings

settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# ------------------------------------------------------------------ deals several tests share
# Import them (``from tests.conftest import DEFENDER``) rather than typing the cards again.

KNOCKER_DEALT = "7S 7H 7D 9C TC JC 3H 4H 5H KD"
"""Seed 000's knocker as dealt: it takes the 8♦ upcard and knocks with K♦ on 8 points."""
KNOCKER = "7S 7H 7D 9C TC JC 3H 4H 5H 8D"
"""The same knocker after its knock: 8♦ is its only deadwood."""
DEFENDER = "2S 3S 4S QD QH QC 8C KH 5D TS"
"""Seed 000's defender: 33 deadwood, 25 after laying off 8♣; the knock scores 17."""

# ------------------------------------------------------------------ the slow marker
# What cannot carry a ``@pytest.mark.slow`` line is named here: doctests, and single cases of a
# parametrized test whose other cases are quick. Each takes seconds of CPU (generating puzzles,
# reviewing whole rounds by playouts, lesson 17's tournaments). ``make quick`` leaves them out;
# ``make unit`` runs them with everything else.
SLOW_DOCTESTS = frozenset({
    "gin_teach.coach",
    "gin_teach.puzzles.generate",
    "gin_teach.puzzles.generate.generate",
    "gin_teach.puzzles.generate.kind_puzzles_from_game",
    "gin_teach.puzzles.generate.puzzles_from_game",
    "gin_teach.own_puzzles.puzzles_from_review",
    "gin_teach.puzzles.verify.panel_check",
})
SLOW_CASES = frozenset({
    "tests/test_notebooks.py::test_every_exercise_accepts_the_answer_key[17_strategy_lab.ipynb]",
    "tests/test_notebooks.py::test_every_exercise_accepts_the_answer_key[12_building_a_hand.ipynb]",
    "tests/test_coach.py::test_damaged_reviews_are_refused[<lambda>-not a gin_teach review]",
    "tests/test_game_stateful.py::TestWholeGames::runTest",
})


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if ((isinstance(item, pytest.DoctestItem) and item.name in SLOW_DOCTESTS)
                or item.nodeid in SLOW_CASES):
            item.add_marker(pytest.mark.slow)
