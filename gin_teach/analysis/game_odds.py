"""The chance of winning the game from a score, and what the game is worth in points: gin's
match-equity tables (as backgammon has), one per rule preset.

A game is a race to the target (100): whoever's race points reach it first wins, and the
boxes and the game bonus are added only at the end. So a choice at 97-77 is not worth "3
points this hand" but "the game": :func:`after_hand` turns a hand's result into the chance of
winning the game, and a judge averaging it over its playouts values a choice in games won.

At 97-77 under the modern rules the leader wins about two games in three from the start
of a hand: any hand it wins ends the game, but so does the trailer's gin, and a small win
of the trailer's makes the next hand decide. A hand that ends with 3 or more points to the
leader wins the game, whatever it is worth in points:

>>> chance = win_chance(97, 77, "modern")  # from the start of a hand, either dealing
>>> 0.55 < chance < 0.75
True
>>> after_hand(97, 77, 3, "modern")  # a knock that scores 3 or more ends the game: won
1.0
>>> after_hand(97, 77, -15, "modern") < chance < after_hand(97, 77, 2, "modern")
True

A judge values a choice at a score by what its playouts end in, each hand's points turned
into the game: here four imagined hands after a knock, one of them undercut by 30.

>>> ends = [12, 12, -30, 5]  # the player's points in each (negative: the opponent's)
>>> f"knocking wins the game {sum(after_hand(97, 77, p) for p in ends) / len(ends):.0%}"
'knocking wins the game 75%'

How the tables are made. ``benchmarks/game_odds.py`` plays thousands of seeded hands
between two of the package's players (the Defender against itself by default) and records
each hand's ending as a :class:`HandRecord`: who knocked (the dealer or not), gin, big gin or
a knock with both counts, or a dead hand. Under any rules of the same play (knock limit,
Oklahoma, jokers, ...) those records give the points of every hand (:class:`HandOdds`), and
an exact dynamic programme over the scores (not a simulation of whole games,
:func:`~gin_teach.analysis.hand_odds.solve_odds`) gives the chance of winning from every score
(:class:`GameOdds`). The tables of every preset
(:data:`PRESETS`) ship in ``gin_teach/data/game_odds.json``; other targets and bonuses with
a measured play are worked out when first asked (about two seconds at target 250).

The model: hands are independent of the score, and a hand's outcome depends only on who
deals (the non-dealer has the first look at the upcard and the first draw; the measured
edge is :attr:`HandOdds.nondealer_edge`). The winner of a hand deals the next, and after a
dead hand the same dealer deals again, as the rules say. The benchmark checks the model
against whole games played from fixed scores (its calibration lines).

Which number a judge should maximise. :func:`win_chance` / :func:`after_hand`: winning the
game is what a game is played for, and it is what the learner is told ("knocking wins the
game 80% of the time; playing on, 71%"). It is also what makes a knock that wins the game
with certainty best, however few points it scores. :func:`game_value` /
:func:`game_value_after_hand` is the expected final margin in points, with the boxes, the
game (or shutout) bonus and a shutout's doubling: use it to break ties between choices of
the same win chance (two knocks that both end the game: the bigger one is better, and
keeping a shutout is worth its bonus), and when play is for the final totals (a club table
that pays by the margin). The points of one hand alone stay right where no score is on the
table.
"""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Final

from gin_teach.analysis.hand_odds import PLAY_FIELDS, HandOdds, HandRecord, play_of, solve_odds
from gin_teach.core.arguments import check_rules
from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments, read_json, wrong_argument
from gin_teach.engine.game import GameTotals
from gin_teach.errors import ArgumentError, RulesError, excerpt

__all__ = [
    "FORMAT",
    "LARGEST_TARGET",
    "ODDS_FILE",
    "PLAY_FIELDS",
    "PRESETS",
    "SLOPE_FLOOR",
    "SLOPE_POINTS",
    "GameOdds",
    "HandOdds",
    "HandRecord",
    "after_hand",
    "covers",
    "game_chance_of",
    "game_odds",
    "game_points",
    "game_slope",
    "game_value",
    "game_value_after_hand",
    "game_valued",
    "load_odds",
    "measured_scores",
    "odds_document",
    "play_of",
    "seat_scores",
    "win_chance",
    "write_odds",
]

FORMAT: Final = "gin_teach game odds"
"""The ``format`` field of the odds file."""
_VERSION: Final = 1
ODDS_FILE: Final = "data/game_odds.json"
LARGEST_TARGET: Final = 500
"""The highest target whose table is worked out on demand (the work grows with the square of
the target: 150 takes about half a second, 250 two seconds, 500 eight)."""
_MAX_SCORE: Final = 1_000_000

PRESETS: Final[dict[str, Rules]] = {
    "modern": Rules.modern(),
    "classic": Rules.classic(),
    "norwegian": Rules.norwegian(),
    "jokers wild": Rules.jokers_wild(),
    "oklahoma": Rules(oklahoma=True, name="oklahoma"),
    "oklahoma spades double": Rules(oklahoma=True, oklahoma_spade_doubles=True,
                                    name="oklahoma spades double"),
}
"""The tables shipped with the package, by name: the three bonus presets, the jokers-wild
table, and Oklahoma with the modern bonuses (with and without a spade upcard doubling)."""

class GameOdds:
    """The chance of winning and the expected final margin from every score of one rules'
    game, worked out exactly from the chances of one hand (:class:`HandOdds`).

    Every method takes the scores as the player sees them (``my_score`` first) and
    ``my_deal``: True when the player deals the hand about to start, False when the
    opponent does, None when it is not known (the average of the two, as when the cut is
    still to come).

    >>> odds = GameOdds(HandOdds((0.0, 0.5), (0.0, 0.5), 0.0, 2), Rules(target=2))
    >>> odds.win_chance(1, 1), odds.win_chance(1, 0), odds.after_hand(1, 0, 1)
    (0.5, 0.75, 1.0)
    """

    def __init__(self, hand: HandOdds, rules: Rules, *,
                 tables: Mapping[str, Any] | None = None) -> None:
        if not isinstance(hand, HandOdds):
            raise ArgumentError(f"GameOdds: hand must be a HandOdds, got {excerpt(hand)}")
        rules = check_rules(rules)
        if tables is not None and not (isinstance(tables, Mapping) and "win" in tables):
            raise ArgumentError(f"GameOdds: tables must be None or a mapping with the 'win' "
                                f"table, got {excerpt(tables)}")
        self.hand = hand
        self.rules = rules
        target = rules.target
        if target > LARGEST_TARGET:
            raise RulesError(f"the game odds are worked out for targets up to "
                             f"{LARGEST_TARGET}, got target {target}")
        self._values: tuple[list[list[float]], list[list[float]], list[list[float]]] | None
        if tables is None:
            tables_now = solve_odds(hand, rules)
            self._win = tables_now.win
            self._values = (tables_now.race, tables_now.shutout, tables_now.shutout_gain)
        else:
            self._win = [[v / _WIN_SCALE for v in row] for row in tables["win"]]
            if len(self._win) != target or any(len(row) != target for row in self._win):
                raise RulesError(f"the stored odds table does not fit target {target}")
            # The value tables are not stored: worked out from the hands when first asked.
            self._values = None

    def _value_tables(self) -> tuple[list[list[float]], list[list[float]], list[list[float]]]:
        if self._values is None:
            _, race, shutout, gain = solve_odds(self.hand, self.rules)
            self._values = (race, shutout, gain)
        return self._values

    # ------------------------------------------------------------------------ win chance

    def win_chance(self, my_score: int, their_score: int, *, my_deal: bool | None = None
                   ) -> float:
        """The chance the player with ``my_score`` wins the game, from the start of a hand
        (see :func:`win_chance`)."""
        mine, theirs = self._scores(my_score, their_score, "win_chance", ended=True)
        deals = _deal(my_deal, "win_chance")
        target = self.rules.target
        if mine >= target or theirs >= target:
            return 1.0 if mine >= target else 0.0
        if deals is None:
            return (self._dealing(mine, theirs) + self._receiving(mine, theirs)) / 2
        return self._dealing(mine, theirs) if deals else self._receiving(mine, theirs)

    def after_hand(self, my_score: int, their_score: int, points: int, *,
                   my_deal: bool | None = None) -> float:
        """The chance of winning the game once a hand from this score ends with ``points``
        (see :func:`after_hand`)."""
        mine, theirs = self._scores(my_score, their_score, "after_hand")
        points = _points(points, "after_hand")
        deals = _deal(my_deal, "after_hand")
        target = self.rules.target
        if points > 0:  # the winner of a hand deals the next
            return 1.0 if mine + points >= target else self._dealing(mine + points, theirs)
        if points < 0:
            return 0.0 if theirs - points >= target else self._receiving(mine, theirs - points)
        return self.win_chance(mine, theirs, my_deal=deals)  # the same dealer again

    def _dealing(self, mine: int, theirs: int) -> float:
        return self._win[mine][theirs]

    def _receiving(self, mine: int, theirs: int) -> float:
        # The opponent deals: their chance as the dealer, from their side of the table.
        return 1.0 - self._win[theirs][mine]

    # ---------------------------------------------------------------------- game value

    def game_value(self, my_score: int, their_score: int, *, my_deal: bool | None = None,
                   rounds_won: tuple[int, int] | None = None) -> float:
        """The expected final margin of the game (see :func:`game_value`)."""
        mine, theirs = self._scores(my_score, their_score, "game_value", ended=True)
        deals = _deal(my_deal, "game_value")
        won = _rounds(rounds_won, mine, theirs, "game_value")
        if deals is None:
            return (self._value(mine, theirs, True, won)
                    + self._value(mine, theirs, False, won)) / 2
        return self._value(mine, theirs, deals, won)

    def game_value_after_hand(self, my_score: int, their_score: int, points: int, *,
                              my_deal: bool | None = None,
                              rounds_won: tuple[int, int] | None = None) -> float:
        """The expected final margin once a hand from this score ends with ``points`` (see
        :func:`game_value_after_hand`)."""
        mine, theirs = self._scores(my_score, their_score, "game_value_after_hand")
        points = _points(points, "game_value_after_hand")
        deals = _deal(my_deal, "game_value_after_hand")
        won = _rounds(rounds_won, mine, theirs, "game_value_after_hand")
        if points > 0:
            return self._value(mine + points, theirs, True, (won[0] + 1, won[1]))
        if points < 0:
            return self._value(mine, theirs - points, False, (won[0], won[1] + 1))
        if deals is None:
            return self.game_value(mine, theirs, rounds_won=won)
        return self._value(mine, theirs, deals, won)

    def _value(self, mine: int, theirs: int, deals: bool, won: tuple[int, int]) -> float:
        rules = self.rules
        target, box, bonus = rules.target, rules.box_bonus, rules.game_bonus
        if mine >= target or theirs >= target:
            totals = GameTotals.count((mine, theirs), won, rules)
            return float(totals.total[0] - totals.total[1])
        win = self._dealing(mine, theirs) if deals else self._receiving(mine, theirs)
        race_table = self._value_tables()[0]
        race = race_table[mine][theirs] if deals else -race_table[theirs][mine]
        value = mine - theirs + box * (won[0] - won[1]) + race + bonus * (2 * win - 1)
        # A shutout is still possible for whoever's opponent has won no round: reaching the
        # target before that opponent wins one.
        my_seat, their_seat = (0, 1) if deals else (1, 0)
        if won[1] == 0:
            value += self._shutout_part(mine, won[0], my_seat)
        if won[0] == 0:
            value -= self._shutout_part(theirs, won[1], their_seat)
        return value

    def _shutout_part(self, score: int, rounds: int, seat: int) -> float:
        """What a possible shutout adds to the margin of the player at ``score`` who has won
        ``rounds`` rounds (``seat`` 0: dealing this hand)."""
        rules = self.rules
        _, shutout, gain = self._value_tables()
        chance = shutout[seat][score]
        if not rules.shutout_doubles:
            return (rules.shutout_game_bonus - rules.game_bonus) * chance
        # Doubling adds the winner's whole total again: what is banked now, the game bonus,
        # and what the hands still to come add on the way to the shutout.
        banked = score + rules.box_bonus * rounds + rules.game_bonus
        return banked * chance + gain[seat][score]

    # --------------------------------------------------------------------------- checks

    def _scores(self, my_score: object, their_score: object, caller: str, *,
                ended: bool = False) -> tuple[int, int]:
        mine = _score(my_score, "my_score", caller)
        theirs = _score(their_score, "their_score", caller)
        target = self.rules.target
        if mine >= target and theirs >= target:
            raise ArgumentError(f"{caller}: both scores reach the target {target} "
                                f"({mine}-{theirs}); the game ended when the first did")
        if not ended and max(mine, theirs) >= target:
            raise ArgumentError(f"{caller}: the game is over at {mine}-{theirs} (target "
                                f"{target}): no hand is played")
        return mine, theirs

    # ----------------------------------------------------------------------------- data

    def to_dict(self) -> dict[str, Any]:
        """The win table as the odds file keeps it: ``win[a][b]`` the dealer's chance at
        ``a``-``b`` in ten-thousandths. (The value tables are quick to work out again from
        the hands, so they are not stored.)"""
        return {"win": [[round(v * _WIN_SCALE) for v in row] for row in self._win]}

    def __repr__(self) -> str:
        return (f"<GameOdds {self.rules.name} to {self.rules.target}: "
                f"{self.win_chance(0, 0, my_deal=True):.1%} dealing at 0-0, "
                f"from {self.hand.hands:,} hands>")


_WIN_SCALE: Final = 10_000


# ------------------------------------------------------------------------- argument checks

def _score(value: object, name: str, caller: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_SCORE:
        raise ArgumentError(f"{caller}: {name} must be a whole number from 0 to "
                            f"{_MAX_SCORE:,}, got {excerpt(value)}")
    return value


def _points(value: object, caller: str) -> int:
    if (isinstance(value, bool) or not isinstance(value, int)
            or not -_MAX_SCORE <= value <= _MAX_SCORE):
        raise ArgumentError(f"{caller}: points must be a whole number (positive: the player "
                            f"scores, negative: the opponent does, 0: nobody), "
                            f"got {excerpt(value)}")
    return value


def _deal(value: object, caller: str) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise ArgumentError(f"{caller}: my_deal must be True, False or None, "
                            f"got {excerpt(value)}")
    return value


def _rounds(value: object, mine: int, theirs: int, caller: str) -> tuple[int, int]:
    if value is None:
        # The fewest rounds the scores allow: a score above 0 took at least one round.
        return (int(mine > 0), int(theirs > 0))
    if (not isinstance(value, (tuple, list)) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= _MAX_SCORE
                       for v in value)):
        raise ArgumentError(f"{caller}: rounds_won must be two whole numbers (the player's, "
                            f"the opponent's), got {excerpt(value)}")
    for score, rounds, whose in ((mine, value[0], "my"), (theirs, value[1], "their")):
        if score > 0 and rounds == 0:
            raise ArgumentError(f"{caller}: {whose} score {score} with no round won: "
                                f"points come only from rounds won")
    return (value[0], value[1])


# ------------------------------------------------------------------------------ the data

@dataclass(frozen=True)
class _Sample:
    name: str
    rules: Rules
    records: dict[HandRecord, int]

    @property
    def hands(self) -> int:
        return sum(self.records.values())


@dataclass(frozen=True)
class _OddsData:
    samples: tuple[_Sample, ...]
    tables: tuple[tuple[str, Rules, str, dict[str, Any]], ...]
    built: dict[str, Any]


def _rules_fields(rules: Rules) -> dict[str, Any]:
    # Only what differs from the defaults: short, and a field added later reads its default.
    default = Rules()
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)
            if f.name != "name" and getattr(rules, f.name) != getattr(default, f.name)}


def _same_rules(a: Rules, b: Rules) -> bool:
    return _rules_fields(a) == _rules_fields(b)


@names_bad_arguments
def odds_document(samples: Mapping[str, tuple[Rules, Mapping[HandRecord, int]]],
                  tables: Mapping[str, tuple[str, GameOdds]], built: Mapping[str, Any]
                  ) -> dict[str, Any]:
    """The odds file's content: the measured hands of each sample (by name: the rules they
    were played under and the records with their counts), the tables (by name: the sample
    they were scored from and the :class:`GameOdds`), and how it was built.

    >>> records = {HandRecord("knock", True, 3, 15): 3, HandRecord("gin", False, 0, 22): 1}
    >>> rules = Rules(target=30)
    >>> odds = GameOdds(HandOdds.from_records(records, rules), rules)
    >>> document = odds_document({"tiny": (rules, records)}, {"tiny": ("tiny", odds)},
    ...                          {"seed": 1})
    >>> document["format"], document["samples"][0]["hands"], len(document["tables"][0]["win"])
    ('gin_teach game odds', 4, 30)
    """
    return {
        "format": FORMAT, "version": _VERSION, "built": dict(built),
        "samples": [{"name": name, "rules": _rules_fields(rules), "hands": sum(rec.values()),
                     "records": [[r.ending, int(r.knocker_deals), r.knocker_count,
                                  r.defender_count, int(r.spade), count]
                                 for r, count in sorted(rec.items(), key=_record_key)]}
                    for name, (rules, rec) in samples.items()],
        "tables": [{"name": name, "rules": _rules_fields(odds.rules), "sample": sample,
                    **odds.to_dict()} for name, (sample, odds) in tables.items()],
    }


def _record_key(item: tuple[HandRecord, int]) -> tuple[object, ...]:
    r = item[0]
    return (r.ending, r.knocker_deals, r.knocker_count, r.defender_count, r.spade)


@names_bad_arguments
def write_odds(path: str | os.PathLike[str], document: Mapping[str, Any]) -> None:
    """Write the odds file whole (a temporary file renamed over it, so a crash never leaves
    half a file), as compact JSON: it ships with the package.

    >>> import os, tempfile
    >>> records = {HandRecord("knock", True, 3, 15): 1}
    >>> rules = Rules(target=10)
    >>> document = odds_document({"one": (rules, records)}, {}, {})
    >>> path = os.path.join(tempfile.mkdtemp(), "odds.json")
    >>> write_odds(path, document)
    >>> with open(path, encoding="utf-8") as saved:
    ...     load_odds(saved.read()).samples[0].records == records
    True
    """
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path):
        raise ArgumentError(f"write_odds: path must name a file, got {excerpt(path)}")
    text = json.dumps(document, separators=(",", ":"))
    folder = os.path.dirname(os.path.abspath(path))
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, suffix=".tmp")
    except OSError as error:
        raise ArgumentError(f"write_odds: cannot write into {excerpt(folder)}: "
                            f"{error.strerror}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text + "\n")
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp's file is private; this one ships
        os.replace(temporary, path)
    except BaseException as error:
        os.unlink(temporary)
        if isinstance(error, OSError):
            raise ArgumentError(f"write_odds: cannot write {excerpt(os.fspath(path))}: "
                                f"{error.strerror}") from None
        raise


@names_bad_arguments
def load_odds(text: str | None = None) -> _OddsData:
    """Read the odds file (the shipped one when ``text`` is None); a file that is not one
    raises :class:`RulesError` naming what is wrong.

    >>> sorted(sample.name for sample in load_odds().samples)
    ['jokers wild', 'oklahoma', 'standard']
    >>> load_odds('{"format": "chess"}')
    Traceback (most recent call last):
    ...
    gin_teach.errors.RulesError: not a gin_teach game odds file
    """
    if text is None:
        return _shipped()
    return _parse(text)


@cache
def _shipped() -> _OddsData:
    source = resources.files("gin_teach").joinpath(ODDS_FILE)
    return _parse(source.read_text(encoding="utf-8"))


def _parse(text: str) -> _OddsData:
    document = read_json(text, what="game odds file", error=RulesError)
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise RulesError("not a gin_teach game odds file")
    if document.get("version") != _VERSION:
        raise RulesError(f"game odds file version {excerpt(document.get('version'))}: "
                         f"this gin_teach reads version {_VERSION}")
    try:
        samples = tuple(
            _Sample(s["name"], Rules(**s["rules"], name=s["name"]),
                    {HandRecord(e, bool(kd), kc, dc, bool(sp)): n
                     for e, kd, kc, dc, sp, n in s["records"]})
            for s in document["samples"])
        tables = tuple((t["name"], Rules(**t["rules"], name=t["name"]), t["sample"],
                        {"win": t["win"]})
                       for t in document["tables"])
        for name, rules, _, table in tables:
            rows = table["win"]
            if (not isinstance(rows, list) or len(rows) != rules.target
                    or not all(isinstance(row, list) and len(row) == rules.target
                               and all(type(v) is int and 0 <= v <= _WIN_SCALE for v in row)
                               for row in rows)):
                raise ValueError(f"table {name!r} is not {rules.target} rows of "
                                 f"{rules.target} chances")
    except (KeyError, TypeError, ValueError) as error:
        raise RulesError(f"the game odds file is damaged: {excerpt(str(error))}") from None
    return _OddsData(samples, tables, dict(document.get("built", {})))


@lru_cache(maxsize=32)
def _odds_for(rules: Rules) -> GameOdds:
    data = _shipped()
    samples = {sample.name: sample for sample in data.samples}
    for _, table_rules, sample_name, tables in data.tables:
        if _same_rules(table_rules, rules):
            sample = samples[sample_name]
            return GameOdds(HandOdds.from_records(sample.records, rules), rules, tables=tables)
    for sample in data.samples:
        if play_of(sample.rules) == play_of(rules):
            return GameOdds(HandOdds.from_records(sample.records, rules), rules)
    measured = "; ".join(f"{s.name} ({_play_words(s.rules)})" for s in data.samples)
    raise RulesError(f"no measured hands for a game of {_play_words(rules)}: the game odds "
                     f"cover {measured}, with any bonuses and target up to {LARGEST_TARGET}")


def _play_words(rules: Rules) -> str:
    words = [f"knock limit {rules.knock_limit}"]
    for flag in ("oklahoma", "straight_gin"):
        if getattr(rules, flag):
            words.append(flag.replace("_", " "))
    if rules.jokers:
        words.append(f"{rules.jokers} jokers ({rules.joker_points} in deadwood)")
    if rules.big_gin_bonus is not None:
        words.append("big gin")
    if rules.dead_hand_stock != Rules().dead_hand_stock:
        words.append(f"dead at {rules.dead_hand_stock} cards")
    return ", ".join(words)


def covers(rules: Rules | str | None = None) -> bool:
    """Whether :func:`game_odds` answers for ``rules`` (a shipped table, or measured hands
    of the same play and a target up to :data:`LARGEST_TARGET`), without working anything
    out: a judge keeps points per hand where this is False.

    >>> covers("modern"), covers(Rules(target=250)), covers(Rules(straight_gin=True))
    (True, True, False)
    """
    rules = PRESETS[rules] if isinstance(rules, str) and rules in PRESETS else Rules.of(rules)
    if rules.target > LARGEST_TARGET:
        return False
    return any(play_of(sample.rules) == play_of(rules) for sample in _shipped().samples)


def game_odds(rules: Rules | str | None = None) -> GameOdds:
    """The :class:`GameOdds` of ``rules`` (a :class:`Rules`, a name in :data:`PRESETS` or
    :meth:`Rules.of`, or None for the modern rules): a shipped table, or one worked out from
    the measured hands of the same play (kept for the next call). Rules whose play was never
    measured (another knock limit, Straight Gin, ...) raise :class:`RulesError` naming what
    is covered.

    >>> game_odds("classic").rules.undercut_bonus, game_odds("oklahoma").rules.oklahoma
    (10, True)
    >>> game_odds(Rules(knock_limit=5))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.RulesError: no measured hands for a game of knock limit 5: the game ...
    """
    if isinstance(rules, str) and rules in PRESETS:
        return _odds_for(PRESETS[rules])
    return _odds_for(Rules.of(rules))


# --------------------------------------------------------------------------- the functions

def win_chance(my_score: int, their_score: int, rules: Rules | str | None = None, *,
               my_deal: bool | None = None) -> float:
    """The chance that the player with ``my_score`` wins the game against ``their_score``,
    from the start of a hand under ``rules`` (None: modern). A score at or past the target
    is a won game (1.0), the opponent's a lost one (0.0).

    ``my_deal``: True when the player deals this hand, False when the opponent does, None
    for the average of the two. The deal is worth little but is kept: the non-dealer sees
    the upcard first and draws first, and in the measured hands (the Defender against
    itself, modern rules) it won 1.3% more of all hands than the dealer, so at 0-0 the
    dealer's chance is about half a point below the other's and at 90-90, where one hand
    decides, about two points. The judge knows who deals, so it may as well say.

    >>> round(win_chance(0, 0), 3)
    0.5
    >>> win_chance(60, 40) > win_chance(50, 40) > win_chance(40, 50)
    True
    >>> win_chance(100, 99), win_chance(40, 120)
    (1.0, 0.0)
    >>> win_chance(-5, 10)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: win_chance: my_score must be a whole number ..., got -5
    """
    return game_odds(rules).win_chance(my_score, their_score, my_deal=my_deal)


def after_hand(my_score: int, their_score: int, points: int,
               rules: Rules | str | None = None, *, my_deal: bool | None = None) -> float:
    """The chance of winning the game once the hand now played from ``my_score`` -
    ``their_score`` ends with ``points``: positive, the player scores them; negative, the
    opponent scores ``-points``; 0, nobody (a dead hand, or a tie that is no undercut).
    The winner of a hand deals the next; after a hand nobody won the same dealer deals
    again, so only then does ``my_deal`` (who dealt this hand) count.

    A judge values a choice at a score by averaging this over its playouts: the chance
    that the choice wins the game.

    >>> after_hand(97, 77, 3, "modern"), after_hand(97, 77, 12, "modern")  # the game
    (1.0, 1.0)
    >>> after_hand(97, 77, -23, "modern")  # the opponent's 23 ends it the other way
    0.0
    >>> 0.4 < after_hand(97, 77, -15, "modern") < 0.6  # 97-92: the next hand decides
    True
    >>> after_hand(100, 77, 3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: after_hand: the game is over at 100-77 (target 100): ...
    """
    return game_odds(rules).after_hand(my_score, their_score, points, my_deal=my_deal)


def game_value(my_score: int, their_score: int, rules: Rules | str | None = None, *,
               my_deal: bool | None = None, rounds_won: tuple[int, int] | None = None
               ) -> float:
    """The expected final margin of the game in points, the player's total minus the
    opponent's, from the start of a hand: race points, a box for every round won, the game
    bonus (the shutout bonus, or the doubled total, where the rules have it). A won game
    counts its margin as :class:`~gin_teach.engine.game.GameTotals` does.

    ``rounds_won`` (the player's, the opponent's) says who may still be shut out and what
    boxes are banked; None takes the fewest the scores allow (one for a score above 0). A
    judge comparing choices can leave it out unless a shutout doubles the total: the banked
    boxes add the same to every choice.

    >>> start = game_value(0, 0, "modern")
    >>> abs(start) < 1  # an even game
    True
    >>> game_value(100, 0, "modern", rounds_won=(3, 0))  # won: 100 + 3 boxes + 200
    375.0
    >>> game_value(50, 0, "modern") > game_value(50, 10, "modern") + 10  # a shutout to keep
    True
    """
    return game_odds(rules).game_value(my_score, their_score, my_deal=my_deal,
                                       rounds_won=rounds_won)


def game_value_after_hand(my_score: int, their_score: int, points: int,
                          rules: Rules | str | None = None, *, my_deal: bool | None = None,
                          rounds_won: tuple[int, int] | None = None) -> float:
    """:func:`game_value` once the hand now played ends with ``points`` (as in
    :func:`after_hand`): the hand's points and box are added to the winner's.

    >>> game_value_after_hand(97, 77, 3, "modern", rounds_won=(4, 3))  # won 100-77, 5 boxes
    173.0
    >>> 100 + 5 * 25 + 100 - (77 + 3 * 25)
    173
    """
    return game_odds(rules).game_value_after_hand(my_score, their_score, points,
                                                  my_deal=my_deal, rounds_won=rounds_won)


# ------------------------------------------------------- a hand's points, valued by the game

@names_bad_arguments
def measured_scores(scores: object, rules: Rules) -> tuple[int, int] | None:
    """The scores as the judge takes them: None, or two whole numbers short of the target
    (the game must still be on); None too where no play was measured for these rules, so a
    choice is valued in points per hand as without a score.

    >>> measured_scores((97, 77), Rules()), measured_scores(None, Rules())
    ((97, 77), None)
    """
    if scores is None:
        return None
    if (not isinstance(scores, tuple) or len(scores) != 2
            or not all(type(s) is int and 0 <= s < rules.target for s in scores)):
        raise wrong_argument("scores", scores,
                             f"two whole numbers from 0 to {rules.target - 1} (yours, theirs)")
    try:
        after_hand(scores[0], scores[1], 0, rules)
    except RulesError:  # no measured play for these rules: points per hand, as without a score
        return None
    return scores


@names_bad_arguments
def seat_scores(scores: tuple[int, int] | None, player: int,
                rules: Rules) -> tuple[int, int] | None:
    """A round's scores before it (``scores``, seat 0's first) from ``player``'s seat, theirs
    first: what that player's choices are worth in the game. None without a score, or once a
    score has reached the target (the game is over: nothing is left to play for).

    >>> seat_scores((40, 75), 1, Rules()), seat_scores((100, 75), 0, Rules())
    ((75, 40), None)
    """
    if scores is None:
        return None
    mine, theirs = scores[player], scores[1 - player]
    return (mine, theirs) if max(mine, theirs) < rules.target else None


def _game_on(scores: object, rules: object) -> tuple[int, int]:
    """The scores of a game still on under ``rules`` whose play was measured, or an
    :class:`ArgumentError` naming what is wrong."""
    if not isinstance(rules, Rules):
        raise wrong_argument("rules", rules, "a Rules")
    checked = measured_scores(scores, rules)
    if checked is None:
        raise wrong_argument("scores", scores, "the scores of a game whose odds were measured")
    return checked


def game_slope(scores: tuple[int, int], rules: Rules) -> float:
    """How much one point this hand moves the chance of winning the game at ``scores``: the
    rate at which :func:`game_points` turns chances back into points. At 0-0 a point is
    worth about half a percent of a game.

    >>> 0.004 < game_slope((0, 0), Rules()) < 0.006
    True
    """
    mine, theirs = _game_on(scores, rules)
    up, down = (after_hand(mine, theirs, p, rules) for p in (SLOPE_POINTS, -SLOPE_POINTS))
    return max((up - down) / (2 * SLOPE_POINTS), SLOPE_FLOOR)


#: The points either side of a score over which :func:`game_slope` is measured, and the
#: least slope it takes (a game nearly decided either way would make every point huge).
SLOPE_POINTS: Final = 10
SLOPE_FLOOR: Final = 0.001


def game_points(points: int, scores: tuple[int, int], rules: Rules) -> float:
    """A hand's ``points`` (the player's; negative, the opponent's) as what they do to the
    game at ``scores``, in points: the change in the chance of winning the game against a
    dead hand, over :func:`game_slope`. At 0-0 this is nearly the points themselves; at
    97-77 a knock for 3 wins the game and is worth far more than 3.

    >>> round(game_points(10, (0, 0), Rules()), 1), round(game_points(-10, (0, 0), Rules()), 1)
    (10.0, -10.0)
    >>> game_points(3, (97, 77), Rules()) > 5 * game_points(3, (0, 0), Rules())
    True
    """
    if type(points) is not int:
        raise wrong_argument("points", points, "a whole number of points")
    mine, theirs = _game_on(scores, rules)
    base = after_hand(mine, theirs, 0, rules)
    return (after_hand(mine, theirs, points, rules) - base) / game_slope(scores, rules)


def game_chance_of(value: float, scores: tuple[int, int], rules: Rules) -> float:
    """The chance of winning the game of a choice worth ``value`` in :func:`game_points`
    (the mean over its deals), back on the game's own scale.

    >>> even = game_chance_of(0.0, (0, 0), Rules())
    >>> 0.45 < even < 0.55 < game_chance_of(20.0, (0, 0), Rules())
    True
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise wrong_argument("value", value, "a number of points")
    mine, theirs = _game_on(scores, rules)
    return after_hand(mine, theirs, 0, rules) + value * game_slope(scores, rules)


@names_bad_arguments
def game_valued(points: list[list[int]], scores: tuple[int, int] | None,
                 rules: Rules) -> Sequence[Sequence[float]]:
    """Every deal's points as :func:`game_points` when a score is on the table (as they are
    without one).

    >>> game_valued([[10, -10]], None, Rules())
    [[10, -10]]
    >>> [[round(v, 1) for v in row] for row in game_valued([[10, -10]], (0, 0), Rules())]
    [[10.0, -10.0]]
    """
    if not all(isinstance(deals, list) for deals in points):
        raise wrong_argument("points", points, "a list of each choice's points, deal by deal")
    if scores is None:
        return points
    table: dict[int, float] = {}
    valued = []
    for deals in points:
        row = []
        for p in deals:
            value = table.get(p)
            if value is None:
                value = table[p] = game_points(p, scores, rules)
            row.append(value)
        valued.append(row)
    return valued
