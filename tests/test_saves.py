"""Saves of rounds, games and matches: exact round trips, and every damaged, edited, oversized
or wrongly typed save refused as a ReplayError (or CardError for a deal) naming the field."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_teach import (
    CardError,
    Game,
    GinError,
    GreedyBot,
    Match,
    ReplayError,
    Round,
    Rules,
    SimpleBot,
    parse_cards,
    play,
)
from gin_teach.engine.saves import MAX_SAVE_CHARS


def played_match():
    match = Match(Rules(target=30), seed=3, games=2)
    return play(match, [GreedyBot(), SimpleBot(seed=1)])


# ------------------------------------------------------------------------------ matches


def test_a_finished_match_round_trips_exactly():
    match = played_match()
    assert match.is_over and len(match.games) == 2
    again = Match.from_json(match.to_json())
    assert again.to_json() == match.to_json()
    assert again.match_points == match.match_points and again.winner == match.winner


def test_an_unfinished_match_round_trips_and_plays_on_alike():
    match = Match(Rules(target=30), seed=4, games=3)
    bots = [GreedyBot(), GreedyBot()]
    for _ in range(40):
        match.apply(bots[match.current_player].choose(match.observation(match.current_player),
                                                      match.legal_actions()))
    again = Match.from_json(match.to_json())
    assert again.to_json() == match.to_json()
    play(match, [GreedyBot(), GreedyBot()])
    play(again, [GreedyBot(), GreedyBot()])
    assert again.to_json() == match.to_json()


def test_a_match_clone_plays_on_alone():
    match = Match(seed=6, points=200)
    copy = match.clone()
    copy.apply("pass")
    assert match.phase == "upcard_nondealer" and copy.phase == "upcard_dealer"
    assert match.to_json() != copy.to_json()
    assert Match.from_json(copy.to_json()).to_json() == copy.to_json()


def _match_edit(edit):
    data = json.loads(played_match().to_json())
    edit(data)
    return data


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.update(games_limit=0), "games must be a whole number"),
    (lambda d: d.update(games_limit=True), "games must be a whole number"),
    (lambda d: d["games"][1].update(seed=d["games"][1]["seed"] + 1),
     "game 2's seed is not the one the match's seed gives"),
    (lambda d: d.update(match_points=[0, 0]), r"match_points\[\d\] differs"),
    (lambda d: d["games"][0]["rounds"][1].update(scores=[0, 0]),
     "game 1's round 2's scores"),
    (lambda d: d["games"].append(d["games"][0]), "game 3 comes after the end of the match"),
    (lambda d: d["games"][0]["rounds"].pop(), "game 1 is unfinished but more games follow"),
])
def test_an_edited_match_is_refused_with_the_field_named(edit, message):
    with pytest.raises(ReplayError, match=message):
        Match.from_json(_match_edit(edit))


# ------------------------------------------------------------------- damaged and huge


@pytest.mark.parametrize("kind", [Round, Game, Match])
def test_a_deeply_nested_save_is_refused_not_a_recursion_error(kind):
    with pytest.raises(ReplayError, match="nest more than"):
        kind.from_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ReplayError, match="nest more than"):
        kind.from_json('{"a": ' * 50_000 + "1" + "}" * 50_000)


def test_brackets_inside_card_text_do_not_count_as_nesting():
    rnd = Round(seed=1, names=("[[[[[[[[[[[[", "{{{{{{{{{{{{{{"))
    assert Round.from_json(rnd.to_json()).names == rnd.names


@pytest.mark.parametrize("kind", [Round, Game, Match])
def test_a_huge_save_is_refused_before_it_is_read(kind):
    with pytest.raises(ReplayError, match="too large"):
        kind.from_json(" " * (MAX_SAVE_CHARS + 1))


@pytest.mark.parametrize("text", [None, 7, b"{}", ["format"]])
def test_a_save_that_is_not_text_is_refused(text):
    with pytest.raises(ReplayError, match="a save is JSON text or a dict"):
        Game.from_json(text)


def test_a_huge_number_in_a_save_is_refused_as_unreadable():
    text = Round(seed=1).to_json().replace('"seed": 1', '"seed": 1' + "0" * 5000)
    with pytest.raises(ReplayError, match="not readable JSON"):
        Round.from_json(text)


def _round_edit(edit):
    rnd = Round(seed=12)
    for move in ("pass", "pass", "draw"):
        rnd.apply(move)
    data = json.loads(rnd.to_json())
    edit(data)
    return data


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.update(version=True), "unknown file version True"),
    (lambda d: d.update(version=1.0), "unknown file version 1.0"),
    (lambda d: d.update(version="1"), "unknown file version '1'"),
    (lambda d: d.update(names="Ann"), "names is missing or not a list"),
    (lambda d: d.update(names=["Ann", 7]), "names must be two player names"),
    (lambda d: d.update(dealer="0"), "dealer is missing or not a whole number"),
    (lambda d: d.update(dealer=True), "dealer is missing or not a whole number"),
    (lambda d: d.update(seed="12"), "seed must be a whole number"),
    (lambda d: d.update(seed=-1), "seed must be a whole number"),
    (lambda d: d.update(scores=[-5, 3]), "scores must be two whole numbers"),
    (lambda d: d.update(moves="pass pass"), "moves is missing or not a list"),
    (lambda d: d["moves"].__setitem__(0, 7), "moves must be text"),
    (lambda d: d["deal"].update(stock=7), "deal.stock is missing or not text"),
    (lambda d: d.update(rules=["modern"]), "the save has no rules"),
    (lambda d: d["rules"].update(target="100"), "target must be a whole number"),
    (lambda d: d["state"].update(current_player=True), r"state.current_player differs"),
    (lambda d: d["state"]["hands"].append("AS"), r"state.hands differs"),
    (lambda d: d.update(comment="hi"), "a field this package does not write: comment"),
    (lambda d: d.pop("state"), "state differs .*nothing saved"),
])
def test_a_round_save_with_a_wrong_field_is_refused_naming_it(edit, message):
    with pytest.raises(ReplayError, match=message):
        Round.from_json(_round_edit(edit))


def _game_edit(edit):
    game = play(Game(Rules(target=40), seed=4), [GreedyBot(), GreedyBot()])
    assert len(game.rounds) >= 2
    data = json.loads(game.to_json())
    edit(data)
    return data


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["rounds"][1].update(scores=[d["rounds"][1]["scores"][0] + 5,
                                             d["rounds"][1]["scores"][1]]),
     "round 2's scores .* are not the game's scores before it"),
    (lambda d: d["rounds"][0]["state"]["result"].update(points=99),
     r"rounds\[0\].state.result.points differs"),
    (lambda d: d["rounds"][0]["moves"].append("pass"), "round 1 has moves after its end"),
    (lambda d: d.update(first_dealer=2), "first_dealer must be the player number"),
    (lambda d: d.update(rounds_won=[True, 0]), r"rounds_won\[0\] differs"),
    (lambda d: d.update(seed=True), "seed is missing or not a whole number"),
])
def test_a_game_save_with_a_wrong_field_is_refused_naming_it(edit, message):
    with pytest.raises(ReplayError, match=message):
        Game.from_json(_game_edit(edit))


_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.text(max_size=12),
                    st.lists(st.integers(0, 3), max_size=3), st.dictionaries(
                        st.text(max_size=3), st.integers(), max_size=2))


def _paths(value, path=()):
    """Every place in a decoded save that can be changed."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


@settings(max_examples=150)
@given(data=st.data())
def test_any_edited_game_save_loads_the_same_or_is_refused_as_a_package_error(data):
    game = Game(Rules(target=25), seed=2)
    for _ in range(30):
        game.apply(GreedyBot().choose(game.observation(game.current_player),
                                      game.legal_actions()))
    saved = json.loads(game.to_json())
    path = data.draw(st.sampled_from([p for p in _paths(saved) if p]))
    value = data.draw(_VALUES)
    place = saved
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    try:
        loaded = Game.from_json(saved)
    except GinError:
        return
    assert json.loads(loaded.to_json()) == saved


@pytest.mark.parametrize("make", [Round, Game, Match])
def test_a_table_dealt_without_a_seed_saves_and_loads(make):
    table = make()
    table.apply("pass")
    assert make.from_json(table.to_json()).to_json() == table.to_json()


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32), target=st.integers(1, 60), stop=st.integers(0, 400),
       games=st.integers(1, 3))
def test_any_match_stopped_anywhere_saves_loads_and_clones_exactly(seed, target, stop, games):
    match = Match(Rules(target=target), seed=seed, games=games)
    bots = [SimpleBot(seed=seed), GreedyBot()]
    for _ in range(stop):
        if match.is_over:
            break
        player = match.current_player
        match.apply(bots[player].choose(match.observation(player), match.legal_actions()))
    text = match.to_json()
    again = Match.from_json(text)
    assert again.to_json() == text and again.match_points == match.match_points
    assert match.clone().to_json() == text


@pytest.mark.parametrize(("jokers", "deck"), [(0, 52), (2, 54)])
def test_a_save_with_cards_missing_names_them_and_the_deck_size(jokers: int, deck: int) -> None:
    data = json.loads(Round(seed=5, rules=Rules(jokers=jokers)).to_json())
    dealt = data["deal"]
    stock = dealt["stock"].split()
    dealt["stock"] = " ".join(stock[:-3])
    missing = " ".join(str(card) for card in sorted(parse_cards(" ".join(stock[-3:]))))
    with pytest.raises(CardError, match=f"missing {missing}: .* hold all {deck} cards"):
        Round.from_json(json.dumps(data))
