"""Hex Walls' problem codes: code → one sentence per language (served and checked by core/catalogue.py)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "cell-duplicate": "Two cells are on the same hex.",
        "walls-missing": "The level needs at least one wall or turning wall.",
        "walls-unneeded": "Without any wall the level is still unique: the walls do nothing.",
        "wall-redundant": "This wall can go: the level is unique without it.",
        "turner-redundant": "This turning wall can go: the level is unique without it.",
        "turner-replaceable": "A fixed wall would do: the turning does nothing here.",
        "wall-off-board": "A wall touches a hex that is not on the board.",
        "wall-not-adjacent": "A wall must lie between two neighbouring hexes.",
        "wall-twice": "This edge already holds a wall.",
        "pivot-not-vertex": "A turning wall must turn about a corner where three hexes meet.",
        "turner-at": "A turning wall must start on one of its three edges.",
        "turner-twice": "This corner already holds a turning wall.",
    },
    "zh": {
        "cell-duplicate": "两个格子在同一个六边形上。",
        "walls-missing": "至少要有一道墙或转墙。",
        "walls-unneeded": "去掉所有墙仍然唯一：墙没起作用。",
        "wall-redundant": "这道墙可以去掉：没有它也是唯一解。",
        "turner-redundant": "这个转墙可以去掉：没有它也是唯一解。",
        "turner-replaceable": "换成固定墙也一样：转动没起作用。",
        "wall-off-board": "墙碰到了不在棋盘上的格子。",
        "wall-not-adjacent": "墙必须在两个相邻的格子之间。",
        "wall-twice": "这条边上已经有墙了。",
        "pivot-not-vertex": "转墙必须绕三个格子的交点转。",
        "turner-at": "转墙的起始边必须是它的三条边之一。",
        "turner-twice": "这个交点已经有转墙了。",
    },
}
