"""How the shipped packs are made: seed 002 §4.3's progression 5×5 → 7×7 → 9×9, then harder.

Every level is generated here (never copied), deduplicated up to rotation, mirror
and relabelling, proven unique and logic-solvable, and ordered by difficulty
within its pack. ``tools/cows_packs.py write`` rebuilds packs 2–4 into ``levels/``
(the same files every time; ``python -m puzzlesmith.cows.packs OUTDIR`` writes them
elsewhere for review). Pack 1's first ten levels are the teaching levels, picked by
the idea each brings in (``cows.teach``); ``tools/cows_pack1.py`` writes pack 1.

Issue #34: the ramp rises across packs by the grader's score (pack medians strictly
increase), no shipped level needs lookahead, and no level after the teaching ten has
a one-cell colour region (a giveaway).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from puzzlesmith.core import words
from puzzlesmith.core.mode import GradeResult
from puzzlesmith.cows.board import LETTERS, Level, board_of
from puzzlesmith.cows.generate import CowsOptions, generate_level
from puzzlesmith.cows.logic import TIER, grade
from puzzlesmith.cows.palette import worst_difference
from puzzlesmith.cows.render import region_colours, region_neighbours
from puzzlesmith.cows.solver import solve
from puzzlesmith.cows.teach import needed_ideas

#: touching regions' colours at least this far apart (tests/cows/test_palette.py)
TOUCHING_MIN = 15.0


def _both(key: str, sep: str = " · ") -> str:
    """``key``'s Chinese and English in one text, as the pack files carry a caption."""
    return f"{words.say(key, 'zh')}{sep}{words.say(key, 'en')}"


#: a technique's tip (``cw.tip.*``), the caption of the level that first needs it
TECHNIQUE_TIPS = {
    t: _both(f"cw.tip.{t}")
    for t in ("confinement", "shared-attack", "hall-set", "window-2x2", "big-hall", "squeeze")
}

#: the colour rule's own exclusions, on the level that cannot do without them
REGION_TIP = _both("cw.tip.region")

#: what pack 1's teaching levels (tools/cows_pack1.py) already taught: no tip repeats them
TAUGHT_IN_PACK_1 = frozenset({"confinement", "shared-attack", "hall-set", "window-2x2", "squeeze"})


@dataclass(frozen=True)
class Batch:
    """Generate ``count`` boards of ``size`` at ``grade``; keep ``keep`` of those scoring
    in ``[lo, hi]`` (core/score.py's score as cows.logic.grade gives it)."""

    size: int
    grade: str
    count: int
    keep: int
    lo: float = 0.0
    hi: float = 400.0
    #: one-cell colour regions allowed a board (issue #34: ≤ 0.35 a level after pack 1's ten)
    singles: int = 0
    #: the generator seed, when not the pack's
    seed: int = 0


@dataclass(frozen=True)
class PackSpec:
    file: str
    pack: int
    title: str
    notes: str
    batches: tuple[Batch, ...]
    seed: int
    #: techniques the pack must exercise (a level using each is kept first)
    wanted: tuple[str, ...] = ()
    #: boards kept from the earlier packs, as they were shipped: (where from, regions)
    kept: tuple[tuple[str, tuple[str, ...]], ...] = ()


#: pack 1 is written by tools/cows_pack1.py (teaching levels); packs 2–4 by build() below.
#: Score windows make the pack medians rise: pack 1 ≈ 136 (medium), pack 2 hard,
#: pack 3 low expert, pack 4 high expert; no kept board has a one-cell colour region.
PACKS = (
    PackSpec(
        "pack-1-5x5.json",
        1,
        _both("cw.pack.1.title", " / "),
        _both("cw.pack.1.about", ""),
        (Batch(5, "medium", 30, 7),),
        1701,
    ),
    PackSpec(
        "pack-2-7x7.json",
        2,
        _both("cw.pack.2.title", " / "),
        _both("cw.pack.2.about", " "),
        (Batch(7, "medium", 12, 2, 140.0), Batch(7, "hard", 40, 13)),
        702,
        # the colour rule's own exclusions are needed somewhere (cows.teach.IDEAS): the
        # earlier pack's 2-3 (generated cows-7-easy-4242-9) is kept for that
        ("needs:region", "hall-set"),
        (
            (
                "cows-7-easy-4242-9 (an earlier generator), kept from the earlier pack",
                ("AAAAACC", "BAADAAC", "GGDDCCC", "GGGDDCG", "GGEFFFG", "GGGGGFG", "GGGGGGG"),
            ),
        ),
    ),
    PackSpec(
        "pack-3-9x9.json",
        3,
        _both("cw.pack.3.title", " / "),
        _both("cw.pack.3.about", " "),
        (Batch(9, "hard", 16, 3, 260.0), Batch(9, "expert", 120, 11, 300.0, 368.0)),
        903,
        ("big-hall", "window-2x2", "squeeze"),
    ),
    PackSpec(
        "pack-4-10x11.json",
        4,
        _both("cw.pack.4.title", " / "),
        _both("cw.pack.4.about", " "),
        (Batch(10, "expert", 40, 6, 369.0), Batch(11, "expert", 30, 4, 369.0)),
        1104,
        ("big-hall", "window-2x2", "squeeze"),
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


def single_cells(lv: Level) -> int:
    """Colour regions of one cell (giveaways: the LinkedIn levels have 0.28 a level)."""
    counts: dict[str, int] = {}
    for row in lv.regions:
        for ch in row:
            counts[ch] = counts.get(ch, 0) + 1
    return sum(1 for v in counts.values() if v == 1)


Graded = tuple[tuple[int, int, int, int], Level, GradeResult]


def colours_apart(lv: Level) -> bool:
    """Every two touching regions get clearly different colours (for every vision)."""
    b = board_of(lv)
    colours = region_colours(b)
    return all(
        worst_difference(colours[g], colours[h]) >= TOUCHING_MIN
        for g, near in enumerate(region_neighbours(b))
        for h in near
    )


def uses(c: Graded, want: str) -> bool:
    """Whether a board uses a technique, or (``needs:idea``) cannot do without an idea."""
    if want.startswith("needs:"):
        return want[6:] in needed_ideas(c[1])
    return want in c[2].techniques


def pool(batch: Batch, seed: int, seen: set[tuple[str, ...]]) -> list[Graded]:
    """The batch's boards that may ship: unique, reasoned out without lookahead, no
    one-cell region, in the score window, new up to symmetry; easiest first."""
    out: list[Graded] = []
    for index in range(batch.count):
        lv = generate_level(CowsOptions(batch.size, batch.grade), seed, index)
        key = canonical(lv.regions)
        if key in seen:
            continue
        lv = Level(lv.id, relabel(lv.regions))
        g = grade(lv)
        if solve(lv, 2).count != 1 or not g.solved:
            raise AssertionError(f"{lv.id}: generator returned a bad board")
        if (
            g.details["lookahead"]
            or single_cells(lv) > batch.singles
            or not batch.lo <= g.score <= batch.hi
        ):
            continue
        if not colours_apart(lv):
            continue
        seen.add(key)
        out.append((difficulty(g), lv, g))
    out.sort(key=lambda x: (x[2].score, x[0]))
    return out


def pick(cands: list[Graded], keep: int, wanted: list[str]) -> list[Graded]:
    """``keep`` boards: first one for each still-wanted technique (the one nearest the
    middle), then an even spread from easiest to hardest."""
    if len(cands) < keep:
        raise AssertionError(f"only {len(cands)} boards for {keep} places")
    chosen: list[Graded] = []
    mid = len(cands) // 2
    for t in list(wanted):
        having = [c for c in cands if c not in chosen and uses(c, t)]
        if having and len(chosen) < keep:
            chosen.append(min(having, key=lambda c: abs(cands.index(c) - mid)))
    for c in chosen:
        wanted[:] = [t for t in wanted if not uses(c, t)]
    rest = [c for c in cands if c not in chosen]
    need = keep - len(chosen)
    if need:
        step = (len(rest) - 1) / max(need - 1, 1)
        chosen += [rest[round(k * step)] for k in range(need)]
    return chosen


def build(spec: PackSpec, taught: set[str] | None = None) -> dict[str, object]:
    """One pack as JSON, the same for the same spec. ``taught``: techniques earlier
    packs have captions for (updated), so a tip comes with a technique's first use."""
    seen: set[tuple[str, ...]] = set()
    taught = set(TAUGHT_IN_PACK_1) if taught is None else taught
    graded: list[Graded] = []
    wanted = list(spec.wanted)
    for origin, regions in spec.kept:
        lv = Level(origin, regions)
        g = grade(lv)
        seen.add(canonical(regions))
        graded += pick([(difficulty(g), lv, g)], 1, wanted)
    for batch in spec.batches:
        graded += pick(pool(batch, batch.seed or spec.seed, seen), batch.keep, wanted)
    if wanted:
        raise AssertionError(f"pack {spec.pack}: no board uses {', '.join(wanted)}")
    graded.sort(key=lambda x: (x[0], x[2].score))
    levels = []
    for k, (key, lv, g) in enumerate(graded):
        caption = None
        new = [t for t in TECHNIQUE_TIPS if t in g.techniques and t not in taught]
        if "needs:region" in spec.wanted and uses((key, lv, g), "needs:region"):
            caption = REGION_TIP
        elif new:
            caption = TECHNIQUE_TIPS[new[-1]]
        taught.update(g.techniques)
        used = ", ".join(f"{t}×{n}" for t, n in g.techniques.items())
        out: dict[str, object] = {
            "id": f"{spec.pack}-{k + 1}",
            "teach": f"generated {lv.id}; grade {g.grade}, score {g.score}, "
            f"{len(g.steps)} steps: {used}",
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
    taught = set(TAUGHT_IN_PACK_1)
    for spec in PACKS[1:]:  # pack 1: tools/cows_pack1.py
        data = build(spec, taught)
        path = out / spec.file
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path}: {len(data['levels'])} levels")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
