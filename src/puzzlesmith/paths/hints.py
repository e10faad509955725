"""The two hints (seed 000 §10, seed 001 §7): 补数字 reveal a number, 指路 guide.

Both read the level's unique solution, never the player's (possibly wrong) path, so
a hint never leads further down a wrong route.

>>> from puzzlesmith.stroke.board import parse_level, board_of
>>> from puzzlesmith.stroke.rules import replay
>>> lv = parse_level({"id": "t", "cells": [
...     {"id": c, "x": x, "y": 0, "w": 1, "h": 1, **({"clue": 1} if x == 0 else {})}
...     for x, c in enumerate("abcdefghi")]})[0]
>>> b = board_of(lv)
>>> reveal_number(b, list("abcdefghi"), replay(b, []))
('e', 5)
>>> guide(b, list("abcdefghi"), replay(b, ["start a", "add b"]))
('next', 'c')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any, Protocol


class PathBoard(Protocol):
    """What the hints read of a board: any numbered-path mode (stroke, hex) has it."""

    @property
    def ids(self) -> tuple[str, ...]: ...

    @property
    def n(self) -> int: ...

    @property
    def step_cell(self) -> Mapping[int, int]: ...


class PathState(Protocol):
    """What the hints read of a position."""

    @property
    def board(self) -> PathBoard: ...

    @property
    def path(self) -> Sequence[int]: ...

    @property
    def revealed(self) -> Mapping[Any, int]: ...


Board = PathBoard
GameState = PathState


def correct_prefix(solution: Sequence[str], state: GameState) -> int:
    """How many first steps of the player's path agree with the solution."""
    ids = state.board.ids
    p = 0
    for cell, want in zip(state.path, solution, strict=False):
        if ids[cell] != want:
            break
        p += 1
    return p


def reveal_number(
    board: Board, solution: Sequence[str], state: GameState
) -> tuple[str, int] | None:
    """(cell id, step) to reveal, or None when every step is known.

    Known steps are the clues, the revealed numbers and the correct prefix of the
    path; among the open intervals between known steps (with 0 and N+1 as fences)
    the widest one is halved (ties: the earlier interval, the lower middle).
    """
    n = board.n
    known = set(board.step_cell) | set(state.revealed.values())
    known.update(range(1, correct_prefix(solution, state) + 1))
    fences = sorted(known | {0, n + 1})
    best: tuple[int, int] | None = None  # (width, step)
    for a, b in pairwise(fences):
        width = b - a - 1
        if width <= 0:
            continue
        mid = (a + b) // 2
        if best is None or width > best[0]:
            best = (width, mid)
    if best is None:
        return None
    step = best[1]
    return solution[step - 1], step


def guide(board: Board, solution: Sequence[str], state: GameState) -> tuple[str, str | None]:
    """(action, cell): start / next / rewind / restart / done."""
    if not state.path:
        one = board.step_cell.get(1)
        return "start", board.ids[one] if one is not None else solution[0]
    p = correct_prefix(solution, state)
    if p == len(state.path):
        if p >= len(solution):
            return "done", None
        return "next", solution[p]
    if p == 0:
        return "restart", solution[0]
    return "rewind", solution[p - 1]


def answer(
    board: PathBoard, solution: Sequence[str], state: PathState, kind: str
) -> dict[str, Any]:
    """The hint JSON the API and the client share, for kind "reveal" or "guide"."""
    if kind == "reveal":
        found = reveal_number(board, solution, state)
        if found is None:
            return {"kind": "reveal", "cell": None}
        return {"kind": "reveal", "cell": found[0], "step": found[1]}
    action, cell = guide(board, solution, state)
    return {"kind": "guide", "action": action, "cell": cell}
