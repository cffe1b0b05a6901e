"""The package's layers (layers.txt at the top of the repository) hold: no upward import, no
cycle, no Jupyter package reached from the core, every module in the map. Every import
counts, those inside functions too; imports under ``if TYPE_CHECKING:`` never run and do not.
The one sanctioned upward import is ``display`` inside the ``_repr_html_`` methods listed in
layers.txt."""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gin_teach"
LAYERS = ROOT / "layers.txt"
JUPYTER = ("ipywidgets", "ipycanvas", "IPython", "ipykernel", "traitlets", "jupyter",
           "jupyterlab", "jupyter_client", "nbformat", "nbconvert", "notebook", "voila",
           "comm", "anywidget", "widgetsnbextension")
"""Packages of the notebook front end; the core runs without them (scripts, a process pool,
an in-browser Python)."""


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    line: int
    function: str  # the enclosing Class.method or function, "" at module level


def read_layers(text: str) -> tuple[dict[str, int], set[tuple[str, str, str]]]:
    """The layer of every module named (0 the top) and the sanctioned (module, function,
    target) imports."""
    layers: dict[str, int] = {}
    sanctioned: set[tuple[str, str, str]] = set()
    section = ""
    index = -1
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            section = line
            index += section != "[sanctioned]"
            continue
        if section == "[sanctioned]":
            where, target = (part.strip() for part in line.split("->"))
            module, function = where.split()
            sanctioned.add((module, function, target))
            continue
        assert line not in layers, f"{line} is named twice in layers.txt"
        layers[line] = index
    return layers, sanctioned


def module_files() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if "course" in parts[1:2]:  # the course copied into a wheel: notebooks, no modules
            continue
        found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(module: str, path: Path, modules: set[str]) -> tuple[list[Edge], list[Edge]]:
    """The module's imports of the package's modules, and of other top-level packages (as
    edges to the package name), each with where it is; those under TYPE_CHECKING left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    inner: list[Edge] = []
    outer: list[Edge] = []

    def target_of(name: str) -> str:
        while name not in modules and "." in name:
            name = name.rsplit(".", 1)[0]
        return name

    def visit(node: ast.AST, scope: list[str]) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child, scope)
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            scope = [*scope, node.name]
        function = ".".join(scope)
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module if is_package else module.rsplit(".", 1)[0]
                for _ in range(node.level - 1):
                    package = package.rsplit(".", 1)[0]
                base = f"{package}.{base}" if base else package
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                     for alias in node.names]
        for name in names:
            if name == "gin_teach" or name.startswith("gin_teach."):
                inner.append(Edge(module, target_of(name), node.lineno, function))
            else:
                outer.append(Edge(module, name.split(".")[0], node.lineno, function))
        for child in ast.iter_child_nodes(node):
            visit(child, scope)

    visit(tree, [])
    return inner, outer


def _graph() -> tuple[dict[str, int], set[tuple[str, str, str]], dict[str, Path],
                      list[Edge], list[Edge]]:
    layers, sanctioned = read_layers(LAYERS.read_text(encoding="utf-8"))
    files = module_files()
    inner: list[Edge] = []
    outer: list[Edge] = []
    for module, path in files.items():
        found_inner, found_outer = imports_of(module, path, set(files))
        inner += found_inner
        outer += found_outer
    return layers, sanctioned, files, inner, outer


LAYER_MAP, SANCTIONED, FILES, EDGES, OUTSIDE = _graph()


def _is_sanctioned(edge: Edge) -> bool:
    return (edge.source, edge.function, edge.target) in SANCTIONED


def test_every_module_is_in_the_layer_map_and_every_name_there_is_a_module() -> None:
    assert sorted(set(FILES) - set(LAYER_MAP)) == []
    assert sorted(set(LAYER_MAP) - set(FILES)) == []


def test_the_folders_are_the_layers() -> None:
    """Every subpackage stands whole in one layer (its ``__main__`` command aside), so the
    tree shows the layers that this map names."""
    layers_of: dict[str, set[int]] = {}
    for module, layer in LAYER_MAP.items():
        parts = module.split(".")
        if len(parts) > 1 and parts[-1] != "__main__" and (PACKAGE / parts[1]).is_dir():
            layers_of.setdefault(parts[1], set()).add(layer)
    assert layers_of and {folder: len(found) for folder, found in layers_of.items()
                          if len(found) > 1} == {}


def test_no_module_imports_a_higher_layer() -> None:
    upward = [f"{e.source}:{e.line} ({e.function or 'module level'}) imports {e.target}"
              for e in EDGES if e.source != e.target
              and LAYER_MAP[e.target] < LAYER_MAP[e.source] and not _is_sanctioned(e)]
    assert upward == []


def test_the_sanctioned_imports_are_the_lazy_display_imports_of_repr_html() -> None:
    for module, function, target in SANCTIONED:
        assert target == "gin_teach.display" and function.endswith("._repr_html_")
        assert any(e.source == module and e.function == function and e.target == target
                   for e in EDGES), f"{module} {function} no longer imports {target}"
    lazy_pictures = {(e.source, e.function, e.target) for e in EDGES
                     if e.target == "gin_teach.display" and e.function.endswith("_repr_html_")
                     and LAYER_MAP[e.target] < LAYER_MAP[e.source]}
    assert lazy_pictures == SANCTIONED


def _cycles(edges: list[Edge]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        if edge.source != edge.target:
            graph.setdefault(edge.source, set()).add(edge.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return groups


def test_imports_form_no_cycle() -> None:
    assert _cycles([e for e in EDGES if not _is_sanctioned(e)]) == []


def test_the_cycle_finder_finds_a_cycle_through_a_function() -> None:
    edges = [Edge("a", "b", 1, ""), Edge("b", "c", 1, ""), Edge("c", "a", 9, "f"),
             Edge("c", "d", 1, "")]
    assert _cycles(edges) == [["a", "b", "c"]]


def test_no_core_module_reaches_a_jupyter_package() -> None:
    reaches: dict[str, set[str]] = {}
    for edge in EDGES:
        reaches.setdefault(edge.source, set()).add(edge.target)
    outside: dict[str, set[str]] = {}
    for edge in OUTSIDE:
        outside.setdefault(edge.source, set()).add(edge.target)
    leaks = []
    for module in FILES:
        if module.startswith("gin_teach.widgets"):
            continue
        seen = {module}
        todo = [module]
        while todo:
            for nxt in reaches.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        jupyter = {package for reached in seen for package in outside.get(reached, ())
                   if package in JUPYTER}
        widgets = sorted(m for m in seen if m.startswith("gin_teach.widgets"))
        if jupyter or widgets:
            leaks.append(f"{module} reaches {sorted(jupyter) + widgets}")
    assert leaks == []


@pytest.mark.parametrize("text, message", [
    ("[a]\nx\n[b]\nx\n", "named twice"),
])
def test_a_module_named_twice_is_refused(text: str, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        read_layers(text)


def test_an_import_inside_a_function_is_seen_and_type_checking_is_not(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("from typing import TYPE_CHECKING\n"
                      "if TYPE_CHECKING:\n    from gin_teach.engine.round import Round\n"
                      "class C:\n    def _repr_html_(self):\n"
                      "        from gin_teach.display import card_svg\n"
                      "import ipywidgets\n", encoding="utf-8")
    inner, outer = imports_of("gin_teach.m", source,
                              {"gin_teach.engine.round", "gin_teach.display"})
    assert inner == [Edge("gin_teach.m", "gin_teach.display", 6, "C._repr_html_")]
    assert [e.target for e in outer] == ["typing", "ipywidgets"]


# The top level the project keeps (CONTRIBUTING's layout): anything else committed there is a
# stray (a course copy or a saved file written by a run outside its test folder).
TOP_LEVEL = {".ci", ".gitignore", ".wip", "CHANGELOG.md", "CONTRIBUTING.md", "Makefile",
             "README.md", "benchmarks", "binder", "docs", "gin_teach", "layers.txt", "notebooks",
             "pyproject.toml", "tests"}


def test_the_top_level_holds_only_the_projects_own_files() -> None:
    import subprocess

    root = Path(__file__).resolve().parent.parent
    if not (root / ".git").exists():
        pytest.skip("not a git checkout: nothing committed to list")
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True,
                            check=True).stdout.decode().split("\0")
    top = {name.split("/")[0] for name in listed if name}
    assert top - TOP_LEVEL == set()


def test_the_import_linter_contracts_hold() -> None:
    """The same layers, held by import-linter (its contracts are in pyproject.toml): a well-kept
    reader of the whole import graph beside this file's own."""
    contracts = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for folder in ("widgets", "lessons", "puzzles", "learner", "playouts", "engine", "core"):
        assert f'    "{folder}",' in contracts, f"the layers contract leaves out {folder}"
    ran = subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command;"
                          " lint_imports_command()"], cwd=ROOT, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stdout[-3000:]
    assert "2 kept, 0 broken" in ran.stdout
