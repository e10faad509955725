"""Playing Hex Walls: move strings, the game state (turner phase included) and conflicts.

Moves mirror Number Stroke's (see briefs/stroke-contract) except that the path
only steps back one cell at a time (``undo``; seed 001 §9). The turner phase is
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

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.hexwalls.board import Board, Level, board_of


@dataclass
class GameState:
    """A position: the path (cell indices) and the numbers revealed by hints."""

    board: Board
    path: list[int] = field(default_factory=list)
    revealed: dict[int, int] = field(default_factory=dict)

    @property
    def k(self) -> int:
        """Landings so far = how many times every turner has turned."""
        return len(self.path)

    def known(self) -> dict[int, int]:
        """Cell → step for clues and revealed numbers together."""
        out = dict(self.board.clue)
        out.update(self.revealed)
        return out

    def legal_starts(self) -> list[int]:
        """The clue-1 cell, else any cell (as in Number Stroke: a revealed 1 does not restrict)."""
        one = self.board.step_cell.get(1)
        return [one] if one is not None else list(range(self.board.n))

    def can_add(self, j: int) -> str | None:
        """Why cell j cannot be added now, or None when it can."""
        b = self.board
        if not self.path:
            return "the path has not started"
        if j in self.path:
            return f"{b.ids[j]} is already on the path"
        i = self.path[-1]
        if not b.adjmask[i] >> j & 1:
            return f"{b.ids[j]} is not next to the end {b.ids[i]}"
        if not b.is_open(i, j, self.k):
            return f"a wall blocks {b.ids[i]} → {b.ids[j]} after {self.k} landing(s)"
        return None

    def apply(self, move: str, index: int = 0) -> None:
        """Apply one move string; IllegalMoveError names the move and why."""
        b = self.board

        def illegal(why: str) -> IllegalMoveError:
            return IllegalMoveError(f"move {index + 1} {move!r}: {why}")

        if not isinstance(move, str):
            raise illegal("a move must be a string")
        parts = move.split(" ")
        verb, args = parts[0], parts[1:]

        def cell(arg: str) -> int:
            if arg not in b.index:
                raise illegal(f"no cell {arg!r}")
            return b.index[arg]

        if verb == "start" and len(args) == 1:
            j = cell(args[0])
            if self.path:
                raise illegal("the path has already started (undo or reset first)")
            if j not in self.legal_starts():
                raise illegal("the path must start on the cell numbered 1")
            self.path.append(j)
        elif verb == "add" and len(args) == 1:
            j = cell(args[0])
            why = self.can_add(j)
            if why:
                raise illegal(why)
            self.path.append(j)
        elif verb == "undo" and not args:
            if not self.path:
                raise illegal("nothing to undo")
            self.path.pop()
        elif verb == "reset" and not args:
            self.path.clear()
        elif verb == "reveal" and len(args) == 2:
            j = cell(args[0])
            if not args[1].isdecimal():
                raise illegal(f"step {args[1]!r} is not a number")
            step = int(args[1])
            if not 1 <= step <= b.n:
                raise illegal(f"step {step} is outside 1..{b.n}")
            known = self.known()
            if j in known:
                raise illegal(f"{b.ids[j]} already shows a number")
            if step in known.values():
                raise illegal(f"step {step} is already shown")
            self.revealed[j] = step
        else:
            raise illegal("unknown move (start/add <cell>, undo, reset, reveal <cell> <step>)")

    def conflicts(self) -> list[dict[str, Any]]:
        """Clue cells reached at another step, and numbered steps landed elsewhere.

        Same codes and order as Number Stroke: one path position may give both.
        """
        b = self.board
        known = self.known()
        owner = {s: i for i, s in known.items()}
        out: list[dict[str, Any]] = []
        for pos, i in enumerate(self.path):
            step = pos + 1
            if i in known and known[i] != step:
                out.append({"cell": b.ids[i], "step": step, "code": "clue-step", "clue": known[i]})
            if step in owner and owner[step] != i:
                out.append({"cell": b.ids[i], "step": step, "code": "step-elsewhere", "clue": step})
        return out

    def to_json(self) -> dict[str, Any]:
        b = self.board
        conflicts = self.conflicts()
        remaining = b.n - len(self.path)
        cleared = remaining == 0 and not conflicts
        end = self.path[-1] if self.path else None
        # as in Number Stroke: no way on from the end while not cleared (walls of the moment count)
        dead = (
            end is not None and not cleared and not any(self.can_add(j) is None for j in b.adj[end])
        )
        return {
            "path": [b.ids[i] for i in self.path],
            "steps": {b.ids[i]: s + 1 for s, i in enumerate(self.path)},
            "revealed": {b.ids[i]: s for i, s in self.revealed.items()},
            "conflicts": conflicts,
            "end": b.ids[end] if end is not None else None,
            "deadEnd": dead,
            "remaining": remaining,
            "cleared": cleared,
            "turns": self.k,
            "turners": [
                {
                    "pivot": [list(h) for h in t.pivot],
                    "edge": [list(h) for h in t.edge_after(self.k)],
                }
                for t in b.level.turners
            ],
        }


def play(level: Level, moves: Sequence[str]) -> GameState:
    """The position the moves reach from the empty board."""
    state = GameState(board_of(level))
    for idx, mv in enumerate(moves):
        state.apply(mv, idx)
    return state


def replay(level: Level, moves: Sequence[str]) -> dict[str, Any]:
    """The authoritative state JSON (what the client mirror reproduces)."""
    return play(level, moves).to_json()
