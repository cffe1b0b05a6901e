"""Puzzle kinds: take-or-draw puzzles and knock-or-play-on puzzles where playing on is right,
from the bank's JSON to the judge's grade, the trainer's buttons and the lessons."""

import json
import random
from dataclasses import replace

import pytest

from gin_teach.analysis import Knowledge
from gin_teach.errors import GinError, PuzzleError
from gin_teach.judge import BANK, judge_draw, verdict_for
from gin_teach.lessons import check_puzzle
from gin_teach.puzzles import QUESTIONS, Puzzle, bank_from_json, bank_to_json, load_bank, puzzle_for
from gin_teach.puzzles.__main__ import main
from gin_teach.puzzles.generate import generate, kind_puzzles_from_game
from gin_teach.puzzles.kinds import draw_puzzle, play_on_puzzle, recheck_kind
from gin_teach.widgets import DiscardPuzzle

BANK_PUZZLES = load_bank()
DRAWS = [p for p in BANK_PUZZLES if p.kind == "draw"]
PLAY_ON = [p for p in BANK_PUZZLES if p.kind == "discard" and p.knock is False]
MELD_HAND = "7S 7H 9C TC 3H 4H 5H 2D KS QS"


@pytest.fixture(scope="module")
def typed() -> Puzzle:
    """A take-or-draw puzzle made from a typed position: the 7♦ makes a set of sevens."""
    made = draw_puzzle(MELD_HAND, Knowledge(discard_pile="8D 7D"), puzzle_id="typed")
    assert isinstance(made, Puzzle), made
    return made


# ------------------------------------------------------------------ the bank and its JSON


def test_the_bank_holds_60_draw_puzzles_and_40_where_playing_on_beats_a_knock():
    assert len(DRAWS) >= 60
    assert len(PLAY_ON) >= 40
    assert all(p.question == "knock" and p.tier == 5 for p in PLAY_ON)
    assert {p.tier for p in DRAWS} >= {1, 2}
    assert all(p.themes and p.hint and p.explanation for p in DRAWS + PLAY_ON)


def test_new_puzzles_follow_the_old_ones_and_old_entries_carry_no_kind():
    ids = [int(p.id[1:]) for p in BANK_PUZZLES]
    assert ids == sorted(ids)
    first_draw = BANK_PUZZLES.index(DRAWS[0])
    assert all(p.kind == "discard" for p in BANK_PUZZLES[:first_draw])
    text = bank_to_json(BANK_PUZZLES[:first_draw])
    assert '"kind"' not in text and '"take"' not in text
    assert '"kind": "draw"' in bank_to_json(DRAWS[:1])


def test_a_draw_puzzle_survives_its_json_form(typed):
    data = json.loads(json.dumps(typed.to_dict()))
    assert data["kind"] == "draw" and data["answer"] == [] and data["take"] is True
    assert {c["move"] for c in data["choices"]} == {"take", "draw"}
    assert Puzzle.from_dict(data) == typed
    assert bank_from_json(bank_to_json([typed, *BANK_PUZZLES[:2]]))[0] == typed


@pytest.mark.parametrize(("change", "problem"), [
    ({"kind": "bluff"}, "kind must be one of"),
    ({"take": None}, "take must be true"),
    ({"hand": ["7S", "7H", "9C", "TC", "3H", "4H", "5H", "2D", "KS", "QS", "AC"]},
     "must be 10 different cards"),
    ({"answer": ["7S"]}, "answer must be empty"),
    ({"knock": False}, "answer must be empty and knock null"),
    ({"choices": [{"move": "take", "points_lost": 0.0, "error": 0.0, "why": "x"}]},
     "exactly taking the face-up card and drawing"),
    ({"choices": [{"move": "take", "points_lost": 0.0, "error": 0.0, "why": "x"},
                  {"move": "pass", "points_lost": 1.0, "error": 0.0, "why": "x"}]},
     "move \\('take' or 'draw'\\)"),
])
def test_a_bad_draw_puzzle_is_refused_naming_the_field(typed, change, problem):
    data = typed.to_dict() | change
    with pytest.raises(PuzzleError, match=problem):
        Puzzle.from_dict(data)


def test_a_draw_puzzle_needs_a_face_up_card_and_a_discard_puzzle_no_take(typed):
    with pytest.raises(PuzzleError, match="needs a face-up card"):
        Puzzle.from_dict(typed.to_dict() | {"knowledge": typed.to_dict()["knowledge"]
                                            | {"discard_pile": []}})
    with pytest.raises(PuzzleError, match="take is for draw puzzles"):
        replace(BANK_PUZZLES[0], take=True)
    with pytest.raises(PuzzleError, match="answer must lose 0 points"):
        replace(typed, take=False)


# ------------------------------------------------------------------ grading by the judge


def test_a_draw_puzzle_is_graded_by_the_judges_numbers(typed):
    # The puzzle shows a score (0-0), so the judge values its choices by the game.
    judged = judge_draw(MELD_HAND, Knowledge(discard_pile="8D 7D"), precision=BANK,
                        scores=typed.scores)
    assert typed.take is (judged.best.kind == "take")
    best = typed.grade_draw(typed.take)
    assert best.verdict == "best" and best.take is typed.take and best.better_take is None
    other = judged.option("draw")
    wrong = typed.grade_draw(not typed.take)
    assert wrong.verdict == verdict_for(other.loss, other.error) and not wrong.solved
    assert wrong.points_lost == other.loss and wrong.better_take is True
    assert typed.grade_move("draw") == wrong and typed.grade_move(" Take ") == best


def test_each_kind_refuses_the_others_answers_with_a_puzzle_error(typed):
    for attempt in (lambda: typed.grade("KS"), lambda: typed.grade_move("discard KS"),
                    lambda: typed.choice("KS")):
        with pytest.raises(PuzzleError, match="asks take or draw"):
            attempt()
    discard = BANK_PUZZLES[0]
    with pytest.raises(PuzzleError, match="asks what to discard"):
        discard.grade_draw(True)
    with pytest.raises(PuzzleError, match="no face-up card"):
        _ = discard.upcard
    with pytest.raises(PuzzleError, match="take must be True"):
        typed.grade_draw("yes")  # type: ignore[arg-type]
    with pytest.raises(PuzzleError, match="not a move"):
        discard.grade_move("throw the king away")
    assert issubclass(PuzzleError, GinError)


def test_every_stored_draw_puzzle_answers_take_or_draw_as_its_numbers_say():
    for puzzle in DRAWS:
        best = puzzle.grade_draw(puzzle.take)
        worse = puzzle.grade_draw(not puzzle.take)
        assert best.verdict == "best", puzzle.id
        assert worse.verdict in ("inaccuracy", "mistake", "blunder"), puzzle.id
        assert puzzle.question == "draw" and puzzle.upcard not in puzzle.hand


def test_every_play_on_puzzle_grades_each_knock_worse_than_playing_on():
    for puzzle in PLAY_ON:
        assert puzzle.grade(puzzle.best_choice.card, knock=False).verdict == "best", puzzle.id
        knocks = [c for c in puzzle.choices if c.knock]
        assert knocks and all(not puzzle.grade(c.card, knock=True).solved for c in knocks)


def test_play_on_puzzles_come_only_from_positions_where_waiting_is_best():
    early = Knowledge(discard_pile="KD QC JH", opponent_discarded="KD JH", stock_size=28)
    made = play_on_puzzle("7S 7H 7D 9C TC JC 3H 4H 5H 9S KS", early, puzzle_id="wait")
    assert isinstance(made, Puzzle) and made.knock is False and made.question == "knock"
    # Early, K♠ (the safer throw) and play on with 10 beats knocking.
    assert made.best_choice.card.code == "KS"
    late = Knowledge(discard_pile="KD QC JH TS 9D 8C 8S 6H KC QS JD 2C 5C AH 4C 6C 3D KH JS "
                                  "6S 5S AD 8H", stock_size=8)
    assert "knocking is best" in str(play_on_puzzle("7S 7H 7D 9C TC JC 3H 4H 5H 2S KS", late))
    assert play_on_puzzle("7S 7H 7D 9C TC JC 3H 4H QH KH KS", early) == \
        "no discard lets you knock"


@pytest.mark.slow
def test_a_seeded_sample_of_the_new_puzzles_holds_when_the_judge_measures_again():
    rng = random.Random(25)
    for puzzle in rng.sample(DRAWS, 4) + rng.sample(PLAY_ON, 2):
        assert recheck_kind(puzzle) == puzzle, puzzle.id


# ------------------------------------------------------------------ the trainer


def test_the_trainer_answers_a_draw_puzzle_with_its_two_buttons(tmp_path):
    trainer = DiscardPuzzle(progress_path=tmp_path / "p.json", seed=4, kind="draw")
    puzzle = trainer.puzzle
    assert puzzle.kind == "draw" and trainer.knock_button.layout.display == "none"
    take, draw = trainer.cards.children
    assert take.description == f"Take {puzzle.upcard}"
    assert draw.description == "Draw from the stock"
    assert "Take or draw?" in trainer.header.value and "Face-up card" in trainer.position.value
    (take if puzzle.take else draw).click()
    assert trainer.last_grade is not None and trainer.last_grade.verdict == "best"
    assert trainer.progress.attempts == 1 and trainer.streak == 1
    assert trainer.rating.rating > 1500
    take, draw = trainer.cards.children  # drawn again, the answer marked
    assert (take if puzzle.take else draw).style.button_color


def test_a_wrong_draw_answer_lowers_the_rating_and_shows_the_judges_reason(tmp_path):
    trainer = DiscardPuzzle(progress_path=tmp_path / "p.json", seed=5, kind="draw")
    puzzle = trainer.puzzle
    grade = trainer.answer_draw(not puzzle.take)
    assert grade is not None and not grade.solved and trainer.rating.rating < 1500
    chosen = next(c for c in puzzle.choices if c.take is not puzzle.take)
    # A question first; the reason once the second (last) try is spent.
    assert "?" in trainer.message_text and chosen.why not in trainer.message_text
    trainer.answer_draw(not puzzle.take)
    # The reason given is the learner's own choice's, stating its loss once.
    assert chosen.why in trainer.message_text
    assert trainer.message_text.count(" points a hand (± ") == 1
    assert trainer.answer("KS") is None and "asks take or draw" in trainer.message_text
    assert trainer.show_solution().take is puzzle.take


def test_the_trainer_filters_by_kind(tmp_path):
    trainer = DiscardPuzzle(progress_path=tmp_path / "p.json", seed=6)
    assert [value for _, value in trainer.kind_choice.options][1:] == list(QUESTIONS)
    for kind in QUESTIONS:
        trainer.kind_choice.value = kind
        assert trainer.puzzle.question == kind
        trainer.next_puzzle()
        assert trainer.puzzle.question == kind
    odd = DiscardPuzzle(progress_path=tmp_path / "q.json", seed=6, kind="bluff")
    assert "no puzzle is of the kind" in odd.message_text


# ------------------------------------------------------------------ the lessons


def test_puzzle_for_draws_by_kind_the_same_way_each_time():
    assert puzzle_for(None, kind="draw", seed=13) == puzzle_for(None, kind="draw", seed=13)
    assert {puzzle_for(None, kind="draw", seed=s).question for s in range(5)} == {"draw"}
    assert puzzle_for("wait and play for more", kind="knock", seed=15).knock is False
    with pytest.raises(PuzzleError, match="kind 'bluff'"):
        puzzle_for(None, kind="bluff")
    with pytest.raises(PuzzleError, match="None is not a puzzle theme"):
        puzzle_for(None)  # a lesson names a theme, a kind, or both
    with pytest.raises(PuzzleError, match="no puzzle asking take or draw teaches"):
        puzzle_for("knock early", kind="draw")


def test_lesson_13_and_15_exercises_accept_the_judges_answer_only():
    draw = puzzle_for(None, kind="draw", seed=13)
    right, wrong = ("take", "draw") if draw.take else ("draw", "take")
    assert check_puzzle(draw, right).correct and not check_puzzle(draw, wrong).correct
    assert not check_puzzle(draw, ...).answered
    wait = puzzle_for("wait and play for more", kind="knock", seed=15)
    card = wait.best_choice.card.code
    assert check_puzzle(wait, card, "play on").correct
    assert not check_puzzle(wait, card, "knock").correct


def test_a_draw_choice_within_the_noise_is_good_and_solves(typed):
    take, draw = sorted(typed.choices, key=lambda c: not c.take)
    close = replace(typed, choices=(take, replace(draw, points_lost=0.3, error=0.2)))
    grade = close.grade_draw(False)
    assert grade.verdict == "good" and grade.solved and grade.score == 1.0
    assert grade.explanation.startswith("Good: drawing from the stock is as good as taking")


# ------------------------------------------------------------------ generation


def test_the_generator_refuses_a_kind_it_cannot_make():
    with pytest.raises(PuzzleError, match="kind must be one of discard, draw, knock"):
        generate(2, kind="bluff")
    with pytest.raises(SystemExit):
        main(["generate", "--kind", "bluff", "--out", "x.json"])


@pytest.mark.slow
def test_generated_draw_puzzles_are_numbered_verified_and_not_all_one_answer():
    made = generate(5, seed=3, kind="draw", per_tier=5)
    assert [p.id for p in made] == [f"p{i:04d}" for i in range(1, 6)]
    assert all(p.kind == "draw" for p in made)
    assert max(sum(p.take for p in made), sum(not p.take for p in made)) <= 3
    assert all(recheck_kind(p) == p for p in made[:2])  # the position's own deals


@pytest.mark.slow
def test_a_game_gives_the_same_play_on_puzzles_twice_and_each_holds():
    found = kind_puzzles_from_game(7, "knock")
    assert found and found == kind_puzzles_from_game(7, "knock")
    assert all(p.knock is False and "wait and play for more" in p.themes for p in found)
