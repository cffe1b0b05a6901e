"""Pieces every widget shares: the frame of a lesson widget (rules, seeded deals, the message
area), the guard that turns a rules error into a friendly message, card buttons, a text box for
hands, and seeded example rounds.

>>> area = MessageArea()
>>> area.show("7X is not a card", "error")
>>> area.kind, area.text
('error', '7X is not a card')
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import ipywidgets as widgets

from gin_teach.cards import Card, Deck, HandLike, to_cards
from gin_teach.discards import best_discards
from gin_teach.display import FOUR_COLOURS, HIGHLIGHTS, TWO_COLOURS, message_html, suit_colours
from gin_teach.errors import CardError, GinError, IllegalMove
from gin_teach.rules import Rules
from gin_teach.scoring import Settlement, settle

__all__ = [
    "FOUR_SUIT_COLOURS",
    "SUIT_COLOURS",
    "AnswerError",
    "CardButtons",
    "HandExercise",
    "HandText",
    "KnockExercise",
    "LessonWidget",
    "MessageArea",
    "as_card",
    "button",
    "deal_knock",
    "friendly",
    "make_rng",
    "parse_hand",
    "side_by_side",
]

SUIT_COLOURS = TWO_COLOURS
"""The suit colours of the usual deck (the same as the card pictures use)."""
FOUR_SUIT_COLOURS = FOUR_COLOURS
"""The suit colours of the four-colour deck."""


class AnswerError(GinError, ValueError):
    """A learner's answer the widget cannot read (an unknown choice, a missing value).

    >>> isinstance(AnswerError("choose knocker or defender"), GinError)
    True
    """


_LONGEST_MESSAGE = 400
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
        if len(text) > _LONGEST_MESSAGE:
            # A message can quote what the learner typed; a pasted page must not flood the
            # notebook, so the quote is cut.
            text = text[:_LONGEST_MESSAGE - 1] + "…"
        self.text, self.kind = text, kind
        self.value = message_html(text, kind)

    def clear(self) -> None:
        """Remove the message.

        >>> area = MessageArea(); area.show("hello"); area.clear(); area.text
        ''
        """
        self.text, self.kind = "", ""
        self.value = ""


F = TypeVar("F", bound=Callable[..., Any])


def friendly(method: F) -> F:
    """Wrap a widget method so a rules error (a mistyped card, a duplicate, an illegal move)
    shows in the widget's ``message`` area instead of reaching the learner as a traceback.

    Only :class:`GinError` is caught: anything else is a bug and should be seen as one.

    >>> class Box:
    ...     message = MessageArea()
    ...     @friendly
    ...     def pick(self, text):
    ...         return parse_hand(text)
    >>> box = Box()
    >>> box.pick("7H 7X"), box.message.text
    (None, "'7X' is not a card: it has no suit (S H D C or ♠ ♥ ♦ ♣)")
    """

    @functools.wraps(method)
    def guarded(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except GinError as error:
            self.message.show(str(error), "error")
            return None

    return guarded  # type: ignore[return-value]


def parse_hand(hand: HandLike | None) -> tuple[Card, ...]:
    """The cards of a hand given as text or cards; ``None`` is no cards.

    >>> parse_hand("7H 8H"), parse_hand(None)
    ((Card('7H'), Card('8H')), ())
    """
    if hand is None:
        return ()
    return to_cards(hand)


def as_card(card: Card | str) -> Card:
    """A card given as a :class:`Card` or as text such as ``"7H"``.

    >>> as_card("10h"), as_card(Card(7, "S"))
    (Card('TH'), Card('7S'))
    """
    return card if isinstance(card, Card) else Card.parse(card)


def make_rng(seed: int | random.Random | None) -> random.Random:
    """A random source from a seed (the same seed gives the same deals).

    >>> make_rng(4).random() == make_rng(4).random()
    True
    """
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def replace_children(box: widgets.Box, children: Iterable[widgets.Widget], *,
                     keep: Iterable[widgets.Widget] = ()) -> None:
    """Show ``children`` in ``box`` and close the widgets it stops showing (but those in
    ``keep``, which come back later), with their layout and style: rows rebuilt on every move
    would otherwise pile up in the kernel all session.

    >>> row = widgets.HBox([old := widgets.Button()])
    >>> replace_children(row, [widgets.Button()]); old.comm is None, len(row.children)
    (True, 1)
    """
    children = tuple(children)
    kept = {id(child) for child in (*children, *keep)}
    gone = [child for child in box.children if id(child) not in kept]
    box.children = children
    for widget in gone:
        for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
            if isinstance(part, widgets.Widget):
                part.close()
        widget.close()


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

    >>> typed = []
    >>> box = HandText(typed.append)
    >>> box.submit("7h 8h"); box.show(parse_hand("7H 8H")); typed, box.value
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

        >>> box = HandText(print); box.show(parse_hand("TD JD")); box.value
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


# A marked card button: an outline in the colour the card pictures use for the same mark, on
# a pale tint that keeps every suit colour (blue diamonds, green clubs too) easy to read.
_MARKS = {
    "info": (HIGHLIGHTS["selected"], "#e8f0fe"),
    "success": (HIGHLIGHTS["best"], "#e7f6ea"),
    "danger": (HIGHLIGHTS["wrong"], "#fdecea"),
    "warning": (HIGHLIGHTS["layoff"], "#fdf1e0"),
}
_UNMARKED = ("#c9c9c9", "#ffffff")


class CardButtons(widgets.Box):
    """One button per card, in a wrapping row; a click calls ``on_card(card)``.

    The label is the card (``7♥``) in its suit colour on a white face; :meth:`mark` outlines
    chosen cards in the colours the card pictures use.

    >>> clicked = []
    >>> buttons = CardButtons(parse_hand("7H 8H"), clicked.append)
    >>> buttons.click(Card(8, "H")); clicked
    [Card('8H')]
    >>> buttons.mark({Card(7, "H"): "info"}); buttons.buttons[Card(7, "H")].button_style
    'info'
    """

    def __init__(self, cards: Iterable[Card] = (), on_card: Callable[[Card], None] | None = None,
                 *, four_colour: bool = False, width: str = "54px") -> None:
        super().__init__(layout=widgets.Layout(flex_flow="row wrap"))
        self._on_card = on_card
        self._colours = suit_colours(four_colour)
        self._width = width
        self.buttons: dict[Card, widgets.Button] = {}
        self.set_cards(cards)

    def set_cards(self, cards: Iterable[Card]) -> None:
        """Show a button for each of ``cards``, in that order.

        >>> buttons = CardButtons(); buttons.set_cards(parse_hand("AS 2S")); buttons.cards
        (Card('AS'), Card('2S'))
        """
        self.buttons = {card: self._button(card) for card in cards}
        replace_children(self, self.buttons.values())

    def _button(self, card: Card) -> widgets.Button:
        made = widgets.Button(description=str(card), tooltip=card.name,
                              layout=widgets.Layout(width=self._width, margin="1px",
                                                    padding="0px 2px"))
        made.style.text_color = self._colours[card.suit]
        made.style.font_weight = "bold"
        made.on_click(lambda _button, card=card: self.click(card))
        self._paint(made, "")
        return made

    @staticmethod
    def _paint(made: widgets.Button, style: str) -> None:
        border, face = _MARKS.get(style, _UNMARKED)
        made.button_style = style
        made.style.button_color = face
        made.layout.border = f"2px solid {border}"

    def click(self, card: Card) -> None:
        """What a click on ``card``'s button does.

        >>> CardButtons(parse_hand("QS"), print).click(Card(12, "S"))
        Q♠
        """
        if self._on_card is not None:
            self._on_card(card)

    def mark(self, styles: dict[Card, str]) -> None:
        """Mark the listed cards (``info`` chosen, ``success`` best, ``danger`` wrong,
        ``warning`` laid off) and clear the mark from the rest.

        >>> buttons = CardButtons(parse_hand("7H 8H"))
        >>> buttons.mark({Card(8, "H"): "success"})
        >>> [b.button_style for b in buttons.buttons.values()]
        ['', 'success']
        """
        for card, made in self.buttons.items():
            self._paint(made, styles.get(card, ""))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards shown, in order.

        >>> CardButtons(parse_hand("9C 2D")).cards
        (Card('9C'), Card('2D'))
        """
        return tuple(self.buttons)


class LessonWidget(widgets.VBox):
    """The frame of every lesson widget: the rules it plays by, the four-colour choice for its
    pictures, a seeded random source for its example deals, and the ``message`` area that
    :func:`friendly` handlers report to. A subclass builds its parts, then sets ``children``.

    >>> frame = LessonWidget(seed=3, four_colour=True)
    >>> frame.rules == Rules(), frame.four_colour, frame.message.text
    (True, True, '')
    """

    def __init__(self, *, rules: Rules | None = None, seed: int | random.Random | None = None,
                 four_colour: bool = False) -> None:
        super().__init__()
        self.rules = rules or Rules()
        self.four_colour = four_colour
        self.message = MessageArea()
        self._rng = make_rng(seed)


class HandExercise(LessonWidget):
    """A lesson widget about one hand that the learner types, clicks or deals: the ``text``
    box, a ``deal_button`` for a seeded hand of ``size`` cards, and :meth:`set_hand`, which a
    subclass defines. A subclass builds its parts, then calls :meth:`start`.

    >>> class Echo(HandExercise):
    ...     def set_hand(self, hand):
    ...         self.text.show(parse_hand(hand))
    >>> echo = Echo(seed=1, size=3); echo.start(None); len(echo.text.value.split())
    3
    """

    def __init__(self, *, size: int = 10, rules: Rules | None = None,
                 seed: int | random.Random | None = None, four_colour: bool = False,
                 placeholder: str = "type cards, e.g. 7H 8H 9H 10S") -> None:
        super().__init__(rules=rules, seed=seed, four_colour=four_colour)
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 51:
            # A lesson cell edited by hand: use the usual hand and say so (the subclass's own
            # work clears messages, so the warning is shown again once it is built).
            self._problem = f"a hand size is a whole number from 1 to 51, not {size!r:.40}; " \
                "using 10"
            size = 10
        else:
            self._problem = ""
        self.size = size
        self._seeded = seed is not None
        self.text = HandText(self.set_hand, placeholder=placeholder)
        self.deal_button = button(f"Deal {size}", self.deal, tooltip=f"a random hand of {size}")

    def start(self, hand: HandLike | None) -> None:
        """Show ``hand``; with no hand but a seed, deal one; with neither, start empty.

        >>> class Echo(HandExercise):
        ...     def set_hand(self, hand):
        ...         self.text.show(parse_hand(hand))
        >>> echo = Echo(); echo.start("7H 8H"); echo.text.value
        '7♥ 8♥'
        """
        if hand is None and self._seeded:
            self.deal()
        else:
            self.set_hand(hand)
        if self._problem:
            self.message.show(self._problem, "error")

    def set_hand(self, hand: HandLike | None) -> None:
        """Show another hand (a subclass says how).

        >>> HandExercise().set_hand("7H")
        Traceback (most recent call last):
        NotImplementedError: HandExercise shows no hand of its own
        """
        raise NotImplementedError(f"{type(self).__name__} shows no hand of its own")

    def type_cards(self, text: str) -> None:
        """What typing ``text`` into the box and pressing Enter does.

        >>> class Echo(HandExercise):
        ...     def set_hand(self, hand):
        ...         self.text.show(f"got {hand}")
        >>> echo = Echo(); echo.type_cards("jh"); echo.text.value
        'got jh'
        """
        if isinstance(text, str):
            self.text.submit(text)
        else:  # the box holds text only: anything else goes straight to the hand's checks
            self.set_hand(text)

    def deal(self) -> None:
        """A random hand of ``size`` cards from the seeded deck, sorted.

        >>> class Echo(HandExercise):
        ...     def set_hand(self, hand):
        ...         self.text.show(hand)
        >>> echo = Echo(seed=1, size=2); echo.deal(); len(echo.text.value.split())
        2
        """
        self.set_hand(tuple(sorted(Deck(self._rng).deal(1, self.size)[0])))


def deal_knock(rng: random.Random, rules: Rules, *, want: Callable[[Settlement], bool],
               tries: int = 20000) -> tuple[tuple[Card, ...], tuple[Card, ...], Settlement]:
    """A seeded example round that ended in a knock: deal 11 cards to the knocker and 10 to the
    defender, let the knocker make the best discard, and keep the deal if the knocker may knock
    and ``want(settlement)`` holds. The rules engine decides every step.

    >>> knocker, defender, result = deal_knock(make_rng(1), Rules(), want=lambda s: True)
    >>> len(knocker), len(defender), result.knocker_count <= 10
    (10, 10, True)
    """
    for _ in range(tries):
        knocker11, defender = Deck(rng).deal(2, 11)
        discard = best_discards(knocker11, rules)[0].card
        knocker = knocker11 if discard is None else tuple(c for c in knocker11 if c != discard)
        try:
            settlement = settle(knocker, defender[:10], rules)
        except IllegalMove:
            continue
        if want(settlement):
            return knocker, defender[:10], settlement
    raise GinError(f"no example round for this exercise came up in {tries} deals under "
                   "these rules; try other rules or another seed")


class KnockExercise(LessonWidget):
    """A lesson widget about one round that ended in a knock: the knocker's 10 cards after the
    discard, the defender's 10, and the rules engine's settlement of them. A subclass builds its
    parts, then calls :meth:`start`, and shows each new round in ``_new_question``.

    >>> exercise = KnockExercise("7S 7H 7D 9C TC JC 3H 4H 5H 8D",
    ...                          "AS 2S 3S QD QH QC 8C KS KH KD")
    >>> exercise.start()
    >>> exercise.settlement.outcome, exercise.settlement.winner, exercise.settlement.points
    ('undercut', 'defender', 33)
    """

    def __init__(self, knocker: HandLike | None = None, defender: HandLike | None = None, *,
                 knocker_melds: list[HandLike] | None = None, rules: Rules | None = None,
                 seed: int | random.Random | None = None, four_colour: bool = False) -> None:
        super().__init__(rules=rules, seed=seed, four_colour=four_colour)
        self.knocker: tuple[Card, ...] = ()
        self.defender: tuple[Card, ...] = ()
        self.knocker_melds = knocker_melds
        self.settlement: Settlement | None = None
        self._given = (knocker, defender, knocker_melds)

    def start(self) -> None:
        """Show the round given when the widget was made, or deal one from the seed.

        >>> exercise = KnockExercise(seed=2); exercise.start()
        >>> len(exercise.knocker), len(exercise.defender)
        (10, 10)
        """
        knocker, defender, knocker_melds = self._given
        if knocker is None and defender is None:
            self.new_round()
            return
        self.set_round(knocker, defender, knocker_melds)
        if self.settlement is None:  # the round given cannot be played: say why, deal another
            problem = self.message.text
            self.new_round()
            if self.settlement is not None:
                self.message.show(f"{problem}; dealing a random round instead", "error")

    @friendly
    def set_round(self, knocker: HandLike | None, defender: HandLike | None,
                  knocker_melds: list[HandLike] | None = None) -> None:
        """A new question: the knocker's 10 cards after the discard and the defender's 10. The
        knocker spreads ``knocker_melds``, or by default the spread the rules engine picks. A
        knock the rules forbid shows a message and changes nothing.

        >>> exercise = KnockExercise()
        >>> exercise.set_round("7S 7H 7D 9C TC JC 3H 4H 2D KD", "2S 3S 4S QD QH QC 8C KH 5D TS")
        >>> "over the knock limit of 10" in exercise.message.text, exercise.settlement
        (True, None)
        """
        knocker_cards, defender_cards = parse_hand(knocker), parse_hand(defender)
        if knocker_melds is not None and not isinstance(knocker_melds, (list, tuple)):
            raise CardError("the knocker's melds are a list of melds, such as "
                            f"['7S 7H 7D', '9C 10C JC'], not {knocker_melds!r:.40}")
        settlement = settle(knocker_cards, defender_cards, self.rules, knocker_melds)
        self.knocker, self.defender = knocker_cards, tuple(sorted(defender_cards))
        self.knocker_melds = knocker_melds
        self.settlement = settlement
        self.message.clear()
        self._new_question()

    @friendly
    def new_round(self) -> None:
        """Another seeded example round (one :meth:`_wanted` accepts); when the rules make
        such a round too rare to find, a message says so and the round shown stays.

        >>> exercise = KnockExercise(seed=5); exercise.new_round(); first = exercise.knocker
        >>> exercise.new_round(); exercise.knocker != first
        True
        """
        knocker, defender, _ = deal_knock(self._rng, self.rules, want=self._wanted)
        self.set_round(knocker, defender)

    def _wanted(self, settlement: Settlement) -> bool:
        """Whether a dealt example suits this exercise; any legal knock will do here."""
        return True

    def _current(self) -> Settlement:
        """The round being asked about; a widget whose every deal failed has none yet.

        >>> KnockExercise()._current()
        Traceback (most recent call last):
        gin_teach.errors.IllegalMove: there is no round yet: press New round
        """
        if self.settlement is None:
            raise IllegalMove("there is no round yet: press New round")
        return self.settlement

    def _new_question(self) -> None:
        """Show the round just set; a subclass draws its pictures here."""
