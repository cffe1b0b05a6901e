"""The controls the lesson widgets are built from: the message area, buttons, rows of card
buttons and of move buttons, and a text box for hands.

A row of buttons has one button per card or per move, made the first time it is shown and then
shown, hidden and repainted, never relabelled: a click always means what the button said when
the learner clicked it (or nothing, once it is hidden), and a long game does not pile up widgets
in the kernel.

>>> area = MessageArea()
>>> area.show("7X is not a card", "error")
>>> area.kind, area.text
('error', '7X is not a card')
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from gin_teach.core.cards import Card
from gin_teach.display import HIGHLIGHTS, message_html, suit_colours
from gin_teach.lessons.answers import Feedback, cut

__all__ = [
    "ButtonRow",
    "CardButtons",
    "HandText",
    "MessageArea",
    "button",
    "side_by_side",
]

"""Characters a message shows at most (the engine's own messages are far shorter)."""


class MessageArea(widgets.HTML):
    """Where a widget talks to the learner: one boxed message at a time.

    ``text`` and ``kind`` keep the plain message so tests can read what the learner sees.

    >>> area = MessageArea()
    >>> area.show("Right!", "right"); "Right!" in area.value
    True
    >>> area.clear(); area.value, area.kind
    ('', '')
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.text = ""
        self.kind = ""

    def show(self, text: str, kind: str = "info") -> None:
        """Show ``text``; ``kind`` is ``info``, ``right``, ``wrong`` or ``error``.

        >>> area = MessageArea()
        >>> area.show("Not this time.", "wrong"); 'class="gin-message gin-wrong"' in area.value
        True
        """
        text = cut(text)
        self.text, self.kind = text, kind
        self.value = message_html(text, kind)

    def show_feedback(self, feedback: Feedback) -> None:
        """Show a checker's :class:`~gin_teach.lessons.answers.Feedback`: its message, and its hint
        when the answer is not right.

        >>> area = MessageArea()
        >>> area.show_feedback(Feedback(False, "Not quite.", "Count the king as 10."))
        >>> area.kind, area.text
        ('wrong', 'Not quite.\\nHint: Count the king as 10.')
        """
        self.show(feedback.text, feedback.kind)

    def clear(self) -> None:
        """Remove the message.

        >>> area = MessageArea(); area.show("hello"); area.clear(); area.text
        ''
        """
        self.text, self.kind = "", ""
        self.value = ""


def button(label: str, on_click: Callable[[], object], *, tooltip: str = "",
           style: str = "", width: str | None = None) -> widgets.Button:
    """A button whose click calls ``on_click()``; ``style`` is an ipywidgets button style
    (``primary``, ``success``...), ``width`` a CSS width (by default the label decides).

    >>> pressed = []
    >>> done = button("Done", lambda: pressed.append("done"), style="primary")
    >>> done.click(); pressed, done.description, done.button_style
    (['done'], 'Done', 'primary')
    """
    made = widgets.Button(description=label, tooltip=tooltip or label, button_style=style,
                          layout=widgets.Layout(width=width or "auto", min_width="72px"))
    made.on_click(lambda _button: on_click())
    return made


def side_by_side(pictures: Iterable[str]) -> str:
    """Pictures (SVG or HTML) in a row that wraps when the notebook is narrow.

    >>> side_by_side(["<svg/>", "<svg/>"]).count('<div style="margin:0 16px 8px 0">')
    2
    """
    items = "".join(f'<div style="margin:0 16px 8px 0">{picture}</div>' for picture in pictures)
    return f'<div style="display:flex;flex-wrap:wrap;align-items:flex-end">{items}</div>'


class HandText(widgets.Text):
    """A text box for a hand: what the learner types is passed to ``on_text`` when they press
    Enter or leave the box; what the widget writes there itself (:meth:`show`) is not.

    >>> from gin_teach.core.cards import to_cards
    >>> typed = []
    >>> box = HandText(typed.append)
    >>> box.submit("7h 8h"); box.show(to_cards("7H 8H")); typed, box.value
    (['7h 8h'], '7♥ 8♥')
    """

    def __init__(self, on_text: Callable[[str], object], *,
                 placeholder: str = "type cards, e.g. 7H 8H 9H 10S") -> None:
        super().__init__(description="Hand:", placeholder=placeholder, continuous_update=False,
                         layout=widgets.Layout(width="520px", max_width="100%"))
        self._on_text = on_text
        self._quiet = False
        self.observe(self._changed, names="value")

    def show(self, cards: Iterable[Card] | str) -> None:
        """Write ``cards`` (or text) into the box without calling ``on_text``.

        >>> from gin_teach.core.cards import to_cards
        >>> box = HandText(print); box.show(to_cards("TD JD")); box.value
        '10♦ J♦'
        """
        self._quiet = True
        try:
            self.value = cards if isinstance(cards, str) else " ".join(str(c) for c in cards)
        finally:
            self._quiet = False

    def submit(self, text: str) -> None:
        """What typing ``text`` and pressing Enter does (even when the text is unchanged).

        >>> box = HandText(print); box.submit("KS")
        KS
        >>> box.submit("KS")
        KS
        """
        if self.value == text:
            self._on_text(text)
        else:
            self.value = text  # the observer passes it on

    def _changed(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self._on_text(change["new"])


class _ButtonPool(widgets.Box):
    """A wrapping row of buttons, one per key (a card, a move's label). A button keeps its key,
    and so its label and its meaning, for as long as it lives: showing other keys hides the
    buttons not wanted, puts the rest in order and makes a button only for a key never shown
    before. A click reaches :meth:`_chosen` with the button's key only while the button is
    shown; a click on a hidden button (the second half of a double click, a click sent before
    the row changed) does nothing."""

    def __init__(self, *, width: str) -> None:
        super().__init__(layout=widgets.Layout(flex_flow="row wrap"))
        self._width = width
        self._pool: dict[Hashable, widgets.Button] = {}
        self._shown: tuple[Hashable, ...] = ()
        self._order: tuple[widgets.Button, ...] = ()

    def _show_keys(self, keys: Sequence[Hashable]) -> list[widgets.Button]:
        """Show one button per key, in this order; the others hidden. Returns the buttons."""
        keys = tuple(dict.fromkeys(keys))
        for key in keys:
            if key not in self._pool:
                made = widgets.Button(layout=widgets.Layout(width=self._width, margin="1px"))
                made.on_click(lambda _button, key=key: self._pressed(key))
                self._pool[key] = made
        shown = [self._pool[key] for key in keys]
        wanted = set(keys)
        order = (*shown, *(made for key, made in self._pool.items() if key not in wanted))
        if order != self._order:
            self._order = self.children = order
        for key, made in self._pool.items():
            made.layout.display = None if key in wanted else "none"
        self._shown = keys
        return shown

    @property
    def made(self) -> int:
        """How many buttons the row holds, shown or hidden (at most one per key ever shown)."""
        return len(self._pool)

    def _pressed(self, key: Hashable) -> None:
        if key in self._shown:
            self._chosen(key)

    def _chosen(self, key: Hashable) -> None:
        raise NotImplementedError


class ButtonRow(_ButtonPool):
    """A row of labelled buttons, each calling its own function. A label names one choice: its
    button keeps that label for good, so a click plays the choice the learner saw on it, or
    nothing once the button is hidden (:meth:`show` hides the labels no longer offered).

    >>> pressed = []
    >>> row = ButtonRow()
    >>> row.show([("Draw", lambda: pressed.append("draw")), ("Take", lambda: None)])
    >>> row.click("Draw"); pressed, row.labels
    (['draw'], ('Draw', 'Take'))
    """

    def __init__(self) -> None:
        super().__init__(width="auto")
        self._actions: dict[Hashable, Callable[[], object]] = {}

    def show(self, choices: Sequence[tuple[str, Callable[[], object]]], *,
             style: str = "") -> None:
        """Show one button per ``(label, on_click)``, in order.

        >>> row = ButtonRow(); row.show([("Pass", print)]); row.show([]); row.labels
        ()
        """
        self._actions = {label: on_click for label, on_click in choices}
        for made, (label, _) in zip(self._show_keys([label for label, _ in choices]), choices,
                                    strict=True):
            made.description = made.tooltip = label
            made.button_style = style
            made.layout.min_width = "72px"

    @property
    def labels(self) -> tuple[str, ...]:
        """The labels of the buttons shown.

        >>> row = ButtonRow(); row.show([("Knock", print)]); row.labels
        ('Knock',)
        """
        return tuple(str(label) for label in self._shown)

    def button(self, label: str) -> widgets.Button:
        """The button that says ``label`` (shown now or once before).

        >>> row = ButtonRow(); row.show([("Pass", print)]); row.button("Pass").description
        'Pass'
        """
        return self._pool[label]

    def click(self, label: str) -> None:
        """What a click on the button labelled ``label`` does (nothing when it is hidden).

        >>> row = ButtonRow(); row.show([("Pass", lambda: print("passed"))]); row.click("Pass")
        passed
        """
        self._pressed(label)

    def _chosen(self, key: Hashable) -> None:
        self._actions[key]()


# A marked card button: an outline in the colour the card pictures use for the same mark, on
# a pale tint that keeps every suit colour (blue diamonds, green clubs too) easy to read.
_MARKS = {
    "info": (HIGHLIGHTS["selected"], "#e8f0fe"),
    "success": (HIGHLIGHTS["best"], "#e7f6ea"),
    "danger": (HIGHLIGHTS["wrong"], "#fdecea"),
    "warning": (HIGHLIGHTS["layoff"], "#fdf1e0"),
}
_UNMARKED = ("#c9c9c9", "#ffffff")


class CardButtons(_ButtonPool):
    """One button per card, in a wrapping row; a click calls ``on_card(card)``.

    The label is the card (``7♥``) in its suit colour on a white face; :meth:`mark` outlines
    chosen cards in the colours the card pictures use. ``cards`` and ``four_colour`` are
    traits: setting either repaints the buttons. A card's button is that card's for good: a
    click on it while it is hidden (a double click that arrives after the row changed) does
    nothing, and the row never holds more buttons than there are cards in the deck.

    >>> from gin_teach.core.cards import to_cards
    >>> clicked = []
    >>> buttons = CardButtons(to_cards("7H 8H"), clicked.append)
    >>> buttons.click(Card(8, "H")); clicked
    [Card('8H')]
    >>> buttons.mark({Card(7, "H"): "info"}); buttons.buttons[Card(7, "H")].button_style
    'info'
    """

    cards = traitlets.Tuple(help="the cards shown, in order")
    four_colour = traitlets.Bool(False, help="four suit colours instead of two")

    def __init__(self, cards: Iterable[Card] = (),
                 on_card: Callable[[Card], object] | None = None, *,
                 four_colour: bool = False, width: str = "54px") -> None:
        super().__init__(width=width)
        self._on_card = on_card
        self._marks: dict[Card, str] = {}
        self.observe(self._new_cards, names="cards")
        self.observe(self._repaint, names="four_colour")
        self.four_colour = four_colour
        self.set_cards(cards)

    def set_cards(self, cards: Iterable[Card]) -> None:
        """Show a button for each of ``cards``, in that order, unmarked.

        >>> from gin_teach.core.cards import to_cards
        >>> buttons = CardButtons(); buttons.set_cards(to_cards("AS 2S")); buttons.cards
        (Card('AS'), Card('2S'))
        """
        cards = tuple(cards)
        if cards == self.cards:
            self.mark({})
        else:
            self.cards = cards  # the observer repaints

    def _new_cards(self, _change: object = None) -> None:
        self._marks = {}
        self._repaint()

    def _repaint(self, _change: object = None) -> None:
        colours = suit_colours(self.four_colour)
        for made, card in zip(self._show_keys(self.cards), self.cards, strict=True):
            made.description, made.tooltip = str(card), card.name
            made.layout.padding = "0px 2px"
            made.style.text_color = colours[card.suit]
            made.style.font_weight = "bold"
            style = self._marks.get(card, "")
            border, face = _MARKS.get(style, _UNMARKED)
            made.button_style = style
            made.style.button_color = face
            made.layout.border = f"2px solid {border}"

    def _chosen(self, key: Hashable) -> None:
        if self._on_card is not None and isinstance(key, Card):
            self._on_card(key)

    def click(self, card: Card) -> None:
        """What a click on ``card``'s button does (nothing when the card is not shown).

        >>> from gin_teach.core.cards import to_cards
        >>> CardButtons(to_cards("QS"), print).click(Card(12, "S"))
        Q♠
        >>> CardButtons(to_cards("QS"), print).click(Card(13, "S"))
        """
        self._pressed(card)

    def mark(self, styles: dict[Card, str]) -> None:
        """Mark the listed cards (``info`` chosen, ``success`` best, ``danger`` wrong,
        ``warning`` laid off) and clear the mark from the rest.

        >>> from gin_teach.core.cards import to_cards
        >>> buttons = CardButtons(to_cards("7H 8H"))
        >>> buttons.mark({Card(8, "H"): "success"})
        >>> [b.button_style for b in buttons.buttons.values()]
        ['', 'success']
        """
        self._marks = dict(styles)
        self._repaint()

    @property
    def buttons(self) -> dict[Card, widgets.Button]:
        """The button of each card shown.

        >>> from gin_teach.core.cards import to_cards
        >>> CardButtons(to_cards("9C")).buttons[Card(9, "C")].description
        '9♣'
        """
        return {card: self._pool[card] for card in self.cards}
