"""TableCanvas: the card table drawn on an ipycanvas canvas, played by clicking.

The geometry is kept apart from the drawing, in :mod:`gin_teach.widgets.table_geometry`
(named here too): :func:`table_scene` lays the cards out as plain rectangles, :func:`hit_test`
says which card or pile a click at (x, y) lands on, and :func:`action_for` turns that into a
move. All three are plain functions that tests call without a browser; the canvas only paints
the scene, with the same card faces, suit shapes and
backs as the SVG card pictures of :mod:`gin_teach.display`.

>>> from gin_teach.engine.round import Round
>>> rnd = Round(seed=3)
>>> scene = table_scene(rnd, viewer=0)
>>> pile = next(s for s in scene.sprites if s.kind == "discard")
>>> target = hit_test(scene, pile.x + 5, pile.y + 5)
>>> target.kind, str(action_for(target, rnd.phase))
('discard', 'take')
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets
import traitlets

from gin_teach.core.cards import Card
from gin_teach.display import (
    BACK_COLOURS,
    BACK_PATTERN,
    CARD_FONT,
    CARD_HEIGHT,
    CARD_WIDTH,
    FACE,
    SUIT_PATHS,
    Frame,
    Place,
    card_outline,
    corner_label,
    suit_colours,
)
from gin_teach.engine.actions import Action, move_words
from gin_teach.engine.round import Round
from gin_teach.errors import GinError
from gin_teach.widgets.controls import ButtonRow, CardButtons, MessageArea
from gin_teach.widgets.keys import TABLE_CANVAS_CLASS, MoveKeys, tab_through_widget, target_for_key
from gin_teach.widgets.table_geometry import (
    FELT,
    QUIET,
    Label,
    Sprite,
    TableLayout,
    TableScene,
    Target,
    action_for,
    hit_test,
    table_scene,
)
from gin_teach.widgets.table_svg import choose_view, scene_svg

if TYPE_CHECKING:
    from ipycanvas import Path2D

__all__ = [
    "Label",
    "Sprite",
    "TableCanvas",
    "TableLayout",
    "TableScene",
    "Target",
    "action_for",
    "hit_test",
    "table_scene",
]

RESOLUTION = 2
"""Canvas pixels per screen pixel: the table is painted at twice its size and shown at its
size, so it stays as crisp as the SVG pictures on high-density screens."""

DOUBLE_CLICK = 0.5
"""Seconds after a mouse click on the canvas made a move during which another click counts as
the second half of a double click and is dropped: the browser sent it from the table as drawn
before the move, so it cannot mean what now lies under the pointer."""

@functools.cache
def _paths() -> dict[str, tuple[Path2D, ...]]:
    """The suit shapes and the back's lattice as canvas paths, made once and shared by every
    table (each path is a widget the browser keeps)."""
    from ipycanvas import Path2D  # imported where a canvas is drawn: see TableCanvas.__init__

    made = {suit: tuple(Path2D(d) for d in paths) for suit, paths in SUIT_PATHS.items()}
    made["back"] = (Path2D(BACK_PATTERN),)
    return made


class TableCanvas(widgets.VBox):
    """The table on a canvas: click the stock, the discard pile or a card of your hand.

    On its own it plays the clicks into ``round`` (or a round dealt from ``seed``; use
    ``Round.from_deal`` for fixed hands) for ``viewer``; a :class:`GameTable` passes
    ``on_action`` to take the moves itself. An illegal click shows the engine's reason.

    >>> from gin_teach.engine.round import Round
    >>> table = TableCanvas(Round(seed=3, dealer=1))
    >>> pile = next(s for s in table.scene.sprites if s.kind == "discard")
    >>> str(table.click(pile.x + 5, pile.y + 5)), table.round.phase
    ('take', 'discard')

    ``knock`` and ``four_colour`` are traits; setting one redraws the table. While ``knock``
    is on, the next card clicked is knocked with rather than discarded, and the table shows a
    reminder:

    >>> table.knock = True
    >>> any("Knocking" in label.text for label in table.scene.labels)
    True

    ``view`` chooses how the table is drawn: ``"canvas"``, ``"svg"`` (the same scene as an
    SVG picture, with buttons for the piles and the cards of your hand, for browsers where
    ipycanvas cannot load) or ``"auto"`` (the canvas when ipycanvas imports). In both views
    the ``move_keys`` field plays from the keyboard (d, u, k, 1-9 0 -):

    >>> svg = TableCanvas(Round(seed=3, dealer=1), view="svg")
    >>> svg.view, svg.picture.value.count('data-kind="hand"')
    ('svg', 10)
    >>> svg.pile_buttons.click("Take the upcard"); svg.round.phase
    'discard'
    >>> svg.move_keys.value = "1"; svg.round.phase
    'draw'

    ``show_computer_hand`` turns the other player's cards face up, for teaching.
    """

    knock = traitlets.Bool(False, help="the next card clicked is knocked with")
    four_colour = traitlets.Bool(False, help="four suit colours instead of two")
    show_computer_hand = traitlets.Bool(False, help="the other player's cards face up")

    def __init__(self, rnd: Round | None = None, *, seed: int | None = None, viewer: int = 0,
                 on_action: Callable[[Action], None] | None = None,
                 layout: TableLayout | None = None, four_colour: bool = False,
                 view: str = "auto") -> None:
        self.view = choose_view(view)
        self.layout_spec = layout or TableLayout()
        self.viewer = viewer
        self.round = rnd if rnd is not None else Round(seed)
        self.on_action = on_action
        self.clock: Callable[[], float] = time.monotonic
        """Where mouse clicks read the time (see :data:`DOUBLE_CLICK`); tests set their own."""
        self._moved_at = -math.inf
        self.message = MessageArea()
        self.scene = table_scene(self.round, viewer, self.layout_spec)
        self.move_keys = MoveKeys(self.press_key)
        if self.view == "canvas":
            picture: widgets.Widget = self._make_canvas()
            self._painting = False
            # ipycanvas's canvas would keep the focus (it cancels every key, Tab too): the
            # hidden tab-through widget lets Tab leave it, and the canvas reads the move keys.
            parts = [self.move_keys, picture, tab_through_widget(), self.message]
        else:
            self.picture = widgets.HTML()
            self._painting = True
            # A GameTable lists every move in buttons of its own; a bare table needs these.
            self.pile_buttons = ButtonRow()
            self.hand_buttons = CardButtons((), lambda card: self.press(Target("hand", card)))
            buttons = [self.pile_buttons, self.hand_buttons] if on_action is None else []
            parts = [self.move_keys, self.picture, *buttons, self.message]
        super().__init__(parts)
        self.four_colour = four_colour
        self.observe(self._setting_changed, names=["knock", "four_colour", "show_computer_hand"])
        if self.view == "svg":
            self.draw()

    def _make_canvas(self) -> widgets.Widget:
        spec = self.layout_spec
        # Imported here, not with the module: ipycanvas imports numpy and PIL, which a browser
        # kernel (JupyterLite) may not have, and every other widget must work without them.
        from ipycanvas import Canvas


        # Shown at its layout size, or narrower in a narrow notebook (clicks scale with it).
        self.canvas = Canvas(width=spec.width * RESOLUTION, height=spec.height * RESOLUTION,
                             layout=widgets.Layout(width=f"{spec.width}px", max_width="100%",
                                                   height="auto"))
        # The class Tab may leave (see keys.py). No ``tooltip``: ipycanvas 0.14's view then
        # fails to draw at all ("clear is not a function"), and it ignores ``tabbable``.
        self.canvas.add_class(TABLE_CANVAS_CLASS)
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_key_down(self._on_key_down)
        # A canvas keeps no picture, so the table is painted once a view reports it is ready,
        # and again for each later view (a reloaded page). Nothing is painted before: under
        # Voila, which runs the notebook before the browser listens, commands sent that early
        # left the canvas blank for good.
        self.canvas.on_client_ready(self._client_ready)
        return self.canvas

    def _client_ready(self) -> None:
        self._painting = True
        self.draw()

    def _setting_changed(self, _change: object) -> None:
        self.draw()

    def show(self, rnd: Round) -> None:
        """Draw another round (or the same one after a move).

        >>> from gin_teach.engine.round import Round
        >>> table = TableCanvas(Round(seed=1)); table.show(Round(seed=2))
        >>> table.round.hand(0) == Round(seed=2).hand(0)
        True
        """
        self.round = rnd
        self.draw()

    def _on_key_down(self, key: str, *_modifiers: bool) -> None:
        if len(key) == 1:  # a character, not Tab, Shift or an arrow
            self.press_key(key)

    def _on_mouse_down(self, x: float, y: float) -> None:
        now = self.clock()
        if now - self._moved_at < DOUBLE_CLICK:
            return  # the second click of a double click
        before = (self.round, len(self.round.history))
        self.click(x / RESOLUTION, y / RESOLUTION)
        if (self.round, len(self.round.history)) != before:
            self._moved_at = now

    def click(self, x: float, y: float) -> Action | None:
        """What a mouse click at (x, y) (in layout pixels) does: find the target, make the
        move. Returns the move, or ``None`` when the click meant nothing or was refused.

        >>> from gin_teach.engine.round import Round
        >>> table = TableCanvas(Round(seed=3, dealer=1))
        >>> table.click(1, 1) is None
        True
        """
        return self.press(hit_test(self.scene, x, y))

    def press_key(self, key: str) -> Action | None:
        """What a key typed into the ``move_keys`` field does: ``k`` switches knocking on or off,
        the others choose a target (see :func:`~gin_teach.widgets.keys.target_for_key`).

        >>> from gin_teach.engine.round import Round
        >>> table = TableCanvas(Round(seed=3, dealer=1)); table.press_key("k"), table.knock
        (None, True)
        >>> table.press_key("x"); table.message.kind
        'error'
        """

        if key.lower() == "k":
            self.knock = not self.knock
            return None
        try:
            target = target_for_key(key, self.round.observation(self.viewer).hand)
        except GinError as error:
            self.message.show(str(error), "error")
            return None
        return self.press(target)

    def press(self, target: Target | None) -> Action | None:
        """Make the move ``target`` means (a click, a button or a key chose it); returns the
        move, or ``None`` when it meant nothing or was refused.

        >>> from gin_teach.engine.round import Round
        >>> table = TableCanvas(Round(seed=3, dealer=1)); str(table.press(Target("discard")))
        'take'
        """
        action = action_for(target, self.round.phase, knock=self.knock)
        if action is None:
            return None
        if self.on_action is not None:
            self.on_action(action)
            return action
        try:
            self.round.apply(action, self.viewer)
        except GinError as error:
            self.message.show(str(error), "error")
            return None
        self.message.clear()
        if self.knock:
            self.knock = False  # the observer draws
        else:
            self.draw()
        return action

    def draw(self) -> None:
        """Work out the scene and paint it in one batch (once a view of the canvas is ready).

        >>> from gin_teach.engine.round import Round
        >>> table = TableCanvas(Round(seed=5)); table.draw()
        >>> kinds = [sprite.kind for sprite in table.scene.sprites]
        >>> [kinds.count(kind) for kind in ("opponent", "stock", "discard", "hand")]
        [10, 1, 1, 10]
        """
        self.scene = table_scene(self.round, self.viewer, self.layout_spec, knock=self.knock,
                                 reveal=self.show_computer_hand)
        if self.view == "svg":
            self._draw_svg()
            return
        if not self._painting:
            return
        canvas = self.canvas
        spec = self.layout_spec
        from ipycanvas import hold_canvas

        with hold_canvas():
            canvas.clear()
            canvas.save()
            canvas.scale(RESOLUTION)
            canvas.fill_style = FELT
            canvas.fill_rect(0, 0, spec.width, spec.height)
            self._draw_empty_piles()
            for sprite in self.scene.sprites:
                self._draw_card(sprite)
            canvas.text_align = "left"
            for label in self.scene.labels:
                canvas.fill_style = label.colour
                canvas.font = f"{'bold ' if label.bold else ''}14px {CARD_FONT}"
                canvas.fill_text(label.text, label.x, label.y)
            canvas.restore()

    def _draw_svg(self) -> None:
        self.picture.value = scene_svg(self.scene, four_colour=self.four_colour)
        if self.on_action is not None:
            return  # the buttons are not shown: the GameTable has its own
        choices = []
        for target in (Target("stock"), Target("discard")):
            action = action_for(target, self.round.phase)
            if action is not None:  # the engine still says whether the move is legal now
                choices.append((move_words(action, self.round.phase).capitalize(),
                                functools.partial(self.press, target)))
        self.pile_buttons.show(choices)
        self.hand_buttons.four_colour = self.four_colour
        self.hand_buttons.set_cards(self.round.observation(self.viewer).hand)

    def _draw_empty_piles(self) -> None:
        # A dashed place keeps an empty pile findable: the learner sees where the cards go.
        canvas, spec = self.canvas, self.layout_spec
        kinds = {sprite.kind for sprite in self.scene.sprites}
        canvas.stroke_style = QUIET
        canvas.line_width = 1.5
        canvas.set_line_dash([6, 4])
        for kind, x in (("stock", spec.left), ("discard", spec.discard_x)):
            if kind in kinds:
                continue
            self._card_path(x + 0.5, spec.piles_y + 0.5, spec.card_width - 1,
                            spec.card_height - 1)
            canvas.stroke()
        canvas.set_line_dash([])

    def _card_path(self, x: float, y: float, w: float, h: float,
                   r: float = FACE.edge.radius) -> None:
        canvas = self.canvas
        canvas.begin_path()
        canvas.move_to(x + r, y)
        canvas.arc_to(x + w, y, x + w, y + h, r)
        canvas.arc_to(x + w, y + h, x, y + h, r)
        canvas.arc_to(x, y + h, x, y, r)
        canvas.arc_to(x, y, x + w, y, r)
        canvas.close_path()

    def _frame(self, frame: Frame) -> None:
        self._card_path(frame.x, frame.y, frame.width, frame.height, frame.radius)

    def _draw_card(self, sprite: Sprite) -> None:
        # Drawn in card coordinates from gin_teach.display's FACE, scaled to the layout's card
        # size, so a canvas card matches an SVG card part for part.
        canvas = self.canvas
        canvas.save()
        canvas.translate(sprite.x, sprite.y)
        canvas.scale(sprite.width / CARD_WIDTH, sprite.height / CARD_HEIGHT)
        self._frame(FACE.edge)
        canvas.fill_style = "#ffffff"
        canvas.fill()
        colour, width = card_outline(sprite.highlight)
        canvas.stroke_style = colour
        canvas.line_width = width
        canvas.stroke()
        if sprite.card is None:
            panel, lattice = BACK_COLOURS
            self._frame(FACE.back_panel)
            canvas.fill_style = panel
            canvas.fill()
            canvas.fill_style = lattice
            canvas.fill(_paths()["back"][0])
        else:
            self._draw_face(sprite.card)
        canvas.restore()

    def _draw_face(self, card: Card) -> None:
        canvas = self.canvas
        colour = suit_colours(self.four_colour)[card.suit]
        self._corner(card, colour)
        canvas.save()
        canvas.translate(CARD_WIDTH, CARD_HEIGHT)
        canvas.rotate(math.pi)
        self._corner(card, colour)
        canvas.restore()
        if card.rank > 10:
            self._frame(FACE.court_frame)
            canvas.stroke_style = colour
            canvas.line_width = FACE.court_line
            canvas.stroke()
            self._text(card.label, FACE.court_letter, colour, align="center")
            self._suit(card.suit, FACE.court_suit, colour)
        else:
            self._suit(card.suit, FACE.pip, colour)

    def _corner(self, card: Card, colour: str) -> None:
        text, width = corner_label(card)
        self._text(text, FACE.corner_rank, colour, max_width=width)
        self._suit(card.suit, FACE.corner_suit, colour)

    def _text(self, text: str, place: Place, colour: str, *, align: str = "left",
              max_width: float | None = None) -> None:
        canvas = self.canvas
        canvas.fill_style = colour
        canvas.text_align = align
        canvas.font = f"bold {place.size:g}px {CARD_FONT}"
        canvas.fill_text(text, place.x, place.y, max_width=max_width)

    def _suit(self, suit: str, place: Place, colour: str) -> None:
        canvas = self.canvas
        canvas.save()
        canvas.translate(place.x, place.y)
        canvas.scale(place.size / 100)
        canvas.fill_style = colour
        for path in _paths()[suit]:
            canvas.fill(path)
        canvas.restore()
