"""A choice among the judge's valued choices, in sentences: for the best, what decides it over
its closest rejected rival with the playouts' margin; for another, what it does wrong against
the best (or, accepted, the difference it does not outweigh) and what that costs. Each rests on
:func:`~gin_teach.explain.reasons.decide`; the clauses here keep one named fact from looking
like the whole reason where an accepted card shares it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gin_teach.core.cards import Card
from gin_teach.core.validation import names_bad_arguments, wrong_argument
from gin_teach.core.wording import first_upper
from gin_teach.explain.reasons import (
    DANGER_NAMED,
    ONLY_PLAYOUTS,
    Position,
    Reason,
    Valued,
    check_choices,
    decide,
    feeds,
    said_cards,
    seen,
)
from gin_teach.judge import plus_minus

__all__ = ["LONGEST", "choice_reason", "count_not_all", "fitted", "not_the_fault",
           "playouts_margin", "said_among"]


def _rival(choices: Sequence[Valued], best: Valued) -> Valued | None:
    """The choice to explain the best against: the best one not accepted, else the next."""
    others = [c for c in choices if (c.card, c.knock) != (best.card, best.knock)]
    return next((c for c in others if not c.accepted), others[0] if others else None)


def _action(best: Valued, choices: Sequence[Valued]) -> str:
    return f"Discard {said_among(best, choices)}"


@names_bad_arguments
def said_among(choice: Valued, choices: Sequence[Valued]) -> str:
    """``choice`` in words among ``choices``: "and play on" when its card could knock too.

    >>> choices = [Valued.discard("5H", knock=True), Valued.discard("5H", loss=1.9)]
    >>> said_among(choices[1], choices), said_among(Valued.discard("KC"), choices)
    ('5♥ and play on', 'K♣')
    """
    if not isinstance(choice, Valued):
        raise wrong_argument("choice", choice, "a Valued choice")
    if not isinstance(choices, (list, tuple)) or not all(isinstance(c, Valued) for c in choices):
        raise wrong_argument("choices", choices, "a sequence of Valued choices")
    return choice.said(play_on=not choice.knock and any(
        c.knock and c.card == choice.card for c in choices))


@names_bad_arguments
def playouts_margin(rival: Valued, choices: Sequence[Valued]) -> str:
    """The sentence on what the best wins over ``rival`` in the playouts, the noise said
    beside the number it belongs to.

    >>> choices = [Valued.discard("KC"), Valued.discard("4H", loss=2.93, error=0.5)]
    >>> playouts_margin(choices[1], choices)
    'In playouts it wins 2.9 points a hand (± 0.5) more than 4♥.'
    """
    if not isinstance(rival, Valued):
        raise wrong_argument("rival", rival, "a Valued choice")
    if rival.accepted:
        return f"In playouts {said_among(rival, choices)} does about as well: it {rival.cost()}."
    than = f"more than {said_among(rival, choices)}"
    if rival.error <= 0 and rival.loss <= 0:
        # Level on every deal, yet graded below (a meld it breaks): never "wins 0.0 more".
        return (f"On every deal of the playouts it scores the same as "
                f"{said_among(rival, choices)}.")
    if rival.error <= 0:  # the same on every deal: no noise to say beside the number
        return f"On every deal of the playouts it wins {rival.loss:.1f} points a hand {than}."
    return f"In playouts it wins {rival.loss:.1f} points a hand{plus_minus(rival.error)} {than}."


@names_bad_arguments
def count_not_all(position: Position, choices: Sequence[Valued], rival: Valued,
                  reason: Reason) -> str:
    """Where ``reason`` names the count as what puts the best (``choices[0]``) over
    ``rival``, the accepted cards that leave less than the best or as much as ``rival`` or
    more: the clause that keeps the count from looking like the whole reason, or "" when
    there are none (or the reason is not the count).

    >>> from gin_teach.analysis import Knowledge
    >>> position = Position.of("2S 4S 6H 6D 8S 8H 8C 9S 9H 9C JD", Knowledge(stock_size=20))
    >>> choices = [Valued.discard("JD"), Valued.discard("4S", loss=0.3, error=0.5,
    ...            accepted=True), Valued.discard("6D", loss=2.1, error=0.5)]
    >>> reason = decide(position, choices[0], choices[2])
    >>> print(reason.why + count_not_all(position, choices, choices[2], reason))
    ... # doctest: +NORMALIZE_WHITESPACE
    J♦ leaves 18, 6♦ leaves 22; 4♠ leaves more yet plays about as well
    """
    check_choices(position, choices, rival=rival)
    if not isinstance(reason, Reason):
        raise wrong_argument("reason", reason, "a Reason")
    best = choices[0]
    if reason.kind != "count" or best.knock or rival.knock:
        return ""
    mine, theirs = position.left(best.card), position.left(rival.card)
    accepted = [c.card for c in choices[1:] if c.accepted and not c.knock]
    less = [c for c in accepted if position.left(c) < mine]
    more = [c for c in accepted if position.left(c) >= theirs]
    if not (less or more):
        return ""

    def leave(cards: list[Card], how: str) -> str:
        return f"{said_cards(cards)} {'leaves' if len(cards) == 1 else 'leave'} {how}"

    much = "more" if all(position.left(c) > theirs for c in more) else "as much or more"
    if less and more:
        every = "both" if len(less) + len(more) == 2 else "all"
        said = f"{leave(less, 'less')} and {said_cards(more)} {much}, and {every} play"
    elif less:
        said = f"{leave(less, 'less')} and {'plays' if len(less) == 1 else 'play'}"
    else:
        said = f"{leave(more, much)} yet {'plays' if len(more) == 1 else 'play'}"
    return f"; {said} about as well"


@names_bad_arguments
def not_the_fault(position: Position, choices: Sequence[Valued], chosen: Valued,
                  reason: Reason) -> str:
    """Where ``reason`` condemns ``chosen`` (rejected) for its count, its outs or its danger
    and an accepted card is no better on that score, the clause that says so: that card
    plays about as well, and what sets ``chosen`` below it where a learner can see it or the
    judge measured it ("" when no accepted card shares the fault).

    >>> from gin_teach.analysis import Knowledge
    >>> position = Position.of("2S 4S 6H 6D 8S 8H 8C 9S 9H 9C JD", Knowledge(stock_size=20))
    >>> choices = [Valued.discard("JD"), Valued.discard("4S", loss=0.3, error=0.5,
    ...            accepted=True), Valued.discard("6D", loss=2.1, error=0.5)]
    >>> reason = decide(position, choices[0], choices[2])
    >>> reason.wrong
    '6♦ leaves 22 where J♦ leaves 18'
    >>> print(not_the_fault(position, choices, choices[2], reason))
    ... # doctest: +NORMALIZE_WHITESPACE
    ; 4♠ leaves more yet plays about as well as J♦, while throwing 6♦ leaves 3 outs where
    4♠ keeps 4
    """
    check_choices(position, choices, chosen=chosen)
    if not isinstance(reason, Reason):
        raise wrong_argument("reason", reason, "a Reason")
    if chosen.knock or reason.kind not in ("count", "shape", "defence"):
        return ""
    analyses, lw = position.analyses, position.left(chosen.card)
    mine = analyses[chosen.card]

    def shares(card: Card) -> bool:
        theirs = analyses[card]
        if reason.kind == "count":
            return position.left(card) >= lw
        if reason.kind == "shape":
            return (len(theirs.outs) <= len(mine.outs) and position.left(card) >= lw
                    and theirs.expected_deadwood >= mine.expected_deadwood)
        return theirs.danger >= mine.danger

    peers = [c for c in choices[1:] if c.accepted and not c.knock and shares(c.card)]
    if not peers:
        return ""
    peer = min(peers, key=lambda c: c.loss)
    theirs = analyses[peer.card]
    if reason.kind == "count":
        same = position.left(peer.card) == lw
        shared = f"leaves {'as much' if same else 'more'}"
    elif reason.kind == "shape" and len(analyses[choices[0].card].outs) > len(mine.outs):
        same = len(theirs.outs) == len(mine.outs)
        shared = f"keeps {'as few' if same else 'fewer'} outs"
    elif reason.kind == "shape":  # condemned on the next draw's expected deadwood
        shared = "does no better on the next draw"
    else:
        likely = "as likely" if theirs.danger - mine.danger < DANGER_NAMED else "likelier"
        shared = f"is {likely} to help your opponent"
    said = f"; {peer.card} {shared} yet plays about as well as {said_among(choices[0], choices)}"
    # What sets this card below the peer, when a learner can see it (p0409: A♠ and A♥ alike
    # but for the danger); else only the playouts do.
    apart = decide(position, peer, chosen)
    if apart.kind == "playouts" and ONLY_PLAYOUTS not in apart.wrong:
        # Level in sight: the fact the playouts' own numbers or the loose cards show.
        return f"{said}, while {apart.wrong.split(', but ', 1)[-1]}"
    if apart.kind in ("count", "playouts", reason.kind):
        return said  # nothing in sight sets it below the peer: the loss measured does
    return f"{said}, while {apart.plain}"


@names_bad_arguments
def choice_reason(position: Position, choices: Sequence[Valued], chosen: Valued) -> str:
    """One or two sentences on ``chosen`` among ``choices`` (every valued choice of the
    position, the best first): for the best, what decides it over its closest rejected
    rival, with the playouts' margin; for another, what it does wrong against the best and
    what that costs.

    >>> from gin_teach.analysis import Knowledge
    >>> position = Position.of("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20))
    >>> choices = [Valued.discard("KC"), Valued.discard("4H", loss=6.1, error=0.9)]
    >>> print(choice_reason(position, choices, choices[1]))  # doctest: +NORMALIZE_WHITESPACE
    4♥ breaks your run 3♥ 4♥ 5♥: 18 more deadwood than K♣. It loses about 6.1 points a hand
    (± 0.9) against K♣.
    """
    check_choices(position, choices, chosen=chosen)
    best = choices[0]
    if (chosen.card, chosen.knock) == (best.card, best.knock):
        rival = _rival(choices, best)
        if rival is None:
            return f"{_action(best, choices)}: it is the only choice."
        reason = decide(position, best, rival)
        margin = playouts_margin(rival, choices)
        return fitted([f"{_action(best, choices)}: {reason.why}{caveat}. {margin}"
                       for caveat in (count_not_all(position, choices, rival, reason), "")])
    reason = decide(position, best, chosen)
    if chosen.accepted:
        # The verdict first (it is accepted), then the difference it does not outweigh. A
        # playouts reason names only what favours the chosen card or what the two share.
        though = ", though"
        if reason.kind == "playouts":
            though = " even though" if seen(position, chosen) != seen(position, best) else ";"
        verdict = (f"{first_upper(said_among(chosen, choices))} is as good as "
                   f"{said_among(best, choices)} as far as the playouts can tell: it "
                   f"{chosen.cost()}")
        return fitted([f"{verdict}{though} {plain}." for plain in (
            reason.plain, reason.short) if plain] + [f"{verdict}."])
    shared = not_the_fault(position, choices, chosen, reason)
    fed = feeds(position, chosen.card) if not chosen.knock else ""
    # What the count leaves out: it feeds the opponent.
    fed = f", and {fed}" if fed and reason.kind in ("count", "broken meld") and (
        fed not in shared) else ""
    cost = f"It {chosen.cost()} against {said_among(best, choices)}."
    # The deciding clause with what supports it, as much as fits (LONGEST).
    short = reason.short or reason.wrong
    # The card it feeds and the accepted card that shares its fault before the facts that
    # support the size (a short reason drops those).
    bare = short.split("; ")[0] if reason.kind == "count" else short
    peer = shared.split(", while ")[0]
    brief = f"It {chosen.cost()}."  # the best is named in the reason already
    return fitted([f"{first_upper(wrong)}. {said}" for wrong in (
        f"{reason.wrong}{fed}{shared}", f"{short}{fed}{shared}", f"{bare}{fed}{shared}",
        f"{short}{shared}", f"{bare}{shared}", f"{short}{peer}", f"{bare}{fed}{peer}",
        f"{bare}{peer}", f"{short}{fed}", reason.wrong, short) for said in (cost, brief)])


@names_bad_arguments
def fitted(texts: Sequence[str]) -> str:
    """The first of ``texts`` (each a whole reason, the fullest first) that a learner reads
    at a glance, :data:`LONGEST` characters or fewer; else the shortest.

    >>> fitted(["x" * 300, "a short reason.", "short."])
    'a short reason.'
    """
    if not isinstance(texts, (list, tuple)) or not texts or not all(
            isinstance(t, str) for t in texts):
        raise wrong_argument("texts", texts, "a non-empty sequence of texts")
    said: list[str] = list(texts)
    return next((t for t in said if len(t) <= LONGEST), min(said, key=len))


LONGEST: Final = 250
"""The most characters of a reason: one a learner reads at a glance."""
