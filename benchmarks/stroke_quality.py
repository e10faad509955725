"""Number Stroke generator quality: printed, never asserted (issue #21).

For a batch of generated levels: clue counts, giveaway clues (pinned by the easy
techniques from the others), removable clues (the level stays logic-solvable without
them), multi-unit cells, and the grade mix. Clue 1 and the guide clue (steps 1 and
4-7 with ``clue1``) are teaching clues: clue 1 is never counted, the guide may be.

    .venv/bin/python benchmarks/stroke_quality.py [--count 40] [--seed 1] [--jobs 2]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from puzzlesmith.core.batch import run_batch
from puzzlesmith.stroke import MODE
from puzzlesmith.stroke.generate import GenerateOptions
from puzzlesmith.stroke.logic import grade
from puzzlesmith.stroke.quality import giveaway_clues, multi_unit_cells, spare_clues


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--n", default="14-18")
    args = ap.parse_args()
    t = time.perf_counter()
    levels = run_batch(MODE.id, GenerateOptions(n=args.n), args.seed, args.count, jobs=args.jobs)
    dt = time.perf_counter() - t
    clues = [sum(1 for c in lv.cells if c.clue is not None) for lv in levels]
    give = [len(giveaway_clues(lv, keep={1})) for lv in levels]
    rem = [len(spare_clues(lv)) for lv in levels]
    multi = Counter(multi_unit_cells(lv) for lv in levels)
    grades = Counter(grade(lv).grade for lv in levels)
    print(
        f"{len(levels)} levels, N {args.n}, seed {args.seed}: {dt:.1f} s ({len(levels) / dt:.1f}/s)"
    )
    print(
        f"clues per level: mean {statistics.mean(clues):.2f}, median {statistics.median(clues)}, "
        f"distribution {dict(sorted(Counter(clues).items()))}"
    )
    print(f"levels with a giveaway clue: {sum(1 for g in give if g)} ({sum(give)} clues)")
    print(f"levels with a removable clue: {sum(1 for r in rem if r)} ({sum(rem)} clues)")
    print(f"multi-unit cells per level: {dict(sorted(multi.items()))}")
    print(f"grades: {dict(sorted(grades.items()))}")


if __name__ == "__main__":
    main()
