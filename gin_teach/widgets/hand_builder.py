"""HandBuilder: pick cards from the whole deck, or type them, and watch the best arrangement."""

from __future__ import annotations

import random

import ipywidgets as widgets

from gin_teach.cards import Card, Deck, HandLike, full_deck
from gin_teach.display import arrangement_svg
from gin_teach.melds import Arrangement, all_best_arrangements, best_arrangement, best_discards
from gin_teach.rules import Rules
from gin_teach.widgets.common import (
    CardButtons,
    MessageArea,
    as_card,
    friendly,
    make_rng,
    parse_hand,
)

__all__ = ["HandBuilder"]


class HandBuilder(widgets.VBox):
    """A 52-card grid and a text box that edit one hand; below, the hand's best arrangement
    and deadwood, updated on every change. A bad card typed shows a message and keeps the hand.

    >>> builder = HandBuilder("7S 7H 7D 8H 9H")
    >>> builder.deadwood
    14
    >>> builder.toggle("TH")
    >>> builder.deadwood, builder.text.value
    (0, '7♠ 7♥ 7♦ 8♥ 9♥ 10♥')
    >>> builder.type_cards("7S 7X")
    >>> builder.message.text, len(builder.cards)
    ("'7X' is not a card: it has no suit (S H D C or ♠ ♥ ♦ ♣)", 6)
    """

    def __init__(self, hand: HandLike | None = None, *, seed: int | random.Random | None = None,
                 size: int = 10, rules: Rules | None = None, four_colour: bool = False) -> None:
        self.rules = rules or Rules()
        self.size = size
        self._rng = make_rng(seed)
        self._cards: tuple[Card, ...] = ()
        self._syncing = False
        self.message = MessageArea()
        self.text = widgets.Text(placeholder="type cards, e.g. 7H 8H 9H 10S",
                                 description="Hand:", continuous_update=False,
                                 layout=widgets.Layout(width="520px"))
        self.text.observe(self._on_text, names="value")
        self.grid = CardButtons(full_deck(), self.toggle, four_colour=four_colour)
        self.grid.layout = widgets.Layout(display="grid",
                                          grid_template_columns="repeat(13, 54px)")
        deal = widgets.Button(description=f"Deal {size}", tooltip="a random hand")
        deal.on_click(lambda _: self.deal())
        clear = widgets.Button(description="Clear")
        clear.on_click(lambda _: self.clear())
        self.summary = widgets.HTML()
        self.picture = widgets.HTML()
        self._four_colour = four_colour
        super().__init__([self.text, self.grid, widgets.HBox([deal, clear]), self.message,
                          self.summary, self.picture])
        if hand is None and seed is not None:
            self.deal()
        else:
            self.set_hand(hand)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The hand, in the order the cards were added."""
        return self._cards

    @property
    def arrangement(self) -> Arrangement:
        """The hand's best arrangement (from :func:`gin_teach.best_arrangement`)."""
        return best_arrangement(self._cards)

    @property
    def deadwood(self) -> int:
        """The hand's least deadwood."""
        return self.arrangement.deadwood

    @friendly
    def set_hand(self, hand: HandLike | None) -> None:
        """Replace the hand (text or cards); a bad hand shows a message and changes nothing."""
        if isinstance(hand, str):
            self._syncing = True
            try:
                self.text.value = hand
            finally:
                self._syncing = False
        self._set_cards(parse_hand(hand))

    def type_cards(self, text: str) -> None:
        """What typing ``text`` into the box does."""
        if self.text.value == text:
            self._parse_text()
        else:
            self.text.value = text  # the observer parses it

    @friendly
    def toggle(self, card: Card | str) -> None:
        """Add ``card`` to the hand, or take it out if it is there: what a grid click does."""
        card = as_card(card)
        if card in self._cards:
            self._set_cards(tuple(c for c in self._cards if c != card))
        else:
            self._set_cards(self._cards + (card,))

    def deal(self) -> None:
        """A random hand of ``size`` cards from the seeded deck."""
        self._set_cards(tuple(sorted(Deck(self._rng).deal(1, self.size)[0])))

    def clear(self) -> None:
        """No cards."""
        self._set_cards(())

    def _on_text(self, change: dict[str, object]) -> None:
        if not self._syncing:
            self._parse_text()

    @friendly
    def _parse_text(self) -> None:
        self._set_cards(parse_hand(self.text.value))

    def _set_cards(self, cards: tuple[Card, ...]) -> None:
        self._cards = cards
        self.message.clear()
        self._syncing = True
        try:
            self.text.value = " ".join(str(card) for card in cards)
        finally:
            self._syncing = False
        self.grid.mark({card: "info" for card in cards})
        self._render()

    def _render(self) -> None:
        cards = self._cards
        if not cards:
            self.summary.value = "<b>No cards yet.</b> Click cards in the grid or type them."
            self.picture.value = ""
            return
        arrangement = best_arrangement(cards)
        ways = len(all_best_arrangements(cards, limit=20))
        ways_text = "20 or more" if ways >= 20 else str(ways)
        lines = [f"<b>{len(cards)} cards</b>, deadwood <b>{arrangement.deadwood}</b>; "
                 f"{ways_text} best arrangement{'s' if ways != 1 else ''}"]
        if len(cards) == 11:
            # After the draw a player holds 11: say which discard the rules engine prefers.
            options = best_discards(cards, self.rules)
            best = options[0]
            names = ", ".join("big gin" if o.card is None else str(o.card) for o in options)
            ending = f" and you may go {best.ends.replace('_', ' ')}" if best.ends else ""
            lines.append(f"Best discard: {names}, leaving deadwood {best.deadwood}{ending}.")
        elif len(cards) != self.size:
            lines.append(f"A gin hand holds {self.size} cards ({self.size + 1} after the draw).")
        self.summary.value = "<br/>".join(lines)
        self.picture.value = arrangement_svg(arrangement, four_colour=self._four_colour)
