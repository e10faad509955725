"""How often the path-mode generators make a level within their attempt budget, per grade
preset (issue #40.3): levels made / levels asked, seconds and CPU seconds per level asked and
per level made, and (Hex Walls) the candidates tried, one line a case.

    .venv/bin/python benchmarks/generate_rates.py --mode hex --grade expert --count 6
    .venv/bin/python benchmarks/generate_rates.py --mode hex --grade expert --turners 1 \\
        --cells 16 --cells-max 20 --count 6
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from puzzlesmith.core import registry
from puzzlesmith.core.errors import GenerationError


class _Counted:
    """Counts the calls of the Hex Walls generator's one-candidate step (its attempts)."""

    def __init__(self, fn: Any) -> None:
        self.fn, self.calls = fn, 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self.fn(*args, **kwargs)


def rate(mode_id: str, options: Any, seed: int, count: int) -> tuple[int, float, float, list[int]]:
    """(levels made, seconds per index, CPU seconds per index, sizes of the levels made)."""
    mode = registry.get(mode_id)
    made, sizes = 0, []
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(count):
        try:
            lv = mode.generate_one(options, seed, i)
        except GenerationError:
            continue
        made += 1
        sizes.append(len(lv.cells))
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return made, wall / count, cpu / count, sizes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mode", choices=["stroke", "hex"], required=True)
    ap.add_argument("--grade", default="")
    ap.add_argument("--count", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--attempts", type=int, default=0, help="0: the generator's default")
    ap.add_argument("--turners", type=int, default=-1, help="hex: -1 by grade")
    ap.add_argument("--stuck-clues", type=int, default=-1, help="hex: -1 by grade")
    ap.add_argument("--cells", type=int, default=0)
    ap.add_argument("--cells-max", type=int, default=0)
    args = ap.parse_args()
    mode = registry.get(args.mode)
    assert mode.generate_options is not None
    knobs: dict[str, Any] = {}
    if args.grade:
        knobs["grade"] = args.grade
    if args.attempts:
        knobs["attempts"] = args.attempts
    if args.mode == "hex":
        knobs.update(
            turners=args.turners,
            stuck_clues=args.stuck_clues,
            cells=args.cells,
            cells_max=args.cells_max,
        )
    options = mode.generate_options(**knobs)
    counted = None
    if args.mode == "hex":
        from puzzlesmith.hexwalls import generate as hexgen

        counted = _Counted(hexgen.candidate)
        hexgen.candidate = counted  # type: ignore[assignment]
    made, per, cpu, sizes = rate(mode.id, options, args.seed, args.count)
    tried = f", {counted.calls} candidates tried" if counted else ""
    per_made = f", {cpu * args.count / made:.1f} CPU s per level made" if made else ""
    print(
        f"{args.mode} {knobs}: {made}/{args.count} made ({made / args.count:.0%}), "
        f"{per:.1f} s ({cpu:.1f} CPU s) per level asked{per_made}{tried}, "
        f"sizes {sorted(sizes)}"
    )


if __name__ == "__main__":
    main()
