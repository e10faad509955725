"""The 为什么 / Why hint of the path modes: the logic engine's next deduction from the
player's own position, with the cells it reads and the cells it concludes.

The player's path (while it agrees with the unique solution) and the numbers revealed so
far are given steps; the engine (:mod:`puzzlesmith.paths.techniques`) then runs its rules
and tries its techniques cheapest first, and the first one that narrows anything is the
answer. What it concluded is read off the engine's state (the candidate steps of every
cell before and after), so each technique needs no bookkeeping of its own. A path that
has left the solution gets ``mistake`` with the first wrong cell instead: no sound
reasoning continues from it. Sentences name the technique in the player's words, point at
the board's highlights, and never quote the engine's internal cell ids.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import replace
from typing import Any

from puzzlesmith.core.bits import bits
from puzzlesmith.paths.hints import correct_prefix
from puzzlesmith.paths.state import PathState
from puzzlesmith.paths.techniques import TECHNIQUES, Contradiction, Engine, PathGraph, engine

#: technique → (zh, en): why the next step is fixed, as a clause the Why sentence ends
#: with ("第 6 步只能走 c3，因为…" / "Step 6 must go to c3 because…"); {cells} names the
#: cells it concludes (lit), {reads} the cells it rests on (ringed), {steps} the steps
WORDS: dict[str, tuple[str, str]] = {
    "number": ("{cells} 上写着 {steps}", "{cells} shows {steps}"),
    "rules": (
        "路的这一头 {reads} 只剩它一个能接的格",
        "the path's end {reads} has no other cell to go on to",
    ),
    "single": (
        "别的格都已当不了第 {steps} 步，只剩 {subject}",
        "no other cell than {subject} can still be step {steps}",
    ),
    "ends": (
        "{subject} 只剩一个能接的邻格（{others}），所以它是路的一头（第 1 步或最后一步）",
        "{subject} has one usable neighbour left ({others}), so it is an end of the path",
    ),
    "two_neighbours": (
        "{subject} 不是路的一头，却只剩两个能接的邻格（{others}）：路从一边进、从另一边出",
        "{subject} is not an end and has just two usable neighbours ({others}): the path "
        "comes in from one and leaves by the other",
    ),
    "clue_neighbours": (
        "{subject} 上的数字前后的两步必须挨着它，能挨着的只剩 {others}",
        "the steps just before and after the number on {subject} must touch it, and only "
        "{others} can",
    ),
    "no_loop": (
        "{subject} 和 {others} 是同一段已连好的路的两头，再连上就成了圈，所以不能连",
        "{subject} and {others} end the same joined stretch: joining them would close a loop",
    ),
    "distance": (
        "从已知的步数（{reads}）数一数走几步能到，{cells} 只可能是第 {steps} 步",
        "counting the moves from the known steps ({reads}), {cells} can only be step {steps}",
    ),
    "parity": (
        "像棋盘一样给格子涂两种颜色，每走一步换一次颜色，{cells} 只可能是第 {steps} 步",
        "colouring the cells like a chessboard (every move changes colour), {cells} can "
        "only be step {steps}",
    ),
    "connectivity": (
        "{subject} 是两块区域之间唯一的通道，路必须在第 {steps} 步经过它",
        "{subject} is the only way between two parts, so the path must pass it at step {steps}",
    ),
    "dead_end": (
        "如果高亮的格是别的步数，它旁边的一格就接不上它，只剩一条路却又当不了路的一头：所以它只能是第 {steps} 步。",
        "If the highlighted cell took another step, a neighbour that cannot join it would be "
        "left with one way on while it cannot be an end: so it can only be step {steps}.",
    ),
    "contradiction": (
        "给 {subject} 换一种走法，接下来的推理就会走不通，所以 {cells} 只能是第 {steps} 步",
        "any other way for {subject} makes the deductions that follow break a rule, so "
        "{cells} can only be step {steps}",
    ),
}
#: techniques whose clause, when they fix the next step, is said of that step's cell alone
#: (they narrow many cells at once; the one that matters is the step's)
FOCUSED = frozenset({"distance", "parity", "contradiction", "number"})
#: the Why's sentence: the step, the cell it must go to, and the technique's clause
BECAUSE = (
    "第 {step} 步只能走 {cell}，因为{clause}。",
    "Step {step} must go to {cell} because {clause}.",
)
#: {reads} when a deduction names no cell it rests on
KNOWN = ("已知的格", "the known cells")
#: at most this many cells are named in one sentence
MAX_NAMED = 4
#: technique → (zh, en): its short name, as the solve breakdown lists it
NAMES: dict[str, tuple[str, str]] = {
    "rules": ("规则本身", "The rules"),
    "number": ("数字", "A number"),
    "single": ("唯一位置", "Only place"),
    "ends": ("路的两头", "Path ends"),
    "two_neighbours": ("只剩两个邻格", "Two neighbours"),
    "clue_neighbours": ("数字的邻格", "Next to a number"),
    "no_loop": ("不成圈", "No loop"),
    "distance": ("数步数", "Counting moves"),
    "parity": ("黑白相间", "Chessboard colours"),
    "connectivity": ("唯一通道", "Only way through"),
    "dead_end": ("不留死角", "No dead end"),
    "contradiction": ("假设推翻", "Try and fail"),
}
#: a wrong path: what broke ({broke}), then where it first left the solution
MISTAKE = (
    "{broke}从第 {step} 步（{cell}）起路线就走错了，退回去再想想。",
    "{broke}The path goes wrong from step {step} ({cell}) on: step back and think again.",
)
#: what broke on a wrong path, in the order it is looked for
BROKE: dict[str, tuple[str, str]] = {
    "clue-step": (
        "{cell} 写着 {clue}，路却在第 {step} 步走到了它。",
        "{cell} shows {clue}, but the path reached it at step {step}. ",
    ),
    "step-elsewhere": (
        "第 {step} 步应该走写着 {step} 的 {owner}，路却走到了 {cell}。",
        "Step {step} belongs to {owner}, which shows {step}, but the path went to {cell}. ",
    ),
    "parity": (
        "{cell} 是{par}数格，路却在第 {step} 步走到了它。",
        "{cell} is an {par} cell, but the path reached it at step {step}. ",
    ),
    "cut-off": (
        "走到第 {step} 步后，{cells} 被隔断了，路再也走不到。",
        "After step {step} the path can no longer reach {cells}: cut off. ",
    ),
    "too-far": (
        "{cell} 写着 {clue}，可从路的这一头（第 {step} 步）到它至少还要 {far} 步，来不及了。",
        "{cell} shows {clue}, but from the path's end (step {step}) it is at least {far} "
        "moves away: too far. ",
    ),
    "wrong-turn": ("", ""),
}
PARITY_WORDS = {"odd": ("奇", "odd"), "even": ("偶", "even")}
STUCK = (
    "这一步靠推理一时看不出来：试试「指路」。",
    "No deduction shows this step yet: try the guide.",
)
DONE = ("已经走完了！", "The path is complete!")
#: deductions tried before the Why hint says the step is out of its reach
MAX_ROUNDS = 400


def steps_text(steps: Sequence[int]) -> str:
    """A short list of step numbers a sentence can carry: "3", "3、5" or "3–7"."""
    s = sorted(set(steps))
    if not s:
        return "?"
    if len(s) > 3 and s[-1] - s[0] == len(s) - 1:
        return f"{s[0]}–{s[-1]}"
    return "、".join(map(str, s[:4])) + ("…" if len(s) > 4 else "")


def cell_name(cell: str) -> str:
    """A cell as the game names it to players (core.catalogue.cell_name): Hex Walls'
    ``q,r`` in brackets, other ids as they are."""
    return f"({cell})" if "," in cell and not cell.startswith("(") else cell


def names(cells: Sequence[str], lang: int) -> str:
    """Cells named in a sentence of language ``lang`` (0 zh, 1 en), at most :data:`MAX_NAMED`."""
    shown = [cell_name(c) for c in cells[:MAX_NAMED]]
    more = len(cells) > MAX_NAMED
    if lang == 0:
        return "、".join(shown) + (" 等" if more else "")
    if more:
        return ", ".join(shown) + " and others"
    return " and ".join(shown) if len(shown) == 2 else ", ".join(shown)


def clause(
    words: tuple[str, str],
    concludes: Sequence[str],
    reads: Sequence[str],
    steps: Sequence[int],
    named: Sequence[str] = (),
) -> tuple[str, str]:
    """A technique's clause in both languages, naming its cells and steps: {cells} what it
    concludes, {reads} what it rests on, {subject} and {others} the cells the deduction
    names (the cell it is about first, as the engine records it)."""
    text = steps_text(steps)
    named = list(named) or list(concludes)
    subject, others = named[:1], named[1:] or list(reads) or list(concludes)
    out = []
    for lang in (0, 1):

        def say(cells: Sequence[str], lang: int = lang) -> str:
            return names(cells, lang) if cells else KNOWN[lang]

        out.append(
            words[lang].format(
                cells=say(concludes),
                reads=say(reads),
                subject=say(subject),
                others=say(others),
                steps=text if lang == 0 else text.replace("、", ", "),
            )
        )
    return out[0], out[1]


def because(step: int, cell: str, why: tuple[str, str]) -> tuple[str, str]:
    """The Why sentence: "第 6 步只能走 c3，因为…" / "Step 6 must go to c3 because…"."""
    zh, en = BECAUSE
    gap = " " if why[0][:1].isascii() else ""  # "因为 c3 上…", "因为路的…"
    return (
        zh.format(step=step, cell=cell_name(cell), clause=gap + why[0]),
        en.format(step=step, cell=cell_name(cell), clause=why[1]),
    )


def as_sentence(why: tuple[str, str]) -> tuple[str, str]:
    """A clause on its own (a deduction that fixes no particular step)."""
    en = why[1]
    return why[0] + "。", (en[:1].upper() + en[1:] + ".") if en else en


def position_graph(g: PathGraph, state: PathState, prefix: int) -> PathGraph:
    """The level's graph with the player's sound knowledge as givens: the path's first
    ``prefix`` cells at their steps and every revealed number."""
    given = dict(g.clue)
    given.update(state.revealed)
    for k, cell in enumerate(state.path[:prefix]):
        given[cell] = k + 1
    return replace(g, clue=given)


def explain(
    g: PathGraph,
    solution: Sequence[str],
    state: PathState,
    techniques: Collection[str] = TECHNIQUES,
) -> dict[str, Any]:
    """The Why hint as JSON (``kind`` "why"): ``verdict`` is ``step``, ``mistake``,
    ``stuck`` or ``done``; a step carries ``technique``, ``reads`` (cells the reasoning
    rests on), ``concludes`` (``[{cell, steps}]``: the steps each concluded cell can still
    take) and the sentence in both languages."""
    ids = state.board.ids
    p = correct_prefix(solution, state)
    if p < len(state.path):
        return mistake(g, state, p)
    if p >= len(solution):
        return _answer("done", [], DONE)
    pg = position_graph(g, state, p)
    nxt = ids.index(solution[p])
    if pg.clue.get(nxt) == p + 1:  # a number (a clue or a revealed one) says so
        return _why("number", [], [(solution[p], [p + 1])], [p + 1], 0, p + 1)
    e = engine(pg, techniques)
    want = 1 << (p + 1)
    sol_step = {cell: k + 1 for k, cell in enumerate(solution)}
    try:
        e.settle()
        if e.cand[nxt] == want and state.path:  # the rules themselves leave one way on
            return _why("rules", [ids[state.path[-1]]], [(solution[p], [p + 1])], [p + 1], 0, p + 1)
        # deduce until the next step is pinned down; the deduction that did it is the why
        for rounds in range(MAX_ROUNDS):
            found = _one_deduction(e)
            if found is None:
                break
            name, named, changed = found
            e.settle()
            if e.cand[nxt] == want:
                concl, reads = _read_off(e, ids, named, changed, (nxt, [p + 1]))
                steps = [sol_step[c] for c, _ in concl if c in sol_step]
                said = [ids[i] for i in named]
                return _why(name, reads, concl, steps, rounds, p + 1, said)
    except Contradiction:  # the givens are the solution's own: only a non-unique level
        pass
    return _answer("stuck", [solution[p]], STUCK)


def deductions(
    g: PathGraph, state: PathState, techniques: Collection[str] = TECHNIQUES
) -> Iterator[dict[str, Any]]:
    """The engine's deductions from a (sound) position in the order it makes them, each as
    the Why hint would show it (the hint shows the one that fixes the next step)."""
    ids = state.board.ids
    e = engine(position_graph(g, state, len(state.path)), techniques)
    try:
        e.settle()
        for _ in range(MAX_ROUNDS):
            found = _one_deduction(e)
            if found is None:
                return
            name, named, changed = found
            concl, reads = _read_off(e, ids, named, changed)
            steps = [st[0] for _, st in concl if st]
            yield _why(name, reads, concl, steps, 0, None, [ids[i] for i in named])
            e.settle()
    except Contradiction:
        return


def _read_off(
    e: Engine,
    ids: Sequence[str],
    named: Collection[int],
    changed: list[int],
    also: tuple[int, list[int]] | None = None,
) -> tuple[list[tuple[str, list[int]]], list[str]]:
    """What a deduction concluded (each changed cell with the steps it can still take, and
    ``also`` when it is not among them) and the other cells it named: what it read."""
    concl = [(ids[i], bits(e.cand[i])) for i in changed]
    if also is not None and also[0] not in changed:
        concl.append((ids[also[0]], also[1]))
    cells = {c for c, _ in concl}
    return concl, sorted({ids[i] for i in named} - cells, key=ids.index)


def _one_deduction(e: Engine) -> tuple[str, list[int], list[int]] | None:
    """The first technique that narrows anything: (name, cells it names, cells it changed:
    their steps, their joins or the neighbours they may still join)."""
    for name in e.enabled:
        before, links, nbs, logged = list(e.cand), list(e.link), list(e.nb), len(e.log)
        if e.apply(name):
            changed = [
                i
                for i in range(e.n)
                if e.cand[i] != before[i] or e.link[i] != links[i] or e.nb[i] != nbs[i]
            ]
            # the cells it names, in the engine's order (the cell it is about first)
            named = list(dict.fromkeys(e.names.index(c) for st in e.log[logged:] for c in st.cells))
            return name, named, changed
    return None


def _answer(verdict: str, cells: list[str], words: tuple[str, str]) -> dict[str, Any]:
    return {
        "kind": "why",
        "verdict": verdict,
        "technique": None,
        "after": 0,
        "cells": cells,
        "reads": [],
        "concludes": [],
        "reason_zh": words[0],
        "reason_en": words[1],
    }


def _why(
    technique: str,
    reads: list[str],
    concludes: list[tuple[str, list[int]]],
    steps: Sequence[int],
    before: int,
    step: int | None = None,
    named: Sequence[str] = (),
) -> dict[str, Any]:
    """A deduction as the Why shows it; with ``step`` it fixes that step to its cell (the
    solution's, the last concluded cell), and the sentence says so first."""
    cells = [c for c, _ in concludes]
    to = next((c for c, st in concludes if st == [step]), cells[-1]) if cells else ""
    if step is not None and technique in FOCUSED:  # said of the step's own cell
        why = clause(WORDS[technique], [to], reads, [step], named)
    else:
        why = clause(WORDS[technique], cells, reads, steps, named)
    zh, en = as_sentence(why) if step is None else because(step, to, why)
    return {
        "kind": "why",
        "verdict": "step",
        "technique": technique,
        "name_zh": NAMES[technique][0],
        "name_en": NAMES[technique][1],
        #: simpler deductions the engine made first (not shown: they narrowed other cells)
        "after": before,
        "cells": cells,
        "reads": reads,
        "concludes": [{"cell": c, "steps": s} for c, s in concludes],
        "reason_zh": zh,
        "reason_en": en,
    }


# ---- a wrong path: what broke ------------------------------------------------------------
def mistake(g: PathGraph, state: PathState, p: int) -> dict[str, Any]:
    """A path that left the solution at step ``p + 1``: the first wrong cell (lit) and,
    ringed and said first, what broke: a number or a parity the path contradicts, cells
    the path can no longer reach, a number it can no longer reach in time."""
    ids = state.board.ids
    wrong = ids[state.path[p]]
    code, facts, reads = broken(g, state)
    zh, en = MISTAKE
    bz, be = BROKE[code]
    par = PARITY_WORDS.get(str(facts.get("parity")), ("", ""))
    cut = facts.pop("cut", [])
    zb = bz.format(**facts, par=par[0], cells=names(cut, 0))
    eb = be.format(**facts, par=par[1], cells=names(cut, 1))
    words = (
        zh.format(broke=zb, step=p + 1, cell=cell_name(wrong)),
        en.format(broke=eb, step=p + 1, cell=cell_name(wrong)),
    )
    return {
        **_answer("mistake", [wrong], words),
        "broke": code,
        "reads": [c for c in reads if c != wrong],
    }


def broken(g: PathGraph, state: PathState) -> tuple[str, dict[str, Any], list[str]]:
    """What the player's path breaks: (code of :data:`BROKE`, the facts its words name,
    the cells it rests on). ``wrong-turn`` when nothing on the board shows it yet."""
    ids = state.board.ids
    for c in state.conflicts():
        step, cell = c["step"], c["cell"]
        facts: dict[str, Any] = {"step": step, "cell": cell_name(cell)}
        if c["code"] == "clue-step":
            return "clue-step", {**facts, "clue": c["clue"]}, [cell]
        if c["code"] == "step-elsewhere":
            owner = state.cell_for_step(step)
            name = ids[owner] if owner is not None else cell
            return "step-elsewhere", {**facts, "owner": cell_name(name)}, [name, cell]
        return "parity", {**facts, "parity": c["parity"]}, [cell]
    far = _reach(g, state)
    k = len(state.path)
    cut = [ids[i] for i in range(len(ids)) if i not in state.path and i not in far]
    if cut:
        return "cut-off", {"step": k, "cut": cut}, cut
    for cell, num in sorted(state.known().items(), key=lambda x: x[1]):
        if num > k and cell not in state.path and far[cell] > num - k:
            facts = {"step": k, "cell": cell_name(ids[cell]), "clue": num, "far": far[cell]}
            return "too-far", facts, [ids[cell]]
    return "wrong-turn", {}, []


def _reach(g: PathGraph, state: PathState) -> dict[int, int]:
    """Each cell the path's end can still reach through cells not walked, with the fewest
    moves it takes (walls that turn are taken as open: only what can never be reached is
    cut off)."""
    if not state.path:
        return {}
    walked = 0
    for i in state.path:
        walked |= 1 << i
    end = state.path[-1]
    far = {end: 0}
    frontier = [end]
    while frontier:
        nxt = []
        for i in frontier:
            for j in bits(g.adj[i] & ~walked):
                if j not in far:
                    far[j] = far[i] + 1
                    nxt.append(j)
        frontier = nxt
    return far
