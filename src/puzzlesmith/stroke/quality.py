"""How good a level's clues are: giveaways, removable clues and multi-unit cells.

A *giveaway* is a clue the easy techniques pin from the other clues (the 2 forced next
to a 1 with one neighbour): it tells the player nothing. A *removable* clue can go with
the level still solved by logic, which proves it still has exactly one solution: the
level carries more clues than it needs. The generator emits neither (issue #21), and
``benchmarks/stroke_quality.py`` prints these figures for a batch.
"""

from __future__ import annotations

from collections.abc import Collection

from puzzlesmith.paths.grades import EASY_TECHNIQUES
from puzzlesmith.paths.techniques import REASONING, PathGraph, deduce
from puzzlesmith.stroke.board import Level, board_of
from puzzlesmith.stroke.logic import graph_of


def _without(g: PathGraph, cell: int) -> PathGraph:
    return PathGraph(g.names, g.adj, {k: v for k, v in g.clue.items() if k != cell}, g.parity)


def giveaway_clues(level: Level, keep: Collection[int] = (1,)) -> list[str]:
    """Cells whose clue the easy techniques pin from the others (clue steps in ``keep``
    are teaching clues and not asked about)."""
    g = graph_of(board_of(level))
    out = []
    for cell, step in sorted(g.clue.items()):
        if step in keep:
            continue
        d = deduce(_without(g, cell), EASY_TECHNIQUES)
        if not d.impossible and d.candidates[cell] == 1 << step:
            out.append(g.names[cell])
    return out


def removable_clues(level: Level, keep: Collection[int] = (1,)) -> list[str]:
    """Cells whose clue can be removed with the level still solvable by reasoning alone (no
    lookahead: what the generator keeps a clue for), so unique."""
    g = graph_of(board_of(level))
    return [
        g.names[cell]
        for cell, step in sorted(g.clue.items())
        if step not in keep and deduce(_without(g, cell), REASONING).solved
    ]


def multi_unit_cells(level: Level) -> int:
    """Cells made of more than one unit square (big rectangles and shaped cells)."""
    return sum(1 for c in level.cells if len(c.units) > 1)


def spare_clues(level: Level) -> list[str]:
    """Removable clues besides the teaching ones: clue 1, and one guide clue at step 4-7
    (the generator's ``clue1`` keeps it on purpose even when logic could do without)."""
    steps = {c.id: c.clue for c in level.cells if c.clue is not None}
    spare = removable_clues(level, keep={1})
    guide = [c for c in spare if 4 <= (steps[c] or 0) <= 7][:1]
    return [c for c in spare if c not in guide]
