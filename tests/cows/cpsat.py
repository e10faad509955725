"""An independent OR-Tools CP-SAT model of the Cows rules, to check the exact solver."""

from __future__ import annotations

from ortools.sat.python import cp_model

from puzzlesmith.cows.board import Level


def cpsat_solutions(level: Level, limit: int) -> list[list[int]]:
    """Up to ``limit`` solutions (one column per row), by adding a no-good after each."""
    n = level.size
    m = cp_model.CpModel()
    x = [[m.new_bool_var(f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for r in range(n):
        m.add_exactly_one(x[r])
    for c in range(n):
        m.add_exactly_one(x[r][c] for r in range(n))
    regions: dict[str, list[cp_model.IntVar]] = {}
    for r, row in enumerate(level.regions):
        for c, ch in enumerate(row):
            regions.setdefault(ch, []).append(x[r][c])
    for cells in regions.values():
        m.add_exactly_one(cells)
    for r in range(n - 1):  # every touching pair lies in some 2×2 window
        for c in range(n - 1):
            m.add_at_most_one([x[r][c], x[r][c + 1], x[r + 1][c], x[r + 1][c + 1]])
    found: list[list[int]] = []
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    while len(found) < limit:
        if solver.solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        cols = [next(c for c in range(n) if solver.value(x[r][c])) for r in range(n)]
        found.append(cols)
        m.add_bool_or([x[r][cols[r]].Not() for r in range(n)])
    return found
