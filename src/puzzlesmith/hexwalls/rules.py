"""Playing Hex Walls: move strings, the game state (turner phase included) and conflicts.

The position, its moves and its JSON are the path kit's (:mod:`puzzlesmith.paths.state`);
what is Hex Walls' own: the path only steps back one cell at a time (``undo``; seed
001 §9), walls close moves, and the turners' positions are part of the state. The turner phase is
not stored separately: after k cells on the path every turner has turned k
times, so undo turns it back by construction.

>>> from puzzlesmith.hexwalls.board import parse_level
>>> lv = parse_level({"id": "t", "cells": [{"q": 0, "r": 0, "clue": 1},
...     {"q": 1, "r": 0}, {"q": 0, "r": 1}],
...     "turners": [{"pivot": [[0, 0], [1, 0], [0, 1]], "at": [[0, 0], [0, 1]]}]})[0]
>>> s = replay(lv, ["start 0,0"])
>>> s["turners"][0]["edge"]
[[0, 0], [1, 0]]
>>> replay(lv, ["start 0,0", "add 1,0"])
Traceback (most recent call last):
...
puzzlesmith.core.errors.IllegalMoveError: move 2 'add 1,0': a wall blocks 0,0 → 1,0 after 1 landing(s)
>>> replay(lv, ["start 0,0", "add 0,1"])["turners"][0]["edge"]
[[0, 1], [1, 0]]
>>> replay(lv, ["start 0,0", "add 0,1", "undo"])["turners"][0]["edge"]
[[0, 0], [1, 0]]
>>> replay(lv, ["start 0,0", "add 0,1"])["deadEnd"]
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from puzzlesmith.hexwalls.board import Board, Level, board_of
from puzzlesmith.paths.state import Illegal, PathState, replay_moves


@dataclass
class GameState(PathState):
    """A Hex Walls position: the kit's, stepping back with ``undo`` and judged by the walls."""

    board: Board

    BACK = "undo"
    BACK_ARG = ""

    @property
    def k(self) -> int:
        """Landings so far = how many times every turner has turned."""
        return len(self.path)

    def blocked(self, i: int, j: int) -> str | None:
        """A static wall, or a turning wall where it stands after k landings, closes i → j."""
        b = self.board
        if not b.is_open(i, j, self.k):
            return f"a wall blocks {b.ids[i]} → {b.ids[j]} after {self.k} landing(s)"
        return None

    def step_back(self, args: list[str], cell: Callable[[str], int], illegal: Illegal) -> None:
        """``undo``: drop the last cell (the turners turn back by construction)."""
        if args:
            raise illegal("unknown move: 'undo' takes no argument")
        if not self.path:
            raise illegal("nothing to undo")
        self.path.pop()

    def extra_json(self) -> dict[str, Any]:
        return {
            "turns": self.k,
            "turners": [
                {
                    "pivot": [list(h) for h in t.pivot],
                    "edge": [list(h) for h in t.edge_after(self.k)],
                }
                for t in self.board.level.turners
            ],
        }


def play(level: Level, moves: Sequence[str]) -> GameState:
    """The position the moves reach from the empty board."""
    return replay_moves(GameState(board_of(level)), moves)


def replay(level: Level, moves: Sequence[str]) -> dict[str, Any]:
    """The authoritative state JSON (what the client mirror reproduces)."""
    return play(level, moves).to_json()
