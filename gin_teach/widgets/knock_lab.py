"""KnockLab: with 11 cards after the draw, pick a discard and decide: knock, gin or play on."""

from __future__ import annotations

import html
import random
from dataclasses import dataclass

import ipywidgets as widgets

from gin_teach.cards import Card, Deck, HandLike
from gin_teach.discards import DiscardOption, best_discards, discard_options
from gin_teach.display import arrangement_svg, hand_svg
from gin_teach.errors import CardError, IllegalMove
from gin_teach.melds import best_arrangement
from gin_teach.rules import Rules
from gin_teach.widgets.common import (
    AnswerError,
    CardButtons,
    LessonWidget,
    as_card,
    button,
    friendly,
    parse_hand,
)

__all__ = ["ACTIONS", "KnockLab", "KnockVerdict"]

ACTIONS = ("knock", "gin", "play on", "big gin")


@dataclass(frozen=True)
class KnockVerdict:
    """The lab's judgement of one answer; ``kind`` is ``right``, ``info`` (legal, not best)
    or ``wrong``.

    >>> lab = KnockLab("4S 5S 6S 2C QH JH TH 7C 7D 7H KD")
    >>> lab.choose_discard("2C")
    >>> verdict = lab.answer("knock")
    >>> verdict.deadwood, verdict.discard_ok, verdict.action_ok, verdict.kind
    (10, False, True, 'wrong')
    """

    discard: Card | None
    action: str
    deadwood: int
    best: tuple[DiscardOption, ...]
    discard_ok: bool
    action_ok: bool
    kind: str
    text: str


class KnockLab(LessonWidget):
    """An 11-card hand: the learner picks a discard, then says knock, gin or play on; the lab
    checks the choice against :func:`gin_teach.best_discards` and the rules and explains.

    >>> lab = KnockLab("4S 5S 6S 2C QH JH TH 7C 7D 7H KD")
    >>> lab.choose_discard("KD")
    >>> lab.answer("knock").kind
    'right'
    >>> lab.answer("gin").action_ok
    False
    """

    def __init__(self, hand: HandLike | None = None, *, seed: int | random.Random | None = None,
                 rules: Rules | None = None, knock_limit: int | None = None,
                 four_colour: bool = False) -> None:
        super().__init__(rules=rules, seed=seed, four_colour=four_colour)
        self.knock_limit = knock_limit
        problem = ""
        if knock_limit is not None and (isinstance(knock_limit, bool)
                                        or not isinstance(knock_limit, int) or knock_limit < 0):
            # A lesson cell edited by hand: play to the rules' limit and say so below.
            self.knock_limit = None
            problem = (f"a knock limit is a whole number, 0 or more, not {knock_limit!r:.40}; "
                       f"playing to {self.limit}")
        self.hand: tuple[Card, ...] = ()
        self.discard: Card | None = None
        self.verdict: KnockVerdict | None = None
        self.picture = widgets.HTML()
        self.card_buttons = CardButtons((), self.choose_discard, four_colour=four_colour)
        actions = ["knock", "gin", "play on"]
        if self.rules.big_gin_bonus is not None:
            actions.append("big gin")
        self.action_buttons = {
            action: button(action.capitalize(), lambda action=action: self.answer(action),
                           tooltip=f"answer: {action}", width="96px")
            for action in actions}
        self.explanation = widgets.HTML()
        self.children = [
            widgets.HTML("<b>You hold 11 cards after the draw. Click the card you would "
                         "discard, then answer: knock, gin or play on?</b>"),
            self.picture, self.card_buttons,
            widgets.HBox([*self.action_buttons.values(),
                          button("New hand", self.new_hand, tooltip="another random hand")]),
            self.message, self.explanation,
        ]
        if hand is not None:
            self.set_hand(hand)
            if not self.hand:  # the hand given cannot be played: say why, deal another
                problem = f"{self.message.text}; dealing a random hand instead"
        if not self.hand:
            self.new_hand()
        if problem:
            self.message.show(problem, "error")

    @property
    def limit(self) -> int:
        """The knock limit the lab plays to.

        >>> KnockLab(seed=1).limit, KnockLab(seed=1, knock_limit=5).limit
        (10, 5)
        """
        if self.knock_limit is not None:
            return self.knock_limit
        # The lab has no upcard, so an Oklahoma lab plays to the rules' highest limit, as the
        # solver does when it is given no round's limit.
        return self.rules.base_knock_limit

    @friendly
    def set_hand(self, hand: HandLike) -> None:
        """Start over with ``hand`` (11 cards); a bad hand shows a message and changes nothing.

        >>> lab = KnockLab(seed=1); lab.set_hand("7H 8H 9H"); lab.message.text
        'the lab needs 11 cards (a hand after the draw), got 3'
        """
        cards = parse_hand(hand)
        if len(cards) != 11:
            raise CardError(f"the lab needs 11 cards (a hand after the draw), got {len(cards)}")
        self.hand = tuple(sorted(cards))
        self.discard, self.verdict = None, None
        self.message.clear()
        self.explanation.value = ""
        self.card_buttons.set_cards(self.hand)
        self._render()

    def new_hand(self) -> None:
        """A random 11-card hand from the seeded deck, one that is close to knocking so the
        decision is worth thinking about.

        >>> lab = KnockLab(seed=4); lab.new_hand(); best_discards(lab.hand)[0].deadwood <= 20
        True
        """
        hand = Deck(self._rng).deal(1, 11)[0]
        for _ in range(2000):
            if best_discards(hand, self.rules)[0].deadwood <= 20:
                break
            hand = Deck(self._rng).deal(1, 11)[0]
        self.set_hand(hand)

    @friendly
    def choose_discard(self, card: Card | str) -> None:
        """Pick the card to discard: what clicking a card does.

        >>> lab = KnockLab("4S 5S 6S 2C QH JH TH 7C 7D 7H KD"); lab.choose_discard("2C")
        >>> lab.discard, lab.message.text
        (Card('2C'), 'You discard 2♣. Now answer: knock, gin or play on?')
        """
        card = as_card(card)
        if card not in self.hand:
            raise CardError(f"{card} is not in this hand")
        self.discard, self.verdict = card, None
        self.message.show(f"You discard {card}. Now answer: {self._choices()}?", "info")
        self.explanation.value = ""
        self._render()

    @friendly
    def answer(self, action: str) -> KnockVerdict | None:
        """Say ``knock``, ``gin``, ``play on`` (or ``big gin``) for the chosen discard; the
        verdict is shown and returned.

        >>> lab = KnockLab("4S 5S 6S 2C QH JH TH 7C 7D 7H KD"); lab.answer("knock")
        >>> lab.message.text
        'pick a card to discard first'
        >>> lab.choose_discard("KD"); lab.answer("play on").kind
        'info'
        """
        if not isinstance(action, str):
            raise AnswerError(f"answer {self._choices()}, not {action!r:.40}")
        action = " ".join(action.lower().replace("_", " ").split())
        if action not in ACTIONS:
            raise AnswerError(f"answer {self._choices()}, not {action!r:.40}")
        if not self.hand:
            raise IllegalMove("there is no hand yet: press New hand")
        options = discard_options(self.hand, self.rules, knock_limit=self.knock_limit)
        best = best_discards(self.hand, self.rules, knock_limit=self.knock_limit)
        big_gin = next((o for o in options if o.card is None), None)
        if action == "big gin":
            chosen = big_gin
            if chosen is None:
                verdict = self._verdict_no_big_gin(best)
                return self._show(verdict)
        else:
            if self.discard is None:
                raise IllegalMove("pick a card to discard first")
            chosen = next(o for o in options if o.card == self.discard)
        verdict = self._judge(chosen, action, best, big_gin)
        return self._show(verdict)

    def _choices(self) -> str:
        names = list(self.action_buttons)
        return ", ".join(names[:-1]) + " or " + names[-1]

    def _verdict_no_big_gin(self, best: tuple[DiscardOption, ...]) -> KnockVerdict:
        reason = ("big gin is not played under these rules"
                  if self.rules.big_gin_bonus is None
                  else "big gin needs all 11 cards in melds")
        return KnockVerdict(None, "big gin", best_arrangement(self.hand).deadwood, best,
                            False, False, "wrong", f"Not this time: {reason}.")

    def _judge(self, chosen: DiscardOption, action: str, best: tuple[DiscardOption, ...],
               big_gin: DiscardOption | None) -> KnockVerdict:
        top = best[0]
        value, ends, limit = chosen.deadwood, chosen.ends, self.limit
        discard_ok = value == top.deadwood and (big_gin is None or chosen is big_gin)
        if chosen is big_gin:
            lines = ["Big gin: all 11 cards are melded, so you end without discarding."]
            return KnockVerdict(None, action, 0, best, True, True, "right", " ".join(lines))
        shown = str(chosen.card)
        if big_gin is not None:
            lines = [f"All 11 cards were melded: big gin was there, worth more than "
                     f"discarding {shown}."]
        elif discard_ok:
            lines = [f"Discarding {shown} is best: it leaves deadwood {value}."]
        else:
            names = " or ".join(str(o.card) for o in best)
            lines = [f"Discarding {shown} leaves deadwood {value}; discarding {names} "
                     f"would leave only {top.deadwood}."]
        if action == "gin":
            action_ok = ends == "gin"
            lines.append("Gin: no deadwood at all." if action_ok else
                         f"Gin needs deadwood 0, and you have {value}.")
        elif action == "knock":
            action_ok = ends in ("knock", "gin")
            if ends == "gin":
                lines.append("With deadwood 0 your knock is gin: call it gin for the gin bonus.")
            elif ends == "knock":
                lines.append(f"You may knock: {value} is within the knock limit of {limit}.")
            else:
                lines.append(_over_limit(value, limit))
        else:
            action_ok = True
            if ends == "gin":
                lines.append("Playing on is allowed, but you had gin: that gives up the gin bonus "
                             "and lets the opponent improve.")
            elif ends == "knock":
                lines.append(f"Playing on is allowed (knocking is never compulsory), but you "
                             f"could knock with {value}.")
            else:
                lines.append(f"Right to play on: {_over_limit(value, limit)}")
        if not (discard_ok and action_ok):
            kind = "wrong"
        elif (action == "play on" and ends is not None) or (action == "knock" and ends == "gin"):
            kind = "info"
        else:
            kind = "right"
        return KnockVerdict(chosen.card, action, value, best, discard_ok, action_ok, kind,
                            " ".join(lines))

    def _show(self, verdict: KnockVerdict) -> KnockVerdict:
        self.verdict = verdict
        self.message.show(verdict.text, verdict.kind)
        kept = (self.hand if verdict.discard is None
                else tuple(c for c in self.hand if c != verdict.discard))
        after = arrangement_svg(best_arrangement(kept), four_colour=self.four_colour,
                                title="your hand after the discard")
        best = " or ".join(_in_words(option) for option in verdict.best)
        self.explanation.value = (f'<p style="margin:4px 0">The best play: '
                                  f"{html.escape(best)}.</p>{after}")
        self._render()
        return verdict

    def _render(self) -> None:
        styles: dict[Card, str] = {}
        if self.discard is not None:
            styles[self.discard] = "selected"
        if self.verdict is not None:
            for option in self.verdict.best:
                if option.card is not None:
                    styles.setdefault(option.card, "best")
            if self.discard is not None and not self.verdict.discard_ok:
                styles[self.discard] = "wrong"
        self.picture.value = hand_svg(self.hand, highlight=styles, four_colour=self.four_colour)
        buttons = {"selected": "info", "best": "success", "wrong": "danger"}
        self.card_buttons.mark({card: buttons[style] for card, style in styles.items()})


def _over_limit(value: int, limit: int) -> str:
    if limit == 0:
        return f"deadwood {value}, and only gin may end this round."
    return f"deadwood {value} is over the knock limit of {limit}, so you cannot knock."


def _in_words(option: DiscardOption) -> str:
    if option.card is None:
        return "spread all 11 cards for big gin"
    ending = {"gin": ", which is gin", "knock": ", and knock"}.get(option.ends or "", "")
    return f"discard {option.card}, leaving deadwood {option.deadwood}{ending}"
