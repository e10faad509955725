"""Rooms shared by every worker on one PostgreSQL: tables, ``LISTEN/NOTIFY``, a timer lease.

- A room is a row of ``stream_rooms`` (its snapshot as JSON, written under ``SELECT …
  FOR UPDATE``); votes are rows of ``stream_votes`` (one per viewer and round, an upsert),
  so a vote taken by any worker is counted by whichever worker closes the round. A vote
  holds a ``FOR SHARE`` lock on the room row and needs the round still open in it, so a
  vote either lands before the round closes or is refused — never acknowledged and lost.
- Every change is announced with ``pg_notify`` in the same transaction (delivered on
  commit); each worker ``LISTEN``s on one connection and re-reads the rooms it serves.
- Exactly one worker runs a room's round timer: the row's lease (``timer_owner``,
  ``timer_until``), renewed every ``Limits.lease_every`` and taken over by another worker
  once it lapses (``lease_ttl``). Closing a round is safe to repeat anyway (it checks the
  round number under the row lock), so a slow renewal costs nothing but a few seconds.
- Room codes are the table's primary key; the room cap, the per-address and per-client
  counts are taken under one transaction-level advisory lock, so they are global.
- Rate limits (room creation, viewer identities) are token buckets in ``stream_buckets``,
  each take one statement.

The tables are made by migration ``0005_rooms``. Connections: one listening, and at most
``PUZZLESMITH_DB_POOL`` more per worker (psycopg 3, async), each waited for at most
``PUZZLESMITH_DB_POOL_TIMEOUT`` seconds, then 503 ``busy`` with ``Retry-After`` as the
store's pool answers (the same exception, :class:`sqlalchemy.exc.TimeoutError`).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import logging
import os
import secrets
import time
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

import psycopg
from sqlalchemy.exc import TimeoutError as PoolTimeout

from puzzlesmith.server.config import DEFAULTS, Settings
from puzzlesmith.server.rooms.limits import Limits
from puzzlesmith.server.rooms.room import Room, RoomError, Vote
from puzzlesmith.server.rooms.store import (
    Creator,
    EventSink,
    check_creator,
    full_tally,
    too_many_votes,
)
from puzzlesmith.server.store.faults import PG_BUSY

log = logging.getLogger("puzzlesmith.rooms")
T = TypeVar("T")

CHANNEL = "puzzlesmith_rooms"
#: transaction-level advisory lock key: room creation (cap and per-creator counts)
CREATE_LOCK = 0x726F6F6D
#: NOTIFY payloads are at most 8000 bytes; a longer snapshot is read from the row
MAX_PAYLOAD = 7900
#: a worker's viewer count stays in the sum this long after it last wrote it
PRESENCE_TTL = 15.0

_EXPIRED = (
    "active < %(now)s - %(idle)s OR created < %(now)s - %(age)s"
    " OR (NOT host_joined AND created < %(now)s - %(unjoined)s)"
)


def _busy(why: str) -> PoolTimeout:
    """The store pool's own exception: the app answers it 503 ``busy`` with Retry-After."""
    return PoolTimeout(f"rooms: {why}")


def conninfo(url: str) -> str:
    """A SQLAlchemy URL (``postgresql+psycopg://…``) as libpq takes it."""
    scheme, _, rest = url.partition("://")
    return "postgresql://" + rest if scheme.startswith("postgresql") else url


class _Pool:
    """At most ``size`` connections, opened on demand (a queue of idle ones); a request
    waits ``timeout`` seconds for one, then is refused as the store's pool refuses it."""

    def __init__(self, info: str, size: int, timeout: float) -> None:
        self.info = info
        self.size = size
        self.timeout = timeout
        self.opened = 0
        self.idle: asyncio.Queue[psycopg.AsyncConnection[Any]] = asyncio.Queue()

    async def _connection(self) -> psycopg.AsyncConnection[Any]:
        if self.idle.empty() and self.opened < self.size:
            self.opened += 1
            try:
                return await psycopg.AsyncConnection.connect(self.info)
            except psycopg.OperationalError as exc:
                self.opened -= 1
                if exc.sqlstate in PG_BUSY or "too many clients" in str(exc):
                    raise _busy(
                        f"the database refused another connection ({exc.sqlstate})"
                    ) from None
                raise
            except BaseException:
                self.opened -= 1
                raise
        try:
            return await asyncio.wait_for(self.idle.get(), self.timeout)
        except TimeoutError:
            raise _busy(f"no rooms connection free within {self.timeout:g} s") from None

    @contextlib.asynccontextmanager
    async def tx(self) -> AsyncIterator[psycopg.AsyncCursor[Any]]:
        """A cursor in a transaction (committed on success); :class:`PoolTimeout` (503
        ``busy``, ``Retry-After``) when no connection is free in time."""
        conn = await self._connection()
        try:
            async with conn.transaction(), conn.cursor() as cur:
                yield cur
        except (psycopg.OperationalError, psycopg.InterfaceError):
            self.opened -= 1  # a broken connection is dropped, a new one opened next time
            with contextlib.suppress(Exception):
                await conn.close()
            raise
        except BaseException:
            self.idle.put_nowait(conn)
            raise
        self.idle.put_nowait(conn)


class PgStore:
    """Rooms in PostgreSQL, for several workers (and machines) at once."""

    shared = True

    def __init__(self, url: str, limits: Limits, conf: Settings = DEFAULTS) -> None:
        self.info = conninfo(url)
        self.limits = limits
        self.worker = f"{os.uname().nodename[:20]}:{os.getpid()}:{secrets.token_hex(3)}"
        self.pool = _Pool(self.info, conf.db_pool, conf.db_pool_timeout)
        self.leased: set[str] = set()
        self._events: EventSink | None = None
        self._tasks: list[asyncio.Task[None]] = []
        #: this worker's viewer count per room, as last written
        self._here: dict[str, int] = {}
        #: the newest snapshot a notification carried, per room (read by ``refresh``)
        self._latest: dict[str, dict[str, Any]] = {}

    def clock(self) -> float:
        return time.time()

    # ---- background: notifications and the lease ----------------------------------------
    async def start(self, events: EventSink) -> None:
        if self._events is not None:
            return
        self._events = events
        loop = asyncio.get_running_loop()
        ready = loop.create_future()
        self._tasks = [
            loop.create_task(self._listen(ready)),
            loop.create_task(self._lease_loop()),
        ]
        await ready

    async def _listen(self, ready: asyncio.Future[None]) -> None:
        """Deliver every notification to the hub; after a lost connection, reconnect and
        tell the hub to re-read everything (``state`` of each room it serves)."""
        delay = 0.2
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.info, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if not ready.done():
                        ready.set_result(None)
                    else:
                        self._emit("*", "state", -1)
                    delay = 0.2
                    async for n in conn.notifies():
                        code, kind, version, *snap = n.payload.split(" ", 3)
                        if snap:  # the new state itself: no read back per worker
                            self._latest[code] = json.loads(snap[0])
                        self._emit(code, kind, int(version))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if not ready.done():
                    ready.set_exception(exc)
                    return
                log.warning("rooms: listening connection lost (%s); reconnecting", exc)
                await asyncio.sleep(delay)
                delay = min(5.0, delay * 2)

    def _emit(self, code: str, kind: str, version: int) -> None:
        if self._events is not None:
            self._events(code, kind, version)

    async def _lease_loop(self) -> None:
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database is away: try again next time
                log.warning("rooms: lease tick failed (%s)", exc)
            await asyncio.sleep(self.limits.lease_every)

    async def tick(self) -> None:
        """Renew this worker's leases, take lapsed ones, drop expired rooms, say we are here."""
        now, lim = self.clock(), self.limits
        until = now + lim.lease_ttl
        async with self.pool.tx() as cur:
            await cur.execute(
                "UPDATE stream_rooms SET timer_until = %s WHERE timer_owner = %s RETURNING code",
                (until, self.worker),
            )
            kept = {r[0] for r in await cur.fetchall()}
            await cur.execute(
                "UPDATE stream_rooms SET timer_owner = %s, timer_until = %s"
                " WHERE timer_owner IS NULL OR timer_until < %s RETURNING code",
                (self.worker, until, now),
            )
            taken = {r[0] for r in await cur.fetchall()}
            gone = await self._expire(cur, now)
            await cur.execute(
                "UPDATE stream_presence SET seen = %s WHERE worker = %s", (now, self.worker)
            )
        lost = self.leased - kept
        self.leased = (kept | taken) - set(gone)
        for code in taken | lost:
            self._emit(code, "lease", 0)

    async def _expire(self, cur: psycopg.AsyncCursor[Any], now: float) -> list[str]:
        lim = self.limits
        await cur.execute(
            f"DELETE FROM stream_rooms WHERE {_EXPIRED} RETURNING code",
            {"now": now, "idle": lim.idle_ttl, "age": lim.max_age, "unjoined": lim.unjoined_ttl},
        )
        gone = [r[0] for r in await cur.fetchall()]
        for code in gone:
            await self._notify(cur, code, "closed", 0)
        await cur.execute("DELETE FROM stream_buckets WHERE at < %s", (now - 86400,))
        return gone

    async def expire(self) -> list[str]:
        async with self.pool.tx() as cur:
            return await self._expire(cur, self.clock())

    async def _notify(
        self, cur: psycopg.AsyncCursor[Any], code: str, kind: str, v: int, snap: str = ""
    ) -> None:
        """Announce a change; the snapshot rides along when it fits the payload (8000 bytes),
        so the other workers need not read the row back."""
        text = f"{code} {kind} {v}"
        if snap and len(text) + len(snap.encode()) < MAX_PAYLOAD:
            text += " " + snap
        await cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, text))

    def owns(self, code: str) -> bool:
        return code in self.leased

    async def close(self) -> None:
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(BaseException):
                await t

    # ---- rooms ----------------------------------------------------------------------------
    async def create(self, room: Room, who: Creator) -> bool:
        from puzzlesmith.core.codes import encode_level

        lim, now = self.limits, self.clock()
        async with self.pool.tx() as cur:
            await cur.execute("SELECT pg_advisory_xact_lock(%s)", (CREATE_LOCK,))
            await self._expire(cur, now)
            await cur.execute(
                "SELECT count(*), count(*) FILTER (WHERE creator_addr = %s),"
                " count(*) FILTER (WHERE creator_client = %s) FROM stream_rooms",
                (who.addr, who.client),
            )
            total, by_addr, by_client = await _one(cur)
            check_creator(lim, by_addr, by_client if who.client else 0, total)
            if not await self._take(cur, f"create:{who.addr}", lim.create_rate, lim.create_burst):
                raise RoomError("too-many-new-rooms", "too many new rooms from your address; wait")
            await cur.execute(
                "INSERT INTO stream_rooms (code, host_key, mode, level_code, snapshot, version,"
                " created, active, host_joined, voting, creator_addr, creator_client,"
                " timer_owner, timer_until) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, false, 0,"
                " %s, %s, %s, %s) ON CONFLICT (code) DO NOTHING RETURNING code",
                (
                    room.code,
                    room.host_key,
                    room.mode.id,
                    encode_level(room.mode, room.level),
                    json.dumps(room.snapshot()),
                    room.version,
                    room.created,
                    room.active,
                    who.addr,
                    who.client,
                    self.worker,
                    now + lim.lease_ttl,
                ),
            )
            if await cur.fetchone() is None:
                return False
        self.leased.add(room.code)
        return True

    async def load(self, code: str, limits: Limits) -> Room | None:
        from puzzlesmith.core.codes import decode_level

        async with self.pool.tx() as cur:
            await cur.execute(
                "SELECT host_key, level_code, snapshot FROM stream_rooms WHERE code = %s", (code,)
            )
            row = await cur.fetchone()
        if row is None:
            return None
        mode, level = decode_level(row[1])
        room = Room(code, row[0], mode, level, limits, self.clock())
        room.restore(json.loads(row[2]))
        return room

    async def refresh(self, room: Room) -> bool:
        snap = self._latest.pop(room.code, None)
        if snap is not None and snap["version"] > room.version:
            room.restore(snap)
            return True
        async with self.pool.tx() as cur:
            await cur.execute("SELECT snapshot FROM stream_rooms WHERE code = %s", (room.code,))
            row = await cur.fetchone()
        if row is None:
            return False
        snap = json.loads(row[0])
        if snap["version"] >= room.version:
            room.restore(snap)
        return True

    async def mutate(self, room: Room, fn: Callable[[Room], T], kind: str = "state") -> T:
        async with self.pool.tx() as cur:
            await cur.execute(
                "SELECT snapshot FROM stream_rooms WHERE code = %s FOR UPDATE", (room.code,)
            )
            row = await cur.fetchone()
            if row is None:
                raise RoomError("unknown-room", f"no room {room.code}")
            work = copy.copy(room)  # shares the board and the level, not what changes
            work.restore(json.loads(row[0]))
            before: set[str] = set()
            if work.round is not None:
                number = work.round.number
                await cur.execute(
                    "SELECT viewer, cell, seq FROM stream_votes WHERE room = %s AND round = %s",
                    (room.code, number),
                )
                work.round.votes = {v: Vote(c, s) for v, c, s in await cur.fetchall()}
                before = set(work.round.votes)
            out = fn(work)
            if before:  # votes the change took back (a kick)
                after = (
                    set(work.round.votes) if work.round and work.round.number == number else set()
                )
                if before - after and work.round is not None:
                    await cur.execute(
                        "DELETE FROM stream_votes WHERE room = %s AND round = %s"
                        " AND viewer = ANY(%s)",
                        (room.code, number, list(before - after)),
                    )
            r = work.round
            snap = json.dumps(work.snapshot(), separators=(",", ":"))
            await cur.execute(
                "UPDATE stream_rooms SET snapshot = %s, version = %s, active = %s,"
                " host_joined = %s, voting = %s WHERE code = %s",
                (
                    snap,
                    work.version,
                    work.active,
                    work.host_joined,
                    r.number if r is not None and not r.paused else 0,
                    room.code,
                ),
            )
            await self._notify(cur, room.code, kind, work.version, snap)
        if work.version >= room.version:
            room.restore(work.snapshot())
        return out

    async def announce(self, code: str, kind: str) -> None:
        async with self.pool.tx() as cur:
            await self._notify(cur, code, kind, 0)

    # ---- votes ------------------------------------------------------------------------------
    async def vote(self, room: Room, viewer: str, addr: str, cell: str) -> None:
        r = room.round
        if r is None or r.paused:
            raise RoomError("no-round", "vote: no voting round is open")
        if cell not in r.options:
            raise RoomError("not-an-option", f"vote: {cell} is not a legal move this round")
        async with self.pool.tx() as cur:
            # the round still open (share-locked until commit) and this viewer's vote so far
            await cur.execute(
                "SELECT (SELECT cell FROM stream_votes WHERE room = %(c)s AND round = %(r)s"
                " AND viewer = %(v)s) FROM stream_rooms WHERE code = %(c)s AND voting = %(r)s"
                " FOR SHARE OF stream_rooms",
                {"c": room.code, "r": r.number, "v": viewer},
            )
            row = await cur.fetchone()
            if row is None:
                raise RoomError("no-round", "vote: no voting round is open")
            old = None if row[0] is None else row
            if old is not None and old[0] == cell:
                return
            if old is None and not viewer.startswith("twitch:"):
                await cur.execute(
                    "INSERT INTO stream_vote_slots (room, round, addr, n) VALUES (%s, %s, %s, 1)"
                    " ON CONFLICT (room, round, addr) DO UPDATE SET n = stream_vote_slots.n + 1"
                    " WHERE stream_vote_slots.n < %s RETURNING n",
                    (room.code, r.number, addr, self.limits.votes_per_address),
                )
                if await cur.fetchone() is None:
                    raise too_many_votes(self.limits)
            await cur.execute(
                "INSERT INTO stream_votes (room, round, viewer, cell, seq, addr)"
                " VALUES (%s, %s, %s, %s, nextval('stream_vote_seq'), %s)"
                " ON CONFLICT (room, round, viewer)"
                " DO UPDATE SET cell = excluded.cell, seq = excluded.seq",
                (room.code, r.number, viewer, cell, addr),
            )

    async def vote_of(self, room: Room, viewer: str) -> str | None:
        if room.round is None:
            return None
        async with self.pool.tx() as cur:
            await cur.execute(
                "SELECT cell FROM stream_votes WHERE room = %s AND round = %s AND viewer = %s",
                (room.code, room.round.number, viewer),
            )
            row = await cur.fetchone()
        return None if row is None else str(row[0])

    async def tally(self, room: Room) -> tuple[dict[str, int], int]:
        r = room.round
        if r is None:
            return {}, 0
        async with self.pool.tx() as cur:
            await cur.execute(
                "SELECT cell, count(*) FROM stream_votes WHERE room = %s AND round = %s"
                " GROUP BY cell",
                (room.code, r.number),
            )
            counts = {c: int(n) for c, n in await cur.fetchall()}
        return full_tally(r.options, counts), sum(counts.values())

    async def viewers(self, code: str, here: int) -> int:
        now = self.clock()
        async with self.pool.tx() as cur:
            if self._here.get(code) != here:
                await cur.execute(
                    "INSERT INTO stream_presence (room, worker, viewers, seen)"
                    " SELECT %s, %s, %s, %s WHERE EXISTS"
                    " (SELECT 1 FROM stream_rooms WHERE code = %s)"
                    " ON CONFLICT (room, worker) DO UPDATE SET viewers = excluded.viewers,"
                    " seen = excluded.seen",
                    (code, self.worker, here, now, code),
                )
                self._here[code] = here
            await cur.execute(
                "SELECT coalesce(sum(viewers), 0) FROM stream_presence"
                " WHERE room = %s AND seen > %s",
                (code, now - PRESENCE_TTL),
            )
            (total,) = await _one(cur)
        return int(total)

    # ---- shared rate limits -----------------------------------------------------------------
    async def take(self, key: str, rate: float, burst: float) -> bool:
        async with self.pool.tx() as cur:
            return await self._take(cur, key, rate, burst)

    async def _take(
        self, cur: psycopg.AsyncCursor[Any], key: str, rate: float, burst: float
    ) -> bool:
        """A token bucket in one statement: the row is locked by the upsert, so N workers
        allow what one allows."""
        refill = (
            "LEAST(%(burst)s, stream_buckets.tokens + (%(now)s - stream_buckets.at) * %(rate)s)"
        )
        await cur.execute(
            "INSERT INTO stream_buckets (key, tokens, at) VALUES (%(key)s, %(burst)s - 1, %(now)s)"
            f" ON CONFLICT (key) DO UPDATE SET tokens = {refill} - 1, at = %(now)s"
            f" WHERE {refill} >= 1 RETURNING tokens",
            {"key": key[:120], "burst": burst, "rate": rate, "now": self.clock()},
        )
        return await cur.fetchone() is not None

    async def delete(self, code: str) -> None:
        async with self.pool.tx() as cur:
            await cur.execute("DELETE FROM stream_rooms WHERE code = %s", (code,))
            await self._notify(cur, code, "closed", 0)
        self.leased.discard(code)
        self._here.pop(code, None)


async def _one(cur: psycopg.AsyncCursor[Any]) -> tuple[Any, ...]:
    row = await cur.fetchone()
    assert row is not None  # an aggregate always answers one row
    return tuple(row)
