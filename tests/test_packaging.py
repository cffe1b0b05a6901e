"""The package as a wheel: every subpackage in it, the course inside, the `gin-teach` command.

The slow test builds the wheel, installs it into a fresh virtual environment, runs the command
there and runs one copied notebook. The fresh environment gets the wheel alone (``--no-deps``);
its dependencies (ipykernel, nbclient, ipywidgets, JupyterLab) are this test environment's,
made visible by a ``.pth`` file, so the test needs no package index for them. That file adds
the folders to the path without running their ``.pth`` files, so an editable install of
gin_teach in this environment stays out: the fresh one imports the wheel's copy, which the test
checks.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.jupyter_server import free_port

tomllib = pytest.importorskip("tomllib")

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"


def _pyproject() -> dict[str, object]:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_every_subpackage_is_listed_for_the_wheel() -> None:
    setuptools = _pyproject()["tool"]["setuptools"]  # type: ignore[index]
    listed = set(setuptools["packages"])
    found = {".".join(path.parent.relative_to(REPO).parts)
             for path in (REPO / "gin_teach").rglob("__init__.py")}
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
    assert setuptools["package-dir"] == {"gin_teach.course": "notebooks"}


def test_the_command_is_a_console_script() -> None:
    scripts = _pyproject()["project"]["scripts"]  # type: ignore[index]
    assert scripts == {"gin-teach": "gin_teach.learner.course_copy:main"}


def _run(args: list[str | Path], *, cwd: Path, env: dict[str, str], timeout: float = 300
         ) -> str:
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                            text=True, timeout=timeout)
    assert result.returncode == 0, (f"{' '.join(map(str, args))[:300]} failed:\n"
                                    f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return result.stdout


_RUN_NOTEBOOK = """
import json, sys
import nbformat
from nbclient import NotebookClient

path = sys.argv[1]
nb = nbformat.read(path, as_version=4)
nb.cells.append(nbformat.v4.new_code_cell(
    "import json, sys, gin_teach\\nprint(json.dumps([sys.prefix, gin_teach.__file__]))"))
client = NotebookClient(nb, timeout=120, kernel_name="python3",
                        resources={"metadata": {"path": sys.argv[2]}})
client.execute()
errors = [o for cell in nb.cells for o in cell.get("outputs", []) if o.output_type == "error"]
assert not errors, errors
print(nb.cells[-1].outputs[0]["text"].strip())
"""


@pytest.mark.slow
def test_the_wheel_ships_the_course_and_the_command(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items()
           if key not in {"PYTHONPATH", "VIRTUAL_ENV", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH",
                          "PYTHONHOME"}}
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                 "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
        env[name] = str(tmp_path / "state" / name.lower())

    # The wheel, built as a release would be (pip's isolated build), from a copy of the
    # sources so that the build leaves nothing in the working tree.
    sources, wheels = tmp_path / "sources", tmp_path / "wheels"
    shutil.copytree(REPO, sources, ignore=shutil.ignore_patterns(
        ".git", ".venv", "site", ".cache", "build", "dist", "*.egg-info", "__pycache__",
        ".*_cache", ".hypothesis", ".ipynb_checkpoints"))
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", wheels, sources],
         cwd=tmp_path, env=env, timeout=600)
    (wheel,) = wheels.glob("gin_teach-*.whl")

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", venv], cwd=tmp_path, env=env)
    python, command = venv / "bin" / "python", venv / "bin" / "gin-teach"
    _run([python, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", wheel],
         cwd=tmp_path, env=env)
    purelib = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                        cwd=tmp_path, env=env).strip())
    (purelib / "test_environment.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    # JupyterLab's built front end and the widget extensions, from this environment's prefix.
    env["JUPYTERLAB_DIR"] = str(Path(sys.prefix) / "share" / "jupyter" / "lab")
    env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")

    where = _run([python, "-c", "from gin_teach.learner.course_copy import course_folder; "
                                "print(course_folder())"], cwd=tmp_path, env=env).strip()
    assert Path(where) == purelib / "gin_teach" / "course", where

    course = tmp_path / "my course"
    out = _run([command, "copy", course], cwd=tmp_path, env=env)
    assert "Copied" in out
    shipped = sorted(p.name for p in NOTEBOOKS.iterdir() if not p.name.startswith("."))
    assert sorted(p.name for p in course.iterdir() if not p.name.startswith(".")) == shipped
    for name in shipped:
        assert (course / name).read_bytes() == (NOTEBOOKS / name).read_bytes(), name

    # A learner's edit survives a second copy.
    (course / "00_start_here.ipynb").write_text((NOTEBOOKS / "02_melds.ipynb").read_text())
    assert "Kept 1 file you changed" in _run([command, "copy", course], cwd=tmp_path, env=env)

    report = _run([python, "-c", _RUN_NOTEBOOK, course / "01_cards_and_deadwood.ipynb", course],
                  cwd=tmp_path, env=env, timeout=300)
    prefix, package = json.loads(report.splitlines()[-1])
    assert Path(prefix) == venv and Path(package).is_relative_to(purelib), report

    # gin-teach lab: JupyterLab serving the copied course.
    port, token = free_port(), "gin-teach-test"
    with (tmp_path / "lab.log").open("wb") as log:
        lab = subprocess.Popen([command, "lab", course, "--no-browser", f"--port={port}",
                                f"--IdentityProvider.token={token}"],
                               cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        url = f"http://127.0.0.1:{port}/api/contents/01_cards_and_deadwood.ipynb?token={token}"
        while True:
            assert lab.poll() is None, (tmp_path / "lab.log").read_text()[-3000:]
            assert time.monotonic() < deadline, (tmp_path / "lab.log").read_text()[-3000:]
            try:
                with urllib.request.urlopen(url, timeout=5) as answer:
                    served = json.load(answer)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.5)
        assert served["type"] == "notebook" and served["name"] == "01_cards_and_deadwood.ipynb"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/lab?token={token}",
                                    timeout=30) as page:
            assert page.status == 200 and b"JupyterLab" in page.read()
    finally:
        lab.terminate()
        lab.wait(timeout=30)
