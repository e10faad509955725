"""Build hook: compile the Number Stroke solver with mypyc into the wheel (as black and
mypy ship theirs). Everything else is declared in pyproject.toml.

``PUZZLESMITH_PURE=1`` builds pure Python; so does a machine without mypy or a C compiler
(the extensions are optional): slower, the same answers. ``tools/build_native.py`` runs
this in place for a checkout.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).resolve().parent


def _native_module():  # type: ignore[no-untyped-def]
    """``puzzlesmith/_native.py`` by path: the package itself must not run at build time."""
    spec = importlib.util.spec_from_file_location("_native", HERE / "src/puzzlesmith/_native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ext_modules() -> list[Extension]:
    if os.environ.get("PUZZLESMITH_PURE"):
        print("setup.py: PUZZLESMITH_PURE is set: pure Python build", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("setup.py: no mypyc (mypy): pure Python build", file=sys.stderr)
        return []
    native = _native_module()
    paths = [str(native.source_of(m, Path("src"))) for m in native.MODULES]
    try:  # its own (empty) mypy config: the project's [tool.mypy] checks every package
        extensions: list[Extension] = mypycify(
            ["--config-file", os.devnull, *paths], opt_level="3", group_name=native.GROUP
        )
    except SystemExit:  # mypy found an error (it printed which): the sources still run
        print("setup.py: mypyc failed: pure Python build", file=sys.stderr)
        return []
    for ext in extensions:
        ext.optional = True  # no C compiler: the .py files run instead
    return extensions


setup(ext_modules=ext_modules())
