"""为什么 / Why on a 390×844 touch phone: from the player's own path, the logic engine's
deduction that fixes the next step is lit on the board (concluded cells as the guide's
target, the cells it rests on ringed) with one sentence in the player's language; a path
off the solution is answered with where it went wrong."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Pointer, play_solution, record_toasts, shot, tap_cow, wait_toast
from hex_boards import old_2_7

from puzzlesmith.core import registry
from puzzlesmith.core.codes import encode_level

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)
#: (mode, class prefix, level, cells walked first): the old Hex 2-7 (tests/core/hex_boards.py,
#: played from its level code) after 6 is explained by Hex Walls' own engine (the path
#: engine has no deduction there)
CASES = [
    ("01-number-stroke", "ns", "2-3", 4),
    ("03-hex-walls", "hx", "2-1", 4),
    ("03-hex-walls", "hx", "old-2-7", 6),
]
#: boards no pack ships, opened from their level code
FIXTURES = {"old-2-7": old_2_7}


@TOUCH_ONLY
@pytest.mark.parametrize(("mode_id", "prefix", "level_id", "k"), CASES)
def test_why_explains_the_next_step_from_the_players_path(
    page: Any, pointer: Pointer, mode_id: str, prefix: str, level_id: str, k: int
) -> None:
    mode = registry.get(mode_id)
    if level_id in FIXTURES:
        level = FIXTURES[level_id]()
        page.goto(f"{page.base_url}/#/play/{encode_level(mode, level, text=True)}")
    else:
        level = mode.find_level(level_id)[1]
        page.goto(f"{page.base_url}/?all=1#/{mode_id}/{level_id}")
    solution = list(mode.solution_of(level))
    page.wait_for_selector(f'.{prefix}-svg[aria-label="{level_id}"]')
    play_solution(page, pointer, mode_id, solution, upto=k)
    page.wait_for_function(
        f"document.querySelectorAll('.{prefix}-cell[data-state=\"path\"], .{prefix}-cell[data-step]').length >= 1"
    )
    expect = mode.hint(level, mode.solution_moves(level)[:k], "why")
    assert expect["verdict"] == "step"
    record_toasts(page)
    page.click('[data-action="why"]')
    page.wait_for_selector(f".{prefix}-cell.{prefix}-target")
    lit = page.eval_on_selector_all(
        f".{prefix}-cell.{prefix}-target", "els => els.map(e => e.dataset.id)"
    )
    assert sorted(lit) == sorted(expect["cells"]) and solution[k] in lit
    # one style for what it concludes (lit), another for what it rests on (ringed)
    ringed = page.eval_on_selector_all(
        f".{prefix}-cell:has(.{prefix}-ring-amber)", "els => els.map(e => e.dataset.id)"
    )
    assert sorted(ringed) == sorted(expect["reads"]) and not set(ringed) & set(lit)
    # the sentence names the step and its cell (no "highlighted cell")
    name = f"({solution[k]})" if "," in solution[k] else solution[k]
    assert expect["reason_zh"].startswith(f"第 {k + 1} 步只能走 {name}，因为")
    # said under the board, in the tip's row (the dock over the top bar stays free)
    page.wait_for_function(
        "t => document.querySelector('.pk-tip').textContent === t", arg=expect["reason_zh"]
    )
    shot(page, f"why-{prefix}-{level_id}-touch")
    # English, and a path that has left the solution: where it went wrong
    page.evaluate("window.puzzlesmith.setSetting('lang', 'en')")
    page.click('[data-action="restart"]')
    moves = mode.solution_moves(level)
    at, wrong = next(
        (j, c)
        for j in range(1, len(solution))
        for c in mode.vote_moves(level, moves[:j])
        if c != solution[j]
    )
    play_solution(page, pointer, mode_id, [*solution[:at], wrong])
    page.click('[data-action="why"]')
    page.wait_for_selector(f'.{prefix}-cell.{prefix}-target[data-id="{wrong}"]')
    said = mode.hint(level, [*moves[:at], f"add {wrong}"], "why")
    assert f"goes wrong from step {at + 1}" in said["reason_en"]
    page.wait_for_function(  # what broke, then where
        "t => document.querySelector('.pk-tip').textContent === t", arg=said["reason_en"]
    )
    shot(page, f"why-{prefix}-{level_id}-mistake-en-touch")


@TOUCH_ONLY
def test_cows_why_button_explains_from_the_players_marks(page: Any, pointer: Pointer) -> None:
    """Cows: 为什么 beside 提示 — the solver's deduction from the cows on the board (read
    cells ringed, concluded cells marked, one sentence), and a misplaced cow pointed at."""
    mode = registry.get("04-cows")
    level = mode.find_level("2-3")[1]
    solution = list(mode.view(level)["solution"])
    page.goto(f"{page.base_url}/?all=1#/04-cows/2-3")
    page.wait_for_selector('.cw-svg[aria-label="2-3"]')
    assert page.get_attribute('[data-action="why"]', "aria-label") == "为什么"
    assert page.inner_text('[data-action="hint"]') == "提示"
    k = 3
    play_solution(page, pointer, "04-cows", solution, upto=k)
    expect = mode.hint(level, mode.solution_moves(level)[:k], "why")
    assert expect["verdict"] == "step"
    page.click('[data-action="why"]')
    page.wait_for_selector(".cw-cell.cw-target")
    lit = page.eval_on_selector_all(".cw-cell.cw-target", "els => els.map(e => e.dataset.id)")
    read = page.eval_on_selector_all(".cw-cell.cw-because", "els => els.map(e => e.dataset.id)")
    assert sorted(lit) == sorted(expect["cells"])
    assert sorted(read) == sorted(expect["reads"])
    box = page.inner_text(".cw-hintbox")
    assert expect["reason_zh"] in box and expect["name_zh"] in box
    shot(page, "why-cw-touch")
    # English, and a cow off the solution: where it went wrong
    page.evaluate("window.puzzlesmith.setSetting('lang', 'en')")
    page.click('[data-action="restart"]')
    page.wait_for_function("!document.querySelector('.cw-cell[data-state=\"cow\"]')")
    n = len(solution)
    wrong = (solution[0] + 3) % n
    for _ in range(2):
        tap_cow(page, pointer, wrong)
    assert page.get_attribute('[data-action="why"]', "aria-label") == "Why"
    page.click('[data-action="why"]')
    page.wait_for_selector(f'.cw-cell.cw-target[data-id="r1c{wrong + 1}"]')
    page.wait_for_function(
        "document.querySelector('.cw-hintbox').textContent.includes('misplaced')"
    )
    shot(page, "why-cw-mistake-en-touch")
    # offline: the Why needs the server (no cow is revealed in its place)
    page.click('[data-action="restart"]')
    page.wait_for_function("!document.querySelector('.cw-cell[data-state=\"cow\"]')")
    record_toasts(page)
    page.route("**/hint", lambda route: route.abort())
    page.click('[data-action="why"]')
    assert "Why needs a connection" in wait_toast(page, "needs a connection")
    assert page.locator(".cw-cell.cw-target").count() == 0
