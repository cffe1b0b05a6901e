"""ScoreQuiz: a finished round; the learner says who scores and how much."""

from __future__ import annotations

import html
import random

import ipywidgets as widgets

from gin_teach.cards import Card, HandLike
from gin_teach.display import arrangement_svg, hand_svg, settlement_html
from gin_teach.rules import Rules
from gin_teach.scoring import Settlement, settle
from gin_teach.widgets.common import (
    AnswerError,
    MessageArea,
    deal_knock,
    friendly,
    make_rng,
    parse_hand,
)

__all__ = ["ScoreQuiz"]

WINNERS = ("knocker", "defender")


class ScoreQuiz(widgets.VBox):
    """The knocker's spread and the defender's hand: who scores, and how many points, under
    the chosen rules preset? The worked arithmetic appears after the answer.

    >>> quiz = ScoreQuiz("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS")
    >>> quiz.answer("knocker", 17)
    True
    >>> quiz.set_preset("classic")
    >>> quiz.answer("knocker", 25), quiz.settlement.points
    (False, 17)
    """

    def __init__(self, knocker: HandLike | None = None, defender: HandLike | None = None, *,
                 knocker_melds: list[HandLike] | None = None, rules: Rules | None = None,
                 seed: int | random.Random | None = None, four_colour: bool = False) -> None:
        self.rules = rules or Rules()
        self._rng = make_rng(seed)
        self._four_colour = four_colour
        self.knocker: tuple[Card, ...] = ()
        self.defender: tuple[Card, ...] = ()
        self.knocker_melds = knocker_melds
        self.settlement: Settlement | None = None
        self.answered = False
        self.message = MessageArea()
        self.table = widgets.HTML()
        presets = Rules.presets()
        if self.rules not in presets.values():
            presets = {self.rules.name: self.rules, **presets}
        self._presets = presets
        self.preset = widgets.Dropdown(options=list(presets), description="Rules:",
                                       value=next(n for n, r in presets.items() if r == self.rules))
        self.preset.observe(lambda change: self.set_preset(change["new"]), names="value")
        self.rules_text = widgets.HTML()
        self.winner = widgets.ToggleButtons(options=["knocker", "defender"], value=None,
                                            description="Who scores:")
        self.points = widgets.IntText(value=0, description="Points:",
                                      layout=widgets.Layout(width="180px"))
        check = widgets.Button(description="Check", button_style="primary")
        check.on_click(lambda _: self.answer(self.winner.value, self.points.value))
        new = widgets.Button(description="New round")
        new.on_click(lambda _: self.new_round())
        self.report = widgets.HTML()
        super().__init__([self.preset, self.rules_text, self.table, self.winner,
                          widgets.HBox([self.points, check, new]), self.message, self.report])
        if knocker is None and defender is None:
            self.new_round()
        else:
            self.set_round(knocker, defender, knocker_melds)

    @friendly
    def set_round(self, knocker: HandLike | None, defender: HandLike | None,
                  knocker_melds: list[HandLike] | None = None) -> None:
        """A new question: the knocker's 10 cards after the discard and the defender's 10."""
        knocker_cards, defender_cards = parse_hand(knocker), parse_hand(defender)
        settlement = settle(knocker_cards, defender_cards, self.rules, knocker_melds)
        self.knocker, self.defender = knocker_cards, tuple(sorted(defender_cards))
        self.knocker_melds = knocker_melds
        self.settlement = settlement
        self._reset_answer()

    def new_round(self) -> None:
        """A random finished round from the seeded deck."""
        knocker, defender, _ = deal_knock(self._rng, self.rules, want=lambda s: True)
        self.set_round(knocker, defender)

    @friendly
    def set_preset(self, name: str) -> None:
        """Score the same round under another preset (``modern``, ``classic``, ``norwegian``)."""
        if name not in self._presets:
            raise AnswerError(f"no rules preset called {name!r}; try {', '.join(self._presets)}")
        self.rules = self._presets[name]
        if self.preset.value != name:
            self.preset.value = name  # the observer comes back here; the work below is cheap
        self.settlement = settle(self.knocker, self.defender, self.rules, self.knocker_melds)
        self._reset_answer()

    @friendly
    def answer(self, winner: str | None, points: int) -> bool:
        """Check an answer: who scores (``knocker`` or ``defender``) and how many points."""
        assert self.settlement is not None
        if winner not in WINNERS:
            raise AnswerError("choose who scores: the knocker or the defender")
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            raise AnswerError(f"points must be a whole number, 0 or more, not {points!r}")
        result = self.settlement
        right = winner == result.winner and points == result.points
        outcome = result.outcome.replace("_", " ")
        if right:
            self.message.show(f"Right: {outcome}, the {result.winner} scores {result.points}.",
                              "right")
        elif winner == result.winner:
            self.message.show(f"The {winner} does score, but not {points}: see the working.",
                              "wrong")
        else:
            self.message.show(f"Not the {winner}: this is a {outcome}, and the {result.winner} "
                              "scores. See the working.", "wrong")
        self.answered = True
        self.report.value = settlement_html(result, four_colour=self._four_colour)
        return right

    def _reset_answer(self) -> None:
        assert self.settlement is not None
        self.answered = False
        self.message.clear()
        self.report.value = ""
        self.rules_text.value = f"<small>{html.escape(self.rules.describe())}</small>"
        spread = arrangement_svg(self.settlement.knocker_arrangement,
                                 title="the knocker spreads", four_colour=self._four_colour)
        hand = hand_svg(self.defender, title="the defender holds", four_colour=self._four_colour)
        self.table.value = f"<div>{spread}</div><div>{hand}</div>"
