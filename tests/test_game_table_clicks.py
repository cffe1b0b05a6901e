"""The game table clicked as a learner clicks: double clicks, clicks on buttons the kernel has
already hidden, knocking as a second step, and a seeded run of random clicks that checks every
move made was the move the clicked button showed (issue 27), plus the hand panel at a round's
end and a jokers-wild table sorted by suit (issues 27 and 28)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from gin_teach.bots import GreedyBot
from gin_teach.core.cards import Card
from gin_teach.core.rules import Rules
from gin_teach.engine.actions import Action, Discard, Knock, move_words
from gin_teach.widgets import GameTable
from gin_teach.widgets.table import DOUBLE_CLICK, RESOLUTION, action_for, hit_test
from tests.conftest import DEFENDER, KNOCKER_DEALT

Moves = list[tuple[int, int, Action]]


def human_moves(table: GameTable) -> Moves:
    """Every move the learner has made in this game: (round, place in the round, move)."""
    return [(number, place, action)
            for number, rnd in enumerate(table.game.rounds)
            for place, (player, action) in enumerate(rnd.history) if player == table.human]


def made_by(table: GameTable, before: Moves) -> list[Action]:
    """The learner's moves made since ``before`` was taken."""
    seen = set((number, place) for number, place, _ in before)
    return [action for number, place, action in human_moves(table) if (number, place) not in seen]


# ------------------------------------------------------------------------- double clicks


def test_a_double_click_on_pass_the_upcard_passes_once():
    # Issue 27: the second click landed on the relabelled button and took the card declined.
    table = GameTable("simple", seed=0)
    passing = table.move_buttons.button("Pass the upcard")
    before = human_moves(table)
    passing.click()
    passing.click()
    moves = made_by(table, before)
    assert [str(move) for move in moves] == ["pass"]
    assert "take" not in [str(action) for _, action in table.game.round.history[-2:]]


def test_a_double_click_on_a_card_discards_it_once_and_leaves_the_rest_alone():
    table = GameTable("greedy", seed=3)
    me = GreedyBot()
    while not any(isinstance(a, Discard) for a in table.game.legal_actions()):
        table.play(me.choose(table.game.observation(0), table.game.legal_actions()))
    card = table.discard_buttons.cards[0]
    button = table.discard_buttons.buttons[card]
    before = human_moves(table)
    button.click()
    saved = table.game.to_json()
    button.click()  # arrives after the move: the button is hidden now
    assert made_by(table, before) == [Discard(card)] and table.game.to_json() == saved


def test_a_double_click_on_the_canvas_is_one_click():
    table = GameTable("simple", seed=0, view="canvas")
    now = [100.0]
    table.table.clock = lambda: now[0]
    stock = next(s for s in table.table.scene.sprites if s.kind == "stock")
    x, y = (stock.x + 5) * RESOLUTION, (stock.y + 5) * RESOLUTION
    before = human_moves(table)
    table.table._on_mouse_down(x, y)  # the stock in the opening: pass the upcard
    now[0] += DOUBLE_CLICK / 5
    table.table._on_mouse_down(x, y)  # would draw from the stock, were it not dropped
    assert [str(move) for move in made_by(table, before)] == ["pass"]
    now[0] += DOUBLE_CLICK * 2  # a click of its own, later: it plays
    table.table._on_mouse_down(x, y)
    assert [str(move) for move in made_by(table, before)] == ["pass", "draw"]


# ------------------------------------------------------------------------- knocking


def knock_ready() -> GameTable:
    """Seed 000's deal: you may take the 8♦ upcard and then knock with K♦ on 8 points."""
    table = GameTable("greedy", seed=1, hands=[KNOCKER_DEALT, DEFENDER], upcard="8D")
    table.move_buttons.click("Take the upcard")
    assert Knock(Card.parse("KD")) in table.game.legal_actions()
    return table


def test_knocking_is_a_second_step_and_a_plain_click_discards():
    table = knock_ready()
    # One row of cards, not a discard row beside an identical knock row.
    rows = [child for child in table.children if getattr(child, "children", None)
            and any(grand is table.discard_buttons for grand in child.children)]
    assert len(rows) == 1 and not hasattr(table, "knock_buttons")
    assert table.knock_mode.layout.display != "none" and not table.knock_mode.value
    table.discard_buttons.click(Card.parse("KD"))
    assert table.game.round.history[1] == (0, Discard(Card.parse("KD")))
    assert table.game.round.knocker is None


def test_the_knock_button_then_a_card_knocks_and_the_row_says_so():
    table = knock_ready()
    table.knock_mode.value = True
    assert table._row_label.value.startswith("Knock") and table.table.knock
    assert table.discard_buttons.buttons[Card.parse("KD")].button_style == "warning"
    table.discard_buttons.click(Card.parse("KD"))
    assert table.review is not None and table.review.knocker == table.human
    assert table.knock_mode.value is False and table._row_label.value == "Discard:"


def test_a_knock_the_rules_refuse_is_named_and_knock_mode_stays_on():
    table = knock_ready()
    table.knock_mode.value = True
    saved = table.game.to_json()
    table.discard_buttons.click(Card.parse("7S"))  # leaves 15 points of deadwood
    assert table.message.kind == "error" and table.game.to_json() == saved
    assert table.knock_mode.value is True
    table.knock_mode.value = False  # changed its mind: the click discards again
    assert table._row_label.value == "Discard:"


# -------------------------------------------------------------------- the hand panel


def test_at_the_end_of_a_round_the_hand_panel_shows_that_rounds_hand():
    # Issue 28: the panel showed the next round's hand beside the finished table.
    table = knock_ready()
    table.knock_mode.value = True
    table.discard_buttons.click(Card.parse("KD"))
    finished = table.review
    assert finished is not None and len(table.game.rounds) == 2  # the next one is dealt
    shown = set(re.findall(r'data-card="(\w+)"', table.coach_panel.hand_view.value))
    assert shown == {card.code for card in finished.hand(table.human)}
    assert f"deadwood {finished.deadwood(table.human)}" in table.coach_panel.hand_view.value
    table.next_round()
    shown = set(re.findall(r'data-card="(\w+)"', table.coach_panel.hand_view.value))
    assert shown == {card.code for card in table.game.round.hand(table.human)}


def test_a_jokers_wild_table_sorted_by_suit_draws_a_hand_with_a_joker():
    # Issue 27: every redraw raised ValueError ("SHDC".index of a joker's suit).
    table = GameTable("simple", seed=2, rules=Rules.jokers_wild(), dealer=1,
                      hands=["JK 7H 8H 2S 5D 9C KC QD 4S AH", "2C 3C 4C 5S 6S 7S 9D TD JD KD"],
                      upcard="3H")
    table.coach_panel.by_suit = True
    assert table.message.kind != "error", table.message.text
    codes = re.findall(r'data-card="(\w+)"', table.coach_panel.hand_view.value)
    assert codes[-1] == "JK1" and len(codes) == 10
    assert codes[:-1] == [card.code for card in sorted(table.game.round.hand(0))[:-1]]
    table.play("pass")
    table.redraw()  # and again after a move
    assert "JK1" in table.coach_panel.hand_view.value


# --------------------------------------------------------------------- random clicks


def shown(button: Any) -> bool:
    return button.layout.display != "none"


def check_the_buttons_match_the_game(table: GameTable) -> None:
    game = table.game
    mine = (table.review is None and not game.is_over
            and game.current_player == table.human)
    legal = game.legal_actions() if mine else ()
    phase = game.round.phase
    assert table.move_buttons.labels == tuple(
        move_words(a, phase).capitalize() for a in legal
        if not isinstance(a, (Discard, Knock)))
    assert table.discard_buttons.cards == tuple(a.card for a in legal if isinstance(a, Discard))
    knocks = any(isinstance(a, Knock) for a in legal)
    assert (table.knock_mode.layout.display != "none") == knocks


@pytest.mark.slow
@pytest.mark.parametrize("seed, rules, view", [
    (1, Rules.modern(), "canvas"),
    (2, Rules.jokers_wild(), "svg"),
    (3, Rules(oklahoma=True, big_gin_bonus=31, target=60), "canvas"),
])
def test_random_clicks_play_only_the_moves_their_buttons_showed(seed, rules, view, caplog):
    rng = random.Random(seed)
    table = GameTable("greedy", seed=seed, rules=rules, view=view)
    table.coach_panel.by_suit = seed % 2 == 0
    now = [0.0]
    table.table.clock = lambda: now[0]
    clicks = stale = doubles = moves = 0
    for _ in range(1500):
        now[0] += rng.uniform(0.6, 3.0)
        pool = [*table.move_buttons.children, *table.discard_buttons.children]
        if rng.random() < 0.7:  # mostly the buttons on show, sometimes any (hidden, stale)
            pool = [button for button in pool if shown(button)]
        choice = rng.random()
        if choice < 0.05:
            table.knock_mode.value = not table.knock_mode.value
            continue
        if choice < 0.1:
            table.next_button.click()
            if table.game.is_over:
                table.new_game()
            continue
        before, saved, said = human_moves(table), table.game.to_json(), table.message.value
        if choice < 0.3 and view == "canvas":
            scene, phase, knock = table.table.scene, table.game.round.phase, table.knock_mode.value
            sprite = rng.choice(scene.sprites)
            x, y = sprite.x + rng.uniform(0, sprite.width), sprite.y + rng.uniform(0, 30)
            meant = action_for(hit_test(scene, x, y), phase, knock=knock)
            table.table._on_mouse_down(x * RESOLUTION, y * RESOLUTION)
            double = rng.random() < 0.3
            if double:  # the second half of a double click, from the table as drawn
                now[0] += DOUBLE_CLICK / 4
                table.table._on_mouse_down(x * RESOLUTION, y * RESOLUTION)
            made = made_by(table, before)
            assert made in ([], [meant]), (made, meant)
        elif pool:
            button = rng.choice(pool)
            label, was_shown = button.description, shown(button)
            card = next((c for c, b in table.discard_buttons.buttons.items() if b is button),
                        None)
            knocking = table.knock_mode.value
            double = rng.random() < 0.4
            button.click()
            if double:
                button.click()
            made = made_by(table, before)
            if not was_shown:
                stale += 1
                # Nothing at all: no move, and no complaint about a move nobody meant.
                assert made == [] and table.game.to_json() == saved
                assert table.message.value == said
            elif card is not None:
                # One move at most, and the one the button showed: this card, discarded or
                # (with Knock pressed) knocked with.
                assert made in ([], [Knock(card) if knocking else Discard(card)]), made
            else:
                # A move button still shown after its move may take a second click; each
                # move made is the one its label names (taking reads "the upcard" or "the top
                # discard" by the stage of the round).
                assert len(made) <= 1 + double, made
                for move in made:
                    assert label in {move_words(move, phase).capitalize()
                                     for phase in ("draw", "upcard_dealer")}, (label, move)
        else:
            continue
        clicks += 1
        doubles += double
        moves += len(made)
        assert "Traceback" not in table.message.value
        check_the_buttons_match_the_game(table)
    # ipywidgets logs, rather than raises, an exception in a click handler: none was logged.
    assert not [record for record in caplog.records if "Exception in callback" in
                record.getMessage()]
    assert clicks > 1000 and moves > 300 and stale > 50 and doubles > 300
