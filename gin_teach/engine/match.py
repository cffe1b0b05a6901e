"""A match: several games scored in match points, played move by move like a game.

>>> match = Match(seed=1, games=2)
>>> match.apply("pass")
>>> match.phase, len(match.games)
('upcard_dealer', 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gin_teach.core.arguments import check_count, check_names, check_rules, check_seed
from gin_teach.core.rules import Rules
from gin_teach.core.wording import says
from gin_teach.engine.actions import Action
from gin_teach.engine.game import Game
from gin_teach.engine.records import DEFAULT_NAMES, Observation, Phase
from gin_teach.engine.saves import dump, load_match, save_match
from gin_teach.errors import SetupError, excerpt

__all__ = ["Match"]


class Match:
    """Several games scored in match points: the winner of a game gets the rules'
    ``match_game_points`` (100) and each player ``match_round_points`` (25) for every round it
    won in that game. The match ends after ``games`` games or when a player reaches
    ``points`` match points, whichever comes first.

    >>> match = Match(seed=1, games=3, names=("Ann", "Bob"))
    >>> len(match.games), match.game is match.games[-1], match.names
    (1, True, ('Ann', 'Bob'))
    >>> match.match_points, match.is_over, match.winner, match.phase, match.current_player
    ((0, 0), False, None, 'upcard_nondealer', 0)
    """

    def __init__(self, rules: Rules | str | None = None, *, seed: int | None = None,
                 games: int | None = 3, points: int | None = None,
                 names: Sequence[str] = DEFAULT_NAMES) -> None:
        if games is None and points is None:
            raise SetupError("a match needs a number of games or a number of match points")
        self._games_limit = None if games is None else check_count(games, "games", most=1000)
        self._points_limit = None if points is None else check_count(points, "points")
        self._rules = check_rules(rules)
        self._names = check_names(names)
        checked = check_seed(seed)
        self._seed = random.randrange(1 << 63) if checked is None else checked
        self._rng = random.Random(self._seed)
        self._games = [self._new_game()]

    def _new_game(self) -> Game:
        return Game(self._rules, seed=self._rng.getrandbits(63), names=self._names)

    def clone(self) -> Match:
        """An independent copy, to try moves without touching this match.

        >>> match = Match(seed=2); copy = match.clone(); copy.apply("pass")
        >>> match.phase, copy.phase
        ('upcard_nondealer', 'upcard_dealer')
        """
        copy = Match.__new__(Match)
        copy.__dict__.update(self.__dict__)
        copy._rng = random.Random()
        copy._rng.setstate(self._rng.getstate())
        # A finished game refuses every move, so the copy may share it.
        copy._games = [*self._games[:-1], self._games[-1].clone()]
        return copy

    @property
    def rules(self) -> Rules:
        """The rules of every game."""
        return self._rules

    @property
    def seed(self) -> int:
        """The seed every game's seed is drawn from."""
        return self._seed

    @property
    def games_limit(self) -> int | None:
        """The number of games agreed (``None`` when the match is played to points)."""
        return self._games_limit

    @property
    def points_limit(self) -> int | None:
        """The match points agreed (``None`` when the match is a number of games)."""
        return self._points_limit

    @property
    def games(self) -> tuple[Game, ...]:
        """Every game so far, the current one last."""
        return tuple(self._games)

    @property
    def game(self) -> Game:
        """The game being played."""
        return self._games[-1]

    @property
    def names(self) -> tuple[str, str]:
        """The players' names."""
        return self._names

    def game_points(self, game: Game) -> tuple[int, int]:
        """The match points one finished game gives.

        >>> Match(seed=1).game_points(Game(seed=1))  # unfinished: nothing yet
        (0, 0)
        >>> Match(seed=1).game_points(52)
        Traceback (most recent call last):
        ...
        gin_teach.errors.SetupError: game must be a Game, got 52
        """
        if not isinstance(game, Game):
            raise SetupError(f"game must be a Game, got {excerpt(game)}")
        if game.winner is None:
            return (0, 0)
        per_round = self._rules.match_round_points
        points = [game.rounds_won[0] * per_round, game.rounds_won[1] * per_round]
        points[game.winner] += self._rules.match_game_points
        return (points[0], points[1])

    @property
    def match_points(self) -> tuple[int, int]:
        """Match points from the finished games."""
        each = [self.game_points(game) for game in self._games]
        return (sum(a for a, _ in each), sum(b for _, b in each))

    @property
    def is_over(self) -> bool:
        """True when the agreed number of games or match points is reached."""
        if not self._games[-1].is_over:
            return False
        if self._games_limit is not None and len(self._games) >= self._games_limit:
            return True
        limit = self._points_limit
        return limit is not None and max(self.match_points) >= limit

    @property
    def winner(self) -> int | None:
        """The player with more match points once the match is over (``None`` on a tie)."""
        if not self.is_over:
            return None
        a, b = self.match_points
        return None if a == b else (0 if a > b else 1)

    @property
    def phase(self) -> Phase:
        """The phase of the current round."""
        return self._games[-1].phase

    @property
    def current_player(self) -> int:
        """The player to act, or ``NO_PLAYER`` once the match is over."""
        return self._games[-1].current_player

    def legal_actions(self) -> tuple[Action, ...]:
        """The moves allowed now.

        >>> [str(a) for a in Match(seed=1).legal_actions()]
        ['take', 'pass']
        """
        return self._games[-1].legal_actions()

    def observation(self, player: int) -> Observation:
        """What ``player`` may know in the current round.

        >>> Match(seed=1).observation(1).player
        1
        """
        return self._games[-1].observation(player)

    def apply(self, action: Action | str, player: int | None = None) -> None:
        """Play a move; a finished game is scored and the next one begins.

        >>> from gin_teach import GreedyBot
        >>> match, bot = Match(seed=1, games=2, rules=Rules(target=1)), GreedyBot()
        >>> while len(match.games) == 1:
        ...     match.apply(bot.choose(match.observation(match.current_player),
        ...                            match.legal_actions()))
        >>> match.games[0].is_over, match.match_points == match.game_points(match.games[0])
        (True, True)
        """
        self._games[-1].apply(action, player)
        if self._games[-1].is_over and not self.is_over:
            self._games.append(self._new_game())

    def scoresheet(self) -> str:
        """One line per game with its match points, then the match totals.

        >>> print(Match(seed=1, names=("Ann", "Bob")).scoresheet())
        Match of 3 games (modern rules): Ann 0, Bob 0
        """
        names = self._names
        length = (f"{self._games_limit} games" if self._points_limit is None else
                  f"{self._points_limit} match points")
        totals = self.match_points
        lines = [f"Match of {length} ({self._rules.name} rules): "
                 f"{names[0]} {totals[0]}, {names[1]} {totals[1]}"]
        for number, game in enumerate(self._games, 1):
            if game.winner is not None:
                a, b = self.game_points(game)
                won = game.rounds_won
                lines.append(f"Game {number}: {says(names[game.winner], 'win[s]')}, rounds "
                             f"{won[0]}-{won[1]}: {names[0]} {a}, {names[1]} {b}")
        if self.is_over:
            winner = self.winner
            lines.append("The match is tied" if winner is None else
                         says(names[winner], "win[s] the match"))
        return "\n".join(lines)

    def to_json(self) -> str:
        """The match as JSON: its seed and length, then each game's rounds and moves.

        >>> match = Match(seed=5, games=2); match.apply("pass")
        >>> again = Match.from_json(match.to_json())
        >>> again.to_json() == match.to_json(), again.phase
        (True, 'upcard_dealer')
        """
        return dump(save_match(self))

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> Match:
        """Rebuild a match by replaying every game; anything that does not follow from the
        seed and the moves raises :class:`ReplayError` naming the field.

        >>> Match.from_json(Match(seed=5).to_json().replace('"games_limit": 3', '"games_limit": 0'))
        Traceback (most recent call last):
        ...
        gin_teach.errors.ReplayError: the save's seed, games_limit or points_limit: games must ...
        """
        return load_match(text, cls)

    def __str__(self) -> str:
        return self.scoresheet()
