"""Quiet positions: puzzles where the plain count's card is right, served at every level.

A trainer that serves puzzles near the learner's rating would, above about 1,500, serve only
puzzles where the count is a trap (a Shape, Memory, Defence or Judgement puzzle), and the
learner would learn to distrust the count always. So about :data:`QUIET_SHARE` of the puzzles
served are quiet: a Count puzzle (tier 1) whose right answer is a card that leaves the least
deadwood. They are rated for serving by how hard they are to trust (:func:`trust_rating`), not
by their tier: a quiet position with many tempting shape cards is hard to trust, so a strong
learner meets those. After the answer the trainer says so (:data:`QUIET_WORDS`).

>>> from gin_teach.puzzles import load_bank
>>> quiet = [p for p in load_bank() if is_quiet(p)]
>>> all(count_cards(p) & p.answer for p in quiet), all(p.tier == 1 for p in quiet)
(True, True)
"""

from __future__ import annotations

import functools
from typing import Final

from gin_teach.analysis import Knowledge, analyze_discards
from gin_teach.core.cards import Card
from gin_teach.core.deadwood_discards import discard_options
from gin_teach.core.validation import wrong_argument
from gin_teach.puzzles.puzzle import Puzzle

__all__ = ["QUIET_SHARE", "QUIET_WORDS", "count_cards", "is_quiet", "trust_rating"]

QUIET_SHARE: Final = 0.15
"""The share of the puzzles a trainer serves that are quiet, whatever the learner's rating."""
QUIET_WORDS: Final = ("Here the count was all there was: the card that leaves the least "
                      "deadwood is right.")
"""What the trainer says after the answer to a quiet puzzle."""
LOWEST_TRUST: Final = 1000
"""The trust rating of a quiet position with nothing to tempt you away from the count."""
PER_TEMPTATION: Final = 110
"""How much harder to trust each wrong card is that keeps more outs than the count's card."""
CLOSE_COUNT: Final = 60
"""How much harder to trust each point by which the count's margin falls short of 4."""
MOST_TEMPTATIONS: Final = 8


def _checked(puzzle: object) -> Puzzle:
    if not isinstance(puzzle, Puzzle):
        raise wrong_argument("puzzle", puzzle, "a Puzzle")
    return puzzle


def count_cards(puzzle: Puzzle) -> frozenset[Card]:
    """The cards the plain count throws: every discard that leaves the least deadwood (not
    the card just taken, which may not go back). Empty for a take-or-draw puzzle.

    >>> from gin_teach.puzzles import load_bank
    >>> puzzle = next(p for p in load_bank() if p.kind == "discard")
    >>> count_cards(puzzle) <= set(puzzle.hand)
    True
    """
    puzzle = _checked(puzzle)
    if puzzle.kind != "discard":
        return frozenset()
    return _count_cards(puzzle.hand, puzzle.knowledge)


@functools.cache
def _count_cards(hand: tuple[Card, ...], knowledge: Knowledge) -> frozenset[Card]:
    options = [(o.card, o.deadwood) for o in discard_options(hand)
               if o.card is not None and o.card != knowledge.just_taken]
    least = min(deadwood for _, deadwood in options)
    return frozenset(card for card, deadwood in options if deadwood == least)


def is_quiet(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` is a quiet position: a Count puzzle asking only what to discard,
    whose answer holds a card the plain count throws.

    >>> from gin_teach.puzzles import load_bank
    >>> any(is_quiet(p) for p in load_bank()), is_quiet(next(p for p in load_bank()
    ...                                                       if p.tier == 5))
    (True, False)
    """
    puzzle = _checked(puzzle)
    return (puzzle.tier == 1 and puzzle.question == "discard"
            and bool(count_cards(puzzle) & puzzle.answer))


def trust_rating(puzzle: Puzzle) -> int:
    """How hard a quiet position is to trust, on the rating scale: the more wrong cards keep
    more outs than the count's card, and the closer the count's margin over them, the more a
    learner who has been taught that the count is a trap will talk itself out of it. A puzzle
    that is not quiet keeps its own rating.

    >>> from gin_teach.puzzles import load_bank
    >>> quiet = [p for p in load_bank() if is_quiet(p)]
    >>> ratings = [trust_rating(p) for p in quiet]
    >>> min(ratings) >= LOWEST_TRUST, max(ratings) > 1700
    (True, True)
    """
    puzzle = _checked(puzzle)
    if not is_quiet(puzzle):
        return puzzle.rating
    return _trust(puzzle.hand, puzzle.knowledge, puzzle.answer)


@functools.cache
def _trust(hand: tuple[Card, ...], knowledge: Knowledge, answer: frozenset[Card]) -> int:
    measured = {a.card: a for a in analyze_discards(hand, knowledge)}
    right = [measured[card] for card in _count_cards(hand, knowledge) & answer]
    kept = max(len(a.outs) for a in right)
    least = min(a.deadwood for a in right)
    wrong = [a for card, a in measured.items() if card not in answer]
    tempting = min(MOST_TEMPTATIONS, sum(1 for a in wrong if len(a.outs) > kept))
    margin = min((a.deadwood - least for a in wrong), default=4)
    return LOWEST_TRUST + PER_TEMPTATION * tempting + CLOSE_COUNT * max(0, 4 - margin)
