"""Level progress that follows the player: the browser's saves under a transfer code.

The old device sends its progress (the localStorage values of its level saves, runs,
achievements and settings, by key) before it shows a transfer code; the new device reads
it after the claim and merges it with its own (shell/progress.js). The server checks the
shape and the size only: the values are the client's own save formats, validated again by
the client as every save is on read. One row per player, replaced by each upload.
"""

from __future__ import annotations

import json
import re

from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from puzzlesmith.core.mode import JSON
from puzzlesmith.server.daily.errors import DailyApiError
from puzzlesmith.server.friends.models import Progress
from puzzlesmith.server.store import Store

#: the whole upload, as JSON text (under the server's 512 KiB body limit)
MAX_BYTES = 400_000
MAX_KEYS = 64
#: the save keys that travel (shell/saves.js, kit/movelog.js, achievements.js, settings.js)
KEY = re.compile(r"(mode|runs):[A-Za-z0-9_-]{1,40}|achievements|shell:settings")


def check(data: object) -> dict[str, str]:
    """The upload as stored: a map of known save keys to their text, or a 422 naming why.

    >>> check({"mode:04-cows": '{"clearedId": ["1-1"]}'})
    {'mode:04-cows': '{"clearedId": ["1-1"]}'}
    >>> check({"token": "x"})
    Traceback (most recent call last):
    ...
    puzzlesmith.server.daily.errors.DailyApiError: data: 'token' is not a progress key
    """
    if not isinstance(data, dict):
        raise DailyApiError(422, "bad-progress", "data: must be an object of saves", "data")
    if len(data) > MAX_KEYS:
        raise DailyApiError(422, "bad-progress", f"data: at most {MAX_KEYS} keys", "data")
    for key, value in data.items():
        if not KEY.fullmatch(key):
            raise DailyApiError(
                422, "bad-progress", f"data: {key[:60]!r} is not a progress key", "data"
            )
        if not isinstance(value, str):
            raise DailyApiError(422, "bad-progress", f"data: {key!r} must be text", "data")
    return data


def save(store: Store, player_id: str, data: object, now_ms: int) -> int:
    """Keep this device's progress (one statement: insert or replace); its size in bytes."""
    text = json.dumps(check(data), ensure_ascii=False, separators=(",", ":"))
    size = len(text.encode())
    if size > MAX_BYTES:
        raise DailyApiError(
            413, "too-large", f"data: {size} bytes of progress (at most {MAX_BYTES})", "data"
        )
    dialect_insert = pg_insert if store.dialect == "postgresql" else sqlite_insert
    stmt = dialect_insert(Progress).values(player_id=player_id, data=text, updated_ms=now_ms)
    stmt = stmt.on_conflict_do_update(
        index_elements=[Progress.player_id], set_={"data": text, "updated_ms": now_ms}
    )
    with store.write() as s:
        s.execute(stmt)
    return size


def load(store: Store, player_id: str) -> JSON:
    with store.session() as s:
        row = s.get(Progress, player_id)
    if row is None:
        return {"data": None, "updated_ms": None}
    return {"data": json.loads(row.data), "updated_ms": row.updated_ms}
