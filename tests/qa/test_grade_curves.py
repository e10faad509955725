"""Every shipped pack gets harder as it goes (issue #21): by the project's own logic
grader, a level's grade never falls below the one before it, and a pack's last level is
its hardest. Generic over the registry: any mode with packs and a grader is checked."""

from __future__ import annotations

import re

import pytest

from puzzlesmith.core import registry

GRADES = ("easy", "medium", "hard", "expert")


def difficulty(grade: str, steps: int) -> tuple[int, int, int]:
    """(grade, sub-grade such as Cows' "(hall 3)", logic steps), compared in that order."""
    m = re.fullmatch(r"(\w+)(?: \(\w+ (\d+)\))?", grade)
    assert m and m.group(1) in GRADES, f"unknown grade {grade!r}"
    return GRADES.index(m.group(1)), int(m.group(2) or 0), steps


def curve_problems(levels: list[tuple[str, str, int]]) -> list[str]:
    """The dips and a finale that is not the hardest, for [(id, grade, steps)] in play order."""
    out: list[str] = []
    keys = [difficulty(g, s) for _, g, s in levels]
    for (a, ga, _), (b, gb, _), ka, kb in zip(levels, levels[1:], keys, keys[1:], strict=False):
        if kb[0] < ka[0]:
            out.append(f"{b} ({gb}) is easier than {a} ({ga}) before it")
    if keys and keys[-1] < max(keys):
        hardest = levels[keys.index(max(keys))]
        out.append(
            f"finale {levels[-1][0]} is not the hardest: {hardest[0]} ({hardest[1]}, {hardest[2]} steps)"
        )
    return out


def test_the_curve_check_catches_a_dip_and_a_weak_finale() -> None:
    assert curve_problems([("1", "easy", 3), ("2", "medium", 9), ("3", "hard", 12)]) == []
    assert curve_problems([("1", "medium", 9), ("2", "easy", 3), ("3", "hard", 12)]) == [
        "2 (easy) is easier than 1 (medium) before it"
    ]
    assert curve_problems([("1", "easy", 3), ("2", "expert", 30), ("3", "expert", 24)]) == [
        "finale 3 is not the hardest: 2 (expert, 30 steps)"
    ]
    assert curve_problems([("1", "hard (hall 2)", 29), ("2", "hard (hall 3)", 20)]) == []


PACKS = [(m, p) for m in registry.all_modes() for p in m.shipped_packs()]


@pytest.mark.parametrize(("mode", "pack"), PACKS, ids=[f"{m.cli_name}-{p.pack}" for m, p in PACKS])
def test_every_pack_rises_to_its_finale(mode: object, pack: object) -> None:
    levels = []
    for lv in pack.levels:  # type: ignore[attr-defined]
        g = mode.grade(lv)  # type: ignore[attr-defined]
        assert g.solved, f"{lv.id}: the logic solver is stuck ({g.grade})"
        levels.append((lv.id, g.grade, len(g.steps)))
    assert curve_problems(levels) == []
