"""Issue #38 item 6: a first start that fails half-way leaves nothing half made, and a
``secret.key`` that cannot be read is refused naming the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from puzzlesmith.server import store as store_module
from puzzlesmith.server.config import settings
from puzzlesmith.server.daily.service import open_dailies
from puzzlesmith.server.store import StoreRefused


def test_a_first_start_on_a_full_disk_leaves_no_database_and_the_next_one_starts(
    tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.delenv("PUZZLESMITH_STORE_INIT", raising=False)
    monkeypatch.delenv("PUZZLESMITH_DATABASE_URL", raising=False)
    real = store_module._sqlite_pragmas

    def full(dbapi_conn: Any, record: Any) -> None:  # a disk with room for two pages
        real(dbapi_conn, record)
        dbapi_conn.execute("PRAGMA max_page_count = 2")

    monkeypatch.setattr(store_module, "_sqlite_pragmas", full)
    with pytest.raises(StoreRefused) as err:
        open_dailies(settings(data_dir=tmp_path))
    message = str(err.value)
    assert "cannot create" in message and "full" in message and "\n" not in message, message
    assert sorted(p.name for p in tmp_path.iterdir() if "sqlite" in p.name) == []
    monkeypatch.setattr(store_module, "_sqlite_pragmas", real)  # space freed
    dailies = open_dailies(settings(data_dir=tmp_path))  # no PUZZLESMITH_STORE_INIT needed
    try:
        assert dailies.store.revision() == dailies.store.head()
    finally:
        dailies.store.close()
    assert (tmp_path / "puzzlesmith.sqlite3").stat().st_size > 0
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".new")]


@pytest.mark.parametrize("content", [b"\xff\xfe\x00binary" * 8, b"\x80" * 64])
def test_a_binary_secret_key_is_refused_naming_the_file(
    tmp_path: Path, monkeypatch: Any, content: bytes
) -> None:
    monkeypatch.delenv("PUZZLESMITH_SECRET", raising=False)
    monkeypatch.delenv("PUZZLESMITH_DATABASE_URL", raising=False)
    (tmp_path / "secret.key").write_bytes(content)
    with pytest.raises(StoreRefused) as err:
        open_dailies(settings(data_dir=tmp_path))
    message = str(err.value)
    assert str(tmp_path / "secret.key") in message and "codec" not in message, message
    assert "\n" not in message


def test_an_unreadable_secret_key_is_refused_naming_the_file(
    tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.delenv("PUZZLESMITH_SECRET", raising=False)
    monkeypatch.delenv("PUZZLESMITH_DATABASE_URL", raising=False)
    (tmp_path / "secret.key").mkdir()  # a directory: read fails whoever runs the test
    with pytest.raises(StoreRefused) as err:
        open_dailies(settings(data_dir=tmp_path))
    assert f"cannot read {tmp_path / 'secret.key'}" in str(err.value), err.value
