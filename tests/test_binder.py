"""The Binder set-up: the README badge, the files repo2docker reads, and a rehearsal of its build.

With a ``binder/`` folder present repo2docker ignores the root ``pyproject.toml``, so everything
the course needs on Binder must come from ``binder/requirements.txt`` and ``binder/runtime.txt``.
The slow test rebuilds that environment from nothing and runs the start notebook in it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import urllib.parse
from importlib.metadata import version
from pathlib import Path

import pytest
from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parent.parent
BINDER = REPO / "binder"
START = "notebooks/00_start_here.ipynb"
# The front-end packages whose JavaScript must match what the tests ran in a browser.
PINNED = ("jupyterlab", "ipywidgets", "ipycanvas")

BADGE_URL = re.compile(
    r"https://mybinder\.org/v2/gh/[^/\s]+/[^/\s]+/HEAD\?urlpath=lab/tree/([^\s)\]\"'&]+)"
)


def _requirement_lines() -> list[str]:
    text = (BINDER / "requirements.txt").read_text(encoding="utf-8")
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return [line for line in lines if line]


def _unescape_build_file(name: str) -> str:
    """repo2docker names files in its build context with '-XX' escapes for other characters."""
    return re.sub(r"-([0-9a-f]{2})", lambda m: chr(int(m.group(1), 16)), name)


def test_readme_binder_badge_opens_the_start_notebook() -> None:
    readme = REPO / "README.md"
    assert readme.exists(), "README.md is missing, so there is no Binder badge"
    found = BADGE_URL.findall(readme.read_text(encoding="utf-8"))
    assert found, (
        "README.md has no Binder badge of the form "
        "https://mybinder.org/v2/gh/OWNER/REPO/HEAD?urlpath=lab/tree/" + START
    )
    for raw in found:
        path = urllib.parse.unquote(raw)
        assert (REPO / path).is_file(), f"the Binder badge opens {path}, which does not exist"
        assert path == START, f"the Binder badge opens {path}, not the start notebook {START}"


def test_binder_requirements_install_the_course_with_its_notebook_extra() -> None:
    # repo2docker runs pip from the repository root, so "." is the repository itself.
    local = [
        line for line in _requirement_lines() if re.fullmatch(r"(-e\s+)?\.(\[[^\]]*\])?", line)
    ]
    assert len(local) == 1, f"binder/requirements.txt must install '.' once, found {local}"
    extras = re.search(r"\[([^\]]*)\]", local[0])
    assert extras and "notebooks" in [e.strip() for e in extras.group(1).split(",")], (
        f"{local[0]!r} does not ask for the 'notebooks' extra"
    )


def test_binder_pins_the_front_end_versions_the_tests_ran_with() -> None:
    pins = {}
    for line in _requirement_lines():
        if line.startswith(("-", ".")):
            continue
        requirement = Requirement(line)
        pins[requirement.name.lower()] = str(requirement.specifier)
    for name in PINNED:
        assert pins.get(name) == f"=={version(name)}", (
            f"binder/requirements.txt should pin {name}=={version(name)} "
            f"(installed here), has {pins.get(name)!r}"
        )


def test_binder_runtime_is_the_python_the_tests_run_on() -> None:
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    expected = f"python-{sys.version_info.major}.{sys.version_info.minor}"
    assert runtime == expected, f"binder/runtime.txt says {runtime!r}, tests run on {expected}"


def test_repo2docker_dockerfile_uses_our_python_and_requirements() -> None:
    # --no-build only writes the Dockerfile, so no container engine is needed. The user id is
    # Binder's, so the Dockerfile is the one Binder would build.
    result = subprocess.run(
        [sys.executable, "-m", "repo2docker", "--no-build", "--debug"]
        + ["--user-id", "1000", "--user-name", "jovyan", "."],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    dockerfile = result.stdout
    lines = [line.strip() for line in dockerfile.splitlines()]
    assert any(line.startswith("FROM ") for line in lines), dockerfile[:2000]

    ours = f"{sys.version_info.major}.{sys.version_info.minor}"
    envs = {
        _unescape_build_file(m)
        for m in re.findall(r"build_script_files/(\S*environment\S*)", dockerfile)
    }
    assert any(f"environment.py-{ours}-" in env for env in envs), (
        f"the Dockerfile does not build the Python {ours} environment: {envs}"
    )

    install = [
        i
        for i, line in enumerate(lines)
        if re.fullmatch(r'RUN \S*/pip install .*-r "?binder/requirements\.txt"?', line)
    ]
    assert len(install) == 1, "the Dockerfile does not pip install binder/requirements.txt"
    workdir = lines.index("WORKDIR ${REPO_DIR}")
    copy_repo = next(
        i for i, line in enumerate(lines) if re.fullmatch(r"COPY .* src/ \$\{REPO_DIR\}/", line)
    )
    # "-e ." in the requirements needs the whole repository in place and pip run from its root.
    assert workdir < copy_repo < install[0]
    # The root pyproject.toml is not installed on its own: the requirements must do it.
    assert not any(re.fullmatch(r"RUN \S*/pip install .*\s\.", line) for line in lines)


def _copy_of_repository(target: Path) -> Path:
    """What Binder clones: the working tree without local environments and caches."""
    shutil.copytree(
        REPO,
        target,
        ignore=shutil.ignore_patterns(
            ".git",
            ".venv",
            "*.egg-info",
            "__pycache__",
            ".*_cache",
            ".hypothesis",
            ".ipynb_checkpoints",
            "build",
            "dist",
        ),
    )
    return target


_RUN_START_NOTEBOOK = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    import nbformat
    from nbclient import NotebookClient

    path, marker = sys.argv[1], sys.argv[2]
    nb = nbformat.read(path, as_version=4)
    # One extra cell reports which Python and which gin_teach the kernel used.
    nb.cells.append(nbformat.v4.new_code_cell(
        "import json, sys, gin_teach\\n"
        f"print({marker!r}, json.dumps([sys.prefix, gin_teach.__file__]))"
    ))
    # Run from the notebook's folder, as JupyterLab does.
    resources = {"metadata": {"path": str(Path(path).parent)}}
    client = NotebookClient(nb, timeout=120, kernel_name="python3", resources=resources)
    client.execute()
    print("".join(o.get("text", "") for o in nb.cells[-1].outputs))
    """
)


@pytest.mark.slow
def test_binder_environment_runs_the_start_notebook(tmp_path: Path) -> None:
    assert (REPO / START).is_file(), f"{START} is missing"
    repo = _copy_of_repository(tmp_path / "repo")
    venv = tmp_path / "venv"
    python = venv / "bin" / "python"

    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"PYTHONPATH", "VIRTUAL_ENV", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH"}
    }
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(tmp_path / name.lower())
    env["JUPYTER_PREFER_ENV_PATH"] = "1"

    def run(*args: str | Path, timeout: float) -> str:
        result = subprocess.run(
            [str(a) for a in args],
            cwd=repo,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        command = " ".join(map(str, args))[:300]
        assert result.returncode == 0, (
            f"{command} failed:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
        )
        return result.stdout

    run(sys.executable, "-m", "venv", venv, timeout=120)
    # As repo2docker does: pip from the repository root, with only binder/requirements.txt.
    run(
        python,
        "-m",
        "pip",
        "install",
        "--disable-pip-version-check",
        "--quiet",
        "-r",
        "binder/requirements.txt",
        timeout=600,
    )
    run(python, "-m", "pip", "check", timeout=120)

    marker = "GIN-TEACH-KERNEL"
    out = run(python, "-c", _RUN_START_NOTEBOOK, repo / START, marker, timeout=600)
    report = next(line for line in out.splitlines() if line.startswith(marker))
    prefix, package = json.loads(report[len(marker) :])
    assert Path(prefix) == venv, f"the kernel ran in {prefix}, not the Binder environment"
    assert Path(package).is_relative_to(repo), f"gin_teach came from {package}, not the repo"
