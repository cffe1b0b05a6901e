"""The errors gin_teach raises: one base class, each also a ``ValueError``."""

from __future__ import annotations

import reprlib
from typing import Final

__all__ = [
    "AnswerError",
    "ArgumentError",
    "CardError",
    "CourseError",
    "GinError",
    "IllegalMove",
    "KnowledgeError",
    "ProgressError",
    "PuzzleError",
    "RatingError",
    "ReplayError",
    "ReviewError",
    "RulesError",
    "SetupError",
    "TournamentError",
    "excerpt",
]

QUOTED_LENGTH: Final = 60
"""Characters of a wrong input that an error message quotes at most: enough to spot the slip,
and a pasted page or a million-digit number is not echoed back."""


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


class KnowledgeError(CardError):
    """A position whose cards cannot add up: more cards than the deck, an opponent known to
    hold more than it holds, a joker at a table without jokers, a card just taken where
    nothing was taken.

    >>> from gin_teach.analysis import Knowledge
    >>> from gin_teach.core.cards import hand_mask
    >>> Knowledge(discard_pile="KD QC", stock_size=30).check_hand(
    ...     hand_mask("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS"), 11)
    ... # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gin_teach.errors.KnowledgeError: your 11 cards, the opponent's 10, a pile of 2 and a
    stock of 30 make 53 cards, more than the deck's 52: with a pile of 2 the stock holds at
    most 29
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


class AnswerError(GinError, ValueError):
    """A learner's answer a widget cannot read (an unknown choice, a missing value).

    >>> isinstance(AnswerError("choose knocker or defender"), GinError)
    True
    """


class ArgumentError(GinError, TypeError, ValueError):
    """A value of the wrong kind handed to a function (text where a mask belongs, a number
    where rules belong): the message names the function and the argument. It is also a
    ``TypeError``, what Python itself raises for a wrong type.

    >>> from gin_teach.display import card_svg
    >>> card_svg(7)
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: card_svg: card must be a card, got 7
    """


class ReplayError(GinError, ValueError):
    """A saved round, game or match that cannot be loaded: not a save, damaged, too large or
    too deeply nested, a field of the wrong type, an illegal move, or a position or score
    that does not follow from the moves. The message names the field.

    >>> from gin_teach import Round
    >>> Round.from_json('{"format": "chess"}')
    Traceback (most recent call last):
    ...
    gin_teach.errors.ReplayError: this is not a saved gin_teach round (format 'chess')
    """


class SetupError(GinError, ValueError):
    """A value that cannot set up a deck, a round or a game: a seed that is not a number, say.
    (Moves refused in play are :class:`IllegalMove`; rules settings are :class:`RulesError`.)

    >>> from gin_teach import Round
    >>> Round(seed=[1])
    Traceback (most recent call last):
    ...
    gin_teach.errors.SetupError: seed must be a whole number from 0 to 2**64 - 1, or None; got [1]
    """


class TournamentError(GinError, ValueError):
    """A tournament that cannot be run as asked: an unknown player or rules, a bad count.

    >>> from gin_teach.tournament import tournament
    >>> tournament("simple", "nobody", games=2)
    Traceback (most recent call last):
    ...
    gin_teach.errors.TournamentError: unknown player 'nobody': choose one of random, ...
    """


class ProgressError(GinError, ValueError):
    """A progress file that cannot be used: a folder, someone else's file, a record written
    by a newer gin_teach, or a class folder with nothing to read. Nothing is moved or written.

    >>> raise ProgressError("notes.txt is not a gin_teach progress file")
    Traceback (most recent call last):
    ...
    gin_teach.errors.ProgressError: notes.txt is not a gin_teach progress file
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

    >>> from gin_teach.learner.rating import Rating
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
    gin_teach.errors.ReviewError: not a gin_teach review: {'format': 'chess'}
    """


class CourseError(GinError, ValueError):
    """A course copy that cannot be made where asked: the folder is a file, say, or the
    package holds no course.

    >>> from gin_teach.learner.course_copy import copy_course
    >>> copy_course(__file__)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.CourseError: cannot copy the course into '...errors.py': it is a file, ...
    """


def excerpt(value: object, longest: int = QUOTED_LENGTH) -> str:
    """``repr(value)`` for an error message, cut to at most about ``longest`` characters.

    Every message that quotes what it was given goes through here, so a 1 MB card string makes
    a short message, and a number too long to print is described by its size.

    >>> excerpt("7H 8H")
    "'7H 8H'"
    >>> excerpt("7H " * 100_000, longest=20)
    "'7H 7H 7H 7H 7H 7H …' (300,000 characters)"
    >>> excerpt(10 ** 5000), excerpt(list(range(100)))
    ('a number of about 5,000 digits', '[0, 1, 2, 3, 4, 5, ...]')
    """
    if isinstance(longest, bool) or not isinstance(longest, int) or longest < 8:
        shown = excerpt(longest) if isinstance(longest, int) else type(longest).__name__
        raise ArgumentError(f"longest must be a whole number of at least 8, got {shown}")
    if isinstance(value, int) and value.bit_length() > 3 * longest:
        return f"a number of about {round(value.bit_length() * 0.30103):,} digits"
    if isinstance(value, str) and len(value) > longest:
        return repr(value[:longest - 2])[:-1] + f"…{repr(value)[-1]} ({len(value):,} characters)"
    try:
        shown = _SHORT_REPR.repr(value)
    except ValueError:  # an int inside a container too long to turn into text
        shown = f"a {type(value).__name__} holding a number too long to print"
    except RecursionError:  # an object whose own repr recurses without end
        shown = f"a {type(value).__name__} too deeply nested to print"
    return shown if len(shown) <= longest else shown[:longest - 1] + "…"


_SHORT_REPR: Final = reprlib.Repr()
_SHORT_REPR.maxstring = QUOTED_LENGTH
_SHORT_REPR.maxother = QUOTED_LENGTH
