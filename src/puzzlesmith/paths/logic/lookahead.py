"""The techniques that try one placement: read directly, or followed to a contradiction.

- ``dead_end``: what one placement excludes *directly*, read off the board without
  following any deduction: a cell at step s is joined only to steps s−1 and s+1, so
  every other neighbour loses it; if that leaves a neighbour with no way on, or one way
  on while it cannot be an end, or more ends than two, the cell is not step s;
- ``contradiction``: try one assignment on a copy of the engine and follow the other
  techniques; if that breaks a rule the assignment is false (the chain length is the
  depth). Only this one is lookahead (``core.score.LOOKAHEAD_TECHNIQUES``).
"""

from __future__ import annotations

from puzzlesmith.core.bits import bits
from puzzlesmith.core.budget import spend
from puzzlesmith.paths.logic.engine import Contradiction, Engine, OutOfBudget


def t_dead_end(e: Engine) -> bool:
    """Direct exclusion: x at step s strands a neighbour (no chain of deductions).

    >>> from puzzlesmith.paths.techniques import PathGraph, engine
    >>> fork = PathGraph(tuple("abcde"), (0b00010, 0b10101, 0b01010, 0b00100, 0b00010), {})
    >>> e = engine(fork, ["dead_end"])
    >>> e.settle()
    >>> t_dead_end(e), e.log[-1].reason
    (True, 'if a were step 1, a, d, e would all have to be ends of the path; so a is not step 1')
    """
    cand, nb, endm = e.cand, e.nb, e.endm
    spend(e.n)
    ends = sum(1 << i for i in range(e.n) if cand[i] & ~endm == 0 or nb[i].bit_count() == 1)
    for x in range(e.n):
        c = cand[x]
        if c & (c - 1) == 0:
            continue
        spend(c.bit_count())
        for s in bits(c):
            why = _strands(e, x, s, ends & ~(1 << x))
            if why is None:
                continue
            e.restrict(x, ~(1 << s))
            cells, reason = why
            e.record(
                "dead_end",
                (x, *cells),
                f"if {e.nm(x)} were step {s}, {reason}; so {e.nm(x)} is not step {s}",
            )
            return True
    return False


def _strands(e: Engine, x: int, s: int, ends: int) -> tuple[tuple[int, ...], str] | None:
    """Why x at step s leaves a neighbour stranded, read directly (None: it does not);
    ``ends``: the cells other than x that must be ends already."""
    n, cand, nb, link, endm = e.n, e.cand, e.nb, e.link, e.endm
    near = ((1 << (s - 1)) | (1 << (s + 1))) & e.full
    if s in (1, n):
        ends |= 1 << x
    for y in bits(nb[x]):
        if cand[y] & near or (link[y] >> x) & 1:
            continue
        rest = nb[y] & ~(1 << x)
        left = rest.bit_count()
        lose = f"{e.nm(y)} (which cannot be step {s - 1} or {s + 1}) could not join {e.nm(x)}"
        if left == 0:
            return (y,), f"{lose} and would have no usable neighbour left"
        if left == 1 and not cand[y] & endm & ~(1 << s):
            return (y,), f"{lose}, would keep only one usable neighbour and cannot be an end"
        if left == 1:
            ends |= 1 << y
    if ends.bit_count() > 2:
        return tuple(bits(ends)), f"{e.nms(ends)} would all have to be ends of the path"
    return None


def t_contradiction(e: Engine) -> bool:
    """Suppose one cell at one step (the likeliest first) and follow the other techniques
    on a copy; a broken rule rules the placement out. Shortest chains first (growing
    ``depth_budgets``).

    >>> from puzzlesmith.paths.techniques import PathGraph, engine
    >>> diamond = PathGraph(("a", "b", "c", "d"), (0b1010, 0b1101, 0b1010, 0b0111), {0: 1})
    >>> e = engine(diamond, ["contradiction"])
    >>> e.settle()
    >>> t_contradiction(e), e.log[-1].reason
    (True, 'suppose c were step 2: then a (step 1) and c (step 2) are not neighbours. So c is not step 2 (depth 1)')
    """
    n, cand = e.n, e.cand
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
    for budget in e.depth_budgets:
        for i, s in hyps:
            if (i, s) in settled:
                continue
            sub = e.copy(budget)
            sub.cand[i] = 1 << s
            try:
                sub.run()
            except Contradiction as exc:
                depth = len(sub.log) + 1
                e.max_depth = max(e.max_depth, depth)
                e.restrict(i, ~(1 << s))
                chain = "; ".join(st.reason for st in sub.log[:3])
                if len(sub.log) > 3:
                    chain += f"; … ({len(sub.log) - 3} more)"
                lead = f": {chain}; then " if chain else ": then "
                e.record(
                    "contradiction",
                    (i, *exc.cells),
                    f"suppose {e.nm(i)} were step {s}{lead}{exc.reason}. So "
                    f"{e.nm(i)} is not step {s} (depth {depth})",
                )
                return True
            except OutOfBudget:
                continue
            settled.add((i, s))
    return False
