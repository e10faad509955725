"""Every problem code a package's source can emit, read from its syntax tree.

A code is a string literal that is the first argument of ``Problem(...)`` or of a local
``bad(...)`` helper, or that is assigned to (or looped into) a variable named ``code``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

CODE = re.compile(r"[a-z]+(?:-[a-z]+)+|[a-z]+")
_MAKERS = {"Problem", "bad"}


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _strings(node: ast.AST) -> set[str]:
    """The code-like literals of an expression (not those it only compares against)."""
    if isinstance(node, ast.Compare):
        return set()
    if isinstance(node, ast.Constant):
        ok = isinstance(node.value, str) and CODE.fullmatch(node.value)
        return {node.value} if ok else set()
    return set().union(*(_strings(c) for c in ast.iter_child_nodes(node)))


def codes_in(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and _name(n.func) in _MAKERS and n.args:
            first = n.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
        elif isinstance(n, ast.Assign):
            for target in n.targets:
                names = target.elts if isinstance(target, ast.Tuple) else [target]
                for k, t in enumerate(names):
                    if _name(t) != "code":
                        continue
                    value = n.value
                    if isinstance(value, ast.Tuple) and isinstance(target, ast.Tuple):
                        value = value.elts[k]
                    found |= _strings(value)
        elif isinstance(n, ast.For) and isinstance(n.target, ast.Tuple):
            idx = [k for k, t in enumerate(n.target.elts) if _name(t) == "code"]
            if idx and isinstance(n.iter, ast.Tuple | ast.List):
                for row in n.iter.elts:
                    if isinstance(row, ast.Tuple):
                        found |= _strings(row.elts[idx[0]])
    return found


def package_codes(folder: Path) -> set[str]:
    """The codes of every module under ``folder``."""
    out: set[str] = set()
    for f in sorted(folder.rglob("*.py")):
        out |= codes_in(ast.parse(f.read_text(encoding="utf-8")))
    return out
