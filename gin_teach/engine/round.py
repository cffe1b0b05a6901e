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
from typing import Any, Final

from gin_teach.core.arguments import (
    check_names,
    check_player,
    check_rules,
    check_scores,
    check_seed,
)
from gin_teach.core.cards import Card, Deck, HandLike, cards_from_mask, full_deck, hand_mask
from gin_teach.core.jokers import check_jokers_allowed
from gin_teach.core.kernel import deadwood_of_mask, knock_cards
from gin_teach.core.melds import best_arrangement
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
from gin_teach.engine.mask_cache import discard_moves
from gin_teach.engine.records import (
    DEFAULT_NAMES,
    NO_PLAYER,
    Deal,
    RoundResult,
    cards_text,
)
from gin_teach.engine.refusals import out_of_turn, over_the_limit, prompt, refusal
from gin_teach.engine.round_state import DealMasks, RoundState
from gin_teach.engine.saves import dump, load_round, save_round
from gin_teach.errors import GinError, IllegalMove

__all__ = ["Round"]

_DECK: Final = full_deck(jokers=2)  # looked up by index, so the jokers too


# --------------------------------------------------------------------------- the round

# Legal moves that do not depend on the cards: computed once, handed out as they are.
_FIXED_MOVES: Final[dict[str, tuple[Action, ...]]] = {
    "upcard_nondealer": (TAKE, PASS), "upcard_dealer": (TAKE, PASS),
    "layoff": (LAY_OFF,), "over": (),
}
_DRAW_OR_TAKE: Final[tuple[Action, ...]] = (DRAW, TAKE)
_DRAW_ONLY: Final[tuple[Action, ...]] = (DRAW,)

class Round(RoundState):
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

    __slots__ = ()  # the state's slots are RoundState's

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

    @classmethod
    def _dealt(cls, deal: DealMasks, dealer: int, rules: Rules, names: tuple[str, str],
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
        for name in RoundState.__slots__:
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

    def prompt(self) -> str:
        """What happens next, in words.

        >>> Round(seed=4, dealer=1).prompt()
        'Player 0 (not the dealer) may take the upcard ... or pass'
        >>> Round(seed=4, dealer=1, names=("You", "Bob")).prompt()
        'You (not the dealer) may take the upcard ... or pass'
        """
        return prompt(self)

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
