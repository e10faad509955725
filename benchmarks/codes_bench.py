"""Level-code figures: payload lengths of every shipped level and of random ones, and speed.

Prints, per mode, the payload characters (the board alone: no tag, version, text or check
character) of the shipped levels — min / median / max — and of the issue's targets (a 9×9
Cows board; a Number Stroke board of 20 unit squares with 3 clues), then encodes and
decodes per second (decode includes the mode's load rules).

Usage: .venv/bin/python benchmarks/codes_bench.py [--random 2000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "codes"))

from codes_support import cows_level, stroke_target

from puzzlesmith.core import registry
from puzzlesmith.core.codes import decode_level, encode_level, split_code


def payload(mode: Any, level: Any) -> int:
    return len(split_code(encode_level(mode, level)).payload)


def parsed(mode: Any, raw: dict[str, Any]) -> Any:
    level, problems = mode.parse_level(raw, "r")
    assert level is not None, problems
    return level


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--random", type=int, default=2000, help="random boards per target")
    args = ap.parse_args()
    rng = random.Random(1)
    print("payload characters of shipped levels (min / median / max), whole code with text")
    shipped: list[tuple[Any, Any]] = []
    for mode in registry.all_modes():
        levels = [lv for p in mode.shipped_packs() for lv in p.levels]
        shipped += [(mode, lv) for lv in levels]
        sizes = [payload(mode, lv) for lv in levels]
        whole = [len(encode_level(mode, lv)) for lv in levels]
        print(
            f"  {mode.cli_name:7} {len(levels):3} levels: payload {min(sizes)} / "
            f"{statistics.median(sizes):g} / {max(sizes)}; with text {min(whole)} / "
            f"{statistics.median(whole):g} / {max(whole)}"
        )
    cows, stroke = registry.get("cows"), registry.get("stroke")
    c9 = [payload(cows, parsed(cows, cows_level(rng, 9))) for _ in range(args.random)]
    s20 = [payload(stroke, parsed(stroke, stroke_target(rng))) for _ in range(args.random)]
    print(f"targets over {args.random} random boards each (payload characters):")
    print(f"  cows 9×9:                  max {max(c9)} (target ≤ 30)")
    print(
        f"  stroke 20 squares, 3 clues: median {statistics.median(s20):g}, max {max(s20)} "
        "(target ≤ 40)"
    )
    codes = [encode_level(m, lv) for m, lv in shipped]
    rounds = 20
    t0 = time.perf_counter()
    for _ in range(rounds):
        for m, lv in shipped:
            encode_level(m, lv)
    t1 = time.perf_counter()
    for _ in range(rounds):
        for code in codes:
            decode_level(code)
    t2 = time.perf_counter()
    k = rounds * len(shipped)
    print(f"speed over the {len(shipped)} shipped levels × {rounds}:")
    print(f"  encode {k / (t1 - t0):,.0f}/s, decode (with load rules) {k / (t2 - t1):,.0f}/s")


if __name__ == "__main__":
    main()
