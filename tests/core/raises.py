"""Every refusal the server's source raises, read from the source (issue #36): each call
of :class:`~puzzlesmith.server.errors.ApiError` (or its subclass) and of the handlers'
``_json`` and the store's ``Fault``, with its code when the code is written out. The
status table and the catalogue of words are checked against it (tests/server/
test_status_table.py, tests/core/test_words.py)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import puzzlesmith

SRC = Path(puzzlesmith.__file__).parent
#: the calls that answer with a code (its first argument)
ANSWERING = {"ApiError", "LevelRefusal", "DailyApiError", "_json", "Fault"}
#: the calls above that answer only in one module (elsewhere the name is another's)
ONLY_IN = {"_json": "server/errors.py", "Fault": "server/store/faults.py"}
#: the only raises whose code is not written out (besides a LevelRefusal's, a level's
#: problem code): a refusal crossing a process boundary again (clips), a room's refusal
#: answered over HTTP (rooms), the handlers' (the framework's and the store's codes)
DYNAMIC = {
    ("server/routers/clips.py", "*out"),
    ("server/routers/rooms.py", "exc.code"),
    ("server/errors.py", "code"),
    ("server/errors.py", "fault.code"),
}
#: the codes the handler gives the framework's own refusals (errors.install's http_error)
FRAMEWORK = {"not-found", "method-not-allowed", "body-too-large", "http-error"}


@dataclass(frozen=True)
class Raise:
    path: str  # relative to the package
    line: int
    name: str  # ApiError, LevelRefusal, …
    code: str | None  # None: not written out
    first: str  # the first argument as written
    names_status: bool  # an int argument or a ``status=`` keyword


def raises() -> list[Raise]:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in ANSWERING or not node.args or ONLY_IN.get(name, rel) != rel:
                continue
            first = node.args[0]
            literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
            status = any(
                isinstance(a, ast.Constant) and type(a.value) is int for a in node.args
            ) or any(k.arg == "status" for k in node.keywords)
            found.append(
                Raise(
                    rel,
                    node.lineno,
                    name,
                    first.value if literal else None,  # type: ignore[union-attr]
                    ast.unparse(first),
                    status,
                )
            )
    return found


def raised_codes() -> set[str]:
    """Every code written out at a raise, and the framework's (what a route can answer)."""
    return {r.code for r in raises() if r.code is not None} | FRAMEWORK
