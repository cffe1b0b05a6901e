"""The errors gin_teach raises: one base class, each also a ``ValueError``."""

from __future__ import annotations

__all__ = ["CardError", "GinError", "IllegalMove", "PuzzleError", "RatingError", "ReviewError",
           "RulesError"]


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


class PuzzleError(GinError, ValueError):
    """A puzzle, a puzzle bank file or an answer to a puzzle that cannot be used: the message
    names the puzzle and the field.

    >>> raise PuzzleError("puzzle 'p0001': answer: Q♠ is not in the hand")
    Traceback (most recent call last):
    ...
    gin_teach.errors.PuzzleError: puzzle 'p0001': answer: Q♠ is not in the hand
    """


class RatingError(GinError, ValueError):
    """A rating, deviation, volatility or game score outside what Glicko-2 allows.

    >>> from gin_teach.rating import Rating
    >>> Rating(1500, -3)
    Traceback (most recent call last):
    ...
    gin_teach.errors.RatingError: a rating deviation must be a number in (0, 350], got -3
    """


class ReviewError(GinError, ValueError):
    """A coach request that cannot be answered (a round not over, no move to hint) or a saved
    review that is damaged: the message says which.

    >>> from gin_teach.coach import Review
    >>> Review.from_dict({"format": "chess"})
    Traceback (most recent call last):
    ...
    gin_teach.errors.ReviewError: not a gin_teach review: "{'format': 'chess'}"
    """
