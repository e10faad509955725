"""200 concurrent clients against one real server on SQLite: leaderboard reads and finishes.

Every client is a player with its own keep-alive connection: it starts today's daily of
one mode, reads that mode's leaderboard while "playing" (a think time between requests),
posts its finish (the winning move log), then reads the board a few more times. Printed:
requests/s, p50 and p99 latency per kind and overall, errors (any non-2xx, any transport
failure), CPU used by the server and by the load generator (and per finish, with its start and
reads: the sizing figure of docs/operations.md), and whether every accepted
finish is in the store afterwards (targets: p99 < 100 ms, zero errors, all present).

The load generator speaks HTTP/1.1 over asyncio streams itself: a general client costs
more CPU per request than the server does, and on a small machine it would measure itself.

Run: .venv/bin/python benchmarks/daily_load.py [--clients 200] [--reads 8] [--think-ms 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import func, select

from daily_server import make_players, pct, server
from puzzlesmith.server.daily.service import daily_modes, open_dailies, today
from puzzlesmith.server.store import Run


class Conn:
    """One keep-alive HTTP/1.1 connection (JSON in, JSON out, Content-Length bodies)."""

    def __init__(self, host: str, port: int, auth: str) -> None:
        self.host, self.port, self.auth = host, port, auth
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nAuthorization: {self.auth}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        )
        self.writer.write(head.encode() + data)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("closed by the server")
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        payload = await self.reader.readexactly(length)
        return int(status_line.split()[1]), json.loads(payload) if payload else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def client(
    conn: Conn, mode_id: str, moves: list[str], args: argparse.Namespace, out: dict[str, Any]
) -> None:
    rng = random.Random(conn.auth)
    log, errors = out["log"], out["errors"]

    async def call(kind: str, method: str, path: str, body: Any = None) -> Any:
        t0 = time.perf_counter()
        try:
            status, data = await conn.request(method, path, body)
        except (OSError, ConnectionError, asyncio.IncompleteReadError, ValueError) as exc:
            errors.append(f"{kind}: {exc.__class__.__name__} {exc}")
            conn.close()
            conn.writer = None
            return None
        log[kind].append((time.perf_counter() - t0) * 1000)
        if status >= 300:
            errors.append(f"{kind}: {status} {str(data)[:120]}")
            return None
        return data

    async def think() -> None:
        await asyncio.sleep(args.think_ms / 1000 * (0.5 + rng.random()))

    board = f"/api/daily/{mode_id}/leaderboard"
    await asyncio.sleep(rng.random() * args.think_ms / 1000)  # clients arrive over a think time
    started = await call("start", "POST", f"/api/daily/{mode_id}/start")
    if started is None:
        return
    for _ in range(args.reads // 2):
        await think()
        await call("leaderboard", "GET", board)
    await think()
    done = await call(
        "finish", "POST", f"/api/daily/{mode_id}/finish", {"run": started["run"], "moves": moves}
    )
    if done is not None and done.get("verified"):
        out["accepted"].append(mode_id)
    for _ in range(args.reads - args.reads // 2):
        await think()
        await call("leaderboard", "GET", board)
    conn.close()


async def load(
    url: str, players: list[dict[str, str]], moves: dict[str, list[str]], args: argparse.Namespace
) -> tuple[dict[str, Any], float]:
    parts = urlsplit(url)
    out: dict[str, Any] = {"log": defaultdict(list), "errors": [], "accepted": []}
    modes = list(moves)
    t0 = time.perf_counter()
    await asyncio.gather(
        *(
            client(
                Conn(parts.hostname or "", parts.port or 80, who["Authorization"]),
                modes[i % len(modes)],
                moves[modes[i % len(modes)]],
                args,
                out,
            )
            for i, who in enumerate(players)
        )
    )
    return out, time.perf_counter() - t0


def cpu(u: resource.struct_rusage) -> float:
    return u.ru_utime + u.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--reads", type=int, default=8, help="leaderboard reads per client")
    ap.add_argument(
        "--think-ms", type=int, default=1000, help="mean pause between a client's requests"
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        dailies = open_dailies(data)
        moves = {m.id: m.solution_moves(dailies.get(m, today())[1]) for m in daily_modes()}
        players = make_players(dailies, args.clients)
        with server(data):  # an idle run: what starting and stopping costs the server
            time.sleep(2)
        idle = cpu(resource.getrusage(resource.RUSAGE_CHILDREN))
        own0 = resource.getrusage(resource.RUSAGE_SELF)
        with server(data) as url:
            out, wall = asyncio.run(load(url, players, moves, args))
        own1 = resource.getrusage(resource.RUSAGE_SELF)
        busy = cpu(resource.getrusage(resource.RUSAGE_CHILDREN)) - idle
        with dailies.store.session() as s:
            stored = s.scalar(select(func.count(Run.id)))
        dailies.store.close()
    log, errors, accepted = out["log"], out["errors"], out["accepted"]
    every = [x for xs in log.values() for x in xs]
    print(
        f"{args.clients} concurrent clients, {len(every)} requests in {wall:.1f} s: {len(every) / wall:.0f} requests/s"
    )
    print(f"{'kind':12} {'count':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for kind, xs in [*sorted(log.items()), ("all", every)]:
        print(
            f"{kind:12} {len(xs):6} {statistics.median(xs):8.1f} {pct(xs, 0.99):8.1f} {max(xs):8.1f}"
        )
    print(
        f"CPU: server {busy - idle:.1f} s beyond an idle run ({(busy - idle) / len(every) * 1000:.2f} ms"
        f" per request), load generator "
        f"{cpu(own1) - cpu(own0):.1f} s; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    finishes = len(log.get("finish", ()))
    if finishes:  # the sizing figure (docs/operations.md): a finish with its start and reads
        print(
            f"CPU per daily finish (with its start and {args.reads} board reads): "
            f"{(busy - idle) / finishes * 1000:.1f} ms of server and SQLite CPU; "
            f"a peak of F finishes/s needs F x that in cores"
        )
    print(f"errors: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))
    print(
        f"finishes accepted: {len(accepted)}, runs in the store: {stored}, all present: {stored == len(accepted)}"
    )


if __name__ == "__main__":
    main()
