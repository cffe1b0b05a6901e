"""What a player reads off the table, as card masks for fast search: the view the computer
players, the playouts and the judge share.

Everything here comes from one :class:`~gin_teach.engine.round.Observation`: the players keep no
memory between turns, because the observation already holds the whole visible history (the
pile, what the opponent took, threw and passed).

>>> from gin_teach import Round
>>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
...                       upcard="8D", dealer=1)
>>> rnd.apply("pass"); rnd.apply("pass")
>>> view = TableView.from_observation(rnd.observation(0))
>>> view.opponent_passed == Card(8, "D").bit, view.unseen.bit_count(), view.stock_size
(True, 41, 31)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gin_teach.analysis.knowledge import OPPONENT_HAND, Knowledge
from gin_teach.core.cards import (
    JOKER_BITS,
    JOKER_POINTS,
    NATURAL_BITS,
    Card,
    HandLike,
    bits_of,
    cards_from_mask,
    hand_mask,
    to_cards,
)
from gin_teach.core.jokers import joker_melds
from gin_teach.core.rules import Rules
from gin_teach.core.solver import MELDS_WITH_CARD
from gin_teach.core.validation import checks_masks, names_bad_arguments
from gin_teach.engine.actions import Action, Discard, Knock
from gin_teach.engine.records import Observation

__all__ = ["TableView", "bits_of", "completes_meld", "discard_or_knock", "first_of"]


@checks_masks("hand", "card_bit")
def completes_meld(hand: int, card_bit: int) -> bool:
    """Whether the card ``card_bit`` would sit in some meld of ``hand`` plus that card.

    >>> from gin_teach.core.cards import hand_mask
    >>> completes_meld(hand_mask("7S 7H"), Card(7, "D").bit), completes_meld(0, Card(7, "D").bit)
    (True, False)
    """
    if card_bit & JOKER_BITS:  # a joker completes a meld with any two cards that take one
        naturals = hand & NATURAL_BITS
        return bool(joker_melds(naturals, naturals, 1))
    with_card = hand | card_bit
    return any(meld & with_card == meld for meld, _ in MELDS_WITH_CARD[card_bit.bit_length() - 1])


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


@dataclass(frozen=True)
class TableView:
    """One player's view of the round as masks.

    ``unseen`` are the cards neither in the hand, nor in the pile, nor known to be in the
    opponent's hand: the stock and the opponent's hidden cards. ``opponent_passed`` are the
    face-up cards the opponent declined (the first upcard, and this player's discards it left
    for the stock); ``opponent_unknown`` counts the opponent's cards not known.
    ``just_taken`` is the bit of the card taken from the pile this turn (0 if none) and
    ``top`` the bit of the top discard (0 for an empty pile).

    >>> from gin_teach import Round
    >>> view = TableView.from_observation(Round(seed=2).observation(0))
    >>> view.hand.bit_count(), view.opponent_unknown, view.knock_limit
    (10, 10, 10)
    """

    hand: int
    unseen: int
    pile: int
    top: int
    opponent_holds: int
    opponent_took: int
    opponent_passed: int
    opponent_discarded: int
    opponent_unknown: int
    stock_size: int
    just_taken: int
    knock_limit: int
    joker_points: int = JOKER_POINTS
    """What a joker left out of melds counts at this table (``Rules.joker_points``)."""
    undercut_on_tie: bool = True
    """Whether an equal count undercuts a knock at this table (``Rules.undercut_on_tie``)."""

    @classmethod
    @names_bad_arguments
    def of(cls, hand: HandLike, knowledge: Knowledge, rules: Rules,
           opponent_size: int = OPPONENT_HAND) -> TableView:
        """The view of a position given as cards and a
        :class:`~gin_teach.analysis.Knowledge`: the one place a view is built, for the
        computer players, the coach, the puzzles and the lessons alike. Refuses a position
        that cannot happen (:meth:`Knowledge.check_hand`). ``opponent_size`` is how many
        cards the opponent holds: ten at either of your decisions.

        >>> from gin_teach.analysis import Knowledge
        >>> view = TableView.of("AS 2S 3S 5H 6H 7H 9D TD JD 2C", Knowledge(discard_pile="KH"),
        ...                     Rules())
        >>> view.unseen.bit_count(), view.stock_size, view.knock_limit
        (41, 31, 10)
        """
        cards = to_cards(hand)
        mask = hand_mask(cards)
        jokers = rules.jokers
        knowledge.check_hand(mask, len(cards), jokers, opponent_size)
        holds = hand_mask(knowledge.opponent_holds)
        return cls(
            hand=mask, unseen=knowledge.unseen_mask(mask, jokers),
            pile=hand_mask(knowledge.discard_pile),
            top=knowledge.discard_pile[-1].bit if knowledge.discard_pile else 0,
            opponent_holds=holds, opponent_took=_mask(knowledge.opponent_took),
            opponent_passed=_mask(knowledge.opponent_passed),
            opponent_discarded=_mask(knowledge.opponent_discarded),
            opponent_unknown=opponent_size - holds.bit_count(),
            stock_size=knowledge.stock(len(cards), jokers),
            just_taken=knowledge.just_taken.bit if knowledge.just_taken is not None else 0,
            knock_limit=rules.resolve_knock_limit(knowledge.knock_limit),
            joker_points=rules.joker_points, undercut_on_tie=rules.undercut_on_tie)

    @classmethod
    @names_bad_arguments
    def from_observation(cls, observation: Observation) -> TableView:
        """The view of ``observation``'s player: :meth:`of` its hand and what it knows
        (:meth:`Knowledge.from_observation`), so a position read off a game and the same
        position typed in are one view.

        >>> from gin_teach import Round
        >>> rnd = Round(seed=4); rnd.apply("take")
        >>> view = TableView.from_observation(rnd.observation(rnd.current_player))
        >>> view.just_taken == rnd.just_taken.bit, view.hand.bit_count()
        (True, 11)
        """
        return cls.of(cards_from_mask(observation.hand_mask),
                      Knowledge.from_observation(observation), observation.rules,
                      observation.opponent_hand_size)


@names_bad_arguments
def first_of(legal_actions: Sequence[Action], kind: type[Action]) -> Action | None:
    """The first legal move of type ``kind``, or ``None``.

    >>> from gin_teach import Round
    >>> from gin_teach.engine.actions import PassUpcard
    >>> first_of(Round(seed=1).legal_actions(), PassUpcard)
    PassUpcard()
    """
    for action in legal_actions:
        if type(action) is kind:
            return action
    return None


@checks_masks("card_bit")
def discard_or_knock(legal_actions: Sequence[Action], card_bit: int, knock: bool,
                     melds: Sequence[object] | None = None) -> Action:
    """The legal move that throws ``card_bit``: the knock when ``knock`` (with the spread
    ``melds``, or the engine's choice when ``None``), else the plain discard.

    >>> from gin_teach import Round
    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
    ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="8D", dealer=1)
    >>> rnd.apply("take")
    >>> str(discard_or_knock(rnd.legal_actions(), Card(13, "D").bit, knock=True))
    'knock KD'
    """
    wanted = Knock if knock else Discard
    for action in legal_actions:
        if isinstance(action, wanted) and action.card.bit == card_bit:
            if knock and melds is not None:
                return Knock(action.card, melds=melds)  # type: ignore[arg-type]
            return action
    raise AssertionError(f"{Card.from_index(card_bit.bit_length() - 1)} is not a legal "
                         f"{wanted.__name__.lower()}")
