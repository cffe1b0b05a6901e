"""Playing the table from the keyboard: a text field that reads one key at a time.

A plain ipywidgets ``Text`` needs no front-end package, so it works in JupyterLab, JupyterLite
and Voila alike: a learner Tabs to it and types ``d`` to draw, ``u`` to take the upcard (or the
top discard), ``k`` to knock with the next card, and ``1``-``9``, ``0``, ``-`` for the first to
the eleventh card of their hand. The field empties itself after each key.

The canvas view reads the same keys while the canvas has the focus; :func:`tab_through_widget`
lets Tab and Shift+Tab leave it again, where ipycanvas alone would keep them.

>>> from gin_teach.core.cards import to_cards
>>> target_for_key("3", to_cards("7H 8H 9H KS"))
Target(kind='hand', card=Card('9H'))
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Sequence
from typing import Any, Final

import ipywidgets as widgets

from gin_teach.core.cards import Card
from gin_teach.errors import AnswerError
from gin_teach.widgets.table_geometry import Target

__all__ = [
    "CARD_KEYS",
    "KEY_HELP",
    "TABLE_CANVAS_CLASS",
    "TAB_THROUGH_SCRIPT",
    "MoveKeys",
    "tab_through_widget",
    "target_for_key",
]

CARD_KEYS: Final = "1234567890-"
"""The keys for the cards of a hand, left to right: 0 is the tenth card, - the eleventh."""

KEY_HELP: Final = "keys: d draw, u take the upcard, k knock, 1-9 0 - a card"
"""What the key field's placeholder tells the learner."""


TABLE_CANVAS_CLASS: Final = "gin-table-canvas"
"""The CSS class of the table's canvas, which :data:`TAB_THROUGH_SCRIPT` lets Tab leave."""

TAB_THROUGH_SCRIPT: Final = ("""if (!window.ginTabThrough) {
  window.ginTabThrough = true;
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Tab' && event.target.classList
        && event.target.classList.contains('""" + TABLE_CANVAS_CLASS + """')) {
      event.stopPropagation();
    }
  }, true);
}""")
"""Lets Tab and Shift+Tab leave the table's canvas. ipycanvas's canvas view cancels every key
the canvas receives, Tab too, so the focus could never leave it. This listener, installed once
per page on the document and run before the canvas's own (capture phase), stops a Tab there from
reaching the canvas: nothing cancels it, and the browser moves the focus on. Every other key
still reaches the canvas, which passes it to the kernel."""


@functools.cache
def tab_through_widget() -> widgets.HTML:
    """A hidden HTML widget that runs :data:`TAB_THROUGH_SCRIPT` in the page, shared by every
    table on a canvas. An HTML widget runs no ``<script>``, but it does run an image's
    ``onerror``, and an empty ``data:`` image always fails to load (with no request to any
    host); so this needs no front-end package and works in JupyterLab, JupyterLite and Voila.

    >>> guard = tab_through_widget()
    >>> guard is tab_through_widget(), TABLE_CANVAS_CLASS in guard.value
    (True, True)
    """
    script = html.escape(" ".join(TAB_THROUGH_SCRIPT.split()), quote=True)
    return widgets.HTML(f'<img alt="" src="data:," onerror="{script}">',
                        layout=widgets.Layout(display="none"))


def target_for_key(key: str, hand: Sequence[Card]) -> Target:
    """What a key points at: ``d`` the stock, ``u`` the discard pile, a digit (or ``-``) a card
    of ``hand``. ``k`` is not a target: the table that reads the keys switches knocking on.

    >>> from gin_teach.core.cards import to_cards
    >>> target_for_key("d", ()), target_for_key("U", ())
    (Target(kind='stock', card=None), Target(kind='discard', card=None))
    >>> target_for_key("9", to_cards("7H 8H"))
    Traceback (most recent call last):
    gin_teach.errors.AnswerError: key 9 means card 9, and your hand has 2 cards
    """
    key = key.lower()
    if key == "d":
        return Target("stock")
    if key == "u":
        return Target("discard")
    if len(key) == 1 and key in CARD_KEYS:
        place = CARD_KEYS.index(key)
        if place >= len(hand):
            raise AnswerError(f"key {key} means card {place + 1}, and your hand has "
                              f"{len(hand)} cards")
        return Target("hand", hand[place])
    raise AnswerError(f"{key[:10]!r} is not a key the table knows ({KEY_HELP})")


class MoveKeys(widgets.Text):
    """A field that passes each key typed into it to ``on_key`` and empties itself.

    >>> typed = []
    >>> field = MoveKeys(typed.append)
    >>> field.value = "d"; field.value = "k3"; typed, field.value
    (['d', 'k', '3'], '')
    """

    def __init__(self, on_key: Callable[[str], object]) -> None:
        super().__init__(placeholder=KEY_HELP, description="Move keys:",
                         continuous_update=True,
                         layout=widgets.Layout(width="420px", max_width="100%"))
        self._on_key = on_key
        self.observe(self._typed, names="value")

    def _typed(self, change: dict[str, Any]) -> None:
        keys = change["new"]
        if not keys:
            return
        self.value = ""
        for key in keys:
            if not key.isspace():
                self._on_key(key)
