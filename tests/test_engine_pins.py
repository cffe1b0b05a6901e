"""Today's playout engine pinned on fixed seeds, taken before it moved out of the Expert into
``gin_teach.playouts`` (the judge issue): the Expert's choices, its discard points and a
seeded match must come out exactly the same, so the strength table it was measured with
still describes the code."""

from __future__ import annotations

from gin_teach import Rules, play_games
from gin_teach.analysis import Knowledge
from gin_teach.bots import DefenderBot, ExpertBot
from gin_teach.bots.expert import expert_discard_points


def _sums(hand: str, knowledge: Knowledge, rules: Rules | None = None, *, seed: int,
          playouts: int) -> dict[str, int]:
    points = expert_discard_points(hand, knowledge, rules, seed=seed, playouts=playouts)
    return {card.code: sum(values) for card, values in points.items()}


def test_expert_discard_points_are_pinned() -> None:
    assert _sums("AS 2S 3S 5H 6H 7H 9D TD JD 2C KH", Knowledge(stock_size=20),
                 seed=3, playouts=40) == {
        "AS": 799, "2S": 878, "3S": 934, "5H": 426, "6H": 448, "7H": 580, "9D": 182,
        "TD": 383, "JD": 427, "2C": 1315, "KH": 1719}
    known = Knowledge(discard_pile="8C 4D", opponent_took="QS", opponent_holds="QS",
                      opponent_discarded="8C", stock_size=14)
    assert _sums("7S 7H 7D 9C TC JC 3H 4H 8D KS AS", known, seed=3, playouts=40) == {
        "7S": -318, "7H": -312, "7D": -538, "9C": -586, "TC": -564, "JC": -563, "3H": -204,
        "4H": 92, "8D": 200, "KS": 264, "AS": -260}


def test_expert_discard_points_with_jokers_are_pinned() -> None:
    assert _sums("AS 2S 3S 5H 6H JK 9D TD JD 2C KH", Knowledge(stock_size=20, jokers=2),
                 Rules.jokers_wild(), seed=4, playouts=30) == {
        "AS": 390, "2S": 519, "3S": 620, "5H": 752, "6H": 764, "JK1": -183, "9D": 441,
        "TD": 312, "JD": 457, "2C": 808, "KH": 1169}


def test_a_seeded_expert_match_is_pinned() -> None:
    stats = play_games(ExpertBot(seed=1), DefenderBot(seed=2), n=4, seed=5)
    expert, defender = stats.players
    assert (stats.rounds, stats.turns, stats.dead_hands) == (24, 349, 0)
    assert (expert.games_won, expert.rounds_won, expert.points, expert.gins, expert.knocks,
            expert.undercuts) == (3, 13, 946, 5, 8, 2)
    assert (defender.games_won, defender.rounds_won, defender.points, defender.gins,
            defender.knocks, defender.undercuts) == (1, 11, 718, 3, 8, 2)
