"""Argument checks for the engine's entry points: seeds, player names and numbers, scores,
counts and rules. Each returns the value it accepts (normalised) or raises a package error
that names the argument, so that everything a round, game or match accepts can be saved and
loaded again.

>>> check_names(["Ann", "Bob"]), check_player(1, "dealer"), check_seed(7)
(('Ann', 'Bob'), 1, 7)
>>> check_player(1.0, "dealer")
Traceback (most recent call last):
...
gin_teach.errors.SetupError: dealer must be the player number 0 or 1, got 1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments
from gin_teach.errors import ArgumentError, RulesError, SetupError, excerpt

__all__ = [
    "LONGEST_NAME",
    "MAX_SCORE",
    "MAX_SEED",
    "check_count",
    "check_names",
    "check_player",
    "check_rules",
    "check_scores",
    "check_seed",
]

MAX_SEED: Final = (1 << 64) - 1
"""The largest seed: a seed is saved with the game, so it stays a number any reader takes."""
MAX_SCORE: Final = 1_000_000
"""The largest score a round may start from (far past any target a table plays to)."""
LONGEST_NAME: Final = 60
"""The longest player name, in characters (it heads a scoresheet column)."""


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_seed(seed: object) -> int | None:
    """A seed: a whole number from 0 to :data:`MAX_SEED`, or ``None`` for a random one.

    >>> check_seed(None), check_seed(2 ** 64 - 1)
    (None, 18446744073709551615)
    >>> check_seed(True)
    Traceback (most recent call last):
    ...
    gin_teach.errors.SetupError: seed must be a whole number from 0 to 2**64 - 1, or None; got True
    """
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)
                        and 0 <= seed <= MAX_SEED):
        return seed
    raise SetupError(f"seed must be a whole number from 0 to 2**64 - 1, or None; "
                     f"got {excerpt(seed)}")


def check_names(names: object) -> tuple[str, str]:
    """Two player names: text that is not blank, at most :data:`LONGEST_NAME` characters.

    >>> check_names("Ann")
    Traceback (most recent call last):
    ...
    gin_teach.errors.SetupError: names must be two player names, such as ('Ann', 'Bob'), got 'Ann'
    """
    if (isinstance(names, Sequence) and not isinstance(names, str) and len(names) == 2
            and all(isinstance(name, str) and name.strip() and len(name) <= LONGEST_NAME
                    for name in names)):
        return (names[0], names[1])
    raise SetupError(f"names must be two player names, such as ('Ann', 'Bob'), "
                     f"got {excerpt(names)}")


@names_bad_arguments
def check_player(player: object, what: str = "player") -> int:
    """A player number, 0 or 1 (not ``True``, not ``1.0``); ``what`` names the argument.

    >>> check_player(0)
    0
    """
    if isinstance(player, int) and not isinstance(player, bool) and player in (0, 1):
        return player
    raise SetupError(f"{what} must be the player number 0 or 1, got {excerpt(player)}")


def check_scores(scores: object) -> tuple[int, int] | None:
    """The scores a round of a game starts from: two whole numbers from 0 to
    :data:`MAX_SCORE`, or ``None`` outside a game.

    >>> check_scores([10, 25]), check_scores(None)
    ((10, 25), None)
    >>> check_scores((-5, 3))
    Traceback (most recent call last):
    ...
    gin_teach.errors.SetupError: scores must be two whole numbers from 0 to 1,000,000, got (-5, 3)
    """
    if scores is None:
        return None
    if (isinstance(scores, Sequence) and not isinstance(scores, str) and len(scores) == 2
            and all(_is_whole(s) and 0 <= s <= MAX_SCORE for s in scores)):
        return (scores[0], scores[1])
    raise SetupError(f"scores must be two whole numbers from 0 to {MAX_SCORE:,}, "
                     f"got {excerpt(scores)}")


@names_bad_arguments
def check_count(value: object, what: str, *, least: int = 1, most: int = 1_000_000) -> int:
    """A whole number of things (games, match points) from ``least`` to ``most``.

    >>> check_count(0, "games")
    Traceback (most recent call last):
    ...
    gin_teach.errors.SetupError: games must be a whole number from 1 to 1,000,000, got 0
    """
    for name, bound in (("least", least), ("most", most)):
        if not _is_whole(bound) or abs(bound).bit_length() > 200:
            raise ArgumentError(f"{name} must be a whole number, got {excerpt(bound)}")
    if _is_whole(value) and least <= value <= most:  # type: ignore[operator]
        return value  # type: ignore[return-value]
    raise SetupError(f"{what} must be a whole number from {least:,} to {most:,}, "
                     f"got {excerpt(value)}")


def check_rules(rules: object) -> Rules:
    """The rules an argument gives: a :class:`Rules`, a preset's name, or ``None`` for the
    modern rules.

    >>> check_rules("classic").gin_bonus, check_rules(None).name
    (20, 'modern')
    >>> check_rules(7)
    Traceback (most recent call last):
    ...
    gin_teach.errors.RulesError: rules must be Rules, None or a preset's name, got 7
    """
    if rules is None:
        return Rules.modern()
    if isinstance(rules, Rules):
        return rules
    presets = Rules.presets()
    if isinstance(rules, str) and rules in presets:
        return presets[rules]
    raise RulesError(f"rules must be Rules, None or a preset's name, got {excerpt(rules)}")
