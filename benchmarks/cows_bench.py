"""Cows speed and coverage figures (issue 6 targets). Prints figures; asserts nothing.

- exact solver: all 1,041 real Queens puzzles counted to 2 — total solver time
  (target < 0.5 s) and the speed-up over a plain row-by-row bitmask backtracker
  (target ≥ 10×);
- logic solver: share of the 650 LinkedIn levels solved without guessing (target 100 %),
  the grades, and which techniques the levels needed;
- lookahead: levels the logic solver needs ``contradiction`` for (issue #34: none of the
  LinkedIn levels, ≥ 80 % of a generated expert batch without);
- generator: median time for a unique, logic-solvable 10×10 (target < 50 ms) and
  12×12 (target < 500 ms); 10×10 expert (issue 29, seed 002 §4.1: median < 0.5 s,
  max < 2 s) and 12×12 expert (issue 39: median < 0.5 s CPU), with the verdicts, and
  which build ran (compiled or pure Python).

The real puzzles are read from ../shared/external (test data only, never shipped).

Times are CPU time of this process (time.process_time), so other load on the machine
does not inflate them.

Run: .venv/bin/python benchmarks/cows_bench.py [--count 30] [--skip-plain] [--per-level]
     [--only 12-expert]  (one generator figure: size-grade; repeatable; skips the corpus)
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from pathlib import Path

from puzzlesmith import _native
from puzzlesmith.cows import MODE
from puzzlesmith.cows import generate as cows_generate
from puzzlesmith.cows import solver as cows_solver
from puzzlesmith.cows.board import board_of
from puzzlesmith.cows.generate import CowsOptions, generate_level
from puzzlesmith.cows.logic import GRADES, deduce
from puzzlesmith.cows.solver import solve, solve_rows_plain

EXTERNAL = Path(__file__).resolve().parents[1].parent / "shared" / "external"


def bench_real(skip_plain: bool, per_level: bool) -> None:
    path = EXTERNAL / "queens-real.json"
    if not path.exists():
        print(f"real corpus absent ({path}); skipping solver and logic figures")
        return
    levels = MODE.load_file(path).levels
    for lv in levels:  # precompute the masks so the figure is solver time only
        board_of(lv)
    t = time.process_time()
    counts = [solve(lv, 2).count for lv in levels]
    fast = time.process_time() - t
    print(
        f"exact solver: {len(levels)} real levels counted to 2 in {fast:.3f} s "
        f"(target < 0.5 s); unique {counts.count(1)}, several {counts.count(2)}"
    )
    if not skip_plain:
        t = time.process_time()
        plain = [solve_rows_plain(lv, 2) for lv in levels]
        slow = time.process_time() - t
        assert plain == counts, "the two solvers disagree"
        print(
            f"plain row-by-row backtracker: {slow:.3f} s — speed-up {slow / fast:.1f}× "
            f"(target ≥ 10×)"
        )
    linkedin = [lv for lv in levels if (lv.teach or "").startswith("LinkedIn")]
    t = time.process_time()
    grades: Counter[str] = Counter()
    needed: Counter[str] = Counter()
    combos: Counter[str] = Counter()
    solved = 0
    lookahead = 0
    for lv in linkedin:
        run = deduce(board_of(lv))
        solved += run.solved
        lookahead += run.lookahead > 0
        grades[GRADES[run.tier] if run.solved else "unsolved"] += 1
        used = sorted({s.technique for s in run.steps})
        needed.update(used)
        combo = " + ".join(u for u in used if u not in ("cow-excludes", "last-free")) or "basic"
        combos[combo] += 1
        if per_level:
            verdict = GRADES[run.tier] if run.solved else "unsolved"
            print(f"  {lv.id}: {verdict}, hall {run.hall}, {len(run.steps)} steps: {combo}")
    took = time.process_time() - t
    print(
        f"logic solver: {solved}/{len(linkedin)} LinkedIn levels solved without guessing "
        f"({100 * solved / len(linkedin):.1f} %) in {took:.2f} s"
    )
    print("  grades: " + ", ".join(f"{g} {grades[g]}" for g in [*GRADES, "unsolved"]))
    print(f"  levels needing lookahead (contradiction): {lookahead} (target 0)")
    print("  levels needing each technique: " + ", ".join(f"{k} {v}" for k, v in needed.items()))
    print("  technique sets beyond the basics:")
    for combo, k in combos.most_common():
        print(f"    {k:4}  {combo}")


#: issue #39's reference for the 12×12 expert row: the seed's figure (external, a constant)
SEED_002_REFERENCE = "seed 002 §4.1, a 10×10 in 0.5 s"

GENERATOR_FIGURES = (
    (10, "medium"),
    (12, "medium"),
    (10, "hard"),
    (8, "expert"),
    (10, "expert"),
    (12, "expert"),
)


def bench_generator(count: int, only: list[tuple[int, str]] | None = None) -> None:
    build = {m: _native.compiled(m) for m in (cows_generate, cows_solver)}
    print(
        "Cows generator and solver: "
        + ", ".join(f"{m.__name__} {'compiled' if c else 'pure Python'}" for m, c in build.items())
    )
    ten_expert: float | None = None  # the 10×10 expert median, when this run measures it
    for size, grade in only or GENERATOR_FIGURES:
        times = []
        lookahead = 0
        for i in range(count):
            t = time.process_time()
            lv = generate_level(CowsOptions(size, grade), 2026, i)
            times.append(time.process_time() - t)
            lookahead += deduce(board_of(lv)).lookahead > 0
        target = {10: " (target < 50 ms)", 12: " (target < 500 ms)"}.get(size, "")
        if grade != "medium":
            target = ""
        if (size, grade) == (10, "expert"):
            met = statistics.median(times) < 0.5 and max(times) < 2.0
            target = f" (goal: median < 500 ms, max < 2000 ms: {'met' if met else 'NOT met'})"
        if (size, grade) == (10, "expert"):
            ten_expert = statistics.median(times)
        if (size, grade) == (12, "expert"):
            met = statistics.median(times) < 0.5
            ours_10 = (
                "" if ten_expert is None else f"; ours 10×10 expert {ten_expert * 1000:.0f} ms"
            )
            target = (
                f" (goal, issue 39: median < 500 ms CPU: {'met' if met else 'NOT met'}; "
                f"reference: {SEED_002_REFERENCE}{ours_10})"
            )
        print(
            f"generator {size}×{size} {grade}: median {1000 * statistics.median(times):.0f} ms, "
            f"p90 {1000 * sorted(times)[int(0.9 * (count - 1))]:.0f} ms, "
            f"max {1000 * max(times):.0f} ms over {count}{target}; "
            f"{count - lookahead}/{count} without lookahead"
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=30, help="boards per generator figure")
    ap.add_argument("--skip-plain", action="store_true", help="skip the slow baseline solver")
    ap.add_argument(
        "--per-level", action="store_true", help="list each LinkedIn level's techniques"
    )
    ap.add_argument(
        "--only",
        action="append",
        metavar="SIZE-GRADE",
        help="only this generator figure, e.g. 12-expert (repeatable; skips the corpus)",
    )
    args = ap.parse_args()
    only = [(int(k.split("-")[0]), k.split("-")[1]) for k in args.only or []]
    if not only:
        bench_real(args.skip_plain, args.per_level)
    bench_generator(args.count, only or None)


if __name__ == "__main__":
    main()
