"""Nudges: what to say after a wrong answer, before the answer itself.

A learner who is told the right card at the first slip learns the card, not how to find it.
So every strategy exercise of the course and the puzzle trainer answer a wrong try with a
question or a pointer (what to look at: a broken meld, the pile, the count, the outs, what the
opponent took, the stock), and show the answer and its reason only when asked ("show the
answer") or after the last try.

A nudge may name the learner's own card (it is wrong), never a card or a choice that would be
right: it is chosen by comparing the learner's card with the best one, and only the
learner's side of the comparison is put into words.

>>> from gin_teach.core.cards import Card
>>> print(discard_nudge("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Card.parse("4H"),
...                     Card.parse("KC")))
4♥ is part of a meld: which of your cards belong to no meld at all?
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from gin_teach.analysis import Knowledge, analyze_discards
from gin_teach.core.cards import Card, HandLike, to_cards
from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments
from gin_teach.judge import breaks_meld
from gin_teach.puzzles import Puzzle

__all__ = ["DANGER_GAP", "discard_nudge", "draw_nudge", "knock_nudge", "names_any", "puzzle_nudge",
           "puzzle_solution"]

DANGER_GAP: Final = 0.15
"""How much more likely to feed the opponent the learner's card must be (in the analysis's
danger, a chance) before the nudge points at what the opponent took."""


def _gone_partners(card: Card, hand: Collection[Card], pile: Collection[Card]) -> int:
    """How many cards that would complete a meld with ``card`` and a card of ``hand`` lie in
    the discard pile: the partners it waits for that can no longer come."""
    gone = 0
    for other in hand:
        if other == card:
            continue
        if other.rank == card.rank:  # a pair: the other two of the rank complete it
            gone += sum(1 for c in pile if c.rank == card.rank)
        elif other.suit == card.suit and abs(other.rank - card.rank) in (1, 2):
            low, high = min(card.rank, other.rank), max(card.rank, other.rank)
            wanted = {low - 1, high + 1} if high - low == 1 else {low + 1}
            gone += sum(1 for c in pile if c.suit == card.suit and c.rank in wanted)
    return gone


@names_bad_arguments
def discard_nudge(hand: HandLike, card: Card, best: Card,
                  knowledge: Knowledge | None = None, rules: Rules | None = None) -> str:
    """A question that points from the learner's discard ``card`` toward what makes ``best``
    better, naming only ``card``: the meld it breaks, the dead cards in the pile, the count,
    what the opponent took, the outs, in that order of plainness.

    >>> from gin_teach.core.cards import Card
    >>> hand = "AS 2S 3S 6H 6D 6C 8C 8D 2H 2C KD"
    >>> print(discard_nudge(hand, Card.parse("2H"), Card.parse("8C"),
    ...                     Knowledge(discard_pile="8H 8S KC")))  # doctest: +NORMALIZE_WHITESPACE
    Look at the discard pile: which of your cards can no longer make a meld, because its
    partners are gone?
    >>> print(discard_nudge(hand, Card.parse("2H"), Card.parse("KD")))
    Count first: which discard leaves you the least deadwood?
    """
    cards = to_cards(hand)
    known = knowledge or Knowledge()
    if card == best:
        return ("The card is right, but not what you do with it: how many cards are left "
                "in the stock, and how low could your opponent be by now?")
    if breaks_meld(cards, card, rules):
        return f"{card} is part of a meld: which of your cards belong to no meld at all?"
    pile = known.discard_pile
    if _gone_partners(best, cards, pile) > _gone_partners(card, cards, pile):
        return ("Look at the discard pile: which of your cards can no longer make a meld, "
                "because its partners are gone?")
    measured = {a.card: a for a in analyze_discards(cards, known, rules)}
    mine, theirs = measured[card], measured[best]
    if mine.deadwood > theirs.deadwood:
        return "Count first: which discard leaves you the least deadwood?"
    if known.opponent_holds and mine.danger > theirs.danger + DANGER_GAP:
        return (f"What has your opponent picked up from the pile? Could {card} be a card it "
                "is waiting for?")
    if len(mine.outs) < len(theirs.outs):
        what = "less deadwood" if mine.deadwood < theirs.deadwood else "as much deadwood"
        return (f"{card} leaves {what} than some cards, but count the outs too: after each "
                "discard, how many unseen cards would make a meld?")
    if mine.danger > theirs.danger:
        return (f"Think about your opponent too: what has it taken, passed and thrown, and "
                f"how safe is {card}?")
    return ("Think about the whole hand: what each card does for you now, and what it leaves "
            "room for later.")


@names_bad_arguments
def knock_nudge(stock_size: int | None = None) -> str:
    """The pointer for a knock-or-play-on question, the same whichever is right: it names
    what decides it (the stock left, how low the opponent may be, what the hand can become).

    >>> print(knock_nudge(8))  # doctest: +NORMALIZE_WHITESPACE
    Only 8 cards are left in the stock: how low could your opponent be by now, and how close
    is your own hand to gin?
    """
    if stock_size is None:
        return ("How many cards are left in the stock? How low could your opponent be by now, "
                "and how close is your own hand to gin?")
    return (f"Only {stock_size} cards are left in the stock: how low could your opponent be "
            "by now, and how close is your own hand to gin?" if stock_size <= 12 else
            f"{stock_size} cards are left in the stock: how low could your opponent be by "
            "now, and how close is your own hand to gin?")


def draw_nudge() -> str:
    """The pointer for a take-or-draw question, the same whichever is right.

    >>> print(draw_nudge())  # doctest: +NORMALIZE_WHITESPACE
    What would the face-up card do for you: does it make a meld now, or only a pair? And what
    does an unknown card do for you on average?
    """
    return ("What would the face-up card do for you: does it make a meld now, or only a pair? "
            "And what does an unknown card do for you on average?")


@names_bad_arguments
def puzzle_nudge(puzzle: Puzzle, card: Card, knock: bool) -> str:
    """The question a wrong answer to a discard ``puzzle`` hears first: about the card when
    the card is wrong, about the stock when only the knock is (the trainer asks the same).

    >>> from gin_teach.puzzles import puzzle_for
    >>> puzzle = puzzle_for("knock early", seed=0); best = puzzle.best_choice
    >>> print(puzzle_nudge(puzzle, best.card, not best.knock))  # doctest: +ELLIPSIS
    The card is right, ... how low could your opponent be by now, and how close ... to gin?
    """
    best = puzzle.best_choice
    if card in puzzle.answer and best.card is not None:
        if puzzle.knock is not None and knock != puzzle.knock:
            return ("The card is right, but not what you do with it. "
                    + knock_nudge(puzzle.knowledge.stock_size))
        return "Think about the whole hand once more."
    assert best.card is not None  # a discard puzzle's every choice throws a card
    return discard_nudge(puzzle.hand, card, best.card, puzzle.knowledge)


@names_bad_arguments
def puzzle_solution(puzzle: Puzzle) -> str:
    """A puzzle's answer and its reason, as "show the answer" gives it.

    >>> from gin_teach.puzzles import puzzle_for
    >>> puzzle_solution(puzzle_for("knock early", seed=0)).startswith("Best: ")
    True
    """
    if puzzle.take is not None:
        return puzzle.grade_draw(puzzle.take).explanation
    best = puzzle.best_choice
    return puzzle.grade(best.card, best.knock).explanation


@names_bad_arguments
def names_any(text: str, cards: Collection[Card]) -> list[Card]:
    """The cards of ``cards`` that ``text`` names (as ``7♥``, the way every message writes a
    card): what a test of a nudge looks for.

    >>> names_any("Is 10♥ part of a meld?", to_cards("TH 7S"))
    [Card('TH')]
    """
    return [card for card in cards if _named(text, str(card))]


def _named(text: str, name: str) -> bool:
    start = text.find(name)
    while start >= 0:
        before = text[start - 1] if start else " "
        if not before.isalnum():  # "10♥" must not be found inside "110♥"
            return True
        start = text.find(name, start + 1)
    return False
