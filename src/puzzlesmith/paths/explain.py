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
from puzzlesmith.core.words import both
from puzzlesmith.paths.hints import correct_prefix
from puzzlesmith.paths.state import PathState
from puzzlesmith.paths.techniques import TECHNIQUES, Contradiction, Engine, PathGraph, engine

#: technique → (zh, en): why the next step is fixed, as a clause the Why sentence ends
#: with ("第 6 步只能走 c3，因为…" / "Step 6 must go to c3 because…"); {cells} names the
#: cells it concludes (lit), {reads} the cells it rests on (ringed), {steps} the steps.
#: Every sentence of the Why is the catalogue's (core/words ``why.*``), taken once when
#: this module loads (no lookup per hint).
WORDS: dict[str, tuple[str, str]] = {
    "number": both("why.clause.number"),
    "rules": both("why.clause.rules"),
    "single": both("why.clause.single"),
    "ends": both("why.clause.ends"),
    "two_neighbours": both("why.clause.two_neighbours"),
    "clue_neighbours": both("why.clause.clue_neighbours"),
    "no_loop": both("why.clause.no_loop"),
    "distance": both("why.clause.distance"),
    "parity": both("why.clause.parity"),
    "connectivity": both("why.clause.connectivity"),
    "dead_end": both("why.clause.dead_end"),
    "contradiction": both("why.clause.contradiction"),
}
#: techniques whose clause, when they fix the next step, is said of that step's cell alone
#: (they narrow many cells at once; the one that matters is the step's)
FOCUSED = frozenset({"distance", "parity", "contradiction", "number"})
#: the Why's sentence: the step, the cell it must go to, and the technique's clause
BECAUSE = both("why.because")
#: {reads} when a deduction names no cell it rests on
KNOWN = both("why.known")
#: after the cells named when there are more than :data:`MAX_NAMED`
MORE = both("why.more")
#: between the cells or steps of a list ("c3、c4" / "c3, c4"), and a sentence's full stop
LIST_SEP = both("why.sep")
STOP = both("why.stop")
#: at most this many cells are named in one sentence
MAX_NAMED = 4
#: technique → (zh, en): its short name, as the solve breakdown lists it
NAMES: dict[str, tuple[str, str]] = {
    "rules": both("why.name.rules"),
    "number": both("why.name.number"),
    "single": both("why.name.single"),
    "ends": both("why.name.ends"),
    "two_neighbours": both("why.name.two_neighbours"),
    "clue_neighbours": both("why.name.clue_neighbours"),
    "no_loop": both("why.name.no_loop"),
    "distance": both("why.name.distance"),
    "parity": both("why.name.parity"),
    "connectivity": both("why.name.connectivity"),
    "dead_end": both("why.name.dead_end"),
    "contradiction": both("why.name.contradiction"),
}
#: a wrong path: what broke ({broke}), then where it first left the solution
MISTAKE = both("why.mistake")
#: what broke on a wrong path, in the order it is looked for (a wrong turn says nothing)
BROKE: dict[str, tuple[str, str]] = {
    "clue-step": both("why.broke.clue-step"),
    "step-elsewhere": both("why.broke.step-elsewhere"),
    "parity": both("why.broke.parity"),
    "cut-off": both("why.broke.cut-off"),
    "too-far": both("why.broke.too-far"),
    "wrong-turn": ("", ""),
}
PARITY_WORDS = {"odd": both("why.odd"), "even": both("why.even")}
STUCK = both("why.stuck")
DONE = both("why.done")
#: deductions tried before the Why hint says the step is out of its reach
MAX_ROUNDS = 400


def steps_text(steps: Sequence[int]) -> str:
    """A short list of step numbers a sentence can carry: "3", "3、5" or "3–7"."""
    s = sorted(set(steps))
    if not s:
        return "?"
    if len(s) > 3 and s[-1] - s[0] == len(s) - 1:
        return f"{s[0]}–{s[-1]}"
    return LIST_SEP[0].join(map(str, s[:4])) + ("…" if len(s) > 4 else "")


def cell_name(cell: str) -> str:
    """A cell as the game names it to players (core.catalogue.cell_name): Hex Walls'
    ``q,r`` in brackets, other ids as they are."""
    return f"({cell})" if "," in cell and not cell.startswith("(") else cell


def names(cells: Sequence[str], lang: int) -> str:
    """Cells named in a sentence of language ``lang`` (0 zh, 1 en), at most :data:`MAX_NAMED`."""
    shown = [cell_name(c) for c in cells[:MAX_NAMED]]
    more = len(cells) > MAX_NAMED
    if lang == 0:
        return LIST_SEP[0].join(shown) + (MORE[0] if more else "")
    if more:
        return LIST_SEP[1].join(shown) + MORE[1]
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
                steps=text if lang == 0 else text.replace(*LIST_SEP),
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
    return why[0] + STOP[0], (en[:1].upper() + en[1:] + STOP[1]) if en else en


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
