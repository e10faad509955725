"""Number Stroke behind the common Mode interface: the CLI, server and tests use only this."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puzzlesmith.core.checks import guessing_warning, not_unique
from puzzlesmith.core.mode import JSON, GradeResult, SolveResult
from puzzlesmith.core.problems import Problem
from puzzlesmith.core.symmetry import SQUARE, canonical_key
from puzzlesmith.core.words import both
from puzzlesmith.paths.mode import PathMode
from puzzlesmith.stroke import daily, logic, rules, solver
from puzzlesmith.stroke.board import Board, Level, board_of, parse_level
from puzzlesmith.stroke.code import CODEC
from puzzlesmith.stroke.design import redundant_clue_warnings, removable_clues, suggest_clue_sets
from puzzlesmith.stroke.generate import GenerateOptions, generate_level
from puzzlesmith.stroke.render import render_svg

if TYPE_CHECKING:
    from puzzlesmith.core.cluerules import SuggestRules
    from puzzlesmith.paths.raster import PathGeometry


class StrokeMode(PathMode[Level]):
    id = "01-number-stroke"
    cli_name = "stroke"
    aliases = ("number-stroke", "01")
    title_zh, title_en = both("ns.title", "puzzlesmith.stroke")
    levels_package = "puzzlesmith.stroke"
    client_package = "puzzlesmith.stroke"
    words_prefix = "ns"
    generate_options = GenerateOptions
    daily_ramp = daily.RAMP
    undo_verbs = frozenset({"rewind", "reset"})
    state_type = rules.GameState
    codec = CODEC
    check_max_size = 100

    # ---- level files -------------------------------------------------------------------

    def logic_graph(self, board: Any) -> Any:
        return logic.graph_of(board)

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
            return [not_unique(self, level, result.solutions, level=level.id)]
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
        problems.extend(redundant_clue_warnings(level))
        problems.extend(guessing_warning(self.grade(level), level.id))
        return problems

    def level_size(self, level: Level) -> int:
        """Unit squares painted."""
        return sum(len(c.units) for c in level.cells)

    def symmetry_key(self, level: Level) -> str:
        """Cells as their squares and clue, under the square's 8 symmetries."""
        return canonical_key(
            ((f"{c.clue or ''}{c.parity or ''}", c.units) for c in level.cells), SQUARE
        )

    def grade(self, level: Level) -> GradeResult:
        result = logic.grade(level)
        if not result.solved and result.grade != "invalid":
            # as in every mode: a stuck level is "unsolved"; what it needed so far stays in details
            result.details.setdefault("grade_so_far", result.grade)
            result.grade = "unsolved"
        return result

    # ---- presentation and play (the rest is the path kit's) ----------------------------
    def board(self, level: Level) -> Board:
        return board_of(level)

    def draw(self, level: Level, path: list[str] | None) -> str:
        svg: str = render_svg(level, path)
        return svg

    def view_geometry(self, level: Level) -> tuple[JSON, list[JSON], JSON]:
        """Unit-grid bounds and the cells with their unit squares, clues and parities."""
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
        bounds = {
            "x": min_x,
            "y": min_y,
            "w": max(x for x, _ in units) - min_x + 1,
            "h": max(y for _, y in units) - min_y + 1,
        }
        return bounds, cells, {}

    def raster_geometry(self, level: Level) -> PathGeometry:
        """Unit squares with a small gap between cells; labels on the unit nearest the middle."""
        from puzzlesmith.paths.raster import PathGeometry, unit_square

        bounds, cells, _ = self.view_geometry(level)
        bx, by = bounds["x"], bounds["y"]
        g = 0.06
        outlines: dict[str, list[list[tuple[float, float]]]] = {}
        labels: dict[str, tuple[float, float]] = {}
        clues: dict[str, int] = {}
        for c in cells:
            units = [(x - bx, y - by) for x, y in c["units"]]
            own = set(units)
            outlines[c["id"]] = [unit_square(x, y, own, g) for x, y in units]
            mx = sum(x for x, _ in units) / len(units) + 0.5
            my = sum(y for _, y in units) / len(units) + 0.5
            ux, uy = min(units, key=lambda u: (u[0] + 0.5 - mx) ** 2 + (u[1] + 0.5 - my) ** 2)
            labels[c["id"]] = (ux + 0.5, uy + 0.5)
            if "clue" in c:
                clues[c["id"]] = c["clue"]
        return PathGeometry(bounds["w"], bounds["h"], outlines, labels, clues, [])

    # ---- generation and design ----------------------------------------------------------
    def generate_one(self, options: Any, seed: int, index: int) -> Level:
        return generate_level(options, seed, index)

    def minimize(self, level: Level) -> list[str]:
        removable: list[str] = removable_clues(level)
        return removable

    def suggest(self, level: Level, k: int, rules: SuggestRules | None = None) -> list[JSON]:
        suggestions: list[JSON] = suggest_clue_sets(level, k, rules)
        return suggestions
