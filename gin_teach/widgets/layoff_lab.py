"""LayoffLab: the knocker has spread; the learner, defending, lays off card by card."""

from __future__ import annotations

import functools
import html
import random
from collections.abc import Callable

import ipywidgets as widgets

from gin_teach.core.cards import Card, HandLike
from gin_teach.core.melds import Meld, best_arrangement
from gin_teach.core.rules import Rules
from gin_teach.core.scoring import Settlement, extend_meld, layoff_options, settle
from gin_teach.display import hand_svg, settlement_html, spread_svg
from gin_teach.errors import CardError, IllegalMove, excerpt
from gin_teach.lessons import check_layoffs
from gin_teach.lessons.answers import Feedback
from gin_teach.widgets.controls import ButtonRow, CardButtons, button
from gin_teach.widgets.exercises import KnockExercise
from gin_teach.widgets.learner_input import as_card, friendly

__all__ = ["LayoffLab"]


class LayoffLab(KnockExercise):
    """The knocker's spread and the learner's 10 cards: click a card to lay it off (a run
    grows as you go, so chains work); press Done to compare with the best defence.

    >>> lab = LayoffLab("4S 5S 6S 7H 7D 7C TH JH QH AC", "7S 8S KD KC KH 2D 3C 5H 6H QD")
    >>> lab.lay_off("7S")
    >>> lab.message.text
    '7♠ fits 2 melds: click the one to lay it off on.'
    >>> lab.lay_off("7S", 0)
    >>> lab.lay_off("8S")
    >>> lab.finish().defender_count == lab.optimal.defender_count
    True
    """

    def __init__(self, knocker: HandLike | None = None, defender: HandLike | None = None, *,
                 knocker_melds: list[HandLike] | None = None, rules: Rules | None = None,
                 seed: int | random.Random | None = None, four_colour: bool = False) -> None:
        super().__init__(knocker, defender, knocker_melds=knocker_melds, rules=rules, seed=seed,
                         four_colour=four_colour)
        self.spread: tuple[Meld, ...] = ()
        self.melds: list[Meld] = []
        self.laid: list[tuple[Card, int]] = []
        self.pending: Card | None = None
        self.result: Settlement | None = None
        self.feedback: Feedback | None = None
        self.table = widgets.HTML()
        self.hand_picture = widgets.HTML()
        self.card_buttons = CardButtons((), self.lay_off)
        self.targets = ButtonRow()
        self.link_colours(self.card_buttons)
        self.status = widgets.HTML()
        self.report = widgets.HTML()
        self.children = [
            self.table, self.hand_picture,
            widgets.HTML("<b>You are the defender. Click a card of yours to lay it off on the "
                         "knocker's melds, then press Done.</b>"),
            self.card_buttons, self.targets, self.status,
            widgets.HBox([button("Undo", self.undo, tooltip="take back the last lay-off"),
                          button("Start over", self.restart, tooltip="take back every lay-off"),
                          button("Done", self.finish, style="primary",
                                 tooltip="score your lay-offs"),
                          button("New deal", self.new_deal, tooltip="another random round")]),
            self.message, self.report,
        ]
        self.start()

    @property
    def optimal(self) -> Settlement | None:
        """The best defence: the rules engine's settlement, with the best lay-offs.

        >>> LayoffLab("4S 5S 6S 7H 7D 7C TH JH QH AC",
        ...           "7S 8S KD KC KH 2D 3C 5H 6H QD").optimal.defender_count
        26
        """
        return self.settlement

    def new_deal(self) -> None:
        """A random round from the seeded deck where the defender has something to lay off
        (the New deal button; the same as :meth:`new_round`).

        >>> lab = LayoffLab(seed=3); lab.new_deal(); bool(lab.optimal.layoffs)
        True
        """
        self.new_round()

    def _wanted(self, settlement: Settlement) -> bool:
        return settlement.outcome in ("knock", "undercut") and bool(settlement.layoffs)

    def _new_question(self) -> None:
        assert self.settlement is not None
        self.spread = self.settlement.knocker_arrangement.melds
        self.restart()

    def restart(self) -> None:
        """Take back every lay-off.

        >>> lab = LayoffLab("4S 5S 6S 7H 7D 7C TH JH QH AC", "7S 8S KD KC KH 2D 3C 5H 6H QD")
        >>> lab.lay_off("7S", 0); lab.restart(); lab.laid
        []
        """
        self.melds = list(self.spread)
        self.laid, self.pending, self.result = [], None, None
        self.message.clear()
        self.report.value = ""
        self._render()

    @property
    def kept(self) -> tuple[Card, ...]:
        """The defender's cards not laid off.

        >>> lab = LayoffLab("4S 5S 6S 7H 7D 7C TH JH QH AC", "7S 8S KD KC KH 2D 3C 5H 6H QD")
        >>> lab.lay_off("7S", 0); len(lab.kept)
        9
        """
        laid = {card for card, _ in self.laid}
        return tuple(card for card in self.defender if card not in laid)

    @property
    def deadwood_now(self) -> int:
        """The defender's deadwood if it stopped laying off now.

        >>> lab = LayoffLab("4S 5S 6S 7H 7D 7C TH JH QH AC", "7S 8S KD KC KH 2D 3C 5H 6H QD")
        >>> before = lab.deadwood_now; lab.lay_off("7S", 0); before - lab.deadwood_now
        7
        """
        return best_arrangement(self.kept).deadwood

    @friendly
    def lay_off(self, card: Card | str, meld: int | None = None) -> None:
        """Lay ``card`` off on the knocker's meld number ``meld`` (0 = the first shown); with no
        ``meld``, on the only meld it fits, or ask which when it fits more than one.

        >>> lab = LayoffLab("4S 5S 6S 7H 7D 7C TH JH QH AC", "7S 8S KD KC KH 2D 3C 5H 6H QD")
        >>> lab.lay_off("8S"); print(lab.message.text)
        8♠ fits none of the knocker's melds as they stand
        """
        self._current()
        card = as_card(card)
        if card not in self.kept:
            raise CardError(f"{card} is not in your hand")
        fits = [i for i, m in enumerate(self.melds) if layoff_options([m], card)]
        if meld is None:
            if not fits:
                raise IllegalMove(f"{card} fits none of the knocker's melds as they stand")
            if len(fits) > 1:
                self.pending = card
                self.message.show(f"{card} fits {len(fits)} melds: click the one to lay it "
                                  "off on.", "info")
                self._render()
                return
            meld = fits[0]
        if isinstance(meld, bool) or not isinstance(meld, int) or not 0 <= meld < len(self.melds):
            raise IllegalMove(f"there is no meld number {excerpt(meld)}: the knocker's melds are "
                              f"numbered 0 to {len(self.melds) - 1}")
        extended = extend_meld(self.melds[meld], card)  # raises, naming why it does not fit
        # The rules engine checks the whole set of lay-offs (no lay-offs against gin, say).
        settle(self.knocker, self.defender, self.rules, self.spread,
               layoffs=[c for c, _ in self.laid] + [card])
        self.melds[meld] = extended
        self.laid.append((card, meld))
        self.pending, self.result = None, None
        self.message.show(f"{card} laid off: the {extended.kind} is now {extended}.", "info")
        self.report.value = ""
        self._render()

    def undo(self) -> None:
        """Take back the last lay-off.

        >>> lab = LayoffLab("4S 5S 6S 7H 7D 7C TH JH QH AC", "7S 8S KD KC KH 2D 3C 5H 6H QD")
        >>> lab.lay_off("7S", 0); lab.lay_off("8S"); lab.undo(); lab.laid
        [(Card('7S'), 0)]
        """
        if self.laid:
            _, meld = self.laid.pop()
            rebuilt = self.spread[meld]
            for card, index in self.laid:
                if index == meld:
                    rebuilt = extend_meld(rebuilt, card)
            self.melds[meld] = rebuilt
        self.pending, self.result = None, None
        self.message.clear()
        self.report.value = ""
        self._render()

    @friendly
    def finish(self) -> Settlement:
        """Score the learner's lay-offs: the course's checker,
        :func:`gin_teach.lessons.check_layoffs`, judges them and its feedback is shown; the
        report below gives the round's score and the best defence.

        >>> lab = LayoffLab("4S 5S 6S 7H 7D 7C TH JH QH AC", "7S 8S KD KC KH 2D 3C 5H 6H QD")
        >>> lab.finish().defender_count, lab.message.kind
        (41, 'wrong')
        """
        self._current()
        laid = [card for card, _ in self.laid]
        spread = [meld.cards for meld in self.spread]
        result = settle(self.knocker, self.defender, self.rules, spread, layoffs=laid)
        self.result = result
        self.feedback = check_layoffs(self.knocker, self.defender, laid or "none",
                                      rules=self.rules, knocker_melds=spread)
        self.message.show_feedback(self.feedback)
        self._report()
        return result

    def _report(self) -> None:
        assert self.result is not None and self.settlement is not None
        self.report.value = (f'<p style="margin:4px 0">The best defence: '
                             f"{html.escape(_summary(self.settlement))}</p>"
                             f"{settlement_html(self.result, four_colour=self.four_colour)}")

    def redraw(self) -> None:
        """Draw the table, the hand and the report again (after ``four_colour`` changes).

        >>> lab = LayoffLab("4S 5S 6S 7H 7D 7C TH JH QH AC", "7S 8S KD KC KH 2D 3C 5H 6H QD")
        >>> lab.lay_off("7S", 0); lab.four_colour = True; len(lab.laid)
        1
        """
        self._render()
        if self.result is not None:
            self._report()

    def _render(self) -> None:
        if self.optimal is None:  # no round could be dealt: the message says why
            self.status.value = ""
            return
        laid_styles = {card: "layoff" for card, _ in self.laid}
        self.table.value = spread_svg(
            [meld.cards for meld in self.melds], self.optimal.knocker_arrangement.deadwood_cards,
            title=f"The knocker's spread (deadwood {self.optimal.knocker_count})",
            highlight=laid_styles, four_colour=self.four_colour)
        kept = self.kept
        pending = {self.pending: "selected"} if self.pending else {}
        self.hand_picture.value = hand_svg(kept, title="Your hand", highlight=pending,
                                           four_colour=self.four_colour)
        self.card_buttons.set_cards(kept)
        self.card_buttons.mark({card: "info" for card in pending})
        targets: list[tuple[str, Callable[[], object]]] = []
        if self.pending is not None:
            card = self.pending
            targets = [(f"onto {meld}", functools.partial(self.lay_off, card, index))
                       for index, meld in enumerate(self.melds) if layoff_options([meld], card)]
        self.targets.show(targets)
        laid = ", ".join(str(card) for card, _ in self.laid) or "nothing yet"
        self.status.value = (f"Laid off: {html.escape(laid)}. Your deadwood now: "
                             f"<b>{self.deadwood_now}</b>.")


def _summary(settlement: Settlement) -> str:
    laid = [layoff.card for layoff in settlement.layoffs]
    cards = " and ".join(str(card) for card in laid) if len(laid) < 3 else (
        ", ".join(str(card) for card in laid[:-1]) + f" and {laid[-1]}")
    kept = settlement.defender_arrangement
    melds = "; ".join(str(meld) for meld in kept.melds)
    keeps = f"meld {melds} and " if melds else ""
    action = f"lay off {cards}" if laid else "nothing can be laid off"
    return f"{action}, {keeps}keep deadwood {kept.deadwood}."
