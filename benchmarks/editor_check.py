"""Live-check latency of the level editor: server time and HTTP round trip, p50 / p95.

Boards are the kind a designer has mid-edit: random connected shapes with a few clues
(Number Stroke: unit squares, some merged; Hex Walls: hexes, a start 1, a few walls;
Cows: N random connected regions), at every size the editor allows. "server" is
:func:`check_raw` in this process (what the worker computes); "http" is
``POST /api/modes/{mode}/check-level`` through the app, worker process and budget
included (the browser adds its own fetch and draw on top). Every answer must be a
verdict or a clean "too-large".

``--browser`` adds the browser's round trip: Chromium's ``fetch`` of the same route
against a live server (uvicorn on a free loopback port), as the editor makes it.

Usage: .venv/bin/python benchmarks/editor_check.py [--boards 12] [--seed 1] [--browser]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "codes"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from codes_support import DIRECTIONS, _grow, cows_level, stroke_level
from fastapi.testclient import TestClient

from puzzlesmith.core import registry
from puzzlesmith.core.levelcheck import check_raw
from puzzlesmith.server.app import create_app

#: (mode, sizes, the band players make: sizes up to this are held to the 100 ms target)
BANDS: list[tuple[str, list[int], int]] = [
    ("01-number-stroke", [10, 20, 30, 40, 60, 80, 100], 40),
    ("03-hex-walls", [8, 15, 20, 25, 32, 40], 25),
    ("04-cows", [5, 6, 7, 8, 9, 10, 11, 12], 10),
]


def stroke_board(rng: random.Random, n: int) -> dict[str, Any]:
    """Every other board a random shape (often no path at all), else a block of 1×1 squares."""
    if rng.random() < 0.5:
        w = next(w for w in range(int(n**0.5), n + 1) if n % w == 0)
        block = [{"id": f"c{k}", "x": k % w, "y": k // w, "w": 1, "h": 1} for k in range(n)]
        return path_clues("01-number-stroke", {"id": "draft", "cells": block}, rng)
    raw = stroke_level(rng, squares=n)
    cells = raw["cells"]
    for c in cells:
        c.pop("clue", None)
        c.pop("parity", None)
    return path_clues("01-number-stroke", {"id": "draft", "cells": cells}, rng)


def path_clues(mode_id: str, raw: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Clues a designer would place: 1 and up to two more steps of a real path (if any)."""
    mode = registry.get(mode_id)
    level, _ = mode.parse_level(raw, "draft")
    sol = mode.solve(level, 1).solutions if level is not None else []
    if sol:
        path = sol[0]
        steps = [1, *rng.sample(range(2, len(path) + 1), min(len(path) - 1, rng.randint(0, 2)))]
        at = {path[s - 1]: s for s in steps}
        for c in raw["cells"]:
            if c["id"] in at:
                c["clue"] = at[c["id"]]
    return raw


def hex_board(rng: random.Random, n: int) -> dict[str, Any]:
    hexes = _grow(rng, n, DIRECTIONS)
    cells: list[dict[str, Any]] = [{"id": f"{q},{r}", "q": q, "r": r} for q, r in hexes]
    on = set(hexes)
    edges = [
        ((q, r), (q + dq, r + dr))
        for q, r in hexes
        for dq, dr in DIRECTIONS
        if (q + dq, r + dr) in on and (q, r) < (q + dq, r + dr)
    ]
    walls = rng.sample(edges, min(len(edges), n // 6))
    raw = {"id": "draft", "cells": cells, "walls": [[list(a), list(b)] for a, b in walls]}
    return path_clues("03-hex-walls", raw, rng)


def cows_board(rng: random.Random, n: int) -> dict[str, Any]:
    return {**cows_level(rng, n), "id": "draft"}


BUILD = {"01-number-stroke": stroke_board, "03-hex-walls": hex_board, "04-cows": cows_board}


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p * (len(xs) - 1)))]


_FETCH_ALL = """async ([mode, boards]) => {
  const out = [];
  for (const level of boards) {
    const t0 = performance.now();
    const r = await fetch(`/api/modes/${mode}/check-level`, {method: "POST",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify({level})});
    await r.json();
    out.push(performance.now() - t0);
  }
  return out;
}"""


def browser_round_trips(boards: dict[str, list[dict[str, Any]]]) -> dict[str, list[float]]:
    """Per mode, the browser's fetch times (ms) of the check route on a live server."""
    import socket
    import threading

    import uvicorn
    from browser_support import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            page = b.new_page()
            page.goto(f"http://127.0.0.1:{port}/api/modes")
            out = {m: page.evaluate(_FETCH_ALL, [m, bs]) for m, bs in boards.items()}
            b.close()
    finally:
        server.should_exit = True
        thread.join(5)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=12, help="boards per size")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--browser", action="store_true", help="also the browser round trip")
    args = ap.parse_args()
    played: dict[str, list[dict[str, Any]]] = {}
    app = create_app()
    client = TestClient(app)
    print(f"budget {app.state.checker.seconds:g} s; {args.boards} boards per size; times in ms")
    print(
        f"{'mode':18} {'size':>4}  {'server p50':>10} {'p95':>7} {'max':>7}  "
        f"{'http p50':>8} {'p95':>7}  verdicts"
    )
    player_server: dict[str, list[float]] = {}
    for mode_id, sizes, player_max in BANDS:
        mode = registry.get(mode_id)
        rng = random.Random(args.seed)
        client.post(
            f"/api/modes/{mode_id}/check-level", json={"level": BUILD[mode_id](rng, sizes[0])}
        )
        for n in sizes:
            server: list[float] = []
            http: list[float] = []
            verdicts: Counter[str] = Counter()
            for _ in range(args.boards):
                raw = BUILD[mode_id](rng, n)
                if n <= player_max:
                    played.setdefault(mode_id, []).append(raw)
                t0 = time.perf_counter()
                local = check_raw(mode, raw)
                server.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                r = client.post(f"/api/modes/{mode_id}/check-level", json={"level": raw})
                http.append((time.perf_counter() - t0) * 1000)
                assert r.status_code == 200, r.text
                verdict = r.json()["verdict"]
                assert verdict in ("none", "unique", "multiple", "too-large"), verdict
                assert verdict == local.verdict or verdict == "too-large", (verdict, local.verdict)
                verdicts[verdict] += 1
            if n <= player_max:
                player_server.setdefault(mode_id, []).extend(server)
            vs = " ".join(f"{k}:{v}" for k, v in sorted(verdicts.items()))
            print(
                f"{mode.cli_name:18} {n:>4}  {statistics.median(server):>10.1f} "
                f"{pct(server, 0.95):>7.1f} {max(server):>7.1f}  "
                f"{statistics.median(http):>8.1f} {pct(http, 0.95):>7.1f}  {vs}"
            )
    print()
    print("shipped levels (unique: solve, publish checks and grade all run)")
    for mode_id, _, player_max in BANDS:
        mode = registry.get(mode_id)
        times: list[float] = []
        for pack in mode.shipped_packs():
            for lv in pack.levels:
                raw = {**mode.dump_level(lv), "id": "draft"}
                t0 = time.perf_counter()
                check_raw(mode, raw)
                times.append((time.perf_counter() - t0) * 1000)
                if mode.level_size(lv) <= player_max:
                    player_server[mode_id].append(times[-1])
        print(
            f"{mode.cli_name:8} {len(times):>3} levels: server p50 "
            f"{statistics.median(times):.1f} ms, p95 {pct(times, 0.95):.1f} ms, "
            f"max {max(times):.1f} ms"
        )
    print()
    for mode_id, _, player_max in BANDS:
        xs = player_server[mode_id]
        p95 = pct(xs, 0.95)
        mark = "ok" if p95 < 100 else "OVER the 100 ms target"
        print(
            f"{registry.get(mode_id).cli_name:8} sizes players make (<= {player_max}): "
            f"server p50 {statistics.median(xs):.1f} ms, p95 {p95:.1f} ms — {mark}"
        )
    app.state.checker.close()
    if args.browser:
        print()
        for mode_id, xs in browser_round_trips(played).items():
            print(
                f"{registry.get(mode_id).cli_name:8} browser round trip (sizes players make): "
                f"p50 {statistics.median(xs):.1f} ms, p95 {pct(xs, 0.95):.1f} ms"
            )


if __name__ == "__main__":
    main()
