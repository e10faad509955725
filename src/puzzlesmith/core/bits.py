"""Sets of cells as ints (bit i = cell i), the engines' common currency.

Compiled with the stroke solver (``puzzlesmith._native``), whose hot loops call it.
"""

from __future__ import annotations


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
