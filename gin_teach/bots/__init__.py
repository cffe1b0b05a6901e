"""Computer players, from random to Monte-Carlo, and simulation of games between them.

Every player sees only an :class:`~gin_teach.engine.game.Observation` and the list of legal moves,
the same two things a person at the table (or a widget) has. :data:`BOTS` names the five
players of the course's opponent menu, weakest first, each class with a one-line
``description``.

>>> list(BOTS)
['random', 'simple', 'shaper', 'defender', 'expert']
>>> print(BOTS["simple"].description)
Simple: the EAAI challenge baseline; takes a card only for a meld and knocks at once
>>> stats = play_games(BOTS["shaper"](seed=1), BOTS["simple"](seed=2), n=2, seed=7)
>>> stats.games
2
"""

from __future__ import annotations

from typing import Final

from gin_teach.bots import basic, defender, expert, master, shaper
from gin_teach.bots.basic import *  # noqa: F403
from gin_teach.bots.basic import RandomBot, SeededBot, SimpleBot
from gin_teach.bots.defender import *  # noqa: F403
from gin_teach.bots.defender import DefenderBot
from gin_teach.bots.expert import *  # noqa: F403
from gin_teach.bots.expert import ExpertBot
from gin_teach.bots.master import *  # noqa: F403
from gin_teach.bots.shaper import *  # noqa: F403
from gin_teach.bots.shaper import ShaperBot

# The package's names are its modules' own (each module's __all__), and the menu below.
__all__ = ["BOTS", *basic.__all__, *shaper.__all__, *defender.__all__, *expert.__all__,
           *master.__all__]

#: The course's computer players by name, weakest first: each a class taking ``seed=``.
BOTS: Final[dict[str, type[SeededBot]]] = {
    "random": RandomBot,
    "simple": SimpleBot,
    "shaper": ShaperBot,
    "defender": DefenderBot,
    "expert": ExpertBot,
}
