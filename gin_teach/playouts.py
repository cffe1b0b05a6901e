"""The playout engine: imagined opponent hands, and the rest of a hand played out fast.

Every Monte-Carlo estimate in the package stands on this module: the judge
(:mod:`gin_teach.judge`), which values every choice of a decision for the coach, the puzzles
and the lessons, and the Expert (:mod:`gin_teach.bots.expert`), which weighs its close
choices with the judge's scorers. A **deal** imagines the opponent's hidden cards with the
Defender's :class:`~gin_teach.opponent.OpponentModel` (:func:`imagined_hand`) and shuffles
the rest into the stock; a **playout** (:func:`playout`) then plays the hand to its end for
both sides by one fast policy (take a face-up card that lowers the count, throw the highest
card leaving the least deadwood, knock as the Shaper does), and :func:`settle_masks`
scores a knock with lay-offs estimated. :func:`common_deals` is the one loop that scores a
decision's choices on the same deals, for the judge and the Expert alike.

>>> from gin_teach.cards import hand_mask
>>> pr = PlayoutRules.of(Rules(), 10)
>>> settle_masks(hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D 2H"),
...              hand_mask("KS KH QD QC JS JH TD TC 8S 7D"), pr)  # 95 - 2
93
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from gin_teach.cards import JOKER_POINTS, cards_from_mask
from gin_teach.errors import CardError
from gin_teach.jokers import NATURAL_BITS
from gin_teach.kernel import (
    best_discard_of_mask,
    best_throws,
    completes_meld,
    deadwood_of_mask,
    is_undercut,
    layoff_cards,
    spread_layoffs,
)
from gin_teach.melds import best_arrangement
from gin_teach.opponent import OpponentModel, deadwood_after_layoffs
from gin_teach.rules import Rules
from gin_teach.solver import natural_best_discard, partitions_of_mask
from gin_teach.table_view import POINTS, TableView, bits_of
from gin_teach.validation import (
    check_mask,
    check_mask_list,
    check_whole,
    checks,
    checks_masks,
    names_bad_arguments,
    unchecked,
    wrong_argument,
)

__all__ = [
    "CARDS_PER_IMAGINED_DRAW",
    "MEMO_SIZE",
    "REDRAWS",
    "Look",
    "PlayoutRules",
    "Scorer",
    "common_deals",
    "discard_score",
    "draw_score",
    "imagined_deal",
    "imagined_draws",
    "imagined_hand",
    "playout",
    "settle_masks",
    "take_score",
    "throw",
]


#: The imagined opponent keeps its best cards over one extra draw for every this many cards
#: gone from the stock (see :func:`imagined_draws`).
CARDS_PER_IMAGINED_DRAW = 4


@checks(stock_size=check_whole)
def imagined_draws(stock_size: int) -> int:
    """How many extra draws an imagined opponent hand keeps its best cards over, with
    ``stock_size`` cards left in the stock (:meth:`OpponentModel.sample`'s ``improve``).

    ``benchmarks/opponent_model.py`` compares these hands with the real ones at the
    decisions of seeded games: against the Defender they are a little weaker than the real
    hands at mid-hand and stronger late, when the hands still in play are those that have
    not knocked.

    >>> [imagined_draws(stock) for stock in (31, 25, 19, 10, 3)]
    [0, 1, 3, 5, 7]
    """
    return max(31 - stock_size, 0) // CARDS_PER_IMAGINED_DRAW


#: An imagined hand the opponent would already have knocked with is drawn again, at most
#: this many times (see :func:`imagined_hand`).
REDRAWS = 8


@names_bad_arguments
def imagined_hand(model: OpponentModel, rng: random.Random, view: TableView,
                  rules: PlayoutRules) -> int:
    """A hand the opponent might hold: :meth:`OpponentModel.sample` kept over
    :func:`imagined_draws`, and once it has discarded, not a hand it would have knocked
    with by the playouts' own rule (drawn again up to :data:`REDRAWS` times). The hands
    still in play late are those that have not knocked, so without this the imagined ones
    are far stronger than the real ones (``benchmarks/opponent_model.py``). Against the
    Defender the redraws took the Expert from 54.5% to 54.9% of 2,000 games (seed 1) and
    from 56.6% to 58.3% of 1,000 (seed 2); in the 2,000 it knocked 6,620 times instead of
    5,770 and was undercut 618 times instead of 435 (late, the imagined hands are now a
    little weaker than the real ones). Hands fitted closer to the Defender's real ones (one
    draw every 3 cards gone, at most 4, and half the late knockable hands kept) matched them
    well in that benchmark but won only 53.2% of the 2,000 games (58.3% of the 1,000 on
    seed 2), so they were not kept. (All of these were measured before the stronger players
    stopped taking back their own discards; with that rule the Expert won 55.8% of the
    2,000 games on seed 1.)

    With four cards left in the stock, an opponent that has discarded and not knocked is
    not imagined holding 3 or less:

    >>> from gin_teach.cards import hand_mask
    >>> from gin_teach.table_view import ALL_CARDS
    >>> mine, threw = hand_mask("AS 2S 3S 4H 5H 6H 2C 3C 4C 9D KD"), hand_mask("QH")
    >>> view = TableView(hand=mine, unseen=ALL_CARDS & ~mine & ~threw, pile=threw, top=threw,
    ...                  opponent_holds=0, opponent_took=0, opponent_passed=0,
    ...                  opponent_discarded=threw, opponent_unknown=10, stock_size=4,
    ...                  just_taken=0, knock_limit=10)
    >>> model, rng, rules = OpponentModel.of(view), random.Random(7), PlayoutRules.of(Rules(), 10)
    >>> min(deadwood_of_mask(imagined_hand(model, rng, view, rules)) for _ in range(100))
    4
    """
    jp, draws = view.joker_points, imagined_draws(view.stock_size)
    hand = model.sample(rng, draws, jp)
    if not view.opponent_discarded:
        return hand
    limit = rules.knock_limit if view.stock_size > rules.late_stock \
        else min(rules.late_knock, rules.knock_limit)
    for _ in range(REDRAWS):
        if deadwood_of_mask(hand, jp) > limit:
            break
        hand = model.sample(rng, draws, jp)
    return hand


@dataclass(frozen=True)
class PlayoutRules:
    """The numbers a playout needs: knock limit, bonuses, the dead-hand stock size, and the
    stock size under which both sides knock only with ``late_knock`` or less.

    >>> PlayoutRules.of(Rules(), 10).undercut_bonus
    25
    """

    knock_limit: int
    gin_bonus: int
    undercut_bonus: int
    undercut_on_tie: bool
    dead_hand_stock: int
    late_stock: int = 19
    late_knock: int = 3
    joker_points: int = JOKER_POINTS

    @classmethod
    @names_bad_arguments
    def of(cls, rules: Rules, knock_limit: int | None = None) -> PlayoutRules:
        """The playout numbers of ``rules`` for a round whose knock limit is ``knock_limit``
        (``None``: the rules' own, :meth:`Rules.resolve_knock_limit`, so 0 under Straight Gin).

        >>> classic = PlayoutRules.of(Rules.classic(), 7)
        >>> classic.knock_limit, classic.gin_bonus
        (7, 20)
        >>> PlayoutRules.of(Rules(straight_gin=True)).knock_limit
        0
        """
        return cls(rules.resolve_knock_limit(knock_limit), rules.gin_bonus,
                   rules.undercut_bonus, rules.undercut_on_tie, rules.dead_hand_stock,
                   joker_points=rules.joker_points)


@checks_masks("knocker", "defender")
def settle_masks(knocker: int, defender: int, rules: PlayoutRules, layable: int | None = None
                 ) -> int:
    """The knocker's score (negative when undercut) for a knock of the ten ``knocker`` cards
    against the ``defender`` cards, lay-offs estimated (:func:`deadwood_after_layoffs`) on
    the knocker's first best spread, or on ``layable`` cards when the caller chose the spread.

    >>> from gin_teach.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> settle_masks(hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D 2H"),
    ...              hand_mask("KS KH QD QC JS JH TD TC 8S 7D"), pr)  # 95 - 2
    93
    """
    return _settle(knocker, deadwood_of_mask(knocker, rules.joker_points), defender, rules,
                   layable)


# Called at every playout's knock: past the argument checks (the playout's hands are masks).
_deadwood_after_layoffs = unchecked(deadwood_after_layoffs)


def _settle(knocker: int, count: int, defender: int, rules: PlayoutRules,
            layable: int | None, defender_count: int = -1) -> int:
    """:func:`settle_masks` when the knocker's ``count`` is known (a playout has it), and
    the defender's deadwood before lay-offs too when ``defender_count`` is not -1."""
    jp = rules.joker_points
    if count == 0:
        return rules.gin_bonus + (defender_count if defender_count >= 0
                                  else deadwood_of_mask(defender, jp))
    if layable is None:
        layable = _layable(knocker, count, jp)
    if defender_count >= 0 and not layable & defender:  # nothing to lay off
        theirs = defender_count
    else:
        theirs = _deadwood_after_layoffs(defender, layable, jp)
    if is_undercut(count, theirs, rules.undercut_on_tie):
        return -(rules.undercut_bonus + count - theirs)
    return theirs - count


#: The cards that could be laid off on a knocking hand's first best spread, by hand (see
#: :func:`_layable`), emptied past :data:`MEMO_SIZE`: finding the spread is a search, and the
#: same knocking hands come back on deal after deal (the judge's knock choices on every one).
_LAYABLE_MEMO: dict[int, int] = {}


def _layable(knocker: int, count: int, joker_points: int) -> int:
    """The lay-off cards (:func:`~gin_teach.opponent.layoff_cards`) of the first best spread
    of ``knocker``, whose deadwood is ``count``, remembered."""
    key = knocker | joker_points << 56
    found = _LAYABLE_MEMO.get(key)
    if found is None:
        found = spread_layoffs(knocker) if knocker <= NATURAL_BITS else None
        if found is None:
            if knocker <= NATURAL_BITS:
                melds = next(partitions_of_mask(knocker, count))[0]
            else:
                spread = best_arrangement(cards_from_mask(knocker), joker_points=joker_points)
                melds = [sum(c.bit for c in meld) for meld in spread.melds]
            found = layoff_cards(melds)
        if len(_LAYABLE_MEMO) >= MEMO_SIZE:
            _LAYABLE_MEMO.clear()
        _LAYABLE_MEMO[key] = found
    return found


@names_bad_arguments
def imagined_deal(model: OpponentModel, rng: random.Random, view: TableView,
                  rules: PlayoutRules) -> tuple[int, list[int]]:
    """One imagined deal of the cards ``view``'s player cannot see: the opponent's hand
    (:func:`imagined_hand`) and the rest shuffled into a stock (card bits, the top last).

    >>> from gin_teach import Round
    >>> view = TableView.from_observation(Round(seed=3).observation(0))
    >>> theirs, stock = imagined_deal(OpponentModel.of(view), random.Random(1), view,
    ...                               PlayoutRules.of(Rules()))
    >>> theirs.bit_count(), len(stock) == view.unseen.bit_count() - 10
    (10, True)
    """
    theirs = imagined_hand(model, rng, view, rules)
    stock = bits_of(view.unseen & ~theirs)
    rng.shuffle(stock)
    return theirs, stock


#: Solved 11-card masks (see :func:`_best_discard`), emptied when it grows past
#: :data:`MEMO_SIZE` (a few megabytes; one decision fills a few thousand): the choices
#: weighed on one imagined deal share most of the opponent's turns, so about two solver
#: calls in five are repeats.
_DISCARD_MEMO: dict[int, tuple[int, int]] = {}
MEMO_SIZE = 1 << 15


#: The deadwood of hands a playout starts from (see :func:`_count`), emptied past
#: :data:`MEMO_SIZE`.
_COUNT_MEMO: dict[int, int] = {}


def _count(mask: int, joker_points: int) -> int:
    """:func:`~gin_teach.kernel.deadwood_of_mask`, remembered: on one imagined deal every
    choice's playout starts from the same opponent hand, and one choice's hand is the same
    on every deal."""
    key = mask | joker_points << 56
    found = _COUNT_MEMO.get(key)
    if found is None:
        if len(_COUNT_MEMO) >= MEMO_SIZE:
            _COUNT_MEMO.clear()
        found = _COUNT_MEMO[key] = deadwood_of_mask(mask, joker_points)
    return found


def _best_discard(mask: int, joker_points: int) -> tuple[int, int]:
    """:func:`~gin_teach.kernel.best_discard_of_mask`, remembered (see :data:`MEMO_SIZE`)."""
    key = mask | joker_points << 56
    return _DISCARD_MEMO.get(key) or _solve(mask, key, joker_points)


def _solve(mask: int, key: int, joker_points: int) -> tuple[int, int]:
    """:func:`_best_discard` of a hand not remembered, whose memo key is ``key``."""
    if len(_DISCARD_MEMO) >= MEMO_SIZE:
        _DISCARD_MEMO.clear()
    found = _DISCARD_MEMO[key] = (natural_best_discard(mask) if mask <= NATURAL_BITS
                                  else best_discard_of_mask(mask, joker_points))
    return found


@checks(hand=check_mask, taken=check_mask, joker_points=check_whole)
def throw(hand: int, taken: int, joker_points: int) -> tuple[int, int]:
    """The playout policy's discard from ``hand``: the card leaving the least deadwood (the
    higher among equals), never ``taken``; returns (deadwood left, card bit).

    >>> from gin_teach.cards import Card, hand_mask
    >>> value, bit = throw(hand_mask("7S 7H 7D AS 2S 3S KS 9H 8C 2C 3D"), 0, JOKER_POINTS)
    >>> value, str(Card.from_index(bit.bit_length() - 1))
    (22, 'K♠')
    """
    return _throw_of(_best_discard(hand, joker_points), hand, taken, joker_points)


def _throw_of(solved: tuple[int, int], hand: int, taken: int,
              joker_points: int) -> tuple[int, int]:
    """:func:`throw` from ``hand``'s solved best discards (:func:`_best_discard`)."""
    value, bits = solved
    allowed = bits & ~taken
    if allowed and not allowed & (allowed - 1):  # one best card
        return value, allowed
    if not allowed:  # the policy's pinned choice: the first card of the least deadwood
        if not hand & ~taken:
            raise CardError("throw: hand holds no card to throw but the one taken")
        return min((deadwood_of_mask(hand ^ b, joker_points), b) for b in bits_of(hand & ~taken))
    value, bits = best_throws(hand, hand & ~taken, joker_points, (value, bits))
    return value, 1 << (bits.bit_length() - 1)  # the last of equal cards


# A playout's own turns call these past their argument checks, which would cost the judge
# several percent there: the public entries below check a playout's arguments once.
_throw, _settle_masks = unchecked(throw), unchecked(settle_masks)


@checks(hands=partial(check_mask_list, length=2), stock=check_mask_list, top=check_mask,
        mover=partial(check_whole, high=1))
def playout(hands: list[int], stock: list[int], top: int, mover: int,
            rules: PlayoutRules) -> int:
    """Play a hand to its end from ``mover``'s draw, both sides by a fast policy, and return
    player 0's score (negative when player 1 scores; 0 for a dead hand). ``hands`` are
    masks (changed in place), ``stock`` card bits with the top last (popped as drawn),
    ``top`` the face-up card's bit. The policy takes a face-up card that completes a meld
    and lowers the count, throws the highest card that leaves the least deadwood, and knocks
    as the Shaper does.

    >>> from gin_teach.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> hands = [hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC"),
    ...          hand_mask("KS KH QD QC JS JH TD TC 8S 7D")]
    >>> stock = [hand_mask(card) for card in ("5D", "7C", "6D", "2H")]  # the top last
    >>> playout(hands, stock, top=0, mover=0, rules=pr)  # draws 2♥, knocks: 95 - 2
    93
    """
    jp = rules.joker_points
    dead_stock, late_stock = rules.dead_hand_stock, rules.late_stock
    early_limit, late_limit = rules.knock_limit, min(rules.late_knock, rules.knock_limit)
    # The solver's memory is read here directly (the loop's hot path): a hit costs one
    # dictionary look-up, not a call.
    memo, key_bits = _DISCARD_MEMO, jp << 56
    # Each side's deadwood now, known after its first throw (-1 until then).
    counts = [-1, -1]
    while True:
        hand = hands[mover]
        solved = None
        if top:
            count = counts[mover]
            if count < 0:
                count = counts[mover] = _count(hand, jp)
            index = top.bit_length() - 1
            if (hand | top) > NATURAL_BITS or completes_meld(hand, index):
                key = hand | top | key_bits
                solved = memo.get(key) or _solve(hand | top, key, jp)
                if solved[0] < count:
                    hand |= top
                else:
                    solved = None
            elif (points := POINTS[index]) < count and points < 10:
                # A face-up card that makes no meld with the hand stays deadwood: taking it
                # pays only if the hand's best throw sheds more than it adds (so never for a
                # ten or a face card, nor one worth the count or more). That asks the
                # solver about the hand alone, which the deal's other choices share.
                key = hand | key_bits
                value, bits = memo.get(key) or _solve(hand, key, jp)
                value += points
                if value < count:
                    hand |= top
                    solved = value, bits
        if solved is None:
            if len(stock) <= dead_stock:
                return 0
            hand |= stock.pop()
            key = hand | key_bits
            solved = memo.get(key) or _solve(hand, key, jp)
            top = 0
        # The policy's throw (:func:`throw`), its usual case of one best card written out.
        value, card = solved
        card &= ~top
        if not card or card & (card - 1):
            value, card = _throw_of(solved, hand, top, jp)
        hand ^= card
        hands[mover] = hand
        counts[mover] = value
        if value <= (early_limit if len(stock) > late_stock else late_limit):
            score = _settle(hand, value, hands[1 - mover], rules, None, counts[1 - mover])
            return score if mover == 0 else -score
        if len(stock) <= dead_stock:
            return 0
        top = card
        mover ^= 1


def _playout(hands: list[int], stock: list[int], top: int, mover: int,
             rules: PlayoutRules) -> int:
    """:func:`playout` past its argument checks, looked up at each call (a test may watch
    the engine's playout by replacing it)."""
    engine: Callable[..., int] = getattr(playout, "__wrapped__", playout)
    return engine(hands, stock, top, mover, rules)


# The value of one choice on one imagined deal, in points for the player choosing (negative
# when the opponent scores). The judge and the Expert score every choice with these.


@checks(hand=check_mask, card=check_mask, theirs=check_mask, stock=check_mask_list)
def discard_score(hand: int, card: int, theirs: int, stock: list[int],
                  rules: PlayoutRules) -> int:
    """Throw ``card`` from the 11-card ``hand`` and play on: the opponent (``theirs``) moves
    next, offered the card.

    >>> from gin_teach.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> mine = hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC 2H")
    >>> theirs = hand_mask("KS KH QD QC JS JH TD TC 8S 7D")
    >>> discard_score(mine, hand_mask("KC"), theirs, [hand_mask("7C"), hand_mask("5D")], pr)
    0
    """
    return -_playout([theirs, hand ^ card], list(stock), card, 0, rules)


@checks(hand=check_mask, top=check_mask, theirs=check_mask, stock=check_mask_list)
def take_score(hand: int, top: int, theirs: int, stock: list[int], rules: PlayoutRules) -> int:
    """Take the face-up ``top`` into the 10-card ``hand``, throw as the policy does
    (:func:`throw`), knock if the policy would, else play on.

    >>> from gin_teach.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> take_score(hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC"), hand_mask("2H"),
    ...            hand_mask("KS KH QD QC JS JH TD TC 8S 7D"), [hand_mask("5D")] * 20, pr)
    93
    """
    value, card = _throw(hand | top, top, rules.joker_points)
    kept = (hand | top) ^ card
    if value <= rules.knock_limit and len(stock) > rules.late_stock:
        return _settle_masks(kept, theirs, rules)
    return -_playout([theirs, kept], list(stock), card, 0, rules)


@checks(hand=check_mask, theirs=check_mask, stock=check_mask_list)
def draw_score(hand: int, theirs: int, stock: list[int], rules: PlayoutRules) -> int:
    """Leave the face-up card and draw from the stock (a pass of the first upcard is scored
    the same way: the card is not yours, and a blind card comes next).

    >>> from gin_teach.cards import hand_mask
    >>> pr = PlayoutRules.of(Rules(), 10)
    >>> draw_score(hand_mask("AS 2S 3S 4H 4D 4C 9S 9H 9D KC"),
    ...            hand_mask("KS KH QD QC JS JH TD TC 8S 7D"), [hand_mask("2H")] * 5, pr)
    93
    """
    return _playout([hand, theirs], list(stock), 0, 0, rules)


#: One choice's points on one imagined deal: (the opponent's hand, the stock with the top
#: last) to points for the player choosing, like the scorers above.
Scorer = Callable[[int, list[int]], int]
#: When to look again (see :func:`common_deals`): (every choice's points so far, the choices
#: just scored) to (the choices to score further, how many more deals).
Look = Callable[[list[list[int]], list[int]], tuple[list[int], int]]


@names_bad_arguments
def common_deals(view: TableView, rules: PlayoutRules, rng: random.Random,
                 scorers: Sequence[Scorer], deals: int, look: Look) -> list[list[int]]:
    """Every one of ``scorers``' points on common imagined deals (:func:`imagined_deal`,
    from ``view``'s opponent model and ``rng``): all of them on ``deals`` deals, then
    ``look`` says which to go on with and on how many more deals (0: only the deals a choice
    brought back missed), until it names none. The *same* deals for every choice, so their
    differences measure the choices and not the luck of the deals. The judge
    (:mod:`gin_teach.judge`) and the Expert (:mod:`gin_teach.bots.expert`) measure with
    this loop, each with its own ``look``.

    >>> from gin_teach import Round
    >>> view = TableView.from_observation(Round(seed=3).observation(0))
    >>> pr = PlayoutRules.of(Rules())
    >>> scorers = [lambda theirs, stock: draw_score(view.hand, theirs, stock, pr),
    ...            lambda theirs, stock: take_score(view.hand, view.top, theirs, stock, pr)]
    >>> def look(points, active):  # the second choice drops out after 4 deals; 2 more for the first
    ...     return ([0], 2) if len(active) == 2 else ([], 0)
    >>> [len(p) for p in common_deals(view, pr, random.Random(1), scorers, 4, look)]
    [6, 4]
    >>> def back(points, active):  # the second drops out, and comes back after 2 more deals
    ...     return {(4, 2): ([0], 2), (6, 1): ([0, 1], 2)}.get((len(points[0]), len(active)),
    ...                                                     ([], 0))
    >>> [len(p) for p in common_deals(view, pr, random.Random(1), scorers, 4, back)]
    [8, 8]
    """
    check_whole(deals, "deals")
    if isinstance(scorers, (str, bytes)) or not all(callable(s) for s in scorers):
        raise wrong_argument("scorers", scorers, "a sequence of scoring functions")
    if not callable(look):
        raise wrong_argument("look", look, "a function of the points and the active choices")
    model = OpponentModel.of(view)
    dealt: list[tuple[int, list[int]]] = []
    points: list[list[int]] = [[] for _ in scorers]
    active = list(range(len(scorers)))
    while active:
        for _ in range(deals):
            dealt.append(imagined_deal(model, rng, view, rules))
        # A choice that ``look`` brings back after leaving it out is first scored on the
        # deals it missed, so every choice's points stay on the same deals.
        for index in active:
            scorer, scored = scorers[index], points[index]
            for theirs, stock in dealt[len(scored):]:
                scored.append(scorer(theirs, stock))
        active, deals = look(points, active)
    return points
