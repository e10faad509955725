"""Export Cows rule vectors from the Python engine for the JS mirror's tests.

For every shipped level: its view, then move lists with the state the engine's
``replay`` returns — the solution cow by cow, seeded random play (tap cycles, drag
marks and erases, auto-marks, overwrites) with conflicts along the way — and move
lists the engine rejects with its message. ``tests/js/cows-rules.test.mjs`` runs
this script at the start of each run, so the mirror is checked against the engine
as it is now.

Usage: python tests/js/cows_export_vectors.py OUT.json
"""

from __future__ import annotations

import random
import sys
from typing import Any

from vectors_common import export, main, shipped_levels

from puzzlesmith.cows.board import Level, board_of
from puzzlesmith.cows.rules import COW, apply_moves

MODE_ID = "04-cows"


def random_game(level: Level, rng: random.Random) -> list[str]:
    b = board_of(level)
    n = b.n
    moves: list[str] = []
    for _ in range(rng.randint(3, 4 * n)):
        state = apply_moves(b, moves)
        r, c = rng.randrange(n), rng.randrange(n)
        roll = rng.random()
        cows = [i for i, s in enumerate(state) if s == COW]
        if roll < 0.35:
            verb = ("mark", "cow", "clear")[state[r * n + c]]  # the tap cycle
            moves.append(f"{verb} {r} {c}")
        elif roll < 0.55:
            cells = [(r, min(n - 1, c + k)) for k in range(rng.randint(1, 4))]
            verb = rng.choice(("mark", "clear"))
            moves.append(verb + " " + " ".join(f"{a} {z}" for a, z in cells))
        elif roll < 0.7 and cows:
            i = rng.choice(cows)
            moves.append(f"auto {i // n} {i % n}")
        else:
            moves.append(f"cow {r} {c}")
    return moves


def illegal(level: Level) -> list[list[str]]:
    n = board_of(level).n
    return [
        ["auto 0 0"],
        ["cow 0 0", "auto 0 1"],
        [f"cow {n} 0"],
        [f"mark 0 0 0 {n}"],
        ["cow 0"],
        ["mark 0 0 1"],
        ["cow 1 2 3 4"],
        ["cow a 1"],
        ["cow -1 0"],
        ["cow +1 0"],
        ["cow 1.0 0"],
        ["cow  0 0"],
        [" cow 0 0"],
        ["Cow 0 0"],
        [""],
        ["mark"],
        ["clear 0 0", 'moo "x"'],
        ["cow 0 0", "clear 0 0", "auto 0 0"],
    ]


def move_lists(
    level: Level, view: dict[str, Any], rng: random.Random, games: int = 8
) -> list[list[str]]:
    sol = [f"cow {r} {c}" for r, c in enumerate(view["solution"])]
    lists = [sol[:k] for k in range(len(sol) + 1)]
    lists.append([*sol[:2], f"auto {sol[1][4:]}"])
    lists += [random_game(level, rng) for _ in range(games)]
    lists += illegal(level)
    return lists


def vectors() -> dict[str, Any]:
    return export(MODE_ID, shipped_levels(MODE_ID), move_lists, hints=False)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv, vectors))
