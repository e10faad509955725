"""Helpers for browser tests of any mode: real pointer input and screenshots."""

from __future__ import annotations

import itertools
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from puzzlesmith.server.config import settings

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"

#: Debian's Chromium, started so that it never reaches for the (closed) network.
CHROMIUM = str(settings().chromium)  # $PUZZLESMITH_CHROMIUM
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


#: each path mode's board class prefix (``.ns-svg``, ``.hx-label``...)
PATH_PREFIX = {"01-number-stroke": "ns", "03-hex-walls": "hx"}
_LABEL_CENTRE = """([p, id]) => {
  const t = document.querySelector(`.${p}-label[data-id="${id}"] .${p}-num`);
  const m = document.querySelector(`.${p}-svg`).getScreenCTM();
  const q = new DOMPoint(+t.getAttribute('x'), +t.getAttribute('y')).matrixTransform(m);
  return [q.x, q.y];
}"""
#: each Number Stroke cell's unit squares, read off its drawn outline (the board's units)
_STROKE_UNITS = """(ids) => {
  const vb = document.querySelector('.ns-svg').viewBox.baseVal;
  return ids.map((id) => {
    const p = document.querySelector(`.ns-cell[data-id="${id}"] .ns-base`), units = [];
    for (let y = Math.floor(vb.y); y < vb.y + vb.height; y++)
      for (let x = Math.floor(vb.x); x < vb.x + vb.width; x++)
        if (p.isPointInFill(new DOMPoint(x + 0.5, y + 0.5))) units.push([x, y]);
    return {id, units};
  });
}"""
_UNITS_TO_PAGE = """(points) => {
  const m = document.querySelector('.ns-svg').getScreenCTM();
  return points.map(([x, y]) => { const p = new DOMPoint(x, y).matrixTransform(m); return [p.x, p.y]; });
}"""
_COW_CENTRE = """(i) => {
  const r = document.querySelector(`.cw-cell[data-i="${i}"] .cw-base`).getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}"""


def cell_centre(page: Any, mode_id: str, cell: Any) -> tuple[float, float]:
    """Where a finger lands on a cell: a path cell's number label (``cell`` its id), a
    Cows cell's square (``cell`` its index r·n + c)."""
    if mode_id in PATH_PREFIX:
        x, y = page.evaluate(_LABEL_CENTRE, [PATH_PREFIX[mode_id], cell])
    else:
        x, y = page.evaluate(_COW_CENTRE, cell)
    return float(x), float(y)


def unit_route(view_json: dict[str, Any], cells: list[str]) -> list[tuple[float, float]]:
    """Unit-square centres (unit coordinates) that walk ``cells`` in order, moving one unit
    at a time and never leaving the current cell except into the next one, so a drag along
    them crosses no third cell whatever the shapes."""
    units = {c["id"]: [tuple(u) for u in c["units"]] for c in view_json["cells"]}
    cur: tuple[int, int] = units[cells[0]][0]
    out = [(cur[0] + 0.5, cur[1] + 0.5)]
    for a, b in itertools.pairwise(cells):
        inside = set(units[a])
        targets = set(units[b])
        prev: dict[tuple[int, int], tuple[int, int] | None] = {cur: None}
        queue = [cur]
        end: tuple[tuple[int, int], tuple[int, int]] | None = None
        while queue and end is None:
            u = queue.pop(0)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                v = (u[0] + dx, u[1] + dy)
                if v in targets:
                    end = (u, v)
                    break
                if v in inside and v not in prev:
                    prev[v] = u
                    queue.append(v)
        assert end is not None, f"{a} and {b} share no edge"
        walk: list[tuple[int, int]] = []
        node: tuple[int, int] | None = end[0]
        while node is not None and node != cur:
            walk.append(node)
            node = prev[node]
        for u in [*reversed(walk), end[1]]:
            out.append((u[0] + 0.5, u[1] + 0.5))
        cur = end[1]
    return out


def play_solution(
    page: Any, pointer: Pointer, mode_id: str, solution: list[Any], upto: int | None = None
) -> None:
    """Play the first ``upto`` steps of a view's solution (all by default) as a player
    would: one drag through the cells (path modes), or two slow taps on each cow's cell,
    ✕ then cow, slower than a double tap (Cows; ``solution`` is each row's column)."""
    if mode_id == "01-number-stroke":  # square by square: big and shaped cells are not convex
        cells = [str(c) for c in solution[:upto]]
        route = unit_route({"cells": page.evaluate(_STROKE_UNITS, cells)}, cells)
        pointer.drag(
            [(float(x), float(y)) for x, y in page.evaluate(_UNITS_TO_PAGE, route)], steps=3
        )
        return
    if mode_id in PATH_PREFIX:  # hexes: the line between two neighbours' centres stays in them
        pointer.drag([cell_centre(page, mode_id, c) for c in solution[:upto]], steps=3)
        return
    n = len(solution)
    for r, c in enumerate(solution[:upto]):
        for _ in range(2):  # ✕ then cow: never a double tap (that needs a cow tapped twice)
            tap_cow(page, pointer, r * n + c)


# ---- waits on conditions, never on the machine's speed ---------------------------------------
#: Cows' double-tap window (static/modes/04-cows.js DOUBLE_TAP_MS)
DOUBLE_TAP_MS = 350


def tap_cow(page: Any, pointer: Any, i: int) -> None:
    """One tap on a Cows cell, returning once the board has taken it (its move count changed)."""
    before = page.get_attribute(".cw-svg", "data-moves")
    pointer.tap(*cell_centre(page, "04-cows", i))
    page.wait_for_function("b => document.querySelector('.cw-svg').dataset.moves !== b", arg=before)


_HTML = "sel => [...document.querySelectorAll(sel)].map((e) => e.outerHTML).join('')"


def tap_until_changed(page: Any, pointer: Any, xy: tuple[float, float], selector: str) -> None:
    """Tap at ``xy`` and return once what the elements ``selector`` matches show (their
    markup, or their absence) has changed: the page has taken the tap."""
    before = page.evaluate(_HTML, selector)
    pointer.tap(*xy)
    page.wait_for_function(f"([sel, b]) => ({_HTML})(sel) !== b", arg=[selector, before])


def page_timers_pass(page: Any, ms: int) -> None:
    """Return once a timer of ``ms`` set now *in the page* has fired. The page's timers
    fire in order, so every one it set before with a shorter delay (a double-tap window,
    a celebration) has fired or been cancelled by then, however slow the machine is."""
    page.evaluate("ms => new Promise((r) => setTimeout(r, ms))", ms)


def past_double_tap(page: Any) -> None:
    """The Cows double-tap window of the last tap has closed (by the page's own clock)."""
    page_timers_pass(page, DOUBLE_TAP_MS + 10)


#: finite animations still playing (CSS animations and transitions, Web Animations)
_MOVING = """() => document.getAnimations().some((a) => a.playState === 'running'
  && a.effect && a.effect.getComputedTiming().endTime !== Infinity)"""


def animations_done(page: Any) -> None:
    """Return once no finite animation is running (a pop, a shake, a turn): a still board."""
    page.wait_for_function(f"() => !({_MOVING})()")


#: every text #toast showed, in order (installed before the page's own scripts run)
_TOAST_LOG = """if (!window.__toasts) { window.__toasts = [];
new MutationObserver(() => {
  const t = document.getElementById('toast');
  if (!t || t.hidden || !t.textContent) return;
  if (window.__toasts[window.__toasts.length - 1] !== t.textContent) window.__toasts.push(t.textContent);
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true}); }"""


def record_toasts(page: Any) -> None:
    """Log every toast the page shows from now on, across loads. A toast lives a few seconds
    by the page's clock; on a loaded machine it can come and go before a check polls, so
    tests wait on the log (``wait_toast``), not on the toast being visible right now."""
    page.add_init_script(_TOAST_LOG)
    page.evaluate(_TOAST_LOG)  # and on the page already open


def wait_toast(page: Any, text: str) -> str:
    """Wait until a toast containing ``text`` has been shown (``record_toasts`` first)."""
    page.wait_for_function("(w) => (window.__toasts || []).some((t) => t.includes(w))", arg=text)
    return str(page.evaluate("(w) => window.__toasts.find((t) => t.includes(w))", text))


def shot(page: Any, name: str) -> Path:
    """A screenshot in test-artifacts/ (look at them: board first, numbers readable)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path
