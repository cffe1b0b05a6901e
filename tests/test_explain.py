"""The explainer names what decides, with the cards and the numbers of the analysis; the
bank's stored texts, and the coach's words over seeded games, keep to that."""

from __future__ import annotations

import re

import pytest

from gin_teach import Card, Round, Rules, deadwood, settle
from gin_teach.analysis import Knowledge, analyze_discards, analyze_draw
from gin_teach.bots import BOTS, play
from gin_teach.coach import as_dealt, hint, review
from gin_teach.core.cards import full_deck
from gin_teach.core.melds import find_melds
from gin_teach.explain import (
    COUNT_DECIDES,
    DANGER_NAMED,
    DRAW_COUNT_DECIDES,
    SHAPE_NAMED,
    SIZE_PER_POINT,
    Position,
    Valued,
    decide,
    discard_reason,
    move_words,
    open_melds,
)
from gin_teach.judge import breaks_meld, judge_discard, loss_words
from gin_teach.puzzles import HINTS, Puzzle, load_bank
from gin_teach.puzzles.texts import reexplain

# The discard puzzles (knock or play on too): a take-or-draw puzzle's texts are its draw reason.
BANK = tuple(p for p in load_bank() if p.kind == "discard")
SYMBOL = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")
CODE = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9TAJQK])[SHDC](?!\w)")
SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def named(text: str) -> set[Card]:
    """Every card a text names, read from its symbols."""
    return {Card.parse(f"{'T' if rank == '10' else rank}{SUITS[suit]}")
            for rank, suit in SYMBOL.findall(text)}


def left(puzzle: Puzzle, card: Card) -> int:
    return deadwood([c for c in puzzle.hand if c != card])


def texts(puzzle: Puzzle) -> list[str]:
    return [puzzle.explanation, puzzle.hint, *(c.why for c in puzzle.choices)]


THREE_CARD_MELDS = tuple(frozenset(m.cards) for m in find_melds(full_deck())
                         if len(m.cards) == 3)


def rival(puzzle: Puzzle):
    """The closest choice the puzzle rejects (graded neither best nor good)."""
    return next(c for c in sorted(puzzle.choices, key=lambda c: c.points_lost)
                if not puzzle.grade(c.card, c.knock).solved)


# --------------------------------------------------------------------------- the bank


def test_no_explanation_names_its_own_answer_as_the_tempting_card() -> None:
    for puzzle in BANK:
        for found in re.finditer(r"Forget [^.]*? and (\S+) would look right", puzzle.explanation):
            (card,) = named(found[1])
            assert card not in puzzle.answer, (puzzle.id, puzzle.explanation)


def test_every_card_named_is_in_the_position_and_in_symbols() -> None:
    for puzzle in BANK:
        position = Position.of(puzzle.hand, puzzle.knowledge)
        for text in texts(puzzle):
            assert named(text) <= position.named(), (puzzle.id, text)
            assert "close" not in text and "cannot settle" not in text, (puzzle.id, text)
            assert not CODE.search(text), (puzzle.id, text)


def test_a_count_gap_of_two_is_the_reason_and_never_called_close() -> None:
    decided = 0
    for puzzle in BANK:
        best, other = puzzle.best_choice, rival(puzzle)
        if best.knock or other.knock:
            continue
        gap = left(puzzle, other.card) - left(puzzle, best.card)
        first = puzzle.explanation.split(". ")[0]
        if puzzle.knock is not None and "knock" in first.partition(": ")[2]:
            continue  # short of room, the question asked (knock or play on) leads
        if gap >= COUNT_DECIDES:
            decided += 1
            assert "danger" not in first and "outs" not in first and "close" not in first, \
                (puzzle.id, first)
            assert ("break" in first and f"{gap} more deadwood" in first) or (
                f"{best.card} leaves {left(puzzle, best.card)}, {other.card} leaves "
                f"{left(puzzle, other.card)}") in first, (puzzle.id, first)
    assert decided > 100


@pytest.mark.slow
def test_a_wrong_choice_beaten_on_count_is_told_its_count() -> None:
    for puzzle in BANK:
        best = puzzle.best_choice
        for choice in puzzle.choices:
            if choice.knock or best.knock or puzzle.grade(choice.card, choice.knock).solved:
                continue
            gap = left(puzzle, choice.card) - left(puzzle, best.card)
            # The count alone decides unless an accepted card leaves as much (then what sets
            # this card below that one is said, danger included) or the loss is far beyond
            # the points of count (then the danger may be what makes its size plausible).
            alone = not any(left(puzzle, c.card) >= left(puzzle, choice.card)
                            for c in puzzle.choices if c != best and not c.knock
                            and puzzle.grade(c.card, c.knock).solved
                            ) and choice.points_lost < SIZE_PER_POINT * gap
            if gap >= COUNT_DECIDES:
                assert "close" not in choice.why
                assert "danger" not in choice.why or not alone, (puzzle.id, choice.why)
                assert (f"{choice.card} leaves {left(puzzle, choice.card)} where {best.card} "
                        f"leaves {left(puzzle, best.card)}" in choice.why
                        or ("breaks your" in choice.why and f"{gap} more" in choice.why)), \
                    (puzzle.id, choice.why)
            assert loss_words(choice.points_lost, choice.error) in choice.why


def test_only_the_playouts_are_named_when_nothing_else_separates() -> None:
    knocks_on_count = 0
    for puzzle in BANK:
        assert "cannot settle" not in puzzle.explanation
        best, other = puzzle.best_choice, rival(puzzle)
        if "only playing the hand out separates" in puzzle.explanation:
            assert not best.knock and not other.knock
            assert left(puzzle, other.card) - left(puzzle, best.card) < COUNT_DECIDES
        if best.knock and other.knock and left(puzzle, other.card) > left(puzzle, best.card):
            knocks_on_count += 1
            # In the explanation, or (short of room) in the rival's own reason.
            assert (f"knocking with {left(puzzle, best.card)} after {best.card} beats knocking "
                    f"with {left(puzzle, other.card)}") in puzzle.explanation or (
                f"{other.card} knocks with {left(puzzle, other.card)} where {best.card} knocks "
                f"with {left(puzzle, best.card)}") in other.why, puzzle.id
    # The re-judged bank keeps 2 puzzles whose best and closest rival are knocks with
    # different counts: at least one, and the same sentence from the judge itself where
    # the stock is nearly gone and only the knocks are worth anything.
    assert knocks_on_count >= 1
    hand = "7S 7H 7D 9C TC JC 3H 4H 5H AD 2C"
    judged = judge_discard(hand, Knowledge(stock_size=3))
    assert judged.best.move == "knock 2C"
    assert discard_reason(judged, hand, judged.best).startswith(
        "Discard 2♣ and knock: knocking with 1 after 2♣ beats knocking with 2 after A♦")


def test_a_choice_as_good_as_the_best_is_not_told_what_favours_it_as_a_fault() -> None:
    """An accepted choice's "though" names what counts against it, never its own smaller
    count; where only the playouts separate, what it shows is in its favour or shared."""
    accepted = 0
    for puzzle in BANK:
        best = puzzle.best_choice
        for choice in puzzle.choices:
            if "as far as the playouts can tell" not in choice.why or choice == best:
                continue
            accepted += 1
            after = choice.why.split("can tell: ", 1)[1]
            assert f"{choice.card} leaves {left(puzzle, choice.card)} and" not in after, \
                (puzzle.id, choice.why)
            if "even though" in after:
                # It loses despite leaving less, or keeping more outs.
                assert f"{choice.card} leaves {left(puzzle, choice.card)} with" in after, \
                    (puzzle.id, choice.why)
                assert left(puzzle, choice.card) <= left(puzzle, best.card), puzzle.id
            elif "both leave" in after:
                assert left(puzzle, choice.card) == left(puzzle, best.card), puzzle.id
    # 177 accepted runners-up in the re-judged bank (559 puzzles; noise no longer makes a
    # choice good): half of that still shows the clause is written wherever it belongs.
    assert accepted > 80


def test_a_defence_hint_names_the_opponents_cards_the_explanation_rests_on() -> None:
    rests_on = 0
    for puzzle in BANK:
        if puzzle.tier != 4:
            continue
        k = puzzle.knowledge
        seen = set(k.opponent_holds) | set(k.opponent_discarded) | set(k.opponent_passed)
        hinted = named(puzzle.hint)
        assert hinted <= seen, (puzzle.id, puzzle.hint)
        # Only what it let go that still shares an open meld of three with one of your cards.
        pile = set(k.discard_pile)
        for other in hinted - set(k.opponent_holds):
            assert any({card, other} <= meld and not (meld - {card, other}) & (
                (set(puzzle.hand) - {card}) | pile)
                for card in puzzle.hand for meld in THREE_CARD_MELDS), (puzzle.id, puzzle.hint)
        for found in re.finditer(r"your opponent (?:passed|threw) (.+?), so", puzzle.explanation):
            rests_on += 1
            assert named(found[1]) <= hinted, (puzzle.id, puzzle.explanation, puzzle.hint)
    # 16 in the re-judged bank's 64 defence puzzles: at least half of them.
    assert rests_on >= 8


OPEN_MELDS = re.compile(r"(\S+) could still complete (\d+) melds? of three for your "
                        r"opponent, (\S+) (?:only (\d+)|none)")


def test_a_safer_throw_is_told_how_many_melds_each_card_could_still_complete() -> None:
    stated = 0
    for puzzle in BANK:
        position = Position.of(puzzle.hand, puzzle.knowledge)
        for text in texts(puzzle):
            for found in OPEN_MELDS.finditer(text):
                stated += 1
                (worse,), (safer,) = named(found[1]), named(found[3])
                assert open_melds(position, worse) == int(found[2]), (puzzle.id, text)
                assert open_melds(position, safer) == int(found[4] or 0), (puzzle.id, text)
                assert int(found[2]) > int(found[4] or 0)
    # 8 in the re-judged bank (most defence reasons now rest on what the opponent took,
    # threw or passed): at least half of them.
    assert stated >= 4


def test_playing_on_with_another_card_is_told_what_that_card_costs_too() -> None:
    told = 0
    for puzzle in BANK:
        best = puzzle.best_choice
        if not best.knock:
            continue
        for choice in puzzle.choices:
            if choice.knock or choice.card == best.card or choice.points_lost == 0:
                continue
            gap = left(puzzle, choice.card) - left(puzzle, best.card)
            if breaks_meld(puzzle.hand, choice.card):
                told += 1
                assert f"{choice.card} breaks your" in choice.why, (puzzle.id, choice.why)
            elif gap >= COUNT_DECIDES:
                told += 1
                assert (f"{choice.card} leaves {left(puzzle, choice.card)} where {best.card} "
                        f"leaves {left(puzzle, best.card)}") in choice.why, (puzzle.id, choice.why)
            if "as far as the playouts can tell" not in choice.why:
                assert "playing on gives your opponent time" in choice.why.lower() or \
                    "knocking with" in choice.why or "playing on passes up a knock with" in \
                    choice.why, (puzzle.id, choice.why)
    # 63 in the re-judged bank (fewer knocks are best than before): at least half of them.
    assert told > 30


LET_GO = re.compile(r"your opponent (?:threw|passed) (.+?), so it is unlikely to want (\S+?)"
                    r"(?=[ ,.)])")


def test_what_the_opponent_let_go_is_named_only_where_it_could_still_meld() -> None:
    """"It passed 8♣, so it is unlikely to want 6♣" says nothing if you hold the 7♣: each
    card named shares with the one it speaks for a meld of three still open."""
    named_at_all = 0
    for puzzle in BANK:
        pile = set(puzzle.knowledge.discard_pile)
        for text in texts(puzzle):
            for found in LET_GO.finditer(text):
                (card,) = named(found[2])
                blocked = (set(puzzle.hand) - {card}) | pile
                for other in named(found[1]):
                    named_at_all += 1
                    assert any({card, other} <= meld and not (meld - {card, other}) & blocked
                               for meld in THREE_CARD_MELDS), (puzzle.id, other, text)
    # 76 cards named in the re-judged bank: at least half of them.
    assert named_at_all > 35


def test_knock_puzzles_name_the_stock_and_the_undercut_risk() -> None:
    for puzzle in BANK:
        if puzzle.knock is None:
            continue
        assert f"{puzzle.knowledge.stock()} cards left" in puzzle.explanation, puzzle.id
        assert "undercut risk" in puzzle.explanation, puzzle.id


def test_the_stored_texts_are_the_explainers_and_the_numbers_are_untouched() -> None:
    for puzzle in BANK[::25]:
        again = reexplain(puzzle)
        assert again == puzzle, puzzle.id


def test_themes_follow_what_decides() -> None:
    by_id = {p.id: p for p in BANK}
    assert by_id["p0512"].themes == ("wait and play for more",)
    assert "shape over count" not in by_id["p0512"].themes
    for puzzle in BANK:
        if "knock early" in puzzle.themes:
            assert puzzle.knock is True, puzzle.id
        if "wait and play for more" in puzzle.themes:
            assert puzzle.knock is False, puzzle.id
        if "shape over count" in puzzle.themes:
            assert any(left(puzzle, c.card) < left(puzzle, puzzle.best_choice.card)
                       for c in puzzle.choices if not c.knock), puzzle.id


# --------------------------------------------------------------------------- each kind


def test_count_and_broken_meld_reasons_give_the_deadwood_left() -> None:
    hand = "3H 4H 5H 7S 7D 7C 9S 9D JS QH KC"
    position = Position.of(hand, Knowledge(stock_size=20))
    broken = decide(position, Valued.discard("QH"), Valued.discard("4H"))
    more = deadwood("3H 5H 7S 7D 7C 9S 9D JS QH KC") - deadwood("3H 4H 5H 7S 7D 7C 9S 9D JS KC")
    assert broken.kind == "broken meld" and f"{more} more deadwood" in broken.wrong
    assert "run 3♥ 4♥ 5♥" in broken.wrong
    count = decide(position, Valued.discard("QH"), Valued.discard("7S"))
    assert count.kind in ("count", "broken meld")
    seven = deadwood("3H 4H 5H 7D 7C 9S 9D JS QH KC")
    assert count.kind == "broken meld" or str(seven) in count.wrong


def test_shape_and_defence_reasons_quote_the_analysis() -> None:
    for puzzle in BANK[::7]:
        position = Position.of(puzzle.hand, puzzle.knowledge, scores=puzzle.scores)
        analysis = {a.card: a for a in analyze_discards(puzzle.hand, puzzle.knowledge)}
        best = Valued(puzzle.best_choice.card)
        for choice in puzzle.choices:
            if choice.knock or choice.card == best.card or puzzle.best_choice.knock:
                continue
            reason = decide(position, best, Valued(choice.card, loss=choice.points_lost))
            outs = re.search(r"gives (\d+) outs against (\d+)", reason.why)
            if reason.kind == "shape" and outs:
                assert (int(outs[1]), int(outs[2])) == (len(analysis[best.card].outs),
                                                         len(analysis[choice.card].outs))
            pair = sorted((analysis[choice.card].danger, analysis[best.card].danger))
            for danger in re.finditer(r"danger ([0-9.]+) against ([0-9.]+)", reason.wrong):
                said = sorted((float(danger[1]), float(danger[2])))
                assert said == pytest.approx(pair, abs=0.006), reason.wrong


def test_a_card_next_to_a_pick_up_is_named_with_it() -> None:
    took = Knowledge(opponent_took="TC QC", opponent_holds="TC QC", stock_size=20)
    position = Position.of("2S 3S 4S 6H 6D 6C 7C 7D 8H JC KD", took)
    reason = decide(position, Valued.discard("KD"), Valued.discard("JC"))
    assert reason.kind == "defence"
    assert "J♣ sits next to the 10♣ and Q♣ it took" in reason.wrong
    nines = Knowledge(opponent_took="9S 9C", opponent_holds="9S 9C", stock_size=20)
    position = Position.of("2S 3S 4S 6H 6D 6C 7C 7D 9D JC KC", nines)
    reason = decide(position, Valued.discard("7D"), Valued.discard("9D"))
    assert "9♦ completes the nines it picked up" in reason.wrong


def test_a_knock_reason_gives_the_undercut_risk_and_the_game() -> None:
    # The opponent's ten cards are all known: the risk is 0 or 1, as settle says.
    theirs = "KS KD QH QC JD JC 8H 8C 6H 6C"
    mine = "TS JS QS 9H 9D 9C 3D 4D 5D 2S KH"
    known = Knowledge(opponent_holds=theirs, opponent_took=theirs, stock_size=12)
    settled = settle("TS JS QS 9H 9D 9C 3D 4D 5D 2S", theirs)
    assert settled.winner == "knocker"
    for scores in ((0, 0), (100 - settled.points, 0)):
        position = Position.of(mine, known, scores=scores)
        risk, won, _ = position.knock_odds(Card.parse("KH"))
        assert risk == 0.0
        assert won == (1.0 if scores[0] + settled.points >= 100 else 0.0)
        reason = decide(position, Valued.discard("KH", knock=True), Valued.discard("KH"))
        assert reason.kind == "knock" and "12 cards left" in reason.why
        if scores[0]:
            assert f"at {scores[0]}-0 this knock wins the game" in reason.why


def test_no_card_is_called_safer_on_a_danger_gap_too_small_to_name() -> None:
    gaps = [float(riskier) - float(safer) for puzzle in BANK for text in texts(puzzle)
            for safer, riskier in re.findall(r"danger (\d\.\d+) against (\d\.\d+)", text)]
    assert len(gaps) > 100
    # The texts round the dangers to two places: a gap of 0.05 may show as 0.04 or 0.06.
    assert all(abs(gap) >= DANGER_NAMED - 0.01 for gap in gaps), sorted(map(abs, gaps))[:5]


def test_a_take_or_draw_reason_names_the_outs_or_the_pile_when_the_count_does_not_decide(
) -> None:
    draws = [p for p in load_bank() if p.kind == "draw"]
    undecided = 0
    for puzzle in draws:
        hand10 = tuple(c for c in puzzle.hand)
        seen = analyze_draw(hand10, puzzle.knowledge)
        gap = seen.draw_deadwood - seen.take_deadwood
        # A take low enough to knock is said; where the judge plays it out for more (its
        # take's plan is to play on, p0786) it is not called a knock "at once". Taking to knock
        # (or go gin) at once decides like a count that does.
        text = puzzle.explanation
        can_knock = seen.take_deadwood <= Rules().resolve_knock_limit(
            puzzle.knowledge.knock_limit)
        knocks = "knock at once" in text or "gin at once" in text
        assert can_knock == (knocks or "low enough to knock, though playing on is worth more"
                             in text), (puzzle.id, text)
        decides = (gap > 0) == puzzle.take and (abs(gap) >= DRAW_COUNT_DECIDES or knocks)
        outs = re.search(r"(\d+) unseen cards would make a meld; with your hand as it is, (\d+)",
                         text)
        pile = re.search(r"adds no outs: ([^.;]*) (?:is|are) in the pile", text)
        against = re.search(r"the outs favour (taking|leaving \S+) \((\d+) against (\d+)\)", text)
        if decides:
            assert not (outs or pile or "only the playouts" in text), (puzzle.id, text)
            continue
        undecided += 1
        leans = re.search(r"the count favours (taking|leaving) [^,]*?by ([\d.]+), too little "
                          r"alone, (and the playouts agree|yet the playouts find)", text)
        assert outs or pile or leans or "the counts are level" in text, (puzzle.id, text)
        take_outs, draw_outs = len(seen.take_outs), len(seen.draw_outs)
        # Outs are never said to be level when they are not (p0815 said so at 4 against 3),
        # and outs that favour the rejected choice are said (p0826 hid 5 against 7).
        assert ("so are the outs" in text) <= (take_outs == draw_outs), (puzzle.id, text)
        if take_outs != draw_outs and (take_outs > draw_outs) != puzzle.take:
            assert against, (puzzle.id, text)
            assert (against[1] == "taking") == (take_outs > draw_outs), (puzzle.id, text)
            assert {int(against[2]), int(against[3])} == {take_outs, draw_outs}, puzzle.id
        if leans:
            assert (leans[1] == "taking") == (gap > 0), (puzzle.id, text)
            assert leans[2] == f"{abs(gap):.1f}", (puzzle.id, text)
            assert (leans[3] == "and the playouts agree") == ((gap > 0) == puzzle.take)
        if outs:
            assert (int(outs[1]), int(outs[2])) == (len(seen.take_outs), len(seen.draw_outs))
            assert (len(seen.take_outs) > len(seen.draw_outs)) == puzzle.take
        if pile:  # p0779 called J♥ dead though it joined the 10♥ for 5 outs against 3
            assert named(pile[1]) <= set(puzzle.knowledge.discard_pile[:-1]), puzzle.id
            assert take_outs == draw_outs, (puzzle.id, text)
        assert "has little future" not in text, (puzzle.id, text)
    assert undecided >= 20


def test_an_exact_difference_is_said_to_hold_on_every_deal() -> None:
    # Two knocks a point apart differ by that point whatever the opponent holds: no "± 0.0".
    for puzzle in load_bank():
        assert all("± 0.0)" not in text for text in texts(puzzle)), puzzle.id
        for choice in puzzle.choices:
            if choice.points_lost > 0 and choice.error == 0:
                assert f"{choice.points_lost:.1f} points a hand on every deal" in choice.why
    # Every bank puzzle has a score and is valued by the game, where a point more is not
    # worth the same on every deal: no difference there is exact any more. Without a score
    # a point is a point: near the end of the stock, where only the knocks are worth
    # anything, knocking with 2 loses exactly 1 against knocking with 1.
    hand = "7S 7H 7D 9C TC JC 3H 4H 5H AD 2C"
    judged = judge_discard(hand, Knowledge(stock_size=3))
    one, two = judged.option("knock 2C"), judged.option("knock AD")
    assert judged.best == one and (two.loss, two.error) == (1.0, 0.0)
    assert "It loses 1.0 points a hand on every deal against 2♣ and knock" in discard_reason(
        judged, hand, two)
    assert "On every deal of the playouts it wins 1.0 points a hand more than A♦ and knock" \
        in discard_reason(judged, hand, one)


def test_a_rival_level_on_every_deal_is_not_said_to_lose_nothing_more() -> None:
    # With 2 cards left no draw remains and every discard scores alike; the judge still
    # grades a card that breaks a meld below the best: "wins 0.0 points a hand more" said
    # nothing true.
    hand = "2S 3S 4S 9S 9D 9C 5D 6D 7D QS JH"
    theirs = "QC QD QH 4C 5C 6C 8H 9H TH KS"
    known = Knowledge(opponent_holds=theirs, opponent_took=theirs, stock_size=2)
    judged = judge_discard(hand, known)
    said = discard_reason(judged, hand, judged.best, knowledge=known)
    assert "0.0 points" not in said and "scores the same as" in said, said
    assert said.count("leaves 27") == 1, said


def test_moves_are_said_in_symbols() -> None:
    assert move_words("discard JS") == "discard J♠"
    assert move_words("knock TD") == "discard 10♦ and knock"


# --------------------------------------------------------------------------- the coach


@pytest.fixture(scope="module")
def coached() -> tuple[Round, list]:
    rnd = play(Round(seed=11), [BOTS["random"](seed=3), BOTS["simple"](seed=4)])
    return rnd, list(review(rnd, 0).decisions)


@pytest.mark.slow
def test_the_review_says_what_the_learners_move_does_wrong(coached) -> None:
    rnd, decisions = coached
    replay = as_dealt(rnd)
    wrong = 0
    for index, (_mover, action) in enumerate(rnd.history):
        decision = next((d for d in decisions if d.move_index == index), None)
        if decision is not None:
            hand = replay.hand(0)
            knowledge = Knowledge.from_observation(replay.observation(0))
            position = Position.of(hand, knowledge)
            assert not CODE.search(decision.why), decision.why
            assert named(decision.why) <= position.named(), decision.why
            if decision.kind == "discard" and not decision.accepted:
                wrong += 1
                card = Card.parse(decision.move.split()[1])
                assert decision.why.startswith(str(card)) or decision.why.lower().startswith(
                    ("knocking", "playing on", "throwing")), decision.why
                best = Card.parse(decision.best.split()[1])
                gap = deadwood([c for c in hand if c != card]) - deadwood(
                    [c for c in hand if c != best])
                if gap >= COUNT_DECIDES and "knock" not in decision.move + decision.best:
                    assert "close" not in decision.why
                    # Danger only to tell it from an accepted card that leaves as much, or
                    # where the loss is far beyond the count (SIZE_PER_POINT).
                    peer = re.search(r"leaves (as much|more) yet plays about as well as ",
                                     decision.why)
                    assert "danger" not in decision.why or peer or (
                        decision.points_lost >= SIZE_PER_POINT * gap), decision.why
        replay.apply(action)
    assert wrong >= 2


def test_the_hint_reads_in_symbols() -> None:
    rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
                          upcard="2D", stock="AC", dealer=1)
    rnd.apply("take")
    advice = hint(rnd)
    assert advice.move == "knock KD" and advice.said == "discard K♦ and knock"
    assert not CODE.search(advice.why) and "undercut risk" in advice.why


def test_numbers_read_as_english_and_a_good_grade_says_it_once() -> None:
    for puzzle in load_bank():
        for text in texts(puzzle):
            assert not re.search(r"about 0\.0 points|\b1 outs\b|\b1 melds\b", text), (
                puzzle.id, text)
        if puzzle.kind != "discard":
            continue
        for choice in puzzle.choices:
            grade = puzzle.grade(choice.card, choice.knock)
            if grade.verdict == "good":
                said = grade.explanation
                assert said.count("as far as the playouts can tell") == 1, (puzzle.id, said)
                assert "((" not in said and "))" not in said, (puzzle.id, said)


def test_a_best_choice_that_breaks_a_meld_says_what_that_overcomes() -> None:
    told = 0
    for puzzle in BANK:
        best, other = puzzle.best_choice, rival(puzzle)
        if (best.knock or not breaks_meld(puzzle.hand, best.card)
                or left(puzzle, best.card) <= left(puzzle, other.card)):
            continue
        told += 1
        assert (f"{best.card} breaks your" in puzzle.explanation
                and f"leaves {left(puzzle, best.card)} where {other.card} leaves "
                    f"{left(puzzle, other.card)}, yet" in puzzle.explanation), puzzle.explanation
    # The re-judged bank has none (its one case, p0578, broke a set for a little danger and
    # lost to the card it refused). Late, against an opponent whose ten cards are known and
    # one card from gin, the judge breaks a run with the one safe card, 4♠, over Q♠, which
    # leaves 15 less and gives the opponent gin: the reason says what the break overcomes.
    hand = "2S 3S 4S 9S 9D 9C 5D 6D 7D QS JH"
    theirs = "QC QD QH 4C 5C 6C 8H 9H TH KS"
    known = Knowledge(opponent_holds=theirs, opponent_took=theirs, stock_size=3)
    judged = judge_discard(hand, known)
    queen = judged.option("discard QS")
    assert judged.best.move == "discard 4S" and not queen.accepted
    assert breaks_meld(hand, Card.parse("4S")) and not breaks_meld(hand, Card.parse("QS"))
    reason = decide(Position.of(hand, known), Valued.of(judged.best), Valued.of(queen))
    assert reason.why.startswith("4♠ breaks your run 2♠ 3♠ 4♠ and leaves 25 where Q♠ leaves "
                                 "10, yet Q♠ completes the queens it picked up"), reason.why


def test_a_wrong_choice_beaten_on_count_is_also_told_what_it_feeds() -> None:
    told = 0
    for puzzle in BANK:
        for choice in puzzle.choices:
            card = choice.card
            if choice.knock or puzzle.best_choice.knock or puzzle.grade(
                    card, choice.knock).solved or not (
                    re.match(rf"{card} leaves \d+ where ", choice.why) or
                    choice.why.startswith(f"{card} breaks your")):
                continue
            fed = [h for h in puzzle.knowledge.opponent_holds if h.rank == card.rank or (
                h.suit == card.suit and abs(h.rank - card.rank) in (1, 2))]
            if fed:
                told += 1
                assert "it took" in choice.why or "it picked up" in choice.why, (
                    puzzle.id, choice.why)
    assert told > 50


def test_a_rejected_card_that_leaves_less_is_answered_and_never_hinted_at_by_count() -> None:
    answered = 0
    for puzzle in BANK:
        least = left(puzzle, puzzle.best_choice.card)
        lower = {c.card for c in puzzle.choices if left(puzzle, c.card) < least
                 and not c.knock and not puzzle.grade(c.card, c.knock).solved}
        if not lower:
            continue
        answered += 1
        assert puzzle.hint != HINTS[1], (puzzle.id, puzzle.hint)
        # In the explanation, or (short of room) by the card's own reason, which is never
        # its count: it leaves less.
        own = {c.card: c.why for c in puzzle.choices if not c.knock}
        assert any(f"not {card}" in puzzle.explanation or f"{card} would look right"
                   in puzzle.explanation or f"than {card}" in puzzle.explanation
                   or f"{card} leaves" in puzzle.explanation for card in lower) or all(
            f"{card} leaves {left(puzzle, card)} where" not in own[card] for card in lower), (
            puzzle.id, puzzle.explanation)
    assert answered > 20


def test_a_card_better_left_is_not_praised_as_the_reason_to_leave_it() -> None:
    conceded = 0
    for puzzle in (p for p in load_bank() if p.kind == "draw" and not p.take):
        up = puzzle.knowledge.discard_pile[-1]
        assert f"rather than take {up}: it " not in puzzle.explanation, puzzle.explanation
        if analyze_draw(puzzle.hand, puzzle.knowledge).take_melds:
            conceded += 1
            assert re.search(rf"{up} would (make a meld|add to your (run|set)), yet",
                             puzzle.explanation), puzzle.explanation
    assert conceded >= 2


def test_a_card_condemned_on_count_is_told_why_an_accepted_card_that_leaves_as_much_is_not(
) -> None:
    told = 0
    for puzzle in BANK:
        best = puzzle.best_choice
        accepted = [c for c in puzzle.choices if c != best and not c.knock
                    and puzzle.grade(c.card, c.knock).solved]
        for choice in puzzle.choices:
            counted = re.match(rf"{choice.card} leaves (\d+) where ", choice.why)
            if choice.knock or best.knock or not counted or puzzle.grade(
                    choice.card, choice.knock).solved:
                continue
            if any(left(puzzle, c.card) >= int(counted[1]) for c in accepted):
                told += 1
                peer = re.search(r"; (\S+) leaves (as much|more) yet plays about as well as ",
                                 choice.why)
                assert peer, (puzzle.id, choice.why)
                (card,) = named(peer[1])
                assert left(puzzle, card) >= int(counted[1]), (puzzle.id, choice.why)
    # 17 in the re-judged bank, where fewer runners-up are accepted: at least half of them.
    assert told >= 8


def test_an_explanation_that_names_the_count_says_when_accepted_cards_leave_more_or_less(
) -> None:
    # p0012: "J♦ leaves 18, 6♦ leaves 22" read as if the count decided, though 2♠, 4♠ and
    # 6♥ leave as much or more and play about as well; p0382's 2♣ (22) was explained by the
    # count though K♦, accepted, leaves 14.
    told = 0
    for puzzle in BANK:
        first = puzzle.explanation.split(". ")[0]
        counted = re.match(r"Discard (\S+): \S+ leaves (\d+), (\S+) leaves (\d+)", first)
        if not counted:
            continue
        best = puzzle.best_choice
        peers = {c.card for c in puzzle.choices if c != best and not c.knock
                 and puzzle.grade(c.card, c.knock).solved
                 and not int(counted[2]) <= left(puzzle, c.card) < int(counted[4])}
        if peers:
            told += 1
            # Said as a fact, never "so the count is not all here" (issue 44).
            clause = re.search(r"; ([^;.]+?) play about as well|"
                               r"; ([^;.]+?) (?:yet|and) plays about as well", first)
            assert clause, (puzzle.id, first)
            assert named(clause[0]) == peers, (puzzle.id, first)
        else:
            assert "plays about as well" not in first, (puzzle.id, first)
    # 17 in the re-judged bank: at least half of them.
    assert told >= 8


def test_two_knocks_with_the_same_count_are_not_told_apart_by_it() -> None:
    # p0376 said "5♦ knocks with 9 where 5♥ knocks with 9".
    for puzzle in BANK:
        for text in texts(puzzle):
            for found in re.finditer(r"knocks with (\d+) where \S+ knocks with (\d+)", text):
                assert found[1] != found[2], (puzzle.id, text)
            for found in re.finditer(r"knocking with (\d+) after \S+ beats knocking with (\d+)",
                                     text):
                assert found[1] != found[2], (puzzle.id, text)


def test_a_next_draw_is_called_better_only_on_a_gap_worth_naming() -> None:
    # p0628's reason was "expected deadwood 22.05 against 22.11".
    gaps = 0
    for puzzle in BANK:
        for text in texts(puzzle):
            for a, b in re.findall(r"expected deadwood (\d+\.\d+) against (\d+\.\d+)", text):
                gaps += 1
                assert abs(float(a) - float(b)) >= SHAPE_NAMED - 0.01, (puzzle.id, text)
    assert gaps > 30


def test_every_danger_stated_names_the_card_it_is_weighed_against() -> None:
    # p0098 gave "danger 0.00 against 0.09" and "danger 0.00 against 0.25" for two cards.
    stated = 0
    for puzzle in BANK:
        for text in texts(puzzle):
            for found in re.finditer(r"danger [\d.]+ against [\d.]+( for (\S+?))?\)", text):
                stated += 1
                assert found[1], (puzzle.id, text)
                assert named(found[2]) <= set(puzzle.hand), (puzzle.id, text)
    assert stated > 200


def test_a_wrong_grade_states_its_loss_once() -> None:
    # p0634's 10♦: "loses about 3.5 points a hand (± 0.6)" twice in one grade.
    for puzzle in BANK[::5]:
        for choice in puzzle.choices:
            grade = puzzle.grade(choice.card, choice.knock)
            if not grade.solved:
                assert grade.explanation.count(" points a hand") == 1, (puzzle.id,
                                                                        grade.explanation)
                assert f"{grade.points_lost:.1f}" in grade.explanation


def test_a_best_grade_names_the_move_once_and_a_co_best_grade_argues_for_its_own_card(
) -> None:
    # p0439: Q♦, as good as 10♦ on every deal, was told "Best: discarding Q♦ ... Discard 10♦:".
    co_best = 0
    for puzzle in BANK:
        best = puzzle.best_choice
        said = puzzle.grade(best.card, best.knock).explanation
        assert said.startswith(f"Best: discarding {best.card}"), (puzzle.id, said)
        assert f"Discard {best.card}" not in said, (puzzle.id, said)
        for choice in puzzle.choices:
            if choice != best and choice.points_lost == 0 and choice.card in puzzle.answer \
                    and (puzzle.knock is None or choice.knock == puzzle.knock):
                co_best += 1
                said = puzzle.grade(choice.card, choice.knock).explanation
                assert said.startswith("Best: ") and "Discard " not in said, (puzzle.id, said)
                assert said.startswith(f"Best: {choice.card}"), (puzzle.id, said)
    assert co_best >= 10


def test_only_the_playouts_separate_two_choices_only_when_a_learner_sees_them_alike() -> None:
    # Coach seed 2026 move 2 said "8♦ leaves 71 with 3 outs, 3♠ 76 with 2; only playing the
    # hand out separates them": the facts did separate them, the other way.
    for puzzle in BANK:
        for text in texts(puzzle):
            for found in re.finditer(r"([^.:;]*); only playing the hand out separates them",
                                     text):
                assert re.search(r"both (leave \d+ with \d+ outs?|knock with \d+)$", found[1]), \
                    (puzzle.id, text)


@pytest.mark.slow
def test_a_rejected_card_is_not_blamed_alone_for_outs_or_danger_an_accepted_card_shares(
) -> None:
    # p0147: 10♣ was condemned for "6 outs where K♠ keeps 8" though 5♠, an answer, keeps 6
    # and leaves more; p0713: 9♦'s danger 0.24 condemned it though accepted Q♦'s is 0.26.
    told = {"outs": 0, "danger": 0}
    for puzzle in BANK:
        best = puzzle.best_choice
        if best.knock:
            continue
        seen = {a.card: a for a in analyze_discards(puzzle.hand, puzzle.knowledge)}
        accepted = [c.card for c in puzzle.choices if c != best and not c.knock
                    and puzzle.grade(c.card, c.knock).solved]
        for choice in puzzle.choices:
            if choice.knock or puzzle.grade(choice.card, choice.knock).solved:
                continue
            mine = seen[choice.card]
            if re.match(rf"Throwing {choice.card} leaves \d+ outs? where", choice.why):
                kind = "outs"
                peers = [c for c in accepted if len(seen[c].outs) <= len(mine.outs)
                         and left(puzzle, c) >= left(puzzle, choice.card)
                         and seen[c].expected_deadwood >= mine.expected_deadwood]
                clause = r"; (\S+) keeps (as few|fewer) outs yet plays about as well as "
            elif re.match(rf"[^;]*{choice.card} is likelier to help your opponent", choice.why):
                kind = "danger"
                peers = [c for c in accepted if seen[c].danger >= mine.danger]
                clause = r"; (\S+) is (?:as likely|likelier) to help your opponent yet plays about "
            else:
                continue
            if peers:
                told[kind] += 1
                found = re.search(clause, choice.why)
                assert found, (puzzle.id, choice.why)
                assert named(found[1]) <= set(peers), (puzzle.id, choice.why)
    # 8 and 1 in the re-judged bank, where fewer runners-up are accepted (p0379 and p0417
    # say the danger clause; p0417's starts "10♣ pairs with", not counted here): at least
    # half of the outs, and the danger case.
    assert told["outs"] >= 4 and told["danger"] >= 1


def test_the_noise_is_said_beside_its_number_and_a_reason_is_a_sentence() -> None:
    # "wins 1.4 points a hand more than A♦ (± 0.6)" put the noise on A♦; "Knocking with 9
    # now: 14 cards left ..." gave no verb.
    for puzzle in BANK:
        for text in texts(puzzle):
            assert not re.search(r"more than [^.(]*\(± ", text), (puzzle.id, text)
            assert not re.search(r"[Kk]nocking with \d+ now: ", text), (puzzle.id, text)
            # p0335's 7♥ "has little future" with one partner gone and six to come
            assert "has little future" not in text, (puzzle.id, text)
            for found in re.finditer(r"wins [\d.]+ points a hand (\(± [^)]*\) )?more than", text):
                assert found[1] or "on every deal" in text.lower(), (puzzle.id, text)


def test_no_reason_says_the_same_pick_up_twice() -> None:
    # p0239 said "6♥ sits next to the 5♥ it took" twice in one sentence.
    for puzzle in BANK:
        for text in texts(puzzle):
            fed = re.findall(r"\S+ (?:sits next to|pairs with|completes|could make a run with)"
                             r" [^;(]*? it (?:took|picked up)", text)
            assert len(fed) == len(set(fed)), (puzzle.id, text)


def test_a_wrong_take_or_draw_is_told_what_decides_when_the_count_does_not() -> None:
    # p0778: "drawing leaves 13.5 on average, where taking 5♠ leaves 14" and nothing more,
    # though 6 outs against 4 favoured taking.
    told = 0
    for puzzle in (p for p in load_bank() if p.kind == "draw"):
        seen = analyze_draw(puzzle.hand, puzzle.knowledge)
        gap = seen.draw_deadwood - seen.take_deadwood
        knocks = seen.take_deadwood <= Rules().resolve_knock_limit(puzzle.knowledge.knock_limit)
        if (gap > 0) == puzzle.take and (abs(gap) >= DRAW_COUNT_DECIDES or knocks):
            continue
        wrong = next(c for c in puzzle.choices if c.take is not puzzle.take)
        if puzzle.grade_draw(wrong.take).solved:
            continue
        told += 1
        assert re.search(r"unseen cards would make a meld|adds no outs|the counts are level|"
                         r"the count favours", wrong.why), (puzzle.id, wrong.why)
    assert told >= 10
