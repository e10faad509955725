"""The two hints of Hex Walls, 补数字 (reveal a number) and 指路 (guide), reused from Number Stroke.

Number Stroke's hints only read the graph-free parts of a position (cell ids, the
number of cells, the clue steps, the path and the revealed numbers), which the hex
Board and GameState carry under the same names; so the same functions serve here.
The guide's "rewind" means "step back until this cell is the end" — in Hex Walls
the player does it with undo, one cell at a time.

>>> from puzzlesmith.hexwalls.board import parse_level, board_of
>>> from puzzlesmith.hexwalls.rules import play
>>> lv = parse_level({"id": "t", "cells": [{"q": q, "r": 0, **({"clue": 1} if q == 0 else {})}
...     for q in range(5)]})[0]
>>> sol = [f"{q},0" for q in range(5)]
>>> reveal_number(board_of(lv), sol, play(lv, []))
('2,0', 3)
>>> guide(board_of(lv), sol, play(lv, ["start 0,0", "add 1,0"]))
('next', '2,0')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from puzzlesmith.hexwalls.board import Board
from puzzlesmith.hexwalls.rules import GameState
from puzzlesmith.stroke import hints as stroke_hints


def reveal_number(
    board: Board, solution: Sequence[str], state: GameState
) -> tuple[str, int] | None:
    """(cell, step) halving the widest unknown stretch of the solution; None when all known."""
    # stroke's signature names its own Board/GameState; ours have the same fields it reads
    return stroke_hints.reveal_number(cast(Any, board), solution, cast(Any, state))


def guide(board: Board, solution: Sequence[str], state: GameState) -> tuple[str, str | None]:
    """(action, cell): start / next / rewind / restart / done, as in Number Stroke."""
    return stroke_hints.guide(cast(Any, board), solution, cast(Any, state))
