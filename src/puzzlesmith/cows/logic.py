"""Human-style solving by named techniques (seed 002 §3), easiest first.

A position is two cell masks: ``cows`` placed and ``excl`` crossed out (✕); the
rest are *free*. Each technique looks for one deduction and says what it places or
excludes, which cells the reason rests on, and the reason in Chinese and English.
The solver applies the first deduction found, in this order, until every house
has its cow (solved) or nothing applies (stuck: guessing needed):

========================  =====  ==========================================================
technique                 tier   deduction
========================  =====  ==========================================================
``cow-excludes``          easy   a cow rules out its row, column, region and 8 neighbours
``last-free``             easy   a row, column or region with one free cell gets the cow
``confinement``           medium a house whose free cells all lie in one other house claims
                                 it: the rest of that house is excluded (Hall set, k = 1)
``shared-attack``         medium a cell every free cell of some house would attack
``hall-set``              hard   k houses whose free cells lie within k houses of another
                                 kind (rows, columns, regions) exclude the rest of those
``window-2x2``            expert two houses of one kind (adjacent rows, adjacent columns, or two
                                 regions) whose free cells fit in two 2×2 windows hold one
                                 cow per window: cells every free cell of a window attacks
                                 are excluded
``big-hall``              expert a Hall set of three or more houses (multi-region confinement)
``squeeze``               expert a cow here would directly leave two houses of one kind with
                                 their free cells in a single house of another kind
``contradiction``         look-  a cow here, after the cows it forces, would empty some house
                          ahead
========================  =====  ==========================================================

Everything above ``contradiction`` reasons about what a placement *excludes directly*
(the attack relation is symmetric, so a cell that a cow would make some house empty of
is exactly a ``shared-attack`` cell; ``squeeze`` is the same look at two houses at
once). ``contradiction`` assumes a cow and follows the cows it forces: that is
lookahead, tried only when nothing else applies, counted in the grade's details
(``lookahead``) and costed as the dearest step; ``deduce(lookahead=False)`` leaves it out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from puzzlesmith.core import words
from puzzlesmith.core.budget import tick
from puzzlesmith.core.mode import GradeResult, LogicStep
from puzzlesmith.cows.board import Board, Level, bits, board_of, cell_id, cells_of
from puzzlesmith.cows.score import branch_points, score

TECHNIQUES = (
    "cow-excludes",
    "last-free",
    "confinement",
    "shared-attack",
    "hall-set",
    "window-2x2",
    "big-hall",
    "squeeze",
    "contradiction",
)
#: the techniques that assume a placement and follow its consequences
LOOKAHEAD = frozenset({"contradiction"})
#: Hall sets: k = 2 (hard) and k ≥ 3 (expert)
HALLS = frozenset({"hall-set", "big-hall"})
GRADES = ("easy", "medium", "hard", "expert")
TIER = {
    "cow-excludes": 0,
    "last-free": 0,
    "confinement": 1,
    "shared-attack": 1,
    "hall-set": 2,
    "window-2x2": 3,
    "big-hall": 3,
    "squeeze": 3,
    "contradiction": 3,
}


@dataclass(frozen=True)
class Deduction:
    """One step: cells placed (cows) or excluded, the cells and houses it rests on, why."""

    technique: str
    place: int
    exclude: int
    because: int
    zh: str
    en: str
    units: tuple[int, ...] = ()
    k: int = 0

    def to_step(self, board: Board) -> LogicStep:
        return LogicStep(
            technique=self.technique,
            cells=cells_of(board, self.place | self.exclude),
            reason=self.en,
            because=cells_of(board, self.because),
        )

    def to_json(self, board: Board) -> dict[str, object]:
        return {
            "technique": self.technique,
            "name_zh": words.say(f"cw.tech.{self.technique}", "zh"),
            "place": list(cells_of(board, self.place)),
            "exclude": list(cells_of(board, self.exclude)),
            "because": list(cells_of(board, self.because)),
            "units": [board.unit_name(u) for u in self.units],
            "reason_zh": self.zh,
            "reason_en": self.en,
            "hall": self.k,
        }


@dataclass
class Position:
    """Cows and crosses on one board; ``free`` is derived."""

    board: Board
    cows: int = 0
    excl: int = 0

    @property
    def free(self) -> int:
        return self.board.full & ~self.cows & ~self.excl

    def open_units(self) -> list[int]:
        """Houses that still need their cow."""
        b = self.board
        return [u for u, m in enumerate(b.units) if not m & self.cows]

    def apply(self, d: Deduction) -> None:
        self.cows |= d.place
        self.excl |= d.exclude


def _cap(text: str) -> str:
    """Capitalise the first letter only (str.capitalize would lowercase region letters)."""
    return text[:1].upper() + text[1:]


def _both(
    b: Board, key: str, houses: Mapping[str, Sequence[int]] | None = None, **slots: object
) -> tuple[str, str]:
    """``cw.logic.<key>`` in Chinese and English, each slot of ``houses`` filled with its
    houses' names in that language (``第3行、第4行`` / ``row 3, row 4``); the English
    sentence starts with a capital."""
    out = []
    for lang in words.LANGS:
        sep = words.say("cw.unit.sep", lang)
        names = {s: sep.join(b.unit_name(u, lang) for u in us) for s, us in (houses or {}).items()}
        text = words.say(f"cw.logic.{key}", lang, **names, **slots)
        out.append(_cap(text) if lang == "en" else text)
    return out[0], out[1]


def _where(b: Board, mask: int, limit: int = 6) -> str:
    ids = [cell_id(b, i) for i in bits(mask)]  # r2c7: the one way cells are named
    more = f" +{len(ids) - limit}" if len(ids) > limit else ""
    return " ".join(ids[:limit]) + more


# ---- techniques --------------------------------------------------------------------------


def cow_excludes(p: Position) -> Deduction | None:
    b = p.board
    free = p.free
    for i in bits(p.cows):
        hit = b.attack[i] & free
        if hit:
            at = _where(b, 1 << i)
            return Deduction(
                "cow-excludes",
                0,
                hit,
                1 << i,
                *_both(b, "cow-excludes", at=at),
                b.houses[i],
            )
    return None


def last_free(p: Position) -> Deduction | None:
    b = p.board
    free = p.free
    for u in p.open_units():
        m = b.units[u] & free
        if m and not m & (m - 1):
            at = _where(b, m)
            return Deduction(
                "last-free",
                m,
                0,
                b.units[u],
                *_both(b, "last-free", {"unit": [u]}, at=at),
                (u,),
            )
    return None


def hall_sets(p: Position, k_min: int, k_max: int) -> Deduction | None:
    """k houses of one kind whose free cells lie within k houses of another kind.

    Those k houses of the other kind must take their k cows from the first k, so
    every other free cell in them is excluded (seed 002 §3.2 "multi-colour", made to
    actually mark cells). k = 1 is confinement. Smallest k first.
    """
    b = p.board
    n = b.n
    free = p.free
    opened = p.open_units()
    by_kind: list[list[int]] = [[u for u in opened if u // n == t] for t in range(3)]
    spans: dict[tuple[int, int], list[tuple[int, int]]] = {}
    row_bits = (1 << n) - 1
    free_of = {u: b.units[u] & free for u in opened}
    for ta in range(3):
        if len(by_kind[ta]) <= k_min:
            continue
        for tb in range(3):
            if tb == ta:
                continue
            targets = [(1 << (v - tb * n), free_of[v]) for v in by_kind[tb]]
            lst = []
            for u in by_kind[ta]:
                mu = free_of[u]
                if ta == 0 and tb == 1:
                    span = (mu >> (u * n)) & row_bits
                else:
                    span = 0
                    for bit, mv in targets:
                        if mv & mu:
                            span |= bit
                if span.bit_count() <= k_max:
                    lst.append((u, span))
            spans[ta, tb] = lst
    for k in range(k_min, k_max + 1):
        for (ta, tb), lst in spans.items():
            if len(by_kind[ta]) <= k:
                continue
            fit = [(u, s) for u, s in lst if s.bit_count() <= k]
            if len(fit) < k:
                continue
            found = _hall_dfs(b, free, fit, k, tb, 0, [], 0)
            if found is not None:
                chosen, span = found
                return _hall_deduction(b, free, chosen, span, tb, k)
    return None


def _hall_dfs(
    b: Board,
    free: int,
    spans: list[tuple[int, int]],
    k: int,
    tb: int,
    start: int,
    chosen: list[int],
    union: int,
) -> tuple[list[int], int] | None:
    tick()
    if len(chosen) == k:
        if union.bit_count() != k:
            return None
        inside = 0
        for u in chosen:
            inside |= b.units[u]
        outside = 0
        for v in bits(union):
            outside |= b.units[tb * b.n + v]
        if outside & free & ~inside:
            return list(chosen), union
        return None
    for j in range(start, len(spans)):
        u, span = spans[j]
        nu = union | span
        if nu.bit_count() > k:
            continue
        chosen.append(u)
        got = _hall_dfs(b, free, spans, k, tb, j + 1, chosen, nu)
        chosen.pop()
        if got is not None:
            return got
    return None


def _hall_deduction(
    b: Board, free: int, chosen: list[int], span: int, tb: int, k: int
) -> Deduction:
    inside = 0
    for u in chosen:
        inside |= b.units[u]
    targets = [tb * b.n + v for v in bits(span)]
    outside = 0
    for v in targets:
        outside |= b.units[v]
    hit = outside & free & ~inside
    if k == 1:
        zh, en = _both(b, "confinement", {"unit": chosen, "other": targets})
        tech = "confinement"
    else:
        zh, en = _both(b, f"hall.{tb}", {"units": chosen, "others": targets}, k=k)
        tech = "hall-set" if k == 2 else "big-hall"
    return Deduction(tech, 0, hit, inside & free, zh, en, tuple(chosen) + tuple(targets), k)


def shared_attack(p: Position) -> Deduction | None:
    b = p.board
    free = p.free
    for u in p.open_units():
        m = b.units[u] & free
        if not m:
            continue
        common = b.full
        for i in bits(m):
            common &= b.attack[i]
        hit = common & free & ~m
        if hit:
            return Deduction(
                "shared-attack",
                0,
                hit,
                m,
                *_both(b, "shared-attack", {"unit": [u]}, hit=_where(b, hit)),
                (u,),
            )
    return None


def window_2x2(p: Position) -> Deduction | None:
    """Two houses needing two cows whose free cells fit in two 2×2 windows (one cow each).

    The houses are adjacent rows, adjacent columns, or any two regions. A 2×2 window
    holds at most one cow, so each window holds exactly one of the two: every cell all
    free cells of a window attack is excluded.
    """
    return _window_lines(p) or _window_regions(p)


def _window_lines(p: Position) -> Deduction | None:
    b = p.board
    n = b.n
    free = p.free
    opened = set(p.open_units())
    for kind in (0, 1):
        for a in range(n - 1):
            ua, ub = kind * n + a, kind * n + a + 1
            if ua not in opened or ub not in opened:
                continue
            band = (b.units[ua] | b.units[ub]) & free
            # positions across the band (columns for a row pair, rows for a column pair)
            across = 0
            for i in bits(band):
                across |= 1 << (i % n if kind == 0 else i // n)
            groups: list[int] = []
            rest = across
            while rest:
                low = (rest & -rest).bit_length() - 1
                win = (1 << low) | (1 << (low + 1))
                rest &= ~win
                cells = 0
                for x in bits(win & ((1 << n) - 1)):
                    cells |= b.units[(1 - kind) * n + x] & band
                groups.append(cells)
            if len(groups) != 2:
                continue
            d = _window_hit(p, groups, band, (ua, ub))
            if d is not None:
                return d
    return None


def _windows_of(n: int, cells: int) -> list[int]:
    """The 2×2 windows (as cell masks) that contain every cell of ``cells``."""
    out = []
    first = (cells & -cells).bit_length() - 1
    r, c = divmod(first, n)
    for rr in (r - 1, r):
        for cc in (c - 1, c):
            if 0 <= rr < n - 1 and 0 <= cc < n - 1:
                w = (0b11 << (rr * n + cc)) | (0b11 << ((rr + 1) * n + cc))
                if cells & ~w == 0:
                    out.append(w)
    return out


def _two_windows(n: int, cells: int) -> tuple[int, int] | None:
    """Two disjoint 2×2 windows covering ``cells`` (which no single window covers)."""
    first = cells & -cells
    r, c = divmod(first.bit_length() - 1, n)
    for rr in (r - 1, r):
        for cc in (c - 1, c):
            if not (0 <= rr < n - 1 and 0 <= cc < n - 1):
                continue
            w = (0b11 << (rr * n + cc)) | (0b11 << ((rr + 1) * n + cc))
            rest = cells & ~w
            for w2 in _windows_of(n, rest) if rest else ():
                if not w & w2:
                    return w, w2
    return None


def _window_regions(p: Position) -> Deduction | None:
    b = p.board
    n = b.n
    free = p.free
    regions = [(u, b.units[u] & free) for u in p.open_units() if u >= 2 * n]
    small = [(u, m) for u, m in regions if m.bit_count() <= 8]
    for x in range(len(small)):
        ua, ma = small[x]
        for y in range(x + 1, len(small)):
            ub, mb = small[y]
            both = ma | mb
            if both.bit_count() > 8:
                continue
            wins = _two_windows(n, both)
            if wins is None:
                continue
            d = _window_hit(p, [both & w for w in wins], both, (ua, ub))
            if d is not None:
                return d
    return None


def _window_hit(
    p: Position, groups: list[int], band: int, units: tuple[int, int]
) -> Deduction | None:
    b = p.board
    free = p.free
    for g in groups:
        common = b.full
        for i in bits(g):
            common &= b.attack[i]
        hit = common & free & ~g
        if not hit:
            continue
        ua, ub = units
        return Deduction(
            "window-2x2",
            0,
            hit,
            band,
            *_both(
                b,
                "window-2x2",
                {"unit": [ua], "other": [ub]},
                window=_where(b, g),
                hit=_where(b, hit),
            ),
            units,
        )
    return None


def squeeze(p: Position) -> Deduction | None:
    """A cow here would directly leave two houses of one kind inside one house of another.

    Only the cells the cow itself rules out are removed (no forced cows are followed):
    if two open rows, columns or regions then have all their free cells in one and the
    same house of another kind, that house would need two cows, so the cell is excluded.
    """
    b = p.board
    n = b.n
    free0 = p.free
    opened = p.open_units()
    for x in bits(free0):
        tick()
        free = free0 & ~b.attack[x] & ~(1 << x)
        mine = b.houses[x]
        for ta in range(3):
            seen: dict[tuple[int, int], int] = {}
            for u in opened:
                if u // n != ta or u in mine:
                    continue
                m = b.units[u] & free
                if not m:
                    continue  # an emptied house: a shared-attack cell, found earlier
                for tb in range(3):
                    if tb == ta:
                        continue
                    one = b.houses[m.bit_length() - 1][tb]
                    if m & ~b.units[one]:
                        continue
                    other = seen.get((tb, one))
                    if other is not None:
                        return _squeeze_deduction(b, x, other, u, one, free0)
                    seen[tb, one] = u
    return None


def _squeeze_deduction(b: Board, x: int, ua: int, ub: int, v: int, free0: int) -> Deduction:
    at = _where(b, 1 << x)
    return Deduction(
        "squeeze",
        0,
        1 << x,
        (b.units[ua] | b.units[ub]) & free0 & ~b.attack[x],
        *_both(b, "squeeze", {"unit": [ua], "other": [ub], "house": [v]}, at=at),
        (ua, ub, v),
    )


def contradiction(p: Position) -> Deduction | None:
    """A cow here, followed by the cows it forces, would leave a house without a free cell."""
    b = p.board
    free0 = p.free
    opened0 = 0
    for u in p.open_units():
        opened0 |= 1 << u
    for x in bits(free0):
        free = free0 & ~b.attack[x] & ~(1 << x)
        opened = opened0
        for h in b.houses[x]:
            opened &= ~(1 << h)
        empty = -1
        progress = True
        while progress and empty < 0:
            progress = False
            for u in bits(opened):
                m = b.units[u] & free
                if not m:
                    empty = u
                    break
                if not m & (m - 1):
                    i = m.bit_length() - 1
                    free &= ~b.attack[i] & ~m
                    for h in b.houses[i]:
                        opened &= ~(1 << h)
                    progress = True
                    break
        if empty >= 0:
            at = _where(b, 1 << x)
            return Deduction(
                "contradiction",
                0,
                1 << x,
                b.units[empty] & free0,
                *_both(b, "contradiction", {"unit": [empty]}, at=at),
                (empty,),
            )
    return None


def next_deduction(p: Position, max_tier: int = 3, lookahead: bool = True) -> Deduction | None:
    """The easiest deduction available from this position (``None`` when stuck).

    ``lookahead=False`` never assumes a placement (no ``contradiction``)."""
    for finder in (cow_excludes, last_free):
        d = finder(p)
        if d is not None:
            return d
    if max_tier < 1:
        return None
    d = hall_sets(p, 1, 1) or shared_attack(p)
    if d is not None or max_tier < 2:
        return d
    d = hall_sets(p, 2, 2)
    if d is not None or max_tier < 3:
        return d
    opened = len(p.open_units()) // 3
    d = window_2x2(p) or hall_sets(p, 3, max(3, opened // 2)) or squeeze(p)
    if d is not None or not lookahead:
        return d
    return contradiction(p)


FINDERS = {
    "cow-excludes": cow_excludes,
    "last-free": last_free,
    "confinement": lambda p: hall_sets(p, 1, 1),
    "shared-attack": shared_attack,
    "hall-set": lambda p: hall_sets(p, 2, 2),
    "window-2x2": window_2x2,
    "big-hall": lambda p: hall_sets(p, 3, max(3, p.board.n // 2)),
    "squeeze": squeeze,
    "contradiction": contradiction,
}


def applicable(p: Position) -> list[str]:
    """Every technique that finds some deduction here (tests use it on crafted positions)."""
    return [name for name, f in FINDERS.items() if f(p) is not None]


@dataclass
class Run:
    position: Position
    steps: list[Deduction] = field(default_factory=list)

    @property
    def solved(self) -> bool:
        return self.position.cows.bit_count() == self.position.board.n

    @property
    def tier(self) -> int:
        return max((TIER[s.technique] for s in self.steps), default=0)

    @property
    def hall(self) -> int:
        return max((s.k for s in self.steps if s.technique in HALLS), default=0)

    @property
    def lookahead(self) -> int:
        """Steps that assumed a placement and followed it (0 on a level a person reasons out)."""
        return sum(1 for s in self.steps if s.technique in LOOKAHEAD)


def deduce(
    board: Board,
    cows: int = 0,
    excl: int = 0,
    max_tier: int = 3,
    max_steps: int = 10_000,
    lookahead: bool = True,
) -> Run:
    """Apply deductions until solved or stuck (``lookahead=False``: never assume a cow)."""
    run = Run(Position(board, cows, excl))
    p = run.position
    while len(run.steps) < max_steps and p.cows.bit_count() < board.n:
        tick()  # the caller's work budget (core.budget)
        d = next_deduction(p, max_tier, lookahead)
        if d is None:
            break
        p.apply(d)
        run.steps.append(d)
    return run


def grade_name(run: Run) -> str:
    """``easy``/``medium``/``hard``/``expert``, with the largest Hall set when k ≥ 2.

    The full difficulty is this, the hardest technique and the step count.
    """
    if not run.solved:
        return "unsolved"
    return GRADES[run.tier] + (f" (hall {run.hall})" if run.hall >= 2 else "")


def grade(level: Level, max_tier: int = 3) -> GradeResult:
    """Grade = the hardest tier needed (easy/medium/hard/expert), plus Hall size and steps."""
    b = board_of(level)
    run = deduce(b, max_tier=max_tier)
    counts: dict[str, int] = {}
    for s in run.steps:
        counts[s.technique] = counts.get(s.technique, 0) + 1
    hardest = max(run.steps, key=lambda s: TIER[s.technique]).technique if run.steps else ""
    moves = [(s.technique, TIER[s.technique], s.k) for s in run.steps]
    return GradeResult(
        solved=run.solved,
        grade=grade_name(run),
        steps=[s.to_step(b) for s in run.steps],
        techniques=counts,
        details={
            "hardest": hardest,
            "hall": run.hall,
            "tier": run.tier,
            "branch_points": branch_points(moves),
            "lookahead": run.lookahead,
        },
        score=score(moves, run.tier if run.solved else len(GRADES) - 1),
    )
