"""The whole suite keeps its data away from the user's: ``create_app()`` with no data dir
falls back to ``$XDG_DATA_HOME/puzzlesmith``, so each test process points that at a temp
dir of its own (two checkouts testing at once no longer share one store, nor leave a
migrated database behind in the home directory)."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_DATA_HOME = tempfile.mkdtemp(prefix="puzzlesmith-test-data-")
os.environ["XDG_DATA_HOME"] = _DATA_HOME


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    shutil.rmtree(_DATA_HOME, ignore_errors=True)
