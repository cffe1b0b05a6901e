"""Every public function, class and method shows how it is used: a ``>>>`` example that the
doctest run executes. Properties may lean on their class's example."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gin_teach"


def _is_protocol(node: ast.ClassDef) -> bool:
    return any(isinstance(base, ast.Name) and base.id == "Protocol" for base in node.bases)


def _exempt(node: ast.FunctionDef) -> bool:
    for decorator in node.decorator_list:
        if isinstance(decorator, ast.Name) and decorator.id == "property":
            return True
        if isinstance(decorator, ast.Attribute) and decorator.attr in ("setter", "deleter"):
            return True
    return False


def undocumented(path: Path) -> list[str]:
    missing = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                if child.name.startswith("_"):
                    continue
                if ">>>" not in (ast.get_docstring(child) or ""):
                    missing.append(f"{prefix}{child.name}")
                if not _is_protocol(child):
                    visit(child, f"{prefix}{child.name}.")
            elif (isinstance(child, ast.FunctionDef) and not child.name.startswith("_")
                  and not _exempt(child) and ">>>" not in (ast.get_docstring(child) or "")):
                missing.append(f"{prefix}{child.name}")

    visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return missing


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.name)
def test_every_public_name_has_an_example(path):
    assert undocumented(path) == []


def test_the_check_notices_a_missing_example(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('def shown():\n    """>>> 1"""\n\n\ndef bare():\n    """No example."""\n')
    assert undocumented(sample) == ["bare"]
