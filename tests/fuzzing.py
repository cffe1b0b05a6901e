"""The adversarial machinery that tests/test_fuzz.py runs briefly and benchmarks/soak.py runs
long: odd values handed to every public function, damaged save, review and bank files, and
random rounds under many rule sets with refused moves tried at every step.

An *escape* is any exception other than a :class:`~gin_teach.errors.GinError` (or an answer
reader's :class:`~gin_teach.lessons.answers.Reply`, which a checker turns into feedback), and
any call that runs past its time limit: a frozen kernel.
"""

from __future__ import annotations

import datetime
import functools
import importlib
import inspect
import itertools
import json
import pkgutil
import random
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final, cast

import numpy

import gin_teach
from gin_teach import Card, Game, Match, RandomBot, Round, Rules, SimpleBot, play
from gin_teach.analysis import Knowledge
from gin_teach.coach import Review
from gin_teach.errors import ArgumentError, GinError
from gin_teach.explain import Position, Valued
from gin_teach.judge import Precision, judge_discard
from gin_teach.learner.rating import Rating
from gin_teach.learner.record import Progress
from gin_teach.learner.review_schedule import after_attempt
from gin_teach.lessons.answers import Feedback, Reply
from gin_teach.playouts.opponent import OpponentModel
from gin_teach.playouts.playout import PlayoutRules
from gin_teach.playouts.table_view import TableView
from gin_teach.puzzles import bank_from_json, bank_to_json, load_bank

EXCLUDED_MODULES: Final = (
    "gin_teach.widgets",       # clicked by the widget fuzzing, not called bare
)
"""Modules whose functions are not called with odd values here."""
EXCLUDED_NAMES: Final = frozenset({
    # Long runs by design: whole tournaments, bank generation, command lines.
    "gin_teach.tournament.tournament", "gin_teach.tournament.play_deal",
    "gin_teach.tournament.main", "gin_teach.tournament.measured_results",
    "gin_teach.bots.play_games", "gin_teach.bots.basic.play_games",
    "gin_teach.puzzles.generate.generate", "gin_teach.puzzles.generate.game_positions",
    "gin_teach.puzzles.generate.puzzles_from_game", "gin_teach.puzzles.generate.text_progress",
    "gin_teach.coach.review", "gin_teach.coach.as_dealt", "gin_teach.coach.grade_move",
    "gin_teach.coach.hint", "gin_teach.learner.course_copy.main",
    # A bank puzzle verified at the bank's precision: seconds by design, like generate.
    "gin_teach.puzzles.kinds.draw_puzzle", "gin_teach.puzzles.kinds.play_on_puzzle",
    "gin_teach.puzzles.kinds.recheck_kind", "gin_teach.puzzles.kinds.recheck_any",
    # Registers its argument for the rest of the process (tests/test_fuzz.py checks it).
    "gin_teach.learner.lesson_progress.listen",
    # Tell every subscriber of the store; a subscriber is any function (checked by its test).
    "gin_teach.learner.progress.ProgressStore.subscribe",
})
TIME_LIMIT: Final = 5.0
"""Seconds one call may take before it counts as a freeze."""

ODD_VALUES: Final[tuple[object, ...]] = (
    None, "", " ", 3.5, -1, 0, 10**30, -(2**60), 2**60, 10**5000, [], ["7H", 7], {"7H": 1},
    Card(7, "H"), "x" * 5000, b"7H", True, object(), float("nan"), float("inf"), [[[[]]]],
    "7H 8H 9H", "7ſ", "JK", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", (1, 2), {"format": 1},
    "classic", "jokers wild", Rules.jokers_wild(), Knowledge(), Round, "[" * 1000,
    numpy.array([1, 2]), numpy.int64(7), numpy.float64("nan"), "\x00", "x" * 100_000,
    datetime.datetime(9999, 12, 31, 23), functools.reduce(lambda inner, _: [inner],
                                                          range(100_000), cast(Any, [])),
)
"""Values of every kind a learner or a script could hand a function by mistake (numpy
numbers and arrays too, a time at the calendar's edge, and a list nested 100,000 deep,
whose ``repr`` alone raises RecursionError)."""


class Freeze(BaseException):
    """A call ran past :data:`TIME_LIMIT` (a BaseException, so no handler swallows it)."""


class Escape(AssertionError):
    """Something other than a clear GinError came out of a call."""


@contextmanager
def time_limit(seconds: float = TIME_LIMIT) -> Iterator[None]:
    """Raise :class:`Freeze` inside the block when it runs past ``seconds``."""
    def alarm(*_: object) -> None:
        raise Freeze()
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def outcome(call: Callable[[], object], what: str) -> str:
    """``"ok"`` or ``"refused"`` (a GinError); anything else raises :class:`Escape`."""
    try:
        with time_limit():
            result = call()
            if isinstance(result, Iterator):  # a lazy answer is asked for a few values
                list(itertools.islice(result, 5))
    except (GinError, Reply):
        return "refused"
    except Freeze:
        raise Escape(f"{what} ran past {TIME_LIMIT} s") from None
    except RecursionError:
        raise Escape(f"{what} raised RecursionError") from None
    except Exception as error:
        raise Escape(f"{what} raised {type(error).__name__}: {str(error)[:200]}") from error
    return "ok"


# ------------------------------------------------------------------ the public functions


@dataclass(frozen=True)
class Target:
    """A public function or class and the plausible values its required arguments get."""

    name: str
    function: Callable[..., Any]
    parameters: tuple[inspect.Parameter, ...]


HAND11: Final = "3H 4H 5H 7S 7H 7C 9S 9D JS QH KC"
HAND10: Final = "7S 7H 9C TC 3H 4H 5H 2D KS QS"
QUICK: Final = Precision(first=4, most=8, batch=4, error=1.0)
"""The judge's precision in the fuzzing: its arguments are what is tested, not its grades."""
CHEAP_DEFAULTS: Final[dict[str, object]] = {"precision": QUICK, "tries": 200}
"""Arguments given these values (unless the odd value goes there) to keep calls quick."""


class InlineExecutor(Executor):
    """An executor that runs each call at once, in the caller's thread (no pool to close)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # the future holds it, as a pool's would
            future.set_exception(error)
        return future


def _ignore(*_args: object, **_kwargs: object) -> None:
    """A function given where a callback belongs: it takes anything and fails at nothing,
    so what fails is the package, not the callback."""


@functools.cache
def _plausible_values() -> tuple[tuple[str, object], ...]:
    """A correct value for each kind of argument, by how its annotation starts."""
    from matplotlib.figure import Figure

    view = TableView.from_observation(Round(seed=3).observation(0))
    judged = judge_discard(HAND11, Knowledge(stock_size=20), precision=QUICK)
    return (("Knowledge", Knowledge(discard_pile="8D 6D")), ("Rules", Rules()),
            ("Round", Round(seed=1)), ("Game", Game(seed=1)), ("Match", Match(seed=1)),
            ("Random", random.Random(1)), ("random.Random", random.Random(1)),
            ("Card", Card(7, "H")), ("int", 0), ("bool", False), ("float", 0.5),
            ("PlayoutRules", PlayoutRules.of(Rules())), ("TableView", view),
            ("OpponentModel", OpponentModel.of(view)), ("Judgement", judged),
            ("Option", judged.best), ("Position", Position.of(HAND11)),
            ("Valued", Valued.discard("KC")),
            ("Sequence[Valued]", (Valued.discard("KC"), Valued.discard("7H", loss=1.0))),
            ("Precision", QUICK), ("Progress", Progress()),
            ("Rating", Rating()), ("Feedback", Feedback(True, "Right.")),
            ("ReviewEntry", after_attempt(None, 0.0, datetime.datetime(2025, 12, 3, 18))),
            ("datetime.datetime", datetime.datetime(2025, 12, 3, 18)),
            ("Figure", Figure()), ("Executor", InlineExecutor()), ("Callable", _ignore),
            ("Iterable", [1, 2]), ("type", ArgumentError), ("list[int]", []),
            ("Sequence[int]", [1, 2]))


def _plausible(parameter: inspect.Parameter) -> object:
    if parameter.name in ("hand11", "hand10"):
        return HAND11 if parameter.name == "hand11" else HAND10
    annotation = str(parameter.annotation)
    for word, value in _plausible_values():
        if annotation.startswith(word):
            return value
    return "7H 8H 9H"


def public_targets() -> list[Target]:
    """Every public callable of the package (but :data:`EXCLUDED_MODULES` and
    :data:`EXCLUDED_NAMES`), once each: the functions and classes named in the ``__all__``
    of its modules, and the public class methods and static methods of those classes
    (``Review.combine``, ``GameTotals.count``, ``Rules.of``...)."""
    seen: set[int] = set()
    targets = []

    def add(qualified: str, thing: Callable[..., Any], key: object) -> None:
        if id(key) in seen or qualified in EXCLUDED_NAMES:
            return
        seen.add(id(key))
        try:
            parameters = tuple(inspect.signature(thing).parameters.values())
        except (TypeError, ValueError):
            return
        targets.append(Target(qualified, thing, parameters))

    for info in pkgutil.walk_packages(gin_teach.__path__, "gin_teach."):
        if info.name.endswith("__main__") or info.name.startswith(EXCLUDED_MODULES):
            continue
        module = importlib.import_module(info.name)
        for name in getattr(module, "__all__", ()):
            thing = getattr(module, name)
            qualified = f"{getattr(thing, '__module__', '')}.{name}"
            if (not callable(thing) or not qualified.startswith("gin_teach.")
                    or qualified.startswith(EXCLUDED_MODULES)
                    or (inspect.isclass(thing) and issubclass(thing, BaseException))
                    or getattr(thing, "_is_protocol", False)):
                continue
            add(qualified, thing, thing)
            if inspect.isclass(thing):
                for member, raw in vars(thing).items():
                    if not member.startswith("_") and isinstance(raw, (classmethod,
                                                                        staticmethod)):
                        add(f"{qualified}.{member}", getattr(thing, member), raw)
    return targets


def call_with_odd_value(target: Target, index: int, value: object) -> str:
    """Call ``target`` with ``value`` as its parameter ``index`` (plausible values for the
    other required ones); ``"ok"`` or ``"refused"``, or :class:`Escape`."""
    args: list[object] = []
    kwargs: dict[str, object] = {}
    usable = [p for p in target.parameters if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if not usable:
        return outcome(target.function, target.name)
    chosen = usable[index % len(usable)]
    by_keyword = False  # after an optional argument is left out, the rest go by keyword
    for parameter in usable:
        if parameter is chosen:
            given = value
        elif parameter.default is parameter.empty:
            given = _plausible(parameter)
        elif parameter.name in CHEAP_DEFAULTS and parameter.kind != parameter.POSITIONAL_ONLY:
            kwargs[parameter.name] = CHEAP_DEFAULTS[parameter.name]
            by_keyword = True
            continue
        else:
            by_keyword = True
            continue
        if parameter.kind == parameter.KEYWORD_ONLY or (
                by_keyword and parameter.kind != parameter.POSITIONAL_ONLY):
            kwargs[parameter.name] = given
        else:
            args.append(given)
    return outcome(lambda: target.function(*args, **kwargs),
                   f"{target.name}({chosen.name}={_short(value)})")


def _short(value: object) -> str:
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


# ------------------------------------------------------------------ damaged files


def sample_files() -> dict[str, str]:
    """One good file of each kind the package reads: saves, a review, a puzzle bank."""
    rnd = play(Round(seed=5), [SimpleBot(seed=1), SimpleBot(seed=2)])
    game = play(Game(Rules(target=30), seed=6), [SimpleBot(seed=3), RandomBot(seed=4)])
    match = play(Match(Rules(target=20), seed=7, games=2), [SimpleBot(seed=5), SimpleBot(seed=6)])
    review = Review(0, (), 100.0, (100.0,))
    return {"round": rnd.to_json(), "game": game.to_json(), "match": match.to_json(),
            "review": review.to_json(), "bank": bank_to_json(load_bank()[:3])}


LOADERS: Final[dict[str, Callable[[str], object]]] = {
    "round": Round.from_json, "game": Game.from_json, "match": Match.from_json,
    "review": Review.from_json, "bank": bank_from_json,
}
_JUNK: Final = ('"', "\\", "[", "]", "{", "}", ",", ":", "9" * 50, "-", "1e999", "null",
                "\ud800", "\x00", "NaN", '"JK"', '"7ſ"', '""', "[" * 40, "0" * 5000)


def damage(text: str, rng: random.Random) -> str:
    """``text`` with a few random cuts, insertions, swaps or replaced values."""
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(text) + 1)
        kind = rng.randrange(5)
        if kind == 0:
            text = text[:at]
        elif kind == 1:
            text = text[:at] + rng.choice(_JUNK) + text[at:]
        elif kind == 2:
            text = text[:at] + text[at + rng.randint(1, 20):]
        elif kind == 3 and text:
            other = rng.randrange(len(text))
            low, high = sorted((at if at < len(text) else 0, other))
            text = text[:low] + text[high] + text[low + 1:high] + text[low] + text[high + 1:]
        else:
            text = _replace_a_value(text, rng)
    return text


def _replace_a_value(text: str, rng: random.Random) -> str:
    try:
        data = json.loads(text)
    except ValueError:
        return text
    spots: list[tuple[Any, Any]] = []
    stack: list[Any] = [data]
    while stack:
        item = stack.pop()
        keys = list(item) if isinstance(item, dict) else range(len(item)) \
            if isinstance(item, list) else []
        for key in keys:
            spots.append((item, key))
            stack.append(item[key])
    if not spots:
        return text
    holder, key = rng.choice(spots)
    holder[key] = rng.choice([None, -1, 10**20, "", "7ſ", "JK", [], {}, 3.5, True, "x" * 300,
                              [[[[["deep"]]]]], "pass", 2**63, "AS"])
    return json.dumps(data)


def load_damaged(kind: str, text: str) -> str:
    """Load ``text`` as a ``kind`` file: ``"ok"``, ``"refused"``, or :class:`Escape`."""
    return outcome(lambda: LOADERS[kind](text), f"loading a damaged {kind} file")


# ------------------------------------------------------------------ random rounds

RULE_SETS: Final[tuple[Rules, ...]] = (
    Rules.modern(), Rules.classic(), Rules.norwegian(), Rules.jokers_wild(),
    Rules(oklahoma=True), Rules(oklahoma=True, oklahoma_spade_doubles=True),
    Rules(straight_gin=True), Rules(big_gin_bonus=31), Rules(undercut_on_tie=False),
    Rules(knock_limit=0), Rules(knock_limit=9), Rules(target=150),
    Rules(dead_hand_stock=3, shutout_doubles=True), Rules.jokers_wild(target=50),
)
ODD_MOVES: Final[tuple[object, ...]] = (
    "fly", "discard", "discard 7ſ", "knock JK", "take", "pass", "draw", None, 7, "",
    "discard " + "7H " * 500, ["draw"], "lay off 7H on 1", "big gin", "knock",
)


def random_round(seed: int, rules: Rules, rng: random.Random) -> int:
    """Play a seeded round with random legal moves, trying refused moves at every step and
    checking that each leaves the round exactly as it was; the number of moves made."""
    rnd = Round(seed=seed, rules=rules)
    moves = 0
    while not rnd.is_over:
        before = rnd.to_json()
        odd = rng.choice(ODD_MOVES)
        attempt = functools.partial(rnd.apply, cast(Any, odd))  # odd on purpose
        applied = outcome(attempt, f"Round.apply({_short(odd)})")
        if applied == "refused" and rnd.to_json() != before:
            raise Escape(f"a refused move {_short(odd)} changed the round")
        if rnd.is_over:
            break
        actions = rnd.legal_actions()
        rnd.apply(rng.choice(actions))
        moves += 1
        if moves > 400:
            raise Escape("a round ran past 400 moves")
    again = Round.from_json(rnd.to_json())
    if again.to_json() != rnd.to_json():
        raise Escape("a finished round did not load back as it was")
    return moves
