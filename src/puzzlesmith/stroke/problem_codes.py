"""Number Stroke's problem codes: code → one sentence per language (served and checked by core/catalogue.py)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "cell-overlap": "Two cells cover the same square.",
        "parity-redundant": "This odd/even clue is not needed: without it the level is still unique.",
        "parity-value": "An odd/even clue must be odd or even.",
        "clue-redundant": "This number is not needed: without it the level is still unique (past level 8, say in its teach note why it stays).",
        "clue-and-parity": "A cell holds a number clue or an odd/even clue, not both.",
        "rect-size": "A big cell must be a 1×1, 1×2, 2×1, 2×2 or 3×3 rectangle.",
        "shape-catalogue": "A shaped cell must be an I, L, S, T or O piece of 2 to 4 squares.",
        "shape-offsets": "A shaped cell's squares must be distinct and not negative.",
        "shape-bbox": "A shaped cell's squares do not fit its outline.",
    },
    "zh": {
        "cell-overlap": "两个格子盖住了同一个方格。",
        "parity-redundant": "这个奇偶提示多余：去掉它仍然是唯一解。",
        "parity-value": "奇偶提示只能是奇或偶。",
        "clue-redundant": "这个数字多余：去掉它仍然是唯一解（第 8 关以后要在教学说明里写明为什么保留）。",
        "clue-and-parity": "一个格子只能有数字提示或奇偶提示，不能两个都有。",
        "rect-size": "大格只能是 1×1、1×2、2×1、2×2 或 3×3 的矩形。",
        "shape-catalogue": "异形格只能是 2 到 4 格的 I、L、S、T、O 形。",
        "shape-offsets": "异形格的方格不能重复，坐标不能为负。",
        "shape-bbox": "异形格的方格和它的外框对不上。",
    },
}
