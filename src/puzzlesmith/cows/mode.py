"""Cows (奶牛) behind the common Mode interface: the CLI, server and tests use only this."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from puzzlesmith.core import words
from puzzlesmith.core.checks import guessing_warning, not_unique
from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.core.mode import JSON, Capabilities, GradeResult, Mode, SolveResult, State
from puzzlesmith.core.problems import Problem
from puzzlesmith.core.symmetry import SQUARE, canonical_key
from puzzlesmith.cows import daily, design, hints, logic, rules, solver, teach
from puzzlesmith.cows.board import Level, board_of, cell_id, parse_level, rc_id
from puzzlesmith.cows.code import CODEC
from puzzlesmith.cows.generate import CowsOptions, generate_level
from puzzlesmith.cows.render import region_colours, render_svg

if TYPE_CHECKING:
    from puzzlesmith.core.cluerules import SuggestRules


@lru_cache(maxsize=1024)
def solution_of(level: Level) -> tuple[int, ...] | None:
    """The level's unique solution (one column per row), or None when not unique."""
    result = solver.solve(level, 2)
    return tuple(result.solutions[0]) if result.count == 1 else None


def check_level(level: Level) -> list[Problem]:
    """Publish checks: exactly one solution (proven by exhausting the search), no guessing."""
    result = solver.solve(level, 2)
    if result.count == 0:
        return [Problem("no-solution", "the board has no solution", where="board")]
    if result.count > 1:
        return [not_unique(CowsMode(), level, result.solutions, where="board")]
    return guessing_warning(logic.grade(level), level.id)


def idea_lines(level: Level) -> list[str]:
    """``key idea 关键想法: 区域锁定 · a colour inside one row (confinement)`` and the
    needed ideas the same way: what ``grade --trace`` adds after the steps."""
    key = teach.key_idea(level)
    key_label, needed_label = _label("cw.idea.key"), _label("cw.idea.needed")
    if key is None:
        none = f"{words.say('cw.idea.none', 'zh')} · {words.say('cw.idea.none', 'en')}"
        return [f"{key_label}: {none}"]
    needed = teach.needed_ideas(level)
    return [
        f"{key_label}: {design.idea_name(key)} ({key})",
        f"{needed_label}: " + "; ".join(f"{design.idea_name(i)} ({i})" for i in needed),
    ]


def _label(key: str) -> str:
    """A designer's label in both languages, English first (``key idea 关键想法``)."""
    return f"{words.say(key, 'en')} {words.say(key, 'zh')}"


class CowsMode(Mode[Level]):
    id = "04-cows"
    cli_name = "cows"
    aliases = ("04", "queens")
    title_zh, title_en = words.both("cw.title", "puzzlesmith.cows")
    levels_package = "puzzlesmith.cows"
    client_package = "puzzlesmith.cows"
    words_prefix = "cw"
    cli_module = "puzzlesmith.cows.cli"
    hint_kinds = hints.KINDS
    #: the hint that explains the next step (core/breakdown.py reads it at long pauses)
    why_kind = "why"
    generate_options = CowsOptions
    daily_ramp = daily.RAMP
    codec = CODEC
    check_max_size = 12
    capabilities = Capabilities(
        vote=True, raster=True, generate=True, design=True, codes=True, editor=True
    )
    # No verb of Cows is a way back by itself (an undo is recorded as the cell changes it
    # makes): see is_undo. Its hints are answered (and counted) by the server, no move.
    undo_verbs = frozenset()
    assist_verbs = frozenset()

    # ---- level files -------------------------------------------------------------------
    def parse_level(self, raw: object, lid: str) -> tuple[Level | None, list[Problem]]:
        return parse_level(raw, lid)

    # ---- checking and solving -----------------------------------------------------------
    def solve(self, level: Level, limit: int = 2) -> SolveResult:
        return solver.solve(level, limit)

    def check(self, level: Level) -> list[Problem]:
        return check_level(level)

    def level_size(self, level: Level) -> int:
        """The board's side N."""
        return len(level.regions)

    def editor_extras(self, level: Level) -> JSON:
        """Letter → colour from the colour-vision-checked palette (the play screen's colours)."""
        b = board_of(level)
        return {"colours": dict(zip(b.letters, region_colours(b), strict=True))}

    def symmetry_key(self, level: Level) -> str:
        """Regions as sets of cells (letters do not matter) under the square's 8 symmetries."""
        cells: dict[str, list[tuple[int, int]]] = {}
        for r, row in enumerate(level.regions):
            for c, ch in enumerate(row):
                cells.setdefault(ch, []).append((c, r))
        return canonical_key((("", pts) for pts in cells.values()), SQUARE)

    def solution_cells(self, level: Level, solution: Any) -> dict[str, str]:
        """A cow in one cell per row; the other cells are empty."""
        return {rc_id(r, c): "cow" for r, c in enumerate(solution)}

    def grade(self, level: Level) -> GradeResult:
        return logic.grade(level)

    # ---- presentation and play -----------------------------------------------------------
    def render_svg(self, level: Level, *, solution: bool = False) -> str:
        sol = solution_of(level) if solution else None
        return render_svg(level, list(sol) if sol is not None else None)

    def render_position(self, level: Level, moves: Sequence[str]) -> str:
        """The position ``moves`` reach (cows and ✕), as a picture (the solve breakdown)."""
        return render_svg(level, grid=list(self.replay(level, moves)["grid"]))

    def view(self, level: Level) -> JSON:
        """Regions, colours, letters and the baked unique solution (offline hints)."""
        b = board_of(level)
        sol = solution_of(level)
        g = logic.grade(level)
        return {
            "mode": self.id,
            "id": level.id,
            "caption": level.caption,
            "teach": level.teach,
            "size": b.n,
            "regions": list(level.regions),
            "letters": list(b.letters),
            "regionOf": list(b.region_of),
            "colours": region_colours(b),
            "solution": list(sol) if sol is not None else None,
            "grade": g.grade,
        }

    def start(self, level: Level) -> rules.CowsState:
        return rules.CowsState(board_of(level))

    def is_undo(self, state: State, move: str) -> bool:
        """Taking a cow away (``clear`` or ``mark`` on its cell) is a step back; erasing or
        drawing a ✕ is not, however often."""
        cows = cast(rules.CowsState, state)
        verb, *nums = move.split(" ") if isinstance(move, str) else [""]
        if verb not in ("clear", "mark"):
            return False
        n = cows.board.n
        cells = [
            int(r) * n + int(c)
            for r, c in zip(nums[::2], nums[1::2], strict=False)
            if (r + c).isascii() and (r + c).isdecimal() and int(r) < n and int(c) < n
        ]
        return any(cows.cells[i] == rules.COW for i in cells)

    def cell_ids(self, level: Level) -> tuple[str, ...]:
        b = board_of(level)
        return tuple(cell_id(b, i) for i in range(b.n * b.n))

    def give_hint(self, level: Level, moves: Sequence[str], kind: str) -> JSON:
        return hints.hint(level, moves, kind)

    def votes(self, level: Level, state: State) -> dict[str, str]:
        """A cow on any cell that has none, until the board is cleared."""
        cows = cast(rules.CowsState, state)
        b = cows.board
        if cows.cleared():
            return {}
        return {
            cell_id(b, i): f"cow {i // b.n} {i % b.n}"
            for i, s in enumerate(cows.cells)
            if s != rules.COW
        }

    def solution_moves(self, level: Level) -> list[str]:
        """A cow on each row's solution column (marks are not needed to clear)."""
        sol = solution_of(level)
        if sol is None:
            raise IllegalMoveError(f"level {level.id}: has no unique solution to play")
        return [f"cow {r} {c}" for r, c in enumerate(sol)]

    def draw_frame(self, level: Level, state: JSON, unit: int) -> Any:
        from puzzlesmith.cows.raster import draw_cows_frame

        return draw_cows_frame(level, state, unit)

    # ---- design -------------------------------------------------------------------------
    def minimize(self, level: Level) -> list[str]:
        """A Cows board has no clues to take away: its regions are the level."""
        return []

    def suggest(self, level: Level, k: int, rules: SuggestRules | None = None) -> list[JSON]:
        """Region edits that make the board unique (cows/design.py), each with its grade,
        score and the ideas it needs; the editor and ``cows design`` show the same.
        ``rules`` are about clues, which a Cows board has none of."""
        return design.edits_json(level, design.suggest_edits(level, k))

    def trace_notes(self, level: Level) -> list[str]:
        """The key idea and the needed ideas (cows/teach.py), Chinese first, then English."""
        return idea_lines(level)

    # ---- generation ---------------------------------------------------------------------
    def generate_one(self, options: Any, seed: int, index: int) -> Level:
        return generate_level(options, seed, index)
