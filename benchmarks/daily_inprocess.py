"""The daily round trip in one process, for profiling: the app's own CPU per finish.

Each of ``--players`` players plays today's daily of one mode through the app (ASGI calls
on one event loop, no sockets and no HTTP client; the app's sync routes run inline on that
loop rather than in the thread pool, so cProfile sees every call): a start, the board read ``--reads / 2`` times, the finish with its
timed log, the board read again. Printed: process CPU time per round trip (the app, the
test client's share, and on SQLite the database's own work; on ``--postgres`` the
database's CPU is in its own processes and not counted), and with ``--profile`` the
functions that take it (cProfile, by own time and by cumulative time).

The server runs with a test server's rules (no timing flags): every finish is ranked and
rated, as in ``daily_load.py --postgres``.

Run: .venv/bin/python benchmarks/daily_inprocess.py [--players 60] [--reads 8]
     [--postgres] [--profile] [--top 30]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json as _json
import pstats
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import anyio.to_thread

from daily_load import postgres, timed_log
from puzzlesmith.core import registry
from puzzlesmith.server.config import settings
from puzzlesmith.server.daily.runs import Rules
from puzzlesmith.server.daily.service import daily_modes, today
from puzzlesmith.server.state import services_of


async def _inline(func: Callable[..., Any], *args: Any, **_: Any) -> Any:
    return func(*args)


#: request kind → process CPU seconds spent in it (the measured round trips only)
SPENT: dict[str, float] = {}


class Answer:
    def __init__(self, status: int, body: bytes) -> None:
        self.status_code, self.body = status, body

    def json(self) -> Any:
        return _json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode()


class Client:
    """Just enough of an HTTP client to call an ASGI app: JSON in, status and body out."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, json: Any = None
    ) -> Answer:
        body = b"" if json is None else _json.dumps(json).encode()
        hdrs = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
        hdrs += [(b"host", b"bench"), (b"content-type", b"application/json")]
        hdrs.append((b"content-length", str(len(body)).encode()))
        path, _, query = path.partition("?")
        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
            "query_string": query.encode(), "root_path": "", "headers": hdrs,
            "client": ("127.0.0.1", 40000), "server": ("bench", 80), "state": {},
        }  # fmt: skip
        sent = False
        status, chunks = 0, []

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.sleep(3600)
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, receive, send)
        return Answer(status, b"".join(chunks))

    async def post(self, path: str, **kw: Any) -> Answer:
        return await self.request("POST", path, **kw)


async def round_trip(
    client: Client,
    who: dict[str, str],
    mode_id: str,
    moves: list[str],
    reads: int,
    spent: dict[str, float] | None = None,
) -> None:
    board = f"/api/daily/{mode_id}/leaderboard"

    async def call(kind: str, method: str, path: str, **kw: Any) -> Any:
        t0 = time.process_time()
        r = await client.request(method, path, headers=who, **kw)
        if spent is not None:
            spent[kind] = spent.get(kind, 0.0) + time.process_time() - t0
        assert r.status_code == 200, r.text
        return r.json()

    run = (await call("start", "POST", f"/api/daily/{mode_id}/start"))["run"]
    for _ in range(reads // 2):
        await call("board before", "GET", board)
    body = {"run": run, "moves": moves, "log": timed_log(moves, 0, _rng)}
    out = await call("finish", "POST", f"/api/daily/{mode_id}/finish", json=body)
    assert out["ranked"], out
    for _ in range(reads - reads // 2):
        await call("board after", "GET", board)


class _Rng:
    def random(self) -> float:
        return 0.5


_rng: Any = _Rng()


async def play(
    app: Any, args: argparse.Namespace, modes: list[str], moves: dict[str, list[str]]
) -> tuple[float, cProfile.Profile | None]:
    client = Client(app)

    async def players(prefix: str) -> list[dict[str, str]]:
        out = []
        for i in range(args.players):
            r = await client.post("/api/players", json={"name": f"{prefix}{i:04d}"})
            assert r.status_code == 201, r.text
            out.append({"Authorization": f"Bearer {r.json()['token']}"})
        return out

    warm, measured = await players("warm"), await players("play")
    for i, who in enumerate(warm):
        m = modes[i % len(modes)]
        await round_trip(client, who, m, moves[m], args.reads)
    prof = cProfile.Profile(time.process_time) if args.profile else None
    t0 = time.process_time()
    if prof is not None:
        prof.enable()
    for i, who in enumerate(measured):
        m = modes[i % len(modes)]
        await round_trip(client, who, m, moves[m], args.reads, SPENT)
    if prof is not None:
        prof.disable()
    return time.process_time() - t0, prof


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--players", type=int, default=60)
    ap.add_argument("--reads", type=int, default=8)
    ap.add_argument("--postgres", action="store_true")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args()
    from puzzlesmith.server.app import create_app

    anyio.to_thread.run_sync = _inline  # type: ignore[assignment]
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        url = stack.enter_context(postgres())[0] if args.postgres else None
        app = create_app(settings(data_dir=Path(tmp), database_url=url), rules=Rules(0))
        ctx = services_of(app).daily
        # one client address: limits that never refuse, still counted in the store
        ctx.limiter.limits = {k: (10**9, 1.0) for k in ctx.limiter.limits}
        modes = [m.id for m in daily_modes()]
        moves = {
            m: registry.get(m).solution_moves(ctx.runs.dailies.get(registry.get(m), today())[1])
            for m in modes
        }
        spent, prof = asyncio.run(play(app, args, modes, moves))
        ctx.runs.store.close()
    where = "PostgreSQL (its CPU not counted)" if args.postgres else "SQLite (counted)"
    print(
        f"{args.players} round trips (start, {args.reads} board reads, finish) on {where}: "
        f"{spent / args.players * 1000:.1f} ms process CPU each"
        + (" (under cProfile)" if prof else "")
    )
    reads = {"board before": args.reads // 2, "board after": args.reads - args.reads // 2}
    print(
        "  per request: "
        + ", ".join(
            f"{kind} {cpu / args.players / reads.get(kind, 1) * 1000:.2f} ms"
            for kind, cpu in SPENT.items()
        )
    )
    if prof is not None:
        for key in ("tottime", "cumulative"):
            buf = io.StringIO()
            pstats.Stats(prof, stream=buf).sort_stats(key).print_stats(args.top)
            print(buf.getvalue())


if __name__ == "__main__":
    main()
