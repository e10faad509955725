"""Ratings that learn from players, simulated: recovery of hidden difficulty, and how well the
difficulty model's score predicts simulated solve times of the shipped levels.

    .venv/bin/python benchmarks/ratings_sim.py [--seeds 10] [--plays 1200] [--no-levels]

Part 1 (core/ratings_sim): simulated players of known skill on levels of known hidden
difficulty; Spearman of the levels' ratings against the hidden difficulty, before any
play (the model's noisy prior) and after, over several seeds.

Part 2: every shipped level is graded (``mode.grade``, its score as core/score makes it),
and a simulated person solves it from the grade trace, independently of the score's cost
table: each step costs time in proportion to the square root of the cells still open
(a scan of the board) times one plus the premises it rests on; a lookahead step
(contradiction, trial, probing) costs six times as much. Per mode it prints Pearson and
Spearman of the score against the log of that time.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from puzzlesmith.core import registry
from puzzlesmith.core.ratings_sim import SimConfig, pearson, simulate, spearman

LOOKAHEAD = ("contradiction", "trial", "probe", "lookahead", "guess")


def recovery(seeds: int, plays: int) -> None:
    print("part 1: rating recovery (40 levels, 150 players, prior noise 400)")
    starts, finals = [], []
    t0 = time.process_time()
    for seed in range(1, seeds + 1):
        res = simulate(SimConfig(seed=seed, plays=plays, prior_noise=400.0))
        starts.append(res.start_spearman)
        finals.append(res.spearman)
    cpu = time.process_time() - t0
    print(
        f"  plays {plays} ({plays / 40:.0f} a level): spearman prior "
        f"{statistics.mean(starts):.3f} → ratings {statistics.mean(finals):.3f} "
        f"(min {min(finals):.3f}) over {seeds} seeds, {cpu / seeds * 1000:.0f} ms CPU a run"
    )


def person_ms(steps: list[tuple[str, int]], cells: int, rng: random.Random) -> float:
    """A simulated person's time on a grade trace: (technique, premises) per step."""
    total = 0.0
    for k, (technique, premises) in enumerate(steps):
        open_cells = max(1, cells - k * cells // max(1, len(steps)))
        cost = 1500.0 * math.sqrt(open_cells) * (1 + premises)
        if any(w in technique.lower() for w in LOOKAHEAD):
            cost *= 6
        total += cost
    return total * math.exp(rng.gauss(0.0, 0.2))


def levels_part() -> None:
    from puzzlesmith.server.catalog import catalog

    print("part 2: the score against simulated solve times of the shipped levels")
    rng = random.Random(1)
    for m in registry.all_modes():
        scores, logs = [], []
        for pack in catalog(m).listed:
            for lv in pack.levels:
                g = m.grade(lv)
                if not g.steps:
                    continue
                trace = [(s.technique, len(s.because)) for s in g.steps]
                scores.append(g.score)
                logs.append(math.log(person_ms(trace, len(m.cell_ids(lv)), rng)))
        if len(scores) > 2:
            print(
                f"  {m.cli_name:8} levels {len(scores):3}  pearson {pearson(scores, logs):.3f}"
                f"  spearman {spearman(scores, logs):.3f}"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--plays", type=int, default=1200)
    ap.add_argument("--no-levels", action="store_true", help="skip part 2 (grading)")
    args = ap.parse_args()
    recovery(args.seeds, args.plays)
    if not args.no_levels:
        levels_part()


if __name__ == "__main__":
    main()
