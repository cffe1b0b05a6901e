"""The puzzle kinds beyond "what do you discard?": take or draw, and knock or play on.

- A **draw** puzzle (``kind="draw"``): your ten cards and the face-up card; take it or draw
  from the stock? The judge (:func:`~gin_teach.judge.judge_draw` at
  :data:`~gin_teach.judge.BANK` precision) values both; the position is kept when one leads
  by at least :data:`~gin_teach.puzzles.verify.KEEP_MARGIN_POINTS` and by more than the
  noise. The tier says what decides, as for discards: the count (1: taking or the stock's
  average is better by at least :data:`DRAW_COUNT_MARGIN` points of deadwood), the shape (2:
  closer), the discard pile (3: the analysis answers otherwise without it), the opponent's
  cards (4) or only the playouts (5: the analysis answers otherwise; as for discards the lead
  must then be :data:`~gin_teach.puzzles.verify.JUDGEMENT_MARGIN_POINTS` at
  :data:`~gin_teach.puzzles.verify.JUDGEMENT_Z` standard errors, confirmed on fresh deals).
- A **play-on** puzzle: a discard puzzle of tier 5 (``knock=False``) where you could knock
  but playing on is best: every knock loses at least
  :data:`~gin_teach.puzzles.verify.KEEP_MARGIN_POINTS` and more than the noise, and playing
  on comes out best again on fresh deals.

Explanations are the judge's own (:func:`~gin_teach.explain.draw_reason`,
:func:`~gin_teach.explain.knock_reason`).

>>> from gin_teach.analysis import Knowledge
>>> found = draw_puzzle("7S 7H 9C TC 3H 4H 5H 2D KS QS", Knowledge(discard_pile="8D 7D"),
...                     puzzle_id="x1")
>>> found.kind, found.take, found.themes
('draw', True, ('take to make a meld',))
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from gin_teach.analysis import Knowledge, analyze_discards, analyze_draw
from gin_teach.core.cards import Card, HandLike, to_cards
from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments
from gin_teach.errors import CardError, PuzzleError
from gin_teach.explain import DRAW_COUNT_DECIDES, discard_reason, draw_reason, knock_reason
from gin_teach.judge import BANK, COACH, NOISE_SE, Judgement, judge_discard, judge_draw
from gin_teach.puzzles.puzzle import DRAW_HINTS, HINTS, ChoiceValue, Puzzle
from gin_teach.puzzles.texts import reexplain
from gin_teach.puzzles.verify import (
    JUDGEMENT_MARGIN_POINTS,
    JUDGEMENT_Z,
    KEEP_MARGIN_POINTS,
    PANEL,
    STYLE_WORDS,
    accepted_cards,
    confirmation_seed,
    holds_against,
    panel_check,
    recheck,
    without_opponent,
)

__all__ = ["DRAW_COUNT_MARGIN", "draw_puzzle", "draw_tier", "play_on_puzzle", "recheck_any",
           "recheck_kind", "recheck_with_panel"]

# The explainer's threshold: a tier 1 (count) draw puzzle is one whose reason is the count.
DRAW_COUNT_MARGIN: Final = DRAW_COUNT_DECIDES
"""Tier 1 of a draw puzzle: taking leaves this much less (or more) deadwood than a stock card
does on average."""
PLAY_ON_THEME: Final = "wait and play for more"


def _face_up_only(knowledge: Knowledge) -> Knowledge:
    """The knowledge with the discard pile forgotten but for its top card (the question)."""
    return replace(knowledge, discard_pile=knowledge.discard_pile[-1:])


@names_bad_arguments
def draw_tier(hand10: HandLike, knowledge: Knowledge, take: bool,
              rules: Rules | None = None) -> tuple[int, str]:
    """The tier of a draw puzzle whose answer is ``take`` (see the module), and why.

    >>> draw_tier("7S 7H 9C TC 3H 4H 5H 2D KS QS", Knowledge(discard_pile="8D 7D"), True)
    (1, 'taking leaves 31 deadwood, a stock card 48.4 on average')
    """
    hand = to_cards(hand10)
    seen = analyze_draw(hand, knowledge, rules)
    if seen.take != take:
        return 5, "the analysis answers otherwise: only the playouts decide"
    for tier, forgotten, what in ((3, _face_up_only(knowledge), "the discard pile"),
                                  (4, without_opponent(knowledge), "the opponent's cards")):
        try:
            other = analyze_draw(hand, forgotten, rules).take
        except CardError:
            continue
        if other != take:
            return tier, f"the answer changes when {what} is forgotten"
    gap = abs(seen.take_deadwood - seen.draw_deadwood)
    said = (f"taking leaves {seen.take_deadwood} deadwood, a stock card "
            f"{seen.draw_deadwood:.1f} on average")
    return (1 if gap >= DRAW_COUNT_MARGIN else 2), said


def _rating(base: int, lead: float, tempting: int = 0) -> int:
    """A first guess at how hard a puzzle is: harder when the lead is small and when wrong
    choices lose little."""
    closeness = max(0.0, 1.0 - lead / 4.0)
    return int(max(600, min(2400, base + 250 * closeness + 25 * min(tempting, 8))))


def _lead_holds(runner_loss: float, runner_error: float, strict: bool) -> bool:
    need = JUDGEMENT_MARGIN_POINTS if strict else KEEP_MARGIN_POINTS
    if runner_loss < need or runner_loss <= NOISE_SE * runner_error:
        return False
    return not (strict and runner_error > 0 and runner_loss / runner_error < JUDGEMENT_Z)


def _id(prefix: str, hand: Sequence[Card], knowledge: Knowledge) -> str:
    text = " ".join(c.code for c in hand) + repr(knowledge)
    return f"{prefix}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"


@names_bad_arguments
def draw_puzzle(hand10: HandLike, knowledge: Knowledge, *, seed: int | None = None,
                rules: Rules | None = None, puzzle_id: str | None = None,
                scores: tuple[int, int] = (0, 0), turn: int = 1) -> Puzzle | str:
    """A take-or-draw puzzle from ten cards and what you know (the face-up card is the top of
    ``knowledge.discard_pile``), verified (see the module); or why it is not one. ``seed``
    picks the judge's deals (default: the position's own).

    >>> draw_puzzle("7S 7H 9C TC 3H 4H 5H 2D KS QS", Knowledge())
    'there is no face-up card to take: the discard pile is empty'
    """
    rules = rules or Rules.modern()
    try:
        hand = tuple(sorted(to_cards(hand10)))
        judged = judge_draw(hand, knowledge, rules, seed=seed, precision=BANK, scores=scores)
    except CardError as error:
        return str(error)
    best, runner = judged.options
    take = best.kind == "take"
    tier, _ = draw_tier(hand, knowledge, take, rules)
    if not _lead_holds(runner.loss, runner.error, strict=tier == 5):
        return (f"{best.said()} beats {runner.said()} by only {runner.loss:.2f} points "
                f"(± {runner.error:.2f})")
    if tier == 5:
        again = judge_draw(hand, knowledge, rules, precision=BANK, scores=scores,
                           seed=confirmation_seed((*hand, knowledge.discard_pile[-1]))).best
        if again.kind != best.kind:
            return f"on fresh deals {again.said()} comes out best: not confirmed"
    upcard = knowledge.discard_pile[-1]
    choices = tuple(ChoiceValue(upcard, False, o.loss, draw_reason(judged, hand, knowledge, o,
                                                                  rules), o.error,
                                take=o.kind == "take")
                    for o in judged.options)
    melds = analyze_draw(hand, knowledge, rules).take_melds
    theme = ("take to make a meld" if take and melds else "take low for high" if take
             else "draw for the average")
    base = {1: 900, 2: 1150, 3: 1350, 4: 1450, 5: 1650}[tier]
    try:
        return Puzzle(id=puzzle_id or _id("draw", hand, knowledge), tier=tier, themes=(theme,),
                      hand=hand, knowledge=knowledge, answer=frozenset(), knock=None,
                      rating=_rating(base, runner.loss),
                      explanation=draw_reason(judged, hand, knowledge, best, rules),
                      hint=DRAW_HINTS[tier], choices=choices, scores=scores,
                      turn=min(turn, 40), kind="draw", take=take)
    except PuzzleError as error:
        return str(error)


def _discard_values(judged: Judgement, hand: Sequence[Card], knowledge: Knowledge,
                    rules: Rules) -> tuple[ChoiceValue, ...]:
    return tuple(sorted(
        (ChoiceValue(o.card, o.knock, o.loss, discard_reason(judged, hand, o, rules, knowledge),
                     o.error)
         for o in judged.options if o.card is not None),
        key=lambda v: (v.points_lost, v.card, v.knock)))


@names_bad_arguments
def play_on_puzzle(hand11: HandLike, knowledge: Knowledge, *, seed: int | None = None,
                   rules: Rules | None = None, puzzle_id: str | None = None,
                   scores: tuple[int, int] = (0, 0), turn: int = 1) -> Puzzle | str:
    """A knock-or-play-on puzzle where playing on is right, from eleven cards that could
    knock, verified (see the module); or why it is not one.

    Early, a knock with 2 waits for gin; late, with eight cards left, it knocks:

    >>> hand = "7S 7H 7D 9C TC JC 3H 4H 5H 2S KS"
    >>> early = Knowledge(discard_pile="KD QC JH", opponent_discarded="KD JH", stock_size=28)
    >>> print(play_on_puzzle(hand, early).explanation)  # doctest: +ELLIPSIS
    Discard K♠ and play on: with 28 cards left and 4 outs the hand can still improve, ...
    >>> late = Knowledge(discard_pile="KD QC JH TS 9D 8C 8S 6H KC QS JD 2C 5C AH 4C 6C 3D KH "
    ...                               "JS 6S 5S AD 8H", stock_size=8)
    >>> play_on_puzzle(hand, late)
    'knocking is best here (K♠ and knock)'
    """
    rules = rules or Rules.modern()
    hand = tuple(sorted(to_cards(hand11)))
    try:
        analyses = analyze_discards(hand, knowledge, rules)
    except CardError as error:
        return str(error)
    if analyses[0].gin:
        return "a gin: no question to ask"
    if not any(a.knock for a in analyses):
        return "no discard lets you knock"
    judged = judge_discard(hand, knowledge, rules, seed=seed, precision=BANK, scores=scores)
    best = judged.best
    if best.knock:
        return f"knocking is best here ({best.said()})"
    if not any(o.knock and o.card == best.card for o in judged.options):
        return f"the best discard, {best.card}, could not knock: no knock question"
    knock = min((o for o in judged.options if o.knock), key=lambda o: o.loss)
    if not _lead_holds(knock.loss, knock.error, strict=False):
        return (f"playing on beats {knock.said()} by only {knock.loss:.2f} points "
                f"(± {knock.error:.2f})")
    again = judge_discard(hand, knowledge, rules, seed=confirmation_seed(hand),
                          precision=BANK, scores=scores).best
    if again.knock:
        return f"on fresh deals {again.said()} comes out best: not confirmed"
    values = _discard_values(judged, hand, knowledge, rules)
    tempting = sum(1 for v in values if 0 < v.points_lost < 3.0)
    try:
        made = Puzzle(id=puzzle_id or _id("play-on", hand, knowledge), tier=5,
                      themes=(PLAY_ON_THEME,), hand=hand, knowledge=knowledge,
                      answer=accepted_cards(judged, False), knock=False,
                      rating=_rating(1750, knock.loss, tempting),
                      explanation=knock_reason(judged, hand, rules, knowledge, scores),
                      hint=HINTS[5], choices=values, scores=scores, turn=min(turn, 40))
    except PuzzleError as error:
        return str(error)
    # Every discard puzzle's texts come from one place, so a recheck writes what the bank holds.
    return reexplain(made, rules)


@names_bad_arguments
def recheck_kind(puzzle: Puzzle, rules: Rules | None = None, rekey: bool = False
                 ) -> Puzzle | str:
    """Check a draw or play-on puzzle again with today's code: the puzzle as verified now
    (same id, scores and turn), or why it no longer holds. Its answer must not change.

    >>> from gin_teach.puzzles import load_bank
    >>> puzzle = next(p for p in load_bank() if p.kind == "draw")
    >>> recheck_kind(puzzle) == puzzle
    True
    """
    maker = draw_puzzle if puzzle.kind == "draw" else play_on_puzzle
    again = maker(puzzle.hand, puzzle.knowledge, rules=rules, puzzle_id=puzzle.id,
                  scores=puzzle.scores, turn=puzzle.turn)
    if isinstance(again, str):
        return again
    if not rekey and ((again.take, again.knock) != (puzzle.take, puzzle.knock) or (
            puzzle.kind != "draw" and not again.answer & puzzle.answer)):
        return f"the answer is now {again.best_choice.move}, was {puzzle.best_choice.move}"
    return again


@names_bad_arguments
def recheck_any(puzzle: Puzzle, rules: Rules | None = None, rekey: bool = False
                ) -> Puzzle | str:
    """Check any puzzle of the bank again: a draw puzzle with :func:`recheck_kind`, a discard
    puzzle (knock or play on too) with :func:`~gin_teach.puzzles.verify.recheck`.

    >>> from gin_teach.puzzles import load_bank
    >>> isinstance(recheck_any(next(p for p in load_bank() if p.tier == 1)), Puzzle)
    True
    """
    if puzzle.kind == "draw":
        return recheck_kind(puzzle, rules, rekey)
    return recheck(puzzle, rules, rekey)


@names_bad_arguments
def recheck_with_panel(puzzle: Puzzle, rules: Rules | None = None, rekey: bool = False
                       ) -> Puzzle | str:
    """:func:`recheck_any`, then the answer held against every opponent style of the panel
    (:func:`~gin_teach.puzzles.verify.panel_check`; a draw puzzle's take or draw must be
    graded best or good under every style): the puzzle as it now stands, or why not.
    ``rekey`` lets the judge's answer replace the stored one where it moved.

    A puzzle of the bank stands as it is stored (the bank was re-judged this way):

    >>> from gin_teach.puzzles import load_bank
    >>> draw = next(p for p in load_bank() if p.kind == "draw")
    >>> recheck_with_panel(draw) == draw
    True
    """
    again = recheck_any(puzzle, rules, rekey)
    if isinstance(again, str) or again.kind != "draw":
        return again if isinstance(again, str) else panel_check(again, rules)
    move = "take" if again.take else "draw"
    for style in PANEL[1:]:
        judged = judge_draw(again.hand, again.knowledge, rules, precision=COACH,
                            opponent=style, scores=again.scores)
        option = judged.option(move)
        if not holds_against(option):
            return (f"against {STYLE_WORDS[style]} {judged.best.said()} is best, and "
                    f"{option.said()} {option.cost()}: it depends on the opponent")
    return again
