import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_teach import Card, CardError, Hand, full_deck, parse_cards, settle
from tests.brute import brute_deadwood


def test_a_hand_is_a_tuple_of_cards_that_goes_anywhere_cards_go():
    hand = Hand("7S 7H 7D 8H 9H KC")
    assert isinstance(hand, tuple) and hand == parse_cards("7S 7H 7D 8H 9H KC")
    assert hand[0] is Card(7, "S") and Hand(hand) == hand and Hand() == ()
    assert repr(hand) == "Hand('7S 7H 7D 8H 9H KC')" and str(hand) == "7♠ 7♥ 7♦ 8♥ 9♥ K♣"
    assert settle(Hand("7S 7H 7D 9C TC JC 3H 4H 5H 8D"),
                  Hand("2S 3S 4S QD QH QC 8C KH 5D TS")).points == 17


def test_bad_hands_are_refused():
    with pytest.raises(CardError, match="twice"):
        Hand("7S 7S")
    with pytest.raises(CardError, match="'ZZ'"):
        Hand("7S ZZ")


def test_a_hand_shows_as_its_cards():
    hand = Hand("AS TD KC")
    svg = ET.fromstring(hand._repr_html_())
    shown = [g.get("data-card") for g in svg.iter() if g.get("data-card")]
    assert shown == ["AS", "TD", "KC"]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(full_deck()), unique=True, max_size=11))
def test_deadwood_and_arrangement_agree_with_brute_force(cards):
    hand = Hand(cards)
    assert hand.deadwood == hand.arrangement.deadwood == brute_deadwood(tuple(cards))
    assert hand.points == sum(c.points for c in cards)
    assert hand.sorted() == tuple(sorted(cards))


def test_card_text_is_in_a_hand():
    hand = Hand("7S 7H 8D")
    assert "7h" in hand and "♦8" in hand and "9H" not in hand
    with pytest.raises(CardError, match="'7X' is not a card"):
        assert "7X" in hand
