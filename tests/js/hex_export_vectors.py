"""Export Hex Walls rule vectors from the Python engine for the JS mirror's tests.

For every shipped level: its view, then move lists with the state the engine's
``replay`` returns (solution prefixes with undos, seeded random play with undos,
resets and reveals) and move lists the engine rejects — among them moves into a
static or turning wall at the moment it blocks. ``tests/js/hex-rules.test.mjs``
runs this script at the start of each run, so the mirror is checked against the
engine as it is now.

Usage: python tests/js/hex_export_vectors.py OUT.json
"""

from __future__ import annotations

import random
import sys
from typing import Any

from vectors_common import export, main, shipped_levels

from puzzlesmith.core import registry
from puzzlesmith.hexwalls.board import Level, board_of
from puzzlesmith.hexwalls.rules import GameState

MODE_ID = "03-hex-walls"


def random_games(level: Level, rng: random.Random, games: int) -> list[list[str]]:
    """Plausible play through the engine's own legality: adds, undos, resets, reveals."""
    b = board_of(level)
    sol = registry.get(MODE_ID).view(level)["solution"]
    out = []
    for _ in range(games):
        st = GameState(b)
        moves: list[str] = []
        for _ in range(rng.randint(3, 3 * b.n)):
            r = rng.random()
            if r < 0.06:
                known = st.known()
                free = [
                    (c, k)
                    for k, c in enumerate(sol, 1)
                    if b.index[c] not in known and k not in known.values()
                ]
                if free:
                    c, k = rng.choice(free)
                    mv = f"reveal {c} {k}"
                else:
                    continue
            elif r < 0.1:
                mv = "reset"
            elif r < 0.25 and st.path:
                mv = "undo"
            elif not st.path:
                mv = f"start {b.ids[rng.choice(st.legal_starts())]}"
            else:
                nxt = [j for j in b.adj[st.path[-1]] if st.can_add(j) is None]
                mv = "undo" if not nxt else f"add {b.ids[rng.choice(nxt)]}"
            st.apply(mv, len(moves))
            moves.append(mv)
        out.append(moves)
    return out


def illegal(level: Level, rng: random.Random) -> list[list[str]]:
    b = board_of(level)
    first = b.ids[b.step_cell.get(1, 0)]
    cases = [
        [f"add {b.ids[0]}"],
        [f"start {first}", f"start {first}"],
        ["undo"],
        [f"rewind {first}"],
        ["start"],
        ["start nosuchcell"],
        ["reset now"],
        [f"reveal {b.ids[-1]} 0"],
        [f"reveal {b.ids[-1]} x"],
        [f"reveal {b.ids[-1]} {b.n + 1}"],
    ]
    # walk randomly and record every move into a wall that stands in the way right then
    for _ in range(6):
        st = GameState(b)
        st.apply(f"start {first}")
        moves = [f"start {first}"]
        while True:
            end = st.path[-1]
            blocked = [j for j in b.adj[end] if j not in st.path and not b.is_open(end, j, st.k)]
            if blocked:
                cases.append([*moves, f"add {b.ids[rng.choice(blocked)]}"])
            nxt = [j for j in b.adj[end] if st.can_add(j) is None]
            if not nxt:
                break
            mv = f"add {b.ids[rng.choice(nxt)]}"
            st.apply(mv)
            moves.append(mv)
    return cases


def move_lists(
    level: Level, view: dict[str, Any], rng: random.Random, games: int = 10
) -> list[list[str]]:
    sol = view["solution"]
    path = [f"start {sol[0]}", *(f"add {c}" for c in sol[1:])]
    lists = [path[:k] for k in range(len(path) + 1)]
    lists += [[*path[:k], "undo"] for k in range(1, len(path) + 1, 3)]
    lists += random_games(level, rng, games)
    lists += illegal(level, rng)
    return lists


def vectors() -> dict[str, Any]:
    return export(MODE_ID, shipped_levels(MODE_ID), move_lists)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv, vectors))
