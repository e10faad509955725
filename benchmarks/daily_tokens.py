"""What sharing through the store costs per request: a token lookup with no cache (so a
transfer is seen by every worker at once) and a rate-limit hit (one GCRA upsert), on
SQLite and on a throwaway PostgreSQL, next to the in-memory dict lookup the old 30-second
token cache answered from. Prints µs per call (median and p99 of ``--calls`` calls).

    .venv/bin/python benchmarks/daily_tokens.py [--calls 2000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from puzzlesmith.server.players import Players, digest
from puzzlesmith.server.ratelimit import RateLimiter
from puzzlesmith.server.store import Store

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "daily"))


def timed(fn: Callable[[int], object], calls: int) -> tuple[float, float]:
    """(median, p99) µs of ``calls`` calls of ``fn(i)``."""
    out = []
    for i in range(calls):
        t0 = time.perf_counter()
        fn(i)
        out.append((time.perf_counter() - t0) * 1e6)
    out.sort()
    return statistics.median(out), out[int(len(out) * 0.99) - 1]


def measure(label: str, store: Store, calls: int) -> None:
    players = Players(store)
    tokens = [players.create(f"bench{i:04d}", 0)[1] for i in range(200)]
    cache = {digest(t): players.by_token(t) for t in tokens}
    limiter = RateLimiter({"bench": (1_000_000, 60.0)}, store)
    rows = [
        ("dict lookup (the old cache)", lambda i: cache.get(digest(tokens[i % 200]))),
        ("by_token, no cache", lambda i: players.by_token(tokens[i % 200])),
        ("rate-limit hit (upsert)", lambda i: limiter.hit(f"p{i % 200}", "bench")),
    ]
    for name, fn in rows:
        med, p99 = timed(fn, calls)
        print(f"{label:10s}  {name:28s}  median {med:8.1f} µs   p99 {p99:8.1f} µs")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=2000)
    calls = max(10, min(ap.parse_args().calls, 100_000))
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}")
        measure("sqlite", store, calls)
        store.close()
    try:
        from pgcluster import Cluster

        cluster = Cluster()
        cluster.start()
    except Exception as exc:  # no PostgreSQL here: say so, the SQLite figures stand
        print(f"postgresql: not measured ({exc})")
        return
    try:
        store = Store.open(cluster.new_database())
        measure("postgresql", store, calls)
        store.close()
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
