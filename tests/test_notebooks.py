"""The course as stored: every lesson of issue 5 is there, clean (no outputs, counts or widget
state; the plain python3 kernel), shaped as a lesson (goals first, a widget, two or more
checked exercises, a summary) and free of rules re-implemented in a cell.

Running the notebooks is nbval's job (``make notebooks``); these tests read them as files.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

import gin_teach.lessons

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

# Each lesson of the course and the widget it is built around (issue 5's list; issue 9
# split lessons 4 and 8 in two).
COURSE = {
    "00_start_here.ipynb": "HandBuilder",
    "01_cards_and_deadwood.ipynb": "HandBuilder",
    "02_melds.ipynb": "HandBuilder",
    "03_one_card_one_meld.ipynb": "MeldExplorer",
    "04_a_turn_and_the_opening.ipynb": "GameTable",
    "05_pick_ups_discards_and_the_dead_hand.ipynb": "TableCanvas",
    "06_knocking_and_gin.ipynb": "KnockLab",
    "07_laying_off.ipynb": "LayoffLab",
    "08_undercuts_and_scoring.ipynb": "ScoreQuiz",
    "09_a_whole_game.ipynb": "GameTable",
    "10_variants.ipynb": "GameTable",
    "11_play_against_the_computer.ipynb": "GameTable",
    # Issue 12's strategy lessons.
    "12_building_a_hand.ipynb": "HandBuilder",
    "13_the_draw.ipynb": "GameTable",
    "14_defence.ipynb": "GameTable",
    "15_knock_or_play_on.ipynb": "KnockLab",
    "16_the_endgame.ipynb": "LayoffLab",
    # After the strategy lessons: the strategy lab (issue 10) and the puzzle trainer (issue 11).
    "17_strategy_lab.ipynb": None,
    "18_what_should_i_discard.ipynb": "DiscardPuzzle",
}
WIDGETS = {"HandBuilder", "MeldExplorer", "KnockLab", "LayoffLab", "ScoreQuiz", "GameTable",
           "TableCanvas", "DiscardPuzzle", "ProgressDashboard"}
# Notebooks that are not lessons with checked exercises, and why. The lab's results are
# tournaments, read with their confidence intervals: there is no single right answer to check,
# and it has no widget (its charts are matplotlib). The puzzle trainer grades every answer
# itself (puzzle.grade), so its exercises are the trainer's, not a checker's.
NOT_CHECKED = {
    "17_strategy_lab.ipynb": "measurements, not answers",
    "18_what_should_i_discard.ipynb": "the trainer grades each puzzle",
}
CHECKERS = {name for name in gin_teach.lessons.__all__ if name.startswith("check_")}
LITERALS = (ast.Constant, ast.List, ast.Tuple, ast.Set, ast.Dict, ast.JoinedStr, ast.UnaryOp)
PLAIN_KERNEL = {"name": "python3", "display_name": "Python 3", "language": "python"}

lessons = pytest.mark.parametrize("name", sorted(COURSE))


def load(name: str) -> nbformat.NotebookNode:
    path = NOTEBOOKS / name
    if not path.exists():
        pytest.fail(f"{name} is missing from notebooks/")
    return nbformat.read(path, as_version=4)


def code_cells(notebook: nbformat.NotebookNode) -> list[tuple[str, ast.Module]]:
    return [(cell.source, ast.parse(cell.source)) for cell in notebook.cells
            if cell.cell_type == "code"]


def imported_from(tree: ast.Module, module: str) -> set[str]:
    return {alias.asname or alias.name for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
            and (node.module == module or node.module.startswith(module + "."))
            for alias in node.names}


def called_names(tree: ast.Module) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name):
                names.add(func.id)
            elif isinstance(func, ast.Attribute):
                names.add(func.attr)
    return names


@lessons
def test_lesson_exists_and_is_valid(name):
    nbformat.validate(load(name))


@lessons
def test_stored_without_outputs_counts_or_widget_state(name):
    notebook = load(name)
    assert notebook.metadata.get("kernelspec") == PLAIN_KERNEL
    assert "widgets" not in notebook.metadata
    for cell in notebook.cells:
        assert "widgets" not in cell.get("metadata", {})
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{name}: stored output in {cell.source[:40]!r}"
            assert cell.execution_count is None
            assert "execution" not in cell.metadata
    # Widget state can hide in raw JSON too (application/vnd.jupyter.widget-state+json).
    assert "widget-state" not in (NOTEBOOKS / name).read_text(encoding="utf-8")


@lessons
def test_opens_with_what_the_learner_will_be_able_to_do(name):
    first = load(name).cells[0]
    assert first.cell_type == "markdown"
    assert first.source.startswith("# ")
    assert "you will be able to" in first.source.lower()
    assert re.search(r"^- ", first.source, re.MULTILINE), "goals as a list"


@lessons
def test_closes_with_a_summary(name):
    markdown = [c for c in load(name).cells if c.cell_type == "markdown"]
    assert markdown[-1].source.startswith("## Summary")


@lessons
def test_uses_its_widget(name):
    cells = code_cells(load(name))
    imported = set().union(*(imported_from(tree, "gin_teach.widgets") for _, tree in cells))
    called = set().union(*(called_names(tree) for _, tree in cells))
    widget = COURSE[name]
    if widget is None:
        assert not imported, f"{name} is listed without a widget but imports {imported}"
        return
    assert widget in imported & called, f"{name} should show {widget}"
    assert imported <= WIDGETS


def checker_calls(tree: ast.Module, checkers: set[str]) -> list[ast.Call]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name) and node.func.id in checkers]


@lessons
def test_has_at_least_two_exercises_checked_by_the_module(name):
    cells = code_cells(load(name))
    imported = set().union(*(imported_from(tree, "gin_teach.lessons") for _, tree in cells))
    exercises = 0
    for source, tree in cells:
        calls = checker_calls(tree, CHECKERS & imported)
        # The learner's answers are the names handed to the checker and set in this cell.
        handed = {arg.id for call in calls
                  for arg in [*call.args, *(k.value for k in call.keywords)]
                  if isinstance(arg, ast.Name)}
        # A typed answer is a literal; set-up lines (a round played forward) are calls.
        answers = [node for node in ast.walk(tree) if isinstance(node, ast.Assign)
                   and any(isinstance(t, ast.Name) and t.id in handed for t in node.targets)
                   and isinstance(node.value, LITERALS)]
        if calls and answers:
            exercises += 1
            # As stored, each answer is the placeholder the checker reads as "not answered".
            for node in answers:
                assert isinstance(node.value, ast.Constant) and node.value.value in (..., None), \
                    f"{name}: a stored answer in {source!r}"
    if name in NOT_CHECKED:
        assert exercises == 0, f"{name} gained checked exercises: drop it from NOT_CHECKED"
        return
    assert exercises >= 2, f"{name} has {exercises} checked exercises"


# Rules live in gin_teach; a cell asks the module. A cell that defines a function or class, or
# adds up points itself, is re-implementing something the module already answers.
# The lab and the trainer may define helpers that rule nothing: the lab draws its charts and
# builds players in code (that is its subject), the trainer picks a bank puzzle and grades it
# with the module. The other checks still apply to them.
DEFINES_HELPERS = {"17_strategy_lab.ipynb", "18_what_should_i_discard.ipynb"}


@lessons
def test_no_rule_is_reimplemented_in_a_cell(name):
    for source, tree in code_cells(load(name)):
        for node in ast.walk(tree):
            if name not in DEFINES_HELPERS:
                assert not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                             ast.ClassDef)), f"{name}: a definition in {source!r}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "sum", f"{name}: a hand-made count in {source!r}"
            if isinstance(node, ast.Compare):
                text = ast.unparse(node)
                assert "points" not in text and "rank" not in text, \
                    f"{name}: a rule test written in a cell: {text}"


def test_course_map_lists_every_lesson():
    start = "".join(c.source for c in load("00_start_here.ipynb").cells
                    if c.cell_type == "markdown")
    for name in COURSE:
        assert f"`{name.removesuffix('.ipynb')}`" in start



# ------------------------------------------------------------------ every exercise answers

def answer_key() -> dict[str, dict[int, str]]:
    """The answer key of teachers.md: lesson number -> exercise number -> Python expression."""
    key: dict[str, dict[int, str]] = {}
    lesson = None
    for line in (NOTEBOOKS / "teachers.md").read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^### Lesson (\d\d)$", line)
        if heading:
            lesson = heading.group(1)
            key[lesson] = {}
        entry = re.match(r"^- Exercise (\d+): `([^`]+)`", line)
        if entry and lesson is not None:
            key[lesson][int(entry.group(1))] = entry.group(2)
    return key


def placeholders(tree: ast.Module) -> list[ast.Assign]:
    """The cell's ``answer = ...`` lines."""
    return [node for node in tree.body if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant) and node.value.value is ...]


def exercise_cells(notebook: nbformat.NotebookNode) -> list[int]:
    """Positions, among the code cells, of the exercises: a checker called on a placeholder."""
    return [position for position, (_, tree) in enumerate(code_cells(notebook))
            if checker_calls(tree, CHECKERS) and placeholders(tree)]


def answered(source: str, answer: str) -> str:
    """An exercise cell's source with its placeholders replaced by ``answer``, a Python
    expression (a tuple when the cell has several placeholders, in their order)."""
    blanks = placeholders(ast.parse(source))
    names = ", ".join(node.targets[0].id for node in blanks)  # type: ignore[attr-defined]
    lines = source.splitlines()
    lines[blanks[0].lineno - 1] = f"{names} = ({answer})"
    for node in blanks[1:]:
        lines[node.lineno - 1] = ""
    return "\n".join(lines)


def run_with_answers(name: str, answers: dict[int, str]) -> list[object]:
    """Run the lesson's code cells in order, answering exercise n with ``answers[n]``; return
    what each exercise's checker said (the value of the cell's last line)."""
    namespace: dict[str, object] = {}
    feedback = []
    notebook = load(name)
    exercises = exercise_cells(notebook)
    for position, (source, tree) in enumerate(code_cells(notebook)):
        if position not in exercises:
            exec(compile(tree, name, "exec"), namespace)
            continue
        *setup, last = ast.parse(answered(source, answers[len(feedback) + 1])).body
        exec(compile(ast.Module(setup, []), name, "exec"), namespace)
        assert isinstance(last, ast.Expr)
        feedback.append(eval(compile(ast.Expression(last.value), name, "eval"), namespace))
    return feedback


def test_teachers_guide_covers_every_lesson():
    guide = (NOTEBOOKS / "teachers.md").read_text(encoding="utf-8")
    for name in COURSE:
        assert f"### Lesson {name[:2]}," in guide, f"no teaching notes for {name}"
    assert sorted(answer_key()) == sorted(name[:2] for name in COURSE)


@lessons
def test_every_exercise_accepts_the_answer_key(name):
    answers = answer_key()[name[:2]]
    results = run_with_answers(name, answers)
    assert len(results) == len(answers), f"{name}: {len(results)} exercises, key has {len(answers)}"
    for number, feedback in enumerate(results, 1):
        assert feedback.correct, f"{name} exercise {number}: {feedback}"


# The text of a lesson describes its seeded examples in words ("Ann holds 10♠ J♠, so the 9♠
# would give her a run"). If the engine ever deals or plays these seeds differently, the words
# go stale; this test says which lesson to rewrite.
def test_the_seeded_examples_still_say_what_the_text_says():
    from gin_teach import Card, Game, GreedyBot, RandomBot, Round, SimpleBot, parse_cards, play

    deal = Round(seed=222, dealer=1, names=("Ann", "Bob"))  # lessons 04 and 05
    assert deal.upcard == Card(13, "S")
    assert set(parse_cards("KD KC")) <= set(deal.hand(0))
    assert set(parse_cards("QS KH")) <= set(deal.hand(1))
    assert not set(parse_cards("JS QS KH")) & set(deal.hand(0))
    # lesson 05: two random players let the round die, Bob's J♥ and Ann's 8♠ the last discards
    dead = play(Round(seed=3, names=("Ann", "Bob")), [RandomBot(seed=1), RandomBot(seed=2)])
    assert dead.result.is_dead_hand and dead.stock_size == 2
    assert [str(action) for _, action in dead.history[-6:]][1::2][-2:] == [
        "discard JH", "discard 8S"]
    assert [player for player, _ in dead.history[-4:]] == [1, 1, 0, 0]

    game = play(Game(seed=9, names=("Greedy", "Simple")),  # lesson 09 and teachers.md
                [GreedyBot(), SimpleBot(seed=9)])
    assert game.rounds_won[game.winner] < game.rounds_won[1 - game.winner]


# Lesson 04's table deals Ann's and Bob's cards before knocking is taught (lesson 06): the
# computer must not end the round by knocking in its first turns, whatever the learner does
# (stood in for here by every computer player and a spread of random ones).
def test_lesson_4_table_lets_the_learner_play_before_any_knock():
    from gin_teach import GreedyBot, RandomBot, Round, SimpleBot
    from gin_teach.engine.actions import BigGin, Knock
    from gin_teach.widgets import GameTable
    from gin_teach.widgets.game_table import BOTS

    deal = Round(seed=222, dealer=1, names=("Ann", "Bob"))
    # The lesson's table, as its cell builds it, deals exactly this round, the learner as Ann.
    table = GameTable("simple", hands=[deal.hand(0), deal.hand(1)], upcard=deal.upcard,
                      stock=deal.stock, seed=4)
    dealt = table.game.round
    assert table.human == 0 and dealt.dealer == deal.dealer
    assert (dealt.hand(0), dealt.hand(1), dealt.upcard, dealt.stock) == (
        deal.hand(0), deal.hand(1), deal.upcard, deal.stock)
    learners = [GreedyBot(), SimpleBot(seed=1), *(RandomBot(seed=s) for s in range(6))]
    for name, make in BOTS.items():
        for learner in learners:
            for bot_seed in range(3):
                computer = make(bot_seed)
                rnd = Round.from_deal([deal.hand(0), deal.hand(1)], upcard=deal.upcard,
                                      stock=deal.stock, dealer=1)
                computer_turns = 0
                while not rnd.is_over and computer_turns < 6:
                    player = rnd.current_player
                    move = (learner if player == 0 else computer).choose(
                        rnd.observation(player), rnd.legal_actions())
                    if player == 1:
                        assert not isinstance(move, (Knock, BigGin)), \
                            f"{name} ends the round on its turn {computer_turns + 1}"
                        computer_turns += rnd.phase == "discard"
                    rnd.apply(move)


# Issue 9: every concept the review counted gets at least two checked exercises. A concept is
# a checker called in a lesson's exercise cells, narrowed by the arguments that make the
# exercise about that concept (a rules object, a kind of meld, a move).
CONCEPTS = {
    "card values": ("01", "check_card_points", ""),
    "rank order": ("01", "check_rank_order", ""),
    "sets": ("02", "check_is_meld|check_meld", "8S 8H 8D 8C|kind='set'"),
    "completing cards": ("03", "check_completing_cards", ""),
    "no throw-back": ("04", "check_is_legal", "discard"),
    "reading a pick-up": ("05", "check_meld_partners", ""),
    "choosing a discard": ("05", "check_discard", ""),
    "the dead hand": ("05", "check_round_over", ""),
    "gin": ("06", "check_knock", "AS 2S 3S 4H 5H 6H 9C 9D 9H 9S KD|7C 8C 9C 10C JD JH JS"),
    "knock or wait": ("06", "check_outcome", "knocker"),
    "lay-offs refused": ("07", "check_layoffs", "2S 2D|6C"),
    "choosing the spread": ("07", "check_spread", ""),
    "ties": ("08", "check_score|check_outcome", "8S 8H 8D 2C"),
    "the Norwegian preset": ("08", "check_score", "Rules.norwegian()"),
    "a doubled shutout": ("09", "check_game_total", "shutout_doubles=True"),
    "match points": ("09", "check_match_points", ""),
    "Oklahoma": ("10", "check_knock_limit", "oklahoma=True"),
    "Straight Gin": ("10", "check_knock", "straight_gin=True"),
    "big gin": ("10", "check_knock|check_score", "big"),
}


@pytest.mark.parametrize("concept", sorted(CONCEPTS))
def test_every_concept_has_two_checked_exercises(concept):
    lesson, checkers, marks = CONCEPTS[concept]
    name = next(name for name in COURSE if name.startswith(lesson))
    notebook = load(name)
    cells = code_cells(notebook)
    found = 0
    for position in exercise_cells(notebook):
        _, tree = cells[position]
        calls = checker_calls(tree, set(checkers.split("|")))
        texts = [ast.unparse(call) for call in calls]
        if any(not marks or any(mark in text or mark.replace("'", '"') in text
                                for mark in marks.split("|")) for text in texts):
            found += 1
    assert found >= 2, f"{concept}: {found} checked exercise(s) in {name}"


# Lesson 07 shows one defender against a knock and against gin with the same three melds: the
# text says the 4♠ and the 7♥ go on the knock and nothing goes on gin. Lesson 08's tie is a
# tie (equal counts) under both readings, and nobody's round without the undercut on a tie.
def test_the_side_by_side_examples_show_what_the_text_says():
    from gin_teach import Rules, parse_cards, settle

    defender = "7H 4S QC QD QS 2D 3C 8D KH JC"
    knock = settle("AS 2S 3S 4H 5H 6H 9C 9D 9H 5D", defender)
    gin = settle("AS 2S 3S 4H 5H 6H 9C 9D 9H 9S", defender)
    assert {layoff.card for layoff in knock.layoffs} == set(parse_cards("4S 7H"))
    assert gin.outcome == "gin" and not gin.layoffs

    tie = settle("8S 8H 8D 2C 3C 4C 5C 3S 5S AS", "AH 2H 3H 10S 10D 10C JD QD KD 9H")
    assert tie.knocker_count == tie.defender_count and tie.outcome == "undercut"
    no_undercut = settle("8S 8H 8D 2C 3C 4C 5C 3S 5S AS", "AH 2H 3H 10S 10D 10C JD QD KD 9H",
                         Rules(undercut_on_tie=False))
    assert no_undercut.points == 0 and no_undercut.outcome != "undercut"
