"""Make a puzzle bank from real games between the computer players.

Each work unit plays one seeded game between two computer players and collects the
positions where a player holds 11 cards and must discard. The analysis sorts them into tiers
cheaply (:func:`~gin_teach.puzzles.verify.analysis_tier`); at most
:data:`PER_TIER_PER_GAME` positions of each tier per game go on to the playouts, so the common
tiers do not crowd out the rare ones. Units run in a process pool and their results are taken
in seed order, so the same seed gives the same bank for any number of jobs, and on any
:class:`concurrent.futures.Executor` given as ``executor`` (a Dask cluster's, say).

The other kinds (:mod:`gin_teach.puzzles.kinds`) come from the same games
(:func:`kind_puzzles_from_game`): ``kind="draw"`` tries the positions where a player faced
the face-up card (:func:`draw_positions`), at most one of each tier the analysis expects per
game and answer it expects (at most :data:`MOST_OF_ONE_ANSWER` of the bank's draw puzzles
answer the same); ``kind="knock"`` tries the positions where a knock was legal, those the judge at
coaching precision finds better played on going on to the bank's precision. Every kind is
measured on the position's own deals (:func:`~gin_teach.judge.position_seed`), so checking a
stored puzzle again (:func:`~gin_teach.puzzles.verify.recheck`,
:func:`~gin_teach.puzzles.kinds.recheck_kind`) finds the very same numbers.

Run: ``python -m gin_teach.puzzles generate --count 600 --seed 1 --jobs 2`` (add
``--kind draw`` or ``--kind knock`` for the other kinds)

>>> found = puzzles_from_game(3)
>>> all(isinstance(p, Puzzle) for p in found)
True
"""

from __future__ import annotations

import functools
import multiprocessing
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterator
from concurrent.futures import Executor
from dataclasses import replace
from typing import Final

from gin_teach.analysis import Knowledge, analyze_discards, analyze_draw
from gin_teach.bots import Player, SimpleBot
from gin_teach.core.cards import Card
from gin_teach.core.parallel import check_executor, ordered_map
from gin_teach.core.validation import names_bad_arguments
from gin_teach.engine.game import Game
from gin_teach.errors import CardError, PuzzleError, excerpt
from gin_teach.judge import judge_discard
from gin_teach.puzzles.kinds import draw_puzzle, draw_tier, play_on_puzzle
from gin_teach.puzzles.puzzle import TIER_NAMES, Puzzle
from gin_teach.puzzles.texts import reexplain
from gin_teach.puzzles.verify import analysis_tier, verify_position

__all__ = ["GENERATED_KINDS", "MOST_OF_ONE_ANSWER", "PER_TIER_PER_GAME", "TRY_RATE", "Position",
           "draw_positions", "game_positions", "generate", "kind_puzzles_from_game",
           "puzzles_from_game", "text_progress"]

GENERATED_KINDS: Final = ("discard", "draw", "knock")
"""What :func:`generate` can make: discard puzzles, take-or-draw puzzles, and knock-or-play-on
puzzles where playing on is right."""

CHECKPOINT_GAMES: Final = 4
PATIENCE: Final = 60
"""Games in a row that may add no puzzle before a run stops with what it found: a tier that
the games hardly ever give (Defence draw puzzles, 0 of the shipped bank's 75) would keep a
run playing for ever; a run that is filling up adds one every few games."""
MAX_COUNT: Final = 100_000
"""The most puzzles one run is asked for (more is a typo, not a bank)."""
MOST_OF_ONE_ANSWER: Final = 0.6
"""The largest share of a generated set of draw puzzles with the same answer (take, or draw):
a learner who always answers one way should not pass."""
PER_TIER_PER_GAME: Final = 1
"""Positions of each tier per game that go on to the (costly) playouts."""
TRY_RATE: Final = {1: 0.5, 2: 1.0, 3: 1.0, 4: 1.0, 5: 0.5}
"""The chance a game's position of each tier is tried at all: the common tiers are thinned so
the playouts go where puzzles are rare (Memory and Defence)."""

Position = tuple[tuple[Card, ...], Knowledge, tuple[int, int], int]
"""(hand of 11 cards, knowledge, scores (mover's first), the mover's turn in the hand)."""


def _players(seed: int) -> tuple[Player, Player]:
    return SimpleBot(seed=seed), SimpleBot(seed=seed + 1)


@names_bad_arguments
def game_positions(seed: int, *, rounds: int = 20) -> list[Position]:
    """The discard decisions of the first ``rounds`` rounds of a seeded game between two
    computer players, as puzzle positions.

    >>> positions = game_positions(1, rounds=1)
    >>> all(len(hand) == 11 for hand, *_ in positions)
    True
    """
    game = Game(seed=seed)
    players = _players(seed)
    found: list[Position] = []
    turns = [0, 0]
    round_index = len(game.rounds)
    while not game.is_over and len(game.rounds) <= rounds:
        if len(game.rounds) != round_index:
            round_index, turns = len(game.rounds), [0, 0]
        player = game.current_player
        observation = game.observation(player)
        if len(observation.hand) == 11:
            turns[player] += 1
            scores = observation.scores or (0, 0)
            mine = (scores[player], scores[1 - player])
            try:
                knowledge = Knowledge.from_observation(observation)
            except CardError:
                # The analysis refuses a card the opponent threw twice (thrown, taken back,
                # thrown again); such a position is left out rather than guessed at.
                knowledge = None
            if knowledge is not None:
                found.append((observation.hand, knowledge, mine, turns[player]))
        game.apply(players[player].choose(observation, game.legal_actions()))
    return found


@names_bad_arguments
def draw_positions(seed: int, *, rounds: int = 20) -> list[Position]:
    """The draw decisions (take the face-up card or draw from the stock; not the first
    upcard, which is passed rather than refused for a stock card) of the first ``rounds``
    rounds of a seeded game between two computer players, as puzzle positions of 10 cards.

    >>> positions = draw_positions(1, rounds=1)
    >>> all(len(hand) == 10 and known.discard_pile for hand, known, *_ in positions)
    True
    """
    game = Game(seed=seed)
    players = _players(seed)
    found: list[Position] = []
    turns = [0, 0]
    round_index = len(game.rounds)
    while not game.is_over and len(game.rounds) <= rounds:
        if len(game.rounds) != round_index:
            round_index, turns = len(game.rounds), [0, 0]
        player = game.current_player
        observation = game.observation(player)
        if game.phase == "draw":
            turns[player] += 1
            scores = observation.scores or (0, 0)
            try:
                knowledge = Knowledge.from_observation(observation)
            except CardError:
                knowledge = None  # a card thrown twice: left out, as in game_positions
            if knowledge is not None and knowledge.discard_pile:
                found.append((observation.hand, knowledge, (scores[player], scores[1 - player]),
                              turns[player]))
        game.apply(players[player].choose(observation, game.legal_actions()))
    return found


def kind_puzzles_from_game(seed: int, kind: str) -> list[Puzzle]:
    """The puzzles of ``kind`` (``"draw"`` or ``"knock"``: where playing on is right) one
    game yields; ``"discard"`` is :func:`puzzles_from_game`.

    >>> all(p.kind == "draw" for p in kind_puzzles_from_game(5, "draw"))
    True
    """
    if not isinstance(kind, str) or kind not in GENERATED_KINDS:
        raise PuzzleError(f"kind must be one of {', '.join(GENERATED_KINDS)}, got "
                          f"{excerpt(kind)}")
    if kind == "discard":
        return puzzles_from_game(seed)
    rng = random.Random(seed)
    found: list[Puzzle] = []
    if kind == "draw":
        positions = draw_positions(seed)
        rng.shuffle(positions)
        # Most draw decisions are a plain "draw": a quota for each tier and each answer the
        # analysis expects gives the takes their turn.
        tried: Counter[tuple[int, bool]] = Counter()
        for index, (hand, knowledge, scores, turn) in enumerate(positions):
            take = analyze_draw(hand, knowledge).take
            expected, _ = draw_tier(hand, knowledge, take)
            if (tried[expected, take] >= PER_TIER_PER_GAME
                    or rng.random() >= TRY_RATE[expected]):
                continue
            tried[expected, take] += 1
            made = draw_puzzle(hand, knowledge, puzzle_id=f"g{seed}-d{index}", scores=scores,
                               turn=turn)
            if isinstance(made, Puzzle):
                found.append(made)
        return found
    for index, (hand, knowledge, scores, turn) in enumerate(game_positions(seed)):
        analyses = analyze_discards(hand, knowledge)
        if analyses[0].gin or not any(a.knock for a in analyses):
            continue
        if judge_discard(hand, knowledge).best.knock:  # coaching precision: a cheap sieve
            continue
        made = play_on_puzzle(hand, knowledge, puzzle_id=f"g{seed}-k{index}", scores=scores,
                              turn=turn)
        if isinstance(made, Puzzle):
            found.append(made)
    return found


@names_bad_arguments
def puzzles_from_game(seed: int, tiers: frozenset[int] = frozenset(TIER_NAMES)
                      ) -> list[Puzzle]:
    """The puzzles of ``tiers`` one game yields (ids are set when the bank is assembled): a
    position is tried when the analysis expects one of them, and kept when what decides it
    is one of them.

    >>> [p.tier in TIER_NAMES for p in puzzles_from_game(5)] == [True] * len(puzzles_from_game(5))
    True
    """
    rng = random.Random(seed)
    positions = game_positions(seed)
    rng.shuffle(positions)
    tried: Counter[int] = Counter()
    found: list[Puzzle] = []
    for index, (hand, knowledge, scores, turn) in enumerate(positions):
        tier, _ = analysis_tier(hand, knowledge)
        if (tier not in tiers or tried[tier] >= PER_TIER_PER_GAME
                or rng.random() >= TRY_RATE[tier]):
            continue
        tried[tier] += 1
        verified = verify_position(hand, knowledge, scores=scores)  # its own deals
        if verified.kept and verified.tier in tiers:
            found.append(reexplain(Puzzle(id=f"g{seed}-{index}", tier=verified.tier,
                                themes=verified.themes, hand=tuple(sorted(hand)),
                                knowledge=knowledge, answer=verified.answer,
                                knock=verified.knock, rating=verified.rating,
                                explanation=verified.explanation, hint=verified.hint,
                                choices=verified.choices, scores=scores,
                                turn=min(turn, 40))))
    return found


def _units(seed: int, jobs: int, executor: Executor | None = None,
           kind: str = "discard", tiers: frozenset[int] = frozenset(TIER_NAMES)
           ) -> Iterator[list[Puzzle]]:
    seeds = (seed * 100_003 + i for i in range(10**9))
    unit: Callable[[int], list[Puzzle]] = (
        functools.partial(puzzles_from_game, tiers=tiers) if kind == "discard"
        else functools.partial(kind_puzzles_from_game, kind=kind))
    if executor is not None:
        yield from ordered_map(unit, seeds, executor, in_flight=jobs, error=PuzzleError,
                               expect=list)
        return
    if jobs <= 1:
        yield from map(unit, seeds)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(unit, seeds, chunksize=1)


def generate(count: int, seed: int = 1, jobs: int = 1, *, per_tier: int | None = None,
             progress: Callable[[Counter[int], int], None] | None = None,
             checkpoint: Callable[[list[Puzzle]], None] | None = None,
             executor: Executor | None = None, kind: str = "discard",
             tiers: Collection[int] = tuple(TIER_NAMES),
             patience: int = PATIENCE) -> list[Puzzle]:
    """``count`` verified puzzles of ``kind`` (one of :data:`GENERATED_KINDS`) from games, at
    most ``per_tier`` of each tier (default: ``count`` split evenly over the tiers the kind
    has), ids ``p0001``... in order. Discard puzzles may be asked of some ``tiers`` only
    (more Memory puzzles for a bank, say). ``progress`` is called after each game
    with the tier counts and the number of games played; ``checkpoint`` with the puzzles so
    far, every :data:`CHECKPOINT_GAMES` games (to save partial work). ``executor``, any
    :class:`concurrent.futures.Executor` (a Dask cluster's, say), plays the games instead of
    ``jobs`` processes, with ``jobs`` games kept running on it at once (give at least its
    number of workers); the bank is the same. A run stops early, with the puzzles found so
    far, after ``patience`` games in a row that added none (the tiers left are too rare).

    >>> bank = generate(2, seed=3, per_tier=2)
    >>> len(bank), bank[0].id
    (2, 'p0001')
    >>> generate(10, per_tier=0)
    Traceback (most recent call last):
    ...
    gin_teach.errors.PuzzleError: per_tier must be a whole number of at least 1 (or None), got 0
    """
    for name, value in (("count", count), ("seed", seed), ("jobs", jobs),
                        ("per_tier", 1 if per_tier is None else per_tier),
                        ("patience", patience)):
        if isinstance(value, bool) or not isinstance(value, int) or (
                name != "seed" and value < 1):
            shown = excerpt(per_tier if name == "per_tier" else value)
            least = "" if name == "seed" else " of at least 1"
            extra = " (or None)" if name == "per_tier" else ""
            raise PuzzleError(f"{name} must be a whole number{least}{extra}, got {shown}")
    if kind not in GENERATED_KINDS:
        raise PuzzleError(f"kind must be one of {', '.join(GENERATED_KINDS)}, got "
                          f"{excerpt(kind)}")
    if count > MAX_COUNT:
        raise PuzzleError(f"count must be at most {MAX_COUNT:,} (a bank of 600 takes an hour), "
                          f"got {excerpt(count)}")
    if isinstance(tiers, (str, bytes)) or not set(tiers) or not set(tiers) <= set(TIER_NAMES):
        raise PuzzleError(f"tiers must be some of {sorted(TIER_NAMES)}, got {excerpt(tiers)}")
    wanted = frozenset(tiers)
    if executor is not None:
        executor = check_executor(executor, PuzzleError)
    # Play-on puzzles are all tier 5.
    tier_count = 1 if kind == "knock" else len(wanted if kind == "discard" else TIER_NAMES)
    per_tier = per_tier if per_tier is not None else -(-count // tier_count)
    kept: list[Puzzle] = []
    made: Counter[int] = Counter()
    answers: Counter[bool | None] = Counter()
    most_alike = max(1, int(count * MOST_OF_ONE_ANSWER)) if kind == "draw" else count
    last_found = 0
    for games, found in enumerate(_units(seed, jobs, executor, kind, wanted), 1):
        if not isinstance(found, list) or not all(isinstance(p, Puzzle) for p in found):
            raise PuzzleError(f"a game gave {excerpt(found)}, not a list of puzzles")
        before = len(kept)
        for puzzle in found:
            if (made[puzzle.tier] < per_tier and len(kept) < count
                    and answers[puzzle.take] < most_alike):
                made[puzzle.tier] += 1
                answers[puzzle.take] += 1
                kept.append(puzzle)
        if progress:
            progress(made, games)
        if checkpoint and games % CHECKPOINT_GAMES == 0:
            checkpoint(_numbered(kept))
        last_found = games if len(kept) > before else last_found
        if len(kept) >= count or all(made[t] >= per_tier for t in wanted) \
                or games - last_found >= patience:
            break
    return _numbered(kept)


def _numbered(puzzles: list[Puzzle]) -> list[Puzzle]:
    return [replace(p, id=f"p{i:04d}") for i, p in enumerate(puzzles, 1)]


@names_bad_arguments
def text_progress(total: int) -> Callable[[Counter[int], int], None]:
    """A progress line on stderr (tqdm's bar when it is installed).

    >>> show = text_progress(10)
    >>> show(Counter({1: 2}), 1)  # doctest: +SKIP
    """
    started = time.monotonic()
    try:
        from tqdm import tqdm
    except ImportError:
        bar = None
    else:
        bar = tqdm(total=total, unit="puzzle", file=sys.stderr)

    def show(tiers: Counter[int], games: int) -> None:
        done = sum(tiers.values())
        counts = " ".join(f"{TIER_NAMES[t][0]}{tiers[t]}" for t in TIER_NAMES)
        if bar is not None:
            bar.update(done - bar.n)
            bar.set_postfix_str(f"games {games} tiers {counts}")
        else:
            rate = done / max(1e-9, time.monotonic() - started) * 60
            print(f"\r{done}/{total} puzzles, {games} games, {rate:.1f}/min, {counts}",
                  end="", file=sys.stderr, flush=True)

    return show
