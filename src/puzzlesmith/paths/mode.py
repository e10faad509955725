"""What both path modes share behind the Mode interface: solution, hints, replay, view, picture.

A path mode (Number Stroke, Hex Walls) subclasses :class:`PathMode` and supplies its
board (:meth:`PathMode.board`), its empty position (:meth:`PathMode.start`), its
picture (:meth:`PathMode.draw`) and the geometry of its view
(:meth:`PathMode.view_geometry`); the baked solution, the two hints (补数字 reveal, 指路
guide), ``replay`` and the rest of the view JSON are the same for both and live here.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.core.mode import JSON, Capabilities, LevelLike, Mode, State
from puzzlesmith.paths import hints
from puzzlesmith.paths.board import GraphBoard
from puzzlesmith.paths.explain import explain
from puzzlesmith.paths.state import PathState
from puzzlesmith.paths.techniques import PathGraph

if TYPE_CHECKING:  # Pillow is imported only when a frame is drawn
    from puzzlesmith.paths.raster import PathGeometry, Point

L = TypeVar("L", bound=LevelLike)


# Bounded: the server sees levels from any level code, not only the shipped ones.
@lru_cache(maxsize=2048)
def _first_solution(mode: PathMode[Any], level: Any) -> tuple[str, ...] | None:
    result = mode.solve(level, 1)
    return tuple(result.solutions[0]) if result.solutions else None


@lru_cache(maxsize=2048)
def _grade_name(mode: PathMode[Any], level: Any) -> str:
    """The logic grade a view carries: graded once per level, not on every request."""
    return mode.grade(level).grade


class PathMode(Mode[L]):
    """A numbered-path puzzle: one path through every cell, numbers fix some steps."""

    #: 补数字, 指路 (offline too, from the baked solution) and 为什么 (the server's logic engine)
    hint_kinds: ClassVar[tuple[str, ...]] = ("reveal", "guide", "why")
    capabilities: ClassVar[Capabilities] = Capabilities(
        vote=True, raster=True, generate=True, design=True, codes=True, editor=True
    )
    #: the 补数字 hint writes ``reveal <cell> <step>`` into the log
    assist_verbs: ClassVar[frozenset[str]] = frozenset({"reveal"})
    #: the mode's :class:`PathState` subclass (its way back, its walls); a path mode's
    #: :attr:`undo_verbs` are ``reset`` and that state's ``BACK``
    state_type: ClassVar[type[PathState]]

    @abstractmethod
    def board(self, level: L) -> GraphBoard[L]:
        """The level's (cached) cell graph."""

    def start(self, level: L) -> PathState:
        """The empty board: no path, nothing revealed."""
        return self.state_type(self.board(level))

    def cell_ids(self, level: L) -> tuple[str, ...]:
        return tuple(self.board(level).ids)

    def play(self, level: L, moves: Sequence[str]) -> PathState:
        """The position the moves reach from the empty board (IllegalMoveError on a bad move)."""
        if isinstance(moves, str):
            raise IllegalMoveError("moves must be a list of move strings")
        return cast(PathState, super().play(level, moves))

    @abstractmethod
    def draw(self, level: L, path: list[str] | None) -> str:
        """The board as SVG, with the path drawn when one is given."""

    @abstractmethod
    def view_geometry(self, level: L) -> tuple[JSON, list[JSON], JSON]:
        """The view's ``bounds``, its ``cells`` and any extra keys (walls, turners...)."""

    def solution_of(self, level: L) -> tuple[str, ...] | None:
        """The level's first solution (its unique one for a published level), cached."""
        return _first_solution(self, cast(Any, level))  # levels are frozen dataclasses

    def solution_moves(self, level: L) -> list[str]:
        """``start`` on the solution's first cell, then ``add`` each following cell."""
        sol = self.solution_of(level)
        if sol is None:
            raise IllegalMoveError(f"level {level.id}: has no solution to play")
        return [f"start {sol[0]}", *(f"add {c}" for c in sol[1:])]

    def solution_cells(self, level: L, solution: Any) -> dict[str, str]:
        """Each cell's step number on the path."""
        return {cid: str(k) for k, cid in enumerate(solution, 1)}

    def render_svg(self, level: L, *, solution: bool = False) -> str:
        return self.draw(level, list(self.solution_of(level) or ()) if solution else None)

    def render_position(self, level: L, moves: Sequence[str]) -> str:
        """The path ``moves`` reach, drawn with its step numbers (the solve breakdown)."""
        state = self.play(level, moves)
        return self.draw(level, [state.board.ids[i] for i in state.path])

    def view(self, level: L) -> JSON:
        """Everything the client plays from: geometry, adjacency, start and the baked solution."""
        board = self.board(level)
        bounds, cells, extra = self.view_geometry(level)
        start = board.step_cell.get(1)
        sol = self.solution_of(level)
        return {
            "mode": self.id,
            "id": level.id,
            "caption": level.caption,
            "n": board.n,
            "bounds": bounds,
            "cells": cells,
            "adjacency": {
                board.ids[i]: [board.ids[j] for j in board.adj[i]] for i in range(board.n)
            },
            **extra,
            "start": board.ids[start] if start is not None else None,
            "solution": list(sol) if sol is not None else None,
            "grade": _grade_name(self, cast(Any, level)),  # fast clears: the grade's par time
        }

    @abstractmethod
    def raster_geometry(self, level: L) -> PathGeometry:
        """The board in units for raster frames (outlines, label points, static walls)."""

    def moving_walls(self, level: L, state: JSON) -> list[tuple[Point, Point]]:
        """Walls that depend on the position (Hex Walls' turners); none by default."""
        return []

    def draw_frame(self, level: L, state: JSON, unit: int) -> Any:
        from puzzlesmith.paths.raster import draw_path_frame

        geo = self.raster_geometry(level)
        return draw_path_frame(geo, state, unit, self.moving_walls(level, state))

    def votes(self, level: L, state: State) -> dict[str, str]:
        """The start cells, then each cell the path may enter next (walls of the moment too)."""
        state = cast(PathState, state)
        ids = state.board.ids
        if state.cleared():
            return {}
        if not state.path:
            return {ids[j]: f"start {ids[j]}" for j in state.legal_starts()}
        adj = state.board.adj[state.path[-1]]
        return {ids[j]: f"add {ids[j]}" for j in adj if state.can_add(j) is None}

    def give_hint(self, level: L, moves: Sequence[str], kind: str) -> JSON:
        state = self.play(level, moves)
        sol = self.solution_of(level)
        if sol is None:
            raise IllegalMoveError(f"level {level.id}: has no solution to hint from")
        if kind == "why":
            return self.why(state, list(sol))
        return hints.answer(state.board, list(sol), state, kind)

    def why(self, state: Any, solution: list[str]) -> JSON:
        """为什么 / Why: the path engine's deduction (a mode adds its own techniques)."""
        return explain(self.logic_graph(state.board), solution, state)

    def logic_graph(self, board: Any) -> PathGraph:
        """The board as the deduction engine's graph (the Why hint reasons on it)."""
        raise NotImplementedError(f"{self.cli_name}: no logic graph")
