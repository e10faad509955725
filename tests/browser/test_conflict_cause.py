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
