"""The game-odds tables: the chance of winning the game by score, and the game's value."""

from __future__ import annotations

import json
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_teach import Round, Rules
from gin_teach.analysis.game_odds import (
    PRESETS,
    GameOdds,
    HandOdds,
    HandRecord,
    after_hand,
    covers,
    game_odds,
    game_value,
    game_value_after_hand,
    load_odds,
    odds_document,
    win_chance,
    write_odds,
)
from gin_teach.bots import SimpleBot, play
from gin_teach.engine.game import GameTotals
from gin_teach.errors import ArgumentError, GinError, RulesError

MODERN = Rules.modern()


# ------------------------------------------------------------------------- shipped tables

@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_has_a_table_that_answers(preset: str) -> None:
    odds = game_odds(PRESETS[preset])
    target = odds.rules.target
    start = odds.win_chance(0, 0)
    # Two players of the same strength: an even game, give or take the deal.
    assert 0.45 < start < 0.55
    assert 0.45 < odds.win_chance(0, 0, my_deal=True) < 0.55
    assert odds.win_chance(target - 1, 0) > 0.9 > 0.1 > odds.win_chance(0, target - 1)
    assert abs(odds.game_value(0, 0, my_deal=True)) < 40


def test_shipped_tables_are_the_dynamic_programme_of_their_hands() -> None:
    data = load_odds()
    samples = {sample.name: sample for sample in data.samples}
    assert {name for name, *_ in data.tables} == set(PRESETS)
    for name, rules, sample, stored in data.tables:
        assert sample in samples
        worked_out = GameOdds(HandOdds.from_records(samples[sample].records, rules), rules)
        shipped = game_odds(PRESETS[name])
        for mine in range(0, rules.target, 7):
            for theirs in range(0, rules.target, 3):
                for deals in (True, False):
                    assert shipped.win_chance(mine, theirs, my_deal=deals) == pytest.approx(
                        worked_out.win_chance(mine, theirs, my_deal=deals), abs=6e-5)
        assert len(stored["win"]) == rules.target
    assert data.built["package_version"] and data.built["seed"] is not None
    assert all(sample.hands >= 1000 for sample in data.samples)


def test_knock_that_reaches_the_target_wins_the_game() -> None:
    # Lesson 15's 97-77: every knock of 3 or more ends the game, won.
    assert all(after_hand(97, 77, points, MODERN) == 1.0 for points in range(3, 60))
    assert after_hand(97, 77, 2, MODERN) < 1.0
    assert after_hand(40, 77, -23, MODERN) == 0.0
    assert game_value_after_hand(97, 77, 3, MODERN, rounds_won=(4, 3)) == float(
        GameTotals.count((100, 77), (5, 3), MODERN).margin)


def test_a_score_at_or_past_the_target_is_a_win() -> None:
    for preset in PRESETS.values():
        target = preset.target
        assert win_chance(target, target - 1, preset) == 1.0
        assert win_chance(target + 40, 0, preset) == 1.0
        assert win_chance(3, target, preset, my_deal=True) == 0.0


def test_symmetric_dealing_sums_to_one() -> None:
    for mine, theirs in ((0, 0), (10, 95), (55, 54), (99, 0)):
        assert win_chance(mine, theirs) + win_chance(theirs, mine) == pytest.approx(1)
        assert (win_chance(mine, theirs, my_deal=True)
                + win_chance(theirs, mine, my_deal=False)) == pytest.approx(1)
        assert (game_value(mine, theirs, my_deal=True)
                + game_value(theirs, mine, my_deal=False)) == pytest.approx(0, abs=1e-6)


@pytest.mark.parametrize("preset", ["modern", "oklahoma", "jokers wild"])
def test_more_points_never_lower_the_chance(preset: str) -> None:
    odds = game_odds(PRESETS[preset])
    target = odds.rules.target
    for deals in (True, False):
        for theirs in range(0, target, 9):
            chances = [odds.win_chance(mine, theirs, my_deal=deals) for mine in range(target + 1)]
            # Stored to 1e-4: equal neighbours may round either way, nothing more.
            assert all(later >= earlier - 1e-4 for earlier, later in pairwise(chances))
            assert chances[-1] == 1.0 and chances[0] < chances[target // 2]


def test_dealer_edge_is_measured_and_small() -> None:
    odds = game_odds(MODERN)
    dealing, receiving = odds.win_chance(0, 0, my_deal=True), odds.win_chance(0, 0,
                                                                              my_deal=False)
    assert abs(dealing - receiving) < 0.06
    # The deal changes hands with the winner, so it matters only as the tables say.
    assert odds.win_chance(0, 0) == pytest.approx((dealing + receiving) / 2)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 130), st.integers(0, 130), st.integers(1, 80), st.integers(1, 80),
       st.sampled_from(sorted(PRESETS)), st.sampled_from([True, False, None]))
def test_after_hand_orders_outcomes(mine: int, theirs: int, gain: int, loss: int,
                                    preset: str, my_deal: bool | None) -> None:
    rules = PRESETS[preset]
    if max(mine, theirs) >= rules.target:
        with pytest.raises(ArgumentError):
            after_hand(mine, theirs, gain, rules)
        if min(mine, theirs) < rules.target:
            assert win_chance(mine, theirs, rules) == float(mine >= rules.target)
        return
    chance = win_chance(mine, theirs, rules, my_deal=my_deal)
    won, lost = after_hand(mine, theirs, gain, rules), after_hand(mine, theirs, -loss, rules)
    assert all(0.0 <= value <= 1.0 for value in (won, lost, chance))
    # The winner deals next, so compare with the same seat: a point ahead but dealing can be
    # worth a shade less than even (59-59 + 1 in the Norwegian table: 49.99%).
    assert won >= win_chance(mine, theirs, rules, my_deal=True) - 1e-4
    assert lost <= win_chance(mine, theirs, rules, my_deal=False) + 1e-4
    assert after_hand(mine, theirs, gain + 1, rules) >= won - 1e-4
    assert after_hand(mine, theirs, -loss - 1, rules) <= lost + 1e-4
    assert after_hand(mine, theirs, 0, rules, my_deal=my_deal) == chance
    assert win_chance(mine, theirs, rules) + win_chance(theirs, mine, rules) == pytest.approx(1)


# --------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("call, message", [
    (lambda: win_chance(-1, 0), "my_score must be a whole number"),
    (lambda: win_chance(10, 2.5), "their_score must be a whole number"),
    (lambda: win_chance(True, 0), "my_score must be a whole number"),
    (lambda: win_chance("10", 0), "my_score must be a whole number"),
    (lambda: win_chance(100, 120), "both scores reach the target"),
    (lambda: win_chance(10, 20, my_deal=1), "my_deal must be True, False or None"),
    (lambda: after_hand(10, 20, 1.5), "points must be a whole number"),
    (lambda: after_hand(104, 20, 5), "the game is over at 104-20"),
    (lambda: game_value(30, 0, rounds_won=(0, 0)), "my score 30 with no round won"),
    (lambda: game_value(30, 0, rounds_won=(1,)), "rounds_won must be two whole numbers"),
])
def test_bad_input_is_refused_with_a_named_error(call: object, message: str) -> None:
    with pytest.raises(ArgumentError, match=message) as caught:
        call()  # type: ignore[operator]
    assert isinstance(caught.value, GinError) and isinstance(caught.value, ValueError)


def test_rules_without_a_table_are_refused() -> None:
    assert all(covers(rules) for rules in PRESETS.values())
    assert not covers(Rules(knock_limit=5)) and not covers(Rules(target=600))
    with pytest.raises(RulesError, match=r"no measured hands.*knock limit 5"):
        win_chance(0, 0, Rules(knock_limit=5))
    with pytest.raises(RulesError, match="straight gin"):
        win_chance(0, 0, Rules(straight_gin=True))
    with pytest.raises(RulesError, match="targets up to 500"):
        win_chance(0, 0, Rules(target=600))
    with pytest.raises(RulesError, match="rules must be Rules"):
        win_chance(0, 0, 7)  # type: ignore[arg-type]


def test_other_targets_and_bonuses_are_worked_out_from_the_same_hands() -> None:
    longer = Rules().replace(target=150)
    assert win_chance(100, 90, longer) < win_chance(100, 90, MODERN) == 1.0
    assert 0.45 < win_chance(0, 0, longer) < 0.55
    doubling = Rules().replace(shutout_doubles=True)
    # A doubled shutout is worth more than the 200 bonus when the total is large.
    assert game_value(90, 0, doubling, rounds_won=(4, 0)) > game_value(90, 0, MODERN,
                                                                        rounds_won=(4, 0))


def test_the_odds_file_ships_with_the_package() -> None:
    import fnmatch

    tomllib = pytest.importorskip("tomllib")
    root = Path(__file__).resolve().parent.parent
    setup = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = setup["package-data"]["gin_teach.data"]
    assert "gin_teach.data" in setup["packages"]
    assert any(fnmatch.fnmatch("game_odds.json", pattern) for pattern in patterns)
    assert (root / "gin_teach" / "data" / "game_odds.json").stat().st_size < 600_000


def test_damaged_odds_files_are_refused() -> None:
    with pytest.raises(RulesError, match="not a gin_teach game odds file"):
        load_odds('{"format": "chess"}')
    with pytest.raises(RulesError, match="not readable JSON"):
        load_odds("{")
    with pytest.raises(RulesError, match="damaged"):
        load_odds('{"format": "gin_teach game odds", "version": 1, "samples": [{}]}')


def test_odds_file_round_trip(tmp_path: Path) -> None:
    folder = tmp_path
    records = {HandRecord("knock", True, 3, 15): 5, HandRecord("gin", False, 0, 22): 4,
               HandRecord("dead", False): 1}
    rules = Rules(target=30)
    odds = GameOdds(HandOdds.from_records(records, rules), rules)
    document = odds_document({"tiny": (rules, records)}, {"tiny": ("tiny", odds)},
                             {"seed": 1})
    write_odds(folder / "odds.json", document)
    data = load_odds((folder / "odds.json").read_text())
    (name, table_rules, sample, stored), = data.tables
    assert (name, sample, table_rules.target) == ("tiny", "tiny", 30)
    assert data.samples[0].records == records
    again = GameOdds(HandOdds.from_records(records, rules), rules, tables=stored)
    assert again.win_chance(12, 20, my_deal=False) == pytest.approx(
        odds.win_chance(12, 20, my_deal=False), abs=6e-5)
    assert json.loads((folder / "odds.json").read_text())["format"] == "gin_teach game odds"
    assert [p.name for p in folder.iterdir()] == ["odds.json"]  # no temporary file left


# -------------------------------------------------------------- the programme is exact

def _brute_win(hand: HandOdds, target: int) -> dict[tuple[int, int, bool], float]:
    """The dealer-seat win chances by plain fixed-point iteration over every state, with no
    pairing trick: what the tables must equal."""
    chance = {(a, b, d): 0.5 for a in range(target) for b in range(target)
              for d in (True, False)}

    def get(a: int, b: int, d: bool) -> float:
        return 1.0 if a >= target else 0.0 if b >= target else chance[a, b, d]

    for _ in range(400):
        for a, b, d in list(chance):
            mine, theirs = (hand.dealer, hand.nondealer) if d else (hand.nondealer, hand.dealer)
            chance[a, b, d] = (sum(p * get(a + k, b, True) for k, p in enumerate(mine))
                               + sum(p * get(a, b + k, False) for k, p in enumerate(theirs))
                               + hand.nobody * get(a, b, d))
    return chance


def _brute_value(hand: HandOdds, rules: Rules, a: int, b: int, deals: bool,
                 won: tuple[int, int]) -> float:
    """The expected final margin by recursion over (scores, deal, rounds won), scoring each
    ended game with GameTotals (hands here never score 0 for a winner)."""

    @cache
    def value(a: int, b: int, deals: bool, ra: int, rb: int) -> float:
        if a >= rules.target or b >= rules.target:
            totals = GameTotals.count((a, b), (ra, rb), rules).total
            return float(totals[0] - totals[1])
        mine, theirs = (hand.dealer, hand.nondealer) if deals else (hand.nondealer, hand.dealer)
        moving = (sum(p * value(a + k, b, True, ra + 1, rb) for k, p in enumerate(mine) if p)
                  + sum(p * value(a, b + k, False, ra, rb + 1)
                        for k, p in enumerate(theirs) if p))
        return moving / (1 - hand.nobody)

    return value(a, b, deals, *won)


TINY = HandOdds(dealer=(0.0, 0.12, 0.2, 0.05, 0.03), nondealer=(0.0, 0.15, 0.18, 0.1, 0.07),
                nobody=0.1, hands=100)


def test_win_table_equals_plain_iteration_with_zero_point_wins() -> None:
    zero = HandOdds(dealer=(0.04, 0.1, 0.2, 0.05, 0.03), nondealer=(0.06, 0.1, 0.17, 0.1, 0.05),
                    nobody=0.1, hands=100)
    for hand in (TINY, zero):
        odds = GameOdds(hand, Rules(target=7))
        for (a, b, d), expected in _brute_win(hand, 7).items():
            assert odds.win_chance(a, b, my_deal=d) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("rules", [
    Rules(target=7), Rules(target=7, shutout_doubles=True),
    Rules(target=8, box_bonus=0, game_bonus=0, shutout_game_bonus=0),
    Rules(target=6, game_bonus=50, shutout_game_bonus=300, box_bonus=10)])
def test_game_value_equals_the_recursion_over_rounds_won(rules: Rules) -> None:
    odds = GameOdds(TINY, rules)
    for a, b, won in ((0, 0, (0, 0)), (3, 0, (2, 0)), (0, 4, (0, 1)), (5, 2, (3, 2)),
                      (1, 1, (1, 1))):
        if max(a, b) >= rules.target:
            continue
        for deals in (True, False):
            assert odds.game_value(a, b, my_deal=deals, rounds_won=won) == pytest.approx(
                _brute_value(TINY, rules, a, b, deals, won), abs=1e-9)


# ---------------------------------------------------------------------------- records

def test_hand_records_score_rounds_as_the_engine_does() -> None:
    players = (SimpleBot(seed=1), SimpleBot(seed=2))
    for rules in (MODERN, Rules(oklahoma=True, oklahoma_spade_doubles=True),
                  Rules(undercut_on_tie=False)):
        for seed in range(12):
            rnd = play(Round(seed, dealer=seed % 2, rules=rules), players)
            result = rnd.result
            assert result is not None
            dealer_wins, points = HandRecord.of_round(rnd).score(rules)
            assert points == result.points
            assert dealer_wins == (None if result.winner is None
                                   else result.winner == rnd.dealer)


def test_hand_odds_refuse_chances_that_do_not_add_up() -> None:
    with pytest.raises(ArgumentError, match="add up to 1"):
        HandOdds((0.0, 0.5), (0.0, 0.4), 0.0, 10)
    with pytest.raises(ArgumentError, match="no hand scores"):
        HandOdds((0.5,), (0.5,), 0.0, 10)


def test_a_damaged_table_is_refused() -> None:
    text = (Path(__file__).resolve().parent.parent / "gin_teach" / "data"
            / "game_odds.json").read_text()
    document = json.loads(text)
    document["tables"][0]["win"][3][4] = "0.5"
    with pytest.raises(RulesError, match=r"damaged.*is not 100 rows of 100 chances"):
        load_odds(json.dumps(document))
    document["tables"][0]["win"].pop()
    with pytest.raises(RulesError, match="damaged"):
        load_odds(json.dumps(document))
