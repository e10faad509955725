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

from puzzlesmith.stroke.hints import answer, guide, reveal_number

__all__ = ["answer", "guide", "reveal_number"]
