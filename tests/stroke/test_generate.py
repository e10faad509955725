"""The generator: valid, unique, logic-solvable, constrained, deterministic, any backend."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.core.batch import run_batch
from puzzlesmith.paths.grades import GRADES
from puzzlesmith.stroke import MODE
from puzzlesmith.stroke.board import Level, board_of
from puzzlesmith.stroke.generate import (
    GenerateOptions,
    GenerationError,
    generate_level,
    longest_run,
)
from puzzlesmith.stroke.logic import grade
from puzzlesmith.stroke.solver import count, solve

OPTS = GenerateOptions(n="10-13")


@pytest.fixture(scope="module")
def batch() -> list[Level]:
    return [generate_level(OPTS, 7, i) for i in range(8)]


def _errors(level: Level) -> list[str]:
    return [p.code for p in MODE.check(level) if p.severity == "error"]


def test_levels_pass_every_publish_check_and_grade_as_logic(batch: list[Level]) -> None:
    for lv in batch:
        assert _errors(lv) == []
        assert not [p for p in MODE.check(lv) if p.code == "needs-guessing"]
        result = grade(lv)
        assert result.solved and result.grade in GRADES


def test_levels_respect_the_board_and_clue_constraints(batch: list[Level]) -> None:
    lo, hi = OPTS.n_range
    for lv in batch:
        board = board_of(lv)
        assert lo <= board.n <= hi
        exact = solve(board, 2)
        assert exact.count == 1 and exact.complete
        path = [board.index[c] for c in exact.solutions[0]]
        cells = list(lv.cells)
        assert any(c.big for c in cells), "at least one big cell"
        assert not cells[path[0]].big and not cells[path[-1]].big, "big cells are passed through"
        assert longest_run(cells, path) <= 0.5
        steps = sorted(board.step_cell)
        assert steps[0] == 1, "clue 1 is given by default"
        assert any(4 <= s <= 7 for s in steps), "guide clue 4-7 after clue 1"
        assert board.n not in steps, "clues stay off the far end"
        assert lv.teach is not None and "作者解" in lv.teach


def test_same_seed_same_levels_whatever_the_jobs() -> None:
    one = run_batch(MODE.id, OPTS, 11, 4, jobs=1)
    two = run_batch(MODE.id, OPTS, 11, 4, jobs=2)
    assert one == two
    assert generate_level(OPTS, 11, 2) == one[2]
    assert run_batch(MODE.id, OPTS, 12, 4) != one


def test_size_big_and_shaped_counts_are_honoured() -> None:
    opts = GenerateOptions(size="6x5", n="14-16", big="2", shaped="1")
    for i in range(3):
        lv = generate_level(opts, 3, i)
        units = [u for c in lv.cells for u in c.units]
        assert all(0 <= x < 6 and 0 <= y < 5 for x, y in units)
        assert sum(1 for c in lv.cells if c.shape is not None) == 1
        assert sum(1 for c in lv.cells if c.big and c.shape is None) == 2


def test_without_clue_one_no_end_is_given() -> None:
    opts = replace(OPTS, clue1=False)
    for i in range(3):
        lv = generate_level(opts, 5, i)
        board = board_of(lv)
        assert 1 not in board.step_cell and board.n not in board.step_cell
        assert _errors(lv) == []


def test_parity_clues_are_each_necessary() -> None:
    opts = replace(OPTS, parity=1)
    lv = generate_level(opts, 2, 0)
    marked = [c for c in lv.cells if c.parity is not None]
    assert len(marked) == 1
    assert _errors(lv) == []
    loose = lv.with_cells(c if c.parity is None else replace(c, parity=None) for c in lv.cells)
    assert count(board_of(loose), 2) == 2


def test_target_grade_range_is_honoured() -> None:
    opts = replace(OPTS, grade="hard-expert")
    for i in range(3):
        assert grade(generate_level(opts, 4, i)).grade in ("hard", "expert")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("size", "6by5", "--size"),
        ("n", "9-2", "--n"),
        ("grade", "easy-ultra", "--grade"),
        ("big", "x", "--big"),
        ("size", "2x3", "--size"),  # 6 squares: too few for --n auto (8 and up)
    ],
)
def test_bad_options_say_which_flag(field: str, value: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GenerateOptions(**{field: value})


def test_no_big_cells_at_all_is_refused() -> None:
    with pytest.raises(ValueError, match="big"):
        GenerateOptions(big="0", shaped="0")


def test_impossible_targets_fail_with_one_line() -> None:
    opts = GenerateOptions(n="6", grade="expert", attempts=3)
    with pytest.raises(GenerationError, match="attempts"):
        generate_level(opts, 1, 0)


def test_cli_generate_50_validate_and_grade(tmp_path: Path) -> None:
    runner = CliRunner()
    app = build_app()
    out = tmp_path / "candidates.json"
    res = runner.invoke(
        app, ["stroke", "generate", "--count", "50", "--seed", "1", "--out", str(out)]
    )
    assert res.exit_code == 0, res.output
    pack = json.loads(out.read_text(encoding="utf-8"))
    assert len(pack["levels"]) == 50 and pack["pack"] == "candidates"
    assert runner.invoke(app, ["stroke", "validate", str(out)]).exit_code == 0
    graded = runner.invoke(app, ["stroke", "grade", str(out), "--json"])
    rows = [json.loads(line) for line in graded.output.splitlines() if line.startswith("{")]
    assert len(rows) == 50 and all(r["solved"] for r in rows)
    again = runner.invoke(
        app, ["stroke", "generate", "--count", "1", "--seed", "1", "--out", str(out)]
    )
    assert again.exit_code == 2 and "refusing to overwrite" in again.output


def test_cli_bad_flag_is_one_line() -> None:
    res = CliRunner().invoke(
        build_app(), ["stroke", "generate", "--size", "6by5", "--out", "/tmp/never.json"]
    )
    assert res.exit_code == 2
    assert "--size" in res.output and "Traceback" not in res.output


def test_dask_local_cluster_gives_the_same_pack() -> None:
    distributed = pytest.importorskip("distributed")
    opts = GenerateOptions(n="8-10")
    local = run_batch(MODE.id, opts, 21, 3)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        remote = run_batch(MODE.id, opts, 21, 3, scheduler=cluster.scheduler_address)
    assert remote == local


def test_no_giveaway_no_spare_clue_and_enough_multi_unit_cells_over_300_levels() -> None:
    """Issue #21: no clue the easy techniques pin from the others, no clue the level can
    do without (clue 1 and the one guide clue are teaching clues), >= --multi big cells."""
    from puzzlesmith.stroke.quality import giveaway_clues, multi_unit_cells, spare_clues

    levels = [
        lv for seed in (1, 2, 3) for lv in run_batch(MODE.id, GenerateOptions(), seed, 100, jobs=2)
    ]
    assert len(levels) == 300
    assert [lv.id for lv in levels if giveaway_clues(lv, keep={1})] == []
    assert [lv.id for lv in levels if spare_clues(lv)] == []
    assert min(multi_unit_cells(lv) for lv in levels) >= GenerateOptions().multi == 2


def test_the_quality_checks_catch_a_giveaway_and_a_spare_clue() -> None:
    """The checks can fail: a shipped level with one clue too many is caught."""
    from puzzlesmith.stroke.quality import giveaway_clues, removable_clues

    _, lv = MODE.find_level("1-7")  # 1 at e, whose only neighbour d is then step 2
    path = solve(board_of(lv), 1).solutions[0]
    d = path[1]
    extra = lv.with_cells(replace(c, clue=2) if c.id == d else c for c in lv.cells)
    assert giveaway_clues(extra) == [d]
    assert d in removable_clues(extra)
    assert removable_clues(lv) == []


def test_multi_unit_minimum_is_checked() -> None:
    with pytest.raises(ValueError, match="--multi"):
        GenerateOptions(big="1", shaped="0", multi=2)
