"""Card pictures as plain SVG: a card face or back, a hand (in a row or fanned), melds and
deadwood, a knocker's spread, face-down hands and the piles.

Every card picture is a ``<g class="card" data-card="7H">`` group (``data-card="back"`` for a
face-down card, which must not give the card away), so tests and styles can find the cards.
The suit symbols are drawn as paths rather than font glyphs, so they look the same whatever
fonts the reader has.

>>> hand_svg("7H 8H 9H").count('class="card"')
3
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple, Union

from gin_teach.core.cards import Card, HandLike, to_cards
from gin_teach.core.melds import Arrangement, Meld
from gin_teach.core.validation import names_bad_arguments, wrong_argument
from gin_teach.errors import ArgumentError, excerpt

__all__ = [
    "BACK_COLOURS",
    "BACK_PATTERN",
    "CARD_FONT",
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "FACE",
    "FOUR_COLOURS",
    "HIGHLIGHTS",
    "JOKER_COLOUR",
    "SUIT_PATHS",
    "TWO_COLOURS",
    "FaceLayout",
    "Frame",
    "Highlight",
    "Place",
    "arrangement_svg",
    "card_back_svg",
    "card_outline",
    "card_svg",
    "corner_label",
    "hand_svg",
    "spread_svg",
    "suit_colours",
]
# backs_svg and piles_svg, drawn for the round's view (gin_teach.display.views), check nothing,
# so they stay out of __all__, the names the package checks and fuzzes with odd values.

CARD_WIDTH: Final = 64
CARD_HEIGHT: Final = 90
_STEP: Final = 30
"""How far apart overlapping cards sit: enough to read each card's corner."""
_GROUP_GAP: Final = 20
_RAISE: Final = 10
"""How far a highlighted card in a row is lifted, as a hand lifts the card it means to play."""
_LABEL_HEIGHT: Final = 20
_FAN_RADIUS: Final = 360
CARD_FONT: Final = "Helvetica, Arial, sans-serif"
"""The fonts card pictures write in (the canvas table uses the same)."""
_SVG_NS: Final = "http://www.w3.org/2000/svg"

JOKER_COLOUR: Final = "#6b21a8"
"""A joker's colour (its ``suit`` is ``*``): purple, apart from every suit of either deck."""
TWO_COLOURS: Final[Mapping[str, str]] = {"S": "#1a1a1a", "H": "#c8102e", "D": "#c8102e",
                                         "C": "#1a1a1a", "*": JOKER_COLOUR}
"""Suit colours of the usual deck: red hearts and diamonds, black spades and clubs."""
FOUR_COLOURS: Final[Mapping[str, str]] = {"S": "#1a1a1a", "H": "#c8102e", "D": "#1f5fbf",
                                          "C": "#1b7f3b", "*": JOKER_COLOUR}
"""Suit colours of the four-colour deck (blue diamonds, green clubs): every suit tells itself
apart by colour alone, for learners who find red and black hard to separate or who read small
corners at a glance."""


def suit_colours(four_colour: bool = False) -> Mapping[str, str]:
    """The colour of each suit, for the usual deck or the four-colour one.

    >>> suit_colours()["D"] == suit_colours()["H"], suit_colours(True)["D"]
    (True, '#1f5fbf')
    """
    if not isinstance(four_colour, (bool, int)):  # a numpy array has no single truth
        raise wrong_argument("four_colour", four_colour, "True or False")
    return FOUR_COLOURS if four_colour else TWO_COLOURS


HIGHLIGHTS: Final = {
    "selected": "#1f6feb",
    "best": "#16a34a",
    "wrong": "#dc2626",
    "layoff": "#d97706",
    "drawn": "#9333ea",
}
"""Named outline colours for highlighted cards; a ``#rrggbb`` colour works as well."""

Highlight = Union[str, None]  # noqa: UP007 - a runtime alias on 3.10
_HEX_COLOUR: Final = re.compile(r"^#[0-9a-fA-F]{6}$")



def _circle(cx: int, cy: int, r: int) -> str:
    return f"M{cx - r} {cy}A{r} {r} 0 1 0 {cx + r} {cy}A{r} {r} 0 1 0 {cx - r} {cy}Z"


SUIT_PATHS: Final[Mapping[str, tuple[str, ...]]] = {
    "H": ("M50 94C24 72 2 54 2 31C2 14 14 4 28 4C38 4 46 10 50 21"
          "C54 10 62 4 72 4C86 4 98 14 98 31C98 54 76 72 50 94Z",),
    "D": ("M50 2L86 50L50 98L14 50Z",),
    "S": ("M50 3C26 27 4 43 4 62C4 77 15 86 28 86C37 86 44 82 47 75C46 85 42 92 33 98"
          "H67C58 92 54 85 53 75C56 82 63 86 72 86C85 86 96 77 96 62C96 43 74 27 50 3Z",),
    "C": (_circle(50, 28, 22), _circle(26, 62, 22), _circle(74, 62, 22), "M50 36L34 64H66Z",
          "M46 60C46 80 42 90 32 98H68C58 90 54 80 54 60Z"),
    "*": ("M50 4L62 36L96 37L69 58L78 91L50 72L22 91L31 58L4 37L38 36Z",),
}
"""Each suit's shape as SVG path data in a 100 x 100 box, one path a part, each filled on its
own (so overlapping parts never cancel out). The SVG pictures and the canvas table both draw
their suits from these, so a suit looks the same everywhere, whatever fonts the reader has.
A joker's "suit" ``*`` is a star."""


@names_bad_arguments
def corner_label(card: Card) -> tuple[str, float | None]:
    """What a card's corner writes, and the width to squeeze it into (``None``: as it comes):
    a 10 and a joker's ``JK`` are squeezed to the width of one letter. The SVG pictures and
    the canvas table both ask here.

    >>> from gin_teach import Card
    >>> corner_label(Card(7, "H")), corner_label(Card.joker())
    (('7', None), ('JK', 17))
    """
    if card.is_joker:
        return "JK", FACE.ten_width
    return card.label, FACE.ten_width if card.rank == 10 else None


def _num(value: float) -> str:
    """A coordinate without float noise: ``12``, ``12.5``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _colour_of(highlight: str) -> str:
    colour = HIGHLIGHTS.get(highlight, highlight) if isinstance(highlight, str) else None
    if colour is None or not _HEX_COLOUR.match(colour):
        names = ", ".join(HIGHLIGHTS)
        raise ArgumentError(f"highlight must be one of {names} or a #rrggbb colour, "
                            f"got {excerpt(highlight)}")
    return colour


def _suit_shape(suit: str, x: float, y: float, size: float, colour: str) -> str:
    scale = size / 100
    shapes = "".join(f'<path d="{path}"/>' for path in SUIT_PATHS[suit])
    return (f'<g transform="translate({_num(x)} {_num(y)}) scale({_num(scale)})" '
            f'fill="{colour}">{shapes}</g>')


@names_bad_arguments
def card_outline(highlight: Highlight = None) -> tuple[str, int]:
    """The colour and width of a card's edge: thin grey, or thick in the highlight's colour.

    >>> card_outline(), card_outline("best")
    (('#7a7a7a', 1), ('#16a34a', 3))
    """
    if highlight is None:
        return "#7a7a7a", 1
    return _colour_of(highlight), 3


class Place(NamedTuple):
    """A suit shape's box (its top-left corner and size) or a text's anchor and font size.

    >>> Place(4, 17, 16).size
    16
    """

    x: float
    y: float
    size: float


class Frame(NamedTuple):
    """A rounded rectangle: its top-left corner, size and corner radius.

    >>> Frame(5, 5, 54, 80, 4).width
    54
    """

    x: float
    y: float
    width: float
    height: float
    radius: float


class FaceLayout(NamedTuple):
    """Where each part of a card sits, in card coordinates (``CARD_WIDTH`` x ``CARD_HEIGHT``):
    the SVG pictures and the canvas table both draw from :data:`FACE`, so they cannot drift
    apart. The corner is drawn again turned half a turn about the card's centre.

    >>> FACE.pip, FACE.court_frame.radius
    (Place(x=17, y=30, size=30), 3)
    """

    edge: Frame = Frame(0.5, 0.5, CARD_WIDTH - 1, CARD_HEIGHT - 1, 6)
    corner_rank: Place = Place(4, 17, 16)
    ten_width: float = 17
    """A "10" is squeezed to this width, to fit the corner the one-letter ranks use."""
    corner_suit: Place = Place(4.5, 21, 12)
    pip: Place = Place(17, 30, 30)
    court_frame: Frame = Frame(17, 23, 30, 44, 3)
    court_line: float = 1.2
    court_letter: Place = Place(32, 52, 24)
    court_suit: Place = Place(26.5, 54, 11)
    back_panel: Frame = Frame(5, 5, CARD_WIDTH - 10, CARD_HEIGHT - 10, 4)


FACE: Final = FaceLayout()
"""The one card layout everything draws."""


def _rect(frame: Frame, attributes: str) -> str:
    return (f'<rect x="{_num(frame.x)}" y="{_num(frame.y)}" width="{_num(frame.width)}" '
            f'height="{_num(frame.height)}" rx="{_num(frame.radius)}" {attributes}/>')


def _text(place: Place, text: str, colour: str, extra: str = "") -> str:
    return (f'<text x="{_num(place.x)}" y="{_num(place.y)}" font-size="{_num(place.size)}" '
            f'font-weight="bold" fill="{colour}"{extra}>{html.escape(text)}</text>')


def _suit_at(suit: str, place: Place, colour: str) -> str:
    return _suit_shape(suit, place.x, place.y, place.size, colour)


def _corner(card: Card, colour: str) -> str:
    text, width = corner_label(card)
    squeeze = (f' textLength="{_num(width)}" lengthAdjust="spacingAndGlyphs"'
               if width is not None else "")
    return (_text(FACE.corner_rank, text, colour, squeeze)
            + _suit_at(card.suit, FACE.corner_suit, colour))


def _face_group(card: Card, colours: Mapping[str, str], highlight: Highlight) -> str:
    colour = colours[card.suit]
    stroke, width = card_outline(highlight)
    corner = _corner(card, colour)
    if card.rank > 10:
        # Court cards: the letter framed in the middle, so J, Q and K stand out from the pips.
        centre = (_rect(FACE.court_frame, f'fill="none" stroke="{colour}" '
                                          f'stroke-width="{_num(FACE.court_line)}"')
                  + _text(FACE.court_letter, card.label, colour, ' text-anchor="middle"')
                  + _suit_at(card.suit, FACE.court_suit, colour))
    else:
        centre = _suit_at(card.suit, FACE.pip, colour)
    extra = f' data-highlight="{html.escape(highlight)}"' if highlight is not None else ""
    return (f'<g class="card" data-card="{card.code}"{extra}>'
            f"<title>{html.escape(card.name)}</title>"
            + _rect(FACE.edge, f'fill="#ffffff" stroke="{stroke}" stroke-width="{width}"')
            + f'{corner}<g transform="rotate(180 {CARD_WIDTH / 2:g} {CARD_HEIGHT / 2:g})">'
            f"{corner}</g>{centre}</g>")


def _lattice() -> str:
    diamonds = []
    for row in range(7):
        for col in range(4):
            cx = 14 + col * 12 + (6 if row % 2 else 0)
            cy = 15 + row * 10
            if cx <= 52:
                diamonds.append(f"M{cx} {cy - 4}L{cx + 4} {cy}L{cx} {cy + 4}L{cx - 4} {cy}Z")
    return "".join(diamonds)


BACK_COLOURS: Final = ("#23407a", "#5f7fbf")
"""The back of a card: the inner panel's colour, and its lattice's."""
BACK_PATTERN: Final = _lattice()
"""The lattice of small diamonds on a card's back, as SVG path data in card coordinates: a
pattern without ``<pattern>``, whose ids would clash when many pictures share one page."""


def _back_group(highlight: Highlight = None) -> str:
    stroke, width = card_outline(highlight)
    extra = f' data-highlight="{html.escape(highlight)}"' if highlight is not None else ""
    panel, lattice = BACK_COLOURS
    return (f'<g class="card" data-card="back"{extra}><title>a face-down card</title>'
            + _rect(FACE.edge, f'fill="#ffffff" stroke="{stroke}" stroke-width="{width}"')
            + _rect(FACE.back_panel, f'fill="{panel}"')
            + f'<path d="{BACK_PATTERN}" fill="{lattice}"/></g>')


def _card_group(card: Card | None, *, four_colour: bool, highlight: Highlight) -> str:
    if card is None:
        return _back_group(highlight)
    return _face_group(card, suit_colours(four_colour), highlight)


def _svg(width: float, height: float, body: str, label: str) -> str:
    return (f'<svg xmlns="{_SVG_NS}" class="gin-cards" width="{_num(width)}" '
            f'height="{_num(height)}" viewBox="0 0 {_num(width)} {_num(height)}" role="img" '
            f'aria-label="{html.escape(label)}" font-family="{CARD_FONT}">{body}</svg>')


@names_bad_arguments
def card_svg(card: Card, *, face_down: bool = False, four_colour: bool = False,
             highlight: Highlight = None) -> str:
    """One card as an SVG picture: rank and suit in two corners, the suit (or the court
    letter) in the middle. ``face_down`` draws the back and gives nothing away.
    ``highlight`` names an outline colour from :data:`HIGHLIGHTS` (or is ``#rrggbb``).

    >>> from gin_teach import Card
    >>> picture = card_svg(Card(12, "D"), four_colour=True, highlight="best")
    >>> 'data-card="QD"' in picture, "queen of diamonds" in picture, "#1f5fbf" in picture
    (True, True, True)
    >>> 'data-card="QD"' in card_svg(Card(12, "D"), face_down=True)
    False
    """
    label = "a face-down card" if face_down else card.name
    body = _card_group(None if face_down else card, four_colour=four_colour, highlight=highlight)
    return _svg(CARD_WIDTH, CARD_HEIGHT, body, label)


def card_back_svg() -> str:
    """The back of a card.

    >>> 'data-card="back"' in card_back_svg()
    True
    """
    return _svg(CARD_WIDTH, CARD_HEIGHT, _back_group(), "a face-down card")


HighlightSpec = Union[Iterable[Card], Mapping[Card, str]]  # noqa: UP007 - runtime alias on 3.10
"""Cards to highlight: a collection (outlined as ``selected``) or a card-to-style mapping."""


def _highlight_map(highlight: HighlightSpec) -> dict[Card, str]:
    if isinstance(highlight, Mapping):
        return dict(highlight)
    return {card: "selected" for card in to_cards(tuple(highlight))}


def _row(cards: Sequence[Card | None], x: float, y: float, styles: Mapping[Card, str], *,
         four_colour: bool, raise_highlighted: bool) -> str:
    parts = []
    for position, card in enumerate(cards):
        style = styles.get(card) if card is not None else None
        lift = _RAISE if raise_highlighted and style is not None else 0
        parts.append(f'<g transform="translate({_num(x + position * _STEP)} {_num(y - lift)})">'
                     f"{_card_group(card, four_colour=four_colour, highlight=style)}</g>")
    return "".join(parts)


def _row_width(count: int) -> int:
    return CARD_WIDTH + max(count - 1, 0) * _STEP if count else 0


def _fan(cards: Sequence[Card], styles: Mapping[Card, str], *, four_colour: bool,
         top: float) -> tuple[str, float, float]:
    """Cards rotated about a point below the hand; returns the body, its width and height."""
    count = len(cards)
    step = math.degrees(_STEP / _FAN_RADIUS)
    angles = [(i - (count - 1) / 2) * step for i in range(count)]
    pivot_y = _FAN_RADIUS
    # Bounding box of every rotated card corner, to size the picture exactly.
    xs: list[float] = []
    ys: list[float] = []
    for angle in angles:
        rad = math.radians(angle)
        for cx, cy in ((0, 0), (CARD_WIDTH, 0), (0, CARD_HEIGHT), (CARD_WIDTH, CARD_HEIGHT)):
            dx, dy = cx - CARD_WIDTH / 2, cy - pivot_y
            xs.append(CARD_WIDTH / 2 + dx * math.cos(rad) - dy * math.sin(rad))
            ys.append(pivot_y + dx * math.sin(rad) + dy * math.cos(rad))
    left, low = min(xs) - 4, min(ys) - 4
    width, height = max(xs) - left + 4, max(ys) - low + 4
    parts = []
    for card, angle in zip(cards, angles, strict=True):
        parts.append(f'<g transform="translate({_num(-left)} {_num(top - low)}) '
                     f'rotate({_num(angle)} {CARD_WIDTH / 2:g} {_num(pivot_y)})">'
                     f"{_card_group(card, four_colour=four_colour, highlight=styles.get(card))}"
                     f"</g>")
    return "".join(parts), width, height


def _label(x: float, y: float, text: str, *, weight: str = "normal") -> str:
    return (f'<text x="{_num(x)}" y="{_num(y)}" font-size="13" font-weight="{weight}" '
            f'fill="#333333">{html.escape(text)}</text>')


@names_bad_arguments
def hand_svg(cards: HandLike, *, title: str | None = None, fan: bool = False,
             four_colour: bool = False, highlight: HighlightSpec = ()) -> str:
    """A hand in a row of overlapping cards (or ``fan``-ned), in the order given, with an
    optional ``title`` above. Highlighted cards are outlined, and lifted when in a row.

    >>> picture = hand_svg("7H 8H 9H", title="a run", highlight=["8H"])
    >>> picture.count('class="card"'), 'data-highlight="selected"' in picture, "a run" in picture
    (3, True, True)
    """
    hand = to_cards(cards)
    styles = _highlight_map(highlight)
    top = _LABEL_HEIGHT if title else 0
    if fan and hand:
        body, width, height = _fan(hand, styles, four_colour=four_colour, top=top)
        height += top
    else:
        lift = _RAISE if styles else 0
        top += lift
        body = _row(hand, 2, top, styles, four_colour=four_colour, raise_highlighted=True)
        width, height = _row_width(len(hand)) + 4, top + CARD_HEIGHT + 2
    if title:
        body = _label(2, 14, title, weight="bold") + body
        width = max(width, 8 * len(title) + 4)
    label = title or " ".join(str(card) for card in hand) or "no cards"
    return _svg(width, height, body, label)


@dataclass(frozen=True)
class _Group:
    label: str
    cards: tuple[Card | None, ...]
    styles: Mapping[Card, str]


def _groups_svg(groups: Sequence[_Group], *, title: str | None, four_colour: bool,
                label: str) -> str:
    """Groups of overlapping cards side by side, each captioned."""
    top = _LABEL_HEIGHT if title else 0
    raise_any = any(group.styles for group in groups)
    card_top = top + _LABEL_HEIGHT + (_RAISE if raise_any else 0)
    parts = [_label(2, 14, title, weight="bold")] if title else []
    x = 2.0
    for group in groups:
        parts.append(f'<g class="group" data-group="{html.escape(group.label)}">')
        parts.append(_label(x, top + 14, group.label))
        parts.append(_row(group.cards, x, card_top, group.styles, four_colour=four_colour,
                          raise_highlighted=True))
        parts.append("</g>")
        x += max(_row_width(len(group.cards)), 7 * len(group.label)) + _GROUP_GAP
    width = max(x - _GROUP_GAP + 2, 8 * len(title or "") + 4, CARD_WIDTH)
    return _svg(width, card_top + CARD_HEIGHT + 2, "".join(parts), label)


def _meld_label(meld: Meld) -> str:
    """A meld's caption; with jokers, what each stands for: ``run, 🃏=8♥``."""
    return ", ".join([meld.kind] + [f"🃏={card}" for card in meld.stands_for])


@names_bad_arguments
def arrangement_svg(arrangement: Arrangement, *, title: str | None = None,
                    four_colour: bool = False, highlight: HighlightSpec = ()) -> str:
    """An arrangement: each meld grouped and captioned, the deadwood set apart with its count.

    >>> from gin_teach import best_arrangement
    >>> picture = arrangement_svg(best_arrangement("7S 7H 7D 8H 9H KC"))
    >>> picture.count('class="group"'), "deadwood 24" in picture
    (2, True)
    """
    styles = _highlight_map(highlight)
    groups = [_Group(_meld_label(meld), meld.cards, styles) for meld in arrangement.melds]
    if arrangement.deadwood_cards or not arrangement.melds:
        groups.append(_Group(f"deadwood {arrangement.deadwood}", arrangement.deadwood_cards,
                             styles))
    else:
        groups.append(_Group("deadwood 0", (), styles))
    return _groups_svg(groups, title=title, four_colour=four_colour, label=str(arrangement))


@names_bad_arguments
def spread_svg(melds: Sequence[Sequence[Card]], deadwood: Sequence[Card] = (), *,
               title: str | None = None, four_colour: bool = False,
               highlight: HighlightSpec = ()) -> str:
    """Melds (any card sequences, such as a knocker's melds with cards laid off on them) and
    deadwood, grouped like :func:`arrangement_svg`.

    >>> from gin_teach import parse_cards
    >>> picture = spread_svg([parse_cards("5S 6S 7S 8S")], parse_cards("KD"),
    ...                      highlight={parse_cards("8S")[0]: "layoff"})
    >>> 'data-highlight="layoff"' in picture, "deadwood 10" in picture
    (True, True)
    """
    styles = _highlight_map(highlight)
    groups = [_Group(_kind_of(meld), tuple(meld), styles) for meld in melds]
    groups.append(_Group(f"deadwood {sum(c.points for c in deadwood)}", tuple(deadwood), styles))
    text = " | ".join(" ".join(str(c) for c in meld) for meld in melds)
    return _groups_svg(groups, title=title, four_colour=four_colour, label=text or "spread")


def _kind_of(cards: Sequence[Card]) -> str:
    return "set" if len({card.rank for card in cards if not card.is_joker}) == 1 else "run"


def backs_svg(count: int, title: str) -> str:
    """``count`` cards face down in a row under ``title``: a hand the viewer may not see.

    >>> backs_svg(3, "Bob").count('data-card="back"')
    3
    """
    body = _label(2, 14, title, weight="bold") + _row(
        (None,) * count, 2, _LABEL_HEIGHT, {}, four_colour=False, raise_highlighted=False)
    width = max(_row_width(count) + 4, 8 * len(title) + 4)
    return _svg(width, _LABEL_HEIGHT + CARD_HEIGHT + 2, body, f"{count} face-down cards")


def piles_svg(stock_size: int, top: Card | None, pile_size: int, four_colour: bool) -> str:
    """The stock (face down, with its count) beside the discard pile's top card.

    >>> picture = piles_svg(31, Card(7, "H"), 1, four_colour=False)
    >>> picture.count('data-card="back"'), picture.count('data-card="7H"')
    (1, 1)
    """
    groups = [_Group(f"stock: {stock_size}", (None,) if stock_size else (), {}),
              _Group(f"discard pile: {pile_size}", (top,) if top is not None else (), {})]
    return _groups_svg(groups, title=None, four_colour=four_colour,
                       label=f"stock {stock_size} cards, discard pile top {top}")
