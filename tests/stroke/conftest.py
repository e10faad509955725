"""Loads tests/stroke/support.py as ``stroke_support`` (tests run with --import-mode=importlib)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from puzzlesmith.stroke import MODE
from puzzlesmith.stroke.board import Level

_spec = importlib.util.spec_from_file_location(
    "stroke_support", Path(__file__).with_name("support.py")
)
assert _spec is not None and _spec.loader is not None
stroke_support = importlib.util.module_from_spec(_spec)
sys.modules["stroke_support"] = stroke_support
_spec.loader.exec_module(stroke_support)


@pytest.fixture(scope="session")
def demo() -> Level:
    """The 15-cell rule sample of seed 000 §7.3 (hidden pack)."""
    return MODE.find_level("demo")[1]
