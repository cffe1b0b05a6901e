"""The two other decisions of a turn: take the upcard or draw, and knock now or play on."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from gin_teach.analysis.discards import analyze_discards, check_table, draw_outlook
from gin_teach.analysis.knowledge import (
    NO_KNOWLEDGE,
    STOCK_AFTER_DEAL,
    Knowledge,
    mask_of_hand,
    shown,
)
from gin_teach.core.cards import (
    JOKER_BITS,
    JOKER_POINTS,
    Card,
    HandLike,
    card_points,
    cards_from_mask,
    hand_mask,
)
from gin_teach.core.kernel import best_discard_of_mask, deadwood_of_mask, layoff_cards, may_knock
from gin_teach.core.rules import Rules
from gin_teach.core.scoring import settle
from gin_teach.core.solver import MELDS_WITH_CARD
from gin_teach.core.validation import checks_masks, names_bad_arguments
from gin_teach.errors import CardError, SetupError, excerpt

__all__ = [
    "KNOCKABLE_WEIGHT",
    "KNOCK_SAMPLES",
    "MAX_UNDERCUT_RISK",
    "DrawAnalysis",
    "KnockAnalysis",
    "analyze_draw",
    "analyze_knock",
    "draws_left",
    "opponent_hands",
]

MOST_HANDS: Final = 100_000
"""The most opponent hands :func:`opponent_hands` draws at once."""
KNOCK_SAMPLES: Final = 32
"""Opponent hands sampled to judge a knock."""
MAX_UNDERCUT_RISK: Final = 0.25
"""Knock only when at most this share of the sampled opponent hands would undercut."""
KNOCKABLE_WEIGHT: Final = 0.25
"""How much a sampled opponent hand that could itself have knocked counts: most players knock
when they can, so a hand that did not is less likely to be one."""


# --------------------------------------------------------------------------- the draw


@dataclass(frozen=True)
class DrawAnalysis:
    """Take the face-up card or draw from the stock (or pass the first upcard).

    ``take_deadwood`` is the least deadwood after taking ``upcard`` and throwing
    ``take_discard`` (never the upcard itself); ``draw_deadwood`` the mean least deadwood after
    a card from the stock, over every unseen card; ``take_melds`` says whether the upcard joins
    a meld. ``take`` is True when taking leaves less than the stock does on average.

    >>> draw = analyze_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", Knowledge(discard_pile="8D 7D"))
    >>> draw.take, draw.take_discard, draw.take_deadwood
    (True, Card('KS'), 31)
    >>> print(draw.why)  # doctest: +NORMALIZE_WHITESPACE
    Take 7♦: it makes a meld, and after throwing K♠ you have 31; a card from the stock
    leaves 48.4 on average.
    """

    upcard: Card
    take: bool
    take_deadwood: int
    take_discard: Card
    take_melds: bool
    draw_deadwood: float
    draw_outs: tuple[Card, ...]
    """The unseen cards that would join a meld and lower the deadwood."""
    take_outs: tuple[Card, ...]
    """The same after taking the upcard and throwing ``take_discard``."""
    why: str


@names_bad_arguments
def analyze_draw(hand10: HandLike | int, knowledge: Knowledge,
                 rules: Rules | str | None = None) -> DrawAnalysis:
    """Whether to take the top of ``knowledge.discard_pile`` or draw from the stock.

    The rule: take the card when the deadwood after taking it (and throwing your worst card)
    is lower than the mean deadwood a stock card leaves; on a tie draw, which tells the
    opponent nothing.

    >>> draw = analyze_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", Knowledge(discard_pile="8D 6D"))
    >>> draw.take, round(draw.draw_deadwood, 1), draw.take_deadwood
    (False, 47.9, 51)
    """
    rules = Rules.of(rules)
    hand = mask_of_hand(hand10, rules)
    if hand.bit_count() != 10:
        raise CardError(f"a hand before the draw has 10 cards, got {hand.bit_count()}: "
                        f"{shown(hand)[:60]}")
    if not knowledge.discard_pile:
        raise CardError("there is no face-up card to take: the discard pile is empty")
    check_table(knowledge, rules)
    knowledge.check_hand(hand, 10, rules.jokers)
    upcard = knowledge.discard_pile[-1]
    after_take = Knowledge(knowledge.discard_pile[:-1], knowledge.opponent_holds,
                           knowledge.opponent_took, knowledge.opponent_passed,
                           knowledge.opponent_discarded, knowledge.stock_size, upcard,
                           knowledge.knock_limit, knowledge.jokers)
    taken = analyze_discards(hand | upcard.bit, after_take, rules)
    least = min(analysis.deadwood for analysis in taken)
    take_best = next(analysis for analysis in taken if analysis.deadwood == least)
    kept = (hand | upcard.bit) ^ take_best.card.bit
    joker_points = rules.joker_points
    upcard_points = card_points(upcard, joker_points)
    melds = (deadwood_of_mask(kept, joker_points)
             < deadwood_of_mask(kept ^ upcard.bit, joker_points) + upcard_points)
    outlook = draw_outlook(hand, knowledge.unseen_mask(hand, rules.jokers), joker_points)
    take = least < outlook.expected
    stock = f"a card from the stock leaves {outlook.expected:.1f} on average"
    throw = take_best.card
    if take and melds:
        why = f"Take {upcard}: it makes a meld, and after throwing {throw} you have {least}"
    elif take:
        why = f"Take {upcard}: it is lower than {throw}, which you throw to have {least}"
    else:
        why = (f"Draw from the stock: taking {upcard} and throwing {throw} would leave {least}"
               + (" although it makes a meld" if melds else ""))
    why = f"{why}; {stock}."
    return DrawAnalysis(upcard, take, least, take_best.card, melds, outlook.expected,
                        cards_from_mask(outlook.outs), take_best.outs, why)


# --------------------------------------------------------------------------- the knock


@dataclass(frozen=True)
class KnockAnalysis:
    """Knock now or play on, with an 11-card hand after the draw.

    - ``discard`` and ``deadwood``: the best knocking discard and the count it knocks with
      (``None`` when no discard lets you knock).
    - ``undercut_risk``: the share of sampled opponent hands that would tie or beat that count
      after laying off; ``knock_points``: the mean points knocking wins on those hands
      (negative when undercuts cost more than the wins bring).
    - ``gin_outs``: the unseen cards that would give gin on your next draw if you play on;
      ``gin_chance`` the chance of drawing one of them before the stock runs out.
    - ``play_on_discard``: the card to throw if you do not knock: the discard with the best
      score (see the package), which may keep more shape than the knocking one.
    - ``knock``: the advice; ``why``: the reason.

    The advice: gin always; otherwise knock when the undercut risk is at most
    ``MAX_UNDERCUT_RISK`` and knocking wins points on average.

    >>> knock = analyze_knock("7S 7H 7D 9C TC JC 3H 4H 5H 2D KS")
    >>> knock.discard, knock.deadwood, knock.knock, knock.undercut_risk
    (Card('KS'), 2, True, 0.0)
    """

    can_knock: bool
    discard: Card | None
    deadwood: int | None
    gin: bool
    undercut_risk: float | None
    knock_points: float | None
    gin_outs: tuple[Card, ...]
    gin_chance: float
    play_on_discard: Card
    knock: bool
    why: str


@checks_masks("hand")
def opponent_hands(hand: int, knowledge: Knowledge, count: int, rng: random.Random,
                   rules: Rules | str | None = None) -> list[int]:
    """``count`` guesses (masks) at the opponent's ten cards: the cards it is known to hold,
    the rest drawn from the unseen cards (half as likely next to what it threw or declined),
    then improved by one draw per discard it has made, keeping the best ten each time, as a
    player who plays for deadwood would (by ``rules``: the jokers, at a table that plays
    them, are among the unseen cards, and a joker left out of melds counts its points).

    >>> import random
    >>> knowledge = Knowledge(opponent_took="8H", opponent_holds="8H", stock_size=25)
    >>> hands = opponent_hands(hand_mask("AS 2S 3S 4D 5D 6D 9C TC JC KH QH"), knowledge, 3,
    ...                        random.Random(1))
    >>> [bin(h).count("1") for h in hands], all(h & hand_mask("8H") for h in hands)
    ([10, 10, 10], True)
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MOST_HANDS:
        raise SetupError(f"count must be a whole number from 0 to {MOST_HANDS:,}, "
                         f"got {excerpt(count)}")
    holds = hand_mask(knowledge.opponent_holds)
    shy = knowledge.shunned_mask()
    rules = Rules.of(rules)
    unseen = knowledge.unseen_mask(hand, rules.jokers)
    # Weighted sampling without replacement: each card gets the key u ** (1 / weight) and the
    # largest keys win; a weight of one half squares the key.
    pool = [(i, bool(shy >> i & 1)) for i in range(54) if unseen >> i & 1]
    missing = max(0, 10 - holds.bit_count())
    turns = len(knowledge.opponent_discarded)
    if not turns and knowledge.stock_size is not None:
        turns = max(0, (STOCK_AFTER_DEAL - knowledge.stock_size) // 2)
    size = min(len(pool), missing + turns)
    hands = []
    random_number = rng.random
    for _ in range(count):
        keyed = []
        for index, half in pool:
            key = random_number()
            keyed.append((key * key if half else key, index))
        keyed.sort(reverse=True)
        chosen = [index for _, index in keyed[:size]]
        mask = holds
        for index in chosen[:missing]:
            mask |= 1 << index
        for index in chosen[missing:]:
            mask |= 1 << index
            _, throws = best_discard_of_mask(mask, rules.joker_points)
            # It keeps what it took from the pile (else it throws back the card it drew).
            mask ^= _highest(throws & ~holds or 1 << index, rules.joker_points)
        hands.append(mask)
    return hands


def _highest(mask: int, joker_points: int = JOKER_POINTS) -> int:
    """The bit of the card with the most points in ``mask`` (the highest index among equals;
    a joker counts ``joker_points``)."""
    best, best_points = 0, -1
    while mask:
        low = mask & -mask
        mask ^= low
        index = low.bit_length() - 1
        points = card_points(index, joker_points)
        if points >= best_points:
            best, best_points = low, points
    return best


@names_bad_arguments
def analyze_knock(hand11: HandLike | int, knowledge: Knowledge | None = None,
                  rules: Rules | str | None = None, *, samples: int = KNOCK_SAMPLES,
                  seed: int | None = None) -> KnockAnalysis:
    """Knock now or play on (see :class:`KnockAnalysis`). The opponent's hand is sampled
    (see :func:`opponent_hands`) with ``seed``, by default one drawn from the position, so the
    same position always gets the same answer.

    >>> late = Knowledge(discard_pile="KD QC JH TS 9D 8C 8S 6H KC QS JD 2C 5C AH 4C 6C 3D "
    ...                                "KH JS 6S 5S AD 8H", opponent_discarded="KD JH 9D 8S "
    ...                                "KC JD 5C 4C 3D JS 5S 8H", stock_size=8)
    >>> knock = analyze_knock("7S 7H 7D 9C TC JC 3H 4H 5H 9S KS", late)
    >>> knock.deadwood, knock.knock, knock.undercut_risk > 0.25
    (9, False, True)
    """
    rules = Rules.of(rules)
    knowledge = knowledge or NO_KNOWLEDGE
    analyses = analyze_discards(hand11, knowledge, rules)
    hand = mask_of_hand(hand11, rules)
    unseen = knowledge.unseen_mask(hand, rules.jokers)
    stock = knowledge.stock(jokers=rules.jokers)
    joker_points = rules.joker_points
    my_draws = max(0, (stock - rules.dead_hand_stock) // 2)
    limit = rules.resolve_knock_limit(knowledge.knock_limit)
    knocking = [analysis for analysis in analyses if analysis.knock]
    play_on = min(analyses, key=lambda analysis: analysis.score).card
    if not knocking:
        return KnockAnalysis(False, None, None, False, None, None, (), 0.0, analyses[0].card,
                             False, f"You cannot knock: the least deadwood after a discard is "
                             f"{min(a.deadwood for a in analyses)}, over the limit of {limit}; "
                             f"discard {analyses[0].card}.")
    best = knocking[0]
    kept = hand ^ best.card.bit
    gin_outs = _gin_outs(kept, unseen, joker_points)
    chance = len(gin_outs) / unseen.bit_count() if unseen else 0.0
    gin_chance = 1.0 - (1.0 - chance) ** my_draws
    if best.gin:
        return KnockAnalysis(True, best.card, 0, True, 0.0, None, gin_outs, 1.0, play_on, True,
                             f"Go gin: discard {best.card}; gin cannot be undercut and earns "
                             f"the {rules.gin_bonus} bonus.")
    if not may_knock(best.deadwood, rules.knock_limit):  # settle judges by the rules' limit
        rules = rules.replace(knock_limit=best.deadwood)
    rng = random.Random(seed if seed is not None else hand * 131 + unseen + stock)
    total_weight = undercut_weight = points = 0.0
    kept_cards = cards_from_mask(kept)
    melds = _melds_within(kept)
    for opponent in opponent_hands(hand, knowledge, samples, rng, rules):
        count = deadwood_of_mask(opponent, joker_points)
        weight = KNOCKABLE_WEIGHT if may_knock(count, limit) else 1.0
        # The shortcut reads plain melds only: with a joker in either hand, settle decides.
        plain = not (kept | opponent) & JOKER_BITS
        if count > best.deadwood and plain and not layoff_cards(melds) & opponent:
            won, undercut = count - best.deadwood, False  # nothing to lay off: a plain win
        else:
            settlement = settle(kept_cards, cards_from_mask(opponent), rules)
            won = settlement.points if settlement.winner == "knocker" else -settlement.points
            undercut = settlement.outcome in ("undercut", "tie")
        total_weight += weight
        undercut_weight += weight * undercut
        points += weight * won
    risk = undercut_weight / total_weight
    mean = points / total_weight
    knock = risk <= MAX_UNDERCUT_RISK and mean > 0
    facts = (f"in {samples} likely opponent hands the undercut risk is {risk:.2f} and "
             f"knocking wins {mean:.1f} points on average")
    gin = (f"; playing on, {len(gin_outs)} cards give gin (about {gin_chance:.2f} before the "
           f"stock runs out)")
    if knock:
        why = f"Knock with {best.deadwood}, discarding {best.card}: {facts}{gin}."
    else:
        why = (f"Play on rather than knock with {best.deadwood}, discarding {play_on}: "
               f"{facts}{gin}.")
    return KnockAnalysis(True, best.card, best.deadwood, False, risk, mean, gin_outs,
                         gin_chance, play_on, knock, why)


def _melds_within(hand: int) -> list[int]:
    """Every three-card meld inside ``hand``: whatever spread the knocker shows is built
    from melds that contain these."""
    melds = set()
    rest = hand & ~JOKER_BITS
    while rest:
        low = rest & -rest
        rest ^= low
        for meld, _ in MELDS_WITH_CARD[low.bit_length() - 1]:
            if meld.bit_count() == 3 and meld & hand == meld:
                melds.add(meld)
    return sorted(melds)


def _gin_outs(kept: int, unseen: int, joker_points: int) -> tuple[Card, ...]:
    """The unseen cards that would make the ten kept cards gin (after throwing one)."""
    outs = []
    rest = unseen
    while rest:
        bit = rest & -rest
        rest ^= bit
        if best_discard_of_mask(kept | bit, joker_points)[0] == 0:
            outs.append(Card.from_index(bit.bit_length() - 1))
    return tuple(outs)


@names_bad_arguments
def draws_left(stock_size: int, rules: Rules | None = None) -> int:
    """How many more cards can be drawn from a stock of ``stock_size`` before the hand is dead
    (both players' draws together): the last ``rules.dead_hand_stock`` cards are never drawn.

    >>> draws_left(9), draws_left(9, Rules(dead_hand_stock=0)), draws_left(1)
    (7, 9, 0)
    """
    rules = Rules.of(rules)
    most = 52 + rules.jokers
    if (isinstance(stock_size, bool) or not isinstance(stock_size, int)
            or not 0 <= stock_size <= most):
        raise CardError(f"a stock holds a whole number of cards from 0 to {most}, not "
                        f"{excerpt(stock_size)}")
    return max(0, stock_size - rules.dead_hand_stock)
