"""The Twitch chat bridge: IRC over TLS, ``!vote c3`` / ``!hint c3`` lines become commands.

Anonymous and read-only by default (the ``justinfanNNNN`` login Twitch accepts without
a password); with ``PUZZLESMITH_TWITCH_TOKEN`` (and ``PUZZLESMITH_TWITCH_NICK``) in the
app's settings it logs in with that OAuth token instead. ``PUZZLESMITH_TWITCH_IRC``
(``host:port``, default ``irc.chat.twitch.tv:6697``) and ``PUZZLESMITH_TWITCH_CAFILE``
(extra trusted certificates) exist for tests against a local fake server. TLS is always on.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import ssl
from collections.abc import Callable

from puzzlesmith.server.config import Settings
from puzzlesmith.server.rooms.commands import ChatAdapter, CommandSink, parse_chat
from puzzlesmith.server.rooms.room import RoomError

_CHANNEL = re.compile(r"#?([a-z0-9_]{2,25})")
#: ``:nick!user@host PRIVMSG #channel :text`` (IRCv3 tags, if any, come first)
_PRIVMSG = re.compile(r"(?:@\S+ )?:([^!\s]+)!\S+ PRIVMSG #(\S+) :(.*)")
MAX_LINE = 4096


def check_channel(raw: object) -> str:
    """A Twitch channel name, lower case, without ``#``; RoomError otherwise."""
    name = raw.strip().lower() if isinstance(raw, str) else ""
    m = _CHANNEL.fullmatch(name)
    if not m:
        raise RoomError("bad-channel", "twitch: channel names are 2-25 letters, digits or _")
    return m.group(1)


def server_address(conf: Settings) -> tuple[str, int]:
    host, _, port = conf.twitch_irc.rpartition(":")
    return host, int(port)


def tls_context(conf: Settings) -> ssl.SSLContext:
    """Certificate and host name checked; an extra CA file only when the settings name one."""
    ctx = ssl.create_default_context()
    if conf.twitch_cafile:
        ctx.load_verify_locations(conf.twitch_cafile)
    return ctx


def login_lines(channel: str, conf: Settings) -> list[str]:
    """PASS/NICK for the settings' token, else the anonymous read-only login."""
    token = conf.twitch_token.strip()
    nick = conf.twitch_nick.strip().lower()
    if token and nick:
        if not token.startswith("oauth:"):
            token = "oauth:" + token
        lines = [f"PASS {token}", f"NICK {nick}"]
    else:
        lines = [f"NICK justinfan{secrets.randbelow(90000) + 10000}"]
    return [*lines, f"JOIN #{channel}"]


class TwitchChat(ChatAdapter):
    """One channel's chat; reconnects with back-off until the task is cancelled."""

    kind = "twitch"

    def __init__(
        self, channel: str, conf: Settings, on_status: Callable[[], None] | None = None
    ) -> None:
        self.channel = check_channel(channel)
        self.conf = conf
        self.on_status = on_status
        self.connected = False
        self.error: str | None = None
        self.messages = 0

    def status(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "channel": self.channel,
            "connected": self.connected,
            "error": self.error,
            "messages": self.messages,
        }

    def _set(self, connected: bool, error: str | None) -> None:
        if (connected, error) != (self.connected, self.error):
            self.connected, self.error = connected, error
            if self.on_status is not None:
                self.on_status()

    async def run(self, sink: CommandSink) -> None:
        delay = 1.0
        while True:
            try:
                await self._session(sink)
                delay = 1.0
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # network, TLS, a closed socket: try again later
                self._set(False, f"{exc.__class__.__name__}: {exc}"[:200])
            await asyncio.sleep(delay)
            delay = min(60.0, delay * 2)

    async def _session(self, sink: CommandSink) -> None:
        host, port = server_address(self.conf)
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(
                host, port, ssl=tls_context(self.conf), server_hostname=host, limit=MAX_LINE
            ),
            timeout=15,
        )
        try:
            for line in login_lines(self.channel, self.conf):
                writer.write(line.encode() + b"\r\n")
            await writer.drain()
            while True:
                raw = await reader.readline()
                if not raw:
                    raise ConnectionError("the chat server closed the connection")
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                if line.startswith("PING"):
                    writer.write(b"PONG" + line[4:].encode() + b"\r\n")
                    await writer.drain()
                elif " 366 " in line or " JOIN #" in line:
                    self._set(True, None)
                elif " NOTICE " in line and "failed" in line.lower():
                    raise ConnectionError(line.rpartition(" :")[2][:200])
                else:
                    self._message(line, sink)
        finally:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
            self.connected = False

    def _message(self, line: str, sink: CommandSink) -> None:
        m = _PRIVMSG.match(line)
        if not m or m.group(2).lower() != self.channel:
            return
        cmd = parse_chat(m.group(3))
        if cmd is None:
            return
        self.messages += 1
        nick = m.group(1).lower()[:25]
        sink(nick, nick, cmd)
