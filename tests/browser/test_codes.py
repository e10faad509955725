"""#/play/<level code> on a 390×844 touch phone: each mode opens a code's level and clears it.

The level is in no pack: after the clear the game shows that mode's level select, and
nothing is saved as cleared; a bad code shows the engine's one-line message.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import Pointer, play_solution, shot

from puzzlesmith.core import registry
from puzzlesmith.core.codes import encode_level

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)

#: mode → (a small shipped level, its board's selector prefix, code with text?)
CASES = {
    "01-number-stroke": ("1-5", "ns", False),
    "03-hex-walls": ("1-3", "hx", True),
    "04-cows": ("1-2", "cw", True),
}


@TOUCH_ONLY
@pytest.mark.parametrize("mode_id", list(CASES))
def test_play_a_level_code_and_clear_it(page: Any, pointer: Pointer, mode_id: str) -> None:
    level_id, prefix, text = CASES[mode_id]
    mode = registry.get(mode_id)
    code = encode_level(mode, mode.find_level(level_id)[1], text=text)
    data = page.request.get(f"{page.base_url}/api/codes/{code}").json()
    view = data["level"]
    page.goto(f"{page.base_url}/#/play/{code}")
    page.wait_for_selector(f'.{prefix}-svg[aria-label="{view["id"]}"]')
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.text_content("#tb-title") == (level_id if text else "分享的关卡")
    shot(page, f"code-{mode.cli_name}-start")
    play_solution(page, pointer, mode_id, view["solution"])
    page.wait_for_function(f"location.hash === '#/{mode_id}'", timeout=8000)
    page.wait_for_selector(".tile")  # the mode's level select
    shot(page, f"code-{mode.cli_name}-after")
    save = page.evaluate(f"localStorage.getItem('mode:{mode_id}')")
    assert save is None or level_id not in json.loads(save).get("clearedId", [])


@TOUCH_ONLY
def test_a_bad_code_shows_the_engine_message(page: Any) -> None:
    # the server's code in the player's words: no English engine text on a Chinese screen
    page.goto(f"{page.base_url}/#/play/CACA6Chu4wA")
    page.wait_for_selector(".error-box")
    text = page.text_content(".error-box")
    assert text.startswith("关卡码有误：") and "少抄或抄错" in text, text
    assert not any("a" <= ch.lower() <= "z" for ch in text), text  # no engine English
    shot(page, "code-bad")
    page.click(".error-box button")  # 返回首页
    page.wait_for_selector(".mode-card")
