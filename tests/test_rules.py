import pytest

from gin_teach import Card, Rules, RulesError


def test_presets_match_the_bonus_table():
    table = {"classic": (20, 10, 20), "modern": (25, 25, 25), "norwegian": (40, 20, 30)}
    for name, rules in Rules.presets().items():
        assert (rules.gin_bonus, rules.undercut_bonus, rules.box_bonus) == table[name]
        assert rules.name == name and rules.knock_limit == 10 and rules.target == 100
    assert Rules() == Rules.modern()


def test_defaults_follow_the_rules_page():
    rules = Rules()
    assert rules.undercut_on_tie and rules.big_gin_bonus is None
    assert (rules.game_bonus, rules.shutout_game_bonus, rules.dead_hand_stock) == (100, 200, 2)
    assert not (rules.oklahoma or rules.straight_gin or rules.shutout_doubles)


@pytest.mark.parametrize("changes, message", [
    ({"gin_bonus": -1}, "gin_bonus cannot be negative"),
    ({"target": 0}, "target must be at least 1"),
    ({"knock_limit": -1}, "knock_limit cannot be negative"),
    ({"knock_limit": "10"}, "whole number"),
    ({"undercut_on_tie": 1}, "True or False"),
    ({"big_gin_bonus": -5}, "big_gin_bonus cannot be negative"),
    ({"oklahoma_spade_doubles": True}, "needs oklahoma"),
    ({"no_such_rule": 1}, "unknown rules field"),
])
def test_nonsense_is_refused(changes, message):
    with pytest.raises(RulesError, match=message):
        Rules().replace(**changes)


def test_rules_are_frozen_and_replace_copies():
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.target = 5  # type: ignore[misc]
    variant = rules.replace(target=150)
    assert variant.target == 150 and rules.target == 100 and variant.name == "modern variant"


def test_round_knock_limits():
    assert Rules(straight_gin=True).round_knock_limit() == 0
    oklahoma = Rules(oklahoma=True)
    limits = [oklahoma.round_knock_limit(Card(r, "H")) for r in (1, 2, 9, 10, 13)]
    assert limits == [0, 2, 9, 10, 10]
    with pytest.raises(RulesError):
        oklahoma.round_knock_limit()
    doubling = oklahoma.replace(oklahoma_spade_doubles=True)
    assert doubling.round_multiplier(Card(4, "S")) == 2
    assert doubling.round_multiplier(Card(4, "H")) == 1
    assert Rules().round_multiplier(Card(4, "S")) == 1


def test_changed_numbers_are_named_a_variant():
    assert Rules().name == "modern" and Rules(knock_limit=9).name == "modern variant"
    assert Rules(oklahoma=True).describe().startswith("modern variant: Oklahoma (the first")
    assert Rules.classic().name == "classic"
    assert Rules.norwegian().replace(target=250).name == "norwegian variant"


def test_knock_limit_zero_reads_as_gin_only():
    assert "gin only (knock limit 0)" in Rules(knock_limit=0).describe()


@pytest.mark.parametrize("field, value, message", [
    ("knock_limit", float("nan"), "knock_limit must be a whole number, got nan"),
    ("knock_limit", 9.0, "knock_limit must be a whole number"),
    ("gin_bonus", True, "gin_bonus must be a whole number, got True"),
    ("gin_bonus", 10 ** 5000, "gin_bonus must be at most 1,000,000, got a number of about"),
    ("target", 10 ** 7, "target must be at most 1,000,000"),
    ("big_gin_bonus", 31.5, "big_gin_bonus must be a whole number"),
    ("straight_gin", 0, "straight_gin must be True or False, got 0"),
    ("oklahoma", "yes", "oklahoma must be True or False"),
    ("name", "x" * 10 ** 6, "name must be a short text"),
], ids=lambda value: value if isinstance(value, str) and len(value) < 20 else type(value).__name__)
def test_fields_are_checked_by_value_and_named(field, value, message):
    with pytest.raises(RulesError, match=message) as refused:
        Rules(**{field: value})
    assert len(str(refused.value)) < 200


def test_base_knock_limit_is_zero_under_straight_gin():
    assert Rules(knock_limit=7).base_knock_limit == 7
    assert Rules(knock_limit=7, straight_gin=True).base_knock_limit == 0
    assert Rules(straight_gin=True, oklahoma=True).round_knock_limit(Card(5, "S")) == 0


@pytest.mark.parametrize("override", [float("nan"), 3.0, True, -1, 91, "5"])
def test_a_knock_limit_override_must_be_a_whole_number(override):
    from gin_teach import best_discards, discard_options, settle
    with pytest.raises(RulesError, match="knock_limit must be a whole number 0 to 90"):
        settle("7S 7H 7D 9C TC JC 3H 4H 2D KD", "2S 3S 4S QD QH QC 8C KH 5D TS",
               knock_limit=override)
    with pytest.raises(RulesError, match="knock_limit"):
        best_discards("7S 7H 7D 9C TC JC 3H 4H 2D KD QD", knock_limit=override)
    with pytest.raises(RulesError, match="knock_limit"):
        discard_options("7S 7H 7D 9C TC JC 3H 4H 2D KD QD", knock_limit=override)


@pytest.mark.parametrize("rules", [7, "clasic", Rules, object()])
def test_rules_that_are_not_rules_are_named(rules):
    from gin_teach import best_discards, settle
    with pytest.raises(RulesError, match="rules must be Rules, None or a preset's name"):
        settle("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS", rules)
    with pytest.raises(RulesError, match="rules must be"):
        best_discards("7S 7H 7D 9C TC JC 3H 4H 2D KD QD", rules)


def test_rules_of_reads_presets_by_name():
    assert Rules.of("norwegian") == Rules.norwegian() and Rules.of(None) is Rules.modern()
