"""A conflict shows its cause (issue #31, minor): on Number Stroke 2-1, 1 → 2 → 3 → the big
cell turns that cell red at step 4 because the clue 4 is elsewhere; that clue is ringed in
red too, so the player sees what the red cell clashes with."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Pointer, play_solution, shot
from stroke_helpers import open_level

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)


@TOUCH_ONLY
def test_the_clue_a_step_clashes_with_is_marked(page: Any, pointer: Pointer) -> None:
    open_level(page, "2-1")
    play_solution(page, pointer, "01-number-stroke", ["m", "n", "k", "d"])
    page.wait_for_selector('.ns-cell.ns-conflict[data-id="d"]')
    assert page.locator('.ns-cell[data-id="j"] .ns-ring-cause').count() == 1  # the clue 4
    assert page.locator(".ns-ring-cause").count() == 1
    shot(page, "stroke-2-1-conflict-cause-touch")
    page.click('[data-action="restart"]')
    page.wait_for_function("!document.querySelector('.ns-ring-cause')")


@TOUCH_ONLY
def test_a_wall_turned_onto_a_crossed_edge_is_drawn_under_the_path(
    page: Any, pointer: Pointer
) -> None:
    """Hex 2-1: after the 4th step the turning wall lands on the edge the path crossed from
    3 to 4; it is drawn dashed (it came after the step), not as a wall the line runs through."""
    from puzzlesmith.core.registry import get as get_mode

    hexm = get_mode("03-hex-walls")
    sol = hexm.view(hexm.find_level("2-1")[1])["solution"]
    page.goto(f"{page.base_url}/?all=1#/03-hex-walls/2-1")
    page.wait_for_selector('.hx-svg[aria-label="2-1"]')
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    play_solution(page, pointer, "03-hex-walls", sol, upto=3)
    assert page.locator(".hx-turner.hx-crossed").count() == 0
    page.click('.hx-btn[data-action="restart"]')
    play_solution(page, pointer, "03-hex-walls", sol, upto=4)
    page.wait_for_selector(".hx-turner.hx-crossed")
    shot(page, "hex-2-1-turned-wall-crossed-touch")
