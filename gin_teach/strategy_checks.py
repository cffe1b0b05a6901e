"""Checkers for the strategy lessons (12 to 16), each graded by the analysis.

Like every checker of the course (see :mod:`gin_teach.lessons`, which lists these too), each
takes the exercise and the learner's answer as typed, never raises because of the answer, and
says why: the analysis' own reason, with the numbers it measured (outs, expected deadwood,
danger, undercut risk).

>>> print(check_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", "8D 7D", "take"))
... # doctest: +NORMALIZE_WHITESPACE
✔ Right: take 7♦: it makes a meld, and after throwing K♠ you have 31; a card from the stock
leaves 48.4 on average.
"""

from __future__ import annotations

from typing import Final

from gin_teach.analysis import (
    Knowledge,
    analyze_discards,
    analyze_draw,
    analyze_knock,
    draw_outlook,
)
from gin_teach.answers import (
    Feedback,
    feedback_checker,
    looks_like_number,
    only_from,
    read_card,
    read_cards,
    read_choice,
    read_int,
    show_cards,
)
from gin_teach.cards import HandLike, cards_from_mask, hand_mask, to_cards
from gin_teach.display import hand_svg
from gin_teach.errors import PuzzleError
from gin_teach.puzzles import Puzzle
from gin_teach.rules import Rules

__all__ = [
    "check_best_discard",
    "check_draw",
    "check_draws_left",
    "check_knock_or_play_on",
    "check_outs",
    "check_puzzle",
    "check_safer_discard",
]

_DRAW_WORDS: Final = {
    "take": "take", "take it": "take", "take the upcard": "take", "upcard": "take",
    "pile": "take", "discard pile": "take", "take the card": "take", "pick it up": "take",
    "draw": "draw", "stock": "draw", "draw from the stock": "draw", "the stock": "draw",
    "pass": "draw", "leave it": "draw", "draw a card": "draw",
}
_KNOCK_WORDS: Final = {
    "knock": "knock", "knock now": "knock", "yes": "knock", "gin": "knock", "go gin": "knock",
    "play on": "play on", "wait": "play on", "no": "play on", "keep playing": "play on",
    "do not knock": "play on", "don't knock": "play on", "not knock": "play on",
    "carry on": "play on", "play": "play on",
}


def _picture(hand: HandLike, *_: object, **__: object) -> str:
    try:
        return hand_svg(hand)
    except ValueError:
        return ""


def _knowledge(known: Knowledge | HandLike | None) -> Knowledge:
    """A Knowledge, or a discard pile given as cards (bottom first) with nothing else known."""
    if known is None:
        return Knowledge()
    if isinstance(known, Knowledge):
        return known
    return Knowledge(discard_pile=known)


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


@feedback_checker(_picture)
def check_best_discard(hand: HandLike, answer: object,
                       knowledge: Knowledge | HandLike | None = None,
                       rules: Rules | None = None) -> Feedback:
    """Which card should go from these eleven? Right when the analysis ranks the card first
    (or it plays exactly like the first): the count when you can knock, else shape (outs and
    expected deadwood) and, as the stock runs down, danger. ``knowledge`` is what you know
    (a :class:`~gin_teach.analysis.Knowledge`, or just the discard pile).

    >>> hand = "AS 6S AH 4H 8H 9H TH JH 8D 4C 7C"
    >>> print(check_best_discard(hand, "7C"))  # doctest: +NORMALIZE_WHITESPACE
    ✔ Right: discard 7♣: throwing 8♦ leaves less now (23 against 24), but keeping 8♦
    shapes the hand better: 8 outs against 6, expected deadwood after the next draw 20.1
    against 20.3.
    >>> print(check_best_discard(hand, "8D"))  # doctest: +NORMALIZE_WHITESPACE
    ✘ 8♦ leaves 23 with 6 outs and an expected 20.3 after the next draw; 7♣ leaves 24
    with 8 outs and an expected 20.1, danger 0.22 against 0.31.
      Hint: Discard 7♣: throwing 8♦ leaves less now (23 against 24), but keeping 8♦ shapes
    the hand better: 8 outs against 6, expected deadwood after the next draw 20.1 against
    20.3.
    """
    cards = to_cards(hand)
    known = _knowledge(knowledge)
    hint = "Compare what each discard leaves now with what it leaves room for: its outs."
    card = read_card(answer, hint)
    only_from([card], cards, "this hand", f"The hand is {show_cards(cards)}.")
    analyses = analyze_discards(cards, known, rules)
    first = analyses[0]
    if card == first.card or card in first.same_as:
        return Feedback(True, f"Right: {first.why[:1].lower()}{first.why[1:]}")
    mine = next(a for a in analyses if a.card == card)
    danger = (f", danger {mine.danger:.2f} against {first.danger:.2f}"
              if abs(mine.danger - first.danger) >= 0.01 else "")
    if mine.knock != first.knock:
        message = (f"{card} leaves {mine.deadwood}, too many to knock; {first.card} leaves "
                   f"{first.deadwood} and lets you knock.")
    else:
        message = (f"{card} leaves {mine.deadwood} with {len(mine.outs)} outs and an expected "
                   f"{mine.expected_deadwood:.1f} after the next draw; {first.card} leaves "
                   f"{first.deadwood} with {len(first.outs)} outs and an expected "
                   f"{first.expected_deadwood:.1f}{danger}.")
    return Feedback(False, message, first.why)


@feedback_checker(_picture)
def check_outs(hand: HandLike, answer: object,
               knowledge: Knowledge | HandLike | None = None) -> Feedback:
    """The live outs of a ten-card hand: the unseen cards that would join a meld and lower the
    deadwood if drawn next. The answer may be the number of them or the cards themselves.
    Cards in the discard pile (``knowledge``) are dead: they are not outs.

    >>> print(check_outs("7S 7H 9C TC 2D 3H 5H KS QS JD", 7))
    ✔ Right: 7 live outs: J♠ 4♥ 6♥ 7♦ 7♣ 8♣ J♣.
    >>> print(check_outs("7S 7H 9C TC 2D 3H 5H KS QS JD", 7, "7D 8C"))
    ✘ Not quite: 5 live outs. 7♦ 8♣ are in the discard pile, so they cannot come.
      Hint: An out is a card you have not seen that would join a meld. Cards in the pile are dead.
    """
    cards = to_cards(hand)
    known = _knowledge(knowledge)
    mask = hand_mask(cards)
    known.check_hand(mask, len(cards))
    outs = cards_from_mask(draw_outlook(mask, known.unseen_mask(mask)).outs)
    outs = tuple(sorted(outs))
    hint = ("An out is a card you have not seen that would join a meld. Cards in the pile "
            "are dead.")
    dead = [c for c in known.discard_pile
            if c in cards_from_mask(draw_outlook(mask, ((1 << 52) - 1) & ~mask).outs)]
    if looks_like_number(answer):  # a count, even typed with quotes inside the quotes
        count = read_int(answer, hint)
        right = count == len(outs)
    else:
        said = read_cards(answer, hint, none=True)
        right = set(said) == set(outs)
        if not right:
            missing = [c for c in outs if c not in said]
            extra = [c for c in said if c not in outs]
            parts = []
            if missing:
                parts.append(f"you left out {show_cards(missing)}")
            if extra:
                parts.append(f"{show_cards(extra)} would not help")
            return Feedback(False, f"Not quite: {'; '.join(parts)}.", hint)
    listing = show_cards(outs)
    if right:
        return Feedback(True, f"Right: {len(outs)} live outs: {listing}.")
    why = f" {show_cards(dead)} {'is' if len(dead) == 1 else 'are'} in the discard pile, " \
          "so they cannot come." if dead else f" They are {listing}."
    return Feedback(False, f"Not quite: {len(outs)} live outs.{why}", hint)


@feedback_checker(_picture)
def check_draw(hand: HandLike, knowledge: Knowledge | HandLike, answer: object,
               rules: Rules | None = None) -> Feedback:
    """Take the top of the discard pile or draw from the stock? ``knowledge`` is what you
    know (or just the discard pile, bottom first). Right when it matches the analysis: take
    when the count after taking (and throwing your worst card) beats what a stock card leaves
    on average.

    >>> print(check_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", "8D 6D", "take"))
    ... # doctest: +NORMALIZE_WHITESPACE
    ✘ Not this time: draw from the stock: taking 6♦ and throwing K♠ would leave 51; a card
    from the stock leaves 47.9 on average.
      Hint: Take the face-up card only when it does more for you than an unknown card would.
    """
    known = _knowledge(knowledge)
    hint = "Take the face-up card only when it does more for you than an unknown card would."
    said = read_choice(answer, _DRAW_WORDS, hint, shown='with "take" or "draw"')
    draw = analyze_draw(to_cards(hand), known, rules)
    truth = "take" if draw.take else "draw"
    why = draw.why[:1].lower() + draw.why[1:]
    if said == truth:
        return Feedback(True, f"Right: {why}")
    return Feedback(False, f"Not this time: {why}", hint)


@feedback_checker(_picture)
def check_safer_discard(hand: HandLike, knowledge: Knowledge, choices: HandLike,
                        answer: object) -> Feedback:
    """Of the ``choices`` (cards in the eleven-card hand), which is the safest to throw: the
    least likely to complete a meld for the opponent, from what it took, passed and threw?

    >>> known = Knowledge(opponent_took="8H", opponent_holds="8H", stock_size=20)
    >>> print(check_safer_discard("9H KS 2C 3C 4C 5D 6D 7D JS JC 8S", known, "9H KS", "KS"))
    ... # doctest: +NORMALIZE_WHITESPACE
    ✔ Right: K♠ is the safer throw (danger 0.14 against 0.51 for 9♥).
    """
    cards = to_cards(hand)
    options = to_cards(choices)
    hint = ("Which card sits next to, or shares a rank with, what the opponent took? Which "
            "has partners that are already dead?")
    card = read_card(answer, hint)
    only_from([card], options, f"the choices ({show_cards(options)})", hint)
    danger = {a.card: a.danger for a in analyze_discards(cards, knowledge)}
    safest = min(options, key=lambda c: (round(danger[c], 2), -c.rank))
    others = " and ".join(f"{danger[c]:.2f} for {c}" for c in options if c != card)
    if round(danger[card], 2) == round(danger[safest], 2):
        return Feedback(True, f"Right: {card} is the safer throw (danger {danger[card]:.2f} "
                        f"against {others}).")
    return Feedback(False, f"{card} is riskier: danger {danger[card]:.2f} against "
                    f"{danger[safest]:.2f} for {safest}.", hint)


@feedback_checker(_picture)
def check_knock_or_play_on(hand: HandLike, knowledge: Knowledge, answer: object,
                           rules: Rules | None = None) -> Feedback:
    """You can knock with these eleven cards: knock now, or play on? Right when it matches
    the analysis, which settles the knock against likely opponent hands (from what it has
    shown and how many turns it had) and weighs the undercut risk.

    >>> early = Knowledge(discard_pile="KD QC", opponent_discarded="KD", stock_size=29)
    >>> print(check_knock_or_play_on("7S 7H 7D 9C TC JC 3H 4H 5H 9S KS", early, "knock"))
    ... # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
    ✔ Right: knock with 9, discarding K♠: in 32 likely opponent hands the undercut risk is ...
    """
    hint = ("Early, a knock is hard to undercut; late, the opponent has had time to get low. "
            "How many cards are left in the stock, and what has it shown?")
    said = read_choice(answer, _KNOCK_WORDS, hint, shown='with "knock" or "play on"')
    knock = analyze_knock(to_cards(hand), knowledge, rules)
    if not knock.can_knock:
        return Feedback(False, f"This hand cannot knock at all: {knock.why}", hint)
    truth = "knock" if knock.knock else "play on"
    why = knock.why[:1].lower() + knock.why[1:]
    if said == truth:
        return Feedback(True, f"Right: {why}")
    return Feedback(False, f"Not this time: {why}", hint)


@feedback_checker()
def check_draws_left(stock_size: int, answer: object, rules: Rules | None = None) -> Feedback:
    """How many more cards can be drawn from the stock before the hand is dead (both
    players' draws together)? The rules end the hand when the stock is down to
    ``dead_hand_stock`` cards.

    >>> print(check_draws_left(9, 7))
    ✔ Right: 9 cards in the stock, and the hand ends with 2 left: 7 draws, 4 of them by the \
player to draw next.
    """
    rules = rules or Rules.modern()
    hint = (f"In the modern rules this course uses the hand is dead when {rules.dead_hand_stock} "
            "cards are left in the stock (lesson 05).")
    count = read_int(answer, hint)
    left = max(0, stock_size - rules.dead_hand_stock)
    mine = (left + 1) // 2
    if count == left:
        return Feedback(True, f"Right: {stock_size} cards in the stock, and the hand ends with "
                        f"{rules.dead_hand_stock} left: {left} draws, {mine} of them by the "
                        "player to draw next.")
    if count == stock_size:
        return Feedback(False, f"Not quite: the last {rules.dead_hand_stock} cards are never "
                        f"drawn, so {left} draws remain.", hint)
    return Feedback(False, f"Not quite: {left} draws remain.", hint)


def _puzzle_picture(puzzle: Puzzle, *_: object, **__: object) -> str:
    return puzzle._repr_html_()


@feedback_checker(_puzzle_picture)
def check_puzzle(puzzle: Puzzle, answer: object, knock: object = None) -> Feedback:
    """A puzzle of the bank (:func:`gin_teach.puzzles.puzzle_for` draws one by theme): which
    card do you discard, and, where the puzzle asks (``puzzle.knock`` is not None), do you
    knock? Graded by the puzzle's measured playouts: right when the verdict is best; otherwise
    the verdict, the expected points lost, the better choice and why.

    >>> from gin_teach.puzzles import puzzle_for
    >>> puzzle = puzzle_for("knock early", seed=0)
    >>> best = puzzle.best_choice
    >>> check_puzzle(puzzle, best.card.code, "knock").correct
    True
    >>> print(check_puzzle(puzzle, best.card.code, "play on"))  # doctest: +ELLIPSIS
    ✘ ...: discarding ... loses about ... points on average. Better: ... and knock. ...
      Hint: ...
    """
    hint = puzzle.hint
    card = read_card(answer, hint)
    only_from([card], puzzle.hand, "your hand", f"Your hand is {show_cards(puzzle.hand)}.")
    knocks: bool | None = None
    if puzzle.knock is not None:
        knocks = read_choice(knock, _KNOCK_WORDS, hint,
                             shown='with "knock" or "play on" for knock') == "knock"
    try:
        grade = puzzle.grade(card, knocks)
    except PuzzleError as problem:
        return Feedback(False, f"{_first_upper(str(problem))}.", hint)
    return Feedback(grade.verdict == "best", grade.explanation, hint)
