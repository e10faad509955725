"""The hub's rounds and changes: timers, what viewers submit, what the streamer does.

Every change goes through the store (``RoomStore.mutate``), then this worker's sockets
see it (:meth:`Rounds._after_change`). Only the worker holding a room's lease runs its
round timer, so a round closes once however many workers serve the room.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

from puzzlesmith.server.rooms.commands import ChatAdapter, Command
from puzzlesmith.server.rooms.fanout import Fanout, log
from puzzlesmith.server.rooms.limits import Bucket
from puzzlesmith.server.rooms.live import CLOSE_KICKED, GONE, Live, key_ok
from puzzlesmith.server.rooms.room import Room, RoomError

#: rate-limit state kept per room (one pair of buckets per viewer id seen)
MAX_BUCKETS = 20000


class Rounds(Fanout):
    """Rounds, votes, hints and host actions on the rooms of :class:`Fanout`."""

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
