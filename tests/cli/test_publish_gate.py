"""Issue #27 item 6: what ``validate`` fails, no command exports or publishes.

Before: ``export-html --pack s-amb.json`` printed "1 levels, 84 KB" and exited 0 for a
Number Stroke or Hex Walls pack ``validate`` calls ``not-unique``; Cows refused it but
said "no solution" for a level with several.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from editor_levels import COWS, COWS_MULTIPLE, HEX, HEX_MULTIPLE, STROKE, STROKE_MULTIPLE

from puzzlesmith.core import registry
from puzzlesmith.core.publish import publish_refusal

AMBIGUOUS = [(STROKE, STROKE_MULTIPLE), (HEX, HEX_MULTIPLE), (COWS, COWS_MULTIPLE)]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "puzzlesmith", *args], capture_output=True, text=True, timeout=120
    )


def pack_file(tmp_path: Path, mode_id: str, level: dict[str, Any]) -> Path:
    p = tmp_path / "amb.json"
    body = {"mode": mode_id, "pack": 1, "title": "t", "levels": [{**level, "id": "1-1"}]}
    p.write_text(json.dumps(body), encoding="utf-8")
    return p


@pytest.mark.parametrize(("mode_id", "level"), AMBIGUOUS, ids=lambda v: str(v)[:12])
def test_export_refuses_what_validate_fails_with_its_line(
    mode_id: str, level: dict[str, Any], tmp_path: Path
) -> None:
    mode = registry.get(mode_id)
    p = pack_file(tmp_path, mode_id, level)
    checked = cli(mode.cli_name, "validate", str(p))
    assert checked.returncode == 1
    line = next(ln for ln in checked.stderr.splitlines() if "[not-unique]" in ln)
    out = tmp_path / "trial.html"
    r = cli("export-html", "--pack", str(p), "-o", str(out))
    assert r.returncode == 1, r.stdout
    assert r.stderr.strip() == line  # validate's own line, not "no solution"
    assert "no solution" not in r.stderr
    assert not out.exists()


def test_the_gate_is_the_validate_check() -> None:
    """One function: a unique level passes, an ambiguous one gets the not-unique line."""
    cows = registry.get(COWS)
    amb, _ = cows.parse_level({**COWS_MULTIPLE, "id": "x"}, "x")
    refused = publish_refusal(cows, amb, "f.json")
    assert refused is not None and refused.startswith("f.json: level x: ")
    assert refused.endswith("[not-unique]")
    shipped = cows.load_file(cows.shipped_pack_files()[0]).levels[0]
    assert publish_refusal(cows, shipped) is None


def test_daily_build_skips_a_candidate_validate_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """The daily generator's gate is validate's too: an ambiguous candidate is passed over."""
    from datetime import date

    from puzzlesmith.server.daily.puzzles import make_daily

    cows = registry.get(COWS)
    amb, _ = cows.parse_level({**COWS_MULTIPLE, "id": "x"}, "x")
    good = cows.load_file(cows.shipped_pack_files()[0]).levels[4]
    offered = iter([amb, good])
    monkeypatch.setattr(type(cows), "generate_one", lambda self, o, s, i: next(offered))
    puzzle = make_daily(cows, date(2026, 12, 1), b"k" * 32)
    assert puzzle.level["regions"] == list(good.regions)
