import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_teach import (
    Card,
    CardError,
    Meld,
    Rules,
    all_best_arrangements,
    best_arrangement,
    best_discards,
    deadwood,
    discard_options,
    find_melds,
    full_deck,
    melds_with,
    parse_cards,
)
from gin_teach.core.solver import _deadwood_dp
from tests.brute import all_melds, brute_deadwood, is_meld, partitions

DECK = full_deck()
hands = st.lists(st.sampled_from(DECK), unique=True, max_size=12).map(tuple)
# Few ranks: melds overlap, four-of-a-kinds and long runs are common.
dense_hands = st.lists(st.sampled_from([c for c in DECK if 5 <= c.rank <= 9]), unique=True,
                       min_size=3, max_size=12).map(tuple)
any_hand = st.one_of(hands, dense_hands)


def canonical(melds):
    """Touching runs of one suit are one run: the form all_best_arrangements reports."""
    merged = True
    melds = [frozenset(m) for m in melds]
    while merged:
        merged = False
        for a in melds:
            for b in melds:
                if a is not b and is_meld(tuple(a | b)) and len({c.suit for c in a | b}) == 1:
                    melds = [m for m in melds if m is not a and m is not b] + [a | b]
                    merged = True
                    break
            if merged:
                break
    return frozenset(melds)


@settings(max_examples=400, deadline=None)
@given(any_hand)
def test_deadwood_matches_brute_force(hand):
    assert deadwood(hand) == brute_deadwood(hand)


@settings(max_examples=200, deadline=None)
@given(any_hand)
def test_all_best_arrangements_are_exactly_the_optima(hand):
    optimum = brute_deadwood(hand)
    expected = {canonical(melds) for melds, dead in partitions(hand) if dead == optimum}
    found = all_best_arrangements(hand)
    got = [frozenset(frozenset(m.cards) for m in a.melds) for a in found]
    assert len(got) == len(set(got)), "an arrangement is listed twice"
    assert set(got) == expected
    for arrangement in found:
        assert arrangement.deadwood == optimum
        assert sorted(arrangement.cards) == sorted(hand)
    assert best_arrangement(hand).deadwood == optimum


@settings(max_examples=200, deadline=None)
@given(any_hand)
def test_find_melds_is_every_meld(hand):
    assert {frozenset(m.cards) for m in find_melds(hand)} == set(all_melds(hand))


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.one_of(st.lists(st.sampled_from(DECK), unique=True, min_size=1, max_size=12),
                 st.lists(st.sampled_from([c for c in DECK if 5 <= c.rank <= 9]), unique=True,
                          min_size=1, max_size=13)).map(tuple))
def test_discards_match_brute_force(hand):
    after = {card: brute_deadwood(tuple(c for c in hand if c is not card)) for card in hand}
    options = discard_options(hand)
    assert {o.card: o.deadwood for o in options} == after
    assert [o.deadwood for o in options] == sorted(o.deadwood for o in options)
    least = min(after.values())
    best = best_discards(hand)
    assert {o.card for o in best} == {card for card, value in after.items() if value == least}
    assert all(o.deadwood == least for o in best)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(DECK), unique=True, min_size=13, max_size=30).map(tuple))
def test_large_hands_use_the_same_answer_as_the_rank_programme(hand):
    from gin_teach.core.cards import hand_mask

    assert deadwood(hand) == _deadwood_dp(hand_mask(hand))
    assert best_arrangement(hand).deadwood == deadwood(hand)


def test_seven_of_hearts_serves_one_meld_only():
    hand = parse_cards("7H 7S 7D 8H 9H")
    seven = Card(7, "H")
    assert [str(m) for m in melds_with(seven, hand)] == ["7♠ 7♥ 7♦", "7♥ 8♥ 9♥"]
    assert deadwood(hand) == 14  # the run; the set would leave 8 + 9
    for arrangement in all_best_arrangements(hand):
        assert sum(seven in meld for meld in arrangement.melds) <= 1
    for extra in ["7C", "TH"]:  # one more card makes both melds at once
        assert deadwood(hand + parse_cards(extra)) == 0


def test_worked_discard_example_of_the_rules():
    hand = parse_cards("4S 5S KD 9D 2C QH JH TH 7C 7D 6S")
    best = best_discards(hand)
    assert [o.card for o in best] == [Card(13, "D")]
    assert best[0].deadwood == 9 + 2 + 7 + 7


def test_ace_is_low_and_runs_do_not_wrap():
    assert deadwood("AH 2H 3H") == 0
    assert deadwood("QH KH AH") == 21
    assert deadwood("KH AH 2H") == 13
    with pytest.raises(CardError, match="not a meld"):
        Meld.of("KH AH 2H")


def test_any_size_from_empty_to_the_whole_deck():
    assert deadwood([]) == 0 and best_arrangement([]).melds == ()
    assert deadwood(DECK) == 0 and best_arrangement(DECK).deadwood == 0
    assert deadwood("KS") == 10 and best_arrangement("KS").deadwood_cards == (Card(13, "S"),)
    assert len(all_best_arrangements(DECK, limit=5)) == 5


def test_duplicates_and_bad_items_raise():
    with pytest.raises(CardError, match="twice"):
        deadwood([Card(7, "H"), Card(7, "H")])
    with pytest.raises(CardError):
        deadwood([Card(7, "H"), "nonsense"])
    with pytest.raises(CardError):
        discard_options([])


def test_discard_endings_follow_the_rules():
    hand = parse_cards("4S 5S 6S 2C QH JH TH 7C 7D 7H KD")
    assert best_discards(hand)[0].ends == "knock"
    assert best_discards(hand, Rules(knock_limit=1))[0].ends is None
    assert best_discards(hand, Rules(straight_gin=True))[0].ends is None
    gin = parse_cards("4S 5S 6S QH JH TH 7C 7D 7H 7S KD")
    assert best_discards(gin)[0].ends == "gin"


def test_big_gin_is_reported_only_when_enabled():
    hand = parse_cards("4S 5S 6S 7S QH JH TH 9C 9D 9H 9S")
    assert deadwood(hand) == 0
    assert best_discards(hand)[0].ends == "gin"
    big = Rules(big_gin_bonus=31)
    options = discard_options(hand, big)
    assert options[0].card is None and options[0].ends == "big_gin"
    assert best_discards(hand, big) == (options[0],)
    assert len(options) == 12


def test_meld_values():
    meld = Meld.of("JC 9C TC")
    assert meld.kind == "run" and [c.rank for c in meld] == [9, 10, 11]
    assert Meld.of("7S 7H 7D 7C").kind == "set"
    for bad, why in [("7S 7H", "at least three"), ("7S 8H 9D", "one rank"),
                     ("7S 8S TS", "consecutive")]:
        with pytest.raises(CardError, match=why):
            Meld.of(bad)


def test_card_text_is_read_wherever_a_card_is_asked_for():
    from gin_teach import melds_with
    assert melds_with("7H", "7S 7H 7D 8H 9H") == melds_with(Card(7, "H"), "7S 7H 7D 8H 9H")
    assert len(melds_with("♥7", "7S 7H 7D 8H 9H")) == 2
    meld = Meld.of("7S 7H 7D")
    assert "7H" in meld and "7♥" in meld and Card(7, "H") in meld and "7C" not in meld
    with pytest.raises(CardError, match="'7X' is not a card"):
        melds_with("7X", "7S 7H 7D")
    with pytest.raises(CardError, match="card must be a card such as 7H, got 7"):
        assert 7 in meld


@pytest.mark.parametrize("melds", ["7S 7H 7D", Meld.of("7S 7H 7D"), Card(7, "S"), 7])
def test_a_list_of_melds_that_is_not_a_list_is_named(melds):
    from gin_teach.core.melds import to_melds
    with pytest.raises(CardError, match="melds must be a list of melds"):
        to_melds(melds)


def test_a_meld_built_from_no_cards_is_refused():
    with pytest.raises(CardError, match="a meld holds a tuple of cards"):
        Meld(7, "set")  # type: ignore[arg-type]


def test_every_best_arrangement_of_a_huge_hand_is_bounded():
    from gin_teach.core.cards import full_deck
    from gin_teach.core.melds import MOST_ARRANGEMENTS
    assert len(all_best_arrangements(full_deck(), limit=3)) == 3
    with pytest.raises(CardError, match=f"more than {MOST_ARRANGEMENTS:,} best arrangements: "
                                        "pass limit=N"):
        all_best_arrangements(full_deck())


@pytest.mark.parametrize("limit", [0, -1, 2.5, True, "3"])
def test_an_arrangement_limit_must_be_a_positive_whole_number(limit):
    with pytest.raises(CardError, match="limit must be a whole number of at least 1"):
        all_best_arrangements("4S 4H 4D 3H 5H KC", limit=limit)


@pytest.mark.parametrize("codes, kind", [
    ("2S 9H KD", "set"), ("3H 4H 5H 8D", "set"), ("3H 4H 5H", "set"), ("7S 7H 7D", "run"),
    ("QS KS AS", "run"), ("7S 7H", "set"),
])
def test_a_meld_built_by_hand_is_checked_too(codes, kind):
    # A fake meld would hide deadwood anywhere a spread is trusted: it cannot be built at all.
    cards = tuple(Card.parse(code) for code in codes.split())
    with pytest.raises(CardError, match="not a"):
        Meld(cards, kind)


def test_a_meld_kind_that_is_no_kind_is_quoted_short():
    with pytest.raises(CardError, match="is a set, not a 'xx") as refused:
        Meld(parse_cards("7S 7H 7D"), "x" * 10**6)  # type: ignore[arg-type]
    assert len(str(refused.value)) < 200
