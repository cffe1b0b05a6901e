"""CoachPanel: the coach at the game table: a hint, a quiet grade after each move, the review
at the end of a round, and the help a practice game allows (take back, see the other hand).

The panel asks :mod:`gin_teach.coach` for every judgement; it only shows them. The table it
serves (a :class:`~gin_teach.widgets.GameTable`) calls three hooks: :meth:`before_move` with
the learner's move before it is applied, :meth:`after_move` once it is, and
:meth:`round_over` when a round ends. Help used is listed in :attr:`helped` and marks the
round's review, so a reviewed game says it was helped. A move graded worse than good, at
the table or in the review, can be shown refuted: "Show the line" plays out one of the
judge's deals on which it loses and the better move does not (:mod:`gin_teach.refutation`),
only when pressed.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Protocol

import ipywidgets as widgets
import traitlets

from gin_teach.coach import (
    Decision,
    Review,
    depends_on_opponent,
    grade_move,
    hint,
    refutation,
    review,
)
from gin_teach.core.cards import Card
from gin_teach.core.melds import best_arrangement
from gin_teach.core.scoring import layoff_options
from gin_teach.display import arrangement_svg, hand_svg, message_html
from gin_teach.engine.actions import Action, LayOff
from gin_teach.engine.game import Game
from gin_teach.engine.round import Round
from gin_teach.errors import GinError
from gin_teach.explain import move_words
from gin_teach.widgets.refutation_view import RefutationView

__all__ = ["CoachPanel", "CoachedTable"]

_VERDICT_KIND = {"best": "right", "good": "right", "inaccuracy": "info", "mistake": "wrong",
                 "blunder": "wrong"}


class CoachedTable(Protocol):
    """What the panel needs from its table: the game, the seats, a way to redraw and to play.

    >>> from gin_teach.widgets import GameTable
    >>> isinstance(GameTable(seed=1).coach_panel.table, GameTable)
    True
    """

    game: Game
    human: int
    computer: int

    @property
    def shown_round(self) -> Round:
        """The round on the table: the one just finished, until the next is dealt."""

    def redraw(self) -> None:
        """Draw the table again."""

    def play(self, action: Action | str) -> None:
        """Make the learner's move."""


def _button(text: str, on_click: Callable[[], None], tooltip: str = "") -> widgets.Button:
    widget = widgets.Button(description=text, tooltip=tooltip,
                            layout=widgets.Layout(width="auto"))
    widget.on_click(lambda _: on_click())
    return widget


class CoachPanel(widgets.VBox):
    """The coach's controls and views under a game table. ``coach`` switches grading and the
    review on; ``practice`` allows taking back a move.

    >>> from gin_teach.widgets import GameTable
    >>> table = GameTable("simple", seed=3, coach=True)
    >>> panel = table.coach_panel
    >>> panel.ask_hint(); panel.hint_view.value != ""
    True
    """

    coach = traitlets.Bool(False).tag(sync=True)
    practice = traitlets.Bool(False).tag(sync=True)
    by_suit = traitlets.Bool(False).tag(sync=True)
    show_opponent = traitlets.Bool(False).tag(sync=True)

    def __init__(self, table: CoachedTable, *, coach: bool = False,
                 practice: bool = False) -> None:
        super().__init__()
        self.table = table
        self.last_grade: Decision | None = None
        self.last_review: Review | None = None
        self.round_reviews: list[Review] = []
        self.helped: list[str] = []
        self._undo: Game | None = None
        self._pending: tuple[Game, Action] | None = None
        self._chosen_layoffs: list[Card] = []
        self.coach_toggle = widgets.ToggleButton(description="Coach", tooltip="grade my moves "
                                                 "and review each round")
        self.suit_toggle = widgets.ToggleButton(description="Sort by suit",
                                                tooltip="show your hand by suit instead of "
                                                "as melds and deadwood")
        self.opponent_toggle = widgets.ToggleButton(
            description="Show the opponent's hand", tooltip="for teaching: marked in the "
            "scoresheet", layout=widgets.Layout(width="auto"))
        traitlets.link((self.coach_toggle, "value"), (self, "coach"))
        traitlets.link((self.suit_toggle, "value"), (self, "by_suit"))
        traitlets.link((self.opponent_toggle, "value"), (self, "show_opponent"))
        self.hint_button = _button("Hint", self.ask_hint, "the analysis' move and why")
        self.take_back_button = _button("Take back", self.take_back,
                                        "undo your last move (practice only)")
        self.best_layoff_button = _button("Lay off: best for me", self.best_layoffs)
        self.layoff_done_button = _button("Lay off the chosen cards", self.lay_off_chosen)
        # Ten toggles made once and relabelled: a long game does not pile up widgets.
        self._shown_layoffs: list[Card] = []
        self._syncing = False
        self._layoff_toggles = [self._layoff_toggle(index) for index in range(10)]
        self.layoff_cards = widgets.HBox(self._layoff_toggles)
        self.hand_view = widgets.HTML()
        self.opponent_view = widgets.HTML()
        self.hint_view = widgets.HTML()
        self.grade_view = widgets.HTML()
        self.review_view = widgets.HTML()
        # The moves that can be shown refuted (the round each was made in, and its grade),
        # offered by label; the line is played out only when "Show the line" is pressed.
        self._lines: list[tuple[Round, Decision]] = []
        self.line_choice = widgets.Dropdown(options=[], description="Line for:",
                                            layout=widgets.Layout(width="auto"))
        self.line_button = _button("Show the line", self.show_line,
                                   "one of the judge's deals played out: what went wrong")
        self.lines_row = widgets.HBox([self.line_choice, self.line_button],
                                      layout=widgets.Layout(display="none"))
        self.refutation = RefutationView()
        # Beside the line: whether the grade, made against the judge's own opponent, turns
        # against another style of opponent.
        self.opponents_view = widgets.HTML()
        self.help_view = widgets.HTML()
        self.children = [
            widgets.HBox([self.coach_toggle, self.hint_button, self.take_back_button,
                          self.suit_toggle, self.opponent_toggle],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.hand_view, self.opponent_view, self.hint_view, self.grade_view,
            widgets.HBox([self.layoff_cards, self.layoff_done_button, self.best_layoff_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.review_view, self.lines_row, self.refutation, self.opponents_view,
            self.help_view,
        ]
        self.coach = coach
        self.practice = practice
        self.observe(lambda _: self.redraw(), names=["coach", "practice", "by_suit"])
        self.observe(self._on_show_opponent, names=["show_opponent"])
        self.redraw()

    # ---------------------------------------------------------------------------- hooks

    def before_move(self, action: Action) -> None:
        """Called by the table with the learner's move, before it is applied: keeps the
        position for a take-back and for the grade."""
        game = self.table.game
        self._undo = game.clone() if self.practice else None
        self._pending = (game.clone(), action) if self.coach else None

    def new_game(self) -> None:
        """Called when the table starts a game: nothing of the game left (a move to take
        back, a grade, the help used, the rounds reviewed) carries over to this one."""
        self._undo = None
        self._pending = None
        self.last_grade = None
        self.grade_view.value = ""
        self.hint_view.value = ""
        self.helped.clear()
        self.round_reviews.clear()
        self._offer_lines([], "")

    def after_move(self) -> None:
        """Called once the learner's move is applied: grade it, quietly."""
        pending, self._pending = self._pending, None
        self.hint_view.value = ""
        if pending is None:
            return
        before, action = pending
        try:
            self.last_grade = grade_move(before, action)
        except GinError as error:  # never block play: say it and go on
            self.grade_view.value = message_html(f"The coach could not grade that move: "
                                                 f"{str(error)[:120]}", "error")
            return
        grade = self.last_grade
        if grade is None:
            return
        if grade.is_best:
            text = f"Coach: {move_words(grade.move)} is best."
        else:
            text = (f"Coach: {move_words(grade.move)} is "
                    f"{'an' if grade.verdict[0] in 'aeiou' else 'a'} {grade.verdict} "
                    f"({grade.points_lost:.1f} points); better {move_words(grade.best)}.")
        self.grade_view.value = (f'<div class="gin-grade gin-{grade.verdict}" '
                                 f'style="color:#555;font-size:90%">{html.escape(text)}</div>')
        self._offer_lines([(before.round, grade)], "your last move")

    def round_over(self, rnd_index: int) -> None:
        """Called when a round ends: review it (with the help used in it) if the coach is on."""
        self._undo = None
        game = self.table.game
        finished = game.rounds[rnd_index]
        if not self.coach or not finished.is_over:
            return
        notes = [note for note in self.helped if note.endswith(f"round {rnd_index + 1}")]
        self.last_review = review(finished, self.table.human,
                                  round_index=rnd_index).with_help(*notes)
        self.round_reviews.append(self.last_review)
        game_line = ""
        if len(self.round_reviews) > 1:
            so_far = Review.combine(self.round_reviews)
            game_line = message_html(f"This game so far ({len(self.round_reviews)} rounds): "
                                     f"accuracy {so_far.accuracy:.0f}.", "info")
        self.review_view.value = self.last_review._repr_html_() + game_line
        self._offer_lines([(finished, d) for d in self.last_review.decisions],
                          f"round {rnd_index + 1}")

    def _offer_lines(self, graded: list[tuple[Round, Decision]], where: str) -> None:
        """Offer the moves of ``graded`` worse than good for "Show the line"."""
        self.refutation.clear()
        self.opponents_view.value = ""
        self._lines = [(rnd, d) for rnd, d in graded if not d.accepted]
        self.line_choice.options = [
            (f"{where}, move {d.move_index + 1}: {move_words(d.move)} ({d.verdict})", index)
            for index, (_, d) in enumerate(self._lines)]
        self.line_choice.value = 0 if self._lines else None  # new options keep no choice
        self.lines_row.layout.display = None if self._lines else "none"

    def show_line(self) -> None:
        """Play out the chosen move's refutation and show it beside its grade."""
        index = self.line_choice.value
        if not isinstance(index, int) or not 0 <= index < len(self._lines):
            self.refutation.clear()
            self.opponents_view.value = ""
            return
        rnd, decision = self._lines[index]
        self.refutation.show(lambda: refutation(rnd, decision))
        if self.refutation.shown is None and not self.refutation.value:
            self.refutation.value = message_html(
                "On none of the judge's deals does this move do worse than the better one "
                "by the hand's points: it loses on the game's score, or by too little to "
                "show.", "info")
        try:
            turns = depends_on_opponent(rnd, decision)
        except GinError as error:  # the line is shown; say why this part is not
            turns = f"The other opponents could not be asked: {str(error)[:120]}"
        self.opponents_view.value = message_html(
            turns or "Every style of opponent the bank is checked with agrees with this grade.",
            "info")

    def game_review(self) -> Review | None:
        """The review of every round of this game the coach has reviewed (None before the
        first).

        >>> from gin_teach.widgets import GameTable
        >>> GameTable(seed=1).coach_panel.game_review() is None
        True
        """
        return Review.combine(self.round_reviews) if self.round_reviews else None

    # -------------------------------------------------------------------------- buttons

    def ask_hint(self) -> None:
        """Show the analysis' move for this turn and why."""
        try:
            advice = hint(self.table.game, self.table.human)
        except GinError as error:
            self.hint_view.value = message_html(str(error), "info")
            return
        self.hint_view.value = message_html(f"Hint: {advice.said}. {advice.why}", "info")

    def take_back(self) -> None:
        """Undo the learner's last move (and the computer's reply): practice mode only, and
        marked in the scoresheet."""
        if not self.practice:
            self.hint_view.value = message_html("Take back is for practice games only.", "info")
            return
        if self._undo is None:
            self.hint_view.value = message_html("There is no move of yours to take back.",
                                                "info")
            return
        self.table.game, self._undo = self._undo, None
        self._note("took back a move")
        self.last_grade = None
        self.grade_view.value = ""
        self._offer_lines([], "")
        self.table.redraw()

    def _on_show_opponent(self, change: dict[str, object]) -> None:
        if change["new"]:
            self._note("looked at the opponent's hand")
        self.table.redraw()  # the scoresheet says the game was helped

    def _note(self, what: str) -> None:
        note = f"{what} in round {len(self.table.game.rounds)}"
        if note not in self.helped:
            self.helped.append(note)

    # --------------------------------------------------------------------------- lay-offs

    def _layoff_turn(self) -> bool:
        game = self.table.game
        return (not game.is_over and game.round.phase == "layoff"
                and game.current_player == self.table.human)

    def _layoff_candidates(self) -> list[Card]:
        rnd = self.table.game.round
        spread = rnd.knock_spread
        if spread is None:
            return []
        return [card for card in rnd.hand(self.table.human)
                if layoff_options(spread.melds, card)]

    def toggle_layoff(self, card: Card) -> None:
        """Choose (or unchoose) a card to lay off on the knocker's melds."""
        if card in self._chosen_layoffs:
            self._chosen_layoffs.remove(card)
        else:
            self._chosen_layoffs.append(card)
        self.redraw()

    def lay_off_chosen(self) -> None:
        """Lay off the chosen cards (the engine checks them; a refusal is shown)."""
        chosen, self._chosen_layoffs = tuple(self._chosen_layoffs), []
        self.table.play(LayOff(layoffs=chosen))

    def best_layoffs(self) -> None:
        """Lay off what scores best for you, in one click."""
        self._chosen_layoffs = []
        self.table.play(LayOff())

    # ----------------------------------------------------------------------------- draw

    def help_html(self) -> str:
        """The help used in this game, for the scoresheet (empty when none).

        >>> from gin_teach.widgets import GameTable
        >>> GameTable(seed=1).coach_panel.help_html()
        ''
        """
        if not self.helped:
            return ""
        return message_html("Helped game: " + "; ".join(self.helped) + ".", "info")

    def redraw(self) -> None:
        """Show the hand (grouped or by suit), the opponent's hand when asked, and which
        buttons apply now."""
        # The round on the table: at the end of a round, the hand that round finished with.
        rnd = self.table.shown_round
        mine = rnd.hand(self.table.human)
        if self.by_suit:
            # Cards sort by suit, then rank; a joker, which has no suit, after them.
            self.hand_view.value = hand_svg(sorted(mine), title="Your hand, by suit")
        else:
            arrangement = best_arrangement(mine, joker_points=rnd.rules.joker_points)
            self.hand_view.value = arrangement_svg(arrangement,
                                                   title="Your hand: melds and deadwood")
        self.opponent_view.value = (hand_svg(rnd.hand(self.table.computer),
                                             title="The opponent's hand")
                                    if self.show_opponent else "")
        self.hint_button.layout.display = None if self.coach else "none"
        self.take_back_button.layout.display = None if self.practice else "none"
        if not self.coach:
            self.grade_view.value = self.review_view.value = ""
            self._offer_lines([], "")
        layoff = self._layoff_turn()
        self._shown_layoffs = self._layoff_candidates() if layoff else []
        self._syncing = True
        for index, toggle in enumerate(self._layoff_toggles):
            shown = index < len(self._shown_layoffs)
            toggle.layout.display = None if shown else "none"
            if shown:
                card = self._shown_layoffs[index]
                toggle.description = str(card)
                toggle.value = card in self._chosen_layoffs
        self._syncing = False
        for widget in (self.layoff_cards, self.layoff_done_button, self.best_layoff_button):
            widget.layout.display = None if layoff else "none"
        self.help_view.value = self.help_html()

    def _layoff_toggle(self, index: int) -> widgets.ToggleButton:
        toggle = widgets.ToggleButton(layout=widgets.Layout(width="52px", display="none"))

        def clicked(_: object) -> None:
            if not self._syncing and index < len(self._shown_layoffs):
                self.toggle_layoff(self._shown_layoffs[index])

        toggle.observe(clicked, names="value")
        return toggle
