"""The errors gin_teach raises: one base class, each also a ``ValueError``."""

from __future__ import annotations

__all__ = ["CardError", "GinError", "IllegalMove", "RulesError"]


class GinError(Exception):
    """Base class of every error this package raises on purpose.

    >>> issubclass(CardError, GinError) and issubclass(IllegalMove, GinError)
    True
    """


class CardError(GinError, ValueError):
    """A card or a hand that does not exist: a bad token, a duplicate, a wrong size.

    >>> from gin_teach import parse_cards
    >>> parse_cards("7H 1H")
    Traceback (most recent call last):
    ...
    gin_teach.errors.CardError: '1H' is not a card: ranks are A 2-10 J Q K (or T for ten)
    """


class IllegalMove(GinError, ValueError):
    """An action the rules do not allow at this point; the state is left untouched.

    >>> raise IllegalMove("you must draw before you discard")
    Traceback (most recent call last):
    ...
    gin_teach.errors.IllegalMove: you must draw before you discard
    """


class RulesError(GinError, ValueError):
    """A rules setting that makes no sense, such as a negative bonus.

    >>> from gin_teach import Rules
    >>> Rules(target=0)
    Traceback (most recent call last):
    ...
    gin_teach.errors.RulesError: target must be at least 1, got 0
    """
