"""What a player knows, and every decision of a turn measured: each discard ranked with its
outs, danger and the reason why; taking the upcard or drawing; knocking or playing on.

The analysis answers "what should I discard?" the way a strong player reasons, with numbers a
learner can check. For every legal discard it computes:

- ``deadwood``: the least deadwood left after the discard (what you would count if the round
  ended now); ``knock`` and ``gin`` say whether you may knock or go gin with it.
- ``outs``: the unseen cards that would join a meld and lower the deadwood if you drew them
  next (a card that would only replace a higher loose card is not an out).
- ``expected_deadwood``: the exact mean, over every unseen card, of the least deadwood after
  drawing that card and throwing the worst card again. It weighs the count now and the shape
  (pairs, runs in the making) in one number.
- ``danger``: how likely the card completes a meld for the opponent (see below).

**How discards are ranked** (best first):

1. Gin first, then the discards that let you knock, lower deadwood first: when you can knock,
   the count you would knock with decides.

   >>> [a.card.code for a in analyze_discards("7S 7H 7D 9C TC JC 3H 4H 5H 2D KS")][:2]
   ['KS', '2D']

2. Otherwise the lowest *score*: ``expected_deadwood + danger_weight * danger``. Shape can
   beat the count now: throwing 8♦ would leave one point less, but 8♦ pairs with 8♥ (a set
   of eights in the making beside the hearts run), while 7♣ works with no card you hold:

   >>> first = analyze_discards("AS 6S AH 4H 8H 9H TH JH 8D 4C 7C")[0]
   >>> print(first.why)  # doctest: +NORMALIZE_WHITESPACE
   Discard 7♣: throwing 8♦ leaves less now (23 against 24), but keeping 8♦ shapes the hand
   better: 8 outs against 6, expected deadwood after the next draw 20.1 against 20.3.

3. The danger weight grows as the stock runs down, from ``DANGER_WEIGHT_EARLY`` to
   ``DANGER_WEIGHT_LATE`` deadwood points per unit of danger: early you build your hand, late
   you stop feeding the opponent's melds.

   >>> danger_weight(Knowledge(stock_size=31)), danger_weight(Knowledge(stock_size=2))
   (2.0, 8.0)

4. Equal scores: lower deadwood, then more outs, then the higher card (shed points first).
   Discards that play exactly alike (same deadwood, outs count, expected deadwood and danger)
   are grouped: each names the others in ``same_as``. Two loose kings are one answer:

   >>> first, second = analyze_discards("KD KC 2S 3S 4S 5H 6H 7H 8D 9D TD")[:2]
   >>> first.card, first.same_as, second.card
   (Card('KC'), (Card('KD'),), Card('KD'))

**Danger** of discarding ``x``: for each three-card meld the opponent could make with ``x``,
the chance it holds the other two cards, each 1 when it took that card from the pile and still
holds it, 0 when the card is in your hand or dead in the pile, and otherwise its share of the
unseen cards (its unknown cards over the unseen ones), halved when the card has the rank of, or
sits next in its suit to, a card the opponent discarded or passed (players rarely throw or
decline a card next to what they collect). The melds combine as independent chances:
``danger = 1 - prod(1 - chance of each meld)``. At a jokers table one more "meld" joins them:
a joker (known in its hand, or by its share if unseen) with any one of those partner cards.
A thrown joker's danger is 1.

>>> knowledge = Knowledge(discard_pile="2C", opponent_took="8H", opponent_holds="8H",
...                       stock_size=28)
>>> analyses = {a.card.code: a for a in analyze_discards("9H KS QD 3C", knowledge,
...             hand_size=4)}
>>> analyses["9H"].danger > analyses["KS"].danger
True

**The draw** (:func:`analyze_draw`): take the face-up card when the deadwood after taking it
(and throwing your worst other card) is lower than the mean deadwood a stock card would leave;
on a tie draw from the stock, which tells the opponent nothing.

>>> analyze_draw("7S 7H 9C TC 3H 4H 5H 2D KS QS", Knowledge(discard_pile="8D 7D")).take
True

**The knock** (:func:`analyze_knock`): always go gin. Otherwise ``KNOCK_SAMPLES`` guesses at
the opponent's hand are settled against your knock: its known cards, the rest drawn from the
unseen cards (half as likely next to what it threw or declined) and improved by one draw per
turn it has played; a guess that could itself have knocked counts ``KNOCKABLE_WEIGHT``, since
most players knock when they can. Knock when at most ``MAX_UNDERCUT_RISK`` of them undercut
and knocking wins points on average: early a knock is safe, late the opponent has had time to
lower its count.

>>> hand = "7S 7H 7D 9C TC JC 3H 4H 5H 9S KS"
>>> analyze_knock(hand, Knowledge(discard_pile="KD QC", opponent_discarded="KD",
...                               stock_size=29)).knock
True
"""

from gin_teach.analysis import discards, knowledge, turns
from gin_teach.analysis.discards import *  # noqa: F403
from gin_teach.analysis.knowledge import *  # noqa: F403
from gin_teach.analysis.turns import *  # noqa: F403

# The package's names are its modules' own (each module's __all__).
__all__ = [*knowledge.__all__, *discards.__all__, *turns.__all__]
