"""Classroom settings every lesson widget shares: card size, a high-contrast look, visible
keyboard focus, and one style sheet that carries them.

The settings work through CSS classes on the widget (``gin-large``, ``gin-contrast``) and a
small style sheet in an HTML widget, so they need no front-end package and hold in JupyterLab,
JupyterLite and Voila alike; the style sheet also gives every button, box and field a clear
focus ring, so a learner moving with Tab always sees where they are.

>>> "focus-visible" in STYLE_SHEET, CARD_SIZES
(True, ('normal', 'large'))
"""

from __future__ import annotations

import functools
from typing import Final

import ipywidgets as widgets
import traitlets

from gin_teach.widgets.table import TableCanvas

__all__ = [
    "CARD_SIZES",
    "SETTINGS",
    "STYLE_SHEET",
    "setting_classes",
    "settings_bar",
    "style_widget",
]

CARD_SIZES: Final = ("normal", "large")
"""The card sizes on offer: ``large`` for a projector at the front of the room."""

SETTINGS: Final = ("four_colour", "card_size", "high_contrast", "show_computer_hand")
"""The settings a lesson widget passes down to every control that has the same trait."""

STYLE_SHEET: Final = """<style>
.gin-lesson :focus-visible { outline: 3px solid #1f6feb !important; outline-offset: 2px; }
.gin-lesson .jupyter-widget-Collapse-header { color: #1a1a1a; }
.gin-large svg.gin-cards, .gin-large svg.gin-table, .gin-large canvas { zoom: 1.4; }
.gin-large .jupyter-button { font-size: 1.3em; min-width: 64px; height: auto !important;
  min-height: 40px; }
.gin-large .gin-message, .gin-large .widget-html-content { font-size: 1.25em; }
.gin-contrast svg.gin-cards, .gin-contrast svg.gin-table, .gin-contrast canvas {
  filter: contrast(1.6) saturate(1.4); }
.gin-contrast .jupyter-button { border: 2px solid #000000 !important; font-weight: bold; }
.gin-contrast .gin-message { border-left-width: 8px !important; font-weight: bold;
  color: #000000 !important; }
</style>"""
"""The CSS of the classroom settings and of the focus ring."""


@functools.cache
def style_widget() -> widgets.HTML:
    """The one HTML widget holding :data:`STYLE_SHEET`, shared by every lesson widget (a
    widget may sit in many boxes; the browser keeps one copy of it).

    >>> style_widget() is style_widget(), "<style>" in style_widget().value
    (True, True)
    """
    return widgets.HTML(STYLE_SHEET, layout=widgets.Layout(display="none"))


def setting_classes(card_size: str, high_contrast: bool) -> set[str]:
    """The CSS classes a widget carries for its settings.

    >>> sorted(setting_classes("large", True)), setting_classes("normal", False)
    (['gin-contrast', 'gin-large'], set())
    """
    classes = set()
    if card_size == "large":
        classes.add("gin-large")
    if high_contrast:
        classes.add("gin-contrast")
    return classes


def settings_bar(widget: widgets.Widget) -> widgets.HBox:
    """Switches for a lesson widget's classroom settings, for a teacher at a projector: card
    size, high contrast, four colours and, on a game table, the computer's hand. Each switch is
    linked to the widget's trait, both ways.

    >>> from gin_teach.widgets import GameTable
    >>> table = GameTable("greedy", seed=1)
    >>> bar = settings_bar(table)
    >>> bar.children[0].value = "large"; table.card_size
    'large'
    >>> table.show_computer_hand = True; bar.children[-1].value
    True
    """
    size = widgets.ToggleButtons(options=list(CARD_SIZES), description="Cards:",
                                 style={"button_width": "72px"})
    switches: list[widgets.Widget] = [size]
    traitlets.link((widget, "card_size"), (size, "value"))
    shown = [("high_contrast", "high contrast"), ("four_colour", "four colours")]
    if isinstance(getattr(widget, "table", None), TableCanvas):  # a computer's hand to show
        shown.append(("show_computer_hand", "show the computer's hand"))
    for name, label in shown:
        box = widgets.Checkbox(description=label, indent=False,
                               layout=widgets.Layout(width="auto", margin="0 12px"))
        traitlets.link((widget, name), (box, "value"))
        switches.append(box)
    return widgets.HBox(switches, layout=widgets.Layout(flex_flow="row wrap"))
