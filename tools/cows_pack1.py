"""Design source of Cows pack 1 (入门 5×5) and the script that writes it (issue #27).

The ten levels teach: each hinges on one idea of ``cows.teach.IDEAS`` (its
``key_idea``), in teaching order, no idea more than twice, seven ideas in all; packs
2–4 (tools/cows_packs.py) use the ideas again. Every board is either kept from the earlier pack (its regions
written here) or made again, deterministically, by ``cows.teach.find_board`` (a board
hinging on an idea) or ``cows.generate.generate_level`` (a board at a grade).

Two ideas cannot be a level's key idea on any board, so the ten skip them:
- ``row`` alone: a cow excludes only its row, so the last row's five cells would all
  have to belong to one colour with a single cell there — impossible;
- ``region`` (a cow excludes the rest of its colour, before touching is known): the
  bounded searches found no 5×5 or 6×6 board that needs it before ``touch`` (20,000
  random boards and 60 repair runs of 3,000 moves each); the note in the pack says so.

Usage::

    .venv/bin/python tools/cows_pack1.py check     # build, grade, print the table
    .venv/bin/python tools/cows_pack1.py write     # and write the pack
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from puzzlesmith.cows.board import Level
from puzzlesmith.cows.generate import CowsOptions, generate_level
from puzzlesmith.cows.logic import grade
from puzzlesmith.cows.teach import find_board, key_idea

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "puzzlesmith" / "cows" / "levels" / "pack-1-5x5.json"
KEPT = "kept from the earlier pack (generated with CowsOptions(size=5), seed 9002, picked by its key idea)"

#: (source, caption); a source is ("keep", regions) | ("find", idea, seed) | ("gen", grade, seed, index)
LEVELS: list[tuple[tuple[Any, ...], str | None]] = [
    (
        ("keep", ["ABBAA", "AAAAA", "CCDAA", "CAAAA", "CCCEA"]),
        "每行、每列各一头牛；每个颜色也一头，只剩一格可放的颜色，牛就在那里。点一下打 ✕，再点一下放牛。"
        " · One cow per row and per column; one per colour too, so a colour with one free cell"
        " holds its cow. Tap once for ✕, again for a cow.",
    ),
    (
        ("keep", ["AAAAB", "CCAAB", "DCBBB", "DBBBE", "DDDBB"]),
        "牛不能相邻，斜角也不行：一头牛周围的 8 格都打 ✕。"
        " · Cows never touch, not even at a corner: cross out the 8 cells round a cow.",
    ),
    (
        ("keep", ["AABCC", "ADDCC", "ADDCC", "DDDCC", "DDDCE"]),
        "双击一头牛，它排除的格子会自动打 ✕。 · Double-tap a cow to cross out every cell it rules out.",
    ),
    (
        ("keep", ["ABBBC", "AAAAC", "AAADA", "EAADA", "EAAAA"]),
        "某个颜色的空格都在同一行（列）时，这一行（列）的其他格子都可以排除。在格子上拖动可以连续打 ✕。"
        " · When a colour's free cells lie in one row (column), the rest of that row (column) is"
        " excluded. Drag to mark ✕ on many cells.",
    ),
    (
        ("keep", ["ABBCD", "ACCCD", "EECDD", "CECCD", "CCCCD"]),
        "一行（列）的空格都在同一个颜色里时，这个颜色的其他格子都可以排除。长按一个格子，会描出它所在的整个颜色区域。"
        " · When a row's (column's) free cells all lie in one colour, the rest of that colour is"
        " excluded. Long-press a cell to outline its whole region.",
    ),
    (
        ("keep", ["AABBB", "AABBB", "AAACB", "DDECC", "DDEEC"]),
        "如果某个颜色的牛放在哪里都会碰到同一个格子，那个格子就可以排除。"
        " · A cell that every possible cow of some colour would touch can be excluded.",
    ),
    (
        ("keep", ["ABBBB", "CBBBB", "CCCCC", "CDDCC", "CDEEE"]),
        "一行（列）的牛放在哪里都会碰到的格子，也可以排除。"
        " · A cell that every possible cow of a row (column) would touch can be excluded.",
    ),
    (
        ("find", "hall-set", 1),
        "两个颜色都只在同两行里时，这两行要给它们两头牛，其他颜色在这两行的格子都可以排除。"
        " · When two colours lie inside the same two rows, those rows' cows are theirs: cross out"
        " the other colours' cells in those rows.",
    ),
    (
        ("gen", "expert", 1701, 15),
        "相邻两行要放两头牛；空格正好落在两个 2×2 小方块里时，每个方块各一头，它碰到的格子都可以排除。"
        " · Two neighbouring rows need two cows; when their free cells fit in two 2×2 squares,"
        " each square holds one, and a cell every cow of a square would touch is excluded.",
    ),
    (
        ("find", "squeeze", 2),
        "如果某格放牛，它直接排除的格子会让两个颜色只剩同一行（列）里的空格，一行只能放一头牛，这一格就打 ✕。"
        " · If a cow on a cell would rule out enough to leave two colours with free cells in one"
        " row (column) only, that row cannot hold both cows: cross the cell out.",
    ),
    # no review levels (issue #34): after 1-10 (expert) they could only be expert too (a
    # pack's grade never falls, tests/qa/test_grade_curves.py), and pack 1's median must
    # stay below pack 2's; 1-8 .. 1-10's ideas come back in packs 2-4
]

NOTES = (
    "5×5 入门：1-1 到 1-10 每关靠一个想法（cows.teach.key_idea：每列一头、不相邻、区域锁定、共同攻击、"
    "多色共占、2×2 窗口、挤压排除，按教学顺序，每个想法最多两关）；没有一关需要试探，之后的包里会再用到这些想法。"
    "「每行一头」单独不能撑起一关，「每个颜色一头」的排除在 5×5、6×6 上没找到必须靠它的盘（tools/cows_pack1.py）。"
    " Starter 5×5 boards: the first ten hinge on seven ideas in teaching order, at most two levels each."
)


def board(source: tuple[Any, ...], lid: str) -> tuple[Level, str]:
    kind = source[0]
    if kind == "keep":
        return Level(id=lid, regions=tuple(source[1])), KEPT
    if kind == "find":
        _, idea, seed = source
        lv = find_board(5, idea, seed)
        assert lv is not None, f"{lid}: find_board(5, {idea!r}, {seed}) found nothing"
        return Level(
            id=lid, regions=lv.regions
        ), f"found by cows.teach.find_board(5, {idea!r}, seed={seed})"
    _, g, seed, index = source
    lv = generate_level(CowsOptions(size=5, grade=g), seed, index)
    return Level(id=lid, regions=lv.regions), f"generated cows-5-{g}-{seed}-{index}"


def build() -> list[dict[str, Any]]:
    out = []
    for k, (source, caption) in enumerate(LEVELS, start=1):
        lid = f"1-{k}"
        lv, origin = board(source, lid)
        g = grade(lv)
        parts = ", ".join(f"{t}×{n}" for t, n in g.techniques.items())
        role = (
            f"teaching level, key idea {key_idea(lv)} (cows.teach)" if k <= 10 else "review level"
        )
        level: dict[str, Any] = {
            "id": lid,
            "teach": f"{role}; {origin}; grade {g.grade}, score {g.score}, {len(g.steps)} steps: {parts}",
        }
        if caption:
            level["caption"] = caption
        level["regions"] = list(lv.regions)
        out.append(level)
        print(f"{lid:5} {key_idea(lv) or '-':14} {g.grade:16} {g.score:6}  {''.join(lv.regions)}")
    return out


def main(argv: list[str]) -> int:
    levels = build()
    if argv[:1] == ["write"]:
        pack = json.loads(OUT.read_text(encoding="utf-8"))
        pack["notes"] = NOTES
        pack["levels"] = levels
        OUT.write_text(json.dumps(pack, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print("wrote", OUT.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
