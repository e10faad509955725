"""A server on its own SQLite store for each community test."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puzzlesmith.server.app import create_app

HERE = Path(__file__).resolve().parent
# community_support (here) and the editor's level fixtures, importable by the tests
sys.path[:0] = [str(HERE), str(HERE.parent / "editor")]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(data_dir=tmp_path / "data")
    app.state.daily.url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    with TestClient(app) as c:
        yield c
    app.state.daily.close()
