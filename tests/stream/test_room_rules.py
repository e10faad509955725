"""Room rules without sockets (clock passed in), then the limits over real WebSockets."""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stream_support import Client, open_room, run, serve, small_app

from puzzlesmith.core import registry
from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.server.rooms.commands import ChatAdapter, Command, CommandSink, parse_chat
from puzzlesmith.server.rooms.hub import Hub
from puzzlesmith.server.rooms.limits import Bucket, Limits
from puzzlesmith.server.rooms.room import Room, RoomError


def room(mode: str = "stroke", level: str = "1-3", **limits: Any) -> Room:
    m = registry.get(mode)
    return Room("ABCDE", "key", m, m.find_level(level)[1], Limits(**limits), now=0.0)


@pytest.mark.parametrize("mode", [m.id for m in registry.all_modes()])
def test_vote_moves_follow_the_rules(mode: str) -> None:
    """Along the solution of first-pack levels: each solution move is a vote option, every
    option replays, every forward move to another cell is refused (so the list is complete),
    and a solved board offers nothing."""
    m = registry.get(mode)
    for lv in m.shipped_packs()[0].levels[:4]:
        r = Room("X", "k", m, lv, Limits(), 0.0)
        assert r.cells
        for move in m.solution_moves(lv):
            legal = m.vote_moves(lv, r.moves)
            assert move in legal.values()
            for cell, option in legal.items():
                assert cell in r.cells
                m.replay(lv, [*r.moves, option])
            verb = move.split(" ")[0]
            if verb in ("start", "add"):
                for cell in r.cells - set(legal):
                    with pytest.raises(IllegalMoveError):
                        m.replay(lv, [*r.moves, f"{verb} {cell}"])
            r.play(move)
        assert r.cleared and m.vote_moves(lv, r.moves) == {}


def test_a_round_runs_pauses_and_is_decided_by_the_rules() -> None:
    r = room(min_round=10, max_round=60)
    rnd = r.open_round(now=0.0, seconds=5)
    assert rnd.seconds == 10 and rnd.deadline == 10  # clamped to 10..60
    assert r.open_round(now=0.0, seconds=600).seconds == 60
    r.pause(now=20)
    assert r.round_json(now=50)["left"] == 40  # type: ignore[index]
    with pytest.raises(RoomError, match="no voting round"):
        r.vote("v1", "a")
    r.resume(now=50)
    assert r.round is not None and r.round.deadline == 90
    r.vote("v1", "a")
    with pytest.raises(RoomError, match="not a legal move"):
        r.vote("v2", "b")  # a cell of the board, not a move now
    with pytest.raises(RoomError, match="no cell zz on this board"):
        r.vote("v2", "zz")
    result = r.decide()
    assert (result["winner"], result["move"], r.moves) == ("a", "start a", ["start a"])


def test_ties_go_to_the_earliest_vote_and_changes_count_from_their_own_time() -> None:
    r = room("cows", "1-1")
    r.open_round(0.0)
    r.vote("v1", "r1c1")
    r.vote("v2", "r2c2")
    r.vote("v3", "r2c2")
    r.vote("v4", "r1c1")
    r.vote("v1", "r2c2")  # v1 changes: r2c2 3, r1c1 1
    r.vote("v1", "r1c1")  # … and back: 2 / 2, r2c2's earliest standing vote (v2) is older
    assert r.decide()["winner"] == "r2c2"


def test_skip_undo_and_no_votes() -> None:
    r = room()
    r.open_round(0.0)
    r.skip()
    assert r.round is None and r.moves == [] and r.last and r.last["skipped"]
    r.open_round(0.0)
    assert r.decide()["move"] is None and r.moves == []  # nobody voted: nothing is played
    r.play("start a")
    r.undo()
    with pytest.raises(RoomError, match="no move"):
        r.undo()
    with pytest.raises(RoomError, match="move 1 'add q'"):
        r.play("add q")


def test_hints_need_a_cell_of_the_board() -> None:
    r = room("hex", "1-1")
    h = r.hint("v", "<b>x</b>", Command("hint", "1,0", "stuck"), 1.0)
    assert h["text"]["en"] == "This region is stuck" and h["name"] == "<b>x</b>"  # text, not HTML
    with pytest.raises(RoomError, match="no cell"):
        r.hint("v", "n", Command("hint", "9,9"), 1.0)


def test_token_bucket() -> None:
    b = Bucket(rate=1.0, burst=2.0)
    assert [b.take(0.0), b.take(0.0), b.take(0.0), b.take(1.0), b.take(1.0)] == [
        True, True, False, True, False,
    ]  # fmt: skip


# ---- limits over real sockets ------------------------------------------------------------------


async def limits_scenario(base: str) -> None:
    info = open_room(base, mode="stroke", level="1-3")
    code, key = info["room"], info["host_key"]
    a = await Client.viewer(base, code, name="<img src=x onerror=alert(1)>")
    b = await Client.viewer(base, code)
    full = await Client.viewer(base, code)
    msg = await full.recv()
    assert msg == {"type": "error", "code": "room-full", "message": "room is full (2 viewers)"}

    hello = await a.until(lambda m: m["type"] == "hello")
    assert (
        hello["name"] == "<img src=x onerror=alert(1)>"[:20]
    )  # kept as text; pages use textContent
    await a.send(type="host", key=key, action="undo")  # a viewer socket cannot act as host
    assert (await a.until(lambda m: m["type"] == "error"))["code"] == "bad-key"
    await a.send(type="vote", cell="x" * 400)
    assert (await a.until(lambda m: m["type"] == "error"))["code"] == "too-long"
    await a.send(type="dance")
    assert (await a.until(lambda m: m["type"] == "error"))["code"] == "bad-command"

    await a.ws.send(b"\x00\x01")  # binary frames are refused, the socket stays
    assert (await a.until(lambda m: m["type"] == "error"))["code"] == "bad-json"
    for guess in ("guess", "密钥"):
        bad_host = await Client.connect(base, code, role="host", key=guess)
        assert (await bad_host.recv())["code"] == "bad-key"
    host = await Client.connect(base, code, role="host", key=key)
    await host.send(type="host", key="guess", action="undo")  # the key is checked every time
    assert (await host.until(lambda m: m["type"] == "error"))["code"] == "bad-key"

    # timer: the round closes by itself after min_round seconds and plays the winner
    await host.send(type="host", key=key, action="vote", seconds=0, auto=False)
    await host.send(type="host", key=key, action="vote", seconds=0)
    assert (await host.until(lambda m: m["type"] == "error"))["code"] == "round-open"
    await b.until(lambda m: m["type"] == "state" and m["round"])
    await b.send(type="vote", cell="a")
    assert (await b.until(lambda m: m["type"] in ("voted", "error")))["type"] == "voted"
    done = await b.until(lambda m: m["type"] == "state" and m["moves"], timeout=5)
    assert done["moves"] == ["start a"] and done["last"]["winner"] == "a"

    # per-viewer hint limit (burst 2), then the kick
    replies = []
    for _ in range(3):
        await b.send(type="hint", cell="b", preset="number", n=7)
        replies.append((await b.until(lambda m: m["type"] in ("hinted", "error")))["type"])
    assert replies == ["hinted", "hinted", "error"]
    seen = await a.until(lambda m: m["type"] == "live" and m["hints"])
    assert "viewer" not in seen["hints"][0]  # viewers never learn each other's ids...
    told = await host.until(lambda m: m["type"] == "live" and m["hints"])
    assert told["hints"][0]["viewer"] == b.id  # ... the host does, to kick by
    await host.send(type="host", key=key, action="kick", viewer=b.id)
    gone = await b.until(lambda m: m["type"] == "error")
    assert gone["code"] == "kicked"
    back = await Client.connect(base, code, token=b.token)  # the kick holds against the identity
    assert (await back.recv())["code"] == "kicked"
    for c in (a, host):
        await c.close()


def test_limits_over_websockets() -> None:
    with serve(small_app(max_viewers=2, min_round=0.3, hint_burst=2, hint_rate=0.01)) as base:
        run(limits_scenario(base))


async def expiry_scenario(base: str, app: FastAPI) -> None:
    info = open_room(base, mode="cows", level="1-1")
    a = await Client.viewer(base, info["room"])
    msg = await a.until(lambda m: m["type"] == "error", timeout=20)
    assert msg["code"] == "room-expired"
    again = await Client.connect(base, info["room"], token=a.token)
    assert (await again.recv())["code"] == "unknown-room"


def test_rooms_expire() -> None:
    # long enough for the viewer to join first on a loaded machine, short enough to wait out
    app = small_app(idle_ttl=3.0)
    with serve(app) as base:
        run(expiry_scenario(base, app))


async def auto_scenario(base: str) -> None:
    info = open_room(base, mode="stroke", level="1-3")
    code, key = info["room"], info["host_key"]
    host = await Client.connect(base, code, role="host", key=key)
    v = await Client.viewer(base, code)
    await host.send(type="host", key=key, action="vote", seconds=0, auto=True)
    m = registry.get("stroke")
    level = m.find_level("1-3")[1]
    solution = m.solution_moves(level)
    for k in range(3):  # each round opens by itself after the last one was played
        state = await v.until(
            lambda s, k=k: s["type"] == "state" and (s["round"] or {}).get("number") == k + 1
        )
        cell = solution[k].split(" ")[1]
        assert cell in state["round"]["options"]
        await v.send(type="vote", cell=cell)
        ack = await v.until(lambda s: s["type"] in ("voted", "error"))
        assert ack["type"] == "voted", ack
        await v.until(lambda s, k=k: s["type"] == "state" and len(s["moves"]) == k + 1, timeout=5)
    await host.send(type="host", key=key, action="stop")
    stopped = await host.until(lambda s: s["type"] == "state" and not s["auto"] and s["moves"])
    assert stopped["moves"] == solution[:3] and stopped["round"] is None
    r = httpx.post(f"{base}/api/rooms", json={"mode": "cows", "level": "1-1"}, timeout=10)
    assert r.status_code == 503 and r.json()["error"] == "too-many-rooms"
    for c in (host, v):
        await c.close()


def test_continuous_voting_and_the_room_cap() -> None:
    with serve(small_app(min_round=0.3, round_gap=0.2, max_rooms=1)) as base:
        run(auto_scenario(base))


def test_the_room_rate_limit_and_chat_commands_share_one_path() -> None:
    async def main() -> None:
        hub = Hub(Limits(room_rate=0.001, room_burst=3))
        m = registry.get("cows")
        room = await hub.create(m, m.find_level("1-1")[1])
        room.open_round(hub.clock())
        await hub.submit(room.code, "v1", "a", parse_chat("!vote r1c1") or Command("", ""))
        await hub.submit(room.code, "twitch:bo", "bo", Command("vote", "r2c2"))
        with pytest.raises(RoomError, match="no cell r10c10") as nowhere:
            await hub.submit(room.code, "v3", "c", Command("vote", "r10c10"))
        assert nowhere.value.code == "no-such-cell"
        with pytest.raises(RoomError) as busy:
            await hub.submit(room.code, "v4", "d", Command("vote", "r1c1"))
        assert busy.value.code == "room-busy"
        assert room.round is not None and room.round.tally()["r1c1"] == 1
        hub.close_room(room.code, "room-expired", "bye")
        assert not hub.rooms

    run(main())


def test_chat_names_cows_cells_in_any_case() -> None:
    """Chat users type R2C7 as often as r2c7 (issue #27 item 8): both are the cell r2c7."""
    for line in ("!vote R2C7", "!VOTE r2c7", "!Vote R2c7  "):
        assert parse_chat(line) == Command("vote", "r2c7"), line
    assert parse_chat("!hint R1C3 7") == Command("hint", "r1c3", "number", 7)
    assert parse_chat("!vote C3") == Command("vote", "C3")  # other modes' ids stay as typed


class _OneChatLine(ChatAdapter):
    """A chat bridge that delivers the given lines, then stays connected."""

    kind = "chat"

    def __init__(self, lines: list[tuple[str, str]]) -> None:
        self.lines = lines
        self.sent = asyncio.Event()

    async def run(self, sink: CommandSink) -> None:
        for nick, line in self.lines:
            sink(nick, nick, parse_chat(line) or Command("", ""))
        self.sent.set()
        await asyncio.Event().wait()

    def status(self) -> dict[str, object]:
        return {"kind": self.kind}


def test_a_chat_vote_for_a_cell_not_on_the_board_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The bridge reads chat and cannot answer there: a vote for r9c9 on a 5×5 board is
    logged with why it was refused (before, it was dropped without a trace), and a good
    vote in the same chat still counts."""
    bridge = _OneChatLine([("bo", "!vote R9C9"), ("al", "!vote R1C1")])

    async def main() -> None:
        hub = Hub(Limits(), bridge=lambda channel: bridge)
        m = registry.get("cows")
        room = await hub.create(m, m.find_level("1-1")[1])
        await hub.host_action(room.code, {"key": room.host_key, "action": "vote"})
        await hub.host_action(room.code, {"key": room.host_key, "action": "twitch", "channel": "x"})
        await bridge.sent.wait()
        while hub._tasks:  # the submits the bridge spawned
            await asyncio.gather(*hub._tasks, return_exceptions=True)
        assert room.round is not None and room.round.votes["chat:al"].cell == "r1c1"
        assert len(room.round.votes) == 1
        hub.close_room(room.code, "room-expired", "bye")

    with caplog.at_level(logging.INFO, logger="puzzlesmith.rooms"):
        run(main())
    [line] = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert "chat:bo" in line and "vote r9c9" in line and "no-such-cell" in line


def test_a_snapshot_brings_another_workers_copy_to_the_same_room() -> None:
    """What a shared store keeps: a copy restored from the snapshot states the same room
    (moves, round with its deadline, hints, kicks, last result) and plays on alike."""
    a = room("cows", "1-1")
    a.play("cow 0 1")
    a.open_round(5.0, 20)
    a.hint("v1", "ann", Command("hint", "r2c2", "stuck"), 6.0)
    a.kicked.add("bad")
    a.round.votes.clear()  # type: ignore[union-attr]
    b = room("cows", "1-1")
    b.restore(json.loads(json.dumps(a.snapshot())))  # through JSON, as the row keeps it
    assert b.state(7.0, board=False) == a.state(7.0, board=False)
    assert b.live(3, host=True) == a.live(3, host=True) and b.kicked == {"bad"}
    b.vote("v2", "r2c5")  # cells are named 1-based: row 1, column 4 of the moves
    a.vote("v2", "r2c5")
    assert b.decide() == a.decide() and b.moves == a.moves == ["cow 0 1", "cow 1 4"]
    c = room("cows", "1-1")
    c.restore(b.snapshot())
    c.undo()  # the copy's moves are its own
    assert b.moves == ["cow 0 1", "cow 1 4"] and c.moves == ["cow 0 1"]
