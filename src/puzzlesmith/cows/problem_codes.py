"""Cows' problem codes: code → one sentence per language (served and checked by core/catalogue.py)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "board-empty": "The board has no rows.",
        "board-not-square": "The board must be square.",
        "board-size": "The board's side must be 4 to 20.",
        "row-length": "Every row must be as long as the board is wide.",
        "region-letter": "Regions are named by letters A to Z.",
        "region-count": "There must be as many regions as rows.",
        "region-disconnected": "A region falls apart into pieces.",
        "cows-same-row": "Two cows are in one row.",
        "cows-same-column": "Two cows are in one column.",
        "cows-same-region": "Two cows are in one region.",
        "cows-touch": "Two cows touch (diagonally too).",
    },
    "zh": {
        "board-empty": "棋盘上没有行。",
        "board-not-square": "棋盘必须是正方形。",
        "board-size": "棋盘边长必须在 4 到 20 之间。",
        "row-length": "每一行都必须和棋盘一样宽。",
        "region-letter": "区域用字母 A 到 Z 命名。",
        "region-count": "区域数必须等于行数。",
        "region-disconnected": "有个区域不连通。",
        "cows-same-row": "一行里有两头牛。",
        "cows-same-column": "一列里有两头牛。",
        "cows-same-region": "一个区域里有两头牛。",
        "cows-touch": "两头牛挨在一起（斜着也不行）。",
    },
}
