"""Which build of the Number Stroke solver runs, and the guard on in-place builds.

The exact solver's search is pure Python. Compiled by mypyc (as mypy and black ship
theirs) the same code runs 2.3× faster on large boards, which the benchmark's 10× ratio
to CP-SAT needs (docs/stroke-solver.md); the generators compiled make ~1.9× (Cows 12×12
expert) and ~1.4× (Number Stroke N = 16) more levels per CPU-second, and the Hex Walls
solver runs ~4× faster on small boards (benchmarks/hex_small.py). A compiled module
ignores a monkeypatched function of its own or of another compiled module (the calls are
C calls): tests patch at a module that stays Python, or run the source (tests/stroke/support.py
``from_source``). ``setup.py`` compiles ``MODULES`` when a wheel
is built, so an installed wheel carries the extension modules next to the pure sources
and Python's normal import prefers them; no import hook is involved. A build with
``PUZZLESMITH_PURE=1``, or without a C compiler, is pure Python with the same answers.

A source checkout (``scripts/setup dev``) installs the sources editable and compiles
them in place (``tools/build_native.py``), recording in ``native.json`` the hash of every
source the compiled modules import, transitively (an edit to ``stroke/board.py`` changes
types the compiled code relies on). :func:`guard_inplace` runs when ``puzzlesmith`` is
imported: when any of those sources changed, it deletes the stale in-place modules
before anything imports them, so an edit always runs (as Python) until the next build.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import sys
from pathlib import Path
from types import ModuleType

#: the modules compiled together (calls between them become C calls)
MODULES = (
    "puzzlesmith.core.bits",
    "puzzlesmith.stroke.propagate",
    "puzzlesmith.stroke.solver",
    # the path modes' logic engine: the graders' and the Number Stroke generator's cost;
    # its state and rules, each technique family, then the table (in import order)
    "puzzlesmith.paths.logic.engine",
    "puzzlesmith.paths.logic.forcing",
    "puzzlesmith.paths.logic.clues",
    "puzzlesmith.paths.logic.parity",
    "puzzlesmith.paths.logic.connectivity",
    "puzzlesmith.paths.logic.lookahead",
    "puzzlesmith.paths.techniques",
    # Cows' exact solver: the uniqueness check, most of a large board's generation
    "puzzlesmith.cows.solver",
    # the generators: Cows' repair loop (region moves, connectivity, rivals) and Number
    # Stroke's boards, author paths and clue placement around the logic engine
    "puzzlesmith.cows.generate",
    "puzzlesmith.stroke.generate",
    # Hex Walls' exact solver: the uniqueness check and the generator's repair loop; on
    # small boards its cost per node decides (issue #39, benchmarks/hex_small.py)
    "puzzlesmith.hexwalls.solver",
)
#: mypyc's shared library for the group (``puzzlesmith__mypyc``), at the top level
GROUP = "puzzlesmith"

PACKAGE = Path(__file__).resolve().parent
MANIFEST = PACKAGE / "native.json"  # only in a checkout with an in-place build


def source_of(module: str, root: Path = PACKAGE.parent) -> Path:
    """The .py file of ``module`` under ``root`` (``src/`` of a checkout, site-packages)."""
    return root.joinpath(*module.split(".")).with_suffix(".py")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiled(module: ModuleType) -> bool:
    """Whether ``module`` is the compiled one (an extension module, not a .py file)."""
    return not str(getattr(module, "__file__", "")).endswith(".py")


#: what ``setup.py`` recorded about the wheel's build (absent in a checkout)
BUILD_INFO = PACKAGE / "build.json"


def build_info(path: Path = BUILD_INFO) -> dict[str, object]:
    """``{"compiled", "chosen", "why"}`` from the wheel's build; {} when there is none."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def why_pure(info: dict[str, object] | None = None, root: Path = PACKAGE.parent) -> str:
    """Why the solver runs as pure Python, and how to compile it, in one line."""
    info = build_info() if info is None else info
    if os.environ.get("PUZZLESMITH_PURE") or info.get("chosen"):
        return "chosen with PUZZLESMITH_PURE=1"
    if (root.parent / "pyproject.toml").is_file():  # a checkout: the in-place build
        state = "stale" if inplace_libraries(root) else "absent"
        return f"the in-place build is {state}; run `python tools/build_native.py`"
    why = str(info.get("why") or "the installed package was built without it")
    fix = str(
        info.get("fix") or "install a C compiler and the Python headers (Debian: gcc python3-dev)"
    )
    if info.get("compiled"):  # built compiled, yet the extension does not import
        why = "the compiled modules do not import on this Python"
    return f"{why}; {fix} and reinstall (`pip install --force-reinstall .`, or `scripts/setup`)"


def describe() -> str:
    """Which solver build this process runs, for ``puzzlesmith --version``, ``modes`` and
    ``play``; pure Python says why and how to fix it."""
    from puzzlesmith.stroke import solver

    if compiled(solver):
        return "compiled (mypyc)"
    return f"pure Python, 2.3x slower on big boards ({why_pure()})"


def require_compiled() -> int:
    """Exit status for ``./scripts/play``: 1, with the reason, when the solver it meant to
    compile runs as pure Python; 0 when compiled or pure on purpose (PUZZLESMITH_PURE=1)."""
    from puzzlesmith.stroke import solver

    if compiled(solver) or os.environ.get("PUZZLESMITH_PURE"):
        return 0
    print(
        f"ERROR: the Number Stroke solver did not compile: {why_pure()}. "
        "Set PUZZLESMITH_PURE=1 to play with the pure-Python solver on purpose.",
        file=sys.stderr,
    )
    return 1


def inplace_libraries(root: Path = PACKAGE.parent) -> list[Path]:
    """Extension modules of an in-place build under ``root`` (a checkout's ``src/``)."""
    found: list[Path] = []
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        found += [source_of(m, root).with_suffix(suffix) for m in MODULES]
        found.append(root / f"{GROUP}__mypyc{suffix}")
    return [p for p in found if p.is_file()]


def fresh(manifest: Path = MANIFEST, root: Path = PACKAGE.parent) -> bool:
    """Whether the in-place build matches every source it was compiled from."""
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
        return bool(
            data.get("python") == sys.implementation.cache_tag
            and set(data.get("modules", ())) == set(MODULES)
            and data["sources"]
            and all(digest(root / rel) == h for rel, h in data["sources"].items())
            and all((root / rel).is_file() for rel in data["files"])
        )
    except (OSError, ValueError, TypeError, AttributeError, KeyError):
        return False


def guard_inplace(manifest: Path = MANIFEST, root: Path = PACKAGE.parent) -> list[Path]:
    """Delete a stale in-place build (see the module docstring); the files deleted.

    Only in a checkout (``root/../pyproject.toml``): an installed wheel's modules were
    compiled from the sources installed beside them and are never touched.
    """
    if not (root.parent / "pyproject.toml").is_file():
        return []
    libraries = inplace_libraries(root)
    if not libraries or fresh(manifest, root):
        return []
    gone: list[Path] = []
    for path in [*libraries, manifest]:
        try:
            path.unlink(missing_ok=True)
            gone.append(path)
        except OSError:  # a read-only checkout: say so rather than run stale code silently
            print(f"puzzlesmith: cannot remove the stale compiled {path}", file=sys.stderr)
    print(
        "puzzlesmith: the compiled solver was older than its sources; removed, running pure "
        "Python until `python tools/build_native.py` (scripts/setup dev) rebuilds it",
        file=sys.stderr,
    )
    return gone
