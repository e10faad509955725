"""The played game: one path, move strings, conflicts, dead end and cleared (seed 000 §4.5, §5.3).

Moves are strings (``start a``, ``add b``, ``rewind a``, ``reset``, ``reveal m 5``) so
saves, replays, undo and the server's authoritative check share one path; the
browser's rules mirror reproduces :meth:`GameState.to_json` exactly.

>>> from puzzlesmith.stroke.board import parse_level, board_of
>>> lv = parse_level({"id": "t", "cells": [
...     {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1, "clue": 1},
...     {"id": "b", "x": 1, "y": 0, "w": 1, "h": 1},
...     {"id": "c", "x": 2, "y": 0, "w": 1, "h": 1, "clue": 3}]})[0]
>>> s = replay(board_of(lv), ["start a", "add b", "add c"]).to_json()
>>> s["steps"], s["cleared"]
({'a': 1, 'b': 2, 'c': 3}, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.stroke.board import Board

#: conflict codes in the order they are listed for one step
CONFLICT_ORDER = ("clue-step", "step-elsewhere", "parity")


@dataclass
class GameState:
    """A position: the path (cell indices in step order) and the numbers the reveal hint added."""

    board: Board
    path: list[int] = field(default_factory=list)
    #: cell index → step, added by the 补数字 hint (kept by reset)
    revealed: dict[int, int] = field(default_factory=dict)

    # ---- derived facts -------------------------------------------------------------------
    def number_on(self, cell: int) -> int | None:
        """The number a cell must carry: its clue, or a revealed number."""
        c = self.board.clue.get(cell)
        return c if c is not None else self.revealed.get(cell)

    def cell_for_step(self, step: int) -> int | None:
        """The cell that must carry ``step`` (clue or revealed), if known."""
        cell = self.board.step_cell.get(step)
        if cell is not None:
            return cell
        for c, s in self.revealed.items():
            if s == step:
                return c
        return None

    def conflicts(self) -> list[dict[str, Any]]:
        """Every broken clue on the path, sorted by step (then clue-step, step-elsewhere, parity)."""
        out: list[dict[str, Any]] = []
        ids = self.board.ids
        for k, cell in enumerate(self.path, 1):
            num = self.number_on(cell)
            if num is not None and num != k:
                out.append({"cell": ids[cell], "step": k, "code": "clue-step", "clue": num})
            owner = self.cell_for_step(k)
            if owner is not None and owner != cell:
                out.append({"cell": ids[cell], "step": k, "code": "step-elsewhere", "clue": k})
            p = self.board.parity.get(cell)
            if p is not None and (k & 1) != p:
                out.append(
                    {
                        "cell": ids[cell],
                        "step": k,
                        "code": "parity",
                        "parity": "odd" if p else "even",
                    }
                )
        return out

    @property
    def end(self) -> int | None:
        return self.path[-1] if self.path else None

    def unvisited_mask(self) -> int:
        mask = (1 << self.board.n) - 1
        for c in self.path:
            mask &= ~(1 << c)
        return mask

    def cleared(self) -> bool:
        return len(self.path) == self.board.n and not self.conflicts()

    def dead_end(self) -> bool:
        end = self.end
        if end is None or self.cleared():
            return False
        return not (self.board.adjmask[end] & self.unvisited_mask())

    def legal_starts(self) -> list[int]:
        one = self.board.step_cell.get(1)
        return [one] if one is not None else list(range(self.board.n))

    # ---- moves ------------------------------------------------------------------------------
    def apply(self, move: str, index: int = 0) -> None:
        """Apply one move string; IllegalMoveError names the move index and why."""

        def illegal(why: str) -> IllegalMoveError:
            return IllegalMoveError(f"move {index + 1} {move!r}: {why}")

        if not isinstance(move, str):
            raise illegal("a move must be a string")
        parts = move.split(" ")
        verb, args = parts[0], parts[1:]
        board = self.board

        def cell_arg() -> int:
            if len(args) != 1:
                raise illegal(f"{verb!r} takes one cell id")
            i = board.index.get(args[0])
            if i is None:
                raise illegal(f"no cell {args[0]!r}")
            return i

        if verb == "start":
            cell = cell_arg()
            if self.path:
                raise illegal("the path has already started (rewind or reset first)")
            if cell not in self.legal_starts():
                one = board.ids[board.step_cell[1]]
                raise illegal(f"the path must start on the clue-1 cell {one}")
            self.path.append(cell)
        elif verb == "add":
            cell = cell_arg()
            if not self.path:
                raise illegal("no path yet (start first)")
            if cell in self.path:
                raise illegal(f"cell {args[0]} is already on the path")
            if not (board.adjmask[self.path[-1]] >> cell) & 1:
                raise illegal(
                    f"cell {args[0]} is not adjacent to the end {board.ids[self.path[-1]]}"
                )
            self.path.append(cell)
        elif verb == "rewind":
            cell = cell_arg()
            if cell not in self.path:
                raise illegal(f"cell {args[0]} is not on the path")
            del self.path[self.path.index(cell) + 1 :]
        elif verb == "reset":
            if args:
                raise illegal("'reset' takes no argument")
            self.path.clear()
        elif verb == "reveal":
            if len(args) != 2:
                raise illegal("'reveal' takes a cell id and a step")
            found = board.index.get(args[0])
            if found is None:
                raise illegal(f"no cell {args[0]!r}")
            cell = found
            if not args[1].isdecimal():
                raise illegal(f"step {args[1]!r} is not a number")
            step = int(args[1])
            if not 1 <= step <= board.n:
                raise illegal(f"step {step} is outside 1..{board.n}")
            if self.number_on(cell) is not None:
                raise illegal(f"cell {args[0]} already shows a number")
            if self.cell_for_step(step) is not None:
                raise illegal(f"step {step} is already given")
            self.revealed[cell] = step
        else:
            raise illegal(f"unknown move {verb!r} (start, add, rewind, reset, reveal)")

    def to_json(self) -> dict[str, Any]:
        ids = self.board.ids
        end = self.end
        return {
            "path": [ids[c] for c in self.path],
            "steps": {ids[c]: k for k, c in enumerate(self.path, 1)},
            "revealed": {ids[c]: s for c, s in self.revealed.items()},
            "conflicts": self.conflicts(),
            "end": ids[end] if end is not None else None,
            "deadEnd": self.dead_end(),
            "remaining": self.board.n - len(self.path),
            "cleared": self.cleared(),
        }


def replay(board: Board, moves: Sequence[str]) -> GameState:
    """The state the moves reach from the empty position."""
    if isinstance(moves, str):
        raise IllegalMoveError("moves must be a list of move strings")
    state = GameState(board)
    for i, move in enumerate(moves):
        state.apply(move, i)
    return state
