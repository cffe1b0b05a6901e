"""The coach: a hint for this turn, a grade for each move, and a review of a whole round or game.

Every decision a player makes is judged with only what that player knew when making it (its
own hand and :meth:`Knowledge.from_observation <gin_teach.analysis.Knowledge.from_observation>`
at that point), never with the hidden cards, and always by the judge
(:mod:`gin_teach.judge`): the draw (take the face-up card, pass it, or draw from the stock)
and the discard with the knock are valued choice by choice on imagined deals seeded from the
position, so the hint for a turn is the move the review grades best, and the same position
gets the same grade every time. The verdicts are the judge's scale: ``best``, ``good``,
``inaccuracy``, ``mistake``, ``blunder``.

**Accuracy** is ``100 * mean(exp(-points_lost / ACCURACY_SCALE))`` over the graded
decisions: 100 when every move was the best, about 61 for a move that loses one point, about
22 for one that loses three.

>>> from gin_teach import Round
>>> from gin_teach.bots import BOTS, play
>>> rnd = play(Round(seed=4), [BOTS["shaper"](seed=1), BOTS["random"](seed=2)])
>>> shaper, random_player = review(rnd, player=0), review(rnd, player=1)
>>> shaper.accuracy > random_player.accuracy
True
>>> Review.from_json(shaper.to_json()) == shaper
True
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from gin_teach.analysis import Knowledge
from gin_teach.analysis.game_odds import seat_scores
from gin_teach.core.validation import names_bad_arguments, read_json
from gin_teach.engine.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    PassUpcard,
    TakeDiscard,
    parse_action,
)
from gin_teach.engine.game import Game
from gin_teach.engine.round import Round
from gin_teach.errors import GinError, ReviewError, excerpt
from gin_teach.explain import discard_reason, draw_reason, move_words
from gin_teach.judge import ACCEPTED, COACH, VERDICTS, Judgement, Option, judge_discard, judge_draw
from gin_teach.puzzles.verify import panel_disagreement
from gin_teach.refutation import Refutation, refute

__all__ = [
    "ACCURACY_SCALE",
    "REVIEW_FORMAT",
    "REVIEW_VERSION",
    "Decision",
    "Hint",
    "Review",
    "as_dealt",
    "depends_on_opponent",
    "grade_move",
    "hint",
    "refutation",
    "review",
]

ACCURACY_SCALE: Final = 2.0
"""Expected points lost that take a decision's accuracy down to 1/e (about 37%)."""
REVIEW_FORMAT: Final = "gin_teach.review"
REVIEW_VERSION: Final = 1
_KINDS: Final = ("draw", "discard")
_MAX_DECISIONS: Final = 5_000
_MAX_TEXT: Final = 1_000


@dataclass(frozen=True)
class Decision:
    """One graded decision: in round ``round_index`` (0 for a single round), move number
    ``move_index`` of the round's history, a ``kind`` (``"draw"`` or ``"discard"``, which
    includes knocking); the ``move`` made and the ``best`` move (both as move text such as
    ``"knock KS"``), the ``verdict``, the expected ``points_lost`` and ``why``.

    >>> d = Decision(0, 3, "discard", "discard 2D", "discard KS", "mistake", 1.5, "...")
    >>> d.is_best, d.accuracy < 1
    (False, True)
    """

    round_index: int
    move_index: int
    kind: str
    move: str
    best: str
    verdict: str
    points_lost: float
    why: str

    @property
    def is_best(self) -> bool:
        """Whether the move was graded best."""
        return self.verdict == "best"

    @property
    def accepted(self) -> bool:
        """Whether the move was graded best or good: as good as the playouts can tell."""
        return self.verdict in ACCEPTED

    @property
    def accuracy(self) -> float:
        """This decision's share of accuracy, from 1 (no loss) toward 0.

        >>> Decision(0, 0, "draw", "draw", "draw", "best", 0.0, "").accuracy
        1.0
        """
        return math.exp(-self.points_lost / ACCURACY_SCALE)

    def to_dict(self) -> dict[str, Any]:
        """The decision as plain JSON values.

        >>> Decision(0, 0, "draw", "draw", "take", "inaccuracy", 0.5, "why").to_dict()["best"]
        'take'
        """
        return {"round": self.round_index, "move_index": self.move_index, "kind": self.kind,
                "move": self.move, "best": self.best, "verdict": self.verdict,
                "points_lost": self.points_lost, "why": self.why}

    @classmethod
    def from_dict(cls, data: object) -> Decision:
        """A decision from :meth:`to_dict`'s form, every field checked.

        >>> Decision.from_dict({"round": 0})
        Traceback (most recent call last):
        ...
        gin_teach.errors.ReviewError: a decision needs best, kind, move, move_index, ...
        """
        keys = ["best", "kind", "move", "move_index", "points_lost", "round", "verdict", "why"]
        if not isinstance(data, dict) or sorted(data) != keys:
            raise ReviewError(f"a decision needs {', '.join(keys)}; got {excerpt(data)}")
        for key in ("round", "move_index"):
            if type(data[key]) is not int or not 0 <= data[key] < 100_000:
                raise ReviewError(f"a decision's {key} must be a small whole number, "
                                  f"got {excerpt(data[key])}")
        for key in ("kind", "move", "best", "verdict", "why"):
            if not isinstance(data[key], str) or len(data[key]) > _MAX_TEXT:
                raise ReviewError(f"a decision's {key} must be text, got {excerpt(data[key])}")
        if data["kind"] not in _KINDS:
            raise ReviewError(f"a decision's kind is draw or discard, not {excerpt(data['kind'])}")
        if data["verdict"] not in VERDICTS:
            raise ReviewError(f"a verdict is one of {', '.join(VERDICTS)}, "
                              f"not {excerpt(data['verdict'])}")
        for key in ("move", "best"):
            try:
                parse_action(data[key])
            except GinError:
                raise ReviewError(f"a decision's {key} is not a move: {excerpt(data[key])}") \
                    from None
        lost = data["points_lost"]
        if type(lost) not in (int, float) or not (math.isfinite(lost) and 0 <= lost < 500):
            raise ReviewError(f"points_lost must be a number from 0, got {excerpt(lost)}")
        return cls(data["round"], data["move_index"], data["kind"], data["move"], data["best"],
                   data["verdict"], float(lost), data["why"])


@dataclass(frozen=True)
class Hint:
    """The analysis' move for this turn (``move``, as move text) and ``why``.

    >>> from gin_teach import Round
    >>> hint(Round(seed=3)).move in ("take", "pass")
    True
    """

    move: str
    why: str

    @property
    def said(self) -> str:
        """The move in words, with card symbols (``move`` is the move as typed).

        >>> Hint("discard JS", "").said
        'discard J♠'
        """
        return move_words(self.move)

    @property
    def action(self) -> Action:
        """The move as an action to apply.

        >>> Hint("draw", "").action
        DrawStock()
        """
        return parse_action(self.move)


@dataclass(frozen=True)
class Review:
    """The review of one player's decisions in a round or a game: every graded ``decisions``
    in order and the ``accuracy`` (0 to 100); ``round_accuracy`` holds the figure of each
    round reviewed, ``helped`` says what help was used at the table (a take-back, the
    opponent's hand shown), so a reviewed game says it was helped.

    >>> from gin_teach import Round
    >>> from gin_teach.bots import BOTS, play
    >>> rnd = play(Round(seed=5), [BOTS["simple"](seed=1), BOTS["simple"](seed=2)])
    >>> result = review(rnd)
    >>> 0 <= result.accuracy <= 100, len(result.round_accuracy)
    (True, 1)
    """

    player: int
    decisions: tuple[Decision, ...]
    accuracy: float
    round_accuracy: tuple[float, ...]
    helped: tuple[str, ...] = ()

    def counts(self) -> dict[str, int]:
        """How many decisions got each verdict.

        >>> Review(0, (), 100.0, (100.0,)).counts()
        {'best': 0, 'good': 0, 'inaccuracy': 0, 'mistake': 0, 'blunder': 0}
        """
        return {verdict: sum(d.verdict == verdict for d in self.decisions)
                for verdict in VERDICTS}

    def with_help(self, *notes: str) -> Review:
        """The same review marked with help used at the table.

        >>> Review(0, (), 100.0, ()).with_help("took back a move").helped
        ('took back a move',)
        """
        return Review(self.player, self.decisions, self.accuracy, self.round_accuracy,
                      self.helped + tuple(notes))

    @classmethod
    @names_bad_arguments
    def combine(cls, reviews: Sequence[Review]) -> Review:
        """One review of several rounds' reviews of the same player (a game so far).

        >>> one = Review(0, (Decision(0, 0, "draw", "draw", "take", "mistake", 2.0, ""),),
        ...              36.787944, (36.787944,))
        >>> two = Review(0, (Decision(1, 0, "draw", "take", "take", "best", 0.0, ""),),
        ...              100.0, (100.0,), ("took back a move in round 2",))
        >>> both = Review.combine([one, two])
        >>> round(both.accuracy, 1), both.round_accuracy, both.helped
        (68.4, (36.787944, 100.0), ('took back a move in round 2',))
        """
        if isinstance(reviews, (str, bytes)) or not all(isinstance(r, Review) for r in reviews):
            raise ReviewError(f"combine takes a list of reviews, got {excerpt(reviews)}")
        if not reviews or len({r.player for r in reviews}) != 1:
            raise ReviewError("combine reviews of one player, at least one")
        decisions = tuple(d for r in reviews for d in r.decisions)
        return cls(reviews[0].player, decisions, _accuracy(decisions),
                   tuple(a for r in reviews for a in r.round_accuracy),
                   tuple(note for r in reviews for note in r.helped))

    def summary(self) -> str:
        """One line: accuracy and the verdict counts.

        >>> Review(0, (), 100.0, (100.0,)).summary()
        'Accuracy 100: 0 best, 0 good, 0 inaccuracies, 0 mistakes, 0 blunders.'
        """
        counts = self.counts()
        plural = {"best": "best", "good": "good", "inaccuracy": "inaccuracies",
                  "mistake": "mistakes", "blunder": "blunders"}
        parts = ", ".join(f"{counts[v]} {plural[v] if counts[v] != 1 else v}" for v in VERDICTS)
        line = f"Accuracy {self.accuracy:.0f}: {parts}."
        if self.helped:
            line += f" Helped: {'; '.join(self.helped)}."
        return line

    def to_dict(self) -> dict[str, Any]:
        """The review as plain JSON values, to save beside the game.

        >>> Review(1, (), 100.0, (100.0,)).to_dict()["format"]
        'gin_teach.review'
        """
        return {"format": REVIEW_FORMAT, "version": REVIEW_VERSION, "player": self.player,
                "accuracy": self.accuracy, "round_accuracy": list(self.round_accuracy),
                "helped": list(self.helped),
                "decisions": [decision.to_dict() for decision in self.decisions]}

    def to_json(self) -> str:
        """The review as JSON text (see :meth:`from_json`).

        >>> json.loads(Review(0, (), 100.0, (100.0,)).to_json())["accuracy"]
        100.0
        """
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: object) -> Review:
        """A review from :meth:`to_dict`'s form; anything else raises :class:`ReviewError`.

        >>> Review.from_dict({"format": "gin_teach.review", "version": 9})
        Traceback (most recent call last):
        ...
        gin_teach.errors.ReviewError: this review is version 9; this gin_teach reads version 1
        """
        if not isinstance(data, dict) or data.get("format") != REVIEW_FORMAT:
            raise ReviewError(f"not a gin_teach review: {excerpt(data)}")
        if data.get("version") != REVIEW_VERSION:
            raise ReviewError(f"this review is version {excerpt(data.get('version'))}; this "
                              f"gin_teach reads version {REVIEW_VERSION}")
        player = data.get("player")
        if player not in (0, 1) or type(player) is not int:
            raise ReviewError(f"the player is 0 or 1, not {excerpt(player)}")
        decisions = data.get("decisions")
        if not isinstance(decisions, list) or len(decisions) > _MAX_DECISIONS:
            raise ReviewError("decisions must be a list of at most "
                              f"{_MAX_DECISIONS} decisions")
        rounds = data.get("round_accuracy")
        helped = data.get("helped")
        if not isinstance(rounds, list) or not all(_is_accuracy(a) for a in rounds):
            raise ReviewError(f"round_accuracy must list figures from 0 to 100, "
                              f"got {excerpt(rounds)}")
        if not isinstance(helped, list) or not all(
                isinstance(note, str) and len(note) <= _MAX_TEXT for note in helped):
            raise ReviewError(f"helped must list short notes, got {excerpt(helped)}")
        parsed = tuple(Decision.from_dict(item) for item in decisions)
        accuracy = data.get("accuracy")
        if not isinstance(accuracy, (int, float)) or not _is_accuracy(accuracy) \
                or abs(float(accuracy) - _accuracy(parsed)) > 1e-6:
            raise ReviewError(f"the accuracy {excerpt(accuracy)} does not follow from the "
                              "decisions: the file was changed")
        return cls(player, parsed, float(accuracy), tuple(float(a) for a in rounds),
                   tuple(helped))

    @classmethod
    def from_json(cls, text: str) -> Review:
        """A review from :meth:`to_json`'s text.

        >>> Review.from_json("{")
        Traceback (most recent call last):
        ...
        gin_teach.errors.ReviewError: this review is not readable JSON: Expecting property ...
        """
        if not isinstance(text, str) or len(text) > 5_000_000:
            raise ReviewError("a review is JSON text of at most 5 MB")
        return cls.from_dict(read_json(text, what="review", error=ReviewError))

    def __str__(self) -> str:
        lines = [self.summary()]
        for d in self.decisions:
            if not d.is_best:
                lines.append(f"  round {d.round_index + 1}, move {d.move_index + 1}: "
                             f"{move_words(d.move)} ({d.verdict}, {d.points_lost:.1f} points), "
                             f"better {move_words(d.best)}. {d.why}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from gin_teach.display import message_html

        rows = []
        for d in self.decisions:
            colour = {"best": "#1b5e20", "good": "#2e7d32", "inaccuracy": "#8d6e00",
                      "mistake": "#e65100", "blunder": "#b71c1c"}[d.verdict]
            better = "" if d.is_best else html.escape(move_words(d.best))
            rows.append(
                f'<tr class="gin-decision gin-{d.verdict}"><td>{d.round_index + 1}</td>'
                f"<td>{d.move_index + 1}</td><td>{html.escape(move_words(d.move))}</td>"
                f'<td style="color:{colour};font-weight:bold">{d.verdict}</td>'
                f"<td>{d.points_lost:.1f}</td><td>{better}</td>"
                f"<td>{html.escape(d.why)}</td></tr>")
        table = ('<table class="gin-review" style="border-collapse:collapse">'
                 "<tr><th>round</th><th>move</th><th>you</th><th>grade</th>"
                 "<th>points lost</th><th>better</th><th>why</th></tr>"
                 + "".join(rows) + "</table>")
        kind = "right" if self.accuracy >= 80 else "info"
        return message_html(self.summary(), kind) + table


def _is_accuracy(value: object) -> bool:
    return type(value) in (int, float) and 0 <= value <= 100  # type: ignore[operator]


def _accuracy(decisions: Sequence[Decision]) -> float:
    if not decisions:
        return 100.0
    return round(100 * sum(d.accuracy for d in decisions) / len(decisions), 6)


# --------------------------------------------------------------------------- judging one move


def _knowledge(state: Round, player: int) -> Knowledge:
    return Knowledge.from_observation(state.observation(player))


def _judged(rnd: Round) -> tuple[Judgement, str]:
    """The judge's valuation of the decision the player to act faces, and its kind."""
    player = rnd.current_player
    hand, knowledge = rnd.hand(player), _knowledge(rnd, player)
    if rnd.phase in ("upcard_nondealer", "upcard_dealer", "draw"):
        refuse = "draw" if rnd.phase == "draw" else "pass"
        return judge_draw(hand, knowledge, rnd.rules, refuse=refuse, precision=COACH,
                          scores=_scores(rnd, player)), "draw"
    return judge_discard(hand, knowledge, rnd.rules, precision=COACH,
                         scores=_scores(rnd, player)), "discard"


def _scores(rnd: Round, player: int) -> tuple[int, int] | None:
    """The game's score before this round, the player's first: what its choices are worth."""
    return seat_scores(rnd.scores, player, rnd.rules)


def _reason(rnd: Round, judged: Judgement, chosen: Option) -> str:
    player = rnd.current_player
    if judged.decision == "draw":
        return draw_reason(judged, rnd.hand(player), _knowledge(rnd, player), chosen, rnd.rules)
    return discard_reason(judged, rnd.hand(player), chosen, rnd.rules, _knowledge(rnd, player),
                          rnd.scores)


def grade_move(state_before: Round | Game, move: Action | str) -> Decision | None:
    """Grade ``move`` for the player to act in ``state_before`` (which is left untouched),
    from what that player knows. ``None`` when there was nothing to decide (a forced draw, the
    defender's lay-off, big gin). An illegal move raises :class:`IllegalMove`.

    >>> from gin_teach import Round
    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
    ...                       upcard="6H", stock="AC", dealer=1)
    >>> grade_move(rnd, "take").verdict, grade_move(rnd, "pass").verdict
    ('best', 'blunder')
    >>> rnd.apply("take")
    >>> grade = grade_move(rnd, "discard 3H")
    >>> grade.best, grade.verdict in ("mistake", "blunder")
    ('knock KD', True)
    """
    rnd = state_before.round if isinstance(state_before, Game) else state_before
    if not isinstance(rnd, Round):
        raise ReviewError(f"grade_move takes a Round or a Game, not {type(state_before).__name__}")
    action = parse_action(move) if isinstance(move, str) else move
    rnd.verify(action)  # the engine's own IllegalMove, naming the problem
    return _grade(rnd, action, 0)


def _grade(rnd: Round, action: Action, round_index: int) -> Decision | None:
    move_index = len(rnd.history)
    if isinstance(action, (TakeDiscard, PassUpcard, DrawStock)):
        if len(rnd.legal_actions()) < 2:
            return None
    elif not isinstance(action, (Discard, Knock)):  # big gin and lay-offs: nothing to weigh
        return None
    judged, kind = _judged(rnd)
    move = f"knock {action.card.code}" if isinstance(action, Knock) else str(action)
    chosen = judged.option(move)
    return Decision(round_index, move_index, kind, move, judged.best.move,
                    chosen.verdict, chosen.loss, _reason(rnd, judged, chosen))


def hint(state: Round | Game, player: int | None = None) -> Hint:
    """The judge's best move for the player to act (``player``, if given, must be that player)
    and why. Raises :class:`ReviewError` when there is no decision to make.

    >>> from gin_teach import Round
    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
    ...                       upcard="6H", stock="AC", dealer=1)
    >>> hint(rnd, 0)  # doctest: +ELLIPSIS
    Hint(move='take', why='Take 6♥: it adds to your run, and after throwing K♦ you have 0, gin ...')
    """
    rnd = state.round if isinstance(state, Game) else state
    if not isinstance(rnd, Round):
        raise ReviewError(f"hint takes a Round or a Game, not {type(state).__name__}")
    if rnd.is_over:
        raise ReviewError("the round is over: there is no move to hint")
    acting = rnd.current_player
    if player is not None and (type(player) is not int or player not in (0, 1)):
        raise ReviewError(f"the player is 0 or 1, not {excerpt(player)}")
    if player is not None and player != acting:
        raise ReviewError(f"it is player {acting}'s turn, not player {excerpt(player)}'s")
    if rnd.phase in ("upcard_nondealer", "upcard_dealer", "draw") \
            and len(rnd.legal_actions()) < 2:
        return Hint("draw", "The upcard was passed by both players: draw from the stock.")
    if rnd.phase == "layoff":
        return Hint("lay off", "Lay off every card you can: each one lowers your count.")
    if any(isinstance(a, BigGin) for a in rnd.legal_actions()):
        return Hint("big gin", "All eleven cards meld: big gin beats any knock.")
    judged, _ = _judged(rnd)
    return Hint(judged.best.move, _reason(rnd, judged, judged.best))


# --------------------------------------------------------------------------- whole reviews


def as_dealt(rnd: Round) -> Round:
    """A new round with ``rnd``'s rules and deal, before any move (to replay its history).

    >>> from gin_teach import Round
    >>> rnd = Round(seed=8); rnd.apply("pass")
    >>> as_dealt(rnd).phase, as_dealt(rnd).hand(0) == rnd.hand(0)
    ('upcard_nondealer', True)
    """
    deal = rnd.deal
    return Round.from_deal(deal.hands, deal.upcard, deal.stock, dealer=rnd.dealer,
                           rules=rnd.rules, names=rnd.names, scores=rnd.scores)


def _round_decisions(rnd: Round, player: int, round_index: int) -> list[Decision]:
    replay = as_dealt(rnd)
    found = []
    for mover, action in rnd.history:
        if mover == player:
            decision = _grade(replay, action, round_index)
            if decision is not None:
                found.append(decision)
        replay.apply(action)
    return found


def review(state: Round | Game, player: int = 0, *, round_index: int = 0) -> Review:
    """Review ``player``'s decisions in a finished round, or in every finished round of a game.
    Each decision is replayed with only what the player knew then. ``round_index`` numbers a
    single round's decisions (the round's place in its game, from 0).

    >>> from gin_teach import Round
    >>> review(Round(seed=1))
    Traceback (most recent call last):
    ...
    gin_teach.errors.ReviewError: the round is not over yet: review it when it ends
    """
    if player not in (0, 1) or isinstance(player, bool):
        raise ReviewError(f"the player is 0 or 1, not {excerpt(player)}")
    if isinstance(state, Game):
        rounds = [rnd for rnd in state.rounds if rnd.is_over]
        if not rounds:
            raise ReviewError("no round of this game is over yet: nothing to review")
    elif isinstance(state, Round):
        if not state.is_over:
            raise ReviewError("the round is not over yet: review it when it ends")
        rounds = [state]
    else:
        raise ReviewError(f"review takes a Round or a Game, not {type(state).__name__}")
    if isinstance(round_index, bool) or not isinstance(round_index, int) or round_index < 0:
        raise ReviewError(f"round_index is a whole number from 0, not {excerpt(round_index)}")
    decisions: list[Decision] = []
    per_round = []
    first = round_index if isinstance(state, Round) else 0
    for index, rnd in enumerate(rounds, first):
        found = _round_decisions(rnd, player, index)
        decisions.extend(found)
        per_round.append(_accuracy(found))
    return Review(player, tuple(decisions), _accuracy(decisions), tuple(per_round))


def refutation(state: Round | Game, decision: Decision) -> Refutation | None:
    """What went wrong with a graded ``decision`` of ``state`` (a round, or the game whose
    round ``decision.round_index`` it was), as a line of play: one of the judge's deals of
    that position on which the move made loses and the better one does not
    (:func:`gin_teach.refutation.refute`). None for a move graded best or good, or one
    that does worse on none of the deals. Played out only when asked: a review never does.

    >>> from gin_teach import Round
    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
    ...                       upcard="6H", stock="AC", dealer=1)
    >>> shown = refutation(rnd, grade_move(rnd, "pass"))
    >>> shown.line.move, shown.better.move, shown.line.points < shown.better.points
    ('pass', 'take', True)
    """
    replay = _replayed(state, decision)
    if decision.accepted:
        return None
    player = replay.current_player
    return refute(replay.hand(player), _knowledge(replay, player), replay.rules,
                  decision.move, decision.best, scores=_scores(replay, player))


def depends_on_opponent(state: Round | Game, decision: Decision) -> str | None:
    """Whether a graded ``decision`` of ``state`` (as for :func:`refutation`) stands or falls
    with the opponent: its position judged against every style of opponent the bank is
    checked with (:func:`~gin_teach.puzzles.verify.panel_disagreement`), the sentence that
    names a style where the verdict turns, or None when they all agree. The coach grades with
    the judge's own opponent, for speed; this asks the others, only when asked.

    >>> from gin_teach import Round
    >>> rnd = Round.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"],
    ...                       upcard="6H", stock="AC", dealer=1)
    >>> print(depends_on_opponent(rnd, grade_move(rnd, "pass")))  # every style takes the 6♥
    None
    """
    replay = _replayed(state, decision)
    player = replay.current_player
    refuse = None if decision.kind == "discard" else \
        ("draw" if replay.phase == "draw" else "pass")
    return panel_disagreement(replay.hand(player), _knowledge(replay, player), decision.move,
                              replay.rules, _scores(replay, player), refuse)


def _replayed(state: Round | Game, decision: Decision) -> Round:
    """The round of ``decision`` replayed to the moment it was made, checked as
    :func:`refutation` checks it."""
    if isinstance(state, Game) and isinstance(decision, Decision) \
            and decision.round_index >= len(state.rounds):
        raise ReviewError(f"this game has no round {decision.round_index + 1}")
    rnd = state.rounds[decision.round_index] if isinstance(state, Game) else state
    if not isinstance(rnd, Round) or not isinstance(decision, Decision):
        raise ReviewError("the coach takes a Round or a Game and one of its decisions")
    if decision.move_index > len(rnd.history):
        raise ReviewError(f"move {decision.move_index + 1} was never made in this round")
    replay = as_dealt(rnd)
    for _, action in rnd.history[:decision.move_index]:
        replay.apply(action)
    return replay
