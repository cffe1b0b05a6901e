"""Every public function and class shows how it is used: a ``>>>`` example that the doctest
run executes. Methods and properties lean on their class's example (and have their own only
where it teaches something the class's does not)."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gin_teach"


def undocumented(path: Path) -> list[str]:
    """The module-level public classes and functions of ``path`` without an example."""
    return [node.name for node in ast.parse(path.read_text(encoding="utf-8")).body
            if isinstance(node, (ast.ClassDef, ast.FunctionDef))
            and not node.name.startswith("_")
            and ">>>" not in (ast.get_docstring(node) or "")]


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.name)
def test_every_public_class_and_function_has_an_example(path):
    assert undocumented(path) == []


def test_the_check_notices_a_missing_example(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('def shown():\n    """>>> 1"""\n\n\ndef bare():\n    """No example."""\n\n\n'
                      'class Bare:\n    """No example."""\n\n    def method(self):\n'
                      '        """Methods may lean on the class."""\n')
    assert undocumented(sample) == ["bare", "Bare"]
