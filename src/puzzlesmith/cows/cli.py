"""``puzzlesmith cows design FILE --suggest N``: region edits that make a board unique.

A Cows level has no clues to add or take away: its regions are the level. So where
``stroke design`` and ``hex design`` suggest clue sets, this command suggests the
smallest region edits (cells moved into a neighbouring region) that make a hand-drawn
board unique, from the same engine the editor's 给点建议 asks
(:mod:`puzzlesmith.cows.design`, through ``Mode.suggest``). Each suggestion is proven
unique by the exact solver and shows its grade, score and the ideas it needs.

Exit 0 when the board is unique already or a suggestion was found, 1 when no edit in
the search makes it unique, 2 unreadable input, 3 gave up (``--budget``).
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
    load_one,
)
from puzzlesmith.core.mode import Mode
from puzzlesmith.core.words import Lang, say
from puzzlesmith.cows import design

#: the mode this command designs for (the path modes keep ``design`` of cli/commands.py)
#: the shared commands this module replaces (``Mode.cli_module``)
COMMANDS = ("design",)

#: the share of ``--budget`` the search after the first moved cell may take, at most
SEARCH_SHARE, SEARCH_MAX = 0.25, 10.0


def add_commands(app: typer.Typer, mode: Mode[Any]) -> None:
    """Cows' own ``design`` (the CLI adds it in place of the shared clue-set one)."""

    @app.command("design")
    def design_cmd(
        target: Annotated[str, typer.Argument(help="Pack file, or a shipped level id.")],
        level: Annotated[str | None, typer.Option("--level", help="Level in the file.")] = None,
        suggest: Annotated[
            int,
            typer.Option("--suggest", min=1, max=20, help="At most N region edits to suggest."),
        ] = 3,
        as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
        lang: Annotated[
            Lang | None, typer.Option("--lang", help="Words in zh or en (default en).")
        ] = None,
        budget: Annotated[float, budget_option()] = DEFAULT_BUDGET,
    ) -> None:
        """Region edits (cells moved to a neighbouring region) that make the board unique.

        Each is proven unique by the exact solver and printed with its grade, score, key
        idea and needed ideas; edits whose board needs no lookahead come first.
        """
        words = lang or "en"
        with clean_errors():
            t = load_one(mode, target, level)
            lv = t.levels[0]
            seconds = min(SEARCH_MAX, budget * SEARCH_SHARE)
            with level_budget(budget, t.pack, lv.id):
                count = design.solution_count(lv)
                found = design.suggest_edits(lv, suggest, seconds=seconds) if count != 1 else []
            out = design.edits_json(lv, found)
            if as_json:
                body = {"level": lv.id, "solutions": count, "unique": count == 1}
                typer.echo(json.dumps({**body, "suggestions": out}, ensure_ascii=False))
            else:
                for line in design_lines(lv.id, count, out, words):
                    typer.echo(line)
            if count != 1 and not out:
                raise typer.Exit(EXIT_FAILED)


def design_lines(level_id: str, count: int, suggestions: list[Any], lang: str) -> list[str]:
    """What ``cows design`` prints: the verdict, then one line per suggestion.

    >>> design_lines("x", 1, [], "en")
    ['x: unique already (proven): nothing to change; `cows grade --trace` says what it needs']
    """
    lg: Lang = "zh" if lang == "zh" else "en"
    colon, semi = say("cli.colon", lg), say("cli.semi", lg)
    if count == 1:
        return [f"{level_id}{colon}{say('cw.design.unique', lg)}"]
    verdict = say("cw.design.none" if count == 0 else "cw.design.multiple", lg)
    if not suggestions:
        nothing = say("cw.design.nothing", lg, k=design.MAX_EDITS)
        return [f"{level_id}{colon}{verdict}{semi}{nothing}"]
    lines = [f"{level_id}{colon}{verdict}{semi}{say('cw.design.found', lg)}"]
    label = say("cli.suggestion", lg)
    for i, s in enumerate(suggestions, 1):
        lines.append(f"{level_id}{colon}{label} {i}{colon}{s['words'][lg]}")
    return lines
