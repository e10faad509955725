"""Puts tests/editor on sys.path so the tests import ``editor_levels`` (importlib import mode)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
