"""Tries at a strategy exercise: a nudge first, the answer only when asked or at the last try.

A strategy exercise (lessons 12 to 16) answers a wrong try with a question that points at
what decides it (:mod:`gin_teach.nudges`), never with the right card. The answer and its
reason come when the learner asks for them, by writing ``answer = "show"`` (or "show the
answer", "give up", "?"), or after the last of :data:`TRIES` wrong tries at the same exercise.
Tries are counted per exercise in this Python process (a notebook kernel): running the cell
again with another answer is the next try, and a right answer starts the count again. A
strategy exercise hands each wrong try a way to refute it (:mod:`gin_teach.refutation`),
played out only when the answer is shown, beside it.

>>> forget_tries()
>>> print(wrong_try("demo", "Which card belongs to no meld?", "Discard K♠: it melds nowhere."))
✘ Not yet: Which card belongs to no meld?
  Hint: Try again (2 tries left), or write answer = "show" to see the answer and why.
>>> _ = wrong_try("demo", "Which card belongs to no meld?", "Discard K♠: it melds nowhere.")
>>> print(wrong_try("demo", "Which card belongs to no meld?", "Discard K♠: it melds nowhere."))
✘ Not this time, and that was your last try. The answer: Discard K♠: it melds nowhere.
>>> print(shown_answer("demo", "Discard K♠: it melds nowhere."))
➜ The answer: Discard K♠: it melds nowhere.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable
from typing import Final

from gin_teach.core.validation import names_bad_arguments, wrong_argument
from gin_teach.lessons.answers import Feedback, plain_words
from gin_teach.refutation import Refutation

__all__ = ["SHOW_WORDS", "TRIES", "exercise_id", "forget_tries", "right_try", "shown_answer",
           "wants_answer", "wrong_try"]

TRIES: Final = 3
"""Wrong tries at one exercise before its answer is shown without being asked for."""
SHOW_WORDS: Final = frozenset({"show", "show the answer", "show answer", "show me",
                               "show solution", "show the solution", "solution", "give up",
                               "i give up", "?", "tell me", "reveal"})
"""What a learner writes as the answer to see the answer (read by :func:`plain_words`)."""

_WRONG: dict[Hashable, int] = {}
Refuter = Callable[[], Refutation | None]
"""What plays out a wrong try's refutation (:mod:`gin_teach.refutation`), called only once
the answer and its reason are shown."""
#: How to refute each exercise's last wrong try, kept until its answer is shown.
_REFUTE: dict[Hashable, Refuter] = {}


def exercise_id(checker: str, *parts: object) -> tuple[str, str]:
    """What names one exercise among the tries counted: the checker and its question (never
    the answer).

    >>> exercise_id("check_draw", "7S 7H", None)
    ('check_draw', "('7S 7H', None)")
    """
    try:
        return checker, repr(parts)
    except (ValueError, RecursionError):  # an int too long to print, a list holding itself
        # Such a question is refused when it is read; until then it is counted on its own.
        return checker, f"<unprintable {id(parts)}>"


def wants_answer(answer: object) -> bool:
    """Whether ``answer`` asks to see the answer rather than giving one.

    >>> wants_answer("Show the answer"), wants_answer(" ? "), wants_answer("KS")
    (True, True, False)
    """
    return plain_words(answer) in SHOW_WORDS or (isinstance(answer, str)
                                                 and answer.strip() == "?")


def forget_tries() -> None:
    """Forget every try counted (a fresh start, as a new kernel has).

    >>> _ = wrong_try("demo", "Which?", "K♠."); forget_tries()
    >>> wrong_try("demo", "Which?", "K♠.").hint.startswith("Try again (2 tries left)")
    True
    """
    _WRONG.clear()
    _REFUTE.clear()


@names_bad_arguments
def wrong_try(exercise: Hashable, nudge: str, solution: str, *, tries: int = TRIES,
              hint: str = "", refute: Refuter | None = None) -> Feedback:
    """The feedback to a wrong try at ``exercise``: the ``nudge`` (a question, naming nothing
    that is right) while tries are left, the ``solution`` at the last one. A two-way question
    (knock or play on, take or draw) passes ``tries=2``: its second wrong try is its last.
    ``hint`` is shown after the nudge, a standing reminder of the exercise's idea.
    ``refute``, called only when the solution is shown (here at the last try, or by
    :func:`shown_answer` after this try), gives the refutation shown beside it.

    >>> forget_tries()
    >>> wrong_try("yes-no", "What decides it?", "Knock.", tries=2).message
    'Not yet: What decides it?'
    >>> wrong_try("yes-no", "What decides it?", "Knock.", tries=2).message
    'Not this time, and that was your last try. The answer: Knock.'
    """
    _check_exercise(exercise)
    count = _WRONG.get(exercise, 0) + 1
    if count >= tries:
        _WRONG.pop(exercise, None)
        _REFUTE.pop(exercise, None)
        return Feedback(False, f"Not this time, and that was your last try. The answer: "
                        f"{solution}", refutation=refute() if refute is not None else None)
    _WRONG[exercise] = count
    if refute is not None:
        _REFUTE[exercise] = refute
    else:
        _REFUTE.pop(exercise, None)
    left = tries - count
    again = (f"Try again ({left} {'try' if left == 1 else 'tries'} left), or write "
             'answer = "show" to see the answer and why.')
    return Feedback(False, f"Not yet: {nudge}", f"{hint} {again}" if hint else again)


@names_bad_arguments
def right_try(exercise: Hashable, feedback: Feedback) -> Feedback:
    """A right answer: the count of wrong tries at ``exercise`` starts again.

    >>> forget_tries(); _ = wrong_try("demo", "Which?", "K♠.")
    >>> right_try("demo", Feedback(True, "Right.")).correct
    True
    >>> wrong_try("demo", "Which?", "K♠.").hint.startswith("Try again (2 tries left)")
    True
    """
    _check_exercise(exercise)
    _WRONG.pop(exercise, None)
    _REFUTE.pop(exercise, None)
    return feedback


@names_bad_arguments
def shown_answer(exercise: Hashable, solution: str) -> Feedback:
    """The answer shown because the learner asked for it (it counts as not solved).

    >>> shown = shown_answer("demo", "Discard K♠.")
    >>> shown.correct, shown.revealed, shown.kind
    (False, True, 'info')
    """
    _check_exercise(exercise)
    _WRONG.pop(exercise, None)
    refute = _REFUTE.pop(exercise, None)
    shown = Feedback(False, f"The answer: {solution}", revealed=True)
    # The try just before, if wrong, is refuted beside the answer.
    return dataclasses.replace(shown, refutation=refute()) if refute is not None else shown


def _check_exercise(exercise: object) -> None:
    try:
        hash(exercise)
    except TypeError:
        raise wrong_argument("exercise", exercise, "a value that names the exercise "
                                                   "(exercise_id makes one)") from None
