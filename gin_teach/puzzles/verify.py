"""Which positions make trustworthy puzzles, of which tier, and why: the verifier.

A position is kept only when all of these hold (the margins are the constants below):

1. The analysis (:func:`~gin_teach.analysis.analyze_discards`) expects a question worth
   asking (:func:`analysis_tier`: not a gin, not a count decided by less than
   :data:`COUNT_MARGIN`, not every discard alike). This cheap guess lets the generator spend
   playouts where puzzles are rare; it is not stored.
2. The judge (:func:`~gin_teach.judge.judge_discard` at :data:`~gin_teach.judge.BANK`
   precision, the same playout engine the Expert plays with) finds an answer that beats
   every other choice by at least :data:`KEEP_MARGIN_POINTS` expected points per hand and by
   more than its noise (:data:`~gin_teach.judge.NOISE_SE` standard errors). In tier 5,
   where nothing but the playouts backs the answer, the lead must be
   :data:`JUDGEMENT_MARGIN_POINTS` and at least :data:`JUDGEMENT_Z` standard errors, and the
   same answer must come out best on fresh deals (:func:`confirmation_seed`).
3. Cards that score the same on every deal, or within the judge's noise, are one answer.

The tier is what decides, from the judge's values and the explainer
(:func:`~gin_teach.puzzles.texts.puzzle_tier`), so it is what the explanation names:
1 Count, 2 Shape, 3 Memory (the discard pile), 4 Defence (the opponent's pick-ups, passes
and discards), 5 Judgement (knock or play on, or only the playouts separate the choices).

>>> from gin_teach.analysis import Knowledge
>>> found = verify_position("AS 2S 3S 5H 6H 7H 9D TD 2C 3C KH", Knowledge(stock_size=28),
...                         seed=1)
>>> found.kept, found.tier, sorted(c.code for c in found.answer)
(True, 2, ['KH'])
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from gin_teach.analysis import DiscardAnalysis, Knowledge, analyze_discards
from gin_teach.core.cards import Card, HandLike, to_cards
from gin_teach.core.melds import deadwood
from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments
from gin_teach.errors import PuzzleError
from gin_teach.explain import COUNT_DECIDES, without_opponent, without_pile
from gin_teach.judge import (
    BANK,
    COACH,
    NOISE_SE,
    Judgement,
    Option,
    judge_discard,
    judge_draw,
)
from gin_teach.puzzles.choices import TIER_NAMES, ChoiceValue
from gin_teach.puzzles.fields import PuzzleFields, SomePuzzle
from gin_teach.puzzles.texts import needed_rates, puzzle_texts, puzzle_tier, reexplain

__all__ = [
    "COUNT_MARGIN",
    "INFO_MARGIN",
    "JUDGEMENT_MARGIN_POINTS",
    "JUDGEMENT_Z",
    "KEEP_MARGIN_POINTS",
    "PANEL",
    "SHAPE_MARGIN",
    "STYLE_WORDS",
    "Choice",
    "Verification",
    "accepted_cards",
    "analysis_tier",
    "confirmation_seed",
    "holds_against",
    "margins",
    "measure_rates",
    "panel_check",
    "panel_disagreement",
    "recheck",
    "retier",
    "verify_position",
    "without_opponent",
    "without_pile",
]

COUNT_MARGIN: Final = COUNT_DECIDES
"""The expected tier 1: the analysis' answer leaves at least this many points less deadwood
than any other discard (the explainer's own :data:`~gin_teach.explain.COUNT_DECIDES`)."""
SHAPE_MARGIN: Final = 1.0
"""The expected tiers 2-4: the runner-up's analysis score (expected deadwood plus weighted
danger) is at least this much worse than the answer's; under it the playouts decide."""
INFO_MARGIN: Final = 0.3
"""The expected tiers 3-4: the answer leads by this much in the analysis score with the
information, and another card leads without it."""
KEEP_MARGIN_POINTS: Final = 0.5
"""Tiers 1-4: the answer wins at least this many more points per hand than any other choice,
as the judge measures it."""
JUDGEMENT_MARGIN_POINTS: Final = 1.0
"""Tier 5: the playouts' lead needed when the analysis cannot separate the choices."""
JUDGEMENT_Z: Final = 2.33
"""... and at this many standard errors (one-sided 99%)."""

def margins() -> dict[str, float]:
    """The margins a bank was kept with, as stored in its file.

    >>> margins()["KEEP_MARGIN_POINTS"]
    0.5
    """
    return {"COUNT_MARGIN": COUNT_MARGIN, "SHAPE_MARGIN": SHAPE_MARGIN,
            "INFO_MARGIN": INFO_MARGIN, "KEEP_MARGIN_POINTS": KEEP_MARGIN_POINTS,
            "JUDGEMENT_MARGIN_POINTS": JUDGEMENT_MARGIN_POINTS,
            "JUDGEMENT_Z": JUDGEMENT_Z, "NOISE_SE": NOISE_SE, "JUDGE_FIRST_DEALS": BANK.first,
            "JUDGE_MOST_DEALS": BANK.most, "JUDGE_ERROR": BANK.error}


@dataclass(frozen=True, order=True)
class Choice:
    """One answer to a puzzle: discard ``card``, and knock (``knock=True``) or play on.

    >>> Choice(Card.parse("KS"), True)
    Choice(card=Card('KS'), knock=True)
    """

    card: Card
    knock: bool


@dataclass(frozen=True)
class Verification:
    """What the verifier found: ``kept`` (a puzzle) or not, and ``reason`` in words; for a
    kept position the ``tier``, ``answer``, ``knock``, measured ``choices``, ``themes``,
    ``explanation``, ``hint`` and initial ``rating``.

    >>> from gin_teach.analysis import Knowledge
    >>> verify_position("AS 2S 3S 4H 5H 6H 7D 8D 9D TD KC", Knowledge(), seed=1).reason
    'a gin: no question to ask'
    """

    kept: bool
    reason: str
    tier: int = 0
    answer: frozenset[Card] = frozenset()
    knock: bool | None = None
    choices: tuple[ChoiceValue, ...] = field(default=(), repr=False)
    themes: tuple[str, ...] = ()
    explanation: str = ""
    hint: str = ""
    rating: int = 1500
    margin_points: float = 0.0


def _answer_cards(analyses: Sequence[DiscardAnalysis]) -> frozenset[Card]:
    return frozenset((analyses[0].card, *analyses[0].same_as))


def analysis_tier(hand11: HandLike, knowledge: Knowledge,
                  rules: Rules | None = None) -> tuple[int, str]:
    """The tier the analysis alone expects of a position, and why (0: no puzzle). Cheap: the
    generator asks this before it spends playouts; the stored tier is what decides once the
    judge has measured (:func:`~gin_teach.puzzles.texts.puzzle_tier`).

    >>> analysis_tier("7S 7H 7D 9C TC JC 3H 4H 8D KS AS", Knowledge())
    (1, 'K♠ leaves the least deadwood: 16 against 18')
    """
    analyses = analyze_discards(hand11, knowledge, rules)
    best = analyses[0]
    if best.gin:
        return 0, "a gin: no question to ask"
    answer = _answer_cards(analyses)
    others = [a for a in analyses if a.card not in answer]
    if not others:
        return 0, "every discard plays alike"
    if best.knock:
        return 5, "you may knock: knock or play on"
    runner = others[0]
    least_other = min(a.deadwood for a in others)
    if best.deadwood + COUNT_MARGIN <= least_other:
        return 1, (f"{best.card} leaves the least deadwood: {best.deadwood} against "
                   f"{least_other}")
    if best.deadwood < least_other:
        return 0, "the count decides, but by less than the count margin"
    lead = runner.score - best.score
    if lead >= INFO_MARGIN:
        if _answer_cards(analyze_discards(hand11, without_opponent(knowledge), rules)) != answer:
            return 4, "the answer changes when the opponent's pick-ups and discards are forgotten"
        if _answer_cards(analyze_discards(hand11, without_pile(knowledge), rules)) != answer:
            return 3, "the answer changes when the discard pile is forgotten"
    if lead < SHAPE_MARGIN:
        return 5, (f"{best.card} and {runner.card} score within {SHAPE_MARGIN}: only playouts "
                   "can separate them")
    return 2, f"{best.card} keeps the better shape: {best.why}"


def verify_position(hand11: HandLike, knowledge: Knowledge, *, seed: int | None = None,
                    rules: Rules | None = None, scores: tuple[int, int] | None = None
                    ) -> Verification:
    """Verify a position as a puzzle (see the module): a :class:`Verification`, kept or with
    the reason it was refused. ``seed`` picks the judge's deals (default: the position's
    own, :func:`~gin_teach.judge.position_seed`); with ``scores`` the choices are valued by
    the game, as the puzzle will be checked again (:func:`recheck`).

    >>> from gin_teach.analysis import Knowledge
    >>> verify_position("AS 2S 3S 5H 6H 7H 9D TD 2C 3C KH", Knowledge(stock_size=28)
    ...                 ).explanation.startswith("Discard K♥")
    True
    """
    rules = Rules.of(rules)
    hand = to_cards(hand11)
    expected, why_not = analysis_tier(hand, knowledge, rules)
    if expected == 0:
        return Verification(False, why_not)
    judged = judge_discard(hand, knowledge, rules, seed=seed, precision=BANK, scores=scores)
    best = judged.best
    assert best.card is not None
    knockable = any(o.knock and o.card == best.card for o in judged.options)
    knock = best.knock if knockable else None
    answer = accepted_cards(judged, knock)
    rivals = _rivals(judged, answer)
    if not rivals:
        return Verification(False, "no other choice to compare with")
    runner = rivals[0]
    values = needed_rates(hand, knowledge, _measured(judged), answer, knock, scores, rules)
    # The tier the analysis expected gives way to what decides between the judge's answer
    # and its wrong choices (an analysis that picks another card leaves it to the playouts).
    tier = puzzle_tier(hand, knowledge, values, answer, knock, scores, rules)
    refusal = _lead_refusal(hand, knowledge, rules, judged, answer, tier, scores)
    if refusal:
        return Verification(False, refusal)
    texts = puzzle_texts(tier, hand, knowledge, values, answer, knock, scores, rules)
    values = tuple(replace(v, why=texts.whys[(v.card, v.knock)]) for v in values)
    rating = _initial_rating(tier, runner.loss, values)
    return Verification(True, f"kept in tier {tier}, {TIER_NAMES[tier]}", tier, answer, knock,
                        values, texts.themes,
                        texts.explanation, texts.hint, rating, round(runner.loss, 2))


def _measured(judged: Judgement) -> tuple[ChoiceValue, ...]:
    """The judge's discard options as a puzzle's choices, the least loss first, each with
    its rates against the best (for a choice that loses something)."""
    return tuple(sorted(
        (ChoiceValue(o.card, o.knock, o.loss, "", o.error,
                     rates=o.rates if o.loss > 0 else ())
         for o in judged.options if o.card is not None),
        key=lambda v: (v.points_lost, v.card, v.knock)))


@names_bad_arguments
def measure_rates(puzzle: SomePuzzle, rules: Rules | None = None) -> SomePuzzle:
    """A stored discard puzzle with the judge's shares of its deals (who goes down first,
    gin, who wins the hand: :class:`~gin_teach.judge.Rate`) kept where its texts read them,
    and its texts written again from them. The judge measures it as the bank does (the
    position's own seed, :data:`~gin_teach.judge.BANK` precision, the puzzle's score), so
    every loss and error must come out as stored: a puzzle whose numbers moved is refused
    (:class:`~gin_teach.errors.PuzzleError`) and wants :func:`recheck` instead. Its answer,
    numbers and verdicts stay.

    >>> from gin_teach.puzzles import load_bank
    >>> p = next(p for p in load_bank() if p.id == "p0748")
    >>> [c.card.code for c in measure_rates(p).choices if c.rates]
    ['5S']
    """
    if puzzle.kind == "draw":
        raise PuzzleError(f"puzzle {puzzle.id}: a take-or-draw puzzle has no discard shares "
                          "to measure")
    judged = judge_discard(puzzle.hand, puzzle.knowledge, rules, precision=BANK,
                           scores=puzzle.scores)
    measured = {(c.card, c.knock): c for c in _measured(judged)}
    choices = []
    for choice in puzzle.choices:
        again = measured.get((choice.card, choice.knock))
        if again is None or (round(again.points_lost, 2), round(again.error, 2)) != (
                round(choice.points_lost, 2), round(choice.error, 2)):
            raise PuzzleError(f"puzzle {puzzle.id}: the judge now finds other numbers for "
                              f"{choice.move}: recheck it instead")
        choices.append(replace(choice, rates=again.rates))
    kept = needed_rates(puzzle.hand, puzzle.knowledge, choices, puzzle.answer, puzzle.knock,
                        puzzle.scores, rules)
    return retier(replace(puzzle, choices=kept), rules)


def _rivals(judged: Judgement, answer: frozenset[Card]) -> list[Option]:
    """The judge's choices outside the answer, the best first."""
    best = judged.best
    return [o for o in judged.options if o.card not in answer or o.knock != best.knock]


def _lead_refusal(hand: Sequence[Card], knowledge: Knowledge, rules: Rules,
                  judged: Judgement, answer: frozenset[Card], tier: int,
                  scores: tuple[int, int] | None = None) -> str | None:
    """Why the answer's lead is too small to keep the puzzle in ``tier`` (see the module),
    or None: tier 5 asks for more, and the same best choice on fresh deals."""
    best, runner = judged.best, _rivals(judged, answer)[0]
    need = JUDGEMENT_MARGIN_POINTS if tier == 5 else KEEP_MARGIN_POINTS
    if runner.loss < need or runner.loss <= NOISE_SE * runner.error or (
            tier == 5 and runner.error > 0 and runner.loss / runner.error < JUDGEMENT_Z):
        return (f"{best.said()} beats {runner.said()} by only {runner.loss:.2f} points "
                f"(± {runner.error:.2f})")
    if tier == 5:
        again = judge_discard(hand, knowledge, rules, seed=confirmation_seed(hand),
                              precision=BANK, scores=scores).best
        if (again.card, again.knock) != (best.card, best.knock):
            return f"on fresh deals {again.said()} comes out best, not {best.said()}: not confirmed"
    return None


@names_bad_arguments
def confirmation_seed(hand: Sequence[Card]) -> int:
    """The seed of a position's confirmation deals: fixed by the cards, so anyone can re-run
    the check, and unrelated to the deals that chose the answer.

    >>> confirmation_seed(to_cards("AS 2S")) == confirmation_seed(to_cards("2S AS"))
    True
    """
    codes = " ".join(sorted(card.code for card in hand))
    return int(hashlib.sha256(codes.encode()).hexdigest()[:12], 16)


@names_bad_arguments
def recheck(puzzle: SomePuzzle, rules: Rules | None = None,
            rekey: bool = False) -> SomePuzzle | str:
    """Check a stored puzzle again with today's code, and measure it again with the judge:
    the puzzle with the judge's values, or why it no longer holds. The judge
    (:func:`~gin_teach.judge.judge_discard` at :data:`~gin_teach.judge.BANK` precision) must
    find an answer card, with the puzzle's knock decision, best. The answer keeps the cards
    that play exactly like it; every other choice gets the judge's loss and its error, so
    one within the noise of the best is graded good (accepted), never wrong; and the puzzle
    goes in the tier of what decides it on those numbers (:func:`retier`). A Judgement
    puzzle that is not a knock question must clear that tier's bar again (the lead, its
    standard errors, the same best choice on fresh deals).

    >>> from gin_teach.puzzles import Puzzle, load_bank
    >>> puzzle = next(p for p in load_bank() if p.tier == 1)
    >>> again = recheck(puzzle)
    >>> isinstance(again, Puzzle) and again.answer <= puzzle.answer
    True
    """
    judged = judge_discard(puzzle.hand, puzzle.knowledge, rules, precision=BANK,
                           scores=puzzle.scores)
    best = judged.best
    # Re-keyed, a knock question may now be answered the other way.
    asked = best.knock if rekey and puzzle.knock is not None else puzzle.knock
    knock = bool(asked)
    answer = accepted_cards(judged, asked)
    if best.card not in answer or best.knock != knock or not (rekey or answer & puzzle.answer):
        return f"the judge prefers {best.said()}: {_said_answer(puzzle)} {_cost(judged, puzzle)}"
    if all(o.accepted for o in judged.options):
        return "the judge finds every choice as good as the best: no question to ask"
    choices = needed_rates(puzzle.hand, puzzle.knowledge, _measured(judged), answer, asked,
                           puzzle.scores, rules)
    again = retier(replace(puzzle, answer=answer, knock=asked, choices=choices), rules)
    if again.tier == 5 and again.knock is None:
        # Only the playouts back such an answer: it must clear Judgement's bar again (a
        # puzzle may have moved there from another tier).
        refusal = _lead_refusal(puzzle.hand, puzzle.knowledge, rules or Rules.modern(),
                                judged, answer, 5, puzzle.scores)
        if refusal:
            return f"tier 5, {TIER_NAMES[5]}: {refusal}"
    return again


#: The opponent styles every stored verdict is checked against: the judge's own, EAAI's
#: Simple, a random-deadwood thrower and a lowest-card thrower
#: (four of :data:`~gin_teach.playouts.playout.STYLES`). The judge's own is measured at the bank's
#: precision; the others at the coach's (:data:`~gin_teach.judge.COACH`), within whose noise an
#: answer must stand: a check against other opponents, not a second measurement of the answer.
PANEL: Final = ("judge", "simple", "random", "lowest")


@names_bad_arguments
def panel_check(puzzle: SomePuzzle, rules: Rules | None = None) -> SomePuzzle | str:
    """A discard puzzle whose answer holds against every opponent style of :data:`PANEL`,
    measured on the same deals: its answer kept to the cards best or within the noise of
    the best (:func:`holds_against`) under every style; a choice of the Count and Shape
    tiers that leaves two or more points more deadwood than the answer keeps the largest
    loss any style finds (it is good only if the whole panel agrees). Or why the answer
    depends on the opponent.

    >>> from gin_teach.puzzles import load_bank
    >>> puzzle = next(p for p in load_bank() if p.tier == 1)
    >>> checked = panel_check(puzzle)
    >>> isinstance(checked, str) or checked.answer <= puzzle.answer
    True
    """
    judged = {style: judge_discard(puzzle.hand, puzzle.knowledge, rules, precision=COACH,
                                   opponent=style, scores=puzzle.scores)
              for style in PANEL[1:]}
    knock = bool(puzzle.knock)
    answer = frozenset(card for card in puzzle.answer
                       if all(holds_against(j.choice(card, knock)) for j in judged.values()))
    # An answer keeps every card that loses nothing: where one of them does not hold against
    # every style, name a style it does not hold against.
    dropped = next((c.card for c in puzzle.choices if c.points_lost == 0
                    and bool(c.knock) == knock and c.card not in answer), None)
    if dropped is not None:
        style, judgement = next((s, j) for s, j in judged.items()
                                if not holds_against(j.choice(dropped, knock)))
        option = judgement.choice(dropped, knock)
        return (f"against {STYLE_WORDS[style]} {judgement.best.said()} is best, and "
                f"{option.said()} {option.cost()}: it depends on the opponent")
    if puzzle.tier not in (1, 2):  # a narrower answer may be decided by something else
        return retier(replace(puzzle, answer=answer), rules)
    least = min(deadwood(tuple(c for c in puzzle.hand if c != card)) for card in answer)
    choices = []
    for choice in puzzle.choices:
        left = deadwood(tuple(c for c in puzzle.hand if c != choice.card))
        if left >= least + 2 and choice.card not in answer:
            worst = max((j.choice(choice.card, choice.knock) for j in judged.values()),
                        key=lambda o: o.loss)
            if worst.loss > choice.points_lost:
                choice = replace(choice, points_lost=worst.loss, error=worst.error)
        choices.append(choice)
    return retier(replace(puzzle, answer=answer, choices=tuple(choices)), rules)


@names_bad_arguments
def holds_against(option: Option) -> bool:
    """Whether a panel style leaves ``option`` standing: graded best or good there, or
    within its noise of the best (:data:`~gin_teach.judge.NOISE_SE` standard errors).

    >>> from gin_teach.judge import Option
    >>> holds_against(Option("discard", None, 1.0, 0.5, 0.4, 200, "inaccuracy"))
    True
    >>> holds_against(Option("discard", None, 1.0, 3.0, 0.4, 200, "blunder"))
    False
    """
    return option.accepted or option.loss <= NOISE_SE * option.error


@names_bad_arguments
def panel_disagreement(hand: HandLike, knowledge: Knowledge, move: str,
                        rules: Rules | None = None, scores: tuple[int, int] | None = None,
                        refuse: str | None = None) -> str | None:
    """Whether ``move`` (a discard, a knock, or with ``refuse`` a take or a draw: see
    :func:`~gin_teach.judge.judge_draw`) stands or falls with the opponent: judged against
    every style of :data:`PANEL` on the same deals, at the coach's precision, the sentence
    that names a style where the verdict turns (a move the judge's own opponent rejects that
    another style accepts, or the other way), or None when every style agrees. The coach
    asks it only when a learner asks about a move: it costs one judgement a style.

    Early, with a long stock and nothing known, the judge's own opponent and Simple agree
    that the king goes:

    >>> print(panel_disagreement("AS 2S 3S 5H 6H 7H 9D TD 2C 3C KH", Knowledge(stock_size=28),
    ...                           "discard KH"))
    None
    """
    def judged(style: str) -> Judgement:
        if refuse is None:
            return judge_discard(hand, knowledge, rules, precision=COACH, opponent=style,
                                 scores=scores)
        return judge_draw(hand, knowledge, rules, refuse=refuse, precision=COACH,
                          opponent=style, scores=scores)

    own = judged(PANEL[0])
    mine = own.option(move)
    for style in PANEL[1:]:
        other = judged(style)
        theirs = other.option(move)
        if theirs.accepted and not mine.accepted:
            return (f"It depends on your opponent: against {STYLE_WORDS[style]}, "
                    f"{theirs.said()} is {theirs.verdict}; against {STYLE_WORDS[PANEL[0]]} it "
                    f"{mine.cost()}.")
        if mine.accepted and not holds_against(theirs):
            return (f"It depends on your opponent: against {STYLE_WORDS[style]}, "
                    f"{theirs.said()} {theirs.cost()} and {other.best.said()} is best.")
    return None


#: Each panel style as a reason names it.
STYLE_WORDS: Final = {
    "judge": "an opponent who waits for a low count",
    "simple": "an opponent who sheds its highest card and knocks at once",
    "random": "an opponent who throws any loose card and knocks at once",
    "lowest": "an opponent who throws its lowest loose card and knocks at once",
}


@names_bad_arguments
def retier(puzzle: SomePuzzle, rules: Rules | None = None) -> SomePuzzle:
    """The puzzle in the tier of what decides it (:func:`~gin_teach.puzzles.texts.
    puzzle_tier`) with its texts written again (:func:`~gin_teach.puzzles.texts.reexplain`),
    from its stored numbers: no hand is played out. A puzzle that moves gets the first
    rating the generator would give it in its new tier. Take-or-draw puzzles are returned
    as they are (their tier is the draw's own, :func:`~gin_teach.puzzles.kinds.draw_tier`).

    >>> from gin_teach.puzzles import load_bank
    >>> puzzle = load_bank()[0]
    >>> retier(puzzle) == puzzle
    True
    """
    if puzzle.kind == "draw":
        return puzzle
    tier = puzzle_tier(puzzle.hand, puzzle.knowledge, puzzle.choices, puzzle.answer,
                       puzzle.knock, puzzle.scores, rules)
    if tier != puzzle.tier:
        wrong = [c for c in puzzle.choices
                 if c.card not in puzzle.answer or c.knock != bool(puzzle.knock)]
        lead = min((c.points_lost for c in wrong), default=0.0)
        puzzle = replace(puzzle, tier=tier,
                         rating=_initial_rating(tier, lead, puzzle.choices))
    return reexplain(puzzle, rules)


@names_bad_arguments
def accepted_cards(judged: Judgement, knock: bool | None) -> frozenset[Card]:
    """A puzzle's answer from the judge: the cards whose choice is graded best or good, for
    the puzzle's ``knock`` decision: True, knocking with them; False, playing on with cards
    that could knock; None, cards that cannot knock (a puzzle asks knock or play on of all
    its answer cards alike, or of none).

    >>> from gin_teach.analysis import Knowledge
    >>> judged = judge_discard("AS 2S 3S 5H 6H 7H 9C 9D 4C QD KH", Knowledge(stock_size=25))
    >>> sorted(str(card) for card in accepted_cards(judged, knock=None))  # the two high ones
    ['K♥', 'Q♦']
    """
    knockable = {o.card for o in judged.options if o.knock}
    return frozenset(o.card for o in judged.options
                     if o.card is not None and o.accepted and o.knock == bool(knock)
                     and (o.card in knockable) == (knock is not None))


def _said_answer(puzzle: PuzzleFields) -> str:
    cards = " ".join(sorted(map(str, puzzle.answer)))
    return f"{cards}{' and knock' if puzzle.knock else ''}"


def _cost(judged: Judgement, puzzle: PuzzleFields) -> str:
    option = min((o for o in judged.options if o.card in puzzle.answer
                  and o.knock == bool(puzzle.knock)), key=lambda o: o.loss)
    return option.cost()


def _initial_rating(tier: int, lead: float, values: Sequence[ChoiceValue]) -> int:
    """A first guess at how hard the puzzle is, from its features: the tier, how small the
    playouts' lead is, and how many wrong choices lose little (tempting ones)."""
    base = {1: 1000, 2: 1300, 3: 1500, 4: 1600, 5: 1750}[tier]
    closeness = max(0.0, 1.0 - lead / 4.0)
    tempting = sum(1 for v in values if 0 < v.points_lost < 3.0)
    return int(max(600, min(2400, base + 250 * closeness + 25 * min(tempting, 8))))

