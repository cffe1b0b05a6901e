"""Scenario tests for the round and game state machines: one test (or a few) per rule of
docs/rules.md, each built from named hands so the arithmetic can be checked by reading."""

import dataclasses
import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gin_teach import (
    NO_PLAYER,
    BigGin,
    Card,
    CardError,
    Deck,
    Discard,
    DrawStock,
    Game,
    GameTotals,
    GinError,
    GreedyBot,
    IllegalMove,
    Knock,
    LayOff,
    Match,
    Observation,
    PassUpcard,
    ReplayError,
    Round,
    Rules,
    SetupError,
    SimpleBot,
    TakeDiscard,
    best_arrangement,
    parse_action,
    parse_cards,
    play,
)

# Player 0's hand below: three melds (7S 7H 7D, 9C TC JC, 3H 4H 5H) and K♦.
KNOCKER = "7S 7H 7D 9C TC JC 3H 4H 5H KD"
# Player 1: 2S 3S 4S and Q Q Q melded; 8C KH 5D TS = 8 + 10 + 5 + 10 = 33 deadwood.
DEFENDER = "2S 3S 4S QD QH QC 8C KH 5D TS"


def make_round(p0=KNOCKER, p1=DEFENDER, upcard="8D", stock="", dealer=1, rules=None,
               names=("Player 0", "Player 1")):
    """Player 0 is the non-dealer by default, so player 0 decides on the upcard first."""
    return Round.from_deal([p0, p1], upcard=upcard, stock=stock, dealer=dealer, rules=rules,
                           names=names)


def moves(rnd, *texts):
    for text in texts:
        rnd.apply(text)
    return rnd


def rejected(rnd, action, match, **kwargs):
    """The move raises IllegalMove with ``match`` in its message and changes nothing."""
    before = rnd.to_json()
    legal_before = rnd.legal_actions()
    with pytest.raises(IllegalMove, match=match):
        rnd.apply(action, **kwargs)
    assert rnd.to_json() == before
    assert rnd.legal_actions() == legal_before


def cards(text):
    return set(parse_cards(text))


# --------------------------------------------------------------------------- the deal


def test_seeded_deal_is_ten_each_one_at_a_time_then_upcard_and_stock():
    deck = Deck(seed=11).cards
    rnd = Round(seed=11, dealer=0)
    # The non-dealer (player 1) gets the 1st, 3rd, ... card; the dealer the 2nd, 4th, ...
    assert set(rnd.hand(1)) == set(deck[0:20:2])
    assert set(rnd.hand(0)) == set(deck[1:20:2])
    assert rnd.upcard == deck[20] == rnd.top_discard
    assert rnd.stock == deck[21:] and rnd.stock_size == 31
    assert rnd.to_json() == Round(seed=11, dealer=0).to_json()
    assert rnd.to_json() != Round(seed=12, dealer=0).to_json()


def test_from_deal_fills_the_rest_of_the_stock_under_the_named_cards():
    rnd = make_round(stock="2H AH")
    assert rnd.stock[:2] == tuple(parse_cards("2H AH"))
    everything = set(rnd.hand(0)) | set(rnd.hand(1)) | set(rnd.stock) | {rnd.upcard}
    assert len(everything) == 52 and rnd.stock_size == 31


@pytest.mark.parametrize("p0, p1, upcard, stock, message", [
    (KNOCKER, DEFENDER.replace("TS", "7S"), "8D", "", "7♠ is dealt twice"),
    (KNOCKER, DEFENDER, "KD", "", "K♦ is dealt twice"),
    (KNOCKER, DEFENDER, "8D", "8C", "8♣ is dealt twice"),
    (KNOCKER + " AC", DEFENDER, "8D", "", "Player 0's hand has 11 cards"),
    (KNOCKER, "2S 3S", "8D", "", "Player 1's hand has 2 cards"),
])
def test_a_deal_that_is_not_a_deal_is_refused(p0, p1, upcard, stock, message):
    with pytest.raises(CardError, match=message):
        make_round(p0, p1, upcard, stock)


# ------------------------------------------------------------------ opening protocol


def test_opening_non_dealer_takes_the_upcard_then_the_dealer_plays():
    rnd = make_round()
    assert (rnd.phase, rnd.current_player) == ("upcard_nondealer", 0)
    rnd.apply("take")
    assert (rnd.phase, rnd.current_player) == ("discard", 0)
    assert Card.parse("8D") in rnd.hand(0) and rnd.discard_pile == ()
    rnd.apply("discard KD")
    # The dealer now has an ordinary turn and may take the card just thrown.
    assert (rnd.phase, rnd.current_player) == ("draw", 1)
    assert set(rnd.legal_actions()) == {DrawStock(), TakeDiscard()}
    assert rnd.top_discard == Card.parse("KD")


def test_opening_non_dealer_passes_and_the_dealer_takes():
    rnd = moves(make_round(), "pass")
    assert (rnd.phase, rnd.current_player) == ("upcard_dealer", 1)
    rnd.apply("take")
    assert (rnd.phase, rnd.current_player) == ("discard", 1)
    rnd.apply("discard KH")
    assert (rnd.phase, rnd.current_player) == ("draw", 0)
    assert set(rnd.legal_actions()) == {DrawStock(), TakeDiscard()}


def test_opening_both_pass_and_the_non_dealer_must_draw_from_the_stock():
    rnd = moves(make_round(stock="2C"), "pass", "pass")
    assert (rnd.phase, rnd.current_player) == ("draw", 0)
    assert rnd.legal_actions() == (DrawStock(),)
    rejected(rnd, "take", "both players passed the upcard, so Player 0 must draw from the stock")
    rnd.apply("draw")
    assert Card.parse("2C") in rnd.hand(0)
    rnd.apply("discard 2C")  # a card drawn from the stock may go straight back out
    assert rnd.current_player == 1 and TakeDiscard() in rnd.legal_actions()
    assert [str(a) for _, a in rnd.history] == ["pass", "pass", "draw", "discard 2C"]


def test_the_upcard_decision_comes_first():
    rnd = make_round()
    rejected(rnd, "draw", "first the upcard 8♦: the non-dealer")
    rejected(rnd, "discard KD", "first the upcard")
    rnd.apply("pass")
    rejected(rnd, "draw", "the dealer \\(Player 1\\) may take it or pass")


# ------------------------------------------------------------------- ordinary turns


def test_the_card_just_taken_from_the_pile_may_not_be_thrown_back():
    rnd = moves(make_round(), "take")
    assert Discard(Card.parse("8D")) not in rnd.legal_actions()
    assert Knock(Card.parse("8D")) not in rnd.legal_actions()
    rejected(rnd, "discard 8D", "you just took 8♦ from the discard pile")
    rejected(rnd, "knock 8D", "you just took 8♦ from the discard pile")
    # Next turn the rule is lifted: player 1 takes K♦, player 0 may later throw 8♦.
    moves(rnd, "discard KD", "take", "discard TS", "draw")
    assert Discard(Card.parse("8D")) in rnd.legal_actions()


@pytest.mark.parametrize("setup, action, message", [
    ((), "discard KD", "first the upcard"),
    (("pass", "pass"), "discard KD", "you must draw before you discard"),
    (("pass", "pass"), "pass", "passing is only for the first upcard"),
    (("pass", "pass"), "lay off", "lay-offs come only after the other player knocks"),
    (("pass", "pass", "draw"), "draw", "you have already drawn this turn"),
    (("pass", "pass", "draw"), "take", "you have already drawn this turn"),
    (("pass", "pass", "draw"), "discard QD", "you cannot discard Q♦: it is not in your hand"),
    (("pass", "pass", "draw"), "knock 9C",
     "would be K♦ 10 \\+ 2♣ 2 \\+ 10♣ 10 \\+ J♣ 10 = 32, over the knock limit of 10"),
    (("pass", "pass", "draw"), "big gin", "big gin is not played under these rules"),
])
def test_illegal_moves_are_explained_and_change_nothing(setup, action, message):
    rnd = moves(make_round(stock="2C"), *setup)
    rejected(rnd, action, message)
    rejected(rnd, parse_action(action), message)


def test_acting_out_of_turn_is_refused():
    rnd = make_round()
    rejected(rnd, "pass", "it is Player 0's turn, not Player 1's", player=1)
    rnd.apply("pass", player=0)
    assert rnd.current_player == 1


def test_not_a_move_is_refused():
    rnd = make_round()
    for bad in ("jump", "discard", "discard 1H", "knock 7H melds 7S 7H 7D", 42):
        before = rnd.to_json()
        with pytest.raises(GinError):
            rnd.apply(bad)
        assert rnd.to_json() == before


# ---------------------------------------------------------------------- knocking


def test_knock_then_lay_off_settles_through_settle():
    rnd = moves(make_round(), "take")
    # After taking 8♦ and knocking with K♦: melds 777, 9-J♣, 3-5♥ and deadwood 8♦ = 8.
    assert Knock(Card.parse("KD")) in rnd.legal_actions()
    rnd.apply("knock KD")
    assert (rnd.phase, rnd.current_player, rnd.knocker) == ("layoff", 1, 0)
    assert rnd.legal_actions() == (LayOff(),)
    assert rnd.knock_card == Card.parse("KD") and rnd.knock_spread.deadwood == 8
    assert rnd.observation(1).knocker_spread == rnd.knock_spread
    rnd.apply("lay off")
    result = rnd.result
    # Player 1 lays off 8♣ on 9♣ 10♣ J♣: 33 - 8 = 25; the knocker scores 25 - 8 = 17.
    assert (result.outcome, result.winner, result.points, result.knocker) == ("knock", 0, 17, 0)
    assert result.settlement.laid_off_cards == (Card.parse("8C"),)
    assert rnd.is_over and rnd.current_player == -1 and rnd.legal_actions() == ()
    rejected(rnd, "draw", "the round is over")


def test_the_defender_may_choose_its_own_lay_offs():
    rnd = moves(make_round(), "take", "knock KD")
    rejected(rnd, LayOff(layoffs=["KH"]), "cannot all be laid off")
    rejected(rnd, LayOff(layoffs=["QS"]), "not in the hand")
    rnd.apply("lay off none")
    # Without the lay-off the defender keeps 33: the knocker scores 33 - 8 = 25.
    assert rnd.result.points == 25 and rnd.result.settlement.layoffs == ()


def test_the_defender_may_choose_its_own_melds():
    rnd = moves(make_round(), "take", "knock KD")
    # Spreading only the spades run leaves the queens as deadwood: 33 + 30 = 63. The best
    # lay-offs from the rest are 8♣ and Q♣, at both ends of 9♣ 10♣ J♣: 63 - 8 - 10 = 45.
    rnd.apply(LayOff(melds=["2S 3S 4S"]))
    assert rnd.result.settlement.defender_count == 45 and rnd.result.points == 45 - 8
    assert set(rnd.result.settlement.laid_off_cards) == cards("8C QC")
    bare = moves(make_round(), "take", "knock KD", "lay off none melds [2S 3S 4S]")
    assert bare.result.settlement.defender_count == 63


# 4♥ goes in 4♠ 4♥ 4♦ (deadwood 3♥ 5♥ A♣ = 9) or in 3♥ 4♥ 5♥ (deadwood 4♠ 4♦ A♣ = 9).
SPREAD_CHOICE = "4S 4H 4D 3H 5H 9C TC JC QC AC"
# Player 1: 6-8♠ and three jacks; deadwood 4♣ K♥ 5♦ 10♠ = 29, and 4♣ fits the fours.
FOURS_DEFENDER = "6S 7S 8S JD JH JS 4C KH 5D TS"


def test_by_default_the_knocker_spreads_from_its_own_cards_not_the_defenders():
    # docs/rules.md: at the table a knocker chooses from what it knows. Without a named spread
    # the round spreads the knocker's best arrangement, whatever the defender holds; settle alone
    # (the teaching view) may look at both hands.
    spreads = []
    for defender in (FOURS_DEFENDER, "6S 7S 8S JD JH JS 2C KH 5D TS"):
        rnd = make_round(SPREAD_CHOICE, defender, upcard="2D", stock="KS")
        moves(rnd, "pass", "pass", "draw", "knock KS", "lay off")
        spreads.append(rnd.knock_spread)
    assert spreads[0].melds == spreads[1].melds == best_arrangement(SPREAD_CHOICE).melds


def test_the_knocker_may_choose_its_spread():
    rnd = moves(make_round(SPREAD_CHOICE, FOURS_DEFENDER, upcard="2C", stock="KS"),
                "pass", "pass", "draw")
    rejected(rnd, Knock("KS", melds=["6S 7S 8S"]), "not in the knocker's hand")
    rejected(rnd, Knock("KS", melds=["3H 4H 5H", "4S 4D 4H"]), "in two of the knocker's melds")
    rejected(rnd, Knock("KS", melds=["9C TC JC QC"]), "over the knock limit of 10")
    with pytest.raises(CardError, match="is not a meld"):
        rnd.apply(Knock("KS", melds=["4S 4H 3H"]))
    chosen = Knock("KS", melds=["4S 4H 4D", "9C TC JC QC"])
    rnd.apply(chosen)
    assert [str(a) for _, a in rnd.history][-1] == "knock KS melds [4S 4H 4D] [9C TC JC QC]"
    rnd.apply("lay off")
    # Now 4♣ goes on the fours: 29 - 4 = 25 against 9, so the knocker scores only 16.
    assert rnd.result.settlement.laid_off_cards == (Card.parse("4C"),)
    assert rnd.result.points == 25 - 9


def test_gin_ends_the_round_at_once_with_no_lay_offs():
    rnd = moves(make_round(upcard="6H"), "take")
    rnd.apply("knock KD")
    # 6♥ extends 3-5♥: nothing left over. Gin bonus 25 + the defender's whole 33.
    assert rnd.is_over and rnd.result.outcome == "gin"
    assert rnd.result.points == 25 + 33 and rnd.result.settlement.layoffs == ()


def test_a_tie_is_an_undercut_by_default():
    p1 = "2S 3S 4S QD QH QC KS KH KC 5D"  # deadwood 5♦ = 5
    rnd = moves(make_round(p1=p1, upcard="5S"), "take", "knock KD", "lay off")
    # The knocker keeps 5♠ = 5 too: a tie; the defender scores 0 + the undercut bonus 25.
    result = rnd.result
    assert (result.outcome, result.winner, result.points) == ("undercut", 1, 25)


def test_a_tie_pays_nothing_when_the_table_says_so():
    p1 = "2S 3S 4S QD QH QC KS KH KC 5D"
    rules = Rules(undercut_on_tie=False)
    rnd = moves(make_round(p1=p1, upcard="5S", rules=rules), "take", "knock KD", "lay off")
    assert (rnd.result.outcome, rnd.result.winner, rnd.result.points) == ("tie", None, 0)


def test_a_lower_count_undercuts():
    p1 = "2S 3S 4S QD QH QC KS KH KC AD"  # deadwood A♦ = 1 against the knocker's 5
    rnd = moves(make_round(p1=p1, upcard="5S"), "take", "knock KD", "lay off")
    assert (rnd.result.outcome, rnd.result.winner, rnd.result.points) == ("undercut", 1, 4 + 25)


def test_big_gin_when_the_rules_allow_it():
    p0 = "7S 7H 7D 9C TC JC 3H 4H 5H 6H"  # all ten melded; 8♣ makes eleven
    p1 = "2S 3S 4S QD QH QC 8D KH 5D TS"  # 8 + 10 + 5 + 10 = 33
    plain = moves(make_round(p0, p1, upcard="8C"), "take")
    assert BigGin() not in plain.legal_actions()
    rejected(plain, "big gin", "big gin is not played under these rules")

    rnd = moves(make_round(p0, p1, upcard="8C", rules=Rules(big_gin_bonus=31)), "take")
    assert BigGin() in rnd.legal_actions()
    rnd.apply("big gin")
    assert (rnd.result.outcome, rnd.result.points) == ("big_gin", 31 + 33)
    assert len(rnd.hand(0)) == 11 and rnd.knock_card is None


def test_big_gin_needs_eleven_melded_cards():
    rnd = moves(make_round(rules=Rules(big_gin_bonus=31)), "take")
    assert BigGin() not in rnd.legal_actions()
    rejected(rnd, "big gin", "big gin needs all eleven cards in melds; your deadwood is 18")


def test_straight_gin_allows_only_gin():
    rules = Rules(straight_gin=True)
    rnd = moves(make_round(rules=rules), "take")
    assert rnd.knock_limit == 0
    assert not any(isinstance(a, Knock) for a in rnd.legal_actions())
    rejected(rnd, "knock KD", "Straight Gin ends only with gin")
    gin = moves(make_round(upcard="6H", rules=rules), "take", "knock KD")
    assert gin.result.outcome == "gin"


def test_oklahoma_ace_upcard_forces_gin():
    rules = Rules(oklahoma=True)
    rnd = moves(make_round(upcard="AD", rules=rules), "take")
    # Knocking with K♦ would leave only A♦ = 1, but an ace upcard means gin only.
    assert rnd.knock_limit == 0
    assert not any(isinstance(a, Knock) for a in rnd.legal_actions())
    rejected(rnd, "knock KD", "gin only \\(the first upcard was an ace\\)")
    gin = moves(make_round("7S 7H 7D 9C TC JC 2H 3H 4H KD", upcard="AH", rules=rules),
                "take", "knock KD")
    assert (gin.result.outcome, gin.result.points) == ("gin", 25 + 33)


def test_oklahoma_upcard_sets_the_knock_limit():
    rules = Rules(oklahoma=True)
    rnd = moves(make_round(upcard="8S", rules=rules), "take")
    assert rnd.knock_limit == 8
    # Discarding 7♠ breaks the sevens: 7♥ 7♦ 8♠ K♦ is far over 8.
    rejected(rnd, "knock 7S", "over the knock limit of 8")
    assert Knock(Card.parse("KD")) in rnd.legal_actions()  # leaves 8♠ = 8, exactly the limit


def test_oklahoma_spade_upcard_doubles_the_round():
    rules = Rules(oklahoma=True, oklahoma_spade_doubles=True)
    rnd = moves(make_round(upcard="8S", rules=rules), "take", "knock KD", "lay off")
    # As in the plain knock: 25 - 8 = 17, doubled by the spade upcard.
    assert rnd.multiplier == 2 and rnd.result.multiplier == 2
    assert rnd.result.settlement.points == 17 and rnd.result.points == 34
    heart = moves(make_round(upcard="8H", p0=KNOCKER.replace("3H 4H 5H", "3C 4C 5C"),
                             p1=DEFENDER, rules=rules), "take")
    assert heart.multiplier == 1


# --------------------------------------------------------------------- dead hand


def draw_and_throw_back(rnd):
    """Both players draw from the stock and discard the card they drew, so nobody improves."""
    while not rnd.is_over:
        if rnd.phase.startswith("upcard"):
            rnd.apply("pass")
            continue
        rnd.apply("draw")
        drawn = rnd.observation(rnd.current_player).drawn
        rnd.apply(Discard(drawn))


def test_dead_hand_when_the_stock_is_down_to_two():
    rnd = make_round()
    moves(rnd, "pass", "pass")
    stock_after_discards = []
    while not rnd.is_over:
        rnd.apply("draw")
        rnd.apply(Discard(rnd.observation(rnd.current_player).drawn))
        stock_after_discards.append(rnd.stock_size)
    # 31 cards: play goes on at 3 and stops right after the discard that leaves 2.
    assert stock_after_discards[-2:] == [3, 2] and rnd.turns == 29
    assert rnd.result.is_dead_hand and rnd.result.winner is None and rnd.result.points == 0


def test_the_player_who_draws_the_last_allowed_card_may_still_knock():
    # Player 0 holds 9 deadwood (9♦) and knocks with whatever the 29th card is.
    rnd = make_round(p0="7S 7H 7D 9C TC JC 3H 4H 5H 9D")
    moves(rnd, "pass", "pass")
    for _ in range(28):
        rnd.apply("draw")
        rnd.apply(Discard(rnd.observation(rnd.current_player).drawn))
    assert rnd.stock_size == 3 and rnd.current_player == 0
    rnd.apply("draw")
    rnd.apply(Knock(rnd.observation(0).drawn))
    assert rnd.phase == "layoff"


@pytest.mark.parametrize("dead_at, turns", [(0, 31), (10, 21)])
def test_dead_hand_stock_size_is_a_rule(dead_at, turns):
    rnd = make_round(rules=Rules(dead_hand_stock=dead_at))
    draw_and_throw_back(rnd)
    assert rnd.result.is_dead_hand and rnd.stock_size == dead_at and rnd.turns == turns


# ------------------------------------------------------------------- observations


def test_observation_hides_the_other_hand_and_the_stock():
    # Round b swaps one of player 1's cards (K♦) with the top of the stock (2♣).
    a = make_round(stock="2C", dealer=0, p0=DEFENDER, p1=KNOCKER)
    b = make_round(stock="KD", dealer=0, p0=DEFENDER, p1=KNOCKER.replace("KD", "2C"))
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)
    for rnd in (a, b):
        moves(rnd, "pass", "pass", "draw")  # player 1 draws the other card: hands now equal
    assert a.observation(0) == b.observation(0)
    assert a.observation(1).drawn != b.observation(1).drawn
    assert a.observation(0).drawn is None and a.observation(0).opponent_hand_size == 11


def test_observation_remembers_what_the_opponent_took_from_the_pile():
    rnd = moves(make_round(), "take", "discard KD")
    view = rnd.observation(1)
    assert view.opponent_took == (Card.parse("8D"),)
    assert view.opponent_known == (Card.parse("8D"),)
    assert view.opponent_discarded == (Card.parse("KD"),)
    assert view.top_discard == Card.parse("KD") and view.stock_size == 31
    assert set(view.hand) == cards(DEFENDER)
    assert rnd.observation(0).just_taken is None


def test_observation_lists_the_upcard_each_opponent_passed():
    rnd = moves(make_round(), "pass")  # player 0 (the non-dealer) passes 8♦
    assert rnd.observation(1).opponent_passed == (Card.parse("8D"),)
    assert rnd.observation(0).opponent_passed == ()
    moves(rnd, "pass", "draw")  # the forced draw after two passes declines nothing new
    assert rnd.observation(0).opponent_passed == (Card.parse("8D"),)
    assert rnd.observation(1).opponent_passed == (Card.parse("8D"),)


def test_observation_lists_my_discards_the_opponent_left_for_the_stock():
    rnd = moves(make_round(stock="2C 6D"), "take", "discard KD", "draw", "discard 2C")
    # Player 1 drew instead of taking K♦; player 0 then takes 2♣ back from the pile.
    assert rnd.observation(0).opponent_passed == (Card.parse("KD"),)
    moves(rnd, "take")
    assert rnd.observation(1).opponent_passed == ()
    assert rnd.observation(0).opponent_passed == (Card.parse("KD"),)


def passes_from_the_log(rnd, player):
    """What ``player`` declined, read from the events: the model opponent_passed must match."""
    passed, top, just_passed = [], rnd.upcard, False
    for event in rnd.events:
        if type(event.action) is PassUpcard and event.player == player:
            passed.append(top)
            just_passed = True
        elif type(event.action) is DrawStock and event.player == player:
            # The draw forced by two passes declines nothing new; a later draw declines the
            # top card, even the upcard come back (thrown again after it was taken).
            if not just_passed:
                passed.append(top)
            just_passed = False
        if type(event.action) in (Discard, Knock):
            top = event.card
            just_passed = False
    return tuple(passed)


@settings(max_examples=30)
@given(st.integers(0, 2**32))
@example(seed=85338969)  # the upcard passed, taken by the dealer, thrown again and declined
def test_opponent_passed_follows_the_log_in_random_rounds(seed):
    rnd = Round(seed)
    bots = (GreedyBot(), SimpleBot())
    while not rnd.is_over:
        for player in (0, 1):
            view = rnd.observation(player)
            assert view.opponent_passed == passes_from_the_log(rnd, 1 - player)
        mover = rnd.current_player
        rnd.apply(bots[mover].choose(rnd.observation(mover), rnd.legal_actions()))


def test_log_hides_the_opponents_stock_card():
    rnd = moves(make_round(stock="2C"), "pass", "pass", "draw")
    assert rnd.log()[-1] == "Player 0 draws 2♣ from the stock"
    assert rnd.log(viewer=1)[-1] == "Player 0 draws from the stock"
    assert rnd.log(viewer=0)[-1] == "Player 0 draws 2♣ from the stock"


# --------------------------------------------------------------------------- JSON


def saved(rnd):
    return json.loads(rnd.to_json())


def test_round_json_replays_exactly():
    rnd = moves(make_round(), "take", "knock KD")
    again = Round.from_json(rnd.to_json())
    assert again.to_json() == rnd.to_json() and again.phase == "layoff"
    again.apply("lay off")
    assert again.result.points == 17


def test_a_seeded_round_replays_from_its_seed():
    rnd = play(Round(seed=21), [GreedyBot(), GreedyBot()])
    data = saved(rnd)
    assert data["seed"] == 21
    assert Round.from_json(data).to_json() == rnd.to_json()
    stock = data["deal"]["stock"].split()
    stock[0], stock[1] = stock[1], stock[0]
    data["deal"]["stock"] = " ".join(stock)
    with pytest.raises(ReplayError, match="not the one seed 21 gives"):
        Round.from_json(data)


def _edited(rnd, edit):
    data = saved(rnd)
    edit(data)
    return json.dumps(data)


def _swap_first_cards(data):
    hand = data["deal"]["hands"][0].split()
    hand[0] = data["deal"]["hands"][1].split()[0]
    data["deal"]["hands"][0] = " ".join(hand)


@pytest.mark.parametrize("edit, error, message", [
    (_swap_first_cards, CardError, "is dealt twice"),
    (lambda d: d["deal"].update(stock=d["deal"]["stock"][3:]), CardError, "the deal is missing"),
    (lambda d: d["deal"]["hands"].__setitem__(0, d["deal"]["hands"][0][3:]), CardError,
     "hand has 9 cards"),
    (lambda d: d["deal"].update(hands=d["deal"]["hands"][:1]), ReplayError, "two hands"),
    (lambda d: d["moves"].append("fly"), ReplayError, "move 3 \\('fly'\\).*not a move"),
    (lambda d: d["moves"].extend(["take", "discard KD"]), ReplayError,
     "move 4 .*you just took K♦"),
    (lambda d: d["moves"].insert(0, "draw"), ReplayError, "move 1 \\('draw'\\)"),
    (lambda d: d["state"].update(phase="over"), ReplayError, "phase differs"),
    (lambda d: d["state"].update(hands=["AS", "2S"]), ReplayError, "hands\\[0\\] differs"),
    (lambda d: d["rules"].update(gin_bonus=-1), GinError, "gin_bonus cannot be negative"),
    (lambda d: d["rules"].update(wild_aces=2), ReplayError, "unknown rules field"),
    (lambda d: d.update(format="gin_teach.game"), ReplayError, "not a saved gin_teach round"),
    (lambda d: d.update(version=99), ReplayError, "unknown file version"),
    (lambda d: d.update(dealer=2), ReplayError, "dealer must be the player number 0 or 1"),
])
def test_a_damaged_round_file_is_refused(edit, error, message):
    rnd = moves(make_round(), "take", "discard KD")
    with pytest.raises(error, match=message):
        Round.from_json(_edited(rnd, edit))


def test_unreadable_json_is_refused():
    with pytest.raises(ReplayError, match="not readable JSON"):
        Round.from_json("{not json")
    with pytest.raises(ReplayError, match="not readable JSON"):
        Game.from_json("[1, 2")


def test_game_json_replays_and_refuses_tampering():
    game = Game(seed=4, rules=Rules(target=40))
    play(game, [GreedyBot(), GreedyBot()])
    text = game.to_json()
    assert Game.from_json(text).to_json() == text
    data = json.loads(text)
    data["scores"][0] += 1
    with pytest.raises(ReplayError, match=r"scores\[0\] differs .*\(43 saved, 42 replayed\)"):
        Game.from_json(data)
    data = json.loads(text)
    data["seed"] += 1
    with pytest.raises(GinError):
        Game.from_json(data)
    data = json.loads(text)
    data["rounds"].append(data["rounds"][-1])
    with pytest.raises(ReplayError, match="after the end of the game"):
        Game.from_json(data)


def test_an_unfinished_game_replays_mid_round():
    game = Game(seed=9)
    for action in ("pass", "pass", "draw"):
        game.apply(action)
    again = Game.from_json(game.to_json())
    assert again.to_json() == game.to_json() and again.phase == "discard"


# --------------------------------------------------------------------------- games


def test_first_dealer_is_the_low_card_and_ties_draw_again():
    seen_tie = False
    for seed in range(200):
        game = Game(seed=seed)
        *ties, (a, b) = game.cut
        assert all(x.rank == y.rank for x, y in ties)
        assert a.rank != b.rank
        assert game.first_dealer == (0 if a.rank < b.rank else 1)
        assert game.round.dealer == game.first_dealer
        seen_tie = seen_tie or bool(ties)
    assert seen_tie  # about one draw in thirteen ties, so 200 games see several


def test_winner_deals_next_and_same_dealer_after_a_dead_hand():
    game = Game(seed=3, first_dealer=1)
    draw_and_throw_back_in_game(game)
    assert game.rounds[0].result.is_dead_hand
    assert len(game.rounds) == 2 and game.round.dealer == 1 and game.scores == (0, 0)
    bots = [GreedyBot(), GreedyBot()]
    while not game.is_over:
        number = len(game.rounds)
        previous = game.round
        while len(game.rounds) == number and not game.is_over:
            player = game.current_player
            game.apply(bots[player].choose(game.observation(player), game.legal_actions()))
        if not game.is_over:
            winner = previous.result.winner
            expected = previous.dealer if winner is None else winner
            assert game.round.dealer == expected


def draw_and_throw_back_in_game(game):
    number = len(game.rounds)
    while len(game.rounds) == number:
        if game.phase.startswith("upcard"):
            game.apply("pass")
            continue
        game.apply("draw")
        game.apply(Discard(game.observation(game.current_player).drawn))


def test_scores_race_to_the_target_and_boxes_count_only_at_the_end():
    game = play(Game(seed=8), [GreedyBot(), GreedyBot()])
    scored = [r.result for r in game.rounds if r.result.winner is not None]
    race = [sum(r.points for r in scored if r.winner == p) for p in (0, 1)]
    assert game.scores == tuple(race)
    assert max(game.scores) >= 100 and game.winner == game.scores.index(max(game.scores))
    # The winner crossed the target in the last round only: before it, both were short.
    last = game.rounds[-1].result
    before = list(game.scores)
    before[last.winner] -= last.points
    assert max(before) < 100
    won = tuple(sum(r.winner == p for r in scored) for p in (0, 1))
    totals = game.totals()
    assert totals.rounds_won == won == game.rounds_won
    bonus = 200 if min(won) == 0 else 100
    loser = 1 - game.winner
    assert totals.total[game.winner] == game.scores[game.winner] + 25 * won[game.winner] + bonus
    assert totals.total[loser] == game.scores[loser] + 25 * won[loser]
    sheet = game.scoresheet()
    assert sheet.count("\n") >= len(game.rounds) + 4
    assert f"wins the game by {totals.margin}" in sheet
    with pytest.raises(IllegalMove, match="the game is over"):
        game.apply("draw")


def test_game_totals_bonuses_by_hand():
    # 4 rounds to 2: race 104 and 37; boxes 4 x 25 and 2 x 25; game bonus 100.
    totals = GameTotals.count((104, 37), (4, 2), Rules())
    assert totals.total == (104 + 100 + 100, 37 + 50) and not totals.shutout
    # Shutout: 3 rounds to none; the shutout game bonus is 200 instead.
    shut = GameTotals.count((0, 112), (0, 3), Rules())
    assert shut.winner == 1 and shut.shutout and shut.game_bonus == (0, 200)
    assert shut.total == (0, 112 + 75 + 200)
    # The doubling variant: the normal game bonus, then the winner's whole total doubled.
    doubled = GameTotals.count((0, 112), (0, 3), Rules(shutout_doubles=True))
    assert doubled.doubled and doubled.total == (0, (112 + 75 + 100) * 2)
    classic = GameTotals.count((104, 37), (4, 2), Rules.classic())
    assert classic.total == (104 + 80 + 100, 37 + 40)


def test_a_shutout_game():
    # A target of 1: the first round that scores ends the game, and the loser won nothing.
    game = play(Game(seed=2, rules=Rules(target=1)), [GreedyBot(), GreedyBot()])
    totals = game.totals()
    winner = game.winner
    assert totals.shutout and totals.game_bonus[winner] == 200
    assert totals.total[winner] == game.scores[winner] + 25 + 200
    assert "Shutout game bonus" in game.scoresheet()


def test_match_points_per_game_and_the_end_of_the_match():
    match = play(Match(seed=5, games=2, rules=Rules(target=30)), [GreedyBot(), GreedyBot()])
    assert len(match.games) == 2 and match.is_over
    expected = [0, 0]
    for game in match.games:
        for p in (0, 1):
            expected[p] += 25 * game.rounds_won[p] + (100 if game.winner == p else 0)
    assert match.match_points == tuple(expected)
    assert match.scoresheet().count("Game ") == 2
    short = play(Match(seed=5, games=None, points=150, rules=Rules(target=30)),
                 [GreedyBot(), GreedyBot()])
    assert max(short.match_points) >= 150
    assert max(short.match_points) - 150 < 100 + 25 * 10  # stopped after the game that crossed


def test_game_and_round_print_readably():
    game = Game(seed=1, names=("Ann", "Bob"))
    text = str(game)
    assert "Ann" in text and "deals" in text and "upcard" in text
    assert "deadwood" in str(game.round)
    assert "Ann drew" in game.scoresheet()


# ------------------------------------------------------------------------ actions


actions = st.one_of(
    st.sampled_from([PassUpcard(), TakeDiscard(), DrawStock(), BigGin(), LayOff()]),
    st.builds(Discard, st.sampled_from(Deck(seed=0).cards)),
    st.builds(Knock, st.sampled_from(Deck(seed=0).cards)),
    st.builds(Knock, st.just(Card.parse("KD")), st.just(["7S 7H 7D", "AC 2C 3C 4C"])),
    st.builds(LayOff, st.lists(st.sampled_from(Deck(seed=0).cards), unique=True, max_size=3),
              st.sampled_from([None, (), ["2S 3S 4S"]])),
)


@settings(max_examples=200)
@given(actions)
def test_every_action_reads_back_from_its_text(action):
    assert parse_action(str(action)) == action
    assert parse_action(str(action).upper()) == action


def test_long_forms_of_moves_are_understood():
    assert parse_action("  Draw   from the stock ") == DrawStock()
    assert parse_action("take the upcard") == TakeDiscard()
    assert parse_action("discard 10♦") == Discard(Card(10, "D"))
    with pytest.raises(IllegalMove, match="put each meld in brackets"):
        parse_action("knock 7H melds 7S 7D 7C")


def test_a_game_shows_its_scores_to_the_players_and_in_a_notebook():
    game = Game(seed=6, names=("Ann", "Bob"), rules=Rules(target=40))
    bots = [GreedyBot(), GreedyBot()]
    while len(game.rounds) < 3 and not game.is_over:
        player = game.current_player
        game.apply(bots[player].choose(game.observation(player), game.legal_actions()))
    assert game.observation(0).scores == game.observation(1).scores == game.scores
    page = game._repr_html_()
    assert "Ann" in page and "Bob" in page
    assert "Ann" in game.round._repr_html_()


# ------------------------------------------------------------------ a player called You


def test_messages_speak_to_a_player_named_you():
    rnd = make_round(stock="2C", names=("You", "Bob"))
    assert rnd.prompt() == "You (not the dealer) may take the upcard 8♦ or pass"
    moves(rnd, "pass", "pass")
    assert rnd.prompt() == "You draw from the stock (both players passed the upcard)"
    rejected(rnd, "take", "so you must draw from the stock this time")
    rejected(rnd, "draw", "^it is your turn, not Bob's$", player=1)
    moves(rnd, "draw")
    assert rnd.prompt() == "You discard a card (or knock)"
    moves(rnd, "discard 2C", "take", "discard KH", "take", "knock KD")
    rejected(rnd, "draw", "^You have knocked: Bob now spreads melds and lays off")
    rnd.apply("lay off")
    assert rnd.log() == [
        "You pass the upcard", "Bob passes the upcard", "You draw 2♣ from the stock",
        "You discard 2♣", "Bob takes 2♣ from the discard pile", "Bob discards K♥",
        "You take K♥ from the discard pile", "You knock, discarding K♦ face down",
        "Bob spreads melds and lays off",
        # You keep K♥ = 10; Bob keeps 8♣ 5♦ 10♠ 2♣ = 25 and lays 8♣ off on 9♣ 10♣ J♣: 17 - 10.
        "You knock and score 7"]
    assert str(rnd).startswith("Round: Bob deals")


def test_the_other_player_reads_you_in_the_middle_of_a_sentence():
    p1 = "2S 3S 4S QD QH QC KS KH KC AD"  # deadwood A♦ = 1 against the knocker's 5
    rnd = make_round(p1=p1, upcard="5S", names=("Ann", "You"))
    rejected(rnd, "pass", "^it is Ann's turn, not yours$", player=1)
    moves(rnd, "take", "knock KD")
    rejected(rnd, "draw", "^Ann has knocked: you now spread melds and lay off")
    assert rnd.prompt() == "You spread melds and lay off on the knocker's melds"
    rnd.apply("lay off")
    assert rnd.result.describe(rnd.names) == "Ann knocks; you undercut and score 29"
    assert Round(seed=3, dealer=1, names=("Ann", "You")).log() == []
    assert str(Round(seed=3, dealer=1, names=("Ann", "You"))).startswith("Round: You deal;")


def test_a_deal_names_the_hand_that_is_wrong_in_the_second_person_too():
    with pytest.raises(CardError, match=r"^your hand has 11 cards"):
        make_round(KNOCKER + " AC", names=("You", "Bob"))
    with pytest.raises(CardError, match="7♠ is dealt twice \\(your hand and Bob's hand\\)"):
        make_round(KNOCKER, DEFENDER.replace("TS", "7S"), names=("You", "Bob"))


def test_an_observation_prints_the_players_names():
    rnd = moves(make_round(names=("You", "Bob")), "take", "discard KD")
    text = str(rnd.observation(1))
    assert text.startswith("Bob sees: hand 2♠ 3♠ 4♠")
    assert "You hold 8♦ (taken from the pile)" in text
    assert text.endswith("phase draw, Bob to act")
    mine = str(rnd.observation(0))
    assert mine.startswith("You see: hand ") and mine.endswith("phase draw, Bob to act")
    assert "Player" not in text + mine
    in_game = str(Game(seed=1, names=("Ann", "Bob")).observation(0))
    assert "scores Ann 0, Bob 0" in in_game


def test_the_scoresheet_speaks_to_you():
    game = play(Game(seed=7, names=("You", "Bob")), [GreedyBot(), SimpleBot(seed=7)])
    sheet = game.scoresheet()
    # The README plays the same game as Ann: Ann wins it, by 150.
    assert "You drew 5♥, Bob drew A♣: Bob deals first (low card deals)" in sheet
    assert "You knock and score 8" in sheet and "Bob knocks and scores 25" in sheet
    assert sheet.endswith("You win the game by 150")
    with pytest.raises(IllegalMove, match=r"^the game is over: you won$"):
        game.apply("draw")
    assert "You deal first" in Game(seed=1, names=("You", "Bob"), first_dealer=0).scoresheet()


# ------------------------------------------------------- games from a deal, and copies


def test_a_game_can_start_from_a_given_deal():
    game = Game.from_deal([KNOCKER, DEFENDER], upcard="8D", stock="2C", dealer=1, seed=4,
                          names=("Ann", "Bob"))
    first = game.round
    assert set(first.hand(0)) == cards(KNOCKER) and set(first.hand(1)) == cards(DEFENDER)
    assert first.upcard == Card.parse("8D") and first.stock[0] == Card.parse("2C")
    assert (game.first_dealer, first.dealer, game.cut, first.scores) == (1, 1, (), (0, 0))
    moves(game, "take", "knock KD", "lay off")
    # As in test_knock_then_lay_off_settles_through_settle: Ann scores 17 and deals next.
    assert game.scores == (17, 0) and game.rounds_won == (1, 0)
    second = game.round
    assert len(game.rounds) == 2 and second.dealer == 0 and second.seed is not None
    # The rounds after the given one are dealt by the seed: the same whatever the rest of the
    # first stock was, different with another seed.
    def second_round(seed, fill_seed):
        other = Game.from_deal([KNOCKER, DEFENDER], upcard="8D", stock="2C", dealer=1,
                               seed=seed, fill_seed=fill_seed, names=("Ann", "Bob"))
        assert other.round.stock[0] == Card.parse("2C")
        return moves(other, "take", "knock KD", "lay off").round

    assert second_round(4, fill_seed=9).to_json() == second.to_json()
    assert second_round(5, fill_seed=0).hand(0) != second.hand(0)


def test_a_game_from_a_deal_replays_from_json_and_refuses_an_edited_deal():
    game = Game.from_deal([KNOCKER, DEFENDER], upcard="8D", dealer=1, seed=4)
    moves(game, "take", "knock KD", "lay off", "pass")
    text = game.to_json()
    again = Game.from_json(text)
    assert again.to_json() == text and again.scores == (17, 0)
    data = json.loads(text)
    data["first_deal"]["upcard"], data["rounds"][0]["deal"]["upcard"] = "5D", "5D"
    with pytest.raises(CardError, match="5♦ is dealt twice"):
        Game.from_json(data)
    data = json.loads(text)
    data["first_deal"] = None  # then round 1 must be the seed's own deal, and it is not
    with pytest.raises(ReplayError, match="round 1's deal is not the one"):
        Game.from_json(data)
    data = json.loads(text)
    data["first_dealer"] = None
    with pytest.raises(ReplayError, match="first deal needs its dealer"):
        Game.from_json(data)


def test_a_game_from_a_bad_deal_is_refused():
    with pytest.raises(CardError, match="Player 1's hand has 2 cards"):
        Game.from_deal([KNOCKER, "2S 3S"], upcard="8D")
    with pytest.raises(SetupError, match="first_dealer must be the player number 0 or 1"):
        Game.from_deal([KNOCKER, DEFENDER], upcard="8D", dealer=2)


def test_a_copy_of_a_game_plays_on_alone():
    game = Game(seed=6, rules=Rules(target=40))
    bots = [GreedyBot(), GreedyBot()]
    while len(game.rounds) < 3:
        player = game.current_player
        game.apply(bots[player].choose(game.observation(player), game.legal_actions()))
    before = game.to_json()
    copy = game.clone()
    assert copy.to_json() == before and copy.legal_actions() == game.legal_actions()
    play(copy, bots)
    assert copy.is_over and game.to_json() == before and not game.is_over
    # The copy deals the same rounds the original would: play the original on and compare.
    play(game, bots)
    assert game.to_json() == copy.to_json()


def test_is_legal_on_a_game_tries_the_move_on_a_copy():
    game = Game(seed=2)
    before = game.to_json()
    assert game.is_legal("pass") and not game.is_legal("draw") and not game.is_legal("fly")
    assert game.to_json() == before
    over = play(Game(seed=2, rules=Rules(target=1)), [GreedyBot(), GreedyBot()])
    assert not any(over.is_legal(move) for move in ("draw", "pass", "take", "lay off"))


# ------------------------------------------------------------------ a tie that is no undercut

# Player 0 knocks with 5♦ (deadwood 5); player 1 holds 5♠ outside its melds, and nothing lays
# off: the counts tie.
TIE_HANDS = ["7S 7H 7D 9C TC JC 3H 4H 5H 5D", "AS 2S 3S QD QH QC 6C 7C 8C 5S"]
TIE_MOVES = ("pass", "pass", "draw", "knock KD", "lay off")
NO_TIE_UNDERCUT = Rules(undercut_on_tie=False)


def tie_round(rules=NO_TIE_UNDERCUT, names=("Player 0", "Player 1")):
    return moves(make_round(*TIE_HANDS, upcard="KH", stock="KD", rules=rules, names=names),
                 *TIE_MOVES)


def test_a_tie_that_is_an_undercut_pays_the_defender():
    result = tie_round(Rules()).result
    assert (result.outcome, result.winner, result.points) == ("undercut", 1, 25)


def test_a_tie_that_is_no_undercut_has_no_winner_and_says_so():
    rnd = tie_round(names=("Ann", "You"))
    result = rnd.result
    assert (result.outcome, result.winner, result.points, result.knocker) == ("tie", None, 0, 0)
    assert not result.is_dead_hand and not result.has_winner
    assert result.describe(rnd.names) == "Ann knocks; the counts tie and nobody scores"
    assert rnd.log()[-1] == "Ann knocks; the counts tie and nobody scores"
    assert rnd.current_player == NO_PLAYER and rnd.is_over


def test_a_tie_round_saves_and_loads():
    rnd = tie_round()
    again = Round.from_json(rnd.to_json())
    assert again.result == rnd.result and again.to_json() == rnd.to_json()


def test_a_tie_in_a_game_scores_nothing_gives_no_box_and_the_dealer_deals_again():
    game = Game.from_deal(TIE_HANDS, upcard="KH", stock="KD", dealer=1, rules=NO_TIE_UNDERCUT,
                          names=("Ann", "Bob"), seed=3)
    for move in TIE_MOVES:
        game.apply(move)
    assert game.rounds[0].result.outcome == "tie"
    assert game.scores == (0, 0) and game.rounds_won == (0, 0)
    assert len(game.rounds) == 2 and game.round.dealer == 1  # no winner: same dealer
    sheet = game.scoresheet()
    assert "Ann knocks; the counts tie and nobody scores" in sheet
    assert game.totals().box_points == (0, 0)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_a_tie_does_not_break_a_shutout():
    game = Game.from_deal(TIE_HANDS, upcard="KH", stock="KD", dealer=1,
                          rules=NO_TIE_UNDERCUT.replace(target=1), seed=3)
    for move in TIE_MOVES:
        game.apply(move)
    bots = [GreedyBot(), GreedyBot()]
    while not game.is_over:
        player = game.current_player
        game.apply(bots[player].choose(game.observation(player), game.legal_actions()))
    totals = game.totals()
    # The tie counted for nobody, so the loser won no round: a shutout.
    assert totals.rounds_won[1 - totals.winner] == 0 and totals.shutout


def test_the_quick_observation_is_the_one_the_constructor_makes():
    rnd = play(Round(seed=9), [GreedyBot(), SimpleBot()])
    for player in (0, 1):
        view = rnd.observation(player)
        assert set(vars(view)) == {field.name for field in dataclasses.fields(view)}
        assert Observation(**vars(view)) == view
        assert hash(Observation(**vars(view))) == hash(view)

# --------------------------------------------- moves the rules forbid (from an adversarial read)

def test_a_knock_with_a_fake_meld_is_refused_and_changes_nothing():
    # Player 0 takes 8D and may knock with K♦ on 8 points; calling 3H 4H 5H 8D one "meld"
    # would turn the knock into a gin worth 25 + 33 instead of 33 - 8.
    rnd = Round.from_deal([KNOCKER, DEFENDER], upcard="8D", dealer=1)
    rnd.apply("take")
    before = rnd.to_json()
    with pytest.raises(CardError, match="not a meld"):
        rnd.apply("knock KD melds [7S 7H 7D] [9C TC JC] [3H 4H 5H 8D]")
    assert rnd.to_json() == before and rnd.phase == "discard"


def test_the_defender_cannot_spread_a_fake_meld():
    rnd = Round.from_deal([KNOCKER, DEFENDER], upcard="8D", dealer=1)
    rnd.apply("take")
    rnd.apply("knock KD")
    before = rnd.to_json()
    # 8C KH 5D is no meld; it would cut the defender's 25 after lay-offs to 2.
    with pytest.raises(CardError, match="not a meld"):
        rnd.apply(LayOff(layoffs=(), melds=["2S 3S 4S", "QD QH QC", "8C KH 5D"]))
    assert rnd.to_json() == before and rnd.phase == "layoff"


def test_big_gin_with_a_spread_that_leaves_deadwood_is_refused():
    # All eleven cards meld, but this spread leaves 6♥ out: that is no big gin, and as a knock
    # it would keep eleven cards without a discard.
    rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H 6H", DEFENDER], upcard="2H", dealer=1,
                          rules=Rules(big_gin_bonus=31))
    rnd.apply("take")
    before = rnd.to_json()
    with pytest.raises(IllegalMove, match="big gin"):
        rnd.apply("big gin melds [7S 7H 7D] [9C TC JC] [2H 3H 4H 5H]")
    assert rnd.to_json() == before and rnd.phase == "discard"


def test_the_defender_does_not_see_the_face_down_knock_card_while_it_answers():
    rnd = Round.from_deal([KNOCKER, DEFENDER], upcard="8D", dealer=1, names=("Ann", "Bob"))
    rnd.apply("take")
    rnd.apply("knock KD")
    bob_sees = rnd.log(viewer=1)
    assert not any("K♦" in line for line in bob_sees), bob_sees
    assert bob_sees[-1] == "Ann knocks, discarding a card face down"
    # The knocker knows its own card, and so does the whole-truth log.
    assert rnd.log(viewer=0)[-1] == "Ann knocks, discarding K♦ face down"
    assert rnd.log()[-1] == "Ann knocks, discarding K♦ face down"
    # Once the round is over the hands are shown and the card with them.
    rnd.apply("lay off")
    assert "Ann knocks, discarding K♦ face down" in rnd.log(viewer=1)


def test_stock_only_holds_for_the_one_draw_after_both_passed():
    rnd = Round(seed=4, dealer=1)
    assert not rnd.stock_only
    rnd.apply("pass")
    assert not rnd.stock_only
    rnd.apply("pass")
    assert rnd.stock_only and not rnd.is_legal("take")
    rnd.apply("draw")
    assert not rnd.stock_only and rnd.phase == "discard"
