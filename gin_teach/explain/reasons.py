"""What decides between two choices of a discard, in words: the position, the kinds of
reason (see :mod:`gin_teach.explain`) and the sentences a learner reads for each choice."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from gin_teach.core.cards import Card, full_deck, hand_mask
from gin_teach.core.kernel import can_share_meld
from gin_teach.core.melds import all_best_arrangements
from gin_teach.core.solver import MELDS_WITH_CARD
from gin_teach.core.validation import names_bad_arguments, wrong_argument
from gin_teach.explain.position import (
    Position,
    Reason,
    Valued,
    move_words,
    said_cards,
    without_opponent,
    without_pile,
)
from gin_teach.explain.starts import meld_starts
from gin_teach.judge import (
    Rate,
    breaks_meld,
)

__all__ = [
    "CLOSE_TO_GAME",
    "COUNT_DECIDES",
    "DANGER_NAMED",
    "DRAW_COUNT_DECIDES",
    "KINDS",
    "LEVEL_SHARE",
    "ONLY_PLAYOUTS",
    "RISKY_KNOCK",
    "SIZE_PER_POINT",
    "Position",
    "Reason",
    "Valued",
    "can_share_meld",
    "check_choices",
    "decide",
    "feeds",
    "move_words",
    "open_melds",
    "rate_clause",
    "said_cards",
    "seen",
    "shares_open_meld",
    "without_opponent",
    "without_pile",
]

COUNT_DECIDES: Final = 2
"""A difference in deadwood left of this many points or more is the reason by itself."""
DRAW_COUNT_DECIDES: Final = 5.0
"""The deadwood, taking against a stock card's average, by which the count alone settles a
take-or-draw decision; under it the explainer names the outs or the pile."""
RISKY_KNOCK: Final = 0.2
"""An undercut risk from which the risk is itself a reason to play on; a knock taken at such a
risk is explained by what waiting would cost."""
TRAP_COUNT: Final = 3
"""A count this low, kept while playing on, is one an opponent's knock is likely to meet with
an undercut: a play-on reason with no outs names it as what waiting gains."""
CLOSE_TO_GAME: Final = 25
"""An opponent this many points or fewer from the game target wins it with almost any hand:
a knock's reason names the score then."""
DANGER_NAMED: Final = 0.05
"""A card is called the safer throw only when its danger is this much lower: 0.00 against 0.02
is no reason a learner should weigh."""
SHAPE_NAMED: Final = 0.1
"""A next draw is called better only when the expected deadwood after it is this much lower
(with no more outs to show): 22.05 against 22.11 is no reason a learner should weigh."""
SIZE_PER_POINT: Final = 3.0
"""A count reason explains a loss up to this many points a hand for each point of deadwood
more; a larger loss gets the outs, the danger or the score that make up the rest."""
LEVEL_SHARE: Final = 0.02
"""A gap in a share of the judge's deals (who goes down first, the undercut) from which it
is named as what sets two level choices apart."""
KINDS: Final = ("knock", "broken meld", "count", "defence", "memory", "shape", "playouts")
_RANKS: Final = {1: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes",
                 7: "sevens", 8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens",
                 13: "kings"}


def _meld_of(position: Position, card: Card) -> tuple[Card, ...]:
    arrangement = all_best_arrangements(position.hand,
                                        joker_points=position.rules.joker_points)[0]
    return next((tuple(m) for m in arrangement.melds if card in m), ())


def _loose(position: Position, card: Card) -> int:
    """The mask of the cards left loose (in no meld) after throwing ``card``."""
    kept = [c for c in position.hand if c != card]
    return hand_mask(all_best_arrangements(
        kept, joker_points=position.rules.joker_points)[0].deadwood_cards)


def _melds(count: int) -> str:
    return "no meld" if count == 0 else f"{count} meld" if count == 1 else f"{count} melds"


def _outs(count: int) -> str:
    return f"{count} out" if count == 1 else f"{count} outs"


def _percent(chance: float) -> str:
    return "under 1%" if chance < 0.01 else f"{round(100 * chance)}%"


def _risk(chance: float) -> str:
    """"an undercut risk of only 3%", "an undercut risk of 61%"."""
    if chance < 0.01:
        return "an undercut risk under 1%"
    return f"an undercut risk of {'only ' if chance < RISKY_KNOCK else ''}{_percent(chance)}"


def _game(position: Position, won: float, lost: float, risk: float = 1.0) -> str:
    """The score's part in a knock: "; at 89-0 this knock wins the game", or ""."""
    if position.scores is None:
        return ""
    mine, theirs = position.scores
    if won >= 0.95:
        return f"; at {mine}-{theirs} this knock wins the game"
    if won >= 0.5:
        return f"; at {mine}-{theirs} this knock wins the game {_percent(won)} of the time"
    if lost >= 0.1:
        # Every undercut would: the risk said beside it is then the chance.
        often = "" if lost >= risk - 0.005 else f" ({_percent(lost)} of the time)"
        return f"; at {mine}-{theirs} an undercut would give your opponent the game{often}"
    return ""


def _knock_reason(position: Position, better: Valued, worse: Valued) -> Reason:
    lb, lw = position.left(better.card), position.left(worse.card)
    if better.knock and worse.knock:
        level = _level(position, better, worse)
        if lb == lw:  # the same count: what the playouts measured tells them apart
            alike = f"{better.card} and {worse.card} both knock with {lb}"
            level = level or _unseparated(better, worse)
            return Reason("playouts", f"{alike}; {level}", f"{alike}, but {level}", alike)
        why = f"knocking with {lb} after {better.card} beats knocking with {lw} after {worse.card}"
        wrong = f"{worse.card} knocks with {lw} where {better.card} knocks with {lb}"
        if lw < lb:
            wrong = f"{wrong}, yet {level or _unseparated(better, worse)}"
        return Reason("count" if lb < lw else "playouts", why, wrong)
    stock = f"{position.stock} cards left"
    if better.knock:
        risk, won, lost = position.knock_odds(better.card)
        game = _game(position, won, lost, risk)
        if risk < RISKY_KNOCK or won >= 0.5:
            why = f"{stock} and {_risk(risk)}{game}"
            wrong = (f"playing on gives your opponent time: a knock with {lb} now has "
                     f"{_risk(risk)} with {stock}{game}")
            return Reason("knock", why, wrong,
                          short=f"a knock with {lb} now has {_risk(risk)} with {stock}{game}")
        # The risk argues for waiting, yet the knock wins more: say what waiting costs.
        waiting = "every turn you play on gives your opponent a chance to knock or go gin first"
        close = ""
        if position.scores is not None:
            mine, theirs = position.scores
            need = position.rules.target - theirs
            if need <= CLOSE_TO_GAME:
                close = f"at {mine}-{theirs} your opponent needs only {need} points for the game"
                waiting = f"{close}, and {waiting}"
        why = f"knocking with {lb} pays despite {_risk(risk)} with {stock}: {waiting}"
        wrong = (f"playing on gives your opponent time to knock or go gin first"
                 f"{f' ({close})' if close else ''}; a knock with {lb} now pays despite "
                 f"{_risk(risk)}")
        return Reason("knock", why, wrong)
    risk, won, lost = position.knock_odds(worse.card)
    outs = len(position.analyses[better.card].outs)
    game = _game(position, won, lost, risk)
    if risk >= RISKY_KNOCK:
        why = f"{stock} and {_risk(risk)} for a knock with {lw}"
        wrong = f"knocking with {lw} now is risky: {stock} and {_risk(risk)}"
        short = wrong
    elif not outs:
        # No card would improve the hand ("0 outs the hand can still improve" said nothing
        # true): what waiting gains is the opponent's knock, undercut by a count this low.
        trap = (f"; with {lw} left, a knock by your opponent would likely be undercut"
                if lw <= TRAP_COUNT else "")
        than = "about as much as" if worse.accepted else "more than"
        why = (f"with {stock} and no out left to improve the hand, playing on still wins "
               f"{than} a knock with {lw} (undercut risk {_percent(risk)}){trap}")
        wrong = (f"knocking with {lw} now wins less than playing on ({stock}, no out left "
                 f"to improve the hand, undercut risk {'only ' if risk >= 0.01 else ''}"
                 f"{_percent(risk)}){trap}")
        short = (f"knocking with {lw} now wins less than playing on ({stock}, undercut risk "
                 f"{_percent(risk)}){trap}")
    else:
        why = (f"with {stock} and {_outs(outs)} the hand can still improve, worth more than a "
               f"knock with {lw} (undercut risk {_percent(risk)})")
        wrong = (f"knocking with {lw} now wins less than playing on: with {stock} and "
                 f"{_outs(outs)} the hand can still improve (undercut risk "
                 f"{'only ' if risk >= 0.01 else ''}{_percent(risk)})")
        short = (f"knocking with {lw} now wins less than playing on ({stock}, "
                 f"{_outs(outs)}, undercut risk {_percent(risk)})")
    return Reason("knock", why + game, wrong + game, short=short + game)


def _broken_meld(position: Position, better: Valued, worse: Valued) -> str:
    """"set 7♠ 7♥ 7♦": the meld ``worse`` breaks when ``better`` leaves less deadwood, or ""."""
    lb, lw = position.left(better.card), position.left(worse.card)
    if worse.knock or lw <= lb or not breaks_meld(position.hand, worse.card, position.rules):
        return ""
    meld = _meld_of(position, worse.card)
    if not meld:
        return ""
    shape = "set" if len({c.rank for c in meld}) == 1 else "run"
    return f"{shape} {' '.join(map(str, meld))}"


def _broken(position: Position, better: Valued, worse: Valued) -> Reason | None:
    meld = _broken_meld(position, better, worse)
    if not meld:
        return None
    more = position.left(worse.card) - position.left(better.card)
    return Reason("broken meld",
                  f"{better.card} keeps your {meld}; {worse.card} would break it: "
                  f"{more} more deadwood",
                  f"{worse.card} breaks your {meld}: {more} more deadwood than {better.card}")


def _count(position: Position, better: Valued, worse: Valued) -> Reason:
    lb, lw = position.left(better.card), position.left(worse.card)
    wrong = f"{worse.card} leaves {lw} where {better.card} leaves {lb}"
    if worse.loss < SIZE_PER_POINT * (lw - lb):
        return Reason("count", f"{better.card} leaves {lb}, {worse.card} leaves {lw}", wrong)
    # A loss far beyond the points of count: say what else the count costs, so the size is
    # one a learner can believe (p0094: 2 points more, 19 lost, at 14-81 with fewer outs).
    support = [*_costs(position, better, worse), _close(position)]
    support = [c for c in support if c]
    if not support:
        return Reason("count", f"{better.card} leaves {lb}, {worse.card} leaves {lw}", wrong)
    # Short of room, the first fact and the score (what weighs the points) stay.
    fewer = support if len(support) < 3 else [support[0], support[-1]]
    return Reason("count", f"{better.card} leaves {lb}, {worse.card} leaves {lw}",
                  f"{wrong}; {', and '.join(support)}", short=f"{wrong}; {'; '.join(fewer)}")


def _costs(position: Position, better: Valued, worse: Valued) -> list[str]:
    """What else ``worse`` gives up against ``better``, said of ``worse``: the outs, the
    danger, the next draw beyond the count (none when none favours ``better``)."""
    a, b = position.analyses[better.card], position.analyses[worse.card]
    parts = []
    if len(a.outs) > len(b.outs):
        parts.append(f"throwing {worse.card} leaves {_outs(len(b.outs))} where {better.card} "
                     f"keeps {len(a.outs)}")
    if b.danger - a.danger >= DANGER_NAMED:
        parts.append(f"{worse.card} is likelier to help your opponent "
                     f"({_danger(position, worse, better)})")
    carried = max(0, position.left(worse.card) - position.left(better.card))
    if not parts and b.expected_deadwood - a.expected_deadwood - carried >= SHAPE_NAMED:
        ea, eb = _pair(a.expected_deadwood, b.expected_deadwood, 1)
        parts.append(f"the next draw leaves {eb} on average after {worse.card}, {ea} after "
                     f"{better.card}")
    return parts


def _close(position: Position) -> str:
    """The score, when either player is close to the game: then every point of this hand
    weighs more than its face ("at 14-81 your opponent needs 19 for the game"), or ""."""
    if position.scores is None:
        return ""
    mine, theirs = position.scores
    target = position.rules.target
    if target - theirs <= CLOSE_TO_GAME:
        return f"at {mine}-{theirs} your opponent needs {target - theirs} for the game"
    if target - mine <= CLOSE_TO_GAME:
        return f"at {mine}-{theirs} you need {target - mine} for the game"
    return ""


def _pair(a: float, b: float, decimals: int) -> tuple[str, str]:
    """Two numbers printed with enough decimals to tell them apart (at most two more)."""
    for extra in range(3):
        left, right = f"{a:.{decimals + extra}f}", f"{b:.{decimals + extra}f}"
        if left != right:
            return left, right
    return f"{a:.{decimals}f}", f"{b:.{decimals}f}"


def _danger(position: Position, subject: Valued, other: Valued) -> str:
    """"danger 0.41 against 0.09 for 9♥": the chance the ``subject``'s card completes a meld
    for the opponent, then the ``other``'s, named (an explanation may weigh one card against
    two others)."""
    mine, theirs = _pair(position.analyses[subject.card].danger,
                         position.analyses[other.card].danger, 2)
    return f"danger {mine} against {theirs} for {other.card}"


@names_bad_arguments
def feeds(position: Position, card: Card) -> str:
    """How ``card`` helps the cards the opponent took: "" when it does not.

    >>> from gin_teach.analysis import Knowledge
    >>> took = Knowledge(opponent_took="TC QC", opponent_holds="TC QC", stock_size=20)
    >>> feeds(Position.of("2S 3S 4S 6H 6D 6C 7C 7D 8H JC KD", took), Card.parse("JC"))
    'J♣ sits next to the 10♣ and Q♣ it took'
    """
    check_choices(position, None)
    if not isinstance(card, Card):
        raise wrong_argument("card", card, "a Card")
    held = [h for h in position.knowledge.opponent_holds if can_share_meld(card, h)]
    same = [h for h in held if h.rank == card.rank]
    if len(same) >= 2:
        return f"{card} completes the {_RANKS[card.rank]} it picked up"
    near = [h for h in held if abs(h.rank - card.rank) == 1 and h.suit == card.suit]
    apart = [h for h in held if abs(h.rank - card.rank) == 2 and h.suit == card.suit]
    parts = ([f"pairs with the {same[0]}"] if same else []) + (
        [f"sits next to the {said_cards(near)}"] if near else []) + (
        [f"could make a run with the {said_cards(apart)}"] if apart else [])
    return f"{card} {' and '.join(parts)} it took" if parts else ""


def _shy(position: Position, card: Card) -> str:
    """Why the opponent is unlikely to want ``card``, from what it let go: "" if nothing."""
    k = position.knowledge
    threw = [c for c in k.opponent_discarded if shares_open_meld(position, card, c)]
    passed = [c for c in k.opponent_passed
              if shares_open_meld(position, card, c) and c not in threw]
    if threw:
        return f"your opponent threw {said_cards(threw)}, so it is unlikely to want {card}"
    if passed:
        return f"your opponent passed {said_cards(passed)}, so it is unlikely to want {card}"
    return ""


@names_bad_arguments
def shares_open_meld(position: Position, card: Card, other: Card) -> bool:
    """Whether ``card`` of your hand and ``other`` (a card the opponent let go) share a meld
    of three whose third card is neither kept in your hand nor in the pile: only then does
    letting ``other`` go say something about ``card``.

    The opponent passed the 8♣. That says it has little use for the 6♣ only while the 7♣
    could still join them; once you hold the 7♣ it says nothing:

    >>> from gin_teach.analysis import Knowledge
    >>> six, eight = Card.parse("6C"), Card.parse("8C")
    >>> seen = Knowledge(stock_size=25)
    >>> shares_open_meld(Position.of("6C 2S 3S 4S 9H 9D KH QD JS 5D 4H", seen), six, eight)
    True
    >>> shares_open_meld(Position.of("6C 7C 3S 4S 9H 9D KH QD JS 5D 4H", seen), six, eight)
    False
    """
    if not isinstance(position, Position):
        raise wrong_argument("position", position, "a Position")
    if not isinstance(card, Card) or card not in position.hand:
        raise wrong_argument("card", card, "a card of the position's hand")
    if not isinstance(other, Card):
        raise wrong_argument("other", other, "a Card")
    if card.is_joker or other.is_joker or other in position.hand:
        return False
    blocked = (hand_mask(position.hand) & ~card.bit) | hand_mask(position.knowledge.discard_pile)
    return any(meld.bit_count() == 3 and meld & other.bit and not meld & ~other.bit & blocked
               for meld, _ in MELDS_WITH_CARD[card.index])


def _defence(position: Position, better: Valued, worse: Valued) -> Reason:
    riskier, safer = _danger(position, worse, better), _danger(position, better, worse)
    lb, lw = position.left(better.card), position.left(worse.card)
    count = f"{worse.card} leaves {lw} and {better.card} leaves {lb}, but " if lw < lb else ""
    # For a choice the playouts accept, the facts leave out the count that favours it: it
    # is no "though".
    fed = feeds(position, worse.card)
    if fed:
        return Reason("defence", f"{fed}; {better.card} is safer ({safer})",
                      f"{count}{fed} ({riskier})", f"{fed} ({riskier})")
    shy = _shy(position, better.card)
    if shy:
        helps = (f"{worse.card} is likelier to help your opponent than {better.card}: {shy} "
                 f"({riskier})")
        return Reason("defence", f"{better.card} is the safer throw: {shy} ({safer})",
                      f"{count}{helps}", helps)
    said = f"{worse.card} is more likely to complete a meld for your opponent ({riskier})"
    if not (better.card.is_joker or worse.card.is_joker):
        open_b, open_w = open_melds(position, better.card), open_melds(position, worse.card)
        if open_w > open_b:
            melds = "1 meld" if open_w == 1 else f"{open_w} melds"
            said = (f"{worse.card} could still complete {melds} of three for your "
                    f"opponent, {better.card} {f'only {open_b}' if open_b else 'none'}: the "
                    f"others need cards you hold or the pile has ({riskier})")
    return Reason("defence", said, f"{count}{said}", said)


@names_bad_arguments
def open_melds(position: Position, card: Card) -> int:
    """How many melds of three ``card``, thrown, could complete for the opponent: those whose
    two other cards are neither kept in your hand nor in the discard pile. The fewer, the
    safer the throw; its danger also weighs what the opponent took, threw and passed.

    You hold 2♠ and A♥: the A♠ could complete only A♦ A♣ for your opponent, the A♥ both
    A♦ A♣ and 2♥ 3♥:

    >>> from gin_teach.analysis import Knowledge
    >>> position = Position.of("AS 2S 8S AH 4H 8H JH KH 3D KD 6C", Knowledge(stock_size=26))
    >>> open_melds(position, Card.parse("AS")), open_melds(position, Card.parse("AH"))
    (1, 2)
    """
    if not isinstance(position, Position):
        raise wrong_argument("position", position, "a Position")
    if not isinstance(card, Card) or card.is_joker or card not in position.hand:
        raise wrong_argument("card", card, "a natural card of the position's hand")
    blocked = (hand_mask(position.hand) & ~card.bit) | hand_mask(position.knowledge.discard_pile)
    return sum(1 for meld, _ in MELDS_WITH_CARD[card.index]
               if meld.bit_count() == 3 and not meld & blocked)


def _dead(position: Position, card: Card) -> list[Card]:
    return [c for c in position.knowledge.discard_pile if can_share_meld(card, c)]


def _shape(position: Position, better: Valued, worse: Valued) -> Reason:
    a, b = position.analyses[better.card], position.analyses[worse.card]
    lb, lw = position.left(better.card), position.left(worse.card)
    if len(a.outs) != len(b.outs):
        gained = set(a.outs) - set(b.outs)
        partners = sorted({h for h in position.hand if h not in (better.card, worse.card)
                           and can_share_meld(h, worse.card)
                           and any(can_share_meld(o, worse.card) and can_share_meld(o, h)
                                   for o in gained)})
        kept = f"{worse.card} beside {said_cards(partners)}" if partners else str(worse.card)
        lead = (f"throwing {worse.card} leaves less now ({lw} against {lb}), but "
                if lw < lb else "")
        more = len(a.outs) > len(b.outs)
        if more:
            why = f"{lead}keeping {kept} gives {_outs(len(a.outs))} against {len(b.outs)}"
            wrong = (f"throwing {worse.card} leaves {_outs(len(b.outs))} where {better.card} "
                     f"keeps {len(a.outs)}")
            return Reason("shape", why, wrong)
    ea, eb = _pair(a.expected_deadwood, b.expected_deadwood, 1)
    return Reason("shape",
                  f"keeping {worse.card} makes the next draw better: expected deadwood {ea} "
                  f"against {eb}",
                  f"throwing {worse.card} makes the next draw worse: expected deadwood {eb} "
                  f"against {ea}")


def _numbers(position: Position, better: Valued, worse: Valued) -> str:
    """The outs and the danger, where they favour the better choice: "keeping 7♥ gives 8
    outs against 5, and 9♥ is the safer throw (danger 0.19 against 0.30 for 7♥)"."""
    a, b = position.analyses[better.card], position.analyses[worse.card]
    parts = []
    if len(a.outs) > len(b.outs):
        parts.append(f"keeping {worse.card} gives {_outs(len(a.outs))} against {len(b.outs)}")
    if b.danger - a.danger >= DANGER_NAMED:
        parts.append(f"{better.card} is the safer throw ({_danger(position, better, worse)})")
    carried = max(0, position.left(worse.card) - position.left(better.card))
    if not parts and b.expected_deadwood - a.expected_deadwood - carried >= SHAPE_NAMED:
        ea, eb = _pair(a.expected_deadwood, b.expected_deadwood, 1)
        parts.append(f"keeping {worse.card} makes the next draw better: expected deadwood "
                     f"{ea} against {eb}")
    return ", and ".join(parts)


def _memory(position: Position, better: Valued, worse: Valued) -> Reason:
    dead = _dead(position, better.card)
    # The partners in the pile, said as a fact: one dead partner need not leave a card
    # without a future (7♥ with 8♥ gone can still meet 7♣ 7♠ or 5♥ 6♥).
    pile = (f"{better.card}'s {'partners' if len(dead) > 1 else 'partner'} {said_cards(dead)} "
            f"{'are' if len(dead) > 1 else 'is'} in the pile")
    numbers = _numbers(position, better, worse)
    lb, lw = position.left(better.card), position.left(worse.card)
    count = f"{worse.card} leaves {lw} and {better.card} leaves {lb}, but " if lw < lb else ""
    dead_partners = (f"{better.card}'s {'partners' if len(dead) > 1 else 'partner'} "
                     f"{said_cards(dead)} {'are' if len(dead) > 1 else 'is'} dead in the pile"
                     f"{f': {numbers}' if numbers else ''}")
    return Reason("memory", f"{pile}{f'; {numbers}' if numbers else ''}",
                  f"{count}{dead_partners}", dead_partners)


def check_choices(position: object, choices: object, **named: object) -> None:
    """Refuse, naming it, an argument of :func:`decide` or of the choice reasons
    (:mod:`gin_teach.explain.choices`) that is not what they read: they are called with the
    judge's own values, so a wrong one is a slip.

    >>> check_choices("7H", None)
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: position must be a Position, got '7H'
    """
    if not isinstance(position, Position):
        raise wrong_argument("position", position, "a Position")
    if choices is not None and (not isinstance(choices, (list, tuple)) or not choices
                                or not all(isinstance(c, Valued) for c in choices)):
        raise wrong_argument("choices", choices, "a non-empty sequence of Valued choices")
    for name, value in named.items():
        if not isinstance(value, Valued):
            raise wrong_argument(name, value, "a Valued choice")


@names_bad_arguments
def decide(position: Position, better: Valued, worse: Valued) -> Reason:
    """What decides between the ``better`` choice and the ``worse`` one (see the module for
    the kinds, tried in that order).

    >>> from gin_teach.analysis import Knowledge
    >>> took = Knowledge(opponent_took="TC QC", opponent_holds="TC QC", stock_size=20)
    >>> position = Position.of("2S 3S 4S 6H 6D 6C 7C 7D 8H JC KD", took)
    >>> reason = decide(position, Valued.discard("KD"), Valued.discard("JC"))
    >>> reason.kind, reason.wrong
    ('defence', 'J♣ sits next to the 10♣ and Q♣ it took (danger 1.00 against 0.16 for K♦)')
    """
    check_choices(position, None, better=better, worse=worse)
    reason = _decide(position, better, worse)
    broken = _broken_meld(position, worse, better)
    if broken:  # the playouts find breaking a meld better: say what that overcomes
        lb, lw = position.left(better.card), position.left(worse.card)
        # The counts are said once: the shape reason's own "leaves less now" would repeat them.
        why = reason.why.removeprefix(f"throwing {worse.card} leaves less now ({lw} against "
                                      f"{lb}), but ")
        reason = replace(reason, why=(
            f"{better.card} breaks your {broken} and leaves {lb} where {worse.card} leaves "
            f"{lw}, yet {why}"))
    return reason


def _decide(position: Position, better: Valued, worse: Valued) -> Reason:
    if better.knock or worse.knock:
        reason = _knock_reason(position, better, worse)
        if better.knock and not worse.knock and worse.card != better.card:
            # Playing on with another card: say what that card costs too.
            costs = _broken(position, better, worse)
            if costs is None and (position.left(worse.card) - position.left(better.card)
                                  >= COUNT_DECIDES):
                costs = _count(position, better, worse)
            if costs is not None:
                # Short of room: the card's own fault, bare, and the knock it passes up.
                bare = costs.short.split("; ")[0] if costs.short else costs.wrong
                passes = (f"playing on passes up a knock with {position.left(better.card)}"
                          f" ({_risk(position.knock_odds(better.card)[0])})"
                          f"{_game(position, *position.knock_odds(better.card)[1:], risk=1.0)}")
                reason = replace(reason, wrong=f"{costs.wrong}, and {reason.wrong}",
                                 short=f"{bare}, and {passes}")
        return reason
    broken = _broken(position, better, worse)
    if broken is not None:
        return broken
    lb, lw = position.left(better.card), position.left(worse.card)
    if lw - lb >= COUNT_DECIDES:
        return _count(position, better, worse)
    a, b = position.analyses[better.card], position.analyses[worse.card]
    offence = b.expected_deadwood - a.expected_deadwood
    danger = position.weight * (b.danger - a.danger)
    # A gap in danger too small to name (DANGER_NAMED) is no defence reason.
    dangerous = b.danger - a.danger >= DANGER_NAMED and danger >= offence
    if a.score < b.score:
        blind = position.scores_without("opponent")
        if blind[better.card] > blind[worse.card] and b.danger - a.danger >= DANGER_NAMED:
            return _defence(position, better, worse)
        if _dead(position, better.card):
            blind = position.scores_without("pile")
            if blind[better.card] > blind[worse.card]:
                return _memory(position, better, worse)
    if dangerous:
        return _defence(position, better, worse)
    # The next draw's gap beyond the count carried into it: with the same outs, a card that
    # leaves 1 less now leaves about 1 less after the draw, which is the count, not shape.
    if offence - max(0, lw - lb) >= SHAPE_NAMED or len(a.outs) > len(b.outs):
        return _shape(position, better, worse)
    if lb < lw:
        return _count(position, better, worse)
    level = _level(position, better, worse)
    if seen(position, better) == seen(position, worse):
        alike = f"{better.card} and {worse.card} both leave {lb} with {_outs(len(a.outs))}"
    else:  # what a learner sees favours the worse choice, or neither: the playouts decide
        alike = (f"{worse.card} leaves {lw} with {_outs(len(b.outs))}, {better.card} {lb} with "
                 f"{len(a.outs)}")
        gone = _dead_pair(position, better.card)
        if gone:  # the one fact in sight that favours the better card (lesson 12's pair)
            dead = f"{said_cards(gone)} {'are' if len(gone) > 1 else 'is'} in the pile"
            return Reason("playouts", f"{alike}, but {better.card}'s pair can no longer make "
                          f"a set: {dead}", f"{alike}, but {worse.card} keeps a pair that can "
                          f"no longer make a set ({dead})", alike)
    level = level or _unseparated(better, worse)
    return Reason("playouts", f"{alike}; {level}", f"{alike}, but {level}", alike)


ONLY_PLAYOUTS: Final = "no count, out or danger tells them apart: only the playouts' loss does"
"""Said where nothing in sight separates two choices and the judge's shares of its deals
were not measured (a stored puzzle measured before they were kept)."""

_RATE_WORDS: Final = {
    "opponent_first": "your opponent goes down first on {mine} of the deals after {worse}, "
                      "{best} after {better}",
    "opponent_gin": "your opponent goes gin on {mine} of the deals after {worse}, {best} after "
                    "{better}",
    "hand_won": "you win the hand on {mine} of the deals after {worse}, {best} after {better}",
}


def _rated(better: Valued, worse: Valued) -> tuple[Rate, ...]:
    """``worse``'s shares against ``better``, where they were measured against it: the
    judge measures each choice's against the best, which has none of its own."""
    if better.rates or better.loss > 0 or better.knock or worse.knock:
        return ()
    return worse.rates


def _shares(rate: Rate) -> tuple[str, str]:
    """A rate's two shares in percent, with a decimal where whole percents look alike."""
    mine, best = _pair(100 * rate.mine, 100 * rate.best, 0)
    return f"{mine}%", f"{best}%"


def rate_clause(better: Valued, worse: Valued) -> str:
    """The share of the judge's deals that sets ``worse`` below ``better`` beyond the noise
    (the one furthest beyond it), in words; "" when none does or none was measured.

    >>> from gin_teach.judge import Rate
    >>> worse = Valued(Card.parse("QC"), loss=0.7, error=0.2, accepted=False,
    ...                rates=(Rate("opponent_first", 0.654, 0.643, 0.0055),
    ...                       Rate("hand_won", 0.354, 0.365, 0.0055)))
    >>> rate_clause(Valued.discard("KS"), worse)
    'your opponent goes down first on 65% of the deals after Q♣, 64% after K♠'
    """
    for name, value in (("better", better), ("worse", worse)):
        if not isinstance(value, Valued):
            raise wrong_argument(name, value, "a Valued choice")
    against = [r for r in _rated(better, worse) if r.separates
               and (r.gap < 0 if r.name == "hand_won" else r.gap > 0)]
    if not against:
        return ""
    rate = max(against, key=lambda r: abs(r.gap) / max(r.error, 1e-9))
    mine, best = _shares(rate)
    return _RATE_WORDS[rate.name].format(mine=mine, best=best, worse=worse.card,
                                         better=better.card)


def _unseparated(better: Valued, worse: Valued) -> str:
    """What the playouts found where neither a fact in sight nor a share of the judge's
    deals sets ``worse`` below ``better``: how often each wins the hand (as often within the
    noise, or more often after ``worse``), so the loss is in the size of the scores;
    :data:`ONLY_PLAYOUTS` where no share was measured."""
    rates = {r.name: r for r in _rated(better, worse)}
    won = rates.get("hand_won")
    if won is None:
        return ONLY_PLAYOUTS
    mine, best = _shares(won)
    if won.separates and won.gap > 0:  # it wins more hands, and smaller ones
        return (f"you win the hand more often after {worse.card} ({mine} against {best}), but "
                "for fewer points: the loss is in the size of the scores")
    return (f"you win the hand about as often after either ({mine} after {worse.card}, {best} "
            f"after {better.card}), so the loss is in how many points the hands score")


def _level(position: Position, better: Valued, worse: Valued) -> str:
    """Where the count and the outs do not decide, the one fact that favours ``better``,
    measured by the judge (a share of its deals beyond the noise, :func:`rate_clause`; who
    goes down first, the undercut) or counted in sight (melds
    one or two cards away, the melds the thrown card could complete for the opponent, its
    danger, the next draw), the likeliest to explain the loss first; "" when none does."""
    measured = rate_clause(better, worse)
    if measured:
        return measured
    ours, theirs = better.opponent_first, worse.opponent_first
    if (not _rated(better, worse) and ours is not None and theirs is not None
            and theirs - ours >= LEVEL_SHARE):
        return (f"your opponent goes down first in {_percent(theirs)} of the deals after "
                f"{worse.card}, {_percent(ours)} after {better.card}")
    if better.knock and worse.knock:
        risks = [v.undercut if v.undercut is not None else position.knock_odds(v.card)[0]
                 for v in (better, worse)]
        if risks[1] - risks[0] >= LEVEL_SHARE:
            return (f"{worse.card}'s knock is undercut {_percent(risks[1])} of the time, "
                    f"{better.card}'s {_percent(risks[0])}")
    k = position.knowledge
    dead = hand_mask((*k.discard_pile, *k.opponent_holds))
    # Among the loose cards only: a meld that would take a card from a made one gains
    # nothing (7♦ of a set, beside 9♦, is no start of a run).
    (one_b, two_b), (one_w, two_w) = (
        meld_starts(_loose(position, v.card), dead | v.card.bit) for v in (better, worse))
    if one_b > one_w:
        return (f"your loose cards are one card from {_melds(one_w)} after throwing "
                f"{worse.card}, from {one_b} after {better.card}")
    a, b = position.analyses[better.card], position.analyses[worse.card]
    if not (better.card.is_joker or worse.card.is_joker):
        open_b, open_w = open_melds(position, better.card), open_melds(position, worse.card)
        if open_w > open_b:
            return (f"{worse.card} could complete {_melds(open_w)} of three for your "
                    f"opponent, {better.card} {open_b}")
    mine, yours = _pair(b.danger, a.danger, 2)
    if b.danger > a.danger and mine != yours:
        return (f"{worse.card} is a little likelier to help your opponent "
                f"({_danger(position, worse, better)})")
    ea, eb = _pair(a.expected_deadwood, b.expected_deadwood, 1)
    if b.expected_deadwood > a.expected_deadwood and ea != eb:
        return f"the next draw leaves {eb} on average after {worse.card}, {ea} after {better.card}"
    if two_b > two_w:
        return (f"your loose cards are two cards from {_melds(two_w)} after throwing "
                f"{worse.card}, from {two_b} after {better.card}")
    return ""


def _dead_pair(position: Position, card: Card) -> list[Card]:
    """The other cards of ``card``'s rank, when it pairs with a card of the hand and all of
    them are in the discard pile (the pair can make no set), else []."""
    if card.is_joker:
        return []
    hand = set(position.hand)
    rank = [c for c in position.hand if c != card and not c.is_joker and c.rank == card.rank]
    others = [c for c in full_deck() if c.rank == card.rank and c not in hand]
    pile = set(position.knowledge.discard_pile)
    return others if rank and others and all(c in pile for c in others) else []


@names_bad_arguments
def seen(position: Position, choice: Valued) -> tuple[int, int]:
    """What a learner sees of a discard: the deadwood it leaves and its outs.

    >>> from gin_teach.analysis import Knowledge
    >>> position = Position.of("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20))
    >>> seen(position, Valued.discard("KC"))
    (38, 8)
    """
    check_choices(position, None, choice=choice)
    return position.left(choice.card), len(position.analyses[choice.card].outs)
