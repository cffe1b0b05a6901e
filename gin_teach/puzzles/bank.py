"""The puzzle bank: its JSON file (a format name and version, the margins, a puzzle a line),
the bank that ships with gin_teach, and the puzzle a lesson draws from it.

>>> bank = load_bank()
>>> bank_from_json(bank_to_json(bank[:3])) == bank[:3]
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Final

from gin_teach.core.validation import names_bad_arguments, read_json
from gin_teach.errors import PuzzleError, excerpt
from gin_teach.puzzles.choices import THEMES, TIER_NAMES
from gin_teach.puzzles.puzzle import QUESTIONS, Puzzle

__all__ = ["BANK_FORMAT", "BANK_VERSION", "MAX_BANK_BYTES", "bank_from_json", "bank_to_json",
           "load_bank", "puzzle_for"]

BANK_FORMAT: Final = "gin_teach puzzle bank"
BANK_VERSION: Final = 1
MAX_BANK_BYTES: Final = 20_000_000
"""A bank file larger than this is refused unread."""
MAX_PUZZLES: Final = 20_000


@names_bad_arguments
def bank_to_json(puzzles: Sequence[Puzzle], margins: Mapping[str, float] | None = None) -> str:
    """The bank file's text: a format name and version, the margins the puzzles were kept
    with, and the puzzles (one per line, for readable diffs).

    >>> text = bank_to_json(load_bank()[:2])
    >>> len(bank_from_json(text))
    2
    """
    head = json.dumps({"format": BANK_FORMAT, "version": BANK_VERSION,
                       "margins": dict(margins or {})})
    body = ",\n".join(json.dumps(p.to_dict(), ensure_ascii=False) for p in puzzles)
    return f"{head[:-1]}, \"puzzles\": [\n{body}\n]}}\n"


def bank_from_json(text: str | bytes) -> tuple[Puzzle, ...]:
    """Read a bank file's text, checking its format, its version and every puzzle; a bad file
    raises :class:`PuzzleError` naming the problem (never evaluates anything it reads).

    >>> bank_from_json('{"format": "chess", "version": 1, "puzzles": []}')
    Traceback (most recent call last):
    ...
    gin_teach.errors.PuzzleError: not a gin_teach puzzle bank (format 'chess')
    """
    if not isinstance(text, (str, bytes)):
        raise PuzzleError(f"a puzzle bank is JSON text, not {excerpt(text)}")
    if len(text) > MAX_BANK_BYTES:
        raise PuzzleError(f"a puzzle bank is at most {MAX_BANK_BYTES} bytes")
    # read_json refuses a number of 400 digits (as a file writes 10**400) before any field
    # turns it into a float, which would overflow.
    data = read_json(text, what="puzzle bank", error=PuzzleError, max_chars=MAX_BANK_BYTES)
    if not isinstance(data, dict):
        raise PuzzleError("a puzzle bank is a JSON object")
    if data.get("format") != BANK_FORMAT:
        raise PuzzleError(f"not a gin_teach puzzle bank (format {excerpt(data.get('format'))})")
    if data.get("version") != BANK_VERSION:
        raise PuzzleError(f"puzzle bank version {excerpt(data.get('version'))} is not "
                          f"supported (this gin_teach reads version {BANK_VERSION})")
    puzzles = data.get("puzzles")
    if not isinstance(puzzles, list) or len(puzzles) > MAX_PUZZLES:
        raise PuzzleError(f"puzzles must be a list of at most {MAX_PUZZLES}")
    bank = tuple(Puzzle.from_dict(item) for item in puzzles)
    ids = [p.id for p in bank]
    if len(set(ids)) != len(ids):
        twice = next(i for i in ids if ids.count(i) > 1)
        raise PuzzleError(f"puzzle id {twice!r} appears twice")
    return bank


_BANK_CACHE: dict[str, tuple[Puzzle, ...]] = {}


@names_bad_arguments
def load_bank(path: str | Path | None = None) -> tuple[Puzzle, ...]:
    """The puzzles in ``path`` (default: the bank that ships with gin_teach), checked.

    >>> bank = load_bank()
    >>> {p.tier for p in bank} <= set(TIER_NAMES), len({p.id for p in bank}) == len(bank)
    (True, True)
    """
    if path is None:
        source = resources.files("gin_teach").joinpath("data/puzzles.json")
        key = "<bundled>"
        if key not in _BANK_CACHE:
            _BANK_CACHE[key] = bank_from_json(source.read_bytes())
        return _BANK_CACHE[key]
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BANK_BYTES:
            raise PuzzleError(f"{path.name}: a puzzle bank is at most {MAX_BANK_BYTES} bytes")
        return bank_from_json(path.read_bytes())
    except OSError as error:
        raise PuzzleError(f"cannot read the puzzle bank {str(path)[:80]}: "
                          f"{error.strerror}") from None


def puzzle_for(theme: str | None, tier: int | None = None, seed: int = 0,
               bank: Sequence[Puzzle] | None = None, *, kind: str | None = None) -> Puzzle:
    """A puzzle of the bank (or ``bank``) that teaches ``theme`` (one of :data:`THEMES`; None
    for any, when a ``kind`` is named), of ``tier`` if given, asking ``kind`` if given (a key
    of :data:`QUESTIONS`: ``"discard"``, ``"knock"`` or ``"draw"``), chosen by ``seed``: the
    same arguments give the same puzzle, so a lesson can draw its exercise from the bank and
    its answer key stays true. The choice ranks the
    fitting puzzles by a hash of ``seed`` and each id, so dropping other puzzles from the bank
    never changes it, and adding some changes it only when a newcomer ranks first.

    >>> puzzle = puzzle_for("knock early")
    >>> "knock early" in puzzle.themes, puzzle == puzzle_for("knock early", seed=0)
    (True, True)
    >>> puzzle_for(None, kind="draw", seed=1).question
    'draw'
    >>> puzzle_for("bluff")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_teach.errors.PuzzleError: 'bluff' is not a puzzle theme; the themes are: highest ...
    """
    if (theme is not None or kind is None) and (not isinstance(theme, str)
                                                 or theme not in THEMES):
        raise PuzzleError(f"{excerpt(theme)} is not a puzzle theme; the themes are: "
                          f"{', '.join(THEMES)}")
    if tier is not None and (type(tier) is not int or tier not in TIER_NAMES):
        raise PuzzleError(f"tier {excerpt(tier)} is not one of {sorted(TIER_NAMES)}")
    if kind is not None and (not isinstance(kind, str) or kind not in QUESTIONS):
        raise PuzzleError(f"kind {excerpt(kind)} is not one of {', '.join(QUESTIONS)}")
    fitting = [p for p in (load_bank() if bank is None else bank)
               if theme in (None, *p.themes) and tier in (None, p.tier)
               and kind in (None, p.question)]
    if not fitting:
        where = f" of tier {tier}" if tier is not None else ""
        asks = f" asking {QUESTIONS[kind].lower()[:-1]}" if kind is not None else ""
        teaches = f" teaches {theme!r}" if theme is not None else ""
        raise PuzzleError(f"no puzzle{where}{asks}{teaches or ' fits'}")
    return min(fitting, key=lambda p: hashlib.sha256(f"{seed}:{p.id}".encode()).digest())
