"""KnockLab: with 11 cards after the draw, pick a discard and decide: knock, gin or play on."""

from __future__ import annotations

import functools
import html
import random
from typing import Any

import ipywidgets as widgets
import traitlets

from gin_teach.analysis import Knowledge
from gin_teach.core.cards import Card, HandLike, hand_mask
from gin_teach.core.deadwood_discards import DiscardOption, best_discards
from gin_teach.core.melds import best_arrangement
from gin_teach.core.rules import Rules
from gin_teach.display import arrangement_svg, hand_svg
from gin_teach.errors import AnswerError, CardError, IllegalMove, excerpt
from gin_teach.explain import discard_reason, knock_reason
from gin_teach.judge import judge_discard
from gin_teach.lessons import check_knock
from gin_teach.lessons.answers import Feedback
from gin_teach.lessons.examples import deal_close_to_knocking
from gin_teach.widgets.controls import CardButtons, button
from gin_teach.widgets.exercises import LessonWidget
from gin_teach.widgets.learner_input import as_card, friendly, parse_hand

__all__ = ["ACTIONS", "KnockLab"]

ACTIONS = ("knock", "gin", "play on", "big gin")


class KnockLab(LessonWidget):
    """An 11-card hand: the learner picks a discard, then says knock, gin or play on; the lab
    judges the choice with the course's checker, :func:`gin_teach.lessons.check_knock`, and
    shows the best play.

    >>> lab = KnockLab("4S 5S 6S 2C QH JH TH 7C 7D 7H KD")
    >>> lab.choose_discard("KD")
    >>> print(lab.answer("knock"))
    ✔ Discarding K♦ is best: it leaves deadwood 2. You may knock: 2 is within the knock limit of 10.
    >>> lab.answer("gin").correct
    False

    ``hand`` is a trait: setting it (to 11 cards, as text or cards) starts over.

    >>> lab.hand = parse_hand("7S 7H 7D 8C 9C TC 2H 3H 4H 5H KD"); lab.discard, lab.verdict
    (None, None)

    On its own the lab knows nothing of the stock or the opponent: it checks the discard and
    what the rules allow, so where a knock is allowed, knocking is its answer. Given the stage
    of the hand (``knowledge``: the pile, what the opponent showed, the stock), the judge
    lesson 15 uses (:mod:`gin_teach.judge`) weighs the discard and the knock or play on
    together: right when it grades them best or good. Late, the 9 is undercut; throwing the
    K♠ and playing on is as good as throwing the 9♠:

    >>> late = Knowledge(discard_pile="KD QC JH TS 9D 8C 8S 6H KC QS JD 2C 5C AH 4C 6C 3D KH "
    ...                  "JS 6S 5S AD 8H", opponent_discarded="KD JH 9D 8S KC JD 5C 4C 3D JS 5S "
    ...                  "8H", stock_size=8)
    >>> lab = KnockLab("7S 7H 7D 9C TC JC 3H 4H 5H 9S KS", knowledge=late)
    >>> lab.choose_discard("KS"); lab.answer("play on").correct
    True
    """

    hand = traitlets.Tuple(help="the 11 cards after the draw, sorted")

    def __init__(self, hand: HandLike | None = None, *, seed: int | random.Random | None = None,
                 rules: Rules | None = None, knock_limit: int | None = None,
                 knowledge: Knowledge | None = None, four_colour: bool = False) -> None:
        super().__init__(rules=rules, seed=seed, four_colour=four_colour)
        self.knock_limit = knock_limit
        self.knowledge = knowledge if isinstance(knowledge, Knowledge) else None
        problem = ""
        if knock_limit is not None and (isinstance(knock_limit, bool)
                                        or not isinstance(knock_limit, int) or knock_limit < 0):
            # A lesson cell edited by hand: play to the rules' limit and say so below.
            self.knock_limit = None
            problem = (f"a knock limit is a whole number, 0 or more, not {excerpt(knock_limit)}; "
                       f"playing to {self.limit}")
        if knowledge is not None and self.knowledge is None:
            problem = (f"the stage of the hand is a Knowledge, not {knowledge!r:.40}; the lab "
                       "judges without it")
        self.discard: Card | None = None
        self.verdict: Feedback | None = None
        self._big_gin = False
        self.picture = widgets.HTML()
        self.card_buttons = CardButtons((), self.choose_discard)
        self.link_colours(self.card_buttons)
        self.action_buttons = {
            action: button(action.capitalize(), functools.partial(self.answer, action),
                           tooltip=f"answer: {action}", width="96px")
            for action in ACTIONS}
        self._show_actions()
        self.explanation = widgets.HTML()
        self.stage = widgets.HTML()
        self.observe(self._new_hand, names="hand")
        self.children = [
            widgets.HTML("<b>You hold 11 cards after the draw. Click the card you would "
                         "discard, then answer: knock, gin or play on?</b>"),
            self.stage, self.picture, self.card_buttons,
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
        rules: Rules = self.rules
        return rules.base_knock_limit

    @property
    def actions(self) -> tuple[str, ...]:
        """The answers the rules allow (big gin only where the rules have it).

        >>> KnockLab(seed=1).actions, KnockLab(seed=1, rules=Rules(big_gin_bonus=31)).actions[-1]
        (('knock', 'gin', 'play on'), 'big gin')
        """
        return tuple(action for action in ACTIONS
                     if action != "big gin" or self.rules.big_gin_bonus is not None)

    def _show_actions(self) -> None:
        for action, made in self.action_buttons.items():
            made.layout.display = None if action in self.actions else "none"

    @friendly
    def set_hand(self, hand: HandLike) -> None:
        """Start over with ``hand`` (11 cards); a bad hand shows a message and changes nothing.

        >>> lab = KnockLab(seed=1); lab.set_hand("7H 8H 9H"); lab.message.text
        'the lab needs 11 cards (a hand after the draw), got 3'
        """
        cards = _eleven(hand)
        if self.knowledge is not None:  # a card in the pile, or the opponent's: refused
            self.knowledge.check_hand(hand_mask(cards), 11, self.rules.jokers)
        if cards == self.hand:
            self._new_hand()  # the same hand again: start it over
        else:
            self.hand = cards  # the observer shows it

    @traitlets.validate("hand")
    def _valid_hand(self, proposal: dict[str, Any]) -> tuple[Card, ...]:
        return _eleven(proposal["value"])

    def _new_hand(self, _change: object = None) -> None:
        self._describe_stage()
        self.discard, self.verdict = None, None
        self.message.clear()
        self.explanation.value = ""
        self.card_buttons.set_cards(self.hand)
        self._render()

    def _on_new_rules(self) -> None:
        self._show_actions()
        self._new_hand()

    def redraw(self) -> None:
        """Draw the hand, and the best play once answered, again (after ``four_colour``
        changes).

        >>> from gin_teach.display import FOUR_COLOURS
        >>> lab = KnockLab("4S 5S 6S 2C QH JH TH 7C 7D 7H KD"); lab.four_colour = True
        >>> FOUR_COLOURS["D"] in lab.picture.value
        True
        """
        self._render()
        if self.verdict is not None:
            self._explain()

    def new_hand(self) -> None:
        """A random 11-card hand from the seeded deck, one that is close to knocking so the
        decision is worth thinking about.

        >>> lab = KnockLab(seed=4); lab.new_hand(); best_discards(lab.hand)[0].deadwood <= 20
        True

        The stage of the hand belonged to the old cards: a new hand is judged without it.
        """
        self.knowledge = None
        self.set_hand(deal_close_to_knocking(self._rng, self.rules))

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
    def answer(self, action: str) -> Feedback | None:
        """Say ``knock``, ``gin``, ``play on`` (or ``big gin``) for the chosen discard; the
        course's own checker, :func:`gin_teach.lessons.check_knock`, judges it, and its
        feedback is shown and returned.

        >>> lab = KnockLab("4S 5S 6S 2C QH JH TH 7C 7D 7H KD"); lab.answer("knock")
        >>> lab.message.text
        'pick a card to discard first'
        >>> lab.choose_discard("KD"); lab.answer("play on").correct
        False
        """
        if not isinstance(action, str):
            raise AnswerError(f"answer {self._choices()}, not {excerpt(action)}")
        action = " ".join(action.lower().replace("_", " ").split())
        if action not in ACTIONS:
            raise AnswerError(f"answer {self._choices()}, not {excerpt(action)}")
        if not self.hand:
            raise IllegalMove("there is no hand yet: press New hand")
        if action != "big gin" and self.discard is None:
            raise IllegalMove("pick a card to discard first")
        feedback = check_knock(self.hand, action, self.rules, knock_limit=self.limit,
                               discard=None if action == "big gin" else self.discard)
        if action in ("knock", "play on") and self._stage_decides():
            feedback = self._at_this_stage(feedback, action)
        self.verdict, self._big_gin = feedback, action == "big gin"
        self.message.show_feedback(feedback)
        self._explain()
        self._render()
        return feedback

    def _stage_rules(self) -> Rules:
        rules: Rules = self.rules
        return rules if rules.knock_limit == self.limit else rules.replace(knock_limit=self.limit)

    def _stage_decides(self) -> bool:
        """Whether the stage of the hand decides between knocking and playing on: it is known,
        and the best discard allows a knock (not gin: gin is always taken)."""
        if self.knowledge is None or not self.hand:
            return False
        return best_discards(self.hand, self.rules, knock_limit=self.limit)[0].ends == "knock"

    def _at_this_stage(self, feedback: Feedback, action: str) -> Feedback:
        """The discard with the knock or the play on, judged at this stage of the hand by the
        judge: right when it grades the choice best or good."""
        assert self.knowledge is not None and self.discard is not None
        rules = self._stage_rules()
        judged = judge_discard(self.hand, self.knowledge, rules)
        try:
            mine = judged.choice(self.discard, knock=action == "knock")
        except CardError:
            return feedback  # a knock this discard does not allow: check_knock has said why
        why = discard_reason(judged, self.hand, mine, rules, self.knowledge)
        kept = tuple(card for card in self.hand if card != self.discard)
        return Feedback(mine.accepted, f"Discarding {self.discard} leaves deadwood "
                        f"{best_arrangement(kept).deadwood}. At this stage of the hand: {why}",
                        "" if mine.accepted else "Weigh the risk of an undercut (how late is "
                        "it?) against the cards that would bring you gin.")

    def _describe_stage(self) -> None:
        known = self.knowledge
        if known is None:
            self.stage.value = ("<small>The lab knows nothing of the stock or the opponent: it "
                                "checks the discard and what the rules allow, so where a knock "
                                "is allowed it counts knocking as best.</small>")
            return
        stock = ("as after the deal" if known.stock_size is None
                 else f"{known.stock_size} cards in the stock")
        self.stage.value = (f"<small>Stage of the hand: {html.escape(stock)}, "
                            f"{len(known.discard_pile)} cards in the discard pile. Knock or "
                            "play on is weighed against the hands the opponent may hold by "
                            "now.</small>")

    def _explain(self) -> None:
        best = best_discards(self.hand, self.rules, knock_limit=self.limit)
        kept = (self.hand if self.discard is None or self._big_gin
                else tuple(c for c in self.hand if c != self.discard))
        after = arrangement_svg(best_arrangement(kept), four_colour=self.four_colour,
                                title="your hand after the discard")
        play = " or ".join(_in_words(option) for option in best)
        if self._stage_decides():
            assert self.knowledge is not None
            rules = self._stage_rules()
            play = knock_reason(judge_discard(self.hand, self.knowledge, rules), self.hand, rules,
                                self.knowledge)
            play = play[:1].lower() + play[1:].rstrip(".")
        self.explanation.value = (f'<p style="margin:4px 0">The best play: '
                                  f"{html.escape(play)}.</p>{after}")

    def _best_cards(self) -> set[Card | None]:
        """The discards to show as best: those of the judge's best and good choices when the
        stage of the hand decides, else those that leave the least deadwood."""
        if self._stage_decides():
            assert self.knowledge is not None
            judged = judge_discard(self.hand, self.knowledge, self._stage_rules())
            return {option.card for option in judged.accepted}
        return {option.card for option in
                best_discards(self.hand, self.rules, knock_limit=self.limit)}

    def _choices(self) -> str:
        names = self.actions
        return ", ".join(names[:-1]) + " or " + names[-1]

    def _render(self) -> None:
        styles: dict[Card, str] = {}
        if self.discard is not None:
            styles[self.discard] = "selected"
        if self.verdict is not None:
            best = self._best_cards()
            for card in best - {None}:
                assert card is not None
                styles.setdefault(card, "best")
            if self.discard is not None and self.discard not in best:
                styles[self.discard] = "wrong"
        self.picture.value = hand_svg(self.hand, highlight=styles, four_colour=self.four_colour)
        buttons = {"selected": "info", "best": "success", "wrong": "danger"}
        self.card_buttons.mark({card: buttons[style] for card, style in styles.items()})


def _eleven(hand: HandLike) -> tuple[Card, ...]:
    cards = parse_hand(hand)
    if len(cards) != 11:
        raise CardError(f"the lab needs 11 cards (a hand after the draw), got {len(cards)}")
    return tuple(sorted(cards))


def _in_words(option: DiscardOption) -> str:
    if option.card is None:
        return "spread all 11 cards for big gin"
    ending = {"gin": ", which is gin", "knock": ", and knock"}.get(option.ends or "", "")
    return f"discard {option.card}, leaving deadwood {option.deadwood}{ending}"
