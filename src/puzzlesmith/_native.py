"""The Number Stroke solver compiled to C with mypyc, loaded only while it matches its source.

The exact solver's search is pure Python. Compiled by mypyc (the compiler that ships with
mypy, used for mypy and black themselves) the same code runs 2.3× faster on large boards,
which the benchmark's 10× ratio to CP-SAT needs (docs/stroke-solver.md).

The compiled modules live outside the source tree, in ``build/native/`` of a source
checkout, with a manifest of the source hashes they were built from. At import
(``puzzlesmith/__init__``) a finder is installed only when every listed source still has
its recorded hash, so an edited ``solver.py`` is never shadowed by a stale build: it runs
as Python until the next ``python tools/build_native.py`` (``scripts/setup dev`` runs it).
``PUZZLESMITH_PURE=1`` forces pure Python.

No compiler, no mypy, an installed wheel: everything works the same, only slower.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: the modules compiled together (calls between them become C calls)
MODULES = ("puzzlesmith.core.bits", "puzzlesmith.stroke.propagate", "puzzlesmith.stroke.solver")

SRC = Path(__file__).resolve().parent.parent  # src/ in a checkout
OUT = SRC.parent / "build" / "native"
MANIFEST = "manifest.json"


def _source(module: str, src: Path = SRC) -> Path:
    return src.joinpath(*module.split(".")).with_suffix(".py")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fresh(out: Path = OUT, src: Path = SRC) -> bool:
    """Whether ``out`` holds a build of exactly the current sources, for this Python."""
    try:
        manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
        return bool(
            manifest.get("python") == sys.implementation.cache_tag
            and set(manifest.get("modules", {})) == set(MODULES)
            and all(_digest(_source(m, src)) == h for m, h in manifest["modules"].items())
            and all((out / f).is_file() for f in manifest["files"])
        )
    except (OSError, ValueError, TypeError, AttributeError, KeyError):
        return False


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules (and mypyc's shared library) in ``out``."""

    def __init__(self, out: Path) -> None:
        self.out = out

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in MODULES and not fullname.endswith("__mypyc"):
            return None
        base = self.out.joinpath(*fullname.split("."))
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            so = base.with_name(base.name + suffix)
            if so.is_file():
                return importlib.util.spec_from_file_location(fullname, so)
        return None


def install(out: Path = OUT, src: Path = SRC) -> bool:
    """Put the finder first on ``sys.meta_path`` when the build is fresh; True if it was."""
    if os.environ.get("PUZZLESMITH_PURE") or not fresh(out, src):
        return False
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder(out))
    return True


def compiled(module: ModuleType) -> bool:
    """Whether ``module`` is the compiled one (an extension module, not a .py file)."""
    return not str(getattr(module, "__file__", "")).endswith(".py")


def build(out: Path = OUT, src: Path = SRC) -> None:
    """Compile ``MODULES`` with mypyc into ``out`` and record the sources' hashes.

    Raises ``RuntimeError`` with mypyc's last lines when it fails (no C compiler, no
    Python headers): the caller decides whether pure Python is good enough.
    """
    import subprocess  # (only here: every import of puzzlesmith reads this module)

    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for module in MODULES:  # mypyc copies each library next to where its package would be
        out.joinpath(*module.split(".")[:-1]).mkdir(parents=True, exist_ok=True)
    sources = [_source(m, src) for m in MODULES]
    digests = {m: _digest(p) for m, p in zip(MODULES, sources, strict=True)}
    # its own mypy config: the project's (found in a parent folder) checks every package
    (out / "mypy.ini").write_text("[mypy]\nignore_missing_imports = True\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", "--config-file", "mypy.ini", *map(str, sources)],
        cwd=out,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        shutil.rmtree(out, ignore_errors=True)
        tail = (done.stdout + done.stderr).strip().splitlines()[-3:]
        raise RuntimeError("mypyc failed: " + " | ".join(tail))
    shutil.rmtree(out / "build", ignore_errors=True)  # the generated C and object files
    libraries = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.suffix == ".so")
    if not libraries:
        raise RuntimeError("mypyc made no extension module")
    manifest = {"python": sys.implementation.cache_tag, "modules": digests, "files": libraries}
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
