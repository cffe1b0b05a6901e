"""A confused or mischievous learner: odd values typed, clicked or set in every widget and
checker. Each must answer with a message (or ignore the input) and stay usable."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_teach import Card, Rules, full_deck
from gin_teach.lessons.answers import Feedback
from gin_teach.widgets import HandBuilder, KnockLab, LayoffLab, MeldExplorer, ScoreQuiz
from tests.test_lessons import EXERCISES

ODD = [None, ..., "", "   ", 3.5, -1, 7, 10**30, [], ["7H", 7], {"7H": 1}, Card(7, "H"),
       "x" * 100_000, "７♥", "7H " * 11, "7H 7H", b"7H", True, object(), float("nan"), "🂡"]
KNOCK_HAND = "4S 5S 6S 2C QH JH TH 7C 7D 7H KD"
KNOCKER, DEFENDER = "4S 5S 6S 7H 7D 7C TH JH QH AC", "7S 8S KD KC KH 2D 3C 5H 6H QD"
GIN = "AS 2S 3S 4H 5H 6H 9C 9D 9H 9S"
odd = st.one_of(st.sampled_from(ODD), st.text(max_size=30), st.integers(), st.floats())


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(odd)
def test_hand_widgets_take_anything_typed_and_keep_their_hand(value):
    for widget in (HandBuilder("7H 8H 9H"), MeldExplorer("7H 8H 9H")):
        before = widget.cards if isinstance(widget, HandBuilder) else widget.hand
        widget.type_cards(value)
        widget.set_hand(value)
        after = widget.cards if isinstance(widget, HandBuilder) else widget.hand
        if widget.message.kind == "error":
            assert after == before
            assert len(widget.message.text) <= 400  # a pasted page is not echoed whole
        widget.set_hand("7S 7H 7D")  # still usable
        assert widget.message.kind == ""


@pytest.mark.parametrize("size", ["10", None, 0, 60, 3.5, True])
def test_a_nonsense_hand_size_or_limit_is_named_and_replaced(size):
    builder = HandBuilder(size=size, seed=1)
    assert builder.size == 10 and "hand size" in builder.message.text
    assert len(builder.cards) == 10
    explorer = MeldExplorer("7H 8H 9H", limit=size)
    assert explorer.limit == (size if size == 60 else 12)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(odd)
def test_knock_lab_answers_every_odd_input_with_a_message(value):
    lab = KnockLab(KNOCK_HAND)
    lab.choose_discard(value)
    lab.answer(value)
    assert lab.verdict is None and lab.message.kind in ("error", "info")
    lab.choose_discard("KD")
    assert lab.answer(" Knock ").kind == "right"


@pytest.mark.parametrize("limit", ["10", -1, 2.5, [], True])
def test_knock_lab_refuses_a_nonsense_knock_limit_and_plays_the_rules_limit(limit):
    lab = KnockLab(KNOCK_HAND, knock_limit=limit)
    assert lab.limit == 10 and "knock limit" in lab.message.text
    lab.choose_discard("KD")
    assert lab.answer("knock").kind == "right"


def test_knock_lab_under_oklahoma_without_an_upcard_plays_to_the_highest_limit():
    # There is no upcard in the lab; the solver then plays to the rules' cap, and so must the
    # lab's words, or every answer would fail.
    lab = KnockLab(KNOCK_HAND, rules=Rules(oklahoma=True))
    lab.choose_discard("KD")
    verdict = lab.answer("knock")
    assert verdict is not None and verdict.kind == "right" and "limit of 10" in verdict.text


def test_a_bad_hand_given_to_the_knock_lab_is_named_and_another_dealt():
    lab = KnockLab("7H 8H 9H", seed=3)
    assert len(lab.hand) == 11 and "got 3" in lab.message.text


@settings(max_examples=40, deadline=None)
@given(odd, odd)
def test_layoff_lab_takes_any_click_and_any_meld_number(card, meld):
    lab = LayoffLab(KNOCKER, DEFENDER)
    lab.lay_off(card)
    lab.lay_off("7S", meld)
    if meld is None:  # 7♠ fits both spade melds: the lab asks which
        assert lab.pending == Card(7, "S")
    elif not isinstance(meld, int) or isinstance(meld, bool) or not 0 <= meld <= 1:
        assert lab.laid == [] and lab.message.kind == "error"
    lab.restart()
    lab.lay_off("7S", 0)
    lab.lay_off("8S")
    assert lab.finish().defender_count == lab.optimal.defender_count


def test_layoff_lab_buttons_in_any_order():
    lab = LayoffLab(KNOCKER, DEFENDER)
    lab.undo()
    lab.finish()
    lab.finish()  # Done twice scores the same
    assert lab.message.kind == "wrong"
    lab.lay_off("7S", 0)
    lab.lay_off("7S", 0)  # the same card twice
    assert "not in your hand" in lab.message.text and len(lab.laid) == 1
    lab.lay_off("8S")
    lab.finish()
    lab.lay_off("KD")  # after Done: refused with the reason, the score stands
    assert lab.message.kind == "error" and lab.result is not None
    lab.undo()
    lab.undo()
    lab.undo()
    assert lab.laid == [] and lab.deadwood_now == 41


def test_a_bad_round_given_to_a_knock_exercise_is_named_and_another_dealt():
    for widget in (LayoffLab(GIN, DEFENDER, seed=1), ScoreQuiz(GIN, DEFENDER, seed=1)):
        assert "cannot be in both hands" in widget.message.text
        assert widget.settlement is not None and len(widget.knocker) == 10
    melds = LayoffLab(KNOCKER, DEFENDER, knocker_melds=7, seed=1)  # type: ignore[arg-type]
    assert "list of melds" in melds.message.text and melds.settlement is not None


@pytest.mark.slow
def test_rules_that_make_examples_too_rare_leave_a_message_not_a_traceback():
    # Under Straight Gin a random deal is rarely gin, so an example round is hard to find (for
    # the LayoffLab, impossible: nothing is laid off against gin).
    for kind in (LayoffLab, ScoreQuiz):
        widget = kind(seed=1, rules=Rules(straight_gin=True))
        assert widget.settlement is None and "no example round" in widget.message.text
    lab = LayoffLab(seed=1, rules=Rules(straight_gin=True))
    lab.new_round()
    assert "no example round" in lab.message.text
    for press in (lab.finish, lab.undo, lab.restart, lambda: lab.lay_off("7S")):
        press()
    quiz = ScoreQuiz(seed=1, rules=Rules(straight_gin=True))
    quiz.answer("knocker", 10)
    assert quiz.message.text == "there is no round yet: press New round"
    quiz.set_preset("modern")  # a preset that can deal: the quiz recovers
    assert quiz.settlement is not None and quiz.message.kind == ""


@settings(max_examples=40, deadline=None)
@given(odd, odd)
def test_score_quiz_answers_every_odd_answer_with_a_message(winner, points):
    quiz = ScoreQuiz(KNOCKER, DEFENDER)
    quiz.answer(winner, points)
    quiz.set_preset(winner)
    assert quiz.message.kind in ("error", "right", "wrong")
    assert quiz.answer("knocker", quiz.settlement.points).correct


def test_score_quiz_keeps_its_preset_when_the_round_is_no_knock_under_another():
    # Knocker deadwood 3 + 4 + 2 + 10 = 19: a knock only under rules with a limit of 19 or more.
    knocker = "7S 7H 7D 9C TC JC 3H 4H 2D TD"
    quiz = ScoreQuiz(knocker, "2S 3S 4S QD QH QC 8C KH 5D TS", rules=Rules(knock_limit=20))
    custom = quiz.preset.value
    quiz.preset.value = "modern"  # what the dropdown does
    assert "over the knock limit of 10" in quiz.message.text
    assert quiz.preset.value == custom and quiz.rules.knock_limit == 20
    assert quiz.answer(quiz.settlement.winner, quiz.settlement.points).correct
    quiz.answer("knocker", 1)
    quiz.answer("knocker", 1)  # answering twice just answers again
    assert quiz.message.kind == "wrong"


@pytest.mark.parametrize("answer", [None, ..., "", 3.5, -1, [], {}, {"7H": 1}, Card(7, "H"),
                                    "x" * 100_000, "７♥", "🂡", float("inf"), 10**400, "9" * 5000,
                                    b"7H", object(), [[]], [None], set(), range(3),
                                    " ".join(c.code for c in full_deck()), list(full_deck())])
def test_checkers_answer_odd_values_briefly(answer):
    for name, exercise in EXERCISES.items():
        feedback = exercise(answer)
        assert isinstance(feedback, Feedback) and feedback.message, name
        assert len(feedback.message) < 500, name  # a pasted page is not echoed back whole


def _live_widgets() -> int:
    import warnings

    import ipywidgets as widgets

    with warnings.catch_warnings():  # the registry is deprecated as API, still kept to count
        warnings.simplefilter("ignore", DeprecationWarning)
        return len(widgets.Widget.widgets)


def test_a_long_game_does_not_pile_up_widgets_in_the_kernel():
    from gin_teach.widgets import GameTable

    table = GameTable("random", seed=4)
    before, made = _live_widgets(), table.discard_buttons.made + table.move_buttons.made
    for _ in range(300):  # several rounds of moves: each one redraws the rows of buttons
        if table.game.is_over:
            table.new_game()
        elif table.review is not None:
            table.next_round()
        else:
            table.play(table.game.legal_actions()[0])
    # New widgets: only a button (with its layout and style) for a card or a move never shown
    # before, and never more buttons than cards in the deck.
    now = table.discard_buttons.made + table.move_buttons.made
    assert _live_widgets() - before == 3 * (now - made)
    assert table.discard_buttons.made <= 52 and table.move_buttons.made <= 8


@pytest.mark.parametrize("start", ["new_game", "replay_deal"])
def test_take_back_after_a_new_game_never_brings_the_abandoned_game_back(start):
    from gin_teach.widgets import GameTable

    table = GameTable("simple", seed=11, practice=True)
    table.play(table.game.legal_actions()[0])
    abandoned = table.game.to_json()
    getattr(table, start)()
    fresh, bot = table.game.to_json(), table.bot
    assert fresh != abandoned
    table.coach_panel.take_back()
    assert table.game.to_json() == fresh and table.bot is bot
    assert "no move of yours to take back" in table.coach_panel.hint_view.value
    table.play(table.game.legal_actions()[0])  # the new game's own move can be taken back
    table.coach_panel.take_back()
    assert table.game.to_json() == fresh
