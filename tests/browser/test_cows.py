"""Cows in Chromium on a 390×844 touch phone: taps, double-tap auto-mark and its undo,
drag marking and erasing, long-press outline, conflicts, a hint, and a solved 5×5."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import Pointer, shot, tap_cow

from puzzlesmith.cows import MODE as COWS
from puzzlesmith.cows.board import board_of

MODE = "04-cows"
SAVE_KEY = f"mode:{MODE}"
TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)
MOUSE_ONLY = pytest.mark.parametrize("device", ["mouse"], indirect=True)

_CENTRE = """(i) => {
  const r = document.querySelector(`.cw-cell[data-i="${i}"] .cw-base`).getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}"""
_STATES = "() => [...document.querySelectorAll('.cw-cell')].map((g) => g.dataset.state)"


def open_level(page: Any, level_id: str) -> None:
    page.goto(f"{page.base_url}/?all=1#/{MODE}/{level_id}")
    page.wait_for_selector(f'.cw-svg[aria-label="{level_id}"]')
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def centre(page: Any, i: int) -> tuple[float, float]:
    x, y = page.evaluate(_CENTRE, i)
    return float(x), float(y)


def states(page: Any) -> list[str]:
    out: list[str] = page.evaluate(_STATES)
    return out


def tap(page: Any, pointer: Pointer, i: int, times: int = 1) -> None:
    """One tap, returned once the board took it; ``times=2``: a double tap, at once."""
    if times == 1:
        tap_cow(page, pointer, i)
        return
    for _ in range(times):
        pointer.tap(*centre(page, i))


def maybes(page: Any) -> list[int]:
    """The cells showing a possible-position mark."""
    return list(
        page.eval_on_selector_all(".cw-cell[data-maybe]", "els => els.map((e) => +e.dataset.i)")
    )


@TOUCH_ONLY
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_possible_positions_on_a_phone_are_kept_and_shown_apart(
    page: Any, pointer: Pointer, lang: str
) -> None:
    page.goto(f"{page.base_url}/#/")
    page.evaluate(f"window.puzzlesmith.setSetting('lang', '{lang}')")
    open_level(page, "1-2")
    page.click('[data-action="maybe"]')  # taps now mark possible positions
    assert page.get_attribute('[data-action="maybe"]', "aria-pressed") == "true"
    for i in (6, 8):
        pointer.tap(*centre(page, i))
        page.wait_for_function(f"document.querySelector('.cw-cell[data-i=\"{i}\"]').dataset.maybe")
    assert maybes(page) == [6, 8] and states(page)[6] == states(page)[8] == "empty"
    assert page.locator(".cw-maybe.on").count() == 2  # drawn: a dashed ring of their own
    shot(page, f"cows-maybe-{lang}-touch")
    page.reload()  # kept with the level's board
    page.wait_for_selector(".cw-cell[data-maybe]")
    assert maybes(page) == [6, 8]
    assert page.get_attribute('[data-action="maybe"]', "aria-pressed") == "false"
    tap(page, pointer, 6)  # a plain tap: ✕, which says more than "maybe"
    assert states(page)[6] == "mark" and maybes(page) == [8]
    assert page.locator(".cw-maybe.on").count() == 1


def solution(level_id: str) -> list[int]:
    view = COWS.view(COWS.find_level(level_id)[1])
    n = view["size"]
    return [r * n + c for r, c in enumerate(view["solution"])]


@TOUCH_ONLY
def test_solve_5x5_with_taps_double_tap_automark_and_undo(page: Any, pointer: Pointer) -> None:
    open_level(page, "1-1")
    lv = COWS.find_level("1-1")[1]
    b = board_of(lv)
    sol = solution("1-1")
    first = sol[0]
    # tap cycle on the first cow's cell: empty → ✕ → cow (slow taps: not a double-tap)
    tap(page, pointer, first)
    assert states(page)[first] == "mark"
    tap(page, pointer, first)  # ✕ → cow: a second tap on a ✕ is never a double tap
    assert states(page)[first] == "cow"
    # double-tap the cow: every cell it rules out is crossed, as one step
    tap(page, pointer, first, times=2)
    after = states(page)
    ruled_out = [j for j in range(b.n * b.n) if b.attack[first] >> j & 1]
    assert after[first] == "cow"
    assert all(after[j] == "mark" for j in ruled_out)
    assert sum(s == "mark" for s in after) == len(ruled_out)
    assert page.get_attribute(".cw-svg", "data-moves") == "3"
    shot(page, "cows-automark-touch")
    # one Undo takes back the whole auto-mark; Redo brings it back; Undo again
    page.click('.cw-btn[data-action="undo"]')
    back = states(page)
    assert back[first] == "cow" and back.count("mark") == 0
    page.click('.cw-btn[data-action="redo"]')
    assert states(page).count("mark") == len(ruled_out)
    page.click('.cw-btn[data-action="undo"]')
    assert states(page).count("mark") == 0
    # place the other cows with taps (✕ then cow)
    for i in sol[1:-1]:
        tap(page, pointer, i)
        tap(page, pointer, i)
    assert page.inner_text("#tb-counter").strip() == f"牛 {len(sol) - 1}/{len(sol)}"
    tap(page, pointer, sol[-1])
    tap(page, pointer, sol[-1])
    page.wait_for_selector('.cw-svg[data-cleared="true"]')
    shot(page, "cows-cleared-touch")
    page.wait_for_function(f"location.hash.endsWith('/{MODE}/1-2')", timeout=5000)
    save = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert "1-1" in save["clearedId"]


@TOUCH_ONLY
def test_drag_marks_then_erases_and_conflicts_show(page: Any, pointer: Pointer) -> None:
    open_level(page, "2-1")
    n = 7
    row = [centre(page, 3 * n + c) for c in range(1, 6)]
    pointer.drag([row[0], row[-1]], steps=8)
    st = states(page)
    assert [st[3 * n + c] for c in range(n)] == ["empty", *["mark"] * 5, "empty"]
    assert page.get_attribute(".cw-svg", "data-moves") == "1"  # one drag, one step
    # a drag starting on a ✕ erases the ✕ it crosses
    pointer.drag([row[1], row[3]], steps=6)
    st = states(page)
    assert [st[3 * n + c] for c in range(n)] == [
        "empty",
        "mark",
        "empty",
        "empty",
        "empty",
        "mark",
        "empty",
    ]
    # two touching cows: both flagged at once
    for i in (0, n + 1):
        tap(page, pointer, i)
        tap(page, pointer, i)
    assert page.locator(".cw-cell.cw-conflict").count() == 2
    shot(page, "cows-conflict-touch")


@TOUCH_ONLY
def test_long_press_outlines_region_and_hint_explains(page: Any, pointer: Pointer) -> None:
    open_level(page, "3-6")
    lv = COWS.find_level("3-6")[1]
    x, y = centre(page, 40)
    pointer.down(x, y)
    page.wait_for_selector(".cw-svg[data-outline]")  # the long press has shown the region
    letter = board_of(lv).letters[board_of(lv).region_of[40]]
    assert page.get_attribute(".cw-svg", "data-outline") == letter
    assert page.get_attribute(".cw-outline-path", "d")
    pointer.up(x, y)
    assert states(page)[40] == "empty"  # a long press is not a tap
    page.click('.cw-btn[data-action="hint"]')
    page.wait_for_selector(".cw-hintbox:not([hidden])")
    text = page.inner_text(".cw-hintbox")
    assert "牛" in text and page.get_attribute(".cw-hintbox", "data-kind") == "step"
    assert page.locator(".cw-cell.cw-because").count() >= 1
    shot(page, "cows-hint-touch")


@MOUSE_ONLY
def test_right_click_marks_a_possible_position_and_timer_hides(page: Any, pointer: Pointer) -> None:
    """Seed 002 §3.3: 右键标记可能位置 — a third mark, neither ✕ nor cow, not a move."""
    open_level(page, "1-2")
    x, y = centre(page, 6)
    page.mouse.click(x, y, button="right")
    assert states(page)[6] == "empty" and maybes(page) == [6]
    assert page.get_attribute(".cw-svg", "data-moves") == "0"  # not a move: no rule reads it
    page.mouse.click(x, y, button="right")
    assert maybes(page) == []
    assert page.is_visible(".cw-timer")
    page.click('.cw-link[data-action="timer"]')
    assert not page.is_visible(".cw-timer")
    page.click('.cw-link[data-action="timer"]')
    assert page.is_visible(".cw-timer")
