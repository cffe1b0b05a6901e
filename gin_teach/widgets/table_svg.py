"""The table as an SVG picture: the scene the canvas paints, drawn with gin_teach.display's
card pictures, for browsers where the canvas cannot run (a JupyterLite kernel offline, where
ipycanvas cannot import numpy and PIL) or where it is asked for (``view="svg"``).

The picture is plain text in an HTML widget, so it also survives a saved notebook, Voila and a
screen reader: every card carries its name (``<title>`` and ``aria-label``), and the whole
table an ``aria-label`` saying what is on it.

>>> from gin_teach.engine.round import Round
>>> from gin_teach.widgets.table import table_scene
>>> picture = scene_svg(table_scene(Round(seed=2)))
>>> picture.count('data-card="back"') >= 11, 'role="img"' in picture
(True, True)
"""

from __future__ import annotations

import html
import os
from typing import Final, Literal

from gin_teach.display import CARD_FONT, CARD_HEIGHT, CARD_WIDTH, FACE, card_back_svg, card_svg
from gin_teach.errors import SetupError, excerpt
from gin_teach.widgets.table_geometry import FELT, QUIET, TableScene

__all__ = ["VIEWS", "VIEW_VARIABLE", "canvas_available", "choose_view", "scene_svg"]

VIEWS: Final = ("auto", "canvas", "svg")
"""How a table can be drawn: ``auto`` takes the canvas when ipycanvas imports, else the SVG
(or what :data:`VIEW_VARIABLE` names)."""

VIEW_VARIABLE: Final = "GIN_TEACH_TABLE_VIEW"
"""An environment variable that settles ``auto`` (``canvas`` or ``svg``): the documentation
build sets ``svg``, because a page with no kernel behind it never paints a canvas, while an
SVG picture is saved with the page."""


def canvas_available() -> bool:
    """Whether ipycanvas can be imported here (it cannot in an offline JupyterLite kernel).

    >>> isinstance(canvas_available(), bool)
    True
    """
    try:
        import ipycanvas  # noqa: F401
    except ImportError:
        return False
    return True


def choose_view(view: str) -> Literal["canvas", "svg"]:
    """The view a table uses for the ``view`` asked for (one of :data:`VIEWS`).

    >>> choose_view("svg")
    'svg'
    >>> import os; os.environ[VIEW_VARIABLE] = "svg"
    >>> choose_view("auto")  # as the documentation build asks
    'svg'
    >>> del os.environ[VIEW_VARIABLE]
    >>> choose_view("3d")
    Traceback (most recent call last):
    gin_teach.errors.SetupError: a table view is 'auto', 'canvas' or 'svg', not '3d'
    """
    if view == "svg":
        return "svg"
    if view == "canvas":
        return "canvas"
    if view == "auto":
        settled = os.environ.get(VIEW_VARIABLE)
        if settled in ("canvas", "svg"):
            return "svg" if settled == "svg" or not canvas_available() else "canvas"
        return "canvas" if canvas_available() else "svg"
    raise SetupError(f"a table view is 'auto', 'canvas' or 'svg', not {excerpt(view)}")


def _empty_pile(x: float, y: float, width: float, height: float) -> str:
    return (f'<rect x="{x + 0.5:g}" y="{y + 0.5:g}" width="{width - 1:g}" '
            f'height="{height - 1:g}" rx="{FACE.edge.radius:g}" fill="none" stroke="{QUIET}" '
            'stroke-width="1.5" stroke-dasharray="6 4"/>')


def scene_svg(scene: TableScene, *, four_colour: bool = False) -> str:
    """The scene as one SVG picture: the felt, the cards in painting order (each a
    :func:`~gin_teach.display.card_svg`), the empty piles dashed, and the labels. Its
    ``aria-label`` reads the table out: the labels, then your hand card by card.

    >>> from gin_teach.engine.round import Round
    >>> from gin_teach.widgets.table import table_scene
    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
    ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="8D", dealer=1)
    >>> picture = scene_svg(table_scene(rnd), four_colour=True)
    >>> "your hand: seven of spades, three of hearts" in picture, "#1f5fbf" in picture
    (True, True)
    """
    spec = scene.layout
    parts = [f'<rect width="{spec.width}" height="{spec.height}" fill="{FELT}"/>']
    kinds = {sprite.kind for sprite in scene.sprites}
    for kind, x in (("stock", spec.left), ("discard", spec.discard_x)):
        if kind not in kinds:
            parts.append(_empty_pile(x, spec.piles_y, spec.card_width, spec.card_height))
    for sprite in scene.sprites:
        scale = f" scale({sprite.width / CARD_WIDTH:g} {sprite.height / CARD_HEIGHT:g})"
        picture = card_svg(sprite.card, highlight=sprite.highlight, four_colour=four_colour) \
            if sprite.card is not None else card_back_svg()
        parts.append(f'<g class="gin-sprite" data-kind="{sprite.kind}" '
                     f'transform="translate({sprite.x:g} {sprite.y:g}){scale}">{picture}</g>')
    for label in scene.labels:
        weight = "bold" if label.bold else "normal"
        parts.append(f'<text x="{label.x:g}" y="{label.y:g}" font-size="14" '
                     f'font-weight="{weight}" fill="{label.colour}">'
                     f"{html.escape(label.text)}</text>")
    hand = ", ".join(s.card.name for s in scene.sprites if s.kind == "hand" and s.card)
    told = "; ".join(label.text for label in scene.labels) + f"; your hand: {hand or 'empty'}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="gin-table" '
            f'viewBox="0 0 {spec.width} {spec.height}" width="{spec.width}" '
            f'style="max-width:100%;height:auto" role="img" aria-label="{html.escape(told)}" '
            f'font-family="{CARD_FONT}">{"".join(parts)}</svg>')

