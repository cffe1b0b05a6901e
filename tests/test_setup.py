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


LITE_TESTS = {"tests/test_lite.py", "tests/test_lite_files.py"}


def test_make_test_runs_everything_including_the_slow_tests_and_notebooks():
    steps = commands("test")
    assert any(runs(command, "ruff") for command in steps)
    assert any(runs(command, "mypy") for command in steps)
    unit, notebooks, lite = pytest_runs("test")
    assert "not slow" not in unit and {"gin_teach", "tests", "README.md"} <= set(unit)
    assert "--doctest-modules" in unit
    assert "--nbval-lax" in notebooks and "notebooks" in notebooks
    # The static site's tests run too, from the site's own venv (see the next test).
    assert set(lite) >= LITE_TESTS and "not slow" not in lite
    assert {f"--ignore={path}" for path in LITE_TESTS} <= set(unit)


def extras(command: list[str]) -> set[str]:
    """The extras a ``pip install -e .[a,b]`` command installs."""
    target = command[command.index("-e") + 1]
    return set(target.removeprefix(".[").removesuffix("]").split(","))


def installs(steps: list[list[str]]) -> list[tuple[str, set[str]]]:
    """Each pip install of the project: the venv's python that runs it, and its extras."""
    return [(command[0], extras(command)) for command in steps
            if runs(command, "pip") or ("-m" in command and "pip" in command)
            if "-e" in command]


def test_the_static_site_tools_stay_out_of_the_courses_environment():
    # Issue 28: the test extra pulled in JupyterLite, whose extension then loaded in the real
    # JupyterLab of `make lab` and logged "Shared module @jupyterlite/services doesn't exist".
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    needs = " ".join(project["optional-dependencies"]["test"])
    assert "lite" not in needs and "jupyterlite" not in needs
    every = installs(commands("test", "lab", "quick", "lite", "lite-test", "demo"))
    course = [wanted for python, wanted in every if python.startswith(".venv/")]
    site = [python for python, wanted in every if "lite" in wanted]
    assert course and not any("lite" in wanted for wanted in course)
    assert site and not any(python.startswith(".venv/") for python in site)
    (lite,) = [command for command in commands("lite-test") if runs(command, "pytest")]
    assert not lite[0].startswith(".venv/")
    (quick,) = pytest_runs("quick")
    assert {f"--ignore={path}" for path in LITE_TESTS} <= set(quick)


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^make test$", ci, re.MULTILINE)
