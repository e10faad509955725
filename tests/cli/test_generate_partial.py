"""Issue #40.3: a generator never throws away what it made. A batch where some levels run
out of attempts writes the ones made, says ``partial`` and how many are ``missing`` (in
the file's notes and the summary), and exits 4 — tested with a tiny attempt budget."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from puzzlesmith.cli.common import EXIT_PARTIAL
from puzzlesmith.cli.main import build_app

#: one attempt per level on 8 hexes: seed 1 makes levels 2, 4 and 5 of 6 and misses 1, 3, 6
HEX_TINY = ["hex", "generate", "--count", "6", "--attempts", "1", "--cells", "8", "--seed", "1"]


def run(*args: str) -> Any:
    return CliRunner().invoke(build_app(), list(args))


def notes(path: Path) -> dict[str, Any]:
    body = json.loads(path.read_text(encoding="utf-8"))
    meta: dict[str, Any] = json.loads(body["notes"].removeprefix("generated: "))
    return {"levels": [lv["id"] for lv in body["levels"]], **meta}


def test_a_batch_that_runs_out_writes_what_it_made(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    r = run(*HEX_TINY, "--out", str(out))
    assert r.exit_code == EXIT_PARTIAL == 4, r.output
    meta = notes(out)
    assert meta["partial"] is True and meta["missing"] == 3
    assert meta["levels"] == ["g1-2", "g1-4", "g1-5"] and meta["missing_levels"] == [1, 3, 6]
    [line] = r.stderr.strip().splitlines()
    assert "partial: 3 of 6 levels missing" in line and f"wrote the 3 made to {out}" in line
    assert run("hex", "validate", str(out)).exit_code == 0


def test_the_json_summary_says_partial_and_missing(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    r = run(*HEX_TINY, "--out", str(out), "--json")
    assert r.exit_code == 4
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    assert summary == {
        "out": str(out),
        "count": 6,
        "written": 3,
        "partial": True,
        "missing": 3,
        "missing_levels": [1, 3, 6],
    }


def test_local_workers_keep_the_same_levels(tmp_path: Path) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    assert run(*HEX_TINY, "--out", str(one)).exit_code == 4
    assert run(*HEX_TINY, "--jobs", "2", "--out", str(two)).exit_code == 4
    assert one.read_text(encoding="utf-8") == two.read_text(encoding="utf-8")


def test_nothing_made_writes_nothing_and_says_so(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    args = ["stroke", "generate", "--count", "2", "--attempts", "1", "--grade", "expert"]
    r = run(*args, "--seed", "1", "--out", str(out), "--json")
    assert r.exit_code == 4
    assert json.loads(r.stdout.strip().splitlines()[-1])["out"] is None
    assert "nothing was written" in r.stderr and not out.exists()


def test_a_full_batch_is_not_partial(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    r = run("hex", "generate", "--count", "2", "--cells", "8", "--out", str(out), "--json")
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    assert summary["partial"] is False and summary["missing"] == 0 and summary["written"] == 2
    assert "partial" not in notes(out)
