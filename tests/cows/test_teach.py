"""Cows teaches its rules (issue #21, seed 002 §4.3): pack 1's first ten levels each
bring in one idea, in teaching order, each with its caption, grades rising."""

from __future__ import annotations

from puzzlesmith.cows import MODE
from puzzlesmith.cows.board import parse_level
from puzzlesmith.cows.logic import GRADES, grade
from puzzlesmith.cows.teach import IDEAS, key_idea, solves_with

#: the idea each of 1-1 .. 1-10 hinges on (captions: rows and columns, touching, then
#: the controls and the last free cell on touch boards, confinement both ways, shared attack)
PLAN = [
    "column",
    "touch",
    "touch",
    "touch",
    "touch",
    "touch",
    "confinement",
    "confinement",
    "shared-attack",
    "shared-attack",
]


def test_first_ten_levels_bring_in_their_ideas_in_order() -> None:
    first = MODE.shipped_packs()[0].levels[:10]
    keys = [key_idea(lv) for lv in first]
    assert keys == PLAN
    assert [IDEAS.index(k) for k in keys] == sorted(IDEAS.index(k) for k in keys)
    tiers = [GRADES.index(grade(lv).grade.split()[0]) for lv in first]
    assert tiers == sorted(tiers) and tiers[0] == 0 and tiers[-1] == 1
    captions = [lv.caption for lv in first]
    assert all(captions) and len(set(captions)) == 10
    later = MODE.shipped_packs()[0].levels[10:]
    assert not any(lv.caption in captions for lv in later)  # no idea is taught twice


def test_key_idea_needs_the_rule() -> None:
    """Switching a rule off leaves the solver stuck where the level needs it."""
    lv = parse_level({"id": "t", "regions": ["AAAAB", "AAAAA", "CCDDD", "CCDED", "CCDDD"]})[0]
    assert not solves_with(lv, ())  # no idea at all: not a single step
    assert key_idea(MODE.shipped_packs()[0].levels[0]) == "column"
    assert not solves_with(MODE.shipped_packs()[0].levels[0], ("region-last", "row"))
    assert not solves_with(MODE.shipped_packs()[0].levels[1], IDEAS[:4])
    assert solves_with(MODE.shipped_packs()[0].levels[1], IDEAS[:5])
