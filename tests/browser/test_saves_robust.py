"""Issue #22 item 7: browser saves keep what is valid, say when they fail, and merge tabs.

Before: one extra field, one non-string id or a numeric ``currentId`` discarded every
cleared level of the mode; with storage full a clear looked saved and was not, and the
player was not told; two open tabs overwrote each other's settings.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import Pointer, cell_centre, shot

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("device", ["touch"], indirect=True)]

MODE = "01-number-stroke"
KEY = f"mode:{MODE}"
SAVE_FAILED = "无法保存进度（存储空间已满？）：本次游戏中仍会记住"
_FILL = """() => {
  let chunk = 'x'.repeat(1 << 20), i = 0;
  while (chunk.length) {
    try { localStorage.setItem('fill' + i++, chunk); } catch { chunk = chunk.slice(0, chunk.length >> 1); }
  }
}"""
_RECORD_TOASTS = """() => {
  window.toasts = [];
  let shown = '';
  const el = document.getElementById('toast');
  new MutationObserver(() => {
    const now = el.hidden ? '' : el.textContent;
    if (now && now !== shown) window.toasts.push(now);
    shown = now;
  }).observe(el, {attributes: true, childList: true, characterData: true, subtree: true});
}"""


def clear_level(page: Any, pointer: Pointer, level: str) -> None:
    page.wait_for_selector(f'svg[aria-label="{level}"]')
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    view = page.request.get(f"{page.base_url}/api/modes/{MODE}/levels/{level}").json()
    pointer.drag([cell_centre(page, MODE, c) for c in view["solution"]], steps=3)


def test_a_partly_bad_save_keeps_every_valid_entry(page: Any) -> None:
    page.goto(f"{page.base_url}/#/")
    bad = {"clearedId": ["1-1", 5, "1-2", None, "1-2"], "currentId": 3, "boards": {"1-3": [1]}}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, json.dumps(bad)])
    page.goto(f"{page.base_url}/#/{MODE}")
    page.wait_for_selector(".tile")
    cleared = page.eval_on_selector_all(".tile.cleared", "ts => ts.map((t) => t.dataset.level)")
    assert cleared == ["1-1", "1-2"]
    stored = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert stored == {"clearedId": ["1-1", "1-2"], "currentId": None, "boards": {"1-3": [1]}}
    shot(page, "saves-partly-bad")


def test_full_storage_tells_the_player_once_and_keeps_the_clear_for_the_session(
    page: Any, pointer: Pointer
) -> None:
    page.goto(f"{page.base_url}/#/{MODE}")
    page.wait_for_selector(".tile")
    page.evaluate(_RECORD_TOASTS)
    page.evaluate(_FILL)
    page.click('.tile[data-level="1-1"]')
    clear_level(page, pointer, "1-1")
    page.wait_for_function("location.hash.endsWith('/1-2')", timeout=8000)
    page.click("#tb-back")
    page.wait_for_selector('.tile[data-level="1-1"].cleared')  # remembered in this session
    assert page.evaluate(f"localStorage.getItem('{KEY}')") is None  # storage really refused it
    toasts = page.evaluate("window.toasts")
    assert toasts.count(SAVE_FAILED) == 1, toasts  # told once, though every later save failed too
    shot(page, "saves-storage-full")


def test_two_tabs_merge_settings_and_clears(context: Any, page: Any) -> None:
    a = page
    a.goto(f"{a.base_url}/#/{MODE}")
    a.wait_for_selector(".tile")
    b = context.new_page()
    b.base_url = a.base_url
    b.goto(f"{a.base_url}/#/{MODE}")
    b.wait_for_selector(".tile")
    a.evaluate("window.puzzlesmith.setSetting('sound', false)")
    # Chromium hands one tab's localStorage write to another renderer asynchronously, so a
    # write in b at the very same moment could not see a's: wait until it reaches b's storage.
    b.wait_for_function(
        "JSON.parse(localStorage.getItem('shell:settings') || '{}').sound === false"
    )
    b.evaluate("window.puzzlesmith.setSetting('highContrast', true)")
    # the same the other way: wait until b's write reaches a, then it must hold both changes
    a.wait_for_function(
        "JSON.parse(localStorage.getItem('shell:settings') || '{}').highContrast === true"
    )
    stored = json.loads(a.evaluate("localStorage.getItem('shell:settings')"))
    assert stored["sound"] is False and stored["highContrast"] is True
    a.wait_for_function("document.documentElement.classList.contains('hc')")  # live in tab a
    assert b.evaluate("window.puzzlesmith.settings.sound") is False
    # a clear in tab b shows up in tab a's level select, and tab a's next save keeps it
    b.click('.tile[data-level="1-1"]')
    clear_level(b, Pointer(b, "touch"), "1-1")
    a.wait_for_selector('.tile[data-level="1-1"].cleared')
    a.evaluate("(m) => window.puzzlesmith.go(m, '1-2')", MODE)
    a.wait_for_selector('svg[aria-label="1-2"]')
    stored = json.loads(a.evaluate(f"localStorage.getItem('{KEY}')"))
    assert "1-1" in stored["clearedId"] and stored["currentId"] == "1-2"
    shot(a, "saves-two-tabs")
    b.close()
