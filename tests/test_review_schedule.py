"""Spaced review of missed puzzles (FSRS), ratings per theme, and what the trainer says about
hints, solutions and a rating that falls after a correct answer (issue 26)."""

import dataclasses
import datetime

import pytest

from gin_teach.learner.progress import ProgressStore
from gin_teach.learner.rating import Rating
from gin_teach.learner.record import Progress
from gin_teach.learner.review_schedule import ReviewEntry, after_attempt, missed_words
from gin_teach.puzzles import Puzzle, load_bank
from gin_teach.widgets import DiscardPuzzle

MISSED = datetime.datetime(2025, 12, 3, 18, 0)


def test_a_miss_comes_back_the_next_day_and_solves_push_it_further():
    entry = after_attempt(None, 0.0, MISSED)
    assert entry.due_date() == datetime.date(2025, 12, 4)
    gaps, when = [], MISSED
    for _ in range(4):
        when = entry.due.astimezone().replace(tzinfo=None)
        new = after_attempt(entry, 1.0, when)
        gaps.append(new.due - entry.due)
        entry = new
    assert gaps == sorted(gaps) and gaps[-1] > gaps[0]  # ever further apart
    assert entry.missed_on == "2025-12-03"
    lapse_day = entry.due.astimezone().replace(tzinfo=None)
    again = after_attempt(entry, 0.0, lapse_day)
    assert again.due - again.last_review < gaps[-1] / 2  # a lapse: back much sooner


def test_what_enters_the_schedule():
    assert after_attempt(None, 1.0, MISSED) is None  # a clean solve needs no review
    assert after_attempt(None, 0.5, MISSED) is not None  # solved after a hint
    assert after_attempt(None, 0.0, MISSED) is not None  # missed, or the solution shown


def test_review_entries_are_read_back_checked():
    entry = after_attempt(None, 0.0, MISSED)
    assert ReviewEntry.from_dict(entry.to_dict()) == entry
    for bad in ({**entry.to_dict(), "state": 9}, {**entry.to_dict(), "stability": -1},
                {**entry.to_dict(), "missed_on": "the third"}, []):
        with pytest.raises(ValueError):
            ReviewEntry.from_dict(bad)


def test_missed_words_name_the_day():
    assert missed_words(after_attempt(None, 0.0, MISSED)) == "you missed this on 3 December"


def test_the_trainer_offers_a_due_puzzle_first_and_says_when_it_was_missed(tmp_path):
    bank = load_bank()
    missed = bank[37]
    store = ProgressStore(tmp_path / "p.json")
    store.update(lambda p: p.record(missed.id, Rating(missed.rating, 80), 0.0,
                                    themes=missed.themes, when=MISSED))
    trainer = DiscardPuzzle(store=store, seed=1)
    assert trainer.puzzle == missed
    assert "Review: you missed this on 3 December." in trainer.message_text
    assert "1 due for review" in trainer.status.value
    trainer.answer(missed.best_choice.card, missed.knock)
    assert not store.progress.reviews[missed.id].is_due()  # solved: its next date moves on
    assert trainer.next_puzzle() != missed


def test_a_missed_puzzle_is_not_offered_again_the_same_day(tmp_path):
    trainer = DiscardPuzzle(store=ProgressStore.scratch(), seed=2)
    first = trainer.puzzle
    trainer.show_solution()
    assert first.id in trainer.progress.reviews
    assert "Solution shown: counts as a miss" in trainer.message_text
    offered = {trainer.next_puzzle().id for _ in range(3)}
    assert first.id not in offered


def test_ratings_per_theme_beside_the_overall_one():
    trainer = DiscardPuzzle(store=ProgressStore.scratch(), seed=3, kind="discard")
    puzzle = trainer.puzzle
    trainer.answer(puzzle.best_choice.card, puzzle.knock)
    assert set(trainer.progress.themes) == set(puzzle.themes)
    assert all(r.rating > 1500 for r in trainer.progress.themes.values())
    ranked = Progress().record("a", Rating(), 1.0, themes=("count",)).record(
        "b", Rating(), 0.0, themes=("shape",)).theme_ranking()
    assert [theme for theme, _ in ranked] == ["shape", "count"]


def test_a_hint_is_said_to_count_half():
    trainer = DiscardPuzzle(store=ProgressStore.scratch(), seed=5, kind="discard")
    trainer.buttons["Hint"].click()
    assert "a solve after a hint counts as half" in trainer.message_text
    trainer.answer(trainer.puzzle.best_choice.card, trainer.puzzle.knock)
    assert "Solved with a hint: counts as half." in trainer.message_text
    assert trainer.progress.recent[-1][1] == 0.5


def test_a_rating_that_falls_after_a_correct_answer_with_a_hint_says_why():
    strong = Progress(rating=Rating(1900, 60))
    store = ProgressStore.scratch()
    store.update(lambda _p: strong)
    easy = min((p for p in load_bank() if p.kind == "discard"), key=lambda p: p.rating)
    trainer = DiscardPuzzle(store=store, seed=6, bank=[easy])
    trainer.hint()
    grade = trainer.answer(easy.best_choice.card, easy.knock)
    assert grade.verdict == "best"
    assert trainer.rating.rating < 1900  # a draw against a far weaker puzzle costs points
    text = trainer.message_text
    assert "Your rating went from 1900 to" in text and f"rated {easy.rating}" in text
    assert "expected to score" in text


def test_the_judges_good_verdict_solves_the_puzzle(monkeypatch):
    trainer = DiscardPuzzle(store=ProgressStore.scratch(), seed=7)
    real_grade = Puzzle.grade

    def graded_good(self, card, knock=None):
        return dataclasses.replace(real_grade(self, card, knock), verdict="good")

    monkeypatch.setattr(Puzzle, "grade", graded_good)
    trainer.answer(trainer.puzzle.best_choice.card, trainer.puzzle.knock)
    assert trainer.streak == 1 and trainer.puzzle.id in trainer.progress.solved
    assert trainer.puzzle.id not in trainer.progress.reviews
