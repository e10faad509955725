"""Where rooms are kept: the interface the hub uses, and the one-process (memory) store.

The hub (sockets, fan-out, timers) talks only to a :class:`RoomStore`:

- :class:`MemoryStore` — the embedded default (SQLite, one process): the :class:`Room`
  objects themselves, nothing started, nothing shared;
- :class:`~puzzlesmith.server.rooms.pgstore.PgStore` — several workers on one PostgreSQL:
  rooms and votes in tables, changes fanned out with ``LISTEN/NOTIFY``, one worker per
  room holding the round-timer lease.

Both apply a change the same way: ``mutate(room, fn)`` runs ``fn`` (a method of
:class:`Room`) on the authoritative state and keeps the result.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from puzzlesmith.server.rooms.limits import Bucket, Limits
from puzzlesmith.server.rooms.room import Room, RoomError

T = TypeVar("T")

#: what a store reports to its hub: (room code, kind, version); kinds are ``state`` (the
#: position or round changed), ``hint`` (a hint was added), ``live`` (votes came in),
#: ``closed`` (the room is gone), ``lease`` (this worker now runs the room's timer)
EventSink = Callable[[str, str, int], None]

#: at most this many rate-limit keys (addresses, clients) are remembered in memory
MAX_KEYS = 20000


@dataclass(frozen=True)
class Creator:
    """Who asks for a room: the client address and, when the page sends one, its identity."""

    addr: str
    client: str | None = None


class RoomStore(Protocol):
    """The rooms of every worker that shares this store."""

    #: True when other processes see the same rooms (the hub then refreshes on events)
    shared: bool

    def clock(self) -> float:
        """Room time in seconds (wall-clock when shared: deadlines cross processes)."""
        ...

    async def start(self, events: EventSink) -> None:
        """Begin reporting events (idempotent)."""
        ...

    async def create(self, room: Room, who: Creator) -> bool:
        """Keep a new room; False when its code is taken. RoomError for a cap or a limit."""
        ...

    async def load(self, code: str, limits: Limits) -> Room | None:
        """The room with that code as the store has it, or None."""
        ...

    async def refresh(self, room: Room) -> bool:
        """Bring ``room`` up to the stored state; False when it is gone."""
        ...

    async def mutate(self, room: Room, fn: Callable[[Room], T], kind: str = "state") -> T:
        """Run ``fn`` on the authoritative state (with the open round's votes), keep it,
        and tell every worker (``kind``)."""
        ...

    async def announce(self, code: str, kind: str) -> None:
        """Tell every worker about a change that is not in the room's row (votes, joins)."""
        ...

    async def vote(self, room: Room, viewer: str, addr: str, cell: str) -> None:
        """Record or change a vote of the open round (at most ``votes_per_address``
        first votes per address and round; chat accounts are not counted by address)."""
        ...

    async def vote_of(self, room: Room, viewer: str) -> str | None: ...

    async def tally(self, room: Room) -> tuple[dict[str, int], int]:
        """The open round's votes per option (every option, most first) and the total."""
        ...

    async def viewers(self, code: str, here: int) -> int:
        """Viewers of the room on every worker, given ``here`` on this one."""
        ...

    async def take(self, key: str, rate: float, burst: float) -> bool:
        """One token of a rate limit shared by every worker."""
        ...

    async def delete(self, code: str) -> None: ...

    async def expire(self) -> list[str]:
        """Forget rooms past their time (idle, too old, or never joined by a host)."""
        ...

    def owns(self, code: str) -> bool:
        """Whether this worker runs the room's round timer."""
        ...


def expired(room: Room, now: float, lim: Limits) -> bool:
    return (
        now - room.active > lim.idle_ttl
        or now - room.created > lim.max_age
        or (not room.host_joined and now - room.created > lim.unjoined_ttl)
    )


def full_tally(options: dict[str, str], counts: dict[str, int]) -> dict[str, int]:
    """Every option with its count (zeros too), most votes first (as ``Round.tally``)."""
    out = dict.fromkeys(options, 0)
    for cell, n in counts.items():
        if cell in out:
            out[cell] = n
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


class MemoryStore:
    """One process's rooms, in memory (the embedded default)."""

    shared = False

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.rooms: dict[str, Room] = {}
        self.creators: dict[str, Creator] = {}
        self.buckets: dict[str, Bucket] = {}
        #: (room, round, address) → first votes cast
        self.slots: dict[tuple[str, int, str], int] = {}
        self.clock = time.monotonic

    async def start(self, events: EventSink) -> None:
        return None

    async def create(self, room: Room, who: Creator) -> bool:
        lim, now = self.limits, self.clock()
        if room.code in self.rooms:
            return False
        # the cap counts live rooms (the hub's sweep closes the others soon)
        live = [self.creators[c] for c, r in self.rooms.items() if not expired(r, now, lim)]
        by_client = sum(c.client == who.client for c in live) if who.client else 0
        check_creator(lim, sum(c.addr == who.addr for c in live), by_client, len(live))
        if not await self.take(f"create:{who.addr}", lim.create_rate, lim.create_burst):
            raise RoomError("too-many-new-rooms", "too many new rooms from your address; wait")
        self.rooms[room.code] = room
        self.creators[room.code] = who
        return True

    async def load(self, code: str, limits: Limits) -> Room | None:
        return self.rooms.get(code)

    async def refresh(self, room: Room) -> bool:
        return room.code in self.rooms

    async def mutate(self, room: Room, fn: Callable[[Room], T], kind: str = "state") -> T:
        return fn(room)

    async def announce(self, code: str, kind: str) -> None:
        return None

    async def vote(self, room: Room, viewer: str, addr: str, cell: str) -> None:
        r = room.round
        if r is not None and viewer not in r.votes and not viewer.startswith("twitch:"):
            key = (room.code, r.number, addr)
            if self.slots.get(key, 0) >= self.limits.votes_per_address:
                raise too_many_votes(self.limits)
            room.vote(viewer, cell)
            if len(self.slots) >= MAX_KEYS:
                self.slots.clear()
            self.slots[key] = self.slots.get(key, 0) + 1
            return
        room.vote(viewer, cell)

    async def vote_of(self, room: Room, viewer: str) -> str | None:
        v = room.round.votes.get(viewer) if room.round else None
        return v.cell if v else None

    async def tally(self, room: Room) -> tuple[dict[str, int], int]:
        r = room.round
        return (r.tally(), len(r.votes)) if r else ({}, 0)

    async def viewers(self, code: str, here: int) -> int:
        return here

    async def take(self, key: str, rate: float, burst: float) -> bool:
        b = self.buckets.get(key)
        if b is None:
            if len(self.buckets) >= MAX_KEYS:
                self.buckets.clear()
            b = self.buckets[key] = Bucket(rate, burst)
        return b.take(self.clock())

    async def delete(self, code: str) -> None:
        self.rooms.pop(code, None)
        self.creators.pop(code, None)
        for key in [k for k in self.slots if k[0] == code]:
            del self.slots[key]

    async def expire(self) -> list[str]:
        now = self.clock()
        gone = [c for c, r in self.rooms.items() if expired(r, now, self.limits)]
        for code in gone:
            await self.delete(code)
        return gone

    def owns(self, code: str) -> bool:
        return True


def check_creator(lim: Limits, by_addr: int, by_client: int, total: int) -> None:
    """RoomError when the server is full, when only the newcomers' reserve is left and the
    address already has a room, or when the address or the client has its share."""
    if total >= lim.max_rooms:
        raise RoomError("too-many-rooms", f"the server already has {total} rooms")
    reserve = min(lim.newcomer_reserve, lim.max_rooms // 10)  # a tenth at most
    if by_addr and total >= lim.max_rooms - reserve:
        raise RoomError(
            "too-many-rooms-here",
            f"the server is nearly full: its last {reserve} rooms are kept for "
            "addresses with none open",
        )
    if by_addr >= lim.rooms_per_address:
        raise RoomError(
            "too-many-rooms-here",
            f"your address already has {by_addr} open rooms (at most {lim.rooms_per_address})",
        )
    if by_client >= lim.rooms_per_client:
        raise RoomError(
            "too-many-rooms-here",
            f"this browser already has {by_client} open rooms (at most {lim.rooms_per_client})",
        )


def too_many_votes(lim: Limits) -> RoomError:
    return RoomError(
        "too-many-votes",
        f"{lim.votes_per_address} viewers at your address have voted this round already",
    )
