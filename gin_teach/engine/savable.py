"""What a save reads of a round, a game and a match, and how a loader builds one: small
Protocols, so :mod:`gin_teach.engine.saves` sits below the rounds and games it saves.

>>> from gin_teach import Round
>>> rnd: SavableRound = Round(seed=3)
>>> rnd.phase
'upcard_nondealer'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

from gin_teach.core.cards import Card, HandLike
from gin_teach.core.rules import Rules
from gin_teach.engine.records import Deal, RoundResult

__all__ = ["GameClass", "MatchClass", "RoundClass", "SavableGame", "SavableMatch",
           "SavableRound"]

# The rounds, games and matches import this module, so it names them by what it reads of them:
# a Round (a Game, a Match) is all of these, and an import of theirs here would close a loop.


class SavableRound(Protocol):
    """What a save reads of a round (a :class:`~gin_teach.engine.round.Round` has it all):
    how it was dealt, the moves, the position they lead to, and ``apply`` to replay a move.

    >>> from gin_teach import Round
    >>> rnd: SavableRound = Round(seed=3)
    >>> rnd.phase, len(rnd.history)
    ('upcard_nondealer', 0)
    """

    @property
    def rules(self) -> Rules: ...
    @property
    def names(self) -> tuple[str, str]: ...
    @property
    def dealer(self) -> int: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def scores(self) -> tuple[int, int] | None: ...
    @property
    def deal(self) -> Deal: ...
    @property
    def history(self) -> Sequence[tuple[int, object]]: ...
    @property
    def phase(self) -> str: ...
    @property
    def current_player(self) -> int: ...
    @property
    def stock(self) -> Sequence[Card]: ...
    @property
    def discard_pile(self) -> Sequence[Card]: ...
    @property
    def knock_card(self) -> Card | None: ...
    @property
    def result(self) -> RoundResult | None: ...
    @property
    def is_over(self) -> bool: ...
    def hand(self, player: int) -> Iterable[Card]: ...
    def apply(self, action: str, /) -> None: ...


class SavableGame(Protocol):
    """What a save reads of a game (a :class:`~gin_teach.engine.game.Game` has it all): its
    seed, how the first dealer was chosen, its rounds and scores, and ``apply``.

    >>> from gin_teach import Game
    >>> game: SavableGame = Game(seed=5)
    >>> game.seed, game.scores, len(game.rounds)
    (5, (0, 0), 1)
    """

    @property
    def rules(self) -> Rules: ...
    @property
    def names(self) -> tuple[str, str]: ...
    @property
    def seed(self) -> int: ...
    @property
    def cut(self) -> Sequence[object]: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def first_deal_given(self) -> bool: ...
    @property
    def rounds(self) -> Sequence[SavableRound]: ...
    @property
    def round(self) -> SavableRound: ...
    @property
    def scores(self) -> tuple[int, int]: ...
    @property
    def rounds_won(self) -> tuple[int, int]: ...
    @property
    def is_over(self) -> bool: ...
    def apply(self, action: str, /) -> None: ...


class SavableMatch(Protocol):
    """What a save reads of a match (a :class:`~gin_teach.engine.match.Match` has it all):
    its seed, its length, its games and match points, and ``apply``.

    >>> from gin_teach import Match
    >>> match: SavableMatch = Match(seed=2, games=5)
    >>> match.games_limit, match.match_points
    (5, (0, 0))
    """

    @property
    def rules(self) -> Rules: ...
    @property
    def names(self) -> tuple[str, str]: ...
    @property
    def seed(self) -> int: ...
    @property
    def games_limit(self) -> int | None: ...
    @property
    def points_limit(self) -> int | None: ...
    @property
    def games(self) -> Sequence[SavableGame]: ...
    @property
    def game(self) -> SavableGame: ...
    @property
    def match_points(self) -> tuple[int, int]: ...
    @property
    def is_over(self) -> bool: ...
    def apply(self, action: str, /) -> None: ...


_R = TypeVar("_R", bound=SavableRound)
_R_co = TypeVar("_R_co", bound=SavableRound, covariant=True)
_G = TypeVar("_G", bound=SavableGame)
_G_co = TypeVar("_G_co", bound=SavableGame, covariant=True)
_M = TypeVar("_M", bound=SavableMatch)


class RoundClass(Protocol[_R_co]):
    """How a loader builds a round: the class itself (``Round``, or a subclass), dealt by
    seed or from given cards; the loader returns one of that class.

    >>> from gin_teach import Round
    >>> from gin_teach.engine.saves import load_round, save_round
    >>> class Lesson(Round): pass
    >>> type(load_round(save_round(Lesson(seed=3)), Lesson)).__name__
    'Lesson'
    """

    def __call__(self, seed: Any, *, dealer: int, rules: Rules, names: tuple[str, str],
                 scores: Any) -> _R_co: ...
    def from_deal(self, hands: Sequence[HandLike], upcard: Card, stock: HandLike, *,
                  dealer: int, rules: Rules, names: tuple[str, str], scores: Any) -> _R_co: ...


class GameClass(Protocol[_G_co]):
    """How a loader builds a game: the class itself, by seed or from a given first deal.

    >>> from gin_teach import Game
    >>> from gin_teach.engine.saves import load_game, save_game
    >>> game = Game.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
    ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="8D", seed=1)
    >>> load_game(save_game(game), Game).round.deal == game.round.deal
    True
    """

    def __call__(self, rules: Rules, *, seed: int, names: tuple[str, str],
                 first_dealer: Any) -> _G_co: ...
    def from_deal(self, hands: Sequence[HandLike], upcard: Card, stock: HandLike, *,
                  dealer: Any, rules: Rules, names: tuple[str, str], seed: int) -> _G_co: ...


MatchClass = Callable[..., _M]
"""How a loader builds a match: the class itself, called with the rules, ``seed``, ``games``,
``points`` and ``names``. (A protocol of its call alone would not do: mypy cannot tell a
class's instances from its constructor against one.)"""
