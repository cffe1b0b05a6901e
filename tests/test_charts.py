"""The package's own SVG charts (gin_teach.learner.charts): the dashboard's and the class
table's, with no plotting package, every text shown as written (issue 45 T4-5: a name such as
``$\\frac$`` was parsed as a formula by matplotlib and raised), and the dashboard's Export
and Import."""

from __future__ import annotations

import base64
import builtins
import datetime
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gin_teach.errors import ArgumentError
from gin_teach.learner.charts import bar_chart, calendar_chart, line_chart, nice_ticks
from gin_teach.learner.classes import class_table, export_progress, read_export
from gin_teach.learner.progress import ProgressStore
from gin_teach.learner.rating import Rating
from gin_teach.learner.record import Progress
from gin_teach.widgets.dashboard import ProgressDashboard, dashboard_charts
from gin_teach.widgets.record_transfer import RecordTransfer

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = ["$\\frac$", "$x^{$", "<b>&", "</svg><script>alert(1)</script>", 'a"b\'c',
           "tab\there", "\x01bell\x07", "émile 李 🂡"]


def svg_texts(svg: str) -> list[str]:
    """Every text an SVG picture shows or gives as a tooltip, as a reader sees it."""
    root = ET.fromstring(svg)  # also: the picture is well-formed XML
    return ["".join(node.itertext()) for node in root.iter()
            if node.tag in (f"{SVG}text", f"{SVG}title")]


def pictures(html: str) -> list[str]:
    return re.findall(r"<svg.*?</svg>", html, flags=re.S)


@pytest.mark.parametrize("name", HOSTILE)
def test_a_learners_name_is_shown_as_written_in_the_class_chart(tmp_path, name):
    export_progress(tmp_path / "x.json", name, Progress().record("p1", Rating(), 1.0))
    export_progress(tmp_path / "y.json", "Ben", Progress())
    chart = class_table(tmp_path).chart().html
    assert "<script" not in chart
    for picture in pictures(chart):
        shown = svg_texts(picture)
        written = name.strip().replace("\x01", "\ufffd").replace("\x07", "\ufffd")
        assert any(text.startswith(written[:20]) for text in shown), shown


@pytest.mark.parametrize("theme", HOSTILE)
def test_a_theme_of_any_name_is_shown_as_written_on_the_dashboard(theme):
    progress = Progress().record("p1", Rating(1500, 80), 1.0, themes=(theme, "count"))
    html = dashboard_charts(progress, datetime.date(2026, 12, 7))
    assert "<script" not in html
    _, themes, _ = pictures(html)
    written = theme.replace("\x01", "\ufffd").replace("\x07", "\ufffd")
    assert any(text.startswith(written[:20]) for text in svg_texts(themes))
    assert themes.count('class="bar"') == 2


def test_the_dashboard_draws_without_matplotlib(monkeypatch):
    real_import = builtins.__import__

    def no_matplotlib(name: str, *args: object, **kwargs: object) -> object:
        if name.split(".")[0] == "matplotlib":
            raise ImportError("no matplotlib here (as in the static site)")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    store = ProgressStore.scratch()
    store.update(lambda p: p.record("p1", Rating(), 1.0, themes=("count",)))
    board = ProgressDashboard(store=store)
    assert len(pictures(board.charts.value)) == 3
    assert "matplotlib" not in board.charts.value


def test_the_rating_chart_follows_the_answers():
    progress = Progress()
    for index, score in enumerate((1.0, 1.0, 0.0, 1.0)):
        progress = progress.record(f"p{index}", Rating(1500, 80), score)
    rating, _, days = pictures(dashboard_charts(progress, datetime.date.today()))
    assert rating.count("<circle") == 4
    heights = [float(y) for y in re.findall(r'<circle cx="[^"]+" cy="([^"]+)"', rating)]
    ratings = [row[3] for row in progress.history]
    # Higher rating, higher dot (a smaller y), in the order answered.
    assert sorted(range(4), key=lambda i: heights[i]) == sorted(range(4),
                                                                key=lambda i: -ratings[i])
    assert days.count('class="day practised"') == 1 and "streak 1" in days


def test_an_empty_record_says_so_in_each_chart():
    texts = [svg_texts(p) for p in pictures(dashboard_charts(Progress()))]
    assert "no puzzle answered yet" in texts[0] and "no theme practised yet" in texts[1]


def test_many_themes_show_the_weakest_and_count_the_rest():
    progress = Progress()
    for index in range(30):
        progress = progress.record(f"p{index}", Rating(), index % 2, themes=(f"theme {index}",))
    _, themes, _ = pictures(dashboard_charts(progress))
    assert themes.count('class="bar"') == 12 and "18 more" in themes


def test_the_calendar_marks_the_days_practised_and_leaves_out_the_future():
    today = datetime.date(2026, 12, 9)  # a Wednesday
    svg = calendar_chart({"2026-12-07", "2026-12-09", "2026-12-10", "2025-01-01"}, today,
                         title="Days", weeks=4)
    assert svg.count('class="day practised"') == 2  # the 10th is to come, 2025 long gone
    assert svg.count('class="day') == 3 * 7 + 3  # three whole weeks, Monday to Wednesday
    assert "Wed 09 Dec 2026: practised" in svg_texts(svg)


def test_bars_grow_with_their_values():
    svg = bar_chart(["a", "b", "c"], [10, 30, 20], title="t", start=0)
    widths = [float(w) for w in re.findall(r'class="bar"[^>]* width="([^"]+)"', svg)]
    assert widths[1] == max(widths) and widths[0] == min(widths)
    assert widths[1] == pytest.approx(3 * widths[0], rel=0.01)


@pytest.mark.parametrize("call", [
    lambda: bar_chart(["a"], [1, 2], title="t"),
    lambda: bar_chart(["a"], [float("nan")], title="t"),
    lambda: bar_chart("ab", [1, 2], title="t"),
    lambda: bar_chart(["a"], [1], title="t", colour="red;x"),
    lambda: line_chart([1, float("inf")], title="t"),
    lambda: calendar_chart(["2026-01-01"], "2026-01-01", title="t"),  # type: ignore[arg-type]
    lambda: calendar_chart(["x"], datetime.date.today(), title="t", weeks=0),
    lambda: nice_ticks(0, float("nan")),
])
def test_bad_chart_input_is_a_clear_error(call):
    with pytest.raises(ArgumentError):
        call()


# ------------------------------------------------------------------ export and import, clicked

def test_export_writes_the_file_and_offers_it_as_a_download(tmp_path):
    store = ProgressStore(tmp_path / "home" / "p.json")
    store.update(lambda p: p.record("p1", Rating(), 1.0))
    board = ProgressDashboard(store=store)
    board.transfer.folder = tmp_path
    board.transfer.name.value = "Ada Lovelace"
    board.transfer.export()
    out = tmp_path / "Ada_Lovelace_record.json"
    assert read_export(out) == ("Ada Lovelace", store.progress)
    link = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"',
                     board.transfer.message.value)
    assert link is not None and link.group(1) == out.name
    assert base64.b64decode(link.group(2)) == out.read_bytes()


def test_an_export_refused_by_the_system_is_said_not_raised(tmp_path, monkeypatch):
    import tempfile

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    box = RecordTransfer(ProgressStore.scratch(), folder=tmp_path)
    box.name.value = "Ada"
    box.export()
    assert "not exported" in box.message.value and "Permission denied" in box.message.value
    assert list(tmp_path.iterdir()) == []


def test_an_uploaded_export_becomes_the_record_and_the_charts_follow(tmp_path):
    ada = Progress().record("p1", Rating(1500, 80), 1.0, themes=("count",))
    out = export_progress(tmp_path / "ada.json", "Ada", ada)
    store = ProgressStore(tmp_path / "home" / "p.json")
    board = ProgressDashboard(store=store)
    assert "0 puzzles answered" in board.summary.value
    board.transfer._uploaded({"new": ({"name": "ada.json", "content": memoryview(
        out.read_bytes()), "size": out.stat().st_size},)})
    assert "1 puzzle answered" in board.summary.value
    assert "Ada&#x27;s record is now yours" in board.transfer.message.value
    assert pictures(board.charts.value)[1].count('class="bar"') == 1
    assert json.loads((tmp_path / "home" / "p.json").read_text())["attempts"] == 1


def test_an_uploaded_file_that_is_no_export_leaves_the_record(tmp_path):
    store = ProgressStore(tmp_path / "p.json")
    store.update(lambda p: p.record("mine", Rating(), 1.0))
    box = RecordTransfer(store)
    box.import_bytes(b'{"title": "my essay"}', "essay.json")
    assert "essay.json was not imported, and your record is unchanged" in box.message.value
    assert "not a gin_teach progress export" in box.message.value
    assert store.progress.attempts == 1
    assert sorted(p.name for p in Path(tmp_path).iterdir()) == [".p.json.lock", "p.json"]
