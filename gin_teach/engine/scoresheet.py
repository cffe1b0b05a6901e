"""A game's scoresheet as values: the rows every view of it draws (the text of
:meth:`gin_teach.engine.game.Game.scoresheet`, the table of :func:`gin_teach.display.game_html`), so
the two cannot disagree about a round or a total.

>>> from gin_teach.engine.game import Game
>>> sheet = scoresheet_of(Game(seed=1, names=("Ann", "Bob")))
>>> sheet.rounds, [line.label for line in sheet.totals]
((), ['Race points', 'Boxes (25 per round won)', 'Total so far'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from gin_teach.core.hollywood import hollywood_games
from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments
from gin_teach.core.wording import says, whose
from gin_teach.engine.records import RoundResult
from gin_teach.engine.totals import GameTotals

__all__ = ["PlayedRound", "RoundLine", "ScoredGame", "Scoresheet", "TotalLine", "scoresheet_of",
           "scoresheet_text"]


# The game imports this module to print its sheet, so the sheet names a game by what it reads
# of it: an import of the game here would close a loop.
class PlayedRound(Protocol):
    """What a scoresheet reads of a round: who dealt it and how it ended (``None`` while it
    is played).

    >>> from gin_teach import Round
    >>> played: PlayedRound = Round(seed=1, dealer=1)
    >>> played.dealer, played.result
    (1, None)
    """

    @property
    def dealer(self) -> int: ...
    @property
    def result(self) -> RoundResult | None: ...


class ScoredGame(Protocol):
    """What a scoresheet reads of a game (a :class:`~gin_teach.engine.game.Game` has it all):
    its rules and players, its rounds, its count and its winner.

    >>> from gin_teach.engine.game import Game
    >>> game: ScoredGame = Game(seed=1)
    >>> game.totals().total, game.is_over
    ((0, 0), False)
    """

    @property
    def rules(self) -> Rules: ...
    @property
    def names(self) -> tuple[str, str]: ...
    @property
    def rounds(self) -> Sequence[PlayedRound]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...
    def totals(self) -> GameTotals: ...
    def hollywood_totals(self) -> Sequence[GameTotals]: ...


@dataclass(frozen=True)
class RoundLine:
    """One finished round: its number, the dealer's name, what happened, and the winner's
    running race points (an empty cell for the other player).

    >>> RoundLine(1, "Ann", "Bob knocks: Bob scores 12", ("", "12")).cells
    ('', '12')
    """

    number: int
    dealer: str
    result: str
    cells: tuple[str, str]


@dataclass(frozen=True)
class TotalLine:
    """A line below the rounds: a label and the two players' cells.

    >>> TotalLine("Race points", ("40", "12")).label
    'Race points'
    """

    label: str
    cells: tuple[str, str]


@dataclass(frozen=True)
class Scoresheet:
    """Everything a scoresheet shows: the title, the players, a line per finished round, the
    lines of totals, the player whose total a shutout doubles (if any), and the closing line
    once the game is won.

    >>> from gin_teach.engine.game import Game
    >>> scoresheet_of(Game(seed=1, names=("Ann", "Bob"))).title
    'Game to 100 (modern rules)'
    """

    title: str
    names: tuple[str, str]
    rounds: tuple[RoundLine, ...]
    totals: tuple[TotalLine, ...]
    doubled: int | None
    closing: str


@names_bad_arguments
def scoresheet_of(game: ScoredGame) -> Scoresheet:
    """The scoresheet of ``game`` so far: each finished round with the running race points,
    then the race points, the boxes, the game bonus, a shutout's doubling and the totals.

    >>> from gin_teach.bots import GreedyBot, play
    >>> from gin_teach.engine.game import Game
    >>> from gin_teach.core.rules import Rules
    >>> game = play(Game(Rules(target=30), seed=3, names=("Ann", "Bob")),
    ...             [GreedyBot(), GreedyBot()])
    >>> sheet = scoresheet_of(game)
    >>> sheet.totals[-1].label, sheet.totals[-1].cells == tuple(map(str, game.totals().total))
    ('Total', True)
    """
    if game.rules.hollywood_scoring:
        return _hollywood_sheet(game)
    names = game.names
    rounds = []
    running = [0, 0]
    for number, rnd in enumerate(game.rounds, 1):
        result = rnd.result
        if result is None:
            continue
        cells = ["", ""]
        if result.winner is not None:
            running[result.winner] += result.points
            cells[result.winner] = str(running[result.winner])
        rounds.append(RoundLine(number, names[rnd.dealer], result.describe(names),
                                (cells[0], cells[1])))
    totals = game.totals()
    box = game.rules.box_bonus

    def pair(values: tuple[object, object]) -> tuple[str, str]:
        return str(values[0]), str(values[1])

    lines = [TotalLine("Race points", pair(totals.points)),
             TotalLine(f"Boxes ({box} per round won)",
                       (f"{totals.rounds_won[0]}x{box}", f"{totals.rounds_won[1]}x{box}"))]
    closing = ""
    if totals.winner is not None:
        shutout_bonus = totals.shutout and not totals.doubled
        lines.append(TotalLine("Shutout game bonus" if shutout_bonus else "Game bonus",
                               pair(totals.game_bonus)))
        closing = says(names[totals.winner], f"win[s] the game by {totals.margin}")
    lines.append(TotalLine("Total" if game.is_over else "Total so far", pair(totals.total)))
    return Scoresheet(f"Game to {game.rules.target} ({game.rules.name} rules)", names,
                      tuple(rounds), tuple(lines),
                      totals.winner if totals.doubled else None, closing)


def _hollywood_sheet(game: ScoredGame) -> Scoresheet:
    """A Hollywood sheet: each round with the games it was written in, then each game's
    points, boxes and bonus, and the three games' totals added up."""
    names = game.names
    rounds = []
    results: list[tuple[int | None, int]] = []
    before = hollywood_games(results, game.rules.target)
    for number, rnd in enumerate(game.rounds, 1):
        result = rnd.result
        if result is None:
            continue
        results.append((result.winner, result.points))
        after = hollywood_games(results, game.rules.target)
        cells = ["", ""]
        if result.winner is not None:
            written = [str(a.number) for a, b in zip(before, after, strict=True)
                       if a.points != b.points or a.rounds_won != b.rounds_won]
            cells[result.winner] = (f"{result.points} in {' '.join(written)}" if written
                                    else "no game open")
        before = after
        rounds.append(RoundLine(number, names[rnd.dealer], result.describe(names),
                                (cells[0], cells[1])))
    box = game.rules.box_bonus
    lines = []
    for played, totals in zip(before, game.hollywood_totals(), strict=True):
        state = "" if played.is_open else ", closed"
        parts = [f"{totals.points[p]} + {totals.box_points[p]} + {totals.game_bonus[p]}"
                 for p in (0, 1)]
        lines.append(TotalLine(f"Game {played.number}{state}: points, boxes ({box} each), "
                               "bonus", (parts[0], parts[1])))
        lines.append(TotalLine(f"Game {played.number} total",
                               (str(totals.total[0]), str(totals.total[1]))))
    total = game.totals()
    closing = ""
    if game.winner is not None:
        closing = says(names[game.winner], f"win[s] the three games by {total.margin}")
    lines.append(TotalLine("Total of the three games" if game.is_over else "Total so far",
                           (str(total.total[0]), str(total.total[1]))))
    return Scoresheet(f"Hollywood: three games to {game.rules.target} ({game.rules.name} "
                      "rules)", names, tuple(rounds), tuple(lines), None, closing)


@names_bad_arguments
def scoresheet_text(sheet: Scoresheet, dealer_line: str) -> str:
    """The scoresheet as lines of text in columns (what
    :meth:`gin_teach.engine.game.Game.scoresheet` prints); ``dealer_line`` follows the title,
    saying who dealt first.

    >>> from gin_teach.engine.game import Game
    >>> game = Game(seed=1, names=("Ann", "Bob"), first_dealer=0)
    >>> print(scoresheet_text(scoresheet_of(game), "Ann deals first"))
    ... # doctest: +NORMALIZE_WHITESPACE
    Game to 100 (modern rules); Ann deals first
    Round  Dealer  Result           Ann  Bob
    (no round finished yet)
    """
    names = sheet.names
    dealer_width = max(len(names[0]), len(names[1]), len("Dealer"))
    text_width = max([len("Result"), *(len(line.result) for line in sheet.rounds)])
    width = max(len(names[0]), len(names[1]), 5)

    def line(label: str, a: object, b: object) -> str:
        # The label fills the round, dealer and result columns; then the two players.
        label_width = 6 + 1 + dealer_width + 2 + text_width + 2
        return f"{label:<{label_width}}{a!s:>{width}}  {b!s:>{width}}".rstrip()

    def columns(number: object, dealer: str, result: str) -> str:
        return f"{number!s:<6} {dealer:<{dealer_width}}  {result}"

    lines = [f"{sheet.title}; {dealer_line}", line(columns("Round", "Dealer", "Result"), *names)]
    lines += [line(columns(row.number, row.dealer, row.result), *row.cells)
              for row in sheet.rounds]
    if not sheet.rounds:
        return "\n".join([*lines, "(no round finished yet)"])
    for total in sheet.totals[:-1]:
        lines.append(line(total.label, *total.cells))
    if sheet.doubled is not None:
        lines.append(f"Shutout: {whose(names[sheet.doubled])} total is doubled")
    lines.append(line(sheet.totals[-1].label, *sheet.totals[-1].cells))
    if sheet.closing:
        lines.append(sheet.closing)
    return "\n".join(lines)
