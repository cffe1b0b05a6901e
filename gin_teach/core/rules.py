"""The table's rules: every number and variant of the game as one frozen value."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final

from gin_teach.core.cards import JOKER_POINTS, Card, to_card
from gin_teach.errors import RulesError, excerpt

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
    jokers: int = 0
    """Jokers in the deck: 0, or 2 wild cards (a 54-card deck; see :meth:`jokers_wild`)."""
    joker_points: int = JOKER_POINTS
    """What a joker left in deadwood counts (seed 003's value table: 20)."""
    # Out of the repr: the judge seeds each position's deals from the rules' repr, and a
    # way of adding up games changes no round, so no deal may move because the field exists.
    hollywood_scoring: bool = dataclasses.field(default=False, repr=False)
    """Hollywood scoring: three games kept at once from one run of rounds, each to
    ``target`` with its own boxes and bonus (:mod:`gin_teach.core.hollywood`)."""
    name: str = "modern"
    """A label for display: a preset's name, or "... variant" once any number differs."""

    def __post_init__(self) -> None:
        # Each field is checked by the kind of its default value: a flag must be a real bool,
        # a number a real int (not a bool, not a float: nan compares False with everything and
        # would let any knock through), within bounds any table could use.
        for field in _FIELDS:
            value = getattr(self, field.name)
            if isinstance(field.default, str):
                if not isinstance(value, str) or len(value) > _LONGEST_NAME:
                    raise RulesError(f"name must be a short text (at most {_LONGEST_NAME} "
                                     f"characters), got {excerpt(value)}")
            elif isinstance(field.default, bool):
                if not isinstance(value, bool):
                    raise RulesError(f"{field.name} must be True or False, got {excerpt(value)}")
            elif value is not None or field.default is not None:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise RulesError(f"{field.name} must be a whole number, got {excerpt(value)}")
                if value < 0:
                    raise RulesError(f"{field.name} cannot be negative, got {excerpt(value)}")
                if value > _LARGEST_NUMBER:
                    raise RulesError(f"{field.name} must be at most {_LARGEST_NUMBER:,}, "
                                     f"got {excerpt(value)}")
        if self.target < 1:
            raise RulesError(f"target must be at least 1, got {self.target}")
        if self.knock_limit > _MOST_DEADWOOD:
            raise RulesError(f"knock_limit {self.knock_limit} is more than any hand can hold")
        if not 0 <= self.dead_hand_stock <= 30:
            raise RulesError(f"dead_hand_stock must be 0..30, got {self.dead_hand_stock}")
        if self.jokers not in (0, 2):
            raise RulesError(f"jokers must be 0 or 2 (the deck's two jokers), got {self.jokers}")
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
    def of(cls, rules: Rules | str | None) -> Rules:
        """The rules an argument names: a :class:`Rules` itself, a preset's name (or
        ``"jokers wild"`` for :meth:`jokers_wild`, ``"hollywood"`` for :meth:`hollywood`), or
        ``None`` for the modern preset.
        Every function that takes ``rules`` reads it through here, so a wrong value is a
        :class:`RulesError` naming it, not a crash deep inside.

        >>> Rules.of(None).name, Rules.of("classic").gin_bonus
        ('modern', 20)
        >>> Rules.of(7)
        Traceback (most recent call last):
        ...
        gin_teach.errors.RulesError: rules must be Rules, None or a preset's name, got 7
        """
        if rules is None:
            return _MODERN
        if isinstance(rules, Rules):
            return rules
        if isinstance(rules, str) and rules in _PRESET_NAMES:
            return cls.presets()[rules]
        # The type first, then ==: a numpy array compares element by element.
        if isinstance(rules, str) and rules == "jokers wild":
            return cls.jokers_wild()
        if isinstance(rules, str) and rules == "hollywood":
            return cls.hollywood()
        raise RulesError(f"rules must be Rules, None or a preset's name, got {excerpt(rules)}")

    @classmethod
    def classic(cls) -> Rules:
        """The older rule books: gin 20, undercut 10, box 20."""
        return cls(gin_bonus=20, undercut_bonus=10, box_bonus=20, name="classic")

    @classmethod
    def norwegian(cls) -> Rules:
        """Some Norwegian tables: gin 40, undercut 20, box 30."""
        return cls(gin_bonus=40, undercut_bonus=20, box_bonus=30, name="norwegian")

    @classmethod
    def jokers_wild(cls, target: int = 100) -> Rules:
        """The online table of seed 003: two jokers wild (20 points in deadwood), gin and
        undercut 25, a tie is an undercut, no box and no game bonus, play to the table's
        ``target``. Not among :meth:`presets` (those are the three bonus tables).

        >>> table = Rules.jokers_wild(target=150)
        >>> table.jokers, table.joker_points, table.box_bonus, table.game_bonus, table.target
        (2, 20, 0, 0, 150)
        >>> print(Rules.jokers_wild().describe())  # doctest: +ELLIPSIS
        jokers wild: ... no box, no game bonus, 2 jokers wild (20 in deadwood), to 100
        """
        return cls(gin_bonus=25, undercut_bonus=25, undercut_on_tie=True, box_bonus=0,
                   game_bonus=0, shutout_game_bonus=0, jokers=2, joker_points=JOKER_POINTS,
                   target=target, name="jokers wild")

    @classmethod
    def hollywood(cls, target: int = 100) -> Rules:
        """Hollywood scoring with the modern bonuses: three games at once, each to
        ``target`` (:mod:`gin_teach.core.hollywood`). Not among :meth:`presets` (those are the
        three bonus tables); ``Rules.of("hollywood")`` names it.

        >>> Rules.hollywood().hollywood_scoring, Rules.of("hollywood").box_bonus
        (True, 25)
        >>> print(Rules.hollywood().describe())  # doctest: +ELLIPSIS
        hollywood: knock at 10 or less, ... Hollywood scoring (three games at once), to 100
        """
        return cls(hollywood_scoring=True, target=target, name="hollywood")

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

    @property
    def base_knock_limit(self) -> int:
        """The knock limit before an Oklahoma upcard lowers it: 0 (gin only) under Straight Gin,
        else :attr:`knock_limit`. Every "may this hand knock?" without a round reads this.

        >>> Rules().base_knock_limit, Rules(straight_gin=True, knock_limit=10).base_knock_limit
        (10, 0)
        """
        return 0 if self.straight_gin else self.knock_limit

    def resolve_knock_limit(self, knock_limit: int | None = None) -> int:
        """The knock limit in force when a caller may override it (an Oklahoma round's limit,
        say): ``knock_limit`` checked, or :attr:`base_knock_limit` when it is ``None``.

        >>> Rules().resolve_knock_limit(), Rules().resolve_knock_limit(4)
        (10, 4)
        >>> Rules().resolve_knock_limit(float("nan"))
        Traceback (most recent call last):
        ...
        gin_teach.errors.RulesError: knock_limit must be a whole number 0 to 90, got nan
        """
        if knock_limit is None:
            return self.base_knock_limit
        if (isinstance(knock_limit, bool) or not isinstance(knock_limit, int)
                or not 0 <= knock_limit <= _MOST_DEADWOOD):
            raise RulesError(f"knock_limit must be a whole number 0 to {_MOST_DEADWOOD}, "
                             f"got {excerpt(knock_limit)}")
        return knock_limit

    def round_knock_limit(self, first_upcard: Card | str | None = None) -> int:
        """The knock limit for a round that opened with ``first_upcard``.

        Straight Gin allows gin only (limit 0). Under Oklahoma the upcard's value sets the
        limit, and an ace means gin only.

        >>> from gin_teach import Card
        >>> Rules().round_knock_limit(Card(3, "S"))
        10
        >>> okla = Rules(oklahoma=True)
        >>> okla.round_knock_limit(Card(3, "S")), okla.round_knock_limit(Card(1, "H"))
        (3, 0)
        >>> okla.round_knock_limit("7D"), okla.round_knock_limit("AS")  # a card's text too
        (7, 0)
        """
        if first_upcard is not None and not isinstance(first_upcard, Card):
            first_upcard = to_card(first_upcard, "first_upcard")
        if self.oklahoma and not self.straight_gin:
            if first_upcard is None:
                raise RulesError("Oklahoma needs the first upcard to set the knock limit")
            return 0 if first_upcard.rank == 1 else min(first_upcard.points, self.knock_limit)
        return self.base_knock_limit

    def round_multiplier(self, first_upcard: Card | str | None = None) -> int:
        """2 when an Oklahoma spade upcard doubles the round, else 1.

        >>> from gin_teach import Card
        >>> Rules(oklahoma=True, oklahoma_spade_doubles=True).round_multiplier(Card(5, "S"))
        2
        """
        if first_upcard is not None and not isinstance(first_upcard, Card):
            first_upcard = to_card(first_upcard, "first_upcard")
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
            knock = f"Oklahoma (the first upcard sets the knock limit, at most {self.knock_limit})"
        else:
            knock = f"knock at {self.knock_limit} or less"
        tie = "ties too" if self.undercut_on_tie else "not on ties"
        parts = [f"{self.name}: {knock}", f"gin {self.gin_bonus}",
                 f"undercut {self.undercut_bonus} ({tie})"]
        if self.big_gin_bonus is not None:
            parts.append(f"big gin {self.big_gin_bonus}")
        shutout = ("shutout doubles" if self.shutout_doubles
                   else f"shutout {self.shutout_game_bonus}")
        parts.append(f"box {self.box_bonus}" if self.box_bonus else "no box")
        if self.game_bonus or self.shutout_game_bonus or self.shutout_doubles:
            parts.append(f"game {self.game_bonus} ({shutout})")
        else:
            parts.append("no game bonus")
        if self.jokers:
            parts.append(f"{self.jokers} jokers wild ({self.joker_points} in deadwood)")
        if self.hollywood_scoring:
            parts.append("Hollywood scoring (three games at once)")
        parts.append(f"to {self.target}")
        return ", ".join(parts)


_FIELDS: Final = dataclasses.fields(Rules)
_LARGEST_NUMBER: Final = 1_000_000
"""No bonus, target or limit goes beyond this: far past any table, and small enough to print."""
_LONGEST_NAME: Final = 80
_PRESET_NAMES: Final = ("classic", "modern", "norwegian")
_MOST_DEADWOOD: Final = 90
"""The highest knock limit accepted: well past any table's (10 is usual)."""
_MODERN: Final = Rules()
