"""Arguments to rounds, games, matches and play: everything accepted can be saved and loaded,
and everything refused raises a package error naming the argument (never AttributeError or
TypeError from deep inside), leaving nothing half built."""

import pytest

from gin_teach import (
    NO_PLAYER,
    Game,
    GinError,
    GreedyBot,
    Hand,
    IllegalMove,
    Match,
    Round,
    Rules,
    RulesError,
    SetupError,
    play,
    play_games,
)
from gin_teach.core.arguments import LONGEST_NAME, MAX_SCORE, MAX_SEED


@pytest.mark.parametrize("make, error, message", [
    (lambda: Round(seed=True), SetupError, "seed must be a whole number"),
    (lambda: Round(seed=1.5), SetupError, "seed must be a whole number"),
    (lambda: Round(seed="7"), SetupError, "seed must be a whole number"),
    (lambda: Round(seed=-1), SetupError, "seed must be a whole number from 0"),
    (lambda: Round(seed=10 ** 5000), SetupError, "a number of about 5,000 digits"),
    (lambda: Round(1, scores=(-5, 3)), SetupError, "scores must be two whole numbers"),
    (lambda: Round(1, scores=(5,)), SetupError, "scores must be two whole numbers"),
    (lambda: Round(1, scores=(MAX_SCORE + 1, 0)), SetupError, "scores must be"),
    (lambda: Round(1, scores=(1.0, 0)), SetupError, "scores must be"),
    (lambda: Round(1, dealer=1.0), SetupError, "dealer must be the player number 0 or 1"),
    (lambda: Round(1, dealer=True), SetupError, "dealer must be the player number"),
    (lambda: Round(1, names="Ann"), SetupError, "names must be two player names"),
    (lambda: Round(1, names=("Ann", " ")), SetupError, "names must be two player names"),
    (lambda: Round(1, names=("A" * (LONGEST_NAME + 1), "Bob")), SetupError, "names must"),
    (lambda: Round(1, rules="poker"), RulesError, "rules must be Rules"),
    (lambda: Round.from_deal(["AS"], "KC"), GinError, "give two hands"),
    (lambda: Round.from_deal(["AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH"],
                             "KC", fill_seed=-1), SetupError, "fill_seed must be"),
    (lambda: Game(7), RulesError, "rules must be Rules, None or a preset's name, got 7"),
    (lambda: Game("classic", 1), TypeError, "positional"),
    (lambda: Game(seed=True), SetupError, "seed must be a whole number"),
    (lambda: Game(seed=MAX_SEED + 1), SetupError, "seed must be a whole number"),
    (lambda: Game(names=("Ann",)), SetupError, "names must be two player names"),
    (lambda: Game(first_dealer=2), SetupError, "first_dealer must be the player number"),
    (lambda: Match(7), RulesError, "rules must be Rules"),
    (lambda: Match(games=0), SetupError, "games must be a whole number from 1"),
    (lambda: Match(games=True), SetupError, "games must be a whole number"),
    (lambda: Match(games=None, points=-5), SetupError, "points must be a whole number"),
    (lambda: Match(games=None, points=None), SetupError, "a number of games or"),
    (lambda: Match(seed="x"), SetupError, "seed must be"),
])
def test_a_bad_setup_is_refused_naming_the_argument(make, error, message):
    with pytest.raises(error, match=message):
        make()


def test_setup_errors_are_not_illegal_moves():
    with pytest.raises(SetupError) as caught:
        Game(names=("Ann",))
    assert not isinstance(caught.value, IllegalMove)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, GinError)


def test_everything_accepted_at_the_limits_saves_and_loads():
    name = "N" * LONGEST_NAME
    rnd = Round(MAX_SEED, dealer=1, rules="classic", names=(name, "You"),
                scores=(MAX_SCORE, 0))
    assert Round.from_json(rnd.to_json()).to_json() == rnd.to_json()
    game = Game("norwegian", seed=MAX_SEED, names=("You", name))
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    match = Match(Rules(target=10), seed=0, games=1000)
    assert Match.from_json(match.to_json()).to_json() == match.to_json()


@pytest.mark.parametrize("player", [1.0, True, "1", 2, -1, None])
def test_a_player_number_that_is_not_0_or_1_is_refused(player):
    rnd = Round(seed=6)  # player 1 is to act
    before = rnd.to_json()
    with pytest.raises(SetupError, match="player must be the player number 0 or 1"):
        rnd.observation(player)
    with pytest.raises(SetupError, match="player must be the player number 0 or 1"):
        rnd.hand(player)
    if player is not None:
        with pytest.raises(SetupError, match="player must be the player number 0 or 1"):
            rnd.apply("pass", player=player)
    assert rnd.to_json() == before


def test_hands_are_hands_that_show_as_cards():
    rnd = Round(seed=3)
    assert isinstance(rnd.hand(0), Hand) and isinstance(rnd.observation(1).hand, Hand)
    assert rnd.observation(0).hand == rnd.hand(0)
    assert rnd.hand(0).deadwood == rnd.deadwood(0)
    assert "<svg" in rnd.hand(0)._repr_html_()


def test_nobody_acts_once_it_is_over():
    rnd = play(Round(seed=2), [GreedyBot(), GreedyBot()])
    assert rnd.current_player == NO_PLAYER == -1
    game = play(Game(Rules(target=20), seed=2), [GreedyBot(), GreedyBot()])
    assert game.current_player == NO_PLAYER


@pytest.mark.parametrize("n, message", [
    (-1, "n \\(the number of games\\) must be a whole number from 1"),
    (0, "n \\(the number of games\\) must be"),
    (1.5, "n \\(the number of games\\) must be"),
    (True, "n \\(the number of games\\) must be"),
])
def test_play_games_refuses_a_count_that_is_not_a_count(n, message):
    with pytest.raises(SetupError, match=message):
        play_games(GreedyBot(), GreedyBot(), n)


def test_play_games_and_play_check_their_other_arguments():
    with pytest.raises(SetupError, match="seed must be"):
        play_games(GreedyBot(), GreedyBot(), 1, seed=-3)
    with pytest.raises(RulesError, match="rules must be"):
        play_games(GreedyBot(), GreedyBot(), 1, rules=10)
    with pytest.raises(SetupError, match="players must be two players"):
        play(Round(seed=1), [GreedyBot()])
    with pytest.raises(SetupError, match="players must be two players"):
        play(Round(seed=1), ["a", "b"])
