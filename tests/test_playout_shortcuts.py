"""The playouts' shortcuts past the solver (issue 45, the round review's speed) give exactly the
answers of the long way: a hand whose melds are forced, a loose card thrown back from an
imagined hand, a loose draw beside a loose ten-point card, and the imagined hand itself, drawn
and thrown back card by card as it was before the shortcuts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_teach import Round
from gin_teach.core.cards import JOKER_POINTS, NATURAL_BITS, hand_mask
from gin_teach.core.kernel import best_throws, completes_meld, deadwood_of_mask
from gin_teach.core.solver import (
    _deadwood_dp,
    _loose_discard,
    natural_best_discard,
    natural_deadwood,
)
from gin_teach.playouts.opponent import OpponentModel, _worst_card, deadwood_after_layoffs
from gin_teach.playouts.playout import _loose_ten, throw
from gin_teach.playouts.table_view import TableView


def _hand(cards: list[int]) -> int:
    return sum(1 << card for card in cards)


#: Hands of 2 to 18 cards, half of them from a few ranks (sets and runs that cross, the hard
#: case), half from the whole deck.
dense_hands = st.lists(st.integers(0, 12), min_size=3, max_size=7, unique=True).flatmap(
    lambda ranks: st.lists(st.sampled_from([suit * 13 + rank for rank in ranks
                                            for suit in range(4)]),
                           min_size=2, max_size=min(18, 4 * len(ranks)), unique=True))
any_hands = st.lists(st.integers(0, 51), min_size=2, max_size=18, unique=True)
hands = st.one_of(dense_hands, any_hands).map(_hand)


def _best_discard_card_by_card(mask: int) -> tuple[int, int]:
    """The least deadwood after one discard and every card achieving it, one solve a card."""
    after = {bit: natural_deadwood(mask ^ bit) for bit in (1 << i for i in range(52))
             if mask & bit}
    least = min(after.values())
    return least, sum(bit for bit, value in after.items() if value == least)


@settings(max_examples=600, deadline=None)
@given(hands)
def test_the_deadwood_is_the_dynamic_programmes(mask):
    # The forced hands' shortcut against the solver that tries every rank's way.
    assert natural_deadwood(mask) == _deadwood_dp(mask)


@settings(max_examples=600, deadline=None)
@given(hands)
def test_the_best_discard_is_each_cards_own_solve(mask):
    # Forced hands, sets beside loose cards and hands with every card melded among them.
    assert natural_best_discard(mask) == _best_discard_card_by_card(mask)


def test_a_forced_hand_throws_its_highest_loose_card_and_a_crossed_one_is_solved():
    forced = hand_mask("7S 7H 7D 2C 3C 4C 9D KH QS 5H 5D")
    assert _loose_discard(hand_mask("9D KH QS 5H 5D")) == (29, hand_mask("QS KH"))
    assert natural_best_discard(forced) == (29, hand_mask("QS KH"))
    # The 7♠ could go in the set or the run; every card melded, so a meld is broken; a set
    # of unrunnable 7s broken up only where no card is loose: each the solver's own answer.
    for crossed in ("7S 7H 7D 8S 9S KH QS", "7S 7H 7D 7C 2C 3C 4C", "7S 7H 7D 2C 3C 4C 5H 6H 7C"):
        mask = hand_mask(crossed)
        assert natural_best_discard(mask) == _best_discard_card_by_card(mask)


def _worst_card_solved(hand: int, keep: int) -> int:
    bits = best_throws(hand, hand & ~keep, JOKER_POINTS)[1]
    return bits & -bits


@settings(max_examples=400, deadline=None)
@given(hands, st.data())
def test_a_card_thrown_back_is_the_solvers_worst_card(hand, data):
    cards = [1 << i for i in range(52) if hand >> i & 1]
    keep = _hand([bit.bit_length() - 1 for bit in data.draw(
        st.lists(st.sampled_from(cards), max_size=len(cards) - 1, unique=True))])
    card, left = _worst_card(hand, keep, JOKER_POINTS)
    assert card == _worst_card_solved(hand, keep)
    assert left in (-1, natural_deadwood(hand ^ card))
    assert _worst_card(hand, keep, JOKER_POINTS) == (card, left)  # remembered, the same


def test_a_loose_high_card_is_thrown_back_without_a_solve_and_a_melded_one_is_not():
    hand = hand_mask("7S 7H 7D KS KH 5C 9D")  # K♠ first of the two loose kings
    assert _worst_card(hand, 0, JOKER_POINTS) == (hand_mask("KS"), -1)  # not solved
    assert _worst_card(hand, hand_mask("KS"), JOKER_POINTS)[0] == hand_mask("KH")  # K♠ known
    # The J♠ Q♠ K♠ run: the highest cards are melded, the 9♦ goes, solved: 2 left.
    assert _worst_card(hand_mask("QS KS JS 9D 2C"), 0, JOKER_POINTS) == (hand_mask("9D"), 2)


@settings(max_examples=400, deadline=None)
@given(hands, st.integers(0, 51))
def test_a_loose_draw_beside_a_loose_ten_throws_what_the_solver_throws(before, drawn):
    drawn_bit = 1 << drawn
    if before & drawn_bit or before.bit_count() < 2:
        return
    hand = before | drawn_bit
    shortcut = _loose_ten(hand, drawn_bit, natural_deadwood(before))
    if shortcut is not None:
        assert not completes_meld(before, drawn)
        assert shortcut == throw(hand, 0, JOKER_POINTS)


def _sample_card_by_card(model: OpponentModel, rng: random.Random, improve: int) -> int:
    """The imagined hand as it was drawn before the shortcuts: every unseen card ranked by a
    sort, and each extra card thrown back by a solve."""
    if not model.hidden:
        return model.holds
    keyed = sorted(model.chances, key=lambda b: rng.random() ** (1.0 / model.chances[b]),
                   reverse=True)
    hand = model.holds
    for bit in keyed[:model.hidden + improve]:
        hand |= bit
    for _ in range(min(improve, len(keyed) - model.hidden)):
        hand ^= _worst_card_solved(hand, model.holds)
    return hand


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30), st.integers(0, 7), st.integers(0, 2**32))
def test_an_imagined_hand_is_the_one_drawn_and_thrown_back_card_by_card(seed, moves, improve,
                                                                       draw_seed):
    rnd = Round(seed=seed)
    play = random.Random(seed)
    for _ in range(moves):  # random moves, stopping short of the round's end
        before = rnd.clone()
        rnd.apply(play.choice(rnd.legal_actions()))
        if rnd.is_over:
            rnd = before
            break
    view = TableView.from_observation(rnd.observation(rnd.current_player))
    model = OpponentModel.of(view)
    assert model.holds <= NATURAL_BITS
    for draw in range(3):  # the same model, sampled again, as an imagined deal does
        expected = _sample_card_by_card(model, random.Random(draw_seed + draw), improve)
        got = model.sample(random.Random(draw_seed + draw), improve)
        assert got == expected
        assert got & model.holds == model.holds
        counted, count = model.sample_counted(random.Random(draw_seed + draw), improve)
        assert counted == got and count in (-1, deadwood_of_mask(got))


@settings(max_examples=300, deadline=None)
@given(hands, st.lists(st.integers(0, 51), max_size=8, unique=True))
def test_lay_offs_are_every_choice_of_cards_tried(hand, offered):
    layable = _hand(offered) & hand
    cards = [1 << i for i in range(52) if layable >> i & 1]
    every = min(natural_deadwood(hand ^ sum(bit for i, bit in enumerate(cards) if subset >> i & 1))
                for subset in range(1 << len(cards)))
    assert deadwood_after_layoffs(hand, _hand(offered)) == every
