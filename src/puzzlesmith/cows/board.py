"""Cows boards: an N×N grid split into N colour regions, parsed strictly (seed 002 §1).

A level is one string per row, one letter per cell, one letter per region (A–Z,
then a–z). Cells are numbered ``i = r * N + c`` (so a set of cells is one Python int
bitmask) and named for people ``r<row>c<col>`` counting from 1, as chat votes type them:
the top-left cell is ``r1c1`` in messages, traces, hints, votes and drawings alike.

>>> lv = parse_level({"id": "t", "regions": ["AABB", "AABB", "CCDD", "CCDD"]})[0]
>>> b = board_of(lv)
>>> b.n, b.letters, b.region_of[5], cell_id(b, 5)
(4, ('A', 'B', 'C', 'D'), 0, 'r2c2')
>>> bin(b.units[2 * 4 + 1])  # region B
'0b11001100'
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from puzzlesmith.core import words
from puzzlesmith.core.pack import check_fields, level_json
from puzzlesmith.core.problems import Problem
from puzzlesmith.core.words import Lang

MIN_SIZE, MAX_SIZE = 4, 20
#: region letters in the order new regions take them
LETTERS = string.ascii_uppercase + string.ascii_lowercase


@dataclass(frozen=True)
class Level:
    id: str
    regions: tuple[str, ...]
    teach: str | None = None
    caption: str | None = None

    @property
    def size(self) -> int:
        return len(self.regions)

    def to_json(self) -> dict[str, Any]:
        return level_json(self.id, self.teach, self.caption, regions=list(self.regions))


@dataclass(frozen=True)
class Board:
    """Precomputed masks the solvers share.

    ``units`` lists the 3N houses as cell bitmasks: rows 0..N-1, columns N..2N-1,
    regions 2N..3N-1. ``attack[i]`` is every other cell a cow on ``i`` rules out
    (its row, column, region and 8 neighbours) — a symmetric relation.
    """

    level: Level
    n: int
    letters: tuple[str, ...]
    region_of: tuple[int, ...]
    units: tuple[int, ...]
    attack: tuple[int, ...]
    #: the three houses (row, column, region unit indices) of each cell
    houses: tuple[tuple[int, int, int], ...] = field(repr=False)
    full: int = 0

    def row(self, i: int) -> int:
        return i // self.n

    def col(self, i: int) -> int:
        return i % self.n

    def unit_name(self, u: int, lang: Lang = "en") -> str:
        """A house in words for messages: ``row 3``, ``column 1``, ``region C`` (``cw.unit.*``)."""
        n = self.n
        row, column, region = _unit_words(lang)
        if u < n:
            return row.replace("{n}", str(u + 1))
        if u < 2 * n:
            return column.replace("{n}", str(u - n + 1))
        return region.replace("{letter}", self.letters[u - 2 * n])

    def unit_name_zh(self, u: int) -> str:
        return self.unit_name(u, "zh")


@cache
def _unit_words(lang: Lang) -> tuple[str, str, str]:
    """The house names' sentences in ``lang``, looked up once (the logic names houses often)."""
    return (
        words.say("cw.unit.row", lang),
        words.say("cw.unit.column", lang),
        words.say("cw.unit.region", lang),
    )


def cell_id(board: Board, i: int) -> str:
    """Cell ``i``'s name, 1-based: ``r<row>c<col>``."""
    return rc_id(i // board.n, i % board.n)


def rc_id(r: int, c: int) -> str:
    """The name of the cell at 0-based row ``r``, column ``c``.

    >>> rc_id(0, 2)
    'r1c3'
    """
    return f"r{r + 1}c{c + 1}"


def bits(mask: int) -> Iterator[int]:
    """Indices of the set bits, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cells_of(board: Board, mask: int) -> tuple[str, ...]:
    return tuple(cell_id(board, i) for i in bits(mask))


@lru_cache(maxsize=1024)
def board_of(level: Level) -> Board:
    """The (cached) masks of a parsed level."""
    return build_board(level)


def build_board(level: Level) -> Board:
    """The masks of a level, uncached (the generator builds thousands of throwaway boards)."""
    n = level.size
    letters = tuple(sorted({ch for row in level.regions for ch in row}, key=LETTERS.index))
    index = {ch: k for k, ch in enumerate(letters)}
    region_of = tuple(index[ch] for row in level.regions for ch in row)
    return board_from_owner(level, n, letters, region_of)


def board_from_owner(
    level: Level, n: int, letters: tuple[str, ...], region_of: tuple[int, ...]
) -> Board:
    rows, cols, near = _geometry(n)
    units = [*rows, *cols, *([0] * len(letters))]
    for i, reg in enumerate(region_of):
        units[2 * n + reg] |= 1 << i
    attack = tuple((near[i] | units[2 * n + reg]) & ~(1 << i) for i, reg in enumerate(region_of))
    houses = tuple((i // n, n + i % n, 2 * n + reg) for i, reg in enumerate(region_of))
    return Board(
        level=level,
        n=n,
        letters=letters,
        region_of=region_of,
        units=tuple(units),
        attack=attack,
        houses=houses,
        full=(1 << (n * n)) - 1,
    )


@lru_cache(maxsize=32)
def _geometry(n: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Row masks, column masks, and per cell its row | column | 8 neighbours."""
    rows = tuple(((1 << n) - 1) << (r * n) for r in range(n))
    cols = tuple(sum(1 << (r * n + c) for r in range(n)) for c in range(n))
    near = []
    for i in range(n * n):
        r, c = divmod(i, n)
        m = rows[r] | cols[c]
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    m |= 1 << (rr * n + cc)
        near.append(m)
    return rows, cols, tuple(near)


def flood(start: int, allowed: int, n: int) -> int:
    """Cells of ``allowed`` 4-connected to ``start`` (bitmask flood fill).

    >>> bin(flood(0b1, 0b1011, 2))  # 2×2: cells 0, 1, 3 connect; 2 is not allowed
    '0b1011'
    """
    not_first = ~_geometry(n)[1][0]
    not_last = ~_geometry(n)[1][n - 1]
    reach = start & allowed
    while True:
        grow = (
            reach
            | (reach << n)
            | (reach >> n)
            | ((reach << 1) & not_first)
            | ((reach >> 1) & not_last)
        ) & allowed
        if grow == reach:
            return reach
        reach = grow


# ---- parsing ---------------------------------------------------------------------------

_LEVEL_REQUIRED = {"id": str, "regions": list}
_LEVEL_OPTIONAL = {"teach": str, "caption": str}


def parse_level(raw: object, lid: str | None = None) -> tuple[Level | None, list[Problem]]:
    """Check every hard rule for one level; the Level when it is sound.

    >>> _, ps = parse_level({"id": "x", "regions": ["AAB", "AAB"]})
    >>> [p.code for p in ps]
    ['board-not-square', 'board-size']
    """
    if lid is None and isinstance(raw, dict) and isinstance(raw.get("id"), str):
        lid = raw["id"]
    problems = check_fields(
        raw, where="level", required=_LEVEL_REQUIRED, optional=_LEVEL_OPTIONAL, level=lid
    )
    if problems or not isinstance(raw, dict):
        return None, problems
    rows: list[object] = raw["regions"]
    problems.extend(grid_problems(rows, lid))
    if problems:
        return None, problems
    level = Level(
        id=raw["id"],
        regions=tuple(str(r) for r in rows),
        teach=raw.get("teach"),
        caption=raw.get("caption"),
    )
    return level, problems


def grid_problems(rows: list[object], lid: str | None) -> list[Problem]:
    """The hard rules of a region grid: shape, size, letters, region count, connectivity."""

    def bad(code: str, msg: str, where: str, cells: tuple[str, ...] = ()) -> Problem:
        return Problem(code, msg, level=lid, where=where, cells=cells)

    problems: list[Problem] = []
    for r, row in enumerate(rows):
        if not isinstance(row, str):
            problems.append(bad("json-type", "each row must be a string", f"row {r + 1}"))
    if problems:
        return problems
    grid = [str(row) for row in rows]
    n = len(grid)
    if n == 0:
        return [bad("board-empty", "regions has no rows", "regions")]
    width = len(grid[0])
    for r, row in enumerate(grid):
        if len(row) != width:
            problems.append(
                bad(
                    "row-length",
                    f"row has {len(row)} cells, row 1 has {width}",
                    f"row {r + 1}",
                )
            )
        for c, ch in enumerate(row):
            if ch not in LETTERS:
                problems.append(
                    bad(
                        "region-letter",
                        f"{ch!r} is not a region letter (A–Z, a–z)",
                        f"row {r + 1} column {c + 1}",
                        (rc_id(r, c),),
                    )
                )
                break  # one per row: a hostile row must not yield a problem per character
    if problems:
        return problems
    if width != n:
        problems.append(bad("board-not-square", f"board is {n} rows × {width} columns", "regions"))
    if not MIN_SIZE <= n <= MAX_SIZE:
        problems.append(bad("board-size", f"size {n} is outside {MIN_SIZE}..{MAX_SIZE}", "regions"))
    if problems:
        return problems
    letters = sorted({ch for row in grid for ch in row}, key=LETTERS.index)
    if len(letters) != n:
        problems.append(
            bad(
                "region-count",
                f"{len(letters)} regions ({''.join(letters)}) on a {n}×{n} board; need {n}",
                "regions",
            )
        )
    for ch in letters:
        parts = _components(grid, ch)
        if len(parts) > 1:
            stray = parts[1]
            r, c = stray[0]
            problems.append(
                bad(
                    "region-disconnected",
                    f"region {ch} is in {len(parts)} separate parts",
                    f"row {r + 1} column {c + 1}",
                    tuple(rc_id(rr, cc) for rr, cc in stray),
                )
            )
    return problems


def _components(grid: list[str], ch: str) -> list[list[tuple[int, int]]]:
    """4-connected parts of one region, largest first."""
    n = len(grid)
    cells = {(r, c) for r in range(n) for c in range(n) if grid[r][c] == ch}
    parts: list[list[tuple[int, int]]] = []
    while cells:
        start = min(cells)
        stack, part = [start], [start]
        cells.discard(start)
        while stack:
            r, c = stack.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in cells:
                    cells.discard(nb)
                    stack.append(nb)
                    part.append(nb)
        parts.append(sorted(part))
    parts.sort(key=len, reverse=True)
    return parts
