"""The playout engine pinned on fixed seeds, taken before it moved out of the Expert into
``gin_teach.playouts`` (the judge issue): a seeded match of the Expert must come out exactly
the same, so the strength table it was measured with still describes the code. (The pins of
``expert_discard_points`` held through the move; that function is gone, the judge replaces
it.)"""

from __future__ import annotations

from gin_teach import play_games
from gin_teach.bots import DefenderBot, ExpertBot


def test_a_seeded_expert_match_is_pinned() -> None:
    stats = play_games(ExpertBot(seed=1), DefenderBot(seed=2), n=4, seed=5)
    expert, defender = stats.players
    assert (stats.rounds, stats.turns, stats.dead_hands) == (24, 349, 0)
    assert (expert.games_won, expert.rounds_won, expert.points, expert.gins, expert.knocks,
            expert.undercuts) == (3, 13, 946, 5, 8, 2)
    assert (defender.games_won, defender.rounds_won, defender.points, defender.gins,
            defender.knocks, defender.undercuts) == (1, 11, 718, 3, 8, 2)
