"""Switches behind the Mode interface: a row of lamps; ``press lK`` switches lamp K.

Level file: ``{"id", "teach"?, "caption"?, "lamps": "0110"}`` (2–12 lamps, at least one
lit). Moves: ``press l<k>`` switches lamp k; ``undo`` takes the last press back (the
mode's way back); ``peek l<k>`` is what its hint writes (an assist). Cleared when every
lamp is off.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.core.mode import (
    JSON,
    Capabilities,
    GradeResult,
    LogicStep,
    Mode,
    SolveResult,
    State,
)
from puzzlesmith.core.pack import check_fields
from puzzlesmith.core.problems import Problem
from puzzlesmith.core.rng import rng_for

_LAMPS = re.compile(r"[01]{2,12}")


@dataclass(frozen=True)
class Level:
    id: str
    lamps: str
    teach: str | None = None
    caption: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "lamps": self.lamps}
        for key in ("teach", "caption"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out


@dataclass(frozen=True)
class SwitchesOptions:
    """Generator options (the CLI would turn them into flags)."""

    size: int = 6


def cell_ids(level: Level) -> tuple[str, ...]:
    return tuple(f"l{k}" for k in range(len(level.lamps)))


@dataclass
class SwitchesState:
    """Which lamps are lit, the presses so far and the lamps a hint showed."""

    level: Level
    lit: list[bool] = field(default_factory=list)
    presses: list[int] = field(default_factory=list)
    peeked: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.lit = [ch == "1" for ch in self.level.lamps]

    def _lamp(self, arg: str, move: str, index: int) -> int:
        ids = cell_ids(self.level)
        if arg not in ids:
            raise IllegalMoveError(f"move {index + 1} {move!r}: no lamp {arg!r}")
        return ids.index(arg)

    def apply(self, move: str, index: int = 0) -> None:
        if not isinstance(move, str):
            raise IllegalMoveError(f"move {index + 1}: a move must be a string")
        verb, *args = move.split(" ")
        if verb == "undo" and not args:
            if not self.presses:
                raise IllegalMoveError(f"move {index + 1} 'undo': nothing to undo")
            k = self.presses.pop()
            self.lit[k] = not self.lit[k]
        elif verb in ("press", "peek") and len(args) == 1:
            k = self._lamp(args[0], move, index)
            if verb == "peek":
                self.peeked.add(k)
            else:
                self.presses.append(k)
                self.lit[k] = not self.lit[k]
        else:
            raise IllegalMoveError(
                f"move {index + 1} {move!r}: unknown move (press <lamp>, undo, peek <lamp>)"
            )

    def cleared(self) -> bool:
        return not any(self.lit)

    def to_json(self) -> dict[str, Any]:
        ids = cell_ids(self.level)
        return {
            "lit": [ids[k] for k, on in enumerate(self.lit) if on],
            "presses": len(self.presses),
            "peeked": sorted(ids[k] for k in self.peeked),
            "cleared": self.cleared(),
        }


def parse_level(raw: object, lid: str) -> tuple[Level | None, list[Problem]]:
    # the shared rules first: types, unknown fields, the id rule, bounded texts
    problems = check_fields(
        raw,
        where="level",
        required={"id": str, "lamps": str},
        optional={"teach": str, "caption": str},
        level=lid,
    )
    if problems or not isinstance(raw, dict):
        return None, problems
    lamps = raw["lamps"]
    if not _LAMPS.fullmatch(lamps):
        return None, [Problem("lamps", "lamps must be 2–12 characters 0 or 1", level=lid)]
    if "1" not in lamps:
        return None, [Problem("lamps-dark", "at least one lamp must be lit", level=lid)]
    texts = {k: raw[k] for k in ("teach", "caption") if isinstance(raw.get(k), str)}
    return Level(raw["id"], lamps, **texts), []


class SwitchesMode(Mode[Level]):
    id = "90-switches"
    cli_name = "switches"
    title_zh = "开关"
    title_en = "Switches"
    levels_package = "tinymode"
    client_package = "tinymode"
    hint_kinds = ("next",)
    generate_options = SwitchesOptions
    capabilities: ClassVar[Capabilities] = Capabilities(vote=True, generate=True)
    undo_verbs = frozenset({"undo"})
    assist_verbs = frozenset({"peek"})

    def parse_level(self, raw: object, lid: str) -> tuple[Level | None, list[Problem]]:
        return parse_level(raw, lid)

    def solve(self, level: Level, limit: int = 2) -> SolveResult:
        """Every set of presses (each lamp pressed once or not) that leaves all lamps off:
        an exhaustive search of the 2^n sets, so a count of 1 is a proof."""
        ids = cell_ids(level)
        n = len(ids)
        target = sum(1 << k for k, ch in enumerate(level.lamps) if ch == "1")
        found = [[ids[k] for k in range(n) if m >> k & 1] for m in range(1 << n) if m == target]
        return SolveResult(min(len(found), limit), True, found[:limit])

    def check(self, level: Level) -> list[Problem]:
        count = self.solve(level, 2).count
        return [] if count == 1 else [Problem("not-unique", f"{count} solutions", level=level.id)]

    def grade(self, level: Level) -> GradeResult:
        """A lit lamp must be pressed (once), a dark one must not: one step a lamp."""
        steps = [
            LogicStep("lit" if ch == "1" else "dark", (cid,), "only its own press switches it")
            for cid, ch in zip(cell_ids(level), level.lamps, strict=True)
        ]
        return GradeResult(True, "easy", steps, {"lit": level.lamps.count("1")})

    def render_svg(self, level: Level, *, solution: bool = False) -> str:
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {len(level.lamps)} 1">']
        for k, (cid, ch) in enumerate(zip(cell_ids(level), level.lamps, strict=True)):
            fill = "gold" if ch == "1" else "grey"
            parts.append(f'<rect data-cell="{cid}" x="{k}" width="1" height="1" fill="{fill}"/>')
            if solution and ch == "1":
                parts.append(f'<circle cx="{k + 0.5}" cy="0.5" r="0.2"/>')
        return "".join([*parts, "</svg>"])

    def view(self, level: Level) -> JSON:
        return {
            "mode": self.id,
            "id": level.id,
            "caption": level.caption,
            "lamps": level.lamps,
            "cells": list(cell_ids(level)),
            "solution": self.solve(level, 1).solutions[0],
            "grade": "easy",
        }

    def start(self, level: Level) -> SwitchesState:
        return SwitchesState(level)

    def cell_ids(self, level: Level) -> tuple[str, ...]:
        return cell_ids(level)

    def solution_moves(self, level: Level) -> list[str]:
        return [f"press {cid}" for cid in self.solve(level, 1).solutions[0]]

    def give_hint(self, level: Level, moves: Sequence[str], kind: str) -> JSON:
        state = cast(SwitchesState, self.play(level, moves))
        lit = [cid for cid, on in zip(cell_ids(level), state.lit, strict=True) if on]
        if not lit:
            return {"kind": "solved", "cells": []}
        return {"kind": "next", "cells": [lit[0]], "move": f"peek {lit[0]}"}

    def votes(self, level: Level, state: State) -> dict[str, str]:
        s = cast(SwitchesState, state)
        return {} if s.cleared() else {cid: f"press {cid}" for cid in cell_ids(level)}

    def generate_one(self, options: Any, seed: int, index: int) -> Level:
        rng = rng_for(seed, "switches", index)
        n = max(2, min(12, int(options.size)))
        lamps = "".join(rng.choice("01") for _ in range(n))
        if "1" not in lamps:
            lamps = "1" + lamps[1:]
        return Level(f"g{index + 1}", lamps)


MODE = SwitchesMode()
