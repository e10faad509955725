"""Number Stroke in Chromium on a 390×844 touch phone and a desktop mouse (seed 000 §5, §6, §9, §10)."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import pytest
from browser_support import Pointer, animations_done, shot, unit_route
from stroke_helpers import (
    MODE,
    SAVE_KEY,
    animating,
    at_units,
    board_state,
    centre,
    open_level,
    path_of,
    view,
    wait_animated,
    wait_settled,
    watch_animations,
)

#: tests of behaviour that does not depend on the device run on the phone only
TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)

DEMO_SOLUTION = list("slmjhBdecbaAfgi")  # seed 000 §7.3
WRONG_DEMO = ["s", "l", "m", "j", "i", "g", "h", "B"]


def drag_cells(page: Any, pointer: Pointer, cells: list[str], steps: int = 3) -> None:
    pointer.drag([centre(page, c) for c in cells], steps=steps)


def test_clear_1_1_then_the_next_level_opens(page: Any, pointer: Pointer, device: str) -> None:
    page.goto(f"{page.base_url}/#/{MODE}")
    page.click('.tile[data-level="1-1"]')
    wait_settled(page, "1-1")
    assert page.text_content("#caption") == "从一个数字滑到邻格"
    assert page.text_content(".ns-tip") == "按住滑动连线 · 点已走格回退"
    assert page.text_content("#tb-title") == "1-1"
    assert page.text_content("#tb-counter") == "还剩 3 格"
    if device == "touch":
        shot(page, "stroke-1-1-start")
    drag_cells(page, pointer, view(page, "1-1")["solution"])
    assert page.text_content("#tb-counter") == "还剩 0 格"
    pointer.tap(*centre(page, "a"))  # cleared locks the board: no rewind
    assert page.text_content("#tb-counter") == "还剩 0 格"
    page.wait_for_selector('.ns-svg[aria-label="1-2"]')
    assert page.url.endswith(f"#/{MODE}/1-2")
    save = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert save == {"clearedId": ["1-1"], "currentId": "1-2"}


def test_clear_1_4_big_cell_is_one_step(page: Any, pointer: Pointer, device: str) -> None:
    page.goto(f"{page.base_url}/#/{MODE}")
    page.evaluate(
        f"localStorage.setItem('{SAVE_KEY}', JSON.stringify({{clearedId: ['1-1','1-2','1-3'], currentId: '1-4'}}))"
    )
    page.reload()
    page.click('.tile[data-level="1-4"]')
    wait_settled(page, "1-4")
    assert page.text_content("#caption") == "大格也只算一步"
    v = view(page, "1-4")
    big = [c["id"] for c in v["cells"] if len(c["units"]) == 4]
    assert big, "1-4 has a 2×2 cell"
    drag_cells(page, pointer, v["solution"][:-1])
    steps = {cid: c["step"] for cid, c in board_state(page).items()}
    assert steps[big[0]] == v["solution"].index(big[0]) + 1, "the big cell counts one step"
    if device == "touch":
        shot(page, "stroke-1-4-drawing")
    pointer.tap(*centre(page, v["solution"][-1]))  # tapping next to the end appends
    page.wait_for_selector('.ns-svg[aria-label="1-5"]')
    assert "1-4" in json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["clearedId"]


def test_demo_wrong_move_shows_red_8_and_rewind_clears_it(
    page: Any, pointer: Pointer, device: str
) -> None:
    open_level(page, "demo")
    drag_cells(page, pointer, WRONG_DEMO)
    state = board_state(page)
    assert state["B"] == {"state": "conflict", "step": 8}
    assert page.text_content('.ns-label[data-id="B"] .ns-corner') == "6"
    assert page.text_content('.ns-label[data-id="B"] .ns-num') == "8"
    page.wait_for_function(
        "getComputedStyle(document.querySelector('.ns-cell[data-id=\"B\"] .ns-base')).fill"
        " === 'rgb(229, 72, 77)'"
    )
    dash = page.evaluate(
        "getComputedStyle(document.querySelector('.ns-cell[data-id=\"B\"] .ns-ring')).strokeDasharray"
    )
    assert dash not in ("", "none"), "a conflict also reads without colour (broken outline)"
    if device == "touch":
        animations_done(page)
        shot(page, "stroke-demo-conflict")
    pointer.tap(*centre(page, "j"))  # touching a visited cell rewinds to it
    assert path_of(page) == ["s", "l", "m", "j"]
    assert all(c["state"] != "conflict" for c in board_state(page).values())
    # continue correctly without lifting: j → h → B makes B step 6
    drag_cells(page, pointer, ["j", "h", "B"])
    assert board_state(page)["B"] == {"state": "path", "step": 6}


@TOUCH_ONLY
def test_rewind_without_lifting(page: Any, pointer: Pointer) -> None:
    open_level(page, "demo")
    pts = [centre(page, c) for c in ["s", "l", "m", "j", "m", "l", "i"]]
    pointer.drag(pts, steps=3)
    assert path_of(page) == ["s", "l", "i"]


def test_illegal_start_shakes_the_1(page: Any, pointer: Pointer) -> None:
    open_level(page, "demo")
    pointer.tap(*centre(page, "m"))
    assert path_of(page) == []
    assert animating(page, "s"), "the clue 1 shakes"
    assert not animating(page, "m")


def test_fast_drags_skip_nothing_and_never_jump(page: Any, pointer: Pointer) -> None:
    open_level(page, "demo")
    v = view(page, "demo")
    adj = v["adjacency"]
    # one straight move across two cells: l is interpolated, not skipped
    pointer.drag([centre(page, "s"), centre(page, "m")], steps=1)
    assert path_of(page) == ["s", "l", "m"]
    # a real touch on a history cell wins: one fast move from h back across j and m to l
    drag_cells(page, pointer, ["m", "j", "h"])
    pointer.drag([centre(page, "h"), centre(page, "l")], steps=1)
    assert path_of(page) == ["s", "l"]
    pointer.drag([centre(page, "l"), centre(page, "m")], steps=1)
    # fast diagonal drags through cell corners append no non-adjacent cell
    pointer.drag([centre(page, "m"), at_units(page, 1.5, 2.5)], steps=1)  # m ↗ g across corners
    pointer.drag([centre(page, path_of(page)[-1]), at_units(page, 3.5, 0.5)], steps=1)
    path = path_of(page)
    assert path[:3] == ["s", "l", "m"]
    for a, b in itertools.pairwise(path):
        assert b in adj[a], f"{a} → {b} is not adjacent (path {path})"


def test_reveal_number_and_guide(page: Any, pointer: Pointer, device: str) -> None:
    open_level(page, "demo")
    page.click('[data-action="reveal"]')
    page.wait_for_selector('.ns-label[data-id="a"] .ns-num:text("11")')
    assert page.locator('.ns-cell[data-id="a"] .ns-ring-amber').count() == 1
    if device == "touch":
        shot(page, "stroke-demo-reveal")
    # 指路 on an empty board: the 1 is on screen, so it points at the first step from it
    page.click('[data-action="guide"]')
    page.wait_for_selector('.ns-cell.ns-target[data-id="l"]')
    # off the solution: the last correct cell is highlighted, the wrong part dimmed
    drag_cells(page, pointer, ["s", "l", "m", "j", "i"])
    page.click('[data-action="guide"]')
    page.wait_for_selector('.ns-cell.ns-target[data-id="j"]')
    assert page.locator('.ns-cell.ns-dim[data-id="i"]').count() == 1
    if device == "touch":
        shot(page, "stroke-demo-guide-rewind")
    pointer.tap(*centre(page, "j"))  # tapping the highlight rewinds there
    assert path_of(page) == ["s", "l", "m", "j"]
    page.click('[data-action="guide"]')
    page.wait_for_selector('.ns-cell.ns-target[data-id="h"]')
    # 重开 keeps the revealed number; reveal until none is left, then point to 指路
    page.click('[data-action="restart"]')
    assert path_of(page) == []
    assert page.text_content('.ns-label[data-id="a"] .ns-num') == "11"
    shown = (
        "[...document.querySelectorAll('.ns-label .ns-num')].filter((e) => e.textContent).length"
    )
    toast = "(document.querySelector('#toast')?.textContent ?? '')"
    for _ in range(16):
        before = page.evaluate(shown)
        page.click('[data-action="reveal"]')
        page.wait_for_function(  # one more number, or the toast saying none is left
            f"n => {shown} > n || {toast}.includes('没有可补的数字了')", arg=before
        )
        if page.is_visible("#toast") and "没有可补的数字了" in (page.text_content("#toast") or ""):
            break
    assert "没有可补的数字了" in (page.text_content("#toast") or "")
    numbers = [
        page.text_content(f'.ns-label[data-id="{c}"] .ns-num')
        for c in view(page, "demo")["solution"]
    ]
    assert numbers == [str(k) for k in range(1, 16)]


@TOUCH_ONLY
def test_revealed_number_checks_the_path_at_once(page: Any, pointer: Pointer) -> None:
    open_level(page, "demo")
    drag_cells(page, pointer, ["s", "l", "m", "j", "i", "g", "f", "A", "a", "b", "c", "e"])
    assert path_of(page) == ["s", "l", "m", "j", "i", "g", "f", "A", "a", "b", "c", "e"]
    page.click('[data-action="reveal"]')  # the widest gap is 6..16 → step 11 on a
    page.wait_for_selector('.ns-cell[data-id="a"][data-state="conflict"]')
    assert page.text_content('.ns-label[data-id="a"] .ns-corner') == "11"


def test_progress_survives_reload_and_corrupt_save_resets_alone(
    page: Any, pointer: Pointer
) -> None:
    page.goto(f"{page.base_url}/#/{MODE}/1-1")
    wait_settled(page, "1-1")
    drag_cells(page, pointer, view(page, "1-1")["solution"])
    page.wait_for_selector('.ns-svg[aria-label="1-2"]')
    page.reload()
    page.wait_for_selector('.ns-svg[aria-label="1-2"]')
    page.goto(f"{page.base_url}/#/{MODE}")
    page.wait_for_selector('.tile[data-level="1-1"].cleared')
    assert page.locator('.tile.current[data-level="1-2"]').count() == 1
    assert page.locator('.tile.locked[data-level="1-3"]').count() == 1
    # a corrupt value resets that key alone, without an error screen
    page.evaluate(
        f"localStorage.setItem('{SAVE_KEY}', '{{broken'); localStorage.setItem('mode:other', 'keep')"
    )
    page.reload()
    page.wait_for_selector('.tile.current[data-level="1-1"]')
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == json.dumps(
        {"clearedId": [], "currentId": None}, separators=(",", ":")
    )
    assert page.evaluate("localStorage.getItem('mode:other')") == "keep"
    assert page.locator(".error-box").count() == 0


@TOUCH_ONLY
def test_linear_unlock_and_open_all(page: Any) -> None:
    page.goto(f"{page.base_url}/#/{MODE}")
    page.wait_for_selector(".tile")
    tiles = page.locator(".tile")
    assert tiles.count() >= 10
    assert page.locator(".tile:not(.locked)").count() == 1
    page.goto(f"{page.base_url}/?all=1#/{MODE}")
    page.wait_for_selector(".tile")
    assert page.locator(".tile.locked").count() == 0
    # a locked level's URL falls back to level select
    page.goto(f"{page.base_url}/#/{MODE}/1-5")
    page.wait_for_selector(".tile")
    assert re.search(rf"#/{MODE}$", page.url)


def test_high_contrast_and_reduced_motion_apply(page: Any, pointer: Pointer, device: str) -> None:
    open_level(page, "demo")
    page.click("#tb-menu")
    page.check('input[name="highContrast"]')
    page.check('input[name="reducedMotion"]')
    page.click('[data-menu="close"]')
    assert page.evaluate("document.documentElement.className").split() == ["hc", "rm"]
    drag_cells(page, pointer, WRONG_DEMO)
    assert board_state(page)["B"]["state"] == "conflict"
    hatch = page.evaluate(
        "getComputedStyle(document.querySelector('.ns-cell[data-id=\"B\"] .ns-hatch')).display"
    )
    assert hatch != "none", "high contrast adds stripes to conflicts"
    assert not animating(page, "B"), "reduced motion: only red, no shake"
    if device == "touch":
        shot(page, "stroke-demo-conflict-hc")
    page.reload()
    page.wait_for_selector(".ns-svg")
    assert page.evaluate("document.documentElement.className").split() == ["hc", "rm"]


@TOUCH_ONLY
def test_english_switch(page: Any) -> None:
    open_level(page, "demo")
    page.click("#tb-menu")
    page.click('[data-lang="en"]')
    page.wait_for_selector(".ns-svg")
    assert page.text_content('[data-action="restart"]') == "Restart"
    assert page.text_content("#caption") == "A big cell is one step"


@TOUCH_ONLY
def test_correct_clue_flashes_and_dead_end_nudges(page: Any, pointer: Pointer) -> None:
    open_level(page, "demo")
    drag_cells(page, pointer, ["s", "l", "m", "j", "h"])
    pointer.down(*centre(page, "h"))
    pointer.move(*centre(page, "B"))  # B reached at its clue's step: the outline flashes white
    assert page.locator('.ns-cell.ns-flashed[data-id="B"]').count() == 1
    pointer.up(*centre(page, "B"))
    watch_animations(page)
    drag_cells(page, pointer, ["B", "h", "g", "i"])  # back to h, then g → i: i is a dead end
    assert path_of(page) == ["s", "l", "m", "j", "h", "g", "i"]
    wait_animated(page, "i")  # the end cell of a dead end nudges


@TOUCH_ONLY
def test_parity_clues_and_a_board_without_1(page: Any, pointer: Pointer, device: str) -> None:
    """A level injected for this test: no clue 1 (any cell starts), an even and an L cell."""
    from puzzlesmith.core import registry
    from puzzlesmith.server.catalog import catalog
    from puzzlesmith.stroke.board import parse_level

    raw = {
        "id": "t-parity",
        "cells": [
            {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1},
            {"id": "b", "x": 1, "y": 0, "w": 1, "h": 1, "parity": "even"},
            {"id": "L", "x": 2, "y": 0, "w": 2, "h": 2, "shape": [[0, 0], [0, 1], [1, 1]]},
        ],
    }
    level, problems = parse_level(raw)
    assert level is not None, problems
    levels = catalog(registry.get(MODE)).levels
    levels["t-parity"] = level
    try:
        open_level(page, "t-parity")
        assert page.text_content('.ns-label[data-id="b"] .ns-num') == "偶"
        # the L cell is drawn as an L (6 corners), not as its bounding box
        d = page.get_attribute('.ns-cell[data-id="L"] .ns-base', "d") or ""
        assert d.count("L") == 5, d
        pointer.tap(*centre(page, "b"))  # starting on "even" is step 1: a conflict
        assert board_state(page)["b"] == {"state": "conflict", "step": 1}
        assert page.text_content('.ns-label[data-id="b"] .ns-corner') == "偶"
        if device == "touch":
            animations_done(page)
            shot(page, "stroke-parity-conflict")
        page.click('[data-action="restart"]')
        drag_cells(page, pointer, ["a", "b"])
        assert board_state(page)["b"] == {"state": "path", "step": 2}
        assert page.text_content('.ns-label[data-id="b"] .ns-sub') == "偶"
        pointer.drag([centre(page, "b"), at_units(page, 2.5, 0.5)], steps=2)
        # a hidden level is not saved; clearing it returns to level select
        page.wait_for_selector(".tile")
        assert "t-parity" not in (page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") or "")
    finally:
        levels.pop("t-parity", None)


@TOUCH_ONLY
def test_every_shipped_level_clears_by_touch(page: Any, pointer: Pointer) -> None:
    """All listed levels, each drawn by a real touch drag along its solution; the last
    one returns to level select."""
    packs = page.request.get(f"{page.base_url}/api/modes/{MODE}/packs").json()["packs"]
    ids = [lv["id"] for p in packs for lv in p["levels"]]
    for lid in ids:
        open_level(page, lid)
        v = view(page, lid)
        pointer.drag([at_units(page, x, y) for x, y in unit_route(v, v["solution"])], steps=1)
        assert page.get_attribute(".ns-svg", "data-cleared") == "true", (lid, path_of(page))
    # the last level, once its clear animation ends, returns to level select
    page.wait_for_selector(f'.tile.cleared[data-level="{ids[-1]}"]')
    assert page.url.endswith(f"#/{MODE}")


@TOUCH_ONLY
def test_hints_and_clear_work_with_the_server_gone(page: Any, pointer: Pointer) -> None:
    """After load the level plays offline: hints come from the baked solution."""
    open_level(page, "demo")
    page.route("**/api/**", lambda route: route.abort())
    page.click('[data-action="reveal"]')
    page.wait_for_selector('.ns-label[data-id="a"] .ns-num:text("11")')
    page.click('[data-action="guide"]')
    page.wait_for_selector('.ns-cell.ns-target[data-id="l"]')
    drag_cells(page, pointer, DEMO_SOLUTION)
    assert page.get_attribute(".ns-svg", "data-cleared") == "true"
    page.wait_for_selector(".tile")  # a hidden level returns to level select (packs cached)
