"""The daily layer's database: SQLAlchemy 2 over an SQLite file (default) or PostgreSQL.

``Store.open(url)`` connects and migrates to head (Alembic, shipped in this package),
so a fresh data directory or an empty PostgreSQL database is ready on first start.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

from puzzlesmith.server.config import settings
from puzzlesmith.server.store.models import Base, Daily, Player, PlayerAchievement, Run, Start

__all__ = [
    "Base",
    "Daily",
    "Player",
    "PlayerAchievement",
    "Run",
    "Start",
    "Store",
    "default_data_dir",
    "url_for",
]

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: the key of the PostgreSQL advisory lock that serialises migrations of several workers
_MIGRATE_LOCK = 0x70757A7A


def default_data_dir() -> Path:
    """``$PUZZLESMITH_DATA_DIR``, else the user's data dir (XDG), ``…/puzzlesmith``."""
    env = settings().data_dir
    if env:
        return env
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "puzzlesmith"


def url_for(data_dir: Path | None) -> str:
    """``$PUZZLESMITH_DATABASE_URL`` when set, else the SQLite file in the data dir."""
    env = settings().database_url
    if env:
        return env
    d = data_dir or default_data_dir()
    return f"sqlite:///{d / 'puzzlesmith.sqlite3'}"


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL so readers never wait for the writer; a busy writer is waited for, not failed."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


class Store:
    """An engine and a session factory over one migrated database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        # SQLite has one writer at a time: threads of this process take turns here rather
        # than in SQLite's busy handler, which sleeps in steps of up to 100 ms
        self._one_writer = threading.Lock() if engine.dialect.name == "sqlite" else None

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @classmethod
    def open(cls, url: str, *, migrate: bool = True) -> Store:
        """Connect (creating the SQLite file's directory) and bring the schema to head."""
        kwargs: dict[str, Any] = {"future": True}
        if url.startswith("sqlite"):
            path = url.split("///", 1)[1] if "///" in url else ""
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 10}
            if path and path != ":memory:":  # WAL readers run side by side: one per thread
                kwargs.update(pool_size=20, max_overflow=40)
        else:
            kwargs.update(pool_size=10, max_overflow=20, pool_pre_ping=True)
        engine = create_engine(url, **kwargs)
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas)
        store = cls(engine)
        if migrate:
            store.migrate()
        return store

    def _config(self) -> Config:
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        return cfg

    def migrate(self) -> None:
        """Upgrade to the newest revision (several workers at once: one migrates, others wait)."""
        cfg = self._config()
        with self.engine.begin() as conn:
            if self.dialect == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _MIGRATE_LOCK})
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def revision(self) -> str | None:
        """The schema revision the database is at (None for an empty database)."""
        with self.engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()

    def head(self) -> str | None:
        return ScriptDirectory.from_config(self._config()).get_current_head()

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session committed on success and rolled back on any error."""
        with self.sessions() as s, s.begin():
            yield s

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A session that writes: as :meth:`session`, one at a time per process on SQLite."""
        if self._one_writer is None:
            with self.session() as s:
                yield s
            return
        with self._one_writer, self.session() as s:
            yield s

    def close(self) -> None:
        self.engine.dispose()
