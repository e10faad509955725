"""One Typer sub-app per registered mode, built from the Mode interface alone."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from puzzlesmith.cli.check import add_check_command
from puzzlesmith.cli.clip import add_clip_command
from puzzlesmith.cli.codes import add_code_commands
from puzzlesmith.cli.common import (
    DEFAULT_BUDGET,
    EXIT_FAILED,
    EXIT_GAVE_UP,
    EXIT_UNREADABLE,
    budget_option,
    clean_errors,
    fail,
    level_budget,
    load_one,
    load_target,
)
from puzzlesmith.cli.dedupe import add_dedupe_command
from puzzlesmith.cli.generate import add_generate_command
from puzzlesmith.cli.progress import progress_bar
from puzzlesmith.cli.svgids import draw_ids
from puzzlesmith.cli.wording import name_cells, no_suggestion_text, plural, suggestion_text
from puzzlesmith.core.budget import BudgetExceeded
from puzzlesmith.core.catalogue import cell_name
from puzzlesmith.core.cluerules import rules_for
from puzzlesmith.core.errors import LevelFormatError, UnreadableFileError
from puzzlesmith.core.files import check_output, write_output
from puzzlesmith.core.levelcheck import publishable_suggestions
from puzzlesmith.core.mode import Mode, Pack
from puzzlesmith.core.pack import level_order_problems
from puzzlesmith.core.problems import Problem, errors


def build_mode_app(mode: Mode[Any]) -> typer.Typer:
    app = typer.Typer(
        name=mode.cli_name,
        help=f"{mode.title_en} ({mode.title_zh}) — mode {mode.id}",
        no_args_is_help=True,
    )
    _add_validate(app, mode)
    _add_solve(app, mode)
    _add_grade(app, mode)
    _add_render(app, mode)
    if mode.capabilities.raster:
        add_clip_command(app, mode)
    if mode.capabilities.generate:
        add_generate_command(app, mode)
    own = importlib.import_module(mode.cli_module) if mode.cli_module else None
    replaced = set(getattr(own, "COMMANDS", ()))
    if mode.capabilities.design and "design" not in replaced:
        _add_design(app, mode)
    add_code_commands(app, mode)
    if mode.capabilities.editor:
        add_check_command(app, mode)
        add_dedupe_command(app, mode)
    if own is not None:
        own.add_commands(app, mode)  # the mode's own (Mode.cli_module)
    return app


#: what validate and grade read: pack files or shipped ids, every shipped pack by default
Targets = Annotated[
    list[str] | None,
    typer.Argument(help="Pack files or shipped level ids; none = every shipped pack."),
]
LevelOnly = Annotated[
    str | None,
    typer.Option("--level", help="Only this level (of each file; alone: a shipped id)."),
]


def _add_validate(app: typer.Typer, mode: Mode[Any]) -> None:
    @app.command("validate")
    def validate(
        targets: Targets = None,
        level: LevelOnly = None,
        budget: Annotated[float, budget_option()] = DEFAULT_BUDGET,
    ) -> None:
        """Check levels: format, connectivity, exactly one solution, and the mode's rules.

        Exit 0 all passed, 1 a level failed, 2 unreadable input, 3 gave up (budget).
        """
        packs: list[tuple[Pack[Any], list[Any]]] = []
        unreadable = failed = gave_up = False
        names, pick = target_names(mode, targets, level)
        for name in names:
            try:
                with clean_errors():
                    t = load_target(mode, name, pick)
                    packs.append((t.pack, t.levels))
            except typer.Exit as exc:
                unreadable |= exc.exit_code == EXIT_UNREADABLE
                failed |= exc.exit_code == EXIT_FAILED
        total = sum(len(levels) for _, levels in packs)
        passed = 0
        with progress_bar(f"validate {mode.cli_name}", total) as advance:
            for pack, levels in packs:
                if len(levels) == len(pack.levels):  # a whole pack: its ids follow its order
                    for p in level_order_problems(pack.pack, [lv.id for lv in pack.levels]):
                        typer.echo(p.at(source=pack.source).line(), err=True)
                        failed = True
                for one in levels:
                    try:
                        with level_budget(budget, pack, one.id):
                            checked = mode.check(one)
                    except BudgetExceeded as exc:
                        typer.echo(str(exc), err=True)
                        gave_up = True
                        advance()
                        continue
                    problems = [p.at(source=pack.source, level=one.id) for p in checked]
                    for p in problems:
                        typer.echo(p.line(), err=p.severity == "error")
                    if errors(problems):
                        failed = True
                    else:
                        passed += 1
                    advance()
        bad_files = len(names) - len(packs)
        tail = f"; {bad_files} file(s) could not be loaded" if bad_files else ""
        typer.echo(f"{mode.cli_name}: {passed}/{total} levels passed{tail}")
        if unreadable:
            raise typer.Exit(EXIT_UNREADABLE)
        if failed:
            raise typer.Exit(EXIT_FAILED)
        if gave_up:
            raise typer.Exit(EXIT_GAVE_UP)


def _add_solve(app: typer.Typer, mode: Mode[Any]) -> None:
    @app.command("solve")
    def solve(
        file: Annotated[str, typer.Argument(help="Pack file, or a shipped level id.")],
        level: Annotated[str | None, typer.Option("--level", help="Only this level.")] = None,
        max_: Annotated[int, typer.Option("--max", min=1, help="Stop after K solutions.")] = 2,
        as_json: Annotated[bool, typer.Option("--json", help="One JSON object per line.")] = False,
        budget: Annotated[float, budget_option()] = DEFAULT_BUDGET,
        ignore_clues: Annotated[
            bool,
            typer.Option(
                "--ignore-clues",
                help="Count on the bare board: number and odd/even clues removed "
                "(walls and turners stay); how open the shape is before any clue.",
            ),
        ] = False,
    ) -> None:
        """Count solutions (up to --max) with the exact solver (exit 3: gave up, see --budget)."""
        with clean_errors():
            target = load_target(mode, file, level)
            table = Table("level", "count", "complete", "first solution")
            for lv in target.levels:
                if ignore_clues:
                    lv = bare_board(mode, lv)
                with level_budget(budget, target.pack, lv.id):
                    result = mode.solve(lv, max_)
                if as_json:
                    typer.echo(json.dumps(result.contract(lv.id), ensure_ascii=False))
                else:
                    sols = result.solutions
                    first = solution_words(mode, lv, sols[0]) if sols else "—"
                    table.add_row(lv.id, str(result.count), str(result.complete), first)
            if not as_json:
                _print(table)


def solution_words(mode: Mode[Any], level: Any, solution: Any) -> str:
    """A solution's cells as every message names them (Hex ``(q,r)``, Cows 1-based
    ``r3c5``), in path order or row by row; ``--json`` keeps the raw contract."""
    try:
        cells = list(mode.solution_cells(level, solution))
    except NotImplementedError:
        return " ".join(map(str, solution))
    return " ".join(cell_name(mode, c) for c in cells)


#: the fields of a cell that are clues (seed 000 §8.1: count paths with them removed)
_CLUE_FIELDS = ("clue", "parity")


def bare_board(mode: Mode[Any], level: Any) -> Any:
    """The level with every number and odd/even clue removed (the board's shape only)."""
    raw = mode.dump_level(level)
    cells = raw.get("cells")
    if not isinstance(cells, list):
        raise UnreadableFileError(f"--ignore-clues: {mode.cli_name} levels have no clues")
    raw["cells"] = [{k: v for k, v in c.items() if k not in _CLUE_FIELDS} for c in cells]
    bare, problems = mode.parse_level(raw, str(level.id))
    if bare is None:
        raise LevelFormatError(problems)
    return bare


def _add_grade(app: typer.Typer, mode: Mode[Any]) -> None:
    @app.command("grade")
    def grade(
        targets: Targets = None,
        level: LevelOnly = None,
        trace: Annotated[bool, typer.Option("--trace", help="Print the reasoning.")] = False,
        as_json: Annotated[bool, typer.Option("--json", help="One JSON object per line.")] = False,
        budget: Annotated[float, budget_option()] = DEFAULT_BUDGET,
    ) -> None:
        """Solve like a person, by named deductions; print the grade.

        Exit 0 every level has one solution, 1 a level has none or several (the exact
        solver decides when the logic gets stuck), 2 unreadable input, 3 gave up.
        """
        failed = False
        names, level = target_names(mode, targets, level)
        with clean_errors():
            for target in [load_target(mode, name, level) for name in names]:
                for lv in target.levels:
                    with level_budget(budget, target.pack, lv.id):
                        failed |= not _grade_one(mode, lv, trace=trace, as_json=as_json)
        if failed:
            raise typer.Exit(EXIT_FAILED)


def _grade_one(mode: Mode[Any], lv: Any, *, trace: bool, as_json: bool) -> bool:
    """Grade and print one level; whether it is a level (exactly one solution)."""
    result = mode.grade(lv)
    count = 1 if result.solved else _solution_count(mode, lv, result.grade)
    if as_json:
        typer.echo(json.dumps(result.contract(lv.id), ensure_ascii=False))
    else:
        techs = ", ".join(f"{k}×{v}" for k, v in result.techniques.items())
        typer.echo(
            f"{lv.id}: {result.grade} — {_grade_status(result.solved, count)}, "
            f"{plural(len(result.steps), 'step')} ({techs})"
        )
    if trace:
        ids = {str(c.id) for c in getattr(lv, "cells", ())}
        for i, step in enumerate(result.steps, 1):
            reason = name_cells(mode, step.reason, ids)
            typer.echo(f"  {i:3}. [{step.technique}] {reason}")
        for note in mode.trace_notes(lv):
            typer.echo(f"  {note}")
    return count == 1


def target_names(
    mode: Mode[Any], targets: list[str] | None, level: str | None
) -> tuple[list[str], str | None]:
    """The files or ids to read, and the level to pick in each: no target means every
    shipped pack, or with ``--level ID`` alone the shipped level of that id."""
    if targets:
        return targets, level
    if level:
        return [level], None
    return [str(f) for f in mode.shipped_pack_files()], None


def _solution_count(mode: Mode[Any], level: Any, grade: str) -> int:
    """0, 1 or 2 (two or more): whether a level the logic could not finish is a level."""
    if grade == "invalid":  # the deductions reached a contradiction: sound, so no solution
        return 0
    return mode.solve(level, 2).count


def _grade_status(solved: bool, count: int) -> str:
    if solved:
        return "solved by logic"
    if count == 0:
        return "NO SOLUTION (the clues contradict each other; `check` says more)"
    if count > 1:
        return "NOT UNIQUE (two or more solutions; `check` names the cells that differ)"
    return "STUCK (needs guessing)"


def _add_render(app: typer.Typer, mode: Mode[Any]) -> None:
    @app.command("render")
    def render(
        file: Annotated[str, typer.Argument(help="Pack file, or a shipped level id.")],
        out: Annotated[Path, typer.Option("-o", "--out", help="SVG file to write.")],
        level: Annotated[str | None, typer.Option("--level", help="The level to draw.")] = None,
        solution: Annotated[bool, typer.Option("--solution", help="Draw the solution.")] = False,
        ids: Annotated[
            bool,
            typer.Option("--ids", help="Draw every cell's id, as messages and traces name it."),
        ] = False,
        budget: Annotated[float, budget_option()] = DEFAULT_BUDGET,
    ) -> None:
        """Draw a level as SVG so a designer can look instead of reading coordinates."""
        with clean_errors():
            target = load_one(mode, file, level)
            if any(out.resolve() == p.resolve() for p in mode.shipped_pack_files()):
                raise UnreadableFileError(f"{out}: is a shipped pack; write the SVG elsewhere")
            check_output(out)
            with level_budget(budget, target.pack, target.levels[0].id):
                svg = mode.render_svg(target.levels[0], solution=solution)
            write_output(out, draw_ids(mode, svg) if ids else svg)
            typer.echo(f"wrote {out}")


def _add_design(app: typer.Typer, mode: Mode[Any]) -> None:
    @app.command("design")
    def design(
        target: Annotated[str, typer.Argument(help="Shipped level id, or a pack file.")],
        level: Annotated[str | None, typer.Option("--level", help="Level in the file.")] = None,
        minimize: Annotated[
            bool, typer.Option("--minimize", help="List clues removable one at a time.")
        ] = False,
        suggest: Annotated[
            int,
            typer.Option(
                "--suggest",
                min=0,
                help="K ranked clue sets that keep your clues and add a few (publishable only).",
            ),
        ] = 0,
        drop_start: Annotated[
            bool,
            typer.Option(
                "--drop-start",
                help="Suggestions may leave out the start (1 at an end of the path); "
                "seed 001 allows it from 2-8 on.",
            ),
        ] = False,
        pack: Annotated[
            int | None,
            typer.Option("--pack", min=1, help="The pack the level is for (with --position)."),
        ] = None,
        position: Annotated[
            int | None,
            typer.Option(
                "--position",
                min=1,
                help="Its position in the pack: suggestions follow that position's rules "
                "(default: read off a pack-index level id such as 2-8).",
            ),
        ] = None,
        as_json: Annotated[
            bool,
            typer.Option(
                "--json",
                help='JSON output; a suggestion\'s "count" (Hex "size") is its number of clues.',
            ),
        ] = False,
        budget: Annotated[float, budget_option()] = DEFAULT_BUDGET,
    ) -> None:
        """Designer aids: which clues can go, and which clue sets would also work.

        A suggestion keeps your clues and the start (1 at an end of the path; --drop-start
        lets it go where the position allows), adds as few steps as make the level unique
        and publishable, and adds the end clue N only when nothing else works. Each is
        printed in words with its grade and score.
        """
        with clean_errors():
            t = load_one(mode, target, level)
            lv = t.levels[0]
            if not minimize and not suggest:
                raise LevelFormatError(
                    [Problem("usage", "give --minimize and/or --suggest K", where="design")]
                )
            if (pack is None) != (position is None):
                raise fail("design: give --pack and --position together", EXIT_UNREADABLE)
            rules = rules_for(
                mode.cli_name, str(lv.id), pack=pack, position=position, drop_start=drop_start
            )
            if suggest and rules.refusal():
                raise fail(f"design: {rules.refusal()}", EXIT_UNREADABLE)
            out: dict[str, Any] = {"level": lv.id}
            if rules.label:
                out["position"] = rules.label
            with level_budget(budget, t.pack, lv.id):
                if minimize:
                    out["solutions"] = mode.solve(lv, 2).count
                    out["removable"] = mode.minimize(lv) if out["solutions"] == 1 else []
                if suggest:
                    out["suggestions"] = publishable_suggestions(
                        mode, lv, suggest, fresh=False, rules=rules
                    )
            if as_json:
                typer.echo(json.dumps(out, ensure_ascii=False))
                return
            if minimize and out["solutions"] != 1:
                what = (
                    "has no solution" if out["solutions"] == 0 else "is not unique (2+ solutions)"
                )
                typer.echo(f"{lv.id}: {what}: no clue can go; make it unique first (`check`)")
            elif minimize:
                rem = [cell_name(mode, c) for c in out["removable"]]
                typer.echo(
                    f"{lv.id}: removable one at a time: {', '.join(rem) if rem else 'none'}"
                    + (" (remove one, then re-check)" if len(rem) > 1 else "")
                )
            for i, s in enumerate(out.get("suggestions", []), 1):
                typer.echo(f"{lv.id}: suggestion {i}: {suggestion_text(mode, s)}")
            if suggest and not out["suggestions"]:
                typer.echo(f"{lv.id}: {no_suggestion_text(mode, rules)}")
            if minimize and out["solutions"] != 1:
                raise typer.Exit(EXIT_FAILED)


def _print(renderable: Any) -> None:
    from rich.console import Console

    Console().print(renderable)
