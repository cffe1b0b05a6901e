"""Jokers wild: cards, rules, the solver against a brute force, and the errors."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gin_teach import (
    Card,
    CardError,
    Game,
    IllegalMove,
    Round,
    Rules,
    RulesError,
    all_best_arrangements,
    best_arrangement,
    best_discards,
    deadwood,
    discard_options,
    full_deck,
    parse_cards,
    settle,
)
from gin_teach.bots import GreedyBot, RandomBot, SimpleBot, play
from gin_teach.core.melds import Meld, arrangements_within
from gin_teach.engine.actions import Discard, Knock
from tests.brute import brute_joker_deadwood, joker_partitions

JOKERS = (Card.joker(1), Card.joker(2))


def _key(melds):
    """An arrangement's melds as a comparable value: touching runs of one suit joined; a set's
    jokers by count (which free suit they stand for is a free choice)."""
    runs, sets = [], []
    for naturals, stands in melds:
        whole = naturals | stands
        (runs if len({c.suit for c in whole}) == 1 and len(whole) > 1
         and len({c.rank for c in whole}) > 1 else sets).append((set(naturals), set(stands)))
    runs.sort(key=lambda m: min(m[0] | m[1]))
    joined: list[tuple[set, set]] = []
    for naturals, stands in runs:
        if joined:
            last = joined[-1][0] | joined[-1][1]
            top, low = max(last), min(naturals | stands)
            if low.suit == top.suit and low.rank == top.rank + 1:
                joined[-1][0].update(naturals)
                joined[-1][1].update(stands)
                continue
        joined.append((naturals, stands))
    return frozenset([("run", frozenset(n), frozenset(s)) for n, s in joined]
                     + [("set", frozenset(n), len(s)) for n, s in sets])


def _own_key(arrangement):
    return _key([(frozenset(m.natural_cards), frozenset(m.stands_for)) for m in arrangement.melds])


naturals = st.lists(st.sampled_from(full_deck()), min_size=2, max_size=8, unique=True)
dense = st.lists(st.sampled_from([c for c in full_deck() if 4 <= c.rank <= 8]),
                 min_size=2, max_size=8, unique=True)


@pytest.mark.slow
@settings(max_examples=50, deadline=None)
@given(st.one_of(naturals, dense), st.integers(1, 2), st.sampled_from([20, 5, 0]))
def test_the_solver_agrees_with_brute_force(cards, jokers, joker_points):
    hand = tuple(cards) + JOKERS[:jokers]
    least = brute_joker_deadwood(hand, joker_points)
    assert deadwood(hand, joker_points=joker_points) == least
    assert best_arrangement(hand, joker_points=joker_points).deadwood == least
    brute_best = {_key(spread) for spread, dead in joker_partitions(hand, joker_points)
                  if dead == least}
    mine = all_best_arrangements(hand, limit=5000, joker_points=joker_points)
    assert len({_own_key(a) for a in mine}) == len(mine)
    assert {_own_key(a) for a in mine} == brute_best
    for arrangement in mine:
        assert arrangement.deadwood == least
        assert sorted(arrangement.cards) == sorted(hand)
        stands = [c for m in arrangement.melds for c in m.stands_for]
        assert len(set(stands)) == len(stands) and not set(stands) & set(hand)


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(st.one_of(naturals, dense), st.integers(1, 2))
def test_best_discards_are_the_least_deadwood_of_each_discard(cards, jokers):
    hand = tuple(cards) + JOKERS[:jokers]
    rules = Rules.jokers_wild()
    options = discard_options(hand, rules)
    for option in options:
        rest = tuple(c for c in hand if c is not option.card)
        assert option.deadwood == brute_joker_deadwood(rest)
    least = options[0].deadwood
    assert {o.card for o in best_discards(hand, rules)} == {
        o.card for o in options if o.deadwood == least}


def test_a_meld_shows_what_each_joker_stands_for():
    assert str(Meld.of("7H 9H JK")) == "7♥ 🃏(8♥) 9♥"
    meld = Meld.of("7S 7D JK")
    assert meld.kind == "set" and meld.stands_for == (Card(7, "H"),)
    assert str(best_arrangement("7H 9H JK KC")) == "7♥ 🃏(8♥) 9♥ | deadwood K♣ = 10"


def test_a_joker_left_alone_counts_its_points():
    assert deadwood("KC 2S JK") == 32
    assert deadwood("KC 2S JK", joker_points=10) == 22
    # The hand holds every 7, so the joker can stand for none of them: it stays deadwood.
    assert best_arrangement("7S 7H 7D 7C JK").deadwood == 20
    assert best_arrangement("7S 7H 7D JK").deadwood == 0


def test_a_set_of_four_naturals_takes_no_joker():
    with pytest.raises(CardError, match="not a meld"):
        Meld.of("7S 7H 7D 7C JK")


def test_the_jokers_wild_table():
    table = Rules.jokers_wild()
    assert (table.jokers, table.joker_points, table.gin_bonus, table.undercut_bonus) == (
        2, 20, 25, 25)
    assert table.undercut_on_tie and table.box_bonus == table.game_bonus == 0
    assert Rules.jokers_wild(target=250).target == 250
    assert Rules.of("jokers wild") == table
    assert len(full_deck(jokers=table.jokers)) == 54


@pytest.mark.parametrize("changes, message", [
    ({"jokers": 1}, "jokers must be 0 or 2"),
    ({"jokers": 3}, "jokers must be 0 or 2"),
    ({"joker_points": -1}, "joker_points cannot be negative"),
    ({"joker_points": 2.5}, "joker_points must be a whole number"),
])
def test_bad_joker_rules_are_refused(changes, message):
    with pytest.raises(RulesError, match=message):
        Rules().replace(**changes)


def test_joker_text():
    assert parse_cards("JK joker") == JOKERS
    assert parse_cards("🃏 JK2 7H") == (JOKERS[0], JOKERS[1], Card(7, "H"))
    assert Card.parse("Joker2") is JOKERS[1]
    with pytest.raises(CardError, match="third joker"):
        parse_cards("JK 🃏 Joker")
    with pytest.raises(CardError, match="JK2 is written twice"):
        parse_cards("JK2 JK2")
    with pytest.raises(CardError, match="two jokers"):
        Card.joker(3)


def test_a_meld_of_jokers_alone_is_refused():
    with pytest.raises(CardError, match="at least one natural card"):
        Meld.of("JK JK")
    with pytest.raises(CardError, match="at least one natural card"):
        Meld((JOKERS[0], JOKERS[1]), "run", (Card(2, "H"), Card(3, "H")))
    with pytest.raises(CardError, match="not a meld"):
        Meld.of("7H JK")


def test_a_joker_where_jokers_are_off_is_refused():
    with pytest.raises(RulesError, match="JK1 is a joker, and the modern rules play without"):
        best_discards("7H 8H JK 2C", Rules())


def test_arrangements_within_a_limit_with_jokers():
    spreads = arrangements_within("7H 9H JK 2C 3C", 5)
    assert [str(s) for s in spreads][0] == "7♥ 🃏(8♥) 9♥ | deadwood 2♣ 3♣ = 5"
    assert all(s.deadwood <= 5 for s in spreads)


def test_the_defender_lays_off_a_joker_where_its_card_fits():
    wild = Rules.jokers_wild()
    # The defender's joker meets no card of its own; laid off, it stops counting 20.
    result = settle("QD QC QH 3C 4C 5C 9D 9C 9S 6D", "AS 4S 7S TS KS 2H 5H 8H JH JK", wild)
    assert result.defender_count_before_layoffs == 77 and result.defender_count == 57
    (layoff,) = result.layoffs
    assert layoff.card.is_joker and layoff.stands_for is not None
    assert layoff.stands_for in (Card(2, "C"), Card(6, "C"), Card(12, "S"), Card(9, "H"))
    assert result.points == 57 - 6 and result.outcome == "knock"
    assert str(layoff).startswith("🃏(")


def test_cards_are_laid_off_beside_a_knockers_joker():
    wild = Rules.jokers_wild()
    result = settle("7H 9H JK 3C 4C 5C 9D 9C 9S 6D", "TH 4S 7S TS KS 2H 5H 8H JH QD", wild,
                    [Meld.of("7H 9H JK"), "3C 4C 5C", "9D 9C 9S"])
    assert {str(layoff) for layoff in result.layoffs} == {
        "10♥ onto 7♥ 🃏(8♥) 9♥", "J♥ onto 7♥ 🃏(8♥) 9♥"}
    assert result.defender_count == 76 - 20


def test_a_joker_left_in_the_defenders_deadwood_counts_joker_points():
    table = Rules.jokers_wild().replace(joker_points=15)
    gin = settle("AS 2S 3S 4H 5H 6H 7C 8C 9C JK", "KS 4S 7S TS 2H 8H JH QD 5C JK2", table)
    assert gin.outcome == "gin" and gin.knocker_count == 0
    assert gin.defender_count == deadwood("KS 4S 7S TS 2H 8H JH QD 5C JK2", joker_points=15)


def test_settling_with_a_joker_where_jokers_are_off_is_refused():
    with pytest.raises(RulesError, match="JK1 is a joker, and the modern rules"):
        settle("QD QC QH 3C 4C 5C 9D 9C 9S JK", "AS 4S 7S TS KS 2H 5H 8H JH 6D")


def test_a_knockers_joker_cannot_stand_for_a_card_it_holds():
    with pytest.raises(IllegalMove, match="stands for 8♥, which the knocker holds"):
        settle("7H 9H JK 8H 4C 5C 9D 9C 9S 6D", "TH 4S 7S TS KS 2H 5H 3C JH QD",
               Rules.jokers_wild(), [Meld.of("7H 9H JK"), "9D 9C 9S"])


def _cards_of_round(rnd):
    places = [rnd.hand(0), rnd.hand(1), rnd.stock, rnd.discard_pile]
    if rnd.knock_card is not None:
        places.append((rnd.knock_card,))
    return [card for place in places for card in place]


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["random", "simple", "greedy"]))
def test_random_rounds_at_the_jokers_table_keep_all_54_cards(seed, second):
    players = {"random": RandomBot(seed=seed), "simple": SimpleBot(seed=seed),
               "greedy": GreedyBot()}
    bots = [RandomBot(seed=seed + 1), players[second]]
    rnd = Round(seed=seed, rules=Rules.jokers_wild())
    while not rnd.is_over:
        cards = _cards_of_round(rnd)
        assert len(cards) == 54 and set(cards) == set(full_deck(jokers=2))
        player = rnd.current_player
        view = rnd.observation(player)
        assert view.hand == rnd.hand(player)  # jokers included
        if rnd.phase == "discard":
            for joker in (c for c in view.hand if c.is_joker and c != view.just_taken):
                assert Discard(joker) in rnd.legal_actions()
        rnd.apply(bots[player].choose(view, rnd.legal_actions()))
    assert Round.from_json(rnd.to_json()).to_json() == rnd.to_json()


def test_a_seeded_game_at_the_jokers_table():
    table = Rules.jokers_wild(target=50)
    game = play(Game(seed=3, rules=table), [SimpleBot(seed=1), SimpleBot(seed=2)])
    again = play(Game(seed=3, rules=table), [SimpleBot(seed=1), SimpleBot(seed=2)])
    assert game.to_json() == again.to_json()
    assert max(game.scores) >= 50
    totals = game.totals()
    assert totals.total == game.scores  # no box and no game bonus at this table
    assert any(card.is_joker for rnd in game.rounds for card in _cards_of_round(rnd))
    replayed = Game.from_json(game.to_json())
    assert replayed.scores == game.scores


def test_a_deal_with_a_joker_where_jokers_are_off_is_refused():
    hands = ["AS 2S 3S 4S 5S 6S 7S 8S 9S JK", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH"]
    with pytest.raises(RulesError, match="JK1 is a joker"):
        Round.from_deal(hands, upcard="KC")
    rnd = Round.from_deal(hands, upcard="KC", rules=Rules.jokers_wild())
    assert rnd.stock_size == 33 and rnd.deadwood(0) == 0


def test_a_joker_has_its_own_picture_and_a_meld_caption_names_its_card():
    from gin_teach.display import JOKER_COLOUR, SUIT_PATHS, arrangement_svg, card_svg

    picture = card_svg(Card.joker(2))
    assert 'data-card="JK2"' in picture and "<title>joker 2</title>" in picture
    assert JOKER_COLOUR in picture and SUIT_PATHS["*"][0] in picture and ">JK<" in picture
    shown = arrangement_svg(best_arrangement("7H 9H JK KC"))
    assert "run, 🃏=8♥" in shown


def test_the_canvas_table_draws_and_plays_a_round_with_jokers():
    pytest.importorskip("ipycanvas")
    from gin_teach.widgets.table import TableCanvas

    hands = ["AS 2S 3S 4S 5S 6S 7S 8S 9S JK", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH"]
    rnd = Round.from_deal(hands, upcard="JK2", rules=Rules.jokers_wild(), dealer=1)
    table = TableCanvas(rnd, viewer=0)
    assert any(s.card == Card.joker(1) for s in table.scene.sprites if s.kind == "hand")
    discard = next(s for s in table.scene.sprites if s.kind == "discard")
    assert discard.card == Card.joker(2)
    table.click(discard.x + 3, discard.y + 3)  # take the upcard joker
    assert Card.joker(2) in rnd.hand(0) and rnd.phase == "discard"


def test_the_game_table_offers_the_jokers_table_and_keeps_it_for_a_new_game():
    pytest.importorskip("ipywidgets")
    from gin_teach.widgets import GameTable

    table = GameTable("simple", seed=5, rules=Rules.jokers_wild())
    assert table.preset.value == "jokers wild" and table.chosen_rules() == Rules.jokers_wild()
    table.new_game()
    assert table.game.rules.jokers == 2 and table.game.round.stock_size == 33


def test_the_hand_builder_at_the_jokers_table_has_the_jokers_to_click():
    pytest.importorskip("ipywidgets")
    from gin_teach.widgets import HandBuilder

    builder = HandBuilder("7H 9H KC", rules=Rules.jokers_wild())
    assert set(JOKERS) <= set(builder.grid.cards) and len(builder.grid.cards) == 54
    builder.toggle(Card.joker(1))
    assert builder.deadwood == 10 and "🃏=8♥" in builder.picture.value
    plain = HandBuilder("7H 9H KC")
    assert len(plain.grid.cards) == 52
    plain.type_cards("7H 9H JK")
    assert plain.message.kind == "error" and "JK1 is a joker" in plain.message.text
    assert plain.cards == parse_cards("7H 9H KC")


def test_the_settlement_picture_puts_each_joker_in_its_place():
    from gin_teach.display import settlement_html

    wild = Rules.jokers_wild()
    result = settle("7H 9H JK 3C 4C 5C 9D 9C 9S 6D", "TH 4S 7S TS KS 2H 5H 8H JH QD", wild,
                    [Meld.of("7H 9H JK"), "3C 4C 5C", "9D 9C 9S"])
    page = settlement_html(result)
    run = page[page.index('data-card="7H"'):]
    order = [run.index(f'data-card="{code}"') for code in ("7H", "JK1", "9H", "TH", "JH")]
    assert order == sorted(order)
    laid = settle("QD QC QH 3C 4C 5C 9D 9C 9S 6D", "AS 4S 7S TS KS 2H 5H 8H JH JK", wild)
    assert f"🃏({laid.layoffs[0].stands_for})" in settlement_html(laid)


def test_throwing_a_natural_can_free_a_stuck_joker_for_a_knock():
    # Holding all four 7s, the joker can stand for none of them (23 of deadwood after taking
    # the A♦); throwing the 7♣ lets it, and the hand knocks with 3.
    hands = ["7S 7H 7D 7C KS KH KD KC JK 2S", "AH 2H 3H 4H 5H 6H QD 8H 9H TH"]
    rnd = Round.from_deal(hands, upcard="AD", dealer=1, rules=Rules.jokers_wild())
    rnd.apply("take")
    assert deadwood(rnd.hand(0)) == 23
    assert Knock(Card(7, "C")) in rnd.legal_actions()
    rnd.apply(Knock(Card(7, "C")))
    assert rnd.phase == "layoff"


def test_best_spread_with_jokers_is_the_spread_settle_takes():
    from gin_teach.core.scoring import best_spread

    wild = Rules.jokers_wild()
    knocker, defender = "7H 9H JK 3C 4C 5C 9D 9C 9S 6D", "TH 4S 7S TS KS 2H 5H 8H JH QD"
    spread = best_spread(knocker, defender, wild)
    assert spread == settle(knocker, defender, wild).knocker_arrangement
    assert spread.deadwood <= wild.knock_limit
    with pytest.raises(RulesError, match="JK1 is a joker"):
        best_spread(knocker, defender)


def test_extending_melds_with_and_beside_jokers():
    from gin_teach.core.scoring import extend_meld, layoff_options

    assert str(extend_meld(Meld.of("7H 9H JK"), "TH")) == "7♥ 🃏(8♥) 9♥ 10♥"
    assert str(extend_meld(Meld.of("7H 8H 9H"), "JK")) == "7♥ 8♥ 9♥ 🃏(10♥)"
    assert str(extend_meld(Meld.of("7S 7D JK"), "JK2")) == "7♠ 🃏(7♥) 7♦ 🃏(7♣)"
    with pytest.raises(IllegalMove, match="already in 7♥ 🃏\\(8♥\\) 9♥, as a joker"):
        extend_meld(Meld.of("7H 9H JK"), "8H")
    with pytest.raises(IllegalMove, match="neither does a joker"):
        extend_meld(Meld.of("7S 7H 7D 7C"), "JK")
    assert len(layoff_options([Meld.of("7S 7H 7D"), Meld.of("4H 5H 6H")], "JK")) == 2


def test_the_lesson_widgets_work_at_the_jokers_wild_table():
    # The labs ask the core, which knows jokers: each takes a joker hand and judges answers.
    from gin_teach.widgets import KnockLab, LayoffLab, MeldExplorer, ScoreQuiz

    rules = Rules.jokers_wild()
    lab = KnockLab("7S 7H JK1 9C TC JC 3H 4H 5H 9S KS", rules=rules)
    lab.choose_discard("KS")
    assert lab.answer("knock").correct
    knocker, defender = "7S 7H JK1 9C TC JC 3H 4H 5H 2S", "2D 3D 4D 8C QD QH QC KH 5D 6H"
    expected = settle(knocker, defender, rules)
    assert LayoffLab(knocker, defender, rules=rules).settlement.points == expected.points
    quiz = ScoreQuiz(knocker, defender, rules=rules)
    assert quiz.answer(expected.winner, expected.points).correct
    assert not quiz.answer(expected.winner, expected.points + 1).correct
    explorer = MeldExplorer("7S 7H JK1 9C TC JC 3H 4H 5H 9S")
    assert any(card.is_joker for meld in explorer.arrangements[0].melds for card in meld.cards)


eleven = st.lists(st.sampled_from(full_deck()), min_size=9, max_size=10, unique=True)


@settings(max_examples=40, deadline=None)
@given(st.one_of(naturals, dense, eleven), st.integers(1, 2), st.sampled_from([25, 10, 0]))
def test_the_least_deadwood_after_a_discard_skips_no_better_throw(cards, jokers, joker_points):
    # The value-only search stops early by a bound; it must still find the best throw that
    # trying every card finds (and, for small hands, that the brute force finds).
    from gin_teach.core.cards import hand_mask
    from gin_teach.core.jokers import best_discard_with_jokers, least_after_discard_with_jokers

    hand = tuple(cards) + JOKERS[:jokers]
    mask = hand_mask(hand)
    least = least_after_discard_with_jokers(mask, joker_points)
    assert least == best_discard_with_jokers(mask, joker_points)[0]
    if len(hand) <= 8:
        assert least == min(brute_joker_deadwood(tuple(c for c in hand if c is not thrown),
                                                 joker_points) for thrown in hand)


@settings(max_examples=60, deadline=None)
@given(st.one_of(naturals, dense, eleven), st.integers(1, 2), st.sampled_from([25, 10, 0]),
       st.integers(0, 60))
def test_the_least_deadwood_after_a_discard_stops_at_what_is_reached(cards, jokers,
                                                                     joker_points, reached):
    # The search from the jokers' melds (one plain best-discard solve per placement) against
    # the slow path, one joker solve per card: the same least, capped at ``reached``.
    from gin_teach.core.cards import hand_mask
    from gin_teach.core.jokers import best_discard_with_jokers, least_after_discard_with_jokers

    mask = hand_mask(tuple(cards) + JOKERS[:jokers])
    slow = best_discard_with_jokers(mask, joker_points)[0]
    assert least_after_discard_with_jokers(mask, joker_points, reached=reached) == \
        min(slow, reached)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(full_deck()), min_size=10, max_size=10, unique=True),
       st.sampled_from([25, 10, 0]))
def test_a_draw_beside_one_joker_is_solved_from_the_jokers_melds_alone(cards, joker_points):
    # The analysis's shortcut for a drawn card that makes no meld without the joker: only the
    # joker's melds holding it are tried, capped where throwing it back or keeping it loose
    # would leave; the whole search must find the same.
    from gin_teach.core.cards import hand_mask
    from gin_teach.core.jokers import (
        least_after_discard_with_jokers,
        least_after_drawing_beside_joker,
    )
    from gin_teach.core.melds import deadwood_of_mask
    from gin_teach.core.solver import MELDS_WITH_CARD

    kept, drawn = hand_mask(tuple(cards[:9]) + JOKERS[:1]), cards[9].bit
    partners = [meld ^ drawn for meld, _ in MELDS_WITH_CARD[cards[9].index]
                if meld.bit_count() == 3]
    assume(not any(pair & kept == pair for pair in partners))
    reached = min(deadwood_of_mask(kept, joker_points),
                  least_after_discard_with_jokers(kept, joker_points) + cards[9].points)
    assert least_after_drawing_beside_joker(kept, drawn, reached) == \
        least_after_discard_with_jokers(kept | drawn, joker_points, reached)


def test_a_draw_beside_a_joker_needs_one_kept_joker_and_one_new_natural_card():
    from gin_teach.core.cards import hand_mask
    from gin_teach.core.jokers import least_after_drawing_beside_joker

    with pytest.raises(CardError, match="exactly one joker"):
        least_after_drawing_beside_joker(hand_mask("7H 9H KC"), hand_mask("8H"), 30)
    with pytest.raises(CardError, match="one natural card"):
        least_after_drawing_beside_joker(hand_mask("7H 9H JK"), hand_mask("7H"), 30)
    with pytest.raises(CardError, match="one natural card"):
        least_after_drawing_beside_joker(hand_mask("7H 9H JK"), 0, 30)


def test_the_best_discards_on_seeded_jokers_table_hands():
    # Hands of seeded rounds at the jokers-wild table, each with cards it could draw (the
    # analysis and the playouts ask exactly this): the search from the jokers' melds agrees
    # with one solve per card, on the least and on every card that leaves it.
    from gin_teach.core.cards import JOKER_BITS, NATURAL_BITS
    from gin_teach.core.jokers import best_discard_with_jokers, least_after_discard_with_jokers
    from gin_teach.core.melds import deadwood_of_mask
    from gin_teach.playouts.table_view import bits_of

    rules = Rules.jokers_wild()
    points = rules.joker_points
    checked = 0
    for seed in range(3):
        rnd = Round(seed=seed, rules=rules)
        bots = (SimpleBot(seed=seed), SimpleBot(seed=seed + 1))
        while not rnd.is_over:
            player = rnd.current_player
            hand = sum(card.bit for card in rnd.hand(player))
            if rnd.phase == "discard" and hand & JOKER_BITS:
                for thrown in bits_of(hand)[:3]:
                    kept = hand ^ thrown
                    for drawn in bits_of((NATURAL_BITS | JOKER_BITS) & ~hand)[::7]:
                        mask = kept | drawn
                        each = {bit: deadwood_of_mask(mask ^ bit, points)
                                for bit in bits_of(mask)}
                        least = min(each.values())
                        assert least_after_discard_with_jokers(mask, points) == least
                        assert best_discard_with_jokers(mask, points) == (
                            least, sum(bit for bit, value in each.items() if value == least))
                        checked += 1
            rnd.apply(bots[player].choose(rnd.observation(player), rnd.legal_actions()))
    assert checked > 100
