"""Issue 9's table of right and wrong answers, checker by checker: the ways people write
answers (cards in words, several cards joined by words, a verb in front, melds split by
commas, semicolons or new lines, yes and no in sentences, "wait" for play on), answers that
only restate the question, and wrong answers that must hear why.

Each row is (checker call, answer, right?, words the reply must hold). The readers themselves
are tested in gin_teach/lessons/answers.py's doctests; here every row goes through a checker, as a
learner's answer does.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest

from gin_teach import Rules, settle
from gin_teach import lessons as L
from gin_teach.bots import GreedyBot, RandomBot, play
from gin_teach.engine.game import Game
from gin_teach.engine.match import Match
from gin_teach.engine.round import Round
from gin_teach.lessons.answers import Feedback

KNOCKER = "7S 7H 7D 9C TC JC 3H 4H 5H 8D"
DEFENDER = "2S 3S 4S QD QH QC 8C KH 5D TS"
GIN = "AS 2S 3S 4H 5H 6H 9C 9D 9H 9S"
GIN_DEFENDER = "7S 7H 7D QC KC JC 2D 3D 5D 5C"
# A 9-9 tie after the knock: an undercut in the modern rules, nobody's round without one.
TIE_KNOCKER, TIE_DEFENDER = "8S 8H 8D 2C 3C 4C 5C 3S 5S AS", "AH 2H 3H 10S 10D 10C JD QD KD 9H"
NO_TIE_UNDERCUT = Rules(undercut_on_tie=False)
# Issue 9's spread: the four 3s score the knocker 16, the heart run only 10.
SPREAD_KNOCKER, SPREAD_DEFENDER = "AH 2H 3H 3S 3D 3C 9C 9D 9S 4S", "4H 5H KS KD KC QS QD QH 8C 6D"


def opening() -> Round:
    return Round.from_deal([KNOCKER.replace("8D", "KD"), DEFENDER], upcard="8D", dealer=1,
                           names=("Ann", "Bob"))


def taken() -> Round:
    rnd = opening()
    rnd.apply("take")
    return rnd


@functools.cache
def dead_round() -> Round:
    return play(Round(seed=3, names=("Ann", "Bob")), [RandomBot(seed=1), RandomBot(seed=2)])


def before_move(back: int) -> Round:
    """The random players' round of lesson 5, ``back`` moves before its end."""
    rnd = Round(seed=3, names=("Ann", "Bob"))
    for _, action in dead_round().history[:-back]:
        rnd.apply(action)
    return rnd


@functools.cache
def game() -> Game:
    return play(Game(seed=9, names=("Ann", "Bob")), [GreedyBot(), GreedyBot()])


@functools.cache
def match() -> Match:
    return play(Match(seed=5, games=1, rules=Rules(target=30), names=("Ann", "Bob")),
                [GreedyBot(), GreedyBot()])


Check = Callable[[object], Feedback]
ROWS: list[tuple[str, Check, object, bool, str]] = [
    # -- cards written in words, joined by words
    ("cards: words and 'and'", lambda a: L.check_cards("ace of spades, 10D, KC", a),
     "the ace of spades, ten of diamonds and king of clubs", True, "A♠ 10♦ K♣"),
    ("cards: a missing card", lambda a: L.check_cards("ace of spades, 10D, KC", a),
     "ace of spades and ten of diamonds", False, "K♣ is missing"),
    ("rank order in words", lambda a: L.check_rank_order("KS AH 9D", a),
     "ace of hearts, nine of diamonds, king of spades", True, "from low to high"),
    ("meld in words", lambda a: L.check_meld(a, kind="run"),
     "ace of spades, two of spades, three of spades", True, "is a run"),
    ("completing: 'and'", lambda a: L.check_completing_cards("7H 7S 7D 8H 9H", a),
     "7C and 10H", True, "would put every card in a meld"),
    ("completing: 'or'", lambda a: L.check_completing_cards("7H 7S 7D 8H 9H", a),
     "7C or 10H", True, "would put every card in a meld"),
    ("completing: in words", lambda a: L.check_completing_cards("7H 7S 7D 8H 9H", a),
     "the seven of clubs or the ten of hearts", True, "would put every card in a meld"),
    ("completing: one short", lambda a: L.check_completing_cards("7H 7S 7D 8H 9H", a),
     "ten of hearts", False, "one more"),
    # -- a verb in front
    ("discard with a verb", lambda a: L.check_discard("4S 5S KD 9D 2C QH JH TH 7C 7D 6S", a),
     "discard KD", True, "K♦"),
    ("discard in words", lambda a: L.check_discard("4S 5S KD 9D 2C QH JH TH 7C 7D 6S", a),
     "throw away the king of diamonds", True, "K♦"),
    ("discard: a worse card", lambda a: L.check_discard("4S 5S KD 9D 2C QH JH TH 7C 7D 6S", a),
     "discard 9D", False, "leaves 26"),
    # -- equal deadwood: a count question, so both cards are right
    ("equal discards: the king", lambda a: L.check_discard("3S 4S 5S 9H 9D 9C QD KH 2C 2H 8S",
                                                           a), "KH", True, "Q♦ leaves 22 too"),
    ("equal discards: the queen", lambda a: L.check_discard("3S 4S 5S 9H 9D 9C QD KH 2C 2H 8S",
                                                            a), "the queen of diamonds", True,
     "as good by the count"),
    ("equal discards: a higher count", lambda a: L.check_discard(
        "2S 3S 4S 8H 8D 8C 5H 6H 9C QD JC", a), "throw 9C", False, "leaves 31"),
    ("lay-offs joined by words", lambda a: L.check_layoffs(
        "5D 6D 7D KS KH KC 2C 3C 4C AS", "4D 8D KD QS JS 10S 9H 9C 2H 7S", a),
     "4D, 8D and KD", True, "Right"),
    ("lay-offs: 'none' in a sentence", lambda a: L.check_layoffs(GIN, GIN_DEFENDER, a),
     "none, it was gin", True, "no lay-offs against gin"),
    ("lay-offs: the refused card named", lambda a: L.check_layoffs(KNOCKER, DEFENDER, a),
     "8C 5D", False, "5♦ does not fit"),
    ("lay-offs: a match for deadwood only", lambda a: L.check_layoffs(
        "5H 6H 7H 8H JS JD JC 2S 2D AC", "2C 9H 3S 3D KC KD KS 6C 7C 9S", a),
     "9H 2C", False, "2♣ does not fit"),
    # -- melds split by commas, semicolons, bars, new lines
    ("melds: bars", lambda a: L.check_arrangement("5H 6H 7H 7S 7C 8C 9C 10C KD QD", a),
     "5H 6H 7H | 7C 8C 9C 10C", True, "the least deadwood"),
    ("melds: commas", lambda a: L.check_arrangement("5H 6H 7H 7S 7C 8C 9C 10C KD QD", a),
     "5H 6H 7H, 7C 8C 9C 10C", True, "the least deadwood"),
    ("melds: semicolons", lambda a: L.check_arrangement("5H 6H 7H 7S 7C 8C 9C 10C KD QD", a),
     "5H 6H 7H; 7C 8C 9C 10C", True, "the least deadwood"),
    ("melds: new lines", lambda a: L.check_arrangement("5H 6H 7H 7S 7C 8C 9C 10C KD QD", a),
     "5H 6H 7H\n7C 8C 9C 10C", True, "the least deadwood"),
    ("melds: commas between cards", lambda a: L.check_arrangement("7S 7H 7D 8H 9H", a),
     "7H, 8H, 9H", True, "the least deadwood"),
    # -- yes and no in sentences
    ("meld? no it isn't", lambda a: L.check_is_meld("QD KD AD", a), "no it isn't", True,
     "not a meld"),
    ("meld? yes, a run", lambda a: L.check_is_meld("AC 2C 3C", a), "Yes, it is a run", True,
     "is a run"),
    ("meld? a wrong yes", lambda a: L.check_is_meld("QD KD AD", a), "yes it is", False,
     "not a meld"),
    ("legal? she may not", lambda a: L.check_is_legal(taken(), "discard 8D", a),
     "No, she may not", True, "just took 8♦"),
    ("legal? a wrong no says why", lambda a: L.check_is_legal(taken(), "discard KD", a),
     "no it isn't", False, "the move is allowed"),
    ("legal? a wrong yes says why", lambda a: L.check_is_legal(taken(), "discard 8D", a),
     "yes", False, "just took 8♦"),
    # -- play on, knock, gin in words
    ("wait is play on", lambda a: L.check_knock("6H 7H 8H 9H 2S 2D 2C KS KD 4C 5C", a), "wait",
     True, "Right"),
    ("keep playing", lambda a: L.check_knock("6H 7H 8H 9H 2S 2D 2C KS KD 4C 5C", a),
     "keep playing", True, "Right"),
    ("no, I would wait", lambda a: L.check_knock("6H 7H 8H 9H 2S 2D 2C KS KD 4C 5C", a),
     "No, I would wait.", True, "Right"),
    ("I would knock", lambda a: L.check_knock("3S 4S 5S 8H 8D 8C KC QC JC 2D 9H", a),
     "I would knock.", True, "knock"),
    ("wait when a knock is there", lambda a: L.check_knock("3S 4S 5S 8H 8D 8C KC QC JC 2D 9H",
                                                           a), "wait", False, "leaves 2"),
    # Issue 28: gin (a discard) is not the big-gin answer: it was accepted.
    ("big gin on: 'gin' for eleven melded cards", lambda a: L.check_knock(
        "AS 2S 3S 4H 5H 6H 9C 10C JC QC KC", a, Rules(big_gin_bonus=50)), "gin", False,
     "big gin pays more"),
    ("gin only in words", lambda a: L.check_knock_limit("AD", a, Rules(oklahoma=True)),
     "gin only", True, "gin only"),
    # -- a tie that is no undercut: nobody's round
    ("tie: nobody scores", lambda a: L.check_score(TIE_KNOCKER, TIE_DEFENDER, a, 0,
                                                   rules=NO_TIE_UNDERCUT), "nobody", True,
     "nobody scores"),
    ("tie: 'a tie'", lambda a: L.check_score(TIE_KNOCKER, TIE_DEFENDER, a, 0,
                                             rules=NO_TIE_UNDERCUT), "a tie", True, "nobody"),
    ("tie: the knocker for 0", lambda a: L.check_score(TIE_KNOCKER, TIE_DEFENDER, a, 0,
                                                       rules=NO_TIE_UNDERCUT), "knocker",
     False, "strictly lower"),
    ("tie: the modern rules' undercut", lambda a: L.check_score(TIE_KNOCKER, TIE_DEFENDER, a,
                                                                25), "defender", True,
     "defender scores 25"),
    ("tie: nobody where a tie is an undercut", lambda a: L.check_score(
        TIE_KNOCKER, TIE_DEFENDER, a, 0), "nobody", False, "has a winner"),
    ("outcome: tie", lambda a: L.check_outcome(TIE_KNOCKER, TIE_DEFENDER, a,
                                               rules=NO_TIE_UNDERCUT), "tie", True, "nobody"),
    ("outcome: 'nobody wins'", lambda a: L.check_outcome(TIE_KNOCKER, TIE_DEFENDER, a,
                                                         rules=NO_TIE_UNDERCUT), "nobody wins",
     True, "tie"),
    ("outcome: undercut where a tie is none", lambda a: L.check_outcome(
        TIE_KNOCKER, TIE_DEFENDER, a, rules=NO_TIE_UNDERCUT), "undercut", False,
     "strictly lower"),
    ("outcome in a sentence", lambda a: L.check_outcome(TIE_KNOCKER, TIE_DEFENDER, a),
     "It was an undercut.", True, "an undercut"),
    ("outcome: a wrong knock says why", lambda a: L.check_outcome(TIE_KNOCKER, TIE_DEFENDER, a),
     "knock", False, "compare the knocker's 9"),
    ("outcome: a wrong gin says why", lambda a: L.check_outcome(KNOCKER, DEFENDER, a), "gin",
     False, "8 points of deadwood"),
    # -- hints aimed at the likely slip
    ("classic gin scored with the modern bonus", lambda a: L.check_score(
        GIN, GIN_DEFENDER, "knocker", a, rules=Rules.classic()),
     settle(GIN, GIN_DEFENDER, Rules.modern()).points, False,
     "modern bonuses"),
    ("a count with its unit", lambda a: L.check_deadwood("3C 4C 5C QS QH QD 2H 9S 9D AS", a),
     "21 points", True, "21"),
    ("no melds: a count too low", lambda a: L.check_deadwood("AS 3H 5D 7C 9S JH KD 2C 4D 6H",
                                                             a), 47, False, "no meld"),
    ("a doubled shutout", lambda a: L.check_game_total((104, 0), (3, 0), 0, a,
                                                       rules=Rules(shutout_doubles=True)),
     558, True, "+ game bonus 100) x 2"),
    ("a doubled shutout left undoubled", lambda a: L.check_game_total(
        (104, 0), (3, 0), 0, a, rules=Rules(shutout_doubles=True)), 279, False, "multiply by 2"),
    ("a doubled shutout with the shutout bonus", lambda a: L.check_game_total(
        (104, 0), (3, 0), 0, a, rules=Rules(shutout_doubles=True)), 758, False,
     "not the shutout bonus"),
    # -- the question's role is no answer
    ("who dealt? 'the dealer'", lambda a: L.check_dealer(game(), 2, a), "the dealer", False,
     "names the role"),
    ("who dealt? a name", lambda a: L.check_dealer(game(), 2, a),
     game().names[game().rounds[1].dealer], True, "dealt round 2"),
    ("whose move? a wrong answer explains first", lambda a: L.check_to_act(opening(), a),
     "dealer", False, "first upcard"),
    # -- issue 9's new exercises
    ("spread: the four threes", lambda a: L.check_spread(SPREAD_KNOCKER, SPREAD_DEFENDER, a),
     "3S 3H 3D 3C; 9C 9D 9S", True, "scores the knocker 16"),
    ("spread: the lowest deadwood", lambda a: L.check_spread(SPREAD_KNOCKER, SPREAD_DEFENDER,
                                                             a),
     "AH 2H 3H | 3S 3D 3C | 9C 9D 9S", False, "another scores 16"),
    ("partners of a pick-up", lambda a: L.check_meld_partners("KS", "AS 6S 10S QS 5H KH 8D",
                                                              a),
     "queen of spades and king of hearts", True, "could meld with K♠"),
    ("partners: one too far", lambda a: L.check_meld_partners("KS", "AS 6S 10S QS 5H KH 8D", a),
     "10S QS KH", False, "10♠ cannot meld"),
    ("round over: a dead hand", lambda a: L.check_round_over(before_move(1),
                                                             dead_round().history[-1][1], a),
     "yes it does", True, "a dead hand"),
    ("round over: not yet", lambda a: L.check_round_over(before_move(3),
                                                         dead_round().history[-3][1], a),
     "yes", False, "play goes on"),
    ("match points of the winner", lambda a: L.check_match_points(match(), 1,
                                                                  match().games[0].winner, a),
     match().game_points(match().games[0])[match().games[0].winner], True, "for the game"),
    # -- issue 28: quotes typed inside the quotes
    ("outs: a count typed with quotes", lambda a: L.check_outs("7S 7H 9C TC 2D 3H 5H KS QS JD",
                                                               a), "'7'", True, "7 live outs"),
    ("outs: a count in double quotes", lambda a: L.check_outs("7S 7H 9C TC 2D 3H 5H KS QS JD",
                                                              a), '"7"', True, "7 live outs"),
    ("deadwood typed with quotes", lambda a: L.check_deadwood("7S 8S", a), "'15'", True, "15"),
    ("a choice typed with quotes", lambda a: L.check_knock("2S 3H 4D 5C 7S 7H 7D 8C 9C TC JC",
                                                           a), "'knock'", True, "knock"),
    ("match points: the game only", lambda a: L.check_match_points(match(), 1,
                                                                   match().games[0].winner, a),
     100, False, "only the points for winning the game"),
]


@pytest.mark.parametrize(("check", "answer", "right", "says"),
                         [row[1:] for row in ROWS], ids=[row[0] for row in ROWS])
def test_answers_as_people_write_them(check: Check, answer: object, right: bool,
                                      says: str) -> None:
    feedback = check(answer)
    assert feedback.answered
    assert feedback.correct is right, str(feedback)
    assert says in str(feedback), str(feedback)


@pytest.mark.parametrize(("check", "answer"), [row[1:3] for row in ROWS if not row[3]],
                         ids=[row[0] for row in ROWS if not row[3]])
def test_a_wrong_answer_hears_more_than_not_quite(check: Check, answer: object) -> None:
    feedback = check(answer)
    assert feedback.message.rstrip(".") not in ("Not quite", "✘ Not quite")
    assert len(feedback.message) > len("Not quite.") + 10


def test_counts_agree_with_their_nouns():
    # Issue 9: "1 dead hands" under play_games, "1 best arrangement, each leaving" in the
    # meld explorer.
    from gin_teach import play_games
    from gin_teach.widgets import MeldExplorer

    summary = str(play_games(GreedyBot(), GreedyBot(), n=1, seed=1))
    assert "1 game," in summary and " 1 dead hands" not in summary
    assert "dead hand" in summary
    single = MeldExplorer("7S 7D 7C 2H 9D").overview.value
    assert "1 best arrangement</b>, leaving" in single
    several = MeldExplorer("4S 4H 4D 3H 5H KC").overview.value
    assert "2 best arrangements</b>, each leaving" in several
