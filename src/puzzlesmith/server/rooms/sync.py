"""The hub's rooms as the store keeps them: created, opened, closed, expired, and the
store's events.

A :class:`~puzzlesmith.server.rooms.store.RoomStore` keeps the rooms: in memory for one
process, in PostgreSQL for several workers (then every change arrives as an event from
the store and each worker re-reads the rooms it has sockets for).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import Any

from puzzlesmith.core.mode import Mode
from puzzlesmith.server.rooms.limits import Bucket
from puzzlesmith.server.rooms.live import CLOSE_EXPIRED, Live
from puzzlesmith.server.rooms.room import Room, RoomError
from puzzlesmith.server.rooms.rounds import Rounds
from puzzlesmith.server.rooms.store import Creator

#: room codes: no 0/O, 1/I/L look-alikes
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LEN = 5


class StoreSync(Rounds):
    """The rooms' lifecycle through the store, and what other workers changed."""

    async def start(self) -> None:
        if not self._started:
            self._started = True
            await self.store.start(self._event)

    # ---- rooms ---------------------------------------------------------------------------
    async def create(self, mode: Mode[Any], level: Any, who: Creator | None = None) -> Room:
        if not mode.capabilities.vote:
            raise RoomError("no-voting", f"mode {mode.id} does not support stream voting")
        await self.start()
        who = who or Creator("local")
        room = None
        for _ in range(50):  # a taken code (the store's primary key) just draws another
            code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LEN))
            room = Room(code, secrets.token_urlsafe(18), mode, level, self.limits, self.clock())
            if await self.store.create(room, who):
                break
        else:
            raise RoomError("too-many-rooms", "no free room code; try again")
        self._adopt(room)
        return room

    def _adopt(self, room: Room) -> Live:
        lim = self.limits
        live = self.rooms[room.code] = Live(room, Bucket(lim.room_rate, lim.room_burst))
        if not self.store.shared and (self._sweeper is None or self._sweeper.done()):
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        return live

    async def open(self, code: str) -> Live | None:
        """This worker's copy of a room (read from the store when it has none yet)."""
        live = self.rooms.get(code)
        if live is not None or not self.store.shared:
            return live
        room = await self.store.load(code, self.limits)
        if room is None:
            return None
        live = self.rooms.get(code)  # another socket loaded it meanwhile
        if live is None:
            live = self._adopt(room)
            self._arm(live)
        return live

    def close_room(self, code: str, reason: str, message: str) -> None:
        """Close this worker's sockets of a room (the store has forgotten it)."""
        live = self.rooms.pop(code, None)
        if live is None:
            return
        for h in (live.timer, live.next, live.flush):
            if h is not None:
                h.cancel()
        if live.bridge_task is not None:
            live.bridge_task.cancel()
        text = json.dumps({"type": "error", "code": reason, "message": message})
        for c in list(live.conns):
            self._push(live, c, text)
            self._hang_up(live, c, CLOSE_EXPIRED)

    async def expire(self) -> list[str]:
        """Close rooms idle past ``idle_ttl``, older than ``max_age``, or that no host
        joined within ``unjoined_ttl``; their codes."""
        gone = await self.store.expire()
        for code in gone:
            self.close_room(code, "room-expired", f"room {code} has expired")
        return gone

    async def _sweep(self) -> None:
        lim = self.limits
        every = max(0.05, min(30.0, lim.idle_ttl / 4, lim.unjoined_ttl / 4))
        while self.rooms:
            await asyncio.sleep(every)
            await self.expire()

    # ---- what the store tells (other workers' changes) -------------------------------------
    def _event(self, code: str, kind: str, version: int) -> None:
        if code == "*":  # the listener reconnected: anything may have changed
            for c in list(self.rooms):
                self._event(c, "state", -1)
            return
        live = self.rooms.get(code)
        if live is None:
            if kind == "lease" and self.store.owns(code):
                self._spawn(self.open(code))
            return
        if kind == "closed":
            self.close_room(code, "room-expired", f"room {code} has closed")
        elif kind == "live":
            self._mark_live(live, news=False)
        elif kind == "lease":
            self._arm(live)
        elif version < 0 or version > live.room.version:
            self._spawn(self._refresh(live, kind))

    async def _refresh(self, live: Live, kind: str) -> None:
        """Re-read a room after another worker changed it; one read at a time per room."""
        if live.refreshing:
            live.again = True
            return
        live.refreshing = True
        try:
            while True:
                live.again = False
                if not await self.store.refresh(live.room):
                    self.close_room(live.room.code, "room-expired", "the room has closed")
                    return
                if not live.again:
                    break
        finally:
            live.refreshing = False
        if kind == "state" or kind == "*":
            self._after_change(live)
        else:
            self._mark_live(live, news=False)
