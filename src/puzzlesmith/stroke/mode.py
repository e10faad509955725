"""Number Stroke behind the common Mode interface: the CLI, server and tests use only this."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from puzzlesmith.core.checks import guessing_warning
from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.core.mode import JSON, GradeResult, Mode, SolveResult
from puzzlesmith.core.problems import Problem
from puzzlesmith.stroke import hints as path_hints
from puzzlesmith.stroke import logic, rules, solver
from puzzlesmith.stroke.board import Level, board_of, parse_level
from puzzlesmith.stroke.design import removable_clues, suggest_clue_sets
from puzzlesmith.stroke.generate import GenerateOptions, generate_level
from puzzlesmith.stroke.render import render_svg


@cache
def solution_of(level: Level) -> tuple[str, ...] | None:
    """The level's first solution (its unique one for a published level), cached."""
    result = solver.solve(board_of(level), 1)
    return tuple(result.solutions[0]) if result.solutions else None


class StrokeMode(Mode[Level]):
    id = "01-number-stroke"
    cli_name = "stroke"
    aliases = ("number-stroke", "01")
    title_zh = "数字一笔"
    title_en = "Number Stroke"
    levels_package = "puzzlesmith.stroke"
    hint_kinds = ("reveal", "guide")
    supports_design = True
    generate_options = GenerateOptions

    # ---- level files -------------------------------------------------------------------
    def parse_level(self, raw: object, lid: str) -> tuple[Level | None, list[Problem]]:
        return parse_level(raw, lid)

    # ---- checking and solving -----------------------------------------------------------
    def solve(self, level: Level, limit: int = 2) -> SolveResult:
        """As every mode reports it: ``complete`` only when the search ran out, not at the limit."""
        result = solver.solve(board_of(level), limit)
        result.complete = result.complete and result.count < limit
        return result

    def check(self, level: Level) -> list[Problem]:
        board = board_of(level)
        result = solver.solve(board, 2)
        if result.count == 0:
            return [Problem("no-solution", "no path satisfies every clue", level=level.id)]
        if result.count > 1:
            return [
                Problem(
                    "not-unique",
                    f"at least {result.count} solutions (must be exactly 1)",
                    level=level.id,
                )
            ]
        problems: list[Problem] = []
        for i, p in board.parity.items():
            rest = {j: q for j, q in board.parity.items() if j != i}
            paths, _ = solver.search(board.adjmask, board.clue, rest, 2)
            if len(paths) < 2:
                cid = board.ids[i]
                problems.append(
                    Problem(
                        "parity-redundant",
                        f"parity clue {'odd' if p else 'even'} is not needed: "
                        "without it the level is still unique",
                        level=level.id,
                        where=f"cell {cid}",
                        cells=(cid,),
                    )
                )
        problems.extend(guessing_warning(self.grade(level), level.id))
        return problems

    def grade(self, level: Level) -> GradeResult:
        result = logic.grade(level)
        if not result.solved and result.grade != "invalid":
            # as in every mode: a stuck level is "unsolved"; what it needed so far stays in details
            result.details.setdefault("grade_so_far", result.grade)
            result.grade = "unsolved"
        return result

    # ---- presentation and play -----------------------------------------------------------
    def render_svg(self, level: Level, *, solution: bool = False) -> str:
        path = list(solution_of(level) or ()) if solution else None
        svg: str = render_svg(level, path)
        return svg

    def view(self, level: Level) -> JSON:
        board = board_of(level)
        units = [u for c in level.cells for u in c.units]
        min_x = min(x for x, _ in units)
        min_y = min(y for _, y in units)
        cells: list[JSON] = []
        for c in level.cells:
            cell: JSON = {
                "id": c.id,
                "x": c.x,
                "y": c.y,
                "w": c.w,
                "h": c.h,
                "units": [list(u) for u in c.units],
            }
            if c.clue is not None:
                cell["clue"] = c.clue
            if c.parity is not None:
                cell["parity"] = c.parity
            cells.append(cell)
        start = board.step_cell.get(1)
        sol = solution_of(level)
        return {
            "mode": self.id,
            "id": level.id,
            "caption": level.caption,
            "n": board.n,
            "bounds": {
                "x": min_x,
                "y": min_y,
                "w": max(x for x, _ in units) - min_x + 1,
                "h": max(y for _, y in units) - min_y + 1,
            },
            "cells": cells,
            "adjacency": {
                board.ids[i]: [board.ids[j] for j in board.adj[i]] for i in range(board.n)
            },
            "start": board.ids[start] if start is not None else None,
            "solution": list(sol) if sol is not None else None,
        }

    def replay(self, level: Level, moves: Sequence[str]) -> JSON:
        return rules.replay(board_of(level), moves).to_json()

    def give_hint(self, level: Level, moves: Sequence[str], kind: str) -> JSON:
        board = board_of(level)
        state = rules.replay(board, moves)
        sol = solution_of(level)
        if sol is None:
            raise IllegalMoveError(f"level {level.id}: has no solution to hint from")
        return path_hints.answer(board_of(level), list(sol), state, kind)

    def vote_moves(self, level: Level, moves: Sequence[str]) -> dict[str, str]:
        state = rules.replay(board_of(level), moves)
        b = state.board
        if state.cleared():
            return {}
        if not state.path:
            return {b.ids[j]: f"start {b.ids[j]}" for j in state.legal_starts()}
        free = b.adjmask[state.path[-1]] & state.unvisited_mask()
        return {b.ids[j]: f"add {b.ids[j]}" for j in range(b.n) if free >> j & 1}

    # ---- generation and design ----------------------------------------------------------
    def generate_one(self, options: Any, seed: int, index: int) -> Level:
        return generate_level(options, seed, index)

    def minimize(self, level: Level) -> list[str]:
        removable: list[str] = removable_clues(level)
        return removable

    def suggest(self, level: Level, k: int) -> list[JSON]:
        suggestions: list[JSON] = suggest_clue_sets(level, k)
        return suggestions
