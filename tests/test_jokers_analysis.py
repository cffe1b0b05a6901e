"""The analysis at the jokers-wild table: every legal discard once, numbers in range on joker
positions from real play, expected deadwood exact against a brute-force loop, and clear errors
for a joker where the rules have none."""

from dataclasses import replace

import pytest

from gin_teach import Round, Rules, SimpleBot, deadwood
from gin_teach.analysis import Knowledge, analyze_discards, analyze_draw, analyze_knock
from gin_teach.core.cards import JOKER_BITS, Card, cards_from_mask, full_deck, hand_mask
from gin_teach.errors import CardError, RulesError

WILD = Rules.jokers_wild()


def _joker_positions(count, seed=7):
    """Discard positions (hand, knowledge, rules) from seeded Simple self-play at the jokers
    table in which a joker is in the hand."""
    found = []
    game_seed = seed
    while len(found) < count:
        rnd = Round(seed=game_seed, rules=WILD)
        bots = [SimpleBot(seed=game_seed), SimpleBot(seed=game_seed + 1)]
        while not rnd.is_over:
            player = rnd.current_player
            view = rnd.observation(player)
            if rnd.phase == "discard" and any(c.is_joker for c in view.hand):
                found.append((view.hand, Knowledge.from_observation(view)))
            rnd.apply(bots[player].choose(view, rnd.legal_actions()))
        game_seed += 1
    return found[:count]


def test_every_legal_discard_of_a_joker_hand_is_listed_once_with_numbers_in_range():
    for hand, knowledge in _joker_positions(6):
        analyses = analyze_discards(hand, knowledge, WILD)
        legal = [c for c in hand if c != knowledge.just_taken]
        assert sorted(a.card.index for a in analyses) == sorted(c.index for c in legal)
        for analysis in analyses:
            assert 0 <= analysis.expected_deadwood <= analysis.deadwood
            assert 0.0 <= analysis.danger <= 1.0
            kept = [c for c in hand if c != analysis.card]
            assert analysis.deadwood == deadwood(kept, joker_points=WILD.joker_points)
            if analysis.card.is_joker:
                assert analysis.danger == 1.0


@pytest.mark.parametrize("hand", ["7H 9H JK 3C 4C 2S 2D KS QD 5S 8C",  # one joker unseen
                                  "7H JK1 JK2 3C 4C 2S 2D KS QD 5S 8C"])
def test_expected_deadwood_with_jokers_equals_a_brute_force_loop_over_the_unseen_cards(hand):
    rules = replace(WILD, joker_points=15)
    knowledge = Knowledge(discard_pile="6C", opponent_took="TD", opponent_holds="TD", jokers=2)
    seen = {Card.parse(code) for code in hand.split()} | {Card(6, "C"), Card(10, "D")}
    unseen = [card for card in full_deck(jokers=2) if card not in seen]
    assert len(unseen) == 54 - 13
    for analysis in analyze_discards(hand, knowledge, rules):
        kept = [card for card in map(Card.parse, hand.split()) if card != analysis.card]
        total = 0
        for drawn in unseen:
            eleven = kept + [drawn]
            total += min(deadwood([c for c in eleven if c != thrown],
                                  joker_points=rules.joker_points) for thrown in eleven)
        assert analysis.expected_deadwood == pytest.approx(total / len(unseen), abs=1e-12)


def test_an_unseen_joker_is_an_out_for_a_pair():
    hand = "7H 7S 2C 5D 9D JS KH QC 3S 4H 8C"
    best = analyze_discards(hand, None, WILD)
    assert all(Card.joker(1) in a.outs and Card.joker(2) in a.outs
               for a in best if a.card.code not in ("7H", "7S"))


def test_a_joker_the_opponent_holds_makes_every_partner_of_its_cards_dangerous():
    hand = "AS 6S AH 4H 8H 9H TH JH 8D 4C 7D"
    seen = Knowledge(opponent_holds="JK1 7S", opponent_took="JK1 7S", stock_size=20, jokers=2)
    without = Knowledge(opponent_holds="7S", opponent_took="7S", stock_size=20, jokers=2)
    with_joker = {a.card.code: a.danger for a in analyze_discards(hand, seen, WILD)}
    no_joker = {a.card.code: a.danger for a in analyze_discards(hand, without, WILD)}
    # 7♠ and a joker make a meld with the 7♦ (a set) and the 6♠ (a run) alike.
    assert with_joker["7D"] == with_joker["6S"] == 1.0
    assert no_joker["7D"] < 1.0 and no_joker["6S"] < 1.0
    # The known joker makes every natural card more dangerous.
    assert all(with_joker[code] > no_joker[code] for code in no_joker)


def test_draw_and_knock_analyses_with_jokers():
    knowledge = Knowledge(discard_pile="5C JK", jokers=2)
    draw = analyze_draw("7H 9H 3C 4C 2S 2D KS QD 5S 8C", knowledge, WILD)
    assert draw.upcard.is_joker and draw.take and draw.take_melds
    assert Card.joker(2) in draw.draw_outs
    knock = analyze_knock("7H 9H JK 3C 4C 5C 9D 9C 9S 6D KS", None, WILD, samples=8, seed=1)
    assert knock.can_knock and knock.discard == Card(13, "S") and knock.deadwood == 6
    assert 0.0 <= (knock.undercut_risk or 0.0) <= 1.0


def test_a_joker_where_the_rules_have_none_is_refused_clearly():
    with pytest.raises(RulesError, match="JK1 is a joker, and the modern rules"):
        analyze_discards("7H 9H JK 3C 4C 2S 2D KS QD 5S 8C")
    with pytest.raises(RulesError, match="JK1 is a joker"):
        analyze_discards(hand_mask("7H 9H JK 3C 4C 2S 2D KS QD 5S 8C"))
    with pytest.raises(CardError, match=r"JK2 is a joker.*give jokers=2"):
        Knowledge(discard_pile="JK2")
    with pytest.raises(RulesError, match="deck with jokers"):
        analyze_discards("7H 9H 8H 3C 4C 2S 2D KS QD 5S 8C", Knowledge(jokers=2))
    with pytest.raises(CardError, match="0 or 2 jokers"):
        Knowledge(jokers=1)


def test_without_jokers_the_unseen_set_and_stock_are_as_before():
    hand = hand_mask("7H 9H 8H 3C 4C 2S 2D KS QD 5S 8C")
    plain = Knowledge(discard_pile="KD")
    assert not plain.unseen_mask(hand) & JOKER_BITS
    assert cards_from_mask(plain.unseen_mask(hand, jokers=2) & JOKER_BITS) == (
        Card.joker(1), Card.joker(2))
    assert plain.stock() == 30 and plain.stock(jokers=2) == 32
    assert analyze_discards(hand, plain) == analyze_discards(hand, plain, Rules.modern())


def test_playout_deals_at_the_jokers_table_include_the_unseen_jokers():
    import random

    from gin_teach.judge import table_view
    from gin_teach.playouts.opponent import OpponentModel
    from gin_teach.playouts.playout import PlayoutRules, imagined_deal

    rules = Rules.jokers_wild()
    view = table_view("7H 9H 3C 4C 2S 2D KS QD 5S 8C 6H", Knowledge(jokers=2), rules)
    model = OpponentModel.of(view)
    found = 0
    for seed in range(6):
        theirs, stock = imagined_deal(model, random.Random(seed), view, PlayoutRules.of(rules))
        assert len(stock) == 54 - 21 and theirs.bit_count() == 10
        found |= theirs & JOKER_BITS | sum(stock) & JOKER_BITS
    assert found == JOKER_BITS


@pytest.mark.slow
def test_the_coach_grades_and_reviews_a_round_at_the_jokers_table():
    from gin_teach.coach import grade_move, review

    rnd = Round(seed=11, rules=WILD)
    bots = [SimpleBot(seed=1), SimpleBot(seed=2)]
    graded = with_joker = 0
    while not rnd.is_over:
        player = rnd.current_player
        move = bots[player].choose(rnd.observation(player), rnd.legal_actions())
        decision = grade_move(rnd, move)
        graded += decision is not None
        with_joker += decision is not None and any(c.is_joker for c in rnd.hand(player))
        rnd.apply(move)
    assert graded and with_joker
    assert review(rnd, 0).decisions
