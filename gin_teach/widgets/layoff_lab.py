"""LayoffLab: the knocker has spread; the learner, defending, lays off card by card."""

from __future__ import annotations

import html
import random

import ipywidgets as widgets

from gin_teach.cards import Card, HandLike
from gin_teach.display import hand_svg, settlement_html, spread_svg
from gin_teach.errors import CardError, IllegalMove
from gin_teach.melds import Meld, best_arrangement
from gin_teach.rules import Rules
from gin_teach.scoring import Settlement, extend_meld, layoff_options, settle
from gin_teach.widgets.common import (
    CardButtons,
    MessageArea,
    as_card,
    deal_knock,
    friendly,
    make_rng,
    parse_hand,
)

__all__ = ["LayoffLab"]


class LayoffLab(widgets.VBox):
    """The knocker's spread and the learner's 10 cards: click a card to lay it off (a run
    grows as you go, so chains work); press Done to compare with the best defence.

    >>> lab = LayoffLab("4S 5S 6S 7H 7D 7C TH JH QH AC", "7S 8S KD KC KH 2D 3C 5H 6H QD")
    >>> lab.lay_off("7S")
    >>> lab.message.text
    '7♠ fits 2 melds: choose one.'
    >>> lab.lay_off("7S", 0)
    >>> lab.lay_off("8S")
    >>> lab.finish().defender_count == lab.optimal.defender_count
    True
    """

    def __init__(self, knocker: HandLike | None = None, defender: HandLike | None = None, *,
                 knocker_melds: list[HandLike] | None = None, rules: Rules | None = None,
                 seed: int | random.Random | None = None, four_colour: bool = False) -> None:
        self.rules = rules or Rules()
        self._rng = make_rng(seed)
        self._four_colour = four_colour
        self.knocker: tuple[Card, ...] = ()
        self.defender: tuple[Card, ...] = ()
        self.optimal: Settlement | None = None
        self.spread: tuple[Meld, ...] = ()
        self.melds: list[Meld] = []
        self.laid: list[tuple[Card, int]] = []
        self.pending: Card | None = None
        self.result: Settlement | None = None
        self.message = MessageArea()
        self.table = widgets.HTML()
        self.hand_picture = widgets.HTML()
        self.card_buttons = CardButtons((), self.lay_off, four_colour=four_colour)
        self.targets = widgets.HBox()
        self.status = widgets.HTML()
        buttons = []
        for label, handler in (("Undo", self.undo), ("Start over", self.restart),
                               ("Done", self.finish), ("New deal", self.new_deal)):
            button = widgets.Button(description=label)
            button.on_click(lambda _b, handler=handler: handler())
            buttons.append(button)
        self.report = widgets.HTML()
        super().__init__([self.table, self.hand_picture,
                          widgets.HTML("<b>Click a card to lay it off:</b>"), self.card_buttons,
                          self.targets, self.status, widgets.HBox(buttons), self.message,
                          self.report])
        if knocker is None and defender is None:
            self.new_deal()
        else:
            self.set_round(knocker, defender, knocker_melds)

    @friendly
    def set_round(self, knocker: HandLike | None, defender: HandLike | None,
                  knocker_melds: list[HandLike] | None = None) -> None:
        """A new exercise: the knocker's 10 cards (after the discard) and the defender's 10.
        The knocker spreads ``knocker_melds``, or by default the spread the rules engine picks.
        A knock the rules forbid shows a message and changes nothing."""
        knocker_cards, defender_cards = parse_hand(knocker), parse_hand(defender)
        optimal = settle(knocker_cards, defender_cards, self.rules, knocker_melds)
        self.knocker, self.defender = knocker_cards, tuple(sorted(defender_cards))
        self.optimal = optimal
        self.spread = optimal.knocker_arrangement.melds
        self.restart()

    def new_deal(self) -> None:
        """A random round from the seeded deck where the defender has something to lay off."""
        knocker, defender, _ = deal_knock(
            self._rng, self.rules,
            want=lambda s: s.outcome in ("knock", "undercut") and bool(s.layoffs))
        self.set_round(knocker, defender)

    def restart(self) -> None:
        """Take back every lay-off."""
        self.melds = list(self.spread)
        self.laid, self.pending, self.result = [], None, None
        self.message.clear()
        self.report.value = ""
        self._render()

    @property
    def kept(self) -> tuple[Card, ...]:
        """The defender's cards not laid off."""
        laid = {card for card, _ in self.laid}
        return tuple(card for card in self.defender if card not in laid)

    @property
    def deadwood_now(self) -> int:
        """The defender's deadwood if it stopped laying off now."""
        return best_arrangement(self.kept).deadwood

    @friendly
    def lay_off(self, card: Card | str, meld: int | None = None) -> None:
        """Lay ``card`` off on the knocker's meld number ``meld`` (0 = the first shown); with no
        ``meld``, on the only meld it fits, or ask which when it fits more than one."""
        card = as_card(card)
        if card not in self.kept:
            raise CardError(f"{card} is not in your hand")
        fits = [i for i, m in enumerate(self.melds) if layoff_options([m], card)]
        if meld is None:
            if not fits:
                raise IllegalMove(f"{card} fits none of the knocker's melds")
            if len(fits) > 1:
                self.pending = card
                self.message.show(f"{card} fits {len(fits)} melds: choose one.", "info")
                self._render()
                return
            meld = fits[0]
        if not 0 <= meld < len(self.melds):
            raise IllegalMove(f"there is no meld number {meld}")
        extended = extend_meld(self.melds[meld], card)  # raises, naming why it does not fit
        # The rules engine checks the whole set of lay-offs (no lay-offs against gin, say).
        settle(self.knocker, self.defender, self.rules, self.spread,
               layoffs=[c for c, _ in self.laid] + [card])
        self.melds[meld] = extended
        self.laid.append((card, meld))
        self.pending, self.result = None, None
        self.message.show(f"{card} laid off onto {self.spread[meld]}.", "info")
        self.report.value = ""
        self._render()

    def undo(self) -> None:
        """Take back the last lay-off."""
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
        """Score the learner's lay-offs and compare them with the best defence."""
        assert self.optimal is not None
        laid = [card for card, _ in self.laid]
        result = settle(self.knocker, self.defender, self.rules, self.spread, layoffs=laid)
        self.result = result
        best = self.optimal
        yours = f"Your deadwood: {result.defender_count}."
        if result.defender_count == best.defender_count:
            self.message.show(f"{yours} That is the best defence: {_summary(best)}", "right")
        else:
            self.message.show(f"{yours} The best defence leaves {best.defender_count}: "
                              f"{_summary(best)}", "wrong")
        self.report.value = settlement_html(result, four_colour=self._four_colour)
        return result

    def _render(self) -> None:
        assert self.optimal is not None
        laid_styles = {card: "layoff" for card, _ in self.laid}
        self.table.value = spread_svg(
            [meld.cards for meld in self.melds], self.optimal.knocker_arrangement.deadwood_cards,
            title=f"the knocker's spread: deadwood {self.optimal.knocker_count}",
            highlight=laid_styles, four_colour=self._four_colour)
        kept = self.kept
        pending = {self.pending: "selected"} if self.pending else {}
        self.hand_picture.value = hand_svg(kept, title="your hand", highlight=pending,
                                           four_colour=self._four_colour)
        self.card_buttons.set_cards(kept)
        self.card_buttons.mark({card: "info" for card in pending})
        buttons = []
        if self.pending is not None:
            card = self.pending
            for index, meld in enumerate(self.melds):
                if layoff_options([meld], card):
                    button = widgets.Button(description=f"onto {meld}",
                                            layout=widgets.Layout(width="auto"))
                    button.on_click(lambda _b, index=index, card=card: self.lay_off(card, index))
                    buttons.append(button)
        self.targets.children = tuple(buttons)
        laid = ", ".join(str(card) for card, _ in self.laid) or "nothing yet"
        self.status.value = (f"Laid off: {html.escape(laid)}. Your deadwood now: "
                             f"<b>{self.deadwood_now}</b>.")


def _summary(settlement: Settlement) -> str:
    layoffs = "; ".join(str(layoff) for layoff in settlement.layoffs) or "no lay-offs"
    return f"{layoffs}, keeping {settlement.defender_arrangement}."
