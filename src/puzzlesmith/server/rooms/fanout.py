"""The hub's base: one worker's rooms, its background tasks, and what it sends.

Each connection has an outbox and a writer task (``rooms.hub``), so a broadcast is one
``json.dumps`` and N queue puts, and a slow viewer never holds up the others (past
``Limits.outbox`` messages it is dropped). Tallies and viewer counts are coalesced into
one ``live`` message per ``live_every``, read from the store so every worker's votes and
viewers count. The rounds (``rooms.rounds``), the store's rooms and events
(``rooms.sync``) and the sockets (``rooms.hub``) build on it, in that order.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from puzzlesmith.server.config import DEFAULTS, Settings
from puzzlesmith.server.rooms.commands import ChatAdapter
from puzzlesmith.server.rooms.limits import Limits
from puzzlesmith.server.rooms.live import CLOSE_SLOW, Conn, Live
from puzzlesmith.server.rooms.room import RoomError
from puzzlesmith.server.rooms.store import MemoryStore, RoomStore

log = logging.getLogger("puzzlesmith.rooms")

#: builds a chat bridge for a channel name (the Twitch one by default; tests may swap it)
BridgeFactory = Callable[[str], ChatAdapter]


class Fanout:
    """One worker's rooms and the messages it sends their sockets."""

    def __init__(
        self,
        limits: Limits | None = None,
        bridge: BridgeFactory | None = None,
        store: RoomStore | None = None,
        secret: bytes | None = None,
    ) -> None:
        self.limits = limits or Limits()
        self.store: RoomStore = store or MemoryStore(self.limits)
        #: signs viewer identities (one process: its own; shared store: the server secret)
        self.secret = secret or secrets.token_bytes(32)
        #: the app's settings (the chat bridge's server and login), set as the app readies it
        self.settings: Settings = DEFAULTS
        self.rooms: dict[str, Live] = {}
        self._bridge = bridge
        self._sweeper: asyncio.Task[None] | None = None
        self._started = False
        self._tasks: set[asyncio.Task[Any]] = set()

    def clock(self) -> float:
        """The store's clock: every worker times rounds alike."""
        return self.store.clock()

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            if not isinstance(exc, RoomError):
                log.warning("rooms: background step failed: %r", exc)

    # ---- sending -------------------------------------------------------------------------
    def _push(self, live: Live, conn: Conn, text: str) -> None:
        if conn.closing:
            return
        if conn.outbox.qsize() >= self.limits.outbox:
            self._hang_up(live, conn, CLOSE_SLOW)
            return
        conn.outbox.put_nowait(text)

    def _hang_up(self, live: Live, conn: Conn, code: int = 1000) -> None:
        """Close after what is queued (the writer sends the close)."""
        if not conn.closing:
            conn.closing = True
            conn.outbox.put_nowait(None)
            live.leave(conn)
            conn.close_code = code

    def broadcast_state(self, live: Live) -> None:
        text = json.dumps(self._state(live, board=False))
        for c in list(live.conns):
            self._push(live, c, text)

    def _state(self, live: Live, *, board: bool) -> dict[str, Any]:
        out = live.room.state(self.clock(), board=board)
        out["viewers"] = max(live.total, live.viewers)
        out["bridge"] = live.bridge.status() if live.bridge else None
        return out

    def _live(self, live: Live, *, host: bool) -> dict[str, Any]:
        r = live.room.round
        out = live.room.live(max(live.total, live.viewers), host=host)
        if r is not None:
            out["tally"], out["votes"] = (
                (live.tally, live.votes)
                if live.tally
                else (
                    dict.fromkeys(r.options, 0),
                    0,
                )
            )
        return out

    def _mark_live(self, live: Live, *, news: bool = True) -> None:
        live.news = live.news or news
        if live.flush is None:
            loop = asyncio.get_running_loop()
            live.flush = loop.call_later(self.limits.live_every, self._flush_live, live)

    def _flush_live(self, live: Live) -> None:
        self._spawn(self._flush(live))

    async def _flush(self, live: Live) -> None:
        try:
            news, live.news = live.news, False
            if news and self.store.shared:
                await self.store.announce(live.room.code, "live")
            live.tally, live.votes = await self.store.tally(live.room)
            live.total = await self.store.viewers(live.room.code, live.viewers)
        finally:
            live.flush = None
        public = json.dumps(self._live(live, host=False))
        host = json.dumps(self._live(live, host=True))
        for c in list(live.conns):
            self._push(live, c, host if c.host else public)
