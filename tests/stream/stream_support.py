"""Shared by the stream tests: a real uvicorn server in a thread and a WebSocket client."""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlencode

import httpx
import websockets

# One live-server helper for every test that needs a real server: the browser tests' one.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from browser_support import serving as serve

__all__ = ["Client", "addr", "mint", "open_room", "run", "serve", "small_app"]

T = TypeVar("T")


def small_app(**limits: Any) -> Any:
    """An app with only the rooms' routes, and a hub with other limits."""
    from fastapi import FastAPI

    from puzzlesmith.server import errors
    from puzzlesmith.server.rooms.hub import Hub
    from puzzlesmith.server.rooms.limits import Limits
    from puzzlesmith.server.rooms.ready import Rooms
    from puzzlesmith.server.routers import rooms

    app = FastAPI()
    errors.install(app)
    app.state.rooms = Rooms(Hub(Limits(**limits)))  # as create_app does, other limits
    app.include_router(rooms.router)
    return app


def open_room(base: str, **body: Any) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/rooms", json=body, timeout=10)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def addr(k: int) -> str:
    """The k-th loopback address (127.0.0.0/8 is all loopback on Linux): tests play
    viewers on different networks, as the per-address limits see them."""
    return f"127.{(k // 250) % 250}.{k % 250 + 1}.{(k // 62500) % 250 + 1}"


async def mint(base: str, room: str, local: str = "127.0.0.1") -> httpx.Response:
    transport = httpx.AsyncHTTPTransport(local_address=local)
    async with httpx.AsyncClient(transport=transport, timeout=20) as http:
        return await http.post(f"{base}/api/rooms/{room}/viewer")


class Client:
    """One WebSocket client of a room: keeps every message, waits for the one wanted."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.token = ""
        self.id = ""
        self.inbox: list[dict[str, Any]] = []
        self._used: set[int] = set()

    @classmethod
    async def connect(cls, base: str, room: str, local: str = "127.0.0.1", **params: str) -> Client:
        query = urlencode(params)
        url = (
            base.replace("http://", "ws://") + f"/ws/rooms/{room}" + (f"?{query}" if query else "")
        )
        # max_queue=None: a test reads a socket only when it waits on it; with flow control
        # the library would stop reading (pings too) and the server would drop it
        ws = await websockets.connect(
            url,
            max_size=2**22,
            open_timeout=20,
            local_addr=(local, 0),
            ping_timeout=None,
            max_queue=None,
        )
        return cls(ws)

    @classmethod
    async def viewer(cls, base: str, room: str, local: str = "127.0.0.1", **params: str) -> Client:
        """A viewer as the page is one: an identity from the server, then the socket (both
        from the address ``local``)."""
        r = await mint(base, room, local)
        assert r.status_code == 201, r.text
        client = await cls.connect(base, room, local, token=r.json()["token"], **params)
        client.token = r.json()["token"]
        client.id = r.json()["viewer"]
        return client

    async def recv(self, timeout: float = 30) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.inbox.append(msg)
        return msg

    async def until(self, pred: Any, timeout: float = 30) -> dict[str, Any]:
        """The first message not returned by ``until`` before that satisfies ``pred``."""
        deadline = asyncio.get_running_loop().time() + timeout
        checked = 0
        while True:
            for i in range(checked, len(self.inbox)):
                if i not in self._used and pred(self.inbox[i]):
                    self._used.add(i)
                    return self.inbox[i]
            checked = len(self.inbox)
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise TimeoutError(f"no such message; last: {self.inbox[-3:]}")
            await self.recv(left)

    async def send(self, **msg: Any) -> None:
        await self.ws.send(json.dumps(msg))

    async def close(self) -> None:
        await self.ws.close()


def run(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: the browser tests' Playwright (sync API)
    keeps an event loop running in the main thread for the whole session."""
    out: list[T] = []
    err: list[BaseException] = []

    def target() -> None:
        try:
            out.append(asyncio.run(coro))
        except BaseException as exc:
            err.append(exc)

    t = threading.Thread(target=target)
    t.start()
    t.join()
    if err:
        raise err[0]
    return out[0]
