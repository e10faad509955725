"""The compiled solver (mypyc, ``puzzlesmith._native``): loaded only while it matches its
source, and then it gives exactly what the source gives."""

from __future__ import annotations

import doctest
import importlib.util
import json
import os
import random
import sys
from pathlib import Path

import pytest
from stroke_support import from_source, pure_solver, random_puzzle

from puzzlesmith import _native
from puzzlesmith.stroke import propagate, solver
from puzzlesmith.stroke.board import board_of


def fake_tree(tmp_path: Path) -> tuple[Path, Path]:
    """A src/ holding the compiled modules' sources and an out/ with a manifest of them."""
    src, out = tmp_path / "src", tmp_path / "out"
    digests = {}
    for module in _native.MODULES:
        path = _native._source(module, src)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# {module}\n", encoding="utf-8")
        digests[module] = _native._digest(path)
    out.mkdir()
    (out / "lib.so").write_bytes(b"")
    manifest = {"python": sys.implementation.cache_tag, "modules": digests, "files": ["lib.so"]}
    (out / _native.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return src, out


def test_a_build_is_fresh_only_for_the_sources_it_was_built_from(tmp_path: Path) -> None:
    src, out = fake_tree(tmp_path)
    assert _native.fresh(out, src)
    # an edited source: the build is stale, so the source runs
    _native._source(_native.MODULES[-1], src).write_text("# edited\n", encoding="utf-8")
    assert not _native.fresh(out, src)


def test_a_build_with_a_library_missing_is_not_fresh(tmp_path: Path) -> None:
    src, out = fake_tree(tmp_path)
    (out / "lib.so").unlink()
    assert not _native.fresh(out, src)


def test_a_manifest_without_its_list_of_libraries_is_not_fresh(tmp_path: Path) -> None:
    src, out = fake_tree(tmp_path)
    manifest = json.loads((out / _native.MANIFEST).read_text(encoding="utf-8"))
    del manifest["files"]  # (an older build's manifest)
    (out / _native.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    assert not _native.fresh(out, src)


@pytest.mark.parametrize(
    "manifest",
    [
        "{not json",
        json.dumps({"python": "cpython-0", "modules": {}}),
        json.dumps({"python": sys.implementation.cache_tag, "modules": {"x": "0"}}),
        json.dumps([1, 2]),
    ],
)
def test_a_broken_or_foreign_manifest_means_no_build(tmp_path: Path, manifest: str) -> None:
    src, out = fake_tree(tmp_path)
    (out / _native.MANIFEST).write_text(manifest, encoding="utf-8")
    assert not _native.fresh(out, src)
    assert not _native.fresh(tmp_path / "nowhere", src)


def test_the_finder_serves_only_the_compiled_modules(tmp_path: Path) -> None:
    out = tmp_path / "out"
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    lib = out / "puzzlesmith" / "stroke" / f"solver{suffix}"
    lib.parent.mkdir(parents=True)
    lib.write_bytes(b"")
    (out / f"abc__mypyc{suffix}").write_bytes(b"")
    finder = _native._Finder(out)
    spec = finder.find_spec("puzzlesmith.stroke.solver", None)
    assert spec is not None and spec.origin == str(lib)
    assert finder.find_spec("abc__mypyc", None) is not None  # mypyc's shared library
    assert finder.find_spec("puzzlesmith.stroke.propagate", None) is None  # not built here
    assert finder.find_spec("puzzlesmith.stroke.board", None) is None  # never compiled


def test_the_compiled_solver_is_loaded_exactly_when_its_build_is_fresh() -> None:
    expected = _native.fresh() and not os.environ.get("PUZZLESMITH_PURE")
    assert _native.compiled(solver) == expected
    assert _native.compiled(propagate) == expected


@pytest.mark.skipif(not _native.compiled(solver), reason="no fresh compiled build here")
def test_the_compiled_solver_finds_exactly_what_its_source_finds() -> None:
    """Same paths, same order, same completeness, also when a node budget cuts the search
    off (the search is deterministic, so any difference is a compiler difference)."""
    pure = pure_solver()
    assert not _native.compiled(pure)
    rng = random.Random(99)
    cut = 0
    for i in range(60):
        b = board_of(random_puzzle(rng, rng.randint(3, 8), rng.randint(3, 8)))
        clue, parity = dict(b.clue), dict(b.parity)
        if i % 3 == 0:
            clue = {c: s for c, s in clue.items() if s != 1}  # no start given: races
        budget = rng.choice([None, 10, 60, 300])
        got = solver.search(b.adjmask, clue, parity, 3, node_budget=budget)
        assert got == pure.search(b.adjmask, clue, parity, 3, node_budget=budget)
        cut += not got[1]
    assert cut >= 8  # budgets did stop some searches midway


@pytest.mark.parametrize("module", _native.MODULES)
def test_doctests_of_the_compiled_modules_run_from_source(module: str) -> None:
    """Compiled, a module's docstrings are not collected by pytest; run them from source."""
    result = doctest.testmod(from_source(module))
    assert result.failed == 0
    assert result.attempted >= 2
