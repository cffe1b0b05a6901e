"""The Master plays the coach's own move, legally, under any rules; it beats a weaker level on
a fixed seed (its strength comes from benchmarks/strength.py, not from here)."""

from __future__ import annotations

import pytest

from gin_teach import Game, Round, Rules
from gin_teach.bots import SimpleBot, play
from gin_teach.bots.master import MasterBot
from gin_teach.coach import hint
from gin_teach.engine.actions import Knock
from gin_teach.errors import SetupError
from gin_teach.playouts.table_view import TableView
from gin_teach.tournament import RULES, tournament


def test_every_move_of_the_master_is_the_coachs_hint():
    """A learner who plays as the coach recommends plays as the Master: at each of the
    Master's draws and discards in a seeded game, its move is the coach's hint."""
    game = Game(RULES["eaai"], seed=5)
    master, simple = MasterBot(seed=1), SimpleBot(seed=2)
    compared = 0
    while not game.is_over and compared < 40:
        rnd = game.round
        player = rnd.current_player
        legal = rnd.legal_actions()
        if player == 0:
            move = master.choose(rnd.observation(0), legal)
            if rnd.phase in ("upcard_nondealer", "upcard_dealer", "draw", "discard") \
                    and len(legal) > 1:
                said = str(Knock(move.card)) if isinstance(move, Knock) else str(move)
                assert said == hint(game, 0).move
                compared += 1
        else:
            move = simple.choose(rnd.observation(1), legal)
        game.apply(move)
    assert compared >= 20


@pytest.mark.parametrize("rules", [
    RULES["eaai"], *(pytest.param(rules, marks=pytest.mark.slow)
                     for rules in (Rules(oklahoma=True), Rules.jokers_wild(), Rules.classic()))])
def test_the_master_plays_only_legal_moves_to_the_end_of_a_game(rules):
    game = Game(rules.replace(target=40), seed=3)
    play(game, [MasterBot(seed=1), SimpleBot(seed=2)])
    assert game.is_over


def test_the_master_beats_a_weaker_level_on_a_fixed_seed():
    result = tournament(MasterBot, "random", games=2, seed=2, rules=Rules(target=60))
    assert result.wins == 2 and result.points_per_game > 0


def test_the_master_asks_for_the_observation_it_decides_from():
    rnd = Round(seed=4)
    view = TableView.from_observation(rnd.observation(rnd.current_player))
    with pytest.raises(SetupError, match="call choose"):
        MasterBot().wants_top(view)
