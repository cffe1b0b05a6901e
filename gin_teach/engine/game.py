"""Games: rounds played one after another, and the scoresheet.

A :class:`Game` deals rounds (see :mod:`gin_teach.engine.round`) until a player's race points reach
the target, then adds the boxes and the game bonus (:class:`GameTotals`, counted in
:mod:`gin_teach.engine.totals`); a :class:`~gin_teach.engine.match.Match` plays several games.
Both take moves like a round does: ``legal_actions()``, ``apply(move)``,
``observation(player)``, and the move goes to the round (or game) being played.

>>> game = Game(seed=1)
>>> game.apply("pass"); game.apply("pass"); game.apply("draw")
>>> game.phase, game.current_player == game.round.dealer ^ 1
('discard', True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gin_teach.core.arguments import check_names, check_player, check_rules, check_seed
from gin_teach.core.cards import Card, Deck, HandLike
from gin_teach.core.hollywood import HollywoodGame, hollywood_games
from gin_teach.core.rules import Rules
from gin_teach.core.wording import says
from gin_teach.engine.actions import Action
from gin_teach.engine.records import DEFAULT_NAMES, Observation, Phase
from gin_teach.engine.round import Round
from gin_teach.engine.saves import dump, load_game, save_game
from gin_teach.engine.scoresheet import scoresheet_of, scoresheet_text
from gin_teach.engine.totals import GameTotals
from gin_teach.errors import IllegalMove

# GameTotals is handed on: lessons, tests and the game odds read it from here.
__all__ = ["Game", "GameTotals"]


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

    def __init__(self, rules: Rules | str | None = None, *, seed: int | None = None,
                 names: Sequence[str] = DEFAULT_NAMES, first_dealer: int | None = None) -> None:
        self._rules = check_rules(rules)
        self._names = check_names(names)
        checked = check_seed(seed)
        if first_dealer is not None:
            check_player(first_dealer, "first_dealer")
        self._seed = random.randrange(1 << 63) if checked is None else checked
        self._rng = random.Random(self._seed)
        self._cut: tuple[tuple[Card, Card], ...] = ()
        if first_dealer is None:
            first_dealer = self._cut_for_deal()
        self._first_dealer = first_dealer
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
        game = cls(rules, seed=seed, names=names, first_dealer=dealer)
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
    def first_deal_given(self) -> bool:
        """True when the first round was dealt from given cards (:meth:`from_deal`).

        >>> Game(seed=1).first_deal_given
        False
        """
        return self._first_deal_given

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
        """The player to act, or ``NO_PLAYER`` once the game is over."""
        return self._rounds[-1].current_player

    def totals(self) -> GameTotals:
        """The count with boxes and bonuses (provisional while the game goes on). Under
        Hollywood scoring, the three games' counts added up.

        >>> Game(seed=1).totals().total
        (0, 0)
        """
        if not self._rules.hollywood_scoring:
            return GameTotals.count(self.scores, self.rounds_won, self._rules, self._winner)
        each = self.hollywood_totals()

        def added(field: str) -> tuple[int, int]:
            return (sum(getattr(t, field)[0] for t in each),
                    sum(getattr(t, field)[1] for t in each))

        return GameTotals(added("points"), added("rounds_won"), added("box_points"),
                          added("game_bonus"), added("total"), self._winner,
                          any(t.shutout for t in each), any(t.doubled for t in each))

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
            if self._rules.hollywood_scoring:
                games = self.hollywood_games()
                if not any(game.is_open for game in games):
                    self._winner = self._hollywood_winner(games)
                    return
            elif self._scores[result.winner] >= self._rules.target:
                self._winner = result.winner
                return
        self._deal(dealer)

    # ------------------------------------------------------------------------ Hollywood

    def hollywood_games(self) -> tuple[HollywoodGame, ...]:
        """Under Hollywood scoring, the three games of the sheet as they stand
        (:mod:`gin_teach.core.hollywood`); the game is over once all three are closed.

        >>> Game(Rules.hollywood(), seed=1).hollywood_games()[0].points
        (0, 0)
        """
        results = [(rnd.result.winner, rnd.result.points) for rnd in self._rounds
                   if rnd.result is not None]
        return hollywood_games(results, self._rules.target)

    def hollywood_totals(self) -> tuple[GameTotals, ...]:
        """Each Hollywood game counted as a game on its own: its boxes, bonus and total.

        >>> [t.total for t in Game(Rules.hollywood(), seed=1).hollywood_totals()]
        [(0, 0), (0, 0), (0, 0)]
        """
        # An open game's points are under the target, so it is counted without a winner.
        return tuple(GameTotals.count(game.points, game.rounds_won, self._rules, game.winner)
                     for game in self.hollywood_games())

    def _hollywood_winner(self, games: tuple[HollywoodGame, ...]) -> int:
        totals = self.hollywood_totals()
        mine, theirs = (sum(t.total[p] for t in totals) for p in (0, 1))
        if mine != theirs:
            return 0 if mine > theirs else 1
        # Level on points: more of the three games decides (there is no draw of three).
        return 0 if sum(1 for g in games if g.winner == 0) >= 2 else 1

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
        return scoresheet_text(scoresheet_of(self), self._dealer_line())

    def _dealer_line(self) -> str:
        names = self._names
        first = says(names[self._first_dealer], "deal[s] first")
        if not self._cut:
            return first
        draws = "; ".join(f"{names[0]} drew {a}, {names[1]} drew {b}" for a, b in self._cut)
        return f"{draws}: {first} (low card deals)"

    # ------------------------------------------------------------------------------ JSON

    def to_json(self) -> str:
        """The game as JSON: the seed, each round's deal and moves, and the scores.

        >>> game = Game(seed=5); game.apply("pass")
        >>> Game.from_json(game.to_json()).to_json() == game.to_json()
        True
        """
        return dump(save_game(self))

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> Game:
        """Rebuild a game by replaying every round; anything that does not follow from the
        seed (or the given first deal) and the moves raises :class:`ReplayError` (or
        :class:`CardError` for a deal that is not a deal).

        >>> saved = Game(seed=5).to_json().replace('"seed": 5,', '"seed": 6,')
        >>> Game.from_json(saved)
        Traceback (most recent call last):
        ...
        gin_teach.errors.ReplayError: round 1's deal is not the one the game's seed gives: ...
        """
        return load_game(text, cls)

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
