"""A server on its own SQLite store for each community test."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puzzlesmith.server.app import create_app
from puzzlesmith.server.config import settings

HERE = Path(__file__).resolve().parent
# community_support (here) and the editor's level fixtures, importable by the tests
sys.path[:0] = [str(HERE), str(HERE.parent / "editor")]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    app = create_app(settings(data_dir=tmp_path / "data", database_url=url))
    with TestClient(app) as c:  # the store opens as it starts and closes as it stops
        yield c
