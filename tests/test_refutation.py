"""The refutation of a wrong choice: one of the judge's own deals, played out and settled.

The lines are checked against the judge (the same deals, the same points), against the
round engine (replayed move by move they end as stated), and against their own summaries.
"""

import random

import pytest

from gin_teach import Round
from gin_teach.analysis import Knowledge
from gin_teach.analysis.game_odds import after_hand
from gin_teach.bots import BOTS, play
from gin_teach.coach import as_dealt
from gin_teach.core.cards import hand_mask
from gin_teach.core.rules import Rules
from gin_teach.errors import GinError
from gin_teach.judge import COACH, Precision, judge_discard, judge_draw
from gin_teach.playouts.opponent import OpponentModel
from gin_teach.playouts.playout import (
    PLANS,
    STYLES,
    PlayoutRules,
    imagined_deal,
    playout_line,
    playout_result,
)
from gin_teach.playouts.table_view import TableView
from gin_teach.puzzles import load_bank
from gin_teach.refutation import Refutation, play_line, refute

WORDS = {1: "next", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
         8: "eight", 9: "nine", 10: "ten"}


def positions(rounds=3, player=0):
    """Seeded positions from played rounds: (hand, knowledge, rules, kind)."""
    found = []
    for seed in range(rounds):
        rnd = play(Round(seed=seed), [BOTS["simple"](seed=1), BOTS["random"](seed=2)])
        replay = as_dealt(rnd)
        for _, action in rnd.history:
            if replay.current_player == player and replay.phase in ("draw", "discard") \
                    and len(replay.legal_actions()) > 1:
                found.append((replay.hand(player),
                              Knowledge.from_observation(replay.observation(player)),
                              replay.rules, replay.phase))
            replay.apply(action)
    return found


@pytest.fixture(scope="module")
def bank_refutations():
    """Refutations of the bank's worst choices, a small seeded sample."""
    bank = load_bank()
    picked = random.Random(5).sample(bank, 24)
    shown = []
    for puzzle in picked:
        worst = max(puzzle.choices, key=lambda c: c.points_lost)
        found = refute(puzzle.hand, puzzle.knowledge, None, worst.move,
                       puzzle.best_choice.move)
        if found is not None:
            shown.append((puzzle, found))
    return shown


def test_the_traced_playout_plays_as_the_judges_playout():
    """Every style of opponent and every plan: the same score, the same player down, and
    turns that follow from the cards."""
    rnd = Round(seed=11)
    view = TableView.from_observation(rnd.observation(0))
    model, rng = OpponentModel.of(view), random.Random(3)
    checked = 0
    for style in STYLES:
        for plan in PLANS:
            rules = PlayoutRules(**{**PlayoutRules.of(Rules(), 10, style).__dict__,
                                    "plan": plan})
            for _ in range(30):
                theirs, stock = imagined_deal(model, rng, view, rules)
                hands = [view.hand, theirs]
                expected = playout_result(list(hands), list(stock), 0, 0, rules)
                traced = list(hands)
                score, down, turns = playout_line(traced, list(stock), 0, 0, rules)
                assert (score, down) == expected
                held, top, drawn = list(hands), 0, list(stock)
                for turn in turns:
                    if turn.took:
                        assert turn.took == top and not turn.drew
                    else:
                        assert turn.drew == drawn.pop()
                    held[turn.player] |= turn.took | turn.drew
                    assert turn.threw & held[turn.player] and turn.threw != turn.took
                    held[turn.player] ^= turn.threw
                    top = turn.threw
                assert held == traced
                assert (down >= 0) == (bool(turns) and turns[-1].knocked)
                checked += 1
    assert checked == len(STYLES) * len(PLANS) * 30


def test_the_lines_are_played_on_the_judges_own_deals():
    """Measured on exactly 24 deals, every choice's value is the mean of its lines' points
    as the judge counts them: the deals and the plan are the judge's."""
    exact = Precision(first=24, most=24, batch=1, error=0.0)
    for hand, knowledge, rules, kind in positions(rounds=2)[:6]:
        judged = (judge_discard(hand, knowledge, rules, precision=exact) if kind == "discard"
                  else judge_draw(hand, knowledge, rules, precision=exact))
        for option in judged.options[:3]:
            points = [play_line(hand, knowledge, rules, option.move, deal).judged
                      for deal in range(24)]
            assert sum(points) / 24 == pytest.approx(option.value, abs=0.011)


def replay_in_round(line, rules):
    """The line's moves applied to a round dealt with its cards: the engine's settlement."""
    first, steps = line.steps[0], list(line.steps[1:])
    if len(line.start) == 11:
        taken = next(c for c in line.start if c != first.threw)
        rnd = Round.from_deal([[c for c in line.start if c != taken], line.opponent],
                              upcard=taken, stock=line.drawn, dealer=1, rules=rules)
        rnd.apply("take")
    else:
        rnd = Round.from_deal([line.start, line.opponent], upcard=line.top,
                              stock=line.drawn, dealer=1, rules=rules)
        if first.source == "pile":
            rnd.apply("take")
        else:
            rnd.apply("pass")
            rnd.apply("pass")
            rnd.apply("draw")
    rnd.apply(f"{'knock' if first.ending else 'discard'} {first.threw.code}")
    for step in steps:
        assert rnd.current_player == (0 if step.player == "you" else 1)
        rnd.apply("take" if step.source == "pile" else "draw")
        assert step.card in rnd.hand(rnd.current_player)
        rnd.apply(f"{'knock' if step.ending else 'discard'} {step.threw.code}")
    if rnd.phase == "layoff":
        rnd.apply("lay off")
    assert rnd.is_over
    return rnd.settlement


def test_a_refutation_replayed_through_the_round_engine_ends_as_it_says(bank_refutations):
    assert len(bank_refutations) >= 18  # nearly every clearly wrong choice has one
    for _, shown in bank_refutations:
        for line in (shown.line, shown.better):
            if line.outcome == "dead hand":
                continue  # a round dealt afresh has a longer stock: no dead hand to replay
            settlement = replay_in_round(line, Rules())
            mine = settlement.points if (settlement.winner == "knocker") == (
                line.knocker == "you") else -settlement.points
            assert (settlement.outcome, mine) == (line.outcome, line.points)
            assert line.points == line.judged  # the engine and the judge agree on it


def test_the_better_choice_does_better_on_the_same_deal(bank_refutations):
    for _, shown in bank_refutations:
        assert shown.line.deal == shown.better.deal and shown.line.seed == shown.better.seed
        assert shown.line.opponent == shown.better.opponent
        assert shown.line.points < shown.better.points
        if shown.losing:
            assert shown.line.points < 0 <= shown.better.points
        assert 0 < shown.losing <= shown.worse <= shown.deals or shown.losing == 0 < shown.worse


def test_the_summary_states_what_the_line_shows(bank_refutations):
    for _, shown in bank_refutations:
        line, text = shown.line, shown.summary()
        assert text.startswith("On this deal") and "judge's 64" in text
        assert f" {shown.losing} " in text or "the one deal" in text
        last = line.steps[-1]
        if line.points < 0:
            assert f"you lose {-line.points} point" in text
        take = line.key_take()
        if last.player == "opponent" and take is not None:
            assert f"takes the {take.card} you threw" in text or f"takes {take.card}" in text
            meld = take.meld_of(take.card)
            assert " ".join(map(str, meld)) in text
            later = sum(s.player == "opponent"
                        for s in line.steps[line.steps.index(take) + 1:])
            assert ("at once" in text) == (later == 0)
            if later > 0:
                assert WORDS.get(later, str(later)) in text
        if last.ending == "knock":
            assert f"with {last.deadwood}" in text
        if last.ending == "gin":
            assert "gin" in text
        if line.outcome == "undercut":
            assert "undercut" in text
        better = shown.better.points
        tail = (f"you score {better} point" if better > 0 else
                f"you lose {-better} point" if better < 0 else "no score")
        assert tail in text.rsplit(";", 1)[1]


def test_a_line_is_the_same_every_time_and_drawn_with_cards(bank_refutations):
    puzzle, shown = bank_refutations[0]
    again = refute(puzzle.hand, puzzle.knowledge, None, shown.line.move, shown.better.move)
    assert again == shown
    picture = shown._repr_html_()
    for step in shown.line.steps:
        assert f'data-card="{step.threw.code}"' in picture
    assert picture.count('class="card"') >= 2 * len(shown.line.steps)


def test_knocks_and_draws_are_refuted_too():
    """A wrong knock and a wrong take or draw, each refuted against the judge's better
    choice, and replayed through the engine."""
    found = {"knock": 0, "draw": 0}
    for hand, knowledge, rules, kind in positions(rounds=8):
        judged = (judge_discard(hand, knowledge, rules, precision=COACH) if kind == "discard"
                  else judge_draw(hand, knowledge, rules, precision=COACH))
        wrong = next((o for o in judged.options if not o.accepted
                      and (kind == "draw" or o.knock)), None)
        if wrong is None or found["knock" if wrong.knock else "draw"] >= 2:
            continue
        shown = refute(hand, knowledge, rules, wrong.move, judged.best.move)
        if shown is None:
            continue
        assert isinstance(shown, Refutation) and shown.line.move == wrong.move
        assert shown.line.points < shown.better.points
        if wrong.knock:
            assert shown.line.steps[0].ending in ("knock", "gin")
            assert shown.line.knocker == "you" and len(shown.line.steps) == 1
        for line in (shown.line, shown.better):
            if line.outcome != "dead hand":
                replay_in_round(line, rules)
        found["knock" if wrong.knock else "draw"] += 1
        if min(found.values()) >= 2:
            break
    assert found["knock"] >= 1 and found["draw"] >= 1


def test_a_choice_as_good_as_the_best_has_no_refutation():
    hand = "AS 2S 3S 5H 6H 7H 9D TD JD QD KH"  # gin with K♥: nothing beats it
    assert refute(hand, Knowledge(stock_size=28), None, "knock KH", "knock KH") is None


@pytest.mark.parametrize("move, words", [
    ("discard 4C", "not in the hand"),
    ("knock 3H", "knock limit"),
    ("take", "not a discard"),
    ("discard 3H 4H", "not a discard"),
    ("discard 3H3H", "is in the hand twice|not a card|names"),
])
def test_a_move_that_is_no_choice_here_is_refused_by_name(move, words):
    hand = "3H 4H 5H 7S 7D 7C 9S 9D JS QH KC"
    with pytest.raises(GinError, match=words):
        refute(hand, Knowledge(stock_size=20), None, move, "discard KC")
    assert hand_mask(hand)  # the position given is untouched text


def test_a_deal_number_out_of_range_is_refused():
    with pytest.raises(GinError, match="deal"):
        play_line("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20), None,
                  "discard KC", -1)


def test_the_summary_names_the_card_that_decides_the_line(bank_refutations):
    named = 0
    for _, shown in bank_refutations:
        line, text = shown.line, shown.summary()
        card = line.deciding_card()
        last = line.steps[-1]
        take = line.key_take()
        if take is not None:
            assert card == take.card
        elif line.outcome == "dead hand":
            assert card is None
        elif last.player == "opponent":
            # Gone down without a take: the card it drew last is what let it.
            assert card == last.card and last.source == "stock"
            assert f"your opponent draws {card} and " in text
        elif line.outcome == "undercut":
            laid = line.settlement.layoffs
            assert card == (laid[0].card if laid else [
                s.card for s in line.steps if s.player == "opponent"][-1])
        if card is not None:
            assert str(card) in text.split("; after ")[0]
            named += 1
    assert named >= len(bank_refutations) // 2


def test_an_undercut_of_your_knock_names_its_card_and_count():
    # Seeded positions from played rounds until a refutation shows your knock undercut.
    for hand, known, rules, kind in positions(rounds=6):
        if kind != "discard":
            continue
        judged = judge_discard(hand, known, rules, precision=COACH)
        knocks = [o for o in judged.options if o.knock and not o.accepted]
        for option in knocks:
            shown = refute(hand, known, rules, option.move, judged.best.move)
            if shown is None or shown.line.outcome != "undercut":
                continue
            line, text = shown.line, shown.summary()
            card = line.deciding_card()
            assert f"undercuts you with {line.settlement.defender_count}" in text
            assert card is not None and str(card) in text
            if line.settlement.layoffs:
                assert f"laying off {line.settlement.layoffs[0].card}" in text
            return
    pytest.skip("no seeded position refutes a knock with an undercut")


def test_at_a_score_the_refutation_says_the_game_as_the_grade_does():
    hand, known = "AS 2S 3S 5H 6H 7H 9D TD JD QD KH", Knowledge(stock_size=28)
    plain = refute(hand, known, None, "discard 5H", "knock KH")
    level = refute(hand, known, None, "discard 5H", "knock KH", scores=(0, 0))
    assert level == plain and plain.game is None and "game terms" not in plain.summary()
    for scores in ((80, 90), (40, 60), (10, 85)):
        shown = refute(hand, known, None, "discard 5H", "knock KH", scores=scores)
        line, better = shown.line, shown.better
        # The line's own points, carried into the game from this score.
        assert shown.game == (after_hand(*scores, line.points, Rules()),
                              after_hand(*scores, better.points, Rules()))
        text = shown.summary()
        assert f"you lose {-line.points} point" in text  # the hand's points, still said
        game = text.split("In game terms, ")[1]
        assert game.startswith(f"at {scores[0]}-{scores[1]}: you win the game "
                               f"{round(100 * shown.game[0])}% of the time after this hand, "
                               f"{round(100 * shown.game[1])}% after throwing K♥ and knocking")
        assert shown.game[0] < shown.game[1]


def test_a_bank_puzzle_refutes_at_its_own_score():
    puzzle = next(p for p in load_bank() if p.kind == "discard" and p.scores != (0, 0)
                  and p.scores[1] >= 75)
    worst = max(puzzle.choices, key=lambda c: c.points_lost)
    shown = puzzle.refutation(worst.move)
    assert shown is not None and shown.scores == puzzle.scores
    assert f"at {puzzle.scores[0]}-{puzzle.scores[1]}: you win the game" in shown.summary()
