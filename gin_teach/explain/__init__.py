"""Reasons in words: what decides a choice, named with its cards and its numbers.

The judge (:mod:`gin_teach.judge`) says how much each choice of a decision is worth; the
analysis (:mod:`gin_teach.analysis`) says why, in counts, outs and danger. This package turns
both into one or two plain sentences that name **what decides** between two choices, the
one kind of fact that separates them:

- ``knock``: knock now or play on, from the stock left, the undercut risk of the knock and,
  in a game, the score (``"at 89-0 this knock wins the game"``);
- ``broken meld``: a choice that breaks a made meld (``"4♥ breaks your run 3♥ 4♥ 5♥: 18
  more deadwood than K♠"``);
- ``count``: the deadwood left, when it differs by :data:`COUNT_DECIDES` points or more
  (``"K♠ leaves 26, 7♠ leaves 33"``): then no other reason is given;
- ``defence``: what the opponent took, threw or passed (``"J♣ sits next to the 10♣ and Q♣
  it took"``), when forgetting it would change which card looks right, or danger outweighs
  the hand's own shape;
- ``memory``: the cards in the discard pile (``"9♥'s partners 9♣ and 9♠ are in the pile"``),
  when forgetting the pile would change which card looks right;
- ``shape``: the live outs or the next draw (``"keeping 7♥ 8♥ gives 8 outs against 5"``);
- ``playouts``: nothing above separates them; the judge's deals do, and the reason names the
  share of them that sets the two apart beyond the noise (``"your opponent goes gin on 13%
  of the deals after 5♠, 7% after 5♣"``), or says that none does.

Every card named is in the position: the hand, the pile, or what the opponent took, threw or
passed. Card names use the suit symbols everywhere (``J♠``); codes (``JS``) only where a
learner types a move (:func:`move_words` turns a typed move into words).

>>> from gin_teach.analysis import Knowledge
>>> position = Position.of("3H 4H 5H 7S 7D 7C 9S 9D JS QH KC", Knowledge(stock_size=20))
>>> print(decide(position, Valued.discard("QH"), Valued.discard("4H")).wrong)
4♥ breaks your run 3♥ 4♥ 5♥: 18 more deadwood than Q♥
>>> print(decide(position, Valued.discard("QH"), Valued.discard("9S")).why)
keeping 9♠ beside 7♠, 9♦ and J♠ gives 8 outs against 4
"""

from __future__ import annotations

from gin_teach.explain.choices import (
    LONGEST,
    choice_reason,
    count_not_all,
    fitted,
    not_the_fault,
    playouts_margin,
    said_among,
)
from gin_teach.explain.judged import discard_reason, draw_reason, knock_reason
from gin_teach.explain.reasons import (
    CLOSE_TO_GAME,
    COUNT_DECIDES,
    DANGER_NAMED,
    DRAW_COUNT_DECIDES,
    KINDS,
    ONLY_PLAYOUTS,
    RISKY_KNOCK,
    SHAPE_NAMED,
    SIZE_PER_POINT,
    Position,
    Reason,
    Valued,
    can_share_meld,
    decide,
    move_words,
    open_melds,
    said_cards,
    shares_open_meld,
    without_opponent,
    without_pile,
)

__all__ = [
    "CLOSE_TO_GAME",
    "COUNT_DECIDES",
    "DANGER_NAMED",
    "DRAW_COUNT_DECIDES",
    "KINDS",
    "LONGEST",
    "ONLY_PLAYOUTS",
    "RISKY_KNOCK",
    "SHAPE_NAMED",
    "SIZE_PER_POINT",
    "Position",
    "Reason",
    "Valued",
    "can_share_meld",
    "choice_reason",
    "count_not_all",
    "decide",
    "discard_reason",
    "draw_reason",
    "fitted",
    "knock_reason",
    "move_words",
    "not_the_fault",
    "open_melds",
    "playouts_margin",
    "said_among",
    "said_cards",
    "shares_open_meld",
    "without_opponent",
    "without_pile",
]
