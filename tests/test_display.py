"""Card pictures: every picture is well-formed XML that shows exactly the cards it should."""

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_teach import (
    Card,
    Game,
    GreedyBot,
    Round,
    Rules,
    best_arrangement,
    deadwood,
    full_deck,
    parse_cards,
    settle,
)
from gin_teach.bots import play
from gin_teach.display import (
    BACK_PATTERN,
    HIGHLIGHTS,
    SUIT_PATHS,
    arrangement_svg,
    card_back_svg,
    card_svg,
    game_html,
    hand_svg,
    message_html,
    round_html,
    settlement_html,
    spread_svg,
)
from gin_teach.engine.scoresheet import scoresheet_of, scoresheet_text

DECK = full_deck()
hands = st.lists(st.sampled_from(DECK), unique=True, max_size=13).map(tuple)


def parse(markup: str) -> ET.Element:
    """The markup as XML: fails the test if it is not well-formed."""
    return ET.fromstring(markup)


def card_elements(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter() if "data-card" in el.attrib]


def codes(markup: str) -> list[str]:
    return [el.attrib["data-card"] for el in card_elements(parse(markup))]


def texts(element: ET.Element) -> list[str]:
    return [t.strip() for t in element.itertext() if t.strip()]


@pytest.mark.parametrize("card", DECK, ids=lambda c: c.code)
def test_every_card_face_is_well_formed_and_names_its_card(card):
    root = parse(card_svg(card))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    [face] = card_elements(root)
    assert face.attrib["data-card"] == card.code
    shown = texts(face)
    assert card.name in shown  # the <title>, read aloud by screen readers
    assert shown.count(card.label) >= 2  # both corners


def test_red_and_black_and_the_four_colour_deck():
    def fills(card, **options):
        face = card_elements(parse(card_svg(card, **options)))[0]
        return {el.attrib["fill"] for el in face.iter() if el.tag.endswith("text")}

    hearts, diamonds = fills(Card(5, "H")), fills(Card(5, "D"))
    spades, clubs = fills(Card(5, "S")), fills(Card(5, "C"))
    assert hearts == diamonds and spades == clubs and hearts != spades
    four = [fills(Card(5, suit), four_colour=True) for suit in "SHDC"]
    assert len({frozenset(f) for f in four}) == 4


def test_suits_and_backs_are_drawn_from_the_shared_shapes():
    # The canvas table paints from the same path data, so both kinds of picture agree.
    for suit in "SHDC":
        face = card_svg(Card(5, suit))
        assert all(f'd="{path}"' in face for path in SUIT_PATHS[suit])
        others = [path for other in "SHDC" if other != suit for path in SUIT_PATHS[other]]
        assert not any(f'd="{path}"' in face for path in others)
    assert f'd="{BACK_PATTERN}"' in card_back_svg()


def test_a_face_down_card_gives_nothing_away():
    for card in parse_cards("AS 7H QD KC"):
        markup = card_svg(card, face_down=True)
        assert codes(markup) == ["back"]
        assert card.name not in markup and card.code not in markup
    assert codes(card_back_svg()) == ["back"]


def test_highlights_are_named_colours_or_hex_and_nothing_else():
    card = Card(7, "H")
    for name, colour in HIGHLIGHTS.items():
        markup = card_svg(card, highlight=name)
        assert f'data-highlight="{name}"' in markup and colour in markup
    assert "#123abc" in card_svg(card, highlight="#123abc")
    for bad in ["red; onclick", "blue", "#12345"]:
        with pytest.raises(ValueError, match="highlight must be"):
            card_svg(card, highlight=bad)


@settings(max_examples=60, deadline=None)
@given(hands, st.booleans(), st.booleans())
def test_a_hand_shows_its_cards_in_order(hand, fan, four_colour):
    markup = hand_svg(hand, fan=fan, four_colour=four_colour, title="my hand")
    assert codes(markup) == [card.code for card in hand]
    assert "my hand" in texts(parse(markup))


def test_a_hand_accepts_text_and_highlights_the_chosen_cards():
    root = parse(hand_svg("7H 8H 9H", highlight={Card(8, "H"): "best"}))
    marked = {el.attrib["data-card"]: el.attrib.get("data-highlight") for el in card_elements(root)}
    assert marked == {"7H": None, "8H": "best", "9H": None}
    assert codes(hand_svg("")) == []


@settings(max_examples=60, deadline=None)
@given(hands)
def test_an_arrangement_groups_each_meld_and_counts_the_deadwood(hand):
    arrangement = best_arrangement(hand)
    root = parse(arrangement_svg(arrangement))
    groups = [el for el in root.iter() if el.attrib.get("class") == "group"]
    assert len(groups) == len(arrangement.melds) + 1
    for group, meld in zip(groups, arrangement.melds, strict=False):
        assert [el.attrib["data-card"] for el in card_elements(group)] == [c.code for c in meld]
        assert group.attrib["data-group"] == meld.kind
    dead_group = groups[-1]
    assert {el.attrib["data-card"] for el in card_elements(dead_group)} == {
        c.code for c in hand if not any(c in meld for meld in arrangement.melds)}
    # The count printed is the solver's deadwood for the whole hand.
    assert dead_group.attrib["data-group"] == f"deadwood {deadwood(hand)}"


def test_a_spread_marks_cards_laid_off():
    run = parse_cards("5S 6S 7S 8S")
    root = parse(spread_svg([run], parse_cards("KD"), highlight={run[-1]: "layoff"}))
    marked = [el.attrib["data-card"] for el in card_elements(root)
              if el.attrib.get("data-highlight") == "layoff"]
    assert marked == ["8S"]


def test_settlement_shows_both_spreads_the_layoffs_and_the_points():
    # Knocker: 4-5-6 of spades, three sevens, 10-J-Q of hearts, ace of clubs loose (1).
    # Defender: three kings; the 7 and 8 of spades go onto the spade run (a chain), leaving
    # 5H 6H 2D QD 3C = 26 loose. The knocker scores 26 - 1 = 25.
    result = settle("4S 5S 6S 7H 7D 7C TH JH QH AC", "7S 8S KD KC KH 2D 3C 5H 6H QD")
    root = parse(settlement_html(result))
    assert root.attrib["data-outcome"] == "knock" and root.attrib["data-winner"] == "knocker"
    assert root.attrib["data-points"] == "25"
    shown = card_elements(root)
    assert sorted(el.attrib["data-card"] for el in shown) == sorted(
        c.code for c in parse_cards("4S 5S 6S 7H 7D 7C TH JH QH AC 7S 8S KD KC KH 2D 3C 5H 6H QD"))
    laid = sorted(el.attrib["data-card"] for el in shown
                  if el.attrib.get("data-highlight") == "layoff")
    assert laid == ["7S", "8S"]
    words = " ".join(texts(root))
    assert "deadwood 26 after lay-offs" in words and "26 - 1 = 25" in words


def test_gin_settlement_has_no_layoffs():
    result = settle("4S 5S 6S 7H 7D 7C TH JH QH KH", "7S 8S KD KC 9H 2D 3C 5H 6H QD")
    root = parse(settlement_html(result, four_colour=True))
    assert root.attrib["data-outcome"] == "gin"
    assert not [el for el in card_elements(root) if "data-highlight" in el.attrib]


DEAL = ["7S 7H 7D 9C TC JC 3H 4H 5H KD", "2S 3S 4S QD QH QC 8C KH 5D TS"]


def test_round_for_a_viewer_hides_the_other_hand_until_the_end():
    rnd = Round.from_deal(DEAL, upcard="8D", stock="2H AD", dealer=1, names=("Ann", "<Bob>"))
    hidden = codes(round_html(rnd, viewer=0))
    assert set(hidden) >= {c.code for c in parse_cards(DEAL[0])}
    assert not set(hidden) & {c.code for c in parse_cards(DEAL[1])}
    assert hidden.count("back") == 10 + 1  # the other hand, and the stock
    everything = codes(round_html(rnd))
    assert set(everything) >= {c.code for c in parse_cards(DEAL[0] + " " + DEAL[1])}
    assert "&lt;Bob&gt;" in round_html(rnd)  # names are escaped, the page stays well-formed

    rnd.apply("take")
    rnd.apply("knock KD")
    page = round_html(rnd, viewer=1)
    assert {"7S", "7H", "7D"} <= set(codes(page))  # the knocker's spread is face up
    rnd.apply("lay off")
    over = parse(round_html(rnd, viewer=0))
    assert {c.code for c in parse_cards(DEAL[1])} <= set(codes(ET.tostring(over, "unicode")))
    assert any(el.attrib.get("class") == "gin-settlement" for el in over.iter())


def test_pictures_speak_to_a_player_named_you():
    rnd = Round.from_deal(DEAL, upcard="8D", dealer=0, names=("You", "Bob"))
    words = " ".join(texts(parse(round_html(rnd, viewer=0))))
    assert "You deal;" in words and "You deals" not in words
    other = Round.from_deal(DEAL, upcard="8D", dealer=1, names=("You", "Bob"))
    assert "Bob deals;" in " ".join(texts(parse(round_html(other, viewer=0))))


def test_scoresheet_lists_every_round_and_the_totals():
    game = play(Game(Rules(target=60), seed=11, names=("Ann", "Bob")), [GreedyBot(), GreedyBot()])
    root = parse(game_html(game))
    rows = [[t for t in texts(row)] for row in root.iter("tr")]
    finished = [rnd for rnd in game.rounds if rnd.result is not None]
    round_rows = rows[1:1 + len(finished)]
    assert [int(row[0]) for row in round_rows] == list(range(1, len(finished) + 1))
    total_row = next(row for row in rows if row[0] == "Total")
    assert (int(total_row[1]), int(total_row[2])) == game.totals().total
    assert f"wins the game by {game.totals().margin}" in " ".join(texts(root))


def test_messages_escape_their_text():
    root = parse(message_html("<script>alert(1)</script>", "error"))
    assert root.find("script") is None and "alert(1)" in root.text


def test_the_scoresheet_table_and_text_come_from_one_source():
    game = play(Game(Rules(target=60), seed=11, names=("Ann", "Bob")), [GreedyBot(), GreedyBot()])
    sheet = scoresheet_of(game)
    rows = [texts(row) for row in parse(game_html(game)).iter("tr")][1:]
    expected = [[str(line.number), line.dealer, line.result, *[c for c in line.cells if c]]
                for line in sheet.rounds]
    expected += [[line.label, *[c for c in line.cells if c]] for line in sheet.totals]
    assert rows == expected


@pytest.mark.parametrize("rules", [
    *(preset.replace(target=40) for preset in Rules.presets().values()),
    Rules.modern().replace(target=40, shutout_doubles=True),  # seed 3 doubles a shutout
], ids=lambda rules: rules.name)
@pytest.mark.parametrize("seed", range(4))
def test_the_text_scoresheet_is_drawn_from_the_same_rows(rules, seed):
    game = Game(rules, seed=seed, names=("Ann", "Bob"))
    while True:  # before the first round, after each round, and at the end
        dealer_line = game.scoresheet().splitlines()[0].split("; ", 1)[1]
        assert scoresheet_text(scoresheet_of(game), dealer_line) == game.scoresheet()
        if game.is_over:
            break
        _one_round(game)


def _one_round(game):
    bots = [GreedyBot(), GreedyBot()]
    start = len(game.rounds)
    while not game.is_over and len(game.rounds) == start:
        player = game.current_player
        game.apply(bots[player].choose(game.observation(player), game.legal_actions()), player)
