"""Browser benchmark of the Number Stroke client: size, time to interactive, pointer-move cost.

Prints:
- client JS + CSS size (every file under server/static, and the shell + stroke subset);
  target < 100 KB uncompressed;
- time to interactive of the play screen on localhost (navigation start → board drawn
  and its pointer listeners attached, marked by the client), median of several loads; target < 1 s;
- time to handle one pointer move (hit test + append + redraw of the changed cells,
  with the style/layout flush it causes), on the largest shipped level; target < 4 ms.

Run: .venv/bin/python benchmarks/browser_stroke.py [--loads 7] [--sweeps 30]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import sync_playwright

from puzzlesmith.core import registry

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from browser_support import CHROMIUM, CHROMIUM_ARGS

from puzzlesmith.server.app import create_app
from puzzlesmith.server.static_files import client_tree

MODE = "01-number-stroke"

# Runs in the page: press the first solution cell, then move through the solution
# (appending one cell per move) and back to the start (one rewind), many times.
_MOVES = """async ([sweeps, kind]) => {
  const svg = document.querySelector('.ns-svg');
  const m = svg.getScreenCTM();
  const at = (id) => {
    const t = document.querySelector(`.ns-label[data-id="${id}"] .ns-num`);
    const p = new DOMPoint(+t.getAttribute('x'), +t.getAttribute('y')).matrixTransform(m);
    return [p.x, p.y];
  };
  const ev = (type, [x, y]) => new PointerEvent(type, {
    clientX: x, clientY: y, pointerId: 7, isPrimary: true, pointerType: kind, button: 0,
    buttons: 1, bubbles: true, cancelable: true,
  });
  const sol = window.__benchSolution.slice(0, -1);   // stop short of clearing
  const pts = sol.map(at);
  const append = [], rewind = [], still = [];
  for (let s = 0; s < sweeps; s++) {
    svg.dispatchEvent(ev('pointerdown', pts[0]));
    for (let i = 1; i < pts.length; i++) {
      let t0 = performance.now();
      svg.dispatchEvent(ev('pointermove', pts[i]));
      document.body.offsetHeight;                      // flush style + layout of the redraw
      append.push(performance.now() - t0);
      t0 = performance.now();
      svg.dispatchEvent(ev('pointermove', [pts[i][0] + 1, pts[i][1] + 1]));
      document.body.offsetHeight;
      still.push(performance.now() - t0);
      await new Promise((r) => requestAnimationFrame(() => r()));  // moves arrive per frame
    }
    const t0 = performance.now();
    svg.dispatchEvent(ev('pointermove', pts[0]));
    document.body.offsetHeight;
    rewind.push(performance.now() - t0);
    svg.dispatchEvent(ev('pointerup', pts[0]));
    await new Promise((r) => requestAnimationFrame(() => r()));
  }
  return {append, rewind, still, len: svg.dataset.len};
}"""


def client_sizes() -> tuple[int, int, list[tuple[str, int]]]:
    tree = client_tree()  # the server's static folder and each mode's files (its package)
    rows = [(rel, len(source.bytes())) for rel, source in sorted(tree.items())]
    rows = [(rel, n) for rel, n in rows if rel.endswith((".js", ".css", ".html"))]
    total = sum(n for name, n in rows if not name.endswith(".html"))
    other = {m.id for m in registry.all_modes()} - {MODE}
    stroke = sum(
        n for name, n in rows if not name.endswith(".html") and not any(o in name for o in other)
    )
    return total, stroke, rows


def start_server() -> tuple[uvicorn.Server, str]:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    )
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return server, f"http://127.0.0.1:{port}"


def largest_level() -> tuple[str, int]:
    mode = registry.get(MODE)
    best = ("demo", 0)
    for pack in mode.shipped_packs():
        for lv in pack.levels:
            if len(lv.cells) > best[1]:
                best = (lv.id, len(lv.cells))
    return best


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=7)
    ap.add_argument("--sweeps", type=int, default=30)
    args = ap.parse_args()

    total, stroke, rows = client_sizes()
    print("== client size (uncompressed)")
    for name, n in rows:
        print(f"  {n / 1024:7.1f} KB  {name}")
    print(
        f"  JS+CSS loaded by the stroke game (shell + stroke): {stroke / 1024:.1f} KB   (target < 100 KB)"
    )
    print(f"  JS+CSS shipped for every mode (each loads its own): {total / 1024:.1f} KB")

    server, base = start_server()
    level, n = largest_level()
    results: dict[str, Any] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        ctx = browser.new_context(
            viewport={"width": 390, "height": 844},
            device_scale_factor=2,
            has_touch=True,
            is_mobile=True,
        )
        page = ctx.new_page()
        url = f"{base}/?all=1#/{MODE}/{level}"
        tti: list[float] = []
        for i in range(args.loads + 1):
            page.goto("about:blank")
            page.goto(url)
            page.wait_for_selector(f'.ns-svg[aria-label="{level}"]')
            # interactive = the board is drawn and its pointer listeners are attached,
            # marked by the client itself (ms since this document's navigation start)
            t = page.evaluate("performance.getEntriesByName('ns:interactive')[0].startTime")
            if i:  # the first load warms the HTTP and module caches' cold path once
                tti.append(float(t))
        results["tti"] = tti
        sol = page.request.get(f"{base}/api/modes/{MODE}/levels/{level}").json()["solution"]
        page.evaluate("(s) => { window.__benchSolution = s; }", sol)
        out = {}
        for kind in ("touch", "mouse"):
            page.goto(url)
            page.wait_for_selector(f'.ns-svg[aria-label="{level}"]')
            page.evaluate("(s) => { window.__benchSolution = s; }", sol)
            out[kind] = page.evaluate(_MOVES, [args.sweeps, kind])
        browser.close()
    server.should_exit = True

    print(f"== time to interactive, play screen of {level} (N={n}), localhost")
    print(
        f"  median {statistics.median(tti):.0f} ms, max {max(tti):.0f} ms over {len(tti)} loads"
        "   (target < 1000 ms)"
    )
    print("== one pointer move (hit test + append/rewind + redraw of changed cells + layout)")
    for kind, r in out.items():
        for label in ("append", "rewind", "still"):
            xs = r[label]
            print(
                f"  {kind:5} {label:6}: median {statistics.median(xs):.3f} ms, "
                f"p95 {pct(xs, 0.95):.3f} ms, max {max(xs):.3f} ms  (n={len(xs)})"
            )
    worst = max(pct(r["append"], 0.95) for r in out.values())
    print(f"  worst p95 append: {worst:.3f} ms   (target < 4 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
