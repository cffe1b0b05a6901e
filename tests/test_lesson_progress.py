"""Lesson progress (exercises, games), the dashboard and the class table (issue 26)."""

import json
import re
import types
from pathlib import Path

import pytest

from gin_teach.bots import BOTS
from gin_teach.core.rules import Rules
from gin_teach.engine.game import Game
from gin_teach.errors import ProgressError
from gin_teach.learner import lesson_progress
from gin_teach.learner.classes import class_table, export_progress, read_export
from gin_teach.learner.lesson_progress import course_map, exercise_key, lesson_exercises
from gin_teach.learner.progress import ProgressStore, load_progress
from gin_teach.learner.rating import Rating
from gin_teach.learner.record import Progress
from gin_teach.lessons import check_card_points, check_deadwood
from gin_teach.widgets import DiscardPuzzle, GameTable, dashboard
from gin_teach.widgets.dashboard import ProgressDashboard, record_finished_game

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSON_1 = NOTEBOOKS / "01_cards_and_deadwood.ipynb"
EXERCISE = 'answer = ...\ncheck_card_points("AS 7D KC QH", answer)'


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GIN_TEACH_HOME", str(tmp_path))
    return tmp_path / "puzzle_progress.json"


@pytest.fixture
def kernel(monkeypatch):
    """A notebook kernel as the recorder sees it: the cell being run and the notebook."""
    shell = types.SimpleNamespace(user_ns={"_ih": [""], "__session__":
                                           "/home/me/notebooks/01_cards_and_deadwood.ipynb"})
    monkeypatch.setattr(lesson_progress, "kernel_shell", lambda: shell)

    def run(cell):
        shell.user_ns["_ih"].append(cell)

    return run


def test_an_exercise_key_ignores_the_answer_and_spots_demonstrations():
    typed = EXERCISE.replace("...", "28")
    assert exercise_key(typed, "01") == exercise_key(EXERCISE, "01") is not None
    assert exercise_key(EXERCISE, "01") != exercise_key(EXERCISE, "02")
    assert exercise_key(EXERCISE.replace("QH", "KH"), "01") != exercise_key(EXERCISE, "01")
    score = 'winner = ...\npoints = ...\ncheck_score("AS", "2S", winner, points)'
    assert exercise_key(score, "08") == exercise_key(
        score.replace("winner = ...", 'winner = "knocker"'), "08")
    for demo in ('check_cards("ace of spades", "AS 10D KX")',
                 'rules = Rules.modern()\nprint(check_draws_left(9, 7))',
                 'hand = Hand("7S")\nhand'):
        assert exercise_key(demo, "00") is None


def test_the_stored_lessons_have_their_exercises_found():
    keys = lesson_exercises(LESSON_1)
    assert len(keys) == 6 and len(set(keys)) == 6
    assert exercise_key(EXERCISE, "01_cards_and_deadwood") in keys


def test_a_checked_answer_in_an_exercise_cell_is_recorded_with_its_tries(home, kernel):
    kernel(EXERCISE.replace("...", "30"))
    assert not check_card_points("AS 7D KC QH", 30).correct
    kernel(EXERCISE.replace("...", "28"))
    assert check_card_points("AS 7D KC QH", 28).correct
    kernel(EXERCISE.replace("...", "28"))
    check_card_points("AS 7D KC QH", 28)  # solved already: nothing more counts
    progress, _ = load_progress(home)
    (record,) = progress.exercises.values()
    assert record.lesson == "01_cards_and_deadwood" and record.tries == 2
    assert record.first_solved is not None
    assert course_map(progress, NOTEBOOKS).lessons[1].solved == 1


def test_a_kernel_told_only_its_folder_finds_the_lesson_holding_the_exercise(
        home, monkeypatch, tmp_path):
    # The static site's kernel: no session name, the lessons in its current folder.
    shell = types.SimpleNamespace(user_ns={"_ih": [""]})
    monkeypatch.setattr(lesson_progress, "kernel_shell", lambda: shell)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.chdir(NOTEBOOKS)
    shell.user_ns["_ih"].append(EXERCISE.replace("...", "28"))
    assert check_card_points("AS 7D KC QH", 28).correct
    progress, _ = load_progress(home)
    (record,) = progress.exercises.values()
    assert record.lesson == "01_cards_and_deadwood"
    assert course_map(progress, NOTEBOOKS).lessons[1].solved == 1
    # A cell of no lesson there is of none; a lesson that comes later is found.
    own = 'answer = 1\ncheck_card_points("AS", answer)'
    assert lesson_progress.lesson_holding(own, tmp_path) == ""
    cell = {"cell_type": "code", "source": own.replace("1", "...", 1)}
    (tmp_path / "30_mine.ipynb").write_text(json.dumps({"cells": [cell]}))
    assert lesson_progress.lesson_holding(own, tmp_path) == "30_mine"
    assert lesson_progress.lesson_holding(own, NOTEBOOKS) == ""
    assert lesson_progress.lesson_holding(EXERCISE, tmp_path) == ""
    assert lesson_progress.lesson_holding(EXERCISE, NOTEBOOKS) == "01_cards_and_deadwood"


def test_placeholders_demonstrations_and_scripts_record_nothing(home, kernel, monkeypatch):
    kernel(EXERCISE)
    check_card_points("AS 7D KC QH", ...)  # Run All: the placeholder is no answer
    kernel('check_deadwood("7S 7H 7D 8H 9H", 14)')
    check_deadwood("7S 7H 7D 8H 9H", 14)  # a worked example
    assert not home.exists()
    monkeypatch.setattr(lesson_progress, "kernel_shell", lambda: None)
    check_card_points("AS 7D KC QH", 28)  # a script or a test: no notebook
    assert not home.exists()


def test_the_course_map_marks_a_lesson_done_when_every_exercise_is_solved():
    progress = Progress()
    for key in lesson_exercises(LESSON_1):
        progress = progress.record_exercise(key, "01_cards_and_deadwood", True)
    lessons = {lesson.name: lesson for lesson in course_map(progress, NOTEBOOKS).lessons}
    assert lessons["01_cards_and_deadwood"].done
    assert not lessons["02_melds"].done and lessons["02_melds"].exercises > 0
    assert "✔ done" in course_map(progress, NOTEBOOKS)._repr_html_()


def test_the_course_map_gives_stars_for_first_tries_solves_and_tries():
    paths = (LESSON_1, NOTEBOOKS / "02_melds.ipynb", NOTEBOOKS / "03_one_card_one_meld.ipynb")
    keys = {path.stem: lesson_exercises(path) for path in paths}
    progress = Progress()
    for key in keys["01_cards_and_deadwood"]:  # every one right at the first try
        progress = progress.record_exercise(key, "01_cards_and_deadwood", True)
    # every one right, the first after a wrong try
    progress = progress.record_exercise(keys["02_melds"][0], "02_melds", False)
    for key in keys["02_melds"]:
        progress = progress.record_exercise(key, "02_melds", True)
    progress = progress.record_exercise(keys["03_one_card_one_meld"][0], "03", False)
    lessons = {lesson.name: lesson for lesson in course_map(progress, NOTEBOOKS).lessons}
    assert [lessons[name].stars for name in keys] == [3, 2, 1]
    assert lessons["04_a_turn_and_the_opening"].stars == 0
    shown = course_map(progress, NOTEBOOKS)._repr_html_()
    assert shown.count(">★★★<") == 1 and "3 of 3 stars" in shown and "first try" in shown


def finished_game():
    game = Game(Rules(target=25), seed=3)
    players = [BOTS["simple"](seed=1), BOTS["simple"](seed=2)]
    while not game.is_over:
        mover = game.current_player
        game.apply(players[mover].choose(game.observation(mover), game.legal_actions()), mover)
    return game


def test_every_exercise_of_the_course_has_a_key_of_its_own():
    # Issue 44: lesson 15's exercises 5 and 6 shared one key, so solving one solved both, and
    # the dashboard's count (distinct keys) fell one short of the course map's rows.
    keys = [key for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
            for key in lesson_exercises(path)]
    assert len(keys) == len(set(keys)), [k for k in set(keys) if keys.count(k) > 1]


def test_the_dashboard_counts_the_exercises_the_course_map_counts(tmp_path):
    progress = Progress()
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        for key in lesson_exercises(path):
            progress = progress.record_exercise(key, path.stem, True)
    mapped = sum(lesson.solved for lesson in course_map(progress, NOTEBOOKS).lessons)
    store = ProgressStore(tmp_path / "p.json")
    store.update(lambda _old: progress)
    board = ProgressDashboard(store=store)
    assert f"{mapped} lesson exercises solved" in board.summary.value


def test_a_finished_game_is_recorded_once():
    store = ProgressStore.scratch()
    game = finished_game()
    assert record_finished_game(game, 0, 77.0, store)
    assert not record_finished_game(game, 0, 77.0, store)  # once only
    (played,) = store.progress.games
    assert played.won == (game.winner == 0) and played.accuracy == 77.0
    assert played.rounds == len(game.rounds) and max(played.points) > 0


def test_a_game_played_to_the_end_by_cells_records_nothing(home, monkeypatch):
    table = GameTable("simple", seed=4, rules=Rules(target=25))
    helper = BOTS["simple"](seed=9)
    while not table.game.is_over:
        table.play(helper.choose(table.game.observation(0), table.game.legal_actions()))
        table.next_round()
    monkeypatch.setattr(dashboard, "from_a_click", lambda: True)
    table.four_colour = True  # a later click redraws the finished game: still not counted
    assert not home.exists()


def test_a_game_ended_by_the_learners_click_is_recorded(home, monkeypatch):
    monkeypatch.setattr(dashboard, "from_a_click", lambda: True)
    table = GameTable("simple", seed=4, rules=Rules(target=25))
    helper = BOTS["simple"](seed=9)
    while not table.game.is_over:
        table.play(helper.choose(table.game.observation(0), table.game.legal_actions()))
        table.next_round()
    table.redraw()  # a later redraw does not count the game twice
    (played,) = load_progress(home)[0].games
    assert played.won == (table.game.winner == 0)


def test_the_dashboard_charts_and_follows_the_trainer_on_its_page(tmp_path):
    store = ProgressStore(tmp_path / "p.json")
    board = ProgressDashboard(store=store)
    trainer = DiscardPuzzle(store=store, seed=2)
    assert "0 puzzles answered" in board.summary.value
    trainer.show_solution()  # a miss: due for review tomorrow
    assert "1 puzzle answered" in board.summary.value  # issue 44: not "1 puzzles"
    assert "counts as half" in board.summary.value  # the counting rule, said on screen
    charts = board.charts.value
    titles = re.findall(r'<svg[^>]* aria-label="([^"]*)"', charts)
    assert titles == ["Puzzle rating", "Themes, weakest first", "Days practised: streak 1"]
    assert charts.count('class="bar"') == len(trainer.puzzle.themes)  # one bar a theme
    assert charts.count("<circle") == 1  # the rating after the one answer


def test_export_and_class_table(tmp_path):
    folder = tmp_path / "class"
    ada = Progress()
    for puzzle_id, score, theme in (("p1", 1.0, "count"), ("p2", 0.0, "shape")):
        ada = ada.record(puzzle_id, Rating(1500, 80), score, themes=(theme,))
    export_progress(folder / "ada.json", "Ada", ada)
    export_progress(folder / "ben.json", "Ben", Progress().record_game(True, (120, 0), 3))
    (folder / "notes.json").write_text("[1, 2]")
    table = class_table(folder)
    assert [row.name for row in table.rows] == ["Ada", "Ben"]
    assert table.rows[0].weakest_themes == ("shape", "count")
    assert table.rows[1].games == 1 and table.rows[1].days_practised == 1
    assert table.skipped[0][0] == "notes.json"
    assert "Ada" in table._repr_html_() and "notes.json" in table._repr_html_()
    chart = table.chart()
    assert chart._repr_html_().count("<svg") == 2  # ratings and days, a bar a learner each
    assert chart.html.count('class="bar"') == 4
    assert (folder / "notes.json").read_text() == "[1, 2]"


def test_an_export_never_overwrites_another_file(tmp_path):
    essay = tmp_path / "essay.json"
    essay.write_text(json.dumps({"title": "mine"}))
    with pytest.raises(ProgressError, match="not a gin_teach progress export"):
        export_progress(essay, "Ada", Progress())
    assert json.loads(essay.read_text()) == {"title": "mine"}
    with pytest.raises(ProgressError, match="is a folder"):
        export_progress(tmp_path, "Ada", Progress())
    with pytest.raises(ProgressError, match="name"):
        export_progress(tmp_path / "x.json", "", Progress())
    with pytest.raises(ProgressError, match="not a folder"):
        class_table(essay)
    out = export_progress(tmp_path / "again.json", "Ada", Progress())
    export_progress(out, "Ada", Progress().record("p", Rating(), 1.0))  # an update of one's own
    assert read_export(out)[1].attempts == 1


def test_the_class_table_exports_csv_for_a_gradebook(tmp_path):
    import csv

    from gin_teach.learner.classes import CSV_COLUMNS

    folder = tmp_path / "class"
    ada = Progress().record("p1", Rating(1500, 80), 1.0, themes=("count",))
    export_progress(folder / "ada.json", "Ada", ada)
    export_progress(folder / "mal.json", "=HYPERLINK(1)", Progress())
    table = class_table(folder)
    out = table.write_csv(tmp_path / "grades.csv")
    rows = list(csv.reader(out.read_text(encoding="utf-8").splitlines()))
    assert tuple(rows[0]) == CSV_COLUMNS and len(rows) == 1 + len(table.rows)
    by_name = {row[0]: row for row in rows[1:]}
    (ada_row,) = [row for row in table.rows if row.name == "Ada"]
    assert by_name["Ada"][3] == "1" and by_name["Ada"][4] == str(round(ada_row.rating))
    assert "'=HYPERLINK(1)" in by_name  # never read as a formula by a spreadsheet
    table.write_csv(out)  # an earlier table is replaced
    essay = tmp_path / "essay.csv"
    essay.write_text("my notes")
    with pytest.raises(ProgressError, match="not a class table"):
        table.write_csv(essay)
    assert essay.read_text() == "my notes"


def test_the_dashboard_offers_the_puzzle_of_the_day_and_marks_it_solved(tmp_path):
    from gin_teach.widgets import puzzle_of_the_day

    store = ProgressStore(tmp_path / "p.json")
    board = ProgressDashboard(store=store)
    today = puzzle_of_the_day()
    assert today.id in board.daily.text.value and "not solved yet" in board.daily.text.value
    board.daily.open_button.click()
    trainer = board.daily.trainer
    assert trainer.puzzle == today and trainer.store is store
    if today.kind == "draw":
        trainer.answer("take" if today.take else "draw")
    else:
        trainer.answer(today.best_choice.card, today.best_choice.knock)
    assert "solved ✔" in board.daily.text.value  # the dashboard follows the shared record
