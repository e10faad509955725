"""Sets of cells as ints (bit i = cell i), the engines' common currency.

Compiled with the stroke solver (``puzzlesmith._native``), whose hot loops call it.
"""

from __future__ import annotations

from collections.abc import Sequence


def bits(mask: int) -> list[int]:
    """The indices of the set bits, lowest first.

    >>> bits(0b10110)
    [1, 2, 4]
    >>> bits(0)
    []
    """
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def flood(adj: Sequence[int], start: int, region: int) -> int:
    """The cells of ``start`` (a mask) and every cell of ``region`` they reach by moves
    along ``adj`` (cell → neighbour mask) inside ``region``: a bitmask flood fill.

    >>> line = [0b010, 0b101, 0b010]  # 0 - 1 - 2
    >>> bin(flood(line, 0b001, 0b111)), bin(flood(line, 0b001, 0b101))
    ('0b111', '0b1')
    """
    reach = start
    frontier = start
    while frontier:
        nxt = 0
        for x in bits(frontier):
            nxt |= adj[x]
        frontier = nxt & region & ~reach
        reach |= frontier
    return reach
