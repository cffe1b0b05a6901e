"""The analysis players (Shaper, Defender, Expert) at the jokers-wild table: every move legal,
all 54 cards kept, and the rules' joker points used rather than the default."""

from dataclasses import replace
from functools import partial

import pytest

from gin_teach import Round, Rules, SimpleBot
from gin_teach.bots import DefenderBot, ExpertBot, ShaperBot
from gin_teach.core.cards import JOKER_BITS, Card, full_deck, hand_mask
from gin_teach.engine.actions import Knock
from gin_teach.playouts.opponent import OpponentModel
from gin_teach.playouts.table_view import TableView, completes_meld

PLAYERS = {"shaper": ShaperBot, "defender": DefenderBot,
           "expert": partial(ExpertBot, playouts=12)}


def _cards_of_round(rnd):
    places = [rnd.hand(0), rnd.hand(1), rnd.stock, rnd.discard_pile]
    if rnd.knock_card is not None:
        places.append((rnd.knock_card,))
    return [card for place in places for card in place]


def _play_checked(rnd, bots):
    jokers_held = False
    while not rnd.is_over:
        cards = _cards_of_round(rnd)
        assert len(cards) == 54 and set(cards) == set(full_deck(jokers=2))
        player = rnd.current_player
        view, legal = rnd.observation(player), rnd.legal_actions()
        jokers_held |= any(card.is_joker for card in view.hand)
        move = bots[player].choose(view, legal)
        if isinstance(move, Knock) and move.melds is not None:
            assert Knock(move.card) in legal
            assert rnd.clone().apply(move) is None  # raises if the spread is refused
        else:
            assert move in legal, f"{bots[player]!r} chose {move}, not legal"
        rnd.apply(move)
    return jokers_held


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_analysis_players_play_legal_moves_at_the_jokers_table(name):
    held = False
    for seed in range(2):
        for seat in (0, 1):
            bots = [SimpleBot(seed=seed)]
            bots.insert(seat, PLAYERS[name](seed=seed))
            held |= _play_checked(Round(seed=seed + 10, rules=Rules.jokers_wild()), bots)
    assert held  # the games did put a joker in some hand


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_analysis_players_many_rounds_at_the_jokers_table(name):
    for seed in range(12):
        bots = [PLAYERS[name](seed=seed), SimpleBot(seed=seed + 1)]
        _play_checked(Round(seed=seed + 100, rules=Rules.jokers_wild()), bots)
    cheap = replace(Rules.jokers_wild(), joker_points=0)
    for seed in range(6):
        bots = [PLAYERS[name](seed=seed), PLAYERS[name](seed=seed + 1)]
        _play_checked(Round(seed=seed + 200, rules=cheap), bots)


def test_the_table_view_counts_unseen_jokers_and_the_rules_joker_points():
    rnd = Round(seed=10, rules=replace(Rules.jokers_wild(), joker_points=5))
    view = TableView.from_observation(rnd.observation(0))
    held = hand_mask(rnd.hand(0))
    assert view.joker_points == 5
    assert view.unseen & JOKER_BITS == JOKER_BITS & ~held
    plain = TableView.from_observation(Round(seed=10).observation(0))
    assert not plain.unseen & JOKER_BITS


def test_a_joker_thrown_is_as_dangerous_as_a_card_can_be():
    model = OpponentModel({}, 0, 10)
    assert model.danger(Card.joker().bit) == 1.0
    assert completes_meld(hand_mask("7H 9H"), Card.joker().bit)
    assert not completes_meld(hand_mask("7H KS"), Card.joker().bit)
