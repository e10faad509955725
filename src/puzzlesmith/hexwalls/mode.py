"""Hex Walls (六边一笔) behind the common Mode interface: the CLI, server and tests use only this."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.core.mode import JSON, GradeResult, Mode, SolveResult
from puzzlesmith.core.problems import Problem
from puzzlesmith.hexwalls import rules, solver
from puzzlesmith.hexwalls.board import (
    Level,
    board_of,
    centre,
    edge_ends,
    parse_level,
    vertex_point,
)
from puzzlesmith.hexwalls.checks import check_level
from puzzlesmith.hexwalls.design import removable_clues, suggest_clue_sets
from puzzlesmith.hexwalls.generate import GenerateOptions, generate_level
from puzzlesmith.hexwalls.logic import grade
from puzzlesmith.hexwalls.render import render_svg
from puzzlesmith.stroke import hints as path_hints


@cache
def solution_of(level: Level) -> tuple[str, ...] | None:
    """The level's first solution (its unique one for a published level), cached."""
    result = solver.solve(board_of(level), 1)
    return tuple(result.solutions[0]) if result.solutions else None


def _r(x: float) -> float:
    return round(x, 4)


class HexWallsMode(Mode[Level]):
    id = "03-hex-walls"
    cli_name = "hex"
    aliases = ("hex-walls", "03")
    title_zh = "六边一笔"
    title_en = "Hex Walls"
    levels_package = "puzzlesmith.hexwalls"
    hint_kinds = ("reveal", "guide")
    supports_design = True
    generate_options = GenerateOptions

    # ---- level files -------------------------------------------------------------------
    def parse_level(self, raw: object, lid: str) -> tuple[Level | None, list[Problem]]:
        return parse_level(raw, lid)

    # ---- checking and solving -----------------------------------------------------------
    def solve(self, level: Level, limit: int = 2) -> SolveResult:
        return solver.solve(board_of(level), limit)

    def check(self, level: Level) -> list[Problem]:
        return check_level(level)

    def grade(self, level: Level) -> GradeResult:
        return grade(level)

    # ---- presentation and play -----------------------------------------------------------
    def render_svg(self, level: Level, *, solution: bool = False) -> str:
        path = list(solution_of(level) or ()) if solution else None
        return render_svg(level, path)

    def view(self, level: Level) -> JSON:
        """Geometry in units of the hex circumradius, y down; turners as 3-edge cycles.

        A turner's wall is drawn on ``cycle[start]`` and rotated by 120°·k about
        ``point`` after k landings; ``cells`` of a cycle edge are null off the board.
        """
        board = board_of(level)
        ids = {c.hex: c.id for c in level.cells}
        cs = [centre(c.hex) for c in level.cells]
        xs = [x for x, _ in cs]
        ys = [y for _, y in cs]
        hw = 3**0.5 / 2
        cells: list[JSON] = []
        for c, (x, y) in zip(level.cells, cs, strict=True):
            cell: JSON = {"id": c.id, "q": c.q, "r": c.r, "x": _r(x), "y": _r(y)}
            if c.clue is not None:
                cell["clue"] = c.clue
            cells.append(cell)

        def ends(e: tuple[tuple[int, int], tuple[int, int]]) -> list[list[float]]:
            a, b = edge_ends(e)
            return [[_r(a[0]), _r(a[1])], [_r(b[0]), _r(b[1])]]

        turners: list[JSON] = []
        for t in level.turners:
            px, py = vertex_point(t.pivot)
            turners.append(
                {
                    "pivot": [list(h) for h in t.pivot],
                    "point": [_r(px), _r(py)],
                    "start": t.start,
                    "cycle": [
                        {
                            "hexes": [list(h) for h in e],
                            "cells": [ids.get(e[0]), ids.get(e[1])],
                            "ends": ends(e),
                        }
                        for e in t.cycle
                    ],
                }
            )
        start = board.step_cell.get(1)
        sol = solution_of(level)
        return {
            "mode": self.id,
            "id": level.id,
            "caption": level.caption,
            "n": board.n,
            "bounds": {
                "x": _r(min(xs) - hw),
                "y": _r(min(ys) - 1),
                "w": _r(max(xs) - min(xs) + 2 * hw),
                "h": _r(max(ys) - min(ys) + 2),
            },
            "cells": cells,
            "adjacency": {
                board.ids[i]: [board.ids[j] for j in board.adj[i]] for i in range(board.n)
            },
            "walls": [{"cells": [ids[a], ids[b]], "ends": ends((a, b))} for a, b in level.walls],
            "turners": turners,
            "start": board.ids[start] if start is not None else None,
            "solution": list(sol) if sol is not None else None,
        }

    def replay(self, level: Level, moves: Sequence[str]) -> JSON:
        return rules.replay(level, moves)

    def give_hint(self, level: Level, moves: Sequence[str], kind: str) -> JSON:
        state = rules.play(level, moves)
        sol = solution_of(level)
        if sol is None:
            raise IllegalMoveError(f"level {level.id}: has no solution to hint from")
        return path_hints.answer(board_of(level), list(sol), state, kind)

    def vote_moves(self, level: Level, moves: Sequence[str]) -> dict[str, str]:
        state = rules.play(level, moves)
        b = state.board
        if not state.path:
            return {b.ids[j]: f"start {b.ids[j]}" for j in state.legal_starts()}
        end = state.path[-1]
        return {b.ids[j]: f"add {b.ids[j]}" for j in b.adj[end] if state.can_add(j) is None}

    # ---- generation and design ----------------------------------------------------------
    def generate_one(self, options: Any, seed: int, index: int) -> Level:
        return generate_level(options, seed, index)

    def minimize(self, level: Level) -> list[str]:
        return removable_clues(level)

    def suggest(self, level: Level, k: int) -> list[JSON]:
        return suggest_clue_sets(level, k)
