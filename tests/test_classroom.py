"""Issue 14's widget half: the SVG view of the table, keyboard play, text alternatives, live
messages and the classroom settings, driven from Python as the browser would drive them."""

from __future__ import annotations

import html
import re
import sys

import pytest

from gin_teach import Card, Round
from gin_teach.display import card_svg, hand_svg, message_html
from gin_teach.engine.actions import Discard, Knock
from gin_teach.errors import SetupError
from gin_teach.widgets import GameTable, HandBuilder, ScoreQuiz, TableCanvas
from gin_teach.widgets.classroom import style_widget
from gin_teach.widgets.keys import CARD_KEYS, TABLE_CANVAS_CLASS, tab_through_widget
from gin_teach.widgets.table_svg import scene_svg

KNOCKABLE = ["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"]
"""Take the 8D upcard: 7S 7H 7D, 9C TC JC, 3H 4H 5H melded, and the KD out leaves 8."""


def fixed_round() -> Round:
    return Round.from_deal(KNOCKABLE, upcard="8D", dealer=1)


# ------------------------------------------------------------------------------ SVG view


def test_svg_view_draws_every_card_of_the_scene_the_canvas_would_paint():
    canvas = TableCanvas(fixed_round(), view="canvas")
    svg = TableCanvas(fixed_round(), view="svg")
    assert canvas.scene == svg.scene
    picture = svg.picture.value
    for sprite in svg.scene.sprites:
        code = sprite.card.code if sprite.card is not None else "back"
        assert f'data-card="{code}"' in picture
    assert picture.count('class="gin-sprite"') == len(svg.scene.sprites)
    for label in svg.scene.labels:
        assert html.escape(label.text) in picture


def test_svg_view_is_chosen_when_ipycanvas_cannot_import(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(sys.modules, "ipycanvas", None)  # import raises ImportError
    table = GameTable("greedy", seed=4)
    assert table.table.view == "svg" and not hasattr(table.table, "canvas")
    # The game table lists the moves itself: the bare table's buttons are not repeated.
    assert table.table.pile_buttons not in table.table.children
    assert TableCanvas(Round(seed=1)).view == "svg"


def test_an_unknown_view_is_refused_by_name():
    with pytest.raises(SetupError, match="'auto', 'canvas' or 'svg', not '3d'"):
        TableCanvas(Round(seed=1), view="3d")


def test_svg_view_buttons_play_the_piles_and_the_hand():
    table = TableCanvas(fixed_round(), view="svg")
    assert table.pile_buttons.labels == ("Pass the upcard", "Take the upcard")
    table.pile_buttons.click("Take the upcard")
    assert table.round.phase == "discard"
    assert Card(8, "D") in table.hand_buttons.cards
    table.hand_buttons.click(Card(13, "D"))
    assert table.round.phase == "draw" and table.round.top_discard == Card(13, "D")
    assert 'data-card="KD"' in table.picture.value


def test_svg_view_shows_a_refused_move_and_changes_nothing():
    table = TableCanvas(fixed_round(), view="svg")
    before = table.picture.value
    table.hand_buttons.click(Card(7, "S"))  # a discard before taking or passing
    assert table.message.kind == "error" and table.picture.value == before
    assert table.round.phase == "upcard_nondealer"


# ------------------------------------------------------------------------------ keyboard


def test_keys_take_the_upcard_and_knock_with_a_card():
    table = TableCanvas(fixed_round(), view="svg")
    table.move_keys.value = "u"
    hand = table.round.observation(0).hand
    place = CARD_KEYS[hand.index(Card(13, "D"))]
    table.move_keys.value = "k"
    assert table.knock and "Knocking" in table.picture.value
    table.move_keys.value = place
    assert table.round.knocker == 0 and table.move_keys.value == ""


def test_a_key_past_the_hand_or_unknown_is_explained_and_changes_nothing():
    table = TableCanvas(fixed_round(), view="svg")
    table.move_keys.value = "-"  # the eleventh card, and the hand holds ten
    assert table.message.kind == "error" and "card 11" in table.message.text
    table.move_keys.value = "z"
    assert table.message.kind == "error" and "not a key" in table.message.text
    assert table.round.phase == "upcard_nondealer" and len(table.round.hand(0)) == 10
    table.move_keys.value = "u"
    assert table.round.phase == "discard" and table.message.text == ""


@pytest.mark.parametrize("view", ["svg", "canvas"])
def test_a_whole_round_is_played_with_keys_only(view: str):
    game = GameTable("simple", seed=11, view=view)
    for _ in range(80):
        if game.review is not None:
            break
        legal = game.game.legal_actions()
        hand = game.game.round.observation(0).hand
        knocks = [a.card for a in legal if isinstance(a, Knock)]
        discards = [a.card for a in legal if isinstance(a, Discard)]
        if knocks:
            keys = "k" + CARD_KEYS[hand.index(knocks[0])]
        elif discards:
            keys = CARD_KEYS[hand.index(discards[-1])]
        else:
            keys = "d"  # draw, or pass the upcard
        game.table.move_keys.value = keys
        assert game.message.kind != "error", game.message.text
    assert game.review is not None and game.review.is_over


# ------------------------------------------------------------------- text alternatives


def test_card_pictures_name_their_cards_for_screen_readers():
    picture = card_svg(Card(7, "H"))
    assert 'aria-label="seven of hearts"' in picture and "<title>seven of hearts</title>" in picture
    assert 'role="img"' in hand_svg("7H 8H")
    table = TableCanvas(fixed_round(), view="svg")
    told = re.search(r'class="gin-table"[^>]*aria-label="([^"]*)"', table.picture.value)
    assert told is not None and "your hand: seven of spades" in told.group(1)
    assert "may take the upcard" in told.group(1)


def test_messages_are_announced_politely():
    assert 'role="status" aria-live="polite"' in message_html("Right!", "right")
    table = GameTable("greedy", seed=1)
    table.play("fold")
    assert 'aria-live="polite"' in table.message.value


# --------------------------------------------------------------------- classroom settings


@pytest.mark.parametrize("make", [lambda: HandBuilder("7H 8H 9H"), lambda: ScoreQuiz(seed=2),
                                  lambda: GameTable("greedy", seed=1)])
def test_every_lesson_widget_carries_the_style_sheet_and_the_projector_settings(make):
    widget = make()
    assert widget.children[0] is style_widget()
    assert "focus-visible" in style_widget().value
    widget.card_size = "large"
    widget.high_contrast = True
    assert {"gin-lesson", "gin-large", "gin-contrast"} <= set(widget._dom_classes)
    widget.card_size = "normal"
    widget.high_contrast = False
    assert {"gin-large", "gin-contrast"}.isdisjoint(widget._dom_classes)


def test_a_card_size_outside_the_choices_is_refused():
    from traitlets import TraitError

    widget = HandBuilder("7H")
    with pytest.raises(TraitError):
        widget.card_size = "huge"
    assert widget.card_size == "normal"


def test_show_the_computers_hand_turns_its_cards_face_up_on_both_views():
    for view in ("svg", "canvas"):
        table = GameTable("greedy", seed=3, view=view)
        hidden = [s.card for s in table.table.scene.sprites if s.kind == "opponent"]
        assert set(hidden) == {None}
        table.show_computer_hand = True
        shown = [s.card for s in table.table.scene.sprites if s.kind == "opponent"]
        assert shown == list(table.game.round.hand(1))
        if view == "svg":
            for card in shown:
                assert card is not None and f'data-card="{card.code}"' in table.table.picture.value
        table.show_computer_hand = False
        assert {s.card for s in table.table.scene.sprites if s.kind == "opponent"} == {None}


def test_scene_svg_draws_four_colours_when_asked():
    rnd = fixed_round()
    table = TableCanvas(rnd, view="svg")
    assert "#1f5fbf" not in table.picture.value
    table.four_colour = True
    assert "#1f5fbf" in table.picture.value
    assert scene_svg(table.scene, four_colour=True) == table.picture.value


def test_the_canvas_reads_the_move_keys_and_lets_tab_leave_it():
    table = TableCanvas(fixed_round(), view="canvas")
    assert table.children.index(table.move_keys) < table.children.index(table.canvas)
    # The page-wide listener that lets Tab leave the canvas comes with it, and knows it by class.
    assert tab_through_widget() in table.children
    assert TABLE_CANVAS_CLASS in table.canvas._dom_classes
    assert "stopPropagation" in tab_through_widget().value
    assert tab_through_widget() not in TableCanvas(fixed_round(), view="svg").children
    table._on_key_down("Tab", False, False, False)  # not a move: nothing happens
    assert table.round.phase == "upcard_nondealer" and table.message.text == ""
    table._on_key_down("u", False, False, False)
    assert table.round.phase == "discard"


# ------------------------------------------------------------------------------- make


def test_make_screenshots_saves_the_lesson_widgets_under_docs_img():
    from tests.test_setup import commands, runs

    steps = commands("screenshots")
    (pytest_run,) = [command for command in steps if runs(command, "pytest")]
    assert "GIN_TEACH_WIDGET_SHOTS=docs/img" in pytest_run
    assert "tests/test_course_browser.py" in pytest_run
    assert any(command[-2:] == ["-m", "tests.axe"] for command in steps)


def test_make_test_fetches_axe_before_the_browser_tests():
    from tests.axe import AXE_VERSION
    from tests.test_setup import commands

    steps = commands("test")
    fetch = next(i for i, command in enumerate(steps) if command[-2:] == ["-m", "tests.axe"])
    first_pytest = next(i for i, command in enumerate(steps) if "pytest" in command)
    assert fetch < first_pytest and re.fullmatch(r"\d+\.\d+\.\d+", AXE_VERSION)


def test_the_settings_bar_switches_a_widget_and_follows_it():
    from gin_teach.widgets.classroom import settings_bar

    quiz = ScoreQuiz(seed=2)
    bar = settings_bar(quiz)
    labels = [getattr(child, "description", "") for child in bar.children]
    assert labels == ["Cards:", "high contrast", "four colours"]  # no computer's hand here
    bar.children[1].value = True
    bar.children[2].value = True
    assert quiz.high_contrast and quiz.four_colour and "gin-contrast" in quiz._dom_classes
    quiz.card_size = "large"
    assert bar.children[0].value == "large"


def test_every_lesson_has_its_picture_and_the_readme_shows_only_pictures_that_exist():
    from pathlib import Path

    from tests.test_notebooks import COURSE

    root = Path(__file__).resolve().parent.parent
    saved = {path.stem for path in (root / "docs" / "img").glob("*.png")}
    assert {name.removesuffix(".ipynb") for name in COURSE} <= saved
    shown = re.findall(r"!\[[^\]]+\]\((docs/img/[^)]+\.png)\)",
                       (root / "README.md").read_text(encoding="utf-8"))
    assert len(shown) >= 10 and all((root / path).is_file() for path in shown), shown
