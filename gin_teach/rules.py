"""The table's rules: every number and variant of the game as one frozen value."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final

from gin_teach.cards import Card
from gin_teach.errors import RulesError

__all__ = ["Rules"]


@dataclass(frozen=True)
class Rules:
    """Every number and variant of the game. ``Rules()`` is the modern preset.

    >>> Rules.modern().gin_bonus, Rules.classic().undercut_bonus, Rules.norwegian().box_bonus
    (25, 10, 30)
    >>> Rules().replace(knock_limit=9, target=150).knock_limit
    9
    """

    knock_limit: int = 10
    """Knock when deadwood after the discard is at most this."""
    gin_bonus: int = 25
    undercut_bonus: int = 25
    undercut_on_tie: bool = True
    """A tie is an undercut (the default); ``False`` pays the undercut only on a lower count."""
    big_gin_bonus: int | None = None
    """``None``: big gin is off. A number: 11 melded cards end the round for this bonus."""
    box_bonus: int = 25
    """Added at the end for every round won; never counts in the race to the target."""
    game_bonus: int = 100
    shutout_game_bonus: int = 200
    """The game bonus instead of ``game_bonus`` when the loser won no round."""
    shutout_doubles: bool = False
    """Variant: a shutout doubles the winner's whole total instead of the bigger game bonus."""
    target: int = 100
    oklahoma: bool = False
    """The first upcard's value sets the round's knock limit (an ace: gin only)."""
    oklahoma_spade_doubles: bool = False
    """With Oklahoma: a spade first upcard doubles the round's points."""
    straight_gin: bool = False
    """No knocking: a round ends only by gin."""
    dead_hand_stock: int = 2
    """The round is dead when the stock is down to this many cards and nobody knocked."""
    match_game_points: int = 100
    match_round_points: int = 25
    name: str = "modern"
    """A label for display: a preset's name, or "... variant" once any number differs."""

    def __post_init__(self) -> None:
        for field in _FIELDS:
            value = getattr(self, field.name)
            if field.name == "name":
                if not isinstance(value, str):
                    raise RulesError(f"name must be text, got {value!r}")
            elif field.type in ("bool",):
                if not isinstance(value, bool):
                    raise RulesError(f"{field.name} must be True or False, got {value!r}")
            elif value is not None or field.name != "big_gin_bonus":
                if isinstance(value, bool) or not isinstance(value, int):
                    raise RulesError(f"{field.name} must be a whole number, got {value!r}")
                if value < 0:
                    raise RulesError(f"{field.name} cannot be negative, got {value}")
        if self.target < 1:
            raise RulesError(f"target must be at least 1, got {self.target}")
        if self.knock_limit > 90:
            raise RulesError(f"knock_limit {self.knock_limit} is more than any hand can hold")
        if not 0 <= self.dead_hand_stock <= 30:
            raise RulesError(f"dead_hand_stock must be 0..30, got {self.dead_hand_stock}")
        if self.oklahoma_spade_doubles and not self.oklahoma:
            raise RulesError("oklahoma_spade_doubles needs oklahoma=True")
        if self.name == "modern" and any(getattr(self, f.name) != f.default for f in _FIELDS):
            # Rules(knock_limit=9) is not the modern table any more: say so wherever it is shown.
            object.__setattr__(self, "name", "modern variant")

    @classmethod
    def modern(cls) -> Rules:
        """Today's usual table: 25 for gin, undercut and each box.

        >>> Rules.modern() == Rules() and Rules.modern() is Rules.modern()
        True
        """
        # One shared value (it is frozen): callers default to it on every solve, and building
        # and validating a new Rules costs more than a solve.
        return _MODERN if cls is Rules else cls()

    @classmethod
    def classic(cls) -> Rules:
        """The older rule books: gin 20, undercut 10, box 20.

        >>> Rules.classic().gin_bonus
        20
        """
        return cls(gin_bonus=20, undercut_bonus=10, box_bonus=20, name="classic")

    @classmethod
    def norwegian(cls) -> Rules:
        """Some Norwegian tables: gin 40, undercut 20, box 30.

        >>> Rules.norwegian().undercut_bonus
        20
        """
        return cls(gin_bonus=40, undercut_bonus=20, box_bonus=30, name="norwegian")

    @classmethod
    def presets(cls) -> dict[str, Rules]:
        """The three bonus presets by name.

        >>> sorted(Rules.presets())
        ['classic', 'modern', 'norwegian']
        """
        return {"modern": cls.modern(), "classic": cls.classic(), "norwegian": cls.norwegian()}

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (validated like a new value).

        >>> Rules.classic().replace(straight_gin=True).name
        'classic variant'
        """
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise RulesError(f"unknown rules field(s): {', '.join(sorted(unknown))}")
        if "name" not in changes and not self.name.endswith(" variant"):
            changes["name"] = f"{self.name} variant"
        return dataclasses.replace(self, **changes)

    def round_knock_limit(self, first_upcard: Card | None = None) -> int:
        """The knock limit for a round that opened with ``first_upcard``.

        Straight Gin allows gin only (limit 0). Under Oklahoma the upcard's value sets the
        limit, and an ace means gin only.

        >>> from gin_teach import Card
        >>> Rules().round_knock_limit(Card(3, "S"))
        10
        >>> okla = Rules(oklahoma=True)
        >>> okla.round_knock_limit(Card(3, "S")), okla.round_knock_limit(Card(1, "H"))
        (3, 0)
        """
        if self.straight_gin:
            return 0
        if self.oklahoma:
            if first_upcard is None:
                raise RulesError("Oklahoma needs the first upcard to set the knock limit")
            return 0 if first_upcard.rank == 1 else min(first_upcard.points, self.knock_limit)
        return self.knock_limit

    def round_multiplier(self, first_upcard: Card | None = None) -> int:
        """2 when an Oklahoma spade upcard doubles the round, else 1.

        >>> from gin_teach import Card
        >>> Rules(oklahoma=True, oklahoma_spade_doubles=True).round_multiplier(Card(5, "S"))
        2
        """
        if self.oklahoma_spade_doubles and first_upcard is not None and first_upcard.suit == "S":
            return 2
        return 1

    def describe(self) -> str:
        """One line a learner can read.

        >>> print(Rules.classic().describe())  # doctest: +ELLIPSIS
        classic: knock at 10 or less, gin 20, undercut 10 (ties too), box 20, game 100 ...
        """
        if self.straight_gin:
            knock = "gin only (Straight Gin)"
        elif self.knock_limit == 0 and not self.oklahoma:
            knock = "gin only (knock limit 0)"
        elif self.oklahoma:
            knock = f"knock limit set by the first upcard (at most {self.knock_limit})"
        else:
            knock = f"knock at {self.knock_limit} or less"
        tie = "ties too" if self.undercut_on_tie else "not on ties"
        parts = [f"{self.name}: {knock}", f"gin {self.gin_bonus}",
                 f"undercut {self.undercut_bonus} ({tie})"]
        if self.big_gin_bonus is not None:
            parts.append(f"big gin {self.big_gin_bonus}")
        shutout = ("shutout doubles" if self.shutout_doubles
                   else f"shutout {self.shutout_game_bonus}")
        parts += [f"box {self.box_bonus}", f"game {self.game_bonus} ({shutout})",
                  f"to {self.target}"]
        return ", ".join(parts)


_FIELDS: Final = dataclasses.fields(Rules)
_MODERN: Final = Rules()
