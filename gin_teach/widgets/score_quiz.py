"""ScoreQuiz: a finished round; the learner says who scores and how much."""

from __future__ import annotations

import html
import random

import ipywidgets as widgets

from gin_teach.core.cards import HandLike
from gin_teach.core.rules import Rules
from gin_teach.display import arrangement_svg, hand_svg, settlement_html
from gin_teach.errors import AnswerError, excerpt
from gin_teach.lessons import check_score
from gin_teach.lessons.answers import Feedback
from gin_teach.widgets.controls import button
from gin_teach.widgets.exercises import KnockExercise
from gin_teach.widgets.learner_input import friendly

__all__ = ["ScoreQuiz"]



class ScoreQuiz(KnockExercise):
    """The knocker's spread and the defender's hand: who scores, and how many points, under
    the chosen rules preset? The worked arithmetic appears after a right answer, or after
    ``TRIES`` wrong ones (a first slip gets a hint and another go).

    >>> quiz = ScoreQuiz("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS")
    >>> quiz.answer("knocker", 17).correct
    True
    >>> quiz.set_preset("classic")
    >>> quiz.answer("knocker", 25).correct, quiz.settlement.points
    (False, 17)
    """

    TRIES = 2
    """Wrong answers allowed before the worked answer is shown."""

    def __init__(self, knocker: HandLike | None = None, defender: HandLike | None = None, *,
                 knocker_melds: list[HandLike] | None = None, rules: Rules | None = None,
                 seed: int | random.Random | None = None, four_colour: bool = False) -> None:
        super().__init__(knocker, defender, knocker_melds=knocker_melds, rules=rules, seed=seed,
                         four_colour=four_colour)
        self.answered = False
        """Whether the worked answer is shown (after a right answer or ``TRIES`` wrong ones)."""
        self.wrong_tries = 0
        self.table = widgets.HTML()
        presets = Rules.presets()
        if self.rules not in presets.values():
            presets = {self.rules.name: self.rules, **presets}
        self._presets = presets
        self.preset = widgets.Dropdown(options=list(presets), description="Rules:",
                                       value=next(n for n, r in presets.items() if r == self.rules))
        self._quiet = False  # set while the widget moves the dropdown itself
        self.preset.observe(self._on_preset, names="value")
        self.rules_text = widgets.HTML()
        self.winner = widgets.ToggleButtons(options=["knocker", "defender"], value=None,
                                            tooltips=["the knocker scores",
                                                      "the defender scores"],
                                            style={"button_width": "96px"})
        self.points = widgets.IntText(value=0, layout=widgets.Layout(width="90px"))
        self.check = button("Check", lambda: self.answer(self.winner.value, self.points.value),
                            style="primary", tooltip="check your answer")
        self.report = widgets.HTML()
        self.children = [
            widgets.HBox([self.preset, button("New round", self.new_round,
                                              tooltip="another random round")]),
            self.rules_text, self.table,
            widgets.HBox([widgets.Label("Who scores?"), self.winner]),
            widgets.HBox([widgets.Label("How many points?"), self.points, self.check]),
            self.message, self.report,
        ]
        self.start()

    @friendly
    def set_preset(self, name: str) -> None:
        """Score the same round under another preset (``modern``, ``classic``, ``norwegian``).

        >>> quiz = ScoreQuiz(seed=1); quiz.set_preset("texas"); quiz.message.text
        "no rules preset called 'texas'; try modern, classic, norwegian"
        """
        if not isinstance(name, str) or name not in self._presets:
            raise AnswerError(f"no rules preset called {excerpt(name)}; try "
                              f"{', '.join(self._presets)}")
        rules = self._presets[name]
        if self.settlement is None:  # no round yet: deal one under the new rules
            self.rules = rules
            self.new_round()
            return
        try:
            # A round given by the lesson may be a legal knock under one preset only: the
            # rules trait refuses the others, and the dropdown goes back.
            self.rules = rules
        finally:
            self._select(self._preset_of(self.rules))

    def _preset_of(self, rules: Rules) -> str:
        return next((n for n, r in self._presets.items() if r == rules), self.preset.value)

    def _select(self, name: str) -> None:
        """Show ``name`` in the dropdown without running the observer."""
        self._quiet = True
        try:
            self.preset.value = name
        finally:
            self._quiet = False

    def _on_preset(self, change: dict[str, object]) -> None:
        if not self._quiet:
            self.set_preset(change["new"])  # type: ignore[arg-type]

    @friendly
    def answer(self, winner: str | None, points: int) -> Feedback:
        """Check an answer, who scores (``knocker`` or ``defender``) and how many points, with
        the course's checker, :func:`gin_teach.lessons.check_score`; its feedback (with its
        hint) is shown and returned. The worked arithmetic appears below once the answer is
        right, or after the second wrong try.

        >>> quiz = ScoreQuiz("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS")
        >>> quiz.answer("defender", 17).correct, quiz.message.kind, quiz.answered
        (False, 'wrong', False)
        >>> quiz.answer("knocker", 16).correct, quiz.answered
        (False, True)
        >>> quiz.answer(None, 17), quiz.message.text
        (None, 'choose who scores: the knocker or the defender')
        """
        result = self._current()
        if winner is None:  # the toggle buttons start with neither chosen
            raise AnswerError("choose who scores: the knocker or the defender")
        feedback = check_score(self.knocker, self.defender, winner, points, rules=self.rules,
                               knocker_melds=self.knocker_melds)
        self.message.show_feedback(feedback)
        if not feedback.correct:
            self.wrong_tries += 1
        if feedback.correct or self.wrong_tries >= self.TRIES:
            self.answered = True
            self.report.value = settlement_html(result, four_colour=self.four_colour)
        return feedback

    def _new_question(self) -> None:
        """A new round, or the same under other rules: a fresh start, the old answer gone."""
        self.answered = False
        self.wrong_tries = 0
        self.winner.value = None
        self.points.value = 0
        self.message.clear()
        self._select(self._preset_of(self.rules))
        self.redraw()

    def redraw(self) -> None:
        """Draw the round, and the working once answered, again (after ``four_colour``
        changes).

        >>> from gin_teach.display import FOUR_COLOURS
        >>> quiz = ScoreQuiz(seed=2); quiz.four_colour = True; FOUR_COLOURS["D"] in quiz.table.value
        True
        """
        if self.settlement is None:
            return
        self.rules_text.value = f"<small>{html.escape(self.rules.describe())}</small>"
        spread = arrangement_svg(self.settlement.knocker_arrangement,
                                 title="The knocker spreads", four_colour=self.four_colour)
        hand = hand_svg(self.defender, title="The defender holds", four_colour=self.four_colour)
        self.table.value = f"<div>{spread}</div><div>{hand}</div>"
        self.report.value = (settlement_html(self.settlement, four_colour=self.four_colour)
                             if self.answered else "")
