"""Exercise checkers for the course notebooks: every one of them, listed in ``__all__``.

Each ``check_*`` function takes the exercise (a hand, a card, the rules) and the learner's
answer, asks the rules engine for the truth and returns a
:class:`~gin_teach.lessons.answers.Feedback`.
The learner's answer may be anything they typed: ``None`` or ``...`` means "not answered yet"
and gets a gentle prompt; a mistyped card, a word where a number belongs, or a card that is not
in the hand gets a friendly message. A checker never raises because of the answer, and a wrong
answer hears why.

Answers are read as people write them (the readers live in :mod:`gin_teach.lessons.answers`,
which the widgets use too): cards as ``"7H"``, ``"7♥"``, ``"10h"`` or in words (``"king of
hearts"``), joined by "and" or "or", with a verb in front (``"discard KD"``); melds split by
``|``, commas, semicolons or new lines; numbers as ``12`` or ``"12"``; yes and no as ``True``,
``"yes"`` or a sentence (``"no it isn't"``). This module holds the checkers about cards, melds,
discards and knocking; :mod:`gin_teach.lessons.play_checks` those about turns, games and
matches, :mod:`gin_teach.lessons.round_end_checks` those about lay-offs and scores, and
:mod:`gin_teach.lessons.strategy_checks` those of the strategy lessons, graded by the analysis.

>>> check_deadwood("7S 7H 7D 8H 9H", ...).answered
False
>>> print(check_deadwood("7S 7H 7D 8H 9H", 14))
✔ Right: the least deadwood is 14 (7♥ 8♥ 9♥ | deadwood 7♠ 7♦ = 14).
"""

from __future__ import annotations

from typing import Final

from gin_teach.analysis import Knowledge
from gin_teach.core.cards import (
    Card,
    HandLike,
    cards_text,
    full_deck,
    hand_mask,
    hand_points,
    to_cards,
)
from gin_teach.core.deadwood_discards import best_discards, discard_options
from gin_teach.core.melds import (
    Arrangement,
    all_best_arrangements,
    best_arrangement,
    deadwood,
    find_melds,
)
from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments
from gin_teach.display import hand_svg
from gin_teach.errors import CardError, GinError
from gin_teach.lessons.answers import (
    Feedback,
    Reply,
    cards_are,
    expect_answer,
    feedback_checker,
    meld_or_reason,
    only_from,
    plain_words,
    read_arrangement,
    read_card,
    read_cards,
    read_choice,
    read_int,
    read_melds,
    read_yes_no,
)

__all__ = [
    "arrange",
    "check_arrangement",
    "check_card_points",
    "check_cards",
    "check_completing_cards",
    "check_deadwood",
    "check_discard",
    "check_is_meld",
    "check_knock",
    "check_knock_limit",
    "check_meld",
    "check_rank_order",
    "describe_meld",
]

def _cards_picture(cards: HandLike, *_: object, **__: object) -> str:
    """The exercise's cards: the checker's first argument."""
    return hand_svg(cards)


def _pool_picture(*_: object, hand: HandLike | None = None, **__: object) -> str:
    """The hand a meld is to be taken from, when the exercise names one."""
    return hand_svg(hand) if hand is not None else ""


# --------------------------------------------------------------------------- cards and points

def _cards_from_words(text: str) -> tuple[Card, ...]:
    """Cards named in words ("queen of hearts, 10 of clubs"), written as codes, or both."""
    names = {card.name: card for card in full_deck()}
    names |= {f"{card.label.lower()} of {card.name.split(' of ')[1]}": card
              for card in full_deck()}
    cards: list[Card] = []
    for piece in text.replace(" and ", ",").split(","):
        name = " ".join(piece.lower().replace("the ", " ").split())
        cards.extend([names[name]] if name in names else to_cards(piece))
    return tuple(cards)


@feedback_checker()
@names_bad_arguments
def check_cards(expected: str, answer: object) -> Feedback:
    """Did the learner write these cards? ``expected`` names them in words or as codes; the
    order of the answer does not matter.

    >>> print(check_cards("queen of hearts, ten of clubs", "QH 10C"))
    ✔ Right: Q♥ 10♣.
    >>> print(check_cards("queen of hearts, ten of clubs", "QH 10S"))
    ✘ Not quite: 10♠ is not asked for, and 10♣ is missing.
      Hint: Write the rank, then the suit: 7H or 7♥ is the seven of hearts, 10C or TC the ten \
of clubs.
    """
    hint = ("Write the rank, then the suit: 7H or 7♥ is the seven of hearts, 10C or TC the ten "
            "of clubs.")
    wanted = _cards_from_words(expected)
    given = read_cards(answer, hint)
    extra = [card for card in given if card not in wanted]
    missing = [card for card in wanted if card not in given]
    if not extra and not missing:
        return Feedback(True, f"Right: {cards_text(wanted)}.")
    problems = ([f"{cards_are(extra)} not asked for"] if extra else []) + \
        ([f"{cards_are(missing)} missing"] if missing else [])
    return Feedback(False, f"Not quite: {', and '.join(problems)}.", hint)


@feedback_checker(_cards_picture)
def check_card_points(cards: HandLike, answer: object) -> Feedback:
    """The deadwood points of these cards added up, melded or not.

    >>> print(check_card_points("AS 7D KC", 18))
    ✔ Right: 1 + 7 + 10 = 18.
    >>> print(check_card_points("AS 7D KC", 31))
    ✘ Not quite: 31 is not the total.
      Hint: The ace is low: it counts 1, never 11 or 14.
    """
    hand = to_cards(cards)
    total = hand_points(hand)
    hint = "Each card counts its number; the ace counts 1; the jack, queen and king count 10."
    value = read_int(answer, hint)
    if value == total:
        working = " + ".join(str(card.points) for card in hand)
        return Feedback(True, f"Right: {working} = {total}." if len(hand) > 1
                        else f"Right: {hand[0]} counts {total}.")
    aces = sum(1 for card in hand if card.rank == 1)
    faces = [card for card in hand if card.rank > 10]
    if aces and value in (total + 10 * aces, total + 13 * aces):
        hint = "The ace is low: it counts 1, never 11 or 14."
    elif faces and value == total + sum(card.rank - 10 for card in faces):
        hint = "The jack, queen and king count 10 each, not 11, 12 and 13."
    return Feedback(False, f"Not quite: {value} is not the total.", hint)


@feedback_checker(_cards_picture)
def check_rank_order(cards: HandLike, answer: object) -> Feedback:
    """Cards put in rank order, lowest first (the ace is low; suits have no order).

    >>> print(check_rank_order("KS AH 9D", "AH 9D KS"))
    ✔ Right: A♥ 9♦ K♠, from low to high.
    >>> print(check_rank_order("KS AH 9D", "9D KS AH"))
    ✘ Not quite: A♥ is in the wrong place.
      Hint: The ace is the lowest card of all: A 2 3 ... 10 J Q K.
    """
    hand = to_cards(cards)
    hint = "Ranks go A 2 3 4 5 6 7 8 9 10 J Q K; suits have no order of their own."
    given = read_cards(answer, hint)
    if sorted(given) != sorted(hand):
        return Feedback(False, f"Use exactly these cards: {cards_text(hand)}.", hint)
    ranks = [card.rank for card in given]
    if ranks == sorted(ranks):
        return Feedback(True, f"Right: {cards_text(given)}, from low to high.")
    wrong = next(card for card, rank in zip(given, sorted(ranks), strict=True) if card.rank != rank)
    if any(card.rank == 1 for card in hand) and ranks[0] != 1:
        hint = "The ace is the lowest card of all: A 2 3 ... 10 J Q K."
        wrong = next(card for card in given if card.rank == 1)
    return Feedback(False, f"Not quite: {wrong} is in the wrong place.", hint)


# --------------------------------------------------------------------------- deadwood

def _arrangement_deadwoods(cards: tuple[Card, ...], limit: int = 14) -> set[int]:
    """Every deadwood count some arrangement of the hand leaves (for hands up to ``limit``
    cards; larger hands give an empty set and the feedback is less specific)."""
    if len(cards) > limit:
        return set()
    melds = [meld.mask for meld in find_melds(cards)]
    points = {card.bit: card.points for card in cards}
    found: set[int] = set()

    def search(start: int, free: int) -> None:
        found.add(sum(value for bit, value in points.items() if free & bit))
        for position in range(start, len(melds)):
            if melds[position] & free == melds[position]:
                search(position + 1, free & ~melds[position])

    search(0, hand_mask(cards))
    return found


@feedback_checker(_cards_picture)
def check_deadwood(hand: HandLike, answer: object) -> Feedback:
    """The hand's deadwood: the least count any arrangement into melds leaves.

    >>> print(check_deadwood("4S 5S 6S KD 9D 2C QH JH TH 7C", 28))
    ✔ Right: the least deadwood is 28 (4♠ 5♠ 6♠ | 10♥ J♥ Q♥ | deadwood 9♦ K♦ 2♣ 7♣ = 28).
    >>> print(check_deadwood("7S 7H 7D 8H 9H", 17))
    ✘ Not quite: 17 is what one arrangement leaves, but another leaves less.
      Hint: Try each meld a card could join; keep the choice that leaves the fewest points.
    """
    cards = to_cards(hand)
    best = best_arrangement(cards)
    value = read_int(answer, "Find the melds first, then add up only the cards left out of "
                      "them.")
    if value == best.deadwood:
        return Feedback(True, f"Right: the least deadwood is {value} ({best}).")
    if value == hand_points(cards) and best.melds:
        return Feedback(False, f"Not quite: {value} counts every card, melds included.",
                        "Cards in a meld do not count; only the cards left over do.")
    if value > best.deadwood and value in _arrangement_deadwoods(cards):
        return Feedback(False, f"Not quite: {value} is what one arrangement leaves, but another "
                        "leaves less.",
                        "Try each meld a card could join; keep the choice that leaves the "
                        "fewest points.")
    if value < best.deadwood:
        if not best.melds:
            return Feedback(False, f"Not quite: {value} is less than the cards add up to.",
                            "This hand has no meld, so every card counts: the ace 1, the "
                            "jack, queen and king 10 each.")
        return Feedback(False, f"Not quite: no arrangement leaves as little as {value}.",
                        "Check that each meld is real (ace low, no wrap-around) and that no card "
                        "is in two melds.")
    return Feedback(False, f"Not quite: {value} is not the deadwood of this hand.",
                    "Find the melds first, then add up only the cards left out of them.")


# --------------------------------------------------------------------------- melds

def describe_meld(cards: HandLike) -> str:
    """Say in words whether the cards are a meld, and why not when they are not.

    >>> describe_meld("AH 2H 3H")
    'A♥ 2♥ 3♥ is a run'
    >>> describe_meld("KH AH 2H")
    'K♥ A♥ 2♥ is not a meld: a run needs consecutive ranks in one suit (ace is low, no wrap-around)'
    """
    try:
        given = to_cards(cards)
    except GinError as problem:
        return f"not cards: {problem}"
    return meld_or_reason(given)[1]


@feedback_checker(_cards_picture)
def check_is_meld(cards: HandLike, answer: object) -> Feedback:
    """Yes or no: are these cards a meld (a set or a run)?

    >>> print(check_is_meld("QH KH AH", False))
    ✔ Right: Q♥ K♥ A♥ is not a meld: a run needs consecutive ranks in one suit (ace is low, \
no wrap-around).
    >>> print(check_is_meld("AH 2H 3H", "yes"))
    ✔ Right: A♥ 2♥ 3♥ is a run.
    """
    given = to_cards(cards)
    hint = ("A set is 3 or 4 cards of one rank; a run is 3 or more cards in a row in one suit, "
            "with the ace low.")
    said = read_yes_no(answer, hint)
    meld, verdict = meld_or_reason(given)
    if said == (meld is not None):
        return Feedback(True, f"Right: {verdict}.")
    return Feedback(False, f"Not quite: {verdict}.", hint)


@feedback_checker(_pool_picture)
@names_bad_arguments
def check_meld(answer: object, *, hand: HandLike | None = None, kind: str | None = None,
               including: HandLike | None = None) -> Feedback:
    """The learner writes a meld: taken from ``hand`` if given, of ``kind`` ("set" or "run") if
    given, and using the ``including`` cards if given.

    >>> print(check_meld("AH 2H 3H", kind="run", including="AH"))
    ✔ Right: A♥ 2♥ 3♥ is a run.
    >>> print(check_meld("QH KH AH", kind="run"))
    ✘ Q♥ K♥ A♥ is not a meld: a run needs consecutive ranks in one suit (ace is low, no \
wrap-around).
      Hint: A run is 3 or more cards in a row in one suit; the ace comes before the 2.
    """
    hint = {"set": "A set is 3 or 4 cards of the same rank.",
            "run": "A run is 3 or more cards in a row in one suit; the ace comes before the 2.",
            }.get(kind or "", "A meld is a set (3 or 4 of a rank) or a run (3 or more in a row "
                  "in one suit).")
    needed = to_cards(including) if including is not None else ()
    pool = to_cards(hand) if hand is not None else None
    given = read_cards(answer, hint)
    if pool is not None:
        only_from(given, pool, "the hand", f"Use only cards from {cards_text(pool)}.")
    meld, verdict = meld_or_reason(given)
    if meld is None:
        return Feedback(False, f"{verdict}.", hint)
    if kind is not None and meld.kind != kind:
        return Feedback(False, f"{verdict}; this exercise asks for a {kind}.", hint)
    absent = [card for card in needed if card not in meld]
    if absent:
        return Feedback(False, f"{verdict}, but it leaves out {cards_text(absent)}.",
                        f"The meld must use {cards_text(needed)}.")
    return Feedback(True, f"Right: {verdict}.")



def arrange(hand: HandLike, melds: object) -> Arrangement:
    """The arrangement of ``hand`` that uses exactly these melds (written ``"7S 7H 7D | 8H 9H
    10H"`` or as a list); every other card is deadwood. Raises :class:`CardError` if a meld is
    not real, not in the hand, or shares a card with another.

    >>> print(arrange("7S 7H 7D 8H 9H", "7S 7H 7D"))
    7♠ 7♥ 7♦ | deadwood 8♥ 9♥ = 17
    >>> print(arrange("7S 7H 7D 8H 9H", "7H 8H 9H"))
    7♥ 8♥ 9♥ | deadwood 7♠ 7♦ = 14
    """
    try:
        return read_arrangement(to_cards(hand), read_melds(melds, ""))
    except Reply as problem:
        raise CardError(problem.feedback.message.removesuffix(".")) from None


@feedback_checker(_cards_picture)
def check_arrangement(hand: HandLike, answer: object) -> Feedback:
    """The learner splits the hand into melds (written ``"7S 7H 7D | 8H 9H 10H"``); the rest is
    deadwood. Right when every meld is real, each card is used once, and the deadwood left is
    the least possible.

    >>> print(check_arrangement("7S 7H 7D 8H 9H", "7S 7H 7D | 7H 8H 9H"))
    ✘ 7♥ is in two melds; a card serves only one meld.
      Hint: Choose one meld for 7♥ and leave it out of the other.
    >>> print(check_arrangement("7S 7H 7D 8H 9H", "7H 8H 9H"))
    ✔ Right: 7♥ 8♥ 9♥ | deadwood 7♠ 7♦ = 14, the least deadwood this hand can have.
    """
    cards = to_cards(hand)
    best = best_arrangement(cards)
    hint = "Write each meld as cards separated by spaces, and put | between melds. Leave the " \
        "deadwood out."
    mine = read_arrangement(cards, read_melds(answer, hint))
    if mine.deadwood == best.deadwood:
        others = len(all_best_arrangements(cards, limit=10)) - 1
        extra = (" Another arrangement is just as good." if others == 1 else
                 f" {others} other arrangements are just as good." if others > 1 else "")
        return Feedback(True, f"Right: {mine}, the least deadwood this hand can have.{extra}")
    return Feedback(False, f"Your melds are real and leave {mine.deadwood}, but this hand can "
                    f"leave less.",
                    "Look for a card that could join a different meld, or for a meld you missed.")


@feedback_checker(_cards_picture)
def check_completing_cards(hand: HandLike, answer: object) -> Feedback:
    """Which cards, added to the hand, would leave it with no deadwood at all? The learner
    names them all (in any order); ``"none"`` when no card does.

    >>> print(check_completing_cards("7H 7S 7D 8H 9H", "7C 10H"))
    ✔ Right: 10♥ or 7♣ would put every card in a meld.
    >>> print(check_completing_cards("7H 7S 7D 8H 9H", "10H"))
    ✘ 10♥ is right, but there is one more.
      Hint: Think about the set as well as the run.
    """
    cards = to_cards(hand)
    wanted = [card for card in full_deck()
              if card not in cards and deadwood((*cards, card)) == 0]
    hint = "Try each card that could join a meld you almost have; check what stays left over."
    given = read_cards(answer, hint, none=True)
    inside = [card for card in given if card in cards]
    if inside:
        return Feedback(False, f"{cards_are(inside)} already in the hand.",
                        "Name cards you would draw, not cards you hold.")
    wrong = [card for card in given if card not in wanted]
    if wrong:
        left = best_arrangement((*cards, wrong[0]))
        return Feedback(False, f"With {wrong[0]} the hand still has deadwood: {left}.", hint)
    missing = [card for card in wanted if card not in given]
    if not missing:
        if not wanted:
            return Feedback(True, "Right: no single card puts every card in a meld.")
        return Feedback(True, f"Right: {' or '.join(map(str, wanted))} would put every card "
                        "in a meld.")
    ranks = [card.rank for card in cards]
    if any(ranks.count(card.rank) >= 2 for card in missing):
        hint = "Think about the set as well as the run."
    if not given:
        return Feedback(False, f"There {'is' if len(missing) == 1 else 'are'} {len(missing)} "
                        f"such card{'s' if len(missing) > 1 else ''}.", hint)
    more = "one more" if len(missing) == 1 else f"{len(missing)} more"
    return Feedback(False, f"{cards_are(given)} right, but there is {more}.", hint)


# --------------------------------------------------------------------------- turns and knocking

@feedback_checker(_cards_picture)
def check_discard(hand: HandLike, answer: object, rules: Rules | str | None = None,
                  knowledge: Knowledge | None = None) -> Feedback:
    """Which discard leaves the least deadwood? The hand has just drawn (11 cards); right
    when the card thrown leaves the least deadwood possible. This is a counting question:
    every card that leaves that count is right, and the reply names the others that leave as
    little. Which of them plays best is a question of strategy, answered by the judge in
    lessons 12 to 14 (:func:`~gin_teach.lessons.strategy_checks.check_best_discard`). ``knowledge``
    matters only for a card just taken from the pile, which may not go straight back.

    >>> print(check_discard("4S 5S KD 9D 2C QH JH TH 7C 7D 6S", "KD"))
    ✔ Right: discard K♦ -> deadwood 25, the least.
    >>> print(check_discard("4S 5S KD 9D 2C QH JH TH 7C 7D 6S", "9D"))
    ✘ Discarding 9♦ leaves 26; another discard leaves less.
      Hint: Keep your melds together and throw away the loose card that costs the most.

    Cards that leave the same count are equally right:

    >>> print(check_discard("AH 2H 3H 5S 6S 7S 9D 9C JD 4C KH", "JD"))
    ✔ Right: discard J♦ -> deadwood 32, the least. K♥ leaves 32 too: as good by the count.
    """
    cards = to_cards(hand)
    rules = Rules.of(rules)
    hint = "Keep your melds together and throw away the loose card that costs the most."
    card = read_card(answer, hint)
    only_from([card], cards, "this hand", f"The hand is {cards_text(cards)}.")
    if knowledge is not None and card == knowledge.just_taken:
        return Feedback(False, f"You just took {card} from the pile: it may not go straight "
                        "back.", "Choose another card: keep the one you took for its meld.")
    jp = rules.joker_points
    left = {c: deadwood(cards[:i] + cards[i + 1:], joker_points=jp)
            for i, c in enumerate(cards) if knowledge is None or c != knowledge.just_taken}
    least = min(left.values())
    if left[card] != least:
        return Feedback(False, f"Discarding {card} leaves {left[card]}; another discard "
                        "leaves less.", hint)
    others = [c for c, value in left.items() if value == least and c != card]
    also = (f" {cards_text(others)} {'leaves' if len(others) == 1 else 'leave'} {least} too: "
            "as good by the count." if others else "")
    return Feedback(True, f"Right: discard {card} -> deadwood {least}, the least.{also}")


_ENDINGS: Final = {
    "gin": "gin", "go gin": "gin", "big gin": "big gin",
    "knock": "knock", "knocks": "knock", "can knock": "knock",
    "neither": "play on", "play on": "play on", "no": "play on", "none": "play on",
    "nothing": "play on", "continue": "play on", "keep playing": "play on", "play": "play on",
    "wait": "play on", "keep going": "play on", "carry on": "play on", "go on": "play on",
    "do not knock": "play on", "not knock": "play on", "draw": "play on",
    "wait for gin": "play on", "play on and wait": "play on", "knock now": "knock",
}


@feedback_checker(_cards_picture)
@names_bad_arguments
def check_knock(hand: HandLike, answer: object, rules: Rules | str | None = None, *,
                knock_limit: int | None = None, discard: object = None) -> Feedback:
    """After the draw (11 cards), the best way this turn can end: ``"gin"``, ``"knock"``,
    ``"big gin"`` (when the rules have it), or ``"play on"`` when neither is possible.
    ``knock_limit`` overrides the rules' limit, as an Oklahoma upcard does.

    >>> hand = "2S 3H 4D 5C 7S 7H 7D 8C 9C TC JC"
    >>> print(check_knock(hand, "knock"))
    ✔ Right: discard 5♣ -> deadwood 9, knock.
    >>> print(check_knock(hand, "gin"))
    ✘ Not quite: the best discard leaves 9 deadwood.
      Hint: Find the discard that leaves the least deadwood. 0 is gin; 10 or less lets you knock.

    With ``discard``, the learner's own discard is judged too, and the reply explains both
    (the KnockLab widget asks this way):

    >>> print(check_knock(hand, "knock", discard="2S"))  # doctest: +NORMALIZE_WHITESPACE
    ✘ Discarding 2♠ leaves deadwood 12; discarding 5♣ would leave only 9. Deadwood 12 is over
    the knock limit of 10, so you cannot knock.
      Hint: Find the discard that leaves the least deadwood. 0 is gin; 10 or less lets you knock.
    """
    cards = to_cards(hand)
    rules = Rules.of(rules)
    limit = rules.resolve_knock_limit(knock_limit)
    hint = (f"Find the discard that leaves the least deadwood. 0 is gin; {limit} or less lets "
            "you knock." if limit else "This round allows gin only: you need 0 deadwood.")
    said = read_choice(answer, _ENDINGS, hint)
    best = best_discards(cards, rules, knock_limit=limit)[0]
    truth = {"gin": "gin", "knock": "knock", "big_gin": "big gin", None: "play on"}[best.ends]
    if said == "big gin" and truth != "big gin":
        reason = ("big gin is not played under these rules" if rules.big_gin_bonus is None
                  else "big gin needs all 11 cards in melds")
        return Feedback(False, f"Not this time: {reason}.", hint)
    if discard is not None and said != "big gin":
        card = read_card(discard, "Choose one card of the hand to discard.")
        only_from([card], cards, "this hand", "Choose one card of the hand to discard.")
        return _judge_discard(cards, card, said, rules, limit, hint)
    how = str(best) if best.card is not None else "big gin: all 11 cards are in melds"
    if said == truth:
        return Feedback(True, f"Right: {how}.")
    if said == "knock" and rules.straight_gin:
        return Feedback(False, "Not this time: Straight Gin has no knocking, only gin ends a "
                        f"round ({how}).", hint)
    if said == "gin" and truth == "big gin":
        return Feedback(False, "Not quite: discarding one card would be gin, but all eleven "
                        "cards are already in melds. With big gin on, spread them all without "
                        "a discard: big gin pays more.",
                        "With big gin on, look for all eleven cards in melds before you discard.")
    if said == "knock" and truth == "gin":
        return Feedback(False, f"You could knock, but you can do better: {how}.",
                        "With no deadwood at all you have gin, which pays a bonus.")
    return Feedback(False, f"Not quite: the best discard leaves {best.deadwood} deadwood.",
                    hint)


def _judge_discard(cards: tuple[Card, ...], card: Card, said: str, rules: Rules, limit: int,
                   hint: str) -> Feedback:
    """The reply to "discard ``card`` and ``said``": the discard and the ending, explained."""
    options = discard_options(cards, rules, knock_limit=limit)
    best = best_discards(cards, rules, knock_limit=limit)
    big_gin = next((option for option in options if option.card is None), None)
    chosen = next(option for option in options if option.card == card)
    value, ends = chosen.deadwood, chosen.ends
    discard_ok = big_gin is None and value == best[0].deadwood
    if big_gin is not None:
        lines = [f"All 11 cards were melded: big gin was there, worth more than discarding "
                 f"{card}."]
    elif discard_ok:
        lines = [f"Discarding {card} is best: it leaves deadwood {value}."]
    else:
        names = " or ".join(str(option.card) for option in best)
        lines = [f"Discarding {card} leaves deadwood {value}; discarding {names} would leave "
                 f"only {best[0].deadwood}."]
    over = (f"deadwood {value}, and only gin may end this round." if limit == 0 else
            f"deadwood {value} is over the knock limit of {limit}, so you cannot knock.")
    if said == "gin":
        action_ok = ends == "gin"
        lines.append("Gin: no deadwood at all." if action_ok else
                     f"Gin needs deadwood 0, and you have {value}.")
    elif said == "knock":
        action_ok = ends in ("knock", "gin")
        if ends == "gin":
            hint = "With no deadwood at all you have gin, which pays a bonus."
            lines.append("With deadwood 0 your knock is gin: call it gin for the gin bonus.")
        elif ends == "knock":
            lines.append(f"You may knock: {value} is within the knock limit of {limit}.")
        else:
            lines.append(over[0].upper() + over[1:])
    else:
        action_ok = True
        if ends == "gin":
            lines.append("Playing on is allowed, but you had gin: that gives up the gin bonus "
                         "and lets the opponent improve.")
        elif ends == "knock":
            lines.append(f"Playing on is allowed (knocking is never compulsory), but you could "
                         f"knock with {value}.")
        else:
            lines.append(f"Right to play on: {over}")
    best_ending = (said == "play on" and ends is None) or (said == "gin" and ends == "gin") or (
        said == "knock" and ends == "knock")
    return Feedback(discard_ok and action_ok and best_ending, " ".join(lines), hint)


_GIN_ONLY: Final = frozenset({"gin only", "gin", "only gin"})


@feedback_checker(_cards_picture)
@names_bad_arguments
def check_knock_limit(upcard: HandLike, answer: object, rules: Rules) -> Feedback:
    """The knock limit of a round that opened with ``upcard`` under ``rules`` (Oklahoma:
    the upcard's value, an ace meaning gin only). ``0`` or ``"gin only"`` for gin only.

    >>> oklahoma = Rules(oklahoma=True)
    >>> print(check_knock_limit("7S", 7, oklahoma))
    ✔ Right: with 7♠ turned up, knock at 7 or less.
    >>> print(check_knock_limit("AH", 1, oklahoma))
    ✘ Not quite: an ace turned up means gin only (0).
      Hint: Oklahoma: the upcard's points set the limit, and an ace means gin only.
    """
    cards = to_cards(upcard)
    if len(cards) != 1:
        raise GinError("the exercise needs exactly one upcard")
    card = cards[0]
    limit = rules.round_knock_limit(card)
    hint = ("Straight Gin: no knocking, only gin." if rules.straight_gin else
            "Oklahoma: the upcard's points set the limit, and an ace means gin only."
            if rules.oklahoma else "Without Oklahoma the upcard does not change the limit.")
    expect_answer(answer, hint)
    value = 0 if plain_words(answer) in _GIN_ONLY else read_int(answer, hint)
    if value == limit:
        said = "gin only" if limit == 0 else f"knock at {limit} or less"
        return Feedback(True, f"Right: with {card} turned up, {said}.")
    if limit == 0 and card.rank == 1:
        return Feedback(False, "Not quite: an ace turned up means gin only (0).", hint)
    return Feedback(False, f"Not quite: {value} is not this round's limit.", hint)
