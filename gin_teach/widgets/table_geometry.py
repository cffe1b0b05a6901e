"""The card table's geometry, apart from any drawing: :func:`table_scene` lays the cards out as
plain rectangles, :func:`hit_test` says which card or pile a click at (x, y) lands on, and
:func:`action_for` turns that into a move. Plain functions and frozen values that tests call
without a browser; :class:`~gin_teach.widgets.table.TableCanvas` paints the scene and
:mod:`gin_teach.widgets.table_svg` draws it as SVG.

>>> from gin_teach.engine.round import Round
>>> rnd = Round(seed=3)
>>> scene = table_scene(rnd, viewer=0)
>>> pile = next(s for s in scene.sprites if s.kind == "discard")
>>> target = hit_test(scene, pile.x + 5, pile.y + 5)
>>> target.kind, str(action_for(target, rnd.phase))
('discard', 'take')
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Final, Literal

from gin_teach.core.cards import Card
from gin_teach.display import CARD_HEIGHT, CARD_WIDTH
from gin_teach.engine.actions import DRAW, PASS, TAKE, Action, Discard, Knock
from gin_teach.engine.round import Round

__all__ = [
    "FELT",
    "QUIET",
    "Label",
    "Sprite",
    "TableLayout",
    "TableScene",
    "Target",
    "action_for",
    "hit_test",
    "table_scene",
]

FELT: Final = "#1f6b3a"
"""The colour of the table's cloth, on the canvas and in the SVG picture alike."""
QUIET: Final = "#cfe8d6"
"""Secondary text and the outline of an empty pile, pale on the felt: the scene's quiet labels
and the SVG's empty pile alike."""

SpriteKind = Literal["hand", "opponent", "stock", "discard"]

_TEXT = "#ffffff"
_TURN = "#ffd54f"
"""The name of the player to move, and the knock reminder, stand out in amber on the felt."""


@dataclass(frozen=True)
class TableLayout:
    """Where things sit on the table, in screen pixels.

    >>> TableLayout().hand_step > TableLayout().opponent_step
    True
    """

    width: int = 720
    height: int = 436
    card_width: int = CARD_WIDTH
    card_height: int = CARD_HEIGHT
    left: int = 20
    opponent_y: int = 32
    opponent_step: int = 30
    piles_y: int = 162
    discard_x: int = 110
    hand_y: int = 328
    hand_step: int = 46
    """Wider than the opponent's step: each of your cards leaves a strip wide enough to click."""
    status_x: int = 214
    lift: int = 12
    """How far the card just drawn or taken rises above the rest of the hand."""


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
        """Whether the point lies on this card.

        >>> card = Sprite("hand", 0, 0, 64, 90, Card(7, "H"))
        >>> card.contains(63, 89), card.contains(64, 10)
        (True, False)
        """
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height


@dataclass(frozen=True)
class Label:
    """A line of text on the table; ``colour`` picks it out (the player to move, a reminder).

    >>> Label(20, 20, "stock: 31").text
    'stock: 31'
    """

    x: float
    y: float
    text: str
    bold: bool = False
    colour: str = _TEXT


@dataclass(frozen=True)
class TableScene:
    """Everything drawn, in painting order: later sprites lie on top of earlier ones.

    >>> from gin_teach.engine.round import Round
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


def table_scene(rnd: Round, viewer: int = 0, layout: TableLayout | None = None, *,
                knock: bool = False, reveal: bool = False) -> TableScene:
    """Lay out the table as ``viewer`` sees it: the opponent's cards face down until the round
    ends (or they are spread after a knock), the stock, the top discard, the viewer's hand with
    the card just drawn or taken raised, what happens next and the last move. ``knock`` adds
    the reminder that the next card clicked is knocked with; ``reveal`` turns the opponent's
    cards face up (for a teacher showing the class what the computer holds).

    >>> from gin_teach.engine.round import Round
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
    if rnd.is_over or reveal:
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
        lift = layout.lift if card == marked else 0
        sprites.append(Sprite("hand", layout.left + i * layout.hand_step, layout.hand_y - lift,
                              w, h, card, i, "drawn" if card == marked else None))
    turn = rnd.current_player
    to_play = " — to play" if turn == other else ""
    mine = f": deadwood {rnd.deadwood(viewer)}{' — to play' if turn == viewer else ''}"
    below_piles = layout.piles_y + h + 18
    labels = [
        Label(layout.left, layout.opponent_y - 12, names[other] + to_play, bold=True,
              colour=_TURN if turn == other else _TEXT),
        Label(layout.left, below_piles, f"stock: {view.stock_size}"),
        Label(layout.discard_x, below_piles, f"discards: {len(view.discard_pile)}"),
        # Oklahoma rounds change the limit with every upcard, so the table always says it.
        Label(layout.status_x, below_piles,
              f"knock limit {rnd.knock_limit}" if rnd.knock_limit else "gin only this round",
              colour=QUIET),
        Label(layout.left, layout.hand_y - layout.lift - 8, names[viewer] + mine, bold=True,
              colour=_TURN if turn == viewer else _TEXT),
    ]
    lines = textwrap.wrap(rnd.prompt(), 58)[:3]
    if knock and turn == viewer and rnd.phase == "discard":
        lines = ["Knocking: click the card to discard face down."]
    for n, line in enumerate(lines):
        labels.append(Label(layout.status_x, layout.piles_y + 22 + 20 * n, line, bold=True,
                            colour=_TURN if knock and n == 0 and len(lines) == 1 else _TEXT))
    log = rnd.log(viewer=viewer)
    if log and not rnd.is_over:  # once it is over, the prompt above says how it ended
        labels.append(Label(layout.status_x, layout.piles_y + h - 6,
                            textwrap.shorten(f"Last move: {log[-1]}", 64), colour=QUIET))
    return TableScene(tuple(sprites), tuple(labels), layout)


def hit_test(scene: TableScene, x: float, y: float) -> Target | None:
    """The card or pile under the point (x, y), or ``None``; the opponent's cards are not
    clickable. Overlapping cards: the one on top (painted last) wins.

    >>> from gin_teach.engine.round import Round
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
