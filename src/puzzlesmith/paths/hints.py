"""The two hints (seed 000 §10, seed 001 §7): 补数字 reveal a number, 指路 guide.

Both path modes give them (the client's offline copies are ``static/kit/pathrules.js``).
Both read the level's unique solution, never the player's (possibly wrong) path, so
a hint never leads further down a wrong route.

>>> from puzzlesmith.paths.board import GraphBoard, graph_fields
>>> from puzzlesmith.paths.state import PathState, replay_moves
>>> ids = list("abcdefghi")  # a row of nine cells, the first numbered 1
>>> b = GraphBoard(level=None, **graph_fields(ids, [{i - 1, i + 1} - {-1, 9} for i in range(9)], {0: 1}))
>>> reveal_number(b, ids, PathState(b))
('e', 5)
>>> guide(b, ids, replay_moves(PathState(b), ["start a", "add b"]))
('next', 'c')
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from puzzlesmith.paths.board import GraphBoard
from puzzlesmith.paths.state import PathState

Board = GraphBoard[Any]
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
    """(action, cell): start / next / rewind / restart / done.

    On an untouched board whose 1 is a clue the player already sees where to start, so
    the answer is the first step from it ("next"); "start" names the start only when no
    clue shows it.
    """
    if not state.path:
        one = board.step_cell.get(1)
        if one is not None and len(solution) > 1:
            return "next", solution[1]
        return "start", board.ids[one] if one is not None else solution[0]
    p = correct_prefix(solution, state)
    if p == len(state.path):
        if p >= len(solution):
            return "done", None
        return "next", solution[p]
    if p == 0:
        return "restart", solution[0]
    return "rewind", solution[p - 1]


def answer(board: Board, solution: Sequence[str], state: GameState, kind: str) -> dict[str, Any]:
    """The hint JSON the API and the client share, for kind "reveal" or "guide"."""
    if kind == "reveal":
        found = reveal_number(board, solution, state)
        if found is None:
            return {"kind": "reveal", "cell": None}
        return {"kind": "reveal", "cell": found[0], "step": found[1]}
    action, cell = guide(board, solution, state)
    return {"kind": "guide", "action": action, "cell": cell}
