"""Hollywood scoring (issue 44): three games kept at once from one run of rounds, as a rules
preset the engine, the scoresheet, the game table and the computer players all follow."""

from __future__ import annotations

import pytest

from gin_teach import Game, Rules
from gin_teach.bots import BOTS, play
from gin_teach.core.hollywood import HOLLYWOOD_GAMES, games_of_win, hollywood_games
from gin_teach.engine.game import GameTotals
from gin_teach.errors import RulesError
from gin_teach.tournament import tournament
from gin_teach.widgets import GameTable


def results_of(game: Game) -> list[tuple[int | None, int]]:
    return [(rnd.result.winner, rnd.result.points) for rnd in game.rounds
            if rnd.result is not None]


def test_each_players_wins_fill_the_games_in_turn():
    # First win: game 1; second: games 1 and 2; third and later: all three.
    games = hollywood_games([(0, 10), (0, 20), (0, 30), (0, 5), (1, 7)], target=100)
    assert [g.points for g in games] == [(65, 7), (55, 0), (35, 0)]
    assert [g.rounds_won for g in games] == [(4, 1), (3, 0), (2, 0)]
    assert all(g.is_open for g in games)


def test_a_closed_game_takes_no_more_points_and_a_dead_hand_counts_nowhere():
    games = hollywood_games([(1, 99), (None, 0), (1, 1), (1, 40), (0, 25)], target=100)
    first, second, third = games
    # The first player's first win is for game 1 only, closed by then: written nowhere.
    assert first.winner == 1 and first.points == (0, 100)
    assert second.points == (0, 41) and third.points == (0, 40)
    assert hollywood_games([(1, 100), (1, 100), (1, 100)], target=100)[2].winner == 1
    with pytest.raises(RulesError):
        games_of_win(0)


@pytest.mark.parametrize(("a", "b", "seed"), [("shaper", "defender", 4), ("simple", "shaper", 7)])
def test_the_computer_players_play_a_hollywood_game_to_its_end(a, b, seed):
    rules = Rules.hollywood(target=60)
    game = play(Game(rules, seed=seed), [BOTS[a](seed=1), BOTS[b](seed=2)])
    games = game.hollywood_games()
    assert len(games) == HOLLYWOOD_GAMES and not any(g.is_open for g in games)
    assert games == hollywood_games(results_of(game), rules.target)
    # The game ends with the round that closes the last of the three, not before.
    before = hollywood_games(results_of(game)[:-1], rules.target)
    assert any(g.is_open for g in before)
    each = [GameTotals.count(g.points, g.rounds_won, rules, g.winner) for g in games]
    totals = game.totals()
    assert totals.total == (sum(t.total[0] for t in each), sum(t.total[1] for t in each))
    assert game.winner == (0 if totals.total[0] > totals.total[1] else 1) or \
        totals.total[0] == totals.total[1]
    sheet = game.scoresheet()
    assert sheet.startswith("Hollywood: three games to 60")
    for number in (1, 2, 3):
        assert f"Game {number} total" in sheet
    assert "Total of the three games" in sheet and "wins the three games by" in sheet
    again = Game.from_json(game.to_json())
    assert again.hollywood_games() == games and again.totals() == totals


def test_a_tournament_is_played_under_hollywood_rules():
    result = tournament("shaper", "simple", games=2, seed=3, rules="hollywood")
    assert result.games == 2 and result.rules == "hollywood"


def test_the_game_table_offers_hollywood_and_keeps_its_sheet():
    table = GameTable("simple", seed=2)
    table.preset.value = "hollywood"
    table.new_game()
    assert table.game.rules.hollywood_scoring
    assert "Hollywood: three games" in table.scoresheet.value


SHEET = [("Ann", 30), ("Bob", 20), ("Ann", 25), ("Ann", 40), ("Bob", 35), ("Ann", 15)]


@pytest.mark.parametrize("number", range(1, len(SHEET) + 1))
def test_the_games_checker_agrees_with_the_engine_round_by_round(number):
    from gin_teach.lessons import check_hollywood_games

    names = ("Ann", "Bob")
    results = [(names.index(w), p) for w, p in SHEET]
    before = hollywood_games(results[:number - 1], 100)
    after = hollywood_games(results[:number], 100)
    written = [a.number for a, b in zip(before, after, strict=True) if a.points != b.points]
    assert check_hollywood_games(SHEET, number, written or "none").correct
    wrong = [1, 2, 3] if written != [1, 2, 3] else [1]
    said = check_hollywood_games(SHEET, number, wrong)
    assert not said.correct and "goes in" in said.message


def test_the_score_checker_reads_both_orders_and_names_a_closed_game():
    from gin_teach.lessons import check_hollywood_score

    names = ("Ann", "Bob")
    games = hollywood_games([(names.index(w), p) for w, p in SHEET], 100)
    for game in games:
        right = check_hollywood_score(SHEET, game.number, game.points)
        assert right.correct, right
        text = f"Ann {game.points[0]}, Bob {game.points[1]}"
        assert check_hollywood_score(SHEET, game.number, text).correct
    first = games[0]
    assert first.winner == 0 and "closed when Ann reached 100" in str(
        check_hollywood_score(SHEET, 1, first.points))
    swapped = check_hollywood_score(SHEET, 2, games[1].points[::-1])
    assert not swapped.correct and "other way round" in swapped.message
    assert not check_hollywood_score(SHEET, 2, "80").answered or "two numbers" in str(
        check_hollywood_score(SHEET, 2, "80"))
