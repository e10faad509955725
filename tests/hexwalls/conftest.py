"""Shared fixtures for the Hex Walls tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from puzzlesmith.hexwalls import MODE
from puzzlesmith.hexwalls.board import Level, parse_level


def _level(raw: dict[str, Any]) -> Level:
    lv, problems = parse_level(raw)
    assert lv is not None, [p.line() for p in problems]
    return lv


@pytest.fixture
def make_level() -> Callable[[dict[str, Any]], Level]:
    """Parse one level that must be well formed."""
    return _level


@pytest.fixture(scope="session")
def shipped() -> dict[str, Level]:
    return {lv.id: lv for pack in MODE.shipped_packs() for lv in pack.levels}
