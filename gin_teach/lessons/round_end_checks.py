"""Exercise checkers about the end of a round: the defender's lay-offs, the knocker's choice
of spread, how the round ended and what it scores.

They work like the other checkers of :mod:`gin_teach.lessons` (which lists them all): each
asks :func:`gin_teach.settle` for the truth, and every reply shows the knocker's spread and the
defender's hand.

>>> print(check_outcome("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS",
...                     "a knock"))  # doctest: +ELLIPSIS
✔ Right: a knock won by the knocker. Knocker 8, defender 25: ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gin_teach.core.cards import Card, HandLike, cards_text, hand_mask, to_cards
from gin_teach.core.melds import Arrangement, Meld, find_melds
from gin_teach.core.rules import Rules
from gin_teach.core.scoring import Settlement, settle
from gin_teach.display import arrangement_svg, hand_svg
from gin_teach.errors import GinError, IllegalMove
from gin_teach.lessons.answers import (
    Feedback,
    cards_are,
    feedback_checker,
    only_from,
    read_cards,
    read_choice,
    read_int,
    read_melds,
)

__all__ = ["check_layoffs", "check_outcome", "check_score", "check_spread"]


def _table_picture(knocker: HandLike, defender: HandLike, *_: object,
                   rules: Rules | str | None = None,
                   knocker_melds: Sequence[HandLike] | None = None, **__: object) -> str:
    """What the defender sees after a knock: the knocker's spread, and its own hand."""
    spread = settle(knocker, defender, rules, knocker_melds).knocker_arrangement
    return (f"<div>{arrangement_svg(spread, title='the knocker spreads')}</div>"
            f"<div>{hand_svg(defender, title='the defender holds')}</div>")


@feedback_checker(_table_picture)
def check_layoffs(knocker: HandLike, defender: HandLike, answer: object, *,
                  rules: Rules | str | None = None,
                  knocker_melds: Sequence[HandLike] | None = None) -> Feedback:
    """Which of the defender's cards go onto the knocker's melds? Right when the cards can all
    be laid off (chains included) and leave the defender the least deadwood it can have.
    ``"none"`` when nothing can be laid off, as against gin.

    >>> knocker = "7S 7H 7D 9C TC JC 3H 4H 5H 8D"
    >>> defender = "2S 3S 4S QD QH QC 8C KH 5D TS"
    >>> print(check_layoffs(knocker, defender, "8C"))
    ✔ Right: 8♣ onto 9♣ 10♣ J♣; the defender's count drops from 33 to 25.
    >>> print(check_layoffs(knocker, defender, "8C 5D"))
    ✘ 5♦ does not fit any of the knocker's melds, even after your other lay-offs.
      Hint: A set takes its fourth card; a run takes the next card at either end, and a card \
further out only with the cards between it and the run.
    """
    truth = settle(knocker, defender, rules, knocker_melds)
    gin = truth.outcome in ("gin", "big_gin")
    hint = ("Look at the knocker's deadwood first." if gin else
            "A loose card fits a set of three if it is the fourth of that rank, and a run if it "
            "is the next card at either end.")
    given = read_cards(answer, hint, none=True)
    only_from(given, to_cards(defender), "the defender's hand",
               "Lay off only the defender's own cards.")
    if gin:
        if given:
            return Feedback(False, "Nothing can be laid off: the knocker went gin.",
                            "Against gin there are no lay-offs at all.")
        return Feedback(True, "Right: no lay-offs against gin.")
    spread = [meld.cards for meld in truth.knocker_arrangement.melds]
    try:
        mine = settle(knocker, defender, rules, spread, layoffs=given)
    except IllegalMove:
        return _refused_layoffs(knocker, defender, rules, spread, given, truth.knocker_arrangement)
    best = truth.defender_count
    if mine.defender_count == best:
        if not mine.layoffs:
            return Feedback(True, f"Right: nothing to lay off; the defender keeps {best}.")
        made = ", ".join(str(layoff) for layoff in mine.layoffs)
        return Feedback(True, f"Right: {made}; the defender's count drops from "
                        f"{truth.defender_count_before_layoffs} to {best}.")
    if not given:
        return Feedback(False, "Some cards can be laid off here.", hint)
    return Feedback(False, f"Those lay-offs leave {mine.defender_count}; the defender can get "
                    f"down to {best}.", "Look for one more card that fits, perhaps in a chain: "
                    "a card that fits only after another one is laid off.")


def _knocker_net(result: Settlement) -> int:
    """What the round is worth to the knocker: its points, or minus the defender's."""
    if _winner_of(result) == "nobody":
        return 0
    return result.points if result.winner == "knocker" else -result.points


def _every_spread(cards: tuple[Card, ...]) -> list[tuple[Meld, ...]]:
    """Every choice of melds the hand could spread, however much deadwood it leaves."""
    melds = find_melds(cards)
    found: list[tuple[Meld, ...]] = []

    def search(start: int, free: int, chosen: tuple[Meld, ...]) -> None:
        found.append(chosen)
        for position in range(start, len(melds)):
            if melds[position].mask & free == melds[position].mask:
                search(position + 1, free & ~melds[position].mask, (*chosen, melds[position]))

    search(0, hand_mask(cards), ())
    return found


@feedback_checker(_table_picture)
def check_spread(knocker: HandLike, defender: HandLike, answer: object, *,
                 rules: Rules | str | None = None) -> Feedback:
    """Which melds should the knocker spread? Any arrangement within the knock limit may be
    spread; right is the one that scores the knocker most against this defender (the
    teaching view: both hands are known). The learner writes melds as for
    :func:`check_arrangement`.

    >>> knocker, defender = "AH 2H 3H 3S 3D 3C 9C 9D 9S 4S", "4H 5H KS KD KC QS QD QH 8C 6D"
    >>> print(check_spread(knocker, defender, "3S 3H 3D 3C | 9C 9D 9S"))
    ✔ Right: this spread scores the knocker 16. Knocker 7, defender 23: the knocker scores \
23 - 7 = 16
    >>> print(check_spread(knocker, defender, "AH 2H 3H | 3S 3D 3C | 9C 9D 9S"))
    ✘ That spread scores the knocker 10 (the defender lays off 4♥ 5♥); another scores 16.
      Hint: Look at what the defender could lay off on each meld: a spread that keeps a few \
more points of deadwood can block more lay-offs.
    """
    rules = Rules.of(rules)
    cards = to_cards(knocker)
    hint = ("Look at what the defender could lay off on each meld: a spread that keeps a few "
            "more points of deadwood can block more lay-offs.")
    spread = read_melds(answer, "Write each meld as cards separated by spaces, and put | "
                        "between melds. Leave the deadwood out.")
    try:
        result = settle(knocker, defender, rules, spread)
    except IllegalMove as problem:
        return Feedback(False, f"That spread cannot knock: {problem}.",
                        "Put enough cards in melds to bring the deadwood within the knock "
                        "limit.")
    except GinError as problem:  # not a meld, a card not in the hand or in two melds
        return Feedback(False, f"That spread cannot be laid down: {problem}.",
                        "Each group must be a set or a run of the knocker's own cards, each "
                        "card in one meld only.")
    results = []
    for melds in _every_spread(cards):
        try:
            results.append(settle(knocker, defender, rules, [meld.cards for meld in melds]))
        except IllegalMove:
            continue  # too much deadwood to knock with this spread
    best = max(_knocker_net(other) for other in results)
    value = _knocker_net(result)
    if value == best:
        return Feedback(True, f"Right: this spread {_worth(value)}. {result.summary}")
    laid = cards_text(layoff.card for layoff in result.layoffs)
    return Feedback(False, f"That spread {_worth(value)} (the defender lays off {laid}); "
                    f"another {_worth(best, again=True)}.", hint)


def _worth(net: int, *, again: bool = False) -> str:
    """What a spread is worth to the knocker, in words."""
    if net >= 0:
        return f"scores {net}" if again else f"scores the knocker {net}"
    return f"costs only {-net}" if again else f"costs the knocker {-net}"


def _refused_layoffs(knocker: HandLike, defender: HandLike, rules: Rules | str | None,
                     spread: Sequence[HandLike], given: Sequence[Card],
                     arrangement: Arrangement) -> Feedback:
    """Feedback naming the cards of ``given`` that fit none of the knocker's melds, even after
    the learner's other lay-offs (a chain needs its inner card first)."""
    fitting: list[Card] = []
    changed = True
    while changed:
        changed = False
        for card in given:
            if card in fitting:
                continue
            try:
                settle(knocker, defender, rules, spread, layoffs=[*fitting, card])
            except IllegalMove:
                continue
            fitting.append(card)
            changed = True
    refused = [card for card in given if card not in fitting]
    hint = ("A set takes its fourth card; a run takes the next card at either end, and a card "
            "further out only with the cards between it and the run.")
    on_deadwood = [card for card in refused
                   if any(len(meld.cards) == 3 for meld in
                          find_melds((*arrangement.deadwood_cards, card)) if card in meld.cards)]
    if on_deadwood:
        hint = (f"{cards_are(on_deadwood)} only a match for the knocker's deadwood "
                f"({cards_text(arrangement.deadwood_cards)}), and nothing is laid off on "
                "deadwood.")
    verb = "does not fit" if len(refused) == 1 else "do not fit"
    return Feedback(False, f"{cards_text(refused)} {verb} any of the knocker's melds, even "
                    "after your other lay-offs.", hint)


_WINNERS: Final = {"knocker": "knocker", "defender": "defender", "opponent": "defender",
                   "nobody": "nobody", "no one": "nobody", "noone": "nobody",
                   "neither": "nobody", "neither player": "nobody", "tie": "nobody",
                   "a tie": "nobody", "draw": "nobody", "none": "nobody",
                   "nobody scores": "nobody", "no winner": "nobody"}


def _winner_of(truth: Settlement) -> str:
    """``"knocker"``, ``"defender"`` or ``"nobody"``: a tie that is not an undercut has no
    winner (:class:`Rules` ``undercut_on_tie=False``)."""
    if truth.winner is None or (truth.outcome == "knock" and truth.points == 0
                                and truth.knocker_count == truth.defender_count):
        return "nobody"
    return str(truth.winner)


def _preset_slip(knocker: HandLike, defender: HandLike, rules: Rules,
                 knocker_melds: Sequence[HandLike] | None, value: int) -> str:
    """A hint when ``value`` is this round's score under another preset's bonuses."""
    for name, preset in Rules.presets().items():
        bonuses = {"gin_bonus": preset.gin_bonus, "undercut_bonus": preset.undercut_bonus}
        if name == rules.name or all(getattr(rules, k) == v for k, v in bonuses.items()):
            continue
        if settle(knocker, defender, rules.replace(**bonuses), knocker_melds).points == value:
            return (f"{value} is what the {name} bonuses pay. These rules ({rules.name}) pay "
                    f"a gin bonus of {rules.gin_bonus} and an undercut bonus of "
                    f"{rules.undercut_bonus}.")
    return ""


@feedback_checker(_table_picture)
def check_score(knocker: HandLike, defender: HandLike, winner: object, points: object, *,
                rules: Rules | str | None = None,
                knocker_melds: Sequence[HandLike] | None = None) -> Feedback:
    """Who scores the round, and how many points? ``knocker`` is the knocker's hand after the
    discard, ``defender`` the other player's; both play their best.

    >>> knocker = "7S 7H 7D 9C TC JC 3H 4H 5H 8D"
    >>> defender = "2S 3S 4S QD QH QC 8C KH 5D TS"
    >>> print(check_score(knocker, defender, "knocker", 17, rules=Rules.classic()))
    ✔ Right: the knocker scores 17. Knocker 8, defender 25: the knocker scores 25 - 8 = 17
    >>> print(check_score(knocker, defender, "knocker", 25, rules=Rules.classic()))
    ✘ Not quite: the knocker does score, but not 25.
      Hint: Remember the defender's lay-offs: they lower its count first.
    """
    rules = Rules.of(rules)
    truth = settle(knocker, defender, rules, knocker_melds)
    hint = ("Count both hands after lay-offs. The lower count wins the difference; a defender "
            "who ties or beats the knocker gets the undercut bonus too.")
    said = read_choice(winner, _WINNERS, hint)
    value = read_int(points, hint)
    right = _winner_of(truth)
    if said == right == "nobody":
        if value == 0:
            return Feedback(True, f"Right: nobody scores. {truth.summary}")
        return Feedback(False, f"Not quite: nobody wins this round, so nobody scores {value}.",
                        "A tie that these rules do not count as an undercut scores nothing.")
    if said == right and value == truth.points:
        return Feedback(True, f"Right: the {said} scores {value}. "
                        f"{truth.summary}")
    if said == "nobody":
        return Feedback(False, "Not quite: this round has a winner.",
                        "Only a tie that the rules do not count as an undercut has no winner; "
                        "compare the counts after lay-offs.")
    if right == "nobody":
        return Feedback(False, "Not quite: look at the counts again after lay-offs.",
                        "The counts are equal, and these rules pay an undercut only when the "
                        "defender is strictly lower.")
    if said != right:
        if truth.outcome == "undercut":
            hint = ("When the defender's count is equal to or lower than the knocker's, the "
                    "defender scores: an undercut.")
        return Feedback(False, "Not quite: look at the counts again after lay-offs.", hint)
    k, d = truth.knocker_count, truth.defender_count
    if truth.outcome == "undercut":
        hint = (f"An undercut also pays the undercut bonus: {rules.undercut_bonus} here."
                if value == abs(k - d) else
                "The defender scores the difference plus the undercut bonus of these rules.")
    elif truth.outcome in ("gin", "big_gin"):
        bonus = rules.gin_bonus if truth.outcome == "gin" else rules.big_gin_bonus
        hint = (f"Gin scores the defender's whole count plus the bonus: {bonus} here."
                if value == d else
                "Against gin there are no lay-offs: take the defender's whole count, plus the "
                "gin bonus.")
    elif truth.layoffs and value == truth.defender_count_before_layoffs - k:
        hint = "Remember the defender's lay-offs: they lower its count first."
    else:
        hint = "The knocker scores the difference between the two counts."
    hint = _preset_slip(knocker, defender, rules, knocker_melds, value) or hint
    return Feedback(False, f"Not quite: the {said} does score, but not {value}.", hint)


def _outcome_slip(said: str, right: str, truth: Settlement) -> str:
    """Why ``said`` is not how the round ended, without giving the answer away."""
    knocker = truth.knocker_count
    if right in ("gin", "big_gin"):
        return "the knocker has no deadwood at all after the discard"
    if said in ("gin", "big_gin"):
        return f"the knocker keeps {knocker} points of deadwood, so this is no gin"
    if right == "tie":
        return ("the two counts are equal after lay-offs, and these rules pay an undercut "
                "only when the defender is strictly lower")
    if said == "tie":
        return "the two counts are not equal after lay-offs"
    if said == "knock":
        return (f"compare the knocker's {knocker} with the defender's count after its "
                "lay-offs: is the knocker's really lower?")
    return (f"compare the knocker's {knocker} with the defender's count after its lay-offs: "
            "is the defender's really as low?")


_OUTCOMES: Final = {"knock": "knock", "knocker wins": "knock", "gin": "gin",
                    "big gin": "big_gin", "undercut": "undercut", "undercuts": "undercut",
                    "an undercut": "undercut", "a knock": "knock", "tie": "tie", "a tie": "tie",
                    "draw": "tie", "nobody": "tie", "nobody wins": "tie", "no winner": "tie",
                    "no one wins": "tie", "neither": "tie"}


@feedback_checker(_table_picture)
def check_outcome(knocker: HandLike, defender: HandLike, answer: object, *,
                  rules: Rules | str | None = None) -> Feedback:
    """How did the round end: ``"knock"`` (the knocker wins), ``"undercut"``, ``"gin"``,
    ``"big gin"``, or ``"tie"`` (nobody wins: equal counts where a tie is no undercut)? A
    wrong answer hears what to look at, not the answer.

    >>> print(check_outcome("AS 2S 3S 4H 5H 6H 9C 9D 9H 4D", "5S 6S 7S QC QD QH KS KC KH 3C",
    ...                     "undercut"))
    ✔ Right: an undercut. Knocker 4, defender 3: a lower count is an undercut; the defender \
scores 4 - 3 + the undercut bonus 25 = 26
    >>> print(check_outcome("AS 2S 3S 4H 5H 6H 9C 9D 9H 4D", "5S 6S 7S QC QD QH KS KC KH 3C",
    ...                     "knock"))  # doctest: +NORMALIZE_WHITESPACE
    ✘ Not quite: compare the knocker's 4 with the defender's count after its lay-offs: is the
    knocker's really lower?
      Hint: 0 deadwood for the knocker is gin. Otherwise compare the counts after lay-offs: a
      defender with an equal or lower count undercuts.
    """
    rules = Rules.of(rules)
    truth = settle(knocker, defender, rules)
    hint = ("0 deadwood for the knocker is gin. Otherwise compare the counts after lay-offs: "
            "a defender with an equal or lower count undercuts.")
    choices = {word: outcome for word, outcome in _OUTCOMES.items()
               if outcome != "big_gin" or rules.big_gin_bonus is not None}
    said = read_choice(answer, choices, hint)
    right = "tie" if _winner_of(truth) == "nobody" else str(truth.outcome)
    if said != right:
        slip = _outcome_slip(said, right, truth)
        if right in ("gin", "big_gin"):
            hint = "Look at the knocker's hand: is anything left out of its melds?"
        elif right == "tie" or said == "tie":
            hint = ("A tie is won by nobody only where the rules pay no undercut on a tie; "
                    "otherwise equal counts are an undercut.")
        return Feedback(False, f"Not quite: {slip}{'' if slip.endswith('?') else '.'}", hint)
    name = {"knock": "a knock won by the knocker", "gin": "gin", "big_gin": "big gin",
            "undercut": "an undercut", "tie": "a tie, which nobody wins"}[right]
    return Feedback(True, f"Right: {name}. {truth.summary}")
