"""Error marking the player's way (issue 26 item 2): the ☰ setting 标出错误 立即 / 填满后
(conflicts shown at once, or only once the board is full) and Cows' automatic ✕ around a
placed cow (one undoable step). Each test fails without its setting."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Pointer, cell_centre, past_double_tap, play_solution, shot
from cows_play import solution_cells
from stroke_helpers import open_level

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)


def choose(page: Any, value: str) -> None:
    """☰ → 标出错误 → `value` (instant / full), then close the menu."""
    page.click("#tb-menu")
    page.click(f'[data-setting="conflicts"][data-value="{value}"]')
    assert page.get_attribute(f'[data-value="{value}"]', "aria-pressed") == "true"
    page.keyboard.press("Escape")
    page.wait_for_selector("#menu", state="hidden")


def two_taps(page: Any, pointer: Pointer, i: int) -> None:
    """✕, then cow on Cows cell i, slower than a double tap."""
    for _ in range(2):
        pointer.tap(*cell_centre(page, "04-cows", i))
        past_double_tap(page)


def stored(page: Any) -> dict[str, Any]:
    data: dict[str, Any] = page.evaluate("JSON.parse(localStorage.getItem('shell:settings'))")
    return data


@TOUCH_ONLY
def test_stroke_conflicts_wait_until_the_board_is_full(page: Any, pointer: Pointer) -> None:
    """2-1, 1 → 2 → 3 → the big cell: red at once by default; under 填满后 nothing is red
    or shaken until the path covers every cell, or 检查 / Check is pressed (until the next
    move); switching back marks it at once."""
    open_level(page, "2-1")
    assert page.locator('[data-action="check"]').is_hidden()  # instant: nothing to ask for
    choose(page, "full")
    assert stored(page)["conflicts"] == "full"
    play_solution(page, pointer, "01-number-stroke", ["m", "n", "k", "d"])
    page.wait_for_selector('.ns-cell[data-id="d"][data-step="4"]')
    assert page.locator(".ns-conflict").count() == 0
    assert page.locator(".ns-ring-cause").count() == 0
    shot(page, "stroke-2-1-conflicts-when-full-touch")
    page.click('[data-action="check"]')
    page.wait_for_selector('.ns-cell.ns-conflict[data-id="d"]')
    pointer.tap(*cell_centre(page, "01-number-stroke", "k"))  # back to k: a new position
    page.wait_for_selector('.ns-svg[data-len="3"]')
    play_solution(page, pointer, "01-number-stroke", ["k", "d"])
    page.wait_for_selector('.ns-cell[data-id="d"][data-step="4"]')
    assert page.locator(".ns-conflict").count() == 0  # the check held until the next move
    choose(page, "instant")
    page.wait_for_selector('.ns-cell.ns-conflict[data-id="d"]')
    assert page.locator('[data-action="check"]').is_hidden()


@TOUCH_ONLY
def test_cows_conflicts_wait_until_every_row_has_a_cow(page: Any, pointer: Pointer) -> None:
    """Cows 1-1 under 填满后: cows down the first column clash from the second on, yet
    nothing is red until 检查 / Check (until the next move) or the last row has its cow."""
    n, _ = solution_cells("1-1")
    page.goto(f"{page.base_url}/?all=1#/04-cows/1-1")
    page.wait_for_selector(".cw-svg")
    choose(page, "full")
    for r in range(n - 1):
        two_taps(page, pointer, r * n)
    page.wait_for_selector(f'.cw-cell[data-i="{(n - 2) * n}"][data-state="cow"]')
    assert page.locator(".cw-conflict").count() == 0
    page.click('.cw-btn[data-action="check"]')  # 检查: shown now, until the next move
    page.wait_for_selector(".cw-conflict")
    last = (n - 1) * n
    pointer.tap(*cell_centre(page, "04-cows", last))  # ✕ on the last row: a move
    page.wait_for_selector(".cw-conflict", state="detached")
    past_double_tap(page)  # not a double tap
    pointer.tap(*cell_centre(page, "04-cows", last))  # its cow: every row has one
    page.wait_for_selector(f'.cw-cell[data-i="{last}"][data-state="cow"]')
    page.wait_for_selector(".cw-conflict")
    shot(page, "cows-1-1-conflicts-when-full-touch")


@TOUCH_ONLY
def test_cows_auto_mark_around_a_placed_cow(page: Any, pointer: Pointer) -> None:
    """Off (the default) a new cow marks nothing; on, the cells it rules out get their ✕
    with it, and one undo takes the cow and those ✕ back together."""
    n, sol = solution_cells("1-1")
    page.goto(f"{page.base_url}/?all=1#/04-cows/1-1")
    page.wait_for_selector(".cw-svg")
    first = sol[0]

    two_taps(page, pointer, first)
    page.wait_for_selector(f'.cw-cell[data-i="{first}"][data-state="cow"]')
    assert page.locator('.cw-cell[data-state="mark"]').count() == 0
    page.click('.cw-btn[data-action="restart"]')
    page.wait_for_selector('.cw-cell[data-state="cow"]', state="detached")

    page.click("#tb-menu")
    page.check('input[name="autoMark"]')
    page.keyboard.press("Escape")
    assert stored(page)["autoMark"] is True
    two_taps(page, pointer, first)
    page.wait_for_selector(f'.cw-cell[data-i="{first}"][data-state="cow"]')
    ruled_out = page.evaluate(
        """([i, n]) => { let k = 0; const r = Math.floor(i / n), c = i % n;
        for (const g of document.querySelectorAll('.cw-cell')) {
          const j = +g.dataset.i, rr = Math.floor(j / n), cc = j % n;
          if (j !== i && (rr === r || cc === c || g.dataset.region ===
              document.querySelector(`.cw-cell[data-i="${i}"]`).dataset.region ||
              (Math.abs(rr - r) <= 1 && Math.abs(cc - c) <= 1))) k++;
        } return k; }""",
        [first, n],
    )
    assert page.locator('.cw-cell[data-state="mark"]').count() == ruled_out > 0
    shot(page, "cows-1-1-auto-mark-touch")
    page.click('.cw-btn[data-action="undo"]')  # one step: the cow and its ✕ go together
    page.wait_for_selector(f'.cw-cell[data-i="{first}"][data-state="mark"]')
    assert page.locator('.cw-cell[data-state="mark"]').count() == 1
    page.click('.cw-btn[data-action="redo"]')
    page.wait_for_selector(f'.cw-cell[data-i="{first}"][data-state="cow"]')
    assert page.locator('.cw-cell[data-state="mark"]').count() == ruled_out


def test_settings_name_both_choices_in_english(page: Any) -> None:
    page.goto(f"{page.base_url}/")
    page.evaluate("window.puzzlesmith.setSetting('lang', 'en')")
    page.click("#tb-menu")
    assert page.inner_text('[data-value="full"]') == "When the board is full"
    assert "Auto ✕" in page.inner_text("#menu")


@TOUCH_ONLY
def test_six_buttons_fit_a_phone_in_english(page: Any) -> None:
    """Hex Walls under 填满后 has six buttons (✓ Check added): none cuts its word off."""
    page.goto(f"{page.base_url}/?all=1#/03-hex-walls/2-1")
    page.wait_for_selector(".hx-svg")
    page.evaluate(
        "window.puzzlesmith.setSetting('lang', 'en'); window.puzzlesmith.setSetting('conflicts', 'full')"
    )
    page.wait_for_selector('.hx-btn[data-action="check"]:not([hidden])')
    cut = page.evaluate(
        """[...document.querySelectorAll('.hx-btn:not([hidden])')]
        .filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent)"""
    )
    assert page.locator(".hx-btn:not([hidden])").count() == 6 and cut == [], cut
    shot(page, "hex-2-1-six-buttons-en-touch")
