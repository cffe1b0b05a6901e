import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_teach import Card, CardError, Deck, GinError, full_deck, parse_cards, to_cards
from gin_teach.core.cards import cards_from_mask, hand_mask


def test_every_written_form_of_the_seven_of_hearts():
    for text in ["7H", "7h", "7♥", "♥7", "♥️7", "7♥️", "7♡"]:
        assert parse_cards(text) == (Card(7, "H"),), text


def test_ten_forms_are_one_card():
    assert parse_cards("10H")[0] is parse_cards("TH")[0] is parse_cards("th")[0] is Card(10, "H")
    assert [c.points for c in parse_cards("AS 9S TS JS QS KS")] == [1, 9, 10, 10, 10, 10]


def test_separators_and_mixed_forms():
    cards = parse_cards(" 7H,8h  ♥9 , 10♥,♥️J ")
    assert [c.code for c in cards] == ["7H", "8H", "9H", "TH", "JH"]
    assert parse_cards("") == ()


@pytest.mark.parametrize("text, named", [
    ("7H 1H", "'1H'"), ("11H", "'11H'"), ("7X", "'7X'"), ("ZH", "'ZH'"), ("H", "'H'"),
    ("7", "'7'"), ("7HH", "'7HH'"), ("♥♥7", "'♥♥7'"),
])
def test_bad_tokens_are_named(text, named):
    with pytest.raises(CardError, match=named):
        parse_cards(text)


@pytest.mark.parametrize("text", ["7H,,8H", "7H, ,8H", ",7H", "7H,"])
def test_empty_tokens_are_rejected(text):
    with pytest.raises(CardError, match="empty card"):
        parse_cards(text)


def test_duplicates_are_rejected_in_any_spelling():
    with pytest.raises(CardError, match="twice"):
        parse_cards("7H 8H ♥7")
    with pytest.raises(CardError, match="twice"):
        to_cards([Card(7, "H"), Card(7, "H")])


def test_errors_are_value_errors_and_gin_errors():
    with pytest.raises(ValueError):
        parse_cards("nonsense")
    assert issubclass(CardError, GinError)
    with pytest.raises(CardError):
        parse_cards(123)  # type: ignore[arg-type]
    with pytest.raises(CardError):
        to_cards([1, 2, 3])  # type: ignore[list-item]


def test_card_construction_is_checked():
    for rank, suit in [(0, "H"), (14, "H"), (7, "X"), (7, ""), (True, "H")]:
        with pytest.raises(CardError):
            Card(rank, suit)


def test_card_is_immutable_and_canonical():
    card = Card(7, "H")
    with pytest.raises(AttributeError):
        card.rank = 8  # type: ignore[misc]
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert {card: 1}[Card.parse("7h")] == 1


def test_order_is_suit_then_rank():
    deck = full_deck()
    assert list(deck) == sorted(deck)
    assert deck[0] == Card(1, "S") and deck[12] == Card(13, "S") and deck[13] == Card(1, "H")
    assert sorted(parse_cards("KS AH 2S")) == list(parse_cards("2S KS AH"))


def test_text_forms():
    card = Card(10, "D")
    assert (str(card), card.code, repr(card), card.name) == (
        "10♦", "TD", "Card('TD')", "ten of diamonds")
    assert Card.parse(card.code) is card and Card.parse(str(card)) is card


@given(st.lists(st.sampled_from(full_deck()), unique=True))
def test_text_round_trip_and_masks(cards):
    text = " ".join(str(c) for c in cards)
    assert parse_cards(text) == tuple(cards)
    assert parse_cards(", ".join(c.code for c in cards)) == tuple(cards)
    assert cards_from_mask(hand_mask(cards)) == tuple(sorted(cards))


def test_deck_is_seeded_and_deals_in_turn():
    deck = Deck(seed=3)
    order = deck.cards
    first, second = deck.deal(2, 10)
    assert first == order[0:20:2] and second == order[1:20:2]
    assert len(deck) == 32 and deck.draw() == order[20]
    assert Deck(seed=3).cards == order and Deck(seed=4).cards != order
    assert sorted(order) == list(full_deck())
    with pytest.raises(CardError):
        deck.deal(2, 20)


@pytest.mark.parametrize("seed", [[1], "7", 1.5, True, object()])
def test_a_deck_seed_that_is_no_number_is_refused(seed):
    from gin_teach.errors import SetupError
    with pytest.raises(SetupError, match="seed must be a whole number"):
        Deck(seed=seed)


@pytest.mark.parametrize("mask", [-1, 1 << 54, 1 << 60, 3.0, True, "5"])
def test_a_mask_outside_the_54_cards_is_refused(mask):
    with pytest.raises(CardError, match="a card mask is a whole number from 0 to 2\\*\\*54 - 1"):
        cards_from_mask(mask)


@pytest.mark.parametrize("index", [1.0, True, -1, 54, "3"])
def test_a_card_index_must_be_a_whole_number_in_the_deck(index):
    with pytest.raises(CardError, match=r"card index must be a whole number 0\.\.53"):
        Card.from_index(index)


def test_to_card_reads_text_and_names_the_argument():
    from gin_teach.core.cards import to_card
    assert to_card("10d") is Card(10, "D") and to_card(Card(1, "S")) is Card(1, "S")
    with pytest.raises(CardError, match="upcard must be a card such as 7H, got 7"):
        to_card(7, "upcard")
    with pytest.raises(CardError, match="expected one card, got 2"):
        to_card("7H 8H")


def test_to_cards_names_the_argument():
    with pytest.raises(CardError, match="knocker must be cards or text"):
        to_cards(5, "knocker")
    with pytest.raises(CardError, match="hand must hold cards or card texts such as '7H', got 5"):
        to_cards(["7H", 5])


@pytest.mark.parametrize("call", [
    lambda big: parse_cards(big),
    lambda big: parse_cards("7H " + big.replace(" ", "")),
    lambda big: parse_cards(",," + big),
    lambda big: Card.parse("7H 8H" + " " * len(big)),
    lambda big: to_cards([big.split()]),
], ids=["duplicate", "long token", "empty piece", "one card", "not a card"])
def test_an_error_quotes_a_bounded_excerpt_of_a_huge_input(call):
    big = " ".join(["7H", "8H", "9H"] * 300_000)  # about 2.7 MB of card text
    with pytest.raises(CardError) as refused:
        call(big)
    assert len(str(refused.value)) < 300, str(refused.value)[:300]


def test_a_bad_rank_or_suit_is_quoted_short():
    for rank, suit in ((7, "x" * 10**6), (10**5000, "H")):
        with pytest.raises(CardError) as refused:
            Card(rank, suit)
        assert len(str(refused.value)) < 200
