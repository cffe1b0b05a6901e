"""Sentences about a player that read right for any name, including "You"."""

from __future__ import annotations

import re
from typing import Final

from gin_teach.core.validation import names_bad_arguments

__all__ = ["called", "counted", "first_upper", "is_you", "says", "whose"]

_AGREEMENT: Final = re.compile(r"\[(s|es|has)\]")
_THIRD_PERSON: Final = {"s": "s", "es": "es", "has": "has"}
_SECOND_PERSON: Final = {"s": "", "es": "", "has": "have"}


@names_bad_arguments
def is_you(name: str) -> bool:
    """Whether a player's name is "You", which takes second-person verbs.

    >>> is_you(" you "), is_you("Ann")
    (True, False)
    """
    return name.strip().casefold() == "you"


@names_bad_arguments
def called(name: str, *, start: bool = True) -> str:
    """The name as it stands in a sentence ("you" inside one).

    >>> called("You", start=False), called("Ann", start=False)
    ('you', 'Ann')
    """
    if is_you(name):
        return "You" if start else "you"
    return name


@names_bad_arguments
def says(name: str, words: str, *, start: bool = True) -> str:
    """``name`` and then ``words``, whose verbs are marked ``draw[s]``, ``pass[es]``,
    ``[has]`` so that they agree: "Ann draws", but "You draw", for a player named "You".

    >>> says("Ann", "pass[es] and [has] drawn"), says("You", "pass[es] and [has] drawn")
    ('Ann passes and has drawn', 'You pass and have drawn')
    """
    forms = _SECOND_PERSON if is_you(name) else _THIRD_PERSON
    return f"{called(name, start=start)} " + _AGREEMENT.sub(lambda m: forms[m[1]], words)


@names_bad_arguments
def whose(name: str, *, alone: bool = False) -> str:
    """"Ann's", or "your" ("yours" standing ``alone``) for a player named "You".

    >>> whose("Ann"), whose("You"), whose("You", alone=True)
    ("Ann's", 'your', 'yours')
    """
    if is_you(name):
        return "yours" if alone else "your"
    return f"{name}'s"


@names_bad_arguments
def counted(number: int, noun: str, plural: str = "") -> str:
    """``number`` and the noun that agrees with it: "1 dead hand", "2 dead hands".

    >>> counted(1, "dead hand"), counted(0, "dead hand"), counted(3, "best arrangement")
    ('1 dead hand', '0 dead hands', '3 best arrangements')
    """
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


@names_bad_arguments
def first_upper(text: str) -> str:
    """``text`` to open a sentence: its first letter upper case, the rest as it is (a card's
    name keeps its own capitals, which ``str.capitalize`` would lower).

    >>> first_upper("taking J♦ leaves 46"), "taking J♦".capitalize()
    ('Taking J♦ leaves 46', 'Taking j♦')
    """
    return text[:1].upper() + text[1:]
