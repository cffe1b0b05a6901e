"""Rounds, games and matches saved as JSON and loaded again by replaying their moves.

A save holds what is needed to play the same moves again (the rules, the names, the seed or
the dealt cards, the moves) and, beside them, what those moves lead to (the position, the
scores). Loading replays the moves and then requires the whole save to be exactly what the
replay would save, so an edited position, score or result is refused with the field named.
A save that is too large is refused before it is parsed, one too deeply nested while it is
parsed, in time linear in its length.

``Round.to_json``/``from_json`` (and Game's, and Match's) call the functions here, handing their
class to the loaders: this module sits below the rounds and games it saves, and names only
what it reads of them and how it builds them (:mod:`gin_teach.engine.savable`).

>>> from gin_teach import Round
>>> rnd = Round(seed=8); rnd.apply("pass")
>>> data = save_round(rnd)
>>> data["moves"], data["state"]["phase"]
(['pass'], 'upcard_dealer')
>>> load_round(data, Round).phase
'upcard_dealer'
>>> data["state"]["phase"] = "over"
>>> load_round(data, Round)
Traceback (most recent call last):
...
gin_teach.errors.ReplayError: the save's state.phase differs from what the moves give ...
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any, Final, TypeVar

from gin_teach.core.arguments import check_names
from gin_teach.core.rules import Rules
from gin_teach.core.validation import check_nesting, names_bad_arguments, read_json
from gin_teach.engine.records import Deal
from gin_teach.engine.savable import (
    GameClass,
    MatchClass,
    RoundClass,
    SavableGame,
    SavableMatch,
    SavableRound,
)
from gin_teach.errors import CardError, GinError, ReplayError, excerpt

__all__ = [
    "FORMAT_VERSION",
    "MAX_SAVE_CHARS",
    "MAX_SAVE_DEPTH",
    "dump",
    "load_game",
    "load_match",
    "load_round",
    "read_save",
    "save_game",
    "save_match",
    "save_round",
]

FORMAT_VERSION: Final = 1
MAX_SAVE_CHARS: Final = 20_000_000
"""The longest save read, in characters (a long match of whole games is well under it)."""
MAX_SAVE_DEPTH: Final = 10
"""The deepest nesting of brackets read; the format itself goes seven deep."""

# The formats keep the names they had when the engine sat at the top of the package: they name
# a kind of save, not a module, and every save written before stays readable.
_ROUND: Final = "gin_teach.round"
_GAME: Final = "gin_teach.game"
_MATCH: Final = "gin_teach.match"
_SHARED: Final = ("format", "version", "rules", "names")
"""Keys a game's rounds (and a match's games) leave to the save around them."""
_T = TypeVar("_T")
_KINDS: Final[dict[type, str]] = {int: "a whole number", str: "text", list: "a list",
                                  dict: "an object"}
_R = TypeVar("_R", bound=SavableRound)
_G = TypeVar("_G", bound=SavableGame)
_M = TypeVar("_M", bound=SavableMatch)


@names_bad_arguments
def dump(data: dict[str, Any]) -> str:
    """A save as JSON text, one field a line, cards as their codes.

    >>> print(dump({"format": "gin_teach.round", "moves": ["pass"]}))
    {
     "format": "gin_teach.round",
     "moves": [
      "pass"
     ]
    }
    """
    return json.dumps(data, indent=1, ensure_ascii=False)


def read_save(text: str | dict[str, Any], kind: str) -> dict[str, Any]:
    """The dictionary of a save of ``kind`` (``"gin_teach.round"``, ``"gin_teach.game"`` or
    ``"gin_teach.match"``), from JSON text or as already read; anything else is a
    :class:`ReplayError` (not JSON, too large, nested too deep, another format or version).

    >>> read_save("[" * 100_000 + "]" * 100_000, "gin_teach.round")
    Traceback (most recent call last):
    ...
    gin_teach.errors.ReplayError: this save is damaged: brackets nest more than 10 deep
    """
    if isinstance(text, dict):
        check_nesting(text, what="save", error=ReplayError, max_depth=MAX_SAVE_DEPTH)
        data: object = text
    elif isinstance(text, str):
        data = read_json(text, what="save", error=ReplayError, max_chars=MAX_SAVE_CHARS,
                         max_depth=MAX_SAVE_DEPTH)
    else:
        raise ReplayError(f"a save is JSON text or a dict, not {excerpt(text)}")
    if not isinstance(data, dict) or data.get("format") != kind:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise ReplayError(f"this is not a saved {kind.replace('.', ' ')} "
                          f"(format {excerpt(found)})")
    version = data.get("version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise ReplayError(f"unknown file version {excerpt(version)}; this package reads "
                          f"version {FORMAT_VERSION}")
    return data


# ------------------------------------------------------------------------------ saving


def _deal_dict(deal: Deal) -> dict[str, Any]:
    return {"hands": [_codes(deal.hands[0]), _codes(deal.hands[1])],
            "upcard": deal.upcard.code, "stock": _codes(deal.stock)}


def _codes(cards: Any) -> str:
    return " ".join(card.code for card in cards)


@names_bad_arguments
def save_round(rnd: SavableRound) -> dict[str, Any]:
    """A round as a save: rules, names, dealer, seed, the deal, the moves and the position
    they lead to.

    >>> from gin_teach import Round
    >>> data = save_round(Round(seed=3, names=("Ann", "Bob")))
    >>> data["names"], data["seed"], data["deal"]["upcard"], data["state"]["current_player"]
    (['Ann', 'Bob'], 3, '6S', 1)
    """
    result = rnd.result
    return {
        "format": _ROUND,
        "version": FORMAT_VERSION,
        "rules": dataclasses.asdict(rnd.rules),
        "names": list(rnd.names),
        "dealer": rnd.dealer,
        "seed": rnd.seed,
        "scores": None if rnd.scores is None else list(rnd.scores),
        "deal": _deal_dict(rnd.deal),
        "moves": [str(action) for _, action in rnd.history],
        "state": {
            "phase": rnd.phase,
            "current_player": rnd.current_player,
            "hands": [_codes(rnd.hand(0)), _codes(rnd.hand(1))],
            "stock": _codes(rnd.stock),
            "discard_pile": _codes(rnd.discard_pile),
            "knock_card": None if rnd.knock_card is None else rnd.knock_card.code,
            "result": None if result is None else {
                "outcome": result.outcome, "winner": result.winner, "points": result.points},
        },
    }


@names_bad_arguments
def save_game(game: SavableGame) -> dict[str, Any]:
    """A game as a save: its seed, how the first dealer was chosen, a given first deal, each
    round (as :func:`save_round` without the shared fields) and the scores.

    >>> from gin_teach import Game
    >>> data = save_game(Game(seed=5))
    >>> data["seed"], len(data["rounds"]), data["scores"], load_game(data, Game).seed
    (5, 1, [0, 0], 5)
    """
    return {
        "format": _GAME,
        "version": FORMAT_VERSION,
        "rules": dataclasses.asdict(game.rules),
        "names": list(game.names),
        "seed": game.seed,
        "first_dealer": None if game.cut else game.first_dealer,
        "first_deal": _deal_dict(game.rounds[0].deal) if game.first_deal_given else None,
        "rounds": [_inner(save_round(rnd)) for rnd in game.rounds],
        "scores": list(game.scores),
        "rounds_won": list(game.rounds_won),
    }


@names_bad_arguments
def save_match(match: SavableMatch) -> dict[str, Any]:
    """A match as a save: its seed, its length and each game (as :func:`save_game` without
    the shared fields).

    >>> from gin_teach import Match
    >>> data = save_match(Match(seed=2, games=5))
    >>> data["games_limit"], len(data["games"]), load_match(data, Match).games_limit
    (5, 1, 5)
    """
    return {
        "format": _MATCH,
        "version": FORMAT_VERSION,
        "rules": dataclasses.asdict(match.rules),
        "names": list(match.names),
        "seed": match.seed,
        "games_limit": match.games_limit,
        "points_limit": match.points_limit,
        "games": [_inner(save_game(game)) for game in match.games],
        "match_points": list(match.match_points),
    }


def _inner(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key not in _SHARED}


# ----------------------------------------------------------------------------- loading


def load_round(text: str | dict[str, Any], round_class: RoundClass[_R]) -> _R:
    """A round of ``round_class`` replayed from its save (see :meth:`Round.from_json`, which
    hands its class: this module sits below the rounds it saves); a save whose seed and deal
    disagree is refused.

    >>> from gin_teach import Round
    >>> data = save_round(Round(seed=3))
    >>> load_round(data, Round).hand(0) == Round(seed=3).hand(0)
    True
    >>> data["seed"] = 4
    >>> load_round(data, Round)
    Traceback (most recent call last):
    ...
    gin_teach.errors.ReplayError: the deal is not the one seed 4 gives: the file was changed
    """
    data = read_save(text, _ROUND)
    rules, names = _rules(data), _names(data)
    dealer = _field(data, "dealer", int)
    seed = data.get("seed")
    scores = data.get("scores")
    deal = _deal(_field(data, "deal", dict), "deal", names)
    rnd = _checked("the save's dealer, names or scores", lambda: round_class.from_deal(
        deal.hands, deal.upcard, deal.stock, dealer=dealer, rules=rules, names=names,
        scores=scores))
    if seed is not None:
        seeded = _checked("the save's seed", lambda: round_class(
            seed, dealer=dealer, rules=rules, names=names, scores=scores))
        if seeded.deal != rnd.deal:
            raise ReplayError(f"the deal is not the one seed {excerpt(seed)} gives: the file "
                              "was changed")
        rnd = seeded
    for number, move in enumerate(_moves(data, ""), 1):
        _replay(rnd.apply, move, f"move {number}")
    _same(save_round(rnd), data)
    return rnd


def load_game(text: str | dict[str, Any], game_class: GameClass[_G]) -> _G:
    """A game of ``game_class`` replayed from its save (see :meth:`Game.from_json`), its scores
    checked.

    >>> from gin_teach import Game
    >>> data = save_game(Game(seed=5))
    >>> data["scores"] = [10, 0]
    >>> load_game(data, Game)
    Traceback (most recent call last):
    ...
    gin_teach.errors.ReplayError: the save's scores[0] differs from what the moves give (10 ...
    """
    data = read_save(text, _GAME)
    game = _game(data, _rules(data), _names(data), game_class)
    _replay_rounds(game.apply, game, _field(data, "rounds", list), "")
    _same(save_game(game), data)
    return game


def load_match(text: str | dict[str, Any], match_class: MatchClass[_M]) -> _M:
    """A match of ``match_class`` replayed from its save (see :meth:`Match.from_json`).

    >>> from gin_teach import Match
    >>> data = save_match(Match(seed=5))
    >>> data["version"] = True
    >>> load_match(data, Match)
    Traceback (most recent call last):
    ...
    gin_teach.errors.ReplayError: unknown file version True; this package reads version 1
    """
    data = read_save(text, _MATCH)
    rules, names = _rules(data), _names(data)
    seed = _field(data, "seed", int)
    games, points = data.get("games_limit"), data.get("points_limit")
    match = _checked("the save's seed, games_limit or points_limit", lambda: match_class(
        rules, seed=seed, games=games, points=points, names=names))
    saved = _field(data, "games", list)
    for number, game_data in enumerate(saved, 1):
        where = f"game {number}'s "
        if not isinstance(game_data, dict):
            raise ReplayError(f"game {number} is not readable")
        if match.is_over:
            raise ReplayError(f"game {number} comes after the end of the match")
        if game_data.get("seed") != match.game.seed:
            raise ReplayError(f"{where}seed is not the one the match's seed gives: the file was "
                              "changed")
        _replay_rounds(match.apply, match.game, _field(game_data, "rounds", list, where), where)
        if number < len(saved) and not match.games[number - 1].is_over:
            raise ReplayError(f"game {number} is unfinished but more games follow")
    _same(save_match(match), data)
    return match


def _game(data: dict[str, Any], rules: Rules, names: tuple[str, str],
          game_class: GameClass[_G]) -> _G:
    seed = _field(data, "seed", int)
    first = data.get("first_dealer")
    first_deal = data.get("first_deal")
    if first_deal is None:
        return _checked("the save's seed or first_dealer", lambda: game_class(
            rules, seed=seed, names=names, first_dealer=first))
    if first is None or not isinstance(first_deal, dict):
        raise ReplayError("the given first deal needs its dealer and its cards")
    deal = _deal(first_deal, "first_deal", names)
    return _checked("the save's seed or first_dealer", lambda: game_class.from_deal(
        deal.hands, deal.upcard, deal.stock, dealer=first, rules=rules, names=names,
        seed=seed))


def _replay_rounds(apply: Callable[[str], None], game: SavableGame, rounds: list[Any],
                   where: str) -> None:
    """Replay the saved rounds of ``game`` through ``apply`` (the game's, or its match's),
    checking each round's deal, dealer and scores before its moves."""
    for number, saved in enumerate(rounds, 1):
        here = f"{where}round {number}"
        if not isinstance(saved, dict):
            raise ReplayError(f"{here} is not readable")
        if game.is_over:
            raise ReplayError(f"{here} comes after the end of the game")
        current = game.round
        deal = _deal(_field(saved, "deal", dict, here + "'s "), here + "'s deal", game.names)
        if (deal != current.deal
                or saved.get("dealer") != current.dealer):
            raise ReplayError(f"{here}'s deal is not the one the game's seed gives: the file "
                              "was changed")
        if saved.get("scores") != list(current.scores or ()):
            raise ReplayError(f"{here}'s scores {excerpt(saved.get('scores'))} are not the "
                              f"game's scores before it, {list(current.scores or ())}: the "
                              "file was changed")
        for move_number, move in enumerate(_moves(saved, here + "'s "), 1):
            if current.is_over:
                raise ReplayError(f"{here} has moves after its end")
            _replay(apply, move, f"{here}, move {move_number}")
        if number < len(rounds) and not current.is_over:
            raise ReplayError(f"{here} is unfinished but more rounds follow")


def _replay(apply: Callable[[str], None], move: str, where: str) -> None:
    try:
        apply(move)
    except GinError as error:
        raise ReplayError(f"{where} ({excerpt(move)}) cannot be replayed: {error}") from error


def _checked(what: str, build: Callable[[], _T]) -> _T:
    """``build()``, with a refused argument reported as a damaged save."""
    try:
        return build()
    except (ReplayError, CardError):  # a deal that is not a deal says so itself
        raise
    except GinError as error:
        raise ReplayError(f"{what}: {error}") from error


def _field(data: dict[str, Any], key: str, kind: type, where: str = "") -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ReplayError(f"the save's {where}{key} is missing or not {_KINDS[kind]}, "
                          f"got {excerpt(value)}")
    return value


def _moves(data: dict[str, Any], where: str) -> list[str]:
    moves: list[str] = _field(data, "moves", list, where)
    for move in moves:
        if not isinstance(move, str):
            raise ReplayError(f"the save's {where}moves must be text, such as 'discard 7H', "
                              f"not {excerpt(move)}")
    return moves


def _names(data: dict[str, Any]) -> tuple[str, str]:
    return _checked("the save's names", lambda: check_names(_field(data, "names", list)))


def _rules(data: dict[str, Any]) -> Rules:
    value = data.get("rules")
    if not isinstance(value, dict):
        raise ReplayError("the save has no rules")
    known = {field.name for field in dataclasses.fields(Rules)}
    unknown = set(value) - known
    if unknown:
        raise ReplayError(f"unknown rules field(s) in the save: "
                          f"{excerpt(', '.join(sorted(map(str, unknown))))}")
    return _checked("the save's rules", lambda: Rules(**value))


def _deal(deal: dict[str, Any], where: str, names: tuple[str, str]) -> Deal:
    """A saved deal, read card by card: two hands of ten, the upcard and all the rest."""
    hands = deal.get("hands")
    if (not isinstance(hands, list) or len(hands) != 2
            or not all(isinstance(hand, str) for hand in hands)):
        raise ReplayError(f"the save's {where} must give two hands, written as card text")
    upcard = _field(deal, "upcard", str, where + ".")
    stock = _field(deal, "stock", str, where + ".")
    given = len(stock.split())
    dealt = Deal.of(hands, upcard, stock, names=names)  # a card twice is a CardError
    if given != len(dealt.stock):
        missing = " ".join(str(card) for card in sorted(dealt.stock[given:]))
        total = 21 + len(dealt.stock)
        raise CardError(f"the {where} is missing {missing}: the hands, the upcard and the "
                        f"stock hold all {total} cards")
    return dealt


_MISSING: Final = object()


def _difference(expected: object, saved: object, path: str) -> tuple[str, object, object] | None:
    """The first place where ``saved`` is not ``expected``: its path and both values."""
    if isinstance(expected, dict):
        if not isinstance(saved, dict):
            return path, saved, expected
        for key, value in expected.items():
            found = _difference(value, saved.get(key, _MISSING), f"{path}.{key}".lstrip("."))
            if found is not None:
                return found
        extra = sorted(str(key) for key in saved if key not in expected)
        if extra:
            return f"{path}.{extra[0]}".lstrip("."), saved[extra[0]], _MISSING
        return None
    if isinstance(expected, list):
        if not isinstance(saved, list) or len(saved) != len(expected):
            return path, saved, expected
        for number, (value, item) in enumerate(zip(expected, saved, strict=True)):
            found = _difference(value, item, f"{path}[{number}]")
            if found is not None:
                return found
        return None
    if type(saved) is not type(expected) or saved != expected:
        return path, saved, expected
    return None


def _same(expected: dict[str, Any], saved: dict[str, Any]) -> None:
    """Refuse a save that is not exactly what the replay saves, naming the first field."""
    found = _difference(expected, saved, "")
    if found is None:
        return
    path, value, replayed = found
    if replayed is _MISSING:
        raise ReplayError(f"the save has a field this package does not write: {path}")
    shown = "nothing" if value is _MISSING else excerpt(value)
    raise ReplayError(f"the save's {path} differs from what the moves give ({shown} saved, "
                      f"{excerpt(replayed)} replayed): the file was changed")
