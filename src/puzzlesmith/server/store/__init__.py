"""The daily layer's database: SQLAlchemy 2 over an SQLite file (default) or PostgreSQL.

``Store.open(url)`` connects and migrates to head (Alembic, shipped in this package),
so a fresh data directory or an empty PostgreSQL database is ready on first start.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import Session, sessionmaker

from puzzlesmith.server import metrics
from puzzlesmith.server.config import DEFAULTS, Settings
from puzzlesmith.server.store.models import (
    Base,
    Daily,
    Player,
    PlayerAchievement,
    RateHit,
    Run,
    Start,
    StoreMeta,
)

__all__ = [
    "Base",
    "Daily",
    "Player",
    "PlayerAchievement",
    "RateHit",
    "Run",
    "Start",
    "Store",
    "StoreMeta",
    "StoreRefused",
    "default_data_dir",
    "open_store",
    "url_for",
]

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: the key of the PostgreSQL advisory lock that serialises migrations of several workers
_MIGRATE_LOCK = 0x70757A7A


def default_data_dir(configured: Path | None = None) -> Path:
    """``configured`` (the settings' ``data_dir``), else the user's data dir (XDG),
    ``…/puzzlesmith``."""
    if configured:
        return configured
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "puzzlesmith"


def url_for(data_dir: Path | None, database_url: str | None = None) -> str:
    """``database_url`` (the settings') when set, else the SQLite file in the data dir."""
    if database_url:
        return database_url
    return f"sqlite:///{default_data_dir(data_dir) / 'puzzlesmith.sqlite3'}"


def open_store(conf: Settings, *, migrate: bool = True) -> Store:
    """The store ``conf`` names (its database URL, else its data dir's SQLite file), with
    its pool and ``store_init``: how an app and the CLI open theirs."""
    return Store.open(url_for(conf.data_dir, conf.database_url), migrate=migrate, conf=conf)


class StoreRefused(ValueError):
    """The store will not be opened as it is (one line saying why and what to do)."""


def _sqlite_path(url: str) -> str:
    """The file of an SQLite URL ('' or ':memory:' for an in-memory database)."""
    return url.split("///", 1)[1].split("?", 1)[0] if "///" in url else ""


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL so readers never wait for the writer; a busy writer is waited for, not failed."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def _is_empty_file(path: Path) -> bool:
    try:
        return path.is_file() and path.stat().st_size == 0
    except OSError:
        return False


def _create_sqlite_atomically(path: Path, kwargs: dict[str, Any]) -> None:
    """A missing SQLite store is made and migrated under a temporary name, then linked into
    place: a first start that fails half-way (a full disk) leaves no file behind, never the
    0-byte database every later start refused (issue #38). Several processes starting at
    once each build one; the first link wins and the others use it."""
    if path.exists():
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.new")
    try:
        engine = create_engine(f"sqlite:///{tmp}", **kwargs)
        event.listen(engine, "connect", _sqlite_pragmas)
        try:
            Store(engine).migrate()
            with engine.connect() as conn:  # one self-contained file: no -wal to carry over
                conn.exec_driver_sql("PRAGMA journal_mode=DELETE")
        finally:
            engine.dispose()
        with suppress(FileExistsError):
            os.link(tmp, path)
    except (OSError, SQLAlchemyError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else getattr(exc, "orig", None) or exc
        raise StoreRefused(
            f"store: cannot create {path} ({' '.join(str(reason).split())[:120]}); "
            "nothing was left behind: free space and start again"
        ) from exc
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{tmp}{suffix}").unlink(missing_ok=True)


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
    def open(cls, url: str, *, migrate: bool = True, conf: Settings = DEFAULTS) -> Store:
        """Connect (creating the SQLite file's directory) and bring the schema to head;
        ``conf`` gives the pool's size and wait and ``store_init``."""
        kwargs: dict[str, Any] = {"future": True}
        if url.startswith("sqlite"):
            path = _sqlite_path(url)
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
                if _is_empty_file(Path(path)) and not conf.store_init:
                    raise StoreRefused(
                        f"store: {path} is an empty file (0 bytes), not a database: restore "
                        "it from a backup, or set PUZZLESMITH_STORE_INIT=1 to start a new store"
                    )
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 10}
            if path and path != ":memory:":  # WAL readers run side by side: one per thread
                kwargs.update(pool_size=20, max_overflow=40)
        else:  # a fixed budget per process (PUZZLESMITH_DB_POOL), a short wait for it
            kwargs.update(
                pool_size=conf.db_pool,
                max_overflow=0,
                pool_timeout=conf.db_pool_timeout,
                pool_pre_ping=True,
            )
        if migrate and url.startswith("sqlite") and _sqlite_path(url) not in ("", ":memory:"):
            _create_sqlite_atomically(Path(_sqlite_path(url)), kwargs)
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
        """A session committed on success and rolled back on any error; its connection is
        taken at once, so the pool's wait and refusals are measured (``/metrics``)."""
        with self.sessions() as s, s.begin():
            started = time.perf_counter()
            try:
                s.connection()
            except PoolTimeout:
                metrics.POOL_REFUSED.inc()
                raise
            metrics.POOL_WAIT.observe(time.perf_counter() - started)
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

    def insert_new(self, model: type[Base]) -> Any:
        """``INSERT … ON CONFLICT DO NOTHING`` for this dialect: a row that exists (any
        unique key) is left as it is — one statement, so two workers inserting the same row
        at once never fail. :meth:`inserted` runs it and says whether the row was new."""
        return self._dialect_insert(model).on_conflict_do_nothing()

    @staticmethod
    def inserted(session: Session, stmt: Any) -> bool:
        """Run an :meth:`insert_new` statement; True when it stored a new row (RETURNING,
        which both dialects answer exactly where ``rowcount`` may be -1)."""
        table = stmt.table
        key = next(iter(table.primary_key.columns))
        return session.execute(stmt.returning(key)).first() is not None

    def _dialect_insert(self, model: type[Base]) -> Any:
        if self.dialect == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as pg_insert

            return pg_insert(model)
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        return sqlite_insert(model)

    def upsert(self, model: type[Base]) -> Any:
        """The dialect's ``INSERT`` that takes ``on_conflict_do_update`` (rate counters)."""
        return self._dialect_insert(model)

    def close(self) -> None:
        self.engine.dispose()
