"""Puts tests/cli and tests/editor on sys.path: the CLI tests share their helpers and levels."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "editor"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
