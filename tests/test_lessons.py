"""The exercise checkers: right answers pass, wrong ones get a reason and a hint, the stored
placeholder is "not answered yet", and nothing a learner types makes a checker raise."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_teach import Rules, deadwood, full_deck
from gin_teach import lessons as L
from gin_teach.analysis import Knowledge
from gin_teach.bots import GreedyBot, play
from gin_teach.core.cards import Card
from gin_teach.display import message_html
from gin_teach.engine.game import Game, Round
from gin_teach.engine.match import Match
from gin_teach.errors import CardError
from gin_teach.lessons.answers import Feedback
from gin_teach.puzzles import puzzle_for
from tests.brute import brute_deadwood, partitions

DECK = full_deck()
hands = st.lists(st.sampled_from(DECK), unique=True, min_size=1, max_size=11).map(tuple)

# The rule books' knock from seed 000: knocker 8 after the discard; the defender has 33 in
# deadwood, lays the 8♣ off on the club run, and keeps 25.
KNOCKER = "7S 7H 7D 9C TC JC 3H 4H 5H 8D"
DEFENDER = "2S 3S 4S QD QH QC 8C KH 5D TS"
# Built for the rule books' undercut: knocker 9 (9♠); the defender holds 12 and lays off
# 4♥ (onto 5♥ 6♥ 7♥) and A♦ (onto 2♦ 3♦ 4♦), 5 points, keeping 2♠ 5♣ = 7.
UNDER_KNOCKER = "5H 6H 7H JC JD JS 2D 3D 4D 9S"
UNDER_DEFENDER = "QS QH QD 8C 9C TC 4H AD 2S 5C"
GIN = "AS 2S 3S 4H 5H 6H 9C 9D 9H 9S"


def test_feedback_is_a_frozen_value_that_reads_as_text_and_html():
    right = Feedback(True, "Right: 14.")
    wrong = Feedback(False, "Not quite.", "Count the king as 10.")
    with pytest.raises(AttributeError):
        right.correct = False  # type: ignore[misc]
    assert str(right) == "✔ Right: 14."
    assert "Hint: Count the king as 10." in str(wrong)
    assert "Hint" not in str(Feedback(True, "Right.", "a hint shown only when wrong"))
    assert repr(wrong) == str(wrong)
    page = Feedback(False, "<script> & 7♥", "<i>").__repr__(), Feedback(False, "<script>", "<i>")
    html = page[1]._repr_html_()
    assert "&lt;script&gt;" in html and "<script>" not in html and "&lt;i&gt;" in html


def test_feedback_html_is_the_widgets_message_box():
    # One source for the colours: the boxed message the widgets show.
    wrong = Feedback(False, "Not quite.", "Count the king as 10.", picture="<svg/>")
    assert wrong._repr_html_() == "<svg/>" + message_html(str(wrong), "wrong")
    assert Feedback(True, "Right.")._repr_html_() == message_html("✔ Right.", "right")
    waiting = Feedback(False, "Replace the ...", answered=False)
    assert waiting._repr_html_() == message_html(str(waiting), "info")


# One exercise for each checker, waiting for the learner's answer.
EXERCISES = {
    "check_cards": lambda answer: L.check_cards("ace of spades, 7H", answer),
    "check_card_points": lambda answer: L.check_card_points("AS KD", answer),
    "check_rank_order": lambda answer: L.check_rank_order("KS AH 3D", answer),
    "check_deadwood": lambda answer: L.check_deadwood("7S 7H 7D 8H 9H", answer),
    "check_is_meld": lambda answer: L.check_is_meld("QH KH AH", answer),
    "check_meld": lambda answer: L.check_meld(answer, hand="AS 2S 3S 9H 9D 9C", kind="set"),
    "check_arrangement": lambda answer: L.check_arrangement("7S 7H 7D 8H 9H", answer),
    "check_completing_cards": lambda answer: L.check_completing_cards("7H 7S 7D 8H 9H", answer),
    "check_discard": lambda answer: L.check_discard("4S 5S KD 9D 2C QH JH TH 7C 7D 6S", answer),
    "check_knock": lambda answer: L.check_knock("4S 5S KD 9D 2C QH JH TH 7C 7D 6S", answer),
    "check_knock_limit": lambda answer: L.check_knock_limit("7S", answer, Rules(oklahoma=True)),
    "check_layoffs": lambda answer: L.check_layoffs(KNOCKER, DEFENDER, answer),
    "check_score": lambda answer: L.check_score(KNOCKER, DEFENDER, answer, answer),
    "check_score, the winner given": lambda answer: L.check_score(KNOCKER, DEFENDER, "knocker",
                                                                  answer),
    "check_outcome": lambda answer: L.check_outcome(KNOCKER, DEFENDER, answer),
    "check_to_act": lambda answer: L.check_to_act(opening_round(), answer),
    "check_is_legal": lambda answer: L.check_is_legal(opening_round(), "take", answer),
    "check_dealer": lambda answer: L.check_dealer(Game(seed=1), 1, answer),
    "check_game_total": lambda answer: L.check_game_total((104, 37), (4, 2), 0, answer),
    # Issue 9's checkers; their right and wrong answers are in tests/test_answers.py.
    "check_spread": lambda answer: L.check_spread(KNOCKER, DEFENDER, answer),
    "check_meld_partners": lambda answer: L.check_meld_partners("KS", "QS KH 2C", answer),
    # Issue 12's strategy checkers; their right and wrong answers are in
    # tests/test_strategy_checks.py.
    "check_best_discard": lambda answer: L.check_best_discard(
        "AS 6S AH 4H 8H 9H TH JH 8D 4C 7C", answer),
    "check_outs": lambda answer: L.check_outs("7S 7H 9C TC 2D 3H 5H KS QS JD", answer),
    "check_draw": lambda answer: L.check_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", "8D 7D", answer),
    "check_safer_discard": lambda answer: L.check_safer_discard(
        "9H KS 2C 3C 4C 5D 6D 7D JS JC 8S", Knowledge(opponent_took="8H", opponent_holds="8H"),
        "9H KS", answer),
    "check_knock_or_play_on": lambda answer: L.check_knock_or_play_on(
        "7S 7H 7D 9C TC JC 3H 4H 5H 9S KS", Knowledge(stock_size=29), answer),
    "check_draws_left": lambda answer: L.check_draws_left(9, answer),
    "check_puzzle": lambda answer: L.check_puzzle(puzzle_for("middle over edge"), answer),
    "check_round_over": lambda answer: L.check_round_over(opening_round(), "pass", answer),
    "check_match_points": lambda answer: L.check_match_points(finished_match(), 1, 0, answer),
    "check_hollywood_games": lambda answer: L.check_hollywood_games(
        [("Ann", 30), ("Bob", 20), ("Ann", 25)], 3, answer),
    "check_hollywood_score": lambda answer: L.check_hollywood_score(
        [("Ann", 30), ("Bob", 20), ("Ann", 25)], 1, answer),
}


def test_every_checker_has_an_exercise_here():
    checkers = {name for name in L.__all__ if name.startswith("check_")}
    assert {key.split(",")[0] for key in EXERCISES} == checkers


@pytest.mark.parametrize("placeholder", [None, ..., "", "   "])
def test_the_stored_placeholder_is_not_answered_yet(placeholder):
    for name, exercise in EXERCISES.items():
        feedback = exercise(placeholder)
        assert feedback.answered is False and feedback.correct is False, name
        assert "..." in feedback.message and feedback.mark == "✎"
        assert feedback.hint


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=12), st.integers(), st.floats(allow_nan=True),
                 st.booleans(), st.lists(st.text(max_size=4), max_size=4),
                 st.just(object()), st.just(["7H", 7]), st.just({"7H": 1})))
def test_nothing_a_learner_types_makes_a_checker_raise(answer):
    for exercise in EXERCISES.values():
        feedback = exercise(answer)
        assert isinstance(feedback, Feedback)
        assert feedback.message


def test_every_reply_shows_the_exercise_cards_in_a_notebook():
    for answer in (..., 14, 15, "fourteen"):
        page = L.check_deadwood("7S 7H 7D 8H 9H", answer)._repr_html_()
        assert [f'data-card="{code}"' in page for code in ("7S", "7H", "7D", "8H", "9H")] \
            == [True] * 5
    meld = L.check_meld(..., hand="AS 2S 3S 9H 9D 9C", kind="set")._repr_html_()
    assert meld.count('class="card"') == 6
    # After a knock: the knocker's spread (its melds and deadwood) and the defender's hand.
    table = L.check_layoffs(KNOCKER, DEFENDER, ...)._repr_html_()
    assert "the knocker spreads" in table and "deadwood 8" in table
    assert "the defender holds" in table and table.count('class="card"') == 20
    # Naming the cards is the exercise itself: a picture would give the answer away.
    assert "data-card" not in L.check_cards("ace of spades", ...)._repr_html_()
    # The text form stays text.
    assert "<svg" not in str(L.check_deadwood("7S 7H 7D 8H 9H", 14))


@pytest.mark.parametrize("typed", ["²", "+-5", "twelve", "12.5", "1e3", "∞"])
def test_odd_numbers_are_answered_with_a_message(typed):
    feedback = L.check_deadwood("7S 7H 7D", typed)
    assert not feedback.correct and "whole number" in feedback.message


def test_a_mistyped_card_is_named_in_the_message():
    feedback = L.check_deadwood("7S 7H 7D", "7X")
    assert not feedback.correct and "whole number" in feedback.message
    feedback = L.check_discard("4S 5S KD 9D 2C QH JH TH 7C 7D 6S", "1H")
    assert not feedback.correct and "'1H'" in feedback.message
    assert "ranks are A 2-10 J Q K" in feedback.message
    feedback = L.check_discard("4S 5S KD 9D 2C QH JH TH 7C 7D 6S", "AC")
    assert "A♣ is not in this hand" in feedback.message


def test_a_broken_exercise_gets_a_message_too():
    feedback = L.check_deadwood("7S 7S 7D", 7)
    assert not feedback.correct
    assert feedback.message.startswith("The exercise itself could not be read")
    assert "twice" in feedback.message


# ------------------------------------------------------------------------- cards and points

def test_cards_in_words_or_codes_in_any_order():
    assert L.check_cards("ace of spades, ten of diamonds and the king of clubs",
                         "kc, 10♦ AS").correct
    assert L.check_cards("7H 8H", "8♥ 7♥").correct
    assert L.check_cards("ace of spades, 7H", "7H AS").correct
    wrong = L.check_cards("ace of spades, ten of diamonds", "AS 10H")
    assert not wrong.correct
    assert "10♥ is not asked for" in wrong.message and "10♦ is missing" in wrong.message


def test_card_points_spot_the_usual_slips():
    # A♠ 7♦ K♣ Q♥: 1 + 7 + 10 + 10.
    assert L.check_card_points("AS 7D KC QH", 28).correct
    assert L.check_card_points("AS 7D KC QH", "28").correct
    assert "ace is low" in L.check_card_points("AS 7D KC QH", 38).hint
    # King as 13 and queen as 12 instead of 10 each: 5 too many.
    assert "not 11, 12 and 13" in L.check_card_points("AS 7D KC QH", 33).hint
    assert not L.check_card_points("AS 7D KC QH", 27).correct


def test_rank_order_puts_the_ace_first():
    assert L.check_rank_order("KS AH 9D", "AH 9D KS").correct
    # Suits have no order, so cards of one rank may come in any order.
    assert L.check_rank_order("7S 7H AD", "AD 7H 7S").correct
    high_ace = L.check_rank_order("KS AH 9D", "9D KS AH")
    assert not high_ace.correct and "lowest card of all" in high_ace.hint
    assert "exactly these cards" in L.check_rank_order("KS AH 9D", "AH 9D").message


# ------------------------------------------------------------------------- deadwood

@settings(max_examples=120, deadline=None)
@given(hands)
def test_deadwood_check_agrees_with_brute_force(hand):
    truth = brute_deadwood(hand)
    assert L.check_deadwood(hand, truth).correct
    assert not L.check_deadwood(hand, truth + 1).correct
    assert not L.check_deadwood(hand, truth - 1).correct


@settings(max_examples=60, deadline=None)
@given(hands)
def test_a_real_but_worse_arrangement_is_called_that(hand):
    truth = brute_deadwood(hand)
    for _, dead in partitions(hand):
        if dead > truth and dead != sum(card.points for card in hand):
            feedback = L.check_deadwood(hand, dead)
            assert "another leaves less" in feedback.message


def test_deadwood_feedback_names_the_mistake():
    # 7♥ in the set leaves 8♥ 9♥ (17); in the run it leaves 7♠ 7♦ (14); all five count 38.
    assert "every card" in L.check_deadwood("7S 7H 7D 8H 9H", 38).message
    assert "another leaves less" in L.check_deadwood("7S 7H 7D 8H 9H", 17).message
    assert "no arrangement leaves as little" in L.check_deadwood("7S 7H 7D 8H 9H", 0).message


# ------------------------------------------------------------------------- melds

@pytest.mark.parametrize(("cards", "is_meld"), [
    ("AH 2H 3H", True), ("QH KH AH", False), ("KH AH 2H", False), ("JH QH KH", True),
    ("7S 7H 7D 7C", True), ("7S 7H", False), ("8S 9S TH", False), ("4D 5D 7D", False),
])
def test_is_meld(cards, is_meld):
    assert L.check_is_meld(cards, is_meld).correct
    assert L.check_is_meld(cards, "yes" if is_meld else "no").correct
    wrong = L.check_is_meld(cards, not is_meld)
    assert not wrong.correct
    # A wrong answer says what the cards are, and why they are no meld.
    assert ("not a meld: " in wrong.message) != is_meld


def test_a_written_meld_meets_every_condition():
    hand = "AS 2S 3S 4S KS QS 9H 9D 9C 5D"
    assert L.check_meld("AS 2S 3S", hand=hand, kind="run", including="AS").correct
    assert L.check_meld("AS 2S 3S 4S", hand=hand, kind="run", including="AS").correct
    assert "leaves out A♠" in L.check_meld("2S 3S 4S", hand=hand, kind="run",
                                           including="AS").message
    assert "this exercise asks for a run" in L.check_meld("9H 9D 9C", hand=hand,
                                                          kind="run").message
    assert "not in the hand" in L.check_meld("9S 9H 9D", hand=hand, kind="set").message
    assert "no wrap-around" in L.check_meld("QS KS AS", hand=hand).message


def test_arrangement_rejects_a_card_in_two_melds_and_rewards_the_optimum():
    hand = "7S 7H 7D 8H 9H"
    shared = L.check_arrangement(hand, "7S 7H 7D | 7H 8H 9H")
    assert "7♥ is in two melds" in shared.message
    assert "deadwood 8♥ 9♥ = 17" not in shared.message
    worse = L.check_arrangement(hand, "7S 7H 7D")
    assert not worse.correct and "leave 17" in worse.message
    assert L.check_arrangement(hand, "7H 8H 9H").correct
    assert L.check_arrangement(hand, ["7H", "8H", "9H"]).correct
    assert L.check_arrangement(hand, [["7H", "8H", "9H"]]).correct
    # Two arrangements tie at 18 (the 4♥ in the set or in the run): either is right.
    assert L.check_arrangement("4S 4H 4D 3H 5H KC", "4S 4H 4D").correct
    assert "just as good" in L.check_arrangement("4S 4H 4D 3H 5H KC", "3H 4H 5H").message
    assert "not in this hand" in L.check_arrangement(hand, "7C 7H 7D").message
    assert "not a meld" in L.check_arrangement(hand, "7H 8H").message


def test_arrange_builds_the_arrangement_of_given_melds():
    assert L.arrange("7S 7H 7D 8H 9H", "7S 7H 7D").deadwood == 8 + 9
    with pytest.raises(CardError, match="two melds"):
        L.arrange("7S 7H 7D 8H 9H", "7S 7H 7D | 7H 8H 9H")
    with pytest.raises(CardError, match="not in this hand"):
        L.arrange("7S 7H 7D 8H 9H", "7C 7H 7D")


def test_describe_meld():
    assert L.describe_meld("QS QH QD QC") == "Q♠ Q♥ Q♦ Q♣ is a set"
    assert "not a meld" in L.describe_meld("QH KH AH")
    assert L.describe_meld("7X").startswith("not cards")


def test_completing_cards_of_the_seven_of_hearts():
    # The seed text: with 7♣ the set 7♠ 7♦ 7♣ frees 7♥ for the run; with 10♥ the run
    # 8♥ 9♥ 10♥ frees 7♥ for the set. 6♥ does not help: 6♥ 7♥ 8♥ 9♥ still needs the 7♥.
    hand = "7H 7S 7D 8H 9H"
    assert L.check_completing_cards(hand, "7C 10H").correct
    assert L.check_completing_cards(hand, ["10H", "7C"]).correct
    partial = L.check_completing_cards(hand, "10H")
    assert not partial.correct and "one more" in partial.message
    assert "set" in partial.hint
    assert "still has deadwood" in L.check_completing_cards(hand, "6H 7C 10H").message
    assert "already in the hand" in L.check_completing_cards(hand, "7H").message
    assert L.check_completing_cards("2S 9H KD", "none").correct


# ------------------------------------------------------------------------- turns, knocks

def test_discard_example_of_the_rules():
    # ♠6 drawn to ♠4 ♠5 ♦K ♦9 ♣2 ♥Q ♥J ♥10 ♣7 ♦7: two runs; the king is the costliest loose card.
    hand = "4S 5S KD 9D 2C QH JH TH 7C 7D 6S"
    assert L.check_discard(hand, "KD").correct
    nine = L.check_discard(hand, "9D")
    assert not nine.correct and "leaves 26" in nine.message
    assert "not in this hand" in L.check_discard(hand, "KS").message
    assert "exactly one card" in L.check_discard(hand, "KD 9D").message


@pytest.mark.parametrize(("hand", "equal"), [
    ("3S 4S 5S 9H 9D 9C QD KH 2C 2H 8S", "QD KH"),  # lesson 5, exercise 3
    ("2S 3S 4S 8H 8D 8C 5H 6H 9C QD JC", "QD JC"),  # lesson 5, exercise 4
    ("5C 6C 7C 8C 3D 3H 3S QD KH 2C 9S", "QD KH"),  # lesson 6, exercise 8
    ("AH 2H 3H 5S 6S 7S 9D 9C JD 4C KH", "JD KH"),  # lesson 11, exercise 2
])
def test_cards_that_leave_the_same_least_count_are_all_right(hand, equal):
    # Issue 24: the count question has equal answers when the counts are equal; each reply
    # names the other card as just as good.
    first, second = equal.split()
    for mine, other in ((first, second), (second, first)):
        feedback = L.check_discard(hand, mine)
        assert feedback.correct, feedback
        assert f"{Card.parse(other)} leaves" in feedback.message
        assert "as good by the count" in feedback.message


def test_a_card_that_leaves_the_least_alone_names_no_other():
    feedback = L.check_discard("4S 5S KD 9D 2C QH JH TH 7C 7D 6S", "KD")
    assert feedback.correct and "as good" not in feedback.message


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(DECK), unique=True, min_size=11, max_size=11).map(tuple),
       st.integers(0, 10))
def test_a_discard_is_right_exactly_when_it_leaves_the_least_deadwood(hand, index):
    left = [brute_deadwood(hand[:i] + hand[i + 1:]) for i in range(11)]
    feedback = L.check_discard(hand, hand[index])
    assert feedback.correct is (left[index] == min(left))
    tied = sum(value == min(left) for value in left)
    assert ("as good by the count" in feedback.message) is (feedback.correct and tied > 1)


def test_knowledge_does_not_change_a_count_question():
    hand = "3S 4S 5S 9H 9D 9C QD KH 2C 2H 8S"
    knows = Knowledge(discard_pile="7D", opponent_took="KS", opponent_holds="KS", stock_size=20)
    assert L.check_discard(hand, "QD", knowledge=knows).correct
    assert L.check_discard(hand, "KH", knowledge=knows).correct
    assert "another discard leaves less" in L.check_discard(hand, "8S", knowledge=knows).message


def test_a_card_just_taken_may_not_be_the_answer():
    hand = "3S 4S 5S 9H 9D 9C QD KH 2C 2H 8S"
    feedback = L.check_discard(hand, "2H", knowledge=Knowledge(discard_pile="4D",
                                                               just_taken="2H", stock_size=25))
    assert not feedback.correct and "just took 2♥" in feedback.message


def test_knock_gin_or_play_on():
    # 2, 3, 4, 5 of four suits loose beside seven melded cards (seed 001): the 5 goes, 9 left.
    knock = "2S 3H 4D 5C 7S 7H 7D 8C 9C TC JC"
    assert L.check_knock(knock, "knock").correct
    assert not L.check_knock(knock, "gin").correct
    assert not L.check_knock(knock, "play on").correct
    # Under "knock on less than 9" the same hand cannot end the round.
    assert L.check_knock(knock, "neither", Rules(knock_limit=8)).correct
    gin = "AS 2S 3S 4H 5H 6H 9C 9D 9H 9S KD"
    assert L.check_knock(gin, "gin").correct
    assert "do better" in L.check_knock(gin, "knock").message
    # Gin needs no knock limit: even a gin-only round ends with gin.
    assert L.check_knock(gin, "gin", knock_limit=0).correct
    assert "one of" in L.check_knock(gin, "maybe").message


def test_big_gin_is_an_answer_only_when_the_rules_have_it():
    eleven = "AS 2S 3S 4H 5H 6H 9C TC JC QC KC"
    assert L.check_knock(eleven, "big gin", Rules(big_gin_bonus=50)).correct
    assert L.check_knock(eleven, "gin").correct
    assert "not played under these rules" in L.check_knock(eleven, "big gin").message
    # Issue 28: with big gin on, plain gin (a discard) is not the big-gin answer.
    gin = L.check_knock(eleven, "gin", Rules(big_gin_bonus=50))
    assert not gin.correct and "big gin pays more" in gin.message


def test_straight_gin_has_no_knock_to_be_told_about():
    # Issue 28: "knock" got "You could knock, but you can do better" under Straight Gin.
    straight = Rules(straight_gin=True)
    gin = "AS 2S 3S 4H 5H 6H 9C 9D 9H 9S KD"
    low = "3S 4S 5S 8H 8D 8C KC QC JC 2D 9H"
    for hand in (gin, low):
        said = L.check_knock(hand, "knock", straight)
        assert not said.correct and "no knocking" in said.message
        assert "could knock" not in said.message
    assert L.check_knock(gin, "gin", straight).correct
    assert L.check_knock(low, "play on", straight).correct


def test_oklahoma_knock_limits():
    oklahoma = Rules(oklahoma=True)
    assert L.check_knock_limit("7S", 7, oklahoma).correct
    assert L.check_knock_limit("KD", 10, oklahoma).correct
    assert L.check_knock_limit("AH", "gin only", oklahoma).correct
    assert L.check_knock_limit("AH", 0, oklahoma).correct
    assert "ace turned up" in L.check_knock_limit("AH", 1, oklahoma).message
    assert L.check_knock_limit("3C", 10, Rules()).correct
    assert L.check_knock_limit("3C", 0, Rules(straight_gin=True)).correct


# ------------------------------------------------------------------------- lay-offs and scores

def test_layoffs_of_the_seed_knock():
    assert L.check_layoffs(KNOCKER, DEFENDER, "8C").correct
    assert "not in the defender's hand" in L.check_layoffs(KNOCKER, DEFENDER, "6H").message
    assert "5♦ does not fit any" in L.check_layoffs(KNOCKER, DEFENDER, "5D").message
    assert "Some cards can" in L.check_layoffs(KNOCKER, DEFENDER, "none").message


def test_layoff_chains_and_gin():
    # 4♥ 5♥ 6♥ in the knocker's spread takes 7♥ and then 8♥ (seed 001's chain).
    knocker = "4H 5H 6H JS JD JC 2C 3C 4C 5S"
    defender = "7H 8H KS KH KD 9S 9D QH QC AD"
    assert L.check_layoffs(knocker, defender, "7H 8H").correct
    assert "can get down to" in L.check_layoffs(knocker, defender, "7H").message
    assert "8♥ does not fit any" in L.check_layoffs(knocker, defender, "8H").message
    assert L.check_layoffs(GIN, "2H 3C 4C 5C 7S 7H 7D 8C KH KD", "none").correct
    assert "went gin" in L.check_layoffs(GIN, "2H 3C 4C 5C 7S 7H 7D 8C KH KD", "5C").message


def test_scores_of_the_rule_books():
    classic = Rules.classic()
    assert L.check_score(KNOCKER, DEFENDER, "knocker", 17, rules=classic).correct
    # Undercut: 9 against 7 after lay-offs; classic pays 2 + 10, modern 2 + 25.
    assert L.check_score(UNDER_KNOCKER, UNDER_DEFENDER, "defender", 12, rules=classic).correct
    assert L.check_score(UNDER_KNOCKER, UNDER_DEFENDER, "defender", 27).correct
    forgot = L.check_score(UNDER_KNOCKER, UNDER_DEFENDER, "defender", 2)
    assert not forgot.correct and "undercut bonus: 25" in forgot.hint
    wrong_side = L.check_score(UNDER_KNOCKER, UNDER_DEFENDER, "knocker", 2)
    assert "undercut" in wrong_side.hint
    assert "lay-offs" in L.check_score(KNOCKER, DEFENDER, "knocker", 25).hint


def test_gin_scores_the_whole_count_plus_the_bonus():
    # No lay-offs against gin, though 2♥ would fit the knocker's A♠ 2♠ 3♠? No: wrong suit;
    # 7♥ would extend 4♥ 5♥ 6♥, but against gin it stays in the defender's own set.
    defender = "2H 3C 4C 5C 7S 7H 7D 8C KH KD"
    # Defender's melds: 7♠ 7♥ 7♦ and 3♣ 4♣ 5♣; deadwood 2 + 8 + 10 + 10 = 30.
    assert L.check_score(GIN, defender, "knocker", 30 + 25).correct
    assert "bonus: 25" in L.check_score(GIN, defender, "knocker", 30).hint
    assert L.check_outcome(GIN, defender, "gin").correct
    assert L.check_score(GIN, defender, "knocker", 30 + 40, rules=Rules.norwegian()).correct


def test_outcomes():
    assert L.check_outcome(KNOCKER, DEFENDER, "knock").correct
    assert L.check_outcome(UNDER_KNOCKER, UNDER_DEFENDER, "undercut").correct
    assert not L.check_outcome(UNDER_KNOCKER, UNDER_DEFENDER, "knock").correct
    assert "one of" in L.check_outcome(KNOCKER, DEFENDER, "big gin").message
    assert "no gin" in L.check_outcome(KNOCKER, DEFENDER, "gin").message
    gin_defender = "2H 3C 4C 5C 7S 7H 7D 8C KH KD"
    assert "left out of its melds" in L.check_outcome(GIN, gin_defender, "knock").hint


def test_checkers_keep_their_names_and_docs():
    assert L.check_deadwood.__name__ == "check_deadwood"
    assert "least count" in (L.check_deadwood.__doc__ or "")


# ------------------------------------------------------------------------- turns and games

@functools.cache
def finished_match() -> Match:
    return play(Match(seed=5, games=1, rules=Rules(target=30)), [GreedyBot(), GreedyBot()])


def opening_round() -> Round:
    # Player 1 deals, so player 0 decides first about the 8♦.
    return Round.from_deal([KNOCKER.replace("8D", "KD"), DEFENDER], upcard="8D", dealer=1,
                           names=("Ann", "Bob"))


def test_whose_move_in_the_opening():
    rnd = opening_round()
    for answer in ("non-dealer", "nondealer", "the non-dealer", "Ann", 0):
        assert L.check_to_act(rnd, answer).correct, answer
    wrong = L.check_to_act(rnd, "dealer")  # explains where the round stands, no answer
    assert "first upcard" in wrong.message and "non-dealer" not in wrong.message
    rnd.apply("pass")
    assert L.check_to_act(rnd, "dealer").correct and L.check_to_act(rnd, "Bob").correct
    rnd.apply("pass")
    # Both passed: the non-dealer draws from the stock.
    feedback = L.check_to_act(rnd, "non-dealer")
    assert feedback.correct and "stock" in feedback.message
    assert "dealer" in L.check_to_act(rnd, "Carl").message


def test_no_throw_back_and_other_legality():
    rnd = opening_round()
    assert L.check_is_legal(rnd, "draw", False).correct
    rnd.apply("take")
    refused = L.check_is_legal(rnd, "discard 8D", "no")
    assert refused.correct and "you just took 8♦" in refused.message
    assert not L.check_is_legal(rnd, "discard 8D", True).correct
    assert L.check_is_legal(rnd, "discard KD", True).correct
    # Trying a move in a check never plays it.
    assert rnd.phase == "discard" and rnd.legal_actions()


def test_attempt_leaves_the_round_unchanged():
    rnd = opening_round()
    before = rnd.to_json()
    assert L.attempt(rnd, "take") == "allowed"
    assert L.attempt(rnd, "discard 2H").startswith("not allowed: ")
    assert L.attempt(rnd, "fly away").startswith("not allowed: ")
    assert rnd.to_json() == before


def test_who_dealt_each_round():
    game = play(Game(seed=9, names=("Ann", "Bob")), [GreedyBot(), GreedyBot()])
    first = game.cut[-1]
    low = 0 if first[0].rank < first[1].rank else 1
    assert L.check_dealer(game, 1, game.names[low]).correct
    assert not L.check_dealer(game, 1, game.names[1 - low]).correct
    for number in range(2, len(game.rounds) + 1):
        before = game.rounds[number - 2]
        # The winner of the round before deals; after a dead hand the same dealer deals.
        expected = before.dealer if before.result.is_dead_hand else before.result.winner
        assert L.check_dealer(game, number, expected).correct
        assert not L.check_dealer(game, number, 1 - expected).correct
    assert "rounds 1 to" in L.check_dealer(game, 99, "Ann").message


def test_game_totals_with_boxes_and_bonuses():
    # 104 race points, 4 rounds won at 25, game bonus 100.
    assert L.check_game_total((104, 37), (4, 2), 0, 104 + 4 * 25 + 100).correct
    # The loser keeps race points and boxes, no bonus.
    assert L.check_game_total((104, 37), (4, 2), 1, 37 + 2 * 25).correct
    # With 3 rounds won the boxes (75) and the bonus (100) differ, so each slip is told apart.
    assert "game bonus: 100" in L.check_game_total((112, 37), (3, 2), 0, 112 + 75).hint
    assert "box bonus of 25" in L.check_game_total((112, 37), (3, 2), 0, 112 + 100).hint
    # A shutout: 200 instead of 100, or the whole total doubled under shutout_doubles.
    assert L.check_game_total((104, 0), (3, 0), 0, 104 + 75 + 200).correct
    assert "shutout" in L.check_game_total((104, 0), (3, 0), 0, 104 + 75 + 100).hint
    doubling = Rules(shutout_doubles=True)
    assert L.check_game_total((104, 0), (3, 0), 0, (104 + 75 + 100) * 2, rules=doubling).correct
    assert L.check_game_total((104, 37), (4, 2), 0, 104 + 4 * 20 + 100,
                              rules=Rules.classic()).correct


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=11, max_size=11, unique=True),
       st.integers(0, 10), st.sampled_from(["knock", "gin", "play on"]))
def test_check_knock_with_a_discard_agrees_with_the_solver(hand, pick, action):
    card = hand[pick]
    after = {c: deadwood([x for x in hand if x != c]) for c in hand}
    feedback = L.check_knock(hand, action, discard=card)
    best_discard = after[card] == min(after.values())
    ends = "gin" if after[card] == 0 else "knock" if after[card] <= 10 else "play on"
    assert feedback.correct == (best_discard and action == ends)
    assert f"deadwood {after[card]}" in feedback.message


def test_check_knock_with_a_discard_explains_the_discard_and_the_call():
    hand = "4S 5S 6S 2C QH JH TH 7C 7D 7H KD"
    right = L.check_knock(hand, "knock", discard="KD")
    assert right.correct and "within the knock limit of 10" in right.message
    worse = L.check_knock(hand, "knock", discard="2C")
    assert not worse.correct and "discarding K♦ would leave only 2" in worse.message
    play_on = L.check_knock(hand, "play on", discard="KD")
    assert not play_on.correct and "never compulsory" in play_on.message
    assert "not in this hand" in L.check_knock(hand, "knock", discard="9S").message
    assert "only gin may end" in L.check_knock(hand, "knock", Rules(straight_gin=True),
                                                 discard="KD").message
