"""The trainer's session (gin_teach.lessons.trainer), run with no widget: which puzzle comes
next and how every attempt counts, saved in the learner's record; and its command line."""

from __future__ import annotations

import datetime
import io
import subprocess
import sys

import pytest

from gin_teach.errors import GinError, PuzzleError
from gin_teach.learner.progress import ProgressStore, load_progress
from gin_teach.learner.record import verdict_score
from gin_teach.lessons.trainer import (
    DRAW_TRIES,
    HINT_SCORE_CAP,
    TrainerSession,
    read_filters,
)
from gin_teach.lessons.tries import TRIES
from gin_teach.nudges import names_any
from gin_teach.puzzles import load_bank
from gin_teach.puzzles.__main__ import main, train

DAY = datetime.datetime(2026, 3, 2, 18, 0)


class Clock:
    """A clock a test moves on by hand."""

    def __init__(self, now: datetime.datetime) -> None:
        self.now = now

    def __call__(self) -> datetime.datetime:
        return self.now


def wrong_choices(puzzle):
    """The puzzle's choices that are not accepted, one per card, worst first."""
    seen, found = set(), []
    for choice in sorted(puzzle.choices, key=lambda c: -c.points_lost):
        grade = puzzle.grade(choice.card, choice.knock)
        if not grade.solved and choice.card not in seen:
            seen.add(choice.card)
            found.append(choice)
    return found


def next_with_wrongs(session, count):
    """Move on until a puzzle has ``count`` wrong cards to try."""
    while len(wrong_choices(session.next_puzzle())) < count:
        pass
    return session.puzzle


def test_a_seeded_run_counts_every_attempt_as_the_record_says(tmp_path):
    path = tmp_path / "progress.json"
    clock = Clock(DAY)
    session = TrainerSession(ProgressStore(path), seed=5, kind="discard", clock=clock)
    missed = []

    # Right at the first try: rated, solved, the rating up, saved; not scheduled for review.
    first = session.puzzle
    best = first.best_choice
    right = session.answer(best.card, best.knock)
    assert right.rated and right.solved and right.score == 1.0 and right.told
    assert right.change.after.rating > right.change.before.rating
    assert right.review is None and session.phase == "answered" and session.streak == 1
    assert dict(right.marks) == {best.card: "best"}
    saved, problem = load_progress(path)
    assert problem is None and saved.attempts == 1 and saved.solved == {first.id}
    # Rated once: the same puzzle answered again is graded, never counted.
    again = session.answer(best.card, best.knock)
    assert not again.rated and again.score is None and again.change is None
    assert load_progress(path)[0].attempts == 1

    # Wrong, then right: a question first, the wrong try counted, the solve not.
    second = next_with_wrongs(session, 1)
    wrong = wrong_choices(second)[0]
    slip = session.answer(wrong.card, wrong.knock)
    assert slip.rated and slip.score == verdict_score(slip.grade.verdict) < 1.0
    assert not slip.told and slip.tries_left == TRIES - 1 and session.phase == "trying"
    assert names_any(slip.words, second.answer) == [] and "?" in slip.words
    assert slip.refute is None and dict(slip.marks) == {wrong.card: "wrong"}
    solve = session.answer(second.best_choice.card, second.best_choice.knock)
    assert solve.solved and not solve.rated and session.phase == "answered"
    assert session.progress.attempts == 2 and session.streak == 0
    assert solve.review is not None  # missed at first: it comes back
    missed.append(second.id)

    # A hint, then right: counts half, and comes back for review.
    third = session.next_puzzle()
    hint = session.hint()
    assert hint.caps and hint.text == third.hint and "counts as half" in hint.words
    capped = session.answer(third.best_choice.card, third.best_choice.knock)
    assert capped.rated and capped.hint_capped and capped.score == HINT_SCORE_CAP
    assert "Solved with a hint: counts as half." in capped.words
    assert capped.review is not None and session.streak == 0
    missed.append(third.id)

    # The solution shown first: a miss, the answer marked, back for review.
    fourth = session.next_puzzle()
    before = session.rating.rating
    shown = session.show_solution()
    assert shown.shown and shown.rated and shown.score == 0.0 and not shown.solved
    assert session.rating.rating < before and session.phase == "answered"
    assert {card for card, mark in shown.marks if mark == "best"} == set(fourth.answer)
    assert "counts as a miss" in shown.words and shown.review is not None
    missed.append(fourth.id)
    assert load_progress(path)[0].attempts == 4

    # Every miss is due the next day, not before; then it comes back first.
    reviews = session.progress.reviews
    assert set(reviews) == set(missed) and first.id not in reviews
    assert {reviews[pid].due_date() for pid in missed} == {DAY.date() + datetime.timedelta(1)}
    session.next_puzzle()
    assert session.due() == [] and session.review_note == ""
    clock.now = DAY + datetime.timedelta(days=1, minutes=1)
    due = [pid for pid, _ in session.due()]
    assert sorted(due) == sorted(missed)
    waiting = [pid for pid in due if pid != session.puzzle.id]
    assert session.next_puzzle().id == waiting[0]  # the longest overdue first
    assert session.review_note == "Review: you missed this on 2 March."
    assert session.phase == "asking"


def test_the_better_choice_comes_only_at_the_last_try():
    session = TrainerSession(seed=4, kind="discard")
    puzzle = next_with_wrongs(session, TRIES)
    for tries, wrong in enumerate(wrong_choices(puzzle)[:TRIES], 1):
        attempt = session.answer(wrong.card, wrong.knock)
        assert attempt.rated == (tries == 1)
        if tries < TRIES:
            assert not attempt.told and names_any(attempt.words, puzzle.answer) == []
            assert attempt.tries_left == TRIES - tries and attempt.refute is None
        else:  # told: the better card named and marked, the wrong try refuted
            assert attempt.told and "That was your last try." in attempt.words
            assert str(attempt.grade.better) in attempt.words
            assert dict(attempt.marks)[attempt.grade.better] == "best"
            assert attempt.refute == attempt.grade
    assert session.phase == "answered" and session.progress.attempts == 1


def test_a_take_or_draw_puzzle_tells_after_two_tries():
    session = TrainerSession(seed=2, kind="draw")
    puzzle = session.puzzle
    wrong = "draw" if puzzle.take else "take"
    first = session.answer(wrong)
    assert not first.told and first.tries_left == DRAW_TRIES - 1
    assert dict(first.marks) == {not puzzle.take: "wrong"}
    second = session.answer(wrong)
    assert second.told and dict(second.marks) == {not puzzle.take: "wrong", puzzle.take: "best"}


def test_a_refused_step_changes_nothing(tmp_path):
    path = tmp_path / "progress.json"
    session = TrainerSession(ProgressStore(path), seed=8, kind="discard")
    state, filters, progress = session.state, session.filters, session.progress
    absent = next(c for c in load_bank()[0].hand if c not in session.puzzle.hand)
    for refused in (lambda: session.answer("ZZ"), lambda: session.answer(absent),
                    lambda: session.answer("take", knock=True),
                    lambda: session.answer(session.puzzle.best_choice.card, knock="yes"),
                    lambda: session.answer_move("play it safe"),
                    lambda: session.answer_move(7),
                    lambda: session.choose(theme="luck"), lambda: session.choose(tier=0),
                    lambda: session.choose(kind="bluff")):
        with pytest.raises(PuzzleError) as caught:
            refused()
        assert isinstance(caught.value, GinError) and str(caught.value)
        assert session.state is state and session.filters == filters
        assert session.progress == progress and session.phase == "asking"
    assert not path.exists()  # nothing was counted, so nothing was written


def test_bad_arguments_are_refused_by_name():
    with pytest.raises(PuzzleError, match="tier 9"):
        TrainerSession(tier=9)
    with pytest.raises(PuzzleError, match="bank is empty"):
        TrainerSession(bank=())
    with pytest.raises(PuzzleError, match="store must be a ProgressStore"):
        TrainerSession("progress.json")  # type: ignore[arg-type]
    with pytest.raises(PuzzleError, match="clock"):
        TrainerSession(clock=DAY)  # type: ignore[arg-type]
    with pytest.raises(GinError, match="seed must be a whole number"):
        TrainerSession(seed=-1)
    with pytest.raises(PuzzleError, match="typed must be True or False"):
        TrainerSession(typed="yes")  # type: ignore[arg-type]
    assert read_filters(load_bank(), kind="bluff").problem.startswith("no puzzle is of the kind")


def test_filters_choose_the_puzzles_served():
    session = TrainerSession(seed=7, tier=3)
    assert all(session.next_puzzle().tier == 3 for _ in range(5))
    assert "dead partners" in session.choose(theme="dead partners").themes
    assert session.choose(kind="draw").question == "draw"
    assert session.filters.kind == "draw" and session.filters.theme is None


def test_the_same_seed_serves_the_same_run():
    def run(seed):
        session = TrainerSession(seed=seed)
        served = []
        for _ in range(6):
            served.append(session.puzzle.id)
            session.show_solution()
            session.next_puzzle()
        return served

    assert run(11) == run(11)
    assert run(11) != run(12)


def test_the_session_runs_without_jupyter():
    code = ("import sys\n"
            "from gin_teach.lessons.trainer import TrainerSession\n"
            "s = TrainerSession(seed=1)\n"
            "s.show_solution(); s.next_puzzle(); s.hint()\n"
            "jupyter = {'ipywidgets', 'ipycanvas', 'IPython', 'ipykernel', 'traitlets'}\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in jupyter))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.strip() == "[]"


def test_the_command_line_trains_from_standard_input(tmp_path):
    path = tmp_path / "progress.json"
    session = TrainerSession(ProgressStore(path), seed=3, kind="discard", typed=True)
    first = session.puzzle
    best = first.best_choice
    move = f"{'knock' if best.knock else 'discard'} {best.card.code}"
    out = io.StringIO()
    lines = ["", "ZZ", move, "next", "hint", "show", "quit", move]
    assert train(session, lines, out) == 0
    said = out.getvalue()
    assert f"Puzzle {first.id}" in said and "Type the card you would discard" in said
    assert "'ZZ' is not one card" in said and "Best: " in said
    assert "Hint: " in said and "Solution: " in said and "counts as a miss" in said
    assert said.rstrip().endswith("2 attempts in your record. Your rating "
                                  f"{round(session.rating.rating)} · streak 0 · 0 due for "
                                  "review.")
    saved = load_progress(path)[0]
    assert saved.attempts == 2 and first.id in saved.solved  # nothing after "quit"


def test_python_dash_m_runs_the_trainer(tmp_path):
    path = tmp_path / "progress.json"
    done = subprocess.run(
        [sys.executable, "-m", "gin_teach.puzzles", "train", "--seed", "2", "--kind", "draw",
         "--progress", str(path)],
        input="take\ndraw\n", capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Take or draw?" in done.stdout and "Type take or draw." in done.stdout
    assert load_progress(path)[0].attempts == 1
    assert "1 attempt in your record." in done.stdout


def test_the_command_line_refuses_a_bad_filter_with_status_2(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["train", "--practice", "--tier", "9"])
    assert stopped.value.code == 2
    assert "there is no tier 9: tiers are 1 to 5" in capsys.readouterr().err
