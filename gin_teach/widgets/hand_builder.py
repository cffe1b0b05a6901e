"""HandBuilder: pick cards from the whole deck, or type them, and watch the best arrangement."""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as widgets
import traitlets

from gin_teach.core.cards import Card, HandLike, full_deck, hand_mask
from gin_teach.core.deadwood_discards import best_discards
from gin_teach.core.jokers import check_jokers_allowed
from gin_teach.core.melds import Arrangement, all_best_arrangements, best_arrangement
from gin_teach.core.rules import Rules
from gin_teach.display import arrangement_svg
from gin_teach.widgets.controls import CardButtons, button
from gin_teach.widgets.exercises import HandExercise
from gin_teach.widgets.learner_input import as_card, friendly, parse_hand

__all__ = ["HandBuilder"]

GIN_HAND = 10
"""The cards of a gin hand; one more after the draw, when a discard is due."""

_WAYS_SHOWN = 20
"""Counting arrangements stops here: past a score of ways, the exact number teaches nothing."""


class HandBuilder(HandExercise):
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

    ``cards`` and ``four_colour`` are traits: setting one redraws the widget. ``size`` is how
    many cards *Deal* deals (11 for a hand after the draw); whatever the size, eleven cards get
    the discard that leaves least deadwood, and a count that is neither ten nor eleven is told
    what a hand holds.

    >>> builder.cards = parse_hand("AS 2S 3S"); builder.deadwood, builder.text.value
    (0, 'A♠ 2♠ 3♠')
    """

    cards = traitlets.Tuple(help="the hand, in the order the cards were added")

    def __init__(self, hand: HandLike | None = None, *, seed: int | random.Random | None = None,
                 size: int = 10, rules: Rules | None = None, four_colour: bool = False) -> None:
        super().__init__(size=size, rules=rules, seed=seed, four_colour=four_colour)
        # Thirteen columns, a suit a row; they narrow in a narrow notebook, and scroll past that.
        # A table with jokers adds them as a fifth row.
        self.grid = CardButtons(full_deck(self.rules.jokers), self.toggle, width="100%")
        self.link_colours(self.grid)
        self.grid.layout = widgets.Layout(display="grid", overflow="auto",
                                          grid_template_columns="repeat(13, minmax(42px, 56px))")
        self.summary = widgets.HTML()
        self.picture = widgets.HTML()
        self.children = [
            self.text, self.grid,
            widgets.HBox([self.deal_button, button("Clear", self.clear, tooltip="no cards")]),
            self.message, self.summary, self.picture,
        ]
        self.observe(self._new_cards, names="cards")
        self.start(hand)

    @traitlets.validate("cards")
    def _valid_cards(self, proposal: dict[str, Any]) -> tuple[Card, ...]:
        cards = parse_hand(proposal["value"])  # a duplicate or a bad card is refused
        check_jokers_allowed(hand_mask(cards), self.rules)  # and a joker the rules lack
        return cards

    @property
    def arrangement(self) -> Arrangement:
        """The hand's best arrangement (from :func:`gin_teach.best_arrangement`).

        >>> str(HandBuilder("7S 7H 7D KC").arrangement)
        '7♠ 7♥ 7♦ | deadwood K♣ = 10'
        """
        return best_arrangement(self.cards, joker_points=self.rules.joker_points)

    @property
    def deadwood(self) -> int:
        """The hand's least deadwood.

        >>> HandBuilder("AS 2S 3S 9D").deadwood
        9
        """
        return self.arrangement.deadwood

    @friendly
    def set_hand(self, hand: HandLike | None) -> None:
        """Replace the hand (text or cards); a bad hand shows a message and changes nothing.

        >>> builder = HandBuilder("KS")
        >>> builder.set_hand("QS QS"); builder.message.kind, builder.cards
        ('error', (Card('KS'),))
        """
        if isinstance(hand, str):
            self.text.show(hand)  # kept in the box, to be corrected, if it is wrong
        self._set_cards(parse_hand(hand))

    @friendly
    def toggle(self, card: Card | str) -> None:
        """Add ``card`` to the hand, or take it out if it is there: what a grid click does.

        >>> builder = HandBuilder("5D"); builder.toggle("5D"); builder.toggle("6D")
        >>> builder.cards
        (Card('6D'),)
        """
        card = as_card(card)
        if card in self.cards:
            self._set_cards(tuple(c for c in self.cards if c != card))
        else:
            self._set_cards((*self.cards, card))

    def clear(self) -> None:
        """No cards.

        >>> builder = HandBuilder("AH"); builder.clear(); builder.cards, builder.text.value
        ((), '')
        """
        self._set_cards(())

    def _set_cards(self, cards: tuple[Card, ...]) -> None:
        if cards == self.cards:
            self._new_cards()  # the same hand typed again: show it again
        else:
            self.cards = cards  # the observer shows it

    def _new_cards(self, _change: object = None) -> None:
        self.message.clear()
        self.text.show(self.cards)
        self.grid.mark({card: "info" for card in self.cards})
        self.redraw()

    def redraw(self) -> None:
        """Draw the summary and the best arrangement again (after a setting changes).

        >>> from gin_teach.display import FOUR_COLOURS
        >>> builder = HandBuilder("7D 8D 9D 2C"); builder.four_colour = True
        >>> FOUR_COLOURS["D"] in builder.picture.value
        True
        """
        cards = self.cards
        if not cards:
            self.summary.value = "<b>No cards yet.</b> Click cards in the grid or type them."
            self.picture.value = ""
            return
        arrangement = self.arrangement
        ways = len(all_best_arrangements(cards, limit=_WAYS_SHOWN,
                                         joker_points=self.rules.joker_points))
        ways_text = f"{_WAYS_SHOWN} or more" if ways >= _WAYS_SHOWN else str(ways)
        lines = [f"<b>{len(cards)} cards</b>, deadwood <b>{arrangement.deadwood}</b>; "
                 f"{ways_text} best arrangement{'s' if ways != 1 else ''}"]
        if len(cards) == GIN_HAND + 1:
            lines.append(self._discard_advice(cards))
        elif len(cards) != GIN_HAND:
            lines.append(f"A gin hand holds {GIN_HAND} cards ({GIN_HAND + 1} after the draw).")
        self.summary.value = "<br/>".join(lines)
        self.picture.value = arrangement_svg(arrangement, four_colour=self.four_colour)

    def _discard_advice(self, cards: tuple[Card, ...]) -> str:
        # After the draw a player holds 11: say which discard leaves least deadwood (a count,
        # not the judge's verdict: lesson 12 shows a discard that leaves more playing better).
        options = best_discards(cards, self.rules)
        best = options[0]
        if best.card is None:
            return "All 11 cards meld: that is big gin, and nothing is discarded."
        names = " or ".join(str(option.card) for option in options)
        ending = {"gin": ": that is gin", "knock": ", so you may knock"}.get(best.ends or "", "")
        return f"Least deadwood: discard {names}, leaving {best.deadwood}{ending}."
