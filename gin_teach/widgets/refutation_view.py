"""RefutationView: the line of play that shows what went wrong, under a wrong answer.

One part, made once by each widget that shows a grade (the puzzle trainer, the coach's
panel) and filled again for each refutation: the sentence and the cards of one of the
judge's deals (:mod:`gin_teach.refutation`), or nothing. Widgets ask for a refutation only
after a wrong answer, so nothing is played out for a right one.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from gin_teach.display import message_html
from gin_teach.errors import GinError
from gin_teach.refutation import Refutation

__all__ = ["RefutationView"]


class RefutationView(widgets.HTML):
    """An HTML part showing one :class:`~gin_teach.refutation.Refutation` (``shown``), or
    nothing.

    >>> from gin_teach.analysis import Knowledge
    >>> from gin_teach.refutation import refute
    >>> view = RefutationView()
    >>> view.show(lambda: refute("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20),
    ...                          None, "discard 4H", "discard KC"))
    >>> view.shown is not None, 'class="gin-refutation"' in view.value
    (True, True)
    >>> view.clear(); view.value, view.shown
    ('', None)
    """

    def __init__(self) -> None:
        super().__init__()
        self.shown: Refutation | None = None
        self.add_class("gin-refutation-view")

    def show(self, make: Callable[[], Refutation | None]) -> None:
        """Compute the refutation ``make`` returns and show it; show nothing when there is
        none, and a short message, never a traceback, when it cannot be made."""
        try:
            found = make()
        except GinError as error:
            self.shown = None
            self.value = message_html(f"No line of play to show: {str(error)[:120]}", "info")
            return
        self.shown = found
        self.value = found.html() if found is not None else ""

    def clear(self) -> None:
        """Show nothing."""
        self.shown = None
        self.value = ""
