"""The store on both databases: migrations from empty, constraints that keep runs unique."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, select
from sqlalchemy.exc import IntegrityError

from puzzlesmith.server.store import Player, Run, Store


def _run(player: str, **kw: object) -> Run:
    base: dict[str, object] = dict(
        player_id=player,
        mode="01-number-stroke",
        date="2026-12-01",
        started_ms=0,
        finished_ms=9000,
        time_ms=9000,
        moves=12,
        hints=0,
        undos=0,
        flawless=True,
        ranked=True,
        flags="",
    )
    base.update(kw)
    return Run(**base)


def test_migrates_empty_database_to_head(db_url: str) -> None:
    store = Store.open(db_url, migrate=False)
    assert store.revision() is None
    store.migrate()
    assert store.revision() == store.head() is not None
    tables = set(inspect(store.engine).get_table_names())
    assert {"players", "dailies", "starts", "runs", "alembic_version"} <= tables
    store.migrate()  # idempotent: a restart migrates nothing
    assert store.revision() == store.head()
    store.close()


def test_one_run_per_player_mode_and_date(db_url: str) -> None:
    store = Store.open(db_url)
    with store.session() as s:
        s.add(Player(id="p1", token_hash="h1", name="甲", created_ms=1))
    with store.session() as s:
        s.add(_run("p1"))
    with pytest.raises(IntegrityError), store.session() as s:
        s.add(_run("p1", time_ms=1))
    with store.session() as s:
        s.add(_run("p1", date="2026-12-02"))
        rows = s.scalars(select(Run).order_by(Run.date)).all()
    assert [(r.date, r.time_ms) for r in rows] == [("2026-12-01", 9000), ("2026-12-02", 9000)]
    store.close()


def test_unicode_names_round_trip(db_url: str) -> None:
    store = Store.open(db_url)
    with store.session() as s:
        s.add(Player(id="p2", token_hash="h2", name="数字一笔·小王", created_ms=2))
    with store.session() as s:
        assert s.get(Player, "p2").name == "数字一笔·小王"  # type: ignore[union-attr]
    store.close()


def test_multiworker_migration_goes_down_and_up_again(db_url: str) -> None:
    """Down to before 0004 and back to head: every migration since has a working downgrade."""
    from alembic import command

    store = Store.open(db_url)
    cfg = store._config()
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0003_daily_hooks")
    assert store.revision() == "0003_daily_hooks"
    assert "rate_hits" not in set(inspect(store.engine).get_table_names())
    store.migrate()
    assert store.revision() == store.head()  # every later revision goes up again too
    tables = set(inspect(store.engine).get_table_names())
    assert {"rate_hits", "store_meta", "community_plays"} <= tables
    store.close()
