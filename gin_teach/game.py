"""Games and matches: rounds played one after another, and the scoresheet.

A :class:`Game` deals rounds (see :mod:`gin_teach.round`) until a player's race points reach
the target, then adds the boxes and the game bonus (:class:`GameTotals`); a :class:`Match`
plays several games. Both take moves like a round does: ``legal_actions()``, ``apply(move)``,
``observation(player)``, and the move goes to the round (or game) being played.

>>> game = Game(seed=1)
>>> game.apply("pass"); game.apply("pass"); game.apply("draw")
>>> game.phase, game.current_player == game.round.dealer ^ 1
('discard', True)
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gin_teach.actions import Action
from gin_teach.cards import Card, Deck, HandLike
from gin_teach.errors import IllegalMove
from gin_teach.round import (
    DEFAULT_NAMES,
    FORMAT_VERSION,
    Event,
    Observation,
    Phase,
    ReplayError,
    Round,
    RoundOutcome,
    RoundResult,
    _check_names,
    _check_player,
    _field,
    _load,
    _rules_from,
    _saved_deal,
)
from gin_teach.rules import Rules
from gin_teach.wording import says, whose

__all__ = [
    "DEFAULT_NAMES",
    "Event",
    "Game",
    "GameTotals",
    "Match",
    "Observation",
    "Phase",
    "ReplayError",
    "Round",
    "RoundOutcome",
    "RoundResult",
]
# Round and its values live in gin_teach.round; they stay importable from here, where they
# were first, because notebooks and saved code import them from gin_teach.game.


@dataclass(frozen=True)
class GameTotals:
    """The final (or provisional) count of a game, per player: the race points, the box
    bonus for rounds won, the game bonus, and the total. Boxes never count in the race.

    >>> totals = GameTotals.count((104, 37), (4, 2), Rules())
    >>> totals.box_points, totals.game_bonus, totals.total, totals.winner, totals.margin
    ((100, 50), (100, 0), (304, 87), 0, 217)
    """

    points: tuple[int, int]
    rounds_won: tuple[int, int]
    box_points: tuple[int, int]
    game_bonus: tuple[int, int]
    total: tuple[int, int]
    winner: int | None
    shutout: bool
    doubled: bool

    @property
    def margin(self) -> int:
        """The winner's total minus the loser's."""
        return abs(self.total[0] - self.total[1])

    @classmethod
    def count(cls, points: tuple[int, int], rounds_won: tuple[int, int], rules: Rules,
              winner: int | None = None) -> GameTotals:
        """The totals for these race points and rounds won; the winner is whoever reached the
        target (pass ``winner`` for an unfinished count, or it is worked out).

        >>> GameTotals.count((100, 0), (3, 0), Rules()).total  # a shutout: 200 game bonus
        (375, 0)
        >>> GameTotals.count((100, 0), (3, 0), Rules(shutout_doubles=True)).total
        (550, 0)
        """
        if winner is None:
            reached = [p for p in (0, 1) if points[p] >= rules.target]
            winner = max(reached, key=lambda p: points[p]) if reached else None
        boxes = (rounds_won[0] * rules.box_bonus, rounds_won[1] * rules.box_bonus)
        bonus = [0, 0]
        totals = [points[0] + boxes[0], points[1] + boxes[1]]
        shutout = doubled = False
        if winner is not None:
            shutout = rounds_won[1 - winner] == 0
            doubled = shutout and rules.shutout_doubles
            # Doubling replaces the shutout bonus: the plain game bonus, then the whole total x2.
            bonus[winner] = (rules.shutout_game_bonus if shutout and not doubled
                             else rules.game_bonus)
            totals[winner] += bonus[winner]
            if doubled:
                totals[winner] *= 2
        return cls(points, rounds_won, boxes, (bonus[0], bonus[1]), (totals[0], totals[1]),
                   winner, shutout, doubled)


class Game:
    """Rounds until a player's race points reach the target, then the bonuses.

    The first dealer is chosen by drawing cards (low deals; equal ranks draw again); the
    winner of a round deals the next, and the same dealer deals again after a dead hand. Moves
    go to the current round through :meth:`apply`; when a round ends the next is dealt.
    ``seed`` fixes every deal (a random seed is picked and kept when it is ``None``);
    :meth:`from_deal` starts from a given first deal instead. The scoresheet and every
    message speak to a player named "You" ("You win the game by 150").

    >>> game = Game(seed=3, names=("Ann", "Bob"))
    >>> game.round.dealer == game.first_dealer, game.scores, game.is_over, game.winner
    (True, (0, 0), False, None)
    >>> game.phase, game.current_player == 1 - game.first_dealer
    ('upcard_nondealer', True)
    >>> game.seed, game.names, len(game.rounds), game.rounds_won, game.rules.target
    (3, ('Ann', 'Bob'), 1, (0, 0), 100)
    >>> game.cut  # the cards drawn for the deal: Ann's, then Bob's
    ((Card('AH'), Card('3D')),)
    """

    def __init__(self, rules: Rules | None = None, seed: int | None = None, *,
                 names: Sequence[str] = DEFAULT_NAMES, first_dealer: int | None = None) -> None:
        self._rules = rules or Rules.modern()
        self._names = _check_names(names)
        if seed is None:
            seed = random.randrange(1 << 63)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise IllegalMove(f"the seed is a whole number, not {seed!r}")
        self._seed = seed
        self._rng = random.Random(seed)
        self._cut: tuple[tuple[Card, Card], ...] = ()
        self._chosen_dealer = first_dealer is not None
        if first_dealer is None:
            first_dealer = self._cut_for_deal()
        self._first_dealer = _check_player(first_dealer, "first dealer")
        self._first_deal_given = False
        self._scores = [0, 0]
        self._won = [0, 0]
        self._winner: int | None = None
        self._rounds: list[Round] = []
        self._deal(self._first_dealer)

    @classmethod
    def from_deal(cls, hands: Sequence[HandLike], upcard: Card | str, stock: HandLike = (), *,
                  dealer: int = 0, rules: Rules | None = None,
                  names: Sequence[str] = DEFAULT_NAMES, seed: int | None = None,
                  fill_seed: int = 0) -> Game:
        """A game whose first round is dealt as given (the cards as in
        :meth:`Round.from_deal`), for a lesson's example hands; ``seed`` deals the rounds
        after it.

        >>> game = Game.from_deal(["7S 7H 7D 9C TC JC 3H 4H 5H KD",
        ...                        "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="8D", dealer=1,
        ...                       names=("You", "Bob"), seed=1)
        >>> game.round.prompt()
        'You (not the dealer) may take the upcard 8♦ or pass'
        >>> for move in ("take", "knock KD", "lay off"): game.apply(move)
        >>> game.scores, game.rounds[0].result.describe(game.names), game.round.dealer
        ((17, 0), 'You knock and score 17', 0)
        """
        game = cls(rules, seed, names=names, first_dealer=dealer)
        game._give_first_deal(Round.from_deal(
            hands, upcard, stock, dealer=dealer, rules=game._rules, names=game._names,
            scores=(0, 0), fill_seed=fill_seed))
        return game

    def _give_first_deal(self, first: Round) -> None:
        # The seed's own first deal has been drawn already and is dropped, so the rounds after
        # this one are dealt by the same draws, in a replay too.
        self._rounds[0] = first
        self._first_deal_given = True

    def clone(self) -> Game:
        """An independent copy, to try moves without touching this game.

        >>> game = Game(seed=2); copy = game.clone(); copy.apply("pass")
        >>> game.phase, copy.phase
        ('upcard_nondealer', 'upcard_dealer')
        """
        copy = Game.__new__(Game)
        copy.__dict__.update(self.__dict__)
        copy._rng = random.Random()
        copy._rng.setstate(self._rng.getstate())
        copy._scores = list(self._scores)
        copy._won = list(self._won)
        # A finished round refuses every move, so the copy may share it.
        copy._rounds = [*self._rounds[:-1], self._rounds[-1].clone()]
        return copy

    def _cut_for_deal(self) -> int:
        deck = Deck(self._rng)
        cuts = []
        while True:
            pair = (deck.draw(), deck.draw())
            cuts.append(pair)
            if pair[0].rank != pair[1].rank:
                break
        self._cut = tuple(cuts)
        return 0 if pair[0].rank < pair[1].rank else 1

    def _deal(self, dealer: int) -> None:
        self._rounds.append(Round(self._rng.getrandbits(63), dealer=dealer, rules=self._rules,
                                  names=self._names, scores=(self._scores[0], self._scores[1])))

    @property
    def rules(self) -> Rules:
        """The rules of the table."""
        return self._rules

    @property
    def names(self) -> tuple[str, str]:
        """The players' names."""
        return self._names

    @property
    def seed(self) -> int:
        """The seed of every deal in this game (but a given first deal)."""
        return self._seed

    @property
    def cut(self) -> tuple[tuple[Card, Card], ...]:
        """The cards drawn to choose the first dealer (player 0's, player 1's), one pair per
        draw (equal ranks draw again); empty when the first dealer was given."""
        return self._cut

    @property
    def first_dealer(self) -> int:
        """Who dealt the first round."""
        return self._first_dealer

    @property
    def rounds(self) -> tuple[Round, ...]:
        """Every round so far, the current one last."""
        return tuple(self._rounds)

    @property
    def round(self) -> Round:
        """The round being played (the last one once the game is over)."""
        return self._rounds[-1]

    @property
    def scores(self) -> tuple[int, int]:
        """Race points: the sum of the rounds won, without boxes or bonuses."""
        return (self._scores[0], self._scores[1])

    @property
    def rounds_won(self) -> tuple[int, int]:
        """Rounds each player has won (each is worth a box at the end)."""
        return (self._won[0], self._won[1])

    @property
    def is_over(self) -> bool:
        """True once a player has reached the target."""
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        """The player who reached the target."""
        return self._winner

    @property
    def phase(self) -> Phase:
        """The current round's phase (``over`` only when the game is over)."""
        return self._rounds[-1].phase

    @property
    def current_player(self) -> int:
        """The player to act, or -1 once the game is over."""
        return self._rounds[-1].current_player

    def totals(self) -> GameTotals:
        """The count with boxes and bonuses (provisional while the game goes on).

        >>> Game(seed=1).totals().total
        (0, 0)
        """
        return GameTotals.count(self.scores, self.rounds_won, self._rules, self._winner)

    def legal_actions(self) -> tuple[Action, ...]:
        """The moves allowed in the current round (none once the game is over).

        >>> [str(a) for a in Game(seed=1).legal_actions()]
        ['take', 'pass']
        """
        return self._rounds[-1].legal_actions()

    def is_legal(self, action: Action | str) -> bool:
        """Whether :meth:`apply` would accept ``action`` now.

        >>> Game(seed=1).is_legal("draw"), Game(seed=1).is_legal("pass")
        (False, True)
        """
        return self._rounds[-1].is_legal(action)

    def observation(self, player: int) -> Observation:
        """What ``player`` may know in the current round, scores included.

        >>> view = Game(seed=1).observation(0)
        >>> len(view.hand), view.scores
        (10, (0, 0))
        """
        return self._rounds[-1].observation(player)

    def apply(self, action: Action | str, player: int | None = None) -> None:
        """Play a move in the current round; a finished round is scored and the next dealt.

        >>> game = Game(seed=2); game.apply("discard 7H")
        Traceback (most recent call last):
        ...
        gin_teach.errors.IllegalMove: first the upcard ...
        """
        current = self._rounds[-1]
        if self._winner is not None:
            winner = says(self._names[self._winner], "won", start=False)
            raise IllegalMove(f"the game is over: {winner}")
        current.apply(action, player)
        result = current.result
        if result is None:
            return
        dealer = current.dealer
        if result.winner is not None:
            self._scores[result.winner] += result.points
            self._won[result.winner] += 1
            dealer = result.winner
            if self._scores[result.winner] >= self._rules.target:
                self._winner = result.winner
                return
        self._deal(dealer)

    # ------------------------------------------------------------------------ scoresheet

    def scoresheet(self) -> str:
        """The scoresheet: one line per round with the running race points, then the boxes,
        the game bonus and the totals.

        >>> print(Game(seed=1, names=("Ann", "Bob"), first_dealer=0).scoresheet())
        ... # doctest: +NORMALIZE_WHITESPACE
        Game to 100 (modern rules); Ann deals first
        Round  Dealer  Result           Ann  Bob
        (no round finished yet)
        """
        names = self._names
        finished = [(number, rnd.dealer, rnd.result) for number, rnd in
                    enumerate(self._rounds, 1) if rnd.result is not None]
        texts = [result.describe(names) for _, _, result in finished]
        dealer_width = max(len(names[0]), len(names[1]), len("Dealer"))
        text_width = max([len("Result"), *map(len, texts)])
        width = max(len(names[0]), len(names[1]), 5)

        def line(label: str, a: object, b: object) -> str:
            # The label fills the round, dealer and result columns; then the two players.
            label_width = 6 + 1 + dealer_width + 2 + text_width + 2
            return f"{label:<{label_width}}{a!s:>{width}}  {b!s:>{width}}".rstrip()

        def columns(number: object, dealer: str, result: str) -> str:
            return f"{number!s:<6} {dealer:<{dealer_width}}  {result}"

        lines = [f"Game to {self._rules.target} ({self._rules.name} rules); "
                 f"{self._dealer_line()}",
                 line(columns("Round", "Dealer", "Result"), *names)]
        running = [0, 0]
        for (number, dealer, result), text in zip(finished, texts, strict=True):
            cells = ["", ""]
            if result.winner is not None:
                running[result.winner] += result.points
                cells[result.winner] = str(running[result.winner])
            lines.append(line(columns(number, names[dealer], text), *cells))
        if not finished:
            return "\n".join([*lines, "(no round finished yet)"])
        totals = self.totals()
        box = self._rules.box_bonus
        lines.append(line("Race points", *totals.points))
        lines.append(line(f"Boxes ({box} per round won)",
                          *(f"{won}x{box}" for won in totals.rounds_won)))
        if totals.winner is not None:
            shutout_bonus = totals.shutout and not totals.doubled
            lines.append(line("Shutout game bonus" if shutout_bonus else "Game bonus",
                              *totals.game_bonus))
            if totals.doubled:
                lines.append(f"Shutout: {whose(names[totals.winner])} total is doubled")
        lines.append(line("Total" if self.is_over else "Total so far", *totals.total))
        if totals.winner is not None:
            lines.append(says(names[totals.winner], f"win[s] the game by {totals.margin}"))
        return "\n".join(lines)

    def _dealer_line(self) -> str:
        names = self._names
        first = says(names[self._first_dealer], "deal[s] first")
        if not self._cut:
            return first
        draws = "; ".join(f"{names[0]} drew {a}, {names[1]} drew {b}" for a, b in self._cut)
        return f"{draws}: {first} (low card deals)"

    # ------------------------------------------------------------------------------ JSON

    def _to_dict(self) -> dict[str, Any]:
        return {
            "format": "gin_teach.game",
            "version": FORMAT_VERSION,
            "rules": dataclasses.asdict(self._rules),
            "names": list(self._names),
            "seed": self._seed,
            "first_dealer": self._first_dealer if self._chosen_dealer else None,
            "first_deal": self._rounds[0]._deal_dict() if self._first_deal_given else None,
            "rounds": [{key: value for key, value in rnd._to_dict().items()
                        if key not in ("format", "version", "rules", "names")}
                       for rnd in self._rounds],
            "scores": list(self._scores),
            "rounds_won": list(self._won),
        }

    def to_json(self) -> str:
        """The game as JSON: the seed, each round's deal and moves, and the scores.

        >>> game = Game(seed=5); game.apply("pass")
        >>> Game.from_json(game.to_json()).to_json() == game.to_json()
        True
        """
        return json.dumps(self._to_dict(), indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> Game:
        """Rebuild a game by replaying every round; anything that does not follow from the
        seed (or the given first deal) and the moves raises :class:`ReplayError` (or
        :class:`CardError` for a deal that is not a deal).

        >>> saved = Game(seed=5).to_json().replace('"seed": 5,', '"seed": 6,')
        >>> Game.from_json(saved)
        Traceback (most recent call last):
        ...
        gin_teach.round.ReplayError: round 1's deal is not the one the game's seed gives: ...
        """
        data = _load(text, "gin_teach.game")
        rules = _rules_from(data.get("rules"))
        names = _check_names(_field(data, "names", list))
        first = data.get("first_dealer")
        if first is not None and first not in (0, 1):
            raise ReplayError(f"the first dealer is 0 or 1, not {first!r}")
        game = cls(rules, _field(data, "seed", int), names=names, first_dealer=first)
        first_deal = data.get("first_deal")
        if first_deal is not None:
            if first is None or not isinstance(first_deal, dict):
                raise ReplayError("the given first deal needs its dealer and its cards")
            game._give_first_deal(Round._dealt(_saved_deal(first_deal, names, rules), first, rules,
                                               names, (0, 0), None))
        rounds = _field(data, "rounds", list)
        for number, saved in enumerate(rounds, 1):
            if not isinstance(saved, dict):
                raise ReplayError(f"round {number} is not readable")
            if game.is_over:
                raise ReplayError(f"round {number} comes after the end of the game")
            expected = game.round
            replayed = Round._from_dict(saved, rules, names)
            if replayed._deal != expected._deal or replayed.dealer != expected.dealer:
                raise ReplayError(f"round {number}'s deal is not the one the game's seed gives: "
                                  "the file was changed")
            if number < len(rounds) and not replayed.is_over:
                raise ReplayError(f"round {number} is unfinished but more rounds follow")
            for _, action in replayed.history:
                game.apply(action)
        if [game._scores, game._won] != [data.get("scores"), data.get("rounds_won")]:
            raise ReplayError("the saved scores do not follow from the rounds: the file was "
                              "changed")
        return game

    # --------------------------------------------------------------------------- display

    def __str__(self) -> str:
        text = self.scoresheet()
        if not self.is_over:
            text += "\n\n" + str(self.round)
        return text

    def __repr__(self) -> str:
        return (f"<Game {self.scores[0]}-{self.scores[1]} after "
                f"{sum(r.is_over for r in self._rounds)} rounds"
                f"{', over' if self.is_over else ''}>")

    def _repr_html_(self) -> str:
        from gin_teach.display import game_html

        return game_html(self)


class Match:
    """Several games scored in match points: the winner of a game gets the rules'
    ``match_game_points`` (100) and each player ``match_round_points`` (25) for every round it
    won in that game. The match ends after ``games`` games or when a player reaches
    ``points`` match points, whichever comes first.

    >>> match = Match(seed=1, games=3, names=("Ann", "Bob"))
    >>> len(match.games), match.game is match.games[-1], match.names
    (1, True, ('Ann', 'Bob'))
    >>> match.match_points, match.is_over, match.winner, match.phase, match.current_player
    ((0, 0), False, None, 'upcard_nondealer', 0)
    """

    def __init__(self, rules: Rules | None = None, seed: int | None = None, *,
                 games: int | None = 3, points: int | None = None,
                 names: Sequence[str] = DEFAULT_NAMES) -> None:
        if games is None and points is None:
            raise IllegalMove("a match needs a number of games or a number of match points")
        for value, what in ((games, "games"), (points, "points")):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or value < 1):
                raise IllegalMove(f"{what} must be a whole number of at least 1, not {value!r}")
        self._rules = rules or Rules.modern()
        self._names = _check_names(names)
        self._seed = seed if seed is not None else random.randrange(1 << 63)
        self._rng = random.Random(self._seed)
        self._games_limit = games
        self._points_limit = points
        self._games = [self._new_game()]

    def _new_game(self) -> Game:
        return Game(self._rules, self._rng.getrandbits(63), names=self._names)

    @property
    def games(self) -> tuple[Game, ...]:
        """Every game so far, the current one last."""
        return tuple(self._games)

    @property
    def game(self) -> Game:
        """The game being played."""
        return self._games[-1]

    @property
    def names(self) -> tuple[str, str]:
        """The players' names."""
        return self._names

    def game_points(self, game: Game) -> tuple[int, int]:
        """The match points one finished game gives.

        >>> Match(seed=1).game_points(Game(seed=1))  # unfinished: nothing yet
        (0, 0)
        """
        if game.winner is None:
            return (0, 0)
        per_round = self._rules.match_round_points
        points = [game.rounds_won[0] * per_round, game.rounds_won[1] * per_round]
        points[game.winner] += self._rules.match_game_points
        return (points[0], points[1])

    @property
    def match_points(self) -> tuple[int, int]:
        """Match points from the finished games."""
        each = [self.game_points(game) for game in self._games]
        return (sum(a for a, _ in each), sum(b for _, b in each))

    @property
    def is_over(self) -> bool:
        """True when the agreed number of games or match points is reached."""
        if not self._games[-1].is_over:
            return False
        if self._games_limit is not None and len(self._games) >= self._games_limit:
            return True
        limit = self._points_limit
        return limit is not None and max(self.match_points) >= limit

    @property
    def winner(self) -> int | None:
        """The player with more match points once the match is over (``None`` on a tie)."""
        if not self.is_over:
            return None
        a, b = self.match_points
        return None if a == b else (0 if a > b else 1)

    @property
    def phase(self) -> Phase:
        """The phase of the current round."""
        return self._games[-1].phase

    @property
    def current_player(self) -> int:
        """The player to act, or -1 once the match is over."""
        return self._games[-1].current_player

    def legal_actions(self) -> tuple[Action, ...]:
        """The moves allowed now.

        >>> [str(a) for a in Match(seed=1).legal_actions()]
        ['take', 'pass']
        """
        return self._games[-1].legal_actions()

    def observation(self, player: int) -> Observation:
        """What ``player`` may know in the current round.

        >>> Match(seed=1).observation(1).player
        1
        """
        return self._games[-1].observation(player)

    def apply(self, action: Action | str, player: int | None = None) -> None:
        """Play a move; a finished game is scored and the next one begins.

        >>> from gin_teach import GreedyBot
        >>> match, bot = Match(seed=1, games=2, rules=Rules(target=1)), GreedyBot()
        >>> while len(match.games) == 1:
        ...     match.apply(bot.choose(match.observation(match.current_player),
        ...                            match.legal_actions()))
        >>> match.games[0].is_over, match.match_points == match.game_points(match.games[0])
        (True, True)
        """
        self._games[-1].apply(action, player)
        if self._games[-1].is_over and not self.is_over:
            self._games.append(self._new_game())

    def scoresheet(self) -> str:
        """One line per game with its match points, then the match totals.

        >>> print(Match(seed=1, names=("Ann", "Bob")).scoresheet())
        Match of 3 games (modern rules): Ann 0, Bob 0
        """
        names = self._names
        length = (f"{self._games_limit} games" if self._points_limit is None else
                  f"{self._points_limit} match points")
        totals = self.match_points
        lines = [f"Match of {length} ({self._rules.name} rules): "
                 f"{names[0]} {totals[0]}, {names[1]} {totals[1]}"]
        for number, game in enumerate(self._games, 1):
            if game.winner is not None:
                a, b = self.game_points(game)
                won = game.rounds_won
                lines.append(f"Game {number}: {says(names[game.winner], 'win[s]')}, rounds "
                             f"{won[0]}-{won[1]}: {names[0]} {a}, {names[1]} {b}")
        if self.is_over:
            winner = self.winner
            lines.append("The match is tied" if winner is None else
                         says(names[winner], "win[s] the match"))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.scoresheet()
