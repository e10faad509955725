"""A batch of tries from one browser: checked field by field, then stored in one statement.

The browser reports each try of a shipped level once it ends (a clear, leaving the
level, the page hiding); a try reported as left and then cleared after the page came
back is sent again under the same number and updates its row. Nothing names a player:
the session id is random, made by the browser for this purpose only.
"""

from __future__ import annotations

import time
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from puzzlesmith.core import registry
from puzzlesmith.core.errors import UnknownModeError
from puzzlesmith.server.catalog import catalog
from puzzlesmith.server.errors import ApiError, field_of
from puzzlesmith.server.ratings import service as ratings
from puzzlesmith.server.ratings.scores import shipped_score
from puzzlesmith.server.store import Store
from puzzlesmith.server.tries.models import LevelPlay

#: the largest body ``POST /api/plays`` reads (a full batch is about 4 KB)
MAX_BODY = 16 * 1024
#: tries in one batch
MAX_TRIES = 20
#: a try's clock times: from 2020 on, at most a day ahead of the server, at most 7 days long
EPOCH_MS = 1_577_836_800_000
AHEAD_MS = 86_400_000
LONGEST_MS = 7 * 86_400_000
#: the time a try was on screen (page visible): at most a day
ON_SCREEN_MS = 86_400_000
#: slack between the browser's two clocks (performance.now and Date.now)
CLOCK_SLACK_MS = 1_000

Count = Annotated[int, Field(ge=0, le=100_000)]


class TryIn(BaseModel):
    """One try as the browser reports it (``shell/plays.js``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    n: int = Field(ge=1, le=100_000, description="the try's number in this session")
    mode: str = Field(min_length=1, max_length=32)
    level: str = Field(min_length=1, max_length=40)
    outcome: Literal["cleared", "left"]
    started_ms: int = Field(ge=EPOCH_MS, le=2**53, description="browser clock, ms")
    ended_ms: int = Field(ge=EPOCH_MS, le=2**53, description="browser clock, ms")
    time_ms: int = Field(ge=0, le=ON_SCREEN_MS, description="time on screen, page visible")
    hints: int = Field(ge=0, le=1_000)
    rewinds: Count
    moves: Count
    last_step: Count = Field(description="path modes: cells on the path; Cows: cows placed")


class BatchIn(BaseModel):
    """Tries of one browser session."""

    model_config = ConfigDict(extra="forbid", strict=True)
    session: str = Field(pattern=r"^[0-9a-f]{32}$", description="random, made by the browser")
    tries: list[TryIn] = Field(min_length=1, max_length=MAX_TRIES)


def parse(body: bytes) -> BatchIn:
    """The batch in a request body, or 422 naming the first bad field in one line."""
    try:
        return BatchIn.model_validate_json(body)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = field_of(tuple(first.get("loc", ()))) or "body"
        if first.get("type") == "json_invalid":
            where = "body"
        msg = " ".join(f"{where}: {first.get('msg', 'invalid')}".split())[:300]
        raise ApiError("invalid-request", msg, where) from None


@cache
def shipped_levels(mode_id: str) -> dict[str, int]:
    """A mode's listed shipped levels → their number of cells (the bound of ``last_step``)."""
    m = registry.get(mode_id)
    return {lv.id: len(m.cell_ids(lv)) for pack in catalog(m).listed for lv in pack.levels}


def _check(i: int, t: TryIn, now: int) -> tuple[str, int]:
    """The try's mode id and the cells of its level; 422 naming the field otherwise."""
    where = f"tries.{i}"
    try:
        mode_id = registry.get(t.mode).id
    except UnknownModeError:
        raise ApiError(
            "invalid-request", f"{where}.mode: no mode {t.mode!r}", f"{where}.mode"
        ) from None
    cells = shipped_levels(mode_id).get(t.level)
    if cells is None:
        raise ApiError(
            "invalid-request",
            f"{where}.level: {t.level!r} is no shipped level of {mode_id}",
            f"{where}.level",
        )
    bad: tuple[str, str] | None = None
    if t.started_ms > now + AHEAD_MS:
        bad = ("started_ms", "later than the server's clock allows")
    elif not t.started_ms <= t.ended_ms <= t.started_ms + LONGEST_MS:
        bad = ("ended_ms", "must be from started_ms to 7 days after it")
    elif t.time_ms > t.ended_ms - t.started_ms + CLOCK_SLACK_MS:
        bad = ("time_ms", "longer than the try (ended_ms - started_ms)")
    elif t.last_step > cells:
        bad = ("last_step", f"more than the level's {cells} cells")
    if bad:
        raise ApiError("invalid-request", f"{where}.{bad[0]}: {bad[1]}", f"{where}.{bad[0]}")
    return mode_id, cells


def rows_of(batch: BatchIn, now: int) -> list[dict[str, Any]]:
    """The table rows of a checked batch; a try sent twice keeps its furthest report."""
    rows: dict[int, dict[str, Any]] = {}
    for i, t in enumerate(batch.tries):
        mode_id, _ = _check(i, t, now)
        row = {
            **t.model_dump(exclude={"n"}),
            "mode": mode_id,
            "session": batch.session,
            "try_no": t.n,
            "received_ms": now,
        }
        old = rows.get(t.n)
        if old is None or _rank(row) >= _rank(old):
            rows[t.n] = row
    return list(rows.values())


def _rank(row: dict[str, Any]) -> tuple[bool, int]:
    return (row["outcome"] == "cleared", row["ended_ms"])


#: what a later report of the same try replaces
_UPDATED = (
    "ended_ms",
    "received_ms",
    "outcome",
    "time_ms",
    "hints",
    "rewinds",
    "moves",
    "last_step",
)


def record(store: Store, batch: BatchIn, now: int | None = None) -> int:
    """Store a checked batch: one upsert statement a try. A try already stored is updated
    only while it is ``left``, by a report of the same level that ends no earlier; a
    cleared try is final. A try that becomes a clear here (new, or left until now) is a
    rated game between the level and the anonymous session (``s:<session>``: plays never
    name a player), in the same transaction. Returns the number of tries received."""
    now = time.time_ns() // 1_000_000 if now is None else now
    rows = rows_of(batch, now)
    t = LevelPlay.__table__.c
    stmt = store.upsert(LevelPlay)
    new = stmt.excluded
    stmt = stmt.on_conflict_do_update(
        index_elements=["session", "try_no"],
        set_={c: new[c] for c in _UPDATED},
        where=(t.outcome == "left")
        & (t.mode == new.mode)
        & (t.level == new.level)
        & (new.ended_ms >= t.ended_ms),
    )
    who = f"s:{batch.session}"
    for row in rows:  # graded before the write lock is taken (once per level and process)
        if row["outcome"] == "cleared":
            shipped_score(row["mode"], row["level"])
    with store.write() as s:
        clears = [
            _clear(row, who)
            for row in rows
            if s.execute(stmt.values(row).returning(t.outcome)).scalar() == "cleared"
        ]
        ratings.record(store, clears, session=s)
    return len(rows)


def _clear(row: dict[str, Any], player: str) -> ratings.Clear:
    mode, level = row["mode"], row["level"]
    return ratings.Clear(
        mode,
        level,
        player,
        row["time_ms"],
        row["hints"],
        row["rewinds"],
        lambda: shipped_score(mode, level),
    )


class Tries:
    """The browsers' tries of shipped levels in one store: built once per app
    (``app.state.services.tries``; routes take ``deps.TriesDep``)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def record(self, batch: BatchIn, now: int | None = None) -> int:
        return record(self.store, batch, now)
