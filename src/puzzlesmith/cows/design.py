"""Region edits that make a hand-drawn Cows board unique (``cows design --suggest``).

A board drawn by hand usually has several solutions (or none), and ``check`` can only
say where two of them differ; this module searches the smallest edits a designer
would make by hand — one cell moved into a neighbouring region, then pairs and triples
of such moves, then (for a board with many solutions) the generator's repair, which
keeps one solution and breaks the others — and keeps those the exact solver proves
unique (it searches for a second solution and finds none). Each kept edit is graded by the logic solver and carries the
ideas it teaches (:mod:`puzzlesmith.cows.teach`), so the designer can choose by what
the level will need; edits whose board needs no lookahead (``contradiction``) come first.

Why the search is cheap: moving cell j into another region changes the cow count of a
region only for solutions with a cow on j, so every solution without a cow on a moved
cell survives the edit. An edit can only make the board unique if at most one of the
known solutions avoids all of its cells, which rules out most moves before any solve.

>>> from puzzlesmith.cows.board import parse_level
>>> lv = parse_level({"id": "t", "regions": ["AABB", "ACBB", "CCDD", "CCDD"]})[0]
>>> [s["words"]["en"] for s in edits_json(lv, suggest_edits(lv, 1))]  # doctest: +ELLIPSIS
['move r2c1 A→C: unique, medium (score 144.4); key idea: ...']
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from puzzlesmith.core import words
from puzzlesmith.core.mode import JSON
from puzzlesmith.core.words import Lang
from puzzlesmith.cows.board import Board, Level, board_of, build_board, flood, rc_id
from puzzlesmith.cows.generate import _nbrs4
from puzzlesmith.cows.logic import grade
from puzzlesmith.cows.solver import solve_board
from puzzlesmith.cows.teach import idea_words, key_idea, needed_ideas

#: solutions listed up front: the more are known, the more moves the filter rules out
KNOWN_SOLUTIONS = 256

#: CPU seconds the rounds after the first may take (one moved cell is always tried everywhere):
#: the editor's checker stops a check after 2 s of CPU
SEARCH_SECONDS = 0.7

#: the most cells one suggestion moves, and the most the beam search moves
MAX_EDITS, BEAM_EDITS = 12, 3

#: edits needing no lookahead the search looks for before it stops, whatever k (so that
#: ``--suggest 2`` prints the first two of what the editor's check ranks)
WANTED = 12

#: solutions kept in turn by the repair (one suggestion each), and the rival cells it tries
REPAIRS, REPAIR_CELLS = 16, 12

#: boards carried from one round to the next: after the first round, and after later ones
FIRST_BEAM, BEAM = 12, 6

#: moves solved in full to carry on, on the designer's board and on each carried one
FIRST_TRIED, TRIED = 24, 8


@dataclass(frozen=True)
class Edit:
    """One cell moved from region ``old`` to a neighbouring region ``new`` (region indices)."""

    cell: int
    old: int
    new: int


@dataclass(frozen=True)
class Suggestion:
    """Edits that make the board unique, what the new board grades and the ideas it needs."""

    edits: tuple[Edit, ...]
    level: Level
    grade: str
    score: float
    solved: bool
    lookahead: int
    key_idea: str | None = None
    ideas: tuple[str, ...] = ()

    def rank(self) -> tuple[bool, bool, int, float]:
        """Reasoned out without lookahead first, then fewer edits, then the richer solve."""
        return (not self.solved, self.lookahead > 0, len(self.edits), -self.score)

    def to_json(self, letters: tuple[str, ...], n: int) -> JSON:
        """The API form: ``moves`` in cell names (``r3c5``), the new ``regions`` rows, the
        grade and score, the ideas as ids with their names, and the whole suggestion in
        words (``words``: ``zh`` and ``en``), so the CLI and the editor word it alike."""
        out: JSON = {
            "moves": [
                {"cell": _name(n, e.cell), "from": letters[e.old], "to": letters[e.new]}
                for e in self.edits
            ],
            "cells": [_name(n, e.cell) for e in self.edits],
            "regions": list(self.level.regions),
            "grade": self.grade,
            "score": round(self.score, 1),
            "solved": self.solved,
            "lookahead": self.lookahead,
            "key_idea": self.key_idea,
            "ideas": list(self.ideas),
            "idea_names": {i: list(idea_words(i)) for i in self.ideas},
        }
        out["words"] = {lang: suggestion_words(out, lang) for lang in ("zh", "en")}
        return out


def _name(n: int, i: int) -> str:
    """Cell ``i`` as every message names it (``r3c5``)."""
    return rc_id(i // n, i % n)


def idea_name(idea: str, lang: str | None = None) -> str:
    """An idea in words: Chinese and English (``区域锁定 · a colour inside one row``), or
    one language."""
    zh, en = idea_words(idea)
    if lang == "zh":
        return zh
    if lang == "en":
        return en
    return f"{zh} · {en}"


def grade_words(grade_name: str, lang: str) -> str:
    """A Cows grade (``hard (hall 2)``) in ``lang``, worded as the client words it
    (the client's ``grade.*`` words).

    >>> grade_words("hard (hall 2)", "zh"), grade_words("medium", "en")
    ('困难（多色共占 2）', 'medium')
    """
    if lang != "zh":
        return grade_name
    base, _, hall = grade_name.partition(" (hall ")
    # the shell's grade.* (a cows grade of its own, unsolved, is cw.grade.*)
    key = next((k for k in (f"grade.{base}", f"cw.grade.{base}") if words.has(k, "zh")), None)
    name = words.say(key, "zh") if key else base
    return name + words.say("grade.hall", "zh", k=hall.rstrip(")")) if hall else name


def suggestion_words(s: JSON, lang: str = "en") -> str:
    """A suggestion's JSON (:meth:`Suggestion.to_json`) as one line of ``lang``.

    >>> s = {"moves": [{"cell": "r3c5", "from": "B", "to": "C"}], "grade": "medium",
    ...      "score": 142.0, "solved": True, "lookahead": 0, "key_idea": "confinement",
    ...      "ideas": ["column", "confinement"]}
    >>> suggestion_words(s, "en")
    'move r3c5 B→C: unique, medium (score 142); key idea: a colour inside one row; needs: one cow per column, a colour inside one row'
    >>> suggestion_words(s, "zh")
    '移动 r3c5 B→C：唯一解，难度 中等（分数 142）；关键想法：区域锁定；需要：每列一头牛、区域锁定'
    """
    lg: Lang = "zh" if lang == "zh" else "en"
    sep = words.say("cw.design.sep", lg)
    edit = sep.join(f"{m['cell']} {m['from']}→{m['to']}" for m in s.get("moves", []))
    grade_name = grade_words(str(s.get("grade")), lg)
    score = f"{float(s.get('score', 0)):g}"
    key = s.get("key_idea")
    ideas = sep.join(idea_name(i, lg) for i in s.get("ideas", []))
    if key:
        tail = words.say("cw.design.keyIdea", lg, idea=idea_name(key, lg), ideas=ideas)
    else:
        tail = words.say("cw.design.noLogic", lg)
    how = _how(s, lg)
    return words.say(
        "cw.design.move", lg, edit=edit, grade=grade_name, score=score, how=how, tail=tail
    )


def _how(s: JSON, lang: Lang) -> str:
    if not s.get("solved"):
        return words.say("cw.design.guess", lang)
    if s.get("lookahead"):
        return words.say("cw.design.trial", lang)
    return ""


# ---- the search ----------------------------------------------------------------------


def solution_count(level: Level) -> int:
    """0, 1 or 2 (two or more), proven by the exact solver."""
    return min(solve_board(board_of(level), 2).count, 2)


def moves_of(n: int, owner: list[int]) -> list[tuple[int, int]]:
    """Every legal single move ``(cell, new region)``: the cell touches the new region
    (4-neighbours) and its own region keeps at least one cell and stays connected."""
    masks = [0] * n
    for i, g in enumerate(owner):
        masks[g] |= 1 << i
    out: list[tuple[int, int]] = []
    for i, g in enumerate(owner):
        rest = masks[g] & ~(1 << i)
        if not rest:
            continue
        into = sorted({owner[k] for k in _nbrs4(n, i) if owner[k] != g})
        if into and flood(rest & -rest, rest, n) == rest:
            out.extend((i, h) for h in into)
    return out


def _level(level: Level, board: Board, owner: list[int]) -> Level:
    n = board.n
    rows = tuple("".join(board.letters[owner[r * n + c]] for c in range(n)) for r in range(n))
    return Level(id=level.id, regions=rows, teach=level.teach, caption=level.caption)


def _unique(level: Level) -> bool:
    """Exactly one solution, proven by exhausting the search for a second."""
    return solve_board(build_board(level), 2).count == 1


def _graded(level: Level, edits: tuple[Edit, ...]) -> Suggestion:
    g = grade(level)
    return Suggestion(
        edits=edits,
        level=level,
        grade=g.grade,
        score=g.score,
        solved=g.solved,
        lookahead=int(g.details.get("lookahead", 0)),
    )


def _with_ideas(s: Suggestion) -> Suggestion:
    key = key_idea(s.level)
    ideas = tuple(needed_ideas(s.level)) if key else ()
    return Suggestion(s.edits, s.level, s.grade, s.score, s.solved, s.lookahead, key, ideas)


@dataclass
class _State:
    """A board on the way: the moves made so far and the solutions the solver listed."""

    owner: list[int]
    edits: tuple[Edit, ...]
    solutions: list[list[int]]


def suggest_edits(
    level: Level,
    k: int,
    *,
    seconds: float = SEARCH_SECONDS,
    max_edits: int = MAX_EDITS,
) -> list[Suggestion]:
    """Up to ``k`` edits that make the board unique, best first (:meth:`Suggestion.rank`);
    [] when it is unique already or no edit was found. Each is proven unique by the exact
    solver.

    One moved cell is tried everywhere; then two and three (a beam: the boards each round
    leaves with the fewest solutions are carried on), only while fewer than ``k`` edits
    that need no lookahead are known; then, for a board with many solutions, a repair that
    keeps one of its solutions and breaks the others (:func:`_repair`), up to
    ``max_edits`` moved cells. ``seconds`` bounds everything after the first round.
    """
    board = board_of(level)
    first = solve_board(board, KNOWN_SOLUTIONS)
    if first.count == 1 or k <= 0:
        return []
    deadline = time.process_time() + seconds
    owner = list(board.region_of)
    beam = [_State(owner, (), first.solutions)]
    seen = {tuple(owner)}
    found: list[Suggestion] = []

    wanted = max(k, WANTED)  # not k: the first k of a longer list are the same for any k

    def enough() -> bool:
        good = sum(1 for s in _distinct(found) if s.solved and not s.lookahead)
        return good >= wanted or time.process_time() > deadline

    for depth in range(1, BEAM_EDITS + 1):
        carried: list[tuple[int, _State]] = []
        for state in beam:
            tries = FIRST_TRIED if depth == 1 else TRIED
            found += _expand(level, board, state, seen, carried, tries, deadline)
        if enough() or not carried:
            break
        carried.sort(key=lambda c: (c[0], [e.cell for e in c[1].edits]))
        beam = [state for _, state in carried[: BEAM if depth > 1 else FIRST_BEAM]]
    sols = first.solutions
    for t in range(min(REPAIRS, len(sols))):
        if enough():
            break
        target = sols[t * len(sols) // min(REPAIRS, len(sols))]  # spread over the list
        fixed = _repair(board, owner, sols, target, max_edits, deadline)
        if fixed is not None:
            found.append(_graded(_level(level, board, fixed), _diff(owner, fixed)))
    return [_with_ideas(s) for s in _distinct(found)[:k]]


def _repair(
    board: Board,
    owner: list[int],
    sols: list[list[int]],
    target: list[int],
    max_edits: int,
    deadline: float,
) -> list[int] | None:
    """Keep the solution ``target`` and break the others, as the generator does: move a
    cell where a rival has a cow (never a cell of ``target``) into a neighbouring region.

    The rival loses a cow in one region and has two in another, so it dies; ``target``
    keeps one cow per region, so it survives every such move and the board never loses
    its last solution. Each round takes the move that leaves the fewest solutions
    (greedy, deterministic). The board's regions when unique, else None.
    """
    n = board.n
    keep = {r * n + c for r, c in enumerate(target)}
    o = owner.copy()
    rivals = [s for s in sols if s != target]
    for _ in range(max_edits):
        if time.process_time() > deadline:
            return None
        uses = [0] * (n * n)
        for s in rivals:
            for r, c in enumerate(s):
                uses[r * n + c] += 1
        ranked = sorted((-uses[i], i) for i in range(n * n) if uses[i] and i not in keep)
        legal = moves_of(n, o)
        cells = [j for _, j in ranked if any(m[0] == j for m in legal)][:REPAIR_CELLS]
        if not cells:  # every rival cow sits inside its region: open a way to one first
            near = {k for _, j in ranked for k in _nbrs4(n, j)} - keep
            cells = sorted(near)
        best: tuple[int, int, list[int], list[list[int]]] | None = None
        for j, g in legal:
            if j in cells:
                trial = o.copy()
                trial[j] = g
                result = solve_board(
                    build_board(_level(board.level, board, trial)), KNOWN_SOLUTIONS
                )
                if best is None or result.count < best[0]:
                    best = (result.count, j, trial, result.solutions)
        if best is None:
            return None
        o = best[2]
        if best[0] == 1:
            return o
        rivals = [s for s in best[3] if s != target]
    return None


def _distinct(found: list[Suggestion]) -> list[Suggestion]:
    """Best first, one suggestion per set of moved cells (the same cells moved to another
    neighbour is the same idea; the designer gets different places to look at)."""
    best: dict[tuple[int, ...], Suggestion] = {}
    for s in sorted(found, key=lambda s: (s.rank(), [(e.cell, e.new) for e in s.edits])):
        best.setdefault(tuple(e.cell for e in s.edits), s)
    return list(best.values())


def _diff(before: list[int], after: list[int]) -> tuple[Edit, ...]:
    """The cells whose region changed, from the designer's region to the new one."""
    return tuple(
        Edit(i, a, b) for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b
    )


def _expand(
    level: Level,
    board: Board,
    state: _State,
    seen: set[tuple[int, ...]],
    carried: list[tuple[int, _State]],
    tries: int,
    deadline: float,
) -> list[Suggestion]:
    """Every single move from ``state``: the unique boards it reaches, graded; the boards
    it leaves with two or more solutions go to ``carried`` with their solution count.

    A move is solved when it may make the board unique (at most one known solution avoids
    the moved cell: the others all survive), and so are the ``tries`` moves that kill the
    most known solutions, to carry on; on a board with no solution every move is solved.
    """
    n = board.n
    sols = state.solutions
    uses = [0] * (n * n)  # cell -> bitmask of the known solutions with a cow on it
    for s_i, cols in enumerate(sols):
        for r, c in enumerate(cols):
            uses[r * n + c] |= 1 << s_i
    every = (1 << len(sols)) - 1
    moves = []
    for j, g in moves_of(n, state.owner):
        trial = state.owner.copy()
        trial[j] = g
        if tuple(trial) in seen:
            continue
        seen.add(tuple(trial))
        moves.append(((every & ~uses[j]).bit_count(), j, g, trial))
    moves.sort(key=lambda m: (m[0], m[1], m[2]))
    out: list[Suggestion] = []
    for rank, (survivors, j, g, trial) in enumerate(moves):
        if sols and survivors > 1 and rank >= tries:
            break  # sorted: no later move may make it unique either
        if sols and time.process_time() > deadline:
            break
        new = _level(level, board, trial)
        edits = (*state.edits, Edit(j, state.owner[j], g))
        result = solve_board(build_board(new), KNOWN_SOLUTIONS)
        if result.count == 1:
            out.append(_graded(new, _diff(list(board.region_of), trial)))
        elif result.count >= 2:
            carried.append((result.count, _State(trial, edits, result.solutions)))
    return out


def edits_json(level: Level, suggestions: list[Suggestion]) -> list[JSON]:
    """The suggestions in their API form (cells and letters of ``level``)."""
    board = board_of(level)
    return [s.to_json(board.letters, board.n) for s in suggestions]
