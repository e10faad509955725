"""Hex Walls (六边一笔) behind the common Mode interface: the CLI, server and tests use only this."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from puzzlesmith.core.mode import JSON, GradeResult, SolveResult
from puzzlesmith.core.problems import Problem
from puzzlesmith.core.symmetry import HEX, canonical_key
from puzzlesmith.core.words import both
from puzzlesmith.hexwalls import daily, rules, solver
from puzzlesmith.hexwalls.board import (
    Board,
    Level,
    board_of,
    centre,
    edge_ends,
    parse_level,
    vertex_point,
)
from puzzlesmith.hexwalls.checks import check_level
from puzzlesmith.hexwalls.code import CODEC
from puzzlesmith.hexwalls.design import removable_clues, suggest_clue_sets
from puzzlesmith.hexwalls.generate import GenerateOptions, generate_level
from puzzlesmith.hexwalls.logic import grade, hex_why, stroke_graph
from puzzlesmith.hexwalls.render import render_svg
from puzzlesmith.paths.mode import PathMode

if TYPE_CHECKING:
    from puzzlesmith.core.cluerules import SuggestRules
    from puzzlesmith.paths.raster import PathGeometry, Point


def cast_hex(h: tuple[Any, ...]) -> tuple[int, int]:
    return (int(h[0]), int(h[1]))


def _r(x: float) -> float:
    return round(x, 4)


class HexWallsMode(PathMode[Level]):
    id = "03-hex-walls"
    cli_name = "hex"
    aliases = ("hex-walls", "03")
    title_zh, title_en = both("hx.title", "puzzlesmith.hexwalls")
    levels_package = "puzzlesmith.hexwalls"
    client_package = "puzzlesmith.hexwalls"
    words_prefix = "hx"
    generate_options = GenerateOptions
    daily_ramp = daily.RAMP
    undo_verbs = frozenset({"undo", "reset"})
    state_type = rules.GameState
    codec = CODEC
    check_max_size = 40

    # ---- level files -------------------------------------------------------------------

    def logic_graph(self, board: Any) -> Any:
        return stroke_graph(board)

    def why(self, state: Any, solution: list[str]) -> JSON:
        """Where the path engine is stuck (turner timing, no split, trial), Hex Walls' own
        engine explains the step (hexwalls/logic.py)."""
        h = super().why(state, solution)
        if h["verdict"] != "stuck":
            return h
        p = len(state.path)  # stuck comes only after a path that agrees with the solution
        given = {**state.board.clue, **state.revealed}
        given.update({cell: k + 1 for k, cell in enumerate(state.path)})
        return hex_why(state.board, solution, given, p + 1) or h

    def parse_level(self, raw: object, lid: str) -> tuple[Level | None, list[Problem]]:
        return parse_level(raw, lid)

    # ---- checking and solving -----------------------------------------------------------
    def solve(self, level: Level, limit: int = 2) -> SolveResult:
        return solver.solve(board_of(level), limit)

    def check(self, level: Level) -> list[Problem]:
        return check_level(level, self)

    def level_size(self, level: Level) -> int:
        """Hexes on the board."""
        return len(level.cells)

    def symmetry_key(self, level: Level) -> str:
        """Hexes with clues, walls, and turners (pivot plus the hex off their start edge,
        listed twice) under the hex grid's 12 symmetries."""
        groups: list[tuple[str, Sequence[tuple[int, int]]]] = [
            (f"c{c.clue or ''}", [c.hex]) for c in level.cells
        ]
        groups += [("w", [a, b]) for a, b in level.walls]
        for t in level.turners:
            off = next(h for h in t.pivot if h not in t.at)
            groups.append(("t", [*t.pivot, off]))
        return canonical_key(groups, HEX)

    def grade(self, level: Level) -> GradeResult:
        return grade(level)

    # ---- presentation and play (the rest is the path kit's) ----------------------------
    def board(self, level: Level) -> Board:
        return board_of(level)

    def draw(self, level: Level, path: list[str] | None) -> str:
        return render_svg(level, path)

    def view_geometry(self, level: Level) -> tuple[JSON, list[JSON], JSON]:
        """Geometry in units of the hex circumradius, y down; turners as 3-edge cycles.

        A turner's wall is drawn on ``cycle[start]`` and rotated by 120°·k about
        ``point`` after k landings; ``cells`` of a cycle edge are null off the board.
        """
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
        bounds = {
            "x": _r(min(xs) - hw),
            "y": _r(min(ys) - 1),
            "w": _r(max(xs) - min(xs) + 2 * hw),
            "h": _r(max(ys) - min(ys) + 2),
        }
        walls = [{"cells": [ids[a], ids[b]], "ends": ends((a, b))} for a, b in level.walls]
        return bounds, cells, {"walls": walls, "turners": turners}

    def raster_geometry(self, level: Level) -> PathGeometry:
        """Pointy-top hexagons (circumradius 1, slightly inset) and the static walls."""
        from puzzlesmith.paths.raster import PathGeometry

        bounds, cells, extra = self.view_geometry(level)
        bx, by = bounds["x"], bounds["y"]
        corners = [
            (math.cos(math.radians(30 + 60 * k)), math.sin(math.radians(30 + 60 * k)))
            for k in range(6)
        ]
        outlines = {
            c["id"]: [[(c["x"] - bx + 0.94 * cx, c["y"] - by + 0.94 * cy) for cx, cy in corners]]
            for c in cells
        }
        labels = {c["id"]: (c["x"] - bx, c["y"] - by) for c in cells}
        clues = {c["id"]: c["clue"] for c in cells if "clue" in c}
        walls = [
            (
                (w["ends"][0][0] - bx, w["ends"][0][1] - by),
                (w["ends"][1][0] - bx, w["ends"][1][1] - by),
            )
            for w in extra["walls"]
        ]
        return PathGeometry(bounds["w"], bounds["h"], outlines, labels, clues, walls)

    def moving_walls(self, level: Level, state: JSON) -> list[tuple[Point, Point]]:
        """Each turner's wall where the position's landings have turned it."""
        bounds, _, _ = self.view_geometry(level)
        out: list[tuple[Point, Point]] = []
        for t in state.get("turners", []):
            a, b = (tuple(h) for h in t["edge"])
            (ax, ay), (bx2, by2) = edge_ends((cast_hex(a), cast_hex(b)))
            out.append(
                ((ax - bounds["x"], ay - bounds["y"]), (bx2 - bounds["x"], by2 - bounds["y"]))
            )
        return out

    # ---- generation and design ----------------------------------------------------------
    def generate_one(self, options: Any, seed: int, index: int) -> Level:
        return generate_level(options, seed, index)

    def minimize(self, level: Level) -> list[str]:
        return removable_clues(level)

    def suggest(self, level: Level, k: int, rules: SuggestRules | None = None) -> list[JSON]:
        suggestions: list[JSON] = suggest_clue_sets(level, k, rules)
        return suggestions
