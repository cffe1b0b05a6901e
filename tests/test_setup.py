"""The two set-up commands the README promises, checked against the files they use."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_gives_the_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make lab" in readme and "make test" in readme


def test_make_lab_opens_the_start_notebook_that_exists():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    start = re.search(r"^START := (\S+)$", makefile, re.MULTILINE)
    assert start and (ROOT / start.group(1)).is_file()
    dry_run = subprocess.run(["make", "-n", "-W", "pyproject.toml", "lab"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
    assert "jupyter lab" in dry_run and start.group(1) in dry_run
    assert re.search(r'pip install .*-c (\S+) -e "\.\[notebooks\]"', dry_run)


def test_installs_use_the_front_end_versions_binder_pins():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^\$\(PINS\): binder/requirements.txt", makefile, re.MULTILINE)
    for extra in ("notebooks", "test"):
        assert f'pip install --quiet -c $(PINS) -e ".[{extra}]"' in makefile


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^make test$", ci, re.MULTILINE)
