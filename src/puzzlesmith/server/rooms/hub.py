"""The rooms one worker serves: connections, fan-out, round timers, rate limits, bridges.

All of it runs on the server's event loop (no locks). Each connection has an outbox
and a writer task, so a broadcast is one ``json.dumps`` and N queue puts, and a slow
viewer never holds up the others (past ``Limits.outbox`` messages it is dropped).
Tallies and viewer counts are coalesced into one ``live`` message per ``live_every``.

The rooms themselves are kept by a :class:`~puzzlesmith.server.rooms.store.RoomStore`:
in memory for one process, in PostgreSQL for several workers (then every change arrives
as an event from the store and each worker re-reads the rooms it has sockets for, and
only the worker holding a room's lease runs its round timer).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from puzzlesmith.core.mode import Mode
from puzzlesmith.server.config import DEFAULTS, Settings
from puzzlesmith.server.ratelimit import client_address
from puzzlesmith.server.rooms import tokens
from puzzlesmith.server.rooms.commands import ChatAdapter, Command, CommandError, from_viewer_page
from puzzlesmith.server.rooms.limits import Bucket, Limits
from puzzlesmith.server.rooms.room import Room, RoomError
from puzzlesmith.server.rooms.store import Creator, MemoryStore, RoomStore
from puzzlesmith.server.visible import BLANK

log = logging.getLogger("puzzlesmith.rooms")

#: room codes: no 0/O, 1/I/L look-alikes
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LEN = 5
#: rate-limit state kept per room (one pair of buckets per viewer id seen)
MAX_BUCKETS = 20000
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


#: builds a chat bridge for a channel name (the Twitch one by default; tests may swap it)
BridgeFactory = Callable[[str], ChatAdapter]


class Hub:
    """The rooms of one app instance (one worker)."""

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
        return self.store.clock()

    async def start(self) -> None:
        if not self._started:
            self._started = True
            await self.store.start(self._event)

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

    def _after_change(self, live: Live) -> None:
        """Every change of position or round: kicked viewers leave, timers follow, everyone
        sees the new state."""
        kicked = live.room.kicked
        if kicked:
            text = json.dumps({"type": "error", "code": "kicked", "message": GONE})
            for c in list(live.conns):
                if c.viewer in kicked and not c.host:
                    self._push(live, c, text)
                    self._hang_up(live, c, CLOSE_KICKED)
        self._arm(live)
        self.broadcast_state(live)

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

    # ---- rounds ------------------------------------------------------------------------------
    def _arm(self, live: Live) -> None:
        """After any change of the room: (re)start the open round's timer, and in continuous
        vote mode schedule the next round when none is open — on the one worker that holds
        the room's lease."""
        for h in (live.timer, live.next):
            if h is not None:
                h.cancel()
        live.timer = live.next = None
        room, loop = live.room, asyncio.get_running_loop()
        if room.code not in self.rooms or not self.store.owns(room.code):
            return
        r = room.round
        if r is not None and r.deadline is not None:
            delay = max(0.0, r.deadline - self.clock())
            n = r.number
            live.timer = loop.call_later(delay, lambda: self._spawn(self._deadline(live, n)))
        elif r is None and room.auto and room.legal and not room.cleared:
            gap = self.limits.round_gap
            live.next = loop.call_later(gap, lambda: self._spawn(self._next_round(live)))

    async def _deadline(self, live: Live, number: int) -> None:
        def decide(room: Room) -> None:
            r = room.round
            if r is None or r.number != number or r.paused:
                return
            with contextlib.suppress(RoomError):
                room.decide()

        await self._change(live, decide)

    async def _next_round(self, live: Live) -> None:
        now = self.clock()

        def open_next(room: Room) -> None:
            if not room.auto or room.round is not None:
                return
            try:
                room.open_round(now)
            except RoomError:
                room.auto = False
                room.version += 1

        await self._change(live, open_next)

    async def _change(self, live: Live, fn: Callable[[Room], Any]) -> Any:
        """Apply ``fn`` through the store, then tell this worker's sockets."""
        out = await self.store.mutate(live.room, fn)
        if live.room.code in self.rooms:
            self._after_change(live)
        return out

    # ---- what viewers send (every adapter ends here) -----------------------------------
    async def submit(
        self, code: str, viewer: str, name: str, cmd: Command, addr: str = "local"
    ) -> None:
        """A viewer's vote or hint, rate-limited; RoomError says why it was refused."""
        live = self.rooms.get(code)
        if live is None:
            raise RoomError("unknown-room", f"no room {code}")
        room, now, lim = live.room, self.clock(), self.limits
        if not viewer:
            raise RoomError(
                "no-identity", "this page has no viewer identity from the server (reload it)"
            )
        if viewer in room.kicked:
            raise RoomError("kicked", GONE)
        if not live.bucket.take(now):
            raise RoomError("room-busy", "the room is busy; try again in a moment")
        pair = live.buckets.get(viewer)
        if pair is None:
            if len(live.buckets) >= MAX_BUCKETS:  # a flood of ids: start afresh
                live.buckets.clear()
            pair = live.buckets[viewer] = (
                Bucket(lim.viewer_rate, lim.viewer_burst),
                Bucket(lim.hint_rate, lim.hint_burst),
            )
        if not pair[0].take(now):
            raise RoomError("too-fast", "too many messages; slow down")
        if cmd.kind == "vote":
            await self.store.vote(room, viewer, addr, cmd.cell)
        else:
            if not pair[1].take(now):
                raise RoomError("too-many-hints", "one hint every few seconds, please")

            def hint(r: Room) -> None:
                r.hint(viewer, name, cmd, now)
                r.active = now
                r.version += 1

            await self.store.mutate(room, hint, "hint")
        if not self.store.shared:
            room.active = now
        self._mark_live(live)

    # ---- what the streamer does ------------------------------------------------------------
    async def host_action(self, code: str, msg: dict[str, Any]) -> dict[str, Any]:
        """One streamer action; the host key is checked every time."""
        live = self.rooms.get(code)
        if live is None:
            raise RoomError("unknown-room", f"no room {code}")
        if not key_ok(msg.get("key"), live.room):
            raise RoomError("bad-key", "host key: wrong or missing (streamer actions need it)")
        action = msg.get("action")
        out: dict[str, Any] = {"type": "ok", "action": action}
        if action == "twitch":  # the bridge runs on this worker, next to the host's socket
            self._set_bridge(live, msg.get("channel"))
            self.broadcast_state(live)
            return out
        now = self.clock()

        def apply(room: Room) -> None:
            room.active = now
            if action == "move":
                room.play(msg.get("move"))  # type: ignore[arg-type]
            elif action == "undo":
                room.undo()
            elif action == "vote":
                if room.round is not None:
                    raise RoomError("round-open", "vote: a round is already open")
                room.auto = bool(msg.get("auto", room.auto))
                room.open_round(now, msg.get("seconds"))
            elif action == "pause":
                room.pause(now)
            elif action == "resume":
                room.resume(now)
            elif action == "skip":
                room.skip()
            elif action == "close":
                out["result"] = room.decide()
            elif action == "stop":
                room.auto = False
                if room.round is not None:
                    room.skip()
                room.version += 1
            elif action == "kick":
                viewer = msg.get("viewer")
                if not isinstance(viewer, str) or not viewer or len(viewer) > 64:
                    raise RoomError("bad-viewer", "kick: expected a viewer id")
                room.kicked.add(viewer)
                if room.round is not None:
                    room.round.votes.pop(viewer, None)
                room.version += 1
            else:
                raise RoomError(
                    "unknown-action",
                    f"action: unknown {str(action)[:20]!r} "
                    "(move, undo, vote, pause, resume, skip, close, stop, kick, twitch)",
                )

        await self._change(live, apply)
        return out

    def _set_bridge(self, live: Live, channel: object) -> None:
        if live.bridge_task is not None:
            live.bridge_task.cancel()
            live.bridge_task, live.bridge = None, None
        if channel in (None, ""):
            return
        if self._bridge is None:
            from puzzlesmith.server.rooms.twitch import TwitchChat, check_channel

            name = check_channel(channel)
            bridge: ChatAdapter = TwitchChat(
                name, self.settings, on_status=lambda: self.broadcast_state(live)
            )
        else:
            bridge = self._bridge(str(channel))
        code = live.room.code

        async def from_chat(viewer: str, name: str, cmd: Command) -> None:
            # the bridge reads chat and cannot answer in it: a refused command (a cell
            # not on the board, a vote out of round) is logged, never dropped unseen
            try:
                await self.submit(code, viewer, name, cmd)
            except RoomError as exc:
                log.info(
                    "rooms %s: chat %s: %s %s refused (%s): %s",
                    code,
                    viewer,
                    cmd.kind,
                    cmd.cell,
                    exc.code,
                    exc,
                )

        def sink(viewer: str, name: str, cmd: Command) -> None:
            # a chat account is one viewer (``twitch:<login>``), whatever address it is
            self._spawn(from_chat(f"{bridge.kind}:{viewer}", name, cmd))

        live.bridge = bridge
        live.bridge_task = asyncio.get_running_loop().create_task(bridge.run(sink))

    # ---- viewer identities ---------------------------------------------------------------
    async def mint(self, code: str, addr: str) -> str:
        """A new signed viewer identity for a room's page (rate-limited per address)."""
        if await self.open(code) is None:
            raise RoomError("unknown-room", f"no room {code[:12]!r} (wrong code or expired)")
        lim = self.limits
        if not await self.store.take(f"mint:{addr}", lim.mint_rate, lim.mint_burst):
            raise RoomError(
                "too-many-viewers-here", "too many new viewers from your address; try again later"
            )
        return tokens.mint(self.secret)

    # ---- one WebSocket --------------------------------------------------------------------
    async def serve(self, ws: WebSocket, code: str) -> None:
        """A client of a room: the state first, then its messages until it leaves."""
        await ws.accept()
        await self.start()
        code = code.upper()
        admitted = await self._admit(ws, code)
        if admitted is None:
            return
        live, conn = admitted
        live.join(conn)
        writer = asyncio.get_running_loop().create_task(self._writer(conn))
        await self._greet(live, conn)
        try:
            await self._read(live, conn)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            live.leave(conn)
            if not conn.closing:
                conn.closing = True
                conn.outbox.put_nowait(None)
            if code in self.rooms:
                self._mark_live(live)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 2.0)

    async def _admit(self, ws: WebSocket, code: str) -> tuple[Live, Conn] | None:
        """The room and this client's connection, or None once refused with one line."""
        q = ws.query_params
        try:
            live = await self.open(code)
        except Exception as exc:  # the store is away: one line, the page tries again
            log.warning("rooms: cannot open %s: %r", code[:12], exc)
            await self._refuse(ws, "busy", "the room cannot be reached now; retrying", 1013)
            return None
        if live is None:
            await self._refuse(
                ws, "unknown-room", f"no room {code[:12]!r} (wrong code or expired)", CLOSE_UNKNOWN
            )
            return None
        room, lim = live.room, self.limits
        role = q.get("role")
        host, overlay = role == "host", role == "overlay"
        if host and not key_ok(q.get("key"), room):
            await self._refuse(ws, "bad-key", "host key: wrong or missing", CLOSE_KEY)
            return None
        viewer = "" if host or overlay else tokens.verify(self.secret, q.get("token")) or ""
        if viewer and viewer in room.kicked:
            await self._refuse(ws, "kicked", GONE, CLOSE_KICKED)
            return None
        if not (host or overlay) and max(live.total, live.viewers) >= lim.max_viewers:
            await self._refuse(
                ws, "room-full", f"room is full ({lim.max_viewers} viewers)", CLOSE_FULL
            )
            return None
        if host and not room.host_joined:

            def joined(r: Room) -> None:
                r.host_joined = True
                r.active = self.clock()

            await self.store.mutate(room, joined, "hint")
        # the viewer's own name, or "": the pages label unnamed senders from their string
        # tables (st.viewerName with the hint's tag), in the reader's language
        name = "" if host else clean_name(q.get("name"), lim.max_name)
        addr = client_address(ws)  # an IPv6 /64 is one address, as the daily limits count
        return live, Conn(ws, viewer, name, host, asyncio.Queue(), addr, overlay)

    async def _greet(self, live: Live, conn: Conn) -> None:
        """The room's state, who the client is (its vote in the open round), who is here."""
        lim = self.limits
        vote = await self.store.vote_of(live.room, conn.viewer) if conn.viewer else None
        self._push(live, conn, json.dumps(self._state(live, board=True)))
        hello = {
            "type": "hello",
            "viewer": conn.viewer or None,
            "name": conn.name,
            "host": conn.host,
            "vote": vote,
            "limits": {"message": lim.max_message, "name": lim.max_name},
        }
        self._push(live, conn, json.dumps(hello))
        self._push(live, conn, json.dumps(self._live(live, host=conn.host)))
        self._mark_live(live)

    async def _read(self, live: Live, conn: Conn) -> None:
        """The client's messages, each answered, until it leaves or is closed."""
        while not conn.closing:
            message = await conn.ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                reply: dict[str, Any] | None = _error("bad-json", "send text (JSON) messages")
            else:
                reply = await self._handle(live, conn, text)
            if reply is not None:
                self._push(live, conn, json.dumps(reply))

    async def _refuse(self, ws: WebSocket, code: str, message: str, close: int) -> None:
        await ws.send_text(json.dumps({"type": "error", "code": code, "message": message}))
        await ws.close(close)

    async def _writer(self, conn: Conn) -> None:
        try:
            while True:
                text = await conn.outbox.get()
                if text is None:
                    break
                await conn.ws.send_text(text)
            await conn.ws.close(conn.close_code)
        except Exception:  # the peer went away: the reader sees it too
            conn.closing = True

    async def _handle(self, live: Live, conn: Conn, text: str) -> dict[str, Any] | None:
        """One message from a client → the reply for that client alone (or None)."""
        limit = self.limits.max_message * (10 if conn.host else 1)
        if len(text) > limit:
            return _error("too-long", f"message longer than {limit} characters")
        try:
            msg = json.loads(text)
        except ValueError:
            return _error("bad-json", "message: not valid JSON")
        if not isinstance(msg, dict):
            return _error("bad-json", "message: expected a JSON object")
        try:
            if msg.get("type") == "host":
                if not conn.host:
                    raise RoomError("bad-key", "host actions need the host page and key")
                return await self.host_action(live.room.code, msg)
            if msg.get("type") == "name" and not conn.host:
                conn.name = clean_name(msg.get("name"), self.limits.max_name)
                return {"type": "named", "name": conn.name}
            cmd = from_viewer_page(msg)
            if conn.host and cmd.kind == "vote":
                raise RoomError("host-vote", "the streamer plays moves; viewers vote")
            if conn.overlay:
                raise RoomError("no-identity", "the overlay only shows the room")
            await self.submit(live.room.code, conn.viewer, conn.name, cmd, conn.addr)
            if cmd.kind == "vote":
                r = live.room.round
                return {"type": "voted", "round": r.number if r else None, "cell": cmd.cell}
            return {"type": "hinted", "cell": cmd.cell}
        except (RoomError, CommandError) as exc:
            code = exc.code if isinstance(exc, RoomError) else "bad-request"
            return _error(code, str(exc))
        except Exception as exc:  # the shared store is away: one line, the socket stays
            log.warning("rooms: %s: %r", live.room.code, exc)
            return _error("busy", "the room cannot be reached right now; try again")


def _error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}
