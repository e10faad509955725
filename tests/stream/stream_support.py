"""Shared by the stream tests: a real uvicorn server in a thread and a WebSocket client."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar
from urllib.parse import urlencode

import httpx
import uvicorn
import websockets
from fastapi import FastAPI

T = TypeVar("T")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(app: FastAPI) -> Iterator[str]:
    """The app under uvicorn on a free loopback port; yields ``http://127.0.0.1:<port>``."""
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def open_room(base: str, **body: Any) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/rooms", json=body, timeout=10)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


class Client:
    """One WebSocket client of a room: keeps every message, waits for the one wanted."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.inbox: list[dict[str, Any]] = []
        self._used: set[int] = set()

    @classmethod
    async def connect(cls, base: str, room: str, **params: str) -> Client:
        query = urlencode(params)
        url = (
            base.replace("http://", "ws://") + f"/ws/rooms/{room}" + (f"?{query}" if query else "")
        )
        return cls(await websockets.connect(url, max_size=2**22, open_timeout=20))

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
