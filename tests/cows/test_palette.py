"""Region colours a player cannot confuse (issue #21): every region its own colour, and
touching regions far apart for normal, deuteranope and protanope vision."""

from __future__ import annotations

import itertools

import pytest

from puzzlesmith.cows import MODE as COWS
from puzzlesmith.cows.board import board_of
from puzzlesmith.cows.palette import PALETTE, delta_e, lab, worst_difference
from puzzlesmith.cows.render import region_colours, region_neighbours

#: CIEDE2000: ~2.3 is just noticeable; touching regions must be clearly apart.
TOUCHING_MIN = 15.0


def test_delta_e_matches_the_published_reference_pairs() -> None:
    # Sharma, Wu & Dalal (2005), CIEDE2000 test data, pairs 1 and 17
    assert delta_e((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)) == pytest.approx(
        2.0425, abs=1e-4
    )
    assert delta_e((50.0, 2.5, 0.0), (73.0, 25.0, -18.0)) == pytest.approx(27.1492, abs=1e-4)


def test_simulated_colour_blindness_merges_red_and_green() -> None:
    red, green = "#D62728", "#2CA02C"
    assert delta_e(lab(red), lab(green)) > 60
    for vision in ("deuteranopia", "protanopia"):
        assert delta_e(lab(red, vision), lab(green, vision)) < delta_e(lab(red), lab(green)) / 2


def test_palette_colours_are_pairwise_apart() -> None:
    for a, b in itertools.combinations(PALETTE, 2):
        assert delta_e(lab(a), lab(b)) >= 13, (a, b)
        assert worst_difference(a, b) >= 7, (a, b)


def test_every_shipped_level_has_distinct_colours_and_touching_regions_contrast() -> None:
    checked = 0
    for pack in COWS.shipped_packs():
        for level in pack.levels:
            b = board_of(level)
            colours = region_colours(b)
            assert len(set(colours)) == len(colours), level.id
            for g, near in enumerate(region_neighbours(b)):
                for h in near:
                    d = worst_difference(colours[g], colours[h])
                    assert d >= TOUCHING_MIN, (
                        f"{level.id}: regions {g}/{h} {colours[g]} {colours[h]} ΔE {d:.1f}"
                    )
            checked += 1
    assert checked >= 40
