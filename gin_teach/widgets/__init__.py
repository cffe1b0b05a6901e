"""Interactive views for the notebooks (ipywidgets and ipycanvas).

Each widget is one line in a notebook, takes a ``seed`` or fixed example cards, and asks the
rules engine for every answer it shows; a bad card or an illegal move shows a message in the
widget instead of a traceback.

>>> from gin_teach.widgets import HandBuilder
>>> HandBuilder("7H 8H 9H").deadwood
0
"""

from gin_teach.widgets import (
    dashboard,
    discard_puzzle,
    game_table,
    hand_builder,
    knock_lab,
    layoff_lab,
    meld_explorer,
    score_quiz,
    table,
)
from gin_teach.widgets.dashboard import *  # noqa: F403
from gin_teach.widgets.discard_puzzle import *  # noqa: F403
from gin_teach.widgets.game_table import *  # noqa: F403
from gin_teach.widgets.hand_builder import *  # noqa: F403
from gin_teach.widgets.knock_lab import *  # noqa: F403
from gin_teach.widgets.layoff_lab import *  # noqa: F403
from gin_teach.widgets.meld_explorer import *  # noqa: F403
from gin_teach.widgets.score_quiz import *  # noqa: F403
from gin_teach.widgets.table import *  # noqa: F403

# The package's names are its widget modules' own (each module's __all__): the widgets a
# notebook shows, and the table's pure geometry (table_scene, hit_test, action_for).
__all__ = [
    *dashboard.__all__,
    *discard_puzzle.__all__,
    *game_table.__all__,
    *hand_builder.__all__,
    *knock_lab.__all__,
    *layoff_lab.__all__,
    *meld_explorer.__all__,
    *score_quiz.__all__,
    *table.__all__,
]
