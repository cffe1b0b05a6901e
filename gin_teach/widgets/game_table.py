"""GameTable: a whole game against a computer player, on the canvas table."""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Sequence
from typing import cast

import ipywidgets as widgets
import traitlets

from gin_teach.bots import BOTS as COURSE_LEVELS
from gin_teach.bots import GreedyBot, MasterBot, Player, RandomBot, SeededBot, SimpleBot
from gin_teach.core.cards import Card, HandLike
from gin_teach.core.rules import Rules
from gin_teach.core.wording import says
from gin_teach.display import game_html, settlement_html
from gin_teach.engine.actions import Action, Discard, Knock, move_words, parse_action
from gin_teach.engine.game import Game
from gin_teach.engine.round import Round
from gin_teach.errors import AnswerError, GinError, IllegalMove
from gin_teach.widgets.coach_panel import CoachPanel
from gin_teach.widgets.controls import ButtonRow, CardButtons, button
from gin_teach.widgets.dashboard import record_finished_game
from gin_teach.widgets.exercises import LessonWidget
from gin_teach.widgets.learner_input import friendly
from gin_teach.widgets.table import TableCanvas

__all__ = ["BOTS", "TABLES", "GameTable"]

BOTS: dict[str, Callable[[int], Player]] = {
    "greedy": lambda seed: GreedyBot(),
    "simple": lambda seed: SimpleBot(seed=seed),
    "random": lambda seed: RandomBot(seed=seed),
}
"""The computer players on offer besides the levels below."""
LEVELS: dict[str, type[SeededBot]] = {**COURSE_LEVELS, "master": MasterBot}
"""The course's five levels (gin_teach.bots.BOTS), weakest first, and the Master above them,
which plays the coach's own moves."""
OPPONENTS: tuple[str, ...] = tuple(dict.fromkeys([*BOTS, *LEVELS]))
"""The opponent menu: the players above, then the levels, weakest first."""

TABLES: tuple[str, ...] = (*Rules.presets(), "jokers wild", "hollywood")
"""The tables on offer: the three bonus presets, seed 003's jokers-wild table and Hollywood
scoring (three games at once, :mod:`gin_teach.core.hollywood`)."""

BIG_GIN_BONUS = 31
"""The big-gin bonus the variant box switches on (tables differ; 31 is a common figure)."""

_STAND_IN = GreedyBot()
"""The player that makes the move when the chosen computer player breaks the rules."""

_LOG_LINES = 4
"""Moves listed under the table: enough to see what the computer just did."""


def _limit_words(limit: int) -> str:
    return "gin only" if limit == 0 else f"knock limit {limit}"


class GameTable(LessonWidget):
    """Play a game to the target against a computer player. Click the table (the stock, the
    discard pile, a card to discard) or use the buttons below it, which list every legal move.
    Knocking takes two steps: press *Knock…*, then click the card to discard face down. A
    button keeps its move for good, so a click plays the move the button showed, or nothing
    once it is hidden (the second click of a double click).
    Choose the opponent, the rules preset and variants, then press New game.

    A lesson can fix the first deal: ``hands`` (yours, then the computer's), the ``upcard``
    and the top of the ``stock``; by default the computer deals it (``dealer=1``), so you
    decide first about the upcard. Later rounds, and New game, are dealt from ``seed``; Same
    cards again replays the fixed deal. ``view`` draws the table on a canvas or as an SVG
    picture (see :class:`TableCanvas`); the table's key field plays from the keyboard.

    >>> table = GameTable("greedy", seed=1)
    >>> table.game.rules == Rules.modern(), table.human, table.game.names[0]
    (True, 0, 'You')
    >>> table.play("discard 7H")  # the opening: only take or pass are allowed
    >>> table.message.kind
    'error'
    >>> fixed = GameTable(hands=["7S 7H 7D 9C TC JC 3H 4H 5H KD",
    ...                          "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="8D")
    >>> fixed.game.round.prompt()
    'You (not the dealer) may take the upcard 8♦ or pass'
    """

    human = 0
    computer = 1

    def __init__(self, bot: str | Player = "greedy", *, seed: int | None = None,
                 rules: Rules | None = None, name: str = "You", four_colour: bool = False,
                 hands: Sequence[HandLike] | None = None, upcard: Card | str | None = None,
                 stock: HandLike = (), dealer: int = 1, coach: bool = False,
                 practice: bool = False, view: str = "auto") -> None:
        super().__init__(rules=rules, seed=seed, four_colour=four_colour)
        self._name = name
        self._deal = (hands, upcard, stock, dealer) if hands is not None or upcard else None
        self.review: Round | None = None
        self._knocks: frozenset[Card] = frozenset()
        self._custom_bot = None if isinstance(bot, str) else bot
        self.bot_choice = widgets.Dropdown(
            options=[*OPPONENTS] if isinstance(bot, str) else [*OPPONENTS, "your own"],
            value="your own" if not isinstance(bot, str) else bot if bot in OPPONENTS
            else "greedy", description="Opponent:")
        self.bot_about = widgets.HTML()
        self.bot_choice.observe(lambda _: self._describe_bot(), names="value")
        self._describe_bot()
        self.preset = widgets.Dropdown(options=list(TABLES), description="Rules:",
                                       value=self._preset_name(self.rules))
        self.variants = self._variant_boxes(self.rules)
        self.target = widgets.BoundedIntText(value=self.rules.target, min=1, max=10000, step=50,
                                             description="Play to:",
                                             layout=widgets.Layout(width="170px"))
        self.knock_limit = widgets.BoundedIntText(value=self.rules.knock_limit, min=0, max=90,
                                                  description="Knock at:",
                                                  layout=widgets.Layout(width="170px"))
        # Under Oklahoma the box is only the cap: each round's upcard sets the limit, shown
        # beside it so the two never seem to disagree.
        self.round_limit = widgets.HTML()
        self.variants["oklahoma"].observe(lambda _: self._label_knock_box(), names="value")
        self._label_knock_box()
        if isinstance(bot, str) and bot not in OPPONENTS:
            self.message.show(f"there is no computer player called {bot!r}; playing greedy",
                              "error")
        self.next_button = button("Next round", self.next_round, style="success",
                                  tooltip="deal the next round")
        # Knocking takes two steps, so a slip of the mouse never ends the round: press Knock,
        # then choose the card to discard face down (on the table or in the card row).
        self.knock_mode = widgets.ToggleButton(
            description="Knock…",
            tooltip="to knock: press this, then click the card to discard face down",
            layout=widgets.Layout(width="auto"))
        self.move_buttons = ButtonRow()
        self.discard_buttons = CardButtons((), self._card_chosen)
        self.moves_log = widgets.HTML()
        self.result = widgets.HTML()
        self.scoresheet = widgets.HTML()
        self.game = Game(self.rules, seed=self._rng.randrange(1 << 31), names=self._names())
        if self._deal is not None:
            self._replace_game(self._fixed_game)  # a bad deal keeps the random game, and says so
        self.bot = self._make_bot()
        self.table = TableCanvas(self.game.round, viewer=self.human, on_action=self.play,
                                 view=view)
        self.link_colours(self.table, self.discard_buttons)
        traitlets.link((self.knock_mode, "value"), (self.table, "knock"))
        self.coach_panel = CoachPanel(self, coach=coach, practice=practice)
        self._row_label = widgets.Label("Discard:")
        self._discard_row = widgets.HBox([self._row_label, self.discard_buttons])
        self.knock_mode.observe(lambda _: self._label_card_row(), names="value")
        self.children = [
            self._settings(), self.table, self.message, self.coach_panel,
            widgets.HBox([self.move_buttons, self.next_button, self.knock_mode],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self._discard_row, self.moves_log, self.result, self.scoresheet,
        ]
        self._bot_moves()

    # ------------------------------------------------------------------------- settings

    @staticmethod
    def _preset_name(rules: Rules) -> str:
        base = rules.name.removesuffix(" variant")
        return base if base in TABLES else "modern"

    @staticmethod
    def _variant_boxes(rules: Rules) -> dict[str, widgets.Checkbox]:
        def box(value: bool, label: str, tip: str) -> widgets.Checkbox:
            return widgets.Checkbox(value=value, description=label, indent=False,
                                    tooltip=tip,
                                    layout=widgets.Layout(width="auto", margin="0 16px 0 0"))

        return {
            "oklahoma": box(rules.oklahoma, "Oklahoma",
                            "the first upcard sets the knock limit"),
            "oklahoma_spade_doubles": box(rules.oklahoma_spade_doubles, "spades double",
                                          "with Oklahoma: a spade upcard doubles the round"),
            "straight_gin": box(rules.straight_gin, "Straight Gin", "no knocking: gin only"),
            "big_gin": box(rules.big_gin_bonus is not None, f"big gin ({BIG_GIN_BONUS})",
                           "all 11 cards melded after the draw"),
            "undercut_on_tie": box(rules.undercut_on_tie, "tie is an undercut",
                                   "a defender who ties the knocker undercuts"),
        }

    def _settings(self) -> widgets.Widget:
        # The variants fold away: a learner sees the table first, a teacher opens them.
        variants = widgets.VBox([
            widgets.HBox(list(self.variants.values()),
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.target, self.knock_limit, self.round_limit]),
            widgets.HTML("<small>Changes apply from the next New game.</small>"),
        ])
        more = widgets.Accordion(children=[variants], selected_index=None,
                                 layout=widgets.Layout(max_width="720px"))
        more.set_title(0, "Variants and target")
        buttons = [button("New game", self.new_game, style="primary",
                          tooltip="new cards, with these settings")]
        if self._deal is not None:
            buttons.append(button("Same cards again", self.replay_deal,
                                  tooltip="the lesson's deal again, with these settings"))
        return widgets.VBox([
            widgets.HBox([self.bot_choice, self.preset, *buttons],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.bot_about, more,
        ])

    def _label_knock_box(self) -> None:
        self.knock_limit.description = ("Knock at most:" if self.variants["oklahoma"].value
                                        else "Knock at:")

    def _names(self) -> tuple[str, str]:
        opponent = self.bot_choice.value
        return (self._name, f"Computer ({opponent})")

    def _make_bot(self) -> Player:
        if self.bot_choice.value == "your own" and self._custom_bot is not None:
            return self._custom_bot
        seed = self._rng.randrange(1 << 31)
        if self.bot_choice.value in BOTS:
            return BOTS[self.bot_choice.value](seed)
        # Every level is a SeededBot subclass that implements Player's choose.
        return cast(Player, LEVELS[self.bot_choice.value](seed=seed))

    def _describe_bot(self) -> None:
        level = LEVELS.get(self.bot_choice.value)
        about = getattr(level, "description", "") if level is not None else ""
        self.bot_about.value = f"<small>{html.escape(about)}</small>" if about else ""

    def chosen_rules(self) -> Rules:
        """The rules the settings describe: the preset with the variants ticked.

        >>> table = GameTable(seed=1); table.variants["straight_gin"].value = True
        >>> table.chosen_rules() == Rules.modern().replace(straight_gin=True)
        True
        """
        preset = Rules.of(self.preset.value)
        wanted = {
            "oklahoma": self.variants["oklahoma"].value,
            "oklahoma_spade_doubles": self.variants["oklahoma_spade_doubles"].value,
            "straight_gin": self.variants["straight_gin"].value,
            "big_gin_bonus": BIG_GIN_BONUS if self.variants["big_gin"].value else None,
            "undercut_on_tie": self.variants["undercut_on_tie"].value,
            "target": self.target.value,
            "knock_limit": self.knock_limit.value,
        }
        changes = {key: value for key, value in wanted.items() if getattr(preset, key) != value}
        return preset.replace(**changes) if changes else preset

    @friendly
    def new_game(self) -> None:
        """Start a new game, with new cards, the chosen opponent, preset and variants.

        >>> table = GameTable(seed=1); table.preset.value = "classic"; table.new_game()
        >>> table.game.rules.name, table.message.text.startswith("New game: classic")
        ('classic', True)
        """
        rules = self.chosen_rules()  # a contradictory choice raises RulesError: shown, no change
        self._start(Game(rules, seed=self._rng.randrange(1 << 31), names=self._names()))

    @friendly
    def replay_deal(self) -> None:
        """Start again from the lesson's fixed deal (the same cards), with the chosen opponent,
        preset and variants; with no fixed deal, this is a new game.

        >>> table = GameTable(hands=["7S 7H 7D 9C TC JC 3H 4H 5H KD",
        ...                          "2S 3S 4S QD QH QC 8C KH 5D TS"], upcard="8D")
        >>> first = table.game.round.hand(0); table.play("pass"); table.replay_deal()
        >>> table.game.round.hand(0) == first, table.game.round.phase
        (True, 'upcard_nondealer')
        """
        if self._deal is None:
            self.new_game()
            return
        rules = self.chosen_rules()
        self._start(self._fixed_game(rules))

    def _fixed_game(self, rules: Rules | None = None) -> Game:
        assert self._deal is not None
        hands, upcard, stock, dealer = self._deal
        if hands is None or upcard is None:
            raise AnswerError("a fixed deal needs both hands and the upcard")
        return Game.from_deal(hands, upcard, stock, dealer=dealer, rules=rules or self.rules,
                              names=self._names(), seed=self._rng.randrange(1 << 31),
                              fill_seed=self._rng.randrange(1 << 31))

    def _replace_game(self, make: Callable[[], Game]) -> None:
        try:
            self.game = make()
        except GinError as error:
            self.message.show(f"{error}; dealing at random instead", "error")

    def _start(self, game: Game) -> None:
        self.rules = game.rules
        self.game = game
        self.bot = self._make_bot()
        self.review = None
        self.coach_panel.new_game()  # a take-back never brings the abandoned game back
        self.message.show(f"New game: {game.rules.describe()}", "info")
        self._bot_moves()

    # ----------------------------------------------------------------------------- play

    @friendly
    def play(self, action: Action | str) -> None:
        """Make your move (an action or its text, such as ``"draw"`` or ``"discard 7H"``):
        what a click on the table or on a move button does. The computer then replies.

        >>> table = GameTable(seed=1); table.play(table.game.legal_actions()[0])
        >>> table.message.text
        ''
        >>> table.play("fold"); "not a move" in table.message.text
        True
        """
        if self.game.is_over:
            raise IllegalMove("the game is over: press New game")
        if self.review is not None:
            raise IllegalMove("this round is over: press Next round")
        if self.game.current_player != self.human:
            raise AnswerError("wait: it is the computer's turn")
        move = parse_action(action) if isinstance(action, str) else action
        if not self.game.is_legal(move):
            self.game.apply(move, self.human)  # raises the engine's refusal, naming the problem
        before = self.game.round
        index = len(self.game.rounds) - 1
        self.coach_panel.before_move(move)
        self.game.apply(move, self.human)
        self.coach_panel.after_move()
        self.message.clear()
        self.knock_mode.value = False
        if before.is_over:
            self.review = before
            self.coach_panel.round_over(index)
            self.redraw()
            return
        self._bot_moves()

    def _card_chosen(self, card: Card) -> None:
        """A click on a card of the card row: a discard, or, once Knock is pressed, the knock
        with that card."""
        self.play(Knock(card) if self.knock_mode.value else Discard(card))

    def next_round(self) -> None:
        """Leave the finished round and go on to the next deal.

        >>> table = GameTable(seed=1); table.next_round()  # nothing to leave yet
        >>> table.review is None
        True
        """
        if self.review is None or self.game.is_over:
            return
        self.review = None
        self.message.clear()
        self._bot_moves()

    def _bot_moves(self) -> None:
        game = self.game
        while self.review is None and not game.is_over and game.current_player == self.computer:
            before = game.round
            index = len(game.rounds) - 1
            legal = game.legal_actions()
            action = self.bot.choose(game.observation(self.computer), legal)
            try:
                game.apply(action, self.computer)
            except GinError as error:
                # A player of the learner's own making may break the rules: say how, and let
                # a sound player make this move so the game goes on.
                stand_in = _STAND_IN.choose(game.observation(self.computer), legal)
                game.apply(stand_in, self.computer)
                self.message.show(f"{game.names[self.computer]} tried an illegal move "
                                  f"({str(error)[:120]}); it plays {stand_in.describe()} "
                                  "instead", "error")
            if before.is_over:
                self.review = before
                self.coach_panel.round_over(index)
        if game.is_over and self.review is None:
            self.review = game.round
        self.redraw()

    # --------------------------------------------------------------------------- render

    def _label_card_row(self) -> None:
        """The card row says what a click on a card does: discard, or knock (marked)."""
        knocking = bool(self.knock_mode.value)
        self._row_label.value = "Knock, discarding face down:" if knocking else "Discard:"
        self.knock_mode.button_style = "warning" if knocking else ""
        self.discard_buttons.mark({card: "warning" for card in self._knocks} if knocking
                                  else {})

    @property
    def shown_round(self) -> Round:
        """The round on the table: the one just finished, until Next round.

        >>> table = GameTable(seed=1); table.shown_round is table.game.round
        True
        """
        return self.review if self.review is not None else self.game.round

    def redraw(self) -> None:
        """Draw the table, the moves, the result and the scoresheet as the game now stands
        (after every move, and when a setting such as ``four_colour`` changes).

        >>> table = GameTable(seed=1); table.four_colour = True; table.table.four_colour
        True
        """
        rnd = self.shown_round
        self.table.show(rnd)
        self.round_limit.value = (
            f"<small>this round (Oklahoma): {html.escape(_limit_words(rnd.knock_limit))}, "
            "set by the first upcard</small>" if rnd.rules.oklahoma else "")
        mine = (self.review is None and not self.game.is_over
                and self.game.current_player == self.human)
        legal = self.game.legal_actions() if mine else ()
        self.move_buttons.show([(move_words(action, rnd.phase).capitalize(),
                                 functools.partial(self.play, action))
                                for action in legal if not isinstance(action, (Discard, Knock))])
        between_rounds = self.review is not None and not self.game.is_over
        self.next_button.layout.display = None if between_rounds else "none"
        discards = [a.card for a in legal if isinstance(a, Discard)]
        self._knocks = frozenset(a.card for a in legal if isinstance(a, Knock))
        self.discard_buttons.set_cards(discards)
        self._discard_row.layout.display = "flex" if discards else "none"
        self.knock_mode.layout.display = "inline-flex" if self._knocks else "none"
        self._label_card_row()
        outcome = rnd.result.describe(rnd.names) if rnd.result is not None else None
        # The outcome is the result's headline below, so the log stops at the last move.
        lines = [line for line in rnd.log(viewer=None if rnd.is_over else self.human)
                 if line != outcome][-_LOG_LINES:]
        self.moves_log.value = "<br/>".join(html.escape(line) for line in lines)
        if self.review is not None and outcome is not None:
            body = (settlement_html(rnd.settlement, four_colour=self.four_colour)
                    if rnd.settlement is not None else "")
            over = ""
            if self.game.is_over and self.game.winner is not None:
                totals = self.game.totals()
                wins = says(self.game.names[self.game.winner], f"win[s] by {totals.margin}")
                over = (f"<p><b>Game over: {html.escape(wins)}.</b> Press New game to play "
                        "again.</p>")
            self.result.value = f"{over}<p><b>{html.escape(outcome)}</b></p>{body}"
        else:
            self.result.value = ""
        self.scoresheet.value = (game_html(self.game, show_round=False)
                                 + self.coach_panel.help_html())
        self.coach_panel.redraw()
        if self.game.is_over:  # a game that ends on the learner's click goes in their record
            done = self.coach_panel.game_review()
            record_finished_game(self.game, self.human, done.accuracy if done else None,
                                 review=done)
