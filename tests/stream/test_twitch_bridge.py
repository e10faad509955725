"""The Twitch bridge against a local fake IRC server over real TLS (a self-signed
certificate made with the openssl CLI for 127.0.0.1): chat ``!vote`` lines decide a round."""

from __future__ import annotations

import asyncio
import re
import shutil
import ssl
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stream_support import Client, open_room, run, serve

from puzzlesmith.server.app import create_app
from puzzlesmith.server.config import settings
from puzzlesmith.server.rooms.twitch import login_lines


@pytest.fixture(scope="module")
def cert(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    if not shutil.which("openssl"):
        pytest.skip("no openssl CLI to make a test certificate")
    d = tmp_path_factory.mktemp("tls")
    crt, key = d / "irc.crt", d / "irc.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-keyout", str(key), "-out", str(crt), "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True, capture_output=True,
    )  # fmt: skip
    return crt, key


class FakeIrc:
    """Speaks just enough of Twitch's IRC: welcome on JOIN, PING, and chat lines on demand."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.writers: list[asyncio.StreamWriter] = []
        self.joined = asyncio.Event()
        self.ponged = asyncio.Event()
        self.left = asyncio.Event()  # a bridge hung up

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writers.append(writer)
        while raw := await reader.readline():
            line = raw.decode().rstrip("\r\n")
            self.lines.append(line)
            if line.startswith("JOIN #"):
                nick = next(x[5:] for x in self.lines if x.startswith("NICK "))
                writer.write(f":{nick}!{nick}@{nick}.tmi.twitch.tv JOIN {line[5:]}\r\n".encode())
                writer.write(
                    f":tmi.twitch.tv 366 {nick} {line[5:]} :End of /NAMES list\r\n".encode()
                )
                writer.write(b"PING :tmi.twitch.tv\r\n")
                self.joined.set()
            elif line == "PONG :tmi.twitch.tv":
                self.ponged.set()
        self.left.set()
        writer.close()

    def say(self, nick: str, text: str, channel: str = "streamer_1") -> None:
        line = f"@badge-info=;color= :{nick}!{nick}@{nick}.tmi.twitch.tv PRIVMSG #{channel} :{text}\r\n"
        for w in self.writers:
            w.write(line.encode())


async def scenario(base: str, fake: FakeIrc) -> None:
    room = open_room(base, mode="cows", level="1-3")
    code, key = room["room"], room["host_key"]
    host = await Client.connect(base, code, role="host", key=key)
    await host.recv()
    await host.send(type="host", key=key, action="twitch", channel="#Streamer_1")
    await asyncio.wait_for(fake.joined.wait(), 10)
    await asyncio.wait_for(fake.ponged.wait(), 10)
    connected = await host.until(
        lambda m: m["type"] == "state" and (m["bridge"] or {}).get("connected")
    )
    assert connected["bridge"]["channel"] == "streamer_1"
    assert re.fullmatch(r"NICK justinfan\d+", fake.lines[0]) and fake.lines[1] == "JOIN #streamer_1"
    assert not any(x.startswith("PASS") for x in fake.lines)  # anonymous read-only

    await host.send(type="host", key=key, action="vote", seconds=30)
    await host.until(lambda m: m["type"] == "state" and m["round"] is not None)
    for nick in ("ann", "bob", "cy"):
        fake.say(nick, "!vote r1c2")
    fake.say("dee", "!VOTE r3c3")
    fake.say("eve", "!vote r3c3")
    fake.say("eve", "!vote r3c3")  # the same vote again counts once
    fake.say("fay", "hello chat, no command here")
    fake.say("gus", "!vote zz9")  # not a cell of the board: ignored
    fake.say("hal", "!vote r4c4", channel="other")  # another channel: ignored
    fake.say("ivy", "!hint r2c2 7")
    live = await host.until(lambda m: m["type"] == "live" and m["votes"] == 5 and m["hints"])
    assert {k: v for k, v in live["tally"].items() if v} == {"r1c2": 3, "r3c3": 2}
    hint = live["hints"][-1]
    assert (hint["name"], hint["cell"], hint["text"]["zh"]) == ("ivy", "r2c2", "这里是 7？")

    await host.send(type="host", key=key, action="close")
    ok = await host.until(lambda m: m["type"] == "ok" and m["action"] == "close")
    assert ok["result"]["winner"] == "r1c2" and ok["result"]["move"] == "cow 0 1"
    state = await host.until(lambda m: m["type"] == "state" and m["moves"])
    assert state["moves"] == ["cow 0 1"]

    await host.send(type="host", key=key, action="kick", viewer="twitch:ann")
    await host.until(lambda m: m["type"] == "ok")
    await host.send(type="host", key=key, action="vote", seconds=30)
    await host.until(lambda m: m["type"] == "state" and m["round"] is not None)
    # the kicked viewer votes a cell nobody else does, so counting it would show; the chat
    # lines are handled in order, so once cy's vote is in, ann's line has been read too
    fake.say("ann", "!vote r2c4")  # kicked: not counted
    fake.say("bob", "!vote r5c5")
    fake.say("cy", "!vote r3c1")
    live = await host.until(lambda m: m["type"] == "live" and m["tally"].get("r3c1"))
    assert {k: v for k, v in live["tally"].items() if v} == {"r5c5": 1, "r3c1": 1}
    # the streamer turns chat off: the bridge hangs up (and the server can stop at once)
    await host.send(type="host", key=key, action="twitch", channel="")
    await host.until(lambda m: m["type"] == "state" and m["bridge"] is None)
    await asyncio.wait_for(fake.left.wait(), 10)
    await host.close()


def run_with_fake(
    cert: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, body: Any, ca: bool = True
) -> None:
    async def main() -> None:
        fake = FakeIrc()
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(str(cert[0]), str(cert[1]))
        server = await asyncio.start_server(fake.handle, "127.0.0.1", 0, ssl=ctx)
        port = server.sockets[0].getsockname()[1]
        monkeypatch.setenv("PUZZLESMITH_TWITCH_IRC", f"127.0.0.1:{port}")
        if ca:
            monkeypatch.setenv("PUZZLESMITH_TWITCH_CAFILE", str(cert[0]))
        else:
            monkeypatch.delenv("PUZZLESMITH_TWITCH_CAFILE", raising=False)
        with serve(create_app()) as base:
            await body(base, fake)
        server.close()

    run(main())


def test_chat_votes_decide_a_round(
    cert: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PUZZLESMITH_TWITCH_TOKEN", raising=False)
    run_with_fake(cert, monkeypatch, scenario)


async def untrusted(base: str, fake: FakeIrc) -> None:
    room = open_room(base, mode="cows", level="1-1")
    host = await Client.connect(base, room["room"], role="host", key=room["host_key"])
    await host.send(type="host", key=room["host_key"], action="twitch", channel="streamer_1")
    state = await host.until(lambda m: m["type"] == "state" and (m["bridge"] or {}).get("error"))
    assert "CERTIFICATE_VERIFY_FAILED" in state["bridge"]["error"]
    assert not fake.joined.is_set()
    await host.close()


def test_an_untrusted_certificate_is_refused(
    cert: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    run_with_fake(cert, monkeypatch, untrusted, ca=False)


def test_login_with_a_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUZZLESMITH_TWITCH_TOKEN", "abc123")
    monkeypatch.setenv("PUZZLESMITH_TWITCH_NICK", "MyBot")
    assert login_lines("chan", settings()) == ["PASS oauth:abc123", "NICK mybot", "JOIN #chan"]
