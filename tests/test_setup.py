"""The set-up commands the README promises, checked by what make would run (``make -n``), not
by how the Makefile is worded."""

import re
import shlex
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def commands(*targets: str) -> list[list[str]]:
    """The commands ``make`` would run for ``targets``, each split into its words (``-B``: as on
    a fresh machine, with every step out of date)."""
    dry_run = subprocess.run(["make", "-n", "-B", *targets], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout
    lines = dry_run.replace("\\\n", " ").splitlines()
    return [shlex.split(part) for line in lines for part in line.split(";") if part.strip()]


def runs(command: list[str], tool: str) -> bool:
    """Whether ``command`` runs ``tool`` (a program, or a ``python -m`` module)."""
    module = command[command.index("-m") + 1] if "-m" in command[:3] else None
    return Path(command[0]).name == tool or module == tool


def pytest_runs(targets: str) -> list[list[str]]:
    return [command for command in commands(targets) if runs(command, "pytest")]


def test_readme_gives_the_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make lab" in readme and "make test" in readme


def test_make_lab_opens_the_start_notebook_that_exists():
    jupyter = next(command for command in commands("lab") if runs(command, "jupyter"))
    notebook = jupyter[-1]
    assert jupyter[1] == "lab" and notebook.endswith(".ipynb") and (ROOT / notebook).is_file()


def test_installs_use_the_front_end_versions_binder_pins():
    steps = commands(".venv/.test-installed", ".venv/.notebooks-installed")
    # The pins file gathers the exact versions of Binder's file and of the lite tools' file.
    pins = next(command for command in steps if "grep" in command)
    assert {"binder/requirements.txt", "binder/lite/requirements.txt"} <= set(pins)
    assert pins[-2] == ">"
    installs = [command for command in steps if "-e" in command]
    assert {command[command.index("-e") + 1] for command in installs} == {".[test]",
                                                                          ".[notebooks]"}
    for command in installs:
        assert command[command.index("-c") + 1] == pins[-1]


def test_make_quick_lints_type_checks_and_runs_the_fast_tests():
    steps = commands("quick")
    assert any(runs(command, "ruff") and "check" in command for command in steps)
    assert any(runs(command, "mypy") for command in steps)
    (pytest,) = pytest_runs("quick")
    assert pytest[pytest.index("-m", 3) + 1] == "not slow"
    assert "--doctest-modules" in pytest and {"gin_teach", "tests", "README.md"} <= set(pytest)
    assert not any(word.startswith("--nbval") for word in pytest)


def test_make_test_runs_everything_including_the_slow_tests_and_notebooks():
    steps = commands("test")
    assert any(runs(command, "ruff") for command in steps)
    assert any(runs(command, "mypy") for command in steps)
    unit, notebooks = pytest_runs("test")
    assert "not slow" not in unit and {"gin_teach", "tests", "README.md"} <= set(unit)
    assert "--doctest-modules" in unit
    assert "--nbval-lax" in notebooks and "notebooks" in notebooks


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^make test$", ci, re.MULTILINE)
