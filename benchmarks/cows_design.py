"""``cows design --suggest`` figures (issue #40 item 1). Prints figures; asserts nothing.

Boards a designer might draw: regions grown evenly round a random cow placement (the
generator's growth, no repair), so they have from a few to over a thousand solutions.
For each size it prints, per board, the solutions (counted to 1,000), the CPU time of
``suggest_edits(level, 3)`` with the CLI's search bound and with the editor's, and how many
cells each suggestion moves. Also the editor's whole check with 3 suggestions
(``check_level(…, suggest=3)``: what the 2 s CPU budget of the check worker has to cover).

Times are CPU time of this process (time.process_time), so other load on the machine
does not inflate them.

Run: .venv/bin/python benchmarks/cows_design.py [--sizes 6,7,8,10] [--boards 6]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from puzzlesmith.core import registry
from puzzlesmith.core.levelcheck import check_level
from puzzlesmith.cows.design import SEARCH_SECONDS, suggest_edits
from puzzlesmith.cows.generate import grow_regions, plant_solution, to_level
from puzzlesmith.cows.solver import solve

#: the CLI's search bound at the default --budget 60 (cows/cli.py: min(10, 60 / 4))
CLI_SECONDS = 10.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="6,7,8,10")
    ap.add_argument("--boards", type=int, default=6)
    args = ap.parse_args()
    mode = registry.get("cows")
    for n in (int(x) for x in args.sizes.split(",")):
        cli_t, ed_t, found = [], [], 0
        for seed in range(args.boards):
            rng = random.Random(seed * 31 + n)
            owner = grow_regions(n, plant_solution(n, rng), rng, 0.0)
            lv = to_level(f"drawn-{n}-{seed}", n, owner)
            count = solve(lv, 1000).count
            if count < 2:
                continue
            t = time.process_time()
            out = suggest_edits(lv, 3, seconds=CLI_SECONDS)
            cli_t.append(time.process_time() - t)
            t = time.process_time()
            check = check_level(mode, lv, suggest=3, fresh=True)
            ed_t.append(time.process_time() - t)
            found += bool(out)
            moved = [len(s.edits) for s in out]
            print(
                f"{n}×{n} {lv.id}: {count}{'+' if count == 1000 else ''} solutions; "
                f"CLI {cli_t[-1]:.2f} s, cells moved {moved or '—'}; "
                f"editor check {ed_t[-1]:.2f} s, {len(check.suggestions)} suggestion(s)"
            )
        if cli_t:
            print(
                f"{n}×{n}: suggestions for {found}/{len(cli_t)} boards; CLI median "
                f"{statistics.median(cli_t):.2f} s, max {max(cli_t):.2f} s; editor check "
                f"median {statistics.median(ed_t):.2f} s, max {max(ed_t):.2f} s "
                f"(search bound {SEARCH_SECONDS} s)\n"
            )


if __name__ == "__main__":
    main()
