"""The Expert's speed-ups keep its judgement: playouts score exactly as the plain policy
does, the early look at the scores is seeded and reproducible, and a clear decision comes
out the same with early stopping as with the whole budget."""

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_teach import Game, Round, play
from gin_teach.bots import DefenderBot, ExpertBot
from gin_teach.bots.expert import out_of_reach
from gin_teach.core.cards import CARD_POINTS, NATURAL_BITS, cards_from_mask, hand_mask
from gin_teach.core.kernel import (
    best_discard_of_mask,
    completes_meld,
    deadwood_of_mask,
    layoff_cards,
)
from gin_teach.core.melds import best_arrangement
from gin_teach.core.rules import Rules
from gin_teach.playouts import playout as playouts_module
from gin_teach.playouts.opponent import OpponentModel, deadwood_after_layoffs
from gin_teach.playouts.playout import (
    PlayoutRules,
    imagined_draws,
    imagined_hand,
    playout,
    playout_result,
    settle_masks,
)
from gin_teach.playouts.table_view import TableView, bits_of
from gin_teach.tournament import RULES


def plain_settle(knocker, defender, rules):
    """settle_masks as first written: the knocker's spread from best_arrangement."""
    count = deadwood_of_mask(knocker)
    if count == 0:
        return rules.gin_bonus + deadwood_of_mask(defender)
    melds = [sum(c.bit for c in m) for m in best_arrangement(cards_from_mask(knocker)).melds]
    theirs = deadwood_after_layoffs(defender, layoff_cards(melds))
    if theirs < count or (theirs == count and rules.undercut_on_tie):
        return -(rules.undercut_bonus + count - theirs)
    return theirs - count


def plain_playout(hands, stock, top, mover, rules):
    """The playout policy written plainly: every count solved afresh, no memo."""
    while True:
        hand = hands[mover]
        taken = 0
        # Only a card that joins a meld is taken (any card, where a joker is in play).
        if top and ((hand | top) > NATURAL_BITS or completes_meld(hand, top.bit_length() - 1)):
            value, bits = best_discard_of_mask(hand | top)
            if bits & ~top and value < deadwood_of_mask(hand):
                taken = top
        if taken:
            hand |= taken
        elif len(stock) > rules.dead_hand_stock:
            hand |= stock.pop()
        else:
            return 0
        value, bits = best_discard_of_mask(hand)
        bits &= ~taken
        if not bits:
            value, bits = min((deadwood_of_mask(hand ^ b), b) for b in bits_of(hand & ~taken))
        card = max(bits_of(bits), key=lambda b: (CARD_POINTS[b.bit_length() - 1], b))
        hand ^= card
        hands[mover] = hand
        limit = rules.knock_limit if len(stock) > rules.late_stock else min(
            rules.late_knock, rules.knock_limit)
        if value <= limit:
            score = plain_settle(hand, hands[1 - mover], rules)
            return score if mover == 0 else -score
        if len(stock) <= rules.dead_hand_stock:
            return 0
        top = card
        mover ^= 1


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans(), st.sampled_from([0, 1]),
       st.sampled_from([10, 7, 1]))
def test_a_playout_scores_exactly_as_the_plain_policy(rng, face_up, mover, knock_limit):
    cards = [1 << index for index in range(52)]
    rng.shuffle(cards)
    rules = PlayoutRules.of(RULES["eaai"], knock_limit)
    hands, top, stock = [sum(cards[:10]), sum(cards[10:20])], cards[20] * face_up, cards[21:]
    assert playout(list(hands), list(stock), top, mover, rules) == \
        plain_playout(list(hands), list(stock), top, mover, rules)


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_a_playout_with_jokers_in_the_deck_scores_as_the_plain_policy(rng, face_up):
    cards = [1 << index for index in range(54)]
    rng.shuffle(cards)
    rules = PlayoutRules.of(RULES["eaai"], 10)
    hands, top, stock = [sum(cards[:10]), sum(cards[10:20])], cards[20] * face_up, cards[21:]
    assert playout(list(hands), list(stock), top, 0, rules) == \
        plain_playout(list(hands), list(stock), top, 0, rules)


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_settlement_spreads_the_knockers_cards_as_best_arrangement_does(rng):
    cards = rng.sample(range(52), 20)
    knocker = sum(1 << c for c in cards[:10])
    defender = sum(1 << c for c in cards[10:])
    rules = PlayoutRules.of(Rules(), 10)
    assert settle_masks(knocker, defender, rules) == plain_settle(knocker, defender, rules)


def test_a_choice_behind_or_alike_is_out_of_reach_and_a_close_one_is_not():
    assert out_of_reach([0, 6] * 12, [4] * 24, budget=80)  # behind by 1
    assert out_of_reach([2, 5] * 12, [2, 5] * 12, budget=80)  # alike on every deal
    # A little ahead, but not by much: the rest of the budget may settle it.
    assert not out_of_reach([3, -1] * 12, [0] * 24, budget=80)
    # Just behind with a wide spread on few deals: still within reach of a long budget.
    assert not out_of_reach([9, -10] * 6, [0] * 12, budget=200)
    # The same numbers with little budget left are out of reach.
    assert out_of_reach([9, -10] * 60, [0] * 120, budget=130)


def knock_or_play_on():
    """A discard decision where knocking with 3 early is clearly right."""
    rnd = Round.from_deal(["AS 2S 3S 4H 4D 4C 9S 9H 9D 3C", "5S 6S 7S QD QH QC 8C KH 5D TS"],
                          upcard="KC", dealer=1)
    rnd.apply("take")
    return rnd


def test_early_stopping_plays_a_clear_decision_as_the_whole_budget_does_with_fewer_deals():
    rnd = knock_or_play_on()
    observation, legal = rnd.observation(0), rnd.legal_actions()
    early, whole = ExpertBot(seed=3), ExpertBot(seed=3, batch=0)
    assert early.choose(observation, legal) == whole.choose(observation, legal)
    assert 0 < early.deals_played < whole.deals_played


def test_a_batch_as_large_as_the_budget_is_the_whole_budget():
    rnd = Round(seed=8)
    for move in ("pass", "pass", "draw"):
        rnd.apply(move)
    view = TableView.from_observation(rnd.observation(rnd.current_player))
    legal = rnd.legal_actions()
    big = ExpertBot(seed=5, playouts=60, batch=1000)
    whole = ExpertBot(seed=5, playouts=60, batch=0)
    assert big.discard(view, legal) == whole.discard(view, legal)
    assert big.deals_played == whole.deals_played


def test_the_expert_with_early_stopping_replays_a_game_exactly_from_its_seed():
    def game():
        expert = ExpertBot(seed=4, playouts=48)
        state = play(Game(Rules(target=40), seed=2), [expert, DefenderBot(seed=4)])
        return state.scores, expert.deals_played

    first, second = game(), game()
    assert first == second
    assert first[1] > 0


def test_the_imagined_take_keeps_ten_cards(monkeypatch):
    """Weighing the face-up card, the Expert plays out the hand it would keep after taking
    it and throwing one: ten cards (a bug once kept all eleven)."""
    sizes = []

    def counting(hands, stock, top, mover, rules, opponent):
        sizes.extend(hand.bit_count() for hand in hands)
        return playout_result(hands, stock, top, mover, rules, opponent)

    monkeypatch.setattr(playouts_module, "playout_result", counting)
    rnd = Round.from_deal(["7S 7H 9C TC 3H 4H KD QS JD 2C", "2S 3S 4S QD QH QC 8C KH 5D TS"],
                          upcard="7D", dealer=1)  # taking the 7♦ leaves too much to knock
    ExpertBot(seed=1, playouts=24).wants_top(TableView.from_observation(rnd.observation(0)))
    assert sizes and set(sizes) == {10}


def test_imagined_hands_late_in_the_hand_are_not_hands_the_opponent_would_have_knocked_with():
    # With 4 cards left the imagined opponent keeps its best over 4 extra draws, so raw
    # samples sometimes hold 3 or less: a hand the playouts' late rule would have knocked with
    # on its last turn. Once it has discarded, such hands are drawn again.
    hand, threw = hand_mask("AS 2S 3S 4H 5H 6H 2C 3C 4C 9D KD"), hand_mask("QH")
    view = TableView(hand=hand, unseen=NATURAL_BITS & ~hand & ~threw, pile=threw, top=threw,
                     opponent_holds=0, opponent_took=0, opponent_passed=0,
                     opponent_discarded=threw, opponent_unknown=10, stock_size=4, just_taken=0,
                     knock_limit=10)
    rules = PlayoutRules.of(RULES["eaai"], 10)
    model = OpponentModel.of(view)
    rng = random.Random(7)
    raw = [deadwood_of_mask(model.sample(rng, imagined_draws(4))) for _ in range(600)]
    kept = [deadwood_of_mask(imagined_hand(model, rng, view, rules)) for _ in range(600)]
    knockable = rules.late_knock
    assert sum(d <= knockable for d in raw) > 12
    assert sum(d <= knockable for d in kept) < sum(d <= knockable for d in raw) / 4
    # Before its first discard nothing rules a hand out: the same draws as the raw model.
    fresh = dataclasses.replace(view, opponent_discarded=0, pile=0, top=0)
    assert imagined_hand(model, random.Random(3), fresh, rules) == \
        model.sample(random.Random(3), imagined_draws(4))


# Hands drawn from a few ranks, so that ranks held three or four times are common.
_SET_PRONE_HANDS = st.lists(st.integers(0, 5), min_size=2, max_size=6, unique=True).flatmap(
    lambda ranks: st.lists(st.sampled_from([s * 13 + r for r in ranks for s in range(4)]),
                           min_size=3, max_size=11, unique=True))


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.lists(st.integers(0, 51), min_size=3, max_size=11, unique=True),
                 _SET_PRONE_HANDS))
def test_the_layoffs_of_a_hand_whose_melds_are_forced_come_from_its_runs_and_sets(indices):
    # The playouts' fast path for a knocking hand: when no card could go in both a set and a
    # run, the one best spread is each suit's blocks of three or more in a row and each rank
    # held three or four times, and the cards that fit are what the solver's first spread
    # takes.
    from gin_teach.core.kernel import spread_layoffs
    from gin_teach.core.solver import partitions_of_mask

    mask = sum(1 << i for i in indices)
    found = spread_layoffs(mask)
    in_a_row = {i for i in indices for start in range(i - 2, i + 1)
                if start // 13 == (start + 2) // 13 and start >= 0
                and all(mask >> j & 1 for j in range(start, start + 3))}
    in_a_set = {i for i in indices if sum(mask >> (s * 13 + i % 13) & 1 for s in range(4)) >= 3}
    if in_a_row & in_a_set:
        assert found is None
        return
    first_spread = next(partitions_of_mask(mask, deadwood_of_mask(mask)))[0]
    assert found == layoff_cards(first_spread)


@given(st.lists(st.integers(0, 53), max_size=12, unique=True))
def test_the_highest_points_are_found_card_by_card(indices):
    from gin_teach.core.kernel import highest_points

    mask = sum(1 << i for i in indices)
    most = max((CARD_POINTS[i] for i in indices), default=None)
    assert highest_points(mask) == sum(1 << i for i in indices if CARD_POINTS[i] == most)


@given(st.lists(st.integers(0, 51), min_size=1, max_size=11, unique=True))
def test_a_card_completes_a_meld_when_some_meld_of_three_holds_it_and_two_of_the_hand(indices):
    # The playouts' shortcut for a face-up card: one that completes no meld of three is
    # weighed without solving the hand with it.
    from gin_teach.core.kernel import completes_meld
    from gin_teach.core.solver import MELD_MASKS

    card, *rest = indices
    hand, bit = sum(1 << i for i in rest), 1 << card
    assert completes_meld(hand, card) == any(
        meld.bit_count() == 3 and meld & bit and (meld ^ bit) & ~hand == 0
        for meld in MELD_MASKS)
