"""Checkers for the strategy lessons (12 to 16).

Like every checker of the course (see :mod:`gin_teach.lessons`, which lists these too), each
takes the exercise and the learner's answer as typed, never raises because of the answer, and
says why. Every strategy verdict (which card to throw, take or draw, knock or play on, a
puzzle) is the judge's (:mod:`gin_teach.judge`): an answer graded best or good is right, so
two cards that play as well are both accepted, and the reason states the numbers behind the
grade. Counting questions (outs, draws left) and the danger of a discard are facts the
analysis computes exactly. When the answer to a wrong choice is shown (at the last try, or
on ``answer = "show"`` after a wrong try) it comes with its refutation: one of the judge's
own deals on which that choice loses and the better one does not, played out
(:mod:`gin_teach.refutation`), in a sentence and, in a notebook, as cards.

>>> print(check_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", "8D 7D", "take"))
... # doctest: +NORMALIZE_WHITESPACE
✔ Right: take 7♦: it makes a meld, and after throwing K♠ you have 31; a stock card leaves
48.4 on average. In playouts taking averages +8.7 points a hand, drawing from the stock -0.7.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from gin_teach.analysis import (
    Knowledge,
    analyze_discards,
    draw_outlook,
    draws_left,
)
from gin_teach.core.cards import (
    NATURAL_BITS,
    Card,
    HandLike,
    cards_from_mask,
    cards_text,
    hand_mask,
    to_cards,
)
from gin_teach.core.rules import Rules
from gin_teach.core.validation import wrong_argument
from gin_teach.display import hand_svg
from gin_teach.errors import PuzzleError
from gin_teach.explain import discard_reason, draw_reason, knock_reason
from gin_teach.judge import Judgement, Option, judge_discard, judge_draw
from gin_teach.lessons.answers import (
    Feedback,
    feedback_checker,
    looks_like_number,
    only_from,
    read_card,
    read_cards,
    read_choice,
    read_int,
)
from gin_teach.lessons.tries import exercise_id, right_try, shown_answer, wants_answer, wrong_try
from gin_teach.nudges import (
    discard_nudge,
    draw_nudge,
    knock_nudge,
    puzzle_nudge,
    puzzle_solution,
)
from gin_teach.puzzles import Puzzle, load_bank
from gin_teach.refutation import refute

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
    "pass": "draw", "leave it": "draw", "draw a card": "draw", "draw from stock": "draw",
    "from the stock": "draw", "from stock": "draw", "draw stock": "draw",
    "draw from the deck": "draw", "the deck": "draw", "deck": "draw",
    "take from the pile": "take", "from the pile": "take", "take the discard": "take",
}
_KNOCK_WORDS: Final = {
    "knock": "knock", "knock now": "knock", "yes": "knock", "gin": "knock", "go gin": "knock",
    "play on": "play on", "wait": "play on", "no": "play on", "keep playing": "play on",
    "do not knock": "play on", "don't knock": "play on", "not knock": "play on",
    "carry on": "play on", "play": "play on", "playon": "play on", "keep going": "play on",
    "go on": "play on",
}


def _picture(hand: HandLike, *_: object, **__: object) -> str:
    try:
        return hand_svg(hand)
    except ValueError:
        return ""


def _draw_picture(hand: HandLike, knowledge: Knowledge | HandLike, *_: object,
                  **__: object) -> str:
    """The ten cards, the face-up card on offer and the pile under it: what a take-or-draw
    question is about (issue 44: lesson 13 showed the hand alone)."""
    try:
        known = _knowledge(knowledge)
        pictures = [hand_svg(hand, title="Your hand")]
        if known.discard_pile:
            pictures.append(hand_svg(known.discard_pile[-1:], title="Face-up card"))
        if len(known.discard_pile) > 1:
            pictures.append(hand_svg(known.discard_pile[-12:-1], title="Under it, top last"))
    except ValueError:
        return ""
    row = "".join(f'<div style="margin:0 16px 8px 0">{p}</div>' for p in pictures)
    return f'<div style="display:flex;flex-wrap:wrap">{row}</div>'


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
    """Which card should go from these eleven? Right when the judge grades throwing it (and
    knocking, if that is better with this card) best or good: as good as any other card,
    as far as the playouts can tell. ``knowledge`` is what you know (a
    :class:`~gin_teach.analysis.Knowledge`, or just the discard pile).

    >>> hand = "AS 6S AH 4H 8H 9H TH JH 8D 4C 7C"
    >>> print(check_best_discard(hand, "6S"))  # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
    ✔ Right: Discard 6♠: throwing 8♦ leaves less now (23 against 25), but keeping 8♦ beside
    8♥ gives 8 outs against 6. In playouts it wins ... points a hand (± ...) more than 8♦.

    A wrong card hears a question first, never the right card (:mod:`gin_teach.lessons.tries`):

    >>> from gin_teach.lessons.tries import forget_tries; forget_tries()
    >>> print(check_best_discard(hand, "TH"))  # doctest: +NORMALIZE_WHITESPACE
    ✘ Not yet: 10♥ is part of a meld: which of your cards belong to no meld at all?
      Hint: Try again (2 tries left), or write answer = "show" to see the answer and why.

    The answer and its reason come when asked for:

    >>> print(check_best_discard(hand, "show"))  # doctest: +ELLIPSIS
    ➜ The answer: Discard 6♠: ...
    """
    cards = to_cards(hand)
    known = _knowledge(knowledge)
    hint = "Compare what each discard leaves now with what it leaves room for: its outs."
    exercise = exercise_id("check_best_discard", frozenset(cards), known, rules)
    puzzle = _bank_puzzle(cards, known, rules) if wants_answer(answer) else None
    if wants_answer(answer):
        if puzzle is not None:
            best_choice = puzzle.best_choice
            return shown_answer(exercise, puzzle.grade(best_choice.card,
                                                       best_choice.knock).explanation)
        judged = judge_discard(cards, known, rules)
        return shown_answer(exercise, _first_upper(discard_reason(judged, cards, judged.best,
                                                                  rules, known)))
    card = read_card(answer, hint)
    only_from([card], cards, "this hand", f"The hand is {cards_text(cards)}.")
    if card == known.just_taken:
        return Feedback(False, f"You took {card} from the pile this turn, so it cannot go "
                        "straight back: choose another card.", hint)
    puzzle = _bank_puzzle(cards, known, rules)
    if puzzle is not None:  # graded as the trainer grades it, from the bank's numbers
        grade = puzzle.grade(card)
        if grade.solved:
            return right_try(exercise, Feedback(True, grade.explanation))
        best_choice = puzzle.best_choice
        solution = puzzle.grade(best_choice.card, best_choice.knock).explanation
        return wrong_try(exercise, discard_nudge(cards, card, best_choice.card, known, rules),
                         f"{grade.explanation} {solution}",
                         refute=lambda: puzzle.refutation(grade.move))
    judged = judge_discard(cards, known, rules)
    mine = _better_of(judged, card)
    best = judged.best
    if mine.accepted:
        return right_try(exercise, Feedback(
            True, f"Right: {discard_reason(judged, cards, mine, rules, known)}"))
    assert best.card is not None  # a discard's every option throws a card
    solution = (f"{discard_reason(judged, cards, mine, rules, known)} "
                f"{_first_upper(discard_reason(judged, cards, best, rules, known))}")
    return wrong_try(exercise, discard_nudge(cards, card, best.card, known, rules), solution,
                     refute=lambda: refute(cards, known, rules, mine.move, best.move))


def _bank_puzzle(cards: Sequence[Card], known: Knowledge, rules: Rules | None) -> Puzzle | None:
    """The bank's discard puzzle of this very position, if it holds one: its numbers were
    measured with more deals than a lesson's check spends, and a position gets one grade."""
    if (rules or Rules.modern()) != Rules.modern() or len(cards) != 11:
        return None
    known.check_hand(hand_mask(cards), len(cards))
    return _bank_positions().get((frozenset(cards), known))


@functools.cache
def _bank_positions() -> dict[tuple[frozenset[Card], Knowledge], Puzzle]:
    return {(frozenset(p.hand), p.knowledge): p for p in load_bank() if p.kind == "discard"}


def _better_of(judged: Judgement, card: object) -> Option:
    """The option that throws ``card``: knocking with it or not, whichever is worth more."""
    return min((o for o in judged.options if o.card == card), key=lambda o: o.loss)


@feedback_checker(_picture)
def check_outs(hand: HandLike, answer: object,
               knowledge: Knowledge | HandLike | None = None) -> Feedback:
    """The live outs of a ten-card hand: the unseen cards that would join a meld and lower the
    deadwood if drawn next. The answer may be the number of them or the cards themselves.
    Cards in the discard pile (``knowledge``) are dead: they are not outs.

    >>> print(check_outs("7S 7H 9C TC 2D 3H 5H KS QS JD", 7))
    ✔ Right: 7 live outs: J♠ 4♥ 6♥ 7♦ 7♣ 8♣ J♣.
    >>> from gin_teach.lessons.tries import forget_tries; forget_tries()
    >>> print(check_outs("7S 7H 9C TC 2D 3H 5H KS QS JD", 7, "7D 8C"))
    ... # doctest: +NORMALIZE_WHITESPACE
    ✘ Not yet: Did you count cards that are in the discard pile? They can never be drawn.
      Hint: An out is a card you have not seen that would join a meld. Cards in the pile are
      dead. Try again (2 tries left), or write answer = "show" to see the answer and why.
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
            if c in cards_from_mask(draw_outlook(mask, NATURAL_BITS & ~mask).outs)]
    listing = cards_text(outs)
    gone = f" {cards_text(dead)} {'is' if len(dead) == 1 else 'are'} in the discard pile, " \
           "so they cannot come." if dead else ""
    solution = f"{len(outs)} live outs: {listing}.{gone}"
    exercise = exercise_id("check_outs", frozenset(cards), known)
    if wants_answer(answer):
        return shown_answer(exercise, solution)
    if looks_like_number(answer):  # a count, even typed with quotes inside the quotes
        count = read_int(answer, hint)
        right = count == len(outs)
        nudge = ("Did you count cards that are in the discard pile? They can never be drawn."
                 if dead and count == len(outs) + len(dead) else
                 "Go through your pairs and two-card runs one at a time: which cards you have "
                 "not seen would complete each?")
    else:
        said = read_cards(answer, hint, none=True)
        right = set(said) == set(outs)
        missing = [c for c in outs if c not in said]
        extra = [c for c in said if c not in outs]
        parts = []
        if missing:
            parts.append(f"you left out {len(missing)} {'card' if len(missing) == 1 else 'cards'}"
                         " that would join a meld")
        if extra:
            parts.append(f"{cards_text(extra)} would not help")
        nudge = f"{'; '.join(parts)}.".capitalize() if parts else ""
    if right:
        return right_try(exercise, Feedback(True, f"Right: {solution}"))
    return wrong_try(exercise, nudge, solution, hint=hint)


@feedback_checker(_draw_picture)
def check_draw(hand: HandLike, knowledge: Knowledge | HandLike, answer: object,
               rules: Rules | None = None) -> Feedback:
    """Take the top of the discard pile or draw from the stock? ``knowledge`` is what you
    know (or just the discard pile, bottom first). Right when the judge grades the choice best
    or good.

    >>> from gin_teach.lessons.tries import forget_tries; forget_tries()
    >>> print(check_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", "8D 6D", "take"))
    ... # doctest: +NORMALIZE_WHITESPACE
    ✘ Not yet: What would the face-up card do for you: does it make a meld now, or only a pair?
    And what does an unknown card do for you on average?
      Hint: Try again (1 try left), or write answer = "show" to see the answer and why.
    """
    known = _knowledge(knowledge)
    hint = "Take the face-up card only when it does more for you than an unknown card would."
    exercise = exercise_id("check_draw", frozenset(to_cards(hand)), known, rules)
    if wants_answer(answer):
        judged = judge_draw(to_cards(hand), known, rules)
        return shown_answer(exercise, draw_reason(judged, hand, known, judged.best, rules))
    said = read_choice(answer, _DRAW_WORDS, hint, shown='with "take" or "draw"')
    judged = judge_draw(to_cards(hand), known, rules)
    mine = judged.option(said)
    why = draw_reason(judged, hand, known, mine, rules)
    if mine.accepted:
        return right_try(exercise, Feedback(True, f"Right: {why[:1].lower()}{why[1:]}"))
    return wrong_try(exercise, draw_nudge(), why, tries=2, refute=lambda: refute(
        to_cards(hand), known, rules, mine.move, judged.best.move))


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
    if not set(options) <= set(cards):
        raise wrong_argument("choices", choices, f"cards of the hand ({cards_text(cards)})")
    danger = {a.card: a.danger for a in analyze_discards(cards, knowledge)}
    safest = min(options, key=lambda c: (round(danger[c], 2), -c.rank))
    exercise = exercise_id("check_safer_discard", frozenset(cards), knowledge,
                           frozenset(options))
    solution = f"{safest} is the safer throw (danger {danger[safest]:.2f} against " + \
        " and ".join(f"{danger[c]:.2f} for {c}" for c in options if c != safest) + ")."
    if wants_answer(answer):
        return shown_answer(exercise, solution)
    card = read_card(answer, hint)
    only_from([card], options, f"the choices ({cards_text(options)})", hint)
    others = " and ".join(f"{danger[c]:.2f} for {c}" for c in options if c != card)
    if round(danger[card], 2) == round(danger[safest], 2):
        return right_try(exercise, Feedback(
            True, f"Right: {card} is the safer throw (danger {danger[card]:.2f} against "
            f"{others})."))
    return wrong_try(exercise, f"{card} is the riskier throw here. {hint}", solution,
                     tries=len(options))


@feedback_checker(_picture)
def check_knock_or_play_on(hand: HandLike, knowledge: Knowledge, answer: object,
                           rules: Rules | None = None) -> Feedback:
    """You can knock with these eleven cards: knock now, or play on? Right when the judge
    grades your choice (its best discard) best or good: it plays the hand out against hands
    the opponent could hold, from what it has shown, so the undercut risk and the gin
    chances are counted.

    Early a knock with 2 is seldom undercut, yet here one more draw is worth more: the K♠ is
    the only loose card, so every out brings gin and its bonus.

    >>> early = Knowledge(discard_pile="KD QC JH", opponent_discarded="KD JH", stock_size=28)
    >>> print(check_knock_or_play_on("7S 7H 7D 9C TC JC 3H 4H 5H 2S KS", early, "play on"))
    ... # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
    ✔ Right: play on, throwing K♠, rather than knock with 2: with 28 cards left and 4 outs
    the hand can still improve, worth more than a knock with 2 (undercut risk under 1%); in
    playouts knocking averages ...
    """
    # Both sides of the choice, never the answer: early a low knock is seldom undercut, yet
    # one more draw for gin can be worth more (lesson 15, exercise 1).
    hint = ("Weigh the undercut risk (early, a knock is hard to undercut; late, the opponent "
            "has had time to get low) against what playing on could bring: how many cards "
            "are left in the stock, and how many unseen cards would give you gin?")
    cards = to_cards(hand)
    exercise = exercise_id("check_knock_or_play_on", frozenset(cards), knowledge, rules)
    if wants_answer(answer):
        return shown_answer(exercise, knock_reason(judge_discard(cards, knowledge, rules),
                                                   cards, rules, knowledge))
    if isinstance(answer, bool):  # as check_puzzle takes it: True to knock
        said = "knock" if answer else "play on"
    else:
        said = read_choice(answer, _KNOCK_WORDS, hint, shown='with "knock" or "play on"')
    judged = judge_discard(cards, knowledge, rules)
    knocks = [o for o in judged.options if o.knock]
    if not knocks:
        least = min(o.card.points for o in judged.options if o.card is not None)
        return Feedback(False, f"This hand cannot knock at all: no discard leaves a count "
                        f"the knock limit allows ({least} is the lowest card).", hint)
    mine = knocks[0] if said == "knock" else next(o for o in judged.options if not o.knock)
    why = knock_reason(judged, cards, rules, knowledge)
    why = why[:1].lower() + why[1:]
    if mine.accepted and mine.loss > 0:  # accepted, though the playouts lean the other way
        yours, other = ("knocking", "playing on") if said == "knock" else ("playing on",
                                                                             "knocking")
        return right_try(exercise, Feedback(
            True, f"Good: {yours} is as good as {other} here as far as the playouts can "
            f"tell: it {mine.cost()}. They lean the other way: {why}"))
    if mine.accepted:
        return right_try(exercise, Feedback(True, f"Right: {why}"))
    return wrong_try(exercise, knock_nudge(knowledge.stock_size),
                     f"{_first_upper(why)} ({_first_upper(mine.said())} {mine.cost()}.)",
                     tries=2, hint=hint,
                     refute=lambda: refute(cards, knowledge, rules, mine.move, judged.best.move))


@feedback_checker()
def check_draws_left(stock_size: int, answer: object, rules: Rules | None = None) -> Feedback:
    """How many more cards can be drawn from the stock before the hand is dead (both
    players' draws together)? The rules end the hand when the stock is down to
    ``dead_hand_stock`` cards.

    >>> print(check_draws_left(9, 7))
    ✔ Right: 9 cards in the stock, and the hand ends with 2 left: 7 draws, 4 of them by the \
player to draw next.
    """
    rules = Rules.of(rules)
    hint = (f"In the modern rules this course uses the hand is dead when {rules.dead_hand_stock} "
            "cards are left in the stock (lesson 05).")
    left = draws_left(stock_size, rules)
    mine = (left + 1) // 2
    solution = (f"{stock_size} cards in the stock, and the hand ends with "
                f"{rules.dead_hand_stock} left: {left} draws, {mine} of them by the player to "
                "draw next.")
    exercise = exercise_id("check_draws_left", stock_size, rules)
    if wants_answer(answer):
        return shown_answer(exercise, solution)
    count = read_int(answer, hint)
    if count == left:
        return right_try(exercise, Feedback(True, f"Right: {solution}"))
    nudge = ("Are the last cards of the stock ever drawn?" if count == stock_size else
             "How many cards does the stock hold when the hand is dead?")
    return wrong_try(exercise, nudge, solution, hint=hint)


def _puzzle_picture(puzzle: Puzzle, *_: object, **__: object) -> str:
    return puzzle._repr_html_()


@feedback_checker(_puzzle_picture)
def check_puzzle(puzzle: Puzzle, answer: object, knock: object = None) -> Feedback:
    """A puzzle of the bank (:func:`gin_teach.puzzles.puzzle_for` draws one by theme or
    kind): which card do you discard, and, where the puzzle asks (``puzzle.knock`` is not
    None), do you knock (``"knock"``, ``"play on"``, or True / False)? A take-or-draw puzzle
    (``puzzle.kind == "draw"``) is answered ``"take"`` or ``"draw"``. Graded by the judge's
    values stored with the puzzle: right when the verdict is best or good; otherwise
    the verdict, the expected points lost, the better choice and why.

    >>> from gin_teach.puzzles import puzzle_for
    >>> puzzle = puzzle_for("knock early", seed=0)
    >>> best = puzzle.best_choice
    >>> check_puzzle(puzzle, best.card.code, "knock").correct
    True
    >>> from gin_teach.lessons.tries import forget_tries; forget_tries()
    >>> print(check_puzzle(puzzle, best.card.code, "play on"))  # doctest: +ELLIPSIS
    ✘ Not yet: The card is right, but not what you do with it. ...
      Hint: Try again (2 tries left), or write answer = "show" to see the answer and why.
    """
    if not isinstance(puzzle, Puzzle):
        raise wrong_argument("puzzle", puzzle, "a Puzzle (puzzle_for draws one)")
    hint = puzzle.hint
    exercise = exercise_id("check_puzzle", puzzle.id)
    if wants_answer(answer):
        return shown_answer(exercise, puzzle_solution(puzzle))
    if puzzle.kind == "draw":
        said = read_choice(answer, _DRAW_WORDS, hint, shown='with "take" or "draw"')
        grade = puzzle.grade_draw(said == "take")
        if grade.solved:
            return right_try(exercise, Feedback(True, grade.explanation))
        return wrong_try(exercise, draw_nudge(), grade.explanation, tries=2,
                         refute=lambda: puzzle.refutation(grade.move))
    card = read_card(answer, hint)
    only_from([card], puzzle.hand, "your hand", f"Your hand is {cards_text(puzzle.hand)}.")
    knocks: bool | None = None
    if isinstance(knock, bool):
        knocks = knock
    elif puzzle.knock is not None:
        knocks = read_choice(knock, _KNOCK_WORDS, hint,
                             shown='with "knock" or "play on" for knock') == "knock"
    try:
        grade = puzzle.grade(card, knocks)
    except PuzzleError as problem:
        return Feedback(False, f"{_first_upper(str(problem))}.", hint)
    if grade.solved:
        return right_try(exercise, Feedback(True, grade.explanation))
    return wrong_try(exercise, puzzle_nudge(puzzle, grade.card, grade.knock),
                     f"{grade.explanation} {puzzle_solution(puzzle)}",
                     refute=lambda: puzzle.refutation(grade.move))

