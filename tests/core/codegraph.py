"""The package's own source as data for the architecture tests: modules, their imports
(from ``ast``, not by importing them) and each function's cyclomatic complexity."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "puzzlesmith"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "static" not in p.parts)


def _type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that runs (lazy ones in functions too), not the
    ``if TYPE_CHECKING:`` ones: a name for the type checker is no dependency at run time."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def import_graph() -> dict[str, set[str]]:
    """Module → the package's modules it imports (``from pkg import mod`` names ``pkg.mod``)."""
    files = source_files()
    known = {module_name(p) for p in files}
    graph: dict[str, set[str]] = {}
    for path in files:
        name = module_name(path)
        is_pkg = path.name == "__init__.py"
        base = name.split(".") if is_pkg else name.split(".")[:-1]
        out: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                if node.level:
                    parent = base[: len(base) - node.level + 1]
                    mod = ".".join([*parent, *([node.module] if node.module else [])])
                else:
                    mod = node.module or ""
                targets = [
                    f"{mod}.{a.name}" if f"{mod}.{a.name}" in known else mod for a in node.names
                ]
            out.update(t for t in targets if t in known and t != name)
        graph[name] = out
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


@dataclass(frozen=True)
class Complexity:
    qualname: str
    file: str
    line: int
    value: int


class _Decisions(ast.NodeVisitor):
    """Decision points as radon counts them (``radon.visitors.ComplexityVisitor``): each if /
    elif and conditional expression, loop (plus one for its ``else``), except handler (plus
    one for ``else``), assert, boolean operator (operands − 1), comprehension ``for`` and
    its ``if``s, and match case (bar a bare ``case _``). Nested functions and classes are
    measured on their own; a lambda's body counts for the function it is in."""

    def __init__(self) -> None:
        self.count = 0

    def generic_visit(self, node: ast.AST) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            return
        self._count(node)
        super().generic_visit(node)

    def _count(self, node: ast.AST) -> None:
        if isinstance(node, ast.If | ast.IfExp | ast.Assert):
            self.count += 1
        elif isinstance(node, ast.For | ast.AsyncFor | ast.While):
            self.count += 1 + bool(node.orelse)
        elif isinstance(node, ast.Try):
            self.count += len(node.handlers) + bool(node.orelse)
        elif isinstance(node, ast.BoolOp):
            self.count += len(node.values) - 1
        elif isinstance(node, ast.comprehension):
            self.count += 1 + len(node.ifs)
        elif isinstance(node, ast.Match):
            wild = any(getattr(c.pattern, "pattern", False) is None for c in node.cases)
            self.count += max(0, len(node.cases) - wild)


def _functions(
    tree: ast.AST, prefix: str = ""
) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield prefix + node.name, node
            yield from _functions(node, f"{prefix}{node.name}.")
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node, f"{prefix}{node.name}.")
        else:
            yield from _functions(node, prefix)


def complexities() -> Iterator[Complexity]:
    """Every function and method of the package with its cyclomatic complexity (1 + decisions)."""
    for path in source_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        rel = str(path.relative_to(SRC))
        for qualname, fn in _functions(tree):
            v = _Decisions()
            for stmt in fn.body:
                v.visit(stmt)
            yield Complexity(qualname, rel, fn.lineno, 1 + v.count)
