"""One deal of Gin Rummy as an explicit state machine, with what it reports: the result, the
log of events, each player's observation, and the round saved as JSON.

A :class:`Round` is always in one of six phases, and each phase accepts a fixed set of moves.
This table is the whole state machine (``_MOVES`` below is the same table in code)::

    phase              move            next phase, and who acts
    upcard_nondealer   take            discard, the same player
                       pass            upcard_dealer, the dealer
    upcard_dealer      take            discard, the same player
                       pass            draw, the non-dealer (from the stock only)
    draw               draw or take    discard, the same player
    discard            discard         draw, the other player; or over (a dead hand) when the
                                       stock is down to the rules' ``dead_hand_stock``
                       knock           layoff, the other player; or over when it is gin
                       big gin         over
    layoff             lay off         over
    over               (nothing)

``legal_actions()`` lists the moves of the phase, ``apply(action)`` plays one (or raises
:class:`IllegalMove` and changes nothing), ``observation(player)`` shows what one player may
know. Messages name the players; a player named "You" is spoken to ("You draw 4♣").

Inside, hands are 52-bit masks and the stock a list of card indices; cards become
:class:`Card` objects only at the API, which keeps a random round near half a millisecond.

>>> rnd = Round(seed=1, dealer=1, names=("Ann", "You"))
>>> rnd.apply("pass"); rnd.apply("pass"); rnd.apply("draw")
>>> rnd.phase, rnd.current_player, rnd.log(viewer=1)
('discard', 0, ['Ann passes the upcard', 'You pass the upcard', 'Ann draws from the stock'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Final

from gin_teach.core.arguments import (
    check_names,
    check_player,
    check_rules,
    check_scores,
    check_seed,
)
from gin_teach.core.cards import Card, Deck, HandLike, cards_from_mask, full_deck, hand_mask
from gin_teach.core.hand import Hand
from gin_teach.core.jokers import check_jokers_allowed
from gin_teach.core.kernel import deadwood_of_mask, knock_cards
from gin_teach.core.melds import Arrangement, best_arrangement
from gin_teach.core.rules import Rules
from gin_teach.core.scoring import Settlement, settle
from gin_teach.core.wording import called, says
from gin_teach.engine.actions import (
    DRAW,
    KNOCKS,
    LAY_OFF,
    PASS,
    TAKE,
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    PassUpcard,
    TakeDiscard,
    parse_action,
)
from gin_teach.engine.mask_cache import discard_moves, hand_cards
from gin_teach.engine.records import (
    DEFAULT_NAMES,
    NO_PLAYER,
    Deal,
    Event,
    Observation,
    Phase,
    RoundResult,
    cards_text,
)
from gin_teach.engine.refusals import out_of_turn, over_the_limit, prompt, refusal
from gin_teach.engine.saves import dump, load_round, save_round
from gin_teach.errors import GinError, IllegalMove

__all__ = ["Round"]

_DECK: Final = full_deck(jokers=2)  # looked up by index, so the jokers too
_as_hand: Final = partial(tuple.__new__, Hand)
"""A :class:`Hand` of cards known to be distinct (read from a mask), without checking them
again: observations are made on every move."""


# --------------------------------------------------------------------------- the round

# Legal moves that do not depend on the cards: computed once, handed out as they are.
_FIXED_MOVES: Final[dict[str, tuple[Action, ...]]] = {
    "upcard_nondealer": (TAKE, PASS), "upcard_dealer": (TAKE, PASS),
    "layoff": (LAY_OFF,), "over": (),
}
_DRAW_OR_TAKE: Final[tuple[Action, ...]] = (DRAW, TAKE)
_DRAW_ONLY: Final[tuple[Action, ...]] = (DRAW,)

_Deal = tuple[tuple[int, int], int, tuple[int, ...]]
"""Two hand masks, the upcard's index, the stock's indices top first."""


class Round:
    """One deal of Gin Rummy, from the upcard to the settlement.

    ``Round(seed)`` shuffles and deals (ten cards each, one at a time, non-dealer first; the
    21st card up; 31 in the stock). :meth:`from_deal` starts from given hands for examples and
    tests. Players are 0 and 1; ``current_player`` is ``NO_PLAYER`` once the round is over. The
    properties show the whole truth (both hands, the stock) for teaching and tests;
    :meth:`observation` is what one player may see.

    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
    ...                       upcard="8D", stock="2H", dealer=1)
    >>> rnd.phase, rnd.current_player, [str(a) for a in rnd.legal_actions()]
    ('upcard_nondealer', 0, ['take', 'pass'])
    >>> rnd.rules.name, rnd.names, rnd.scores  # scores: those of the game, in a game
    ('modern', ('Player 0', 'Player 1'), None)
    >>> rnd.dealer, rnd.upcard, rnd.top_discard, rnd.stock_size, rnd.knock_limit, rnd.multiplier
    (1, Card('8D'), Card('8D'), 31, 10, 1)
    >>> rnd.apply("take")
    >>> rnd.apply("discard 8D")
    Traceback (most recent call last):
    ...
    gin_teach.errors.IllegalMove: you just took 8♦ from the discard pile, so you cannot ...
    >>> rnd.just_taken, rnd.turns, rnd.discard_pile
    (Card('8D'), 1, ())
    >>> rnd.apply("knock KD")
    >>> rnd.phase, rnd.knocker, rnd.knock_card, rnd.knock_spread.deadwood
    ('layoff', 0, Card('KD'), 8)
    >>> rnd.apply("lay off")
    >>> rnd.is_over, rnd.current_player == NO_PLAYER, rnd.settlement.points
    (True, True, 17)
    >>> [str(a) for _, a in rnd.history]
    ['take', 'knock KD', 'lay off']
    >>> print(rnd.result)
    Player 0 knocks and scores 17
    >>> rnd.events[0]
    Event(player=0, action=TakeDiscard(), card=Card('8D'))
    """

    __slots__ = (
        "_deal", "_dealer", "_discarded", "_drawn", "_hands", "_history", "_knock_card",
        "_knock_cards", "_knock_limit", "_knocker", "_legal", "_multiplier", "_names", "_passed",
        "_pending", "_phase", "_pile", "_player", "_refused", "_result", "_rules", "_scores",
        "_seed", "_stock", "_taken", "_took", "_took_mask", "_turns",
    )

    # Set once by the deal.
    _rules: Rules
    _dealer: int
    _names: tuple[str, str]
    _scores: tuple[int, int] | None
    _seed: int | None
    _deal: _Deal
    _knock_limit: int
    _multiplier: int
    # The cards: hands as masks, the stock with its top at the end of the list.
    _hands: list[int]
    _stock: list[int]
    _pile: list[Card]
    # Where play stands.
    _phase: Phase
    _player: int
    _taken: int  # the card taken from the pile this turn (it may not go back), or -1
    _drawn: int  # the card drawn or taken this turn, or -1
    _refused: bool  # both passed the upcard: this draw must come from the stock
    _turns: int
    _history: list[tuple[int, Action, Card | None]]
    # What each player has seen the other take from and throw on the pile.
    _took: list[list[Card]]
    _took_mask: list[int]
    _discarded: list[list[Card]]
    _passed: list[list[Card]]  # face-up cards each player declined
    # The ending.
    _knocker: int
    _knock_card: int
    _pending: Settlement | None  # the settlement offered to the defender after a knock
    _result: RoundResult | None
    _legal: tuple[Action, ...] | None  # legal_actions(), until the next move
    _knock_cards: int | None  # the cards the player to act may knock with, until the next move

    def __init__(self, seed: int | random.Random | None = None, *, dealer: int = 0,
                 rules: Rules | str | None = None, names: Sequence[str] = DEFAULT_NAMES,
                 scores: tuple[int, int] | None = None) -> None:
        if not isinstance(seed, random.Random):
            seed = check_seed(seed)
        dealer = check_player(dealer, "dealer")
        checked = (check_rules(rules), check_names(names), check_scores(scores))
        deck = Deck(seed, jokers=checked[0].jokers)
        first, second = deck.deal(2, 10)  # the non-dealer is dealt the first card
        hands = [0, 0]
        hands[1 - dealer] = sum(card.bit for card in first)
        hands[dealer] = sum(card.bit for card in second)
        upcard = deck.draw().index
        stock = tuple(card.index for card in deck.cards)
        self._setup(((hands[0], hands[1]), upcard, stock), dealer, *checked,
                    seed if isinstance(seed, int) else None)

    def _setup(self, deal: _Deal, dealer: int, rules: Rules, names: tuple[str, str],
               scores: tuple[int, int] | None, seed: int | None) -> None:
        hands, upcard, stock = deal
        self._rules = rules
        self._dealer = dealer
        self._names = names
        self._scores = scores
        self._seed = seed
        self._deal = deal
        self._knock_limit = rules.round_knock_limit(_DECK[upcard])
        self._multiplier = rules.round_multiplier(_DECK[upcard])
        self._hands = [hands[0], hands[1]]
        self._stock = list(reversed(stock))
        self._pile = [_DECK[upcard]]
        self._phase = "upcard_nondealer"
        self._player = 1 - dealer
        self._taken = self._drawn = -1
        self._refused = False
        self._turns = 0
        self._history = []
        self._took = [[], []]
        self._took_mask = [0, 0]
        self._discarded = [[], []]
        self._passed = [[], []]
        self._knocker = self._knock_card = -1
        self._pending = None
        self._result = None
        self._legal = None
        self._knock_cards = None

    @classmethod
    def _dealt(cls, deal: _Deal, dealer: int, rules: Rules, names: tuple[str, str],
               scores: tuple[int, int] | None, seed: int | None) -> Round:
        rnd = cls.__new__(cls)
        rnd._setup(deal, dealer, rules, names, scores, seed)
        return rnd

    @classmethod
    def from_deal(cls, hands: Sequence[HandLike], upcard: Card | str, stock: HandLike = (), *,
                  dealer: int = 0, rules: Rules | str | None = None,
                  names: Sequence[str] = DEFAULT_NAMES, scores: tuple[int, int] | None = None,
                  fill_seed: int = 0) -> Round:
        """A round from given cards: ``hands`` are player 0's and player 1's ten cards,
        ``stock`` the top of the stock, top first. Cards not named go under the given stock
        in an order shuffled by ``fill_seed``, so a test names only the cards it needs (see
        :meth:`Deal.of`).

        >>> hands = ["AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH"]
        >>> rnd = Round.from_deal(hands, upcard="KC", stock="QC JC")
        >>> rnd.stock_size, rnd.top_discard, rnd.stock[:2]
        (31, Card('KC'), (Card('QC'), Card('JC')))
        """
        dealer = check_player(dealer, "dealer")
        names = check_names(names)
        checked = (check_rules(rules), names, check_scores(scores))
        deal = Deal.of(hands, upcard, stock, names=names, fill_seed=fill_seed,
                       jokers=checked[0].jokers)
        masks = (deal.hands[0].mask, deal.hands[1].mask)
        check_jokers_allowed(masks[0] | masks[1] | deal.upcard.bit | hand_mask(deal.stock),
                             checked[0])
        stock_order = tuple(card.index for card in deal.stock)
        return cls._dealt((masks, deal.upcard.index, stock_order), dealer, *checked, None)

    def clone(self) -> Round:
        """An independent copy, for looking ahead without touching this round.

        >>> rnd = Round(seed=2); copy = rnd.clone(); copy.apply("pass")
        >>> rnd.phase, copy.phase
        ('upcard_nondealer', 'upcard_dealer')
        """
        copy = Round.__new__(Round)
        for name in Round.__slots__:
            object.__setattr__(copy, name, getattr(self, name))
        # Only the lists change as play goes on; everything else is replaced, never mutated.
        copy._hands = list(self._hands)
        copy._stock = list(self._stock)
        copy._pile = list(self._pile)
        copy._history = list(self._history)
        copy._took = [list(self._took[0]), list(self._took[1])]
        copy._took_mask = list(self._took_mask)
        copy._discarded = [list(self._discarded[0]), list(self._discarded[1])]
        copy._passed = [list(self._passed[0]), list(self._passed[1])]
        return copy

    # ----------------------------------------------------------------------------- state

    @property
    def rules(self) -> Rules:
        """The rules of the table."""
        return self._rules

    @property
    def dealer(self) -> int:
        """The dealing player (0 or 1)."""
        return self._dealer

    @property
    def names(self) -> tuple[str, str]:
        """The players' names, for text and display."""
        return self._names

    @property
    def scores(self) -> tuple[int, int] | None:
        """The game's scores before this round (``None`` outside a game)."""
        return self._scores

    @property
    def seed(self) -> int | None:
        """The seed that dealt the round, if it was dealt from a whole-number seed.

        >>> Round(seed=4).seed, Round(random.Random(4)).seed
        (4, None)
        """
        return self._seed

    @property
    def deal(self) -> Deal:
        """The cards as they were dealt (the hands before any move).

        >>> rnd = Round(seed=4); rnd.apply("take")
        >>> rnd.deal.upcard in rnd.hand(rnd.dealer ^ 1), len(rnd.deal.hands[0])
        (True, 10)
        """
        hands, upcard, stock = self._deal
        return Deal((_as_hand(cards_from_mask(hands[0])), _as_hand(cards_from_mask(hands[1]))),
                    _DECK[upcard], tuple([_DECK[i] for i in stock]))

    @property
    def phase(self) -> Phase:
        """Where the round is: ``upcard_nondealer``, ``upcard_dealer``, ``draw``, ``discard``,
        ``layoff`` (the defender answers a knock) or ``over``."""
        return self._phase

    @property
    def current_player(self) -> int:
        """The player to act (0 or 1), or :data:`NO_PLAYER` (-1) once the round is over."""
        return self._player

    @property
    def is_over(self) -> bool:
        """True once the round has a result."""
        return self._phase == "over"

    @property
    def result(self) -> RoundResult | None:
        """The result once the round is over."""
        return self._result

    @property
    def upcard(self) -> Card:
        """The first upcard (it sets the knock limit under Oklahoma)."""
        return _DECK[self._deal[1]]

    @property
    def knock_limit(self) -> int:
        """This round's knock limit: 0 means gin only."""
        return self._knock_limit

    @property
    def multiplier(self) -> int:
        """2 when an Oklahoma spade upcard doubles this round, else 1."""
        return self._multiplier

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._stock)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top first (hidden from the players; for teaching and tests)."""
        return tuple([_DECK[i] for i in reversed(self._stock)])

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom first; the last card is the top."""
        return tuple(self._pile)

    @property
    def top_discard(self) -> Card | None:
        """The card on top of the discard pile."""
        return self._pile[-1] if self._pile else None

    @property
    def just_taken(self) -> Card | None:
        """The card the player to act took from the pile this turn (it may not be discarded)."""
        return _DECK[self._taken] if self._taken >= 0 else None

    @property
    def knocker(self) -> int | None:
        """Who knocked (or went gin), if anyone has."""
        return self._knocker if self._knocker >= 0 else None

    @property
    def knock_card(self) -> Card | None:
        """The knocker's face-down discard."""
        return _DECK[self._knock_card] if self._knock_card >= 0 else None

    @property
    def knock_spread(self) -> Arrangement | None:
        """The knocker's spread, once someone has knocked."""
        if self._pending is not None:
            return self._pending.knocker_arrangement
        settlement = self.settlement
        return settlement.knocker_arrangement if settlement is not None else None

    @property
    def settlement(self) -> Settlement | None:
        """The settlement of a knock or gin once the round is over."""
        return self._result.settlement if self._result is not None else None

    @property
    def turns(self) -> int:
        """Turns played: one for every card drawn or taken."""
        return self._turns

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every move so far with the player who made it."""
        return tuple((player, action) for player, action, _ in self._history)

    @property
    def events(self) -> tuple[Event, ...]:
        """The log: every move with the card it moved."""
        return tuple(Event(player, action, card) for player, action, card in self._history)

    def hand(self, player: int) -> Hand:
        """A player's cards, sorted (this is the whole truth; use :meth:`observation` for what
        a player may see). A :class:`Hand` shows itself as cards in a notebook.

        >>> hand = Round(seed=1).hand(0)
        >>> len(hand), hand.deadwood == Round(seed=1).deadwood(0)
        (10, True)
        """
        return _as_hand(cards_from_mask(self._hands[check_player(player)]))

    def deadwood(self, player: int) -> int:
        """The least deadwood of a player's hand as it is now.

        >>> Round.from_deal(["AS 2S 3S 4S 5S 6S 7S 8S 9S KD", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH"],
        ...                 upcard="KC").deadwood(0)
        10
        """
        return deadwood_of_mask(self._hands[check_player(player)], self._rules.joker_points)

    def log(self, viewer: int | None = None) -> list[str]:
        """The moves in words; with a ``viewer``, the other player's stock cards stay hidden,
        and so does its face-down knock discard until the round is over.

        >>> rnd = Round(seed=4, dealer=1); rnd.apply("pass"); rnd.apply("pass")
        >>> rnd.log()
        ['Player 0 passes the upcard', 'Player 1 passes the upcard']
        """
        # The knock discard lies face down until the round is over; then the hands are shown
        # and it may be too. A knock event carries no stock card, so showing it whole is safe.
        over = self._result is not None
        lines = [event.text(self._names,
                            None if over and type(event.action) is Knock else viewer)
                 for event in self.events]
        if self._result is not None:
            lines.append(self._result.describe(self._names))
        return lines

    def prompt(self) -> str:
        """What happens next, in words.

        >>> Round(seed=4, dealer=1).prompt()
        'Player 0 (not the dealer) may take the upcard ... or pass'
        >>> Round(seed=4, dealer=1, names=("You", "Bob")).prompt()
        'You (not the dealer) may take the upcard ... or pass'
        """
        return prompt(self)

    def observation(self, player: int) -> Observation:
        """What ``player`` may know now (see :class:`Observation`).

        >>> view = Round(seed=5).observation(1)
        >>> view.player, view.phase, view.opponent_hand_size
        (1, 'upcard_nondealer', 10)
        """
        if type(player) is not int or (player != 0 and player != 1):
            check_player(player)
        other = 1 - player
        hands = self._hands
        mine = self._player == player
        known = self._took_mask[other] & hands[other]
        pile = self._pile
        return Observation.of_fields(
            player=player, phase=self._phase, current_player=self._player, dealer=self._dealer,
            hand=_as_hand(hand_cards(hands[player])),
            drawn=_DECK[self._drawn] if mine and self._drawn >= 0 else None,
            just_taken=_DECK[self._taken] if mine and self._taken >= 0 else None,
            top_discard=pile[-1] if pile else None, discard_pile=tuple(pile),
            opponent_took=tuple(self._took[other]),
            opponent_known=hand_cards(known) if known else (),
            opponent_discarded=tuple(self._discarded[other]),
            opponent_passed=tuple(self._passed[other]),
            opponent_hand_size=hands[other].bit_count(), stock_size=len(self._stock),
            knock_limit=self._knock_limit, multiplier=self._multiplier, scores=self._scores,
            knocker_spread=self.knock_spread if self._knocker >= 0 else None,
            result=self._result, rules=self._rules, names=self._names)

    # --------------------------------------------------------------------------- moves

    def legal_actions(self) -> tuple[Action, ...]:
        """The moves allowed now. After a knock the defender's move is ``LayOff()`` (the
        optimum); :meth:`apply` also accepts the defender's own choice of melds and lay-offs,
        and a knock with the knocker's own spread.

        >>> [str(a) for a in Round(seed=6).legal_actions()]
        ['take', 'pass']
        """
        legal = self._legal
        if legal is None:
            phase = self._phase
            if phase == "discard":
                legal = self._discard_actions()
            elif phase == "draw":
                legal = _DRAW_ONLY if self._refused else _DRAW_OR_TAKE
            else:
                legal = _FIXED_MOVES[phase]
            self._legal = legal
        return legal

    def _discard_actions(self) -> tuple[Action, ...]:
        free = self._free_cards()
        discards = discard_moves(free)
        knockable = self._knockable()
        if not knockable:
            return discards
        knocks: list[Action] = [BigGin()] if self._may_go_big_gin() else []
        rest = knockable
        while rest:
            low = rest & -rest
            rest ^= low
            knocks.append(KNOCKS[low.bit_length() - 1])
        return discards + tuple(knocks)

    # The decisions below are the round's one answer to "may this move be played now?":
    # legal_actions lists what they allow, and apply and is_legal ask them before a move.

    def _free_cards(self) -> int:
        """The cards the player to act may throw: the hand but the card just taken."""
        hand = self._hands[self._player]
        return hand & ~(1 << self._taken) if self._taken >= 0 else hand

    def _knockable(self) -> int:
        """The cards the player to act may knock with (discard phase), once a position."""
        found = self._knock_cards
        if found is None:
            found = self._knock_cards = knock_cards(self._hands[self._player], self._free_cards(),
                                                    self._knock_limit, self._rules.joker_points)
        return found

    def _may_go_big_gin(self) -> bool:
        """Whether the player to act may go big gin: the rules play it and all eleven cards
        meld."""
        return (self._rules.big_gin_bonus is not None
                and not deadwood_of_mask(self._hands[self._player], self._rules.joker_points))

    def is_legal(self, action: Action | str) -> bool:
        """Whether :meth:`apply` would accept ``action``: the same checks, and nothing played.

        >>> Round(seed=6).is_legal("draw"), Round(seed=6).is_legal("pass")
        (False, True)
        """
        try:
            self.verify(action)
        except GinError:
            return False
        return True

    def verify(self, action: Action | str, player: int | None = None) -> Action:
        """``action`` (read from its text if need be) when :meth:`apply` would accept it now;
        else :class:`IllegalMove` with the reason. Nothing changes either way.

        >>> str(Round(seed=6).verify("pass"))
        'pass'
        >>> Round(seed=6).verify("draw")
        Traceback (most recent call last):
        ...
        gin_teach.errors.IllegalMove: first the upcard ...take it or pass...
        """
        return self._verified(action, player)[0]

    def _verified(self, action: Action | str, player: int | None
                  ) -> tuple[Action, Callable[[Round, Action, Any], Card | None], Any]:
        """The move, how to play it, and what its check worked out (a settlement, say)."""
        if not isinstance(action, Action):
            action = parse_action(action)
        if player is not None and check_player(player) != self._player:
            raise IllegalMove(out_of_turn(self, action, player))
        move = _MOVES.get((self._phase, type(action)))
        if move is None:
            raise IllegalMove(refusal(self, action))
        check, play = move
        return action, play, check(self, action)

    def apply(self, action: Action | str, player: int | None = None) -> None:
        """Play ``action`` (an action or its text) for the player to act; ``player``, when
        given, must be that player. An illegal move raises :class:`IllegalMove` with the
        reason and leaves the round exactly as it was.

        >>> rnd = Round(seed=6)
        >>> rnd.apply("draw")
        Traceback (most recent call last):
        ...
        gin_teach.errors.IllegalMove: first the upcard ...take it or pass...
        >>> rnd.apply("pass", player=0)
        Traceback (most recent call last):
        ...
        gin_teach.errors.IllegalMove: it is Player 1's turn, not Player 0's
        """
        mover = self._player
        action, play, checked = self._verified(action, player)
        card = play(self, action, checked)
        self._history.append((mover, action, card))
        self._legal = None
        self._knock_cards = None

    # Each move is a pair: _verify_<move> decides whether it may be played now (raising
    # IllegalMove with the reason) and returns what it worked out; _<move> then plays it
    # without checking again. apply runs both; is_legal and verify run only the first, so a
    # refused move leaves the round as it was and asking changes nothing.

    def _verify_nothing(self, action: Action) -> None:
        """Moves that the phase alone allows (pass, draw)."""

    def _verify_take(self, action: Action) -> None:
        if self._refused:
            name = called(self._names[self._player], start=False)
            raise IllegalMove(f"both players passed the upcard, so {name} must draw from the "
                              "stock this time")

    def _take(self, action: Action, checked: None) -> Card:
        player = self._player
        card = self._pile.pop()
        self._hands[player] |= card.bit
        self._taken = self._drawn = card.index
        self._took[player].append(card)
        self._took_mask[player] |= card.bit
        self._turns += 1
        self._phase = "discard"
        return card

    def _pass(self, action: Action, checked: None) -> None:
        self._passed[self._player].append(self._pile[-1])
        if self._phase == "upcard_nondealer":
            self._phase = "upcard_dealer"
            self._player = self._dealer
        else:
            self._phase = "draw"
            self._player = 1 - self._dealer
            self._refused = True

    def _draw(self, action: Action, checked: None) -> Card:
        if not self._refused:  # after both passed, the upcard's pass is already recorded
            self._passed[self._player].append(self._pile[-1])
        index = self._stock.pop()
        self._hands[self._player] |= 1 << index
        self._drawn = index
        self._taken = -1
        self._turns += 1
        self._phase = "discard"
        return _DECK[index]

    def _verify_discard(self, action: Action) -> int:
        assert isinstance(action, Discard)
        return self._checked_card(action.card, "discard")

    def _discard(self, action: Action, hand: int) -> Card:
        assert isinstance(action, Discard)
        card = action.card
        player = self._player
        self._hands[player] = hand ^ card.bit
        self._pile.append(card)
        self._discarded[player].append(card)
        self._end_turn()
        if len(self._stock) <= self._rules.dead_hand_stock:
            self._finish(RoundResult("dead_hand", None, 0, multiplier=self._multiplier))
        else:
            self._player = 1 - player
            self._phase = "draw"
        return card

    def _verify_knock(self, action: Action) -> tuple[int, Settlement]:
        assert isinstance(action, Knock)
        card = action.card
        rest = self._checked_card(card, "knock with") ^ card.bit
        jp = self._rules.joker_points
        if not card.bit & self._knockable():
            raise IllegalMove(over_the_limit(self, card, best_arrangement(
                cards_from_mask(rest), joker_points=jp)))
        spread = action.melds
        if spread is None:
            # At the table a knocker spreads from its own cards alone: settle's default would
            # pick the spread that scores best against the defender's hidden hand.
            spread = best_arrangement(cards_from_mask(rest), joker_points=jp).melds
        # settle checks the spread itself (its melds, and its count within the limit).
        settlement = settle(cards_from_mask(rest), cards_from_mask(self._hands[1 - self._player]),
                            self._rules, spread, knock_limit=self._knock_limit)
        return rest, settlement

    def _knock(self, action: Action, checked: tuple[int, Settlement]) -> Card:
        assert isinstance(action, Knock)
        rest, settlement = checked
        card = action.card
        player = self._player
        self._hands[player] = rest
        self._knock_card = card.index
        self._knocker = player
        self._end_turn()
        if settlement.outcome == "gin":
            self._finish_settlement(settlement)
        else:
            self._pending = settlement
            self._phase = "layoff"
            self._player = 1 - player
        return card

    def _verify_big_gin(self, action: Action) -> Settlement:
        assert isinstance(action, BigGin)
        if not self._may_go_big_gin():
            if self._rules.big_gin_bonus is None:
                raise IllegalMove("big gin is not played under these rules: discard a card "
                                  "(or knock)")
            count = deadwood_of_mask(self._hands[self._player], self._rules.joker_points)
            raise IllegalMove(f"big gin needs all eleven cards in melds; your deadwood is "
                              f"{count}")
        return settle(cards_from_mask(self._hands[self._player]),
                      cards_from_mask(self._hands[1 - self._player]), self._rules,
                      action.melds, knock_limit=self._knock_limit)

    def _big_gin(self, action: Action, settlement: Settlement) -> None:
        self._knocker = self._player
        self._end_turn()
        self._finish_settlement(settlement)

    def _verify_lay_off(self, action: Action) -> Settlement:
        assert isinstance(action, LayOff) and self._pending is not None
        settlement = self._pending
        if action.melds is not None or action.layoffs is not None:
            knocker = self._knocker
            settlement = settle(
                cards_from_mask(self._hands[knocker]), cards_from_mask(self._hands[1 - knocker]),
                self._rules, settlement.knocker_arrangement.melds,
                knock_limit=self._knock_limit, defender_melds=action.melds,
                layoffs=action.layoffs)
        return settlement

    def _lay_off(self, action: Action, settlement: Settlement) -> None:
        self._finish_settlement(settlement)

    def _checked_card(self, card: Card, verb: str) -> int:
        """The hand of the player to act, once ``card`` is known to be one it may throw."""
        hand = self._hands[self._player]
        if not hand & card.bit:
            raise IllegalMove(f"you cannot {verb} {card}: it is not in your hand")
        if card.index == self._taken:
            raise IllegalMove(f"you just took {card} from the discard pile, so you cannot "
                              f"{verb} it this turn")
        return hand

    def _end_turn(self) -> None:
        self._taken = self._drawn = -1
        self._refused = False

    def _finish_settlement(self, settlement: Settlement) -> None:
        knocker = self._knocker
        winner: int | None = None  # a tie these rules do not pay: nobody wins the round
        if settlement.winner is not None:
            winner = knocker if settlement.winner == "knocker" else 1 - knocker
        self._pending = None
        self._finish(RoundResult(settlement.outcome, winner,
                                 settlement.points * self._multiplier, knocker, settlement,
                                 self._multiplier))

    def _finish(self, result: RoundResult) -> None:
        self._result = result
        self._phase = "over"
        self._player = NO_PLAYER

    # ------------------------------------------------------------------------------ JSON

    def to_json(self) -> str:
        """The round as JSON: rules, the deal, the moves, and the position they lead to (the
        format is :mod:`gin_teach.engine.saves`).

        >>> rnd = Round(seed=8); rnd.apply("pass")
        >>> again = Round.from_json(rnd.to_json())
        >>> again.to_json() == rnd.to_json(), again.phase
        (True, 'upcard_dealer')
        """
        return dump(save_round(self))

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> Round:
        """Rebuild a round by replaying its moves from its deal. A damaged or edited save (a
        card twice or missing, an unknown or illegal move, a field of the wrong type, a
        position that does not follow from the moves) raises :class:`CardError` or
        :class:`ReplayError` saying what is wrong.

        >>> rnd = Round(seed=8); rnd.apply("pass")
        >>> Round.from_json(rnd.to_json().replace('"pass"', '"fly"'))
        Traceback (most recent call last):
        ...
        gin_teach.errors.ReplayError: move 1 ('fly') cannot be replayed: 'fly' is not a move: ...
        """
        return load_round(text, cls)

    # --------------------------------------------------------------------------- display

    def __str__(self) -> str:
        names = self._names
        lines = [f"Round: {says(names[self._dealer], 'deal[s]')}; {self._rules.name} rules; "
                 f"knock limit {self._knock_limit}"
                 + (f"; points x{self._multiplier}" if self._multiplier > 1 else "")]
        for player in (0, 1):
            lines.append(f"{names[player]}: {cards_text(self.hand(player))} "
                         f"(deadwood {self.deadwood(player)})")
        lines.append(f"Discard pile: {cards_text(self._pile)}; stock {len(self._stock)} cards")
        lines.append(self.prompt())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<Round {self._phase}, player {self._player} to act, "
                f"stock {len(self._stock)}>")

    def _repr_html_(self) -> str:
        from gin_teach.display import round_html

        return round_html(self)


# The state machine of the module docstring: the moves each phase accepts, each as (its
# check, its play). A move missing here is refused with the reason refusals.refusal gives.
_Move = tuple[Callable[[Round, Action], Any], Callable[[Round, Action, Any], Card | None]]
_MOVES: Final[dict[tuple[str, type[Action]], _Move]] = {
    ("upcard_nondealer", TakeDiscard): (Round._verify_take, Round._take),
    ("upcard_nondealer", PassUpcard): (Round._verify_nothing, Round._pass),
    ("upcard_dealer", TakeDiscard): (Round._verify_take, Round._take),
    ("upcard_dealer", PassUpcard): (Round._verify_nothing, Round._pass),
    ("draw", DrawStock): (Round._verify_nothing, Round._draw),
    ("draw", TakeDiscard): (Round._verify_take, Round._take),
    ("discard", Discard): (Round._verify_discard, Round._discard),
    ("discard", Knock): (Round._verify_knock, Round._knock),
    ("discard", BigGin): (Round._verify_big_gin, Round._big_gin),
    ("layoff", LayOff): (Round._verify_lay_off, Round._lay_off),
}
