"""Hex Walls speed figures: solver, publish checks, logic grade on the shipped levels; generator.

Run: .venv/bin/python benchmarks/hex_solver.py  (prints figures; no assertion)
Issue #39's row (ours against a plain depth-first search on 37 small boards): hex_small.py.
"""

from __future__ import annotations

import time

from puzzlesmith.core.errors import PuzzlesmithError
from puzzlesmith.hexwalls import MODE
from puzzlesmith.hexwalls.board import HexCell, Level, board_of
from puzzlesmith.hexwalls.checks import check_level
from puzzlesmith.hexwalls.generate import GenerateOptions, generate_level
from puzzlesmith.hexwalls.logic import grade
from puzzlesmith.hexwalls.solver import solve


def timed(fn: object, *args: object) -> float:
    t = time.perf_counter()
    fn(*args)  # type: ignore[operator]
    return time.perf_counter() - t


def main() -> None:
    print(
        f"{'level':6} {'n':>3} {'walls':>5} {'turn':>4} {'solve2 ms':>10} {'check ms':>9} {'grade ms':>9}"
    )
    tot = [0.0, 0.0, 0.0]
    for pack in MODE.shipped_packs():
        for lv in pack.levels:
            b = board_of(lv)
            s = timed(solve, b, 2)
            c = timed(check_level, lv)
            g = timed(grade, lv)
            tot = [tot[0] + s, tot[1] + c, tot[2] + g]
            print(
                f"{lv.id:6} {b.n:3} {len(lv.walls):5} {len(lv.turners):4} "
                f"{s * 1e3:10.1f} {c * 1e3:9.1f} {g * 1e3:9.1f}"
            )
    print(f"total: solve {tot[0]:.2f}s, check {tot[1]:.2f}s, grade {tot[2]:.2f}s")
    for cells, turners in ((12, 0), (14, 2), (17, 4)):
        opts = GenerateOptions(cells=cells, walls=3, turners=turners)
        t = time.perf_counter()
        made = 0
        for i in range(3):
            try:
                generate_level(opts, 11, i)
                made += 1
            except PuzzlesmithError:
                pass
        print(
            f"generate cells={cells} turners={turners}: {made}/3 made, "
            f"{(time.perf_counter() - t) / 3:.2f}s per index"
        )
    # an open board with no clue but the start: counting to 2 must still be quick
    import random

    from puzzlesmith.hexwalls.generate import random_blob

    for size in (20, 24, 28):
        hexes = random_blob(random.Random(size), size)
        lv = Level(
            "x",
            tuple(
                HexCell(f"{q},{r}", q, r, 1 if i == 0 else None) for i, (q, r) in enumerate(hexes)
            ),
        )
        print(f"bare blob n={size}: solve(limit=2) {timed(solve, board_of(lv), 2) * 1e3:.1f} ms")
    bench_open_grade()


def open_board(radius: int, clue_at: int, clue: int) -> Level:
    """Every hex within ``radius`` of the origin, no walls, one clue (issue 29's board)."""
    hexes = [
        (q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q + r) <= radius
    ]
    return Level(
        "open",
        tuple(
            HexCell(f"{q},{r}", q, r, clue if i == clue_at else None)
            for i, (q, r) in enumerate(hexes)
        ),
    )


def bench_open_grade() -> None:
    """Issue 29: ``grade`` on an open board answers or refuses in < 2 s (was 47–51 s)."""
    from puzzlesmith.core.budget import BudgetExceeded

    for radius, clue_at, clue in ((3, 0, 1), (3, 18, 37), (3, 5, 20), (6, 0, 1), (11, 0, 1)):
        lv = open_board(radius, clue_at, clue)
        t, c = time.perf_counter(), time.process_time()
        try:
            g = grade(lv)
            verdict = f"{g.grade} ({', '.join(g.techniques)})"
        except BudgetExceeded as exc:
            verdict = f"refused: {exc}"
        wall, cpu = time.perf_counter() - t, time.process_time() - c
        print(
            f"open board {len(lv.cells)} hexes, clue {clue}: grade in {wall:.2f} s "
            f"({cpu:.2f} s CPU; goal < 2 s: {'met' if wall < 2 else 'NOT met'}) -> {verdict}"
        )


if __name__ == "__main__":
    main()
