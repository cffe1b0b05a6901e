"""Hollywood scoring: three games scored at once, from one run of rounds.

Friends who play an evening of gin often keep three games going on one sheet. Each player's
wins fill the games in turn: a player's first round won is written in game 1 only, the
second in games 1 and 2, and the third and every later one in all three. A game closes when
a player's points in it reach the target, and a closed game takes no more points; the
evening ends when all three are closed. Each game is then counted as a game on its own: its
boxes (one for each round written in it), its game bonus and its shutout. So a player who
starts slowly can still win games 2 and 3, which open only with that player's later wins.

This module keeps the three columns as numbers (:func:`hollywood_games`);
:class:`~gin_teach.engine.game.Game` plays by them under
:meth:`~gin_teach.core.rules.Rules.hollywood`, and its scoresheet shows each game.

>>> games = hollywood_games([(0, 20), (1, 15), (0, 30)], target=100)
>>> [(g.points, g.rounds_won) for g in games]
[((50, 15), (2, 1)), ((30, 0), (1, 0)), ((0, 0), (0, 0))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from gin_teach.core.validation import names_bad_arguments
from gin_teach.errors import RulesError, excerpt

__all__ = ["HOLLYWOOD_GAMES", "HollywoodGame", "games_of_win", "hollywood_games"]

HOLLYWOOD_GAMES: Final = 3
"""The games a Hollywood sheet keeps at once."""


@dataclass(frozen=True)
class HollywoodGame:
    """One game of a Hollywood sheet: its ``number`` (1 to 3), the race ``points`` and the
    ``rounds_won`` written in it per player, and its ``winner`` once a player's points reach
    the target (None while it is open).

    >>> HollywoodGame(2, (40, 0), (1, 0), None).is_open
    True
    """

    number: int
    points: tuple[int, int]
    rounds_won: tuple[int, int]
    winner: int | None

    @property
    def is_open(self) -> bool:
        """Whether the game still takes points."""
        return self.winner is None


@names_bad_arguments
def games_of_win(wins_so_far: int) -> tuple[int, ...]:
    """The games a player's round win is written in, by how many rounds that player has won
    with this one (1 for a first win), before closed games are left out.

    >>> games_of_win(1), games_of_win(2), games_of_win(3), games_of_win(7)
    ((1,), (1, 2), (1, 2, 3), (1, 2, 3))
    """
    if isinstance(wins_so_far, bool) or not isinstance(wins_so_far, int) or wins_so_far < 1:
        raise RulesError(f"a win is a player's first or later, not {excerpt(wins_so_far)}")
    return tuple(range(1, min(wins_so_far, HOLLYWOOD_GAMES) + 1))


def hollywood_games(results: Sequence[tuple[int | None, int]],
                    target: int) -> tuple[HollywoodGame, ...]:
    """The three games after these round ``results`` (each the winner, or None for a dead
    hand or a tie nobody won, and the points), every game played to ``target``.

    A win goes only to games still open: here game 1 closes at 110, so the second
    player's first win (10, for game 1 only) is written nowhere, and the first player's third
    win goes to games 2 and 3:

    >>> games = hollywood_games([(0, 60), (0, 50), (1, 10), (0, 30)], target=100)
    >>> [(g.points, g.winner) for g in games]
    [((110, 0), 0), ((80, 0), None), ((30, 0), None)]
    """
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise RulesError(f"target must be a whole number from 1, not {excerpt(target)}")
    if isinstance(results, (str, bytes)) or not isinstance(results, Sequence):
        raise RulesError(f"results must be a list of (winner, points), not {excerpt(results)}")
    for result in results:
        if not (isinstance(result, (tuple, list)) and len(result) == 2
                and (result[0] is None or (type(result[0]) is int and result[0] in (0, 1)))
                and type(result[1]) is int and result[1] >= 0):
            raise RulesError("each round's result must be (winner 0, 1 or None, points of at "
                             f"least 0), not {excerpt(result)}")
    points = [[0, 0] for _ in range(HOLLYWOOD_GAMES)]
    won = [[0, 0] for _ in range(HOLLYWOOD_GAMES)]
    winners: list[int | None] = [None] * HOLLYWOOD_GAMES
    wins = [0, 0]
    for winner, scored in results:
        if winner is None:
            continue
        wins[winner] += 1
        for number in games_of_win(wins[winner]):
            index = number - 1
            if winners[index] is not None:
                continue
            points[index][winner] += scored
            won[index][winner] += 1
            if points[index][winner] >= target:
                winners[index] = winner
    return tuple(HollywoodGame(index + 1, (points[index][0], points[index][1]),
                               (won[index][0], won[index][1]), winners[index])
                 for index in range(HOLLYWOOD_GAMES))
