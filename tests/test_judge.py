"""The judge: one valuation behind every verdict (the coach's hint and review, the puzzles,
the lessons' checkers), honest costs, fair ties, and the same grade every time."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_teach import Round, Rules
from gin_teach.analysis import Knowledge
from gin_teach.bots import BOTS
from gin_teach.coach import grade_move, hint, review
from gin_teach.core.cards import Card, parse_cards
from gin_teach.errors import GinError
from gin_teach.judge import (
    COACH,
    GOOD_BELOW,
    INACCURACY_BELOW,
    MISTAKE_BELOW,
    NOISE_SE,
    Precision,
    breaks_meld,
    judge_discard,
    judge_draw,
    verdict_for,
)
from gin_teach.playouts.playout import PlayoutRules

HAND = "3H 4H 5H 7S 7D 7C 9S 9D JS QH KC"


def test_every_legal_choice_is_valued_with_its_own_cost() -> None:
    judged = judge_discard(HAND, Knowledge(stock_size=20))
    moves = {o.move for o in judged.options}
    assert moves == {f"discard {c.code}" for c in parse_cards(HAND)}
    worst = max(judged.options, key=lambda o: o.loss)
    # Never the worst measured value handed down: each choice has its own number and error,
    # and a gross error is graded as one.
    losses = [o.loss for o in judged.options if o.verdict == "blunder"]
    assert len(set(losses)) == len(losses)
    assert worst.verdict == "blunder" and worst.loss >= MISTAKE_BELOW
    assert all(o.error < 99 for o in judged.options)


def test_breaking_a_made_meld_is_never_milder_than_an_inaccuracy() -> None:
    judged = judge_discard(HAND, Knowledge(stock_size=20))
    assert any(o.card is not None and breaks_meld(HAND, o.card) for o in judged.options)
    for option in judged.options:
        assert option.card is not None
        if breaks_meld(HAND, option.card):
            assert option.verdict in ("inaccuracy", "mistake", "blunder"), option


def test_the_same_position_gets_the_same_numbers_every_time() -> None:
    known = Knowledge(discard_pile="8C 4D", opponent_discarded="8C", stock_size=14)
    first = judge_discard("7S 7H 7D 9C TC JC 3H 4H 8D KS AS", known)
    again = judge_discard("AS KS 8D 4H 3H JC TC 9C 7D 7H 7S", known)
    assert first == again


def test_the_grade_scale() -> None:
    assert verdict_for(0.0) == "best"
    assert verdict_for(GOOD_BELOW - 0.01) == "good"
    assert verdict_for(GOOD_BELOW) == "inaccuracy"
    assert verdict_for(INACCURACY_BELOW) == "mistake"
    assert verdict_for(MISTAKE_BELOW) == "blunder"
    assert verdict_for(1.9, error=1.0) == "mistake"  # noise measured loosely counts for nothing
    assert verdict_for(0.55, error=0.28) == "good"  # within the noise, measured closely
    assert verdict_for(2.1, error=1.0) == "mistake"


def test_each_grade_matches_the_numbers_it_states() -> None:
    for judged in (judge_discard(HAND, Knowledge(stock_size=20)),
                   judge_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", Knowledge(discard_pile="8D 7D"))):
        best = judged.best
        assert best.verdict == "best" and best.loss == 0
        for option in judged.options:
            floor_applies = option.card is not None and not option.knock and breaks_meld(
                HAND, option.card) if judged.decision == "discard" else False
            if not floor_applies and option is not best and option.loss > 0:
                assert option.verdict == verdict_for(option.loss, option.error)
            assert option.value <= best.value + 1e-9 or option.deals < best.deals


def test_straight_gin_playouts_never_knock() -> None:
    assert PlayoutRules.of(Rules(straight_gin=True)).knock_limit == 0
    judged = judge_discard("AS 2S 3S 5H 6H 7H 9D TD JD 2C KH", Knowledge(stock_size=28),
                           Rules(straight_gin=True))
    assert not any(o.knock for o in judged.options)
    same = judge_discard("AS 2S 3S 5H 6H 7H 9D TD JD 2C KH", Knowledge(stock_size=28),
                         Rules(knock_limit=0), seed=judged.seed)
    assert [o.move for o in same.options] == [o.move for o in judged.options]


def test_jokers_are_judged_too() -> None:
    rules = Rules.jokers_wild()
    judged = judge_discard("AS 2S 3S 5H 6H JK 9D TD JD 2C KH",
                           Knowledge(stock_size=20, opponent_discarded="JK2",
                                     discard_pile="JK2", jokers=2), rules)
    assert judged.best.card is not None and not judged.best.card.is_joker


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_judged_discards_of_dealt_hands_are_consistent(seed: int) -> None:
    rnd = Round(seed=seed)
    rnd.apply("take")  # the non-dealer takes the upcard: eleven cards, one just taken
    player = rnd.current_player
    judged = judge_discard(rnd.hand(player), Knowledge.from_observation(rnd.observation(player)),
                           precision=Precision(first=8, most=16, batch=8, error=1.0))
    assert rnd.just_taken is not None
    assert all(o.card != rnd.just_taken for o in judged.options)
    assert judged.options[0].verdict == "best"
    assert sorted(o.loss for o in judged.options[1:]) == [o.loss for o in judged.options[1:]]
    assert all(o.loss >= 0 and o.error >= 0 for o in judged.options)


def _still_in_doubt(loss: float, error: float, wanted: float) -> bool:
    """A grade boundary within the noise of a choice measured less precisely than wanted."""
    return error > wanted and any(abs(loss - bound) <= NOISE_SE * error
                                  for bound in (0.0, GOOD_BELOW, INACCURACY_BELOW, MISTAKE_BELOW))


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000))
def test_a_choice_set_aside_early_is_not_left_in_doubt(seed: int) -> None:
    # A choice left behind on few deals against an early leader must not end in doubt against
    # the final best: once p0082's 3♠ was left at 64 deals "good" for 4.1 ± 2.7 points.
    rnd = Round(seed=seed)
    rnd.apply("take")
    player = rnd.current_player
    precision = Precision(first=16, most=256, batch=16, error=0.4)
    judged = judge_discard(rnd.hand(player), Knowledge.from_observation(rnd.observation(player)),
                           precision=precision)
    most = max(o.deals for o in judged.options)
    for option in judged.options:
        if option.deals < most:
            assert not _still_in_doubt(option.loss, option.error, precision.error), option


def _coached_round(opponent: str, seed: int) -> Round:
    """Player 0 follows the coach's hint at every turn against ``opponent``."""
    rnd = Round(seed=seed)
    bot = BOTS[opponent](seed=seed)
    while not rnd.is_over:
        if rnd.current_player == 0 and rnd.phase != "layoff":
            rnd.apply(hint(rnd, 0).action)
        else:
            rnd.apply(bot.choose(rnd.observation(rnd.current_player), rnd.legal_actions()))
    return rnd


@pytest.mark.slow
@pytest.mark.parametrize("opponent", ["simple", "expert"])
def test_the_hint_and_the_review_agree(opponent: str) -> None:
    graded = 0
    for seed in range(30):
        decisions = review(_coached_round(opponent, seed), 0).decisions
        assert all(d.verdict == "best" and d.move == d.best for d in decisions), decisions
        graded += len(decisions)
    assert graded > 100


def test_a_hinted_move_grades_best_and_the_position_is_untouched() -> None:
    rnd = Round(seed=11)
    before = rnd.to_json()
    advice = hint(rnd, rnd.current_player)
    decision = grade_move(rnd, advice.move)
    assert decision is not None and decision.verdict == "best"
    assert rnd.to_json() == before


def test_equal_cards_are_both_accepted() -> None:
    # Q♦ and K♥ are both loose tens with no partner: the judge cannot tell them apart.
    judged = judge_discard("AS 2S 3S 5H 6H 7H 9C 9D 4C QD KH", Knowledge(stock_size=25))
    assert judged.option("discard QD").accepted and judged.option("discard KH").accepted
    assert Card.parse("QD") in {o.card for o in judged.accepted}


def test_noise_is_reported() -> None:
    judged = judge_discard(HAND, Knowledge(stock_size=20))
    for option in judged.options[1:]:
        if option.accepted and option.loss > GOOD_BELOW:
            assert option.loss <= NOISE_SE * option.error


def test_every_verdict_is_the_grade_of_the_numbers_it_states():
    # A position from a generator game where 4♠ lost 0.7251 ± 0.3626 points: "good" on the
    # raw numbers (within two standard errors), but it states 0.73 ± 0.36, an inaccuracy;
    # a puzzle storing those numbers was refused on loading. The grade is of what is stated.
    import random

    from gin_teach.judge import BANK, VERDICTS, breaks_meld, judge_discard, verdict_for
    from gin_teach.puzzles.generate import game_positions

    positions = game_positions(400012)
    random.Random(400012).shuffle(positions)
    hand, knowledge, _, _ = positions[5]
    judged = judge_discard(hand, knowledge, precision=BANK)
    assert verdict_for(0.73, 0.36) == "inaccuracy"
    for option in judged.options:
        stated = verdict_for(option.loss, option.error)
        floored = VERDICTS.index(option.verdict) > VERDICTS.index(stated) and breaks_meld(
            hand, option.card)
        assert option.verdict == stated or floored, option


@pytest.mark.parametrize("call", [
    lambda: judge_discard("3H 4H 5H 7S 7D 7C 9S 9D JS QH JK"),
    lambda: judge_draw("3H 4H 5H 7S 7D 7C 9S 9D JS JK", Knowledge(discard_pile="2C")),
    lambda: judge_discard(HAND, seed="x"),  # type: ignore[arg-type]
    lambda: judge_discard(HAND, seed=-1),
    lambda: judge_discard(HAND, seed=1.5),  # type: ignore[arg-type]
    lambda: verdict_for(float("nan")),
    lambda: verdict_for(1.0, error=-1.0),
], ids=["joker at a table without", "joker in a draw", "text seed", "negative seed",
        "fractional seed", "nan loss", "negative error"])
def test_what_no_table_deals_is_refused_with_a_clear_error(call) -> None:
    with pytest.raises(GinError):
        call()


def test_a_default_written_out_is_the_same_position_with_the_same_numbers() -> None:
    # Issue 24: Knowledge() and the same knowledge with its defaults written out were seeded
    # apart, so one position got two sets of numbers.
    hand = "7S 7H 7D 9C TC JC 3H 4H 5H 9S KS"
    left_out = judge_discard(hand, Knowledge())
    written = judge_discard(hand, Knowledge(stock_size=31, knock_limit=10))
    assert left_out.seed == written.seed and left_out.options == written.options
    ten = "7S 7H 7D 9C TC JC 3H 4H 5H 9S"
    upcard = Knowledge(discard_pile="KD")
    spelled = Knowledge(discard_pile="KD", stock_size=31, knock_limit=10)
    assert judge_draw(ten, upcard, refuse="pass").options == judge_draw(
        ten, spelled, refuse="pass").options


def test_the_coach_judges_at_the_tables_precision_and_lessons_at_the_banks() -> None:
    rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
                          upcard="6H", stock="AC", dealer=1)
    rnd.apply("take")
    judged = judge_discard(rnd.hand(0), Knowledge.from_observation(rnd.observation(0)),
                           rnd.rules, precision=COACH)
    assert grade_move(rnd, "discard 3H").points_lost == judged.option("discard 3H").loss
    assert max(o.deals for o in judge_discard("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC").options) \
        > COACH.most
