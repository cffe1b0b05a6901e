"""GameTable: a whole game against a computer player, on the canvas table."""

from __future__ import annotations

import html
import random
from collections.abc import Callable

import ipywidgets as widgets

from gin_teach.actions import Action, Discard, Knock
from gin_teach.bots import GreedyBot, Player, RandomBot, SimpleBot
from gin_teach.display import game_html, settlement_html
from gin_teach.errors import IllegalMove
from gin_teach.game import Game, Round
from gin_teach.rules import Rules
from gin_teach.widgets.common import AnswerError, CardButtons, MessageArea, friendly
from gin_teach.widgets.table import TableCanvas

__all__ = ["BOTS", "GameTable"]

BOTS: dict[str, Callable[[int], Player]] = {
    "greedy": lambda seed: GreedyBot(),
    "simple": lambda seed: SimpleBot(seed=seed),
    "random": lambda seed: RandomBot(seed=seed),
}
"""The computer players on offer, each made from a seed."""

BIG_GIN_BONUS = 31
"""The big-gin bonus the variant box switches on (tables differ; 31 is a common figure)."""


class GameTable(widgets.VBox):
    """Play a game to the target against a computer player. Click the table (the stock, the
    discard pile, a card to discard) or use the buttons below it, which list every legal move.
    Choose the opponent, the rules preset and variants, then press New game.

    >>> table = GameTable("greedy", seed=1)
    >>> table.game.rules == Rules.modern(), table.human
    (True, 0)
    >>> table.play("discard 7H")  # the opening: only take or pass are allowed
    >>> table.message.kind
    'error'
    """

    human = 0
    computer = 1

    def __init__(self, bot: str | Player = "greedy", *, seed: int | None = None,
                 rules: Rules | None = None, name: str = "Player",
                 four_colour: bool = False) -> None:
        self._seeds = random.Random(seed)
        self._name = name
        self.review: Round | None = None
        self.message = MessageArea()
        bot_name = bot if isinstance(bot, str) else "your own"
        rules = rules or Rules()
        self.bot_choice = widgets.Dropdown(
            options=[*BOTS] if isinstance(bot, str) else [*BOTS, "your own"],
            value=bot_name if bot_name in BOTS or not isinstance(bot, str) else "greedy",
            description="Opponent:")
        self._custom_bot = None if isinstance(bot, str) else bot
        presets = Rules.presets()
        base = rules.name.removesuffix(" variant")
        self.preset = widgets.Dropdown(options=list(presets), description="Rules:",
                                       value=base if base in presets else "modern")
        def box(value: bool, label: str) -> widgets.Checkbox:
            return widgets.Checkbox(value=value, description=label, indent=False,
                                    layout=widgets.Layout(width="auto", margin="0 16px 0 0"))

        self.variants = {
            "oklahoma": box(rules.oklahoma, "Oklahoma"),
            "oklahoma_spade_doubles": box(rules.oklahoma_spade_doubles, "spades double"),
            "straight_gin": box(rules.straight_gin, "Straight Gin"),
            "big_gin": box(rules.big_gin_bonus is not None, f"big gin ({BIG_GIN_BONUS})"),
            "undercut_on_tie": box(rules.undercut_on_tie, "tie is an undercut"),
        }
        self.target = widgets.BoundedIntText(value=rules.target, min=1, max=10000, step=50,
                                             description="Play to:",
                                             layout=widgets.Layout(width="170px"))
        self.knock_limit = widgets.BoundedIntText(value=rules.knock_limit, min=0, max=90,
                                                  description="Knock at:",
                                                  layout=widgets.Layout(width="170px"))
        if bot_name not in BOTS and isinstance(bot, str):
            self.message.show(f"there is no computer player called {bot!r}; playing greedy",
                              "error")
        new_game = widgets.Button(description="New game", button_style="primary")
        new_game.on_click(lambda _: self.new_game())
        self.next_button = widgets.Button(description="Next round", button_style="success")
        self.next_button.on_click(lambda _: self.next_round())
        self.knock_mode = widgets.ToggleButton(
            description="Knock with the next click",
            tooltip="then click the card to discard face down",
            layout=widgets.Layout(width="auto"))
        self.knock_mode.observe(self._on_knock_mode, names="value")
        self.move_buttons = widgets.HBox()
        self.discard_buttons = CardButtons((), lambda card: self.play(Discard(card)),
                                           four_colour=four_colour)
        self.knock_buttons = CardButtons((), lambda card: self.play(Knock(card)),
                                         four_colour=four_colour)
        self.moves_log = widgets.HTML()
        self.result = widgets.HTML()
        self.scoresheet = widgets.HTML()
        self._four_colour = four_colour
        self.game = Game(rules, self._seeds.randrange(1 << 31), names=self._names())
        self.bot = self._make_bot()
        self.table = TableCanvas(self.game.round, viewer=self.human, on_action=self.play,
                                 four_colour=four_colour)
        settings = widgets.VBox([
            widgets.HBox([self.bot_choice, self.preset, new_game]),
            widgets.HBox(list(self.variants.values()), layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.target, self.knock_limit]),
        ])
        self._discard_row = widgets.HBox([widgets.Label("Discard:"), self.discard_buttons])
        self._knock_row = widgets.HBox([widgets.Label("Knock with:"), self.knock_buttons])
        super().__init__([settings, self.table, self.message,
                          widgets.HBox([self.move_buttons, self.knock_mode]),
                          self._discard_row, self._knock_row, self.moves_log, self.result,
                          self.scoresheet])
        self._bot_moves()

    # ------------------------------------------------------------------------- settings

    def _names(self) -> tuple[str, str]:
        opponent = self.bot_choice.value
        return (self._name, f"Computer ({opponent})")

    def _make_bot(self) -> Player:
        if self.bot_choice.value == "your own" and self._custom_bot is not None:
            return self._custom_bot
        return BOTS[self.bot_choice.value](self._seeds.randrange(1 << 31))

    def chosen_rules(self) -> Rules:
        """The rules the settings describe: the preset with the variants ticked."""
        preset = Rules.presets()[self.preset.value]
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
        """Start a new game with the chosen opponent, preset and variants."""
        rules = self.chosen_rules()  # a contradictory choice raises RulesError: shown, no change
        self.game = Game(rules, self._seeds.randrange(1 << 31), names=self._names())
        self.bot = self._make_bot()
        self.review = None
        self.message.show(f"New game: {rules.describe()}", "info")
        self._bot_moves()

    # ----------------------------------------------------------------------------- play

    @friendly
    def play(self, action: Action | str) -> None:
        """Make your move (an action or its text, such as ``"draw"`` or ``"discard 7H"``):
        what a click on the table or on a move button does. The computer then replies."""
        if self.game.is_over:
            raise IllegalMove("the game is over: press New game")
        if self.review is not None:
            raise IllegalMove("this round is over: press Next round")
        if self.game.current_player != self.human:
            raise AnswerError("wait: it is the computer's turn")
        before = self.game.round
        self.game.apply(action, self.human)
        self.message.clear()
        self.knock_mode.value = False
        if before.is_over:
            self.review = before
            self._render()
            return
        self._bot_moves()

    def next_round(self) -> None:
        """Leave the finished round and go on to the next deal."""
        if self.review is None or self.game.is_over:
            return
        self.review = None
        self.message.clear()
        self._bot_moves()

    def _bot_moves(self) -> None:
        game = self.game
        while self.review is None and not game.is_over and game.current_player == self.computer:
            before = game.round
            action = self.bot.choose(game.observation(self.computer), game.legal_actions())
            game.apply(action, self.computer)
            if before.is_over:
                self.review = before
        if game.is_over and self.review is None:
            self.review = game.round
        self._render()

    def _on_knock_mode(self, change: dict[str, bool]) -> None:
        self.table.knock = change["new"]

    # --------------------------------------------------------------------------- render

    @property
    def shown_round(self) -> Round:
        """The round on the table: the one just finished, until Next round."""
        return self.review if self.review is not None else self.game.round

    def _render(self) -> None:
        rnd = self.shown_round
        self.table.show(rnd)
        mine = (self.review is None and not self.game.is_over
                and self.game.current_player == self.human)
        legal = self.game.legal_actions() if mine else ()
        buttons = []
        for action in legal:
            if isinstance(action, (Discard, Knock)):
                continue
            button = widgets.Button(description=action.describe().capitalize(),
                                    layout=widgets.Layout(width="auto"))
            button.on_click(lambda _b, action=action: self.play(action))
            buttons.append(button)
        if self.review is not None and not self.game.is_over:
            buttons.append(self.next_button)
        self.move_buttons.children = tuple(buttons)
        discards = [a.card for a in legal if isinstance(a, Discard)]
        knocks = [a.card for a in legal if isinstance(a, Knock)]
        self.discard_buttons.set_cards(discards)
        self.knock_buttons.set_cards(knocks)
        self._discard_row.layout.display = "flex" if discards else "none"
        self._knock_row.layout.display = "flex" if knocks else "none"
        self.knock_mode.layout.display = "inline-flex" if knocks else "none"
        lines = rnd.log(viewer=None if rnd.is_over else self.human)[-4:]
        self.moves_log.value = "<br/>".join(html.escape(line) for line in lines)
        if self.review is not None and rnd.result is not None:
            outcome = html.escape(rnd.result.describe(rnd.names))
            body = (settlement_html(rnd.settlement, four_colour=self._four_colour)
                    if rnd.settlement is not None else "")
            over = ""
            if self.game.is_over and self.game.winner is not None:
                totals = self.game.totals()
                over = (f"<p><b>Game over: {html.escape(self.game.names[self.game.winner])} "
                        f"wins by {totals.margin}.</b> Press New game to play again.</p>")
            self.result.value = f"{over}<p><b>{outcome}</b></p>{body}"
        else:
            self.result.value = ""
        self.scoresheet.value = game_html(self.game, show_round=False)
