"""What the rule-vector exporters share: one case through the engine, and the script's main.

Each ``*export_vectors.py`` builds its own move lists (they are the mode's); this module
runs them through the registered mode's ``replay`` (and ``hint``) and writes the JSON
that ``harness.mjs`` loads. Imported by path: the exporters run as scripts from tests/js.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from puzzlesmith.core import registry
from puzzlesmith.core.errors import IllegalMoveError


def case(mode_id: str, level: Any, moves: list[str], hints: bool = True) -> dict[str, Any]:
    """The engine's state after ``moves`` (with every hint kind's answer), or its rejection."""
    mode = registry.get(mode_id)
    try:
        state = mode.replay(level, moves)
    except IllegalMoveError as exc:
        return {"moves": moves, "error": str(exc)}
    out: dict[str, Any] = {"moves": moves, "state": state}
    if hints:
        # the kinds the client also answers offline (为什么 is the server's logic engine)
        kinds = [k for k in mode.hint_kinds if k != "why"]
        out["hints"] = {kind: mode.hint(level, moves, kind) for kind in kinds}
    return out


def shipped_levels(mode_id: str) -> list[Any]:
    """Every level of the mode's shipped packs, in play order."""
    return [lv for pack in registry.get(mode_id).shipped_packs() for lv in pack.levels]


MoveLists = Callable[[Any, dict[str, Any], random.Random], list[list[str]]]


def export(
    mode_id: str,
    levels: Iterable[Any],
    move_lists: MoveLists,
    seed: int = 20261130,
    hints: bool = True,
) -> dict[str, Any]:
    """The vectors JSON: per level its view and a case for each of ``move_lists(level, view, rng)``."""
    mode = registry.get(mode_id)
    rng = random.Random(seed)
    out = []
    for level in levels:
        view = mode.view(level)
        cases = [case(mode_id, level, moves, hints) for moves in move_lists(level, view, rng)]
        out.append({"level": level.id, "view": view, "cases": cases})
    return {"mode": mode_id, "seed": seed, "levels": out}


def main(argv: list[str], vectors: Callable[[], dict[str, Any]]) -> int:
    """``python tests/js/<exporter>.py OUT.json``: write ``vectors()`` to OUT.json."""
    if len(argv) != 2:
        print(f"usage: {Path(argv[0]).name} OUT.json", file=sys.stderr)
        return 2
    data = vectors()
    Path(argv[1]).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    n = sum(len(lv["cases"]) for lv in data["levels"])
    print(f"exported {n} cases over {len(data['levels'])} levels to {argv[1]}")
    return 0
