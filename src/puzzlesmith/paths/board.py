"""The cell graph every path board is: ids in file order, adjacency, clues.

A path mode's ``Board`` subclasses :class:`GraphBoard` and adds its geometry (hexes,
walls, turner phases...); the deduction engine, the game state, the hints and the view
read only these fields, so they serve every path mode.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

LV = TypeVar("LV")


@dataclass(frozen=True, kw_only=True)
class GraphBoard(Generic[LV]):
    """Cells 0..n-1 in file order with their ids, neighbours and clues."""

    level: LV
    ids: tuple[str, ...]
    index: dict[str, int] = field(compare=False)
    #: geometric adjacency, sorted
    adj: tuple[tuple[int, ...], ...]
    #: adjacency as bitmasks (bit j set in adjmask[i] iff i ~ j)
    adjmask: tuple[int, ...]
    #: cell index → clue step (1-based)
    clue: dict[int, int] = field(compare=False)
    #: clue step → cell index
    step_cell: dict[int, int] = field(compare=False)
    #: cell index → required parity (1 = odd, 0 = even)
    parity: dict[int, int] = field(compare=False, default_factory=dict)

    @property
    def n(self) -> int:
        return len(self.ids)


def graph_fields(
    ids: Sequence[str], neighbours: Iterable[Iterable[int]], clue: dict[int, int]
) -> dict[str, Any]:
    """The :class:`GraphBoard` fields built from ids, neighbour lists and clues.

    >>> f = graph_fields(("a", "b"), [{1}, {0}], {0: 1})
    >>> f["adj"], f["adjmask"], f["step_cell"], f["index"]
    (((1,), (0,)), (2, 1), {1: 0}, {'a': 0, 'b': 1})
    """
    adj = tuple(tuple(sorted(s)) for s in neighbours)
    return {
        "ids": tuple(ids),
        "index": {c: i for i, c in enumerate(ids)},
        "adj": adj,
        "adjmask": tuple(sum(1 << j for j in s) for s in adj),
        "clue": clue,
        "step_cell": {s: i for i, s in clue.items()},
    }
