"""Stream-room fan-out: how long until the last of N viewers sees the streamer's move,
and how many votes per second a room accepts (and that none is lost).

Run: .venv/bin/python benchmarks/stream_fanout.py [--viewers 50 200 1000] [--moves 30]
     .venv/bin/python benchmarks/stream_fanout.py --workers 4 --viewers 1000 5000

The server is the real app under uvicorn in its own process (one worker, rooms in memory),
or with ``--workers N`` N uvicorn processes on one throwaway PostgreSQL (rooms in its
tables, fan-out over LISTEN/NOTIFY; the viewers spread over the workers, the streamer on
the first). The N viewers are real WebSocket clients in this process, each with a viewer
identity from the server, ten to a loopback address (127.x.y.z: within the per-address
vote bound); on a small machine the client side shares the CPU with the servers and the
figures are an upper bound of the servers' cost.
For each move the time is taken from just before the streamer's message is sent to the
moment the N-th viewer has decoded the state that contains it (p50 / p99 / max over the
moves). Votes: every viewer sends 5 votes (changing its pick, within the per-viewer
burst); votes/s is all votes over the time to the last acknowledgement, then the round
is closed and the server's tally must equal every viewer's last acknowledged vote (lost =
mismatch; votes the server refused are counted apart, as refused, and printed by reason).
The viewer-token request is retried on 503 ``busy`` after its Retry-After, as a client does.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "stream"))
from stream_support import addr

LEVEL = {"mode": "cows", "level": "3-1"}  # 9×9: 81 options in a round
VOTES_PER_VIEWER = 5


SERVER_PIDS: list[int] = []
PER_ADDRESS = 10


def server_cpu() -> float:
    """CPU seconds (user + system) the server processes have used so far."""
    total = 0.0
    for pid in SERVER_PIDS:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server() -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "--factory", "puzzlesmith.server.app:create_app",
         "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning",
         "--ws-max-queue", "64", "--ws-per-message-deflate", "false"],  # as `puzzlesmith play`
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"{base}/api/modes", timeout=1)
            return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


class Viewer:
    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.moves_seen: dict[int, float] = {}  # number of moves → arrival time
        self.acks = 0
        self.errors = 0
        self.last: str | None = None  # the last vote the server acknowledged
        self.closed: int | None = None  # the close code, once closed
        self.round_open = asyncio.Event()
        self.options: list[str] = []  # the cells this round takes votes for (its state)
        self.refusals: dict[str, int] = {}  # refused votes by the server's reason code
        self.task = asyncio.get_running_loop().create_task(self.read())

    async def read(self) -> None:
        try:
            async for raw in self.ws:
                msg = json.loads(raw)
                kind = msg["type"]
                if kind == "state":
                    self.moves_seen.setdefault(len(msg["moves"]), time.perf_counter())
                    if msg["round"] is not None:
                        self.options = list(msg["round"]["options"])
                        self.round_open.set()
                elif kind == "voted":
                    self.acks += 1
                    self.last = msg["cell"]
                elif kind == "error":
                    self.errors += 1
                    code = str(msg.get("code"))
                    self.refusals[code] = self.refusals.get(code, 0) + 1
        except websockets.ConnectionClosed:
            pass
        self.closed = self.ws.close_code


async def wait_all(viewers: list[Viewer], n_moves: int, timeout: float = 30) -> float:
    deadline = time.perf_counter() + timeout
    while True:
        times = [v.moves_seen.get(n_moves) for v in viewers]
        if all(t is not None for t in times):
            return max(t for t in times if t is not None)
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{sum(t is None for t in times)} viewers never saw move {n_moves}")
        await asyncio.sleep(0.002)


async def connect_viewer(base: str, code: str, i: int) -> Any:
    """Viewer ``i``: an identity from the server, then its socket, from its own address."""
    local = addr(i // PER_ADDRESS)
    transport = httpx.AsyncHTTPTransport(local_address=local)
    async with httpx.AsyncClient(transport=transport, timeout=60) as http:
        for _ in range(60):  # 503 busy (the store's pool at its bound): retry as told
            r = await http.post(f"{base}/api/rooms/{code}/viewer")
            if r.status_code != 503:
                break
            await asyncio.sleep(float(r.headers.get("Retry-After", "1")))
    r.raise_for_status()
    url = base.replace("http://", "ws://") + f"/ws/rooms/{code}?token={r.json()['token']}"
    return await websockets.connect(
        url,
        max_size=2**22,
        local_addr=(local, 0),
        open_timeout=60,
        ping_timeout=None,
        max_queue=None,
    )


async def run(bases: list[str], n: int, moves: int) -> dict[str, Any]:
    base = bases[0]
    room = httpx.post(f"{base}/api/rooms", json=LEVEL, timeout=10).json()
    code, key = room["room"], room["host_key"]
    ws_base = base.replace("http://", "ws://") + f"/ws/rooms/{code}"
    host = await websockets.connect(f"{ws_base}?role=host&key={key}", max_size=2**22)
    host_log: list[dict[str, Any]] = []

    async def host_reader() -> None:
        try:
            async for raw in host:
                host_log.append(json.loads(raw))
        except websockets.ConnectionClosed:
            pass

    host_task = asyncio.get_running_loop().create_task(host_reader())
    viewers: list[Viewer] = []
    for start in range(0, n, 50):
        batch = await asyncio.gather(
            *(connect_viewer(bases[i % len(bases)], code, i)
              for i in range(start, min(n, start + 50)))
        )  # fmt: skip
        viewers.extend(Viewer(ws) for ws in batch)
    await wait_all(viewers, 0)

    lat: list[float] = []
    cpu0, srv0 = time.process_time(), server_cpu()
    for k in range(moves):
        mv = "mark 0 0" if k % 2 == 0 else "clear 0 0"
        t0 = time.perf_counter()
        await host.send(json.dumps({"type": "host", "key": key, "action": "move", "move": mv}))
        lat.append((await wait_all(viewers, k + 1)) - t0)
        await asyncio.sleep(0.05)

    cpu_client, cpu_server = time.process_time() - cpu0, server_cpu() - srv0
    await host.send(json.dumps({"type": "host", "key": key, "action": "vote", "seconds": 60}))
    await asyncio.gather(*(asyncio.wait_for(v.round_open.wait(), 30) for v in viewers))

    async def vote(i: int, v: Viewer) -> None:
        cells = v.options  # the round's own cell names (the board counts from r1c1)
        for j in range(VOTES_PER_VIEWER):
            cell = cells[(i * 7 + j * 13) % len(cells)]
            await v.ws.send(json.dumps({"type": "vote", "cell": cell}))

    t0 = time.perf_counter()
    await asyncio.gather(*(vote(i, v) for i, v in enumerate(viewers)))
    sent = n * VOTES_PER_VIEWER
    deadline = time.perf_counter() + 60
    while sum(v.acks for v in viewers) + sum(v.errors for v in viewers) < sent:
        if time.perf_counter() > deadline:
            break
        await asyncio.sleep(0.002)
    elapsed = time.perf_counter() - t0
    acked = sum(v.acks for v in viewers)
    await host.send(json.dumps({"type": "host", "key": key, "action": "close"}))

    def decided() -> dict[str, Any] | None:
        """The round's result as the room states it (closed by the host, or by its timer
        when the votes took longer than the round on a loaded machine)."""
        for m in host_log:
            if m.get("type") == "state" and (m.get("last") or {}).get("round") == 1:
                return dict(m["last"])
        return None

    deadline = time.perf_counter() + 120
    while (result := decided()) is None:
        if time.perf_counter() > deadline:
            raise TimeoutError("the round was never decided")
        await asyncio.sleep(0.01)
    expected: dict[str, int] = {}
    for v in viewers:
        if v.last is not None:
            expected[v.last] = expected.get(v.last, 0) + 1
    tally = {c: k for c, k in result["tally"].items() if k}
    lost = sum(abs(expected.get(c, 0) - tally.get(c, 0)) for c in set(expected) | set(tally))
    lost += sent - acked - sum(v.errors for v in viewers)  # never answered
    dropped = sum(v.task.done() for v in viewers)  # sockets the server or the OS closed
    codes: dict[int | None, int] = {}
    for v in viewers:
        if v.task.done():
            codes[v.closed] = codes.get(v.closed, 0) + 1
    if codes:
        print(f"  closed before the end, by close code: {codes}", flush=True)
    reasons: dict[str, int] = {}
    for v in viewers:
        for code, k in v.refusals.items():
            reasons[code] = reasons.get(code, 0) + k
    if reasons:
        print(f"  refused votes, by reason: {reasons}", flush=True)
    for v in viewers:
        await v.ws.close()
    await host.close()
    host_task.cancel()
    lat.sort()
    return {
        "viewers": n,
        "p50_ms": statistics.median(lat) * 1000,
        "p99_ms": lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000,
        "max_ms": lat[-1] * 1000,
        "votes": sent,
        "votes_per_s": acked / elapsed,
        "lost": lost,
        "refused": sum(v.errors for v in viewers),
        "reasons": reasons,
        "dropped": dropped,
        "server_ms": cpu_server / moves * 1000,
        "client_ms": cpu_client / moves * 1000,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--viewers", type=int, nargs="+", default=[50, 200, 1000])
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--workers", type=int, default=0, help="N uvicorn processes on PostgreSQL")
    args = ap.parse_args()
    if args.workers:
        return multi(args)
    proc, base = start_server()
    SERVER_PIDS.append(proc.pid)
    try:
        print(
            f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs; {args.moves} moves per N"
        )
        print(HEADER)
        for n in args.viewers:
            report(asyncio.run(run([base], n, args.moves)))
    finally:
        proc.terminate()
        proc.wait(timeout=10)


HEADER = (
    f"{'viewers':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'votes':>7} {'votes/s':>8}"
    f" {'lost':>5} {'refused':>8} {'dropped':>8} {'srv cpu/move':>13} {'cli cpu/move':>13}"
)


def report(r: dict[str, Any]) -> None:
    print(f"{r['viewers']:>8} {r['p50_ms']:>8.1f} {r['p99_ms']:>8.1f} {r['max_ms']:>8.1f} "
          f"{r['votes']:>7} {r['votes_per_s']:>8.0f} {r['lost']:>5} {r['refused']:>8} "
          f"{r['dropped']:>8} "
          f"{r['server_ms']:>10.1f} ms {r['client_ms']:>10.1f} ms", flush=True)  # fmt: skip


def multi(args: argparse.Namespace) -> None:
    """The same over ``--workers`` processes on a throwaway PostgreSQL cluster."""
    import tempfile

    from stream_workers import Cluster, Workers

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    cluster = Cluster()
    cluster.start()
    try:
        with tempfile.TemporaryDirectory() as tmp, Workers(cluster, args.workers, Path(tmp)) as ws:
            SERVER_PIDS.extend(w.pid for w in ws.all)
            print(
                f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs; {args.workers}"
                f" workers on PostgreSQL; {args.moves} moves per N"
            )
            print(HEADER)
            for n in args.viewers:
                report(asyncio.run(run([w.url for w in ws.all], n, args.moves)))
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
