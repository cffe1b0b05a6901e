"""Puzzles from your own games: each mistake and blunder the coach found becomes a puzzle.

A learner remembers a position they played better than one from a book. So after a coached
game, every decision the coach's review graded a mistake or a blunder
(:func:`gin_teach.coach.review`) is rebuilt as it stood, with only what the learner knew then,
and turned into a :class:`~gin_teach.puzzles.Puzzle` with the judge's answer and reason (the
judge's values are the review's own, measured again only when they are no longer cached).
The learner's record keeps them (:meth:`~gin_teach.learner.record.Progress.with_own_puzzles`)
and schedules each as a miss, so the trainer offers them for review from the next day on,
and the dashboard counts them ("from your games: 7 puzzles, 3 due").

Here the learner passes an upcard that gives gin, then throws a card of a made run:

>>> from gin_teach import Round
>>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C 8H 8D AS"],
...                       upcard="6H", stock="AC 2C 9D 9H 9S", dealer=1)
>>> for move in ("pass", "pass", "draw", "discard 3H", "draw", "knock 2C"):
...     rnd.apply(move)
>>> [(p.kind, p.id.startswith(OWN_PREFIX)) for p in puzzles_of_round(rnd, 0)]
[('draw', True), ('discard', True)]
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Iterable, Sequence
from typing import Final

from gin_teach.analysis import Knowledge, analyze_draw
from gin_teach.coach import Decision, Review, as_dealt, review
from gin_teach.core.cards import Card
from gin_teach.core.rules import Rules
from gin_teach.core.validation import names_bad_arguments
from gin_teach.engine.game import Game
from gin_teach.engine.round import Round
from gin_teach.errors import PuzzleError, ReviewError, excerpt
from gin_teach.explain import draw_reason
from gin_teach.judge import COACH, judge_discard, judge_draw
from gin_teach.learner.record import Progress
from gin_teach.puzzles import DRAW_HINTS, ChoiceValue, Puzzle
from gin_teach.puzzles.kinds import draw_tier
from gin_teach.puzzles.texts import puzzle_texts, puzzle_tier
from gin_teach.puzzles.verify import accepted_cards

__all__ = ["OWN_PREFIX", "OWN_VERDICTS", "own_puzzles_of", "puzzle_of_decision",
           "puzzles_from_review", "puzzles_of_round", "with_game_puzzles"]

OWN_PREFIX: Final = "game-"
"""The id of every puzzle from the learner's own games starts so (the bank's start with p)."""
OWN_VERDICTS: Final = ("mistake", "blunder")
"""The verdicts of the decisions that become puzzles: an inaccuracy is too close to learn
from as a puzzle."""
_BASE_RATING: Final = {1: 1000, 2: 1250, 3: 1400, 4: 1500, 5: 1650}
"""A game puzzle's rating by its tier, as the bank's start (it is the learner's own miss)."""


def _round_of(state: Round | Game, decision: Decision) -> Round:
    if isinstance(state, Round):
        return state
    try:
        return state.rounds[decision.round_index]
    except IndexError:
        raise ReviewError(f"the game has no round {decision.round_index + 1}") from None


def _position(rnd: Round, decision: Decision) -> Round:
    """The round as it stood when the decision was made (a fresh replay; ``rnd`` untouched)."""
    replay = as_dealt(rnd)
    for _mover, action in rnd.history[:decision.move_index]:
        replay.apply(action)
    return replay


def _digest(kind: str, hand: Sequence[Card], knowledge: Knowledge) -> str:
    text = " ".join([kind, *(c.code for c in hand), repr(knowledge)])
    return OWN_PREFIX + hashlib.sha256(text.encode()).hexdigest()[:10]


@names_bad_arguments
def puzzle_of_decision(state: Round | Game, decision: Decision) -> Puzzle:
    """The puzzle of one reviewed decision of ``state`` (a finished round, or a game whose
    ``decision.round_index`` names the round): the position as the player saw it, every
    choice valued by the judge (the coach's precision), the answer, reason and hint as a bank
    puzzle has them. Raises :class:`~gin_teach.errors.PuzzleError` when the position makes no
    puzzle (nothing to choose).

    >>> from gin_teach import Round
    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
    ...                        "2S 3S 4S QD QH QC 8C 8H 8D AS"], upcard="6H", stock="AC 2C",
    ...                       dealer=1)
    >>> for move in ("pass", "pass", "draw", "discard 3H", "draw", "knock 2C"):
    ...     rnd.apply(move)
    >>> passed = review(rnd, 0).decisions[0]
    >>> passed.move, passed.verdict, puzzle_of_decision(rnd, passed).take
    ('pass', 'blunder', True)
    """
    if not isinstance(state, (Round, Game)):
        raise ReviewError(f"state must be a finished Round or a Game, got {excerpt(state)}")
    if not isinstance(decision, Decision):
        raise ReviewError(f"decision must be a Decision of a review, got {excerpt(decision)}")
    position = _position(_round_of(state, decision), decision)
    player = position.current_player
    hand = tuple(sorted(position.hand(player)))
    knowledge = Knowledge.from_observation(position.observation(player))
    rules = position.rules
    scores = position.scores or (0, 0)
    mine = (scores[player], scores[1 - player])
    # The judge values the choices by the game's score as the coach's review did, so the
    # puzzle's answer is the move the review called best.
    valued = mine if position.scores is not None and max(mine) < rules.target else None
    turn = 1 + sum(1 for mover, action in position.history if mover == player
                   and str(action) in ("draw", "take"))
    if decision.kind == "draw":
        return _draw_puzzle(position, hand, knowledge, rules, mine, turn, valued)
    return _discard_puzzle(hand, knowledge, rules, mine, turn, valued)


def _discard_puzzle(hand: tuple[Card, ...], knowledge: Knowledge, rules: Rules,
                    scores: tuple[int, int], turn: int,
                    valued: tuple[int, int] | None) -> Puzzle:
    judged = judge_discard(hand, knowledge, rules, precision=COACH, scores=valued)
    best = judged.best
    knockable = any(o.knock and o.card == best.card for o in judged.options)
    knock = best.knock if knockable else None
    answer = accepted_cards(judged, knock)
    values = tuple(sorted((ChoiceValue(o.card, o.knock, o.loss, "", o.error)
                           for o in judged.options if o.card is not None),
                          key=lambda v: (v.points_lost, v.card, v.knock)))
    if all(v.card in answer for v in values):
        raise PuzzleError("every choice here is as good as the best: no puzzle")
    tier = puzzle_tier(hand, knowledge, values, answer, knock, scores, rules)
    texts = puzzle_texts(tier, hand, knowledge, values, answer, knock, scores, rules)
    values = tuple(ChoiceValue(v.card, v.knock, v.points_lost, texts.whys[(v.card, v.knock)],
                               v.error) for v in values)
    return Puzzle(id=_digest("discard", hand, knowledge), tier=tier, themes=texts.themes,
                  hand=hand, knowledge=knowledge, answer=answer, knock=knock,
                  rating=_BASE_RATING[tier], explanation=texts.explanation, hint=texts.hint,
                  choices=values, scores=scores, turn=min(turn, 40))


def _draw_puzzle(position: Round, hand: tuple[Card, ...], knowledge: Knowledge, rules: Rules,
                 scores: tuple[int, int], turn: int, valued: tuple[int, int] | None) -> Puzzle:
    refuse = "draw" if position.phase == "draw" else "pass"
    judged = judge_draw(hand, knowledge, rules, refuse=refuse, precision=COACH, scores=valued)
    best = judged.best
    take = best.kind == "take"
    upcard = knowledge.discard_pile[-1]
    choices = tuple(ChoiceValue(upcard, False, o.loss,
                                draw_reason(judged, hand, knowledge, o, rules), o.error,
                                take=o.kind == "take") for o in judged.options)
    tier, _ = draw_tier(hand, knowledge, take, rules)
    melds = analyze_draw(hand, knowledge, rules).take_melds
    theme = ("take to make a meld" if take and melds else "take low for high" if take
             else "draw for the average")  # the bank's draw themes, as draw_puzzle names them
    return Puzzle(id=_digest("draw", hand, knowledge), tier=tier,
                  themes=(theme,), hand=hand, knowledge=knowledge,
                  answer=frozenset(), knock=None, rating=_BASE_RATING[tier],
                  explanation=draw_reason(judged, hand, knowledge, best, rules),
                  hint=DRAW_HINTS[tier], choices=choices, scores=scores,
                  turn=min(turn, 40), kind="draw", take=take)


@names_bad_arguments
def puzzles_from_review(state: Round | Game, done: Review) -> tuple[Puzzle, ...]:
    """A puzzle for each mistake and blunder of the review ``done`` of ``state``, in the
    order played; a decision whose position makes no puzzle is left out, and a position met
    twice gives one puzzle.

    >>> from gin_teach import Round
    >>> from gin_teach.bots import GreedyBot, play
    >>> rnd = play(Round(seed=3), [GreedyBot(), GreedyBot()])
    >>> done = review(rnd, 0)
    >>> len(puzzles_from_review(rnd, done)) <= sum(d.verdict in OWN_VERDICTS
    ...                                            for d in done.decisions)
    True
    """
    if not isinstance(done, Review):
        raise ReviewError(f"done must be a Review (coach.review makes one), got {excerpt(done)}")
    found: dict[str, Puzzle] = {}
    for decision in done.decisions:
        if decision.verdict not in OWN_VERDICTS:
            continue
        try:
            puzzle = puzzle_of_decision(state, decision)
        except PuzzleError:
            continue
        found.setdefault(puzzle.id, puzzle)
    return tuple(found.values())


@names_bad_arguments
def puzzles_of_round(rnd: Round, player: int = 0) -> tuple[Puzzle, ...]:
    """Review ``player``'s decisions in the finished round ``rnd`` and return the puzzles of
    its mistakes and blunders (see :func:`puzzles_from_review`).

    >>> from gin_teach import Round
    >>> from gin_teach.bots import GreedyBot, play
    >>> all(p.id.startswith(OWN_PREFIX)
    ...     for p in puzzles_of_round(play(Round(seed=3), [GreedyBot(), GreedyBot()])))
    True
    """
    return puzzles_from_review(rnd, review(rnd, player))


@names_bad_arguments
def with_game_puzzles(progress: Progress, puzzles: Iterable[Puzzle],
                      when: datetime.datetime | None = None) -> Progress:
    """``progress`` with ``puzzles`` kept and scheduled for review from ``when`` on.

    >>> from gin_teach.puzzles import load_bank
    >>> puzzle = load_bank()[0]
    >>> [p.id for p in own_puzzles_of(with_game_puzzles(Progress(), [puzzle]))] == [puzzle.id]
    True
    """
    return progress.with_own_puzzles({p.id: p.to_dict() for p in puzzles}, when)


@names_bad_arguments
def own_puzzles_of(progress: Progress) -> tuple[Puzzle, ...]:
    """The puzzles from the learner's own games that ``progress`` keeps, oldest first; one
    that no longer reads as a puzzle (a file edited by hand) is left out.

    >>> own_puzzles_of(Progress())
    ()
    """
    found = []
    for data in progress.own_puzzles.values():
        try:
            found.append(Puzzle.from_dict(data))
        except PuzzleError:
            continue
    return tuple(found)
