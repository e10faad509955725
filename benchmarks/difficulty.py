"""Grade distributions per mode (issue #34): printed, never asserted.

For every registered mode: its shipped levels, a run of daily puzzles made as
``daily build`` makes them (``--days``; 0 skips), and a generated batch (``--count``,
optionally ``--grade``), next to the real corpora in ../shared/external (Numbrix graded
by Number Stroke's grader, LinkedIn Queens by Cows'): the share of each grade, the share
needing lookahead (``contradiction``/``trial``: a "what if"), and the median score.
Generic over the registry, so it runs for any mode whatever its grader's techniques.

    .venv/bin/python benchmarks/difficulty.py                 # shipped + corpora + 20 generated
    .venv/bin/python benchmarks/difficulty.py --days 28       # and four weeks of dailies
    .venv/bin/python benchmarks/difficulty.py --modes stroke --grade expert --count 50
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from puzzlesmith.core import registry
from puzzlesmith.core.errors import PuzzlesmithError
from puzzlesmith.core.mode import GradeResult, Mode
from puzzlesmith.core.score import LOOKAHEAD_TECHNIQUES

#: ../shared/external beside the checkout (a worktree sits one folder deeper)
EXTERNAL = next(
    (
        p / "shared" / "external"
        for p in Path(__file__).resolve().parents
        if (p / "shared").is_dir()
    ),
    Path("../shared/external"),
)
#: corpus file → the mode whose grader reads it (test data only, never shipped)
CORPORA = {"numbrix-real.json": "stroke", "queens-real.json": "cows"}
GRADES = ("easy", "medium", "hard", "expert")


def needs_lookahead(g: GradeResult) -> bool:
    return any(g.techniques.get(t) for t in LOOKAHEAD_TECHNIQUES)


def row(label: str, graded: Sequence[GradeResult], seconds: float) -> str:
    """One printed line: count, grade shares, lookahead share, median score, time."""
    n = len(graded)
    if not n:
        return f"  {label:<24} (none)"
    grades = Counter(g.grade.split()[0] if g.solved else "unsolved" for g in graded)
    shares = " ".join(f"{k[:4]} {100 * grades.get(k, 0) / n:3.0f}%" for k in (*GRADES, "unsolved"))
    look = sum(needs_lookahead(g) for g in graded)
    med = statistics.median(g.score for g in graded)
    return (
        f"  {label:<24} n={n:<4} {shares}  lookahead {look:>3} ({100 * look / n:3.0f}%)  "
        f"median score {med:6.1f}  ({seconds:.1f} s)"
    )


def grade_all(mode: Mode[Any], levels: Iterable[Any]) -> tuple[list[GradeResult], float]:
    t = time.process_time()
    out = []
    for lv in levels:
        try:
            out.append(mode.grade(lv))
        except PuzzlesmithError as exc:  # a budget ran out: counted as unsolved
            out.append(GradeResult(False, "unsolved", [], {}, {"error": str(exc)}))
    return out, time.process_time() - t


def generated(mode: Mode[Any], count: int, seed: int, grade: str) -> list[Any]:
    options_type = mode.generate_options
    if options_type is None:
        return []
    options = options_type()
    if grade and hasattr(options, "grade"):
        options = replace(options, grade=grade)
    out = []
    for i in range(count):
        try:
            out.append(mode.generate_one(options, seed, i))
        except PuzzlesmithError:
            continue
    return out


def dailies(mode: Mode[Any], days: int) -> tuple[list[GradeResult], dict[int, list[float]]]:
    """``days`` dailies from a fixed Monday, as ``daily build`` makes them; their grades
    and the scores by weekday (0 = Monday)."""
    from puzzlesmith.server.daily.puzzles import DailyError, make_daily, parse_daily

    start = date(2026, 11, 23)  # a Monday after daily #1
    graded: list[GradeResult] = []
    by_day: dict[int, list[float]] = {}
    for k in range(days):
        day = start + timedelta(days=k)
        try:
            puzzle = make_daily(mode, day, b"difficulty-benchmark")
        except DailyError:
            continue
        g = mode.grade(parse_daily(mode, puzzle.level))
        graded.append(g)
        by_day.setdefault(day.weekday(), []).append(g.score)
    return graded, by_day


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--modes", default="", help="comma-separated CLI names (default: all)")
    ap.add_argument("--count", type=int, default=20, help="generated levels per mode")
    ap.add_argument("--grade", default="", help="generate at this grade (e.g. expert)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--days", type=int, default=0, help="dailies per mode (0: skip)")
    args = ap.parse_args(argv)
    wanted = {m for m in args.modes.split(",") if m}
    for mode in registry.all_modes():
        if wanted and mode.cli_name not in wanted:
            continue
        print(f"{mode.cli_name}:")
        shipped = [lv for pack in mode.shipped_packs() for lv in pack.levels]
        print(row("shipped", *grade_all(mode, shipped)))
        if args.days:
            t = time.process_time()
            graded, by_day = dailies(mode, args.days)
            print(row(f"daily ({args.days} days)", graded, time.process_time() - t))
            means = " ".join(
                f"{'MTWTFSS'[d]} {statistics.mean(by_day[d]):5.1f}" for d in sorted(by_day)
            )
            print(f"  {'':<24} weekday mean scores: {means}")
        if args.count:
            t = time.process_time()
            made = generated(mode, args.count, args.seed, args.grade)
            graded, _ = grade_all(mode, made)
            label = f"generated{' ' + args.grade if args.grade else ''}"
            print(row(label, graded, time.process_time() - t))
        for name, corpus_mode in CORPORA.items():
            path = EXTERNAL / name
            if corpus_mode != mode.cli_name:
                continue
            if not path.exists():
                print(f"  (no {path}: corpus skipped)")
                continue
            levels = mode.load_file(path).levels
            print(row(name.split("-")[0] + " (external)", *grade_all(mode, levels)))


if __name__ == "__main__":
    main()
