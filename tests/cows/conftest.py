"""Shared fixtures for the Cows tests: level parsing and the external real-puzzle corpus."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from puzzlesmith.cows import MODE
from puzzlesmith.cows.board import Level, parse_level

#: ../shared/external relative to the repository root (test data only; never shipped)
EXTERNAL = Path(__file__).resolve().parents[2].parent / "shared" / "external"


def level(regions: list[str], lid: str = "t") -> Level:
    lv, problems = parse_level({"id": lid, "regions": regions})
    assert lv is not None, [p.line() for p in problems]
    return lv


@pytest.fixture(scope="session")
def real() -> tuple[list[Level], dict[str, Any]]:
    """The 1,041 real Queens puzzles and their independently computed counts."""
    src = EXTERNAL / "queens-real.json"
    counts = EXTERNAL / "queens-real.counts.json"
    if not src.exists() or not counts.exists():
        pytest.skip(f"real-puzzle corpus absent ({src}); it lives outside the repository")
    pack = MODE.load_file(src)
    return list(pack.levels), json.loads(counts.read_text())


@pytest.fixture(scope="session")
def shipped() -> dict[str, Level]:
    return {lv.id: lv for pack in MODE.shipped_packs() for lv in pack.levels}


def is_linkedin(lv: Level) -> bool:
    """The corpus's ``teach`` field says where a level came from."""
    return (lv.teach or "").startswith("LinkedIn")
