"""How long verifying a daily finish takes, for the largest daily of each mode (Sunday's).

Two figures per mode:
- in-process: what the server does for a finish apart from HTTP and the database — check
  the run token's signature and replay the move log with the Python engine (target < 10 ms);
- over HTTP against a real ``puzzlesmith play`` on SQLite: the whole ``POST …/finish``
  round trip (token, replay, insert, rank, achievements), one finish per fresh player;
  with ``--log`` the finish also sends the timed move log (what the client sends), which
  the server decodes, replays and stores.

Run: .venv/bin/python benchmarks/daily_verify.py [--finishes 40] [--log]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

import httpx

from daily_server import make_players, pct, server
from puzzlesmith.core.movelog import TimedMove, encode
from puzzlesmith.server.config import settings
from puzzlesmith.server.daily.service import daily_modes, open_dailies, today
from puzzlesmith.server.daily.tokens import RunClaim, sign, verify


def last_sunday() -> date:
    t = today()
    return t - timedelta(days=(t.weekday() + 1) % 7)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--finishes", type=int, default=40, help="HTTP finishes per mode")
    ap.add_argument("--repeat", type=int, default=300, help="in-process verifications per mode")
    ap.add_argument("--log", action="store_true", help="send the timed move log too")
    args = ap.parse_args()
    sunday = last_sunday()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        dailies = open_dailies(settings(data_dir=data))
        print(f"largest dailies: {sunday.isoformat()} (Sunday)")
        print(
            f"{'mode':18} {'size':>5} {'moves':>5}  in-process median / p99     HTTP finish median / p99"
        )
        rows = []
        for mode in daily_modes():
            puzzle, level = dailies.get(mode, sunday)
            moves = mode.solution_moves(level)
            token = sign(dailies.secret, RunClaim("p", mode.id, sunday.isoformat(), 1, 0))
            mode.replay(level, moves)  # warm caches as a running server has them
            times = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                verify(dailies.secret, token)
                assert mode.replay(level, moves)["cleared"]
                times.append((time.perf_counter() - t0) * 1000)
            size = len(puzzle.level.get("cells", puzzle.level.get("regions", [])))
            rows.append((mode, size, moves, times))
        players = make_players(dailies, args.finishes * len(rows))
        dailies.store.close()
        with server(data) as url, httpx.Client(base_url=url, timeout=30) as c:
            k = 0
            for mode, size, moves, times in rows:
                http = []
                for _ in range(args.finishes):
                    who = players[k]
                    k += 1
                    run = c.post(
                        f"/api/daily/{mode.id}/start",
                        json={"date": sunday.isoformat()},
                        headers=who,
                    ).json()["run"]
                    body = {"run": run, "moves": moves}
                    if args.log:
                        body["log"] = encode([TimedMove(0, m) for m in moves])
                    t0 = time.perf_counter()
                    r = c.post(
                        f"/api/daily/{mode.id}/finish",
                        json=body,
                        headers=who,
                    )
                    http.append((time.perf_counter() - t0) * 1000)
                    assert r.status_code == 200 and r.json()["verified"], r.text
                print(
                    f"{mode.id:18} {size:5} {len(moves):5}  "
                    f"{statistics.median(times):7.3f} / {pct(times, 0.99):7.3f} ms   "
                    f"{statistics.median(http):9.2f} / {pct(http, 0.99):7.2f} ms"
                )


if __name__ == "__main__":
    main()
