"""Helpers for browser tests of any mode: real pointer input and screenshots."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"

#: Debian's Chromium, started so that it never reaches for the (closed) network.
CHROMIUM = os.environ.get("PUZZLESMITH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """``app`` under uvicorn on http://127.0.0.1:<free port> in a background thread; stopped
    on exit (a test that needs the server gone — offline play — leaves the block)."""
    import uvicorn

    config = uvicorn.Config(app, host="127.0.0.1", port=free_port(), log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{config.port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


class Pointer:
    """Real input on either device: touch through CDP, mouse through Playwright."""

    def __init__(self, page: Any, device: str) -> None:
        self.page = page
        self.device = device
        self._cdp = page.context.new_cdp_session(page) if device == "touch" else None

    def _touch(self, kind: str, x: float, y: float) -> None:
        assert self._cdp is not None
        points = (
            [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1, "radiusX": 4, "radiusY": 4}]
        )
        self._cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def down(self, x: float, y: float) -> None:
        if self._cdp:
            self._touch("touchStart", x, y)
        else:
            self.page.mouse.move(x, y)
            self.page.mouse.down()

    def move(self, x: float, y: float) -> None:
        if self._cdp:
            self._touch("touchMove", x, y)
        else:
            self.page.mouse.move(x, y)

    def up(self, x: float = 0, y: float = 0) -> None:
        if self._cdp:
            self._touch("touchEnd", x, y)
        else:
            self.page.mouse.up()

    def tap(self, x: float, y: float) -> None:
        self.down(x, y)
        self.up(x, y)

    def drag(self, points: list[tuple[float, float]], steps: int = 4) -> None:
        """Press on the first point, move through the others in ``steps`` samples each, lift."""
        x0, y0 = points[0]
        self.down(x0, y0)
        for x1, y1 in points[1:]:
            for s in range(1, steps + 1):
                self.move(x0 + (x1 - x0) * s / steps, y0 + (y1 - y0) * s / steps)
            x0, y0 = x1, y1
        self.up(x0, y0)


def shot(page: Any, name: str) -> Path:
    """A screenshot in test-artifacts/ (look at them: board first, numbers readable)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path
