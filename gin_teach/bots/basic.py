"""The baseline computer players (random, greedy, and the EAAI challenge's Simple), the
:class:`Player` protocol every player follows, and simulation of many games between two.

Every player sees only an :class:`~gin_teach.engine.game.Observation` and the list of legal moves,
the same two things a person at the table (or a widget) has.

>>> stats = play_games(GreedyBot(), SimpleBot(seed=1), n=2, seed=7)
>>> stats.games, sum(p.games_won for p in stats.players)
(2, 2)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol, TypeVar, runtime_checkable

from gin_teach.core.arguments import check_count, check_rules, check_seed
from gin_teach.core.cards import CARD_POINTS, NATURAL_BITS, Card
from gin_teach.core.jokers import joker_melds
from gin_teach.core.kernel import best_discard_of_mask, best_throws, deadwood_of_mask
from gin_teach.core.rules import Rules
from gin_teach.core.solver import MELDS_WITH_CARD
from gin_teach.core.validation import names_bad_arguments
from gin_teach.core.wording import counted
from gin_teach.engine.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    PassUpcard,
    TakeDiscard,
)
from gin_teach.engine.game import Game
from gin_teach.engine.records import Observation
from gin_teach.errors import SetupError, excerpt

__all__ = [
    "GreedyBot",
    "PlayStats",
    "Playable",
    "Player",
    "PlayerStats",
    "RandomBot",
    "SeededBot",
    "SimpleBot",
    "play",
    "play_games",
]


@runtime_checkable
class Player(Protocol):
    """Anything that picks a move from what it may see: bots, and the widgets people use.

    >>> isinstance(RandomBot(seed=1), Player)
    True
    """

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``, picked knowing only ``observation``.

        >>> from gin_teach import Round
        >>> rnd = Round(seed=1)
        >>> str(GreedyBot().choose(rnd.observation(1), rnd.legal_actions()))
        'pass'
        """
        ...


def _checked_seed(seed: object) -> int | None:
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
        return seed
    raise SetupError(f"seed must be a whole number or None, got {excerpt(seed)}")


class SeededBot:
    """Base of the players whose random choices all come from one seeded generator.

    >>> class Coin(SeededBot):
    ...     def flip(self) -> int: return self._rng.randrange(2)
    >>> coin = Coin(seed=5); first = [coin.flip() for _ in range(8)]
    >>> coin.reset(5); first == [coin.flip() for _ in range(8)]
    True
    """

    description: ClassVar[str] = ""
    """One line naming the player and how it plays, for an opponent menu."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(_checked_seed(seed))

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``: each player class defines its own rule.

        >>> from gin_teach import Round
        >>> rnd = Round(seed=1)
        >>> SeededBot().choose(rnd.observation(1), rnd.legal_actions())
        Traceback (most recent call last):
        ...
        NotImplementedError: SeededBot does not say how it chooses
        """
        raise NotImplementedError(f"{type(self).__name__} does not say how it chooses")

    def reset(self, seed: int) -> None:
        """Start the choices again from ``seed`` (:func:`play_games` calls this so results
        repeat).

        >>> from gin_teach import Round
        >>> rnd = Round(seed=1); rnd.apply("pass"); rnd.apply("pass"); rnd.apply("draw")
        >>> view, moves = rnd.observation(rnd.current_player), rnd.legal_actions()
        >>> bot = RandomBot(seed=3); first = [bot.choose(view, moves) for _ in range(5)]
        >>> bot.reset(3); first == [bot.choose(view, moves) for _ in range(5)]
        True
        """
        self._rng.seed(_checked_seed(seed))


class RandomBot(SeededBot):
    """Picks uniformly among the legal moves; ``seed`` fixes its choices.

    >>> from gin_teach import Round
    >>> rnd = Round(seed=1)
    >>> str(RandomBot(seed=0).choose(rnd.observation(rnd.current_player), rnd.legal_actions()))
    'pass'
    """

    description = "Random: any legal move, each as likely"

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Any one of ``legal_actions``, each as likely.

        >>> from gin_teach import Round
        >>> rnd = Round(seed=1)
        >>> RandomBot(seed=4).choose(rnd.observation(1), rnd.legal_actions()) in rnd.legal_actions()
        True
        """
        return self._rng.choice(legal_actions)

    def __repr__(self) -> str:
        return "RandomBot()"


def _first(legal_actions: Sequence[Action], kind: type) -> Action | None:
    for action in legal_actions:
        if type(action) is kind:
            return action
    return None


def _knocking_turn(observation: Observation, legal_actions: Sequence[Action],
                   wants: Callable[[int, Card], bool],
                   discard: Callable[[Observation, Sequence[Action]], Card]) -> Action:
    """A move of a bot that knocks as soon as it can, given its two rules: ``wants(hand_mask,
    card)`` says whether to take the top discard (or the upcard), ``discard(observation,
    legal_actions)`` picks the card to throw. Otherwise it draws from the stock (or passes
    the upcard), goes big gin when it may, and answers a knock with the best lay-offs."""
    if observation.phase == "discard":
        big_gin = _first(legal_actions, BigGin)
        if big_gin is not None:
            return big_gin
        return _knock_or_discard(legal_actions, discard(observation, legal_actions))
    take = _first(legal_actions, TakeDiscard)
    top = observation.top_discard
    if take is not None and top is not None and wants(observation.hand_mask, top):
        return take
    for kind in (DrawStock, PassUpcard, LayOff):
        move = _first(legal_actions, kind)
        if move is not None:
            return move
    return legal_actions[0]


def _knock_or_discard(legal_actions: Sequence[Action], card: Card) -> Action:
    """The knock with ``card`` when it is legal (these bots knock as soon as they can), else
    the plain discard."""
    discard = None
    for action in legal_actions:
        if type(action) is Knock and action.card is card:
            return action
        if type(action) is Discard and action.card is card:
            discard = action
    assert discard is not None, f"{card} is not a legal discard"
    return discard


def _highest(cards_mask: int) -> Card:
    """The card with the most deadwood points, then the highest rank (a king before a
    queen), then the later suit in S H D C order, so the choice never varies."""
    best_index, best_key = -1, -1
    while cards_mask:
        low = cards_mask & -cards_mask
        cards_mask ^= low
        index = low.bit_length() - 1
        rank = index % 13 + 1
        key = (CARD_POINTS[index] * 16 + rank) * 4 + index // 13
        if key > best_key:
            best_index, best_key = index, key
    return Card.from_index(best_index)


class GreedyBot:
    """Lowers its deadwood at every step and knocks as soon as it can.

    Takes the upcard or the top discard when that leaves less deadwood after its discard than
    it has now, discards the card that leaves the least deadwood (the highest card among
    equals), and knocks (or goes gin, or big gin) the moment a knock is legal, with the
    discard that leaves the least deadwood.

    >>> from gin_teach import Round
    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
    ...                       upcard="8D", dealer=1)
    >>> bot = GreedyBot()
    >>> str(bot.choose(rnd.observation(0), rnd.legal_actions()))  # 8D lowers 10 to 8
    'take'
    >>> rnd.apply("take")
    >>> str(bot.choose(rnd.observation(0), rnd.legal_actions()))
    'knock KD'
    """

    description = "Greedy: lowers its deadwood at every step and knocks at once"

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The greedy move (see the class).

        >>> from gin_teach import Round, Rules
        >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H JD",
        ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="2C", stock="KS",
        ...                       dealer=1, rules=Rules(knock_limit=5))
        >>> for move in ("pass", "pass", "draw"): rnd.apply(move)
        >>> str(GreedyBot().choose(rnd.observation(0), rnd.legal_actions()))  # J♦ or K♠: 10
        'discard KS'
        """
        return _knocking_turn(observation, legal_actions, self._improves, self._discard)

    @staticmethod
    def _improves(hand: int, card: Card) -> bool:
        # Keeping the card and throwing back something else must beat the hand as it is;
        # throwing the card itself back gives exactly today's deadwood, never less.
        value, _ = best_discard_of_mask(hand | card.bit)
        return value < deadwood_of_mask(hand)

    @staticmethod
    def _discard(observation: Observation, legal_actions: Sequence[Action]) -> Card:
        hand = observation.hand_mask
        taken = observation.just_taken
        allowed = hand & ~taken.bit if taken is not None else hand
        return _highest(best_throws(hand, allowed)[1])

    def __repr__(self) -> str:
        return "GreedyBot()"


class SimpleBot(SeededBot):
    """The baseline player of the EAAI Gin Rummy challenge (Neller's ``SimpleGinRummyPlayer``),
    so results compare with published ones.

    Takes the face-up card only if it would be part of a meld in its hand (any meld, not
    only the best arrangement); discards a card that leaves the least deadwood, never the card
    just taken face up, choosing at random (``seed``) among equals, which in practice is the
    highest unmelded card; knocks as soon as its deadwood allows. It does not go big gin on
    purpose but takes it when offered, and answers a knock with the best lay-offs.

    >>> from gin_teach import Round
    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
    ...                       upcard="8D", dealer=1)
    >>> str(SimpleBot(seed=1).choose(rnd.observation(0), rnd.legal_actions()))  # 8D melds nothing
    'pass'
    """

    description = ("Simple: the EAAI challenge baseline; takes a card only for a meld and "
                   "knocks at once")

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The baseline's move (see the class).

        >>> from gin_teach import Round
        >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
        ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="6H", dealer=1)
        >>> str(SimpleBot(seed=1).choose(rnd.observation(0), rnd.legal_actions()))  # 3-6H
        'take'
        """
        return _knocking_turn(observation, legal_actions, self._completes_meld, self._discard)

    @staticmethod
    def _completes_meld(hand: int, card: Card) -> bool:
        if card.is_joker:  # any meld a joker (with the other joker, if held) can complete
            naturals = hand & NATURAL_BITS
            return bool(joker_melds(naturals, naturals, 1 + (hand > NATURAL_BITS)))
        with_card = hand | card.bit
        return any(meld & with_card == meld for meld, _ in MELDS_WITH_CARD[card.index])

    def _discard(self, observation: Observation, legal_actions: Sequence[Action]) -> Card:
        hand = observation.hand_mask
        candidates: list[Card] = []
        least = 1 << 30
        for action in legal_actions:
            if type(action) is not Discard:
                continue
            value = deadwood_of_mask(hand ^ action.card.bit)
            if value < least:
                least, candidates = value, [action.card]
            elif value == least:
                candidates.append(action.card)
        return self._rng.choice(candidates)

    def __repr__(self) -> str:
        return "SimpleBot()"


class Playable(Protocol):
    """A round, a game or a match: anything with the legal-moves-and-apply interface.

    >>> from gin_teach import Round
    >>> play(Round(seed=1), [RandomBot(seed=1), RandomBot(seed=2)]).is_over
    True
    """

    @property
    def is_over(self) -> bool: ...

    @property
    def current_player(self) -> int: ...

    def legal_actions(self) -> tuple[Action, ...]: ...

    def observation(self, player: int) -> Observation: ...

    def apply(self, action: Action | str, player: int | None = None) -> None: ...


State = TypeVar("State", bound=Playable)


@names_bad_arguments
def play(state: State, players: Sequence[Player]) -> State:
    """Let ``players[0]`` and ``players[1]`` play ``state`` (a round, game or match) to the
    end; returns the same object.

    >>> from gin_teach import Round
    >>> play(Round(seed=1), [GreedyBot(), GreedyBot()]).is_over
    True
    """
    if (isinstance(players, str) or len(players) != 2
            or not all(callable(getattr(p, "choose", None)) and not hasattr(p, "__array__")
                       for p in players)):
        raise SetupError(f"players must be two players (each with a choose method), "
                         f"got {excerpt(players)}")
    while not state.is_over:
        player = state.current_player
        state.apply(players[player].choose(state.observation(player), state.legal_actions()))
    return state


@dataclass(frozen=True)
class PlayerStats:
    """One player's record over a run of games. ``knocks`` counts knocks that were not gin;
    ``undercuts`` the undercuts this player made against the other's knock; ``points`` the
    game totals with boxes and bonuses.

    >>> PlayerStats("Ann", 1, 3, 150, 1, 0, 2, 0).win_rate(2)
    0.5
    """

    name: str
    games_won: int
    rounds_won: int
    points: int
    gins: int
    big_gins: int
    knocks: int
    undercuts: int

    def win_rate(self, games: int) -> float:
        """The share of ``games`` won (0 of no games).

        >>> ann = PlayerStats("Ann", 3, 9, 800, 2, 0, 5, 1)
        >>> ann.win_rate(4), ann.win_rate(0)
        (0.75, 0.0)
        """
        return self.games_won / games if games else 0.0


@dataclass(frozen=True)
class PlayStats:
    """What :func:`play_games` measured.

    >>> stats = play_games(GreedyBot(), GreedyBot(), n=1, seed=3)
    >>> stats.rounds == stats.dead_hands + sum(p.rounds_won for p in stats.players)
    True
    >>> stats.turns_per_round == stats.turns / stats.rounds
    True
    """

    games: int
    rounds: int
    dead_hands: int
    turns: int
    players: tuple[PlayerStats, PlayerStats]
    rules: Rules
    seed: int

    @property
    def turns_per_round(self) -> float:
        """Average turns (cards drawn or taken) per round."""
        return self.turns / self.rounds if self.rounds else 0.0

    def __str__(self) -> str:
        width = max(len(p.name) for p in self.players)
        lines = [f"{counted(self.games, 'game')}, {counted(self.rounds, 'round')} "
                 f"({counted(self.dead_hands, 'dead hand')}), "
                 f"{self.turns_per_round:.1f} turns per round, {self.rules.name} rules"]
        lines.append(f"{'':<{width}}  games  rounds  points  gins  knocks  undercuts")
        for p in self.players:
            gins = f"{p.gins}" + (f"+{p.big_gins}" if p.big_gins else "")
            lines.append(f"{p.name:<{width}}  {p.games_won:>5}  {p.rounds_won:>6}  "
                         f"{p.points:>6}  {gins:>4}  {p.knocks:>6}  {p.undercuts:>9}")
        return "\n".join(lines)


def play_games(a: Player, b: Player, n: int, seed: int = 0, rules: Rules | None = None
               ) -> PlayStats:
    """Play ``n`` whole games, ``a`` as player 0 and ``b`` as player 1 (the first dealer is
    drawn each game), and count wins, points, gins, knocks, undercuts and dead hands.

    The same seed gives the same numbers: every game's deals come from it, and a player with
    a ``reset(seed)`` method (all the bots here) is reset from it first.

    >>> first = play_games(RandomBot(), SimpleBot(), n=1, seed=5, rules=Rules(target=10))
    >>> first == play_games(RandomBot(), SimpleBot(), n=1, seed=5, rules=Rules(target=10))
    True
    """
    n = check_count(n, "n (the number of games)")
    rng = random.Random(check_seed(seed))
    rules = check_rules(rules)
    for player in (a, b):
        reset = getattr(player, "reset", None)
        if callable(reset):
            reset(rng.getrandbits(63))
    names = (f"{type(a).__name__} (0)", f"{type(b).__name__} (1)")
    # (what, player): "won", "rounds_won" and "points" per game; "gin", "big_gin" and "knock"
    # for the knocker of each round, "undercut" for the defender who undercut.
    count: Counter[tuple[str, int]] = Counter()
    rounds = dead = turns = 0
    for _ in range(n):
        game = play(Game(rules, seed=rng.getrandbits(63), names=names), (a, b))
        totals = game.totals()
        assert totals.winner is not None
        count["won", totals.winner] += 1
        for p in (0, 1):
            count["rounds_won", p] += totals.rounds_won[p]
            count["points", p] += totals.total[p]
        for rnd in game.rounds:
            result = rnd.result
            assert result is not None
            rounds += 1
            turns += rnd.turns
            if result.knocker is None:
                dead += 1
                continue
            ending = result.outcome if result.outcome in ("gin", "big_gin") else "knock"
            count[ending, result.knocker] += 1
            if result.outcome == "undercut":
                count["undercut", 1 - result.knocker] += 1
    players = tuple(
        PlayerStats(names[p], *(count[what, p] for what in (
            "won", "rounds_won", "points", "gin", "big_gin", "knock", "undercut")))
        for p in (0, 1))
    return PlayStats(n, rounds, dead, turns, (players[0], players[1]), rules, seed)
