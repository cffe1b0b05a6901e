"""What the package writes, it reads back unchanged (issue 45, deliverable 2): learner
records built by the record's own methods, saved rounds, games and matches played under many
rule sets, coach reviews and puzzle banks, each from values the public API accepts."""

from __future__ import annotations

import datetime
import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gin_teach import Game, Match, Round, Rules
from gin_teach.coach import VERDICTS, Decision, Review
from gin_teach.learner.progress import ProgressStore, load_progress
from gin_teach.learner.rating import Rating
from gin_teach.learner.record import LONGEST_NAME, Progress
from gin_teach.learner.review_schedule import DATE_RANGE, after_attempt
from gin_teach.puzzles import bank_from_json, bank_to_json, load_bank
from tests.fuzzing import RULE_SETS

BANK = load_bank()
NAMES = st.text(min_size=1, max_size=LONGEST_NAME)
SHORT_NAMES = st.one_of(st.sampled_from([p.id for p in BANK[:6]]), NAMES)
TIMES = st.one_of(
    st.datetimes(min_value=datetime.datetime(1971, 1, 2), max_value=datetime.datetime(8999, 1, 1)),
    st.datetimes(min_value=datetime.datetime(2024, 1, 1), max_value=datetime.datetime(2026, 1, 1),
                 timezones=st.sampled_from([datetime.timezone.utc,
                                            datetime.timezone(datetime.timedelta(hours=14)),
                                            datetime.timezone(datetime.timedelta(hours=-12))])))
SCORES = st.sampled_from([0.0, 0.5, 1.0, 0.25, 0.999])
RATINGS = st.builds(Rating, st.floats(-9999, 10_000), st.floats(1, 350), st.floats(0.001, 0.5))

STEPS = st.one_of(
    st.tuples(st.just("record"), SHORT_NAMES, RATINGS, SCORES,
              st.lists(SHORT_NAMES, max_size=3), TIMES),
    st.tuples(st.just("exercise"), NAMES, st.text(max_size=300), st.booleans(), TIMES),
    st.tuples(st.just("game"), st.booleans(), st.tuples(st.integers(0, 10**8),
                                                        st.integers(0, 10**8)),
              st.integers(0, 20_000), st.one_of(st.none(), st.floats(0, 100)), TIMES),
)


def build(steps: list[tuple[object, ...]]) -> Progress:
    progress = Progress()
    for step in steps:
        kind, *args = step
        if kind == "record":
            puzzle, rating, score, themes, when = args
            progress = progress.record(puzzle, rating, score, themes=themes, when=when)
        elif kind == "exercise":
            key, lesson, correct, when = args
            progress = progress.record_exercise(key, lesson, correct, when)
        else:
            won, points, rounds, accuracy, when = args
            progress = progress.record_game(won, points, rounds, accuracy, when)
    return progress


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(STEPS, max_size=12))
def test_every_record_the_methods_make_saves_and_loads_back_unchanged(steps):
    progress = build(steps)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.json"
        ProgressStore(path).update(lambda _: progress)
        assert load_progress(path) == (progress, None)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(SCORES, st.integers(0, 60 * 24 * 400)), min_size=1, max_size=8))
def test_every_review_schedule_loads_back_and_stays_on_the_calendar(attempts):
    when = datetime.datetime(2025, 12, 3, 18, tzinfo=datetime.timezone.utc)
    entry = after_attempt(None, 0.0, when)
    for score, minutes in attempts:
        when += datetime.timedelta(minutes=minutes)
        entry = after_attempt(entry, score, when)
        assert entry is not None and DATE_RANGE[0] <= entry.due < DATE_RANGE[1]
        progress = Progress(reviews={"p1": entry})
        assert Progress.from_dict(progress.to_dict()) == progress


def play_randomly(state: Round | Game | Match, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULE_SETS), st.integers(0, 2**64 - 1), st.integers(0, 400),
       st.sampled_from(["round", "game", "match"]),
       st.tuples(NAMES.filter(str.strip), NAMES.filter(str.strip)))
def test_every_round_game_and_match_saved_loads_back_unchanged(rules, seed, moves, kind, names):
    rules = rules.replace(target=min(rules.target, 40))
    state: Round | Game | Match
    if kind == "round":
        state = Round(seed=seed, rules=rules)
    elif kind == "game":
        state = Game(rules, seed=seed, names=names[:2] if len(names[0]) <= 40 else ("A", "B"))
    else:
        state = Match(rules, seed=seed, games=2)
    play_randomly(state, random.Random(seed), moves)
    text = state.to_json()
    again = type(state).from_json(text)
    assert again.to_json() == text


DECISIONS = st.builds(
    Decision, st.integers(0, 99_999), st.integers(0, 99_999), st.sampled_from(["draw", "discard"]),
    st.sampled_from(["draw", "take", "pass", "discard 7H", "knock KS", "big gin"]),
    st.sampled_from(["draw", "take", "discard 2C"]), st.sampled_from(VERDICTS),
    st.floats(0, 499.99), st.text(max_size=1000))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(DECISIONS, max_size=6), min_size=1, max_size=4), st.sampled_from([0, 1]),
       st.lists(st.text(max_size=1000), max_size=3))
def test_every_review_the_coach_can_build_loads_back_unchanged(rounds, player, notes):
    reviews = [Review.combine([Review(player, tuple(decisions), 100.0, (100.0,))])
               for decisions in rounds]
    review = Review.combine(reviews).with_help(*notes)
    assert Review.from_json(review.to_json()) == review


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(BANK), unique_by=lambda p: p.id, max_size=12),
       st.dictionaries(st.sampled_from(["COUNT_MARGIN", "SHAPE_MARGIN", "INFO_MARGIN"]),
                       st.floats(0, 10)))
def test_every_bank_written_loads_back_unchanged(puzzles, margins):
    assert bank_from_json(bank_to_json(puzzles, margins)) == tuple(puzzles)


def test_the_rules_the_saves_are_played_under_are_all_different():
    # the saves above range over all of them: a dropped field would show in one
    assert len(set(RULE_SETS)) == len(RULE_SETS) and Rules() in RULE_SETS
