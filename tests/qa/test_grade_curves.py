"""Every shipped pack gets harder as it goes (issues #21, #27), measured by the project's
own grader: its grade band never falls, its finer score (core/score.py: technique costs,
steps and branch points) rises, and a pack's last level is its hardest.

- The band: a level's grade (and Cows' Hall size, "hard (hall 3)") is never below the
  one before it.
- The score, Number Stroke: never more than ``STROKE_TOLERANCE`` below the level before
  it (the step model's resolution: a step more or less of routine), except where seed
  001 §5's table itself makes the board smaller (``dip_ok`` in seed_001_table.json: 1-4,
  1-8).
- The score, Hex Walls and Cows (packs not yet re-measured by score): inside one band a
  level may score at most ``TOLERANCE`` below the level before it: a fifth of a band,
  so a level can be "a little easier" but never a band's worth.
- The finale is the hardest by (band, Hall size, score).

Generic over the registry: any mode with packs and a grader is checked.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from puzzlesmith.core import registry

GRADES = ("easy", "medium", "hard", "expert")
#: how far (in score points; a band is 100) a Hex Walls or Cows level may fall below the
#: level before it in the same band
TOLERANCE = 20.0
#: Number Stroke's: two points, about one routine step of the step model (issue #34)
STROKE_TOLERANCE = 2.0
SEED_TABLE = json.loads(
    (Path(__file__).with_name("seed_001_table.json")).read_text(encoding="utf-8")
)
DIP_OK = {row["id"] for row in SEED_TABLE["levels"] if row.get("dip_ok")}

Level = tuple[str, str, float]


def difficulty(grade: str, score: float) -> tuple[int, int, float]:
    """(grade, sub-grade such as Cows' "(hall 3)", score), compared in that order."""
    m = re.fullmatch(r"(\w+)(?: \(\w+ (\d+)\))?", grade)
    assert m and m.group(1) in GRADES, f"unknown grade {grade!r}"
    return GRADES.index(m.group(1)), int(m.group(2) or 0), score


def curve_problems(
    levels: list[Level], tolerance: float = 0.0, dip_ok: frozenset[str] = frozenset()
) -> list[str]:
    """Band dips, score dips beyond ``tolerance`` and a finale that is not the hardest,
    for [(id, grade, score)] in play order."""
    out: list[str] = []
    keys = [difficulty(g, s) for _, g, s in levels]
    for k, ((b, gb, sb), kb) in enumerate(zip(levels, keys, strict=True)):
        if k == 0:
            continue
        a, ga, _ = levels[k - 1]
        if kb[:2] < keys[k - 1][:2]:
            out.append(f"{b} ({gb}) is easier than {a} ({ga}) before it")
            continue
        before = keys[k - 1]
        if b not in dip_ok and kb[:2] == before[:2] and sb < before[2] - tolerance:
            out.append(f"{b} scores {sb}, below {before[2]} before it")
    if keys and keys[-1] < max(keys):
        hardest = levels[keys.index(max(keys))]
        out.append(
            f"finale {levels[-1][0]} is not the hardest: {hardest[0]} ({hardest[1]}, {hardest[2]})"
        )
    return out


def test_the_curve_check_catches_dips_and_a_weak_finale() -> None:
    assert curve_problems([("1", "easy", 3), ("2", "medium", 109), ("3", "hard", 212)]) == []
    assert curve_problems([("1", "medium", 109), ("2", "easy", 3), ("3", "hard", 212)]) == [
        "2 (easy) is easier than 1 (medium) before it"
    ]
    assert curve_problems([("1", "easy", 3), ("2", "expert", 330), ("3", "expert", 324)]) == [
        "3 scores 324, below 330 before it",
        "finale 3 is not the hardest: 2 (expert, 330)",
    ]
    assert curve_problems([("1", "hard (hall 2)", 290), ("2", "hard (hall 3)", 220)]) == []
    dip = [("1", "easy", 30.0), ("2", "easy", 20.0), ("3", "easy", 40.0)]
    assert curve_problems(dip) == ["2 scores 20.0, below 30.0 before it"]
    assert curve_problems(dip, dip_ok=frozenset({"2"})) == []
    assert curve_problems(dip, tolerance=TOLERANCE) == []
    assert curve_problems(
        [("1", "easy", 50.0), ("2", "easy", 20.0), ("3", "easy", 60.0)], TOLERANCE
    )


PACKS = [(m, p) for m in registry.all_modes() for p in m.shipped_packs()]


@pytest.mark.parametrize(("mode", "pack"), PACKS, ids=[f"{m.cli_name}-{p.pack}" for m, p in PACKS])
def test_every_pack_rises_to_its_finale(mode: object, pack: object) -> None:
    levels: list[Level] = []
    for lv in pack.levels:  # type: ignore[attr-defined]
        g = mode.grade(lv)  # type: ignore[attr-defined]
        assert g.solved, f"{lv.id}: the logic solver is stuck ({g.grade})"
        levels.append((lv.id, g.grade, g.score))
    if mode.cli_name == "stroke":  # type: ignore[attr-defined]
        assert curve_problems(levels, STROKE_TOLERANCE, frozenset(DIP_OK)) == []
    else:
        assert curve_problems(levels, TOLERANCE) == []
