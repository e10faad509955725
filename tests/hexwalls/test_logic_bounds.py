"""The Hex Walls grader answers or refuses within a bounded amount of work on any board.

Work is counted in budget nodes (``core.budget``), never in wall time, so these tests
hold on a loaded machine. ``benchmarks/hex_solver.py`` prints the times.
"""

from __future__ import annotations

import random

import pytest

from puzzlesmith.core.budget import BudgetExceeded, budget
from puzzlesmith.hexwalls import logic
from puzzlesmith.hexwalls.board import HexCell, Level, board_of
from puzzlesmith.hexwalls.generate import random_blob


def open_board(radius: int, clue_at: int = 0, clue: int = 1) -> Level:
    """Every hex within ``radius`` of the origin, no walls, one clue."""
    hexes = [
        (q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q + r) <= radius
    ]
    cells = tuple(
        HexCell(f"{q},{r}", q, r, clue if i == clue_at else None) for i, (q, r) in enumerate(hexes)
    )
    return Level("open", cells)


@pytest.mark.parametrize(
    ("radius", "clue_at", "clue"), [(3, 0, 1), (3, 18, 37), (3, 5, 20), (6, 0, 1)]
)
def test_an_open_board_is_refused_at_once(radius: int, clue_at: int, clue: int) -> None:
    # 47-51 s before the fix: every "what if" re-ran one deduction per board scan; now
    # 2,400-72,000 units (cells looked at, exact-solver nodes)
    with budget(nodes=200_000) as spent:
        g = logic.grade(open_board(radius, clue_at, clue))
    assert not g.solved and g.grade == "unsolved"
    assert g.techniques["several_solutions"] == 1
    assert g.details["several_solutions"] is True
    assert g.steps[-1].technique == "several_solutions" and g.steps[-1].cells
    assert spent.nodes < 200_000


def test_the_time_aware_engine_stops_at_its_own_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    # without the early refusal the open board goes to the "what if" sweep, which the
    # engine's own work cap ends in a clean BudgetExceeded (CLI exit 3), not minutes later
    monkeypatch.setattr(logic, "AMBIGUITY_NODES", 0)
    monkeypatch.setattr(logic, "LOGIC_WORK", 200_000)
    with budget(nodes=10_000_000) as outer, pytest.raises(BudgetExceeded, match="gave up"):
        logic.grade(open_board(3))
    assert 200_000 < outer.nodes < 400_000


def _domains_after(r: logic.Reasoner) -> list[int] | None:
    try:
        r.propagate()
    except logic.Contradiction:
        return None
    return r.d


@pytest.mark.parametrize("seed", range(12))
def test_quiet_probes_reach_the_loud_fixpoint(seed: int) -> None:
    # a probe applies a whole pass at once; the deductions are monotone, so it must end in
    # the same domains (or the same contradiction) as one deduction at a time
    rng = random.Random(seed)
    hexes = random_blob(rng, rng.randint(6, 16))
    clued = rng.sample(range(len(hexes)), 2)
    cells = tuple(
        HexCell(
            f"{q},{r}",
            q,
            r,
            rng.randint(1, len(hexes)) if i == clued[0] else (1 if i == clued[1] else None),
        )
        for i, (q, r) in enumerate(hexes)
    )
    board = board_of(Level("r", cells))
    for _ in range(6):
        loud = logic.Reasoner(board)
        loud.setup_clues()
        k = rng.randint(1, board.n)
        x = rng.choice([i for i in range(board.n)])
        loud.d[k] &= 1 << x
        quiet = loud.probe()
        assert _domains_after(quiet) == _domains_after(loud)


def test_a_pass_that_fixes_two_cells_on_one_step_is_a_contradiction_not_a_crash() -> None:
    """Generating with turners (the dailies from Thursday) met a probe whose quiet pass
    fixed a cell onto the only step another cell fitted: StopIteration inside any()."""
    from puzzlesmith.core import registry

    m = registry.get("03-hex-walls")
    opts = m.generate_options
    assert opts is not None
    for i in range(4):  # level 1-4 of seed 1 met it
        m.generate_one(opts(turners=2, walls=4, lookahead=True), 1, i)  # the trial probes ran
