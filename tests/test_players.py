"""The course's five computer players: the registry, legal play in many games, decisions from
the observation only, the Simple baseline pinned, and each stronger player's own rules on
positions worked out by hand."""

import dataclasses
import random
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_teach import Game, Round, Rules, SimpleBot, play, play_games
from gin_teach.bots import BOTS, DefenderBot, ExpertBot, Player, ShaperBot
from gin_teach.bots.shaper import discard_options_of_mask, expected_deadwood
from gin_teach.core.cards import NATURAL_BITS, Card, hand_mask
from gin_teach.core.kernel import best_discard_of_mask, layoff_cards
from gin_teach.engine.actions import Discard, Knock
from gin_teach.playouts.opponent import OpponentModel, deadwood_after_layoffs
from gin_teach.playouts.playout import PlayoutRules, playout, settle_masks
from gin_teach.playouts.table_view import TableView
from gin_teach.tournament import RULES

FAST = {"expert": partial(ExpertBot, playouts=12)}


def make(name, seed):
    return FAST.get(name, BOTS[name])(seed=seed)


def test_the_registry_names_five_players_weakest_first_each_with_a_description():
    assert list(BOTS) == ["random", "simple", "shaper", "defender", "expert"]
    for name, kind in BOTS.items():
        bot = kind(seed=1)
        assert isinstance(bot, Player)
        text = kind.description
        assert text.lower().startswith(name) and "\n" not in text and len(text) < 100


class Checked:
    """Plays ``bot``'s moves and fails on any move the engine would refuse."""

    def __init__(self, bot, state):
        self.bot, self.state = bot, state

    def choose(self, observation, legal):
        action = self.bot.choose(observation, legal)
        if isinstance(action, Knock) and action.melds is not None:
            assert Knock(action.card) in legal
            assert self.state.round.clone().apply(action) is None  # raises if illegal
        else:
            assert action in legal
        return action


def check_games(first, second, seeds, rules):
    for seed in seeds:
        game = Game(rules, seed=seed)
        players = [Checked(make(first, seed), game), Checked(make(second, seed + 1), game)]
        play(game, players)
        assert game.is_over


@pytest.mark.parametrize("name", ["shaper", "defender", "expert"])
def test_the_stronger_players_play_only_legal_moves(name):
    check_games(name, "random", range(2), Rules(target=40))
    check_games(name, "simple", range(2), RULES["eaai"])


@pytest.mark.slow
@pytest.mark.parametrize("name", ["shaper", "defender", "expert"])
@pytest.mark.parametrize("rules", [Rules(), Rules(oklahoma=True), Rules(straight_gin=True),
                                   Rules(big_gin_bonus=31), Rules.classic()])
def test_the_stronger_players_play_only_legal_moves_in_many_games(name, rules):
    check_games(name, "defender", range(20 if name != "expert" else 4), rules)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32),
       name=st.sampled_from(["shaper", "defender", "expert"]),
       rules=st.sampled_from([Rules(), Rules(oklahoma=True), Rules(straight_gin=True),
                              Rules(big_gin_bonus=31)]))
def test_every_variant_round_is_played_legally(seed, name, rules):
    rnd = Round(seed, rules=rules)
    bots = [make(name, seed), make("simple", seed)]
    while not rnd.is_over:
        legal = rnd.legal_actions()
        action = bots[rnd.current_player].choose(rnd.observation(rnd.current_player), legal)
        assert action in legal or (isinstance(action, Knock) and Knock(action.card) in legal)
        rnd.apply(action)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), which=st.integers(0, 9),
       name=st.sampled_from(["shaper", "defender", "expert"]))
def test_the_stronger_players_decide_from_the_observation_only(seed, which, name):
    """Player 1 holds a different hidden card in round b (swapped with the stock's bottom
    card, never drawn). Player 0 cannot tell: it plays the same moves in both rounds while
    player 1 does, and its spread never depends on the hidden card."""
    a = Round(seed, dealer=1)
    hidden, bottom = a.hand(1)[which], a.stock[-1]
    b = Round.from_deal([a.hand(0), [bottom if c == hidden else c for c in a.hand(1)]],
                        upcard=a.upcard, stock=a.stock[:-1] + (hidden,), dealer=1)
    bots = [make(name, seed), SimpleBot(seed)]
    while a.phase not in ("layoff", "over") and b.phase not in ("layoff", "over"):
        player = a.current_player
        for bot in bots:
            bot.reset(seed)
        move_a = bots[player].choose(a.observation(player), a.legal_actions())
        for bot in bots:
            bot.reset(seed)
        move_b = bots[player].choose(b.observation(player), b.legal_actions())
        if player == 0:
            assert move_a == move_b
        elif move_a != move_b:
            break
        a.apply(move_a)
        b.apply(move_b)


def test_simple_self_play_is_pinned_on_a_fixed_seed():
    """The EAAI baseline must not drift: these are its figures on seed 2026 (a change here is a
    change of the baseline every published comparison rests on)."""
    stats = play_games(SimpleBot(seed=1), SimpleBot(seed=2), n=30, seed=2026,
                       rules=RULES["eaai"])
    assert (stats.games, stats.rounds, stats.dead_hands, stats.turns) == (30, 283, 1, 3518)
    mine, theirs = stats.players
    assert (mine.games_won, mine.rounds_won, mine.points, mine.gins, mine.knocks,
            mine.undercuts) == (13, 128, 2304, 0, 128, 10)
    assert (theirs.games_won, theirs.rounds_won, theirs.points, theirs.gins, theirs.knocks,
            theirs.undercuts) == (17, 154, 2595, 5, 149, 10)


# ------------------------------------------------------------------------- the Shaper


def test_expected_deadwood_is_the_exact_mean_over_the_unseen_cards():
    hand = hand_mask("7S 7H 8C 9C 2D 3D KS QH JD 5C")
    unseen = hand_mask("7D TC AD 4H")
    by_hand = [best_discard_of_mask(hand | hand_mask(c))[0] for c in ("7D", "TC", "AD", "4H")]
    assert expected_deadwood(hand, unseen) == sum(by_hand) / 4
    # From 71: 7♦ melds three sevens (71 + 7 - 21), T♣ the 8-9-10♣ run (71 + 10 - 27), A♦ the
    # A-2-3♦ run (71 + 1 - 6), 4♥ melds nothing (75); each then throws a picture card (10).
    assert by_hand == [47, 44, 56, 65]


def test_the_shaper_keeps_the_pair_with_live_outs():
    # A queen or a jack leaves the same count, but the other queens are dead in the pile:
    # the jacks' pair still has two outs, so a queen goes first.
    hand = hand_mask("AS 2S 3S 7H 8H 9H QD QC JS JH 5C")
    unseen = NATURAL_BITS & ~hand & ~hand_mask("QS QH")
    order = [o.card for o in discard_options_of_mask(hand, hand, unseen)]
    queen = min(order.index(Card(12, s)) for s in "DC")
    jack = min(order.index(Card(11, s)) for s in "SH")
    assert queen < jack
    # With the queens live and the jacks dead, it is the other way round.
    unseen = NATURAL_BITS & ~hand & ~hand_mask("JD JC")
    order = [o.card for o in discard_options_of_mask(hand, hand, unseen)]
    assert min(order.index(Card(11, s)) for s in "SH") < min(order.index(Card(12, s))
                                                             for s in "DC")


def shaper_view(hand, stock_size, taken=""):
    hand_bits = hand_mask(hand)
    return TableView(hand=hand_bits, unseen=NATURAL_BITS & ~hand_bits, pile=0, top=0,
                     opponent_holds=0, opponent_took=0, opponent_passed=0,
                     opponent_discarded=0, opponent_unknown=10, stock_size=stock_size,
                     just_taken=hand_mask(taken), knock_limit=10)


def test_the_shaper_knocks_early_but_waits_late_with_a_high_count():
    shaper = ShaperBot()
    assert shaper.knock_limit_now(shaper_view("AS", 25)) == 10
    assert shaper.knock_limit_now(shaper_view("AS", 12)) == 3
    gin_only = ShaperBot(knock_early=0, knock_late=0)
    assert gin_only.knock_limit_now(shaper_view("AS", 25)) == 0


def test_the_shaper_knocks_with_the_lowest_count_when_allowed():
    rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
                          upcard="8D", dealer=1)
    rnd.apply("take")
    assert ShaperBot().choose(rnd.observation(0), rnd.legal_actions()) == Knock("KD")
    # The gin-only Shaper throws the K♦ but does not knock with 8.
    assert ShaperBot(knock_early=0).choose(rnd.observation(0), rnd.legal_actions()) == \
        Discard("KD")


@pytest.mark.parametrize("name", ["shaper", "defender", "expert"])
def test_the_stronger_players_never_take_back_a_card_the_opponent_took_from_them(name):
    # Player 0 throws the 5♥ out of its run; the opponent takes it and later throws it back.
    rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
                          upcard="6C", stock="AC 2D 9H 8S", dealer=1)
    for move in ("pass", "pass", "draw", "discard 5H", "take", "discard TS", "draw",
                 "discard KD", "draw", "discard 5H"):
        rnd.apply(move)
    observation = rnd.observation(0)
    player = BOTS[name](seed=1)
    assert player.wants_top(TableView.from_observation(observation))  # it would mend the run
    assert str(player.choose(observation, rnd.legal_actions())) == "draw"


def test_two_players_taking_each_others_discards_still_reach_the_end_of_the_stock(
        monkeypatch):
    # This Expert, weighing more discards, and the Defender once passed the same cards back
    # and forth for ever with three cards in the stock.
    from gin_teach.bots import expert

    monkeypatch.setattr(expert, "CLOSE", 5.0)
    monkeypatch.setattr(expert, "CLOSE_CHOICES", 4)
    game_seed = 2844355230213290088
    seeds = random.Random(game_seed * 2)
    players = [ExpertBot(seed=seeds.getrandbits(63)), DefenderBot(seed=seeds.getrandbits(63))]
    game = Game(RULES["eaai"], seed=game_seed)
    for _ in range(200):
        if len(game.rounds) > 1 or game.is_over:
            break
        player = game.current_player
        game.apply(players[player].choose(game.observation(player), game.legal_actions()))
    assert len(game.rounds) > 1 or game.is_over

# ----------------------------------------------------------------------- the Defender


def test_the_opponent_model_spreads_the_hidden_cards_by_what_was_seen():
    hand, took, threw = hand_mask("AC 2C 3C 4C 5C 6C 7C 8C 9C TC"), hand_mask("8S"), hand_mask("KH")
    view = TableView(hand=hand, unseen=NATURAL_BITS & ~hand & ~took & ~threw, pile=threw, top=threw,
                     opponent_holds=took, opponent_took=took, opponent_passed=0,
                     opponent_discarded=threw, opponent_unknown=9, stock_size=20, just_taken=0,
                     knock_limit=10)
    model = OpponentModel.of(view)
    assert sum(model.chances.values()) == pytest.approx(9)
    # 7♠ sits next to the 8♠ it took, Q♥ next to the K♥ it threw, 5♦ next to neither.
    seven, queen, five = hand_mask("7S"), hand_mask("QH"), hand_mask("5D")
    assert model.chance(seven) / model.chance(five) == pytest.approx(OpponentModel.TOOK_WEIGHT)
    assert model.chance(queen) / model.chance(five) == pytest.approx(OpponentModel.THREW_WEIGHT)
    assert model.chance(took) == 1.0 and model.chance(threw) == 0.0 == model.chance(hand & -hand)
    sample = model.sample(random.Random(3), improve=4)
    assert sample.bit_count() == 10 and sample & took and not sample & (hand | threw)


def test_an_opponent_whose_ten_cards_are_all_known_is_imagined_as_exactly_those():
    # A player that took its whole hand from the pile (Random can) hides nothing: the model
    # once divided by its zero chances, and the Expert crashed against Random.
    view = defender_view("AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "AS 3S 5S 7S 9S AH 3H 5H 7H 9H", 20)
    model = OpponentModel.of(view)
    assert model.hidden == 0 and set(model.chances.values()) == {0.0}
    assert model.sample(random.Random(1), improve=3) == view.opponent_holds
    assert DefenderBot(seed=1).undercut_chance(view, view.hand, []) == 0.0


def defender_view(hand, holds, stock_size):
    hand_bits, holds_bits = hand_mask(hand), hand_mask(holds)
    return TableView(hand=hand_bits, unseen=NATURAL_BITS & ~hand_bits & ~holds_bits, pile=0, top=0,
                     opponent_holds=holds_bits, opponent_took=holds_bits, opponent_passed=0,
                     opponent_discarded=0, opponent_unknown=10 - holds_bits.bit_count(),
                     stock_size=stock_size, just_taken=0, knock_limit=10)


def test_the_defender_never_feeds_a_visible_meld_late():
    # The opponent took K♥ and K♣ from the pile. Throwing the K♦ leaves the least, and the
    # Shaper throws it; late in the hand the Defender keeps it and throws the 9♦.
    view = defender_view("AS 2S 3S 4H 5H 6H 2C 3C 4C 9D KD", "KH KC", stock_size=8)
    assert ShaperBot().options(view)[0].card == Card(13, "D")
    options = DefenderBot().options(view)
    assert options[0].card == Card(9, "D") and options[-1].card == Card(13, "D")
    # Early in the hand (long stock, no late rule) the danger still counts.
    early = defender_view("AS 2S 3S 4H 5H 6H 2C 3C 4C 9D KD", "KH KC", stock_size=28)
    assert DefenderBot(danger_weight=0).options(early)[0].card == Card(13, "D")


def test_the_defender_spreads_its_melds_to_block_lay_offs():
    # 4♠ 4♥ 4♦ with 3♥ 5♥ around it: both spreads leave 28. Spread the set when the
    # opponent took the 2♥ and 6♥ (it would lay them off on the run), the run when it took
    # the 4♣.
    kept = hand_mask("4S 4H 4D 3H 5H 7C 8C 9C KC KD")
    view = defender_view("4S 4H 4D 3H 5H 7C 8C 9C KC KD QS", "2H 6H", stock_size=20)
    spread = DefenderBot().spread(view, kept)
    assert any(str(m) == "4♠ 4♥ 4♦" for m in spread.melds)
    view = defender_view("4S 4H 4D 3H 5H 7C 8C 9C KC KD QS", "4C", stock_size=20)
    spread = DefenderBot().spread(view, kept)
    assert any(str(m) == "3♥ 4♥ 5♥" for m in spread.melds)


def test_the_defender_estimates_undercuts_from_the_count():
    view = TableView.from_observation(Round(seed=2).observation(0))
    bot = DefenderBot(seed=1, samples=30)
    melds = [hand_mask("AS 2S 3S"), hand_mask("4H 4D 4C")]
    low = bot.undercut_chance(view, hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D AH"), melds)
    high = bot.undercut_chance(view, hand_mask("AS 2S 3S 4H 4D 4C 2D 2C 3H 3D"), melds)
    assert low == 0.0 and 0.0 <= high <= 1.0
    with_tens = bot.undercut_chance(view, hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D TH"), melds)
    assert with_tens >= low


def test_lay_off_cards_and_the_defenders_count_after_them():
    assert layoff_cards([hand_mask("AS 2S 3S")]) == hand_mask("4S")
    assert layoff_cards([hand_mask("JC QC KC")]) == hand_mask("TC")
    assert deadwood_after_layoffs(hand_mask("4S KD 5H"), hand_mask("4S")) == 15


# ------------------------------------------------------------------------- the Expert


def test_a_playout_scores_a_knock_gin_and_undercut_from_player_0s_side():
    rules = PlayoutRules.of(RULES["eaai"], 10)
    strong = hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC")
    weak = hand_mask("KS KH QD QC JS JH TD TC 8S 7D")
    stock = [hand_mask(c) for c in ("5D", "6D", "7C", "2H")]  # the top last
    # Player 0 draws the 2♥ and knocks with it, throwing K♣: 95 - 2 = 93.
    assert playout([strong, weak], list(stock), 0, 0, rules) == 93
    # The same knock by player 1 scores for player 1.
    assert playout([weak, strong], list(stock), 0, 1, rules) == -93
    assert settle_masks(hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D 5C"),
                        hand_mask("5S 6S 7S 8H 8D 8C TH JH QH 2D"), rules) == -(25 + 3)


def test_the_expert_repeats_its_choices_with_its_seed():
    rnd = Round(seed=8)
    for move in ("pass", "pass", "draw"):
        rnd.apply(move)
    view, legal = rnd.observation(rnd.current_player), rnd.legal_actions()
    first = [ExpertBot(seed=5, playouts=30).choose(view, legal) for _ in range(2)]
    assert first[0] == first[1]


def test_the_expert_goes_gin_when_it_can():
    rnd = Round.from_deal(["AS 2S 3S 4H 4D 4C 9S 9H 9D KC", "5S 6S 7S QD QH QC 8C KH 5D TS"],
                          upcard="JD", stock="9C", dealer=1)
    for move in ("pass", "pass", "draw"):
        rnd.apply(move)
    assert ExpertBot(seed=1, playouts=10).choose(rnd.observation(0), rnd.legal_actions()) == \
        Knock("KC")


def test_the_defender_counts_a_tie_as_an_undercut_only_where_the_rules_do():
    # The kernel's undercut test decides: with ties paid, an equal count is an undercut.
    hand = hand_mask("AS 2S 3S 4H 4D 4C 7S 8H 9D TH")  # 34 deadwood: many hands tie or beat it
    melds = [hand_mask("AS 2S 3S"), hand_mask("4H 4D 4C")]
    chances = {}
    for ties in (True, False):
        view = dataclasses.replace(TableView.from_observation(Round(seed=2).observation(0)),
                                   undercut_on_tie=ties)
        chances[ties] = [DefenderBot(seed=seed, samples=60).undercut_chance(view, hand, melds)
                         for seed in range(12)]
    assert all(no_ties <= ties for no_ties, ties in zip(chances[False], chances[True], strict=True))
    assert chances[False] != chances[True]


def test_the_defenders_view_reads_the_tie_rule_from_the_table():
    rules = Rules(undercut_on_tie=False)
    observation = Round(seed=2, rules=rules).observation(0)
    assert TableView.from_observation(observation).undercut_on_tie is False
