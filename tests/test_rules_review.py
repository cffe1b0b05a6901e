"""Holes found by an adversarial read of the engine against RULES.md: each test is a move or
a value that the rules forbid (or a card a player may not see) and that got through."""

import pytest

from gin_teach import Card, IllegalMove, LayOff, Meld, Round, Rules, settle
from gin_teach.errors import CardError

KNOCKER = "7S 7H 7D 9C TC JC 3H 4H 5H KD"
DEFENDER = "2S 3S 4S QD QH QC 8C KH 5D TS"


# ------------------------------------------------------------------ melds that are not melds

@pytest.mark.parametrize("codes, kind", [
    ("2S 9H KD", "set"), ("3H 4H 5H 8D", "set"), ("3H 4H 5H", "set"), ("7S 7H 7D", "run"),
    ("QS KS AS", "run"), ("7S 7H", "set"),
])
def test_a_meld_built_by_hand_is_checked_too(codes, kind):
    # A fake meld would hide deadwood anywhere a spread is trusted: it cannot be built at all.
    cards = tuple(Card.parse(code) for code in codes.split())
    with pytest.raises(CardError, match="not a"):
        Meld(cards, kind)


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


# ------------------------------------------------------------------------------- big gin

BIG_GIN_HAND = "7S 7H 7D 9C TC JC 3H 4H 5H 6H"  # with 2H: eleven cards, all melded


def test_big_gin_with_a_spread_that_leaves_deadwood_is_refused():
    # All eleven cards meld, but this spread leaves 6♥ out: that is no big gin, and as a knock
    # it would keep eleven cards without a discard.
    rnd = Round.from_deal([BIG_GIN_HAND, DEFENDER], upcard="2H", dealer=1,
                          rules=Rules(big_gin_bonus=31))
    rnd.apply("take")
    before = rnd.to_json()
    with pytest.raises(IllegalMove, match="big gin"):
        rnd.apply("big gin melds [7S 7H 7D] [9C TC JC] [2H 3H 4H 5H]")
    assert rnd.to_json() == before and rnd.phase == "discard"


def test_settle_refuses_an_eleven_card_spread_with_deadwood():
    with pytest.raises(IllegalMove, match="big gin"):
        settle(BIG_GIN_HAND + " 2H", DEFENDER, Rules(big_gin_bonus=31),
               ["7S 7H 7D", "9C TC JC", "2H 3H 4H 5H"])


def test_big_gin_with_the_whole_hand_spread_still_scores():
    # The bonus 31 plus the defender's whole 33 (8C KH 5D TS), no lay-offs.
    result = settle(BIG_GIN_HAND + " 2H", DEFENDER, Rules(big_gin_bonus=31),
                    ["7S 7H 7D", "9C TC JC", "2H 3H 4H 5H 6H"])
    assert (result.outcome, result.points, result.layoffs) == ("big_gin", 64, ())


# ------------------------------------------------------------- the face-down knock discard

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
