"""Export Number Stroke rule vectors from the Python engine for the JS mirror's tests.

For every shipped and hidden level: its view, then move lists with the state the
engine's ``replay`` returns (solution prefixes, seeded random play with rewinds, resets
and reveals, the seed's wrong-move demo) and move lists the engine rejects.
``tests/js/stroke-rules.test.mjs`` runs this script at the start of each run, so the
mirror is always checked against the engine as it is now.

Usage: python tests/js/export_vectors.py OUT.json
"""

from __future__ import annotations

import random
import sys
from typing import Any

from vectors_common import export, main

from puzzlesmith.core import registry

MODE_ID = "01-number-stroke"


def _levels() -> list[Any]:
    mode = registry.get(MODE_ID)
    files = mode.shipped_pack_files() + mode.hidden_pack_files()
    return [lv for f in files for lv in mode.load_file(f).levels]


def _random_games(view: dict[str, Any], rng: random.Random, games: int) -> list[list[str]]:
    """Plausible play: legal starts and adds, with rewinds, resets and reveals mixed in."""
    adj: dict[str, list[str]] = view["adjacency"]
    ids = [c["id"] for c in view["cells"]]
    numbered = {c["id"] for c in view["cells"] if "clue" in c}
    given = {c["clue"] for c in view["cells"] if "clue" in c}
    sol: list[str] = view["solution"] or []
    out: list[list[str]] = []
    for _ in range(games):
        moves: list[str] = []
        path: list[str] = []
        revealed: dict[str, int] = {}
        for _ in range(rng.randint(3, 3 * len(ids))):
            r = rng.random()
            if r < 0.08 and sol:
                free = [
                    (c, k)
                    for k, c in enumerate(sol, 1)
                    if c not in numbered
                    and c not in revealed
                    and k not in given
                    and k not in revealed.values()
                ]
                if free:
                    c, k = rng.choice(free)
                    revealed[c] = k
                    moves.append(f"reveal {c} {k}")
                continue
            if r < 0.12:
                moves.append("reset")
                path = []
                continue
            if r < 0.25 and path:
                c = rng.choice(path)
                moves.append(f"rewind {c}")
                del path[path.index(c) + 1 :]
                continue
            if not path:
                starts = [view["start"]] if view["start"] else ids
                c = rng.choice(starts)
                moves.append(f"start {c}")
                path = [c]
                continue
            nxt = [c for c in adj[path[-1]] if c not in path]
            if not nxt:
                continue
            c = rng.choice(nxt)
            moves.append(f"add {c}")
            path.append(c)
        out.append(moves)
    return out


def _illegal(view: dict[str, Any]) -> list[list[str]]:
    ids = [c["id"] for c in view["cells"]]
    first = view["start"] or ids[0]
    cases = [
        ["add " + ids[0]],
        [f"start {first}", f"start {first}"],
        ["rewind " + ids[-1]],
        ["jump " + ids[0]],
        ["start"],
        ["start nosuchcell"],
        ["reset now"],
        [f"reveal {ids[-1]} 0"],
        [f"reveal {ids[-1]} x"],
        [f"reveal {ids[-1]} {len(ids) + 1}"],
    ]
    if view["start"]:
        others = [c for c in ids if c != view["start"]]
        if others:
            cases.append([f"start {others[0]}"])
    adj = view["adjacency"]
    far = [c for c in ids if c != first and c not in adj[first]]
    if far:
        cases.append([f"start {first}", f"add {far[0]}"])
    clued = [c for c in view["cells"] if "clue" in c]
    if clued:
        cases.append([f"reveal {clued[0]['id']} 2"])
    return cases


def move_lists(
    level: Any, view: dict[str, Any], rng: random.Random, games: int = 12
) -> list[list[str]]:
    sol = view["solution"] or []
    path_moves = [f"start {sol[0]}"] + [f"add {c}" for c in sol[1:]] if sol else []
    lists = [path_moves[:k] for k in range(len(path_moves) + 1)]
    if sol:
        lists.append([*path_moves, f"rewind {sol[len(sol) // 2]}"])
    lists += _random_games(view, rng, games)
    lists += _illegal(view)
    if level.id == "demo":
        wrong = ["start s", "add l", "add m", "add j", "add i", "add g", "add h", "add B"]
        lists += [wrong, [*wrong, "rewind j"]]
    return lists


def vectors() -> dict[str, Any]:
    return export(MODE_ID, _levels(), move_lists)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv, vectors))
