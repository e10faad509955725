"""The compiled solver (mypyc): built into the wheel, guarded in a checkout's in-place build,
and giving exactly what its source gives."""

from __future__ import annotations

import doctest
import importlib.machinery
import importlib.util
import json
import os
import random
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from stroke_support import family_from_source, from_source, pure_solver, random_puzzle

from puzzlesmith import _native
from puzzlesmith.core import registry
from puzzlesmith.cows import generate as cows_generate
from puzzlesmith.cows import solver as cows_solver
from puzzlesmith.hexwalls import solver as hex_solver
from puzzlesmith.paths import techniques
from puzzlesmith.stroke import propagate, solver
from puzzlesmith.stroke.board import board_of

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("build_native", ROOT / "tools/build_native.py")
assert _spec is not None and _spec.loader is not None
build_native = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_native)


def fake_checkout(tmp_path: Path) -> Path:
    """A checkout's src/ with the compiled modules' sources, libraries and a manifest."""
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    src = tmp_path / "src"
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for module in _native.MODULES:
        path = _native.source_of(module, src)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# {module}\n", encoding="utf-8")
        path.with_suffix(suffix).write_bytes(b"")
    (src / f"{_native.GROUP}__mypyc{suffix}").write_bytes(b"")
    libraries = _native.inplace_libraries(src)
    manifest = {
        "python": sys.implementation.cache_tag,
        "modules": list(_native.MODULES),
        "sources": {
            str(_native.source_of(m, Path())): _native.digest(_native.source_of(m, src))
            for m in _native.MODULES
        },
        "files": [str(p.relative_to(src)) for p in libraries],
    }
    (src / "puzzlesmith" / "native.json").write_text(json.dumps(manifest), encoding="utf-8")
    return src


def test_an_in_place_build_is_fresh_only_for_the_sources_it_was_built_from(
    tmp_path: Path,
) -> None:
    src = fake_checkout(tmp_path)
    manifest = src / "puzzlesmith" / "native.json"
    assert len(_native.inplace_libraries(src)) == len(_native.MODULES) + 1
    assert _native.fresh(manifest, src)
    assert _native.guard_inplace(manifest, src) == []  # fresh: kept
    _native.source_of(_native.MODULES[0], src).write_text("# edited\n", encoding="utf-8")
    assert not _native.fresh(manifest, src)


def test_a_stale_in_place_build_is_removed_before_it_can_be_imported(tmp_path: Path) -> None:
    src = fake_checkout(tmp_path)
    manifest = src / "puzzlesmith" / "native.json"
    _native.source_of(_native.MODULES[-1], src).write_text("# edited\n", encoding="utf-8")
    gone = _native.guard_inplace(manifest, src)
    assert len(gone) == len(_native.MODULES) + 2  # the libraries and the manifest
    assert _native.inplace_libraries(src) == [] and not manifest.exists()


@pytest.mark.parametrize(
    "manifest",
    [
        None,  # libraries without a manifest (built by hand): unchecked, so removed
        "{not json",
        json.dumps({"python": "cpython-0", "modules": [], "sources": {}, "files": []}),
        json.dumps([1, 2]),
    ],
)
def test_a_missing_or_foreign_manifest_means_a_stale_build(
    tmp_path: Path, manifest: str | None
) -> None:
    src = fake_checkout(tmp_path)
    path = src / "puzzlesmith" / "native.json"
    if manifest is None:
        path.unlink()
    else:
        path.write_text(manifest, encoding="utf-8")
    assert not _native.fresh(path, src)
    assert _native.guard_inplace(path, src)
    assert _native.inplace_libraries(src) == []


def test_an_installed_package_is_never_touched(tmp_path: Path) -> None:
    src = fake_checkout(tmp_path)
    (tmp_path / "pyproject.toml").unlink()  # site-packages: no checkout around it
    (src / "puzzlesmith" / "native.json").unlink()
    assert _native.guard_inplace(src / "puzzlesmith" / "native.json", src) == []
    assert len(_native.inplace_libraries(src)) == len(_native.MODULES) + 1


def test_the_manifest_covers_the_modules_whose_types_the_compiled_code_uses() -> None:
    """An edit to stroke/board.py once left a build "fresh" whose solver raised TypeError."""
    deps = {
        str(p.relative_to(build_native.SRC)) for p in build_native.dependencies(_native.MODULES)
    }
    assert {str(_native.source_of(m, Path())) for m in _native.MODULES} <= deps
    assert "puzzlesmith/stroke/board.py" in deps
    assert "puzzlesmith/core/mode.py" in deps  # SolveResult
    assert "puzzlesmith/server/app.py" not in deps


def test_this_checkout_runs_the_compiled_solver_exactly_when_its_build_is_fresh() -> None:
    expected = bool(_native.inplace_libraries()) and _native.fresh()
    assert _native.compiled(solver) == expected
    assert _native.compiled(propagate) == expected


def _search_answers(search_module_name: str) -> str:
    """Answers of ``solver.search`` on seeded random boards (pure or compiled alike)."""
    return f"""
import random, sys
sys.path.insert(0, {str(ROOT / "tests" / "stroke")!r})
from support import random_puzzle
from puzzlesmith.stroke.board import board_of
import {search_module_name} as solver
rng = random.Random(7)
for i in range(12):
    b = board_of(random_puzzle(rng, rng.randint(3, 7), rng.randint(3, 7)))
    print(repr(solver.search(b.adjmask, dict(b.clue), dict(b.parity), 3, node_budget=200)))
"""


@pytest.mark.slow
def test_the_wheel_carries_the_compiled_solver_and_its_sources(tmp_path: Path) -> None:
    """What ``pip install .`` gets: pip's isolated (PEP 517) build, from a Python with no
    packages installed (mypy once stopped there at Pillow), makes a wheel with the extension
    modules beside the .py files, which a plain import picks; same answers as the source."""
    if not (ROOT / "setup.py").is_file():
        pytest.skip("not a source checkout")
    env = {k: v for k, v in os.environ.items() if k not in ("PUZZLESMITH_PURE", "VIRTUAL_ENV")}
    clean = tmp_path / "clean"  # a bare venv: the build sees only its build requirements
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(clean)], check=True)
    python = clean / "bin" / "python"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "wheel", "-v", "--no-deps",
         "-w", str(tmp_path / "dist"), str(ROOT)],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr[-2000:]
    assert "NOT compiled" not in built.stdout + built.stderr, built.stdout[-3000:]
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for module in _native.MODULES:
        stem = str(_native.source_of(module, Path()).with_suffix(""))
        assert f"{stem}.py" in names
        assert any(n.startswith(stem + ".") and n.endswith((".so", ".pyd")) for n in names)
    shipped = [
        m for m in registry.all_modes() if (m.client_package or "").startswith("puzzlesmith.")
    ]
    assert len(shipped) == 3
    for mode in shipped:  # each mode's client files, in its own package
        package = str(mode.client_package).replace(".", "/") + "/client"
        for f in (f"{mode.id}.js", f"{mode.id}.css", f"{mode.id}/rules.js"):
            assert f"{package}/{f}" in names, f
    zipfile.ZipFile(wheel).extractall(tmp_path / "site")
    run = subprocess.run(
        [sys.executable, "-I", "-c",
         f"import sys; sys.path[:0] = [{str(tmp_path / 'site')!r}]\n"
         "from puzzlesmith import _native; print(_native.describe())\n"
         + _search_answers("puzzlesmith.stroke.solver")],
        capture_output=True, text=True, cwd=tmp_path, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:]
    first, *answers = run.stdout.splitlines()
    assert first == "compiled (mypyc)"
    ref = pure_solver()
    rng = random.Random(7)
    expected = []
    for _ in range(12):
        b = board_of(random_puzzle(rng, rng.randint(3, 7), rng.randint(3, 7)))
        got = ref.search(b.adjmask, dict(b.clue), dict(b.parity), 3, node_budget=200)
        expected.append(repr(got))
    assert answers == expected


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


def test_a_type_check_that_fails_in_the_build_is_not_blamed_on_the_compiler() -> None:
    """mypy stopping at a missing library once printed "install a C compiler"."""
    site = Path("/nonexistent-site")
    info = {"compiled": False, "chosen": False, "why": "mypyc's type check failed", "fix": "X"}
    assert _native.why_pure(info, site).startswith("mypyc's type check failed; X and reinstall")


def test_a_pure_install_says_why_and_how_to_fix_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PUZZLESMITH_PURE", raising=False)
    site = tmp_path / "site"  # an installed package: no pyproject.toml above it
    (site / "puzzlesmith").mkdir(parents=True)
    failed = {"compiled": False, "chosen": False, "why": "compiling x failed: no gcc"}
    line = _native.why_pure(failed, site)
    assert "no gcc" in line and "gcc python3-dev" in line and "reinstall" in line
    assert "without it" in _native.why_pure({}, site)
    assert "do not import" in _native.why_pure({"compiled": True}, site)
    assert _native.why_pure({"chosen": True}, site) == "chosen with PUZZLESMITH_PURE=1"
    (tmp_path / "checkout").mkdir()
    src = fake_checkout(tmp_path / "checkout")
    assert "tools/build_native.py" in _native.why_pure({}, src)
    info = site / "puzzlesmith" / "build.json"
    info.write_text(json.dumps(failed), encoding="utf-8")
    assert _native.build_info(info) == failed
    info.write_text("[1, 2", encoding="utf-8")
    assert _native.build_info(info) == {}


@pytest.mark.skipif(_native.compiled(solver), reason="this checkout runs the compiled solver")
def test_play_refuses_a_solver_that_meant_to_compile_and_did_not(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("PUZZLESMITH_PURE", raising=False)
    assert _native.require_compiled() == 1  # what ./scripts/play checks after installing
    err = capsys.readouterr().err
    assert "did not compile" in err and "PUZZLESMITH_PURE=1" in err
    assert "pure Python" in _native.describe() and "build_native" in _native.describe()
    monkeypatch.setenv("PUZZLESMITH_PURE", "1")
    assert _native.require_compiled() == 0
    assert "chosen with PUZZLESMITH_PURE=1" in _native.describe()


@pytest.mark.slow
def test_a_compiler_that_fails_is_a_warning_and_recorded_in_the_package(tmp_path: Path) -> None:
    """``CC=false``: mypyc generates the C, the compiler fails; the build still succeeds
    (pure Python), prints a WARNING line saying why, and the package's build.json says so."""
    if not (ROOT / "setup.py").is_file():
        pytest.skip("not a source checkout")
    env = {k: v for k, v in os.environ.items() if k != "PUZZLESMITH_PURE"}
    env.update(CC="false", LDSHARED="false")
    lib = tmp_path / "lib"
    built = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "-d", str(lib),
         "build_ext", "-b", str(lib), "-t", str(tmp_path / "tmp")],
        cwd=ROOT, capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr[-2000:]
    assert "WARNING: puzzlesmith: the solvers are NOT compiled" in built.stderr
    assert "a C compiler" in built.stderr  # the real cause's fix, not mypy's
    info = json.loads((lib / "puzzlesmith" / "build.json").read_text(encoding="utf-8"))
    assert info["compiled"] is False and "failed" in info["why"]
    assert not list(lib.rglob("*.so"))


@pytest.mark.skipif(not _native.compiled(techniques), reason="no fresh compiled build here")
def test_the_compiled_logic_engine_deduces_exactly_what_its_source_deduces() -> None:
    """The path modes' logic engine compiled (the graders' and generator's cost): the same
    steps in the same order, candidates, verdict and depth on random boards."""
    family = [m for m in _native.MODULES if m.startswith("puzzlesmith.paths.")]
    *parts, pure = family_from_source(family)
    assert not any(_native.compiled(m) for m in (*parts, pure))
    assert pure.STEPS["ends"] is parts[1].t_ends  # the source's, not the build's
    rng = random.Random(5)
    for _ in range(40):
        b = board_of(random_puzzle(rng, rng.randint(3, 7), rng.randint(3, 7)))
        graph = (b.ids, tuple(b.adjmask), dict(b.clue), dict(b.parity))
        got = techniques.deduce(techniques.PathGraph(*graph))
        want = pure.deduce(pure.PathGraph(*graph))
        for name in ("solved", "impossible", "solution", "steps", "techniques", "max_depth"):
            assert getattr(got, name) == getattr(want, name), name
        assert got.candidates == want.candidates


def _random_cows_boards(seed: int, count: int) -> list[object]:
    """Planted Cows boards of random regions, 5×5 to 10×10: most have many solutions."""
    from puzzlesmith.cows.board import board_of as cows_board
    from puzzlesmith.cows.generate import grow_regions, plant_solution, to_level

    rng = random.Random(seed)
    boards: list[object] = []
    for i in range(count):
        n = rng.randint(5, 10)
        owner = grow_regions(n, plant_solution(n, rng), rng, skew=rng.choice([1.0, 4.0]))
        boards.append(cows_board(to_level(f"r{i}", n, owner)))
    return boards


@pytest.mark.skipif(not _native.compiled(cows_solver), reason="no fresh compiled build here")
def test_the_compiled_cows_solver_counts_exactly_what_its_source_counts() -> None:
    """Cows' exact solver (the uniqueness check) compiled: the same solutions in the same
    order, the same count and completeness for every limit."""
    pure = from_source("puzzlesmith.cows.solver")
    assert not _native.compiled(pure)
    unique = several = 0
    for k, board in enumerate(_random_cows_boards(11, 40)):
        limit = (1, 2, 5, 50)[k % 4]
        got = cows_solver.solve_board(board, limit)  # type: ignore[arg-type]
        want = pure.solve_board(board, limit)
        assert (got.count, got.complete, got.solutions) == (
            want.count, want.complete, want.solutions,
        )  # fmt: skip
        unique += want.complete and want.count == 1
        several += want.count > 1
    assert unique and several  # both verdicts were compared


@pytest.mark.parametrize("seed", range(3))
def test_the_row_mask_search_returns_what_the_board_search_returns(seed: int) -> None:
    """``solutions_of_regions`` (the Cows generator's uniqueness rounds) and ``solve_board``:
    the same solutions in the same order at every limit, also cut short (the generator
    breaks rivals in the order they come), as Python and as compiled."""
    from puzzlesmith.cows.generate import grow_regions, plant_solution, to_level

    pure = from_source("puzzlesmith.cows.solver")
    rng = random.Random(seed)
    several = 0
    for _ in range(30):
        n = rng.randint(4, 13)
        owner = grow_regions(n, plant_solution(n, rng), rng, skew=rng.choice([0.0, 1.0, 4.0]))
        board = cows_solver.board_of(to_level("x", n, owner))
        for limit in (1, 2, 12, 200):
            want = pure.solve_board(board, limit).solutions
            assert pure.solutions_of_regions(n, owner, limit) == want
            assert cows_solver.solutions_of_regions(n, owner, limit) == want
            several += len(want) > 1
    assert several  # ambiguous boards were compared, not only unique ones


@pytest.mark.skipif(not _native.compiled(hex_solver), reason="no fresh compiled build here")
def test_the_compiled_hex_solver_finds_exactly_what_its_source_finds() -> None:
    """Hex Walls' exact solver compiled (issue #39): on the 37 small boards of
    benchmarks/hex_small.py and on open blobs with many paths, the same solutions in the
    same order and the same completeness at every limit, and the same node count (a node
    cap stops both at the same node, or neither)."""
    from puzzlesmith.core.budget import within
    from puzzlesmith.hexwalls.board import HexCell, Level, parse_level
    from puzzlesmith.hexwalls.board import board_of as hex_board
    from puzzlesmith.hexwalls.generate import random_blob

    pure = from_source("puzzlesmith.hexwalls.solver")
    assert not _native.compiled(pure)
    raw = json.loads((ROOT / "benchmarks/boards/hex-small-37.json").read_text("utf-8"))
    levels = [parse_level(r)[0] for r in raw["levels"]]
    for size in (12, 16, 20):
        hexes = random_blob(random.Random(size), size)
        cells = tuple(
            HexCell(f"{q},{r}", q, r, 1 if i == 0 else None) for i, (q, r) in enumerate(hexes)
        )
        levels.append(Level(f"blob-{size}", cells))
    cut = 0
    for lv in levels:
        assert lv is not None
        b = hex_board(lv)
        for limit in (1, 2, 25):
            got, want = hex_solver.solve(b, limit), pure.solve(b, limit)
            assert (got.count, got.complete, got.solutions) == (
                want.count, want.complete, want.solutions,
            ), lv.id  # fmt: skip
        capped = within(40, lambda b=b: hex_solver.solve(b, 25).solutions)
        assert capped == within(40, lambda b=b: pure.solve(b, 25).solutions), lv.id
        cut += capped is None
    assert cut >= 3  # the node cap did stop some searches midway


@pytest.mark.skipif(not _native.compiled(cows_generate), reason="no fresh compiled build here")
def test_the_compiled_generators_make_exactly_the_levels_their_sources_make() -> None:
    """Same options, seed and index: the same level from the compiled Cows and Number
    Stroke generators as from their sources (every random draw in the same order)."""
    from puzzlesmith.stroke import generate as stroke_generate

    assert _native.compiled(stroke_generate)
    cows_pure = from_source("puzzlesmith.cows.generate")
    stroke_pure = from_source("puzzlesmith.stroke.generate")
    for size, grade in ((6, "medium"), (9, "hard"), (10, "expert")):
        options = cows_generate.CowsOptions(size, grade)
        for index in range(2):
            want = cows_pure.generate_level(options, 7, index)
            assert cows_generate.generate_level(options, 7, index) == want
    for n in ("12", "16", "14-18"):
        opts = stroke_generate.GenerateOptions(n=n)
        for index in range(4):
            want = stroke_pure.generate_level(stroke_pure.GenerateOptions(n=n), 3, index)
            assert stroke_generate.generate_level(opts, 3, index) == want
