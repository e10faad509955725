"""The cell graph every path board is: ids in file order, adjacency, clues.

A path mode's ``Board`` subclasses :class:`GraphBoard` and adds its geometry (hexes,
walls, turner phases...); the deduction engine, the game state, the hints and the view
read only these fields, so they serve every path mode. Loading is shared the same way:
each mode parses its own cells and geometry, and the level's head (id, fields, cell
count), its texts, the duplicate-id check and the clue/connectivity tail come from here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from puzzlesmith.core.bounds import MAX_CELLS, size_problem
from puzzlesmith.core.checks import clue_problems, connectivity_problems
from puzzlesmith.core.pack import FieldType, check_fields
from puzzlesmith.core.problems import Problem

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


# ---- loading: what every path mode's parse_level does around its own cell parsing -------


class PathCell(Protocol):
    """What the shared checks read of a parsed cell."""

    @property
    def id(self) -> str: ...

    @property
    def clue(self) -> int | None: ...


def cell_json(fields: dict[str, Any], **optional: Any) -> dict[str, Any]:
    """A cell as its level file writes it: ``fields``, then each optional one that is set.

    >>> cell_json({"id": "a"}, clue=None, parity="odd")
    {'id': 'a', 'parity': 'odd'}
    """
    return fields | {k: v for k, v in optional.items() if v is not None}


def level_head(
    raw: object,
    lid: str | None,
    required: Mapping[str, FieldType],
    optional: Mapping[str, FieldType],
) -> tuple[str | None, list[object] | None, list[Problem]]:
    """The level's id (``lid``, else its own when it is a string), its field problems and
    its raw cell list (None when there is no list to read cells from)."""
    lid = lid or (
        raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
    )
    problems = check_fields(raw, where="level", required=required, optional=optional, level=lid)
    if not isinstance(raw, dict) or not isinstance(raw.get("cells"), list):
        return lid, None, problems
    cells: list[object] = raw["cells"]
    return lid, cells, problems


def cell_count_problem(raw_cells: Sequence[object], lid: str | None) -> Problem | None:
    """No cells at all, or more than any board may have (core.bounds)."""
    if not raw_cells:
        return Problem("level-no-cells", "level has no cells", level=lid, where="level")
    return size_problem(len(raw_cells), MAX_CELLS, "cells", level=lid)


def level_texts(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The fields every path level takes from its file as they are: id, teach, caption."""
    return {"id": raw["id"], "teach": raw.get("teach"), "caption": raw.get("caption")}


def duplicate_id_problems(cells: Iterable[PathCell], lid: str | None) -> list[Problem]:
    """A cell id used a second time (moves and hints name cells by id)."""
    problems: list[Problem] = []
    seen: set[str] = set()
    for c in cells:
        if c.id in seen:
            problems.append(
                Problem(
                    "cell-duplicate-id",
                    f"cell id {c.id!r} used twice",
                    level=lid,
                    where=f"cell {c.id}",
                    cells=(c.id,),
                )
            )
        seen.add(c.id)
    return problems


def graph_problems(
    cells: Sequence[PathCell],
    problems: list[Problem],
    lid: str | None,
    adjacency: Callable[[], Sequence[Sequence[int]]],
) -> list[Problem]:
    """``problems`` plus the clue steps' problems; on a board sound so far, connectivity
    too (``adjacency`` builds the cell graph only then)."""
    problems = problems + clue_problems(
        ((c.id, c.clue) for c in cells if c.clue is not None), len(cells), lid
    )
    if problems:
        return problems
    return connectivity_problems(adjacency(), [c.id for c in cells], lid)
