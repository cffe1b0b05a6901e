"""Rounds, games, settlements and messages as HTML: what a notebook shows for a
:class:`~gin_teach.engine.round.Round`, a :class:`~gin_teach.engine.game.Game` or a
:class:`~gin_teach.core.scoring.Settlement`, with the card pictures of
:mod:`gin_teach.display.pictures` inside.

>>> "gin-message" in message_html("Your turn.")
True
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Final

from gin_teach.core.cards import Card
from gin_teach.core.melds import Meld
from gin_teach.core.validation import names_bad_arguments

# The engine's own wording, so "Ann wins" but "You win" for a player named You.
from gin_teach.core.wording import says
from gin_teach.display.pictures import arrangement_svg, backs_svg, hand_svg, piles_svg, spread_svg
from gin_teach.engine.scoresheet import scoresheet_of

if TYPE_CHECKING:
    from gin_teach.core.scoring import Settlement
    from gin_teach.engine.game import Game
    from gin_teach.engine.round import Round

__all__ = ["game_html", "message_html", "round_html", "settlement_html"]


_MESSAGE_STYLES: Final = {
    "error": ("#fdecea", "#b42318"),
    "wrong": ("#fdecea", "#b42318"),
    "right": ("#e8f5e9", "#1b5e20"),
    "info": ("#eef4fb", "#1f4e79"),
}


@names_bad_arguments
def message_html(text: str, kind: str = "info") -> str:
    """A short boxed message for a learner: ``info``, ``right``, ``wrong`` or ``error``.

    >>> message_html("7X is not a card", "error")  # doctest: +ELLIPSIS
    '<div class="gin-message gin-error" ...>7X is not a card</div>'
    """
    background, colour = _MESSAGE_STYLES.get(kind, _MESSAGE_STYLES["info"])
    # role="status" makes a screen reader announce the message without moving the focus.
    return (f'<div class="gin-message gin-{html.escape(kind)}" role="status" aria-live="polite" '
            f'style="background:{background};'
            f"color:{colour};border-left:4px solid {colour};padding:6px 10px;margin:4px 0;"
            f'white-space:pre-wrap">{html.escape(text)}</div>')


def _paragraphs(text: str) -> str:
    return "".join(f"<p style=\"margin:2px 0\">{html.escape(line)}</p>"
                   for line in text.splitlines() if line.strip())


@names_bad_arguments
def settlement_html(settlement: Settlement, *, four_colour: bool = False) -> str:
    """A settled round: the knocker's spread with the defender's lay-offs marked on its melds,
    the defender's melds and remaining deadwood, and the points worked out.

    >>> from gin_teach.core.scoring import settle
    >>> page = settlement_html(settle("4S 5S 6S 7H 7D 7C TH JH QH AC",
    ...                               "7S 8S KD KC KH 2D 3C 5H 6H QD"))
    >>> 'data-highlight="layoff"' in page, "knocker" in page
    (True, True)
    """
    # Each card in its place in the meld: a joker where the card it stands for would be.
    placed: dict[Meld, list[tuple[Card, Card]]] = {}
    for layoff in settlement.layoffs:
        placed.setdefault(layoff.meld, []).append((layoff.stands_for or layoff.card, layoff.card))
    knocker_melds = [tuple(card for _, card in sorted(
                         [*zip(meld.shows(), meld.cards, strict=True), *placed.get(meld, ())]))
                     for meld in settlement.knocker_arrangement.melds]
    layoff_styles = {layoff.card: "layoff" for layoff in settlement.layoffs}
    knocker = spread_svg(knocker_melds, settlement.knocker_arrangement.deadwood_cards,
                         title=f"knocker: deadwood {settlement.knocker_count}",
                         four_colour=four_colour, highlight=layoff_styles)
    after = " after lay-offs" if settlement.layoffs else ""
    defender = arrangement_svg(settlement.defender_arrangement,
                               title=f"defender: deadwood {settlement.defender_count}{after}",
                               four_colour=four_colour)
    outcome = settlement.outcome.replace("_", " ")
    headline = (f"{outcome}: nobody wins the round" if settlement.winner is None
                else f"{outcome}: the {settlement.winner} scores {settlement.points}")
    laid_text = (", ".join(str(layoff).split(" onto ")[0] for layoff in settlement.layoffs)
                 if settlement.layoffs else "none")
    return (f'<div class="gin-settlement" data-outcome="{html.escape(settlement.outcome)}" '
            f'data-winner="{settlement.winner or "nobody"}" data-points="{settlement.points}">'
            f'<p style="margin:2px 0;font-weight:bold">{html.escape(headline)}</p>'
            f"<div>{knocker}</div><div>{defender}</div>"
            f'<p style="margin:2px 0">{html.escape("laid off: " + laid_text)}</p>'
            f"{_paragraphs(settlement.explain())}</div>")


@names_bad_arguments
def round_html(round: Round, *, viewer: int | None = None, four_colour: bool = False) -> str:
    """A round as a learner sees the table: both hands (with a ``viewer``, the other hand stays
    face down until the round is over), the stock and discard pile, what happens next, the
    last moves, and the settlement once the round is over.

    >>> from gin_teach.engine.round import Round
    >>> page = round_html(Round(seed=3), viewer=0)
    >>> page.count('data-card="back"') >= 11, "may take the upcard" in page
    (True, True)
    """
    names = round.names
    limit = "gin only" if round.knock_limit == 0 else f"knock limit {round.knock_limit}"
    double = f", points x{round.multiplier}" if round.multiplier > 1 else ""
    # Oklahoma changes the limit every round: the header names it beside the limit it set.
    oklahoma = " (Oklahoma)" if round.rules.oklahoma and not round.rules.straight_gin else ""
    header = (f"{says(names[round.dealer], 'deal[s]')}; {round.rules.name} rules{oklahoma}; "
              f"{limit}{double}")
    parts = [f'<div class="gin-round" data-phase="{html.escape(round.phase)}" '
             f'data-current-player="{round.current_player}">',
             f'<p style="margin:2px 0;font-weight:bold">{html.escape(header)}</p>']
    spread = round.knock_spread
    me = viewer if viewer is not None else 0
    # The other player sits across the table, at the top; the piles lie between.
    for player in (1 - me, me):
        hand = round.hand(player)
        turn = " (to play)" if round.current_player == player else ""
        if spread is not None and round.knocker == player:
            picture = arrangement_svg(spread, title=f"{names[player]} knocked",
                                      four_colour=four_colour)
        elif viewer is not None and player != viewer and not round.is_over:
            picture = backs_svg(len(hand), names[player] + turn)
        else:
            title = f"{names[player]}{turn}: deadwood {round.deadwood(player)}"
            picture = hand_svg(hand, title=title, four_colour=four_colour)
        parts.append(f"<div>{picture}</div>")
        if player != me:
            piles = piles_svg(round.stock_size, round.top_discard, len(round.discard_pile),
                               four_colour)
            parts.append(f"<div>{piles}</div>")
    parts.append(f'<p style="margin:2px 0">{html.escape(round.prompt())}</p>')
    log = round.log(viewer)
    if log:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in log[-6:])
        parts.append(f'<ol start="{max(len(log) - 5, 1)}" style="margin:2px 0">{items}</ol>')
    if round.settlement is not None:
        parts.append(settlement_html(round.settlement, four_colour=four_colour))
    parts.append("</div>")
    return "".join(parts)


@names_bad_arguments
def game_html(game: Game, *, show_round: bool = True, four_colour: bool = False) -> str:
    """A game's scoresheet as a table: each finished round with the running race points,
    then the boxes, the game bonus and the totals; below it, the round being played.

    >>> from gin_teach.engine.game import Game
    >>> page = game_html(Game(seed=1, names=("Ann", "Bob")), show_round=False)
    >>> "<th>Ann</th>" in page, "Total so far" in page
    (True, True)
    """
    sheet = scoresheet_of(game)
    cell = 'style="padding:2px 8px;text-align:{}"'
    head = "".join(f"<th>{html.escape(text)}</th>"
                   for text in ("Round", "Dealer", "Result", *sheet.names))
    rows = [f"<tr>{head}</tr>"]
    for line in sheet.rounds:
        rows.append(f"<tr><td {cell.format('right')}>{line.number}</td>"
                    f"<td {cell.format('left')}>{html.escape(line.dealer)}</td>"
                    f"<td {cell.format('left')}>{html.escape(line.result)}</td>"
                    f"<td {cell.format('right')}>{line.cells[0]}</td>"
                    f"<td {cell.format('right')}>{line.cells[1]}</td></tr>")

    def total_row(label: str, cells: tuple[str, str]) -> str:
        return (f'<tr style="border-top:1px solid #999"><td colspan="3" '
                f"{cell.format('left')}>{html.escape(label)}</td>"
                f"<td {cell.format('right')}>{html.escape(cells[0])}</td>"
                f"<td {cell.format('right')}>{html.escape(cells[1])}</td></tr>")

    rows += [total_row(total.label, total.cells) for total in sheet.totals[:-1]]
    if sheet.doubled is not None:
        rows.append(total_row("Shutout: total doubled",
                              ("x2" if sheet.doubled == 0 else "",
                               "x2" if sheet.doubled == 1 else "")))
    rows.append(total_row(sheet.totals[-1].label, sheet.totals[-1].cells))
    parts = [f'<div class="gin-game" data-scores="{game.scores[0]} {game.scores[1]}">',
             f'<p style="margin:2px 0;font-weight:bold">{html.escape(sheet.title)}</p>',
             f'<table class="gin-scoresheet" style="border-collapse:collapse">{"".join(rows)}'
             "</table>"]
    if sheet.closing:
        parts.append(f'<p style="margin:2px 0;font-weight:bold">{html.escape(sheet.closing)}'
                     "</p>")
    if show_round and not game.is_over:
        parts.append(round_html(game.round, four_colour=four_colour))
    parts.append("</div>")
    return "".join(parts)
