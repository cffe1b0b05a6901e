"""TableCanvas: the card table drawn on an ipycanvas canvas, played by clicking.

The geometry is kept apart from the drawing: :func:`table_scene` lays the cards out as plain
rectangles, :func:`hit_test` says which card or pile a click at (x, y) lands on, and
:func:`action_for` turns that into a move. All three are plain functions that tests call
without a browser; the canvas only paints the scene.

>>> from gin_teach.game import Round
>>> rnd = Round(seed=3)
>>> scene = table_scene(rnd, viewer=0)
>>> pile = next(s for s in scene.sprites if s.kind == "discard")
>>> target = hit_test(scene, pile.x + 5, pile.y + 5)
>>> target.kind, str(action_for(target, rnd.phase))
('discard', 'take')
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

from gin_teach.actions import DRAW, PASS, TAKE, Action, Discard, Knock
from gin_teach.cards import Card
from gin_teach.errors import GinError
from gin_teach.game import Round
from gin_teach.widgets.common import FOUR_SUIT_COLOURS, SUIT_COLOURS, MessageArea

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

SpriteKind = Literal["hand", "opponent", "stock", "discard"]


@dataclass(frozen=True)
class TableLayout:
    """Where things sit on the table, in canvas pixels.

    >>> TableLayout().hand_step > TableLayout().opponent_step
    True
    """

    width: int = 720
    height: int = 420
    card_width: int = 64
    card_height: int = 90
    left: int = 20
    opponent_y: int = 30
    opponent_step: int = 30
    piles_y: int = 160
    discard_x: int = 110
    hand_y: int = 310
    hand_step: int = 46
    """Wider than the opponent's step: each of your cards leaves a strip wide enough to click."""
    status_x: int = 210


@dataclass(frozen=True)
class Sprite:
    """A card on the table: ``card`` is ``None`` when it lies face down. ``index`` is its
    place in a hand (left to right).

    >>> Sprite("stock", 10, 10, 64, 90, None).contains(20, 20)
    True
    """

    kind: SpriteKind
    x: float
    y: float
    width: float
    height: float
    card: Card | None
    index: int = -1
    highlight: str | None = None

    def contains(self, x: float, y: float) -> bool:
        """Whether the point lies on this card."""
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height


@dataclass(frozen=True)
class Label:
    """A line of text on the table.

    >>> Label(20, 20, "stock 31").text
    'stock 31'
    """

    x: float
    y: float
    text: str
    bold: bool = False


@dataclass(frozen=True)
class TableScene:
    """Everything drawn, in painting order: later sprites lie on top of earlier ones.

    >>> from gin_teach.game import Round
    >>> len([s for s in table_scene(Round(seed=1)).sprites if s.kind == "hand"])
    10
    """

    sprites: tuple[Sprite, ...]
    labels: tuple[Label, ...]
    layout: TableLayout


@dataclass(frozen=True)
class Target:
    """What a click landed on: a card of your hand, the stock, or the discard pile.

    >>> Target("hand", Card(7, "H")).card
    Card('7H')
    """

    kind: Literal["hand", "stock", "discard"]
    card: Card | None = None


def table_scene(rnd: Round, viewer: int = 0, layout: TableLayout | None = None) -> TableScene:
    """Lay out the table as ``viewer`` sees it: the opponent's cards face down until the round
    ends (or they are spread after a knock), the stock, the top discard, and the viewer's hand
    with the card just drawn or taken marked.

    >>> from gin_teach.game import Round
    >>> scene = table_scene(Round(seed=2), viewer=1)
    >>> [s.card for s in scene.sprites if s.kind == "opponent"][:2]
    [None, None]
    """
    layout = layout or TableLayout()
    view = rnd.observation(viewer)
    other = 1 - viewer
    names = rnd.names
    w, h = layout.card_width, layout.card_height
    sprites: list[Sprite] = []
    if rnd.is_over:
        opponent: tuple[Card | None, ...] = rnd.hand(other)
    elif rnd.knocker == other and view.knocker_spread is not None:
        opponent = view.knocker_spread.cards
    else:
        opponent = (None,) * view.opponent_hand_size
    for i, card in enumerate(opponent):
        sprites.append(Sprite("opponent", layout.left + i * layout.opponent_step,
                              layout.opponent_y, w, h, card, i))
    if view.stock_size:
        sprites.append(Sprite("stock", layout.left, layout.piles_y, w, h, None))
    if view.top_discard is not None:
        sprites.append(Sprite("discard", layout.discard_x, layout.piles_y, w, h,
                              view.top_discard))
    marked = view.just_taken or view.drawn
    for i, card in enumerate(view.hand):
        sprites.append(Sprite("hand", layout.left + i * layout.hand_step, layout.hand_y, w, h,
                              card, i, "drawn" if card == marked else None))
    turn = rnd.current_player
    labels = [
        Label(layout.left, layout.opponent_y - 10,
              f"{names[other]}{' (to play)' if turn == other else ''}", bold=True),
        Label(layout.left, layout.piles_y + h + 16, f"stock {view.stock_size}"),
        Label(layout.discard_x, layout.piles_y + h + 16, f"discards {len(view.discard_pile)}"),
        Label(layout.left, layout.hand_y - 10,
              f"{names[viewer]}{' (to play)' if turn == viewer else ''}: deadwood "
              f"{rnd.deadwood(viewer)}", bold=True),
    ]
    status = rnd.prompt()
    for n, line in enumerate(textwrap.wrap(status, 62)[:4]):
        labels.append(Label(layout.status_x, layout.piles_y + 20 + 20 * n, line, bold=n == 0))
    return TableScene(tuple(sprites), tuple(labels), layout)


def hit_test(scene: TableScene, x: float, y: float) -> Target | None:
    """The card or pile under the point (x, y), or ``None``; the opponent's cards are not
    clickable. Overlapping cards: the one on top (painted last) wins.

    >>> from gin_teach.game import Round
    >>> scene = table_scene(Round(seed=2))
    >>> first = next(s for s in scene.sprites if s.kind == "hand")
    >>> hit_test(scene, first.x + 1, first.y + 1) == Target("hand", first.card)
    True
    >>> hit_test(scene, 0, 0) is None
    True
    """
    for sprite in reversed(scene.sprites):
        if sprite.kind != "opponent" and sprite.contains(x, y):
            return Target(sprite.kind, sprite.card if sprite.kind == "hand" else None)
    return None


def action_for(target: Target | None, phase: str, *, knock: bool = False) -> Action | None:
    """The move a click means: the stock draws (or passes the first upcard), the discard pile
    takes its top card, a card of your hand is discarded (or knocked with, when ``knock``).
    Whether the move is legal now is the rules engine's answer, not this function's.

    >>> action_for(Target("stock"), "upcard_dealer"), action_for(Target("stock"), "draw")
    (PassUpcard(), DrawStock())
    >>> str(action_for(Target("hand", Card(7, "H")), "discard", knock=True))
    'knock 7H'
    """
    if target is None or phase in ("layoff", "over"):
        return None
    if target.kind == "stock":
        return PASS if phase.startswith("upcard") else DRAW
    if target.kind == "discard":
        return TAKE
    assert target.card is not None
    return Knock(target.card) if knock else Discard(target.card)


_OUTLINES = {None: ("#7a7a7a", 1), "drawn": ("#9333ea", 3), "selected": ("#1f6feb", 3)}


class TableCanvas(widgets.VBox):
    """The table on a canvas: click the stock, the discard pile or a card of your hand.

    On its own it plays the clicks into ``round`` (or a round dealt from ``seed``; use
    ``Round.from_deal`` for fixed hands) for ``viewer``; a :class:`GameTable` passes
    ``on_action`` to take the moves itself. An illegal click shows the engine's reason.

    >>> from gin_teach.game import Round
    >>> table = TableCanvas(Round(seed=3, dealer=1))
    >>> pile = next(s for s in table.scene.sprites if s.kind == "discard")
    >>> str(table.click(pile.x + 5, pile.y + 5)), table.round.phase
    ('take', 'discard')
    """

    def __init__(self, rnd: Round | None = None, *, seed: int | None = None, viewer: int = 0,
                 on_action: Callable[[Action], None] | None = None,
                 layout: TableLayout | None = None, four_colour: bool = False) -> None:
        self.layout_spec = layout or TableLayout()
        self.viewer = viewer
        self.knock = False
        self.round = rnd if rnd is not None else Round(seed)
        self.on_action = on_action
        self._colours = FOUR_SUIT_COLOURS if four_colour else SUIT_COLOURS
        self.canvas = Canvas(width=self.layout_spec.width, height=self.layout_spec.height,
                             layout=widgets.Layout(width=f"{self.layout_spec.width}px",
                                                   height=f"{self.layout_spec.height}px"))
        self.canvas.on_mouse_down(self.click)
        self.message = MessageArea()
        self.scene = table_scene(self.round, viewer, self.layout_spec)
        super().__init__([self.canvas, self.message])
        self.draw()

    def show(self, rnd: Round) -> None:
        """Draw another round (or the same one after a move)."""
        self.round = rnd
        self.draw()

    def click(self, x: float, y: float) -> Action | None:
        """What a mouse click at (x, y) does: find the target, make the move."""
        action = action_for(hit_test(self.scene, x, y), self.round.phase, knock=self.knock)
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
        self.knock = False
        self.draw()
        return action

    def draw(self) -> None:
        """Paint the whole table in one batch."""
        self.scene = table_scene(self.round, self.viewer, self.layout_spec)
        canvas = self.canvas
        spec = self.layout_spec
        with hold_canvas():
            canvas.clear()
            canvas.fill_style = "#1f6b3a"
            canvas.fill_rect(0, 0, spec.width, spec.height)
            for sprite in self.scene.sprites:
                self._draw_card(sprite)
            canvas.text_align = "left"
            canvas.fill_style = "#ffffff"
            for label in self.scene.labels:
                canvas.font = f"{'bold ' if label.bold else ''}14px sans-serif"
                canvas.fill_text(label.text, label.x, label.y)

    def _card_path(self, x: float, y: float, w: float, h: float, r: float = 6) -> None:
        canvas = self.canvas
        canvas.begin_path()
        canvas.move_to(x + r, y)
        canvas.arc_to(x + w, y, x + w, y + h, r)
        canvas.arc_to(x + w, y + h, x, y + h, r)
        canvas.arc_to(x, y + h, x, y, r)
        canvas.arc_to(x, y, x + w, y, r)
        canvas.close_path()

    def _draw_card(self, sprite: Sprite) -> None:
        canvas = self.canvas
        x, y, w, h = sprite.x, sprite.y, sprite.width, sprite.height
        self._card_path(x, y, w, h)
        canvas.fill_style = "#ffffff"
        canvas.fill()
        colour, width = _OUTLINES.get(sprite.highlight, _OUTLINES[None])
        canvas.stroke_style = colour
        canvas.line_width = width
        canvas.stroke()
        card = sprite.card
        if card is None:
            canvas.fill_style = "#23407a"
            canvas.fill_rect(x + 5, y + 5, w - 10, h - 10)
            return
        canvas.fill_style = self._colours[card.suit]
        canvas.text_align = "left"
        canvas.font = "bold 16px sans-serif"
        canvas.fill_text(card.label, x + 4, y + 18)
        canvas.font = "14px sans-serif"
        canvas.fill_text(card.symbol, x + 5, y + 34)
        canvas.text_align = "center"
        canvas.font = "bold 30px sans-serif" if card.rank > 10 else "32px sans-serif"
        # Centred in the strip that the next card in a hand leaves uncovered.
        canvas.fill_text(card.label if card.rank > 10 else card.symbol, x + 26,
                         y + h / 2 + 22)
