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
from puzzlesmith.core.words import Lang
from puzzlesmith.cows import design

#: the mode this command designs for (the path modes keep ``design`` of cli/commands.py)
MODE_ID = "04-cows"

#: the share of ``--budget`` the search after the first moved cell may take, at most
SEARCH_SHARE, SEARCH_MAX = 0.25, 10.0

_WORDS: dict[str, dict[str, str]] = {
    "unique": {
        "en": "unique already (proven): nothing to change; `cows grade --trace` says what it needs",
        "zh": "已经是唯一解（已证明），不用改；`cows grade --trace` 说明它需要的想法",
    },
    "none": {"en": "has no solution", "zh": "无解"},
    "multiple": {"en": "is not unique (two or more solutions)", "zh": "不唯一（两个或更多解）"},
    "found": {
        "en": "region edits that make it unique (each proven by the exact solver):",
        "zh": "让它唯一的区域改动（每条都由精确求解器证明）：",
    },
    "nothing": {
        "en": "no edit of up to {k} cells found makes it unique; redraw the regions round the "
        "cells `cows check` names, then ask again",
        "zh": "找不到最多改 {k} 格就能唯一的改法；请重画 `cows check` 指出的格子周围的区域，再试",
    },
    "suggestion": {"en": "suggestion", "zh": "建议"},
}


def add_cows_design_command(app: typer.Typer, mode: Mode[Any]) -> None:
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
    w = {k: v["zh" if lang == "zh" else "en"] for k, v in _WORDS.items()}
    colon, semi = ("：", "；") if lang == "zh" else (": ", "; ")
    if count == 1:
        return [f"{level_id}{colon}{w['unique']}"]
    verdict = w["none"] if count == 0 else w["multiple"]
    if not suggestions:
        return [f"{level_id}{colon}{verdict}{semi}{w['nothing'].format(k=design.MAX_EDITS)}"]
    lines = [f"{level_id}{colon}{verdict}{semi}{w['found']}"]
    for i, s in enumerate(suggestions, 1):
        text = s["words"]["zh" if lang == "zh" else "en"]
        lines.append(f"{level_id}{colon}{w['suggestion']} {i}{colon}{text}")
    return lines
