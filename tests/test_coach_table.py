"""The coach at the game table, driven from Python as a click would: hint, quiet grade,
round review, take back, the opponent's hand, the opponent menu, the defender's lay-offs."""

from __future__ import annotations

import pytest

from gin_teach.coach import Review, depends_on_opponent
from gin_teach.widgets import GameTable
from gin_teach.widgets.game_table import OPPONENTS

# The computer (greedy, the dealer) knocks as soon as it can; the learner holds J♣, which
# lays off on its 8♣ 9♣ 10♣.
HANDS = ["5S 6S KH KD JC 7H 3D 9D AC 2H", "2S 3S 4S QD QH QC 8C 9C TC 5D"]


def follow_hints(table: GameTable) -> None:
    """Play the learner's side of the current round by the coach's hints."""
    panel = table.coach_panel
    while table.review is None and table.game.current_player == table.human:
        panel.ask_hint()
        table.play(panel.hint_view.value and _hinted(table))


def _hinted(table: GameTable) -> str:
    from gin_teach.coach import hint

    return hint(table.game, table.human).move


@pytest.mark.slow
def test_a_round_by_the_hints_reviews_as_best() -> None:
    table = GameTable("simple", seed=11, coach=True)
    panel = table.coach_panel
    rounds = 0
    while rounds < 1:
        follow_hints(table)
        if table.review is not None:
            rounds += 1
    assert panel.last_review is not None
    assert all(d.is_best for d in panel.last_review.decisions)
    assert panel.last_review.accuracy == 100.0
    assert 'class="gin-review"' in panel.review_view.value
    assert Review.from_json(panel.last_review.to_json()) == panel.last_review


def test_each_move_gets_a_quiet_grade_and_a_hint_on_request() -> None:
    table = GameTable("greedy", hands=HANDS, upcard="KS", coach=True)
    panel = table.coach_panel
    panel.ask_hint()
    assert "Hint: take" in panel.hint_view.value
    table.play("pass")
    assert panel.last_grade is not None and panel.last_grade.best == "take"
    assert panel.last_grade.verdict != "best" and "better take" in panel.grade_view.value


def test_the_coach_is_off_by_default() -> None:
    table = GameTable("greedy", hands=HANDS, upcard="KS")
    table.play("pass")
    assert table.coach_panel.last_grade is None and table.coach_panel.grade_view.value == ""
    assert table.coach_panel.hint_button.layout.display == "none"


def test_take_back_is_for_practice_and_marks_the_game() -> None:
    table = GameTable("greedy", hands=HANDS, upcard="KS", coach=True, practice=True)
    start = table.game.round.hand(0)
    table.play("pass")
    table.coach_panel.take_back()
    assert table.game.round.phase == "upcard_nondealer" and table.game.round.hand(0) == start
    assert table.coach_panel.helped == ["took back a move in round 1"]
    assert "Helped game: took back a move" in table.scoresheet.value
    table.play("take")  # play goes on from the restored position
    assert table.game.round.phase == "discard"
    strict = GameTable("greedy", hands=HANDS, upcard="KS")
    strict.play("pass")
    strict.coach_panel.take_back()
    assert strict.game.round.phase != "upcard_nondealer" and not strict.coach_panel.helped


def test_showing_the_opponents_hand_is_marked_in_the_review() -> None:
    table = GameTable("greedy", hands=HANDS, upcard="KS", coach=True)
    panel = table.coach_panel
    panel.show_opponent = True
    assert panel.opponent_view.value.count('class="card"') == 10
    assert "looked at the opponent&#x27;s hand in round 1" in table.scoresheet.value
    while table.review is None:
        follow_hints(table)
    assert panel.last_review is not None
    assert panel.last_review.helped == ("looked at the opponent's hand in round 1",)


def test_the_hand_is_grouped_or_sorted_by_suit() -> None:
    table = GameTable("greedy", hands=HANDS, upcard="KS")
    panel = table.coach_panel
    assert "melds and deadwood" in panel.hand_view.value
    panel.by_suit = True
    assert "by suit" in panel.hand_view.value


def test_the_opponent_menu_offers_the_five_levels() -> None:
    assert {"random", "simple", "shaper", "defender", "expert"} <= set(OPPONENTS)
    table = GameTable("shaper", seed=2)
    assert type(table.bot).__name__ == "ShaperBot" and "Shaper" in table.bot_about.value
    table.bot_choice.value = "defender"
    assert "Defender" in table.bot_about.value
    table.new_game()
    assert type(table.bot).__name__ == "DefenderBot"


def test_the_defender_chooses_its_lay_offs() -> None:
    table = GameTable("greedy", hands=HANDS, upcard="KS", coach=True)
    table.play("pass")
    table.play("draw")
    table.play("discard 2H")
    rnd = table.game.round
    assert rnd.phase == "layoff", "greedy should have knocked"
    panel = table.coach_panel
    candidates = {c.code: c for c in panel._layoff_candidates()}
    shown = [t.description for t in panel.layoff_cards.children if t.layout.display is None]
    assert "JC" in candidates and len(shown) == len(candidates)
    assert panel.layoff_done_button.layout.display is None
    panel.toggle_layoff(candidates["JC"])  # only J♣, though more could go
    panel.lay_off_chosen()
    assert rnd.is_over and [laid.card.code for laid in rnd.settlement.layoffs] == ["JC"]


def test_best_for_me_lays_off_in_one_click() -> None:
    table = GameTable("greedy", hands=HANDS, upcard="KS")
    for move in ("pass", "draw", "discard 2H"):
        table.play(move)
    rnd = table.game.round
    table.coach_panel.best_layoffs()
    laid = {laid.card.code for laid in rnd.settlement.layoffs}
    assert rnd.is_over and {"JC", "5S"} <= laid


@pytest.mark.slow
def test_two_rounds_make_a_game_review() -> None:
    table = GameTable("simple", seed=11, coach=True)
    panel = table.coach_panel
    while len(panel.round_reviews) < 2 and not table.game.is_over:
        follow_hints(table)
        if table.review is not None:
            table.next_round()
    game = panel.game_review()
    assert game is not None and len(game.round_accuracy) == 2
    assert {d.round_index for d in game.decisions} <= {0, 1}
    assert "This game so far (2 rounds)" in panel.review_view.value


def test_a_mistake_at_the_table_and_in_the_review_can_be_shown_refuted() -> None:
    table = GameTable("greedy", hands=HANDS, upcard="KS", coach=True)
    panel = table.coach_panel
    assert panel.lines_row.layout.display == "none"  # nothing wrong yet: nothing offered
    table.play("pass")  # the coach's better move is take
    assert not panel.last_grade.accepted
    assert panel.lines_row.layout.display != "none" and len(panel.line_choice.options) == 1
    assert panel.refutation.value == ""  # nothing is played out until asked
    panel.line_button.click()
    shown = panel.refutation.shown
    assert shown is not None and (shown.line.move, shown.better.move) == ("pass", "take")
    assert shown.line.points < shown.better.points
    assert 'class="gin-refutation"' in panel.refutation.value
    # Beside the line, what the other styles of opponent make of the move, as the coach says.
    said = depends_on_opponent(table.game.rounds[0], panel.last_grade)
    assert (said or "Every style of opponent") in panel.opponents_view.value
    part = panel.refutation
    while table.review is None:
        follow_hints(table)
    review = panel.last_review
    wrong = [d for d in review.decisions if not d.accepted]
    assert wrong and len(panel.line_choice.options) == len(wrong)
    assert panel.refutation is part and part.value == ""  # the new offer starts empty
    assert panel.opponents_view.value == ""
    panel.line_choice.value = 0
    panel.line_button.click()
    assert part.shown is not None and part.shown.line.move == wrong[0].move
    assert part in panel.children  # the same part, filled again


def test_a_best_move_offers_no_line() -> None:
    table = GameTable("greedy", hands=HANDS, upcard="KS", coach=True)
    table.play("take")
    panel = table.coach_panel
    assert panel.last_grade.is_best and panel.lines_row.layout.display == "none"
    panel.show_line()
    assert panel.refutation.shown is None and panel.refutation.value == ""
