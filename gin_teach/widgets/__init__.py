"""Interactive views for the notebooks (ipywidgets and ipycanvas).

Each widget is one line in a notebook, takes a ``seed`` or fixed example cards, and asks the
rules engine for every answer it shows; a bad card or an illegal move shows a message in the
widget instead of a traceback.

>>> from gin_teach.widgets import HandBuilder
>>> HandBuilder("7H 8H 9H").deadwood
0
"""

from gin_teach.widgets.dashboard import ProgressDashboard
from gin_teach.widgets.discard_puzzle import DiscardPuzzle, puzzle_of_the_day
from gin_teach.widgets.game_table import GameTable
from gin_teach.widgets.hand_builder import HandBuilder
from gin_teach.widgets.knock_lab import KnockLab
from gin_teach.widgets.layoff_lab import LayoffLab
from gin_teach.widgets.meld_explorer import MeldExplorer
from gin_teach.widgets.score_quiz import ScoreQuiz
from gin_teach.widgets.table import TableCanvas, action_for, hit_test, table_scene

__all__ = [
    "DiscardPuzzle",
    "GameTable",
    "HandBuilder",
    "KnockLab",
    "LayoffLab",
    "MeldExplorer",
    "ProgressDashboard",
    "ScoreQuiz",
    "TableCanvas",
    "action_for",
    "hit_test",
    "puzzle_of_the_day",
    "table_scene",
]
