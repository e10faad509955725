"""How the shipped packs are made: seed 002 §4.3's progression 5×5 → 7×7 → 9×9, then harder.

Every level is generated here (never copied), deduplicated up to rotation, mirror
and relabelling, proven unique and logic-solvable, and ordered by difficulty
within its pack. Run ``python -m puzzlesmith.cows.packs OUTDIR`` to rebuild the
packs into OUTDIR (the same files every time); a maintainer reviews them and copies
them into ``levels/``. Pack 1's first ten levels are the teaching levels, picked by
the idea each brings in (``cows.teach``); ``tools/cows_pack1.py`` writes pack 1.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from puzzlesmith.core.mode import GradeResult
from puzzlesmith.cows.board import LETTERS, Level
from puzzlesmith.cows.generate import CowsOptions, generate_level
from puzzlesmith.cows.logic import TIER, grade
from puzzlesmith.cows.solver import solve

#: Captions introducing one idea at a time (seed 002 §4.3: the first levels teach the rules).
INTRO = (
    "每行、每列、每个颜色区域各放一头牛。点一下打 ✕，再点一下放牛。"
    " · One cow per row, column and colour region. Tap once for ✕, again for a cow.",
    "牛不能相邻，斜角也不行。 · Cows never touch, not even at a corner.",
    "双击一头牛，它排除的格子会自动打 ✕。 · Double-tap a cow to cross out every cell it rules out.",
    "只剩一个空格的行、列或颜色，牛就在那里。 · A row, column or colour with one free cell left holds its cow there.",
    "在格子上拖动可以连续打 ✕；从 ✕ 开始拖动则擦除。 · Drag to mark ✕ on many cells; a drag starting on ✕ erases.",
    "长按一个格子，会描出它所在的整个颜色区域。 · Long-press a cell to outline its whole region.",
)
TECHNIQUE_TIPS = {
    "confinement": "某个颜色的空格都在同一行（列）时，这一行（列）的其他格子都可以排除。"
    " · When a colour's free cells lie in one row (column), the rest of that row (column) is excluded.",
    "shared-attack": "如果某个颜色的牛放在哪里都会碰到同一个格子，那个格子就可以排除。"
    " · A cell that every possible cow of some colour would touch can be excluded.",
    "hall-set": "两个颜色只占两行时，这两行的牛属于它们，其他颜色在这两行里的格子都排除。"
    " · Two colours confined to two rows own those rows' cows: exclude every other colour there.",
    "window-2x2": "每个 2×2 方块最多一头牛：数一数相邻两行需要的牛。"
    " · A 2×2 square holds at most one cow: count the cows two adjacent rows need.",
    "contradiction": "试着假设：如果这里放牛，会让某个颜色无处可放吗？"
    " · Try a cow here: would it leave some colour with nowhere to go?",
}


@dataclass(frozen=True)
class PackSpec:
    file: str
    pack: int
    title: str
    notes: str
    #: (size, grade, how many to generate)
    batches: tuple[tuple[int, str, int], ...]
    keep: int
    seed: int


PACKS = (
    PackSpec(
        "pack-1-5x5.json",
        1,
        "入门 5×5 / Starter 5×5",
        "5×5 入门：前几关逐条介绍规则和操作（seed 002 §4.3）。Starter 5×5 boards.",
        ((5, "easy", 14), (5, "medium", 10)),
        16,
        501,
    ),
    PackSpec(
        "pack-2-7x7.json",
        2,
        "中等 7×7 / Medium 7×7",
        "7×7 中等：引入区域锁定和共同攻击。Medium 7×7 boards.",
        ((7, "easy", 4), (7, "medium", 14)),
        14,
        702,
    ),
    PackSpec(
        "pack-3-9x9.json",
        3,
        "专家 9×9 / Expert 9×9",
        "9×9 专家：多色共占（Hall 集合）开始出现。Expert 9×9 boards.",
        ((9, "medium", 6), (9, "hard", 8)),
        12,
        903,
    ),
    PackSpec(
        "pack-4-10x11.json",
        4,
        "大师 10×10–11×11 / Master 10×10–11×11",
        "更难的 10×10 与 11×11：多色共占、2×2 窗口计数。Master boards, 10×10 and 11×11.",
        ((10, "hard", 6), (11, "hard", 4), (10, "expert", 2)),
        10,
        1104,
    ),
)


def canonical(regions: tuple[str, ...]) -> tuple[str, ...]:
    """The least of the 8 symmetric forms, letters renamed by first appearance.

    >>> canonical(("AB", "AB")) == canonical(("AA", "BB"))
    True
    """
    n = len(regions)
    forms = []
    for t in range(8):
        grid = []
        for r in range(n):
            row = []
            for c in range(n):
                rr, cc = (r, c) if t & 4 == 0 else (c, r)
                if t & 1:
                    rr = n - 1 - rr
                if t & 2:
                    cc = n - 1 - cc
                row.append(regions[rr][cc])
            grid.append(row)
        forms.append(relabel(tuple("".join(row) for row in grid)))
    return min(forms)


def relabel(regions: tuple[str, ...]) -> tuple[str, ...]:
    """Letters renamed A, B, C… in reading order, so files read the same way.

    >>> relabel(("CCA", "CBA", "BBA"))
    ('AAB', 'ACB', 'CCB')
    """
    names: dict[str, str] = {}
    out = []
    for row in regions:
        for ch in row:
            names.setdefault(ch, LETTERS[len(names)])
        out.append("".join(names[ch] for ch in row))
    return tuple(out)


def difficulty(g: GradeResult) -> tuple[int, int, int, int]:
    """Order within a pack: hardest tier, Hall size, non-basic steps, all steps."""
    hard = sum(v for k, v in g.techniques.items() if TIER[k] > 0)
    return (int(g.details["tier"]), int(g.details["hall"]), hard, len(g.steps))


def build(spec: PackSpec) -> dict[str, object]:
    """One pack as JSON, the same for the same spec."""
    seen: set[tuple[str, ...]] = set()
    graded: list[tuple[tuple[int, int, int, int], Level, GradeResult]] = []
    for size, grade_name, count in spec.batches:
        for index in range(count):
            lv = generate_level(CowsOptions(size, grade_name), spec.seed, index)
            key = canonical(lv.regions)
            if key in seen:
                continue
            seen.add(key)
            lv = Level(lv.id, relabel(lv.regions))
            result = solve(lv, 2)
            g = grade(lv)
            if result.count != 1 or not g.solved:
                raise AssertionError(f"{lv.id}: generator returned a bad board")
            graded.append((difficulty(g), lv, g))
    graded.sort(key=lambda x: x[0])
    # keep an even spread from easiest to hardest
    if len(graded) > spec.keep:
        step = (len(graded) - 1) / (spec.keep - 1)
        graded = [graded[round(k * step)] for k in range(spec.keep)]
    levels = []
    taught: set[str] = set()
    for k, (_, lv, g) in enumerate(graded):
        caption = None
        if spec.pack == 1 and k < len(INTRO):
            caption = INTRO[k]
        else:
            new = [t for t in TECHNIQUE_TIPS if t in g.techniques and t not in taught]
            if new:
                caption = TECHNIQUE_TIPS[new[-1]]
        taught.update(g.techniques)
        used = ", ".join(f"{t}×{n}" for t, n in g.techniques.items())
        out: dict[str, object] = {
            "id": f"{spec.pack}-{k + 1}",
            "teach": f"generated {lv.id}; grade {g.grade}, {len(g.steps)} steps: {used}",
        }
        if caption:
            out["caption"] = caption
        out["regions"] = list(lv.regions)
        levels.append(out)
    return {
        "mode": "04-cows",
        "pack": spec.pack,
        "title": spec.title,
        "notes": spec.notes,
        "levels": levels,
    }


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m puzzlesmith.cows.packs OUTDIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    for spec in PACKS:
        data = build(spec)
        path = out / spec.file
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path}: {len(data['levels'])} levels")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
