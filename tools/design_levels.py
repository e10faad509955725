"""Design source of the 26 shipped Number Stroke levels (seed 001 §5) and the script that writes them.

Each level is drawn as ASCII art: one character per unit square, the same character for
every square of one cell, ``.`` for a hole. Clues and parities name cells by their art
character; ``path`` is the author's solution in art characters. The script relabels cells
in reading order (so ids never leak the path), builds the pack JSON of seed 001 §8.2,
proves uniqueness with its own exhaustive search (independent of the engine), checks that
every parity clue is necessary and that the author path is the solution, and writes the
packs into ``src/puzzlesmith/stroke/levels/``.

Usage::

    .venv/bin/python tools/design_levels.py check [ID ...]   # verify, print a table
    .venv/bin/python tools/design_levels.py write            # verify and write the packs
    .venv/bin/python tools/design_levels.py paths ID [K]     # list up to K solutions ignoring
                                                            # number clues (design aid)
"""

from __future__ import annotations

import itertools
import json
import string
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "puzzlesmith" / "stroke" / "levels"
RECTS = {(1, 1), (1, 2), (2, 1), (2, 2), (3, 3)}
LABELS = string.ascii_lowercase + string.ascii_uppercase


@dataclass
class Spec:
    id: str
    art: list[str]
    clues: dict[str, int]
    path: str
    teach: str
    caption: str | None = None
    parity: dict[str, str] = field(default_factory=dict)


# ---- geometry ------------------------------------------------------------------------------


@dataclass
class Built:
    spec: Spec
    ids: list[str]  # new ids in reading order
    rename: dict[str, str]  # art char -> id
    units: dict[str, list[tuple[int, int]]]  # id -> absolute units
    adj: list[list[int]]
    clue: dict[int, int]  # cell index -> step
    parity: dict[int, int]  # cell index -> 1 odd / 0 even
    path: list[int]
    cells_json: list[dict[str, Any]]


def build(spec: Spec) -> Built:
    units: dict[str, list[tuple[int, int]]] = {}
    for y, row in enumerate(spec.art):
        for x, ch in enumerate(row):
            if ch in ". ":
                continue
            units.setdefault(ch, []).append((x, y))
    order = sorted(units, key=lambda ch: min(units[ch], key=lambda u: (u[1], u[0]))[::-1])
    assert len(order) <= len(LABELS), spec.id
    rename = {ch: LABELS[k] for k, ch in enumerate(order)}
    owner = {u: k for k, ch in enumerate(order) for u in units[ch]}
    nb: list[set[int]] = [set() for _ in order]
    for (x, y), k in owner.items():
        for v in ((x + 1, y), (x, y + 1)):
            j = owner.get(v)
            if j is not None and j != k:
                nb[k].add(j)
                nb[j].add(k)
    cells_json = []
    for ch in order:
        us = units[ch]
        x0 = min(x for x, _ in us)
        y0 = min(y for _, y in us)
        w = max(x for x, _ in us) - x0 + 1
        h = max(y for _, y in us) - y0 + 1
        cell: dict[str, Any] = {"id": rename[ch], "x": x0, "y": y0, "w": w, "h": h}
        if len(us) != w * h or (w, h) not in RECTS:
            cell["shape"] = sorted(([x - x0, y - y0] for x, y in us), key=lambda o: (o[1], o[0]))
        if ch in spec.clues:
            cell["clue"] = spec.clues[ch]
        if ch in spec.parity:
            cell["parity"] = spec.parity[ch]
        cells_json.append(cell)
    idx = {ch: k for k, ch in enumerate(order)}
    for ch in list(spec.clues) + list(spec.parity) + list(spec.path):
        assert ch in idx, f"{spec.id}: unknown art char {ch!r}"
    return Built(
        spec=spec,
        ids=[rename[ch] for ch in order],
        rename=rename,
        units={rename[ch]: units[ch] for ch in order},
        adj=[sorted(s) for s in nb],
        clue={idx[ch]: s for ch, s in spec.clues.items()},
        parity={idx[ch]: (1 if p == "odd" else 0) for ch, p in spec.parity.items()},
        path=[idx[ch] for ch in spec.path],
        cells_json=cells_json,
    )


# ---- exhaustive search (independent of the engine) ----------------------------------------


def solutions(
    adj: list[list[int]],
    clue: dict[int, int],
    parity: dict[int, int],
    limit: int = 2,
) -> list[list[int]]:
    """Every complete path (up to ``limit``) honouring number and parity clues.

    Plain DFS over all starts with two prunings that never cut a solution: the unvisited
    cells must stay connected to the path's end, and a clue cell must be reachable in time.
    """
    n = len(adj)
    step_cell = {s: c for c, s in clue.items()}
    found: list[list[int]] = []
    path: list[int] = []
    seen = [False] * n

    def ok_here(c: int, step: int) -> bool:
        if c in clue and clue[c] != step:
            return False
        if step in step_cell and step_cell[step] != c:
            return False
        return not (c in parity and parity[c] != step % 2)

    def connected(end: int, left: int) -> bool:
        if left == 0:
            return True
        stack = [j for j in adj[end] if not seen[j]]
        if not stack:
            return False
        mark = set(stack)
        while stack:
            i = stack.pop()
            for j in adj[i]:
                if not seen[j] and j not in mark:
                    mark.add(j)
                    stack.append(j)
        return len(mark) == left

    def dfs(c: int) -> None:
        if len(found) >= limit:
            return
        step = len(path)
        if step == n:
            found.append(list(path))
            return
        if not connected(c, n - step):
            return
        for j in adj[c]:
            if not seen[j] and ok_here(j, step + 1):
                seen[j] = True
                path.append(j)
                dfs(j)
                path.pop()
                seen[j] = False

    starts = [step_cell[1]] if 1 in step_cell else list(range(n))
    for s in starts:
        if ok_here(s, 1):
            seen[s] = True
            path.append(s)
            dfs(s)
            path.pop()
            seen[s] = False
    return found


# ---- checks ---------------------------------------------------------------------------------


def check(b: Built) -> list[str]:
    errs: list[str] = []
    sols = solutions(b.adj, b.clue, b.parity, 2)
    if len(sols) != 1:
        errs.append(f"{len(sols)} solutions")
    elif sols[0] != b.path:
        errs.append("author path is not the solution: " + "".join(b.ids[i] for i in sols[0]))
    for c in b.parity:
        rest = {k: v for k, v in b.parity.items() if k != c}
        if len(solutions(b.adj, b.clue, rest, 2)) < 2:
            errs.append(f"parity on {b.ids[c]} is redundant")
    n = len(b.ids)
    if sorted(b.path) != list(range(n)) or any(
        b.path[k + 1] not in b.adj[b.path[k]] for k in range(n - 1)
    ):
        errs.append("author path is not a Hamiltonian path")
    return errs


def gaps(b: Built) -> int:
    steps = sorted(b.clue.values())
    return max((q - p for p, q in itertools.pairwise(steps)), default=0)


def level_json(b: Built) -> dict[str, Any]:
    path_ids = " ".join(b.ids[i] for i in b.path)
    out: dict[str, Any] = {"id": b.spec.id, "teach": f"{b.spec.teach} 作者解：{path_ids}"}
    if b.spec.caption:
        out["caption"] = b.spec.caption
    out["cells"] = b.cells_json
    return out


def dump(pack: dict[str, Any]) -> str:
    """Pack JSON with one cell per line: diff-friendly and readable."""

    def j(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False)

    head = {k: v for k, v in pack.items() if k != "levels"}
    lines = ["{"] + [f"  {j(k)}: {j(v)}," for k, v in head.items()] + ['  "levels": [']
    for li, lv in enumerate(pack["levels"]):
        lines.append("    {")
        for k, v in lv.items():
            if k != "cells":
                lines.append(f"      {j(k)}: {j(v)},")
        lines.append('      "cells": [')
        cells = lv["cells"]
        for ci, c in enumerate(cells):
            lines.append("        " + j(c) + ("," if ci < len(cells) - 1 else ""))
        lines.append("      ]")
        lines.append("    }" + ("," if li < len(pack["levels"]) - 1 else ""))
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def show(b: Built) -> str:
    """The board in new ids (clue steps appended), for the designer's eye."""
    w = max(len(r) for r in b.spec.art)
    lines = []
    for row in b.spec.art:
        lines.append(" ".join(b.rename.get(ch, ".") for ch in row.ljust(w, ".")))
    return "\n".join(lines)


# ---- the levels ----------------------------------------------------------------------------

PACK1 = [
    Spec(
        "1-1",
        ["abc"],
        {"a": 1},
        "abc",
        "教滑动：从 1 滑到邻格，步号自动出现；三格一横，没有选择。",
        caption="从一个数字滑到邻格",
    ),
    Spec(
        "1-2",
        ["a.", "b.", "cd"],
        {"a": 1, "d": 4},
        "abcd",
        "教必须走完所有格：L 形四格，4 在拐角尽头，只有沿 L 走完才能让第 4 步落在 4 上。",
    ),
    Spec(
        "1-3",
        ["abc", "de."],
        {"a": 1, "e": 3},
        "adebc",
        "教退回：从 1 向右走 b→e 同样让 3 落对，但之后 d 走完就无路、c 被剩下；"
        "玩家点已走的格退回，改走 1→d→3 再上 b、c。c 只有 b 一个邻格，必是终点。",
        caption="走不通时，点已走的格退回",
    ),
    Spec(
        "1-4",
        ["abbc", ".bbd"],
        {"a": 1, "c": 3},
        "abcd",
        "关键验收关：2×2 大格占两列却只算第 2 步，所以紧挨着它的 c 是 3；"
        "若先进 d 再到 c 就成了第 4 步。",
        caption="大格也只算一步",
    ),
    Spec(
        "1-5",
        ["abc", ".de", ".fg"],
        {"a": 1, "f": 4},
        "abdfgec",
        "中段数字：沿上排直走 a→b→c→e 时第 4 步落在 e，与底排的 4 冲突；"
        "必须 b 后下拐 d 到 f=4，再绕 g、e 收到 c（c 此时只剩 e 一个入口，是终点）。",
    ),
    Spec(
        "1-6",
        ["a.bc", "d.ef", "ghi."],
        {"a": 1, "b": 9},
        "adghiefcb",
        "空洞：1 和 9 隔一列空洞看似相邻，实际不相邻（也没有左右通道）；"
        "先看终点 9 在 b，必须沿左列、底排绕一大圈。到 e 后若先上 b 则 9 早到第 7 步，"
        "所以 e→f→c→b。",
    ),
    Spec(
        "1-7",
        ["abcde", ".fghi", ".jkl."],
        {"a": 1, "g": 4, "i": 8},
        "abfgcdeihlkj",
        "先推再画：a 只有 b 一个邻格。b→c→g 与 b→f→g 都让 4 落在 g，要往后看：若走 c，"
        "f 只剩 g、j 两个出口，数下去 i 落不到第 8 步；所以 b→f→g。g 之后若不接 c，"
        "c 与 j 都只剩一个出口，成了两个终点，不可能；于是 c→d→e→i=8，最后 h→l→k→j。",
    ),
    Spec(
        "1-8",
        ["ab.c", "deef", "geeh", "i.jk"],
        {"c": 1, "a": 8},
        "cfhkjebadgi",
        "2×2 枢纽：c 与 i 都只有一个邻格，是两端。c→f 后若直接进大格 e，e 是第 3 步、"
        "a 最早第 5 步；8 要求先绕 h→k→j 从下方进枢纽（第 6 步），从上方出到 b=7、a=8，"
        "再经左侧 d、g 到 i。枢纽四面都有出口，只用下进、上出。",
    ),
    Spec(
        "1-9",
        ["abc", "dee", "fgh", "ijk"],
        {"a": 1, "h": 6},
        "abceghkjifd",
        "第一个横长条：e 占两列，上边贴 b、c，下边贴 g、h。a→b→c→e 后若直下 h 只是第 5 步；"
        "要从长条的另一半下到 g=5 再右移 h=6。若先走 d，b、c 这一角只能留到最后从长条收尾，"
        "数一数 h 就落不到第 6 步。",
    ),
    Spec(
        "1-10",
        ["abcd", "effg", "hffi", "jkkl", "m.n."],
        {"m": 1, "a": 6},
        "mjhfeabcdgilkn",
        "综合：m、n 都只有一个邻格，是起点与终点；n 只贴长条 k，所以 k 是第 13 步，"
        "j 不能进 k，只能上 h。h=3 到 a=6 还差三步：h→e→a 太快，必须 h→大格 f→e→a，"
        "大格只算一步。之后沿上排、右列下到 l→k→n。",
    ),
]

PACKS: list[tuple[int, str, list[Spec]]] = [(1, "入门", PACK1)]


def suggest(art: list[str], steps: list[int], start: str | None, limit: int = 200000) -> None:
    """Design aid: author paths whose clue set (steps at path positions) is unique."""
    spec = Spec("x", art, {}, "", "")
    b = build(spec)
    clue = {b.ids.index(b.rename[start]): 1} if start else {}
    allp = solutions(b.adj, clue, {}, limit)
    groups: dict[tuple[int, ...], list[list[int]]] = {}
    for p in allp:
        groups.setdefault(tuple(p[s - 1] for s in steps), []).append(p)
    print(show(b))
    print(f"{len(allp)} paths; unique clue sets:")
    for ps in groups.values():
        if len(ps) == 1:
            print("  ", " ".join(b.ids[i] for i in ps[0]))


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "check"
    want = set(argv[1:])
    bad = 0
    if cmd == "suggest":
        art = argv[1].split("/")
        steps = [int(v) for v in argv[2].split(",")]
        start = argv[3] if len(argv) > 3 else None
        suggest(art, steps, start)
        return 0
    if cmd == "paths":
        lid = argv[1]
        k = int(argv[2]) if len(argv) > 2 else 20
        for _, _, specs in PACKS:
            for s in specs:
                if s.id == lid:
                    b = build(s)
                    print(show(b))
                    keep = {c: v for c, v in b.clue.items() if v == 1}
                    for p in solutions(b.adj, keep, b.parity, k):
                        print(" ".join(b.ids[i] for i in p))
        return 0
    packs_out = []
    for num, title, specs in PACKS:
        levels = []
        for s in specs:
            if want and s.id not in want:
                continue
            b = build(s)
            errs = check(b)
            big = sum(1 for u in b.units.values() if len(u) > 1)
            shaped = sum(1 for c in b.cells_json if "shape" in c)
            print(
                f"{s.id:5} N={len(b.ids):2} clues={sorted(b.clue.values())} "
                f"par={len(b.parity)} big={big} shaped={shaped} gap={gaps(b)} "
                + ("OK" if not errs else "FAIL " + "; ".join(errs))
            )
            bad += bool(errs)
            levels.append(level_json(b))
        packs_out.append((num, title, levels))
    if cmd == "write" and not bad:
        names = {1: "pack-1-tutorial.json", 2: "pack-2-advanced.json", 3: "pack-3-parity.json"}
        for num, title, levels in packs_out:
            if want and not levels:
                continue
            pack = {"mode": "01-number-stroke", "pack": num, "title": title, "levels": levels}
            (OUT / names[num]).write_text(dump(pack), encoding="utf-8")
            print("wrote", names[num])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
