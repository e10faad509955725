"""Small hand-made levels with known verdicts, shared by the editor's API and CLI tests."""

from __future__ import annotations

from typing import Any

STROKE = "01-number-stroke"
HEX = "03-hex-walls"
COWS = "04-cows"


def sq(cid: str, x: int, y: int, **extra: Any) -> dict[str, Any]:
    return {"id": cid, "x": x, "y": y, "w": 1, "h": 1, **extra}


#: a row of three ending on 3: one path (a b c); not shipped level 1-1 (1 on the start)
STROKE_UNIQUE = {"id": "draft", "cells": [sq("a", 0, 0), sq("b", 1, 0), sq("c", 2, 0, clue=3)]}
#: 1 in the middle of a row of three: no path covers both ends
STROKE_NONE = {"id": "draft", "cells": [sq("a", 0, 0), sq("b", 1, 0, clue=1), sq("c", 2, 0)]}
#: a 2×2 block without clues: many paths
STROKE_MULTIPLE = {
    "id": "draft",
    "cells": [sq("a", 0, 0), sq("b", 1, 0), sq("c", 0, 1), sq("d", 1, 1)],
}
#: unique, with a parity clue that adds nothing (c is step 3 anyway)
STROKE_PARITY_REDUNDANT = {
    "id": "draft",
    "cells": [sq("a", 0, 0, clue=1), sq("b", 1, 0), sq("c", 2, 0, parity="odd")],
}


def stroke_grid(w: int, h: int, clues: dict[tuple[int, int], int] | None = None) -> dict[str, Any]:
    """A w×h block of unit squares, optional clues by (x, y)."""
    cells = []
    for y in range(h):
        for x in range(w):
            extra = {"clue": clues[(x, y)]} if clues and (x, y) in clues else {}
            cells.append(sq(f"c{x}_{y}", x, y, **extra))
    return {"id": "draft", "cells": cells}


def hexes(*qr: tuple[int, int], clues: dict[tuple[int, int], int] | None = None) -> list[Any]:
    return [
        {
            "id": f"{q},{r}",
            "q": q,
            "r": r,
            **({"clue": clues[(q, r)]} if clues and (q, r) in clues else {}),
        }
        for q, r in qr
    ]


#: the doctest board of hexwalls.checks: unique with its one wall
HEX_UNIQUE = {
    "id": "draft",
    "cells": hexes((0, 0), (1, 0), (0, 1), (1, 1), clues={(0, 0): 1}),
    "walls": [[[1, 0], [1, 1]]],
}
#: the same without the wall: two paths from 1
HEX_MULTIPLE = {"id": "draft", "cells": hexes((0, 0), (1, 0), (0, 1), (1, 1), clues={(0, 0): 1})}
#: nine hexes, two walls that do work, only the start clue: several paths; some clue sets
#: make it a level that passes every publish check (the walls stay needed)
HEX_WALLED_MULTIPLE = {
    "id": "draft",
    "cells": hexes(
        (-1, 0),
        (0, 0),
        (1, 0),
        (-2, 1),
        (-1, 1),
        (0, 1),
        (1, 1),
        (-2, 2),
        (-1, 2),
        clues={(-1, 2): 1},
    ),
    "walls": [[[0, 0], [1, 0]], [[0, 1], [1, 1]]],
}
#: unique without walls, which an editor level (not tutorial 1-1/1-2) must have
HEX_BARE_UNIQUE = {
    "id": "draft",
    "cells": hexes((0, 0), (1, 0), (2, 0), clues={(0, 0): 1}),
}

#: each row its own region: only the column and touching rules bind, several answers
COWS_MULTIPLE = {"id": "draft", "regions": ["AAAAA", "BBBBB", "CCCCC", "DDDDD", "EEEEE"]}
#: unique, and no shipped level turned or mirrored
COWS_UNIQUE = {"id": "draft", "regions": ["AAAAA", "BACCD", "BACCD", "BCCED", "BCCDD"]}
#: another unique board, not shipped (a second level to publish in one store)
COWS_UNIQUE_2 = {"id": "draft", "regions": ["ABBBB", "CCCBB", "CCCBD", "CCCCD", "CCEDD"]}
#: regions A and B are single cells in one column: no answer
COWS_NONE = {"id": "draft", "regions": ["ACCCC", "BCCCC", "DDDDD", "EEEEE", "EEEEE"]}
