"""What one worker keeps around a room: its sockets (:class:`Conn`), the room with its
timers, buckets and bridge (:class:`Live`), and the words and codes they are closed with.

Shared by the hub's parts (``rooms.fanout``, ``rooms.rounds``, ``rooms.sync``, ``rooms.hub``);
plain data, so none of them imports another for it.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

from puzzlesmith.server.rooms.commands import ChatAdapter
from puzzlesmith.server.rooms.limits import Bucket
from puzzlesmith.server.rooms.room import Room
from puzzlesmith.server.visible import BLANK

#: WebSocket close codes (4000-4999 are the application's)
CLOSE_UNKNOWN, CLOSE_FULL, CLOSE_KICKED, CLOSE_EXPIRED, CLOSE_SLOW, CLOSE_KEY = (
    4404,
    4429,
    4403,
    4410,
    4408,
    4401,
)
GONE = "you were removed from this room"


def clean_name(raw: object, limit: int) -> str:
    """A display name: printable, one line, at most ``limit`` characters (shown as text only)."""
    text = raw if isinstance(raw, str) else ""
    text = "".join(ch for ch in text if ch.isprintable() and ch not in BLANK).strip()
    return " ".join(text.split())[:limit]


def key_ok(given: object, room: Room) -> bool:
    """The host key, compared in constant time (as bytes: any text may be sent)."""
    if not isinstance(given, str):
        return False
    return secrets.compare_digest(given.encode("utf-8", "replace"), room.host_key.encode())


@dataclass(eq=False)
class Conn:
    ws: WebSocket
    #: the server-issued viewer id ("" for a socket without one: it watches, never votes)
    viewer: str
    name: str
    host: bool
    outbox: asyncio.Queue[str | None]
    addr: str = ""
    #: the OBS overlay: shown everything, counted as nobody
    overlay: bool = False
    closing: bool = False
    close_code: int = 1000


@dataclass(eq=False)
class Live:
    """A room and what runs around it on this worker."""

    room: Room
    bucket: Bucket
    conns: set[Conn] = field(default_factory=set)
    hosts: set[Conn] = field(default_factory=set)
    overlays: set[Conn] = field(default_factory=set)
    buckets: dict[str, tuple[Bucket, Bucket]] = field(default_factory=dict)
    timer: asyncio.TimerHandle | None = None
    next: asyncio.TimerHandle | None = None
    flush: asyncio.TimerHandle | None = None
    bridge: ChatAdapter | None = None
    bridge_task: asyncio.Task[None] | None = None
    #: the last tally read from the store, and every worker's viewers
    tally: dict[str, int] = field(default_factory=dict)
    votes: int = 0
    total: int = 0
    #: votes or joins here since the last flush (other workers are told once per flush)
    news: bool = False
    refreshing: bool = False
    again: bool = False

    @property
    def viewers(self) -> int:
        return len(self.conns) - len(self.hosts) - len(self.overlays)

    def join(self, conn: Conn) -> None:
        self.conns.add(conn)
        if conn.host:
            self.hosts.add(conn)
        if conn.overlay:
            self.overlays.add(conn)

    def leave(self, conn: Conn) -> None:
        self.conns.discard(conn)
        self.hosts.discard(conn)
        self.overlays.discard(conn)


def error(code: str, message: str) -> dict[str, Any]:
    """An ``error`` message for one client (the socket stays open)."""
    return {"type": "error", "code": code, "message": message}
