"""MeldExplorer: every optimal arrangement of a hand, and every meld one card could join."""

from __future__ import annotations

import html
import random
from typing import Any

import ipywidgets as widgets
import traitlets

from gin_teach.core.cards import Card, HandLike
from gin_teach.core.melds import Arrangement, Meld, all_best_arrangements, melds_with
from gin_teach.core.wording import counted
from gin_teach.display import arrangement_svg, hand_svg
from gin_teach.errors import CardError, excerpt
from gin_teach.widgets.controls import CardButtons, side_by_side
from gin_teach.widgets.exercises import HandExercise
from gin_teach.widgets.learner_input import as_card, friendly, parse_hand

__all__ = ["MeldExplorer"]


class MeldExplorer(HandExercise):
    """Shows all the best arrangements of a hand side by side; click a card to see every meld
    it could join, and where each best arrangement puts it: one card serves one meld only.

    >>> explorer = MeldExplorer("4S 4H 4D 3H 5H KC")
    >>> len(explorer.arrangements)
    2
    >>> explorer.choose("4H")
    >>> [str(meld) for meld in explorer.melds]
    ['4♠ 4♥ 4♦', '3♥ 4♥ 5♥']

    ``hand`` is a trait: setting it explores another hand.

    >>> explorer.hand = parse_hand("7S 7H 7D"); len(explorer.arrangements)
    1
    """

    hand = traitlets.Tuple(help="the hand explored, sorted")

    def __init__(self, hand: HandLike | None = None, *, seed: int | random.Random | None = None,
                 size: int = 10, limit: int = 12, four_colour: bool = False) -> None:
        super().__init__(size=size, seed=seed, four_colour=four_colour,
                         placeholder="type a hand, e.g. 7S 7H 7D 8H 9H")
        problem = ""
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            problem = f"the limit is a whole number, 1 or more, not {excerpt(limit)}; showing 12"
            limit = 12
        self.limit = limit
        self.arrangements: tuple[Arrangement, ...] = ()
        self.chosen: Card | None = None
        self.melds: tuple[Meld, ...] = ()
        self.overview = widgets.HTML()
        self.gallery = widgets.HTML()
        self.card_buttons = CardButtons((), self.choose)
        self.link_colours(self.card_buttons)
        self.card_report = widgets.HTML()
        self.children = [
            widgets.HBox([self.text, self.deal_button]), self.message, self.overview,
            self.gallery, widgets.HTML("<b>Click a card to see every meld it could join:</b>"),
            self.card_buttons, self.card_report,
        ]
        self.observe(self._new_hand, names="hand")
        self.start(hand)
        if problem:
            self.message.show(problem, "error")

    @traitlets.validate("hand")
    def _valid_hand(self, proposal: dict[str, Any]) -> tuple[Card, ...]:
        return tuple(sorted(parse_hand(proposal["value"])))

    @friendly
    def set_hand(self, hand: HandLike | None) -> None:
        """Explore another hand; a bad one shows a message and keeps the current hand.

        >>> explorer = MeldExplorer("4S 4H 4D")
        >>> explorer.set_hand("4S 4S"); explorer.message.text, len(explorer.hand)
        ('4♠ is written twice', 3)
        """
        cards = tuple(sorted(parse_hand(hand)))
        if cards == self.hand:
            self._new_hand()  # the same hand typed again: show it again
        else:
            self.hand = cards  # the observer shows it

    def _new_hand(self, _change: object = None) -> None:
        self.arrangements = (all_best_arrangements(self.hand, limit=self.limit) if self.hand
                             else ())
        self.message.clear()
        self.text.show(self.hand)
        self.card_buttons.set_cards(self.hand)
        self.chosen, self.melds = None, ()
        self.card_report.value = ""
        self.redraw()

    def redraw(self) -> None:
        """Draw the arrangements, and the chosen card's melds, again (after ``four_colour``
        changes).

        >>> from gin_teach.display import FOUR_COLOURS
        >>> explorer = MeldExplorer("4S 4H 4D 3H 5H KC"); explorer.four_colour = True
        >>> FOUR_COLOURS["D"] in explorer.gallery.value
        True
        """
        self._render_arrangements()
        if self.chosen is not None:
            self._render_card()

    @friendly
    def choose(self, card: Card | str) -> None:
        """Show every meld of the hand that ``card`` could join: what clicking the card does.

        >>> explorer = MeldExplorer("4S 4H 4D 3H 5H KC")
        >>> explorer.choose("KC"); explorer.melds
        ()
        >>> explorer.choose("9S"); explorer.message.text
        '9♠ is not in this hand'
        """
        card = as_card(card)
        if card not in self.hand:
            raise CardError(f"{card} is not in this hand")
        self.message.clear()
        self.chosen = card
        self.melds = melds_with(card, self.hand)
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
            f"<b>{counted(count, 'best arrangement')}</b>{more}, "
            f"{'each leaving' if count != 1 else 'leaving'} deadwood "
            f"<b>{self.arrangements[0].deadwood}</b>.")
        self.gallery.value = side_by_side(
            arrangement_svg(a, title=f"arrangement {i}", four_colour=self.four_colour)
            for i, a in enumerate(self.arrangements, 1))

    def _render_card(self) -> None:
        card = self.chosen
        assert card is not None
        name = html.escape(str(card))
        if not self.melds:
            self.card_report.value = (f"<p><b>{name}</b> is in no meld of this hand: it is "
                                      "deadwood in every arrangement.</p>")
            return
        pictures = side_by_side(
            hand_svg(meld.cards, title=meld.kind, highlight=[card], four_colour=self.four_colour)
            for meld in self.melds)
        lines = []
        for i, arrangement in enumerate(self.arrangements, 1):
            home = next((meld for meld in arrangement.melds if card in meld), None)
            where = f"in the {home.kind} {home}" if home else "left as deadwood"
            lines.append(f"<li>arrangement {i}: {html.escape(where)}</li>")
        if len(self.melds) == 1:
            lead = f"<b>{name}</b> could join just one meld:"
        else:
            lead = (f"<b>{name}</b> could join {len(self.melds)} melds, but a card serves only "
                    "one meld at a time, so each arrangement picks one:")
        self.card_report.value = (f'<p style="margin:4px 0">{lead}</p>{pictures}'
                                  f'<ul style="margin:0">{"".join(lines)}</ul>')
