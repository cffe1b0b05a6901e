"""The judge's verdicts in words: a discard, a knock or play on, a take or draw, each
explained from its :class:`~gin_teach.judge.Judgement` by the reasons of
:mod:`gin_teach.explain.reasons`."""

from __future__ import annotations

import itertools

from gin_teach.analysis import DrawAnalysis, Knowledge, analyze_draw
from gin_teach.core.cards import Card, HandLike, to_cards
from gin_teach.core.kernel import can_share_meld, may_knock
from gin_teach.core.melds import best_arrangement
from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments
from gin_teach.core.wording import first_upper
from gin_teach.errors import CardError
from gin_teach.explain.choices import choice_reason, fitted
from gin_teach.explain.reasons import (
    DRAW_COUNT_DECIDES,
    Position,
    Valued,
    decide,
    said_cards,
)
from gin_teach.judge import Judgement, Option

__all__ = ["discard_reason", "draw_reason", "knock_reason"]


@names_bad_arguments
def discard_reason(judged: Judgement, hand11: HandLike, chosen: Option,
                   rules: Rules | None = None, knowledge: Knowledge | None = None,
                   scores: tuple[int, int] | None = None) -> str:
    """:func:`choice_reason` for an option of a discard judgement of ``hand11``.

    >>> from gin_teach.analysis import Knowledge
    >>> from gin_teach.judge import judge_discard
    >>> hand = "3H 4H 5H 7S 7D 7C 9S 9D JS QH KC"
    >>> judged = judge_discard(hand, Knowledge(stock_size=20))
    >>> print(discard_reason(judged, hand, judged.option("discard 4H")))
    ... # doctest: +ELLIPSIS
    4♥ breaks your run 3♥ 4♥ 5♥: 18 more deadwood than Q♥. It loses about ...
    """
    position = Position.of(hand11, knowledge, rules, scores)
    choices = [Valued.of(o) for o in judged.options if o.card is not None]
    stray = next((v.card for v in choices if v.card not in position.hand), None)
    if stray is not None:
        raise CardError(f"the judgement throws {stray}, which is not in the hand: it judged "
                        "another hand")
    return choice_reason(position, choices, Valued.of(chosen))


@names_bad_arguments
def knock_reason(judged: Judgement, hand11: HandLike, rules: Rules | None = None,
                 knowledge: Knowledge | None = None,
                 scores: tuple[int, int] | None = None) -> str:
    """Knock now or play on, in one sentence naming what decides (the stock left, the
    undercut risk, the score) and the playouts' numbers: the best knock against the best
    way to play on (``judged`` must hold a knock).

    >>> from gin_teach.analysis import Knowledge
    >>> from gin_teach.judge import judge_discard
    >>> hand = "7S 7H 7D 9C TC JC 3H 4H 5H 2S KS"
    >>> early = Knowledge(discard_pile="KD QC JH", opponent_discarded="KD JH", stock_size=28)
    >>> print(knock_reason(judge_discard(hand, early), hand, knowledge=early))
    ... # doctest: +ELLIPSIS
    Play on, throwing K♠, rather than knock with 2: with 28 cards left and 4 outs the hand ...
    """
    knock = next((o for o in judged.options if o.knock), None)
    if knock is None:
        raise CardError("no discard leaves a count the knock limit allows: nothing to weigh")
    play_on = next(o for o in judged.options if not o.knock)
    position = Position.of(hand11, knowledge, rules, scores)
    assert knock.card is not None and play_on.card is not None
    count = position.left(knock.card)
    numbers = (f"in playouts knocking averages {knock.value:+.1f} points a hand, playing on "
               f"(throwing {play_on.card}) {play_on.value:+.1f}")
    if knock.value >= play_on.value:
        facts = decide(position, Valued.of(knock), Valued.of(play_on)).why
        return f"Knock with {count} after throwing {knock.card}: {facts}; {numbers}."
    facts = decide(position, Valued.of(play_on), Valued.of(knock)).why
    return (f"Play on, throwing {play_on.card}, rather than knock with {count}: {facts}; "
            f"{numbers}.")


def _draw_apart(judged: Judgement, upcard: Card) -> str:
    """Where the counts and the outs of a take or draw are level: how often each choice
    won the hand in the judge's deals (the same deals), and whether that sets them apart."""
    best, other = judged.best, next(o for o in judged.options if o is not judged.best)
    won = next((r for r in other.rates if r.name == "hand_won"), None)
    if won is None:
        refuse = "leaving it" if best.kind != "take" else f"taking {upcard}"
        return f"the playouts find {refuse} better"

    def said(option: Option) -> str:
        return {"take": "taking", "draw": "drawing", "pass": "passing"}[option.kind]

    mine, ours = (f"{round(100 * won.mine)}%", f"{round(100 * won.best)}%")
    if won.separates and won.gap < 0 and mine != ours:
        return (f"you win the hand on {mine} of the deals after {said(other)}, {ours} after "
                f"{said(best)}")
    # Short, to leave room: the verdict and the playouts' averages follow.
    return (f"you win about as often either way ({mine} after {said(other)}, {ours} after "
            f"{said(best)})")


def _draw_decider(draw: DrawAnalysis, knowledge: Knowledge, take: bool,
                  knocks: bool, apart: str = "") -> str:
    """What settles a take-or-draw decision that the count does not (a clause to follow the
    counts; "" when the count, or a knock at once after taking, does): the outs, taking
    against keeping the hand, and for a face-up card better left, its partners dead in the
    pile; where counts and outs are level, ``apart``: what the judge's deals show."""
    count_says_take = draw.take_deadwood < draw.draw_deadwood
    if count_says_take == take and (knocks or abs(draw.take_deadwood - draw.draw_deadwood)
                                    >= DRAW_COUNT_DECIDES):
        return ""
    up, kept, now = draw.upcard, len(draw.take_outs), len(draw.draw_outs)
    clauses = []
    if (kept > now) == take and kept != now:
        clauses.append(f"after taking {up}, {kept} unseen cards would make a meld; with your "
                       f"hand as it is, {now}")
    dead = [c for c in knowledge.discard_pile[:-1] if can_share_meld(up, c)]
    if dead and not take and not draw.take_melds and kept == now:
        # Only where taking gains no outs: a card that pairs with a live one of yours has a
        # future, whatever the pile holds.
        clauses.append(f"taking {up} adds no outs: {said_cards(dead)} "
                       f"{'are' if len(dead) > 1 else 'is'} in the pile")
    if not clauses:
        gap = abs(draw.take_deadwood - draw.draw_deadwood)
        # The outs, where they favour the choice the playouts reject: said, not hidden.
        outs = ("" if kept == now else
                f"the outs favour {'taking' if kept > now else f'leaving {up}'} "
                f"({max(kept, now)} against {min(kept, now)})")
        better = f"the playouts find {'taking it' if take else f'leaving {up}'} better"
        if gap < 0.05:
            if outs:
                return f"; the counts are level and {outs}, yet {better}"
            return f"; the counts are level and so are the outs; {apart or better}"
        favoured = "taking" if count_says_take else f"leaving {up}"
        # The count leans one way, too little to settle it alone (DRAW_COUNT_DECIDES).
        if count_says_take == take:
            verdict = f"and the playouts agree{f', though {outs}' if outs else ''}"
        else:
            verdict = f"yet {better}{f'; {outs} too' if outs else ''}"
        return f"; the count favours {favoured} by {gap:.1f}, too little alone, {verdict}"
    return "; " + ", and ".join(clauses)


def _joins(hand10: tuple[Card, ...], draw: DrawAnalysis) -> str:
    """What the face-up card does for the hand once taken: "makes a meld", "adds to your
    run" (or set) when the meld stands without it, or "" when it joins none."""
    if not draw.take_melds:
        return ""
    kept = [c for c in hand10 if c != draw.take_discard] + [draw.upcard]
    if any(c.is_joker for c in kept):
        return "makes a meld"
    meld = next(m for m in best_arrangement(kept).melds if draw.upcard in m)
    rest = sorted((c for c in meld if c != draw.upcard), key=lambda c: c.rank)
    if len(rest) < 3:
        return "makes a meld"
    if len({c.rank for c in rest}) == 1:
        return "adds to your set"
    steps = {b.rank - a.rank for a, b in itertools.pairwise(rest)}
    return "adds to your run" if steps == {1} else "makes a meld"


@names_bad_arguments
def draw_reason(judged: Judgement, hand10: HandLike, knowledge: Knowledge, chosen: Option,
                rules: Rules | None = None) -> str:
    """One or two sentences on ``chosen`` (an option of ``judged``, a draw judgement): what
    taking the face-up card leaves against what a stock card leaves on average, and the
    playouts' verdict.

    >>> from gin_teach.analysis import Knowledge
    >>> from gin_teach.judge import judge_draw
    >>> known = Knowledge(discard_pile="8D 7D")
    >>> judged = judge_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", known)
    >>> print(draw_reason(judged, "7S 7H 9C TC 3H 4H 5H 2D KS QS", known, judged.best))
    ... # doctest: +ELLIPSIS
    Take 7♦: it makes a meld, and after throwing K♠ you have 31; a stock card leaves 48.4 ...
    """
    cards = to_cards(hand10)
    draw = analyze_draw(cards, knowledge, rules)
    up, take_best = draw.upcard, judged.best.kind == "take"
    limit = (rules or Rules.modern()).resolve_knock_limit(knowledge.knock_limit)
    # The take's own measurement says whether its knock is worth making at once: the reason
    # never says "knock at once" of a knock the judge would grade a mistake a move later.
    plan = judged.option("take").plan
    knocks = may_knock(draw.take_deadwood, limit) and plan != "play on"
    joins = _joins(cards, draw)
    would = joins.replace("makes", "make").replace("adds", "add")
    melds = ("" if not joins else f"it {joins}, and " if take_best else
             f"{up} would {would}, yet ")
    low = (", gin at once" if draw.take_deadwood == 0 else
           ", low enough to knock at once" if knocks else
           ", low enough to knock, though playing on is worth more"
           if may_knock(draw.take_deadwood, limit) else "")
    # Said of taking, whichever choice is best: "after throwing" alone would read as the
    # result of drawing where drawing is the advice.
    after = (f"after throwing {draw.take_discard} you have {draw.take_deadwood}" if take_best
             else f"taking {up} and throwing {draw.take_discard} leaves {draw.take_deadwood}")
    decider = _draw_decider(draw, knowledge, take_best, knocks, _draw_apart(judged, up))
    plain = f"{melds}{after}{low}; a stock card leaves {draw.draw_deadwood:.1f} on average"
    facts = f"{plain}{decider}"
    take = judged.option("take")
    leave = next(o for o in judged.options if o.kind != "take")
    numbers = (f"In playouts taking averages {take.value:+.1f} points a hand, "
               f"{leave.said()} {leave.value:+.1f}")

    def action(option: Option) -> str:
        if option.kind == "take":
            return f"Take {draw.upcard}"
        refuse = "Draw from the stock" if option.kind == "draw" else "Pass"
        return f"{refuse} rather than take {draw.upcard}"

    def said(option: Option) -> str:
        return f"taking {up}" if option.kind == "take" else option.said()

    # As much as fits a glance (LONGEST): the playouts' averages go first, then what
    # decides beyond the count.
    if chosen.verdict == "best":
        return fitted([f"{action(chosen)}: {facts}. {numbers}.", f"{action(chosen)}: {facts}.",
                       f"{action(chosen)}: {plain}."])
    if chosen.accepted:
        verdict = (f"{first_upper(said(chosen))} is as good as {said(judged.best)} as far as "
                   f"the playouts can tell: it {chosen.cost()}")
        return fitted([f"{verdict}; {facts}.", f"{verdict}; {plain}."])
    left, stock = draw.take_deadwood, f"{draw.draw_deadwood:.1f}"
    if chosen.kind == "take":
        # Compared as said, to one decimal: never "29, more than 29.0".
        said_stock = round(draw.draw_deadwood, 1)
        than = ("more than" if left > said_stock else
                "as much as" if left == said_stock else "against")
        wrong = (f"Taking {up} leaves {left} after throwing {draw.take_discard}, {than} "
                 f"{stock} on average for a stock card")
    else:
        meld = f" {joins} and" if joins else ""
        wrong = (f"{first_upper(chosen.said())} leaves {stock} on average, where taking {up}{meld} "
                 f"leaves {left}{low}")
    # What decides when the count does not (p0778: the count favoured drawing, the outs
    # taking), said against the learner's choice too.
    verdict = f"{action(judged.best)}: {said(chosen)} {chosen.cost()}"
    return fitted([f"{wrong}{decider}. {verdict}. {numbers}.", f"{wrong}{decider}. {verdict}.",
                   f"{wrong}{decider}. It {chosen.cost()}.",
                   f"{wrong}{decider.split(', though ')[0].split('; the outs')[0]}. "
                   f"It {chosen.cost()}.",
                   f"{wrong}. {verdict}."])
