"""Cows 10×10 on a 390 px phone (issue #31, minor): the board goes edge to edge and a pinch
zooms it until cells are well over 40 px (the finger minimum), a tap still lands on the cell
under the finger, and a hint ring never hides a region letter."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Pointer, shot

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)

_CELL = """(i) => { const r = document.querySelector(`.cw-cell[data-i="${i}"] .cw-base`).getBoundingClientRect();
  return [r.width, r.left + r.width / 2, r.top + r.height / 2]; }"""


def pinch(page: Any, centre: tuple[float, float], start: float, end: float, steps: int = 8) -> None:
    """Two fingers about ``centre``, spread from ``start`` to ``end`` px apart (CDP touch)."""
    cdp = page.context.new_cdp_session(page)
    cx, cy = centre

    def points(d: float) -> list[dict[str, Any]]:
        return [
            {"x": cx - d / 2, "y": cy, "id": 1, "radiusX": 4, "radiusY": 4},
            {"x": cx + d / 2, "y": cy, "id": 2, "radiusX": 4, "radiusY": 4},
        ]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(start)})
    for k in range(1, steps + 1):
        d = start + (end - start) * k / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(d)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


@TOUCH_ONLY
def test_a_10x10_board_pinches_to_40_px_cells_and_taps_land(page: Any, pointer: Pointer) -> None:
    page.goto(f"{page.base_url}/?all=1#/04-cows/4-1")
    page.wait_for_selector('.cw-svg[aria-label="4-1"]')
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    n = page.locator(".cw-cell").count()
    assert n == 100
    width = page.evaluate(_CELL, 0)[0]
    assert width >= 38, width  # edge to edge: 390 px across ten cells
    board = page.eval_on_selector(
        ".cw-svg",
        "e => { const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }",
    )
    pinch(page, (board[0], board[1]), 60, 140)
    page.wait_for_function("Number(document.querySelector('.cw-svg').dataset.zoom || 1) > 1.5")
    width = page.evaluate(_CELL, 55)[0]
    assert width >= 44, width
    assert page.locator(".cw-cell[data-state=mark]").count() == 0  # the pinch marked nothing
    # a tap on a visible cell marks that cell, zoomed as it is
    _, x, y = page.evaluate(_CELL, 55)
    pointer.tap(x, y)
    page.wait_for_selector('.cw-cell[data-i="55"][data-state="mark"]')
    assert page.locator(".cw-cell[data-state=mark]").count() == 1
    shot(page, "cows-4-1-pinched-touch")


@TOUCH_ONLY
def test_a_hint_ring_leaves_the_region_letter_readable(page: Any, pointer: Pointer) -> None:
    page.goto(f"{page.base_url}/?all=1#/04-cows/3-1")
    page.wait_for_selector('.cw-svg[aria-label="3-1"]')
    page.click('.cw-btn[data-action="hint"]')
    page.wait_for_selector(".cw-target, .cw-because")
    cell = page.locator(".cw-target, .cw-because").first
    letter_stroke = cell.locator(".cw-letter").evaluate("e => getComputedStyle(e).stroke")
    base_fill = cell.locator(".cw-base").evaluate("e => getComputedStyle(e).fill")
    assert letter_stroke == base_fill, (letter_stroke, base_fill)  # a halo of the cell's colour
    order = cell.evaluate("g => [...g.children].map((c) => c.getAttribute('class'))")
    assert order.index("cw-letter") > order.index("cw-ring"), order  # drawn over the ring
    shot(page, "cows-3-1-hint-letters-touch")
