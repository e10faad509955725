"""Store fixtures: every store test runs on SQLite and on a throwaway PostgreSQL.

When PostgreSQL cannot start, the PostgreSQL cases fail under CI (``CI=true``) and
are skipped with the reason elsewhere.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.clocks import afternoon_clock

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pgcluster import Cluster

from puzzlesmith.server.state import close_services, services_of

_cluster: Cluster | None = None
_cluster_error: str | None = None


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    global _cluster, _cluster_error
    if _cluster is None and _cluster_error is None:
        try:
            c = Cluster()
            c.start()
            _cluster = c
        except Exception as exc:  # no binaries, no postgres user, initdb failed...
            _cluster_error = str(exc)
    if _cluster is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"PostgreSQL did not start: {_cluster_error}")
        pytest.skip(f"PostgreSQL did not start: {_cluster_error}")
    yield _cluster


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    if _cluster is not None:
        _cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite3'}"
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    return cluster.new_database()


@pytest.fixture
def daily_app(db_url: str, tmp_path: Path) -> Iterator[Any]:
    """A fresh app whose daily store is the parametrised database (SQLite or PostgreSQL).

    Requests wait up to 30 s for a pooled connection, not 2: the bursts of these tests
    must not meet ``busy`` on a loaded machine (test_store_faults tests ``busy`` itself)."""
    from puzzlesmith.server.app import create_app
    from puzzlesmith.server.config import settings
    from puzzlesmith.server.daily.runs import Rules

    conf = settings(data_dir=tmp_path / "data", database_url=db_url, db_pool_timeout=30)
    app = create_app(conf, rules=Rules(min_ms_per_move=0))  # tests of the too-fast flag set it
    yield app
    close_services(app)


@pytest.fixture
def afternoon(daily_app: Any) -> Any:
    """The daily app on :func:`afternoon_clock`, for tests of a past day."""
    services_of(daily_app).dailies.clock = afternoon_clock()
    return daily_app


@pytest.fixture
def client(daily_app: Any) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    with TestClient(daily_app) as c:
        yield c


@pytest.fixture
def second(daily_app: Any, client: Any) -> Iterator[Any]:
    """Another worker: a second app on the same database and data dir (so the same secret)."""
    from fastapi.testclient import TestClient

    from puzzlesmith.server.app import create_app

    app = create_app(daily_app.state.settings)
    with TestClient(app) as c:
        yield c
