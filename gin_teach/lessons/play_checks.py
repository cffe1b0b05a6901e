"""Exercise checkers about play: whose move it is, which moves are allowed, what a pick-up
tells, when a round ends, who deals, and the totals of games and matches.

They work like the checkers of :mod:`gin_teach.lessons` (which lists them with the others):
each takes the exercise and the learner's answer, asks the engine for the truth and returns a
:class:`~gin_teach.lessons.answers.Feedback`; a wrong answer hears why before it hears the answer.

>>> from gin_teach import Round
>>> rnd = Round(seed=4, dealer=1, names=("Ann", "Bob"))
>>> print(check_to_act(rnd, "Ann"))  # doctest: +ELLIPSIS
✔ Right: Ann (not the dealer) may take the upcard ... or pass.
"""

from __future__ import annotations

from typing import Final

from gin_teach.core.cards import Card, HandLike, cards_text, full_deck, to_cards
from gin_teach.core.melds import find_melds
from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments
from gin_teach.core.wording import counted
from gin_teach.display import hand_svg
from gin_teach.engine.actions import Action
from gin_teach.engine.game import Game, GameTotals
from gin_teach.engine.match import Match
from gin_teach.engine.round import Round
from gin_teach.errors import GinError, excerpt
from gin_teach.lessons.answers import (
    Feedback,
    cards_are,
    feedback_checker,
    read_cards,
    read_int,
    read_player,
    read_yes_no,
)

__all__ = [
    "attempt",
    "check_dealer",
    "check_game_total",
    "check_is_legal",
    "check_match_points",
    "check_meld_partners",
    "check_round_over",
    "check_to_act",
    "meld_partners",
]
def _round_of(state: Round | Game) -> Round:
    return state.round if isinstance(state, Game) else state


@names_bad_arguments
def attempt(state: Round | Game, action: Action | str) -> str:
    """What the rules say to ``action`` now, asked of the round's own check (:meth:`Round.verify`)
    so nothing changes: ``"allowed"`` or the engine's reason for refusing it.

    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
    ...                       upcard="8D", dealer=1)
    >>> attempt(rnd, "draw")  # doctest: +ELLIPSIS
    'not allowed: first the upcard 8♦: the non-dealer (Player 0) may take it or pass; ...'
    >>> rnd.apply("take")
    >>> attempt(rnd, "discard 8D")  # doctest: +ELLIPSIS
    'not allowed: you just took 8♦ from the discard pile, so you cannot ...'
    >>> attempt(rnd, "discard KD")
    'allowed'
    """
    try:
        _round_of(state).verify(action)
    except GinError as problem:
        return f"not allowed: {problem}"
    return "allowed"


_TURN_HINT: Final = ("The non-dealer decides first about the upcard; when they pass, the dealer "
                     "decides. If both pass, the non-dealer draws from the stock. After that, "
                     "turns alternate.")


def _situation(rnd: Round) -> str:
    """Where the round stands, in words that do not give away whose move it is."""
    history = rnd.history
    last = str(history[-1][1]) if history else ""
    if rnd.phase == "upcard_nondealer":
        return "nobody has moved yet: the round starts with the first upcard"
    if rnd.phase == "upcard_dealer":
        return "the player who decides first has passed the upcard"
    if rnd.phase == "draw" and last == "pass":
        return "both players have passed the upcard"
    if rnd.phase == "draw":
        return "a player has just discarded"
    if rnd.phase == "discard":
        return "a player has just drawn and holds eleven cards"
    return "a player has knocked and spread"


@feedback_checker()
@names_bad_arguments
def check_to_act(state: Round | Game, answer: object) -> Feedback:
    """Whose move is it now: ``"dealer"`` or ``"non-dealer"`` (a player's name or number
    works too)? A wrong answer hears where the round stands, not the answer.

    >>> rnd = Round(seed=4, dealer=1)
    >>> print(check_to_act(rnd, "non-dealer"))  # doctest: +ELLIPSIS
    ✔ Right: Player 0 (not the dealer) may take the upcard ... or pass.
    >>> rnd.apply("pass")
    >>> print(check_to_act(rnd, "non-dealer"))  # doctest: +NORMALIZE_WHITESPACE
    ✘ Not quite: the player who decides first has passed the upcard. Whose move is it now?
      Hint: The non-dealer decides first about the upcard; when they pass, the dealer decides.
      If both pass, the non-dealer draws from the stock. After that, turns alternate.
    """
    rnd = _round_of(state)
    if rnd.is_over:
        return Feedback(False, "The round is over: nobody is to move.", "")
    said = read_player(answer, rnd, _TURN_HINT)
    if said == rnd.current_player:
        return Feedback(True, f"Right: {rnd.prompt()}.")
    question = "Who decides first?" if not rnd.history else "Whose move is it now?"
    return Feedback(False, f"Not quite: {_situation(rnd)}. {question}", _TURN_HINT)


@feedback_checker()
@names_bad_arguments
def check_is_legal(state: Round | Game, action: Action | str, answer: object) -> Feedback:
    """Yes or no: may the player to act make this move now?

    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
    ...                       upcard="8D", dealer=1)
    >>> rnd.apply("take")
    >>> print(check_is_legal(rnd, "discard 8D", False))  # doctest: +ELLIPSIS
    ✔ Right: not allowed: you just took 8♦ from the discard pile, so you cannot ...
    >>> print(check_is_legal(rnd, "discard KD", "no it isn't"))  # doctest: +ELLIPSIS
    ✘ Not quite: the move is allowed: ... after taking a card from the pile, any other ...
      Hint: ...
    """
    verdict = attempt(state, action)
    hint = ("Think about the phase of the round: the upcard decision, the draw, or the "
            "discard; and a card just taken from the discard pile cannot go straight back.")
    allowed = verdict == "allowed"
    if read_yes_no(answer, hint) == allowed:
        return Feedback(True, f"Right: {'the move is allowed' if allowed else verdict}.")
    if allowed:
        rnd = _round_of(state)
        why = (f"the move is allowed: {rnd.prompt()}; after taking a card from the pile, any "
               "other card may go" if rnd.just_taken is not None else
               f"the move is allowed: {rnd.prompt()}")
        return Feedback(False, f"Not quite: {why}.", hint)
    return Feedback(False, f"Not quite: the move is {verdict}.", hint)


@feedback_checker()
@names_bad_arguments
def check_round_over(state: Round | Game, action: Action | str, answer: object) -> Feedback:
    """Yes or no: does this move end the round? A knock or gin ends it; so does a discard
    that leaves the stock at the rules' dead-hand size (a dead hand).

    >>> from gin_teach import RandomBot, play
    >>> dead = play(Round(seed=3), [RandomBot(seed=1), RandomBot(seed=2)])
    >>> before = Round(seed=3)
    >>> for _, move in dead.history[:-1]:
    ...     before.apply(move)
    >>> print(check_round_over(before, dead.history[-1][1], "yes"))  # doctest: +ELLIPSIS
    ✔ Right: ... 2 cards are left in the stock and nobody knocked: a dead hand...
    """
    rnd = _round_of(state)
    hint = ("A round ends when a player knocks or goes gin, or, with no knock, when the stock "
            f"is down to {rnd.rules.dead_hand_stock} cards after a discard (a dead hand).")
    said = read_yes_no(answer, hint)
    after = rnd.clone()
    after.apply(action)  # an illegal move is the exercise's slip: answered by the decorator
    result = after.result
    if result is not None and result.is_dead_hand:
        why = (f"after this discard {after.stock_size} cards are left in the stock and nobody "
               "knocked: a dead hand. Nobody scores, and the same dealer deals again")
    elif result is not None:
        why = "the player knocks, and the round is settled"
    else:
        why = (f"the stock still holds {after.stock_size} cards, more than the "
               f"{rnd.rules.dead_hand_stock} that end a round, so play goes on")
    over = result is not None
    if said == over:
        return Feedback(True, f"Right: {why}.")
    return Feedback(False, f"Not quite: {why}.", hint)


def meld_partners(card: Card | str, hand: HandLike) -> tuple[Card, ...]:
    """The cards of ``hand`` that could make a meld of three with ``card`` and one more card:
    what a player who took ``card`` may be collecting.

    >>> cards_text(meld_partners("KS", "AS 6S 10S QS 5H KH 8D 2C 6C 9C"))
    'Q♠ K♥'
    """
    taken = to_cards([card] if isinstance(card, Card) else card)
    if len(taken) != 1:
        raise GinError(f"name one card, not {len(taken)}")
    target = taken[0]
    partners = {other for meld in _THREE_CARD_MELDS if target in meld.cards
                for other in meld.cards}
    return tuple(other for other in to_cards(hand) if other in partners and other != target)


_THREE_CARD_MELDS: Final = tuple(meld for meld in find_melds(full_deck()) if len(meld.cards) == 3)
"""Every meld of three cards in the deck: two cards are partners when one of these holds both."""


@feedback_checker(lambda card, hand, *_, **__: hand_svg(hand))
def check_meld_partners(card: Card | str, hand: HandLike, answer: object) -> Feedback:
    """The other player took ``card`` from the pile: which cards of ``hand`` could make a meld
    with it and one more card? The learner names them all, or ``"none"``.

    >>> print(check_meld_partners("KS", "AS 6S 10S QS 5H KH 8D 2C 6C 9C", "king of hearts, QS"))
    ✔ Right: Q♠ K♥ could meld with K♠: a card of the same rank makes a set, one of the \
same suit within two ranks a run.
    >>> print(check_meld_partners("KS", "AS 6S 10S QS 5H KH 8D 2C 6C 9C", "10S QS KH"))
    ✘ 10♠ cannot meld with K♠ and one more card.
      Hint: A card melds with the cards of its rank, and with cards of its suit at most two \
ranks away.
    """
    partners = meld_partners(card, hand)
    taken = to_cards([card] if isinstance(card, Card) else card)[0]
    hint = ("A card melds with the cards of its rank, and with cards of its suit at most two "
            "ranks away.")
    given = read_cards(answer, hint, none=True)
    outside = [other for other in given if other not in to_cards(hand)]
    if outside:
        return Feedback(False, f"{cards_are(outside)} not in this hand.", hint)
    wrong = [other for other in given if other not in partners]
    if wrong:
        return Feedback(False, f"{cards_text(wrong)} cannot meld with {taken} and one more "
                        "card.", hint)
    missing = [other for other in partners if other not in given]
    if missing and not given:
        return Feedback(False, f"{counted(len(missing), 'card')} of this hand could meld with "
                        f"{taken}.", hint)
    if missing:
        more = counted(len(missing), "more card")
        return Feedback(False, f"{cards_are(given)} right, but {more} could meld with {taken}.",
                        hint)
    if not partners:
        return Feedback(True, f"Right: no card of this hand could meld with {taken}.")
    return Feedback(True, f"Right: {cards_text(partners)} could meld with {taken}: a card of the "
                    "same rank makes a set, one of the same suit within two ranks a run.")


# --------------------------------------------------------------------------- whole games

@feedback_checker()
@names_bad_arguments
def check_dealer(game: Game, round_number: int, answer: object) -> Feedback:
    """Who dealt round ``round_number`` (counting from 1) of ``game``? A player's name or
    number ("the dealer" restates the question). The low card deals first; then, in the modern
    rules, the winner of a round deals the next, and after a round nobody won the same dealer
    deals again.

    >>> from gin_teach.bots import GreedyBot, play
    >>> game = play(Game(seed=9, names=("Ann", "Bob")), [GreedyBot(), GreedyBot()])
    >>> winner = game.rounds[0].result.winner
    >>> check_dealer(game, 2, game.names[winner]).correct
    True
    >>> print(check_dealer(game, 2, "the dealer"))
    ✘ That names the role, not the player: answer with a name, "Ann" or "Bob".
    """
    hint = ("The low card deals the first round. After that, whoever won a round deals the "
            "next; after a dead hand the same player deals again.")
    if not 1 <= round_number <= len(game.rounds):
        raise GinError(f"this game has rounds 1 to {len(game.rounds)}, not {round_number}")
    rnd = game.rounds[round_number - 1]
    said = read_player(answer, rnd, hint, roles=False)
    if said != rnd.dealer:
        return Feedback(False, f"Not quite: {game.names[said]} did not deal round "
                        f"{round_number}.", hint)
    if round_number == 1:
        why = "the low card of the draw for deal" if game.cut else "the first dealer"
    else:
        before = game.rounds[round_number - 2].result
        why = ("the same dealer after a dead hand" if before is None or before.is_dead_hand
               else "the winner of the round before")
    return Feedback(True, f"Right: {game.names[said]} dealt round {round_number}, {why}.")


@feedback_checker()
@names_bad_arguments
def check_game_total(points: tuple[int, int], rounds_won: tuple[int, int], player: int,
                     answer: object, *, rules: Rules | str | None = None) -> Feedback:
    """A player's final total: race ``points`` plus the box bonus for each round won, plus
    the game bonus for the winner (the bigger shutout bonus when the loser won no round).

    >>> print(check_game_total((104, 37), (4, 2), 0, 304))
    ✔ Right: 104 race points + 4 boxes x 25 + game bonus 100 = 304.
    >>> print(check_game_total((104, 37), (4, 2), 0, 204))
    ✘ Not quite: 204 is not the total.
      Hint: The winner also adds the game bonus: 100 here.
    """
    rules = Rules.of(rules)
    if player not in (0, 1):
        raise GinError(f"player is 0 or 1, not {excerpt(player)}")
    totals = GameTotals.count(points, rounds_won, rules)
    hint = ("Add the race points, the box bonus for every round won, and, for the winner, the "
            "game bonus.")
    value = read_int(answer, hint)
    truth = totals.total[player]
    bonus = totals.game_bonus[player]
    if value == truth:
        working = f"{points[player]} race points + {rounds_won[player]} boxes x {rules.box_bonus}"
        if bonus:
            shutout_bonus = totals.shutout and not totals.doubled
            working += f" + {'shutout game bonus' if shutout_bonus else 'game bonus'} {bonus}"
        if totals.doubled and totals.winner == player:
            working = f"({working}) x 2 for the shutout"
        return Feedback(True, f"Right: {working} = {truth}.")
    undoubled = points[player] + totals.box_points[player] + bonus
    with_shutout_bonus = undoubled - bonus + rules.shutout_game_bonus
    if totals.doubled and totals.winner == player and value == undoubled:
        hint = "At this table a shutout doubles the winner's whole total: multiply by 2."
    elif totals.doubled and totals.winner == player and value in (with_shutout_bonus,
                                                                  2 * with_shutout_bonus):
        hint = (f"Where a shutout doubles the total, the game bonus is the plain "
                f"{rules.game_bonus}, not the shutout bonus.")
    elif totals.winner == player and value == truth - bonus:
        hint = f"The winner also adds the game bonus: {bonus} here."
    elif value == truth - totals.box_points[player]:
        hint = f"Each round won adds a box bonus of {rules.box_bonus} at the end."
    elif totals.shutout and totals.winner == player and value == truth - bonus + rules.game_bonus:
        hint = (f"The loser won no round: a shutout, and the game bonus is "
                f"{rules.shutout_game_bonus}.")
    return Feedback(False, f"Not quite: {value} is not the total.", hint)


@feedback_checker()
@names_bad_arguments
def check_match_points(match: Match, game_number: int, player: int,
                       answer: object) -> Feedback:
    """The match points ``player`` got from game ``game_number`` (counting from 1) of
    ``match``: the match's points per game won, plus its points per round won.

    >>> from gin_teach.bots import GreedyBot, play
    >>> match = play(Match(seed=5, games=1), [GreedyBot(), GreedyBot()])
    >>> game = match.games[0]
    >>> check_match_points(match, 1, game.winner, match.game_points(game)[game.winner]).correct
    True
    >>> print(check_match_points(match, 1, game.winner, 100))  # doctest: +ELLIPSIS
    ✘ Not quite: 100 is only the points for winning the game.
      Hint: Add 25 match points for each round Player 1 won in that game (5), and 100 if ...
    """
    if not 1 <= game_number <= len(match.games):
        raise GinError(f"this match has games 1 to {len(match.games)}, not {game_number}")
    if player not in (0, 1):
        raise GinError(f"player is 0 or 1, not {excerpt(player)}")
    game = match.games[game_number - 1]
    rules = game.rules
    won = game.rounds_won[player]
    hint = (f"Add {rules.match_round_points} match points for each round {game.names[player]} "
            f"won in that game ({won}), and {rules.match_game_points} if {game.names[player]} "
            "won the game.")
    value = read_int(answer, hint)
    truth = match.game_points(game)[player]
    winner = game.winner == player
    if value == truth:
        working = f"{won} rounds x {rules.match_round_points}"
        if winner:
            working = f"{rules.match_game_points} for the game + {working}"
        return Feedback(True, f"Right: {working} = {truth}.")
    if winner and value == rules.match_game_points:
        return Feedback(False, f"Not quite: {value} is only the points for winning the game.",
                        hint)
    if winner and value == truth - rules.match_game_points:
        return Feedback(False, f"Not quite: {value} counts the rounds but not the game won.",
                        hint)
    if value == game.totals().total[player]:
        return Feedback(False, f"Not quite: {value} is the game's total score; match points "
                        "are counted apart.", hint)
    return Feedback(False, f"Not quite: {value} is not what game {game_number} gave.", hint)
