"""What a round says in words when it waits for a move or refuses one: the prompt for the
player to act, and the reason a move is not allowed now. Messages name the players and speak
to a player named "You".

>>> from gin_teach import Round, parse_action
>>> rnd = Round(seed=4, dealer=1, names=("You", "Bob"))
>>> prompt(rnd)
'You (not the dealer) may take the upcard ... or pass'
>>> refusal(rnd, parse_action("draw"))
'first the upcard ...: the non-dealer (you) may take it or pass; nobody draws from the ...'
"""

from __future__ import annotations

from typing import Final

from gin_teach.core.cards import Card
from gin_teach.core.melds import Arrangement
from gin_teach.core.validation import names_bad_arguments
from gin_teach.core.wording import called, says, whose
from gin_teach.engine.actions import Action, LayOff, PassUpcard
from gin_teach.engine.round_state import RoundState

__all__ = ["out_of_turn", "over_the_limit", "prompt", "refusal"]

_PROMPTS: Final[dict[str, str]] = {
    "upcard_nondealer": "(not the dealer) may take the upcard {top} or pass",
    "upcard_dealer": "(the dealer) may take the upcard {top} or pass",
    "draw": "draw[s] from the stock or take[s] {top}",
    "discard": "discard[s] a card (or knock[s])",
    "layoff": "spread[s] melds and lay[s] off on the knocker's melds",
}


@names_bad_arguments
def prompt(rnd: RoundState) -> str:
    """What happens next in ``rnd``, in words (:meth:`Round.prompt`).

    >>> from gin_teach import Round, parse_action
    >>> rnd = Round(seed=4, dealer=1); rnd.apply("pass"); rnd.apply("pass")
    >>> prompt(rnd)
    'Player 0 draws from the stock (both players passed the upcard)'
    """
    names = rnd.names
    if rnd.result is not None:
        return f"round over: {rnd.result.describe(names)}"
    words = _PROMPTS[rnd.phase]
    if rnd.stock_only:
        words = "draw[s] from the stock (both players passed the upcard)"
    return says(names[rnd.current_player], words.format(top=rnd.top_discard))


@names_bad_arguments
def out_of_turn(rnd: RoundState, action: Action, player: int) -> str:
    """Why ``player`` may not play ``action`` now: it is the other player's turn (or the
    round is over).

    >>> from gin_teach import Round, parse_action
    >>> out_of_turn(Round(seed=6, names=("Ann", "You")), parse_action("pass"), 0)
    "it is your turn, not Ann's"
    """
    if rnd.is_over:
        return refusal(rnd, action)
    names = rnd.names
    return (f"it is {whose(names[rnd.current_player])} turn, "
            f"not {whose(names[player], alone=True)}")


@names_bad_arguments
def refusal(rnd: RoundState, action: Action) -> str:
    """Why ``action`` is not a move of the round's phase.

    >>> from gin_teach import Round, parse_action
    >>> rnd = Round(seed=6); rnd.apply("pass"); rnd.apply("pass")
    >>> refusal(rnd, parse_action("pass"))
    'passing is only for the first upcard: now draw from the stock or take the top discard ...'
    """
    phase = rnd.phase
    top = rnd.top_discard
    names = rnd.names
    if rnd.result is not None:
        return f"the round is over ({rnd.result.describe(names)}): no more moves"
    name = names[rnd.current_player]
    if phase in ("upcard_nondealer", "upcard_dealer"):
        role = "the non-dealer" if phase == "upcard_nondealer" else "the dealer"
        return (f"first the upcard {top}: {role} ({called(name, start=False)}) may take "
                "it or pass; nobody draws from the stock until both have passed")
    if isinstance(action, LayOff):
        return "lay-offs come only after the other player knocks"
    if phase == "draw":
        if isinstance(action, PassUpcard):
            return ("passing is only for the first upcard: now draw from the stock or take "
                    f"the top discard {top}")
        return (f"you must draw before you discard: draw from the stock or take the top "
                f"discard {top}")
    if phase == "discard":
        return "you have already drawn this turn: now discard a card (or knock)"
    knocker = rnd.knocker
    assert knocker is not None
    return (says(names[knocker], "[has] knocked") + ": "
            + says(name, "now spread[s] melds and lay[s] off (the lay off move)", start=False))


@names_bad_arguments
def over_the_limit(rnd: RoundState, card: Card, rest: Arrangement) -> str:
    """Why a knock discarding ``card`` is refused when ``rest`` is the best arrangement of the
    ten cards left.

    >>> from gin_teach import Card, Round, best_arrangement, parse_cards
    >>> rest = best_arrangement(parse_cards("AS 2S 3S 4H 5H 6H 7C 7D 8D 9C"))
    >>> over_the_limit(Round(seed=1), Card.parse("JD"), rest)
    'you cannot knock: after discarding J♦ your deadwood would be ... = 31, over the knock limit...'
    """
    dead = rest.deadwood_cards
    worth = " + ".join(f"{c} {c.points}" for c in dead)
    detail = f"{worth} = {rest.deadwood}" if len(dead) > 1 else worth
    if rnd.rules.straight_gin:
        return (f"Straight Gin ends only with gin: after discarding {card} your deadwood "
                f"would be {detail}")
    if rnd.knock_limit == 0:
        return (f"this round is gin only (the first upcard was an ace): after discarding "
                f"{card} your deadwood would be {detail}")
    return (f"you cannot knock: after discarding {card} your deadwood would be {detail}, "
            f"over the knock limit of {rnd.knock_limit}")
