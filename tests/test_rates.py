"""The judge's shares of its deals (who goes down first, gin, who wins the hand) as reasons:
measured on the same deals against the best, kept in the bank where a text reads them, and
stated as stored. Where the count, the outs and the danger are level, a bank text names the
share that separates the two cards beyond its noise, or says that none does; never that
"only the playouts" tell them apart."""

from __future__ import annotations

import json
import random
import re

import pytest

from gin_teach import Card, Rules
from gin_teach.analysis import Knowledge
from gin_teach.errors import GinError, PuzzleError
from gin_teach.explain import ONLY_PLAYOUTS, Position, Valued, decide, draw_reason
from gin_teach.explain.reasons import rate_clause
from gin_teach.judge import RATE_NAMES, Rate, judge_discard, judge_draw, table_view
from gin_teach.playouts.opponent import OpponentModel
from gin_teach.playouts.playout import (
    OPPONENT_GIN,
    OPPONENT_NOT_FIRST,
    PlayoutRules,
    discard_ending,
    discard_result,
    imagined_deal,
)
from gin_teach.puzzles import Puzzle, bank_from_json, bank_to_json, load_bank
from gin_teach.puzzles.verify import measure_rates

BANK = load_bank()
SYMBOL = r"(?:10|[2-9AJQK])[♠♥♦♣]"
# Every way a text states a share: the worse card's share, then the better card's.
STATED = {
    "opponent_first": re.compile(rf"your opponent goes down first on ([\d.]+)% of the deals "
                                 rf"after ({SYMBOL}), ([\d.]+)% after ({SYMBOL})"),
    "opponent_gin": re.compile(rf"your opponent goes gin on ([\d.]+)% of the deals after "
                               rf"({SYMBOL}), ([\d.]+)% after ({SYMBOL})"),
    "hand_won": re.compile(rf"you win the hand on ([\d.]+)% of the deals after ({SYMBOL}), "
                           rf"([\d.]+)% after ({SYMBOL})"),
}
LEVEL = re.compile(rf"you win the hand about as often after either \(([\d.]+)% after "
                   rf"({SYMBOL}), ([\d.]+)% after ({SYMBOL})\)")


def _texts(puzzle: Puzzle) -> list[str]:
    return [puzzle.explanation, *(c.why for c in puzzle.choices)]


def _card(said: str) -> Card:
    return Card.parse(said)


def _close(stated: str, share: float) -> bool:
    """A percentage as printed (whole, or with the decimal that tells two apart) against
    the stored share."""
    places = len(stated.split(".")[1]) if "." in stated else 0
    return abs(float(stated) - 100 * share) <= 0.5 * 10 ** -places + 1e-9


def test_no_bank_text_says_only_the_playouts_separate() -> None:
    for puzzle in BANK:
        for text in _texts(puzzle):
            assert ONLY_PLAYOUTS not in text, (puzzle.id, text)
            assert "only the playouts" not in text, (puzzle.id, text)


def test_every_share_a_bank_text_states_is_the_stored_one() -> None:
    stated = 0
    for puzzle in BANK:
        rates = {c.card: {r.name: r for r in c.rates} for c in puzzle.choices if not c.knock}
        for text in _texts(puzzle):
            found = [(name, m) for name, pattern in STATED.items()
                     for m in pattern.finditer(text)]
            found += [("hand_won", m) for m in LEVEL.finditer(text)]
            for name, match in found:
                mine, worse, best, better = match.groups()
                rate = rates[_card(worse)][name]  # the worse card keeps it
                assert _close(mine, rate.mine) and _close(best, rate.best), (puzzle.id, text)
                assert _card(better) in puzzle.answer, (puzzle.id, text)
                # Named as what separates them only beyond the noise; else said to be level.
                assert rate.separates == (match.re is not LEVEL), (puzzle.id, text)
                stated += 1
    assert stated >= 10  # the re-measured puzzles state theirs


def test_the_bank_keeps_rates_only_where_a_text_states_one() -> None:
    kept = 0
    for puzzle in BANK:
        for choice in puzzle.choices:
            if not choice.rates:
                continue
            kept += 1
            assert not choice.knock and choice.points_lost > 0, puzzle.id
            assert any(f"after {choice.card}" in text for text in _texts(puzzle)), puzzle.id
            assert {r.name for r in choice.rates} <= set(RATE_NAMES)
    assert kept >= 10


def test_a_bank_without_rates_still_loads_and_rates_survive_a_round_trip() -> None:
    rated = next(p for p in BANK if any(c.rates for c in p.choices))
    data = json.loads(bank_to_json([rated]))
    assert any("rates" in c for c in data["puzzles"][0]["choices"])
    again = bank_from_json(json.dumps(data))[0]
    assert again == rated
    for choice in data["puzzles"][0]["choices"]:
        choice.pop("rates", None)
    old = bank_from_json(json.dumps(data))[0]
    assert all(not c.rates for c in old.choices)
    assert [c.points_lost for c in old.choices] == [c.points_lost for c in rated.choices]


@pytest.mark.parametrize(("rates", "problem"), [
    ({"luck": [0.1, 0.2, 0.01]}, "rates must map"),
    ({"hand_won": [0.1, 0.2]}, "must be three numbers"),
    ({"hand_won": [1.5, 0.2, 0.01]}, "a share from 0 to 1"),
    ({"hand_won": ["a", 0.2, 0.01]}, "must be three numbers"),
    ({}, "rates must map"),
    ([0.1, 0.2, 0.3], "rates must map"),
])
def test_bad_stored_rates_are_refused_naming_the_choice(rates: object, problem: str) -> None:
    rated = next(p for p in BANK if any(c.rates for c in p.choices))
    data = json.loads(bank_to_json([rated]))
    choice = next(c for c in data["puzzles"][0]["choices"] if "rates" in c)
    choice["rates"] = rates
    with pytest.raises(PuzzleError, match=problem) as raised:
        bank_from_json(json.dumps(data))
    assert rated.id in str(raised.value)


def test_the_best_choice_may_not_keep_rates() -> None:
    rated = next(p for p in BANK if any(c.rates for c in p.choices))
    data = json.loads(bank_to_json([rated]))
    best = next(c for c in data["puzzles"][0]["choices"] if c["points_lost"] == 0)
    best["rates"] = {"hand_won": [0.4, 0.4, 0.0]}
    with pytest.raises(PuzzleError, match="the best and a knock have none"):
        bank_from_json(json.dumps(data))


@pytest.mark.parametrize("args", [("luck", 0.1, 0.2, 0.01), ("hand_won", -0.1, 0.2, 0.01),
                                  ("hand_won", 0.1, float("nan"), 0.01),
                                  ("hand_won", 0.1, 0.2, 2.0)])
def test_a_rate_refuses_what_is_no_share(args: tuple[str, float, float, float]) -> None:
    with pytest.raises(GinError):
        Rate(*args)


def test_the_judges_rates_are_its_shares_on_the_same_deals() -> None:
    hand = "3H 4H 5H 7S 7D 7C 9S 9D JS QH KC"
    judged = judge_discard(hand, Knowledge(stock_size=20))
    best = judged.best
    assert not best.rates and best.opponent_first is not None
    checked = 0
    for option in judged.options:
        if option.knock or option is best:
            assert not option.rates
            continue
        rates = {r.name: r for r in option.rates}
        assert set(rates) == set(RATE_NAMES)
        assert rates["opponent_gin"].mine <= rates["opponent_first"].mine
        assert rates["opponent_gin"].best <= rates["opponent_first"].best
        if option.deals == best.deals:  # the same deals: each share is the option's own
            assert rates["opponent_first"].mine == round(option.opponent_first or 0, 4)
            assert rates["opponent_first"].best == round(best.opponent_first or 0, 4)
            checked += 1
    assert checked


def test_a_draw_judgement_rates_who_wins_the_hand() -> None:
    judged = judge_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", Knowledge(discard_pile="8D 7D"))
    other = judged.options[1]
    assert [r.name for r in other.rates] == ["hand_won"] and not judged.best.rates


def test_discard_ending_agrees_with_discard_result_and_tells_gin_apart() -> None:
    hand = "3H 4H 5H 7S 7D 7C 9S 9D JS QH KC"
    view = table_view(hand, Knowledge(stock_size=20), Rules())
    rules = PlayoutRules.of(Rules(), view.knock_limit)
    model, rng = OpponentModel.of(view), random.Random(7)
    card = Card.parse("KC").bit
    endings = set()
    for _ in range(300):
        theirs, stock = imagined_deal(model, rng, view, rules)
        points, ending = discard_ending(view.hand, card, theirs, list(stock), rules)
        assert (points, ending != OPPONENT_NOT_FIRST) == discard_result(
            view.hand, card, theirs, list(stock), rules)
        if ending == OPPONENT_GIN:  # a gin costs at least the gin bonus
            assert points <= -Rules().gin_bonus
        endings.add(ending)
    assert len(endings) == 3


def test_a_share_within_its_noise_is_said_to_be_level() -> None:
    level = Valued(Card.parse("QC"), loss=1.3, error=0.4, accepted=False,
                   rates=(Rate("hand_won", 0.517, 0.534, 0.0102),))
    assert rate_clause(Valued.discard("KS"), level) == ""
    apart = Valued(Card.parse("QC"), loss=1.3, error=0.4, accepted=False,
                   rates=(Rate("hand_won", 0.469, 0.490, 0.008),))
    assert rate_clause(Valued.discard("KS"), apart) == (
        "you win the hand on 47% of the deals after Q♣, 49% after K♠")
    # A share that favours the worse card is no reason against it.
    wrong_way = Valued(Card.parse("QC"), loss=1.3, error=0.4, accepted=False,
                       rates=(Rate("opponent_first", 0.60, 0.65, 0.005),))
    assert rate_clause(Valued.discard("KS"), wrong_way) == ""
    # Measured against the best only: a better card that is not the best reads none.
    assert rate_clause(Valued.discard("KS", loss=0.2), apart) == ""
    with pytest.raises(GinError, match="worse"):
        rate_clause(Valued.discard("KS"), "QC")  # type: ignore[arg-type]


def test_a_level_pair_names_the_share_or_says_none_separates() -> None:
    p = next(p for p in BANK if p.id == "p0748")
    position = Position.of(p.hand, p.knowledge, scores=p.scores)
    worse = next(c for c in p.choices if c.card == Card.parse("5S") and not c.knock)
    best = Valued.discard("5C")
    rated = Valued(worse.card, loss=worse.points_lost, error=worse.error, accepted=False,
                   rates=worse.rates)
    gin = next(r for r in worse.rates if r.name == "opponent_gin")
    assert gin.separates
    assert "your opponent goes gin on 13% of the deals after 5♠, 7% after 5♣" in decide(
        position, best, rated).wrong
    unmeasured = Valued(worse.card, loss=worse.points_lost, error=worse.error, accepted=False)
    assert ONLY_PLAYOUTS in decide(position, best, unmeasured).wrong


def test_measure_rates_keeps_every_number_and_verdict() -> None:
    p = next(p for p in BANK if p.id == "p0093")
    stripped = Puzzle.from_dict({**p.to_dict(), "choices": [
        {k: v for k, v in c.items() if k != "rates"} for c in p.to_dict()["choices"]]})
    again = measure_rates(stripped)
    assert again == p
    assert [c.points_lost for c in again.choices] == [c.points_lost for c in p.choices]
    assert again.verdicts == p.verdicts


def test_a_level_take_or_draw_says_how_often_each_wins_the_hand() -> None:
    # 5♠ taken leaves 46 after throwing K♠; a stock card leaves 45.95 on average; both keep
    # the same 5 outs: nothing in sight parts them.
    hand, known = "4D 4C JC 8H 6H KS 4S QD 6D AC", Knowledge(discard_pile="KH 5S",
                                                              stock_size=25)
    judged = judge_draw(hand, known)
    other = judged.options[1]
    (won,) = other.rates
    for option in judged.options:
        text = draw_reason(judged, hand, known, option)
        assert "the counts are level and so are the outs" in text, text
        assert "only the playouts" not in text
        match = re.search(r"\((\d+)% after (taking|drawing), (\d+)% after (taking|drawing)\)",
                          text)
        assert match is not None, text
        assert int(match[1]) == round(100 * won.mine) and int(match[3]) == round(100 * won.best)
        assert match[2] == other.kind.replace("take", "taking").replace("draw", "drawing")
        assert ("about as often" in text) == (not won.separates)


def test_a_wrong_card_that_wins_more_hands_is_said_to_win_smaller_ones() -> None:
    p = next(p for p in BANK if p.id == "p0575")
    position = Position.of(p.hand, p.knowledge, scores=p.scores)
    worse = Valued(Card.parse("KC"), loss=1.33, error=0.44, accepted=False,
                   rates=(Rate("opponent_first", 0.45, 0.45, 0.01),
                          Rate("hand_won", 0.56, 0.53, 0.01)))
    wrong = decide(position, Valued.discard("QS"), worse).wrong
    assert "you win the hand more often after K♣ (56% against 53%), but for fewer points" \
        in wrong
    level = Valued(Card.parse("KC"), loss=1.33, error=0.44, accepted=False,
                   rates=(Rate("hand_won", 0.52, 0.53, 0.01),))
    assert "you win the hand about as often after either (52% after K♣, 53% after Q♠)" in \
        decide(position, Valued.discard("QS"), level).wrong


def test_the_rates_command_measures_named_puzzles_as_the_bank_holds_them(tmp_path, capsys
                                                                          ) -> None:
    from gin_teach.puzzles.__main__ import BUNDLED, main

    path = tmp_path / "bank.json"
    rated = next(p for p in BANK if p.id == "p0748")
    stripped = Puzzle.from_dict({**rated.to_dict(), "choices": [
        {k: v for k, v in c.items() if k != "rates"} for c in rated.to_dict()["choices"]]})
    path.write_text(bank_to_json([stripped, BANK[0]]), encoding="utf-8")
    assert main(["rates", "p0748", "--path", str(path)]) == 0
    assert load_bank(path) == (rated, BANK[0])
    assert "p0748: rewritten" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["rates", "p9999", "--path", str(path)])
    assert "no puzzle 'p9999'" in capsys.readouterr().err
    assert BUNDLED.exists()
