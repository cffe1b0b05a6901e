"""gin_teach: learn Gin Rummy in Jupyter, with an exact and fast rules engine underneath.

>>> from gin_teach import parse_cards, best_arrangement
>>> print(best_arrangement(parse_cards("7S 7H 7D 8H 9H TH KC")))
7♠ 7♥ 7♦ | 8♥ 9♥ 10♥ | deadwood K♣ = 10
"""

from gin_teach.bots import (
    GreedyBot,
    Player,
    PlayerStats,
    PlayStats,
    RandomBot,
    SimpleBot,
    play,
    play_games,
)
from gin_teach.core.cards import (
    Card,
    Deck,
    cards_from_mask,
    full_deck,
    hand_mask,
    parse_cards,
    to_cards,
)
from gin_teach.core.deadwood_discards import DiscardOption, best_discards, discard_options
from gin_teach.core.hand import Hand
from gin_teach.core.melds import (
    Arrangement,
    Meld,
    all_best_arrangements,
    best_arrangement,
    deadwood,
    find_melds,
    melds_with,
)
from gin_teach.core.rules import Rules
from gin_teach.core.scoring import (
    LaidOff,
    Settlement,
    best_layoffs,
    extend_meld,
    layoff_options,
    settle,
)
from gin_teach.engine.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    PassUpcard,
    TakeDiscard,
    parse_action,
)
from gin_teach.engine.game import Game, GameTotals
from gin_teach.engine.match import Match
from gin_teach.engine.records import NO_PLAYER, Deal, Event, Observation, RoundResult
from gin_teach.engine.round import Round
from gin_teach.errors import CardError, GinError, IllegalMove, ReplayError, RulesError, SetupError

__version__ = "0.1.0"

__all__ = [
    "NO_PLAYER",
    "Action",
    "Arrangement",
    "BigGin",
    "Card",
    "CardError",
    "Deal",
    "Deck",
    "Discard",
    "DiscardOption",
    "DrawStock",
    "Event",
    "Game",
    "GameTotals",
    "GinError",
    "GreedyBot",
    "Hand",
    "IllegalMove",
    "Knock",
    "LaidOff",
    "LayOff",
    "Match",
    "Meld",
    "Observation",
    "PassUpcard",
    "PlayStats",
    "Player",
    "PlayerStats",
    "RandomBot",
    "ReplayError",
    "Round",
    "RoundResult",
    "Rules",
    "RulesError",
    "Settlement",
    "SetupError",
    "SimpleBot",
    "TakeDiscard",
    "all_best_arrangements",
    "best_arrangement",
    "best_discards",
    "best_layoffs",
    "cards_from_mask",
    "deadwood",
    "discard_options",
    "extend_meld",
    "find_melds",
    "full_deck",
    "hand_mask",
    "layoff_options",
    "melds_with",
    "parse_action",
    "parse_cards",
    "play",
    "play_games",
    "settle",
    "to_cards",
]
