"""A puzzle's words from its numbers: the explanation, the hint, each choice's ``why`` and the
themes, all from the explainer (:mod:`gin_teach.explain`) over the position and the judge's
stored values. Nothing here plays a hand out: :func:`reexplain` rewrites a stored puzzle's
texts without changing its answer, rating or numbers
(``python -m gin_teach.puzzles reexplain``).

>>> from gin_teach.puzzles import load_bank
>>> puzzle = load_bank()[0]
>>> again = reexplain(puzzle)
>>> again.choices == puzzle.choices and again.explanation == puzzle.explanation
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from gin_teach.analysis import Knowledge, analyze_discards
from gin_teach.core.cards import Card
from gin_teach.core.melds import best_arrangement, find_melds
from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments
from gin_teach.core.verdicts import ACCEPTED
from gin_teach.explain import (
    COUNT_DECIDES,
    LONGEST,
    Position,
    Reason,
    Valued,
    can_share_meld,
    choice_reason,
    count_not_all,
    decide,
    not_the_fault,
    playouts_margin,
    said_among,
    said_cards,
    shares_open_meld,
    without_opponent,
    without_pile,
)
from gin_teach.puzzles.choices import HINTS, ChoiceValue, stored_verdict
from gin_teach.puzzles.fields import SomePuzzle

__all__ = ["PuzzleTexts", "needed_rates", "puzzle_texts", "puzzle_tier", "reexplain"]


@dataclass(frozen=True)
class PuzzleTexts:
    """What a learner reads of a puzzle: ``explanation``, ``hint``, the ``why`` of each
    choice by (card, knock), and the ``themes`` of what decides it; ``kinds`` names what
    decides against the runner-up (and, in tiers 3 and 4, against the card that would look
    right without the deciding facts).

    >>> from gin_teach.puzzles import load_bank
    >>> p = load_bank()[0]
    >>> texts = puzzle_texts(p.tier, p.hand, p.knowledge, p.choices, p.answer, p.knock, p.scores)
    >>> texts.explanation == p.explanation and texts.hint == p.hint
    True
    """

    explanation: str
    hint: str
    whys: dict[tuple[Card, bool], str]
    themes: tuple[str, ...]
    kinds: tuple[str, ...]


def _in_answer(choice: ChoiceValue, answer: frozenset[Card], knock: bool | None) -> bool:
    return choice.card in answer and (knock is None or choice.knock == knock)


def _valued(hand: Sequence[Card], choices: Sequence[ChoiceValue], answer: frozenset[Card],
            knock: bool | None) -> list[Valued]:
    """The stored choices as the explainer reads them, the best first, graded as
    :meth:`Puzzle.grade` grades them."""
    found = []
    for c in choices:
        answered = _in_answer(c, answer, knock)
        accepted = answered or stored_verdict(c, hand, answered) in ACCEPTED
        found.append(Valued(c.card, c.knock, c.points_lost, c.error, accepted,
                            rates=c.rates))
    return sorted(found, key=lambda v: (not (v.card in answer and (knock is None
                                                                   or v.knock == knock)),
                                        v.loss, v.card, v.knock))


def _tempting(tier: int, position: Position, answer: frozenset[Card],
              choices: Sequence[Valued]) -> Valued | None:
    """In tiers 3 and 4: the card the analysis picks with the deciding facts forgotten,
    when it is not an answer card."""
    if tier not in (3, 4):
        return None
    forget = without_pile if tier == 3 else without_opponent
    naive = analyze_discards(position.hand, forget(position.knowledge), position.rules)[0].card
    if naive in answer:
        return None
    return next((c for c in choices if c.card == naive and not c.knock), None)


_TIER_OF_KIND = {"count": 1, "broken meld": 1, "shape": 2, "memory": 3, "defence": 4,
                 "knock": 5, "playouts": 5}


def _deciding(position: Position, valued: Sequence[Valued], answer: frozenset[Card],
              knock: bool | None) -> tuple[int, tuple[Valued, Reason] | None]:
    """The tier of what decides a puzzle (see :func:`puzzle_tier`), with the rejected choice
    and the reason that put it there (None for the count, the knock and the playouts)."""
    if knock is not None:
        return 5, None
    best = valued[0]
    rejected = [v for v in valued[1:] if v.card not in answer and not v.accepted]
    near = [v for v in rejected
            if position.left(v.card) < position.left(best.card) + COUNT_DECIDES]
    if not near:
        return 1, None
    top = next(iter(position.analyses.values()))  # the analysis' own pick
    if not answer & {top.card, *top.same_as}:
        return 5, None
    reasons = [(v, decide(position, best, v)) for v in near]
    if reasons[0][1].kind == "playouts" and not any(
            r.kind in ("memory", "defence") for _, r in reasons):
        return 5, None
    tier = max(_TIER_OF_KIND[r.kind] for _, r in reasons if r.kind != "playouts")
    if tier == 1 and any(r.kind == "playouts" and position.left(v.card) < position.left(
            best.card) for v, r in reasons):
        return 5, None  # a card leaving less is rejected on the playouts alone: not a count
    return tier, next((v, r) for v, r in reasons if _TIER_OF_KIND[r.kind] == tier)


@names_bad_arguments
def puzzle_tier(hand: Sequence[Card], knowledge: Knowledge, choices: Sequence[ChoiceValue],
                answer: frozenset[Card], knock: bool | None,
                scores: tuple[int, int] | None = None, rules: Rules | None = None) -> int:
    """The tier of a discard puzzle from its position and the judge's values: what a learner
    must see to reject every wrong choice that the count does not already rule out (one
    leaving :data:`~gin_teach.explain.COUNT_DECIDES` points more than the answer), as the
    explainer decides each (:func:`~gin_teach.explain.decide`); the hardest of them names
    the tier. So the tier and the explanation always name the same thing.

    1. **Count**: every wrong choice leaves at least 2 points more deadwood (or breaks a
       meld for nothing).
    2. **Shape**: outs and expected deadwood decide against one that leaves as little.
    3. **Memory**: the cards in the discard pile decide against one.
    4. **Defence**: what the opponent took, threw or passed decides against one.
    5. **Judgement**: knock or play on, or only the playouts separate the choices (the
       analysis alone would pick another card, or nothing names a difference).

    >>> from gin_teach.puzzles import load_bank
    >>> p = next(p for p in load_bank() if p.id == "p0203")
    >>> puzzle_tier(p.hand, p.knowledge, p.choices, p.answer, p.knock, p.scores), p.tier
    (4, 4)
    """
    position = Position.of(hand, knowledge, rules, scores)
    return _deciding(position, _valued(position.hand, choices, answer, knock), answer,
                     knock)[0]


def _hint(tier: int, position: Position, knock: bool | None, kinds: Sequence[str],
          answer: Card, count_misleads: bool = False) -> str:
    """The hint of the tier when its own kind of fact decides, else of what does decide
    (but never "count" where a rejected card leaves less, ``count_misleads``); a defence
    hint names first what bears on ``answer``, the card the explanation defends."""
    if kinds and tier not in (_TIER_OF_KIND[k] for k in kinds):
        instead = _TIER_OF_KIND[kinds[0]]
        tier = tier if instead == 1 and count_misleads else instead
    k = position.knowledge
    if tier == 3:
        loose = best_arrangement(position.hand).deadwood_cards
        dead = [c for c in k.discard_pile if any(can_share_meld(c, h) for h in loose)]
        if dead:
            are = "is" if len(dead[-5:]) == 1 else "are"
            return (f"Look through the discard pile: {said_cards(dead[-5:])} {are} there. "
                    "Which of your cards can no longer become a meld?")
    if tier == 4:
        # What the opponent let go that still shares an open meld with one of your cards:
        # the facts the explainer's defence reasons rest on, those about the answer first.
        def near(cards: Sequence[Card]) -> list[Card]:
            near = [c for c in cards
                    if any(shares_open_meld(position, h, c) for h in position.hand)]
            named = sorted(range(len(near)), key=lambda i: (
                not shares_open_meld(position, answer, near[i]), -i))[:3]
            return [near[i] for i in sorted(named)]
        threw = near(k.opponent_discarded)
        passed = near([c for c in k.opponent_passed if c not in threw])
        did = ([f"took {said_cards(k.opponent_holds)}"] if k.opponent_holds else []) + (
            [f"threw {said_cards(threw)}"] if threw else []) + (
            [f"passed {said_cards(passed)}"] if passed else [])
        if did:
            # A list may hold its own "and": then the last clause takes a comma before its own.
            last = ", and " if len(did) > 2 or " and " in did[0] else " and "
            listed = ", ".join(did[:-1]) + (last if len(did) > 1 else "") + did[-1]
            return f"Your opponent {listed}. Which of your cards would help it?"
    if tier == 5:
        score = (f", the score is {position.scores[0]} to {position.scores[1]}"
                 if position.scores else "")
        if knock is not None:
            return (f"{position.stock} cards are left in the stock{score}: knock now, or play "
                    "on? What can still go wrong?")
        return (f"{position.stock} cards are left in the stock{score}. Think about the whole "
                "hand: what can still go wrong?")
    return HINTS[tier]


def _neighbours(card: Card, hand: Sequence[Card], distance: int) -> bool:
    return any(c.suit == card.suit and abs(c.rank - card.rank) == distance for c in hand)


def _themes(position: Position, best: Valued, against: Sequence[tuple[Valued, Reason]]
            ) -> tuple[str, ...]:
    """The themes of what decides: each rival's reason kind names its lessons."""
    hand, card = position.hand, best.card
    themes: list[str] = []
    for rival, reason in against:
        kind, other = reason.kind, rival.card
        if kind == "knock":
            themes.append("knock early" if best.knock else "wait and play for more")
        elif kind in ("count", "broken meld") and not best.knock:
            rest = [c for c in hand if c != card]
            loose = best_arrangement(rest).deadwood_cards
            if not loose or card.points >= max(c.points for c in loose):
                themes.append("highest unmatched card")
            melds = find_melds(hand)
            if any(sum(c in m for m in melds) > 1 for c in hand):
                themes.append("one card one meld")
        elif kind == "shape":
            if _neighbours(other, hand, 1) and _neighbours(card, hand, 2) and not _neighbours(
                    card, hand, 1):
                themes.append("connected over gapped")
            if card.rank in (1, 2, 12, 13) and 3 <= other.rank <= 11:
                themes.append("middle over edge")
            if position.left(card) > position.left(other):
                themes.append("shape over count")
        elif kind == "memory":
            themes.append("dead partners")
        elif kind == "defence":
            if any(w in reason.wrong for w in ("completes the", "sits next to", "pairs with",
                                               "could make a run with")):
                themes.append("don't feed a pick-up")
            themes.append("safe discard")
        if kind in ("count", "shape") and card.points >= 9 and position.stock >= 20:
            themes.append("shed high cards early")
    if not themes and against:  # none of the named patterns: name the kind of fact
        themes.append({"shape": "more outs", "playouts": "close call"}.get(
            against[0][1].kind, "least deadwood"))
    return tuple(dict.fromkeys(themes))


@names_bad_arguments
def puzzle_texts(tier: int, hand: Sequence[Card], knowledge: Knowledge,
                 choices: Sequence[ChoiceValue], answer: frozenset[Card], knock: bool | None,
                 scores: tuple[int, int] | None = None,
                 rules: Rules | None = None) -> PuzzleTexts:
    """The texts of a puzzle from its position and stored values (see the module).

    >>> from gin_teach.puzzles import load_bank
    >>> p = next(p for p in load_bank() if p.id == "p0203")
    >>> texts = puzzle_texts(p.tier, p.hand, p.knowledge, p.choices, p.answer, p.knock,
    ...                      p.scores)
    >>> print(texts.explanation)  # doctest: +NORMALIZE_WHITESPACE
    Discard 7♣: 7♣ leaves 13, 4♥ leaves 16. And not 7♥: 7♥ could make a run with the 9♥ it took
    (danger 0.33 against 0.14 for 7♣). In playouts it wins 1.4 points a hand (± 0.5) more than 4♥.
    """
    position = Position.of(hand, knowledge, rules, scores)
    valued = _valued(position.hand, choices, answer, knock)
    best = valued[0]
    outside = [v for v in valued[1:] if not (v.card in answer and (
        knock is None or v.knock == knock))]
    rival = next((v for v in outside if not v.accepted), outside[0] if outside else None)
    whys = {(v.card, v.knock): choice_reason(position, valued, v) for v in valued}
    action = f"Discard {said_among(best, valued)}"
    if rival is None:
        return PuzzleTexts(f"{action}: every other choice plays alike.",
                           _hint(tier, position, knock, (), best.card), whys, (), ())
    against = [(rival, decide(position, best, rival))]
    first = f"{against[0][1].why}{count_not_all(position, valued, rival, against[0][1])}"
    sentences = [f"{action}: {first}."]
    other = next((v for v in valued if v.knock != best.knock), None)
    knock_why = knock_short = ""
    if knock is not None and rival.knock == best.knock and other is not None:
        # The runner-up settles which card; the knock-or-play-on question still stands.
        reason = decide(position, best, other)
        against.append((other, reason))
        knock_why, knock_short = reason.why, reason.short
        sentences.append(f"{'Knock rather than play on' if best.knock else 'Play on rather '}"
                         f"{'' if best.knock else 'than knock'}: {reason.why}.")

    def wrong_of(choice: Valued, reason: Reason) -> str:
        """What a rejected card does wrong, and whether an accepted card shares it."""
        shared = "" if choice.accepted else not_the_fault(position, valued, choice, reason)
        return f"{reason.wrong}{shared}"

    _, deciding = _deciding(position, valued, answer, knock)
    tempting = _tempting(tier, position, answer, valued)
    if tempting is not None and tempting.card != rival.card:
        reason = decide(position, best, tempting)
        if deciding is None or reason.kind == deciding[1].kind:
            # The card the analysis picks with the tier's facts forgotten is beaten by them.
            deciding = None
            against.append((tempting, reason))
            what = "the discard pile" if tier == 3 else "what your opponent took and threw"
            sentences.append(f"Forget {what} and {tempting.card} would look right: "
                             f"{wrong_of(tempting, reason)}.")
    if deciding is not None and deciding[0].card != rival.card:
        # The runner-up is beaten on something else; what decides is against another card.
        against.append(deciding)
        sentences.append(f"And not {deciding[0].card}: {wrong_of(*deciding)}.")
    lower = [v for v in outside if not (v.accepted or v.knock) and position.left(v.card)
             < position.left(best.card) and all(v.card != r.card or r.knock
                                                 for r, _ in against)]
    if lower and not any(position.left(r.card) < position.left(best.card)
                         for r, _ in against if not r.knock):
        # A card that leaves less is rejected: say why, or the count would look like the key.
        least = min(lower, key=lambda v: (position.left(v.card), v.loss))
        reason = decide(position, best, least)
        against.append((least, reason))
        counted = f"{least.card} leaves {position.left(least.card)} " in reason.wrong
        less = "" if counted else f", though it leaves {position.left(least.card)}"
        sentences.append(f"And not {least.card}{less}: {wrong_of(least, reason)}.")
    sentences.append(playouts_margin(rival, valued))
    kinds = tuple(r.kind for _, r in against)
    misleads = bool(lower)
    # What fits a glance (LONGEST): the deciding sentence and the margin always, the other
    # cards' sentences in order while they fit; each of those cards has its own reason too.
    head, middle, tail = sentences[0], sentences[1:-1], sentences[-1]
    if len(f"{head} {tail}") > LONGEST:
        head = f"{action}: {against[0][1].why}."
    if knock_why and len(" ".join([head, middle[0], tail])) > LONGEST:
        # Knock or play on is the question asked: its reason stays, short, or leads.
        asked = middle[0].replace(knock_why, knock_short) if knock_short else middle[0]
        if knock_short and len(" ".join([head, asked, tail])) <= LONGEST:
            middle = [asked, *middle[1:]]
        else:
            head, middle = f"{action}: {knock_why}.", middle[1:]
    said = [head]
    for sentence in middle:
        if len(" ".join([*said, sentence, tail])) <= LONGEST:
            said.append(sentence)
    forget = next((m for m in middle if m.startswith("Forget ")), "")
    if forget and forget not in said and against[0][1].kind == "playouts":
        # Only the playouts part the runner-up (the margin says by how much): the sentence
        # on the card the tier's own facts beat teaches more.
        lead = f"{action}: f{forget[1:]}"
        if len(f"{lead} {tail}") <= LONGEST:
            said = [lead]
    if len(" ".join([*said, tail])) > LONGEST:
        # Still too long: the shortest form of what decides (a knock's, where one decides).
        shortest = knock_short or min((r.short for _, r in against if r.short), key=len,
                                      default="")
        if shortest:
            said = [f"{action}: {shortest}."]
    return PuzzleTexts(" ".join([*said, tail]),
                       _hint(tier, position, knock, kinds, best.card, misleads), whys,
                       _themes(position, best, against), kinds)


@names_bad_arguments
def needed_rates(hand: Sequence[Card], knowledge: Knowledge, choices: Sequence[ChoiceValue],
                 answer: frozenset[Card], knock: bool | None,
                 scores: tuple[int, int] | None = None,
                 rules: Rules | None = None) -> tuple[ChoiceValue, ...]:
    """``choices`` with their rates kept only where a text reads them: against the best, for
    a choice that nothing in sight sets below it (a ``playouts`` reason, which names the
    share of the judge's deals that does). The bank stores no number no text states.

    >>> from gin_teach.puzzles import load_bank
    >>> p = next(p for p in load_bank() if p.id == "p0748")
    >>> kept = needed_rates(p.hand, p.knowledge, p.choices, p.answer, p.knock, p.scores)
    >>> [c.card.code for c in kept if c.rates]
    ['5S']
    """
    position = Position.of(hand, knowledge, rules, scores)
    valued = _valued(position.hand, choices, answer, knock)
    best = valued[0]
    # An accepted choice's text names only what the two share, never a share of the deals.
    read = {(v.card, v.knock) for v in valued[1:]
            if v.rates and not v.accepted and decide(position, best, v).kind == "playouts"}
    return tuple(c if (c.card, c.knock) in read else replace(c, rates=()) for c in choices)


@names_bad_arguments
def reexplain(puzzle: SomePuzzle, rules: Rules | None = None) -> SomePuzzle:
    """The puzzle with its explanation, hint, choices' ``why`` and themes written again by
    the explainer from its stored position and numbers: the answer, the rating and every
    number stay as they are, and no hand is played out. A take-or-draw puzzle is returned as
    it is: its texts are the draw reason written when it was verified
    (:func:`~gin_teach.puzzles.kinds.recheck_kind` writes them again, with playouts).

    >>> from gin_teach.puzzles import load_bank
    >>> puzzle = load_bank()[1]
    >>> reexplain(puzzle).choices == puzzle.choices
    True
    """
    if puzzle.kind == "draw":
        return puzzle
    texts = puzzle_texts(puzzle.tier, puzzle.hand, puzzle.knowledge, puzzle.choices,
                         puzzle.answer, puzzle.knock, puzzle.scores, rules)
    choices = tuple(replace(c, why=texts.whys[(c.card, c.knock)]) for c in puzzle.choices)
    return replace(puzzle, themes=texts.themes, explanation=texts.explanation,
                   hint=texts.hint, choices=choices)
