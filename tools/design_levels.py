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
import os
import string
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(os.environ.get("DESIGN_OUT", ROOT / "src" / "puzzlesmith" / "stroke" / "levels"))
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
    if b.spec.id.startswith("2-"):
        ends = {b.path[0], b.path[-1]}
        errs += [
            f"multi-unit cell {b.ids[i]} is a path end" for i in ends if len(b.units[b.ids[i]]) > 1
        ]
        for c, v in b.clue.items():
            rest = {k: x for k, x in b.clue.items() if k != c}
            if v != 1 and len(solutions(b.adj, rest, b.parity, 2)) < 2:
                errs.append(f"clue {b.ids[c]}={v} is redundant")
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
        caption="从一个数字滑到邻格 / Slide from a number to the next cell",
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
        caption="走不通时，点已走的格退回 / Stuck? Tap a cell you have drawn to go back",
    ),
    Spec(
        "1-4",
        ["abbc", ".bbd"],
        {"a": 1, "c": 3},
        "abcd",
        "关键验收关：2×2 大格占两列却只算第 2 步，所以紧挨着它的 c 是 3；"
        "若先进 d 再到 c 就成了第 4 步。",
        caption="大格也只算一步 / A big cell is still one step",
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
        {"a": 1, "f": 9},
        "adghiebcf",
        "空洞：1 在 a、9 在 f。a 与 b 隔一格空洞看似相邻，实际不相邻（也没有左右通道），a 只能向下。"
        "先看终点 9：f 只贴 c、e。沿左列、底排 a→d→g→h→i 到 e 后，若直接进 f，f 是第 7 步；"
        "所以 e→b→c→f=9，b、c 都只有两个邻格。",
    ),
    Spec(
        "1-7",
        ["abcde", "fghi.", ".jkl."],
        {"e": 1, "l": 4, "f": 8},
        "edilkjgfabch",
        "先推再画：1 在 e，e 只贴 d，第 2 步是 d。第 3 步既要贴 d、又要贴 4 所在的 l，只能是 i。"
        "l 之后 k 有 j、h 两条岔路：f=8 要第 6、7 步从 j、g 过来，所以 k→j→g→f=8，"
        "最后 a→b→c 到 h。f、a、b 都只有两个邻格，路线早已定下。",
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
        ["abc.", "d.ef", "g.hh", "ijk."],
        {"f": 1, "g": 6},
        "fhkjigdabce",
        "第一个横长条 h：下边左半贴 k，上边左半贴 e、右半贴 f。1 在 f，g=6：f→长条 h→k→j→i→g 正好六步"
        "（长条只算一步）；先走 f→e 再进长条，g 就成了第 7 步。所以从长条上边右半进、下边左半出到 k，"
        "绕左列 d→a、上排 b→c，最后 e：出口都在长边上。",
    ),
    Spec(
        "1-10",
        ["abcd", "effg", "hffi", "jkkl", "mn.."],
        {"e": 1, "h": 6},
        "eabcfhjmnkligd",
        "综合小考：1 在 e、6 在 h，两格紧挨着却差五步。e→h 或 e→大格 f→h 都太快，只能 e→a→b→c→大格 f→h=6"
        "（大格只算一步）。d 只剩 g 一个出口，是终点；h 之后 j→m→n 绕到底排，从下边进长条 k，"
        "再 l→i→g→d 收尾。",
    ),
]

PACK2 = [
    Spec(
        "2-1",
        ["abcdd", "efgdd", "hijkl", "..mnn"],
        {"m": 1, "j": 4, "g": 11},
        "mnkjiheabfgcdl",
        "起手计数：m=1 的邻格 j 是 4，不能直接去；m→长条 n→k→j=4 是唯一三步走法（l 不贴 j）。"
        "此时 l 只剩大格 d 一个出口，l 是终点、d 是第 13 步。g=11、d=13 之间的第 12 步"
        "必须同时贴 g 和 d，只能是 c；于是 j 之后 i→h→e→a→b→f 正好六步到 g=11。"
        "错误路线：m→j 直接冲突；j 之后直接上 g 又与 11 冲突，只能往左 i。",
    ),
    Spec(
        "2-2",
        ["..aaa", "b.aaa", "cdaaa", "efgh.", ".ijkl", ".mnol"],
        {"b": 1, "j": 9, "n": 13},
        "bcefdahgjklonmi",
        "第一个 3×3：b 只贴 c，i 只贴 m，是两端。e、f、d 都只有两个邻格，开局 b→c→e→f→d 一气走完，"
        "第 6 步进 3×3 a（大格只算一步），于是 h=7、g=8、j=9 正好落在 9 上；j 之后 k→l→o→n=13，"
        "m→i 收尾。若 c 之后先进 3×3，e、f、d 这条走廊就成了死胡同。"
        "保留数字 1：单删 1 仍唯一，但 seed 001 §3.1 让起点未知在 2-8 才出现，之前的关都给起点。",
    ),
    Spec(
        "2-3",
        ["a.bc.", "defc.", "ghicc", "jklmm", "nopmm"],
        {"b": 1, "o": 5, "g": 14},
        "bcmponjklifehgda",
        "异形初登场（L 形 c）：a 只贴 d，是终点，d=15，g=14 与之相符。o=5 距 b 四步，"
        "只有 b→L 形 c（从顶端进、脚下出）→2×2 m→p→o 这一条；走 f、i 一侧都会让 o 落在 6。"
        "o 之后 n 是角格必须马上收（n→j），再 k→l→i→f→e→h 到 g=14。"
        "保留数字 1：单删 1 仍唯一，但 seed 001 §3.1 让起点未知在 2-8 才出现，之前的关都给起点。",
    ),
    Spec(
        "2-4",
        ["..aab", "cdefg", "h.ijk", "liimn", "opim."],
        {"b": 1, "d": 4, "j": 14},
        "baedchlopimnkjfg",
        "三种长块同台（横条 a、T 形 i、竖条 m）。b=1 到 d=4：b→横条 a→e→d 正好三步，横条只算一步；"
        "b→g→f→e 会让 e 成了 4。d 之后 c 是只剩 h 的角格：d→c→h→l；l 若直接进 T 形 i，o、p 会被困，"
        "所以 l→o→p→i=10。j=14 还差四步：i→竖条 m→n→k→j，最后 f→g 收尾。"
        "保留数字 1：单删 1 仍唯一，但 seed 001 §3.1 让起点未知在 2-8 才出现，之前的关都给起点。",
    ),
    Spec(
        "2-5",
        ["abcde", "fghij", "ffklm", ".fnoo", ".pqoo"],
        {"g": 1, "f": 5, "q": 16},
        "ghknfabcdejilmoqp",
        "S 形登场：g=1 紧贴 S 形 f，f 却是第 5 步：要先 g→h→k→n 绕三步，从 S 形下端进去。"
        "数步数（distance）：h=2 到 f=5 之间，i、p 都太远。S 形之后 a→b→c→d→e 扫上排，"
        "j→i→l→m→2×2 o→q=16，p 只贴 q，是终点。",
    ),
    Spec(
        "2-6",
        ["aabbb.", "cabbbd", "efbbbg", "h.ijkl", "mnopqr"],
        {"g": 1, "i": 4, "f": 16},
        "gdbijklrqponmhefac",
        "g=1 到 i=4 恰好三步：g→d→3×3 b→i（3×3 只算一步）；g→b→i 只到 3，沿 l、k、j 绕过去要到 5。"
        "i 之后若先下 o，右下 j、k、l、r、q、p 一圈只剩 p 一个入口，进去就出不来；"
        "所以 i→j→k→l→r 绕到底排，向左 q→p→o→n→m→h→e→f=16，最后 L 形 a 与角格 c。",
    ),
    Spec(
        "2-7",
        ["..aa.", "bcaa.", "dcef.", "dghij", "dklmn", "opqr."],
        {"f": 1, "e": 3, "p": 16},
        "faehijnmlkgcbdopqr",
        "竖 I 形 d 登场。f=1 到 e=3 之间只差一步，e=3 到 p=16 相隔十三步：先数步数（distance）定下开头，"
        "再看只剩两个邻格的格一进一出；I 形 d 与竖条 c 都在路线中段。重新设计（#34）：原路线要反证一步，"
        "新路线只靠推理。",
    ),
    Spec(
        "2-8",
        [".abc.", "dd.ef", "ddg.h", ".gggi", "jklmn", "opqrs"],
        {"e": 3, "p": 16, "k": 17},
        "hfecbadginsrmlqpkjo",
        "起点未知（首次）：没有 1，只有 e=3、p=16、k=17。从 e=3 倒数两步找起点，再用棋盘格奇偶（parity）"
        "与步数（distance）定下中段；上方走廊的格都只有两个邻格，整段走过。重新设计（#34）：原路线要反证两步，"
        "新路线只靠推理。",
    ),
    Spec(
        "2-9",
        [".aabbb", ".cdbbb", "efgbbb", "hijklm", ".nommm", ".pqrst"],
        {"d": 1, "l": 15, "o": 20},
        "dacfehinpqrstmlkbgjo",
        "d=1、l=15、o=20（终点给出）：横条 a 与 3×3 b 各只算一步。先认出只剩两个邻格的格与不能成环的连接（no_loop），"
        "再数 l=15 到 o=20 的五步，定下收尾。重新设计（#34）：原路线要反证一步，新路线只靠推理。",
    ),
    Spec(
        "2-10",
        ["abcdef", "ghiijk", "lmiino", "lppqrs", "pp..tu"],
        {"n": 1, "o": 2, "c": 18},
        "nosutrqplmhijkfedcbag",
        "进阶包终章（小 Boss），最大步差 16：n=1、o=2，下一个数字要到 c=18。两处死路推理（dead_end）："
        "若某格是这一步，它的邻格就只剩一个出口却不能是端点，所以不是；再配合奇偶与步数收尾。"
        "重新设计（#34）：原路线要反证两步，新路线只靠推理。",
    ),
]

PACK3 = [
    Spec(
        "3-1",
        ["abc", ".dd"],
        {"a": 1},
        "abdc",
        "偶数入门（N=4，本包最小的盘）：c 要偶数步。a→b→c 让 c=3（奇）；a→b→长条 d→c 让 c=4。"
        "长条只算一步，正是它让 c 的奇偶与棋盘格颜色不同。",
        parity={"c": "even"},
    ),
    Spec(
        "3-2",
        ["aaab.", "aaac.", "aaade", "..f.g", "..hij"],
        {"f": 1},
        "fhijgedcab",
        "3×3 上的奇数：f=1 紧贴 3×3，直接进去是第 2 步（偶）。绕下方 h→i→j→g→e→d 到第 7 步，"
        "此时直接进 3×3 是 8（偶），要先上 c=8 再进 3×3=9，最后 b=10。",
        parity={"a": "odd"},
    ),
    Spec(
        "3-3",
        [".aabc", "de.fg", ".hhij", ".hhkl"],
        {"d": 1},
        "deabcgjlkhif",
        "奇偶决定绕路：d 只贴 e。e 直下进 2×2 h 是第 3 步（奇），而 h 要偶数，所以先绕上方长条 a、"
        "b、c、g。g=6 后直接进 f 是 7（奇，f 要偶），只能 g→j；j→i 会把 l 角困死，故 j→l→k→h=10"
        "→i→f=12。",
        parity={"f": "even", "h": "even"},
    ),
    Spec(
        "3-4",
        ["ab.cd", ".effg", "hiffj", "hhhkl", "...mn"],
        {"c": 1},
        "cdgjlnmkfhieba",
        "异形与奇偶：a 只贴 b，是终点 14。c=1 旁边的 2×2 f 要奇数步，c→f 是 2（偶），只能 c→d→g；"
        "g→f 是 4（偶），只能 g→j→l→n→m→k，k=8。此时 L 形 h 要偶数，k→h 是 9（奇），"
        "所以 k→f=9（奇）→h=10（偶）→i→e→b→a。两个奇偶各挡住一条近路。",
        parity={"f": "odd", "h": "even"},
    ),
    Spec(
        "3-5",
        ["..aab", ".cdef", "ccghi", "jck.l", "mno.p"],
        {"p": 1, "d": 9},
        "plihefbadcgkonmj",
        "数字与多个奇偶：p 只贴 l，p→l→i。d=9 要从 i=3 再走六步：i→f→b→横条 a→d 只到 7，"
        "i→h→g→d 只到 6；只有 h→e→f→b→a 绕一圈让 d=9。T 形 c 要偶数：d→c=10 正好，"
        "d→g→c 成 11（奇）。n 要偶数：c 之后若 j→m→n，n=13（奇）；所以 c→g→k→o→n=14→m→j。"
        "保留数字 1：奇偶包每关都给起点，奇偶从第 1 步数起。保留数字 9：单删 9 仍唯一，但本关教的是数字与奇偶共同推理"
        "（seed 001 §5.3），i=3 到 d=9 的绕圈正是关键一步；删掉它只剩 4 步推理，比 3-4 还容易，曲线会倒退。",
        parity={"c": "even", "n": "even"},
    ),
    Spec(
        "3-6",
        ["kddnhm", "raaaoc", "jpa..c", "lq..bb", "gfiebb"],
        {"g": 1, "b": 7},
        "glqfiebcmhoandkrjp",
        "综合：横条 d 与 T 形 a 都要偶数步，数字 g=1、2×2 b=7。g 在左下角，b=7 前面只有六步，"
        "要按奇偶与步数（distance）数清从哪边绕过去。几处死路推理（dead_end）：若某格是这一步，它的邻格就只剩一个出口"
        "却不能是端点，所以不是。重新设计（#34）：原盘面要反证两步，新盘面只靠推理。",
        parity={"d": "even", "a": "even"},
    ),
]

NOTES = {
    1: "原创教学关（seed 001 §5.1 的 N 与线索步号）。由 tools/design_levels.py 从字符画生成并穷举验证唯一解；"
    "teach 记推理意图与作者解。",
    2: "原创进阶关：N 14–21，每关 2–3 个多格块且都在路线中段，最大步号差 7→16，2-8 不给 1；"
    "除起点 1 外每个数字都必要。由 tools/design_levels.py 生成并验证。",
    3: "原创奇偶关：每条奇偶线索单独删除后都出现多解（逐条验证）。由 tools/design_levels.py 生成并验证。",
}

PACKS: list[tuple[int, str, list[Spec]]] = [
    (1, "入门 / Starter", PACK1),
    (2, "进阶 / Advanced", PACK2),
    (3, "奇与偶 / Odd and even", PACK3),
]


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
            pack = {
                "mode": "01-number-stroke",
                "pack": num,
                "title": title,
                "notes": NOTES[num],
                "levels": levels,
            }
            (OUT / names[num]).write_text(dump(pack), encoding="utf-8")
            print("wrote", names[num])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
