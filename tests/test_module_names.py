"""Each module of the package binds each of its top-level names once: a second binding of a
constant or a function (which ruff does not report for module constants) silently changes
every earlier user of the name."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

import ragjudge

MODULES = sorted(Path(ragjudge.__file__).parent.rglob("*.py"))


def top_level_names(tree: ast.Module) -> Counter[str]:
    names: Counter[str] = Counter()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] += 1
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names[node.name] += 1
    return names


def test_the_package_has_modules() -> None:
    assert len(MODULES) > 20


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_no_top_level_name_is_bound_twice(path: Path) -> None:
    names = top_level_names(ast.parse(path.read_text(encoding="utf-8")))
    assert [name for name, n in names.items() if n > 1] == []


def test_a_second_binding_is_found() -> None:
    tree = ast.parse("A = 1\ndef f(): pass\nA = 2\nclass f: pass\nB: int = 3\n")
    assert sorted(n for n, k in top_level_names(tree).items() if k > 1) == ["A", "f"]
