"""Cows teaches its rules (issues #21, #27; seed 002 §4.3): pack 1's first ten levels
hinge on at least seven ideas of ``cows.teach.IDEAS``, in teaching order, no idea more
than twice, each with its own caption, grades rising; and every idea in IDEAS is needed
by at least one shipped level."""

from __future__ import annotations

from collections import Counter

from puzzlesmith.cows import MODE
from puzzlesmith.cows.board import parse_level
from puzzlesmith.cows.logic import GRADES, grade
from puzzlesmith.cows.teach import IDEAS, find_board, key_idea, needed_ideas, progress, solves_with

#: the idea each of 1-1 .. 1-10 hinges on (tools/cows_pack1.py writes the pack)
PLAN = [
    "column",
    "touch",
    "touch",
    "confinement",
    "confinement",
    "shared-attack",
    "shared-attack",
    "hall-set",
    "window-2x2",
    "squeeze",
]


def test_first_ten_levels_bring_in_seven_ideas_in_order() -> None:
    first = MODE.shipped_packs()[0].levels[:10]
    keys = [key_idea(lv) for lv in first]
    assert keys == PLAN
    assert [IDEAS.index(k) for k in keys] == sorted(IDEAS.index(k) for k in keys)
    assert len(set(keys)) >= 7 and max(Counter(keys).values()) <= 2
    tiers = [GRADES.index(grade(lv).grade.split()[0]) for lv in first]
    assert tiers == sorted(tiers) and tiers[0] == 0
    captions = [lv.caption for lv in first]
    assert all(captions) and len(set(captions)) == 10
    later = MODE.shipped_packs()[0].levels[10:]
    assert not any(lv.caption in captions for lv in later)  # no idea is taught twice


def test_every_idea_is_needed_by_a_shipped_level() -> None:
    needed = {i for p in MODE.shipped_packs() for lv in p.levels for i in needed_ideas(lv)}
    assert [i for i in IDEAS if i not in needed] == []


def test_key_idea_needs_the_rule() -> None:
    """Switching a rule off leaves the solver stuck where the level needs it."""
    lv = parse_level({"id": "t", "regions": ["AAAAB", "AAAAA", "CCDDD", "CCDED", "CCDDD"]})[0]
    assert not solves_with(lv, ())  # no idea at all: not a single step
    assert progress(lv, ()) == 0
    first = MODE.shipped_packs()[0].levels
    assert key_idea(first[0]) == "column"
    assert not solves_with(first[0], ("region-last", "row"))
    assert not solves_with(first[1], IDEAS[:4])
    assert solves_with(first[1], IDEAS[:5])
    assert needed_ideas(first[0]) == ["region-last", "row", "column"]
    # the colour rule's exclusions: needed by 2-1, where touching alone does not do
    lv23 = MODE.shipped_packs()[1].levels[0]
    assert "region" in needed_ideas(lv23)
    assert not solves_with(lv23, [i for i in IDEAS[:5] if i != "region"])


def test_find_board_hinges_on_the_idea_asked_for() -> None:
    lv = find_board(5, "touch", 3, tries=4, rounds=200)
    assert lv is not None and key_idea(lv) == "touch"
    assert find_board(5, "touch", 3, tries=4, rounds=200) == lv  # reproducible
    try:
        find_board(5, "juggling", 1)
    except ValueError as exc:
        assert "unknown idea 'juggling'" in str(exc)
    else:
        raise AssertionError("an unknown idea was accepted")
