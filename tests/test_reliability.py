"""Issue 27's cases, each kept: a crafted save refused in linear time, the jokers-wild analysis
after a joker was thrown, and plausible but wrong input answered with a clear GinError."""

from __future__ import annotations

import json

import numpy
import pytest

from gin_teach import Game, RandomBot, ReplayError, Round, Rules, SimpleBot, coach
from gin_teach.analysis import Knowledge, analyze_discards, analyze_knock
from gin_teach.core.cards import cards_text, full_deck
from gin_teach.core.validation import wrong_argument
from gin_teach.engine.game import GameTotals
from gin_teach.errors import GinError
from gin_teach.learner.course_copy import copy_course
from gin_teach.playouts.opponent import OpponentModel
from gin_teach.playouts.playout import PlayoutRules
from gin_teach.puzzles.verify import retier

WILD = Rules.jokers_wild()


# ------------------------------------------------------------------ crafted saves, linear time


@pytest.mark.parametrize("kind", [Round, Game])
@pytest.mark.parametrize("make", [
    lambda n: '"' + '\\"' * n,            # once rescanned from every quote: minutes at 40,000
    lambda n: "[" * n + "]" * n,
    lambda n: '{"a":' * n + "1" + "}" * n,
    lambda n: '"' + "\\" * (2 * n),
])
def test_a_crafted_save_is_refused_with_a_clear_error(kind, make):
    # At n = 40,000 the old quadratic depth check took over a minute per call; the time is
    # measured by benchmarks/crafted_saves.py, the test keeps the answer.
    for n in (10_000, 40_000):
        with pytest.raises(ReplayError, match=r"save is (damaged|not readable JSON)"):
            kind.from_json(make(n))


def test_a_long_valid_save_with_many_escapes_still_loads():
    rnd = Round(seed=4, names=('A"\\[{\\"' * 3, 'B\\"]'))
    rnd.apply("pass")
    again = Round.from_json(rnd.to_json())
    assert again.names == rnd.names and again.to_json() == rnd.to_json()


def test_a_save_given_as_a_dict_that_holds_itself_is_refused():
    save = json.loads(Round(seed=1).to_json())
    save["state"]["loop"] = save
    with pytest.raises(ReplayError, match="nest more than"):
        Round.from_json(save)


# ------------------------------------------------------------- jokers wild, a joker thrown


def _rounds_with_a_thrown_joker(count):
    """Finished rounds at the jokers table in which a random player (0) threw or declined a
    joker, and the positions of the Simple player (1) at its discards after that, as
    (round before the move, hand, knowledge); from seeded self-play."""
    rounds, positions = [], []
    for seed in range(200):
        rnd = Round(seed=seed, rules=WILD)
        bots = [RandomBot(seed=seed), SimpleBot(seed=seed)]
        found = []
        while not rnd.is_over:
            player = rnd.current_player
            view = rnd.observation(player)
            knowledge = Knowledge.from_observation(view)
            thrown = knowledge.opponent_discarded + knowledge.opponent_passed
            if player == 1 and rnd.phase == "discard" and any(c.is_joker for c in thrown):
                found.append((rnd.clone(), view.hand, knowledge))
            rnd.apply(bots[player].choose(view, rnd.legal_actions()))
        if found:
            rounds.append(rnd)
            positions.extend(found)
        if len(rounds) == count:
            return rounds, positions
    raise AssertionError("seeded play found too few rounds with a thrown joker")


@pytest.mark.slow
def test_the_analysis_and_the_coach_work_after_the_opponent_threw_a_joker():
    rounds, positions = _rounds_with_a_thrown_joker(3)
    for rnd, hand, knowledge in positions:
        analyses = analyze_discards(hand, knowledge, WILD)
        legal = [card for card in hand if card != knowledge.just_taken]
        assert sorted(a.card.index for a in analyses) == sorted(c.index for c in legal)
        knock = analyze_knock(hand, knowledge, WILD)
        assert knock.discard is None or knock.discard in legal
        advice = coach.hint(rnd)
        assert advice.action in rnd.legal_actions() and advice.why
    review = coach.review(rounds[0], player=1)  # the end-of-round review of the table
    assert review.decisions and 0 <= review.accuracy <= 100


def test_a_thrown_or_declined_joker_marks_no_card_as_shunned():
    plain = Knowledge(opponent_discarded="9C", opponent_passed="4D", jokers=2)
    with_jokers = Knowledge(opponent_discarded="9C JK1", opponent_passed="4D JK2", jokers=2)
    assert with_jokers.shunned_mask() == plain.shunned_mask() != 0


# ------------------------------------------------------------------ the puzzle command line


def _puzzle_cli(capsys, *argv):
    from gin_teach.puzzles.__main__ import main

    with pytest.raises(SystemExit) as exit_:
        main(list(argv))
    return exit_.value.code, capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("per_tier", ["0", "-1"])
def test_generate_refuses_no_puzzles_per_tier_before_any_work(tmp_path, capsys, per_tier):
    out = tmp_path / "bank.json"
    code, line = _puzzle_cli(capsys, "generate", "--per-tier", per_tier, "--out", str(out))
    assert code == 2 and "--per-tier must be at least 1" in line and not out.exists()


def test_generate_without_out_never_touches_the_shipped_bank(capsys):
    from gin_teach.puzzles.__main__ import BUNDLED

    before = BUNDLED.read_bytes()
    code, line = _puzzle_cli(capsys, "generate", "--count", "5")
    assert code == 2 and "--out" in line and BUNDLED.read_bytes() == before


def test_generate_refuses_a_folder_an_unwritable_path_and_someone_elses_file(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    blocker = tmp_path / "file"
    blocker.write_text("")
    for out, words in ((tmp_path, "is a folder"), (blocker / "bank.json", "cannot write"),
                       (notes, "is not a puzzle bank")):
        code, line = _puzzle_cli(capsys, "generate", "--out", str(out))
        assert code == 2 and words in line
    assert notes.read_text() == "my notes"


def test_add_and_recheck_read_their_bank_first(tmp_path, capsys):
    missing = tmp_path / "missing.json"
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    for argv in (("generate", "--add", "--out", str(missing)), ("recheck", "--path", str(missing)),
                 ("recheck", "--path", str(broken)), ("recheck", "--path", str(tmp_path))):
        code, line = _puzzle_cli(capsys, *argv)
        assert code == 2 and "puzzle bank" in line


def test_generate_refuses_counts_it_cannot_make():
    from gin_teach.errors import PuzzleError
    from gin_teach.puzzles.generate import generate

    for kwargs in ({"count": 0}, {"count": 5, "per_tier": -1}, {"count": 10**12},
                   {"count": 5, "jobs": "2"}):
        with pytest.raises(PuzzleError):
            generate(**kwargs)


# ------------------------------------------------------------------ tournaments


def test_a_huge_tournament_is_refused_at_once_with_its_limit(capsys):
    from gin_teach.tournament import MAX_GAMES, main

    with pytest.raises(SystemExit) as exit_:
        main(["simple", "random", "--games", "1000000000"])
    assert exit_.value.code == 2
    assert f"at most {MAX_GAMES:,}" in capsys.readouterr().err.splitlines()[-1]


def test_a_long_tournament_starts_playing_at_once():
    # The deals are made one by one: the first game starts before the second deal exists
    # (the old code built every deal first, gigabytes for the largest count allowed).
    from gin_teach.tournament import MAX_GAMES, tournament

    class Started(Exception):
        pass

    def first_player(seed):
        raise Started

    with pytest.raises(Started):
        tournament(first_player, "simple", games=MAX_GAMES)


def test_a_streamed_tournament_counts_as_before():
    from gin_teach.tournament import play_deal, tournament

    result = tournament("simple", "random", games=6, seed=4, rules="eaai")
    assert result.games == 6 and result.wins + result.losses == 6
    assert result.hands == sum(result.hand_lengths.values()) > 0
    deal = play_deal("simple", "random", 9, "classic")
    assert len(deal.a_won) == 2


@pytest.mark.parametrize("args", [("nobody", "simple", 1), ("simple", "simple", "1"),
                                  ("simple", "simple", 1, "chess")])
def test_play_deal_names_what_is_wrong(args):
    from gin_teach.errors import TournamentError
    from gin_teach.tournament import play_deal

    with pytest.raises(TournamentError):
        play_deal(*args)


# ------------------------------------------------------------------ plausible but wrong


def test_empty_banks_and_missing_themes_are_puzzle_errors():
    import datetime

    from gin_teach.errors import PuzzleError
    from gin_teach.puzzles import puzzle_for
    from gin_teach.widgets import DiscardPuzzle, puzzle_of_the_day

    for call in (lambda: DiscardPuzzle(bank=()), lambda: puzzle_of_the_day(bank=()),
                 lambda: puzzle_of_the_day(datetime.date(2026, 1, 1), bank=["p1"]),
                 lambda: puzzle_for(None), lambda: puzzle_for("middle over edge", tier=[1])):
        with pytest.raises(PuzzleError):
            call()


@pytest.mark.parametrize("field", ["answer", "hand", "choices", "discard_pile"])
def test_an_empty_card_code_in_a_bank_is_named(field):
    from gin_teach.errors import PuzzleError
    from gin_teach.puzzles import Puzzle, load_bank

    data = json.loads(json.dumps(load_bank()[0].to_dict()))
    if field == "choices":
        data["choices"][0]["card"] = ""
    elif field == "discard_pile":
        data["knowledge"]["discard_pile"] = [""]
    else:
        data[field] = [*data[field][:-1], ""]
    with pytest.raises(PuzzleError, match=f"{field}: '' is not a card"):
        Puzzle.from_dict(data)


def test_the_analysis_takes_rules_by_name_like_every_other_entry_point():
    from gin_teach.analysis import analyze_draw, danger_weight

    hand = "7H 8H 9H TD JD QD 2C 3C 4S 5S KS"
    by_name = analyze_discards(hand, None, "classic")
    assert by_name == analyze_discards(hand, None, Rules.classic())
    assert analyze_knock(hand, None, "jokers wild") == analyze_knock(hand, None,
                                                                      Rules.jokers_wild())
    assert danger_weight(None, "norwegian") == danger_weight(None, Rules.norwegian())
    assert analyze_draw("7H 8H 9H TD JD QD 2C 3C 4S 5S", Knowledge(discard_pile="6H"),
                        "classic").take


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000,
                                  '{"format": "gin_teach.review", "player": ' + "9" * 5000 + "}",
                                  "9" * 5000])
def test_a_deep_or_huge_review_is_a_review_error(text):
    from gin_teach.errors import ReviewError

    with pytest.raises(ReviewError):
        coach.Review.from_json(text)


def test_a_review_dict_nested_deep_or_holding_a_huge_number_is_quoted_short():
    from gin_teach.errors import ReviewError

    deep: list[object] = []
    for _ in range(5000):
        deep = [deep]
    for data in ({"format": deep}, {"format": 10**5000}, deep):
        with pytest.raises(ReviewError) as error:
            coach.Review.from_dict(data)
        assert len(str(error.value)) < 200


def test_the_long_s_and_other_letters_that_upper_case_to_a_suit_are_not_suits():
    from gin_teach import Card, CardError, parse_cards

    for text in ("7ſ", "ſ7", "Kſ"):
        with pytest.raises(CardError):
            parse_cards(text)
    with pytest.raises(CardError):
        Card(7, "ſ")
    assert parse_cards("7s 7h") == parse_cards("7S 7H")


def test_small_slips_in_the_engine_are_named():
    from gin_teach import CardError, Deck, Match, SetupError
    from gin_teach.core.cards import bits_of

    deck = Deck(seed=1)
    for players, each in ((2, -1), (0, 5), (2, 2.5), (True, 3)):
        with pytest.raises(CardError):
            deck.deal(players, each)
    assert len(deck) == 52  # nothing was dealt
    with pytest.raises(SetupError, match="game must be a Game"):
        Match(seed=1).game_points(52)
    okla = Rules(oklahoma=True)
    assert okla.round_knock_limit("AS") == 0 and okla.round_knock_limit("7D") == 7
    with pytest.raises(CardError, match="first_upcard"):
        okla.round_knock_limit(7)
    with pytest.raises(CardError):
        bits_of(-1)  # once an endless loop


def test_functions_given_the_wrong_kind_name_the_argument():
    from gin_teach.core.jokers import deadwood_with_jokers, joker_melds
    from gin_teach.display import card_svg, hand_svg
    from gin_teach.engine.saves import save_round
    from gin_teach.engine.scoresheet import scoresheet_text
    from gin_teach.errors import ArgumentError

    for call, words in ((lambda: card_svg(7), "card_svg: card must be a card"),
                        (lambda: hand_svg("7H", highlight=5), "highlight"),
                        (lambda: save_round(None), "save_round: rnd must be a Round"),
                        (lambda: scoresheet_text(None, "x"), "scoresheet_text: sheet"),
                        (lambda: joker_melds(-1, 0, 1), "joker_melds: held must be a card mask"),
                        (lambda: deadwood_with_jokers("7H", 20), "mask must be a card mask")):
        with pytest.raises(ArgumentError, match=words):
            call()


def _deep(levels: int) -> list[object]:
    nested: list[object] = []
    for _ in range(levels):
        nested = [nested]
    return nested


@pytest.mark.parametrize("call, named", [
    (lambda: GameTotals.count(None, (0, 0), Rules(), 0), "points"),  # type: ignore[arg-type]
    (lambda: coach.Review.combine("reviews"), "list of reviews"),  # type: ignore[arg-type]
    (lambda: OpponentModel.of(None), "view"),  # type: ignore[arg-type]
    (lambda: PlayoutRules.of(None), "rules"),  # type: ignore[arg-type]
    (lambda: Rules.of(numpy.array([1, 2])), "rules must be Rules"),  # type: ignore[arg-type]
    (lambda: full_deck(numpy.array([0, 2])), "0 or 2 jokers"),  # type: ignore[arg-type]
    (lambda: Knowledge(stock_size=_deep(100_000)),  # type: ignore[arg-type]
     "stock_size must be a whole number"),
    (lambda: wrong_argument(_deep(100_000), 1, "x"),  # type: ignore[arg-type]
     "nested more than 100 deep"),
    (lambda: cards_text(_deep(100_000)), "nested more than 100 deep"),  # type: ignore[arg-type]
    (lambda: copy_course("\x00"), "NUL byte"),
    (lambda: retier(None), "puzzle"),  # type: ignore[arg-type]
])
def test_odd_types_that_reached_the_internals_are_named(call, named):
    with pytest.raises(GinError, match=named):
        call()
