"""The designer's one-shot check of a level: verdict, grade, problems, where it is ambiguous.

The level editor asks this after every edit (``POST /api/modes/{mode}/check-level``)
and ``puzzlesmith <mode> check FILE`` prints it, so both say the same thing: whether
the board has no solution, exactly one (proven by exhausting the search for a
second), or two or more — and then the cells where the first two differ — plus
every load and publish problem under ``validate``'s codes. Suggestions (clue sets
that make the board unique, from ``design --suggest``) are opt-in: they cost many
solves. The size limit is the mode's :attr:`Mode.check_max_size`; the time limit is
the caller's (the server runs this in a worker it can stop, the CLI has none).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from puzzlesmith.core import registry
from puzzlesmith.core.catalogue import cell_list
from puzzlesmith.core.checks import differ_cells
from puzzlesmith.core.cluerules import SuggestRules, rules_for
from puzzlesmith.core.mode import JSON, Mode
from puzzlesmith.core.problems import Problem, errors
from puzzlesmith.core.words import say

Verdict = Literal["none", "unique", "multiple", "too-large"]

#: the id a level without one is checked under (a draft in the editor)
DRAFT_ID = "draft"

#: rule codes that repeat the verdict; the verdict already says them
_VERDICT_CODES = frozenset({"no-solution", "not-unique"})


@dataclass
class LevelCheck:
    """What the check found; ``to_json`` is the API contract."""

    level_id: str
    verdict: Verdict
    count: int = 0
    grade: str | None = None
    needs_guessing: bool | None = None
    problems: list[Problem] = field(default_factory=list)
    differ: list[str] = field(default_factory=list)
    suggestions: list[JSON] = field(default_factory=list)
    #: what the editor draws with (``Mode.editor_extras``), e.g. Cows region colours
    extras: JSON = field(default_factory=dict)

    @property
    def publishable(self) -> bool:
        """Exactly one solution, proven, and no publish rule broken."""
        return self.verdict == "unique" and not errors(self.problems)

    def to_json(self) -> JSON:
        return {
            "verdict": self.verdict,
            "count": self.count,
            "grade": self.grade,
            "needs_guessing": self.needs_guessing,
            "problems": [
                {
                    "code": p.code,
                    "message": p.message,
                    "cells": list(p.cells),
                    "severity": p.severity,
                    "where": p.where,
                }
                for p in self.problems
            ],
            "differ": self.differ,
            "suggestions": self.suggestions,
            "publishable": self.publishable,
            "extras": self.extras,
        }


def verdict_text(c: LevelCheck, mode: Mode[Any] | None = None) -> str:
    """The verdict in one English phrase (the client words it in the player's language);
    with ``mode``, cells are named as people read them (Hex Walls ``(q,r)``)."""
    if c.verdict == "unique":
        how = say("cli.verdict.guessing" if c.needs_guessing else "cli.verdict.logic")
        return say("cli.verdict.unique", grade=c.grade, how=how)
    if c.verdict == "multiple":
        shown = c.differ[:12]
        cells = (cell_list(mode, shown) if mode else ", ".join(shown)) + (
            " …" if len(c.differ) > 12 else ""
        )
        return say("cli.verdict.multiple", cells=cells)
    return say("cli.verdict.too-large" if c.verdict == "too-large" else "cli.verdict.none")


@cache
def _shipped_keys(mode_id: str) -> dict[str, str]:
    """Symmetry key → id of every shipped level (hidden packs included) of the mode."""
    mode = registry.get(mode_id)
    keys: dict[str, str] = {}
    for f in mode.shipped_pack_files() + mode.hidden_pack_files():
        for lv in mode.load_file(f).levels:
            keys.setdefault(mode.symmetry_key(lv), lv.id)
    return keys


def shipped_duplicate(mode: Mode[Any], level: Any) -> Problem | None:
    """The problem when the board is a shipped level, possibly turned or mirrored."""
    twin = _shipped_keys(mode.id).get(mode.symmetry_key(level))
    if twin is None:
        return None
    return Problem(
        "duplicate-shipped",
        f"this board is shipped level {twin} (up to rotation and mirroring)",
        where="board",
    )


def check_raw(
    mode: Mode[Any], raw: object, *, bounded: bool = True, suggest: int = 0, fresh: bool = False
) -> LevelCheck:
    """Parse one level in the mode's file format, then :func:`check_level`.

    A level that does not load has verdict ``none`` and its load problems (with cells).
    """
    if isinstance(raw, dict) and "id" not in raw:
        raw = {"id": DRAFT_ID, **raw}
    lid = raw["id"] if isinstance(raw, dict) and isinstance(raw.get("id"), str) else DRAFT_ID
    level, problems = mode.parse_level(raw, lid)
    if level is None or errors(problems):
        if not problems:
            problems = [Problem("json-type", "not a level", where="level")]
        return LevelCheck(lid, "none", problems=problems)
    found = check_level(mode, level, bounded=bounded, suggest=suggest, fresh=fresh)
    found.problems[:0] = problems  # load warnings first
    if found.verdict != "too-large":
        found.extras = mode.editor_extras(level)
    return found


def check_level(
    mode: Mode[Any], level: Any, *, bounded: bool = True, suggest: int = 0, fresh: bool = False
) -> LevelCheck:
    """Verdict, grade, rule problems and ambiguity of one parsed level.

    ``bounded`` refuses boards over the mode's size limit; ``suggest`` asks for that many
    clue sets that would make a non-unique board unique (design modes only); ``fresh``
    (a new level, as in the editor) refuses a unique board that is a shipped level.
    """
    lid = str(level.id)
    size = mode.level_size(level)
    if bounded and size > mode.check_max_size:
        tip = f"puzzlesmith {mode.cli_name} check FILE"
        return LevelCheck(
            lid,
            "too-large",
            problems=[
                Problem(
                    "too-large",
                    f"board size {size} is over {mode.check_max_size}, the most checked here; "
                    f"use the CLI ({tip})",
                    where="board",
                )
            ],
        )
    result = mode.solve(level, 2)
    count = min(result.count, 2)
    if count == 0 and not result.complete:
        return LevelCheck(lid, "too-large")
    if count == 1 and not result.complete and result.count < 2:
        # a limit-2 search stopped with one solution: the second was not ruled out
        return LevelCheck(lid, "too-large", count=1)
    if count == 0:
        return LevelCheck(lid, "none", problems=[why_none(mode, level)])
    if count >= 2:
        differ = differ_cells(mode, level, *result.solutions[:2])
        found = LevelCheck(lid, "multiple", count=2, differ=differ)
        if suggest and mode.capabilities.design:
            found.suggestions = publishable_suggestions(mode, level, suggest, fresh=fresh)
        return found
    g = mode.grade(level)
    problems = _rules(mode, level)
    twin = shipped_duplicate(mode, level) if fresh else None
    if twin is not None:
        problems.append(twin)
    return LevelCheck(
        lid, "unique", count=1, grade=g.grade, needs_guessing=not g.solved, problems=problems
    )


#: the fields of a cell that are clues (the ones a designer can take back)
_CLUE_FIELDS = ("clue", "parity")


def why_none(mode: Mode[Any], level: Any) -> Problem:
    """Why a board has no solution: a minimal set of clues that cannot all hold (each
    one taken away, in turn, is kept only if the rest then have a solution), or the
    board itself when even no clue leaves a solution."""
    raw = mode.dump_level(level)
    cells = raw.get("cells")
    if not isinstance(cells, list):
        return Problem("no-solution", "the board has no solution", where="board")
    clued = [str(c["id"]) for c in cells if any(k in c for k in _CLUE_FIELDS)]

    def solvable(keep: list[str]) -> bool:
        body = [
            c if str(c["id"]) in keep else {k: v for k, v in c.items() if k not in _CLUE_FIELDS}
            for c in cells
        ]
        trial, _ = mode.parse_level({**raw, "cells": body}, str(level.id))
        return trial is not None and mode.solve(trial, 1).count > 0

    keep = list(clued)
    for cid in clued:
        rest = [x for x in keep if x != cid]
        if not solvable(rest):
            keep = rest
    if not keep:
        return Problem(
            "no-solution",
            "even with no clues the board has no solution: change its shape or walls",
            where="board",
        )
    return Problem(
        "clue-conflict",
        "these clues cannot all hold: take one of them away",
        where="board",
        cells=tuple(keep),
    )


#: clue sets asked of ``design --suggest`` per one wanted: some may fail a publish check
_SUGGEST_SPARE = 3


def publishable_suggestions(
    mode: Mode[Any], level: Any, k: int, *, fresh: bool, rules: SuggestRules | None = None
) -> list[JSON]:
    """Up to ``k`` clue sets whose level passes every publish check, not only uniqueness.

    A clue set that makes a Hex Walls board unique while its walls then do nothing
    (``walls-unneeded``) would lead the designer to a level that cannot be published;
    such a set is never offered. ``design --suggest``, ``check --suggest`` and the
    editor all ask here; ``rules`` are the position's (:mod:`puzzlesmith.core.cluerules`),
    by default read off the level's id (``2-8``).
    """
    if rules is None:
        rules = rules_for(mode.cli_name, str(level.id))
    out: list[JSON] = []
    for s in mode.suggest(level, k * _SUGGEST_SPARE, rules):
        adopted = adopted_level(mode, level, s)
        if adopted is None:
            continue
        if check_level(mode, adopted, bounded=False, fresh=fresh).publishable:
            out.append(s)
            if len(out) >= k:
                break
    return out


def adopted_level(mode: Mode[Any], level: Any, suggestion: JSON) -> Any | None:
    """The level a suggestion leads to: its ``regions`` rows when it carries them (Cows
    region edits), else the level with its clues (:func:`with_clues`); None if that does
    not load."""
    regions = suggestion.get("regions")
    if not isinstance(regions, list):
        return with_clues(mode, level, suggestion.get("clues", {}))
    adopted, problems = mode.parse_level(
        {**mode.dump_level(level), "regions": regions}, str(level.id)
    )
    return None if adopted is None or errors(problems) else adopted


def with_clues(mode: Mode[Any], level: Any, clues: dict[str, int]) -> Any | None:
    """The level with its number clues replaced by ``clues`` (as the editor's 采用 does:
    a cell given a number loses its odd/even clue); None if that does not load."""
    raw = mode.dump_level(level)
    cells = raw.get("cells")
    if not isinstance(cells, list) or len(cells) != len(level.cells):
        return None
    new = []
    for cell, dumped in zip(level.cells, cells, strict=True):
        d = {k: v for k, v in dumped.items() if k != "clue"}
        if cell.id in clues:
            d["clue"] = clues[cell.id]
            d.pop("parity", None)
        new.append(d)
    raw["cells"] = new
    adopted, problems = mode.parse_level(raw, str(level.id))
    return None if adopted is None or errors(problems) else adopted


def _rules(mode: Mode[Any], level: Any) -> list[Problem]:
    """The publish checks ``validate`` runs on a unique level, minus the verdict's own."""
    return [p for p in mode.check(level) if p.code not in _VERDICT_CODES]
