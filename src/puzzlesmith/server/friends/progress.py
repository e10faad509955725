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
from dataclasses import dataclass
from typing import Any

from sqlalchemy import BigInteger, Integer, String, Text, and_, delete, func, literal, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from puzzlesmith.core.mode import JSON
from puzzlesmith.server.config import DEFAULTS, Settings
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.friends.models import Progress
from puzzlesmith.server.store import Store

#: the whole upload, as JSON text (under the server's 512 KiB body limit)
MAX_BYTES = 400_000
MAX_KEYS = 64
#: progress no transfer has touched for this long is pruned when a budget is full
PRUNE_AFTER_MS = 30 * 24 * 3600 * 1000


@dataclass(frozen=True)
class Budget:
    """Bytes of saved progress the store keeps in all, and from one address (an IPv6 /64
    counts as one, as the rate limits count it)."""

    total: int
    per_address: int

    @classmethod
    def from_settings(cls, conf: Settings) -> Budget:
        """The budget of ``conf`` (the app's settings)."""
        return cls(conf.progress_budget_mb * 1_000_000, conf.progress_address_mb * 1_000_000)


#: the save keys that travel (shell/saves.js, kit/movelog.js, achievements.js, settings.js)
KEY = re.compile(r"(mode|runs):[A-Za-z0-9_-]{1,40}|achievements|shell:settings")


def check(data: object) -> dict[str, str]:
    """The upload as stored: a map of known save keys to their text, or a 422 naming why.

    >>> check({"mode:04-cows": '{"clearedId": ["1-1"]}'})
    {'mode:04-cows': '{"clearedId": ["1-1"]}'}
    >>> check({"token": "x"})
    Traceback (most recent call last):
    ...
    puzzlesmith.server.errors.ApiError: data: 'token' is not a progress key
    """
    if not isinstance(data, dict):
        raise ApiError("bad-progress", "data: must be an object of saves", "data")
    if len(data) > MAX_KEYS:
        raise ApiError("bad-progress", f"data: at most {MAX_KEYS} keys", "data")
    for key, value in data.items():
        if not KEY.fullmatch(key):
            raise ApiError("bad-progress", f"data: {key[:60]!r} is not a progress key", "data")
        if not isinstance(value, str):
            raise ApiError("bad-progress", f"data: {key!r} must be text", "data")
    return data


def save(
    store: Store,
    player_id: str,
    data: object,
    now_ms: int,
    address: str | None = None,
    budget: Budget | None = None,
) -> int:
    """Keep this device's progress within the budgets; its size in bytes.

    One statement: insert or replace, only when the store's other progress plus this
    stays within the overall budget and the sender's address's other progress plus this
    within its share (so two workers cannot both take the last room by checking first). A
    refusal first prunes progress untouched for :data:`PRUNE_AFTER_MS` and tries once
    more, then answers 507 in one sentence."""
    text = json.dumps(check(data), ensure_ascii=False, separators=(",", ":"))
    size = len(text.encode())
    if size > MAX_BYTES:
        raise ApiError(
            "body-too-large", f"data: {size} bytes of progress (at most {MAX_BYTES})", "data"
        )
    budget = budget or Budget.from_settings(DEFAULTS)
    if _upsert(store, player_id, text, size, now_ms, address, budget):
        return size
    prune(store, now_ms)
    if _upsert(store, player_id, text, size, now_ms, address, budget):
        return size
    raise ApiError("storage-full", _why_full(store, player_id, address, budget))


def _others(address: str | None, player_id: str) -> Any:
    """The bytes of every other player's progress (from ``address`` when given)."""
    q = select(func.coalesce(func.sum(Progress.size), 0)).where(Progress.player_id != player_id)
    return (q.where(Progress.address == address) if address else q).scalar_subquery()


def _upsert(
    store: Store,
    player_id: str,
    text: str,
    size: int,
    now_ms: int,
    address: str | None,
    budget: Budget,
) -> bool:
    dialect_insert = pg_insert if store.dialect == "postgresql" else sqlite_insert
    room = _others(None, player_id) + size <= budget.total
    if address:
        room = and_(room, _others(address, player_id) + size <= budget.per_address)
    row = select(
        literal(player_id, String), literal(text, Text), literal(now_ms, BigInteger),
        literal(size, Integer), literal(address, String),
    ).where(room)  # fmt: skip
    cols = ["player_id", "data", "updated_ms", "size", "address"]
    stmt = dialect_insert(Progress).from_select(cols, row)
    upsert = stmt.on_conflict_do_update(
        index_elements=[Progress.player_id],
        set_={"data": text, "updated_ms": now_ms, "size": size, "address": address},
    ).returning(Progress.player_id)
    with store.write() as s:
        return s.execute(upsert).first() is not None


def _why_full(store: Store, player_id: str, address: str | None, budget: Budget) -> str:
    with store.session() as s:
        mine = s.scalar(select(_others(address, player_id))) if address else 0
    if address and int(mine or 0) >= budget.per_address // 2:
        return "Saved progress from your network has reached its share; try again later."
    return "The server has no room for more saved progress right now; try again later."


def prune(store: Store, now_ms: int) -> int:
    """Drop progress untouched for :data:`PRUNE_AFTER_MS` (every transfer uploads afresh
    right before its code is shown, so older progress is never what a claim reads)."""
    with store.write() as s:
        gone = s.execute(delete(Progress).where(Progress.updated_ms < now_ms - PRUNE_AFTER_MS))
    return int(getattr(gone, "rowcount", 0) or 0)


def load(store: Store, player_id: str) -> JSON:
    with store.session() as s:
        row = s.get(Progress, player_id)
    if row is None:
        return {"data": None, "updated_ms": None}
    return {"data": json.loads(row.data), "updated_ms": row.updated_ms}


class Saves:
    """The saved progress of one store within one budget (the app's settings'): built once
    per app (``app.state.services.saves``; routes take ``deps.SavesDep``)."""

    def __init__(self, store: Store, budget: Budget | None = None) -> None:
        self.store = store
        self.budget = budget or Budget.from_settings(DEFAULTS)

    def save(self, player_id: str, data: object, now_ms: int, address: str | None = None) -> int:
        return save(self.store, player_id, data, now_ms, address, self.budget)

    def load(self, player_id: str) -> JSON:
        return load(self.store, player_id)
