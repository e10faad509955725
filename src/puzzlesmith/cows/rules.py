"""Play rules: cell states, move strings, replay, conflicts (seed 002 §1, §3.3).

Moves are strings so that undo/redo (a prefix of the move list), saves and the
server's authoritative check share one path. Words are separated by single
spaces; rows and columns count from 0:

- ``cow r c`` — put a cow on a cell;
- ``mark r c [r c ...]`` — ✕ on each cell (one step however many cells: a drag);
- ``clear r c [r c ...]`` — empty each cell (tap-cycle back, or an erasing drag);
- ``auto r c`` — the cow on (r, c) crosses out every empty cell it rules out
  (seed 002's double-tap "auto-expand"), one undoable step.

>>> from puzzlesmith.cows.board import parse_level
>>> lv = parse_level({"id": "t", "regions": ["AABB", "ACBB", "CCDD", "CCDD"]})[0]
>>> s = replay(lv, ["cow 0 1", "cow 1 2"])
>>> s["grid"], [c["code"] for c in s["conflicts"]], s["cleared"]
(['.C..', '..C.', '....', '....'], ['cows-touch'], False)
>>> replay(lv, ["cow 0 1", "auto 0 1"])["grid"]
['xCxx', 'xxx.', '.x..', '....']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.core.problems import Problem
from puzzlesmith.cows.board import Board, Level, board_of, cell_id

EMPTY, MARK, COW = 0, 1, 2
_INT = re.compile(r"[0-9]{1,3}")
SYMBOLS = ".xC"
VERBS = ("cow", "mark", "clear", "auto")


def parse_move(board: Board, move: str, k: int = 0) -> tuple[str, list[int]]:
    """A move string → (verb, cell indices); IllegalMoveError naming the move otherwise.

    >>> from puzzlesmith.cows.board import parse_level
    >>> b = board_of(parse_level({"id": "t", "regions": ["AABB", "ACBB", "CCDD", "CCDD"]})[0])
    >>> parse_move(b, "mark 0 0 3 3")
    ('mark', [0, 15])
    """
    if not isinstance(move, str):
        raise IllegalMoveError(f"move {k + 1}: must be a string")
    # the client mirror (client/04-cows/rules.js) builds the same messages
    label = f'move {k + 1} "{move}"'
    parts = move.split(" ")
    if parts[0] not in VERBS:
        raise IllegalMoveError(f"{label}: unknown verb (expected one of {', '.join(VERBS)})")
    verb, nums = parts[0], parts[1:]
    single = verb in ("cow", "auto")
    if not nums or len(nums) % 2 or (single and len(nums) != 2):
        more = "" if single else " [r c ...]"
        raise IllegalMoveError(f"{label}: expected '{verb} r c'{more}")
    cells = []
    n = board.n
    for j in range(0, len(nums), 2):
        if not (_INT.fullmatch(nums[j]) and _INT.fullmatch(nums[j + 1])):
            raise IllegalMoveError(f"{label}: row and column must be whole numbers")
        r, c = int(nums[j]), int(nums[j + 1])
        if not (r < n and c < n):
            raise IllegalMoveError(f"{label}: cell ({r}, {c}) is off the board")
        cells.append(r * n + c)
    return verb, cells


@dataclass
class CowsState:
    """A Cows position: each cell empty, ✕ or cow; moves are applied one at a time."""

    board: Board
    cells: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.cells:
            self.cells = [EMPTY] * (self.board.n * self.board.n)

    def apply(self, move: str, index: int = 0) -> None:
        """One move; IllegalMoveError (before any cell changes) names it and why."""
        verb, cells = parse_move(self.board, move, index)
        state = self.cells
        if verb == "cow":
            state[cells[0]] = COW
        elif verb == "mark":
            for i in cells:
                state[i] = MARK
        elif verb == "clear":
            for i in cells:
                state[i] = EMPTY
        else:
            i = cells[0]
            if state[i] != COW:
                raise IllegalMoveError(f'move {index + 1} "{move}": no cow on that cell to expand')
            for j in auto_marks(self.board, state, i):
                state[j] = MARK

    def cleared(self) -> bool:
        cows = [i for i, s in enumerate(self.cells) if s == COW]
        return len(cows) == self.board.n and not conflicts(self.board, cows)

    def to_json(self) -> dict[str, Any]:
        return state_json(self.board, self.cells)


def apply_moves(board: Board, moves: Sequence[str]) -> list[int]:
    """The cell states after the moves, from the empty board."""
    state = CowsState(board)
    for k, move in enumerate(moves):
        state.apply(move, k)
    return state.cells


def auto_marks(board: Board, state: Sequence[int], i: int) -> list[int]:
    """The empty cells a cow on ``i`` rules out (what ``auto`` crosses out)."""
    att = board.attack[i]
    return [j for j in range(board.n * board.n) if att >> j & 1 and state[j] == EMPTY]


def conflicts(board: Board, cows: Sequence[int]) -> list[Problem]:
    """Every broken rule among the cows, naming the cells involved."""
    n = board.n
    out: list[Problem] = []
    for kind, key, code, label in (
        (0, lambda i: i // n, "cows-same-row", "row"),
        (1, lambda i: i % n, "cows-same-column", "column"),
        (2, lambda i: board.region_of[i], "cows-same-region", "region"),
    ):
        groups: dict[int, list[int]] = {}
        for i in cows:
            groups.setdefault(key(i), []).append(i)
        for g, cells in sorted(groups.items()):
            if len(cells) > 1:
                name = board.letters[g] if kind == 2 else str(g + 1)
                out.append(
                    Problem(
                        code,
                        f"{len(cells)} cows in {label} {name}",
                        where=f"{label} {name}",
                        cells=tuple(cell_id(board, i) for i in sorted(cells)),
                    )
                )
    cs = sorted(cows)
    for a_i, a in enumerate(cs):
        for b_ in cs[a_i + 1 :]:
            if abs(a // n - b_ // n) <= 1 and abs(a % n - b_ % n) <= 1:
                out.append(
                    Problem(
                        "cows-touch",
                        "two cows touch",
                        where=cell_id(board, a),
                        cells=(cell_id(board, a), cell_id(board, b_)),
                    )
                )
    return out


def state_json(board: Board, state: Sequence[int]) -> dict[str, Any]:
    """The position as the client and the server's check see it."""
    n = board.n
    cows = [i for i, s in enumerate(state) if s == COW]
    probs = conflicts(board, cows)
    return {
        "size": n,
        "grid": ["".join(SYMBOLS[state[r * n + c]] for c in range(n)) for r in range(n)],
        "cows": [cell_id(board, i) for i in cows],
        "conflicts": [{"code": p.code, "where": p.where, "cells": list(p.cells)} for p in probs],
        "cleared": len(cows) == n and not probs,
    }


def replay(level: Level, moves: Sequence[str]) -> dict[str, Any]:
    b = board_of(level)
    return state_json(b, apply_moves(b, moves))
