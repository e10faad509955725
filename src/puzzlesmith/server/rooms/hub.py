"""The rooms one worker serves: :class:`Hub`, and one WebSocket's life in a room.

All of it runs on the server's event loop (no locks). The hub is built in layers, one
concern each: ``rooms.fanout`` (the worker's rooms, background tasks, outboxes and the
coalesced ``live`` messages), ``rooms.rounds`` (round timers, votes, hints, host actions,
chat bridges), ``rooms.sync`` (rooms created, opened and expired through the
:class:`~puzzlesmith.server.rooms.store.RoomStore`, and its events from other workers),
and here the sockets: admitted, greeted, read, written. ``rooms.live`` holds the data
they share; its names are importable from here as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from puzzlesmith.server.ratelimit import client_address
from puzzlesmith.server.rooms import tokens
from puzzlesmith.server.rooms.commands import CommandError, from_viewer_page
from puzzlesmith.server.rooms.fanout import BridgeFactory, log
from puzzlesmith.server.rooms.live import (
    CLOSE_FULL,
    CLOSE_KEY,
    CLOSE_KICKED,
    CLOSE_UNKNOWN,
    GONE,
    Conn,
    Live,
    clean_name,
    error,
    key_ok,
)
from puzzlesmith.server.rooms.room import Room, RoomError
from puzzlesmith.server.rooms.sync import StoreSync

__all__ = ["BridgeFactory", "Conn", "Hub", "Live", "clean_name", "key_ok"]


class Hub(StoreSync):
    """The rooms of one app instance (one worker)."""

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
                reply: dict[str, Any] | None = error("bad-json", "send text (JSON) messages")
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
            return error("too-long", f"message longer than {limit} characters")
        try:
            msg = json.loads(text)
        except ValueError:
            return error("bad-json", "message: not valid JSON")
        if not isinstance(msg, dict):
            return error("bad-json", "message: expected a JSON object")
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
            return error(exc.code, str(exc))  # a CommandError's is bad-command
        except Exception as exc:  # the shared store is away: one line, the socket stays
            log.warning("rooms: %s: %r", live.room.code, exc)
            return error("busy", "the room cannot be reached right now; try again")
