"""Issue 27, the modules that joined the fuzzing last: the judge, the playout engine, the
learner's record and its schedule, lesson progress, class files, the course copier and the
parallel plumbing. Each wrong argument found by tests/fuzzing.py is kept here, with the
argument its GinError names; and the engine answers correct calls as before."""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from gin_teach.analysis import Knowledge
from gin_teach.core.cards import Card, hand_mask
from gin_teach.core.jokers import joker_spreads, least_after_discard_with_jokers
from gin_teach.core.melds import partitions_of_mask
from gin_teach.core.parallel import check_executor, ordered_map
from gin_teach.core.rules import Rules
from gin_teach.core.validation import check_mask_list, check_whole, checks, unchecked
from gin_teach.errors import ArgumentError, CardError, CourseError, GinError, ProgressError
from gin_teach.judge import (
    Precision,
    breaks_meld,
    judge_discard,
    paired,
    position_seed,
    verdict_for,
)
from gin_teach.learner.classes import class_table, export_progress
from gin_teach.learner.course_copy import copy_course, lab_command
from gin_teach.learner.lesson_progress import course_map, exercise_key, lesson_exercises
from gin_teach.learner.record import Progress, verdict_score
from gin_teach.learner.review_schedule import after_attempt, fsrs_rating, missed_words
from gin_teach.lessons.examples import deal_knock
from gin_teach.playouts.playout import (
    PlayoutRules,
    discard_score,
    draw_score,
    imagined_draws,
    playout,
    settle_masks,
    take_score,
    throw,
)

RULES = PlayoutRules.of(Rules(), 10)
MINE = hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC")
THEIRS = hand_mask("KS KH QD QC JS JH TD TC 8S 7D")
STOCK = [hand_mask(card) for card in ("5D", "7C", "6D", "2H")]
TOO_LONG = "x" * 5000
"""A file name longer than any system allows (Linux: 255 bytes a name)."""


def wrong(call: Callable[[], object], error: type[GinError], *words: str) -> str:
    """The message of the GinError ``call`` raises; every one of ``words`` is in it."""
    with pytest.raises(error) as raised:
        call()
    message = str(raised.value)
    for word in words:
        assert word in message, message
    return message


# ------------------------------------------------------------------ the playout engine


@pytest.mark.parametrize("call, named", [
    (lambda: discard_score(MINE | 1 << 20, 1 << 20, THEIRS, [-1, 2], RULES), "stock"),
    (lambda: discard_score(MINE, "KC", THEIRS, STOCK, RULES), "card"),
    (lambda: take_score(MINE, 1 << 60, THEIRS, STOCK, RULES), "top"),
    (lambda: draw_score(-1, THEIRS, STOCK, RULES), "hand"),
    (lambda: draw_score(MINE, THEIRS, STOCK, "modern"), "rules"),
    (lambda: playout([MINE], STOCK, 0, 0, RULES), "hands"),
    (lambda: playout([MINE, THEIRS], STOCK, 0, 2, RULES), "mover"),
    (lambda: playout([MINE, THEIRS], tuple(STOCK), 0, 0, RULES), "stock"),
    (lambda: settle_masks(MINE, -5, RULES), "defender"),
    (lambda: throw(MINE, 0, "20"), "joker_points"),
    (lambda: imagined_draws("31"), "stock_size"),
])
def test_the_playout_engine_names_a_wrong_argument(call, named):
    wrong(call, ArgumentError, f"{named} must be")


def test_a_hand_with_nothing_to_throw_is_refused_not_a_bare_min_error():
    # min() of no cards raised ValueError when the hand held only the card just taken.
    wrong(lambda: throw(1 << 5, 1 << 5, 20), CardError, "no card to throw")
    wrong(lambda: take_score(0, 0, THEIRS, STOCK, RULES), CardError, "no card to throw")


def test_the_engine_past_its_checks_answers_as_the_checked_one():
    # The judge and the Expert call unchecked() versions on every deal: the same numbers.
    args = (MINE, THEIRS, STOCK * 3, RULES)
    assert unchecked(draw_score)(*args) == draw_score(*args)
    assert unchecked(playout) is not playout and unchecked(unchecked(playout)) is unchecked(playout)


# ------------------------------------------------------------------ the judge

HAND11 = "3H 4H 5H 7S 7D 7C 9S 9D JS QH KC"


@pytest.mark.parametrize("fields, named", [
    ((0, 8, 4, 1.0), "first"), ((8, 4, 4, 1.0), "most"), ((4, 8, 0, 1.0), "batch"),
    ((4, 10**9, 4, 1.0), "most"), ((4, 8, 4, float("nan")), "error"), ((4, 8, 4, "0.3"), "error"),
])
def test_a_precision_that_would_never_end_or_measure_nothing_is_refused(fields, named):
    wrong(lambda: Precision(*fields), ArgumentError, f"{named} must be")


@pytest.mark.parametrize("call, named", [
    (lambda: judge_discard(HAND11, Knowledge(stock_size=20), precision="fast"), "precision"),
    (lambda: judge_discard(HAND11, "stock 20"), "knowledge"),
    (lambda: verdict_for("0.4"), "loss"),
    (lambda: verdict_for(1.0, error=[1]), "error"),
    (lambda: paired("35", [1, 2]), "these"),
    (lambda: position_seed(None, 5, Knowledge(), Rules()), "decision"),
])
def test_the_judge_names_a_wrong_argument(call, named):
    wrong(call, ArgumentError, f"{named} must be")


def test_breaks_meld_refuses_a_card_not_in_the_hand():
    # An empty hand raised ValueError from min(); a card from elsewhere was judged as thrown.
    wrong(lambda: breaks_meld("", Card.parse("4H")), CardError, "11 cards, not 0")
    wrong(lambda: breaks_meld(HAND11, "4H"), CardError, "card 4H is not in the hand")
    wrong(lambda: breaks_meld(HAND11, Card.parse("AS")), CardError, "not in the hand")
    assert breaks_meld(HAND11, Card.parse("4H")) is True
    wrong(lambda: breaks_meld(HAND11[:-3], Card.parse("4H")), CardError, "11 cards, not 10")


# ------------------------------------------------------------------ the learner's record


@pytest.mark.parametrize("call, named", [
    (lambda: verdict_score(["good"]), "verdict"),
    (lambda: fsrs_rating("1"), "score"),
    (lambda: after_attempt("p1", 0.0, datetime.datetime(2025, 12, 3)), "entry"),
    (lambda: after_attempt(None, 0.0, "2025-12-03"), "when"),
    (lambda: missed_words(None), "entry"),
    (lambda: exercise_key(None, "01_cards"), "source"),
    (lambda: course_map(Progress(), 17), "folder"),
])
def test_the_record_and_lesson_progress_name_a_wrong_argument(call, named):
    wrong(call, ArgumentError, f"{named} must be")


def test_a_folder_name_the_system_refuses_is_a_clear_error(tmp_path: Path):
    wrong(lambda: course_map(Progress(), TOO_LONG), ArgumentError, "folder must be")
    wrong(lambda: class_table(TOO_LONG), ProgressError, "File name too long")
    wrong(lambda: export_progress(TOO_LONG, "Ada"), ProgressError, "File name too long")
    wrong(lambda: copy_course(TOO_LONG), CourseError, "File name too long")
    wrong(lambda: export_progress(3, "Ada"), ArgumentError, "out must be")
    wrong(lambda: copy_course(tmp_path, source=3), CourseError, "copy the course from")
    wrong(lambda: copy_course(tmp_path, source=TOO_LONG), CourseError, "File name too long")
    wrong(lambda: copy_course(tmp_path, source=tmp_path / "none"), CourseError,
          "No such file")
    wrong(lambda: lab_command(tmp_path, 5), ArgumentError, "extra must be")


def test_a_notebook_given_by_its_name_is_read(tmp_path: Path):
    # A str was read as no notebook at all (str has no read_text).
    notebook = tmp_path / "01_x.ipynb"
    notebook.write_text('{"cells": [{"cell_type": "code", "source": '
                        '["answer = ...\\n", "check_cards(\'AS\', answer)"]}]}')
    assert lesson_exercises(str(notebook)) == lesson_exercises(notebook) != []


# ------------------------------------------------------------------ lazy answers and plumbing


def test_generators_check_their_arguments_when_called_or_first_asked():
    # Before, a wrong argument came out as TypeError while the caller looped over them.
    wrong(lambda: joker_spreads("7H JK", 10, 20), ArgumentError, "mask must be")
    wrong(lambda: next(partitions_of_mask(-1, 5)), ArgumentError, "mask must be")
    wrong(lambda: next(partitions_of_mask(7, "5")), ArgumentError, "most_deadwood must be")
    wrong(lambda: ordered_map(abs, [1], "pool", in_flight=1), ArgumentError, "executor")
    wrong(lambda: ordered_map(abs, 5, ThreadPoolExecutor(1), in_flight=1), ArgumentError,
          "items must be")
    wrong(lambda: check_executor(ThreadPoolExecutor(1), "TournamentError"), ArgumentError,
          "error must be")
    with ThreadPoolExecutor(1) as pool:
        assert list(ordered_map(abs, [-1, 2], pool, in_flight=1)) == [1, 2]


def test_least_after_discard_with_jokers_refuses_a_negative_mask_at_once():
    # A negative mask has endless bits: the search never ended.
    wrong(lambda: least_after_discard_with_jokers(-1, 20), ArgumentError, "mask must be")
    assert least_after_discard_with_jokers(hand_mask("7H 9H JK KC 2S"), 20) == 2


def test_deal_knock_refuses_a_seed_for_its_random_source():
    # A seed made a new deck of the same cards for each of its 20,000 tries: minutes.
    wrong(lambda: deal_knock(3, Rules(), want=lambda s: True), ArgumentError, "rng must be")
    knocker, _, _ = deal_knock(random.Random(3), Rules(), want=lambda s: True)
    assert len(knocker) == 10


def test_checks_skips_an_argument_left_to_its_default_and_names_one_given():
    @checks(stock=check_mask_list, mover=lambda value, name: check_whole(value, name, 0, 1))
    def first(stock: list[int], mover: int = 0) -> int:
        return stock[mover]

    assert first([4, 8]) == 4 and first([4, 8], mover=1) == 8
    wrong(lambda: first([4, 8], 1.0), ArgumentError, "first: mover must be")
    wrong(lambda: first(stock=[4, "8"]), ArgumentError, "first: stock must be")
