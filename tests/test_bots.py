"""Computer players: each decision rule on a position whose answer can be worked out by hand,
plus properties over many random positions."""

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_teach import (
    BigGin,
    Card,
    Discard,
    DrawStock,
    Game,
    GreedyBot,
    Knock,
    LayOff,
    Match,
    PassUpcard,
    Player,
    PlayStats,
    RandomBot,
    Round,
    Rules,
    SimpleBot,
    TakeDiscard,
    deadwood,
    play,
    play_games,
)

KNOCKER = "7S 7H 7D 9C TC JC 3H 4H 5H KD"
DEFENDER = "2S 3S 4S QD QH QC 8C KH 5D TS"


def make_round(p0=KNOCKER, p1=DEFENDER, upcard="8D", stock="", rules=None):
    return Round.from_deal([p0, p1], upcard=upcard, stock=stock, dealer=1, rules=rules)


def choice(bot, rnd):
    player = rnd.current_player
    return bot.choose(rnd.observation(player), rnd.legal_actions())


def test_all_bots_are_players():
    for bot in (RandomBot(1), GreedyBot(), SimpleBot(1)):
        assert isinstance(bot, Player)


# ---------------------------------------------------------------------------- greedy


def test_greedy_takes_a_card_that_lowers_its_deadwood():
    # Holding 7♠7♥7♦ 9-J♣ 3-5♥ and K♦ (10). 8♦ would let K♦ go: 8 left.
    assert choice(GreedyBot(), make_round(upcard="8D")) == TakeDiscard()
    # The Q♠ upcard cannot lower 10: pass, and later draw from the stock.
    rnd = make_round(upcard="QS")
    assert choice(GreedyBot(), rnd) == PassUpcard()
    rnd.apply("pass")
    rnd.apply("pass")
    assert choice(GreedyBot(), rnd) == DrawStock()


def test_greedy_discards_the_card_that_leaves_least_deadwood_and_knocks_at_once():
    rnd = make_round(upcard="8D")
    rnd.apply("take")
    # Discard K♦ leaves 8 (a knock); any other card leaves more.
    assert choice(GreedyBot(), rnd) == Knock(Card.parse("KD"))


def test_greedy_goes_gin_and_big_gin():
    rnd = make_round(upcard="6H")
    rnd.apply("take")
    assert choice(GreedyBot(), rnd) == Knock(Card.parse("KD"))  # leaves 0: gin
    big = make_round("7S 7H 7D 9C TC JC 3H 4H 5H 6H", "2S 3S 4S QD QH QC 8D KH 5D TS",
                     upcard="8C", rules=Rules(big_gin_bonus=31))
    big.apply("take")
    assert choice(GreedyBot(), big) == BigGin()


def test_greedy_breaks_ties_towards_the_higher_card():
    # Two lone cards after the draw, J♦ and K♠: either discard leaves 10; the king goes.
    hand = "7S 7H 7D 9C TC JC 3H 4H 5H JD"
    rnd = make_round(hand, upcard="2C", stock="KS", rules=Rules(knock_limit=5))
    for move in ("pass", "pass", "draw"):
        rnd.apply(move)
    assert choice(GreedyBot(), rnd) == Discard(Card.parse("KS"))
    knock = make_round(hand, upcard="2C", stock="KS")
    for move in ("pass", "pass", "draw"):
        knock.apply(move)
    assert choice(GreedyBot(), knock) == Knock(Card.parse("KS"))  # 10 is a knock at 10


def test_greedy_respects_the_throw_back_rule():
    rnd = make_round("7S 7H 7D 9C TC JC 3H 4H 5H JD", upcard="KS", rules=Rules(knock_limit=5))
    rnd.apply("take")
    # Either lone card leaves 10, but K♠ was just taken, so J♦ must go.
    assert choice(GreedyBot(), rnd) == Discard(Card.parse("JD"))


def test_greedy_answers_a_knock_with_the_best_lay_offs():
    rnd = make_round(upcard="8D")
    rnd.apply("take")
    rnd.apply("knock KD")
    assert choice(GreedyBot(), rnd) == LayOff()


# ---------------------------------------------------------------------------- simple


def test_simple_takes_the_upcard_only_if_it_makes_a_meld():
    # 8♦ lowers the deadwood but melds with nothing: the baseline passes.
    assert choice(SimpleBot(1), make_round(upcard="8D")) == PassUpcard()
    # 6♥ extends 3-5♥: take it.
    assert choice(SimpleBot(1), make_round(upcard="6H")) == TakeDiscard()
    # 7♣ makes a set of four sevens.
    assert choice(SimpleBot(1), make_round(upcard="7C")) == TakeDiscard()


def test_simple_counts_a_meld_outside_the_best_arrangement():
    # 2♥ makes 2♥ 3♥ 4♥, but the best arrangement keeps 4♠ 4♥ 4♦ and leaves 2♥ 3♥ (5 points)
    # rather than 4♠ 4♦ (8). Any meld with the card is enough for the baseline.
    rnd = make_round("3H 4S 4H 4D 9C TC JC 7S 8D KD", "2S 3S 5S QD QH QC 8C KH 5D TS",
                     upcard="2H")
    assert choice(SimpleBot(1), rnd) == TakeDiscard()


def test_simple_never_throws_back_the_card_it_took_and_knocks_when_it_can():
    rnd = make_round(upcard="KS")
    rnd.apply("pass")
    rnd.apply("take")  # player 1, the dealer, takes K♠: K♥ or 10♠ may go, never K♠
    for seed in range(20):
        action = choice(SimpleBot(seed), rnd)
        assert action.card in (Card.parse("KH"), Card.parse("TS"))
    knock = make_round(upcard="6H")
    knock.apply("take")
    assert choice(SimpleBot(3), knock) == Knock(Card.parse("KD"))


def test_simple_discards_a_card_leaving_the_least_deadwood():
    rnd = make_round(upcard="2C")
    rnd.apply("pass")
    rnd.apply("pass")
    rnd.apply("draw")
    hand = rnd.hand(0)
    least = min(deadwood([c for c in hand if c != d]) for d in hand)
    for seed in range(10):
        action = choice(SimpleBot(seed), rnd)
        assert deadwood([c for c in hand if c != action.card]) == least


# ------------------------------------------------------------------------ properties


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32),
       kind=st.sampled_from([RandomBot, GreedyBot, SimpleBot]),
       rules=st.sampled_from([Rules(), Rules(oklahoma=True), Rules(straight_gin=True),
                              Rules(big_gin_bonus=31)]))
def test_bots_only_choose_legal_moves(seed, kind, rules):
    bot = kind(seed) if kind is not GreedyBot else GreedyBot()
    rnd = Round(seed, rules=rules)
    while not rnd.is_over:
        legal = rnd.legal_actions()
        action = bot.choose(rnd.observation(rnd.current_player), legal)
        assert action in legal
        rnd.apply(action)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), which=st.integers(0, 9))
def test_bots_decide_from_the_observation_only(seed, which):
    """Swap one of player 1's cards with the bottom card of the stock (never drawn: the round
    is dead with two cards left). Player 0 cannot tell the rounds apart, so it plays the same
    moves in both for as long as player 1 does, until a knock spreads the cards."""
    a = Round(seed, dealer=1)
    hidden, bottom = a.hand(1)[which], a.stock[-1]
    b = Round.from_deal([a.hand(0), [bottom if c == hidden else c for c in a.hand(1)]],
                        upcard=a.upcard, stock=a.stock[:-1] + (hidden,), dealer=1)
    bots = [SimpleBot(seed), GreedyBot()]
    while a.phase not in ("layoff", "over") and b.phase not in ("layoff", "over"):
        player = a.current_player
        assert b.current_player == player
        bots[0].reset(seed)
        move_a = bots[player].choose(a.observation(player), a.legal_actions())
        bots[0].reset(seed)
        move_b = bots[player].choose(b.observation(player), b.legal_actions())
        if player == 0:
            assert a.observation(0) == b.observation(0)
            assert move_a == move_b
        elif move_a != move_b:
            break
        a.apply(move_a)
        b.apply(move_b)


def test_play_games_repeats_with_the_same_seed():
    rules = Rules(target=50)
    first = play_games(SimpleBot(), GreedyBot(), n=3, seed=11, rules=rules)
    again = play_games(SimpleBot(), GreedyBot(), n=3, seed=11, rules=rules)
    assert first == again and isinstance(first, PlayStats)
    assert play_games(SimpleBot(), GreedyBot(), n=3, seed=12, rules=rules) != first


def test_play_games_counts_add_up():
    stats = play_games(GreedyBot(), SimpleBot(), n=4, seed=2, rules=Rules(target=60))
    players = stats.players
    assert stats.games == sum(p.games_won for p in players) == 4
    ended = sum(p.gins + p.big_gins + p.knocks for p in players)
    assert stats.rounds == ended + stats.dead_hands
    assert sum(p.rounds_won for p in players) == stats.rounds - stats.dead_hands
    assert stats.turns_per_round > 1
    assert all(p.undercuts <= players[1 - i].knocks for i, p in enumerate(players))
    text = str(stats)
    assert "GreedyBot (0)" in text and "SimpleBot (1)" in text


def test_a_bot_that_knocks_beats_one_that_plays_at_random():
    # A random player knocks only when a knock happens to be its pick among a dozen moves,
    # and throws away melds as often as deadwood: it should lose nearly every game.
    stats = play_games(GreedyBot(), RandomBot(), n=6, seed=4, rules=Rules(target=50))
    assert stats.players[0].games_won >= 5


def test_play_drives_a_round_a_game_or_a_match():
    bots = [SimpleBot(1), GreedyBot()]
    assert play(Round(seed=3), bots).is_over
    game = play(Game(seed=3, rules=Rules(target=30)), bots)
    assert game.is_over and max(game.scores) >= 30
    match = play(Match(seed=3, games=2, rules=Rules(target=30)), bots)
    assert match.is_over and len(match.games) == 2


def test_bots_moves_replay_from_their_text():
    rnd = play(Round(seed=5), [GreedyBot(), SimpleBot(5)])
    again = Round(seed=5)
    for _, action in rnd.history:
        again.apply(str(action))
    assert again.to_json() == rnd.to_json()
