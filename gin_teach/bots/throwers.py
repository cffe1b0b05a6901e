"""Two outside opponents, built on no part of the judge: a random-deadwood thrower and a
lowest-card thrower.

They exist to check the judge and the ladder against play the judge does not imagine. Both
take a face-up card only for a meld and knock as soon as they may, as EAAI's Simple does;
they differ from it only in the card they throw when they do not knock. Simple throws the
card that leaves the least deadwood, so a high loose card goes first; these keep their high
cards longer, which is how many casual players play, and which feeds a different set of
melds to the other side.

>>> from gin_teach import Round
>>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 2D KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
...                       upcard="AD", dealer=1)
>>> rnd.apply("pass"); rnd.apply("pass"); rnd.apply("draw")
>>> str(LowestCardBot(seed=1).choose(rnd.observation(0), rnd.legal_actions()))
'discard 2D'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gin_teach.bots.basic import SimpleBot
from gin_teach.core.cards import Card, cards_from_mask
from gin_teach.core.kernel import loose_cards
from gin_teach.engine.actions import Action, Discard, Knock
from gin_teach.engine.records import Observation

__all__ = ["THROWERS", "LowestCardBot", "RandomDeadwoodBot"]


class _Thrower(SimpleBot):
    """Simple's takes and knocks; the card thrown otherwise is :meth:`pick`'s."""

    def _discard(self, observation: Observation, legal_actions: Sequence[Action]) -> Card:
        least = SimpleBot._discard(self, observation, legal_actions)
        if any(type(a) is Knock and a.card is least for a in legal_actions):
            return least  # knocks as soon as it may, as Simple does
        allowed = {a.card for a in legal_actions if type(a) is Discard}
        loose = [c for c in cards_from_mask(loose_cards(observation.hand_mask)) if c in allowed]
        return self.pick(loose) if loose else least

    def pick(self, loose: list[Card]) -> Card:
        raise NotImplementedError


class RandomDeadwoodBot(_Thrower):
    """Takes a card only for a meld and knocks at once, as Simple does; otherwise throws a
    card chosen at random (``seed``) among its loose cards, low or high alike.

    >>> from gin_teach import Game, Rules, play
    >>> game = play(Game(Rules(target=30), seed=3), [RandomDeadwoodBot(seed=1), SimpleBot()])
    >>> game.is_over
    True
    """

    description = "Random thrower: throws any loose card at random; knocks at once"

    def pick(self, loose: list[Card]) -> Card:
        return self._rng.choice(loose)

    def __repr__(self) -> str:
        return "RandomDeadwoodBot()"


class LowestCardBot(_Thrower):
    """Takes a card only for a meld and knocks at once, as Simple does; otherwise throws its
    lowest loose card, keeping high cards in the hope of melding them.

    >>> LowestCardBot().pick([Card.parse("KS"), Card.parse("3D"), Card.parse("9H")])
    Card('3D')
    """

    description = "Low thrower: throws its lowest loose card first; knocks at once"

    def pick(self, loose: list[Card]) -> Card:
        return min(loose, key=lambda c: (c.points, c.rank, c.index))

    def __repr__(self) -> str:
        return "LowestCardBot()"


#: The outside opponents by name: players the judge is checked against, not in the course's
#: menu.
THROWERS: Final = {"random-thrower": RandomDeadwoodBot, "low-thrower": LowestCardBot}
