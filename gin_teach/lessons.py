"""Exercise checkers for the course notebooks.

Each ``check_*`` function takes the exercise (a hand, a card, the rules) and the learner's
answer, asks the rules engine for the truth and returns a :class:`~gin_teach.answers.Feedback`.
The learner's
answer may be anything they typed: ``None`` or ``...`` means "not answered yet" and gets a gentle
prompt; a mistyped card, a word where a number belongs, or a card that is not in the hand gets a
friendly message. A checker never raises because of the answer.

Answers are read generously: cards in any form :func:`gin_teach.parse_cards` accepts (``"7H"``,
``"7♥"``, ``"10h"``), lists of cards or card texts, numbers as ``12`` or ``"12"``, yes/no as
``True``, ``"yes"`` or ``"no"``; the readers live in :mod:`gin_teach.answers`, which the
widgets use too.

>>> check_deadwood("7S 7H 7D 8H 9H", ...).answered
False
>>> print(check_deadwood("7S 7H 7D 8H 9H", 14))
✔ Right: the least deadwood is 14 (7♥ 8♥ 9♥ | deadwood 7♠ 7♦ = 14).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gin_teach.answers import (
    Feedback,
    Reply,
    cards_are,
    expect_answer,
    feedback_checker,
    only_from,
    plain_words,
    read_card,
    read_cards,
    read_choice,
    read_int,
    read_melds,
    read_yes_no,
    show_cards,
)
from gin_teach.cards import Card, HandLike, full_deck, hand_mask, hand_points, to_cards
from gin_teach.display import arrangement_svg, hand_svg
from gin_teach.errors import CardError, GinError, IllegalMove
from gin_teach.melds import (
    Arrangement,
    Meld,
    all_best_arrangements,
    best_arrangement,
    best_discards,
    deadwood,
    discard_options,
    find_melds,
)
from gin_teach.play_checks import (
    attempt,
    check_dealer,
    check_game_total,
    check_is_legal,
    check_match_points,
    check_meld_partners,
    check_round_over,
    check_to_act,
    meld_partners,
)
from gin_teach.rules import Rules
from gin_teach.scoring import Settlement, settle

__all__ = [
    "arrange",
    "attempt",
    "check_arrangement",
    "check_card_points",
    "check_cards",
    "check_completing_cards",
    "check_deadwood",
    "check_dealer",
    "check_discard",
    "check_game_total",
    "check_is_legal",
    "check_is_meld",
    "check_knock",
    "check_knock_limit",
    "check_layoffs",
    "check_match_points",
    "check_meld",
    "check_meld_partners",
    "check_outcome",
    "check_rank_order",
    "check_round_over",
    "check_score",
    "check_spread",
    "check_to_act",
    "describe_meld",
]

def _cards_picture(cards: HandLike, *_: object, **__: object) -> str:
    """The exercise's cards: the checker's first argument."""
    return hand_svg(cards)


def _pool_picture(*_: object, hand: HandLike | None = None, **__: object) -> str:
    """The hand a meld is to be taken from, when the exercise names one."""
    return hand_svg(hand) if hand is not None else ""


def _table_picture(knocker: HandLike, defender: HandLike, *_: object,
                   rules: Rules | None = None, knocker_melds: Sequence[HandLike] | None = None,
                   **__: object) -> str:
    """What the defender sees after a knock: the knocker's spread, and its own hand."""
    spread = settle(knocker, defender, rules, knocker_melds).knocker_arrangement
    return (f"<div>{arrangement_svg(spread, title='the knocker spreads')}</div>"
            f"<div>{hand_svg(defender, title='the defender holds')}</div>")


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
        return Feedback(True, f"Right: {show_cards(wanted)}.")
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
        return Feedback(False, f"Use exactly these cards: {show_cards(hand)}.", hint)
    ranks = [card.rank for card in given]
    if ranks == sorted(ranks):
        return Feedback(True, f"Right: {show_cards(given)}, from low to high.")
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

def _meld_or_reason(cards: Sequence[Card]) -> tuple[Meld | None, str]:
    """The cards as a meld and a sentence saying so, or ``None`` and why they are not one."""
    try:
        meld = Meld.of(cards)
    except GinError as problem:
        return None, str(problem)
    return meld, f"{show_cards(cards)} is a {meld.kind}"


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
    return _meld_or_reason(given)[1]


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
    meld, verdict = _meld_or_reason(given)
    if said == (meld is not None):
        return Feedback(True, f"Right: {verdict}.")
    return Feedback(False, f"Not quite: {verdict}.", hint)


@feedback_checker(_pool_picture)
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
        only_from(given, pool, "the hand", f"Use only cards from {show_cards(pool)}.")
    meld, verdict = _meld_or_reason(given)
    if meld is None:
        return Feedback(False, f"{verdict}.", hint)
    if kind is not None and meld.kind != kind:
        return Feedback(False, f"{verdict}; this exercise asks for a {kind}.", hint)
    absent = [card for card in needed if card not in meld]
    if absent:
        return Feedback(False, f"{verdict}, but it leaves out {show_cards(absent)}.",
                        f"The meld must use {show_cards(needed)}.")
    return Feedback(True, f"Right: {verdict}.")



def _arranged(cards: tuple[Card, ...], groups: list[tuple[Card, ...]]) -> Arrangement:
    """The arrangement that uses exactly these melds, or a :class:`Reply` naming the first
    problem: a card not in the hand, a card in two melds, a group that is no meld."""
    used: set[Card] = set()
    melds = []
    for group in groups:
        only_from(group, cards, "this hand", f"The hand is {show_cards(cards)}.")
        twice = next((card for card in group if card in used), None)
        if twice is not None:
            raise Reply(Feedback(False, f"{twice} is in two melds; a card serves only one meld.",
                                  f"Choose one meld for {twice} and leave it out of the other."))
        used.update(group)
        meld, verdict = _meld_or_reason(group)
        if meld is None:
            raise Reply(Feedback(False, f"{verdict}.", "Each group must be a set or a run."))
        melds.append(meld)
    dead = tuple(card for card in sorted(cards) if card not in used)
    return Arrangement(tuple(sorted(melds, key=lambda meld: meld.cards)), dead)


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
        return _arranged(to_cards(hand), read_melds(melds, ""))
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
    mine = _arranged(cards, read_melds(answer, "Write each meld as cards separated by spaces, "
                                        "and put | between melds. Leave the deadwood out."))
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

def _throw_order(hand: Sequence[Card], card: Card) -> tuple[int, int, int]:
    """How a strong player ranks discards that leave the same count: first the card with no
    partner in the hand (a pair or two of a run is a meld in the making), then the card that
    fewer unseen cards could meld with, then the higher rank. Smaller throws first."""
    in_hand = len(meld_partners(card, [other for other in hand if other != card]))
    unseen = len(meld_partners(card, [other for other in full_deck() if other not in hand]))
    return (in_hand, unseen, -card.rank)


def _why_throw(hand: Sequence[Card], best: Card, other: Card) -> str:
    """Why ``best`` is the better throw than ``other``, which leaves the same count."""
    mine, theirs = _throw_order(hand, best), _throw_order(hand, other)
    if mine[0] != theirs[0]:
        partners = show_cards(meld_partners(other, [c for c in hand if c != other]))
        return f"{other} could still make a meld with your {partners}; {best} has no such help"
    if mine[1] != theirs[1]:
        return (f"fewer cards could ever meld with {best} ({mine[1]}) than with {other} "
                f"({theirs[1]}), so it is the less useful card to keep")
    return f"{best} is the higher card, and a strong player throws the higher card first"


@feedback_checker(_cards_picture)
def check_discard(hand: HandLike, answer: object, rules: Rules | None = None) -> Feedback:
    """Which card should go? The hand has just drawn (11 cards); right when the discard leaves
    the least deadwood possible and, between discards that leave the same, is the one a strong
    player throws (no partner in the hand, fewer cards that could meld with it, the higher
    rank).

    >>> print(check_discard("4S 5S KD 9D 2C QH JH TH 7C 7D 6S", "KD"))
    ✔ Right: discard K♦ -> deadwood 25.
    >>> print(check_discard("4S 5S KD 9D 2C QH JH TH 7C 7D 6S", "9D"))
    ✘ Discarding 9♦ leaves 26; another discard leaves less.
      Hint: Keep your melds together and throw away the loose card that costs the most.
    >>> print(check_discard("3S 4S 5S 9H 9D 9C QD KH 2C 2H 8S", "QD"))
    ✘ Q♦ leaves 22, the least, but K♥ leaves as little and is the better throw.
      Hint: Fewer cards could ever meld with K♥ (5) than with Q♦ (6), so it is the less useful \
card to keep.
    """
    cards = to_cards(hand)
    rules = rules or Rules.modern()
    hint = "Keep your melds together and throw away the loose card that costs the most."
    card = read_card(answer, hint)
    only_from([card], cards, "this hand", f"The hand is {show_cards(cards)}.")
    options = discard_options(cards, rules)
    chosen = next(option for option in options if option.card == card)
    least = best_discards(cards, rules)[0].deadwood
    if chosen.deadwood != least:
        return Feedback(False, f"Discarding {card} leaves {chosen.deadwood}; another discard "
                        "leaves less.", hint)
    equal = [option.card for option in options
             if option.deadwood == least and option.card is not None]
    best = min(equal, key=lambda other: _throw_order(cards, other))
    if _throw_order(cards, card) == _throw_order(cards, best):
        others = [other for other in equal if other != card]
        why = f"; {_why_throw(cards, card, others[0])}" if others else ""
        return Feedback(True, f"Right: {chosen}{why}.")
    return Feedback(False, f"{card} leaves {least}, the least, but {best} leaves as little and "
                    "is the better throw.", _why_throw(cards, best, card)[0].upper()
                    + _why_throw(cards, best, card)[1:] + ".")


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
def check_knock(hand: HandLike, answer: object, rules: Rules | None = None, *,
                knock_limit: int | None = None) -> Feedback:
    """After the draw (11 cards), the best way this turn can end: ``"gin"``, ``"knock"``,
    ``"big gin"`` (when the rules have it), or ``"play on"`` when neither is possible.
    ``knock_limit`` overrides the rules' limit, as an Oklahoma upcard does.

    >>> hand = "2S 3H 4D 5C 7S 7H 7D 8C 9C TC JC"
    >>> print(check_knock(hand, "knock"))
    ✔ Right: discard 5♣ -> deadwood 9, knock.
    >>> print(check_knock(hand, "gin"))
    ✘ Not quite: the best discard leaves 9 deadwood.
      Hint: Find the discard that leaves the least deadwood. 0 is gin; 10 or less lets you knock.
    """
    cards = to_cards(hand)
    rules = rules or Rules.modern()
    limit = (0 if rules.straight_gin else rules.knock_limit) if knock_limit is None else knock_limit
    hint = (f"Find the discard that leaves the least deadwood. 0 is gin; {limit} or less lets "
            "you knock." if limit else "This round allows gin only: you need 0 deadwood.")
    choices = {word: ending for word, ending in _ENDINGS.items()
               if ending != "big gin" or rules.big_gin_bonus is not None}
    said = read_choice(answer, choices, hint)
    best = best_discards(cards, rules, knock_limit=limit)[0]
    truth = {"gin": "gin", "knock": "knock", "big_gin": "big gin", None: "play on"}[best.ends]
    how = str(best) if best.card is not None else "big gin: all 11 cards are in melds"
    if said == truth:
        return Feedback(True, f"Right: {how}.")
    if said == "gin" and truth == "big gin":
        return Feedback(True, f"Right: {how}; with big gin on, all eleven cards go down "
                        "without a discard, for the big-gin bonus.")
    if said == "knock" and truth == "gin":
        return Feedback(False, f"You could knock, but you can do better: {how}.",
                        "With no deadwood at all you have gin, which pays a bonus.")
    return Feedback(False, f"Not quite: the best discard leaves {best.deadwood} deadwood.",
                    hint)


_GIN_ONLY: Final = frozenset({"gin only", "gin", "only gin"})


@feedback_checker(_cards_picture)
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


# --------------------------------------------------------------------------- lay-offs and scores

@feedback_checker(_table_picture)
def check_layoffs(knocker: HandLike, defender: HandLike, answer: object, *,
                  rules: Rules | None = None,
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
                 rules: Rules | None = None) -> Feedback:
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
    rules = rules or Rules.modern()
    cards = to_cards(knocker)
    hint = ("Look at what the defender could lay off on each meld: a spread that keeps a few "
            "more points of deadwood can block more lay-offs.")
    mine = _arranged(cards, read_melds(answer, "Write each meld as cards separated by spaces, "
                                       "and put | between melds. Leave the deadwood out."))
    spread = [meld.cards for meld in mine.melds]
    try:
        result = settle(knocker, defender, rules, spread)
    except IllegalMove as problem:
        return Feedback(False, f"That spread cannot knock: {problem}.",
                        "Put enough cards in melds to bring the deadwood within the knock "
                        "limit.")
    results = []
    for melds in _every_spread(cards):
        try:
            results.append(settle(knocker, defender, rules, [meld.cards for meld in melds]))
        except IllegalMove:
            continue  # too much deadwood to knock with this spread
    best = max(_knocker_net(other) for other in results)
    value = _knocker_net(result)
    worth = f"scores the knocker {value}" if value >= 0 else f"costs the knocker {-value}"
    if value == best:
        return Feedback(True, f"Right: this spread {worth}. {result.summary}")
    laid = show_cards(layoff.card for layoff in result.layoffs)
    return Feedback(False, f"That spread {worth} (the defender lays off {laid}); another "
                    f"scores {best}.", hint)


def _refused_layoffs(knocker: HandLike, defender: HandLike, rules: Rules | None,
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
                f"({show_cards(arrangement.deadwood_cards)}), and nothing is laid off on "
                "deadwood.")
    verb = "does not fit" if len(refused) == 1 else "do not fit"
    return Feedback(False, f"{show_cards(refused)} {verb} any of the knocker's melds, even "
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
                rules: Rules | None = None,
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
    rules = rules or Rules.modern()
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
                  rules: Rules | None = None) -> Feedback:
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
    rules = rules or Rules.modern()
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
