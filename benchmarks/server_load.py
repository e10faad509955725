"""Issue #22 item 6's target: light routes stay fast under 200 concurrent heavy clients.

    .venv/bin/python benchmarks/server_load.py                 # 200 heavy clients, 20 s
    .venv/bin/python benchmarks/server_load.py --clients 50 --seconds 10

Starts the real server (uvicorn, a separate process, a free loopback port). Heavy
clients post the longest move lists the API accepts (4,096 moves) to the check route
and ask for hints, as fast as they can, over their own connections; some hang up
mid-request. Meanwhile one light client keeps fetching ``/api/modes``, a pack list
and a static file. Then eight clients post 50 MB bodies at once. Prints the light
routes' p50/p99/max latency, heavy throughput and status codes, and the server's
resident memory before, at peak and after. Targets: light p99 < 200 ms; no request
makes the server use more than 100 MB extra.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

LEVEL = "/api/modes/01-number-stroke/levels/1-10"
LIGHT = ["/api/modes", "/api/modes/01-number-stroke/packs", "/static/shell/main.js"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mb(pid: int) -> tuple[float, float]:
    """(current, peak) resident memory of a process, in MB."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


async def heavy_client(
    base: str, moves: list[str], stop: float, codes: Counter[int], k: int
) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as c:
        n = 0
        while time.monotonic() < stop:
            n += 1
            try:
                if k % 10 == 0 and n % 3 == 0:  # hang up mid-request
                    await asyncio.wait_for(c.post(LEVEL + "/check", json={"moves": moves}), 0.05)
                elif n % 4 == 0:
                    r = await c.post(LEVEL + "/hint", json={"moves": moves[:3], "kind": "guide"})
                    codes[r.status_code] += 1
                else:
                    r = await c.post(LEVEL + "/check", json={"moves": moves})
                    codes[r.status_code] += 1
            except (TimeoutError, httpx.HTTPError):
                codes[0] += 1


async def big_bodies(base: str, n: int, size: int) -> Counter[int]:
    body = b'{"moves": ["' + b"a" * size + b'"]}'
    codes: Counter[int] = Counter()

    async def one(c: httpx.AsyncClient) -> None:
        try:
            r = await c.post(
                LEVEL + "/check", content=body, headers={"content-type": "application/json"}
            )
            codes[r.status_code] += 1
        except httpx.HTTPError:
            codes[0] += 1  # the server may close the connection after its 413

    async with httpx.AsyncClient(base_url=base, timeout=60) as c:
        await asyncio.gather(*(one(c) for _ in range(n)))
    return codes


def pct(xs: list[float], p: float) -> float:
    return sorted(xs)[min(len(xs) - 1, int(p * len(xs)))] * 1000


def heavy_load(base: str, moves: list[str], clients: int, seconds: float, out: Any) -> None:
    """The heavy clients, in their own process so that they do not slow the measuring one."""
    codes: Counter[int] = Counter()
    stop = time.monotonic() + seconds

    async def all_clients() -> None:
        await asyncio.gather(*(heavy_client(base, moves, stop, codes, k) for k in range(clients)))

    asyncio.run(all_clients())
    out.put(dict(codes))


def run(base: str, pid: int, clients: int, seconds: float) -> None:
    view = httpx.get(base + LEVEL).json()
    sol = view["solution"]
    path = [f"start {sol[0]}"] + [f"add {x}" for x in sol[1:]]
    moves = [*path, "reset"] * (4096 // (len(path) + 1))
    before, _ = rss_mb(pid)
    queue: Any = multiprocessing.Queue()
    load = multiprocessing.Process(target=heavy_load, args=(base, moves, clients, seconds, queue))
    load.start()
    time.sleep(min(3.0, seconds / 4))  # let the heavy clients connect and pile up
    lat: list[float] = []
    light_codes: Counter[int] = Counter()
    stop = time.monotonic() + seconds - min(3.0, seconds / 4) - 1
    with httpx.Client(base_url=base, timeout=30) as c:
        i = 0
        while time.monotonic() < stop:
            t = time.perf_counter()
            r = c.get(LIGHT[i % len(LIGHT)])
            lat.append(time.perf_counter() - t)
            light_codes[r.status_code] += 1
            i += 1
            time.sleep(0.02)
    heavy_codes = queue.get()
    load.join()
    _, peak = rss_mb(pid)
    print(
        f"{clients} heavy clients × {len(moves)} moves for {seconds:.0f} s: "
        f"light requests {len(lat)}, p50 {pct(lat, 0.5):.0f} ms, p99 {pct(lat, 0.99):.0f} ms, "
        f"max {max(lat) * 1000:.0f} ms (target p99 < 200 ms); light codes {dict(light_codes)}"
    )
    print(f"heavy answers {dict(sorted(heavy_codes.items()))} (0 = hung up / timed out)")
    print(f"server RSS: before {before:.0f} MB, peak {peak:.0f} MB (+{peak - before:.0f} MB)")
    mid, _ = rss_mb(pid)
    codes = asyncio.run(big_bodies(base, 8, 50 * 1024 * 1024))
    after, peak2 = rss_mb(pid)
    print(
        f"8 × 50 MB bodies at once: answers {dict(codes)} (0 = closed by the server after "
        f"its 413, before the body was sent); server RSS {mid:.0f} → {after:.0f} MB "
        f"(peak {peak2:.0f} MB; target: under +100 MB)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=20.0)
    args = ap.parse_args()
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "--factory",
            "puzzlesmith.server.app:create_app",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
        ],
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                httpx.get(base + "/api/modes", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        run(base, server.pid, args.clients, args.seconds)
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
