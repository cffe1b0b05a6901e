"""Duplicate-deal tournaments: the same numbers for any number of processes, seats really
swapped, honest counts, the command line's JSON and its errors."""

import json
import subprocess
import sys
from functools import partial

import pytest

from gin_teach import Rules
from gin_teach.bots import ShaperBot
from gin_teach.tournament import (
    RULES,
    TournamentError,
    main,
    play_deal,
    tournament,
    wilson_interval,
)

SHORT = Rules(target=30)


def test_the_same_seed_gives_the_same_result_for_any_number_of_processes():
    one = tournament("shaper", "simple", games=6, seed=4, rules=SHORT, jobs=1)
    two = tournament("shaper", "simple", games=6, seed=4, rules=SHORT, jobs=2)
    three = tournament("shaper", "simple", games=6, seed=4, rules=SHORT, jobs=3)
    assert one == two == three
    assert tournament("shaper", "simple", games=6, seed=5, rules=SHORT) != one


def test_in_a_browser_the_jobs_are_played_in_this_process_with_a_warning(monkeypatch):
    one = tournament("shaper", "simple", games=4, seed=4, rules=SHORT)
    monkeypatch.setattr(sys, "platform", "emscripten")  # the static site's Python

    def no_process(*args, **kwargs):
        raise AssertionError("a process pool was asked for in a browser")

    monkeypatch.setattr("multiprocessing.get_context", no_process)
    with pytest.warns(UserWarning, match="runs in your browser"):
        assert tournament("shaper", "simple", games=4, seed=4, rules=SHORT, jobs=3) == one


def test_each_deal_is_played_twice_with_the_seats_swapped():
    # Two copies of one deterministic player: the first game's seat 0 cards go to the other
    # copy in the second game, so whatever happened to A in one happens to B in the other.
    deal = play_deal("shaper", "shaper", 7, SHORT)
    assert deal.a_won[0] != deal.a_won[1]
    assert deal.a_net_points[0] == -deal.a_net_points[1]
    half = len(deal.hands) // 2
    first, second = deal.hands[:half], deal.hands[half:]
    assert [h.outcome for h in first] == [h.outcome for h in second]
    swap = {"A": "B", "B": "A", None: None}
    assert [h.knocker for h in first] == [swap[h.knocker] for h in second]


def test_the_counts_add_up():
    result = tournament("defender", "random", games=4, seed=2, rules=SHORT)
    assert result.games == 4 == result.wins + result.losses
    assert result.win_rate == result.wins / 4
    assert result.ci95 == wilson_interval(result.wins, 4)
    assert sum(result.hand_lengths.values()) == result.hands
    ended = sum(result.gins) + sum(result.knocks) + result.dead_hands
    assert ended == result.hands
    for side in (0, 1):
        assert sum(result.knock_deadwood_counts[side]) == result.knocks[side]
        assert result.undercuts[side] <= result.knocks[1 - side]
    assert result.wins >= 3  # the Defender against a random player


def test_wilson_interval_brackets_the_rate_and_narrows_with_more_games():
    low, high = wilson_interval(30, 50)
    wide = high - low
    low, high = wilson_interval(600, 1000)
    assert low < 0.6 < high and high - low < wide
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_a_player_can_be_a_configured_class():
    gin_only = partial(ShaperBot, knock_early=0, knock_late=0)
    result = tournament(gin_only, "simple", games=2, seed=1, rules=SHORT,
                        names=("gin only", "simple"))
    assert result.a == "gin only" and result.knocks[0] == 0


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"games": 3}, "even number"),
    ({"games": 0}, "even number"),
    ({"games": "ten"}, "even number"),
    ({"jobs": 0}, "jobs must be"),
    ({"seed": 1.5}, "seed is a whole number"),
    ({"rules": "chess"}, "unknown rules 'chess'"),
    ({"first": "grandmaster"}, "unknown player 'grandmaster'"),
    ({"second": 42}, "a player is a name"),
])
def test_bad_arguments_raise_clear_errors(kwargs, words):
    args = {"first": "simple", "second": "random", "games": 2, **kwargs}
    with pytest.raises(TournamentError, match=words):
        tournament(args.pop("first"), args.pop("second"), **args)


def test_an_unknown_name_is_quoted_briefly():
    with pytest.raises(TournamentError) as error:
        tournament("x" * 500, "simple", games=2)
    assert len(str(error.value)) < 200


def test_the_eaai_rules_are_the_challenges_table():
    eaai = RULES["eaai"]
    assert (eaai.knock_limit, eaai.gin_bonus, eaai.undercut_bonus, eaai.undercut_on_tie,
            eaai.box_bonus, eaai.game_bonus, eaai.shutout_game_bonus, eaai.dead_hand_stock,
            eaai.target, eaai.big_gin_bonus) == (10, 25, 25, True, 0, 0, 0, 2, 100, None)


def test_the_command_line_prints_one_json_object(capsys):
    assert main(["shaper", "simple", "--games", "2", "--seed", "3", "--rules", "eaai",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and data["a"] == "shaper" and data["rules"] == "eaai"
    assert data["wins"] + data["losses"] == 2
    low, high = data["ci95"]
    assert low <= data["win_rate"] <= high
    again = tournament("shaper", "simple", games=2, seed=3, rules="eaai")
    assert data == again.to_dict()


def test_the_command_line_prints_a_table_without_json(capsys):
    main(["simple", "random", "--games", "2", "--rules", "classic"])
    text = capsys.readouterr().out
    assert "simple vs random: 2 games" in text and "classic rules" in text


@pytest.mark.parametrize(("argv", "words"), [
    (["simple"], "the following arguments are required: second"),
    (["simple", "random", "--games", "5"], "even number"),
    (["simple", "nobody"], "unknown player 'nobody'"),
    (["simple", "random", "--rules", "oklahoma"], "unknown rules"),
    (["simple", "random", "--jobs", "many"], "invalid int value"),
])
def test_the_command_line_refuses_bad_arguments(argv, words, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert words in capsys.readouterr().err


def test_python_dash_m_runs_the_tournament():
    done = subprocess.run([sys.executable, "-m", "gin_teach.tournament", "simple", "random",
                           "--games", "2", "--json"], capture_output=True, text=True,
                          check=True, timeout=120)
    assert json.loads(done.stdout)["games"] == 2


def test_progress_bars_in_a_notebook_leave_no_empty_output_behind():
    # Issue 28: lesson 17's bars were widgets closed when done, and JupyterLab kept an empty
    # output area where each had been. A kernel runs what the lesson runs; every bar it shows
    # must still be open when the cell is done.
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3")
    try:
        msg_id = client.execute(
            "from gin_teach.tournament import tournament\n"
            "for seed in (1, 2):\n"
            "    tournament('random', 'simple', games=2, seed=seed, progress=True)")
        shown, closed = [], set()
        while True:
            message = client.get_iopub_msg(timeout=120)
            if message["parent_header"].get("msg_id") != msg_id:
                continue
            kind, content = message["msg_type"], message["content"]
            if kind == "display_data":
                view = content["data"].get("application/vnd.jupyter.widget-view+json")
                if view:
                    shown.append(view["model_id"])
            elif kind == "comm_close":
                closed.add(content["comm_id"])
            elif kind == "error":
                pytest.fail("\n".join(content["traceback"]))
            elif kind == "status" and content["execution_state"] == "idle":
                break
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    assert len(shown) == 2 and not closed & set(shown)
