"""Small charts drawn as SVG text: a line over time, horizontal bars with whiskers, and a
calendar of days. They need no plotting package, so the dashboard and the class table draw the
same pictures in JupyterLab, in the static site's browser Python and on a page with no kernel.

Every text a chart shows (a learner's name, a theme) is written as text, escaped: it is never
read as markup or as a formula, whatever characters it holds.

>>> svg = bar_chart(["$x^{$", "<b>&"], [1500, 1320], title="Ratings")
>>> "&lt;b&gt;&amp;" in svg and "$x^{$" in svg
True
>>> import xml.etree.ElementTree as ET
>>> ET.fromstring(svg).tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

import datetime
import html
import math
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final

from gin_teach.core.validation import check_whole, is_finite_number, names_bad_arguments
from gin_teach.errors import ArgumentError, excerpt

__all__ = [
    "AXIS_LIMIT",
    "CHART_FONT",
    "Picture",
    "bar_chart",
    "calendar_chart",
    "charts_html",
    "line_chart",
    "nice_ticks",
    "svg_text",
]

CHART_FONT: Final = "Helvetica, Arial, sans-serif"
_SIZE: Final = 12
"""The font size of labels; titles are a little larger."""
_CHAR: Final = 0.6 * _SIZE
"""About how wide one character of a label is, to fit labels in their margin."""
_LINE: Final = "#4a7ebb"
_BAR: Final = "#5a9e5a"
_WHISKER: Final = "#8c8c8c"
_GRID: Final = "#e3e3e3"
_INK: Final = "#1a1a1a"
_PRACTISED: Final = "#2e7d32"
_IDLE: Final = "#e6e6e6"
_NOT_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
"""Characters that XML cannot hold at all, even escaped."""


@dataclass(frozen=True)
class Picture:
    """Charts as HTML (``html``), shown as pictures when a notebook cell ends with one.

    >>> Picture("<svg></svg>")._repr_html_()
    '<svg></svg>'
    """

    html: str

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.html


def svg_text(text: str, longest: int | None = None) -> str:
    """``text`` ready to stand inside an SVG element: escaped, characters XML cannot hold
    replaced, and cut to ``longest`` characters with an ellipsis.

    >>> svg_text('<b>&"x"'), svg_text("$\\\\frac$"), svg_text("a very long name", 8)
    ('&lt;b&gt;&amp;&quot;x&quot;', '$\\\\frac$', 'a very …')
    """
    if not isinstance(text, str):
        raise ArgumentError(f"a chart's text must be a str, not {type(text).__name__}")
    if longest is not None:
        check_whole(longest, "longest", 1, 10**6)
    if longest is not None and len(text) > longest:
        text = text[:max(1, longest - 2)].rstrip() + " …"
    return html.escape(_NOT_XML.sub("\ufffd", text), quote=True)


#: The largest value an axis may reach: a chart of ratings, days or puzzles never nears it,
#: and beyond it floating-point steps stop being exact.
AXIS_LIMIT: Final = 1e12


def nice_ticks(low: float, high: float, most: int = 5) -> list[float]:
    """Round values for an axis from ``low`` to ``high``: at most ``most`` + 1 of them, spaced
    1, 2, 2.5 or 5 times a power of ten.

    >>> nice_ticks(1320, 1610)
    [1400.0, 1500.0, 1600.0]
    >>> nice_ticks(0, 7)
    [0.0, 2.0, 4.0, 6.0]
    """
    if not (is_finite_number(low) and is_finite_number(high)
            and abs(low) <= AXIS_LIMIT and abs(high) <= AXIS_LIMIT):
        raise ArgumentError(f"an axis runs between two finite numbers within ±{AXIS_LIMIT:g}, "
                            f"not {excerpt(low)} and {excerpt(high)}")
    check_whole(most, "most", 1, 100)
    if high <= low:
        high = low + 1
    span = float(high) - float(low)
    scale = 10.0 ** math.floor(math.log10(span / most))
    step = next(s * scale for s in (1, 2, 2.5, 5, 10) if span / (s * scale) <= most)
    first = math.ceil(low / step) * step
    count = math.floor((high - first) / step + 1e-9) + 1
    return [round(first + i * step, 10) for i in range(count)]


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _label(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() or abs(value) >= 100 else f"{value:g}"


def _svg(width: float, height: float, title: str, body: str) -> str:
    label = svg_text(title)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="gin-chart" role="img" '
            f'aria-label="{label}" width="{_number(width)}" height="{_number(height)}" '
            f'viewBox="0 0 {_number(width)} {_number(height)}" font-family="{CHART_FONT}" '
            f'font-size="{_SIZE}"><title>{label}</title>'
            f'<text x="{_number(width / 2)}" y="18" text-anchor="middle" font-size="14" '
            f'fill="{_INK}">{label}</text>{body}</svg>')


def _check_numbers(values: Sequence[float], what: str) -> list[float]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise ArgumentError(f"{what} must be a list of numbers, not {type(values).__name__}")
    bad = [v for v in values if not is_finite_number(v)]
    if bad:
        raise ArgumentError(f"{what} must be finite numbers, not {bad[0]!r}")
    return [float(v) for v in values]


def _empty(width: float, height: float, title: str, words: str) -> str:
    return _svg(width, height, title,
                f'<text x="{_number(width / 2)}" y="{_number(height / 2)}" text-anchor="middle" '
                f'fill="#666666">{svg_text(words)}</text>')


@names_bad_arguments
def line_chart(values: Sequence[float], *, title: str, x_label: str = "",
               reference: float | None = None, empty: str = "nothing yet",
               width: int = 380, height: int = 250) -> str:
    """``values`` in order, joined by a line (x is 1, 2, 3, ...), with a dashed line at
    ``reference`` if given; ``empty`` is said when there are no values.

    >>> svg = line_chart([1500, 1540, 1520], title="Puzzle rating", reference=1500)
    >>> svg.count("<circle"), "stroke-dasharray" in svg
    (3, True)
    >>> "no puzzle yet" in line_chart([], title="Rating", empty="no puzzle yet")
    True
    """
    points = _check_numbers(values, "values")
    if reference is not None and not is_finite_number(reference):
        raise ArgumentError(f"reference must be a finite number, not {reference!r}")
    if not points:
        return _empty(width, height, title, empty)
    left, right, top, bottom = 52.0, 14.0, 32.0, 44.0 if x_label else 28.0
    low = min(points + ([reference] if reference is not None else []))
    high = max(points + ([reference] if reference is not None else []))
    pad = max(10.0, (high - low) * 0.08)
    ticks = nice_ticks(low - pad, high + pad)
    y_low, y_high = min(ticks[0], low - pad), max(ticks[-1], high + pad)
    plot_w, plot_h = width - left - right, height - top - bottom

    def x_at(index: int) -> float:
        return left + (plot_w / 2 if len(points) == 1 else plot_w * index / (len(points) - 1))

    def y_at(value: float) -> float:
        return top + plot_h * (y_high - value) / (y_high - y_low)

    parts = []
    for tick in ticks:
        y = _number(y_at(tick))
        parts.append(f'<line x1="{_number(left)}" x2="{_number(width - right)}" y1="{y}" '
                     f'y2="{y}" stroke="{_GRID}"/><text x="{_number(left - 6)}" y="{y}" '
                     f'dy="4" text-anchor="end" fill="{_INK}">{_label(tick)}</text>')
    if reference is not None:
        y = _number(y_at(reference))
        parts.append(f'<line x1="{_number(left)}" x2="{_number(width - right)}" y1="{y}" '
                     f'y2="{y}" stroke="#999999" stroke-dasharray="5 4"/>')
    line = " ".join(f"{_number(x_at(i))},{_number(y_at(v))}" for i, v in enumerate(points))
    parts.append(f'<polyline points="{line}" fill="none" stroke="{_LINE}" stroke-width="2"/>')
    if len(points) <= 80:  # dots while they can be told apart
        parts.extend(f'<circle cx="{_number(x_at(i))}" cy="{_number(y_at(v))}" r="2.5" '
                     f'fill="{_LINE}"><title>{i + 1}: {_label(round(v))}</title></circle>'
                     for i, v in enumerate(points))
    base = _number(top + plot_h)
    parts.append(f'<text x="{_number(left)}" y="{base}" dy="16" text-anchor="middle" '
                 f'fill="{_INK}">1</text>')
    if len(points) > 1:
        parts.append(f'<text x="{_number(width - right)}" y="{base}" dy="16" '
                     f'text-anchor="middle" fill="{_INK}">{len(points)}</text>')
    parts.append(_axis_label(x_label, left + plot_w / 2, height - 8))
    return _svg(width, height, title, "".join(parts))


def _axis_label(text: str, x: float, y: float) -> str:
    """The label under a chart's axis, centred at (``x``, ``y``), or nothing without one."""
    if not text:
        return ""
    return (f'<text x="{_number(x)}" y="{_number(y)}" text-anchor="middle" '
            f'fill="{_INK}">{svg_text(text)}</text>')


@names_bad_arguments
def bar_chart(labels: Sequence[str], values: Sequence[float], *, title: str,
              x_label: str = "", whiskers: Sequence[float] | None = None,
              start: float | None = None, colour: str = _BAR, empty: str = "nothing yet",
              width: int = 380, longest_label: int = 22) -> str:
    """One horizontal bar a label, in the order given, from ``start`` (default 0, or the
    lowest value if one is below 0) to the value; ``whiskers`` are plus-or-minus ranges drawn
    across each bar's end. Each label is cut to ``longest_label`` characters (its whole text
    is the bar's tooltip).

    >>> svg = bar_chart(["count", "shape"], [1400, 1610], whiskers=[80, 60], title="Themes")
    >>> svg.count('class="bar"'), svg.count('class="whisker"')
    (2, 2)
    """
    if isinstance(labels, (str, bytes)) or not isinstance(labels, Sequence):
        raise ArgumentError(f"labels must be a list of texts, not {type(labels).__name__}")
    numbers = _check_numbers(values, "values")
    ranges = _check_numbers(whiskers, "whiskers") if whiskers is not None else None
    if len(numbers) != len(labels) or (ranges is not None and len(ranges) != len(labels)):
        raise ArgumentError("a bar chart needs one value (and one whisker) for each label")
    if start is not None and not is_finite_number(start):
        raise ArgumentError(f"start must be a finite number, not {start!r}")
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", str(colour)):
        raise ArgumentError(f"colour must be written #rrggbb, not {colour!r}")
    texts = [svg_text(label) for label in labels]
    shown = [svg_text(label, longest_label) for label in labels]
    bar, gap = 18.0, 8.0
    top, bottom, right = 32.0, 44.0 if x_label else 28.0, 16.0
    left = 10.0 + _CHAR * max([4, *(min(len(label), longest_label + 1) for label in labels)])
    height = top + bottom + max(1, len(numbers)) * (bar + gap)
    if not numbers:
        return _empty(width, height + 40, title, empty)
    spreads = ranges if ranges is not None else [0.0] * len(numbers)
    reach = [v + r for v, r in zip(numbers, spreads, strict=True)]
    low = start if start is not None else min(0.0, *(v - r for v, r in zip(numbers, spreads,
                                                                            strict=True)))
    ticks = nice_ticks(low, max([*reach, low + 1]))
    high = max(ticks[-1], *reach)
    low = min(low, ticks[0])
    plot_w = width - left - right

    def x_at(value: float) -> float:
        return left + plot_w * (max(low, min(high, value)) - low) / (high - low)

    parts = []
    base = top + len(numbers) * (bar + gap)
    for tick in ticks:
        x = _number(x_at(tick))
        parts.append(f'<line x1="{x}" x2="{x}" y1="{_number(top)}" y2="{_number(base)}" '
                     f'stroke="{_GRID}"/><text x="{x}" y="{_number(base)}" dy="16" '
                     f'text-anchor="middle" fill="{_INK}">{_label(tick)}</text>')
    for row, (full, label, value) in enumerate(zip(texts, shown, numbers, strict=True)):
        y = top + row * (bar + gap) + gap / 2
        mid = _number(y + bar / 2)
        parts.append(f'<text x="{_number(left - 6)}" y="{mid}" dy="4" text-anchor="end" '
                     f'fill="{_INK}">{label}</text>')
        parts.append(f'<rect class="bar" x="{_number(left)}" y="{_number(y)}" '
                     f'width="{_number(x_at(value) - left)}" height="{_number(bar)}" '
                     f'fill="{colour}"><title>{full}: {_label(round(value, 1))}</title></rect>')
        if ranges is not None:
            spread = ranges[row]
            parts.append(f'<line class="whisker" x1="{_number(x_at(value - spread))}" '
                         f'x2="{_number(x_at(value + spread))}" y1="{mid}" y2="{mid}" '
                         f'stroke="{_WHISKER}" stroke-width="2"/>')
    parts.append(_axis_label(x_label, left + plot_w / 2, height - 8))
    return _svg(width, height, title, "".join(parts))


@names_bad_arguments
def calendar_chart(days: Collection[str], today: datetime.date, *, title: str,
                   weeks: int = 12) -> str:
    """The last ``weeks`` weeks as squares, a column a week (Monday at the top), dark on the
    days in ``days`` (ISO dates, ``"2026-12-07"``); days after ``today`` are left out.

    >>> svg = calendar_chart({"2026-12-07"}, datetime.date(2026, 12, 7), title="Days", weeks=2)
    >>> svg.count('class="day practised"'), svg.count('class="day"')
    (1, 7)
    """
    if not isinstance(today, datetime.date):
        raise ArgumentError(f"today must be a date, not {type(today).__name__}")
    if not isinstance(weeks, int) or isinstance(weeks, bool) or not 1 <= weeks <= 60:
        raise ArgumentError(f"weeks must be a whole number from 1 to 60, not {weeks!r}")
    if isinstance(days, (str, bytes)) or not all(isinstance(day, str) for day in days):
        raise ArgumentError("days must be a collection of ISO dates such as '2026-12-07'")
    practised = set(days)
    cell, left, top = 20.0, 40.0, 32.0
    width, height = left + weeks * cell + 16, top + 7 * cell + 30
    start = today - datetime.timedelta(days=today.weekday() + 7 * (weeks - 1))
    parts = [f'<text x="{_number(left - 6)}" y="{_number(top + row * cell + cell / 2)}" dy="4" '
             f'text-anchor="end" fill="{_INK}">{name}</text>'
             for row, name in ((0, "Mon"), (2, "Wed"), (4, "Fri"), (6, "Sun"))]
    for week in range(weeks):
        for weekday in range(7):
            day = start + datetime.timedelta(days=7 * week + weekday)
            if day > today:
                continue
            done = day.isoformat() in practised
            parts.append(
                f'<rect class="day{" practised" if done else ""}" '
                f'x="{_number(left + week * cell + 2)}" y="{_number(top + weekday * cell + 2)}" '
                f'width="{_number(cell - 4)}" height="{_number(cell - 4)}" rx="2" '
                f'fill="{_PRACTISED if done else _IDLE}"><title>{day.strftime("%a %d %b %Y")}'
                f'{": practised" if done else ""}</title></rect>')
    base = _number(top + 7 * cell)
    parts.append(f'<text x="{_number(left)}" y="{base}" dy="16" fill="{_INK}">'
                 f'{start.strftime("%d %b")}</text>')
    parts.append(f'<text x="{_number(left + weeks * cell)}" y="{base}" dy="16" '
                 f'text-anchor="end" fill="{_INK}">this week</text>')
    return _svg(width, height, title, "".join(parts))


@names_bad_arguments
def charts_html(pictures: Sequence[str]) -> str:
    """Charts side by side, wrapping onto the next line on a narrow screen.

    >>> charts_html(["<svg></svg>", "<svg></svg>"]).count("<svg")
    2
    """
    if isinstance(pictures, str) or not all(isinstance(p, str) for p in pictures):
        raise ArgumentError("pictures must be a list of SVG texts")
    return ('<div class="gin-charts" style="display:flex;flex-wrap:wrap;gap:12px;'
            'align-items:flex-start">' + "".join(pictures) + "</div>")
