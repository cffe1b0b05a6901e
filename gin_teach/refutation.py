"""The refutation of a wrong choice: one of the judge's own deals played out, move by move.

A grade says how much a choice loses on average; a learner believes it sooner when shown one
hand where it goes wrong, as a chess site shows the move that refutes a blunder. This module
replays the deals the judge measured (:mod:`gin_teach.judge`: the same imagined opponent
hands and stocks, from the same seed, in the same order) and records what happens:

- :func:`play_line` plays one choice on one of those deals and returns its :class:`Line`:
  every :class:`Step` (who drew what from where, what was thrown), the knock or gin and the
  result, settled by the engine (:func:`~gin_teach.core.scoring.settle`);
- :func:`refute` picks the deal to show for a wrong choice against a better one: among the
  deals on which the wrong choice loses points and the better one, on the *same* deal, does
  not (or, if there are none, on which it does worse), the one whose difference is the most
  typical (nearest the median), and returns both lines as a :class:`Refutation`.

Nothing here is a claim about the hand being played: the opponent's cards and the stock
are imagined, and the text says so ("on this deal ..."), with how often the wrong choice
loses where the better one does not. The same position and seed give the same line.

>>> from gin_teach.analysis import Knowledge
>>> hand, known = "3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20)
>>> shown = refute(hand, known, None, "discard 4H", "discard KC")
>>> shown.line.points < 0 <= shown.better.points
True
>>> shown == refute(hand, known, None, "discard 4H", "discard KC")  # deterministic
True
"""

from __future__ import annotations

import dataclasses
import html
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from gin_teach.analysis import Knowledge
from gin_teach.analysis.game_odds import after_hand, measured_scores
from gin_teach.core.cards import Card, HandLike, cards_from_mask, to_cards
from gin_teach.core.kernel import deadwood_of_mask, may_knock
from gin_teach.core.melds import best_arrangement
from gin_teach.core.rules import Rules
from gin_teach.core.scoring import Settlement, settle
from gin_teach.core.validation import check_whole, names_bad_arguments, unchecked, wrong_argument
from gin_teach.display import hand_svg, message_html, settlement_html
from gin_teach.errors import CardError
from gin_teach.judge import BANK, play_on_plans, position_seed, table_view
from gin_teach.playouts.opponent import OpponentModel
from gin_teach.playouts.playout import (
    PlayoutRules,
    Turn,
    discard_score,
    draw_score,
    imagined_deal,
    playout_line,
    settle_masks,
    take_score,
    throw,
)
from gin_teach.playouts.table_view import TableView

__all__ = ["DEALS", "Line", "Refutation", "Step", "play_line", "refute"]

DEALS: Final = BANK.first
"""How many of the judge's deals :func:`refute` looks through: the first ones, on which the
judge measured every choice (:attr:`~gin_teach.judge.Precision.first` of the bank)."""

YOU, OPPONENT = "you", "opponent"

# Scored thousands of times per refutation, with arguments checked once here.
_discard, _knock = unchecked(discard_score), unchecked(settle_masks)
_take, _draw = unchecked(take_score), unchecked(draw_score)

_NUMBERS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight",
                   "nine", "ten")
_ORDINALS: Final = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
                    "eighth", "ninth", "tenth")


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _ordinal(n: int) -> str:
    return _ORDINALS[n] if 0 < n < len(_ORDINALS) else f"{n}th"


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class Step:
    """One turn of a line: the ``player`` (``"you"`` or ``"opponent"``), where it drew from
    (``source``: ``"pile"`` for the face-up card, ``"stock"``, or ``""`` for the discard you
    were choosing, made after a draw already made), the ``card`` drawn (None when nothing
    was), the card it ``threw``, the ``deadwood`` it kept, ``ending`` (``"knock"``, ``"gin"``
    or ``""``) and the ten cards it then held (``hand``).

    >>> step = Step("opponent", "pile", Card.parse("8H"), Card.parse("KC"), 12, "",
    ...             tuple(to_cards("8H 8C 8D 2S 3S 4S 5D 6D 7C KS")))
    >>> step.said()
    'Your opponent takes 8♥ and throws K♣'
    """

    player: str
    source: str
    card: Card | None
    threw: Card
    deadwood: int
    ending: str
    hand: tuple[Card, ...]

    def said(self) -> str:
        """The step in words, for a caption."""
        who = "You" if self.player == YOU else "Your opponent"
        verbs = ("take", "draw", "throw", "knock", "go") if self.player == YOU else (
            "takes", "draws", "throws", "knocks", "goes")
        if self.source == "pile":
            got = f"{verbs[0]} {self.card} and "
        elif self.source == "stock":
            got = f"{verbs[1]} {self.card} and "  # the deal is imagined: nothing is hidden
        else:
            got = ""
        if self.ending == "gin":
            return f"{who} {got}{verbs[4]} gin (throwing {self.threw} face down)"
        if self.ending == "knock":
            return f"{who} {got}{verbs[3]} with {self.deadwood}, throwing {self.threw}"
        return f"{who} {got}{verbs[2]} {self.threw}"

    def meld_of(self, card: Card) -> tuple[Card, ...]:
        """The meld ``card`` sits in among the cards held after this step (its best
        arrangement), or nothing."""
        for meld in best_arrangement(self.hand).melds:
            if card in meld.cards:
                return tuple(meld.cards)
        return ()


@dataclass(frozen=True)
class Line:
    """One choice played out on one of the judge's deals (:func:`play_line`): the ``move``
    (as typed: ``"discard 8H"``, ``"knock 8H"``, ``"take"``, ``"draw"``), the ``deal``
    (its place among the judge's deals from ``seed``), your cards when choosing
    (``start``), the opponent's imagined hand (``opponent``), the face-up card offered
    (``top``, at a draw), every :class:`Step`, and the end: ``outcome`` (``"knock"``,
    ``"gin"``, ``"undercut"``, ``"tie"`` or ``"dead hand"``), who went down (``knocker``,
    ``"you"``, ``"opponent"`` or None), your ``points`` (negative when the opponent scores),
    as the engine settles the last hands (``settlement``), and ``judged``, the points the
    judge's playout counted on this deal (its lay-offs estimated: nearly always the same).

    >>> from gin_teach.analysis import Knowledge
    >>> line = play_line("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20), None,
    ...                  "discard KC", 0)
    >>> line.steps[0].said(), line.drawn == tuple(
    ...     s.card for s in line.steps if s.source == "stock")
    ('You throw K♣', True)
    """

    move: str
    deal: int
    seed: int
    start: tuple[Card, ...]
    opponent: tuple[Card, ...]
    top: Card | None
    steps: tuple[Step, ...]
    outcome: str
    knocker: str | None
    points: int
    judged: int
    settlement: Settlement | None

    @property
    def drawn(self) -> tuple[Card, ...]:
        """The stock cards drawn, in the order they were drawn."""
        return tuple(s.card for s in self.steps if s.source == "stock" and s.card is not None)

    @property
    def last(self) -> Step | None:
        """The last step (None for a line with none: a dead hand at once)."""
        return self.steps[-1] if self.steps else None

    def key_take(self) -> Step | None:
        """The opponent's first take of a face-up card: what a wrong discard usually gives."""
        return next((s for s in self.steps if s.player == OPPONENT and s.source == "pile"),
                    None)

    def result(self) -> str:
        """What the line ends in for you, in words: ``"you lose 23 points"``."""
        if self.points > 0:
            return f"you score {_points(self.points)}"
        if self.points < 0:
            return f"you lose {_points(-self.points)}"
        return "a dead hand, no score" if self.outcome == "dead hand" else "no score"

    def summary(self) -> str:
        """The line in one sentence, built from its steps, starting lower case.

        >>> from gin_teach.analysis import Knowledge
        >>> line = refute("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20),
        ...               None, "discard 4H", "discard KC").line
        >>> line.summary().startswith(("your opponent", "you "))
        True
        """
        last = self.last
        if last is None or self.outcome == "dead hand":
            take = self.key_take()
            taken = f"your opponent takes {take.card}, but " if take is not None else ""
            return f"{taken}nobody goes down before the stock runs out: {self.result()}"
        index = self.steps.index(last)
        if last.player == OPPONENT:
            text = self._opponent_down(last, index)
            if self.outcome == "undercut":
                return f"{text}, but you undercut it: {self.result()}"
            return f"{text}: {self.result()}"
        text = self._you_down(last, index)
        if self.outcome == "undercut":
            defender = self.settlement.defender_count if self.settlement else 0
            card = self.deciding_card()
            laid = self.settlement.layoffs if self.settlement is not None else ()
            how = ("" if card is None else f", laying off {card}" if laid and laid[0].card == card
                   else f" after drawing {card}")
            return (f"{text}, and your opponent undercuts you with {defender}{how}: "
                    f"{self.result()}")
        return f"{text}: {self.result()}"

    def _going_down(self, step: Step, when: str) -> str:
        """Going down, ``when`` it happened, and with what: "knocks two turns later with 4"."""
        you = step.player == YOU
        if step.ending == "gin":
            return f"{'go' if you else 'goes'} gin {when}"
        return f"{'knock' if you else 'knocks'} {when} with {step.deadwood}"

    def deciding_card(self) -> Card | None:
        """The card that decides the line: the face-up card the opponent took (what a wrong
        discard usually gives), else the card that let the one who went down do it (its
        last draw), or for an undercut of your knock, the card your opponent laid off on
        your melds, or else its last draw; None for a line with no such card.

        >>> from gin_teach.analysis import Knowledge
        >>> line = refute("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20),
        ...               None, "discard 4H", "discard KC").line
        >>> str(line.deciding_card()) in line.summary()
        True
        """
        take = self.key_take()
        if take is not None:
            return take.card
        last = self.last
        if last is None or self.outcome == "dead hand":
            return None
        if last.player == YOU and self.outcome == "undercut":
            laid = self.settlement.layoffs if self.settlement is not None else ()
            if laid:
                return laid[0].card
            drew = [s for s in self.steps if s.player == OPPONENT and s.card is not None]
            return drew[-1].card if drew else None
        return last.card

    def _opponent_down(self, last: Step, index: int) -> str:
        take = self.key_take()
        if take is None:
            turns = sum(s.player == OPPONENT for s in self.steps[:index + 1])
            when = f"on its {_ordinal(turns)} turn"
            if last.card is not None:  # the card that let it go down
                return f"your opponent draws {last.card} and {self._going_down(last, when)}"
            return f"your opponent {self._going_down(last, when)}"
        start = self.steps.index(take)
        assert take.card is not None  # a take always names its card
        yours = any(s.player == YOU and s.threw == take.card for s in self.steps[:start])
        meld = take.meld_of(take.card)
        what = f"the {take.card} you threw" if yours else str(take.card)
        joined = f" for {' '.join(map(str, meld))}" if meld else ""
        later = sum(s.player == OPPONENT for s in self.steps[start + 1:index + 1])
        when = ("at once" if later == 0 else "on its next turn" if later == 1
                else f"{_number(later)} turns later")
        return f"your opponent takes {what}{joined} and {self._going_down(last, when)}"

    def _you_down(self, last: Step, index: int) -> str:
        if index == 0:
            return f"you {self._going_down(last, 'at once')}"
        later = sum(s.player == YOU for s in self.steps[1:index + 1])
        when = "on your next turn" if later == 1 else f"{_number(later)} turns later"
        drew = f"{'take' if last.source == 'pile' else 'draw'} {last.card} and " \
            if last.card is not None else ""
        return f"you {drew}{self._going_down(last, when)}"

    def _repr_html_(self) -> str:
        return self.html()

    def html(self, title: str | None = None, mark: str = "selected") -> str:
        """The line drawn with the table's cards: the opponent's imagined hand, each step's
        cards (the card drawn outlined, the card thrown after it; your choice outlined as
        ``mark``, a :data:`~gin_teach.display.HIGHLIGHTS` name) and the settlement.

        >>> from gin_teach.analysis import Knowledge
        >>> line = play_line("AS 2S 3S 5H 6H 7H 9D TD JD QD KH", Knowledge(stock_size=28),
        ...                  None, "knock KH", 0)
        >>> picture = line.html(mark="best")
        >>> 'data-card="KH" data-highlight="best"' in picture, "gin-settlement" in picture
        (True, True)
        """
        parts = [f"<div><b>{html.escape(title)}</b></div>"] if title else []
        parts.append(hand_svg(sorted(self.opponent), title="Your opponent's hand on this deal "
                              "(imagined)"))
        steps = []
        for step in self.steps:
            # A card drawn from the stock may go straight back: it is drawn once.
            cards = [c for c in (step.card, step.threw) if c is not None]
            cards = cards[:1] if step.card == step.threw else cards
            marks = {step.card: "drawn"} if step.card is not None else {}
            if step is self.steps[0]:
                marks[step.threw] = mark
            picture = hand_svg(cards, title=step.said(), highlight=marks)
            steps.append(f'<div style="margin:0 12px 6px 0">{picture}</div>')
        parts.append(f'<div style="display:flex;flex-wrap:wrap">{"".join(steps)}</div>')
        if self.settlement is not None:
            parts.append(settlement_html(self.settlement))
        return f'<div class="gin-line">{"".join(parts)}</div>'


def _percent(chance: float) -> str:
    return "under 1%" if 0 < chance < 0.01 else f"{round(100 * chance)}%"


def _choice_words(move: str, top: Card | None, other: str = "") -> str:
    """A choice in words: ``"throwing 8♥"``, ``"taking 7♦"``, ``"drawing from the stock"``;
    against the ``other`` move of knocking with the same card, ``"throwing 8♥ and playing
    on"``.

    >>> _choice_words("discard 8H", None, "knock 8H"), _choice_words("take", Card.parse("7D"))
    ('throwing 8♥ and playing on', 'taking 7♦')
    """
    words = move.split()
    if words[0] in ("discard", "knock"):
        card = Card.parse(words[1])
        if words[0] == "knock":
            return f"throwing {card} and knocking"
        same = other.split()[1:] == words[1:] and other.startswith("knock")
        return f"throwing {card}" + (" and playing on" if same else "")
    if words[0] == "take":
        return f"taking {top}" if top is not None else "taking the face-up card"
    return "passing" if words[0] == "pass" else "drawing from the stock"


@dataclass(frozen=True)
class Refutation:
    """A wrong choice's :class:`Line` on one of the judge's deals and the ``better``
    choice's line on the *same* deal; ``losing`` of the ``deals`` looked at are deals on
    which the wrong choice loses points and the better one does not, ``worse`` those on
    which it does worse at all. ``losing`` is 0 when no deal shows a loss, and the line
    then shows the wrong choice scoring less.

    >>> from gin_teach.analysis import Knowledge
    >>> shown = refute("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20), None,
    ...                "discard 4H", "discard KC")
    >>> shown.line.deal == shown.better.deal, 0 < shown.losing <= shown.worse <= shown.deals
    (True, True)
    """

    line: Line
    better: Line
    losing: int
    worse: int
    deals: int
    scores: tuple[int, int] | None = None
    """Yours and the opponent's, where a score on the table made the judge grade in game
    terms (None at 0-0, where a game point is a hand point)."""
    game: tuple[float, float] | None = None
    """With ``scores``: your chance of winning the game after this deal's wrong line, and
    after the better one."""

    def summary(self) -> str:
        """One sentence: how often, and on this deal what happens, and what the better
        choice does on the same deal.

        >>> from gin_teach.analysis import Knowledge
        >>> shown = refute("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20),
        ...                None, "discard 4H", "discard KC")
        >>> shown.summary().startswith("On this deal, one of the ")
        True
        """
        wrong = _choice_words(self.line.move, self.line.top, self.better.move)
        better = _choice_words(self.better.move, self.better.top, self.line.move)
        count = self.losing or self.worse
        which = (f"one of the {count} of the judge's {self.deals} deals" if count > 1
                 else f"the one deal of the judge's {self.deals}")
        if self.losing:
            often = f"{which} where {wrong} loses points and {better} does not"
        else:
            often = f"{which} where {wrong} does worse than {better}"
        said = (f"On this deal, {often}: {self.line.summary()}; after {better} instead, "
                f"{self.better.result()}.")
        if self.scores is None or self.game is None:
            return said
        # The grade is in game terms here: the line's points said as the game they leave.
        mine, theirs = self.scores
        after, instead = (_percent(chance) for chance in self.game)
        return (f"{said} In game terms, at {mine}-{theirs}: you win the game {after} of the "
                f"time after this hand, {instead} after {better}.")

    def _repr_html_(self) -> str:
        return self.html()

    def html(self) -> str:
        """The summary, the wrong choice's line drawn, and the better one's under a fold."""
        better = self.better.html(mark="best")
        title = _choice_words(self.better.move, self.better.top, self.line.move)
        return (f'<div class="gin-refutation">{message_html(self.summary(), "info")}'
                f"{self.line.html(mark='wrong')}<details><summary>The same deal after "
                f"{html.escape(title)}</summary>{better}</details></div>")


def _moves(hand: tuple[Card, ...], view: TableView, move: object) -> tuple[str, Card | None]:
    """``move`` read and checked against the position: its kind and card."""
    if not isinstance(move, str):
        raise wrong_argument("move", move, "a move such as 'discard KS', 'knock KS', 'take' "
                                           "or 'draw'")
    words = move.strip().lower().split()
    if len(hand) == 10:
        if words in (["take"], ["draw"], ["pass"]):
            return words[0], None
        raise CardError(f"{move[:30]!r} is not a choice of this draw: take, draw or pass")
    if len(words) != 2 or words[0] not in ("discard", "knock"):
        raise CardError(f"{move[:30]!r} is not a discard: say 'discard KS' or 'knock KS'")
    named = to_cards(words[1])
    if len(named) != 1:
        raise CardError(f"{move[:30]!r} names {len(named)} cards: a discard throws one")
    card = named[0]
    if card not in hand:
        raise CardError(f"{card} is not in the hand")
    if card.bit == view.just_taken:
        raise CardError(f"{card} was just taken from the pile: it may not be thrown")
    if words[0] == "knock" and not may_knock(deadwood_of_mask(view.hand ^ card.bit,
                                                              view.joker_points),
                                             view.knock_limit):
        raise CardError(f"throwing {card} leaves more deadwood than the knock limit "
                        f"({view.knock_limit}): no knock")
    return words[0], card


def _move_text(kind: str, card: Card | None) -> str:
    """The move as the judge names it: ``"knock 4S"``, ``"take"``."""
    return f"{kind} {card.code}" if card is not None else kind


@dataclass(frozen=True)
class _Position:
    cards: tuple[Card, ...]
    view: TableView
    playout: PlayoutRules
    rules: Rules
    seed: int


def _position(hand: HandLike, knowledge: Knowledge | None, rules: Rules | str | None,
              moves: Sequence[str], seed: int | None, opponent: str) -> _Position:
    cards = tuple(sorted(to_cards(hand)))
    if len(cards) not in (10, 11):
        raise CardError(f"a choice is made from 10 cards (the draw) or 11 (the discard), "
                        f"not {len(cards)}")
    known = knowledge if knowledge is not None else Knowledge()
    if not isinstance(known, Knowledge):
        raise wrong_argument("knowledge", knowledge, "a Knowledge or None")
    table = Rules.of(rules)
    view = table_view(cards, known, table)
    if len(cards) == 10 and not view.top:
        raise CardError("there is no face-up card to take: the discard pile is empty")
    playout = PlayoutRules.of(table, view.knock_limit, opponent)
    if seed is None:
        decision = "discard" if len(cards) == 11 else (
            "pass" if any(m.strip().lower() == "pass" for m in moves) else "draw")
        seed = position_seed(decision, view.hand, known, table)
    check_whole(seed, "seed", 0, 2**64 - 1)
    return _Position(cards, view, playout, table, seed)


def _deals(position: _Position, count: int) -> list[tuple[int, list[int]]]:
    """The judge's first ``count`` deals of the position, as :func:`common_deals
    <gin_teach.playouts.playout.common_deals>` draws them: one after another from its seed."""
    view = position.view
    model, rng = OpponentModel.of(view), random.Random(position.seed)
    return [imagined_deal(model, rng, view, position.playout) for _ in range(count)]


#: A way of playing a choice: a discard's plan of playing on (one of
#: :data:`~gin_teach.playouts.playout.PLANS`), a take's "knock" or "play on", or None.
_Way = str | None


def _ways(position: _Position, kind: str, card: Card | None) -> list[_Way]:
    """The ways the judge plays a choice, each measured, the best of them its value."""
    view = position.view
    if kind == "discard" and card is not None:
        left = deadwood_of_mask(view.hand ^ card.bit, view.joker_points)
        return list(play_on_plans(view, position.playout, left))
    if kind == "take":
        after, _ = throw(view.hand | view.top, view.top, view.joker_points)
        return ["knock", "play on"] if may_knock(after, view.knock_limit) else [None]
    return [None]


def _rules_of(position: _Position, way: _Way) -> PlayoutRules:
    if way in ("low", "next", "gin"):
        return dataclasses.replace(position.playout, plan=way)
    return position.playout


def _score(position: _Position, kind: str, card: Card | None, way: _Way,
           deal: tuple[int, list[int]]) -> int:
    """The judge's points for the choice on one deal, by the judge's own scorers."""
    view, rules = position.view, _rules_of(position, way)
    theirs, stock = deal
    if kind == "knock" and card is not None:
        return int(_knock(view.hand ^ card.bit, theirs, rules))
    if kind == "discard" and card is not None:
        return int(_discard(view.hand, card.bit, theirs, stock, rules))
    if kind == "take":
        return int(_take(view.hand, view.top, theirs, stock, rules,
                         None if way is None else way == "knock"))
    return int(_draw(view.hand, theirs, stock, rules))


def _best_way(position: _Position, kind: str, card: Card | None,
              deals: Sequence[tuple[int, list[int]]]) -> tuple[_Way, list[int]]:
    """The way worth most over ``deals`` (the first among equals, as the judge takes it)
    and its points deal by deal."""
    scored = [(way, [_score(position, kind, card, way, deal) for deal in deals])
              for way in _ways(position, kind, card)]
    return max(scored, key=lambda pair: sum(pair[1]))


def _card(bit: int) -> Card:
    return cards_from_mask(bit)[0]


def _steps_of(turns: Sequence[Turn], mine: int, hands: list[int]) -> list[Step]:
    """The playout's turns as steps, ``mine`` the playout's seat of the player choosing;
    ``hands`` are both seats' cards at the start (followed turn by turn)."""
    steps = []
    held = list(hands)
    for turn in turns:
        got = turn.took or turn.drew
        held[turn.player] = (held[turn.player] | got) ^ turn.threw
        source = "pile" if turn.took else "stock"
        ending = ("gin" if turn.deadwood == 0 else "knock") if turn.knocked else ""
        steps.append(Step(YOU if turn.player == mine else OPPONENT, source, _card(got),
                          _card(turn.threw), turn.deadwood, ending,
                          cards_from_mask(held[turn.player])))
    return steps


def _trace(position: _Position, kind: str, card: Card | None, way: _Way, index: int,
           deal: tuple[int, list[int]], move: str) -> Line:
    """The choice played out on deal ``index``, step by step, settled by the engine."""
    view, rules = position.view, _rules_of(position, way)
    theirs, dealt_stock = deal
    stock = list(dealt_stock)
    hand, jp = view.hand, view.joker_points
    steps: list[Step] = []
    # The playout's seats (0 and 1), which is yours, and the cards each holds: the playout
    # changes them in place, so at its end they are the hands to settle.
    hands, mine, thrown = [hand, theirs], 0, 0
    if kind in ("discard", "knock") and card is not None:
        kept, thrown = hand ^ card.bit, card.bit
        left = deadwood_of_mask(kept, jp)
        ending = ("gin" if left == 0 else "knock") if kind == "knock" else ""
        steps.append(Step(YOU, "", None, card, left, ending, cards_from_mask(kept)))
        hands, mine = [theirs, kept], 1
        knocks = kind == "knock"
    elif kind == "take":
        top = view.top
        value, thrown = throw(hand | top, top, jp)
        kept = (hand | top) ^ thrown
        limit = (view.knock_limit if len(stock) > rules.late_stock
                 else min(rules.late_knock, view.knock_limit))
        knocks = (may_knock(value, limit) if way is None else way == "knock") and \
            may_knock(value, view.knock_limit)
        ending = ("gin" if value == 0 else "knock") if knocks else ""
        steps.append(Step(YOU, "pile", _card(top), _card(thrown), value, ending,
                          cards_from_mask(kept)))
        hands, mine = [theirs, kept], 1
    else:
        knocks = False
    down = YOU if knocks else None
    if not knocks:
        start = list(hands)
        _, seat, turns = playout_line(hands, stock, thrown, 0, rules, 1 - mine)
        steps += _steps_of(turns, mine, start)
        down = None if seat < 0 else YOU if seat == mine else OPPONENT
    outcome, points, settlement = "dead hand", 0, None
    if down is not None:
        yours, others = hands[mine], hands[1 - mine]
        knocker, defender = (yours, others) if down == YOU else (others, yours)
        settlement = settle(cards_from_mask(knocker), cards_from_mask(defender),
                            position.rules, knock_limit=view.knock_limit)
        outcome = settlement.outcome
        won = {"knocker": down, "defender": OPPONENT if down == YOU else YOU}.get(
            settlement.winner or "")
        points = settlement.points if won == YOU else -settlement.points if won else 0
    return Line(move, index, position.seed, position.cards, cards_from_mask(theirs),
                _card(view.top) if len(position.cards) == 10 else None, tuple(steps),
                outcome, down, points, _score(position, kind, card, way, deal), settlement)


@names_bad_arguments
def play_line(hand: HandLike, knowledge: Knowledge | None, rules: Rules | str | None,
              move: str, deal: int, *, seed: int | None = None,
              opponent: str = "judge") -> Line:
    """Play ``move`` (``"discard 8H"``, ``"knock 8H"``, ``"take"``, ``"draw"`` or
    ``"pass"``) from ``hand`` (11 cards at a discard, 10 at a draw) on the judge's deal
    number ``deal`` (from 0) of this position, and record it. ``seed`` defaults to the
    position's own (:func:`~gin_teach.judge.position_seed`), as the judge's does; a
    discard played on is played by the plan the judge finds worth most on the first
    :data:`DEALS` deals. The last hands are settled by the engine.

    >>> from gin_teach.analysis import Knowledge
    >>> line = play_line("AS 2S 3S 5H 6H 7H 9D TD JD QD KH", Knowledge(stock_size=28),
    ...                  None, "knock KH", 0)
    >>> line.outcome, line.knocker, line.points == line.judged >= 25, len(line.steps)
    ('gin', 'you', True, 1)
    """
    check_whole(deal, "deal", 0, 10_000)
    position = _position(hand, knowledge, rules, [move], seed, opponent)
    kind, card = _moves(position.cards, position.view, move)
    deals = _deals(position, max(deal + 1, DEALS))
    way, _ = _best_way(position, kind, card, deals[:DEALS])
    return _trace(position, kind, card, way, deal, deals[deal], _move_text(kind, card))


@names_bad_arguments
def refute(hand: HandLike, knowledge: Knowledge | None, rules: Rules | str | None,
           wrong: str, better: str, *, seed: int | None = None, opponent: str = "judge",
           deals: int = DEALS, scores: tuple[int, int] | None = None) -> Refutation | None:
    """The line that shows what goes wrong with the ``wrong`` choice, against the
    ``better`` one, on the judge's first ``deals`` deals of the position (see the module):
    a deal on which ``wrong`` loses points and ``better`` does not, the most typical of
    them, or failing any, one on which ``wrong`` does worse. None when ``wrong`` does
    worse on none of the deals (a choice within the noise of the best, say). Only a deal
    whose settlement by the engine is the judge's own count is shown. With ``scores``
    (yours, the opponent's; not 0-0), where the judge grades in game terms, the summary
    says too what each line's points leave of your chance of the game.

    >>> from gin_teach.analysis import Knowledge
    >>> shown = refute("AS 2S 3S 5H 6H 7H 9D TD JD QD KH", Knowledge(stock_size=28), None,
    ...                "discard 5H", "knock KH")
    >>> shown.better.outcome, shown.line.points < shown.better.points
    ('gin', True)
    >>> refute("AS 2S 3S 5H 6H 7H 9D TD JD QD KH", Knowledge(stock_size=28), None,
    ...        "knock KH", "knock KH") is None
    True
    >>> late = refute("AS 2S 3S 5H 6H 7H 9D TD JD QD KH", Knowledge(stock_size=28), None,
    ...               "discard 5H", "knock KH", scores=(80, 90))
    >>> print(late.summary().split(". ")[-1])  # doctest: +NORMALIZE_WHITESPACE
    In game terms, at 80-90: you win the game 38% of the time after this hand, 100% after
    throwing K♥ and knocking.
    """
    check_whole(deals, "deals", 1, 10_000)
    position = _position(hand, knowledge, rules, [wrong, better], seed, opponent)
    kind, card = _moves(position.cards, position.view, wrong)
    good_kind, good_card = _moves(position.cards, position.view, better)
    table = measured_scores(scores, position.rules)
    if table == (0, 0):
        table = None  # a game point is a hand point: the hand's points say it all
    dealt = _deals(position, deals)
    way, points = _best_way(position, kind, card, dealt)
    good_way, good_points = _best_way(position, good_kind, good_card, dealt)
    rows = list(zip(range(deals), points, good_points, strict=True))
    losing = [r for r in rows if r[1] < 0 <= r[2]]
    worse = [r for r in rows if r[1] < r[2]]
    pool = losing or worse
    if not pool:
        return None
    typical = statistics.median_low([g - w for _, w, g in pool])
    for index, _, _ in sorted(pool, key=lambda r: (abs(r[2] - r[1] - typical), r[0])):
        line = _trace(position, kind, card, way, index, dealt[index],
                      _move_text(kind, card))
        other = _trace(position, good_kind, good_card, good_way, index, dealt[index],
                       _move_text(good_kind, good_card))
        if line.points == line.judged and other.points == other.judged:
            game = None if table is None else (
                after_hand(*table, line.points, position.rules),
                after_hand(*table, other.points, position.rules))
            return Refutation(line, other, len(losing), len(worse), deals, table, game)
    return None
