"""Hypothesis settings for the whole suite.

No per-example deadline anywhere: a loaded CI machine is slow, not wrong. Under CI the
examples are derandomized, so a submission is judged on the same examples every run; on a
developer's machine they stay random and keep looking for new failures.
"""

import os

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
