"""Every room of one server: connections, fan-out, round timers, rate limits, expiry, bridges.

All of it runs on the server's event loop (no locks). Each connection has an outbox
and a writer task, so a broadcast is one ``json.dumps`` and N queue puts, and a slow
viewer never holds up the others (past ``Limits.outbox`` messages it is dropped).
Tallies and viewer counts are coalesced into one ``live`` message per ``live_every``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from puzzlesmith.core.mode import Mode
from puzzlesmith.server.rooms.commands import ChatAdapter, Command, CommandError, from_viewer_page
from puzzlesmith.server.rooms.limits import Bucket, Limits
from puzzlesmith.server.rooms.room import Room, RoomError

log = logging.getLogger("puzzlesmith.rooms")

#: room codes: no 0/O, 1/I/L look-alikes
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LEN = 5
#: rate-limit state kept per room (one pair of buckets per viewer id seen)
MAX_BUCKETS = 20000
_VIEWER_ID = re.compile(r"[A-Za-z0-9_-]{6,40}")
#: WebSocket close codes (4000-4999 are the application's)
CLOSE_UNKNOWN, CLOSE_FULL, CLOSE_KICKED, CLOSE_SLOW, CLOSE_KEY = (4404, 4429, 4403, 4408, 4401)


def clean_name(raw: object, limit: int) -> str:
    """A display name: printable, one line, at most ``limit`` characters (shown as text only)."""
    text = raw if isinstance(raw, str) else ""
    text = "".join(ch for ch in text if ch.isprintable()).strip()
    return " ".join(text.split())[:limit]


def key_ok(given: object, room: Room) -> bool:
    """The host key, compared in constant time (as bytes: any text may be sent)."""
    if not isinstance(given, str):
        return False
    return secrets.compare_digest(given.encode("utf-8", "replace"), room.host_key.encode())


@dataclass(eq=False)
class Conn:
    ws: WebSocket
    viewer: str
    name: str
    host: bool
    outbox: asyncio.Queue[str | None]
    closing: bool = False
    close_code: int = 1000


@dataclass(eq=False)
class Live:
    """A room and what runs around it."""

    room: Room
    bucket: Bucket
    conns: set[Conn] = field(default_factory=set)
    hosts: set[Conn] = field(default_factory=set)
    buckets: dict[str, tuple[Bucket, Bucket]] = field(default_factory=dict)
    timer: asyncio.TimerHandle | None = None
    next: asyncio.TimerHandle | None = None
    flush: asyncio.TimerHandle | None = None
    bridge: ChatAdapter | None = None
    bridge_task: asyncio.Task[None] | None = None

    @property
    def viewers(self) -> int:
        return len(self.conns) - len(self.hosts)

    def join(self, conn: Conn) -> None:
        self.conns.add(conn)
        if conn.host:
            self.hosts.add(conn)

    def leave(self, conn: Conn) -> None:
        self.conns.discard(conn)
        self.hosts.discard(conn)


#: builds a chat bridge for a channel name (the Twitch one by default; tests may swap it)
BridgeFactory = Callable[[str], ChatAdapter]


class Hub:
    """The rooms of one app instance."""

    def __init__(self, limits: Limits | None = None, bridge: BridgeFactory | None = None) -> None:
        self.limits = limits or Limits()
        self.rooms: dict[str, Live] = {}
        self.clock = time.monotonic
        self._bridge = bridge
        self._sweeper: asyncio.Task[None] | None = None

    # ---- rooms ---------------------------------------------------------------------------
    def create(self, mode: Mode[Any], level: Any) -> Room:
        if len(self.rooms) >= self.limits.max_rooms:
            raise RoomError("too-many-rooms", f"the server already has {len(self.rooms)} rooms")
        if not mode.capabilities.vote:
            raise RoomError("no-voting", f"mode {mode.id} does not support stream voting")
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LEN))
        while code in self.rooms:
            code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LEN))
        room = Room(code, secrets.token_urlsafe(18), mode, level, self.limits, self.clock())
        lim = self.limits
        self.rooms[code] = Live(room, Bucket(lim.room_rate, lim.room_burst))
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        return room

    def close_room(self, code: str, reason: str, message: str) -> None:
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
            self._hang_up(live, c)

    def expire(self) -> list[str]:
        """Close rooms idle past ``idle_ttl`` or older than ``max_age``; their codes."""
        now, lim = self.clock(), self.limits
        gone = [
            code
            for code, live in self.rooms.items()
            if now - live.room.active > lim.idle_ttl or now - live.room.created > lim.max_age
        ]
        for code in gone:
            self.close_room(code, "room-expired", f"room {code} has expired")
        return gone

    async def _sweep(self) -> None:
        every = max(0.05, min(60.0, self.limits.idle_ttl / 4))
        while self.rooms:
            await asyncio.sleep(every)
            self.expire()

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
        out["viewers"] = live.viewers
        out["bridge"] = live.bridge.status() if live.bridge else None
        return out

    def _mark_live(self, live: Live) -> None:
        if live.flush is None:
            loop = asyncio.get_running_loop()
            live.flush = loop.call_later(self.limits.live_every, self._flush_live, live)

    def _flush_live(self, live: Live) -> None:
        live.flush = None
        public = json.dumps(live.room.live(live.viewers))
        host = json.dumps(live.room.live(live.viewers, host=True))
        for c in list(live.conns):
            self._push(live, c, host if c.host else public)

    # ---- rounds ------------------------------------------------------------------------------
    def _arm(self, live: Live) -> None:
        """After any change of the room: (re)start the open round's timer, and in continuous
        vote mode schedule the next round when none is open."""
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        room, loop = live.room, asyncio.get_running_loop()
        r = room.round
        if r is not None and r.deadline is not None:
            delay = max(0.0, r.deadline - self.clock())
            live.timer = loop.call_later(delay, self._deadline, live, r.number)
        if r is not None or not room.auto:
            if live.next is not None:
                live.next.cancel()
                live.next = None
        elif live.next is None and room.legal and not room.cleared:
            live.next = loop.call_later(self.limits.round_gap, self._next_round, live)

    def _deadline(self, live: Live, number: int) -> None:
        live.timer = None
        r = live.room.round
        if r is None or r.number != number or r.paused:
            return
        with contextlib.suppress(RoomError):
            live.room.decide()
        self.broadcast_state(live)
        self._arm(live)

    def _next_round(self, live: Live) -> None:
        live.next = None
        room = live.room
        if not room.auto or room.round is not None or room.code not in self.rooms:
            return
        try:
            room.open_round(self.clock())
        except RoomError:
            room.auto = False
        self.broadcast_state(live)
        self._arm(live)

    # ---- what viewers send (every adapter ends here) -----------------------------------
    def submit(self, code: str, viewer: str, name: str, cmd: Command) -> None:
        """A viewer's vote or hint, rate-limited; RoomError says why it was refused."""
        live = self.rooms.get(code)
        if live is None:
            raise RoomError("unknown-room", f"no room {code}")
        room, now, lim = live.room, self.clock(), self.limits
        if viewer in room.kicked:
            raise RoomError("kicked", "you were removed from this room")
        if not live.bucket.take(now):
            raise RoomError("room-busy", "the room is busy; try again in a moment")
        pair = live.buckets.get(viewer)
        if pair is None:
            if len(live.buckets) >= MAX_BUCKETS:  # a flood of made-up ids: start afresh
                live.buckets.clear()
            pair = live.buckets[viewer] = (
                Bucket(lim.viewer_rate, lim.viewer_burst),
                Bucket(lim.hint_rate, lim.hint_burst),
            )
        if not pair[0].take(now):
            raise RoomError("too-fast", "too many messages; slow down")
        if cmd.kind == "vote":
            room.vote(viewer, cmd.cell)
        else:
            if not pair[1].take(now):
                raise RoomError("too-many-hints", "one hint every few seconds, please")
            room.hint(viewer, name, cmd, now)
        room.active = now
        self._mark_live(live)

    # ---- what the streamer does ------------------------------------------------------------
    def host_action(self, code: str, msg: dict[str, Any]) -> dict[str, Any]:
        """One streamer action; the host key is checked every time."""
        live = self.rooms.get(code)
        if live is None:
            raise RoomError("unknown-room", f"no room {code}")
        room, now = live.room, self.clock()
        if not key_ok(msg.get("key"), room):
            raise RoomError("bad-key", "host key: wrong or missing (streamer actions need it)")
        action = msg.get("action")
        room.active = now
        out: dict[str, Any] = {"type": "ok", "action": action}
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
        elif action == "kick":
            self._kick(live, msg.get("viewer"))
        elif action == "twitch":
            self._set_bridge(live, msg.get("channel"))
        else:
            raise RoomError(
                "unknown-action",
                f"action: unknown {str(action)[:20]!r} "
                "(move, undo, vote, pause, resume, skip, close, stop, kick, twitch)",
            )
        self._arm(live)
        self.broadcast_state(live)
        return out

    def _kick(self, live: Live, viewer: object) -> None:
        if not isinstance(viewer, str) or not viewer or len(viewer) > 64:
            raise RoomError("bad-viewer", "kick: expected a viewer id")
        live.room.kicked.add(viewer)
        if live.room.round is not None:
            live.room.round.votes.pop(viewer, None)
        text = json.dumps(
            {"type": "error", "code": "kicked", "message": "you were removed from this room"}
        )
        for c in list(live.conns):
            if c.viewer == viewer and not c.host:
                self._push(live, c, text)
                self._hang_up(live, c, CLOSE_KICKED)

    def _set_bridge(self, live: Live, channel: object) -> None:
        if live.bridge_task is not None:
            live.bridge_task.cancel()
            live.bridge_task, live.bridge = None, None
        if channel in (None, ""):
            return
        if self._bridge is None:
            from puzzlesmith.server.rooms.twitch import TwitchChat, check_channel

            name = check_channel(channel)
            bridge: ChatAdapter = TwitchChat(name, on_status=lambda: self.broadcast_state(live))
        else:
            bridge = self._bridge(str(channel))
        code = live.room.code

        def sink(viewer: str, name: str, cmd: Command) -> None:
            with contextlib.suppress(RoomError):
                self.submit(code, f"{bridge.kind}:{viewer}", name, cmd)

        live.bridge = bridge
        live.bridge_task = asyncio.get_running_loop().create_task(bridge.run(sink))

    # ---- one WebSocket --------------------------------------------------------------------
    async def serve(self, ws: WebSocket, code: str) -> None:
        """A client of a room: the state first, then its messages until it leaves."""
        await ws.accept()
        q = ws.query_params
        live = self.rooms.get(code.upper())
        if live is None:
            await self._refuse(
                ws, "unknown-room", f"no room {code[:12]!r} (wrong code or expired)", CLOSE_UNKNOWN
            )
            return
        room, lim = live.room, self.limits
        host = q.get("role") == "host"
        if host and not key_ok(q.get("key"), room):
            await self._refuse(ws, "bad-key", "host key: wrong or missing", CLOSE_KEY)
            return
        viewer = q.get("viewer") or ""
        if not _VIEWER_ID.fullmatch(viewer):
            viewer = secrets.token_urlsafe(9)
        if not host and viewer in room.kicked:
            await self._refuse(ws, "kicked", "you were removed from this room", CLOSE_KICKED)
            return
        if not host and live.viewers >= lim.max_viewers:
            await self._refuse(
                ws, "room-full", f"room is full ({lim.max_viewers} viewers)", CLOSE_FULL
            )
            return
        # the viewer's own name, or "": the pages label unnamed senders from their string
        # tables (st.viewerName with the hint's tag), in the reader's language
        name = "" if host else clean_name(q.get("name"), lim.max_name)
        conn = Conn(ws, viewer, name, host, asyncio.Queue())
        live.join(conn)
        writer = asyncio.get_running_loop().create_task(self._writer(conn))
        vote = room.round.votes.get(viewer) if room.round else None
        self._push(live, conn, json.dumps(self._state(live, board=True)))
        self._push(
            live,
            conn,
            json.dumps(
                {
                    "type": "hello",
                    "viewer": viewer,
                    "name": conn.name,
                    "host": host,
                    "vote": vote.cell if vote else None,
                    "limits": {"message": lim.max_message},
                }
            ),
        )
        self._push(live, conn, json.dumps(room.live(live.viewers, host=host)))
        self._mark_live(live)
        try:
            while not conn.closing:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    reply: dict[str, Any] | None = _error("bad-json", "send text (JSON) messages")
                else:
                    reply = self._handle(live, conn, text)
                if reply is not None:
                    self._push(live, conn, json.dumps(reply))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            live.leave(conn)
            if not conn.closing:
                conn.closing = True
                conn.outbox.put_nowait(None)
            if code.upper() in self.rooms:
                self._mark_live(live)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 2.0)

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

    def _handle(self, live: Live, conn: Conn, text: str) -> dict[str, Any] | None:
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
                return self.host_action(live.room.code, msg)
            cmd = from_viewer_page(msg)
            if conn.host and cmd.kind == "vote":
                raise RoomError("host-vote", "the streamer plays moves; viewers vote")
            self.submit(live.room.code, conn.viewer, conn.name, cmd)
            if cmd.kind == "vote":
                r = live.room.round
                return {"type": "voted", "round": r.number if r else None, "cell": cmd.cell}
            return {"type": "hinted", "cell": cmd.cell}
        except (RoomError, CommandError) as exc:
            code = exc.code if isinstance(exc, RoomError) else "bad-request"
            return _error(code, str(exc))


def _error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}
