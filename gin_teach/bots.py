"""Computer players, and simulation of many games between two of them.

Every player sees only an :class:`~gin_teach.game.Observation` and the list of legal moves,
the same two things a person at the table (or a widget) has.

>>> stats = play_games(GreedyBot(), SimpleBot(seed=1), n=2, seed=7)
>>> stats.games, sum(p.games_won for p in stats.players)
(2, 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar, runtime_checkable

from gin_teach.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    PassUpcard,
    TakeDiscard,
)
from gin_teach.game import Game, Observation
from gin_teach.melds import _MELDS_WITH_CARD, _best_discard_of_mask, _deadwood_of_mask
from gin_teach.rules import Rules

__all__ = [
    "GreedyBot",
    "PlayStats",
    "Player",
    "PlayerStats",
    "RandomBot",
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
        """One of ``legal_actions``."""
        ...


class RandomBot:
    """Picks uniformly among the legal moves; ``seed`` fixes its choices.

    >>> from gin_teach import Round
    >>> rnd = Round(seed=1)
    >>> str(RandomBot(seed=0).choose(rnd.observation(rnd.current_player), rnd.legal_actions()))
    'pass'
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def reset(self, seed: int) -> None:
        """Start again from ``seed`` (:func:`play_games` calls this so results repeat)."""
        self._rng.seed(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return self._rng.choice(legal_actions)

    def __repr__(self) -> str:
        return "RandomBot()"


def _first(legal_actions: Sequence[Action], kind: type) -> Action | None:
    for action in legal_actions:
        if type(action) is kind:
            return action
    return None


def _highest(cards_mask: int) -> int:
    """The bit of the card with the most deadwood points, then the highest rank (a king
    before a queen), then the later suit in S H D C order, so the choice never varies."""
    best_bit, best_key = 0, -1
    while cards_mask:
        low = cards_mask & -cards_mask
        cards_mask ^= low
        index = low.bit_length() - 1
        rank = index % 13 + 1
        key = (min(rank, 10) * 16 + rank) * 4 + index // 13
        if key > best_key:
            best_bit, best_key = low, key
    return best_bit


def _fallback_move(legal_actions: Sequence[Action]) -> Action:
    # The defender's answer to a knock (the optimum), or whatever single move remains.
    lay_off = _first(legal_actions, LayOff)
    return lay_off if lay_off is not None else legal_actions[0]


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

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        phase = observation.phase
        hand = observation.hand_mask
        if phase == "discard":
            return self._discard(observation, hand, legal_actions)
        take = _first(legal_actions, TakeDiscard)
        top = observation.top_discard
        if take is not None and top is not None and self._improves(hand, top.bit):
            return take
        for kind in (DrawStock, PassUpcard):
            move = _first(legal_actions, kind)
            if move is not None:
                return move
        return _fallback_move(legal_actions)

    @staticmethod
    def _improves(hand: int, card_bit: int) -> bool:
        # Keeping the card and throwing back something else must beat the hand as it is;
        # throwing the card itself back gives exactly today's deadwood, never less.
        value, _ = _best_discard_of_mask(hand | card_bit)
        return value < _deadwood_of_mask(hand)

    @staticmethod
    def _discard(observation: Observation, hand: int, legal_actions: Sequence[Action]
                 ) -> Action:
        knocks = [a for a in legal_actions if isinstance(a, (Knock, BigGin))]
        big_gin = next((a for a in knocks if isinstance(a, BigGin)), None)
        if big_gin is not None:
            return big_gin
        taken = observation.just_taken
        allowed = hand & ~taken.bit if taken is not None else hand
        value, best = _best_discard_of_mask(hand)
        best &= allowed
        if not best:  # the only best discard is the card just taken: weigh the others
            value = min(_deadwood_of_mask(hand ^ (1 << i)) for i in range(52)
                        if allowed >> i & 1)
            best = sum(1 << i for i in range(52)
                       if allowed >> i & 1 and _deadwood_of_mask(hand ^ (1 << i)) == value)
        bit = _highest(best)
        for action in knocks:
            if isinstance(action, Knock) and action.card.bit == bit:
                return action
        return next(a for a in legal_actions if isinstance(a, Discard) and a.card.bit == bit)

    def __repr__(self) -> str:
        return "GreedyBot()"


class SimpleBot:
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

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def reset(self, seed: int) -> None:
        """Start again from ``seed`` (:func:`play_games` calls this so results repeat)."""
        self._rng.seed(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        phase = observation.phase
        hand = observation.hand_mask
        if phase == "discard":
            return self._discard(observation, hand, legal_actions)
        take = _first(legal_actions, TakeDiscard)
        top = observation.top_discard
        if take is not None and top is not None and self._completes_meld(hand, top.index):
            return take
        for kind in (DrawStock, PassUpcard):
            move = _first(legal_actions, kind)
            if move is not None:
                return move
        return _fallback_move(legal_actions)

    @staticmethod
    def _completes_meld(hand: int, index: int) -> bool:
        with_card = hand | 1 << index
        return any(meld & with_card == meld for meld, _ in _MELDS_WITH_CARD[index])

    def _discard(self, observation: Observation, hand: int, legal_actions: Sequence[Action]
                 ) -> Action:
        big_gin = _first(legal_actions, BigGin)
        if big_gin is not None:
            return big_gin
        candidates: list[Action] = []
        least = 1 << 30
        for action in legal_actions:
            if type(action) is not Discard:
                continue
            value = _deadwood_of_mask(hand ^ action.card.bit)
            if value < least:
                least, candidates = value, [action]
            elif value == least:
                candidates.append(action)
        choice = self._rng.choice(candidates)
        assert isinstance(choice, Discard)
        for action in legal_actions:
            if type(action) is Knock and action.card is choice.card:
                return action
        return choice

    def __repr__(self) -> str:
        return "SimpleBot()"


class Playable(Protocol):
    """A round, a game or a match: anything with the legal-moves-and-apply interface."""

    @property
    def is_over(self) -> bool: ...

    @property
    def current_player(self) -> int: ...

    def legal_actions(self) -> tuple[Action, ...]: ...

    def observation(self, player: int) -> Observation: ...

    def apply(self, action: Action | str, player: int | None = None) -> None: ...


State = TypeVar("State", bound=Playable)


def play(state: State, players: Sequence[Player]) -> State:
    """Let ``players[0]`` and ``players[1]`` play ``state`` (a round, game or match) to the
    end; returns the same object.

    >>> from gin_teach import Round
    >>> play(Round(seed=1), [GreedyBot(), GreedyBot()]).is_over
    True
    """
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
        """The share of ``games`` won."""
        return self.games_won / games if games else 0.0


@dataclass(frozen=True)
class PlayStats:
    """What :func:`play_games` measured.

    >>> stats = play_games(GreedyBot(), GreedyBot(), n=1, seed=3)
    >>> stats.rounds == stats.dead_hands + sum(p.rounds_won for p in stats.players)
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
        lines = [f"{self.games} games, {self.rounds} rounds ({self.dead_hands} dead hands), "
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
    rules = rules or Rules()
    rng = random.Random(seed)
    for player in (a, b):
        reset = getattr(player, "reset", None)
        if callable(reset):
            reset(rng.getrandbits(63))
    names = (f"{type(a).__name__} (0)", f"{type(b).__name__} (1)")
    won = [0, 0]
    rounds_won = [0, 0]
    points = [0, 0]
    gins = [0, 0]
    big_gins = [0, 0]
    knocks = [0, 0]
    undercuts = [0, 0]
    rounds = dead = turns = 0
    for _ in range(n):
        game = play(Game(rules, rng.getrandbits(63), names=names), (a, b))
        totals = game.totals()
        assert totals.winner is not None
        won[totals.winner] += 1
        for p in (0, 1):
            rounds_won[p] += totals.rounds_won[p]
            points[p] += totals.total[p]
        for rnd in game.rounds:
            result = rnd.result
            assert result is not None
            rounds += 1
            turns += rnd.turns
            if result.knocker is None:
                dead += 1
            elif result.outcome == "gin":
                gins[result.knocker] += 1
            elif result.outcome == "big_gin":
                big_gins[result.knocker] += 1
            else:
                knocks[result.knocker] += 1
                if result.outcome == "undercut":
                    undercuts[1 - result.knocker] += 1
    players = tuple(PlayerStats(names[p], won[p], rounds_won[p], points[p], gins[p],
                                big_gins[p], knocks[p], undercuts[p]) for p in (0, 1))
    return PlayStats(n, rounds, dead, turns, (players[0], players[1]), rules, seed)
