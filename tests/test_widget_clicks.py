"""Random clicks on every widget a learner clicks (issue 27), briefly: the coached table, the
practice table, the puzzle trainer, the dashboard and the lesson widgets, with double clicks,
stale buttons and odd text typed. Nothing may escape (tests/widget_fuzzing.py says what an
escape is); benchmarks/soak.py runs the same for long."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import ipywidgets as widgets
import pytest

from gin_teach.errors import CardError
from tests.widget_fuzzing import WIDGETS, ClickReport, click_everything, random_clicks

STEPS = 50


@pytest.fixture(autouse=True)
def scratch_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A finished game is recorded in the learner's own record: a scratch one here."""
    monkeypatch.setenv("GIN_TEACH_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    yield tmp_path


@pytest.mark.slow
@pytest.mark.parametrize("name", list(WIDGETS))
def test_random_clicks_on_a_widget_escape_nothing(name: str, tmp_path: Path):
    report = click_everything(seed=len(name), steps=STEPS, folder=tmp_path, names=(name,))
    assert report.escaped == []
    assert report.clicks + report.values >= 2  # the dashboard gets two (STEP_SHARE)


@pytest.mark.slow
def test_random_clicks_reach_stale_buttons_and_every_kind_of_control(tmp_path: Path):
    names = ("coached table", "puzzle trainer", "score quiz")
    report = click_everything(seed=7, steps=STEPS, folder=tmp_path, names=names)
    assert report.escaped == []
    assert report.stale > 5 and report.doubles > 10 and report.values > 5


def failing_widget() -> widgets.VBox:
    """A widget whose button raises a bare TypeError and whose text box raises on a value,
    with an Output showing a traceback: what the click fuzzing must catch."""
    button = widgets.Button(description="Break")
    button.on_click(lambda _b: [].pop())
    text = widgets.Text()

    def refuse(change: dict[str, object]) -> None:
        raise CardError("a GinError out of an observer still escapes the widget")

    text.observe(refuse, names="value")
    shown = widgets.Output()
    shown.outputs = ({"output_type": "error", "ename": "KeyError", "evalue": "'x'",
                      "traceback": ["Traceback (most recent call last):"]},)
    return widgets.VBox([button, text, shown])


def test_the_click_fuzzing_sees_every_kind_of_escape():
    import random

    report = ClickReport()
    random_clicks(failing_widget(), random.Random(1), 40, report, "broken")
    said = " | ".join(report.escaped)
    assert "a click handler raised IndexError" in said
    assert "raised CardError" in said
    assert "an Output shows KeyError" in said
