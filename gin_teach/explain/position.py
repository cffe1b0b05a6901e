"""What a discard decision is, as the explainer reads it: the :class:`Position` (the hand,
what the player knows, the rules, the score), a :class:`Valued` choice (the judge's loss and
shares for one discard), a :class:`Reason` (what decides between two), and the words for
cards and moves. Below :mod:`gin_teach.explain.reasons`, which decides between choices."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from gin_teach.analysis import DiscardAnalysis, Knowledge, analyze_discards
from gin_teach.analysis.discards import danger_weight
from gin_teach.core.cards import Card, HandLike, hand_mask, parse_cards, to_cards
from gin_teach.core.kernel import deadwood_of_mask
from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments
from gin_teach.errors import CardError, excerpt
from gin_teach.judge import Option, Rate, loss_words, position_seed, table_view
from gin_teach.playouts.opponent import OpponentModel
from gin_teach.playouts.playout import PlayoutRules, imagined_deal, settle_masks

__all__ = ["UNDERCUT_SAMPLES", "Position", "Reason", "Valued", "move_words", "said_cards",
           "without_opponent", "without_pile"]

UNDERCUT_SAMPLES: Final = 300
"""Hands the opponent may hold, drawn to estimate a knock's undercut risk (no playouts)."""


@names_bad_arguments
def said_cards(cards: Sequence[Card]) -> str:
    """Cards in words: ``"9♣"``, ``"9♣ and 9♠"``, ``"8♥, 9♣ and 9♠"``.

    >>> said_cards(parse_cards("9C 9S 8H"))
    '8♥, 9♣ and 9♠'
    """
    names = [str(card) for card in sorted(set(cards), key=lambda c: (c.rank, c.suit))]
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


@names_bad_arguments
def move_words(move: str) -> str:
    """A typed move (``"discard JS"``, ``"knock JS"``, ``"take"``) in the words a learner
    reads, with card symbols.

    >>> move_words("discard JS"), move_words("knock TD"), move_words("draw")
    ('discard J♠', 'discard 10♦ and knock', 'draw from the stock')
    """
    words = move.split()
    if len(words) == 2 and words[0] in ("discard", "knock"):
        try:
            (card,) = parse_cards(words[1])
        except CardError:
            return move
        return f"discard {card}{' and knock' if words[0] == 'knock' else ''}"
    return {"take": "take the face-up card", "draw": "draw from the stock",
            "pass": "pass"}.get(move, move)


@names_bad_arguments
def without_opponent(knowledge: Knowledge) -> Knowledge:
    """The same knowledge with the opponent's pick-ups, passes and discards forgotten (the pile
    and the stock stay).

    >>> without_opponent(Knowledge(opponent_took="8H", opponent_holds="8H")).opponent_holds
    ()
    """
    return Knowledge(discard_pile=knowledge.discard_pile, stock_size=knowledge.stock_size,
                     just_taken=knowledge.just_taken, knock_limit=knowledge.knock_limit,
                     jokers=knowledge.jokers)


@names_bad_arguments
def without_pile(knowledge: Knowledge) -> Knowledge:
    """The same knowledge with the discard pile forgotten (its cards count as unseen).

    >>> without_pile(Knowledge(discard_pile="5C 9D", stock_size=20)).discard_pile
    ()
    """
    return replace(knowledge, discard_pile=())


@dataclass(frozen=True)
class Valued:
    """One choice of a discard, valued: throw ``card`` and ``knock`` or not, losing ``loss``
    expected points (± ``error``) against the best; ``accepted`` when graded best or good.
    From the judge (:meth:`of`) or from a puzzle's stored numbers.

    >>> Valued.discard("KS", knock=True).said()
    'K♠ and knock'
    """

    card: Card
    knock: bool = False
    loss: float = 0.0
    error: float = 0.0
    accepted: bool = True
    opponent_first: float | None = None
    """The judge's share of deals on which the opponent went down first (a discard that
    plays on; None where it was not measured, as in a stored puzzle)."""
    undercut: float | None = None
    """The judge's share of deals on which this knock was undercut (None: not measured)."""
    rates: tuple[Rate, ...] = ()
    """The judge's shares of its deals for this choice against the best, on the same deals
    (who went down first, gin, who won the hand): empty for the best, or not measured."""

    @classmethod
    @names_bad_arguments
    def discard(cls, card: Card | str, knock: bool = False, loss: float = 0.0,
                error: float = 0.0, accepted: bool | None = None) -> Valued:
        """A choice by card code (accepted unless it loses something)."""
        chosen = card if isinstance(card, Card) else parse_cards(card)
        if not isinstance(chosen, Card):
            if len(chosen) != 1:
                raise CardError(f"a discard is one card, got {excerpt(card)}")
            chosen = chosen[0]
        return cls(chosen, knock, loss, error, loss <= 0 if accepted is None else accepted)

    @classmethod
    @names_bad_arguments
    def of(cls, option: Option) -> Valued:
        """A discard option of the judge."""
        if option.card is None:
            raise CardError(f"{option.move} throws no card: it is not a discard")
        return cls(option.card, option.knock, option.loss, option.error, option.accepted,
                   option.opponent_first, option.undercut, option.rates)

    def said(self, play_on: bool = False) -> str:
        """The choice in words; ``play_on`` says so when the card could knock too."""
        if self.knock:
            return f"{self.card} and knock"
        return f"{self.card} and play on" if play_on else str(self.card)

    def cost(self) -> str:
        """What it costs against the best, with the measurement's error."""
        return loss_words(self.loss, self.error)


@dataclass(frozen=True)
class Reason:
    """What decides between a better and a worse choice: its ``kind`` (one of
    :data:`KINDS`), ``why`` the better one (a clause naming it) and what the worse one does
    ``wrong`` (a clause naming it).

    >>> Reason("count", "K♠ leaves 26, 7♠ leaves 33", "7♠ leaves 33 where K♠ leaves 26").plain
    '7♠ leaves 33 where K♠ leaves 26'
    """

    kind: str
    why: str
    wrong: str
    facts: str = ""
    """The facts alone, without saying which is worse (for a choice the playouts accept)."""
    short: str = ""
    """``wrong`` without its supporting clauses, for where the whole does not fit."""

    @property
    def plain(self) -> str:
        """The facts for a choice as good as the best: ``facts``, else ``wrong``."""
        return self.facts or self.wrong


@dataclass(frozen=True)
class Position:
    """A discard decision: the 11 cards of ``hand``, what the player ``knowledge`` knows,
    the ``rules`` and, in a game, the ``scores`` (yours, the opponent's).

    >>> position = Position.of("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20))
    >>> position.left(Card.parse("KC")), position.stock
    (38, 20)
    """

    hand: tuple[Card, ...]
    knowledge: Knowledge
    rules: Rules
    scores: tuple[int, int] | None = None

    @classmethod
    @names_bad_arguments
    def of(cls, hand11: HandLike, knowledge: Knowledge | None = None,
           rules: Rules | None = None, scores: tuple[int, int] | None = None) -> Position:
        """The position of ``hand11`` (the cards sorted: their order changes nothing)."""
        return cls(tuple(sorted(to_cards(hand11))), knowledge or Knowledge(),
                   rules or Rules.modern(), scores)

    @functools.cached_property
    def analyses(self) -> dict[Card, DiscardAnalysis]:
        """The analysis of each legal discard, by card."""
        return {a.card: a for a in analyze_discards(self.hand, self.knowledge, self.rules)}

    @functools.cached_property
    def weight(self) -> float:
        """Deadwood points one unit of danger costs at this stage of the hand."""
        return danger_weight(self.knowledge, self.rules)

    def left(self, card: Card) -> int:
        """The deadwood left after throwing ``card``."""
        return deadwood_of_mask(hand_mask(self.hand) ^ card.bit, self.rules.joker_points)

    @functools.cached_property
    def stock(self) -> int:
        """Cards left in the stock."""
        return self.knowledge.stock(len(self.hand), self.rules.jokers)

    def scores_without(self, forget: str) -> dict[Card, float]:
        """The analysis scores with the pile (``"pile"``) or the opponent's moves
        (``"opponent"``) forgotten."""
        known = without_pile(self.knowledge) if forget == "pile" else \
            without_opponent(self.knowledge)
        return {a.card: a.score for a in analyze_discards(self.hand, known, self.rules)}

    def knock_odds(self, card: Card) -> tuple[float, float, float]:
        """For a knock after throwing ``card``: the chance of an undercut, of the knock
        winning the game and of an undercut losing it, over hands the opponent may hold
        (drawn from what it has shown; seeded by the position)."""
        return _knock_odds(self, card)

    def named(self) -> frozenset[Card]:
        """Every card a reason may name: the hand and every card the knowledge shows."""
        k = self.knowledge
        shown = (*k.discard_pile, *k.opponent_holds, *k.opponent_took, *k.opponent_passed,
                 *k.opponent_discarded)
        return frozenset((*self.hand, *shown))


@functools.lru_cache(maxsize=64)
def _knock_odds(position: Position, card: Card) -> tuple[float, float, float]:
    view = table_view(position.hand, position.knowledge, position.rules)
    playout_rules = PlayoutRules.of(position.rules, view.knock_limit)
    kept = view.hand ^ card.bit
    rng = random.Random(position_seed("undercut", kept, position.knowledge, position.rules))
    model = OpponentModel.of(view)
    mine, theirs = position.scores or (0, 0)
    target = position.rules.target
    undercut = won = lost = 0
    for _ in range(UNDERCUT_SAMPLES):
        hand, _stock = imagined_deal(model, rng, view, playout_rules)
        points = settle_masks(kept, hand, playout_rules)
        undercut += points < 0
        won += points > 0 and mine + points >= target
        lost += points < 0 and theirs - points >= target
    return undercut / UNDERCUT_SAMPLES, won / UNDERCUT_SAMPLES, lost / UNDERCUT_SAMPLES
