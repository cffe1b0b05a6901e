"""Hypothesis plays whole games through the public API, with random legal moves, bot moves and
random illegal moves, and checks after every step what must always hold."""

import json

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from gin_teach import (
    BigGin,
    Deck,
    Discard,
    DrawStock,
    Game,
    GinError,
    GreedyBot,
    IllegalMove,
    Knock,
    LayOff,
    PassUpcard,
    RandomBot,
    Round,
    Rules,
    SimpleBot,
    TakeDiscard,
    full_deck,
    play,
)

DECK = full_deck()

rules_strategy = st.builds(
    Rules,
    knock_limit=st.sampled_from([10, 9, 5]),
    undercut_on_tie=st.booleans(),
    big_gin_bonus=st.sampled_from([None, 31, 50]),
    shutout_doubles=st.booleans(),
    target=st.sampled_from([1, 25, 60, 100]),
    oklahoma=st.booleans(),
    straight_gin=st.booleans(),
    dead_hand_stock=st.sampled_from([2, 0, 8]),
).map(lambda r: r if not r.oklahoma else r.replace(oklahoma_spade_doubles=True))

# Moves that are legal exactly when legal_actions() lists them (no explicit choices inside).
listed_moves = st.one_of(
    st.sampled_from([PassUpcard(), TakeDiscard(), DrawStock(), BigGin(), LayOff()]),
    st.builds(Discard, st.sampled_from(DECK)),
    st.builds(Knock, st.sampled_from(DECK)),
)
# Moves with explicit choices: they may be legal or not; when not, nothing may change.
chosen_moves = st.one_of(
    st.builds(LayOff, st.lists(st.sampled_from(DECK), unique=True, max_size=3)),
    st.builds(Knock, st.sampled_from(DECK), st.just(())),
)


def cards_of_round(rnd):
    """Every card where the round keeps it: two hands, the stock, the pile, the knock card."""
    places = [rnd.hand(0), rnd.hand(1), rnd.stock, rnd.discard_pile]
    if rnd.knock_card is not None:
        places.append((rnd.knock_card,))
    return [card for place in places for card in place]


class WholeGames(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 2**32), rules=rules_strategy, given_deal=st.booleans())
    def start(self, seed, rules, given_deal):
        if given_deal:  # a lesson's fixed first deal; the seed deals the rounds after it
            cards = Deck(seed + 1).cards
            self.game = Game.from_deal([cards[:10], cards[10:20]], cards[20], cards[21:],
                                       dealer=seed % 2, rules=rules, seed=seed)
        else:
            self.game = Game(rules, seed=seed)
        self.bots = [GreedyBot(), SimpleBot(seed)]
        self.last_scores = (0, 0)
        self.last_rounds = 1

    def _play(self, action):
        self.game.apply(action)

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def random_legal_move(self, data):
        legal = self.game.legal_actions()
        assert legal, "a round that is not over always has a move"
        self._play(data.draw(st.sampled_from(legal)))

    @precondition(lambda self: not self.game.is_over)
    @rule(which=st.integers(0, 1))
    def bot_move(self, which):
        player = self.game.current_player
        bot = self.bots[which]
        self._play(bot.choose(self.game.observation(player), self.game.legal_actions()))

    @precondition(lambda self: not self.game.is_over)
    @rule(which=st.integers(0, 1), rounds=st.integers(1, 4))
    def bots_finish_rounds(self, which, rounds):
        target = len(self.game.rounds) + rounds
        while len(self.game.rounds) < target and not self.game.is_over:
            self.bot_move(which)

    @precondition(lambda self: not self.game.is_over)
    @rule(which=st.integers(0, 1), moves=st.integers(1, 30))
    def bots_play_on(self, which, moves):
        for _ in range(moves):
            if self.game.is_over:
                break
            self.bot_move(which)

    @rule(action=listed_moves)
    def listed_move_is_legal_exactly_when_listed(self, action):
        legal = self.game.legal_actions()
        if action in legal:
            self._play(action)
            return
        before = self.game.to_json()
        with pytest.raises(IllegalMove):
            self.game.apply(action)
        assert self.game.to_json() == before
        assert self.game.legal_actions() == legal

    @rule(action=chosen_moves)
    def chosen_move_is_played_or_changes_nothing(self, action):
        before = self.game.to_json()
        try:
            self.game.apply(action)
        except GinError:
            assert self.game.to_json() == before

    @precondition(lambda self: not self.game.is_over)
    @rule()
    def the_other_player_may_not_move(self):
        before = self.game.to_json()
        other = 1 - self.game.current_player
        with pytest.raises(IllegalMove, match="turn"):
            self.game.apply(self.game.legal_actions()[0], player=other)
        assert self.game.to_json() == before

    @rule()
    def json_replays_the_game(self):
        text = self.game.to_json()
        again = Game.from_json(text)
        assert again.to_json() == text
        assert again.legal_actions() == self.game.legal_actions()
        rnd = self.game.round
        assert Round.from_json(rnd.to_json()).to_json() == rnd.to_json()

    @rule(data=st.data())
    def a_copy_plays_on_alone(self, data):
        before = self.game.to_json()
        copy = self.game.clone()
        assert copy.to_json() == before
        if not copy.is_over:
            copy.apply(data.draw(st.sampled_from(copy.legal_actions())))
            assert copy.to_json() != before
        assert self.game.to_json() == before

    def teardown(self):
        # Shown by --hypothesis-show-statistics: how far the runs get.
        event("game over" if self.game.is_over else "game unfinished")
        event(f"rounds dealt: {min(len(self.game.rounds), 5)}{'+' * (len(self.game.rounds) > 5)}")

    @invariant()
    def all_52_cards_are_somewhere_once(self):
        cards = cards_of_round(self.game.round)
        assert len(cards) == 52 and set(cards) == set(DECK)

    @invariant()
    def hand_sizes_follow_the_phase(self):
        rnd = self.game.round
        sizes = [len(rnd.hand(0)), len(rnd.hand(1))]
        if rnd.phase == "discard":
            assert sizes[rnd.current_player] == 11 and sizes[1 - rnd.current_player] == 10
        elif rnd.phase == "over" and rnd.result.outcome == "big_gin":
            assert sorted(sizes) == [10, 11]
        else:
            assert sizes == [10, 10]

    @invariant()
    def scores_only_grow_and_rounds_only_add(self):
        scores = self.game.scores
        assert all(now >= before for now, before in zip(scores, self.last_scores, strict=True))
        assert len(self.game.rounds) >= self.last_rounds
        self.last_scores = scores
        self.last_rounds = len(self.game.rounds)

    @invariant()
    def the_game_ends_exactly_at_the_target(self):
        target = self.game.rules.target
        if self.game.is_over:
            assert max(self.game.scores) >= target and self.game.legal_actions() == ()
            assert self.game.current_player == -1
        else:
            assert max(self.game.scores) < target and self.game.current_player in (0, 1)

    @invariant()
    def observations_show_only_what_a_player_may_know(self):
        rnd = self.game.round
        for player in (0, 1):
            view = self.game.observation(player)
            assert set(view.hand) == set(rnd.hand(player))
            assert view.stock_size == rnd.stock_size and view.discard_pile == rnd.discard_pile
            assert set(view.opponent_known) <= set(rnd.hand(1 - player))
            assert set(view.opponent_known) <= set(view.opponent_took)
            assert view.scores == rnd.scores


WholeGames.TestCase.settings = settings(
    max_examples=40, stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
TestWholeGames = WholeGames.TestCase


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), rules=rules_strategy,
       kinds=st.tuples(st.sampled_from(["random", "greedy", "simple"]),
                       st.sampled_from(["greedy", "simple"])))
def test_every_game_ends(seed, rules, kinds):
    """Whatever the variant, bots bring a game to its end (a random player against a bot that
    knocks; two random players may take thousands of rounds, which is slow but not wrong)."""
    make = {"random": RandomBot, "greedy": lambda seed: GreedyBot(), "simple": SimpleBot}
    players = [make[kinds[0]](seed), make[kinds[1]](seed + 1)]
    game = play(Game(rules, seed=seed), players)
    assert game.is_over and max(game.scores) >= rules.target
    totals = game.totals()
    assert totals.winner == game.winner
    assert totals.total[game.winner] > totals.total[1 - game.winner]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), rules=rules_strategy)
def test_replay_from_seed_and_moves_is_exact(seed, rules):
    rnd = play(Round(seed, rules=rules), [SimpleBot(seed), RandomBot(seed)])
    data = json.loads(rnd.to_json())
    again = Round(seed, rules=rules)
    for move in data["moves"]:
        again.apply(move)
    assert again.to_json() == rnd.to_json() and again.result == rnd.result


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_illegal_moves_in_random_positions_change_nothing(seed, data):
    rnd = Round(seed)
    rng_bot = RandomBot(seed)
    for _ in range(data.draw(st.integers(0, 60))):
        if rnd.is_over:
            break
        rnd.apply(rng_bot.choose(rnd.observation(rnd.current_player), rnd.legal_actions()))
    action = data.draw(listed_moves)
    if action in rnd.legal_actions():
        return
    before = rnd.to_json()
    with pytest.raises(IllegalMove):
        rnd.apply(action)
    assert rnd.to_json() == before
    assert rnd.is_legal(action) is False

