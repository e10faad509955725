"""Puts tests/codes on sys.path so the tests import ``codes_support`` (importlib import mode)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
