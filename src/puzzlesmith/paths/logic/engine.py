"""The path engine's state and the rules themselves; the techniques live beside it.

A :class:`PathGraph` is cells, adjacency bitmasks and clues (no geometry), so Number
Stroke and Hex Walls share the engine. :class:`Engine` holds, for every cell, the steps
it may still take (``cand``, bit s = step s), the neighbours it may still join (``nb``)
and those it is known to join (``link``); :meth:`Engine.settle` applies the rules
silently (a step is used once, non-consecutive cells are not joined, at most two path
neighbours, and the turning walls' timing). The named techniques are functions of an
engine in the sibling modules, run through the table :mod:`puzzlesmith.paths.techniques`
passes in: this module imports none of them, so the technique families stay apart and
the lookahead can run a copy of the engine without an import cycle.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field

from puzzlesmith.core.bits import bits
from puzzlesmith.core.budget import spend
from puzzlesmith.core.mode import LogicStep

#: (from cell, to cell, step of the from cell) → may the path make this move then?
StepEdge = Callable[[int, int, int], bool]

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


class OutOfBudget(Exception):
    """A "what if" copy ran past its budget of steps (the lookahead tries a longer one)."""


def steps_text(m: int) -> str:
    """Steps of a bitmask as words, for the reasons shown.

    >>> steps_text(0b101000)
    '3, 5'
    """
    return ", ".join(map(str, bits(m)))


def range_mask(lo: int, hi: int) -> int:
    """Bits lo..hi inclusive (empty when lo > hi): the steps of a stretch.

    >>> bin(range_mask(2, 4)), range_mask(3, 2)
    ('0b11100', 0)
    """
    if lo > hi:
        return 0
    return ((1 << (hi + 1)) - 1) & ~((1 << lo) - 1)


#: a technique: narrows the engine's state and records why; False when it finds nothing
Technique = Callable[["Engine"], bool]


class Engine:
    """The narrowing state of one solve; ``table`` names the techniques it may run."""

    def __init__(
        self,
        g: PathGraph,
        enabled: Collection[str],
        table: dict[str, Technique],  # a dict: mypyc reads it natively in every copy
        budget: int | None = None,
        depth_budgets: tuple[int, ...] = DEPTH_BUDGETS,
    ) -> None:
        self.g = g
        self.names = g.names
        n = self.n = g.n
        self.full = range_mask(1, n)
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
        self.table = table
        #: the enabled techniques, cheapest first (the table's order)
        self.enabled = [t for t in table if t in enabled]

    # ---- helpers -----------------------------------------------------------------------
    def copy(self, budget: int) -> Engine:
        """A copy of the state for one "what if" (without the contradiction technique)."""
        e = Engine(self.g, self.enabled, self.table, budget, self.depth_budgets)
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
            raise OutOfBudget

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

    # ---- the stretches between known steps (distance and parity read them) ------------
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
        cand, inner = self.cand, range_mask(a + 1, b - 1)
        return sum(1 << i for i in range(self.n) if cand[i] & inner and cand[i] & (cand[i] - 1))

    def stretch_name(self, a: int, p: int | None, b: int, q: int | None) -> str:
        if p is not None and q is not None:
            return f"the {b - a - 1} steps between {self.nm(p)} ({a}) and {self.nm(q)} ({b})"
        return f"steps {a + 1}–{b - 1}"

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
        return self.table[technique](self)
