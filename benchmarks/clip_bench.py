"""Replay and clip figures: log text length per move (does a run fit in a link with its
level code?), and the time and size of clips of every mode's largest shipped level, of a
played-looking log and of a 10,000-move log (cut to its highlight window).

Usage: .venv/bin/python benchmarks/clip_bench.py [--long 10000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from puzzlesmith.core import registry
from puzzlesmith.core.clip import make_clip
from puzzlesmith.core.codes import encode_level
from puzzlesmith.core.movelog import TimedMove, encode


def largest(mode: Any) -> Any:
    levels = [lv for p in mode.shipped_packs() for lv in p.levels]
    return max(levels, key=lambda lv: len(mode.solution_moves(lv)))


def human_times(n: int, rng: random.Random) -> list[int]:
    """Think-and-tap timing: mostly 300–900 ms, now and then a long pause."""
    t, out = 0, []
    for _ in range(n):
        t += rng.randint(300, 900) if rng.random() > 0.1 else rng.randint(3000, 15000)
        out.append(t)
    return out


def back_move(mode: Any, sol: list[str]) -> str:
    return (
        "clear " + " ".join(m.removeprefix("cow ") for m in sol)
        if mode.id == "04-cows"
        else "reset"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--long", type=int, default=10_000)
    args = ap.parse_args()
    rng = random.Random(1)
    for mode in registry.all_modes():
        level = largest(mode)
        sol = mode.solution_moves(level)
        log = [TimedMove(t, m) for t, m in zip(human_times(len(sol), rng), sol, strict=True)]
        text = encode(log)
        code = encode_level(mode, level)
        per_move = statistics.mean(len(encode([tm])) - 3 for tm in log)
        print(f"{mode.id} level {level.id}: {len(sol)} moves")
        print(
            f"  log text {len(text)} chars ({per_move:.1f}/move), level code {len(code)} chars, link body {len(text) + len(code) + 1} chars"
        )
        for fmt in ("gif", "webp"):
            t0 = time.perf_counter()
            c = make_clip(mode, level, log, fmt)
            dt = time.perf_counter() - t0
            print(
                f"  {fmt}: {c.frames} frames {c.size[0]}x{c.size[1]}, {len(c.data) / 1024:.0f} KiB, {dt:.2f} s"
            )
        cycle = [*sol, back_move(mode, sol)]
        moves = cycle * (args.long // len(cycle) + 1) + sol  # at least --long moves
        long_log = [TimedMove(50 * k, m) for k, m in enumerate(moves)]
        t0 = time.perf_counter()
        c = make_clip(mode, level, long_log, "gif")
        dt = time.perf_counter() - t0
        print(
            f"  {len(moves)}-move log → gif: moves {c.start + 1}-{c.end}, {c.frames} frames, {len(c.data) / 1024:.0f} KiB, {dt:.2f} s"
        )


if __name__ == "__main__":
    main()
