"""Build hook: compile the solvers with mypyc into the wheel (as black and
mypy ship theirs). Everything else is declared in pyproject.toml.

``PUZZLESMITH_PURE=1`` builds pure Python; so does a machine without mypy or a C compiler
(the extensions are optional): slower, the same answers. A build that meant to compile
and could not is never silent: it prints a ``WARNING:`` line saying why (``pip install
-v`` shows it; ``scripts/setup`` keeps it in ``.venv/install.log``) and writes the reason
into the package (``puzzlesmith/build.json``), where ``puzzlesmith modes``, ``play`` and
``./scripts/play`` read it. ``tools/build_native.py`` runs this in place for a checkout.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent

#: what this build did about the compiled solver (written to puzzlesmith/build.json)
STATUS: dict[str, Any] = {"compiled": False, "chosen": False, "why": "", "fix": ""}


def _native_module():  # type: ignore[no-untyped-def]
    """``puzzlesmith/_native.py`` by path: the package itself must not run at build time."""
    spec = importlib.util.spec_from_file_location("_native", HERE / "src/puzzlesmith/_native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: what to do about each cause of a pure build (the warning names the real one)
FIX_COMPILER = "install a C compiler and the Python headers (Debian: gcc python3-dev)"
FIX_MYPYC = "install mypy (it brings mypyc)"
FIX_TYPES = "a bug in puzzlesmith's build: please report it with the errors above"

#: the build's mypy config: the project's [tool.mypy] checks every package against every
#: dependency, but pip's isolated build has only the build requirements (no Pillow, no
#: FastAPI). The compiled modules import none of them; modules they reach that do are only
#: followed for types (silently), and a library missing there is Any.
BUILD_MYPY_CONFIG = """\
[mypy]
ignore_missing_imports = True
follow_imports = silent
"""


def pure(why: str, *, chosen: bool = False, fix: str = FIX_COMPILER) -> list[Extension]:
    """Record a pure-Python build and say why: a warning unless it was asked for."""
    STATUS.update(compiled=False, chosen=chosen, why=why, fix="" if chosen else fix)
    if chosen:
        print(f"setup.py: {why}: pure Python build", file=sys.stderr)
    else:
        print(
            f"WARNING: puzzlesmith: the solvers are NOT compiled ({why}); "
            f"they run as pure Python, 2-3x slower. To compile them, {fix}, then reinstall; "
            "PUZZLESMITH_PURE=1 chooses pure Python on purpose.",
            file=sys.stderr,
        )
    return []


def ext_modules() -> list[Extension]:
    if os.environ.get("PUZZLESMITH_PURE"):
        return pure("PUZZLESMITH_PURE is set", chosen=True)
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        return pure(f"no mypyc to compile with: {exc}", fix=FIX_MYPYC)
    native = _native_module()
    paths = [str(native.source_of(m, Path("src"))) for m in native.MODULES]
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "mypy.ini"
        config.write_text(BUILD_MYPY_CONFIG, encoding="utf-8")
        try:
            extensions: list[Extension] = mypycify(
                ["--config-file", str(config), *paths], opt_level="3", group_name=native.GROUP
            )
        except SystemExit as exc:  # mypy found an error (printed above): the sources still run
            return pure(
                f"mypyc's type check of the compiled modules failed (exit {exc.code}; "
                "its errors are printed above)",
                fix=FIX_TYPES,
            )
    for ext in extensions:
        ext.optional = True  # no C compiler: the .py files run instead (and build_ext says so)
    STATUS.update(compiled=True, chosen=False, why="", fix="")
    return extensions


def _write_status(build_lib: str) -> None:
    target = Path(build_lib) / "puzzlesmith" / "build.json"
    if target.parent.is_dir():
        target.write_text(json.dumps(STATUS), encoding="utf-8")


class BuildPy(build_py):
    """Puts ``build.json`` (what became of the compiled solver) into the package."""

    def run(self) -> None:
        super().run()
        _write_status(self.build_lib)


class BuildExt(build_ext):
    """An optional extension that fails to compile is a warning with the reason, recorded."""

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            pure(f"compiling {ext.name} failed: {' '.join(str(exc).split())[:300]}")
            if not self.inplace:
                _write_status(self.build_lib)
            raise  # setuptools skips an optional extension that failed


setup(ext_modules=ext_modules(), cmdclass={"build_py": BuildPy, "build_ext": BuildExt})
