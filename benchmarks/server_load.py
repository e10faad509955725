"""Issue #22 item 6's target: light routes stay fast under 200 concurrent heavy clients.

    .venv/bin/python benchmarks/server_load.py                 # 200 heavy clients, 20 s
    .venv/bin/python benchmarks/server_load.py --clients 50 --seconds 10
    .venv/bin/python benchmarks/server_load.py --api           # #29: req/s vs a bare Starlette app
    .venv/bin/python benchmarks/server_load.py --api --profile # ... and cProfile of the routes
    .venv/bin/python benchmarks/server_load.py --attack        # #30: clip + open-code attack
    .venv/bin/python benchmarks/server_load.py --attack --addresses 4   # #38: from 4 addresses

``--api``: 200 keep-alive clients (one process, raw HTTP/1.1) fetch the level list and a
level's view as fast as they can, from the real app (as ``puzzlesmith play`` runs it) and
from a bare Starlette app serving the same JSON bytes under the same uvicorn, in the same
run; prints req/s of each and the ratio (goal ≥ 0.7). ``--profile`` runs the real app
in-process under cProfile while the clients load it and prints the top functions.
``--attack``: 40 clients post 10,000-move clips and 4 loop the open hex code while a
light client measures ``GET /api/modes``; prints its p99 and the server's RSS (goal
p99 < 200 ms, RSS < 1 GB). ``--addresses N`` (issue #38) sends the attack from N loopback
addresses (127.0.0.2 …) and adds three attacks from several addresses: N addresses loop
an open 10×10 Number Stroke board's check with ``suggest: 5`` while a designer at another
address checks a small Cows level (its p50/p95; goal p95 < 1 s); two addresses each hold
more half-open connections than the whole cap while a third fetches ``/api/modes`` on
new connections (the share answered 200; goal ≥ 99 %); and N + 21 addresses try to open
21 rooms each, then a newcomer opens one (goal: it can).

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
import os
import socket
import statistics
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


def children(pid: int) -> list[int]:
    """The direct child processes of ``pid`` (Linux /proc)."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        out += [int(c) for c in (task / "children").read_text().split()]
    return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used (Linux /proc): a busy machine slows a
    server's requests down but hardly changes the CPU each one costs."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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


# ---- #29: the API at the framework's speed ------------------------------------------
LIST = "/api/modes/01-number-stroke/packs"
VIEW = LEVEL
#: measurements of each app per route, interleaved
ROUNDS = 3
#: what `puzzlesmith play` adds to uvicorn (cli/play.py)
PLAY_FLAGS = [
    "--http",
    "puzzlesmith.server.connguard:HeaderDeadline",
    "--timeout-keep-alive",
    "5",
    "--limit-concurrency",
    "1000",
]


def bare_app() -> Any:
    """A bare Starlette app answering the same JSON bytes (the reference of issue #29)."""
    from fastapi.testclient import TestClient
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

    from puzzlesmith.server.app import create_app

    with TestClient(create_app()) as c:
        bodies = {path: c.get(path).content for path in (LIST, VIEW)}

    def endpoint(body: bytes) -> Any:
        async def answer(_: Request) -> Response:
            return Response(body, media_type="application/json")

        return answer

    return Starlette(routes=[Route(p, endpoint(b)) for p, b in bodies.items()])


async def _hammer(port: int, path: str, stop: float, counts: Counter[int]) -> None:
    """One keep-alive connection asking for ``path`` until ``stop`` (raw HTTP/1.1: an
    HTTP library would be slower than the server it measures)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    req = f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    try:
        while time.monotonic() < stop:
            writer.write(req)
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head[9:12])
            low = head.lower()
            at = low.find(b"content-length:")
            size = int(low[at + 15 : low.find(b"\r\n", at)]) if at >= 0 else 0
            await reader.readexactly(size)
            counts[status] += 1
    except (ConnectionError, asyncio.IncompleteReadError):
        counts[0] += 1
    finally:
        writer.close()


def _load(port: int, path: str, clients: int, seconds: float, out: Any) -> None:
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    counts: Counter[int] = Counter()
    stop = time.monotonic() + seconds

    async def all_clients() -> None:
        await asyncio.gather(*(_hammer(port, path, stop, counts) for _ in range(clients)))

    asyncio.run(all_clients())
    out.put(dict(counts))


def req_per_s(port: int, path: str, clients: int, seconds: float) -> tuple[float, dict[int, int]]:
    queue: Any = multiprocessing.Queue()
    proc = multiprocessing.Process(target=_load, args=(port, path, clients, seconds, queue))
    proc.start()
    counts: dict[int, int] = queue.get(timeout=seconds + 120)
    proc.join(30)
    return counts.get(200, 0) / seconds, counts


def start(args: list[str], port: int) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "uvicorn", *args, "--host", "127.0.0.1", "--port", str(port)]
    server = subprocess.Popen([*cmd, "--log-level", "warning"])
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and server.poll() is None:
        try:
            httpx.get(f"http://127.0.0.1:{port}{LIST}", timeout=1)
            return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    server.wait(10)
    raise SystemExit(f"the server did not start: {' '.join(args)}")


def api(clients: int, seconds: float, profile: bool) -> None:
    here = str(Path(__file__).resolve().parent)
    apps = {
        "puzzlesmith (as play runs it)": [
            "--factory",
            "puzzlesmith.server.app:create_app",
            *PLAY_FLAGS,
        ],
        # without play's header deadline and connection cap: what those cost
        "puzzlesmith, plain uvicorn": ["--factory", "puzzlesmith.server.app:create_app"],
        "bare Starlette, same bytes": ["--factory", "--app-dir", here, "server_load:bare_app"],
    }
    ports = {name: free_port() for name in apps}
    servers: dict[str, subprocess.Popen[bytes]] = {}
    try:
        for name, args in apps.items():
            servers[name] = start(args, ports[name])
        for path in (LIST, VIEW):
            rates: dict[str, list[float]] = {name: [] for name in apps}
            cpu: dict[str, list[float]] = {name: [] for name in apps}
            for name in apps:
                req_per_s(ports[name], path, clients, min(2.0, seconds))  # warm up
            for _ in range(ROUNDS):  # interleaved: the machine's load moves under both alike
                for name in apps:
                    before = cpu_seconds(servers[name].pid)
                    rate, _ = req_per_s(ports[name], path, clients, seconds)
                    used = cpu_seconds(servers[name].pid) - before
                    rates[name].append(rate)
                    cpu[name].append(used / max(1.0, rate * seconds) * 1e6)
            for name in apps:
                each = ", ".join(f"{r:.0f}" for r in rates[name])
                print(
                    f"  {path:40} {name:30} {statistics.median(rates[name]):6.0f} req/s "
                    f"({each}); server CPU {statistics.median(cpu[name]):4.0f} µs a request"
                )
            real, *_, bare = (statistics.median(r) for r in rates.values())
            real_cpu, *_, bare_cpu = (statistics.median(c) for c in cpu.values())
            print(
                f"  {path:40} ratio {real / bare:.2f} × the bare app in req/s, "
                f"{bare_cpu / real_cpu:.2f} × in server CPU a request (goal ≥ 0.7)"
            )
    finally:
        for server in servers.values():
            server.terminate()
            server.wait(10)
    if profile:
        profile_routes(clients, seconds)


def profile_routes(clients: int, seconds: float) -> None:
    """cProfile of the real app in this process while the clients load each route."""
    import cProfile
    import pstats
    import threading

    import uvicorn

    from puzzlesmith.server.app import create_app
    from puzzlesmith.server.connguard import HeaderDeadline

    for path in (LIST, VIEW):
        port = free_port()
        config = uvicorn.Config(
            create_app(), port=port, log_level="warning", http=HeaderDeadline, loop="asyncio"
        )
        server = uvicorn.Server(config)
        prof = cProfile.Profile()

        def serve(srv: uvicorn.Server = server, p: cProfile.Profile = prof) -> None:
            p.enable()
            srv.run()
            p.disable()

        t = threading.Thread(target=serve)
        t.start()
        while not server.started:
            time.sleep(0.05)
        req_per_s(port, path, clients, seconds)
        server.should_exit = True
        t.join(30)
        print(f"cProfile, {path} (top 15 by own time):")
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)


# ---- #30: the attacks, rerun ----------------------------------------------------------
OPEN_HEX = "/api/codes/HAKUxh59___fPAJ4AAAAAAAAAAAAAAAAAW"


def _client(base: str, source: str | None, timeout: float = 120) -> httpx.AsyncClient:
    """A client whose connections come from ``source`` (a loopback address) when given."""
    transport = httpx.AsyncHTTPTransport(local_address=source) if source else None
    return httpx.AsyncClient(base_url=base, timeout=timeout, transport=transport)


def _source(k: int, addresses: int) -> str | None:
    """The k-th attacker's address: one of ``addresses`` loopback ones (0: the default)."""
    return f"127.0.0.{2 + k % addresses}" if addresses else None


def _attack(base: str, seconds: float, addresses: int, out: Any) -> None:
    from puzzlesmith.core import registry
    from puzzlesmith.core.movelog import TimedMove, encode

    mode = registry.get("04-cows")
    level = mode.shipped_packs()[0].levels[-1]
    sol = mode.solution_moves(level)
    cycle = [*sol, "clear " + " ".join(m.removeprefix("cow ") for m in sol)]
    moves = cycle * (10_000 // len(cycle) + 1) + sol
    url = f"/api/modes/04-cows/levels/{level.id}/clip"
    codes: Counter[str] = Counter()
    stop = time.monotonic() + seconds

    async def clips(k: int) -> None:
        async with _client(base, _source(k, addresses)) as c:
            n = 0
            while time.monotonic() < stop:
                n += 1
                log = encode([TimedMove(i * (40 + k + n), m) for i, m in enumerate(moves)])
                try:
                    r = await c.post(url, json={"log": log})
                    codes[f"clip {r.status_code}"] += 1
                except httpx.HTTPError as exc:
                    codes[f"clip {type(exc).__name__}"] += 1

    async def code_loop(k: int) -> None:
        async with _client(base, _source(k, addresses)) as c:
            while time.monotonic() < stop:
                try:
                    r = await c.get(OPEN_HEX)
                    codes[f"code {r.status_code}"] += 1
                except httpx.HTTPError as exc:
                    codes[f"code {type(exc).__name__}"] += 1

    async def check_loop(k: int) -> None:
        """An open 10×10 Number Stroke board, checked with five suggestions, looped."""
        cells = [{"id": f"c{i}", "x": i % 10, "y": i // 10, "w": 1, "h": 1} for i in range(100)]
        body = {"level": {"id": "draft", "cells": cells}, "suggest": 5}
        async with _client(base, _source(k, addresses)) as c:
            while time.monotonic() < stop:
                try:
                    r = await c.post("/api/modes/01-number-stroke/check-level", json=body)
                    codes[f"check {r.status_code}"] += 1
                except httpx.HTTPError as exc:
                    codes[f"check {type(exc).__name__}"] += 1

    async def all_of_it() -> None:
        loops = [check_loop(k) for k in range(2 * addresses)] if addresses else []
        await asyncio.gather(
            *(clips(k) for k in range(40)), *(code_loop(k) for k in range(4)), *loops
        )

    asyncio.run(all_of_it())
    out.put(dict(codes))


def _designer_checks(base: str, seconds: float) -> list[float]:
    """A designer at its own address checks a small Cows level, again and again."""
    from puzzlesmith.core import registry

    mode = registry.get("04-cows")
    body = {"level": mode.dump_level(mode.shipped_packs()[0].levels[0]), "suggest": 0}
    lat: list[float] = []
    transport = httpx.HTTPTransport(local_address="127.0.0.200")
    with httpx.Client(base_url=base, timeout=60, transport=transport) as c:
        c.post("/api/modes/04-cows/check-level", json=body)  # the checkers' start, untimed
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            t = time.perf_counter()
            c.post("/api/modes/04-cows/check-level", json=body)
            lat.append(time.perf_counter() - t)
            time.sleep(0.1)
    return lat


def _half_open_share(port: int, held: int) -> tuple[int, int]:
    """Two addresses hold ``held`` half-open connections each; a third address's light
    GETs on new connections: (answered 200, asked)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 3 * held)), hard))
    socks: list[socket.socket] = []
    try:
        for source in ("127.0.0.30", "127.0.0.31"):
            for _ in range(held):
                try:
                    s = socket.create_connection(("127.0.0.1", port), 10, (source, 0))
                    s.sendall(b"GET /api/modes HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                    socks.append(s)
                except OSError:
                    break  # out of local ports or descriptors: hold what we have
        ok = 0
        transport = httpx.HTTPTransport(local_address="127.0.0.32")
        with httpx.Client(timeout=30, transport=transport) as third:
            for _ in range(304):
                try:
                    r = third.get(f"http://127.0.0.1:{port}/api/modes",
                                  headers={"Connection": "close"})  # fmt: skip
                    ok += r.status_code == 200
                except httpx.HTTPError:
                    pass
        return ok, 304
    finally:
        for s in socks:
            s.close()


def _rooms_newcomer(base: str, attackers: int) -> tuple[int, int]:
    """``attackers`` addresses try 21 rooms each; then a newcomer's: (rooms held, status)."""
    held = 0
    for k in range(attackers):
        transport = httpx.HTTPTransport(local_address=f"127.0.1.{k + 1}")
        with httpx.Client(base_url=base, timeout=30, transport=transport) as c:
            for _ in range(21):
                r = c.post("/api/rooms", json={"mode": "stroke", "level": "1-3"})
                held += r.status_code == 201
    transport = httpx.HTTPTransport(local_address="127.0.2.1")
    with httpx.Client(base_url=base, timeout=30, transport=transport) as c:
        status = c.post("/api/rooms", json={"mode": "stroke", "level": "1-3"}).status_code
    return held, status


def attack(seconds: float, addresses: int = 0) -> None:
    port = free_port()
    server = start(["--factory", "puzzlesmith.server.app:create_app", *PLAY_FLAGS], port)
    base = f"http://127.0.0.1:{port}"
    try:
        before, _ = rss_mb(server.pid)
        queue: Any = multiprocessing.Queue()
        if addresses:  # the check workers start on first use: not part of the figure
            httpx.post(f"{base}/api/modes/04-cows/check-level", timeout=120,
                       json={"level": {"id": "d", "regions": ["AB", "BA"]}})  # fmt: skip
        load = multiprocessing.Process(target=_attack, args=(base, seconds, addresses, queue))
        load.start()
        time.sleep(2)  # let the attack start
        lat: list[float] = []
        check_lat: list[float] = []
        designer: list[float] = []
        if addresses:
            pool = multiprocessing.Pool(1)
            designer_run = pool.apply_async(_designer_checks, (base, seconds - 3))
        with httpx.Client(base_url=base, timeout=60) as c:
            end = time.monotonic() + seconds - 3
            while time.monotonic() < end:
                t = time.perf_counter()
                c.get("/api/modes")
                lat.append(time.perf_counter() - t)
                t = time.perf_counter()
                c.post(f"{LEVEL}/check", json={"moves": []})
                check_lat.append(time.perf_counter() - t)
                time.sleep(0.05)
        if addresses:
            designer = designer_run.get(timeout=seconds + 300)
            pool.close()
        codes = queue.get(timeout=seconds + 300)
        load.join(60)
        now, peak = rss_mb(server.pid)
        for child in children(server.pid):  # the clip worker process
            c_now, c_peak = rss_mb(child)
            print(f"clip worker process RSS: now {c_now:.0f} MB, peak {c_peak:.0f} MB")
        who = f"from {addresses} addresses" if addresses else "from one address"
        print(
            f"attack for {seconds:.0f} s {who} (40 clip clients × 10,000 moves, 4 open-code "
            f"loops): GET /api/modes p50 {pct(lat, 0.5):.0f} ms, p99 {pct(lat, 0.99):.0f} ms "
            f"(goal < 200 ms); a player's check p50 {pct(check_lat, 0.5):.0f} ms, "
            f"p99 {pct(check_lat, 0.99):.0f} ms"
        )
        if designer:
            print(
                f"{2 * addresses} open 10×10 check loops (suggest 5) from {addresses} addresses: "
                f"a designer's small Cows check p50 {pct(designer, 0.5):.0f} ms, "
                f"p95 {pct(designer, 0.95):.0f} ms, max {max(designer) * 1000:.0f} ms "
                f"over {len(designer)} checks "
                f"(goal p95 < 1000 ms)"
            )
        print(f"attacker's answers {dict(sorted(codes.items()))}")
        print(f"server RSS: before {before:.0f} MB, peak {peak:.0f} MB, after {now:.0f} MB")
        if addresses:
            ok, asked = _half_open_share(port, 1_200)
            print(
                f"2 addresses × 1,200 half-open connections (cap 1,000): a third address's "
                f"light GETs {ok}/{asked} answered 200 ({100 * ok / asked:.1f} %, goal ≥ 99 %)"
            )
            held, status = _rooms_newcomer(base, 25)
            print(
                f"25 addresses asking 21 rooms each hold {held} of 500; a 26th address's "
                f"room: {status} (goal 201)"
            )
    finally:
        server.terminate()
        server.wait(10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--api", action="store_true", help="req/s against a bare Starlette app")
    ap.add_argument("--profile", action="store_true", help="with --api: cProfile the routes")
    ap.add_argument("--attack", action="store_true", help="the clip and open-code attack")
    ap.add_argument(
        "--addresses", type=int, default=0, help="with --attack: attack from N addresses"
    )
    args = ap.parse_args()
    if args.api:
        api(args.clients, args.seconds, args.profile)
        return
    if args.attack:
        attack(args.seconds, args.addresses)
        return
    port = free_port()
    server = start(["--factory", "puzzlesmith.server.app:create_app"], port)
    base = f"http://127.0.0.1:{port}"
    try:
        run(base, server.pid, args.clients, args.seconds)
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
