"""Issue #21's small things and Cows readability, as a player meets them on a 390×844
touch phone (the layout width check uses the 1280×800 desktop)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import (
    Pointer,
    animations_done,
    past_double_tap,
    record_toasts,
    shot,
    wait_toast,
)
from stroke_helpers import centre as ns_centre
from stroke_helpers import open_level as ns_open

TOUCH = pytest.mark.parametrize("device", ["touch"], indirect=True)
MOUSE = pytest.mark.parametrize("device", ["mouse"], indirect=True)
COWS = "04-cows"
HEX = "03-hex-walls"

_BOX = "(sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }"


def english(page: Any) -> None:
    page.add_init_script("localStorage.setItem('shell:settings', JSON.stringify({lang: 'en'}))")


def box(page: Any, sel: str) -> list[float]:
    out: list[float] = page.evaluate(_BOX, sel)
    return out


def open_cows(page: Any, level_id: str) -> None:
    page.goto(f"{page.base_url}/?all=1#/{COWS}/{level_id}")
    page.wait_for_selector(f'.cw-svg[aria-label="{level_id}"]')
    # the mode's stylesheet may still be loading on a busy machine: wait until it applies
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('.cw-hatch')).display === 'none'"
    )
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def cow_cell(page: Any, i: int) -> list[float]:
    return box(page, f'.cw-cell[data-i="{i}"] .cw-base')


def tap_cell(page: Any, pointer: Pointer, i: int) -> None:
    x, y, w, h = cow_cell(page, i)
    before = page.get_attribute(".cw-svg", "data-moves")
    pointer.tap(x + w / 2, y + h / 2)
    page.wait_for_function("b => document.querySelector('.cw-svg').dataset.moves !== b", arg=before)
    past_double_tap(page)  # the next tap on this cell is a tap of its own


def states(page: Any) -> list[str]:
    out: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('.cw-cell')].map((g) => g.dataset.state)"
    )
    return out


@TOUCH
def test_parity_badge_and_step_number_never_overlap(page: Any, pointer: Pointer) -> None:
    """A step onto a parity cell of the wrong parity shows the badge and the step apart."""
    english(page)
    for lang in ("en", "zh"):
        ns_open(page, "3-3")  # the even h: d → e → h lands it on step 3
        page.evaluate(f"window.puzzlesmith.setSetting('lang', '{lang}')")
        pointer.drag([ns_centre(page, c) for c in ("d", "e", "h")])
        page.wait_for_selector('.ns-cell[data-id="h"][data-state="conflict"]')
        animations_done(page)  # the pop and the shake are over: measure the still board
        badge = box(page, '.ns-label[data-id="h"] .ns-badge')
        num = box(page, '.ns-label[data-id="h"] .ns-num')
        corner = page.text_content('.ns-label[data-id="h"] .ns-corner')
        assert corner == ("even" if lang == "en" else "偶")
        overlap_x = min(badge[0] + badge[2], num[0] + num[2]) - max(badge[0], num[0])
        overlap_y = min(badge[1] + badge[3], num[1] + num[3]) - max(badge[1], num[1])
        assert overlap_x <= 0 or overlap_y <= 0, (lang, badge, num)
        cell = box(page, '.ns-cell[data-id="h"] .ns-base')
        assert badge[0] >= cell[0] - 1 and badge[0] + badge[2] <= cell[0] + cell[2] + 1
        shot(page, f"ux-parity-badge-{lang}")


@TOUCH
def test_hex_tip_and_blocked_step(page: Any, pointer: Pointer) -> None:
    english(page)
    page.goto(f"{page.base_url}/?all=1#/{HEX}/1-3")
    page.wait_for_selector('.hx-svg[aria-label="1-3"]')
    assert "orange" not in page.text_content(".hx-tip")
    view = page.request.get(f"{page.base_url}/api/modes/{HEX}/levels/1-3").json()
    a, b = view["walls"][0]["cells"]
    cells = {c["id"]: c for c in view["cells"]}
    start = next(c["id"] for c in view["cells"] if c.get("clue") == 1)

    def at(cid: str) -> tuple[float, float]:
        m = page.evaluate(
            "([x, y]) => { const p = new DOMPoint(x, y).matrixTransform(document.querySelector('.hx-svg').getScreenCTM()); return [p.x, p.y]; }",
            [cells[cid]["x"], cells[cid]["y"]],
        )
        return float(m[0]), float(m[1])

    # walk the solution until one end of the wall is the path's end, then step across it
    path = view["solution"]
    k = min(i for i, c in enumerate(path) if c in (a, b))
    other = b if path[k] == a else a
    assert path[0] == start
    record_toasts(page)
    pointer.drag([at(c) for c in path[: k + 1]] + [at(other)])
    assert wait_toast(page, "A wall blocks that step") == "A wall blocks that step"
    shot(page, "ux-hex-blocked")
    page.goto(f"{page.base_url}/?all=1#/{HEX}/2-1")
    page.wait_for_selector('.hx-svg[aria-label="2-1"]')
    assert "orange" in page.text_content(".hx-tip")


@TOUCH
def test_locked_levels_show_a_lock_and_actions_share_names(page: Any) -> None:
    english(page)
    page.goto(f"{page.base_url}/#/{COWS}")
    page.wait_for_selector(".tile.locked")
    mask = page.evaluate(
        "() => getComputedStyle(document.querySelector('.tile.locked'), '::after').webkitMaskImage"
    )
    assert "svg" in mask
    assert page.evaluate(
        "() => getComputedStyle(document.querySelector('.tile:not(.locked)'), '::after').content"
    ) in ("none", "normal")
    shot(page, "ux-locks")
    names = {}
    for mode, lid, prefix in (
        ("01-number-stroke", "1-1", "ns"),
        (HEX, "1-1", "hx"),
        (COWS, "1-1", "cw"),
    ):
        page.goto(f"{page.base_url}/?all=1#/{mode}/{lid}")
        page.wait_for_selector(f".{prefix}-btn")
        clipped = page.evaluate(
            f"() => [...document.querySelectorAll('.{prefix}-btn')]"
            ".filter((b) => { const r = document.createRange(); r.selectNodeContents(b);"
            " return r.getClientRects().length > 1 || b.scrollWidth > b.clientWidth; })"
            ".map((b) => b.textContent)"
        )
        assert clipped == [], (mode, clipped)  # every label on one line, nothing cut off
        names[mode] = {
            b["action"]: b["text"]
            for b in page.evaluate(
                f"() => [...document.querySelectorAll('.{prefix}-btn')].map((b) => ({{action: b.dataset.action, text: b.getAttribute('aria-label') || b.textContent}}))"
            )
        }
    assert {m["restart"] for m in names.values()} == {"Restart"}
    assert names["01-number-stroke"]["reveal"] == names[HEX]["reveal"] == "Add number"
    assert names["01-number-stroke"]["guide"] == names[HEX]["guide"] == "Show way"
    assert names["01-number-stroke"]["why"] == names[HEX]["why"] == "Why"
    assert names[HEX]["undo"] == names[COWS]["undo"] == "Undo"


@MOUSE
def test_desktop_layout_has_a_maximum_width_and_keys_work(page: Any) -> None:
    page.goto(f"{page.base_url}/?all=1#/")
    page.wait_for_selector(".mode-card")
    assert box(page, ".mode-card")[2] <= 720
    open_cows(page, "1-1")
    assert box(page, ".cw-buttons")[2] <= 720
    page.mouse.click(*center(cow_cell(page, 0)))
    page.wait_for_selector('.cw-svg[data-moves="1"]')
    page.keyboard.press("Control+z")
    assert page.get_attribute(".cw-svg", "data-moves") == "0"
    page.keyboard.press("Control+Shift+Z")
    assert page.get_attribute(".cw-svg", "data-moves") == "1"
    shot(page, "ux-desktop-cows")
    page.keyboard.press("Escape")
    page.wait_for_selector(".level-select")
    page.keyboard.press("Escape")
    page.wait_for_selector(".mode-card")


def center(b: list[float]) -> tuple[float, float]:
    return b[0] + b[2] / 2, b[1] + b[3] / 2


@TOUCH
def test_cows_letters_are_their_own_setting(page: Any) -> None:
    open_cows(page, "1-1")  # 5×5: off by default, high contrast does not turn them on
    assert not page.is_visible(".cw-letter")
    page.evaluate("window.puzzlesmith.setSetting('highContrast', true)")
    assert not page.is_visible(".cw-letter")
    open_cows(page, "3-1")  # 9×9: on by default
    assert page.is_visible(".cw-letter")
    page.click('[data-action="letters"]')
    assert not page.is_visible(".cw-letter")
    open_cows(page, "1-1")  # the choice is kept
    assert not page.is_visible(".cw-letter")
    page.click('[data-action="letters"]')
    assert page.is_visible(".cw-letter")
    shot(page, "ux-cows-letters-5x5")


@TOUCH
def test_cows_board_never_moves_and_cells_are_big_enough(page: Any, pointer: Pointer) -> None:
    for lid, least in (("3-1", 40.0), ("4-1", 37.5), ("4-2", 33.0)):
        open_cows(page, lid)
        n = int(page.evaluate("() => Math.sqrt(document.querySelectorAll('.cw-cell').length)"))
        side = cow_cell(page, 0)[2]
        assert side >= least, (lid, n, side)
        assert box(page, ".cw-svg")[0] >= 0 and sum(box(page, ".cw-svg")[::2]) <= 390
    open_cows(page, "3-1")
    before = box(page, ".cw-svg")
    page.click('.cw-btn[data-action="hint"]')
    page.wait_for_selector(".cw-hintbox:not([hidden])")
    assert box(page, ".cw-svg") == before
    hinted = page.evaluate("() => document.querySelectorAll('.cw-because, .cw-target').length")
    assert hinted >= 1  # the hint's cells are ringed on the board
    shot(page, "ux-cows-hint")
    tap_cell(page, pointer, 0)  # the hint goes, the tip comes back: still in place
    assert box(page, ".cw-svg") == before
    page.evaluate("window.puzzlesmith.toast('A toast')")  # the running shell's own toast
    page.wait_for_selector("#toast:not([hidden])")
    assert box(page, ".cw-svg") == before


@TOUCH
def test_half_played_cows_board_survives_reload_and_level_switch(
    page: Any, pointer: Pointer
) -> None:
    open_cows(page, "2-1")
    for i in (0, 1, 8):
        tap_cell(page, pointer, i)
    tap_cell(page, pointer, 8)  # ✕ → cow
    played = states(page)
    assert played.count("mark") == 2 and played.count("cow") == 1
    page.reload()
    page.wait_for_selector('.cw-svg[aria-label="2-1"]')
    assert states(page) == played
    open_cows(page, "2-2")
    assert set(states(page)) == {"empty"}
    tap_cell(page, pointer, 3)
    open_cows(page, "2-1")
    assert states(page) == played
    page.click('.cw-btn[data-action="undo"]')  # the history came back too
    assert states(page)[8] == "mark"
    save = json.loads(page.evaluate(f"localStorage.getItem('mode:{COWS}')"))
    assert set(save["play"]["boards"]) == {"2-1", "2-2"}
    shot(page, "ux-cows-restored")
    # a board that no longer replays is dropped, not a crash
    page.evaluate(
        f"""() => {{ const s = JSON.parse(localStorage.getItem('mode:{COWS}'));
        s.play.boards['2-1'] = ['cow 99 99']; localStorage.setItem('mode:{COWS}', JSON.stringify(s)); }}"""
    )
    page.reload()
    page.wait_for_selector('.cw-svg[aria-label="2-1"]')
    assert set(states(page)) == {"empty"}
