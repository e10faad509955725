"""The played game of a path puzzle: the path, the revealed numbers, moves and conflicts.

Moves are strings (``start a``, ``add b``, ``reset``, ``reveal m 5`` and the mode's way
back: ``rewind a`` to a cell in Number Stroke, ``undo`` one cell in Hex Walls) so saves,
replays, undo and the server's authoritative check share one path; the browser's
mirror (``static/kit/pathrules.js``) reproduces :meth:`PathState.to_json` and the
rejections word for word. A mode subclasses :class:`PathState` for what is its own: its
way back (:attr:`PathState.BACK`, :meth:`PathState.step_back`), a move's extra
legality (:meth:`PathState.blocked`) and extra state JSON (:meth:`PathState.extra_json`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.paths.board import GraphBoard

Illegal = Callable[[str], IllegalMoveError]
S = TypeVar("S", bound="PathState")


@dataclass
class PathState:
    """A position: the path (cell indices in step order) and the numbers the reveal hint added."""

    board: GraphBoard[Any]
    path: list[int] = field(default_factory=list)
    #: cell index → step, added by the 补数字 hint (kept by reset)
    revealed: dict[int, int] = field(default_factory=dict)

    #: the move that steps the path back, and its argument ("" or " <cell>") for messages
    BACK: ClassVar[str] = "rewind"
    BACK_ARG: ClassVar[str] = " <cell>"

    # ---- derived facts -------------------------------------------------------------------
    def known(self) -> dict[int, int]:
        """Cell → step for the clues and the revealed numbers together."""
        out = dict(self.board.clue)
        out.update(self.revealed)
        return out

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

    def cleared(self) -> bool:
        return len(self.path) == self.board.n and not self.conflicts()

    def legal_starts(self) -> list[int]:
        """The clue-1 cell, else any cell (a revealed 1 does not restrict the start)."""
        one = self.board.step_cell.get(1)
        return [one] if one is not None else list(range(self.board.n))

    def blocked(self, i: int, j: int) -> str | None:
        """Why the path may not step from i to its neighbour j now (the mode's own rules)."""
        return None

    def can_add(self, j: int) -> str | None:
        """Why cell j cannot be added now, or None when it can."""
        b = self.board
        if not self.path:
            return "the path has not started: no path yet (start first)"
        if j in self.path:
            return f"cell {b.ids[j]} is already on the path"
        i = self.path[-1]
        if not b.adjmask[i] >> j & 1:
            return f"cell {b.ids[j]} is not next to the end {b.ids[i]} (not adjacent)"
        return self.blocked(i, j)

    def dead_end(self) -> bool:
        """No way on from the end while the level is not cleared."""
        end = self.end
        if end is None or self.cleared():
            return False
        return not any(self.can_add(j) is None for j in self.board.adj[end])

    # ---- moves ------------------------------------------------------------------------------
    def step_back(self, args: list[str], cell: Callable[[str], int], illegal: Illegal) -> None:
        """The mode's move back (:attr:`BACK`): ``rewind <cell>`` keeps the cell, drops the rest."""
        if len(args) != 1:
            raise illegal(f"unknown move: {self.BACK!r} takes one cell id")
        i = cell(args[0])
        if i not in self.path:
            raise illegal(f"cell {args[0]} is not on the path")
        del self.path[self.path.index(i) + 1 :]

    def apply(self, move: str, index: int = 0) -> None:
        """Apply one move string; IllegalMoveError names the move index and why."""

        def illegal(why: str) -> IllegalMoveError:
            return IllegalMoveError(f"move {index + 1} {move!r}: {why}")

        if not isinstance(move, str):
            raise illegal("a move must be a string")
        verb, *args = move.split(" ")
        b = self.board

        def cell(arg: str) -> int:
            i = b.index.get(arg)
            if i is None:
                raise illegal(f"no cell {arg!r}")
            return i

        def one_cell() -> int:
            if len(args) != 1:
                raise illegal(f"unknown move: {verb!r} takes one cell id")
            return cell(args[0])

        if verb == "start":
            j = one_cell()
            if self.path:
                raise illegal(f"the path has already started ({self.BACK} or reset first)")
            if j not in self.legal_starts():
                one = b.ids[b.step_cell[1]]
                raise illegal(f"the path must start on the cell numbered 1: the clue-1 cell {one}")
            self.path.append(j)
        elif verb == "add":
            j = one_cell()
            why = self.can_add(j)
            if why:
                raise illegal(why)
            self.path.append(j)
        elif verb == self.BACK:
            self.step_back(args, cell, illegal)
        elif verb == "reset":
            if args:
                raise illegal("unknown move: 'reset' takes no argument")
            self.path.clear()
        elif verb == "reveal":
            if len(args) != 2:
                raise illegal("unknown move: 'reveal' takes a cell id and a step")
            j = cell(args[0])
            if not args[1].isdecimal():
                raise illegal(f"step {args[1]!r} is not a number")
            step = int(args[1])
            if not 1 <= step <= b.n:
                raise illegal(f"step {step} is outside 1..{b.n}")
            if self.number_on(j) is not None:
                raise illegal(f"cell {args[0]} already shows a number")
            owner = self.cell_for_step(step)
            if owner is not None:
                raise illegal(f"step {step} is already given: already shown on {b.ids[owner]}")
            self.revealed[j] = step
        else:
            raise illegal(
                f"unknown move {verb!r} (start <cell>, add <cell>, {self.BACK}{self.BACK_ARG}, "
                "reset, reveal <cell> <step>)"
            )

    # ---- the state JSON ---------------------------------------------------------------------
    def extra_json(self) -> dict[str, Any]:
        """What the mode adds to the state JSON (e.g. Hex Walls' turner positions)."""
        return {}

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
            **self.extra_json(),
        }


def replay_moves(state: S, moves: Sequence[str]) -> S:
    """Apply the moves to ``state`` (an empty position) one by one; the state they reach."""
    if isinstance(moves, str):
        raise IllegalMoveError("moves must be a list of move strings")
    for i, move in enumerate(moves):
        state.apply(move, i)
    return state
