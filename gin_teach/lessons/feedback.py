"""The :class:`Feedback` that answers an exercise, and the replies that end a check early.

A reader of answers (:mod:`gin_teach.lessons.answers`) raises :class:`Reply` when the answer
is still the placeholder or cannot be read; :func:`feedback_checker` turns that into the
checker's return value, so a checker never raises because of the answer.

>>> print(Feedback(True, "Right: 7 points."))
✔ Right: 7 points.
>>> print(unreadable("Write one card, like 7H.").feedback)
✘ Write one card, like 7H.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import ParamSpec

from gin_teach.display import message_html
from gin_teach.errors import GinError
from gin_teach.learner.lesson_progress import checked
from gin_teach.refutation import Refutation

__all__ = ["Feedback", "Reply", "feedback_checker", "is_placeholder", "unreadable"]

_P = ParamSpec("_P")


@dataclass(frozen=True)
class Feedback:
    """The answer to one exercise: was it right, what to say, and a hint for a next try.

    ``answered`` is ``False`` while the answer cell still holds its placeholder. ``picture``
    (HTML) shows the exercise's cards above the reply in a notebook. ``revealed`` marks the
    answer shown on request (``answer = "show"``, :mod:`gin_teach.lessons.tries`): not a
    right answer, and no wrong one either. ``refutation``, beside the reason for a wrong
    answer, is one of the judge's deals played out (:mod:`gin_teach.refutation`): said
    under the message, and drawn as cards in a notebook.

    >>> feedback = Feedback(False, "Not quite: 12 is too many.", "Count the jack as 10.")
    >>> feedback.correct, feedback.answered
    (False, True)
    >>> print(feedback)
    ✘ Not quite: 12 is too many.
      Hint: Count the jack as 10.
    """

    correct: bool
    message: str
    hint: str = ""
    answered: bool = True
    picture: str = ""
    revealed: bool = False
    refutation: Refutation | None = None

    @property
    def kind(self) -> str:
        """The kind of message this is for :func:`gin_teach.display.message_html`: ``right``,
        ``wrong``, or ``info`` while the exercise waits for an answer.

        >>> Feedback(True, "Right.").kind, Feedback(False, "Write a number.", answered=False).kind
        ('right', 'info')
        """
        if not self.answered or self.revealed:
            return "info"
        return "right" if self.correct else "wrong"

    @property
    def text(self) -> str:
        """The message and, unless the answer is right, the hint on a line of its own: what a
        widget shows in its message area.

        >>> print(Feedback(False, "Not quite: 12 is too many.", "Count the jack as 10.").text)
        Not quite: 12 is too many.
        Hint: Count the jack as 10.
        """
        if self.hint and not self.correct:
            return f"{self.message}\nHint: {self.hint}"
        return self.message

    @property
    def mark(self) -> str:
        """A one-character verdict: ✔ right, ✘ not yet right, ✎ not answered yet, ➜ the
        answer shown on request.

        >>> Feedback(True, "Right.").mark, Feedback(False, "The answer: 7♥.", revealed=True).mark
        ('✔', '➜')
        """
        if not self.answered:
            return "✎"
        if self.revealed:
            return "➜"
        return "✔" if self.correct else "✘"

    def __str__(self) -> str:
        text = f"{self.mark} {self.message}"
        if self.hint and not self.correct:
            text += f"\n  Hint: {self.hint}"
        if self.refutation is not None:
            text += f"\n  {self.refutation.summary()}"
        return text

    def __repr__(self) -> str:
        # A learner sees this when a checker is the last line of a cell outside Jupyter.
        return str(self)

    def _repr_html_(self) -> str:
        # The same boxed message the widgets show, under the exercise's cards, and the
        # refutation's cards under it (its sentence is in the message already).
        line = self.refutation.line.html(mark="wrong") if self.refutation is not None else ""
        return f"{self.picture}{message_html(str(self), self.kind)}{line}"


def is_placeholder(answer: object) -> bool:
    """Whether ``answer`` is still the stored placeholder: ``None``, ``...`` or blank text.

    >>> is_placeholder(...), is_placeholder(None), is_placeholder("  "), is_placeholder(0)
    (True, True, True, False)
    """
    if answer is None or answer is Ellipsis:
        return True
    return isinstance(answer, str) and not answer.strip()


# --------------------------------------------------------------------------- replies
#
# Reading an answer can end the check at once: the answer is still the placeholder, or it
# cannot be read. The readers raise Reply for that, and @feedback_checker returns its
# feedback, so each checker reads as "read the answer, compare it with the truth".

class Reply(Exception):
    """The check ends here with this feedback: what a reader raises when the answer is still
    the placeholder or cannot be read (:func:`feedback_checker` returns the feedback).

    >>> Reply(Feedback(False, "Write a number.")).feedback.message
    'Write a number.'
    """

    def __init__(self, feedback: Feedback) -> None:
        super().__init__(feedback.message)
        self.feedback = feedback


def unreadable(message: str) -> Reply:
    """The reply to an answer that cannot be read: ``message`` says how to write it.

    >>> print(unreadable("Write one card, like 7H.").feedback)
    ✘ Write one card, like 7H.
    """
    return Reply(Feedback(False, message))


def feedback_checker(picture: Callable[..., str] | None = None,
                     ) -> Callable[[Callable[_P, Feedback]], Callable[_P, Feedback]]:
    """Make a checker answer with feedback whatever happens: a placeholder, an unreadable
    answer, or an exercise whose own cards are wrong (a curious learner may edit it too).

    ``picture``, called with the checker's own arguments, draws the exercise's cards; every
    reply shows them, so the learner sees what the question is about.

    >>> from gin_teach.lessons.answers import read_int
    >>> @feedback_checker()
    ... def check_seven(answer):
    ...     value = read_int(answer, "Count the pips.")
    ...     return Feedback(value == 7, "Right." if value == 7 else "Not quite.")
    >>> print(check_seven(...))
    ✎ Replace the ... with your answer, then run this cell again.
      Hint: Count the pips.
    >>> print(check_seven("7"))
    ✔ Right.
    """

    def decorate(check: Callable[_P, Feedback]) -> Callable[_P, Feedback]:
        @functools.wraps(check)
        def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> Feedback:
            try:
                feedback = check(*args, **kwargs)
            except Reply as reply:
                feedback = reply.feedback
            except GinError as problem:
                return Feedback(False, f"The exercise itself could not be read: {problem}.",
                                "Undo your change to the exercise (not the answer) and try "
                                "again.")
            if feedback.answered:  # lesson progress: a listener may record the answer
                checked(check.__name__, feedback)
            if picture is None:
                return feedback
            try:
                drawn = picture(*args, **kwargs)
            except GinError:  # the exercise's own cards are wrong: the feedback says so
                return feedback
            return dataclasses.replace(feedback, picture=drawn)

        return wrapper

    return decorate
