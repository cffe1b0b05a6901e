"""Issue 27's cases, each kept: a crafted save refused in linear time, the jokers-wild analysis
after a joker was thrown, and plausible but wrong input answered with a clear GinError."""

from __future__ import annotations

import json

import pytest

from gin_teach import Game, RandomBot, ReplayError, Round, Rules, SimpleBot, coach
from gin_teach.analysis import Knowledge, analyze_discards, analyze_knock

WILD = Rules.jokers_wild()


# ------------------------------------------------------------------ crafted saves, linear time


@pytest.mark.parametrize("kind", [Round, Game])
@pytest.mark.parametrize("make", [
    lambda n: '"' + '\\"' * n,            # once rescanned from every quote: minutes at 40,000
    lambda n: "[" * n + "]" * n,
    lambda n: '{"a":' * n + "1" + "}" * n,
    lambda n: '"' + "\\" * (2 * n),
])
def test_a_crafted_save_is_refused_with_a_clear_error(kind, make):
    # At n = 40,000 the old quadratic depth check took over a minute per call; the time is
    # measured by benchmarks/crafted_saves.py, the test keeps the answer.
    for n in (10_000, 40_000):
        with pytest.raises(ReplayError, match=r"save is (damaged|not readable JSON)"):
            kind.from_json(make(n))


def test_a_long_valid_save_with_many_escapes_still_loads():
    rnd = Round(seed=4, names=('A"\\[{\\"' * 3, 'B\\"]'))
    rnd.apply("pass")
    again = Round.from_json(rnd.to_json())
    assert again.names == rnd.names and again.to_json() == rnd.to_json()


def test_a_save_given_as_a_dict_that_holds_itself_is_refused():
    save = json.loads(Round(seed=1).to_json())
    save["state"]["loop"] = save
    with pytest.raises(ReplayError, match="nest more than"):
        Round.from_json(save)


# ------------------------------------------------------------- jokers wild, a joker thrown


def _rounds_with_a_thrown_joker(count):
    """Finished rounds at the jokers table in which a random player (0) threw or declined a
    joker, and the positions of the Simple player (1) at its discards after that, as
    (round before the move, hand, knowledge); from seeded self-play."""
    rounds, positions = [], []
    for seed in range(200):
        rnd = Round(seed=seed, rules=WILD)
        bots = [RandomBot(seed=seed), SimpleBot(seed=seed)]
        found = []
        while not rnd.is_over:
            player = rnd.current_player
            view = rnd.observation(player)
            knowledge = Knowledge.from_observation(view)
            thrown = knowledge.opponent_discarded + knowledge.opponent_passed
            if player == 1 and rnd.phase == "discard" and any(c.is_joker for c in thrown):
                found.append((rnd.clone(), view.hand, knowledge))
            rnd.apply(bots[player].choose(view, rnd.legal_actions()))
        if found:
            rounds.append(rnd)
            positions.extend(found)
        if len(rounds) == count:
            return rounds, positions
    raise AssertionError("seeded play found too few rounds with a thrown joker")


def test_the_analysis_and_the_coach_work_after_the_opponent_threw_a_joker():
    rounds, positions = _rounds_with_a_thrown_joker(3)
    for rnd, hand, knowledge in positions:
        analyses = analyze_discards(hand, knowledge, WILD)
        legal = [card for card in hand if card != knowledge.just_taken]
        assert sorted(a.card.index for a in analyses) == sorted(c.index for c in legal)
        knock = analyze_knock(hand, knowledge, WILD)
        assert knock.discard is None or knock.discard in legal
        advice = coach.hint(rnd)
        assert advice.action in rnd.legal_actions() and advice.why
    review = coach.review(rounds[0], player=1)  # the end-of-round review of the table
    assert review.decisions and 0 <= review.accuracy <= 100


def test_a_thrown_or_declined_joker_marks_no_card_as_shunned():
    plain = Knowledge(opponent_discarded="9C", opponent_passed="4D", jokers=2)
    with_jokers = Knowledge(opponent_discarded="9C JK1", opponent_passed="4D JK2", jokers=2)
    assert with_jokers.shunned_mask() == plain.shunned_mask() != 0
