"""Checks on what a caller hands the package: JSON text read safely, and arguments of the
wrong kind named (files are read and written safely in :mod:`gin_teach.core.files`).

Every file the package reads (saves, reviews, puzzle banks) goes through :func:`read_json`,
which takes time linear in the text's length and refuses, with the caller's own error class,
text that is too long, nested too deep, or holds a number too long to be a count:

>>> read_json('{"moves": [1, 2]}', what="save", error=ArgumentError)
{'moves': [1, 2]}
>>> read_json("[" * 50 + "]" * 50, what="save", error=ArgumentError)
Traceback (most recent call last):
...
gin_teach.errors.ArgumentError: this save is damaged: brackets nest more than 10 deep

Public functions that take masks, rules, rounds and the like are wrapped in
:func:`names_bad_arguments`: a call that fails with a ``TypeError`` or ``AttributeError``
because an argument is of the wrong kind raises :class:`ArgumentError` naming that argument
instead (a correct call pays nothing but the wrapper's call).
"""

from __future__ import annotations

import datetime
import functools
import inspect
import json
import math
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, TypeVar, cast

from gin_teach.errors import ArgumentError, GinError, excerpt

__all__ = [
    "ALL_CARDS_MASK",
    "DEEPEST_JSON",
    "LONGEST_NUMBER",
    "check_mask",
    "check_mask_list",
    "check_nesting",
    "check_whole",
    "checks",
    "checks_masks",
    "is_finite_number",
    "names_bad_arguments",
    "read_json",
    "unchecked",
    "wrong_argument",
]

DEEPEST_JSON: Final = 10
"""The deepest nesting of brackets a file may have (the formats go at most seven deep)."""
LONGEST_NUMBER: Final = 40
"""The most digits a number in a file may have: a seed fits in 20, a score in far fewer."""

ALL_CARDS_MASK: Final = (1 << 54) - 1
"""Every card's bit: 52 cards and two jokers."""

_F = TypeVar("_F", bound=Callable[..., Any])


# ------------------------------------------------------------------ arguments of the wrong kind


def _kind_of(annotation: str) -> tuple[str, Callable[[object], bool]] | None:
    """What an annotation asks for, in words, and a test of a value; ``None`` for an
    annotation too loose to judge (``Any``, ``object``, a type variable)."""
    options = _top_level_options(annotation)
    tests: list[Callable[[object], bool]] = []
    words: list[str] = []
    for option in options:
        outer, _, inner = option.partition("[")
        found = _KINDS.get(outer)
        if found is None:
            return None
        if outer in _CONTAINERS and inner and "," not in inner:
            items = _kind_of(inner[:-1])
            if items is not None:
                found = (f"{found[0]} of {items[0]}", _each(found[1], items[1]))
        words.append(found[0])
        tests.append(found[1])
    return " or ".join(dict.fromkeys(words)), lambda value: any(test(value) for test in tests)


def _top_level_options(annotation: str) -> list[str]:
    options, depth, start = [], 0, 0
    for at, char in enumerate(annotation):
        depth += (char == "[") - (char == "]")
        if char == "|" and depth == 0:
            options.append(annotation[start:at].strip())
            start = at + 1
    options.append(annotation[start:].strip())
    return options


_CONTAINERS: Final = ("Sequence", "Iterable", "Collection", "list", "tuple", "frozenset")


def _each(outer: Callable[[object], bool], inner: Callable[[object], bool]
          ) -> Callable[[object], bool]:
    def test(value: object) -> bool:
        if not outer(value):
            return False
        if not isinstance(value, (list, tuple, frozenset, set, Mapping, str)) \
                and not hasattr(value, "__array__"):  # a numpy array is read twice safely
            return True  # an iterator is not run through twice
        return all(inner(item) for item in cast("Iterable[object]", value))
    return test


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_finite_number(value: object) -> bool:
    """Whether ``value`` is a finite int or float (a bool is no number here).

    >>> is_finite_number(2.5), is_finite_number(float("nan")), is_finite_number(True)
    (True, False, False)
    """
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


def _has(name: str) -> Callable[[object], bool]:
    def test(value: object) -> bool:
        return any(cls.__name__ == name for cls in type(value).__mro__)
    return test


def _iterable(value: object) -> bool:
    return isinstance(value, Iterable) and not isinstance(value, (bytes, bytearray))


_KINDS: Final[dict[str, tuple[str, Callable[[object], bool]]]] = {
    "int": ("a whole number", _is_int),
    "float": ("a number", is_finite_number),
    "bool": ("True or False", lambda value: isinstance(value, bool)),
    "str": ("text", lambda value: isinstance(value, str)),
    "None": ("None", lambda value: value is None),
    "Rules": ("a Rules object or a preset's name", _has("Rules")),
    "Knowledge": ("a Knowledge", _has("Knowledge")),
    "Round": ("a Round", _has("Round")),
    "RoundState": ("a Round", _has("RoundState")),
    "Game": ("a Game", _has("Game")),
    "Match": ("a Match", _has("Match")),
    # The engine's saves and scoresheet name a round, game or match by what they read of it.
    "SavableRound": ("a Round", _has("RoundState")),
    "SavableGame": ("a Game", _has("Game")),
    "SavableMatch": ("a Match", _has("Match")),
    "ScoredGame": ("a Game", _has("Game")),
    "Card": ("a card", _has("Card")),
    "Arrangement": ("an Arrangement", _has("Arrangement")),
    "Settlement": ("a Settlement", _has("Settlement")),
    "Puzzle": ("a Puzzle", _has("Puzzle")),
    # The puzzle's own checks and texts name it by its fields (gin_teach.puzzles.fields).
    "PuzzleFields": ("a Puzzle", _has("Puzzle")),
    "SomePuzzle": ("a Puzzle", _has("Puzzle")),
    "Progress": ("a Progress", _has("Progress")),
    "Scoresheet": ("a Scoresheet", _has("Scoresheet")),
    "Observation": ("an Observation", _has("Observation")),
    "Action": ("an action", _has("Action")),
    "DiscardAnalysis": ("a DiscardAnalysis", _has("DiscardAnalysis")),
    "Random": ("a random.Random", lambda value: isinstance(value, random.Random)),
    "random.Random": ("a random.Random", lambda value: isinstance(value, random.Random)),
    "HandLike": ("cards or text such as '7H 8H 9H'",
                 lambda value: isinstance(value, str) or _iterable(value)
                 or _has("Card")(value)),
    "Sequence": ("a sequence", lambda value: _iterable(value) and hasattr(value, "__len__")),
    "Iterable": ("an iterable", _iterable),
    "Collection": ("a collection", lambda value: _iterable(value) and hasattr(value, "__len__")),
    "list": ("a list", lambda value: isinstance(value, list)),
    "tuple": ("a tuple", lambda value: isinstance(value, tuple)),
    "dict": ("a dict", lambda value: isinstance(value, dict)),
    "Mapping": ("a mapping", lambda value: isinstance(value, Mapping)),
    "frozenset": ("a frozenset", lambda value: isinstance(value, frozenset)),
    "HighlightSpec": ("cards or a card-to-style mapping",
                      lambda value: isinstance(value, Mapping) or _iterable(value)),
    "TournamentResult": ("a TournamentResult", _has("TournamentResult")),
    "Callable": ("a function", callable),
    "JokerMeld": ("a pair of masks (naturals, stand-ins)",
                  lambda value: isinstance(value, tuple) and len(value) == 2
                  and all(_is_int(part) for part in value)),
    "type": ("a class", lambda value: isinstance(value, type)),
    "Path": ("a path", lambda value: isinstance(value, str) or hasattr(value, "__fspath__")),
    "Judgement": ("a Judgement", _has("Judgement")),
    "Option": ("an Option of a Judgement", _has("Option")),
    "Precision": ("a Precision", _has("Precision")),
    "PlayoutRules": ("a PlayoutRules", _has("PlayoutRules")),
    "TableView": ("a TableView", _has("TableView")),
    "OpponentModel": ("an OpponentModel", _has("OpponentModel")),
    "ReviewEntry": ("a ReviewEntry", _has("ReviewEntry")),
    "Rating": ("a Rating", _has("Rating")),
    "Feedback": ("a Feedback", _has("Feedback")),
    "Figure": ("a matplotlib Figure", _has("Figure")),
    "Executor": ("a concurrent.futures.Executor", _has("Executor")),
    "datetime.datetime": ("a datetime.datetime",
                          lambda value: isinstance(value, datetime.datetime)),
}


_LONGEST_INT_BITS: Final = 1000
"""A whole number past this many bits is no count, score or seed (a 2**64 seed has 64)."""
_SLIPS: Final = (TypeError, AttributeError, ValueError, LookupError, ArithmeticError,
                 RecursionError)
_DEEPEST_ARGUMENT: Final = 100
"""Lists nested deeper than this in an argument are blamed for a RecursionError (no hand,
meld list or save nests past ten)."""


def names_bad_arguments(function: _F) -> _F:
    """Wrap ``function`` so that a ``TypeError``, ``AttributeError``, bare ``ValueError``,
    ``LookupError`` or ``ArithmeticError`` caused by an argument of the wrong kind comes out
    as :class:`ArgumentError` naming that argument; any other failure (a mistake in the
    package itself, or a GinError already naming the problem) is raised unchanged.

    >>> @names_bad_arguments
    ... def twice(mask: int) -> int:
    ...     return mask << 1
    >>> twice(3)
    6
    >>> twice("3")
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: twice: mask must be a whole number, got '3'
    """
    if not callable(function):
        raise wrong_argument("function", function, "a function")
    signature = inspect.signature(function)

    @functools.wraps(function)
    def checked(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except GinError:
            raise
        except _SLIPS as problem:
            blame = _blame(signature, args, kwargs)
            if blame is None:
                raise
            raise ArgumentError(f"{function.__name__}: {blame}") from problem

    return cast(_F, checked)


def _blame(signature: inspect.Signature, args: tuple[Any, ...],
           kwargs: dict[str, Any]) -> str | None:
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError as problem:  # a missing or unexpected argument: say so
        return str(problem)
    for name, value in bound.arguments.items():
        if isinstance(value, int) and value.bit_length() > _LONGEST_INT_BITS:
            return f"{name} is {excerpt(value)}, far too large for any count or seed"
        if _too_deep(value):
            return f"{name} is nested more than {_DEEPEST_ARGUMENT} deep"
        annotation = signature.parameters[name].annotation
        if not isinstance(annotation, str):
            annotation = getattr(annotation, "__name__", "")
        if "Path" in annotation and isinstance(value, str) and "\x00" in value:
            return f"{name} must be a file or folder name, got {excerpt(value)} (a NUL byte)"
        try:
            kind = _kind_of(annotation)
            wrong = kind is not None and not kind[1](value)
        except (ValueError, TypeError, RecursionError):  # an item that cannot even be tested
            wrong = True
            kind = (f"the kind {annotation!r:.60} names", lambda _value: False)
        if wrong and kind is not None:
            return f"{name} must be {kind[0]}, got {excerpt(value)}"
    return None


def _too_deep(value: object) -> bool:
    if not isinstance(value, (Mapping, list, tuple)):
        return False
    try:
        check_nesting(value, what="argument", error=ArgumentError, max_depth=_DEEPEST_ARGUMENT)
    except ArgumentError:
        return True
    return False


@names_bad_arguments
def wrong_argument(name: str, value: object, wanted: str) -> ArgumentError:
    """The error for argument ``name`` given ``value`` where ``wanted`` belongs.

    >>> wrong_argument("mask", 3.5, "a card mask (a whole number)")
    ArgumentError('mask must be a card mask (a whole number), got 3.5')
    """
    return ArgumentError(f"{name} must be {wanted}, got {excerpt(value)}")


# ------------------------------------------------------------------ JSON text


def _number(text: str) -> int | float:
    if len(text) > LONGEST_NUMBER:
        raise ValueError(f"a number of {len(text):,} characters, longer than "
                         f"{LONGEST_NUMBER} (no count or seed is that long)")
    return float(text) if any(ch in text for ch in ".eE") else int(text)


@names_bad_arguments
def read_json(text: str | bytes, *, what: str, error: type[GinError],
              max_chars: int = 20_000_000, max_depth: int = DEEPEST_JSON) -> object:
    """The value that JSON ``text`` holds, in time linear in its length; a ``what`` that is
    not text, too long, not JSON, nested deeper than ``max_depth`` or holding a number longer
    than :data:`LONGEST_NUMBER` raises ``error`` saying which.

    >>> read_json("9" * 5000, what="review", error=ArgumentError)
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: this review is not readable JSON: a number of 5,000 ...
    """
    if not isinstance(text, (str, bytes)):
        raise error(f"a {what} is JSON text, not {excerpt(text)}")
    if len(text) > max_chars:
        raise error(f"this {what} is too large to be one: {len(text):,} characters, "
                    f"more than {max_chars:,}")
    try:
        # The parser recurses once per bracket; a file nested past the interpreter's limit is
        # refused by it (RecursionError) before any deep structure is built.
        data = json.loads(text, parse_int=_number, parse_float=_number)
    except RecursionError:
        raise error(f"this {what} is damaged: brackets nest more than {max_depth} deep") \
            from None
    except ValueError as problem:
        raise error(f"this {what} is not readable JSON: {str(problem)[:120]}") from None
    check_nesting(data, what=what, error=error, max_depth=max_depth)
    return data


@names_bad_arguments
def check_nesting(value: object, *, what: str, error: type[GinError],
                  max_depth: int = DEEPEST_JSON) -> None:
    """Raise ``error`` if lists and dicts in ``value`` nest more than ``max_depth`` deep (a
    list that holds itself is infinitely deep). Looks at each container at most once a level.

    >>> loop: list[object] = []; loop.append(loop)
    >>> check_nesting(loop, what="save", error=ArgumentError)
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: this save is damaged: brackets nest more than 10 deep
    """
    if isinstance(max_depth, bool) or not isinstance(max_depth, int) or not 0 <= max_depth <= 1000:
        raise wrong_argument("max_depth", max_depth, "a whole number from 0 to 1000")
    level: list[object] = [value] if isinstance(value, (Mapping, list, tuple)) else []
    for _depth in range(max_depth):
        if not level:
            return
        inner: dict[int, object] = {}  # the containers one level down, each once
        for item in level:
            for child in (item.values() if isinstance(item, Mapping)
                          else cast("list[object]", item)):
                if isinstance(child, (Mapping, list, tuple)):
                    inner[id(child)] = child
        level = list(inner.values())
    if not level:
        return
    raise error(f"this {what} is damaged: brackets nest more than {max_depth} deep")


@names_bad_arguments
def check_mask(mask: object, name: str = "mask") -> int:
    """``mask`` if it is a card mask (a whole number from 0 to 2**54 - 1, a bit a card), or
    :class:`ArgumentError` naming ``name``. A negative number has endless bits: a loop over
    them would never end, so it never gets that far.

    >>> check_mask(0b101)
    5
    >>> check_mask(-1, "kept")
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: kept must be a card mask (0 to 2**54 - 1), got -1
    """
    if type(mask) is int and 0 <= mask <= ALL_CARDS_MASK:
        return mask
    raise wrong_argument(name, mask, "a card mask (0 to 2**54 - 1)")


def checks_masks(*names: str) -> Callable[[_F], _F]:
    """Like :func:`names_bad_arguments`, and first the arguments ``names`` (positional or
    by keyword) are checked to be card masks (:func:`check_mask`). One wrapper does both, so
    a correct call pays a single extra call (some of these run on every turn of a playout).

    >>> @checks_masks("hand")
    ... def cards_in(hand: int) -> int:
    ...     return hand.bit_count()
    >>> cards_in(-1)
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: cards_in: hand must be a card mask (0 to 2**54 - 1), got -1
    """
    def decorate(function: _F) -> _F:
        signature = inspect.signature(function)
        parameters = list(signature.parameters)
        unknown = [name for name in names if name not in parameters]
        if unknown:
            raise ArgumentError(f"{function.__name__} has no argument {excerpt(unknown[0])}")
        where = tuple((parameters.index(name), name) for name in names)

        @functools.wraps(function)
        def checked(*args: Any, **kwargs: Any) -> Any:
            for position, name in where:
                value = args[position] if position < len(args) else kwargs.get(name, 0)
                if type(value) is not int or not 0 <= value <= ALL_CARDS_MASK:
                    raise ArgumentError(f"{function.__name__}: "
                                        f"{wrong_argument(name, value, _MASK_WORDS)}")
            try:
                return function(*args, **kwargs)
            except GinError:
                raise
            except _SLIPS as problem:
                blame = _blame(signature, args, kwargs)
                if blame is None:
                    raise
                raise ArgumentError(f"{function.__name__}: {blame}") from problem

        return cast(_F, checked)

    return decorate


def checks(**checkers: Callable[[Any, str], object]) -> Callable[[_F], _F]:
    """Like :func:`names_bad_arguments`, and first each argument named here that the caller
    gave (one left to its default is not checked) goes through its checker, called as
    ``checker(value, name)``, which raises :class:`ArgumentError` naming it (such as
    :func:`check_mask`, :func:`check_whole`, :func:`check_mask_list`).

    >>> @checks(stock=check_mask_list, mover=functools.partial(check_whole, high=1))
    ... def first(stock: list[int], mover: int = 0) -> int:
    ...     return stock[mover]
    >>> first([4, 8], mover=1)
    8
    >>> first([4, 8], mover=2)
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: first: mover must be a whole number from 0 to 1, got 2
    """
    def decorate(function: _F) -> _F:
        signature = inspect.signature(function)
        parameters = list(signature.parameters)
        unknown = [name for name in checkers if name not in parameters]
        if unknown:
            raise ArgumentError(f"{function.__name__} has no argument {excerpt(unknown[0])}")
        where = tuple((parameters.index(name), name, check) for name, check in checkers.items())

        @functools.wraps(function)
        def checked(*args: Any, **kwargs: Any) -> Any:
            for position, name, check in where:
                if position < len(args):
                    value = args[position]
                elif name in kwargs:
                    value = kwargs[name]
                else:
                    continue
                try:
                    check(value, name)
                except ArgumentError as error:
                    raise ArgumentError(f"{function.__name__}: {error}") from None
            try:
                return function(*args, **kwargs)
            except GinError:
                raise
            except _SLIPS as problem:
                blame = _blame(signature, args, kwargs)
                if blame is None:
                    raise
                raise ArgumentError(f"{function.__name__}: {blame}") from problem

        return cast(_F, checked)

    return decorate


@names_bad_arguments
def check_whole(value: object, name: str, low: int = 0, high: int = 10**9) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``, or :class:`ArgumentError`
    naming ``name``.

    >>> check_whole(3, "mover", high=1)
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: mover must be a whole number from 0 to 1, got 3
    """
    if type(value) is int and low <= value <= high:
        return value
    raise wrong_argument(name, value, f"a whole number from {low:,} to {high:,}")


@names_bad_arguments
def check_mask_list(value: object, name: str, length: int | None = None) -> list[int]:
    """``value`` if it is a list of card masks (of ``length`` of them, when given), or
    :class:`ArgumentError` naming ``name``.

    >>> check_mask_list([1, 2], "hands", length=2)
    [1, 2]
    >>> check_mask_list([1, -4], "stock")
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: stock must be a list of card masks (0 to 2**54 - 1), got [1, -4]
    """
    if (type(value) is list and (length is None or len(value) == length)
            and all(type(mask) is int and 0 <= mask <= ALL_CARDS_MASK for mask in value)):
        return value
    count = f"{length} " if length is not None else ""
    raise wrong_argument(name, value, f"a list of {count}card masks (0 to 2**54 - 1)")


def unchecked(function: _F) -> _F:
    """The function inside a :func:`names_bad_arguments` or :func:`checks_masks` wrapper,
    for a caller that has checked the arguments once already and calls it in a tight loop.

    >>> @checks_masks("hand")
    ... def cards_in(hand: int) -> int:
    ...     return hand.bit_count()
    >>> unchecked(cards_in)(0b111), unchecked(cards_in) is not cards_in
    (3, True)
    """
    return cast(_F, inspect.unwrap(function))


_MASK_WORDS: Final = "a card mask (0 to 2**54 - 1)"
