"""The frames of the lesson widgets: the rules and colours every widget has, a widget about one
hand, and a widget about one round that ended in a knock.

Each frame keeps its settings as traits (``rules``, ``four_colour``): setting one redraws the
widget through an observer, and the frame links ``four_colour`` to the controls it holds.

>>> frame = LessonWidget(seed=3)
>>> frame.four_colour = True; frame.message.text
''
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as widgets
import traitlets

from gin_teach.core.cards import Card, Deck, HandLike
from gin_teach.core.rules import Rules
from gin_teach.core.scoring import Settlement, settle
from gin_teach.errors import CardError, IllegalMove, RulesError, excerpt
from gin_teach.lessons.examples import deal_knock
from gin_teach.widgets.classroom import CARD_SIZES, SETTINGS, setting_classes, style_widget
from gin_teach.widgets.controls import HandText, MessageArea, button
from gin_teach.widgets.learner_input import friendly, parse_hand

__all__ = ["HandExercise", "KnockExercise", "LessonWidget"]


def _random_source(seed: int | random.Random | None) -> random.Random:
    """A random source from a seed (the same seed gives the same deals).

    >>> _random_source(4).random() == _random_source(4).random()
    True
    """
    return seed if isinstance(seed, random.Random) else random.Random(seed)


class LessonWidget(widgets.VBox):
    """The frame of every lesson widget: the rules it plays by, the four-colour choice for its
    pictures, a seeded random source for its example deals, and the ``message`` area that
    :func:`~gin_teach.widgets.learner_input.friendly` handlers report to. A subclass builds its
    parts, then sets ``children``.

    ``rules`` and ``four_colour`` are traits: setting either draws the widget again through
    an observer (:meth:`redraw`; a subclass may do more when the rules change).

    >>> frame = LessonWidget(seed=3, four_colour=True)
    >>> frame.rules == Rules(), frame.four_colour, frame.message.text
    (True, True, '')
    >>> frame.rules = "classic"
    Traceback (most recent call last):
    gin_teach.errors.RulesError: the rules are a Rules value, such as Rules.classic(), not 'classic'

    The classroom settings are traits too: ``card_size`` (``"normal"`` or ``"large"``, for a
    projector), ``high_contrast`` and ``show_computer_hand`` (for a teacher showing what the
    computer holds); the widget passes each down to the controls it links.

    >>> frame.card_size = "large"; frame.high_contrast = True
    >>> sorted(name for name in frame._dom_classes if name.startswith("gin-"))
    ['gin-contrast', 'gin-large', 'gin-lesson']
    """

    rules = traitlets.Any(Rules.modern(), help="the rules the widget plays by (a Rules)")
    four_colour = traitlets.Bool(False, help="four suit colours instead of two")
    card_size = traitlets.Enum(CARD_SIZES, "normal", help="large cards for a projector")
    high_contrast = traitlets.Bool(False, help="stronger colours and edges")
    show_computer_hand = traitlets.Bool(False, help="the computer's cards face up (teaching)")

    def __init__(self, *, rules: Rules | None = None, seed: int | random.Random | None = None,
                 four_colour: bool = False) -> None:
        super().__init__()
        self.rules = Rules.modern() if rules is None else rules
        self.four_colour = four_colour
        self.message = MessageArea()
        self._rng = _random_source(seed)
        self.observe(self._setting_changed, names=["rules", "four_colour"])
        self.add_class("gin-lesson")
        self.observe(self._look_changed, names=["card_size", "high_contrast"])

    @traitlets.validate("children")
    def _with_style(self, proposal: dict[str, Any]) -> tuple[widgets.Widget, ...]:
        # The classroom style sheet rides along as the first child, whatever a subclass shows.
        children = tuple(proposal["value"])
        return children if children[:1] == (style_widget(),) else (style_widget(), *children)

    def _look_changed(self, _change: object) -> None:
        wanted = setting_classes(self.card_size, self.high_contrast)
        for name in {"gin-large", "gin-contrast"} - wanted:
            self.remove_class(name)
        for name in wanted:
            self.add_class(name)

    @traitlets.validate("rules")
    def _valid_rules(self, proposal: dict[str, Any]) -> Rules:
        rules = proposal["value"]
        if not isinstance(rules, Rules):
            raise RulesError("the rules are a Rules value, such as Rules.classic(), not "
                             f"{excerpt(rules)}")
        return rules

    def _setting_changed(self, change: dict[str, Any]) -> None:
        if change["name"] == "rules":
            self._on_new_rules()
        else:
            self.redraw()

    def _on_new_rules(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw the widget again, as its settings now say; a subclass draws its parts.

        >>> LessonWidget().redraw()  # the bare frame has nothing to draw
        """

    def link_colours(self, *controls: traitlets.HasTraits) -> None:
        """Keep each control's ``four_colour`` (and any other of the classroom
        :data:`~gin_teach.widgets.classroom.SETTINGS` it has) equal to the widget's.

        >>> from gin_teach.widgets.controls import CardButtons
        >>> frame, buttons = LessonWidget(), CardButtons()
        >>> frame.link_colours(buttons); frame.four_colour = True; buttons.four_colour
        True
        """
        for control in controls:
            for name in SETTINGS:
                if control.has_trait(name):
                    traitlets.dlink((self, name), (control, name))


class HandExercise(LessonWidget):
    """A lesson widget about one hand that the learner types, clicks or deals: the ``text``
    box, a ``deal_button`` for a seeded hand of ``size`` cards, and :meth:`set_hand`, which a
    subclass defines. A subclass builds its parts, then calls :meth:`start`.

    >>> class Echo(HandExercise):
    ...     def set_hand(self, hand):
    ...         self.text.show(parse_hand(hand))
    >>> echo = Echo(seed=1, size=3); echo.start(None); len(echo.text.value.split())
    3
    """

    def __init__(self, *, size: int = 10, rules: Rules | None = None,
                 seed: int | random.Random | None = None, four_colour: bool = False,
                 placeholder: str = "type cards, e.g. 7H 8H 9H 10S") -> None:
        super().__init__(rules=rules, seed=seed, four_colour=four_colour)
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 51:
            # A lesson cell edited by hand: use the usual hand and say so (the subclass's own
            # work clears messages, so the warning is shown again once it is built).
            self._problem = f"a hand size is a whole number from 1 to 51, not {excerpt(size)}; " \
                "using 10"
            size = 10
        else:
            self._problem = ""
        self.size = size
        self._seeded = seed is not None
        self.text = HandText(self.set_hand, placeholder=placeholder)
        self.deal_button = button(f"Deal {size}", self.deal, tooltip=f"a random hand of {size}")

    def start(self, hand: HandLike | None) -> None:
        """Show ``hand``; with no hand but a seed, deal one; with neither, start empty.

        >>> class Echo(HandExercise):
        ...     def set_hand(self, hand):
        ...         self.text.show(parse_hand(hand))
        >>> echo = Echo(); echo.start("7H 8H"); echo.text.value
        '7♥ 8♥'
        """
        if hand is None and self._seeded:
            self.deal()
        else:
            self.set_hand(hand)
        if self._problem:
            self.message.show(self._problem, "error")

    def set_hand(self, hand: HandLike | None) -> None:
        """Show another hand (a subclass says how).

        >>> HandExercise().set_hand("7H")
        Traceback (most recent call last):
        NotImplementedError: HandExercise shows no hand of its own
        """
        raise NotImplementedError(f"{type(self).__name__} shows no hand of its own")

    def type_cards(self, text: str) -> None:
        """What typing ``text`` into the box and pressing Enter does.

        >>> class Echo(HandExercise):
        ...     def set_hand(self, hand):
        ...         self.text.show(f"got {hand}")
        >>> echo = Echo(); echo.type_cards("jh"); echo.text.value
        'got jh'
        """
        if isinstance(text, str):
            self.text.submit(text)
        else:  # the box holds text only: anything else goes straight to the hand's checks
            self.set_hand(text)

    def deal(self) -> None:
        """A random hand of ``size`` cards from the seeded deck, sorted.

        >>> class Echo(HandExercise):
        ...     def set_hand(self, hand):
        ...         self.text.show(hand)
        >>> echo = Echo(seed=1, size=2); echo.deal(); len(echo.text.value.split())
        2
        """
        self.set_hand(tuple(sorted(Deck(self._rng).deal(1, self.size)[0])))


class KnockExercise(LessonWidget):
    """A lesson widget about one round that ended in a knock: the knocker's 10 cards after the
    discard, the defender's 10, and the rules engine's settlement of them. A subclass builds its
    parts, then calls :meth:`start`, and shows each new round in ``_new_question``.

    >>> exercise = KnockExercise("7S 7H 7D 9C TC JC 3H 4H 5H 8D",
    ...                          "AS 2S 3S QD QH QC 8C KS KH KD")
    >>> exercise.start()
    >>> exercise.settlement.outcome, exercise.settlement.winner, exercise.settlement.points
    ('undercut', 'defender', 33)

    Other rules settle the same round again; rules under which it is no legal knock are
    refused, and the widget keeps its rules:

    >>> exercise.rules = Rules.classic(); exercise.settlement.points
    18
    >>> exercise.rules = Rules(knock_limit=5)
    Traceback (most recent call last):
    gin_teach.errors.IllegalMove: the knocker's deadwood is 8, over the knock limit of 5
    """

    knocker: tuple[Card, ...] = ()
    defender: tuple[Card, ...] = ()
    settlement: Settlement | None = None

    def __init__(self, knocker: HandLike | None = None, defender: HandLike | None = None, *,
                 knocker_melds: list[HandLike] | None = None, rules: Rules | None = None,
                 seed: int | random.Random | None = None, four_colour: bool = False) -> None:
        super().__init__(rules=rules, seed=seed, four_colour=four_colour)
        self.knocker_melds = knocker_melds
        self._given = (knocker, defender, knocker_melds)

    def start(self) -> None:
        """Show the round given when the widget was made, or deal one from the seed.

        >>> exercise = KnockExercise(seed=2); exercise.start()
        >>> len(exercise.knocker), len(exercise.defender)
        (10, 10)
        """
        knocker, defender, knocker_melds = self._given
        if knocker is None and defender is None:
            self.new_round()
            return
        self.set_round(knocker, defender, knocker_melds)
        if self.settlement is None:  # the round given cannot be played: say why, deal another
            problem = self.message.text
            self.new_round()
            if self.settlement is not None:
                self.message.show(f"{problem}; dealing a random round instead", "error")

    @friendly
    def set_round(self, knocker: HandLike | None, defender: HandLike | None,
                  knocker_melds: list[HandLike] | None = None) -> None:
        """A new question: the knocker's 10 cards after the discard and the defender's 10. The
        knocker spreads ``knocker_melds``, or by default the spread the rules engine picks. A
        knock the rules forbid shows a message and changes nothing.

        >>> exercise = KnockExercise()
        >>> exercise.set_round("7S 7H 7D 9C TC JC 3H 4H 2D KD", "2S 3S 4S QD QH QC 8C KH 5D TS")
        >>> "over the knock limit of 10" in exercise.message.text, exercise.settlement
        (True, None)
        """
        knocker_cards, defender_cards = parse_hand(knocker), parse_hand(defender)
        if knocker_melds is not None and not isinstance(knocker_melds, (list, tuple)):
            raise CardError("the knocker's melds are a list of melds, such as "
                            f"['7S 7H 7D', '9C 10C JC'], not {excerpt(knocker_melds)}")
        settlement = settle(knocker_cards, defender_cards, self.rules, knocker_melds)
        self.knocker, self.defender = knocker_cards, tuple(sorted(defender_cards))
        self.knocker_melds = knocker_melds
        self.settlement = settlement
        self.message.clear()
        self._new_question()

    @friendly
    def new_round(self) -> None:
        """Another seeded example round (one :meth:`_wanted` accepts); when the rules make
        such a round too rare to find, a message says so and the round shown stays.

        >>> exercise = KnockExercise(seed=5); exercise.new_round(); first = exercise.knocker
        >>> exercise.new_round(); exercise.knocker != first
        True
        """
        knocker, defender, _ = deal_knock(self._rng, self.rules, want=self._wanted)
        self.set_round(knocker, defender)

    def _wanted(self, settlement: Settlement) -> bool:
        """Whether a dealt example suits this exercise; any legal knock will do here."""
        return True

    def _current(self) -> Settlement:
        """The round being asked about; a widget whose every deal failed has none yet.

        >>> KnockExercise()._current()
        Traceback (most recent call last):
        gin_teach.errors.IllegalMove: there is no round yet: press New round
        """
        if self.settlement is None:
            raise IllegalMove("there is no round yet: press New round")
        return self.settlement

    @traitlets.validate("rules")
    def _valid_rules(self, proposal: dict[str, Any]) -> Rules:
        rules: Rules = super()._valid_rules(proposal)
        if self.settlement is not None:  # the round must be a legal knock under the new rules
            settle(self.knocker, self.defender, rules, self.knocker_melds)  # raises if not
        return rules

    def _on_new_rules(self) -> None:
        # The same round, settled under the new rules: a new question.
        if self.settlement is not None:
            self.settlement = settle(self.knocker, self.defender, self.rules, self.knocker_melds)
            self._new_question()

    def _new_question(self) -> None:
        """Show the round just set; a subclass draws its pictures here."""
