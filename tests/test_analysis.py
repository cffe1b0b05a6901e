"""The analysis: exact numbers on hand-built positions, checked against plain loops over the
solver, and invariants over thousands of positions from real games."""

import itertools
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_teach import (
    Card,
    CardError,
    Round,
    Rules,
    SimpleBot,
    all_best_arrangements,
    best_discards,
    deadwood,
    full_deck,
    parse_cards,
)
from gin_teach.analysis import (
    DANGER_WEIGHT_EARLY,
    DANGER_WEIGHT_LATE,
    Knowledge,
    analyze_discards,
    analyze_draw,
    analyze_knock,
    danger_weight,
)
from tests.brute import is_meld

DECK = full_deck()


# --------------------------------------------------------------------------- plain loops


def unseen_of(hand, knowledge):
    seen = set(hand) | set(knowledge.discard_pile) | set(knowledge.opponent_holds)
    return [card for card in DECK if card not in seen]


def after_draw(kept, card):
    """The least deadwood after drawing ``card`` and throwing any one card."""
    drawn = [*kept, card]
    return min(deadwood([c for c in drawn if c != throw]) for throw in drawn)


def plain_offence(hand, discard, unseen):
    """Deadwood, outs and expected deadwood of one discard, by the definitions."""
    kept = [c for c in hand if c != discard]
    now = deadwood(kept)
    loose_base = min(deadwood([c for c in kept if c != throw]) for throw in kept)
    total, outs = 0, set()
    for card in unseen:
        best = after_draw(kept, card)
        total += best
        # An out lowers the deadwood, and in no best result is it a loose card.
        if best < now and best < loose_base + card.points:
            outs.add(card)
    return now, outs, total / len(unseen)


def plain_danger(card, hand, knowledge):
    """The module's danger formula, walked over every pair of other cards."""
    kept = set(hand) - {card}
    unseen = unseen_of(hand, knowledge)
    share = (10 - len(knowledge.opponent_holds)) / len(unseen)
    shy = set()
    for shown in knowledge.opponent_discarded + knowledge.opponent_passed:
        for other in DECK:
            if other.rank == shown.rank or (other.suit == shown.suit
                                            and abs(other.rank - shown.rank) == 1):
                shy.add(other)
    miss = 1.0
    for a, b in itertools.combinations([c for c in DECK if c != card], 2):
        if not is_meld((card, a, b)):
            continue
        chance = 1.0
        for partner in (a, b):
            if partner in knowledge.opponent_holds:
                continue
            if partner in kept or partner in knowledge.discard_pile:
                chance = 0.0
            else:
                chance *= share / 2 if partner in shy else share
        miss *= 1 - chance
    return 1 - miss


# --------------------------------------------------------------------------- positions


def game_positions(count, seed):
    """(hand, knowledge, rules) at discard and draw decisions of SimpleBot self-play."""
    rng = random.Random(seed)
    bots = (SimpleBot(seed=seed), SimpleBot(seed=seed + 1))
    found = []
    while len(found) < count:
        rnd = Round(seed=rng.randrange(10**9))
        while not rnd.is_over and len(found) < count:
            player = rnd.current_player
            view = rnd.observation(player)
            if rnd.phase in ("discard", "draw"):
                found.append((view.hand, Knowledge.from_observation(view), rnd.rules))
            rnd.apply(bots[player].choose(view, rnd.legal_actions()))
    return found


@pytest.fixture(scope="module")
def positions():
    return game_positions(2500, seed=11)


def discard_positions(positions):
    return [p for p in positions if len(p[0]) == 11]


# --------------------------------------------------------------------------- knowledge


def test_knowledge_takes_text_and_cards():
    knowledge = Knowledge(discard_pile=["5C", Card(9, "D")], opponent_took="8H 8H",
                          opponent_holds="8H", just_taken="KS", stock_size=20)
    assert knowledge.discard_pile == parse_cards("5C 9D")
    assert knowledge.opponent_took == (Card(8, "H"), Card(8, "H"))  # a history may repeat
    assert knowledge.just_taken == Card(13, "S")


@pytest.mark.parametrize(("arguments", "message"), [
    ({"discard_pile": "5C 5C"}, "5♣ is written twice"),
    ({"discard_pile": "8H", "opponent_took": "8H", "opponent_holds": "8H"},
     "8♥ cannot be both in the discard pile and in the opponent's hand"),
    ({"opponent_holds": "8H"}, "opponent_took does not list it"),
    ({"stock_size": 30, "discard_pile": "2C 3C 4C"}, "more cards than two hands leave"),
    ({"stock_size": -1}, "stock_size must be a whole number"),
    ({"just_taken": "8H 9H"}, "just_taken is one card"),
    ({"just_taken": "8H", "discard_pile": "8H"}, "you just took 8♥"),
    ({"opponent_passed": "1H"}, "opponent_passed: '1H' is not a card"),
    ({"opponent_took": ["7H 8H"]}, "opponent_took: expected one card, got 2"),
    ({"opponent_discarded": 5}, "opponent_discarded: expected cards"),
])
def test_knowledge_that_contradicts_itself_is_refused(arguments, message):
    with pytest.raises(CardError, match=re.escape(message)):
        Knowledge(**arguments)


@pytest.mark.parametrize(("hand", "knowledge", "message"), [
    ("KS 2H 3H 4H 5H 6H 7H 8H 9H TH JH", Knowledge(discard_pile="KS"),
     "K♠ cannot be both in your hand and in the discard pile"),
    ("KS 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
     Knowledge(opponent_took="2H", opponent_holds="2H"),
     "2♥ cannot be both in your hand and in the opponent's hand"),
    ("KS 2H 3H 4H 5H 6H 7H 8H 9H TH JH", Knowledge(just_taken="QS"), "not in your hand"),
    ("KS 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
     Knowledge(discard_pile="2C 3C 4C 5C", stock_size=28), "more than the deck's 52"),
    ("KS 2H 3H", None, "has 11 cards, got 3"),
])
def test_knowledge_that_contradicts_the_hand_is_refused(hand, knowledge, message):
    with pytest.raises(CardError, match=re.escape(message)):
        analyze_discards(hand, knowledge)


def test_a_hand_with_nothing_to_discard_is_refused():
    with pytest.raises(CardError, match="no card may be discarded"):
        analyze_discards("KS", Knowledge(just_taken="KS"), hand_size=1)


def test_knowledge_from_an_observation_keeps_every_fact():
    rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
                          upcard="8D", stock="2C AD", dealer=1)
    for move in ("pass", "take", "discard KH", "take", "discard JC"):
        rnd.apply(move)
    view = rnd.observation(1)
    knowledge = Knowledge.from_observation(view)
    assert knowledge.opponent_took == knowledge.opponent_holds == parse_cards("KH")
    assert knowledge.opponent_passed == parse_cards("8D")
    assert knowledge.opponent_discarded == parse_cards("JC")
    assert knowledge.discard_pile == view.discard_pile
    assert knowledge.stock_size == view.stock_size
    assert knowledge.knock_limit == view.knock_limit


def test_hand_masks_are_accepted():
    hand = parse_cards("7S 7H 7D 9C TC JC 3H 4H 5H 2D KS")
    assert analyze_discards(sum(card.bit for card in hand)) == analyze_discards(hand)
    with pytest.raises(CardError, match="52 bits"):
        analyze_discards(1 << 60)


# --------------------------------------------------------------------------- exact numbers

HAND_BUILT = [
    ("7S 7H 7D 9C TC JC 3H 4H 5H 2D KS", Knowledge()),
    ("AS 6S AH 4H 8H 9H TH JH 8D 4C 7C",
     Knowledge(discard_pile="QD 7H 5C", opponent_took="5C", opponent_discarded="QD 5C",
               opponent_passed="7H", stock_size=28)),
    ("5H 6H KS QD 9C 2S 2D 8S 8C JD AC",
     Knowledge(discard_pile="4H 7H 3C KC", opponent_took="9D TD", opponent_holds="9D TD",
               opponent_discarded="3C KC", stock_size=24)),
]


@pytest.mark.parametrize(("hand", "knowledge"), HAND_BUILT)
def test_outs_and_expected_deadwood_match_the_plain_loop(hand, knowledge):
    hand = parse_cards(hand)
    unseen = unseen_of(hand, knowledge)
    for analysis in analyze_discards(hand, knowledge):
        now, outs, expected = plain_offence(hand, analysis.card, unseen)
        assert analysis.deadwood == now
        assert set(analysis.outs) == outs
        assert analysis.expected_deadwood == pytest.approx(expected, abs=1e-9)
        assert analysis.danger == pytest.approx(plain_danger(analysis.card, hand, knowledge))


def test_an_out_is_melded_in_every_best_result():
    hand = parse_cards("5H 6H KS QD 9C 2S 2D 8S 8C JD AC")
    knowledge = HAND_BUILT[2][1]
    best = analyze_discards(hand, knowledge)[0]
    kept = [c for c in hand if c != best.card]
    for card in unseen_of(hand, knowledge):
        value = after_draw(kept, card)
        drawn = [*kept, card]
        results = [arrangement for throw in drawn
                   if deadwood(rest := [c for c in drawn if c != throw]) == value
                   for arrangement in all_best_arrangements(rest)]
        melded = all(card in arrangement.melded_cards for arrangement in results)
        assert (card in best.outs) == (value < best.deadwood and melded), card


def test_dead_partners_give_no_outs():
    """4♥ and 7♥ are in the pile, so 5-6♥ can only grow with the fives and sixes."""
    analysis = {a.card.code: a for a in analyze_discards(
        "5H 6H KS QD 9C 2S 2D 8S 8C JD AC", HAND_BUILT[2][1])}
    outs = {card.code for card in analysis["KS"].outs}
    assert not outs & {"4H", "7H"}
    live_view = {a.card.code: a for a in analyze_discards("5H 6H KS QD 9C 2S 2D 8S 8C JD AC")}
    assert {"4H", "7H"} <= {card.code for card in live_view["KS"].outs}


def test_danger_by_hand():
    """9♥ with the opponent holding 8♥: runs 7-8-9♥ (7♥ dead in the pile: 0), 8-9-10♥ (10♥
    unseen: s) and 9-10-J♥ (s * s), and the three sets of nines (s * s each)."""
    knowledge = Knowledge(discard_pile="7H 2C", opponent_took="8H", opponent_holds="8H",
                          stock_size=29)
    hand = parse_cards("9H KS QD 3C 4D AS 6C JC TS 5D 2H")
    s = 9 / len(unseen_of(hand, knowledge))
    expected = 1 - (1 - s) * (1 - s * s) ** 4
    nine = next(a for a in analyze_discards(hand, knowledge) if a.card == Card(9, "H"))
    assert nine.danger == pytest.approx(expected)


def test_the_opponents_discards_make_nearby_cards_safer():
    hand = parse_cards("9H KS QD 3C 4D AS 6C JC TS 5D 2H")
    plain = Knowledge(discard_pile="2C", opponent_discarded="2C", stock_size=29)
    shy = Knowledge(discard_pile="9C 2C", opponent_discarded="9C 2C", stock_size=28)

    def danger(knowledge):
        return next(a.danger for a in analyze_discards(hand, knowledge) if a.card.code == "9H")

    assert danger(shy) < danger(plain)


def test_the_danger_weight_grows_as_the_stock_runs_down():
    weights = [danger_weight(Knowledge(stock_size=stock)) for stock in range(31, 1, -1)]
    assert weights[0] == DANGER_WEIGHT_EARLY and weights[-1] == DANGER_WEIGHT_LATE
    assert weights == sorted(weights)


def test_a_meld_in_the_making_beats_a_loose_card_that_saves_a_point():
    first, second = analyze_discards("AS 6S AH 4H 8H 9H TH JH 8D 4C 7C")[:2]
    assert (first.card.code, second.card.code) == ("7C", "8D")
    assert first.deadwood > second.deadwood
    assert first.expected_deadwood < second.expected_deadwood
    assert "keeping 8♦ shapes the hand better: 8 outs against 6" in first.why


def test_cards_that_play_alike_are_grouped():
    analyses = analyze_discards("KD KC 2S 3S 4S 5H 6H 7H 8D 9D TD")
    kings = [a for a in analyses if a.card.rank == 13]
    assert [a.same_as for a in kings] == [(kings[1].card,), (kings[0].card,)]
    assert "plays exactly like" in kings[1].why


# --------------------------------------------------------------------------- why


NUMBER = re.compile(r"\d+(?:\.\d+)?")


def cited_numbers_are_fields(analysis, others, rules):
    """Every number in ``why`` is a field of one of the analyses it compares (or a rule)."""
    allowed = {str(rules.knock_limit), str(rules.gin_bonus)}
    for one in (analysis, *others):
        allowed |= {str(one.deadwood), str(len(one.outs))}
        for decimals in (1, 2, 3):
            allowed.add(f"{one.expected_deadwood:.{decimals}f}")
        for decimals in (2, 3, 4):
            allowed.add(f"{one.danger:.{decimals}f}")
    text = re.sub(r"(10|[2-9AJQK])[♠♥♦♣]", "", analysis.why)  # card names are not numbers
    return [number for number in NUMBER.findall(text) if number not in allowed]


def test_every_why_cites_only_the_numbers_of_the_cards_it_compares(positions):
    for hand, knowledge, rules in discard_positions(positions)[:600]:
        analyses = analyze_discards(hand, knowledge, rules)
        runner_up = next((a for a in analyses if a.card not in analyses[0].same_as
                          and a is not analyses[0]), analyses[0])
        for analysis in analyses:
            assert analysis.why
            compared = (analyses[0], runner_up) if analysis is analyses[0] else (analyses[0],)
            assert cited_numbers_are_fields(analysis, compared, rules) == []
        best = analyses[0]
        assert best.why.startswith(f"Discard {best.card}:")


def test_the_why_names_the_deciding_reason():
    knock = analyze_discards("7S 7H 7D 9C TC JC 3H 4H 5H 2D KS")
    assert knock[0].why == "Discard K♠: both let you knock, but it leaves 2 and 2♦ leaves 10."
    shape = analyze_discards("KD 9S 8S 2H 2C 5D 6D JC QH 4S AC")
    assert "more likely to complete a meld for your opponent" in shape[0].why
    assert f"danger {shape[1].danger:.2f} against {shape[0].danger:.2f}" in shape[0].why


# --------------------------------------------------------------------------- invariants


def order_key(analysis, limit):
    knocks = analysis.deadwood <= limit
    return (0 if analysis.deadwood == 0 else 1 if knocks else 2,
            analysis.deadwood if knocks else 0, analysis.score, analysis.deadwood,
            -len(analysis.outs), -analysis.card.points, -analysis.card.index)


def test_invariants_on_game_positions(positions):
    checked = 0
    for hand, knowledge, rules in discard_positions(positions):
        analyses = analyze_discards(hand, knowledge, rules)
        legal = set(hand) - {knowledge.just_taken}
        cards = [a.card for a in analyses]
        assert sorted(cards) == sorted(legal) and len(cards) == len(legal)
        limit = knowledge.knock_limit if knowledge.knock_limit is not None else rules.knock_limit
        assert [order_key(a, limit) for a in analyses] == sorted(
            order_key(a, limit) for a in analyses)
        least = min(a.deadwood for a in analyses)
        if knowledge.just_taken is None:
            best = best_discards(hand, rules)[0]
            assert least == best.deadwood
            assert analyses[0].knock == (best.ends in ("knock", "gin"))
        unseen = set(unseen_of(hand, knowledge))
        weight = danger_weight(knowledge, rules)
        for analysis in analyses:
            assert analysis.knock == (analysis.deadwood <= limit)
            assert analysis.gin == (analysis.deadwood == 0)
            assert set(analysis.outs) <= unseen
            assert 0 <= analysis.expected_deadwood <= analysis.deadwood
            assert 0 <= analysis.danger <= 1
            assert analysis.score == pytest.approx(
                analysis.expected_deadwood + weight * analysis.danger)
            for other in analysis.same_as:
                twin = next(a for a in analyses if a.card == other)
                assert analysis.card in twin.same_as
                assert (twin.deadwood, len(twin.outs)) == (analysis.deadwood, len(analysis.outs))
                assert twin.expected_deadwood == pytest.approx(analysis.expected_deadwood)
        checked += 1
    assert checked > 1000


def test_exact_numbers_on_a_sample_of_game_positions(positions):
    for hand, knowledge, rules in discard_positions(positions)[::120]:
        unseen = unseen_of(hand, knowledge)
        for analysis in analyze_discards(hand, knowledge, rules)[:3]:
            now, outs, expected = plain_offence(hand, analysis.card, unseen)
            assert (analysis.deadwood, set(analysis.outs)) == (now, outs)
            assert analysis.expected_deadwood == pytest.approx(expected)
            assert analysis.danger == pytest.approx(plain_danger(analysis.card, hand, knowledge))


@settings(max_examples=60)
@given(st.randoms(use_true_random=False))
def test_random_hands_and_piles(rng):
    cards = list(DECK)
    rng.shuffle(cards)
    hand, pile = cards[:11], cards[11:11 + rng.randrange(0, 20)]
    taken = rng.choice([None, hand[0]])
    knowledge = Knowledge(discard_pile=pile, opponent_discarded=pile[::2],
                          stock_size=31 - len(pile), just_taken=taken)
    analyses = analyze_discards(hand, knowledge)
    assert len(analyses) == (10 if taken else 11)
    assert taken not in [a.card for a in analyses]
    assert all(not set(a.outs) & (set(pile) | set(hand)) for a in analyses)


# --------------------------------------------------------------------------- draw and knock


def test_take_the_upcard_for_a_meld():
    draw = analyze_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", Knowledge(discard_pile="8D 7D"))
    assert draw.take and draw.take_melds and draw.upcard == Card(7, "D")
    hand = parse_cards("7S 7H 9C TC 3H 4H 5H 2D KS QS")
    after = [*hand, draw.upcard]
    assert draw.take_deadwood == min(deadwood([c for c in after if c != throw]) for throw in hand)
    unseen = unseen_of(hand, Knowledge(discard_pile="8D 7D"))
    mean = sum(after_draw(hand, card) for card in unseen) / len(unseen)
    assert draw.draw_deadwood == pytest.approx(mean)
    loose = min(deadwood([c for c in hand if c != throw]) for throw in hand)
    outs = {card for card in unseen
            if after_draw(hand, card) < min(deadwood(hand), loose + card.points)}
    assert set(draw.draw_outs) == outs
    assert f"{draw.draw_deadwood:.1f}" in draw.why and str(draw.take_deadwood) in draw.why


def test_draw_rather_than_take_a_useless_card():
    draw = analyze_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", Knowledge(discard_pile="8D 6D"))
    assert not draw.take and draw.why.startswith("Draw from the stock")


def test_the_draw_needs_an_upcard():
    with pytest.raises(CardError, match="discard pile is empty"):
        analyze_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", Knowledge())


def test_draw_invariants(positions):
    for hand, knowledge, rules in [p for p in positions if len(p[0]) == 10][:300]:
        if not knowledge.discard_pile:
            continue
        draw = analyze_draw(hand, knowledge, rules)
        assert draw.take_discard != draw.upcard and draw.take_discard in hand
        assert draw.take == (draw.take_deadwood < draw.draw_deadwood)
        assert 0 <= draw.draw_deadwood <= deadwood(hand)


def test_gin_is_always_taken():
    knock = analyze_knock("7S 7H 7D 9C TC JC 3H 4H 5H 6H KS")
    assert knock.gin and knock.knock and knock.discard == Card(13, "S")


def test_no_knock_over_the_limit():
    knock = analyze_knock("KD 9S 8S 2H 2C 5D 6D JC QH 4S AC")
    assert not knock.can_knock and not knock.knock and knock.discard is None
    assert "You cannot knock" in knock.why


def test_knocking_late_against_a_strong_pile_is_risky():
    late = Knowledge(discard_pile="KD QC JH TS 9D 8C 8S 6H KC QS JD 2C 5C AH 4C 6C 3D KH JS 6S "
                                  "5S AD 8H", opponent_discarded="KD JH 9D 8S KC JD 5C 4C 3D "
                                  "JS 5S 8H", stock_size=8)
    early = Knowledge(discard_pile="KD QC", opponent_discarded="KD", stock_size=29)
    hand = "7S 7H 7D 9C TC JC 3H 4H 5H 9S KS"
    risky, safe = analyze_knock(hand, late), analyze_knock(hand, early)
    assert risky.undercut_risk > safe.undercut_risk
    assert safe.knock and not risky.knock
    assert f"{risky.undercut_risk:.2f}" in risky.why


def test_knock_analysis_repeats_and_gin_outs_are_exact():
    hand = parse_cards("7S 7H 7D 9C TC JC 3H 4H 5H 2D KS")
    first, again = analyze_knock(hand), analyze_knock(hand)
    assert first == again
    assert analyze_knock(hand, seed=5).undercut_risk is not None
    kept = [c for c in hand if c != first.discard]
    gin = {card for card in unseen_of(hand, Knowledge()) if after_draw(kept, card) == 0}
    assert set(first.gin_outs) == gin


def test_knock_invariants(positions):
    for hand, knowledge, rules in discard_positions(positions)[:400:4]:
        knock = analyze_knock(hand, knowledge, rules, samples=8)
        analyses = analyze_discards(hand, knowledge, rules)
        assert knock.can_knock == any(a.knock for a in analyses)
        assert knock.play_on_discard in [a.card for a in analyses if a.score == min(
            b.score for b in analyses)]
        if knock.can_knock:
            assert knock.undercut_risk is not None and 0 <= knock.undercut_risk <= 1
            assert 0 <= knock.gin_chance <= 1
            assert knock.discard != knowledge.just_taken
        else:
            assert not knock.knock


def test_the_rounds_knock_limit_decides_the_knock_flags():
    hand = "7S 7H 7D 9C TC JC 3H 4H 5H 2D KS"
    assert analyze_discards(hand)[0].knock  # 2 under the modern limit of 10
    assert not analyze_discards(hand, Knowledge(knock_limit=1))[0].knock  # an Oklahoma ace
    assert not any(a.knock for a in analyze_discards(hand, rules=Rules(straight_gin=True)))
    gin = analyze_discards("7S 7H 7D 9C TC JC 3H 4H 5H 6H KS", rules=Rules(straight_gin=True))
    assert gin[0].gin and gin[0].knock


def test_values_survive_a_process_pool():
    """Tournaments send positions and answers between processes."""
    import pickle

    knowledge = Knowledge(discard_pile="5C 9D", opponent_took="8H 8H", opponent_holds="8H",
                          just_taken="KS", stock_size=20)
    hand = "7S 7H 7D 9C TC JC 3H 4H 5H 2D KS"
    for value in (knowledge, analyze_discards(hand, knowledge), analyze_knock(hand)):
        assert pickle.loads(pickle.dumps(value)) == value
