"""Checkers for Hollywood scoring (lesson 9): which games a round is written in, and what a
game holds after a run of rounds. The truth is :mod:`gin_teach.core.hollywood`'s.

A run of rounds is written as the learner reads it on a sheet: each round's winner (a name)
and the points, such as ``[("Ann", 30), ("Bob", 20)]``; ``None`` for a round nobody won.

>>> rounds = [("Ann", 30), ("Bob", 20), ("Ann", 25)]
>>> print(check_hollywood_games(rounds, 3, "1 and 2"))
✔ Right: round 3 is Ann's second win: it goes in games 1 and 2.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gin_teach.core.hollywood import games_of_win, hollywood_games
from gin_teach.core.validation import names_bad_arguments
from gin_teach.core.wording import counted
from gin_teach.errors import GinError, excerpt
from gin_teach.lessons.answers import Feedback, expect_answer, feedback_checker, unreadable

__all__ = ["check_hollywood_games", "check_hollywood_score"]

RoundWon = tuple[str | None, int]
_NONE_WORDS = ("none", "no game", "nowhere", "no games", "nothing")


def _players(rounds: Sequence[RoundWon]) -> tuple[str, str]:
    if isinstance(rounds, (str, bytes)) or not isinstance(rounds, Sequence):
        raise GinError(f"the rounds are a list of (winner, points), not {excerpt(rounds)}")
    names: list[str] = []
    for row in rounds:
        if not (isinstance(row, tuple) and len(row) == 2 and (row[0] is None
                or isinstance(row[0], str)) and type(row[1]) is int and row[1] >= 0):
            raise GinError(f"each round is (winner's name or None, points), not {excerpt(row)}")
        if row[0] is not None and row[0] not in names:
            names.append(row[0])
    if len(names) > 2:
        raise GinError(f"a game has two players, these rounds name {len(names)}")
    while len(names) < 2:
        names.append(f"Player {len(names) + 1}")
    return names[0], names[1]


def _results(rounds: Sequence[RoundWon], names: tuple[str, str]) -> list[tuple[int | None, int]]:
    return [(None if winner is None else names.index(winner), points)
            for winner, points in rounds]


def _numbers(answer: object, hint: str, what: str) -> list[int]:
    """The whole numbers in an answer: a number, a list of them, or text ("1 and 2")."""
    expect_answer(answer, hint)
    if isinstance(answer, bool):
        raise unreadable(f"Write {what}, not True or False.")
    if isinstance(answer, int):
        return [answer]
    if isinstance(answer, (list, tuple)) and all(type(n) is int for n in answer):
        return list(answer)
    if isinstance(answer, str):
        text = answer.strip().lower()
        if text in _NONE_WORDS:
            return []
        digits = re.findall(r"\d+", text)
        if any(len(n) > 9 for n in digits):  # no game number or score is that long
            raise unreadable(f"Write {what}; {excerpt(answer)} holds a number far too large.")
        return [int(n) for n in digits]
    raise unreadable(f"Write {what}; I could not read {excerpt(answer)}.")


def _games(numbers: Sequence[int]) -> str:
    if not numbers:
        return "no game"
    return f"game {numbers[0]} only" if len(numbers) == 1 else f"games {_and(numbers)}"


def _and(numbers: Sequence[int]) -> str:
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@feedback_checker()
@names_bad_arguments
def check_hollywood_games(rounds: Sequence[RoundWon], round_number: int, answer: object,
                          target: int = 100) -> Feedback:
    """Which of the three games is round ``round_number`` (from 1) of ``rounds`` written
    in? The answer is the game numbers ("1 2", ``[1, 2]``, "games 1 and 2") or "none".

    >>> rounds = [("Ann", 60), ("Ann", 50), ("Bob", 10)]
    >>> print(check_hollywood_games(rounds, 3, "1"))  # doctest: +NORMALIZE_WHITESPACE
    ✘ Not quite: round 3 is Bob's first win, for game 1 only, but game 1 is closed (Ann
    reached 100 in game 1): it goes in no game.
      Hint: A player's first win goes in game 1, the second in games 1 and 2, every later one
      in all three; a closed game takes no more.
    """
    names = _players(rounds)
    if isinstance(round_number, bool) or not isinstance(round_number, int) or not (
            1 <= round_number <= len(rounds)):
        raise GinError(f"there are rounds 1 to {len(rounds)}, not {excerpt(round_number)}")
    hint = ("A player's first win goes in game 1, the second in games 1 and 2, every later "
            "one in all three; a closed game takes no more.")
    said = sorted(set(_numbers(answer, hint, "the game numbers, like 1 2, or none")))
    winner, _points = rounds[round_number - 1]
    if winner is None:
        truth: list[int] = []
        why = f"round {round_number} was won by nobody: it is written in no game."
    else:
        results = _results(rounds, names)
        player = names.index(winner)
        wins = sum(1 for who, _ in results[:round_number] if who == player)
        before = hollywood_games(results[:round_number - 1], target)
        due = games_of_win(wins)
        truth = [n for n in due if before[n - 1].is_open]
        closed = [n for n in due if not before[n - 1].is_open]
        order = {1: "first", 2: "second", 3: "third"}
        which = f"{order[wins]} win" if wins in order else f"win number {wins}"
        if closed:
            holders = "; ".join(f"{names[before[n - 1].winner or 0]} reached {target} in "
                                f"game {n}" for n in closed)
            shut = (f"game {closed[0]} is closed" if len(closed) == 1
                    else f"games {_and(closed)} are closed")
            why = (f"round {round_number} is {winner}'s {which}, for {_games(due)}, but "
                   f"{shut} ({holders}): it goes in {_games(truth)}.")
        else:
            why = f"round {round_number} is {winner}'s {which}: it goes in {_games(truth)}."
    if said == truth:
        return Feedback(True, f"Right: {why}")
    return Feedback(False, f"Not quite: {why}", hint)


@feedback_checker()
@names_bad_arguments
def check_hollywood_score(rounds: Sequence[RoundWon], game: int, answer: object,
                          target: int = 100) -> Feedback:
    """The race points of both players in game ``game`` (1 to 3) after ``rounds``, first
    the player named first in the rounds: "80 35", ``(80, 35)``, "Ann 80, Bob 35".

    >>> rounds = [("Ann", 30), ("Bob", 20), ("Ann", 25)]
    >>> print(check_hollywood_score(rounds, 2, (25, 0)))
    ✔ Right: game 2 holds Ann 25 and Bob 0 (1 round of Ann's and none of Bob's).
    """
    names = _players(rounds)
    if isinstance(game, bool) or game not in (1, 2, 3):
        raise GinError(f"the games are 1, 2 and 3, not {excerpt(game)}")
    hint = ("Go through the rounds in order: a player's first win goes in game 1, the second "
            "in games 1 and 2, every later one in all three, until a game closes at "
            f"{target}.")
    said = _numbers(answer, hint, f"two numbers, {names[0]}'s then {names[1]}'s, like 80 35")
    if len(said) != 2:
        raise unreadable(f"Write two numbers, {names[0]}'s then {names[1]}'s, like 80 35; I "
                         f"found {counted(len(said), 'number')} in {excerpt(answer)}.")
    column = hollywood_games(_results(rounds, names), target)[game - 1]
    won = column.rounds_won
    counts = (f"{counted(won[0], 'round')} of {names[0]}'s and "
              f"{'none' if won[1] == 0 else counted(won[1], 'round')} of {names[1]}'s")
    closed = (f"; it closed when {names[column.winner]} reached {target}"
              if column.winner is not None else "")
    why = (f"game {game} holds {names[0]} {column.points[0]} and {names[1]} "
           f"{column.points[1]} ({counts}){closed}.")
    if tuple(said) == column.points:
        return Feedback(True, f"Right: {why}")
    if tuple(said[::-1]) == column.points:
        return Feedback(False, f"Not quite: the right numbers, the other way round: {why}",
                        hint)
    return Feedback(False, f"Not quite: {why}", hint)
