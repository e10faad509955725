"""Issue #30 item 6: ``check --suggest`` searches under ``--budget`` like every command
that searches: an open board (its suggestions ran past 400 s) gives up with exit 3 and
one line naming the file and the level, instead of running on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from puzzlesmith.cli.common import EXIT_GAVE_UP
from puzzlesmith.cli.main import build_app

runner = CliRunner()


def open_hex(radius: int) -> dict[str, Any]:
    """A hex board of ``radius`` with one clue: millions of solutions, no clue set near."""
    cells: list[dict[str, int]] = [
        {"q": q, "r": r}
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q + r) <= radius
    ]
    cells[0]["clue"] = 1
    return {"id": "1-1", "cells": cells}


def test_suggest_on_an_open_board_gives_up_within_its_budget(tmp_path: Path) -> None:
    path = tmp_path / "open.json"
    pack = {"mode": "03-hex-walls", "pack": 1, "title": "t", "levels": [open_hex(4)]}
    path.write_text(json.dumps(pack), encoding="utf-8")
    r = runner.invoke(build_app(), ["hex", "check", str(path), "--suggest", "3", "--budget", "0.5"])
    assert r.exit_code == EXIT_GAVE_UP == 3, r.output
    [line] = r.output.strip().splitlines()
    assert str(path) in line and "level 1-1" in line and "gave up" in line, line
