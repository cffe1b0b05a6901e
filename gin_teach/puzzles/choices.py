"""What a puzzle is made of: the tiers, themes, kinds and hints, the knowledge fields, and one
measured choice (:class:`ChoiceValue`). Below :mod:`gin_teach.puzzles.puzzle`,
:mod:`gin_teach.puzzles.fields` and :mod:`gin_teach.puzzles.verify`, so none of them imports
another to share these."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from gin_teach.core.cards import Card
from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments, wrong_argument
from gin_teach.core.verdicts import verdict_for
from gin_teach.judge import Rate, breaks_meld

__all__ = ["HINTS", "KINDS", "KNOCK_LIMIT", "KNOWLEDGE_CARDS", "THEMES", "TIER_NAMES",
           "ChoiceValue", "rates_json", "stored_verdict"]

HINTS: Final = {
    1: "Count the deadwood each discard would leave.",
    2: "Two discards leave about the same count: which keeps more cards that could still come?",
    3: "Look through the discard pile: which of your cards can no longer become a meld?",
    4: "What has your opponent taken and thrown? Which of your cards would help it?",
    5: "Think about the whole hand: how much stock is left, and what can still go wrong?",
}

TIER_NAMES: Final = {1: "Count", 2: "Shape", 3: "Memory", 4: "Defence", 5: "Judgement"}
THEMES: Final = {
    "highest unmatched card": "Throw your highest card that fits no meld.",
    "one card one meld": "A card serves one meld at a time: do not count it twice.",
    "connected over gapped": "Keep two touching cards of a suit over two with a gap: more "
                             "cards complete them.",
    "middle over edge": "Middle cards join more melds than aces, twos, queens and kings.",
    "shape over count": "Keeping the cards that can still meld beats saving a point or two now.",
    "dead partners": "A pair or run whose partners are in the discard pile has no future.",
    "safe discard": "Throw a card your opponent is unlikely to need.",
    "don't feed a pick-up": "Do not throw next to the cards your opponent took from the pile.",
    "shed high cards early": "Early in the hand, let high loose cards go first.",
    "knock early": "With a low count and plenty of stock, knock before the opponent improves.",
    "wait and play for more": "Late or with a shaky count, a knock can be undercut: play on.",
    "take to make a meld": "Take the face-up card when it makes a meld or joins one you hold.",
    "take low for high": "A low face-up card that replaces a high loose card can beat the "
                         "stock's average.",
    "draw for the average": "A card that melds with nothing of yours does less than an unknown "
                            "card on average: draw, and show the opponent nothing.",
    "least deadwood": "When one discard leaves clearly less deadwood than another, that "
                      "settles it.",
    "more outs": "Of two discards that leave about the same count, keep the cards that more "
                 "unseen cards complete.",
    "close call": "When count, outs and danger are level, the hands played out tell the "
                  "choices apart: who goes down first, who goes gin, who wins the hand.",
}
KINDS: Final = {"discard": "What do you discard?", "draw": "Take or draw?"}
"""The kinds of puzzle the bank holds (stored as ``kind``; a discard puzzle omits it)."""
KNOCK_LIMIT: Final = Rules.modern().knock_limit
"""Bank puzzles are played under the modern rules this course uses."""
KNOWLEDGE_CARDS: Final = ("discard_pile", "opponent_holds", "opponent_took", "opponent_passed",
                          "opponent_discarded")


@dataclass(frozen=True)
class ChoiceValue:
    """One choice of a puzzle, measured: discard ``card`` (and ``knock`` or not), losing
    ``points_lost`` expected points against the best choice, for the reason ``why``.

    >>> ChoiceValue(Card.parse("KS"), False, 2.5, "K♠ is worse than 2♦").points_lost
    2.5
    """

    card: Card
    knock: bool
    points_lost: float
    why: str
    error: float = 0.0
    """The standard error of ``points_lost``: the judge's measurement noise."""
    take: bool | None = None
    """In a draw puzzle, whether this choice takes ``card`` (the face-up card) or draws from
    the stock; None in a discard puzzle."""
    rates: tuple[Rate, ...] = ()
    """The judge's shares of its deals for this choice against the best (who went down
    first, gin, who won the hand: :class:`~gin_teach.judge.Rate`), kept where the texts name
    them; empty for the best and where they were not stored (an older bank)."""

    @property
    def move(self) -> str:
        """The choice as a move: ``"discard KS"``, ``"knock KS"``, ``"take"`` or ``"draw"``.

        >>> ChoiceValue(Card.parse("KS"), False, 0.0, "", take=True).move
        'take'
        """
        if self.take is not None:
            return "take" if self.take else "draw"
        return f"{'knock' if self.knock else 'discard'} {self.card.code}"


@names_bad_arguments
def rates_json(rates: Sequence[Rate]) -> dict[str, list[float]]:
    """The bank's JSON form of a choice's rates: each name to [this choice's share, the
    best's, the error of their difference] (read back by the bank's field checks).

    >>> rates_json([Rate("opponent_gin", 0.1318, 0.0684, 0.0097)])
    {'opponent_gin': [0.1318, 0.0684, 0.0097]}
    """
    if not isinstance(rates, (list, tuple)) or not all(isinstance(r, Rate) for r in rates):
        raise wrong_argument("rates", rates, "a sequence of Rate")
    return {r.name: [round(r.mine, 4), round(r.best, 4), round(r.error, 4)] for r in rates}


@names_bad_arguments
def stored_verdict(choice: ChoiceValue, hand: Sequence[Card], answered: bool) -> str:
    """The judge's verdict of a stored ``choice`` of the position ``hand``, from the numbers
    the bank keeps (its loss and error), by the judge's one
    :func:`~gin_teach.core.verdicts.verdict_for`; ``answered``: the choice is the puzzle's
    answer (an answer card with the answer's knock, or the take-or-draw answer). The judge's
    rules, as it graded when it measured: a choice it did not rank first loses at least 0.01
    (level on the deals played, not alike on all of them); an answer is graded on its numbers
    alone; any other discard that breaks a made meld is no better than an inaccuracy
    (:func:`~gin_teach.judge.breaks_meld`).

    >>> from gin_teach.core.cards import parse_cards
    >>> hand = parse_cards("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC")  # 4♥ sits in a run
    >>> stored_verdict(ChoiceValue(Card.parse("4H"), False, 0.2, ""), hand, answered=False)
    'inaccuracy'
    >>> stored_verdict(ChoiceValue(Card.parse("KC"), False, 0.0, ""), hand, answered=True)
    'best'
    """
    if not isinstance(choice, ChoiceValue):
        raise wrong_argument("choice", choice, "a ChoiceValue")
    if not isinstance(answered, bool):
        raise wrong_argument("answered", answered, "True or False")
    if answered:
        return verdict_for(choice.points_lost, choice.error)
    melded = choice.take is None and not choice.knock and breaks_meld(hand, choice.card)
    return verdict_for(max(choice.points_lost, 0.01), choice.error,
                       "inaccuracy" if melded else None)
