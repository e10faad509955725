"""``puzzlesmith <mode> check FILE``: the editor's live check, one line per finding.

Seed 001 §8.3's ``check``: validate + grade + where the level is ambiguous, from the
same :mod:`puzzlesmith.core.levelcheck` code the editor's API route runs, but with
no size limit (the CLI is where a board too large for the server is checked).
Exit 0 when every level is publishable, 1 when one is not, 2 on unreadable input.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from puzzlesmith.cli.common import (
    DEFAULT_BUDGET,
    EXIT_FAILED,
    budget_option,
    clean_errors,
    level_budget,
    load_target,
)
from puzzlesmith.cli.wording import check_lines
from puzzlesmith.core.levelcheck import check_level
from puzzlesmith.core.mode import Mode
from puzzlesmith.core.words import Lang


def add_check_command(app: typer.Typer, mode: Mode[Any]) -> None:
    @app.command("check")
    def check(
        file: Annotated[str, typer.Argument(help="Pack file, or a shipped level id.")],
        level: Annotated[str | None, typer.Option("--level", help="Only this level.")] = None,
        suggest: Annotated[
            int, typer.Option("--suggest", min=0, help="K clue sets for a non-unique board.")
        ] = 0,
        budget: Annotated[float, budget_option(" Counts the suggestions too.")] = DEFAULT_BUDGET,
        lang: Annotated[
            Lang | None,
            typer.Option("--lang", help="Sentences from the problem-code catalogue: zh or en."),
        ] = None,
        as_json: Annotated[
            bool, typer.Option("--json", help="One JSON object per level (the API's answer).")
        ] = False,
    ) -> None:
        """Verdict (none / unique / two or more), grade, rule problems and the ambiguous cells.

        Suggestions are printed as clue sets in words: how many clues (the JSON's
        ``count``, Hex ``size``), each cell and its step, and the ranking figures.
        """
        failed = False
        with clean_errors():
            target = load_target(mode, file, level)
            for lv in target.levels:
                with level_budget(budget, target.pack, lv.id):
                    found = check_level(mode, lv, bounded=False, suggest=suggest)
                if as_json:
                    typer.echo(json.dumps({"level": lv.id, **found.to_json()}, ensure_ascii=False))
                else:
                    for line in check_lines(mode, found, target.pack.source, lang, asked=suggest):
                        typer.echo(line)
                failed |= not found.publishable
        if failed:
            raise typer.Exit(EXIT_FAILED)
