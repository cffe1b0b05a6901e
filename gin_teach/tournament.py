"""Duplicate-deal tournaments between two computer players, and their command line.

Luck of the deal swamps skill in a few games, so every deal is played twice with the seats
swapped: each game's seed fixes its deals, the first game seats player A at seat 0, the
second seats player B there with the very same cards. Whole games are played to the rules'
target; the result counts games won by the first-named player with a 95% confidence
interval (Wilson's), points, and how the hands ended.

>>> result = tournament("shaper", "random", games=2, seed=1, rules=Rules(target=25))
>>> result.games, result.wins + result.losses
(2, 2)
>>> result.ci95[0] <= result.win_rate <= result.ci95[1]
True

From a shell (``--jobs`` spreads the deals over processes; the numbers do not change)::

    python -m gin_teach.tournament expert simple --games 400 --seed 1 --rules eaai --jobs 2

Past one machine, ``executor=`` plays the deals on any :class:`concurrent.futures.Executor`,
such as a Dask cluster's (``pip install "gin_teach[dask]"``); the numbers are again the same::

    from distributed import Client
    with Client("tcp://scheduler:8786") as client:
        result = tournament("expert", "defender", games=20_000, rules="eaai",
                            executor=client.get_executor())
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import pickle
import random
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from importlib import resources
from typing import Any, Final

from gin_teach.bots import BOTS, MasterBot, Player, SeededBot, play
from gin_teach.bots.throwers import THROWERS
from gin_teach.core.parallel import check_executor, ordered_map
from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments
from gin_teach.engine.game import Game
from gin_teach.errors import TournamentError, excerpt

__all__ = [
    "LADDER",
    "MAX_GAMES",
    "RULES",
    "HandRecord",
    "TournamentError",
    "TournamentResult",
    "cross_table",
    "ladder",
    "ladder_table",
    "main",
    "measured_results",
    "play_deal",
    "shares_won",
    "tournament",
    "wilson_interval",
]


#: The rules a tournament can be played under, by name. ``eaai`` is the EAAI-21 Gin Rummy
#: challenge's table: knock at 10, gin and undercut 25, a tie is an undercut, no box or game
#: bonus, the hand dead at 2 stock cards, game to 100. ``hollywood`` plays three games at
#: once (:mod:`gin_teach.core.hollywood`): a "game" is then the whole sheet of three.
RULES: Final[dict[str, Rules]] = {
    **Rules.presets(),
    "eaai": Rules(box_bonus=0, game_bonus=0, shutout_game_bonus=0, name="eaai"),
    "hollywood": Rules.hollywood(),
}
#: Every player the ladder seats, weakest first: the course's levels (:data:`BOTS`) and the
#: Master above them (:class:`~gin_teach.bots.master.MasterBot`), with the two outside
#: throwers (:data:`~gin_teach.bots.throwers.THROWERS`, built on no part of the judge) just
#: above Random.
LADDER: Final[dict[str, type[SeededBot]]] = {
    "random": BOTS["random"], **THROWERS,
    **{name: bot for name, bot in BOTS.items() if name != "random"}, "master": MasterBot}
MAX_GAMES: Final = 100_000_000
"""The most games one tournament plays (a typo's extra zeros are refused, not started)."""

PlayerSpec = str | Callable[..., Player]
"""A player name of :data:`~gin_teach.bots.BOTS`, or a callable taking ``seed=`` that
returns a player (a class, or ``functools.partial`` of one with its settings)."""


@dataclass(frozen=True)
class HandRecord:
    """One hand of a tournament game, seen from the first-named player ("A").

    ``knocker`` is "A", "B" or ``None`` (a dead hand); ``outcome`` as in
    :class:`~gin_teach.engine.round.RoundResult`; ``deadwood`` the knocker's count (``None`` for a
    dead hand); ``turns`` the cards drawn or taken by both players.

    >>> HandRecord("A", "undercut", 7, 14).knocker
    'A'
    """

    knocker: str | None
    outcome: str
    deadwood: int | None
    turns: int


@dataclass(frozen=True)
class DealResult:
    """The two games of one deal: who won each (True when A won), A's net points in each,
    and every hand played.

    >>> deal = play_deal("shaper", "random", 3, Rules(target=20))
    >>> deal.a_won, len(deal.a_net_points)
    ((True, True), 2)
    """

    a_won: tuple[bool, bool]
    a_net_points: tuple[int, int]
    hands: tuple[HandRecord, ...]


def _make(spec: PlayerSpec, seed: int) -> Player:
    if isinstance(spec, str):
        return BOTS[spec](seed=seed)
    return spec(seed=seed)


def play_deal(first: PlayerSpec, second: PlayerSpec, game_seed: int,
              rules: Rules | str | None = None) -> DealResult:
    """Play the deals of ``game_seed`` twice, ``first`` ("A") in seat 0 then in seat 1, under
    ``rules`` (as :func:`tournament` takes them; default modern).

    The players are built afresh for each game from ``game_seed``, so a deal's result never
    depends on what was played before it (or in which process).

    >>> deal = play_deal("simple", "random", 5, Rules(target=20))
    >>> len(deal.a_won), all(h.knocker in ("A", "B", None) for h in deal.hands)
    (2, True)
    >>> play_deal("nobody", "random", 5)
    Traceback (most recent call last):
    ...
    gin_teach.errors.TournamentError: unknown player 'nobody': choose one of random, ...
    """
    _spec_name(first), _spec_name(second)
    if isinstance(game_seed, bool) or not isinstance(game_seed, int):
        raise TournamentError(f"game_seed must be a whole number, not {excerpt(game_seed)}")
    rules = _rules_named(rules)
    won: list[bool] = []
    net: list[int] = []
    hands: list[HandRecord] = []
    for a_seat in (0, 1):
        seeds = random.Random(game_seed * 2 + a_seat)
        players = [_make(first, seeds.getrandbits(63)), _make(second, seeds.getrandbits(63))]
        if a_seat:
            players.reverse()
        game = play(Game(rules, seed=game_seed), players)
        totals = game.totals()
        won.append(totals.winner == a_seat)
        net.append(totals.total[a_seat] - totals.total[1 - a_seat])
        for rnd in game.rounds:
            result = rnd.result
            assert result is not None
            if result.knocker is None:
                hands.append(HandRecord(None, result.outcome, None, rnd.turns))
                continue
            spread = rnd.knock_spread
            deadwood = spread.deadwood if spread is not None else 0
            who = "A" if result.knocker == a_seat else "B"
            hands.append(HandRecord(who, result.outcome, deadwood, rnd.turns))
    return DealResult((won[0], won[1]), (net[0], net[1]), tuple(hands))


@names_bad_arguments
def wilson_interval(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% (by default) Wilson score interval of a win rate of ``wins`` in ``games``.

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if not (isinstance(wins, int) and isinstance(games, int)
            and 0 <= wins <= games <= 10**15):
        raise TournamentError(f"wins and games must be whole numbers with 0 <= wins <= games, "
                              f"got {excerpt(wins)} and {excerpt(games)}")
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = rate + z * z / (2 * games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)



@dataclass(frozen=True)
class TournamentResult:
    """What a tournament measured, for the first-named player ("A") against "B".

    ``wins`` are A's game wins, ``win_rate`` their share and ``ci95`` its 95% interval;
    ``points_per_game`` is A's mean net score (A's game total minus B's, boxes and bonuses
    included). Per-hand figures are pairs (A, B): ``gins``, ``knocks`` (not gin, undercut or
    not), ``undercuts`` (made against the other's knock), ``knock_deadwood`` (mean count
    when knocking, gins excluded); ``knock_deadwood_counts`` is each side's count of knocks
    at 1..10 and ``hand_lengths`` the number of hands lasting each number of turns.

    >>> result = tournament("simple", "simple", games=2, seed=3, rules=Rules(target=20))
    >>> sorted(result.to_dict())[:4]
    ['a', 'b', 'ci95', 'dead_hands']
    """

    a: str
    b: str
    rules: str
    seed: int
    games: int
    wins: int
    losses: int
    win_rate: float
    ci95: tuple[float, float]
    points_per_game: float
    hands: int
    hands_per_game: float
    dead_hands: int
    gins: tuple[int, int]
    knocks: tuple[int, int]
    undercuts: tuple[int, int]
    knock_deadwood: tuple[float, float]
    knock_deadwood_counts: tuple[tuple[int, ...], tuple[int, ...]] = field(repr=False)
    hand_lengths: dict[int, int] = field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON values (tuples become lists).

        >>> result = tournament("simple", "random", games=2, seed=1, rules=Rules(target=10))
        >>> json.loads(json.dumps(result.to_dict()))["games"]
        2
        """
        data = asdict(self)
        data["hand_lengths"] = {str(k): v for k, v in sorted(self.hand_lengths.items())}
        return json.loads(json.dumps(data))  # type: ignore[no-any-return]

    @classmethod
    def from_dict(cls, data: Any) -> TournamentResult:
        """The result read back from :meth:`to_dict`'s JSON values. Anything else raises
        :class:`TournamentError` naming what is wrong.

        >>> result = tournament("simple", "random", games=2, seed=1, rules=Rules(target=10))
        >>> TournamentResult.from_dict(result.to_dict()) == result
        True
        >>> TournamentResult.from_dict({"a": "simple"})
        Traceback (most recent call last):
        ...
        gin_teach.errors.TournamentError: not a tournament result: no 'b'
        """
        if not isinstance(data, dict):
            raise TournamentError(f"not a tournament result: {excerpt(data)}")
        try:
            values = {name: data[name] for name in cls.__dataclass_fields__}
            pairs = ("ci95", "gins", "knocks", "undercuts", "knock_deadwood")
            values.update({name: tuple(values[name]) for name in pairs})
            values["knock_deadwood_counts"] = tuple(
                tuple(side) for side in values["knock_deadwood_counts"])
            values["hand_lengths"] = {int(k): v for k, v in values["hand_lengths"].items()}
        except KeyError as missing:
            raise TournamentError(f"not a tournament result: no {missing}") from None
        except (TypeError, ValueError, AttributeError) as error:
            raise TournamentError(f"not a tournament result: {str(error)[:80]}") from None
        return cls(**values)

    def __str__(self) -> str:
        low, high = self.ci95
        lines = [
            f"{self.a} vs {self.b}: {self.games} games ({self.games // 2} deals, seats "
            f"swapped), {self.rules} rules, seed {self.seed}",
            f"{self.a} wins {self.wins} ({self.win_rate:.1%}, 95% CI {low:.1%} to {high:.1%}), "
            f"{self.points_per_game:+.1f} points per game",
            f"{self.hands} hands ({self.hands_per_game:.1f} per game, {self.dead_hands} dead)",
            f"{'':<10}{'gins':>6}{'knocks':>8}{'undercuts':>11}{'knock deadwood':>16}",
        ]
        for i, name in enumerate((self.a, self.b)):
            lines.append(f"{name[:10]:<10}{self.gins[i]:>6}{self.knocks[i]:>8}"
                         f"{self.undercuts[i]:>11}{self.knock_deadwood[i]:>16.1f}")
        return "\n".join(lines)


def measured_results() -> list[TournamentResult]:
    """The tournaments behind the README's cross table of the computer players, as
    ``benchmarks/strength.py --save`` played and saved them (``gin_teach/data/strength.json``;
    thousands of games per pair, far too many to play in a lesson).

    >>> results = measured_results()
    >>> shaper = next(r for r in results if (r.a, r.b) == ("shaper", "simple"))
    >>> shaper.games >= 2000 and shaper.win_rate > 0.5
    True
    """
    source = resources.files("gin_teach").joinpath("data/strength.json")
    data = json.loads(source.read_text(encoding="utf-8"))
    return [TournamentResult.from_dict(item) for item in data["results"]]


@names_bad_arguments
def cross_table(results: Iterable[TournamentResult], order: Sequence[str] = ()) -> str:
    """A Markdown table of ``results``: each cell the row player's share of games won against
    the column player, with its 95% interval, for every pair some result measured (a result
    for B against A is turned round). Players come in ``order``, then any others in the
    order they first appear.

    >>> table = cross_table([tournament("simple", "random", games=2, seed=1,
    ...                                 rules=Rules(target=10))])
    >>> print(table)
    | | simple | random |
    | --- | --- | --- |
    | **simple** | - | 100.0% (34.2-100.0) |
    | **random** | 0.0% (0.0-65.8) | - |
    """
    cells: dict[tuple[str, str], str] = {}
    players = list(order)
    for result in results:
        low, high = result.ci95
        cells[result.a, result.b] = f"{result.win_rate:.1%} ({100 * low:.1f}-{100 * high:.1f})"
        cells[result.b, result.a] = (f"{1 - result.win_rate:.1%} "
                                     f"({100 - 100 * high:.1f}-{100 - 100 * low:.1f})")
        players += [name for name in (result.a, result.b) if name not in players]
    players = [name for name in players if any(name in pair for pair in cells)]
    lines = ["| | " + " | ".join(players) + " |", "| --- " * (len(players) + 1) + "|"]
    for row in players:
        line = [cells.get((row, column), "") if row != column else "-" for column in players]
        lines.append(f"| **{row}** | " + " | ".join(line) + " |")
    return "\n".join(lines)


@names_bad_arguments
def shares_won(results: Iterable[TournamentResult]) -> dict[tuple[str, str],
                                                            tuple[float, float, float]]:
    """Each measured pair's share of games won by the first player, with its 95% interval
    (share, low, high), both ways round: a result of A against B gives B's share too.

    >>> result = tournament("simple", "random", games=2, seed=1, rules=Rules(target=10))
    >>> [round(x, 2) for x in shares_won([result])["random", "simple"]]
    [0.0, 0.0, 0.66]
    """
    found: dict[tuple[str, str], tuple[float, float, float]] = {}
    for r in results:
        found[r.a, r.b] = (r.win_rate, *r.ci95)
        found.setdefault((r.b, r.a), (1 - r.win_rate, 1 - r.ci95[1], 1 - r.ci95[0]))
    return found


@names_bad_arguments
def ladder_table(results: Iterable[TournamentResult], levels: Sequence[str],
                 opponents: Sequence[str]) -> str:
    """A Markdown table of the ``levels`` (rows, strongest first) against the ``opponents``
    (columns, in the order given): each cell a level's share of games won with its 95%
    interval, from whichever result measured the pair (one of B against A is turned round),
    blank where none did.

    >>> print(ladder_table([tournament("simple", "random", games=2, seed=1,
    ...                                rules=Rules(target=10))], ["simple"], ["random"]))
    | level | random |
    | --- | --- |
    | **simple** | 100.0% (34.2-100.0) |
    """
    found = shares_won(results)

    def cell(level: str, opponent: str) -> str:
        if level == opponent:
            return "-"
        if (level, opponent) not in found:
            return ""
        rate, low, high = found[level, opponent]
        return f"{rate:.1%} ({100 * low:.1f}-{100 * high:.1f})"

    lines = ["| level | " + " | ".join(opponents) + " |", "| --- " * (len(opponents) + 1) + "|"]
    lines += [f"| **{level}** | " + " | ".join(cell(level, o) for o in opponents) + " |"
              for level in levels]
    return "\n".join(lines)


@names_bad_arguments
def ladder(results: Iterable[TournamentResult] | None = None) -> str:
    """The ladder: every level of the course but Random (rows, strongest first) against every
    player of :data:`LADDER` some result measured (columns, weakest first), from ``results``
    or, by default, the saved ones (:func:`measured_results`).

    >>> print(ladder().splitlines()[2].split(" | ")[0])  # the top of the ladder first
    | **master**
    """
    measured = list(measured_results() if results is None else results)
    seen = {name for r in measured for name in (r.a, r.b)}
    levels = [name for name in reversed(LADDER)
              if name != "random" and name not in THROWERS and name in seen]
    return ladder_table(measured, levels, [name for name in LADDER if name in seen])


class _Tally:
    """The counts of a tournament, added deal by deal: a tournament of any length keeps only
    these numbers, never its deals."""

    def __init__(self) -> None:
        self.games = self.wins = self.net = self.hands = self.dead = 0
        self.gins, self.knocks, self.undercuts = [0, 0], [0, 0], [0, 0]
        self.counts = [[0] * 11, [0] * 11]
        self.lengths: dict[int, int] = {}

    def add(self, deal: DealResult) -> None:
        self.games += 2
        self.wins += sum(deal.a_won)
        self.net += sum(deal.a_net_points)
        side = {"A": 0, "B": 1}
        for hand in deal.hands:
            self.hands += 1
            self.lengths[hand.turns] = self.lengths.get(hand.turns, 0) + 1
            if hand.knocker is None or hand.deadwood is None:
                self.dead += hand.knocker is None
                continue
            who = side[hand.knocker]
            if hand.outcome in ("gin", "big_gin"):
                self.gins[who] += 1
                continue
            self.knocks[who] += 1
            if hand.outcome == "undercut":
                self.undercuts[1 - who] += 1
            self.counts[who][min(hand.deadwood, 10)] += 1

    def result(self, a: str, b: str, rules: Rules, seed: int) -> TournamentResult:
        games, wins, counts = self.games, self.wins, self.counts
        mean_dead = tuple(sum(i * n for i, n in enumerate(c)) / max(sum(c), 1) for c in counts)
        return TournamentResult(
            a=a, b=b, rules=rules.name, seed=seed, games=games, wins=wins,
            losses=games - wins, win_rate=wins / games if games else 0.0,
            ci95=wilson_interval(wins, games),
            points_per_game=self.net / games if games else 0.0, hands=self.hands,
            hands_per_game=self.hands / games if games else 0.0, dead_hands=self.dead,
            gins=(self.gins[0], self.gins[1]), knocks=(self.knocks[0], self.knocks[1]),
            undercuts=(self.undercuts[0], self.undercuts[1]),
            knock_deadwood=(mean_dead[0], mean_dead[1]),
            knock_deadwood_counts=(tuple(counts[0][1:]), tuple(counts[1][1:])),
            hand_lengths=self.lengths)


def _spec_name(spec: PlayerSpec) -> str:
    if isinstance(spec, str):
        if spec not in BOTS:
            raise TournamentError(f"unknown player {excerpt(spec)}: choose one of "
                                  f"{', '.join(BOTS)}")
        return spec
    if not callable(spec):
        raise TournamentError(f"a player is a name ({', '.join(BOTS)}) or a callable taking "
                              f"seed=, not {excerpt(spec)}")
    name = getattr(spec, "__name__", None) or getattr(getattr(spec, "func", None), "__name__",
                                                      None)
    return str(name or repr(spec)[:40])


def _deal_task(task: tuple[PlayerSpec, PlayerSpec, int, Rules]) -> DealResult:
    return play_deal(*task)


def _progress(items: Iterator[DealResult], total: int, show: bool) -> Iterable[DealResult]:
    if not show:
        return items
    try:
        from tqdm.auto import tqdm  # an optional dependency (the notebooks extra)
    except ImportError:
        return items
    # leave=True: in a notebook a bar that is not left is a widget closed at the end, and
    # JupyterLab keeps an empty output area where it stood (issue 28); the finished bar stays.
    return tqdm(items, total=total, unit="deal", desc="deals", leave=True)  # type: ignore[no-any-return]


def tournament(first: PlayerSpec, second: PlayerSpec, games: int = 400, seed: int = 1,
               rules: Rules | str | None = None, jobs: int = 1, progress: bool = False,
               names: tuple[str, str] | None = None, executor: Executor | None = None
               ) -> TournamentResult:
    """Play ``games`` games (an even number: ``games // 2`` deals, each played twice with the
    seats swapped) between ``first`` and ``second`` and count them for ``first``.

    Players are names of :data:`~gin_teach.bots.BOTS` or callables taking ``seed=``;
    ``rules`` a :class:`Rules` or a name of :data:`RULES`; ``jobs`` processes play the deals
    (the numbers are the same for any ``jobs``; in a browser's Python, which has no other
    process, they are played in this one, with a warning); ``progress`` shows a bar when ``tqdm`` is
    installed; ``names`` label the players in the result. ``executor``, any
    :class:`concurrent.futures.Executor` (a Dask cluster's, say), plays the deals instead of
    ``jobs`` processes: every deal is submitted at once and the results are taken in deal
    order, so the numbers are the same again (the players must then pickle, as they must for
    ``jobs``).

    >>> from functools import partial
    >>> from gin_teach.bots import ShaperBot
    >>> gin_only = partial(ShaperBot, knock_early=0, knock_late=0)
    >>> result = tournament(gin_only, "simple", games=2, seed=2, rules="eaai",
    ...                     names=("gin only", "simple"))
    >>> result.a, result.rules, result.knocks[0]
    ('gin only', 'eaai', 0)
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games % 2:
        raise TournamentError(f"games must be an even number of at least 2 (each deal is "
                              f"played twice, seats swapped), not {excerpt(games)}")
    if games > MAX_GAMES:
        raise TournamentError(f"games must be at most {MAX_GAMES:,} (years of play on one "
                              f"core), not {excerpt(games)}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise TournamentError(f"jobs must be a whole number of at least 1, not {excerpt(jobs)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TournamentError(f"the seed is a whole number, not {excerpt(seed)}")
    rules = _rules_named(rules)
    if executor is not None:
        executor = check_executor(executor, TournamentError)
        if jobs != 1:
            raise TournamentError(f"give jobs or an executor, not both (jobs={jobs})")
    if jobs > 1 and sys.platform == "emscripten":
        # The static site's Python runs in a browser, which starts no other process.
        warnings.warn(f"this Python runs in your browser, which starts no other process: the "
                      f"{jobs} jobs are played here, one after the other (the numbers are the "
                      "same, only slower)", stacklevel=2)
        jobs = 1
    labels = (_spec_name(first), _spec_name(second))  # checks both before playing
    if jobs > 1 or isinstance(executor, ProcessPoolExecutor):
        _check_sendable(first, second)
    labels = names or labels
    deals = games // 2
    seeds = random.Random(seed)
    # The deals are made and played one by one and only counted: a tournament of any length
    # takes the same memory.
    tasks = ((first, second, seeds.getrandbits(63), rules) for _ in range(deals))
    tally = _Tally()
    if executor is not None:
        played = ordered_map(_deal_task, tasks, executor, in_flight=64, error=TournamentError,
                             expect=DealResult)
        for deal in _progress(played, deals, progress):
            tally.add(deal)
    elif jobs == 1:
        for deal in _progress(map(_deal_task, tasks), deals, progress):
            tally.add(deal)
    else:
        import multiprocessing

        with multiprocessing.get_context().Pool(min(jobs, deals)) as pool:
            for deal in _progress(_pooled(pool, tasks, 16 * jobs), deals, progress):
                tally.add(deal)
    return tally.result(labels[0], labels[1], rules, seed)


def _check_sendable(*players: PlayerSpec) -> None:
    """Refuse, before any game, players a process pool cannot be sent (a lambda, a class
    defined inside a function): pickle says so only from inside the pool."""
    for player in players:
        try:
            pickle.dumps(player)
        except Exception as problem:  # PicklingError, or AttributeError/TypeError by version
            raise TournamentError(
                f"the player {_spec_name(player)!r} cannot be sent to other processes "
                f"({type(problem).__name__}: {str(problem)[:80]}): define it at the top of a "
                "module, or play with jobs=1 or a thread pool") from None


def _pooled(pool: Any, tasks: Iterator[tuple[PlayerSpec, PlayerSpec, int, Rules]],
            batch: int) -> Iterator[DealResult]:
    # Pool.imap reads its whole input at once; handing it a batch at a time keeps the
    # waiting tasks few.
    while chunk := list(itertools.islice(tasks, batch)):
        yield from pool.imap(_deal_task, chunk)


def _rules_named(rules: Rules | str | None) -> Rules:
    if isinstance(rules, str):
        if rules not in RULES:
            raise TournamentError(f"unknown rules {excerpt(rules)}: choose one of "
                                  f"{', '.join(RULES)}")
        return RULES[rules]
    if rules is not None and not isinstance(rules, Rules):
        raise TournamentError(f"rules must be Rules, None or one of {', '.join(RULES)}, "
                              f"not {excerpt(rules)}")
    return rules or Rules.modern()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m gin_teach.tournament",
        description="A duplicate-deal tournament between two computer players: each deal is "
                    "played twice with the seats swapped, whole games to the target.")
    parser.add_argument("first", help=f"the player counted: {', '.join(BOTS)}")
    parser.add_argument("second", help="its opponent")
    parser.add_argument("--games", type=int, default=400, help="games, even (default 400)")
    parser.add_argument("--seed", type=int, default=1, help="seed of every deal (default 1)")
    parser.add_argument("--rules", default="modern", help=f"{', '.join(RULES)} (default modern)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``python -m gin_teach.tournament A B [options]``; returns the exit
    status (2 for bad arguments, with the reason on stderr).

    >>> main(["simple", "random", "--games", "2", "--rules", "eaai", "--json"])
    ... # doctest: +ELLIPSIS
    {"a": "simple", "b": "random", "rules": "eaai", "seed": 1, "games": 2, ...}
    0
    """
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        result = tournament(args.first, args.second, games=args.games, seed=args.seed,
                            rules=args.rules, jobs=args.jobs, progress=sys.stderr.isatty())
    except TournamentError as error:
        parser.error(str(error))  # exits with status 2
    print(json.dumps(result.to_dict()) if args.json else result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
