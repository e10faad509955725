"""Every shipped Number Stroke level sits where seed 001 §5 puts it (issue #27): its N,
its number clues (pack 1: the very steps; packs 2–3: how many), whether the start is
given, the largest step gap, and the teaching role of its position — checked against
the copy of the seed's table in ``seed_001_table.json`` (its ``source`` says where each
figure comes from)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puzzlesmith.core import registry
from puzzlesmith.stroke.board import Level, board_of

TABLE = json.loads((Path(__file__).with_name("seed_001_table.json")).read_text(encoding="utf-8"))
ROWS: dict[str, dict[str, Any]] = {row["id"]: row for row in TABLE["levels"]}
MODE = registry.get("stroke")
LEVELS: list[Level] = [lv for pack in MODE.shipped_packs() for lv in pack.levels]
ORDER = [lv.id for lv in LEVELS]


def sizes(lv: Level) -> list[tuple[int, int, bool]]:
    """(w, h, shaped) of every cell."""
    return [(c.w, c.h, c.shape is not None) for c in lv.cells]


def has_rect(lv: Level, *dims: tuple[int, int]) -> bool:
    return any((w, h) in dims and not shaped for w, h, shaped in sizes(lv))


def steps(lv: Level) -> list[int]:
    return sorted(c.clue for c in lv.cells if c.clue is not None)


def max_gap(lv: Level) -> int:
    return max((b - a for a, b in itertools.pairwise(steps(lv))), default=0)


def path(lv: Level) -> list[str]:
    result = MODE.solve(lv, 2)
    assert result.count == 1, f"{lv.id}: not unique"
    return list(result.solutions[0])


def holes(lv: Level) -> bool:
    """A hole that separates two cells which look adjacent: board on both sides of it."""
    units = {u for c in lv.cells for u in c.units}
    return any(
        (x, y) not in units
        and ({(x - 1, y), (x + 1, y)} <= units or {(x, y - 1), (x, y + 1)} <= units)
        for x in range(min(u[0] for u in units), max(u[0] for u in units) + 1)
        for y in range(min(u[1] for u in units), max(u[1] for u in units) + 1)
    )


def earlier(lid: str) -> list[Level]:
    return LEVELS[: ORDER.index(lid)]


def hub(lv: Level) -> bool:
    """A 2×2 with three or more neighbours that the path passes through (not an end)."""
    b = board_of(lv)
    p = path(lv)
    inner = set(p[1:-1])
    return any(
        (c.w, c.h) == (2, 2) and c.shape is None and c.id in inner and b.adjmask[i].bit_count() >= 3
        for i, c in enumerate(lv.cells)
    )


def big_mid_path(lv: Level) -> bool:
    """Pack 2's opening ("多格块在路线中段"): a multi-unit cell the solution path passes
    through, neither its first nor its last step."""
    inner = set(path(lv)[1:-1])
    return any(c.big and c.id in inner for c in lv.cells)


def parities(lv: Level) -> list[str]:
    return [c.parity for c in lv.cells if c.parity]


#: what each teaching role means on the board, as a check the level must pass
ROLE: dict[str, Callable[[Level], bool]] = {
    "slide": lambda lv: steps(lv) == [1] and not any(c.big for c in lv.cells),
    "visit-all": lambda lv: steps(lv)[-1] == len(lv.cells),
    "rewind": lambda lv: len(path(lv)) == len(lv.cells),
    "big-cell": lambda lv: (
        has_rect(lv, (2, 2)) and not any(has_rect(e, (2, 2)) for e in earlier(lv.id))
    ),
    "mid-clue": lambda lv: any(1 < s < len(lv.cells) for s in steps(lv)),
    "holes": lambda lv: holes(lv) and not any(holes(e) for e in earlier(lv.id)),
    "look-first": lambda lv: len(steps(lv)) >= 3,
    "hub-2x2": hub,
    "bar": lambda lv: (
        has_rect(lv, (1, 2), (2, 1))
        and not any(has_rect(e, (1, 2), (2, 1)) for e in earlier(lv.id))
    ),
    "review": lambda lv: has_rect(lv, (2, 2)) and has_rect(lv, (1, 2), (2, 1)),
    "advanced": big_mid_path,
    "first-3x3": lambda lv: (
        has_rect(lv, (3, 3)) and not any(has_rect(e, (3, 3)) for e in earlier(lv.id))
    ),
    "no-start": lambda lv: 1 not in steps(lv) and all(1 in steps(e) for e in earlier(lv.id)),
    "finale": lambda lv: max_gap(lv) >= max(max_gap(e) for e in earlier(lv.id)),
    "even-intro": lambda lv: parities(lv) and set(parities(lv)) == {"even"},
    "odd-on-3x3": lambda lv: any(
        c.parity == "odd" and (c.w, c.h) == (3, 3) and c.shape is None for c in lv.cells
    ),
    "parity-detour": lambda lv: bool(parities(lv)),
    "combined": lambda lv: len(parities(lv)) >= 2 and any(c.shape for c in lv.cells),
}


def test_the_table_covers_every_shipped_level_in_order() -> None:
    assert [row["id"] for row in TABLE["levels"]] == ORDER
    assert {row["role"] for row in TABLE["levels"]} <= set(ROLE) == set(TABLE["roles"])


@pytest.mark.parametrize("lv", LEVELS, ids=ORDER)
def test_level_matches_its_row_of_the_seed_table(lv: Level) -> None:
    row = ROWS[lv.id]
    assert len(lv.cells) == row["n"], f"{lv.id}: N {len(lv.cells)}, seed {row['n']}"
    if "clues" in row:
        assert steps(lv) == row["clues"], f"{lv.id}: clues {steps(lv)}, seed {row['clues']}"
    else:
        assert len(steps(lv)) == row["clue_count"], f"{lv.id}: clues {steps(lv)}"
    if "start_given" in row:
        assert (1 in steps(lv)) == row["start_given"], f"{lv.id}: start given?"
    if "max_gap" in row:
        assert max_gap(lv) == row["max_gap"], f"{lv.id}: largest gap {max_gap(lv)}"
    if "multi_cells" in row:
        lo, hi = row["multi_cells"]
        assert lo <= sum(c.big for c in lv.cells) <= hi, f"{lv.id}: multi-unit cells"
    assert ROLE[row["role"]](lv), f"{lv.id} does not do what the seed's row says: {row['seed']}"


def test_elements_appear_no_earlier_than_the_seed_allows() -> None:
    """Seed 001 §4 / seed 000 §7: 3×3 and shaped cells from pack 2, parity in pack 3 only."""
    for lv in LEVELS:
        pack = int(lv.id.split("-")[0])
        if pack == 1:
            assert not has_rect(lv, (3, 3)) and not any(c.shape for c in lv.cells), lv.id
        if pack < 3:
            assert not parities(lv), lv.id


def test_the_role_checks_can_fail() -> None:
    """The checks are not vacuous: a level in the wrong row fails them."""
    by_id = dict(zip(ORDER, LEVELS, strict=True))
    assert not ROLE["first-3x3"](by_id["2-6"])  # 2-2 already had the first 3×3
    assert not ROLE["no-start"](by_id["2-9"])  # 2-9 gives a 1
    assert not ROLE["even-intro"](by_id["3-2"])  # 3-2's clue is odd
    assert not ROLE["big-cell"](by_id["1-8"])  # the 2×2 came at 1-4


def _level(*cells: dict[str, Any]) -> Level:
    lv, problems = MODE.parse_level({"id": "x", "cells": list(cells)}, "x")
    assert lv is not None, problems
    return lv


def test_the_advanced_role_wants_a_big_cell_inside_the_path() -> None:
    """A 2×2 at the path's start is not pack 2's opening; the same 2×2 at step 2 of 3 is."""
    one, three = {"w": 1, "h": 1}, {"clue": 3}
    at_start = _level(
        {"id": "a", "x": 0, "y": 0, "w": 2, "h": 2, "clue": 1},
        {"id": "b", "x": 2, "y": 0, **one},
        {"id": "c", "x": 2, "y": 1, **one, **three},
    )
    inside = _level(
        {"id": "a", "x": 0, "y": 0, **one, "clue": 1},
        {"id": "b", "x": 1, "y": 0, "w": 2, "h": 2},
        {"id": "c", "x": 3, "y": 0, **one, **three},
    )
    assert path(at_start) == path(inside) == ["a", "b", "c"]
    assert not ROLE["advanced"](at_start) and ROLE["advanced"](inside)
