"""The coach: grades, hints and reviews judged from what the player knew, and their JSON."""

from __future__ import annotations

import dataclasses
import json
import statistics

import pytest

from gin_teach import Game, Round
from gin_teach.bots import BOTS, play
from gin_teach.coach import Decision, Review, as_dealt, grade_move, hint, refutation, review
from gin_teach.errors import IllegalMove, ReviewError

HANDS = ["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"]


def knock_position() -> Round:
    """Player 0 took 2♦ and can knock by throwing K♦ (2 left)."""
    rnd = Round.from_deal(HANDS, upcard="2D", stock="AC", dealer=1)
    rnd.apply("take")
    return rnd


def played(name: str, seed: int) -> Round:
    return play(Round(seed=seed), [BOTS[name](seed=seed), BOTS["simple"](seed=100 + seed)])


@pytest.mark.slow
def test_accuracy_orders_the_players_on_the_same_deals() -> None:
    # Same seeded deals, same opponent: only player 0's play differs.
    seeds = range(6)
    mean = {name: statistics.mean(review(played(name, s), 0).accuracy for s in seeds)
            for name in ("random", "simple", "shaper", "defender")}
    # The judge's playouts play a fast count-first policy, so it rates Simple, the Shaper and
    # the Defender close together (about 82-85 on these deals); each is far above Random.
    for name in ("simple", "shaper", "defender"):
        assert mean[name] > mean["random"] + 20, mean


@pytest.mark.slow
def test_the_experts_play_reviews_highest_on_the_same_deals() -> None:
    # The Expert plays by playouts, so it is slow; a few seeded deals are enough to order it.
    seeds = range(4)
    mean = {name: statistics.mean(review(played(name, s), 0).accuracy for s in seeds)
            for name in ("random", "simple", "expert")}
    assert mean["expert"] > mean["simple"] > mean["random"]


@pytest.mark.parametrize(("move", "verdicts"), [
    ("knock KD", {"best"}),
    # Playing on with 2 is worth nearly as much as knocking, as far as the deals tell.
    ("discard KD", {"good", "inaccuracy"}),
    ("discard 3H", {"mistake", "blunder"}),
])
def test_grades_of_a_knockable_hand(move: str, verdicts: set[str]) -> None:
    rnd = knock_position()
    before = rnd.to_json()
    grade = grade_move(rnd, move)
    assert grade is not None
    assert grade.verdict in verdicts and grade.best == "knock KD"
    assert (grade.points_lost == 0) == (grade.verdict == "best")
    assert rnd.to_json() == before  # the position is left untouched


def test_a_worse_discard_loses_more_than_a_nearly_right_one() -> None:
    rnd = knock_position()
    near, far = grade_move(rnd, "discard KD"), grade_move(rnd, "discard 3H")
    assert near is not None and far is not None
    assert far.points_lost > near.points_lost


def test_draw_grades_follow_the_judge() -> None:
    rnd = Round.from_deal(HANDS, upcard="6H", stock="AC", dealer=1)  # 6♥ makes gin
    assert hint(rnd).move == "take"
    taken, passed = grade_move(rnd, "take"), grade_move(rnd, "pass")
    assert taken is not None and passed is not None
    assert taken.verdict == "best" and passed.best == "take" and passed.points_lost > 4
    assert passed.verdict == "blunder" and "6♥" in passed.why


def test_nothing_to_grade_and_illegal_moves() -> None:
    rnd = knock_position()
    rnd.apply("knock KD")
    assert rnd.phase == "layoff"
    assert grade_move(rnd, "lay off") is None
    with pytest.raises(IllegalMove):
        grade_move(knock_position(), "discard 2D")  # just taken
    with pytest.raises(ReviewError, match="Round or a Game"):
        grade_move("7H", "draw")  # type: ignore[arg-type]


def test_hint_refuses_when_there_is_nothing_to_hint() -> None:
    rnd = knock_position()
    assert hint(rnd, 0).move == "knock KD"
    with pytest.raises(ReviewError, match="player 0's turn"):
        hint(rnd, 1)
    with pytest.raises(ReviewError, match="0 or 1, not True"):
        hint(rnd, True)  # a bool is no player, though True == 1
    rnd.apply("knock KD")
    rnd.apply("lay off")
    with pytest.raises(ReviewError, match="over"):
        hint(rnd)


@pytest.mark.slow
def test_review_replays_what_the_player_knew() -> None:
    rnd = played("random", 3)
    result = review(rnd, 0)
    moves = [str(a) for p, a in rnd.history if p == 0]
    assert [d.move for d in result.decisions] == [
        m for m in moves if not m.startswith(("lay off", "big gin"))][:len(result.decisions)]
    # The review does not depend on the opponent's hidden cards beyond what was shown: grading
    # each move on the replay gives the same decisions.
    replay, again = as_dealt(rnd), []
    for player, action in rnd.history:
        if player == 0 and (decision := grade_move(replay, action)) is not None:
            again.append((decision.move, decision.best, decision.verdict))
        replay.apply(action)
    assert again == [(d.move, d.best, d.verdict) for d in result.decisions]


@pytest.mark.slow
def test_review_of_a_game_covers_its_finished_rounds() -> None:
    game = Game(seed=5)
    bots = [BOTS["simple"](seed=1), BOTS["shaper"](seed=2)]
    while len(game.rounds) < 3 and not game.is_over:
        player = game.current_player
        game.apply(bots[player].choose(game.observation(player), game.legal_actions()))
    result = review(game, 1)
    finished = sum(r.is_over for r in game.rounds)
    assert len(result.round_accuracy) == finished
    assert {d.round_index for d in result.decisions} <= set(range(finished))


@pytest.mark.parametrize("state", [Round(seed=1), Game(seed=2)])
def test_nothing_finished_is_refused(state: Round | Game) -> None:
    with pytest.raises(ReviewError):
        review(state)


@pytest.mark.slow
def test_json_round_trip_and_help_marks() -> None:
    result = review(played("simple", 2), 0).with_help("took back a move")
    again = Review.from_json(result.to_json())
    assert again == result and again.helped == ("took back a move",)
    assert "Helped: took back a move" in again.summary()
    html = again._repr_html_()
    assert html.count('class="gin-decision') == len(again.decisions)


def _saved() -> dict[str, object]:
    data = review(played("random", 1), 0).to_dict()
    assert data["decisions"], "the sample round needs decisions to tamper with"
    return data


def _decision(data: dict[str, object]) -> dict[str, object]:
    decisions = data["decisions"]
    assert isinstance(decisions, list)
    first = decisions[0]
    assert isinstance(first, dict)
    return first


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.update(format="chess"), "not a gin_teach review"),
    (lambda d: d.update(version=2), "version 2"),
    (lambda d: d.update(player=2), "player is 0 or 1"),
    (lambda d: d.update(accuracy=100.0 if d["accuracy"] != 100.0 else 3.0), "does not follow"),
    (lambda d: d.update(round_accuracy=[120]), "round_accuracy"),
    (lambda d: d.update(helped=[1]), "helped"),
    (lambda d: d.update(decisions={}), "decisions must be a list"),
    (lambda d: _decision(d).update(verdict="great"), "verdict is one of"),
    (lambda d: _decision(d).update(kind="lay off"), "kind is draw or discard"),
    (lambda d: _decision(d).update(move="fly"), "move is not a move"),
    (lambda d: _decision(d).update(points_lost=-1), "points_lost"),
    (lambda d: _decision(d).update(points_lost=float("nan")), "points_lost"),
    (lambda d: _decision(d).pop("why"), "a decision needs"),
    (lambda d: _decision(d).update(move_index="3"), "move_index"),
])
def test_damaged_reviews_are_refused(edit, message: str) -> None:  # type: ignore[no-untyped-def]
    data = _saved()
    edit(data)
    with pytest.raises(ReviewError, match=message):
        Review.from_json(json.dumps(data))


def test_decision_accuracy_falls_with_points_lost() -> None:
    values = [Decision(0, 0, "draw", "draw", "take", "mistake", lost, "").accuracy
              for lost in (0.0, 1.0, 3.0)]
    assert values == sorted(values, reverse=True) and values[0] == 1.0


@pytest.mark.slow
def test_round_numbers_and_combined_reviews() -> None:
    rnd = played("simple", 2)
    third = review(rnd, 0, round_index=2)
    assert {d.round_index for d in third.decisions} == {2}
    with pytest.raises(ReviewError, match="round_index"):
        review(rnd, 0, round_index=-1)
    both = Review.combine([review(rnd, 0), third])
    assert len(both.decisions) == 2 * len(third.decisions)
    assert both.accuracy == pytest.approx(third.accuracy)
    with pytest.raises(ReviewError, match="one player"):
        Review.combine([review(rnd, 0), review(rnd, 1)])
    with pytest.raises(ReviewError):
        Review.combine([])


def test_a_reviewed_mistake_is_refuted_on_its_own_position_and_a_good_move_is_not():
    rnd = play(Round(seed=4), [BOTS["random"](seed=3), BOTS["shaper"](seed=1)])
    found = review(rnd, player=0)
    wrong = [d for d in found.decisions if d.verdict in ("mistake", "blunder")][:2]
    assert wrong
    for decision in wrong:
        shown = refutation(rnd, decision)
        if shown is None:
            continue
        assert (shown.line.move, shown.better.move) == (decision.move, decision.best)
        assert shown.line.points < shown.better.points
        replay = as_dealt(rnd)
        for _, action in rnd.history[:decision.move_index]:
            replay.apply(action)
        assert set(shown.line.start) == set(replay.hand(0))  # the position the move faced
    right = next(d for d in found.decisions if d.accepted)
    assert refutation(rnd, right) is None
    late = dataclasses.replace(wrong[0], move_index=len(rnd.history) + 1)
    with pytest.raises(ReviewError, match="never made"):
        refutation(rnd, late)
