"""Compile the Number Stroke solver in place, for a checkout (see ``puzzlesmith._native``).

``python tools/build_native.py`` runs ``setup.py build_ext --inplace`` (mypyc) when the
in-place build is absent or stale, then records in ``src/puzzlesmith/native.json`` the
hash of every source the compiled modules import, transitively, which the import of
``puzzlesmith`` checks. ``scripts/setup dev`` runs it; ``--status`` only says whether
the build is fresh. A failed build leaves pure Python in use and exits 1.
``PUZZLESMITH_PURE=1`` removes the in-place build instead: the checkout runs pure Python
(``PUZZLESMITH_PURE=1 scripts/setup dev``, e.g. to measure what compiling gains).
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from puzzlesmith import _native

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"


def _module_file(name: str, src: Path) -> Path | None:
    base = src.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def dependencies(modules: Sequence[str], src: Path = SRC) -> list[Path]:
    """The .py files of ``modules`` and of every project module they import, transitively.

    The compiled code relies on their types, so an edit to any of them makes a build stale.
    """
    todo = [m for m in modules]
    seen: dict[str, Path] = {}
    while todo:
        name = todo.pop()
        path = _module_file(name, src)
        if name in seen or path is None:
            continue
        seen[name] = path
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                todo += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                todo.append(node.module)  # the module, or the package holding the names
                todo += [f"{node.module}.{a.name}" for a in node.names]  # ... or submodules
    top = modules[0].split(".")[0]
    return sorted(p for n, p in seen.items() if n.split(".")[0] == top)


def build(src: Path = SRC) -> list[Path]:
    """Compile in place and write the manifest; the extension modules made.

    Raises ``RuntimeError`` with the build's last lines when it fails (no C compiler, no
    Python headers): the caller decides whether pure Python is good enough.
    """
    for path in [*_native.inplace_libraries(src), src / "puzzlesmith" / "native.json"]:
        path.unlink(missing_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "PUZZLESMITH_PURE"}  # (setup.py's switch)
    done = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=src.parent,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    libraries = _native.inplace_libraries(src)
    if done.returncode != 0 or len(libraries) != len(_native.MODULES) + 1:
        for path in libraries:  # a partial build is no build
            path.unlink()
        tail = (done.stdout + done.stderr).strip().splitlines()[-3:]
        raise RuntimeError("mypyc build failed: " + " | ".join(tail))
    manifest = {
        "python": sys.implementation.cache_tag,
        "modules": list(_native.MODULES),
        "sources": {
            str(p.relative_to(src)): _native.digest(p) for p in dependencies(_native.MODULES, src)
        },
        "files": [str(p.relative_to(src)) for p in libraries],
    }
    (src / "puzzlesmith" / "native.json").write_text(json.dumps(manifest, indent=1), "utf-8")
    return libraries


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args not in ([], ["--status"]):
        print("usage: python tools/build_native.py [--status]", file=sys.stderr)
        return 2
    manifest = SRC / "puzzlesmith" / "native.json"
    if os.environ.get("PUZZLESMITH_PURE") and not args:
        for path in [*_native.inplace_libraries(SRC), manifest]:
            path.unlink(missing_ok=True)
        print("PUZZLESMITH_PURE is set: no compiled solver, the checkout runs pure Python")
        return 0
    if _native.fresh(manifest, SRC):
        print("compiled solver: fresh")
        return 0
    if args:
        print("compiled solver: absent or stale (the solver runs as pure Python)")
        return 0
    try:
        made = build()
    except (RuntimeError, OSError) as err:
        print(f"native build failed, the solver runs as pure Python: {err}", file=sys.stderr)
        return 1
    print(f"compiled the solver with mypyc in place: {len(made)} extension modules")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
