"""Human-style deductions for a numbered Hamiltonian path on any cell graph.

The engine knows nothing about polyominoes: a :class:`PathGraph` is cells, adjacency
bitmasks and clues, so the Hex Walls mode reuses it (a static wall just removes an
edge; a turning wall is a per-step edge predicate, ``step_edge``).

State: for every cell the set of steps it may still take (a bitmask, bit s = step s),
the neighbours it may still be joined to on the path (``nb``), and the neighbours it is
known to be joined to (``link``). Each named technique narrows that state and records a
:class:`~puzzlesmith.core.mode.LogicStep` whose reason a designer can follow. The
bookkeeping that is the rules themselves (a step is used once, two cells whose steps
cannot be consecutive are not joined, a cell has at most two path neighbours) runs
silently after every step.

Techniques, cheapest first (stable names):

- ``single``: a step that only one cell can take;
- ``ends``: a cell with one usable neighbour is the start or the end; two known ends
  exclude steps 1 and N everywhere else; three would be a contradiction;
- ``two_neighbours``: a middle cell with exactly two usable neighbours uses both;
- ``clue_neighbours``: the cells at steps s−1 and s+1 touch the cell at step s;
- ``no_loop``: a chain of joined cells cannot be closed into a loop;
- ``distance``: between known steps a and b every cell used lies within the right
  number of moves of both, and the stretch holds exactly b−a−1 cells;
- ``parity``: where the usable graph is two-colourable steps alternate colours;
- ``connectivity``: the usable graph stays connected; a cell whose removal splits it
  is passed through at a step fixed by the sizes of the parts;
- ``dead_end``: what one placement excludes *directly*, read off the board without
  following any deduction: a cell at step s is joined only to steps s−1 and s+1, so
  every other neighbour loses it; if that leaves a neighbour with no way on, or one way
  on while it cannot be an end, or more ends than two, the cell is not step s;
- ``contradiction``: try one assignment, follow the techniques above; if that breaks
  a rule the assignment is false (the chain length is the depth).

>>> line = (0b010, 0b101, 0b010)
>>> deduce(PathGraph(("a", "b", "c"), line, {1: 2})).solved  # a-b-c or c-b-a
False
>>> deduce(PathGraph(("a", "b", "c"), (0b010, 0b101, 0b010), {0: 1})).solution
[0, 1, 2]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field

from puzzlesmith.core.bits import bits, flood
from puzzlesmith.core.budget import capped, spend
from puzzlesmith.core.mode import LogicStep
from puzzlesmith.core.score import LOOKAHEAD_TECHNIQUES

#: (from cell, to cell, step of the from cell) → may the path make this move then?
StepEdge = Callable[[int, int, int], bool]

TECHNIQUES: tuple[str, ...] = (
    "single",
    "ends",
    "two_neighbours",
    "clue_neighbours",
    "no_loop",
    "distance",
    "parity",
    "connectivity",
    "dead_end",
    "contradiction",
)

#: techniques that assume a placement and follow its consequences (a person's "what
#: if"): the grader names and counts them, and nothing shipped may need one
LOOKAHEAD: frozenset[str] = LOOKAHEAD_TECHNIQUES
#: every technique of the engine but lookahead: what a made level may need
REASONING: tuple[str, ...] = tuple(t for t in TECHNIQUES if t not in LOOKAHEAD)

#: the engine's own cap, in cells looked at (``BudgetExceeded``, CLI exit 3, beyond it):
#: a 400-cell board with 8 clues needs 4.6M (1.3 s CPU here); the shipped levels 3,300
LOGIC_WORK = 6_000_000

#: contradiction hunts: growing budgets of steps, so the shortest chain is found first
DEPTH_BUDGETS: tuple[int, ...] = (4, 12, 40)


@dataclass(frozen=True)
class PathGraph:
    """Cells 0..n-1, adjacency bitmasks, clues: all the deduction engine needs."""

    names: tuple[str, ...]
    adj: tuple[int, ...]
    #: cell → required step (1-based)
    clue: Mapping[int, int]
    #: cell → required parity (1 odd, 0 even)
    parity: Mapping[int, int] = field(default_factory=dict)
    #: optional per-step edge predicate (turning walls); None = every edge always open
    step_edge: StepEdge | None = None

    @property
    def n(self) -> int:
        return len(self.adj)


@dataclass
class Deduction:
    """What the engine reached: the path when solved, else the narrowed candidates."""

    solved: bool
    #: True when the givens themselves contradict each other (no solution at all)
    impossible: bool
    solution: list[int] | None
    steps: list[LogicStep]
    techniques: dict[str, int]
    max_depth: int
    #: per cell, the bitmask of steps still possible (bit s = step s)
    candidates: list[int]
    #: per cell, the neighbours it is known to be joined to, and may still be
    links: list[int] = field(default_factory=list)
    usable: list[int] = field(default_factory=list)


class Contradiction(Exception):
    """The state breaks a rule; ``reason`` says which in words."""

    def __init__(self, reason: str, cells: tuple[int, ...] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.cells = cells


class _OutOfBudget(Exception):
    pass


def _steps_text(m: int) -> str:
    return ", ".join(map(str, bits(m)))


def _range_mask(lo: int, hi: int) -> int:
    """Bits lo..hi inclusive (empty when lo > hi)."""
    if lo > hi:
        return 0
    return ((1 << (hi + 1)) - 1) & ~((1 << lo) - 1)


class _Engine:
    def __init__(
        self,
        g: PathGraph,
        enabled: Collection[str],
        budget: int | None = None,
        depth_budgets: tuple[int, ...] = DEPTH_BUDGETS,
    ) -> None:
        self.g = g
        self.names = g.names
        n = self.n = g.n
        self.full = _range_mask(1, n)
        self.endm = (1 << 1) | (1 << n)
        self.odd = sum(1 << s for s in range(1, n + 1, 2))
        self.even = self.full & ~self.odd
        self.cand = [self.full] * n
        self.link = [0] * n
        self.nb = list(g.adj)
        self.placed = 0
        #: cand/link/nb as settle last saw them (-1: never seen)
        self.snap_cand = [-1] * n
        self.snap_link = [-1] * n
        self.snap_nb = [-1] * n
        self.log: list[LogicStep] = []
        self.budget = budget
        self.depth_budgets = depth_budgets
        self.max_depth = 0
        self.enabled = [t for t in TECHNIQUES if t in enabled]

    # ---- helpers -----------------------------------------------------------------------
    def copy(self, budget: int) -> _Engine:
        """A copy of the state for one "what if" (without the contradiction technique)."""
        e = _Engine(self.g, self.enabled, budget, self.depth_budgets)
        e.cand = list(self.cand)
        e.link = list(self.link)
        e.nb = list(self.nb)
        e.placed = self.placed
        e.snap_cand = list(self.snap_cand)
        e.snap_link = list(self.snap_link)
        e.snap_nb = list(self.snap_nb)
        e.enabled = [t for t in self.enabled if t != "contradiction"]
        return e

    def nm(self, i: int) -> str:
        return self.names[i]

    def nms(self, m: int) -> str:
        return ", ".join(self.names[i] for i in bits(m))

    def record(self, technique: str, cells: tuple[int, ...], reason: str) -> None:
        self.log.append(LogicStep(technique, tuple(self.names[i] for i in cells), reason))
        if self.budget is not None and len(self.log) > self.budget:
            raise _OutOfBudget

    def restrict(self, i: int, mask: int, why: str = "") -> bool:
        c = self.cand[i]
        new = c & mask
        if new == c:
            return False
        if new == 0:
            raise Contradiction(why or f"{self.nm(i)} would have no possible step left", (i,))
        self.cand[i] = new
        return True

    def support(self, i: int, j: int) -> int:
        """Steps of i that have a consecutive step in j (a move either way)."""
        ci, cj = self.cand[i], self.cand[j]
        se = self.g.step_edge
        if se is None:
            return ci & ((cj << 1) | (cj >> 1))
        out = 0
        for s in bits(ci):
            if ((cj >> (s + 1)) & 1 and se(i, j, s)) or ((cj >> (s - 1)) & 1 and se(j, i, s - 1)):
                out |= 1 << s
        return out

    def add_link(self, i: int, j: int) -> None:
        if (self.link[i] >> j) & 1:
            return
        if not (self.nb[i] >> j) & 1:
            raise Contradiction(f"{self.nm(i)} and {self.nm(j)} cannot be joined", (i, j))
        # walking i's chain: reaching j would close a loop
        prev, cur = -1, i
        while True:
            nxt = [k for k in bits(self.link[cur]) if k != prev]
            if not nxt:
                break
            prev, cur = cur, nxt[0]
            if cur == j:
                raise Contradiction(
                    f"joining {self.nm(i)} and {self.nm(j)} would close a loop", (i, j)
                )
        self.link[i] |= 1 << j
        self.link[j] |= 1 << i

    def drop_edge(self, i: int, j: int) -> None:
        self.nb[i] &= ~(1 << j)
        self.nb[j] &= ~(1 << i)

    def where(self) -> dict[int, int]:
        """step → cell for every cell whose step is known."""
        out = {}
        for i, c in enumerate(self.cand):
            if c & (c - 1) == 0:
                out[c.bit_length() - 1] = i
        return out

    # ---- the rules themselves (silent) -------------------------------------------------
    def settle(self) -> None:
        """Apply the rules themselves until nothing changes; only cells that changed since
        the last pass (and their neighbours) are looked at again."""
        while True:
            spend(self.n)  # the caller's work budget (core.budget), in cells looked at
            dirty = self._changed_cells()
            if not dirty:
                return
            before = self.placed
            self._place_known(dirty)
            self._check_every_step_fits()
            around = dirty
            for i in bits(dirty):
                around |= self.nb[i]
            for i in bits(around):
                self._settle_cell(i, dirty)
            if self.placed != before:
                self._join_consecutive()

    def _changed_cells(self) -> int:
        """Cells whose cand, link or nb changed since the last look (and remember them)."""
        cand, link, nb = self.cand, self.link, self.nb
        snap_c, snap_l, snap_n = self.snap_cand, self.snap_link, self.snap_nb
        dirty = 0
        for i in range(self.n):
            if cand[i] != snap_c[i] or link[i] != snap_l[i] or nb[i] != snap_n[i]:
                dirty |= 1 << i
                snap_c[i], snap_l[i], snap_n[i] = cand[i], link[i], nb[i]
        return dirty

    def _place_known(self, dirty: int) -> None:
        """A step is used once: a cell whose step is known takes it from every other cell."""
        cand = self.cand
        for i in bits(dirty):
            c = cand[i]
            if c == 0:
                raise Contradiction(f"{self.nm(i)} has no possible step left", (i,))
            if c & (c - 1) == 0 and not (self.placed >> i) & 1:
                self.placed |= 1 << i
                for j in range(self.n):
                    if j != i and cand[j] & c:
                        cand[j] &= ~c
                        if cand[j] == 0:
                            raise Contradiction(f"{self.nm(j)} has no possible step left", (j,))

    def _check_every_step_fits(self) -> None:
        union = 0
        for c in self.cand:
            union |= c
        if union != self.full:
            s = bits(self.full & ~union)[0]
            raise Contradiction(f"no cell can be step {s}")

    def _settle_cell(self, i: int, dirty: int) -> None:
        """Cell i's edges (to dirty neighbours, or all when i is dirty) and links: two cells
        whose steps cannot be consecutive are not joined; at most two path neighbours."""
        cand, nb, link, endm = self.cand, self.nb, self.link, self.endm
        fast = self.g.step_edge is None
        for j in bits(nb[i] if (dirty >> i) & 1 else nb[i] & dirty):
            if fast:
                cj = cand[j]
                ok = cand[i] & ((cj << 1) | (cj >> 1))
            else:
                ok = self.support(i, j)
            if not ok:
                if not fast and cand[i] & ((cand[j] << 1) | (cand[j] >> 1)):
                    self._turner_closes(i, j)
                if (link[i] >> j) & 1:
                    raise Contradiction(
                        f"{self.nm(i)} and {self.nm(j)} are joined but their steps "
                        "cannot be consecutive",
                        (i, j),
                    )
                self.drop_edge(i, j)
            elif (link[i] >> j) & 1 and ok != cand[i]:
                cand[i] = ok
        lk = link[i]
        k = lk.bit_count()
        if k > 2:
            raise Contradiction(f"{self.nm(i)} would be joined to three cells", (i,))
        if k == 2 and cand[i] & endm:
            if cand[i] & ~endm == 0:
                raise Contradiction(
                    f"{self.nm(i)} is an end of the path but is joined to two cells", (i,)
                )
            cand[i] &= ~endm
        if (k == 2 or (k == 1 and cand[i] & ~endm == 0)) and nb[i] != lk:
            for m in bits(nb[i] & ~lk):
                nb[m] &= ~(1 << i)
            nb[i] = lk
        if nb[i] == 0 and self.n > 1:
            raise Contradiction(f"{self.nm(i)} has no usable neighbour left", (i,))

    def _turner_closes(self, i: int, j: int) -> None:
        """A turning wall, not the steps, keeps i and j apart: the timing is the reason."""
        if (self.nb[i] >> j) & 1 and not (self.link[i] >> j) & 1:
            self.record(
                "turner_timing",
                (i, j),
                f"{self.nm(i)} and {self.nm(j)} could be consecutive steps, but at every such "
                "moment a turning wall stands between them, so the path never crosses there",
            )

    def _join_consecutive(self) -> None:
        """Cells at known steps s and s+1 are joined (they must be neighbours)."""
        link, nb = self.link, self.nb
        at = self.where()
        for s, i in at.items():
            nxt = at.get(s + 1)
            if nxt is not None and not (link[i] >> nxt) & 1:
                if not (nb[i] >> nxt) & 1:
                    raise Contradiction(
                        f"{self.nm(i)} (step {s}) and {self.nm(nxt)} (step {s + 1}) "
                        "are not neighbours",
                        (i, nxt),
                    )
                self.add_link(i, nxt)

    # ---- techniques --------------------------------------------------------------------
    def t_single(self) -> bool:
        ones = twos = 0
        for c in self.cand:
            twos |= ones & c
            ones |= c
        progress = False
        for s in bits(ones & ~twos):
            bit = 1 << s
            for i, c in enumerate(self.cand):
                if c & bit:
                    if c != bit:
                        self.cand[i] = bit
                        self.record(
                            "single", (i,), f"only {self.nm(i)} can still be step {s}, so it is"
                        )
                        progress = True
                    break
        return progress

    def t_ends(self) -> bool:
        n, cand, nb, endm = self.n, self.cand, self.nb, self.endm
        if n < 3:
            return False
        for i in range(n):
            if nb[i].bit_count() == 1:
                j = nb[i].bit_length() - 1
                if cand[i] & ~endm or not (self.link[i] >> j) & 1:
                    known = cand[i] & ~endm == 0
                    self.restrict(
                        i,
                        endm,
                        f"{self.nm(i)} has only one usable neighbour but cannot be an end",
                    )
                    self.add_link(i, j)
                    if known:
                        why = (
                            f"{self.nm(i)} is an end of the path and has only one usable "
                            f"neighbour, so the path passes {self.nm(j)} next to it"
                        )
                    else:
                        why = (
                            f"{self.nm(i)} has only one usable neighbour ({self.nm(j)}), so the "
                            f"path starts or ends at {self.nm(i)} (step 1 or {n}) and passes "
                            f"{self.nm(j)}"
                        )
                    self.record("ends", (i, j), why)
                    return True
        ends = [i for i in range(n) if cand[i] & ~endm == 0]
        if len(ends) > 2:
            names = ", ".join(self.nm(i) for i in ends)
            raise Contradiction(f"{names} would all have to be ends of the path", tuple(ends))
        if len(ends) == 2:
            em = (1 << ends[0]) | (1 << ends[1])
            hit = [i for i in range(n) if not (em >> i) & 1 and cand[i] & endm]
            if hit:
                for i in hit:
                    self.restrict(i, ~endm)
                self.record(
                    "ends",
                    tuple(ends) + tuple(hit),
                    f"{self.nm(ends[0])} and {self.nm(ends[1])} are the two ends of the path, so "
                    f"no other cell is step 1 or {n}",
                )
                return True
        return False

    def t_two_neighbours(self) -> bool:
        for i in range(self.n):
            if self.cand[i] & self.endm:
                continue
            m = self.nb[i]
            if m.bit_count() == 2 and self.link[i] != m:
                a, b = bits(m)
                self.add_link(i, a)
                self.add_link(i, b)
                self.record(
                    "two_neighbours",
                    (i, a, b),
                    f"{self.nm(i)} is not an end and has only two usable neighbours, so the path "
                    f"goes {self.nm(a)} → {self.nm(i)} → {self.nm(b)} (in some direction)",
                )
                return True
        return False

    def t_clue_neighbours(self) -> bool:
        n, cand = self.n, self.cand
        se = self.g.step_edge
        for s, p in sorted(self.where().items()):
            for t in (s - 1, s + 1):
                if not 1 <= t <= n:
                    continue
                bit = 1 << t
                allowed = self.nb[p]
                if se is not None:
                    allowed = sum(
                        1 << j
                        for j in bits(allowed)
                        if (se(p, j, s) if t == s + 1 else se(j, p, t))
                    )
                holders = sum(1 << i for i in range(n) if cand[i] & bit)
                inside = holders & allowed
                if inside == 0:
                    raise Contradiction(
                        f"step {t} must be next to {self.nm(p)} (step {s}) but no neighbour "
                        "can take it",
                        (p,),
                    )
                outside = holders & ~allowed
                if outside:
                    for i in bits(outside):
                        cand[i] &= ~bit
                        if cand[i] == 0:
                            raise Contradiction(f"{self.nm(i)} has no possible step left", (i,))
                    if inside.bit_count() == 1:
                        j = inside.bit_length() - 1
                        cand[j] = bit
                        self.record(
                            "clue_neighbours",
                            (p, j),
                            f"step {t} must touch {self.nm(p)} (step {s}); of its neighbours only "
                            f"{self.nm(j)} can be step {t}",
                        )
                    else:
                        self.record(
                            "clue_neighbours",
                            (p, *bits(outside)),
                            f"step {t} must touch {self.nm(p)} (step {s}), so it is not "
                            f"{self.nms(outside)}",
                        )
                    return True
                if inside.bit_count() == 1 and cand[inside.bit_length() - 1] != bit:
                    j = inside.bit_length() - 1
                    cand[j] = bit
                    self.record(
                        "clue_neighbours",
                        (p, j),
                        f"step {t} must touch {self.nm(p)} (step {s}); only {self.nm(j)} can be "
                        f"step {t}",
                    )
                    return True
        return False

    def chains(self) -> list[tuple[int, int, int]]:
        """(end, other end, cells) of every chain of joined cells."""
        seen = 0
        out = []
        for i in range(self.n):
            if self.link[i].bit_count() != 1 or (seen >> i) & 1:
                continue
            prev, cur, size = -1, i, 1
            while True:
                nxt = [k for k in bits(self.link[cur]) if k != prev]
                if not nxt:
                    break
                prev, cur = cur, nxt[0]
                size += 1
            seen |= (1 << i) | (1 << cur)
            out.append((i, cur, size))
        return out

    def t_no_loop(self) -> bool:
        for a, b, size in self.chains():
            if size < self.n and (self.nb[a] >> b) & 1 and not (self.link[a] >> b) & 1:
                self.drop_edge(a, b)
                self.record(
                    "no_loop",
                    (a, b),
                    f"{self.nm(a)} and {self.nm(b)} end the same chain of {size} joined cells; "
                    "joining them would close a loop, so that edge is not used",
                )
                return True
        return False

    def bfs(self, src: int, region: int) -> dict[int, int]:
        """Distances from src over usable edges, moving only inside region."""
        spend(region.bit_count())
        dist = {src: 0}
        seen = (1 << src) | 0
        frontier = [src]
        d = 0
        nb = self.nb
        while frontier:
            d += 1
            reach = 0
            for x in frontier:
                reach |= nb[x]
            reach &= region & ~seen
            seen |= reach
            frontier = bits(reach)
            for x in frontier:
                dist[x] = d
        return dist

    def intervals(self) -> list[tuple[int, int | None, int, int | None]]:
        """(a, p, b, q): open stretches of unknown steps between known ones (p/q None = open)."""
        at = sorted(self.where().items())
        out: list[tuple[int, int | None, int, int | None]] = []
        if not at:
            return out
        if at[0][0] > 1:
            out.append((0, None, at[0][0], at[0][1]))
        for (a, p), (b, q) in itertools.pairwise(at):
            if b - a > 1:
                out.append((a, p, b, q))
        if at[-1][0] < self.n:
            out.append((at[-1][0], at[-1][1], self.n + 1, None))
        return out

    def open_region(self, a: int, b: int) -> int:
        """Cells whose step is still open and may fall strictly between steps a and b."""
        cand, inner = self.cand, _range_mask(a + 1, b - 1)
        return sum(1 << i for i in range(self.n) if cand[i] & inner and cand[i] & (cand[i] - 1))

    def stretch_name(self, a: int, p: int | None, b: int, q: int | None) -> str:
        if p is not None and q is not None:
            return f"the {b - a - 1} steps between {self.nm(p)} ({a}) and {self.nm(q)} ({b})"
        return f"steps {a + 1}–{b - 1}"

    def t_distance(self) -> bool:
        for a, p, b, q in self.intervals():
            region = self.open_region(a, b)
            if self._distance_count(a, p, b, q, region) or self._distance_moves(a, p, b, q, region):
                return True
        return False

    def _distance_count(self, a: int, p: int | None, b: int, q: int | None, region: int) -> bool:
        """The stretch holds exactly b−a−1 cells: as many cells that can go nowhere else
        fill it, and the rest cannot take its steps."""
        cand, inner, size = self.cand, _range_mask(a + 1, b - 1), b - a - 1
        must = [i for i in bits(region) if cand[i] & ~inner == 0]
        what = self.stretch_name(a, p, b, q)
        if len(must) > size:
            raise Contradiction(f"{len(must)} cells must fit into {what}", tuple(must))
        if len(must) < size:
            return False
        extra = region & ~sum(1 << i for i in must)
        if not extra:
            return False
        for i in bits(extra):
            self.restrict(i, ~inner)
        self.record(
            "distance",
            tuple(must) + tuple(bits(extra)),
            f"{what} must be filled by {self.nms(sum(1 << i for i in must))} "
            f"exactly, so {self.nms(extra)} cannot take any of them",
        )
        return True

    def _distance_moves(self, a: int, p: int | None, b: int, q: int | None, region: int) -> bool:
        """Every cell used lies within the right number of moves of both known ends."""
        cand, n, inner = self.cand, self.n, _range_mask(a + 1, b - 1)
        dp = self.bfs(p, region | (1 << q if q is not None else 0)) if p is not None else None
        dq = self.bfs(q, region | (1 << p if p is not None else 0)) if q is not None else None
        if p is not None and q is not None and dp is not None and dp.get(q, n + 1) > b - a:
            raise Contradiction(
                f"{self.nm(p)} (step {a}) and {self.nm(q)} (step {b}) are more than "
                f"{b - a} moves apart",
                (p, q),
            )
        changed = []
        for x in bits(region):
            lo = a + dp.get(x, n + 1) if dp is not None else a + 1
            hi = b - dq.get(x, n + 1) if dq is not None else b - 1
            keep = ~inner | _range_mask(max(lo, a + 1), min(hi, b - 1))
            if cand[x] & ~keep:
                self.restrict(
                    x, keep, f"{self.nm(x)} is too far from the known steps to fit anywhere"
                )
                changed.append(x)
        if not changed:
            return False
        ends = [c for c in (p, q) if c is not None]
        self.record(
            "distance",
            tuple(ends) + tuple(changed),
            f"counting moves from {' and '.join(self.nm(c) for c in ends)}: "
            f"{self.nms(sum(1 << i for i in changed))} "
            f"{'is' if len(changed) == 1 else 'are'} too far away for some of "
            f"{self.stretch_name(a, p, b, q)}",
        )
        return True

    def colour(self, src: int, region: int) -> dict[int, int] | None:
        """Two-colouring of src's part of region (usable edges); None if an odd cycle."""
        spend(region.bit_count())
        col = {src: 0}
        stack = [src]
        nb = self.nb
        while stack:
            x = stack.pop()
            for y in bits(nb[x] & region):
                if y not in col:
                    col[y] = col[x] ^ 1
                    stack.append(y)
                elif col[y] == col[x]:
                    return None
        return col

    def t_parity(self) -> bool:
        if not self.placed:
            return self._parity_board()
        return any(self._parity_stretch(a, p, b, q) for a, p, b, q in self.intervals())

    def _parity_board(self) -> bool:
        """No step known yet: a two-colourable board's colours take odd and even steps."""
        cand, n = self.cand, self.n
        col = self.colour(0, (1 << n) - 1)
        if col is None or len(col) < n:
            return False
        size = [0, 0]
        for c in col.values():
            size[c] += 1
        if abs(size[0] - size[1]) > 1:
            raise Contradiction(
                f"colouring the cells like a chessboard gives {size[0]} and {size[1]}: "
                "a path alternating colours cannot visit them all"
            )
        if size[0] != size[1]:
            odd_colour = 0 if size[0] > size[1] else 1
        else:
            known = [
                (i, 1 if cand[i] & self.even == 0 else 0)
                for i in range(n)
                if cand[i] & self.even == 0 or cand[i] & self.odd == 0
            ]
            if not known:
                return False
            i, odd = known[0]
            odd_colour = col[i] if odd else col[i] ^ 1
        hit = [
            i for i in range(n) if self.restrict(i, self.odd if col[i] == odd_colour else self.even)
        ]
        if not hit:
            return False
        self.record(
            "parity",
            tuple(hit),
            f"colour the cells like a chessboard ({size[0]} and {size[1]}): every move "
            "changes colour, so one colour takes the odd steps and the other the even",
        )
        return True

    def _parity_stretch(self, a: int, p: int | None, b: int, q: int | None) -> bool:
        """Between known steps a and b, a two-coloured open area fixes odd/even steps."""
        src = p if p is not None else q
        assert src is not None
        srcstep = a if p is not None else b
        inner = _range_mask(a + 1, b - 1)
        region = self.open_region(a, b)
        for end in (p, q):
            if end is not None:
                region |= 1 << end
        col = self.colour(src, region)
        if col is None:
            return False
        if p is not None and q is not None and q in col and col[q] != (b - a) % 2:
            raise Contradiction(
                f"{self.nm(p)} ({a}) and {self.nm(q)} ({b}) are on "
                f"{'the same' if col[q] == 0 else 'different'} colours of a two-coloured "
                f"area, but {b - a} moves apart",
                (p, q),
            )
        hit = []
        for x, cx in col.items():
            if x in (p, q):
                continue
            want = self.odd if (srcstep + cx) % 2 else self.even
            if self.restrict(x, ~inner | want):
                hit.append(x)
        if not hit:
            return False
        self.record(
            "parity",
            (src, *hit),
            f"the area open for steps {a + 1}–{b - 1} can be coloured like a "
            f"chessboard and every move changes colour; counting from "
            f"{self.nm(src)} (step {srcstep}), {self.nms(sum(1 << i for i in hit))} "
            "have fixed odd/even steps",
        )
        return True

    def parts(self, region: int) -> list[int]:
        """Connected parts of region (usable edges), as bitmasks."""
        spend(region.bit_count())
        out = []
        nb = self.nb
        while region:
            comp = flood(nb, region & -region, region)
            out.append(comp)
            region &= ~comp
        return out

    def t_connectivity(self) -> bool:
        n, cand = self.n, self.cand
        every = (1 << n) - 1
        whole = self.parts(every)
        if len(whole) > 1:
            small = min(whole, key=lambda m: m.bit_count())
            raise Contradiction(
                f"{self.nms(small)} would be cut off from the rest of the board",
                tuple(bits(small)),
            )
        for x in range(n):
            if self.nb[x].bit_count() < 2:
                continue
            split = self.parts(every & ~(1 << x))
            if len(split) == 1:
                continue
            if len(split) > 2:
                raise Contradiction(
                    f"{self.nm(x)} separates {len(split)} areas; one path cannot visit them all",
                    (x,),
                )
            options = []
            for first, last in ((split[0], split[1]), (split[1], split[0])):
                k = first.bit_count()
                lo, hi = _range_mask(1, k), _range_mask(k + 2, n)
                ok = (cand[x] >> (k + 1)) & 1 and all(cand[i] & lo for i in bits(first))
                ok = ok and all(cand[i] & hi for i in bits(last))
                if ok:
                    options.append((first, last, k))
            if not options:
                raise Contradiction(
                    f"{self.nm(x)} separates the board into parts of "
                    f"{split[0].bit_count()} and {split[1].bit_count()} cells, and no order of "
                    "visiting them fits the known steps",
                    (x,),
                )
            mask_x = 0
            allow = [0] * n
            for first, last, k in options:
                mask_x |= 1 << (k + 1)
                for i in bits(first):
                    allow[i] |= _range_mask(1, k)
                for i in bits(last):
                    allow[i] |= _range_mask(k + 2, n)
            hit = []
            if self.restrict(x, mask_x):
                hit.append(x)
            for i in range(n):
                if i != x and self.restrict(i, allow[i]):
                    hit.append(i)
            if hit:
                sizes = f"{split[0].bit_count()} and {split[1].bit_count()}"
                if len(options) == 1:
                    k = options[0][2]
                    how = (
                        f"only visiting {self.nms(options[0][0])} first fits, so "
                        f"{self.nm(x)} is step {k + 1}"
                    )
                else:
                    how = f"{self.nm(x)} is step {_steps_text(mask_x)}"
                self.record(
                    "connectivity",
                    tuple(hit),
                    f"{self.nm(x)} is the only link between two parts ({sizes} cells): the path "
                    f"must finish one part, pass {self.nm(x)}, then do the other; {how}",
                )
                return True
        return False

    def t_dead_end(self) -> bool:
        """Direct exclusion: x at step s strands a neighbour (no chain of deductions)."""
        cand, nb, endm = self.cand, self.nb, self.endm
        spend(self.n)
        ends = sum(1 << i for i in range(self.n) if cand[i] & ~endm == 0 or nb[i].bit_count() == 1)
        for x in range(self.n):
            c = cand[x]
            if c & (c - 1) == 0:
                continue
            spend(c.bit_count())
            for s in bits(c):
                why = self._strands(x, s, ends & ~(1 << x))
                if why is None:
                    continue
                self.restrict(x, ~(1 << s))
                cells, reason = why
                self.record(
                    "dead_end",
                    (x, *cells),
                    f"if {self.nm(x)} were step {s}, {reason}; so {self.nm(x)} is not step {s}",
                )
                return True
        return False

    def _strands(self, x: int, s: int, ends: int) -> tuple[tuple[int, ...], str] | None:
        """Why x at step s leaves a neighbour stranded, read directly (None: it does not);
        ``ends``: the cells other than x that must be ends already."""
        n, cand, nb, link, endm = self.n, self.cand, self.nb, self.link, self.endm
        near = ((1 << (s - 1)) | (1 << (s + 1))) & self.full
        if s in (1, n):
            ends |= 1 << x
        for y in bits(nb[x]):
            if cand[y] & near or (link[y] >> x) & 1:
                continue
            rest = nb[y] & ~(1 << x)
            left = rest.bit_count()
            lose = f"{self.nm(y)} (which cannot be step {s - 1} or {s + 1}) could not join {self.nm(x)}"
            if left == 0:
                return (y,), f"{lose} and would have no usable neighbour left"
            if left == 1 and not cand[y] & endm & ~(1 << s):
                return (y,), f"{lose}, would keep only one usable neighbour and cannot be an end"
            if left == 1:
                ends |= 1 << y
        if ends.bit_count() > 2:
            return tuple(bits(ends)), f"{self.nms(ends)} would all have to be ends of the path"
        return None

    def t_contradiction(self) -> bool:
        n, cand = self.n, self.cand
        ones = twos = threes = 0
        for c in cand:
            threes |= twos & c
            twos |= ones & c
            ones |= c
        pairs = twos & ~threes
        hyps: list[tuple[int, int]] = []
        seen: set[tuple[int, int]] = set()

        def add(i: int, s: int) -> None:
            if (i, s) not in seen:
                seen.add((i, s))
                hyps.append((i, s))

        for s in bits(pairs):
            for i in range(n):
                if (cand[i] >> s) & 1:
                    add(i, s)
        for i in range(n):
            if cand[i].bit_count() == 2:
                for s in bits(cand[i]):
                    add(i, s)
        for s in bits(threes):
            holders = [i for i in range(n) if (cand[i] >> s) & 1]
            if len(holders) == 3:
                for i in holders:
                    add(i, s)
        settled: set[tuple[int, int]] = set()
        for budget in self.depth_budgets:
            for i, s in hyps:
                if (i, s) in settled:
                    continue
                sub = self.copy(budget)
                sub.cand[i] = 1 << s
                try:
                    sub.run()
                except Contradiction as exc:
                    depth = len(sub.log) + 1
                    self.max_depth = max(self.max_depth, depth)
                    self.restrict(i, ~(1 << s))
                    chain = "; ".join(st.reason for st in sub.log[:3])
                    if len(sub.log) > 3:
                        chain += f"; … ({len(sub.log) - 3} more)"
                    lead = f": {chain}; then " if chain else ": then "
                    self.record(
                        "contradiction",
                        (i, *exc.cells),
                        f"suppose {self.nm(i)} were step {s}{lead}{exc.reason}. So "
                        f"{self.nm(i)} is not step {s} (depth {depth})",
                    )
                    return True
                except _OutOfBudget:
                    continue
                settled.add((i, s))
        return False

    # ---- driver ------------------------------------------------------------------------
    def solved(self) -> bool:
        return all(c & (c - 1) == 0 for c in self.cand)

    def run(self) -> None:
        self.settle()
        while not self.solved():
            spend(self.n)
            if not any(self.apply(name) for name in self.enabled):
                return
            self.settle()

    def apply(self, technique: str) -> bool:
        """Run one named technique (a table, not ``getattr``: the engine is compiled)."""
        return _TECHNIQUE_STEPS[technique](self)


_TECHNIQUE_STEPS: dict[str, Callable[[_Engine], bool]] = {
    "single": _Engine.t_single,
    "ends": _Engine.t_ends,
    "two_neighbours": _Engine.t_two_neighbours,
    "clue_neighbours": _Engine.t_clue_neighbours,
    "no_loop": _Engine.t_no_loop,
    "distance": _Engine.t_distance,
    "parity": _Engine.t_parity,
    "connectivity": _Engine.t_connectivity,
    "dead_end": _Engine.t_dead_end,
    "contradiction": _Engine.t_contradiction,
}


def deduce(
    g: PathGraph,
    techniques: Collection[str] = TECHNIQUES,
    depth_budgets: tuple[int, ...] = DEPTH_BUDGETS,
    start: Deduction | None = None,
) -> Deduction:
    """Solve by named techniques only; never guesses beyond one bounded contradiction.

    ``start`` continues from an earlier run's state (narrowed further by another engine:
    Hex Walls' time-aware one), so what was shown is not shown again.
    """
    e = _Engine(g, set(techniques), depth_budgets=depth_budgets)
    n = g.n
    impossible = False
    if start is not None:
        e.cand = list(start.candidates)
        if start.links:
            e.link = list(start.links)
            e.nb = [a & b for a, b in zip(start.usable, g.adj, strict=True)]
    for i, s in g.clue.items():
        e.cand[i] &= 1 << s
    for i, par in g.parity.items():
        e.cand[i] &= e.odd if par else e.even
    try:
        with capped(LOGIC_WORK):
            e.run()
    except Contradiction as exc:
        impossible = True
        e.log.append(LogicStep("no_solution", tuple(g.names[i] for i in exc.cells), exc.reason))
    solution: list[int] | None = None
    if not impossible and e.solved():
        at = e.where()
        solution = [at[s] for s in range(1, n + 1)]
    counts: dict[str, int] = {}
    for st in e.log:
        counts[st.technique] = counts.get(st.technique, 0) + 1
    return Deduction(
        solved=solution is not None,
        impossible=impossible,
        solution=solution,
        steps=e.log,
        techniques=counts,
        max_depth=e.max_depth,
        candidates=list(e.cand),
        links=list(e.link),
        usable=list(e.nb),
    )
