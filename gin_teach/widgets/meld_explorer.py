"""MeldExplorer: every optimal arrangement of a hand, and every meld one card could join."""

from __future__ import annotations

import html
import random

import ipywidgets as widgets

from gin_teach.cards import Card, Deck, HandLike
from gin_teach.display import arrangement_svg, hand_svg
from gin_teach.errors import CardError
from gin_teach.melds import Arrangement, Meld, all_best_arrangements, melds_with
from gin_teach.widgets.common import (
    CardButtons,
    MessageArea,
    as_card,
    friendly,
    make_rng,
    parse_hand,
)

__all__ = ["MeldExplorer"]


class MeldExplorer(widgets.VBox):
    """Shows all the best arrangements of a hand side by side; click a card to see every meld
    it could join, and where each best arrangement puts it: one card serves one meld only.

    >>> explorer = MeldExplorer("4S 4H 4D 3H 5H KC")
    >>> len(explorer.arrangements)
    2
    >>> explorer.choose("4H")
    >>> [str(meld) for meld in explorer.melds]
    ['4♠ 4♥ 4♦', '3♥ 4♥ 5♥']
    """

    def __init__(self, hand: HandLike | None = None, *, seed: int | random.Random | None = None,
                 size: int = 10, limit: int = 12, four_colour: bool = False) -> None:
        self.size = size
        self.limit = limit
        self._rng = make_rng(seed)
        self._four_colour = four_colour
        self._hand: tuple[Card, ...] = ()
        self.arrangements: tuple[Arrangement, ...] = ()
        self.chosen: Card | None = None
        self.melds: tuple[Meld, ...] = ()
        self.message = MessageArea()
        self.text = widgets.Text(description="Hand:", continuous_update=False,
                                 placeholder="type a hand, e.g. 7S 7H 7D 8H 9H",
                                 layout=widgets.Layout(width="520px"))
        self._syncing = False
        self.text.observe(self._on_text, names="value")
        deal = widgets.Button(description="Deal", tooltip="a random hand")
        deal.on_click(lambda _: self.deal())
        self.overview = widgets.HTML()
        self.gallery = widgets.HTML()
        self.card_buttons = CardButtons((), self.choose, four_colour=four_colour)
        self.card_report = widgets.HTML()
        super().__init__([widgets.HBox([self.text, deal]), self.message, self.overview,
                          self.gallery, widgets.HTML("<b>Pick a card to see its melds:</b>"),
                          self.card_buttons, self.card_report])
        if hand is None and seed is not None:
            self.deal()
        else:
            self.set_hand(hand)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand explored."""
        return self._hand

    @friendly
    def set_hand(self, hand: HandLike | None) -> None:
        """Explore another hand; a bad one shows a message and keeps the current hand."""
        cards = tuple(sorted(parse_hand(hand)))
        self._hand = cards
        self.arrangements = all_best_arrangements(cards, limit=self.limit) if cards else ()
        self.message.clear()
        self._syncing = True
        try:
            self.text.value = " ".join(str(card) for card in cards)
        finally:
            self._syncing = False
        self.card_buttons.set_cards(cards)
        self.chosen, self.melds = None, ()
        self.card_report.value = ""
        self._render_arrangements()

    def _on_text(self, change: dict[str, str]) -> None:
        if not self._syncing:
            self.set_hand(change["new"])

    def deal(self) -> None:
        """A random hand of ``size`` cards from the seeded deck."""
        self.set_hand(Deck(self._rng).deal(1, self.size)[0])

    @friendly
    def choose(self, card: Card | str) -> None:
        """Show every meld of the hand that ``card`` could join: what clicking the card does."""
        card = as_card(card)
        if card not in self._hand:
            raise CardError(f"{card} is not in this hand")
        self.message.clear()
        self.chosen = card
        self.melds = melds_with(card, self._hand)
        self.card_buttons.mark({card: "info"})
        self._render_card()

    def _render_arrangements(self) -> None:
        count = len(self.arrangements)
        if not count:
            self.overview.value = "<b>No cards yet.</b> Type a hand above."
            self.gallery.value = ""
            return
        more = f" (showing the first {self.limit})" if count >= self.limit else ""
        self.overview.value = (
            f"<b>{count} best arrangement{'s' if count != 1 else ''}</b>{more}, each leaving "
            f"deadwood <b>{self.arrangements[0].deadwood}</b>.")
        pictures = "".join(
            f'<div style="margin:0 16px 8px 0">'
            f"{arrangement_svg(a, title=f'arrangement {i}', four_colour=self._four_colour)}</div>"
            for i, a in enumerate(self.arrangements, 1))
        self.gallery.value = f'<div style="display:flex;flex-wrap:wrap">{pictures}</div>'

    def _render_card(self) -> None:
        card = self.chosen
        assert card is not None
        if not self.melds:
            self.card_report.value = (f"<p>{html.escape(str(card))} is in no meld of this hand: "
                                      "it is deadwood in every arrangement.</p>")
            return
        pictures = "".join(
            '<div style="margin:0 16px 8px 0">'
            + hand_svg(meld.cards, title=meld.kind, highlight=[card],
                       four_colour=self._four_colour)
            + "</div>" for meld in self.melds)
        lines = []
        for i, arrangement in enumerate(self.arrangements, 1):
            home = next((meld for meld in arrangement.melds if card in meld), None)
            where = f"the {home.kind} {home}" if home else "the deadwood"
            lines.append(f"<li>arrangement {i}: in {html.escape(where)}</li>")
        plural = "s" if len(self.melds) != 1 else ""
        self.card_report.value = (
            f"<p><b>{html.escape(str(card))}</b> could join {len(self.melds)} meld{plural}. "
            "A card serves only one meld at a time, so each arrangement picks one:</p>"
            f'<div style="display:flex;flex-wrap:wrap">{pictures}</div><ul>{"".join(lines)}</ul>')
