from itertools import combinations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gin_teach import (
    Card,
    CardError,
    IllegalMove,
    Meld,
    Rules,
    best_arrangement,
    best_discards,
    deadwood,
    extend_meld,
    full_deck,
    layoff_options,
    parse_cards,
    settle,
)
from tests.brute import brute_deadwood
from tests.conftest import DEFENDER, KNOCKER


def test_seed_000_knock_worth_17():
    # Seed 000's first worked example: the knocker spreads three melds with the eight of
    # diamonds loose; the defender lays the eight of clubs off on the club run.
    result = settle(KNOCKER, DEFENDER)
    assert (result.knocker_count, result.defender_count_before_layoffs) == (8, 33)
    assert result.laid_off_cards == (Card(8, "C"),)
    assert result.defender_count == 25
    assert (result.outcome, result.winner, result.points) == ("knock", "knocker", 17)
    # No bonus is involved, so every preset agrees.
    assert {settle(KNOCKER, DEFENDER, r).points for r in Rules.presets().values()} == {17}


def test_seed_000_undercut_worth_12_under_classic():
    # Knocker on 9 (the nine of diamonds); defender on 12, of which 2 and 3 of spades (5 points)
    # chain onto the knocker's spade run: 9 against 7.
    knocker = "4S 5S 6S 8H 8D 8C JC QC KC 9D"
    defender = "2S 3S 7D TH JH QH KH 5H 5D 5C"
    result = settle(knocker, defender, Rules.classic())
    assert (result.knocker_count, result.defender_count_before_layoffs) == (9, 12)
    assert sorted(result.laid_off_cards) == sorted(parse_cards("2S 3S"))
    assert result.defender_count == 7
    assert (result.outcome, result.winner, result.points) == ("undercut", "defender", 12)
    assert settle(knocker, defender).points == 2 + 25


# Seed 001's examples with the modern 25-point bonuses: the knocker holds 2, 3, 4 loose (9).
KNOCKER_001 = "7S 8S 9S TS JH JD JC 2C 3D 4H"


def test_seed_001_knock_difference():
    result = settle(KNOCKER_001, "AC AD AH 5C 6C 7C 8C KD 9H 6D")
    assert (result.knocker_count, result.defender_count, result.points) == (9, 25, 16)


def test_seed_001_undercut_worth_27():
    result = settle(KNOCKER_001, "AC AD AH 5C 6C 7C 8C 9C 2S 5D")
    assert (result.outcome, result.winner, result.defender_count) == ("undercut", "defender", 7)
    assert result.points == 9 - 7 + 25 == 27


def test_seed_001_gin_worth_40():
    gin = "7S 8S 9S TS JH JD JC 2C 3C 4C"
    defender = "AD AH AS 5D 6D 7D 8D 9D 9H 6H"
    result = settle(gin, defender)
    assert (result.outcome, result.winner, result.defender_count) == ("gin", "knocker", 15)
    assert result.points == 15 + 25 == 40 and result.layoffs == ()


def test_seed_001_fourteen_down_to_nine():
    hand = parse_cards("7S 8S 9S TS JH JD JC 2C 3D 4H 5D")
    assert deadwood(hand) == 14
    best = best_discards(hand)
    assert [(o.card, o.deadwood, o.ends) for o in best] == [(Card(5, "D"), 9, "knock")]
    assert best_discards(hand, Rules(knock_limit=9))[0].ends == "knock"  # "less than 10"


def test_gin_cannot_be_undercut_and_takes_no_layoffs():
    gin = "7S 8S 9S TS JH JD JC 2C 3C 4C"
    defender = "6S JS 5C AD AH AS 2D 3D 4D KH"
    result = settle(gin, defender)
    assert result.laid_off_cards == () and result.defender_count == deadwood(defender) == 31
    assert result.points == 25 + 31
    with pytest.raises(IllegalMove, match="no lay-offs against gin"):
        settle(gin, "6S JS 5C AD AH AS 2D 3D 4D KH", layoffs=["6S"])
    perfect = settle(gin, "AD AH AS 2D 3D 4D 5D 6H 7H 8H")
    assert (perfect.outcome, perfect.winner, perfect.points) == ("gin", "knocker", 25)


def test_tie_is_an_undercut_unless_the_variant_says_otherwise():
    knocker = "4S 5S 6S 8H 8D 8C JC QC KC 5H"
    defender = "AD AH AC 2D 3D 4D 9H TH JH 5C"
    assert settle(knocker, defender).defender_count == 5
    tie = settle(knocker, defender)
    assert (tie.outcome, tie.winner, tie.points) == ("undercut", "defender", 25)
    strict = settle(knocker, defender, Rules(undercut_on_tie=False))
    assert (strict.outcome, strict.winner, strict.points) == ("tie", None, 0)
    assert strict.summary == ("Knocker 5, defender 5: a tie, and these rules pay no undercut on "
                              "a tie: nobody wins the round")
    assert "nobody wins the round" in strict._repr_html_()


def test_big_gin_only_when_enabled():
    eleven = "7S 8S 9S TS JH JD JC 2C 3C 4C 5C"
    defender = "AD AH AS 2D 3D 4D 5D 6H 7H KH"
    with pytest.raises(IllegalMove, match="big gin"):
        settle(eleven, defender)
    result = settle(eleven, defender, Rules(big_gin_bonus=31))
    assert (result.outcome, result.points) == ("big_gin", 31 + 23)


def test_knocker_over_the_limit_or_with_a_bad_spread():
    with pytest.raises(IllegalMove, match="over the knock limit of 10"):
        settle("7S 7H 7D 9C TC JC 3H 4H 2D KD", DEFENDER)
    with pytest.raises(IllegalMove, match="over gin only"):
        settle(KNOCKER, DEFENDER, Rules(straight_gin=True))
    with pytest.raises(IllegalMove, match="knock limit of 5"):
        settle(KNOCKER, DEFENDER, knock_limit=5)
    with pytest.raises(CardError, match="not a meld"):
        settle(KNOCKER, DEFENDER, knocker_melds=["7S 7H 9C"])
    with pytest.raises(IllegalMove, match="not in the knocker's hand"):
        settle(KNOCKER, DEFENDER, knocker_melds=["7S 7H 7C"])
    with pytest.raises(IllegalMove, match="over the knock limit"):
        settle(KNOCKER, DEFENDER, knocker_melds=["7S 7H 7D"])
    with pytest.raises(CardError, match="both hands"):
        settle(KNOCKER, "7S 3S 4S QD QH QC 8C KH 5D TS")
    with pytest.raises(CardError, match="10 cards"):
        settle(KNOCKER, "2S 3S")


def test_knocker_spreads_what_leaves_the_fewest_layoffs():
    # Set of fours or heart run: both leave 8. The defender's four of clubs fits only the set.
    knocker = "4S 4H 4D 3H 5H 9C TC JC QC KC"
    defender = "4C 2S 7S 9S JS KS 2D 6D 8D QD"
    result = settle(knocker, defender)
    assert [str(m) for m in result.knocker_arrangement.melds][0] == "3♥ 4♥ 5♥"
    assert result.layoffs == ()
    chosen = settle(knocker, defender, knocker_melds=["4S 4H 4D", "9C TC JC QC KC"])
    assert chosen.laid_off_cards == (Card(4, "C"),)
    assert chosen.points < result.points


def test_defender_may_choose_its_own_melds_and_layoffs():
    chosen = settle(KNOCKER, DEFENDER, defender_melds=["2S 3S 4S"], layoffs=[])
    assert chosen.defender_count == 33 + 30  # the queens stay loose and nothing is laid off
    assert chosen.points == chosen.defender_count - 8
    # Without its set of queens the defender can lay off the queen of clubs as well.
    around = settle(KNOCKER, DEFENDER, defender_melds=["2S 3S 4S"])
    assert sorted(around.laid_off_cards) == sorted(parse_cards("8C QC"))
    assert around.defender_count == 33 + 30 - 8 - 10
    with pytest.raises(IllegalMove, match="cannot all be laid off"):
        settle(KNOCKER, DEFENDER, layoffs=["KH"])
    with pytest.raises(IllegalMove, match="not in the hand"):
        settle(KNOCKER, DEFENDER, layoffs=["7C"])


def test_chained_layoffs_and_the_fourth_of_a_set():
    spread = [Meld.of("5H 6H 7H"), Meld.of("9S 9D 9C")]
    assert [str(m) for m in layoff_options(spread, "9H")] == ["9♠ 9♦ 9♣"]
    assert layoff_options(spread, "9H") and not layoff_options(spread, "TH")
    longer = extend_meld(extend_meld(spread[0], "8H"), "9H")
    assert str(longer) == "5♥ 6♥ 7♥ 8♥ 9♥"
    with pytest.raises(IllegalMove, match="already in"):
        extend_meld(Meld.of("9S 9D 9C 9H"), "9S")
    knocker = "5H 6H 7H 9S 9D 9C AC 2C 3C 4D"
    result = settle(knocker, "8H 9H KS QS JD 2D 4S 6C 8C TC")
    assert sorted(result.laid_off_cards) == sorted(parse_cards("8H 9H"))
    # With the ten of hearts too, the defender's own run 8-9-10 saves just as much.
    own_run = settle(knocker, "8H 9H TH KS QS JD 2D 4S 6C 8C")
    assert own_run.layoffs == () and own_run.defender_count == deadwood("KS QS JD 2D 4S 6C 8C")


def test_settlement_reads_as_arithmetic():
    text = settle(KNOCKER, DEFENDER).explain()
    assert "8♣ onto 9♣ 10♣ J♣" in text and "33 - 8 = 25" in text and "25 - 8 = 17" in text
    undercut = settle("4S 5S 6S 8H 8D 8C JC QC KC 9D", "2S 3S 7D TH JH QH KH 5H 5D 5C",
                      Rules.classic()).explain()
    assert "undercut" in undercut and "9 - 7 + the undercut bonus 10 = 12" in undercut


# --- property test: settle against a brute-force defender -------------------------------------

def _can_lay_off(melds: list[Meld], cards: tuple[Card, ...]) -> bool:
    """Brute force: try every order of placing every card on every meld."""
    if not cards:
        return True
    for i, card in enumerate(cards):
        for j, meld in enumerate(melds):
            try:
                grown = extend_meld(meld, card)
            except IllegalMove:
                continue
            if _can_lay_off(melds[:j] + [grown] + melds[j + 1:], cards[:i] + cards[i + 1:]):
                return True
    return False


LOW_BAND = [c for c in full_deck() if c.rank <= 6]


# Most low-card hands are not knockable, and a loaded machine is slow: neither is a failure.
@pytest.mark.slow
@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(st.permutations(LOW_BAND), st.permutations(full_deck()))
def test_defender_count_matches_brute_force(band, deck):
    knocker = tuple(band[:10])  # low cards: knockable hands are common
    defender = tuple(c for c in deck if c not in knocker)[:10]
    arrangement = best_arrangement(knocker)
    assume(0 < arrangement.deadwood <= 10)
    result = settle(knocker, defender, knocker_melds=[m.cards for m in arrangement.melds])
    melds = list(arrangement.melds)
    touching = [c for c in defender if layoff_options(melds, c) or any(
        c.suit == m.cards[0].suit and m.kind == "run" for m in melds)]
    best = min(brute_deadwood(tuple(c for c in defender if c not in laid))
               for size in range(len(touching) + 1) for laid in combinations(touching, size)
               if _can_lay_off(melds, laid))
    assert result.defender_count == best
    assert result.defender_count + sum(c.points for c in result.laid_off_cards) == \
        result.defender_count_before_layoffs
    assert _can_lay_off(melds, result.laid_off_cards)
    k, d = result.knocker_count, result.defender_count
    assert result.points == (d - k if k < d else k - d + 25)


def test_a_spread_that_is_not_a_list_of_melds_gets_a_card_error():
    for melds in (7, "7S 7H 7D"):
        with pytest.raises(CardError, match="list of melds"):
            settle(KNOCKER, DEFENDER, knocker_melds=melds)  # type: ignore[arg-type]
    with pytest.raises(CardError, match=r"^an empty meld is not a meld"):
        settle(KNOCKER, DEFENDER, knocker_melds=[[]])


def test_card_text_and_wrong_types_in_lay_off_helpers():
    from gin_teach import best_layoffs, extend_meld, layoff_options
    spread = [Meld.of("7S 7H 7D")]
    assert layoff_options(spread, "7C") == tuple(spread)
    with pytest.raises(CardError, match="card must be a card such as 7H, got 7"):
        layoff_options(spread, 7)
    with pytest.raises(CardError, match="card must be a card"):
        extend_meld(spread[0], None)
    with pytest.raises(CardError, match="melds must be a list of melds"):
        layoff_options("7S 7H 7D", "7C")
    with pytest.raises(CardError, match="knocker_melds must be a list of melds"):
        best_layoffs("7S 7H 7D", "2S 3S 4S QD QH QC 8C KH 5D 7C")
    with pytest.raises(CardError, match="defender must be cards"):
        best_layoffs(spread, 5)


def test_settle_names_the_hand_that_is_wrong_and_reads_lay_offs_as_text():
    knocker, defender = "7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS"
    with pytest.raises(CardError, match="defender must be cards"):
        settle(knocker, 10)
    with pytest.raises(CardError, match="knocker must hold cards"):
        settle([1] * 10, defender)
    result = settle(knocker, defender, layoffs="8C")
    assert result.laid_off_cards == (Card(8, "C"),)


def test_a_huge_spread_text_is_quoted_short():
    with pytest.raises(CardError, match="knocker_melds must be a list of melds") as refused:
        settle("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS",
               knocker_melds="7S 7H 7D " * 100_000)
    assert len(str(refused.value)) < 300


# ------------------------------------------------------------ the knocker's choice of spread

def _knocker_net(result):
    """What the round is worth to the knocker: its points, minus the defender's, 0 for a tie."""
    return {"knocker": result.points, "defender": -result.points, None: 0}[result.winner]


def test_the_knocker_may_keep_a_run_as_deadwood_to_block_layoffs():
    # docs/rules.md's example: the optimal spread (A♥ 2♥ 3♥ run, deadwood 4♠ = 4) lets the
    # defender lay off 4♥ 5♥ and scores 10; the four 3s with A♥ 2♥ kept as deadwood score 16.
    knocker, defender = "AH 2H 3H 3S 3D 3C 9C 9D 9S 4S", "4H 5H KS KD KC QS QD QH 8C 6D"
    optimal = settle(knocker, defender, knocker_melds=["AH 2H 3H", "3S 3D 3C", "9C 9D 9S"])
    assert optimal.points == 10 and optimal.laid_off_cards == (Card(4, "H"), Card(5, "H"))
    result = settle(knocker, defender)
    assert result.points == 16 and result.knocker_count == 7 and result.layoffs == ()
    assert [str(m) for m in result.knocker_arrangement.melds] == ["3♠ 3♥ 3♦ 3♣", "9♠ 9♦ 9♣"]
    # Under a knock limit of 6 the blocking spread (7) is not allowed: back to the run.
    assert settle(knocker, defender, knock_limit=6).points == 10


def test_equal_scores_go_to_the_spread_with_less_deadwood():
    # Dropping 10♠ from the run would block the defender's J♠, but costs as much as it saves
    # (10 each): the same margin, so the optimal spread stays.
    knocker, defender = "7S 8S 9S TS 2H 2D 2C 3D AC 4H", "JS KH KD KC 5H 6D 8D 9C TC 4C"
    rules = Rules(knock_limit=20)
    result = settle(knocker, defender, rules)
    assert result.knocker_count == 8 and result.laid_off_cards == (Card(11, "S"),)
    blocked = settle(knocker, defender, rules, knocker_melds=["7S 8S 9S", "2H 2D 2C"])
    assert blocked.layoffs == () and blocked.knocker_count == 18
    assert _knocker_net(blocked) == _knocker_net(result)


def _every_spread(cards, melds, start=0, used=0):
    """Every set of disjoint melds of the hand (by brute force, not the solver's search)."""
    yield []
    for i in range(start, len(melds)):
        if not melds[i].mask & used:
            for rest in _every_spread(cards, melds, i + 1, used | melds[i].mask):
                yield [melds[i], *rest]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.sampled_from("SHDC"), st.permutations(full_deck()))
def test_the_default_spread_scores_the_knocker_most(low, suit, deck):
    # Deals where blocking can pay: the knocker's run shares its top card with a set of four,
    # and the defender holds the next two cards of the run; the rest is random.
    from gin_teach import find_melds
    run = [Card(rank, suit) for rank in (low, low + 1, low + 2)]
    knocker_start = run + [Card(low + 2, other) for other in "SHDC" if other != suit]
    defender_start = [Card(low + 3, suit), Card(low + 4, suit)]
    rest = [c for c in deck if c not in knocker_start + defender_start]
    knocker, defender = tuple(knocker_start + rest[:4]), tuple(defender_start + rest[4:12])
    assume(deadwood(knocker) > 0)
    # A knock limit the hand meets, with room for spreads that are not optimal.
    rules = Rules(knock_limit=deadwood(knocker) + 20)
    result = settle(knocker, defender, rules)
    scores = []
    for spread in _every_spread(knocker, list(find_melds(knocker))):
        if sum(c.points for c in knocker) - sum(m.points for m in spread) <= rules.knock_limit:
            scores.append(_knocker_net(settle(knocker, defender, rules, knocker_melds=spread)))
    assert _knocker_net(result) == max(scores)
    assert result.knocker_count <= rules.knock_limit


# ------------------------------------------------------------------------------- big gin

BIG_GIN_HAND = "7S 7H 7D 9C TC JC 3H 4H 5H 6H"  # with 2H: eleven cards, all melded


def test_settle_refuses_an_eleven_card_spread_with_deadwood():
    with pytest.raises(IllegalMove, match="big gin"):
        settle(BIG_GIN_HAND + " 2H", DEFENDER, Rules(big_gin_bonus=31),
               ["7S 7H 7D", "9C TC JC", "2H 3H 4H 5H"])


def test_big_gin_with_the_whole_hand_spread_still_scores():
    # The bonus 31 plus the defender's whole 33 (8C KH 5D TS), no lay-offs.
    result = settle(BIG_GIN_HAND + " 2H", DEFENDER, Rules(big_gin_bonus=31),
                    ["7S 7H 7D", "9C TC JC", "2H 3H 4H 5H 6H"])
    assert (result.outcome, result.points, result.layoffs) == ("big_gin", 64, ())


def test_a_chained_lay_off_is_said_onto_the_meld_as_it_stands_by_then():
    # The 8♥ fits 4♥ 5♥ 6♥ only once the 7♥ is on, so the summary must not say "8♥ onto 4♥ 5♥ 6♥".
    result = settle("4H 5H 6H 9S 9D 9C QS QD QC AS", "2H 3H 7H 8H KC 2C 3D 5S TS JS")
    line = next(text for text in str(result).splitlines() if text.startswith("Defender lays"))
    assert "8♥ onto 4♥ 5♥ 6♥:" not in line and "8♥ onto 4♥ 5♥ 6♥," not in line
    assert "8♥ onto 2♥ 3♥ 4♥ 5♥ 6♥ 7♥" in line or "8♥ onto 4♥ 5♥ 6♥ 7♥" in line
    assert sorted(result.laid_off_cards) == sorted(parse_cards("2H 3H 7H 8H"))
