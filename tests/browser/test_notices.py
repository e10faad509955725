"""Notices never cover the teaching (issue #31, item 3): after a clear the game moves on by
itself, and the replay chip ("完美通关！▶ 看回放"), the achievement toasts and the mode's
own toast ("过关！") appear in the dock over the top bar, never over the next level's
caption, its tip line or its board. One line each, in both languages."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Pointer, play_solution, shot
from cows_play import play_cows

from puzzlesmith.core.registry import get as get_mode

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)

# Every visible notice and every taught thing, as rectangles; the overlaps between them.
_OVERLAPS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (e) => e && !e.hidden && e.getClientRects().length && getComputedStyle(e).display !== 'none';
  const notices = [...document.querySelectorAll('.rp-chip, .ach-toast, #toast')].filter(shown);
  const taught = [...document.querySelectorAll('#caption, .pk-board, .pk-tip, .cw-info')].filter(shown);
  const hits = [];
  for (const n of notices) for (const t of taught) {
    const [a, b] = [box(n), box(t)];
    if (a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]) hits.push(`${n.className || n.id} over ${t.id || t.className}`);
  }
  const tall = notices.filter((n) => n.getBoundingClientRect().height > 48).map((n) => n.className || n.id);
  return {notices: notices.map((n) => n.className || n.id), hits, tall,
          caption: document.getElementById('caption').textContent};
}"""


def watch(page: Any, name: str) -> set[str]:
    """Poll the screen until the chip has had its 6 s (it waits behind achievement toasts): no notice may touch what is taught."""
    seen: set[str] = set()
    shotted: set[str] = set()
    for _ in range(200):
        r = page.evaluate(_OVERLAPS)
        assert not r["hits"], r
        assert not r["tall"], r  # one line in the strip, not a 2–3-line box
        seen.update(r["notices"])
        for kind in r["notices"]:
            if r["caption"] and kind not in shotted:
                page.wait_for_timeout(300)  # past its entry animation
                shot(page, f"{name}-{kind.split()[0]}")
                shotted.add(kind)
        if "rp-chip" in seen and not page.locator(".rp-chip").count():
            break
        page.wait_for_timeout(100)
    return seen


@TOUCH_ONLY
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_cows_clear_notices_leave_the_next_caption_and_board_free(
    page: Any, pointer: Pointer, lang: str
) -> None:
    page.goto(f"{page.base_url}/#/")
    page.evaluate(f"window.puzzlesmith.setSetting('lang', '{lang}')")
    play_cows(page, pointer, comeback=False, level_id="1-1")
    page.wait_for_selector('.cw-svg[aria-label="1-2"]')
    seen = watch(page, f"notices-cows-1-2-{lang}-touch")
    assert "rp-chip" in seen and "ach-toast" in seen, seen


@TOUCH_ONLY
def test_stroke_clear_notices_leave_the_next_caption_free(page: Any, pointer: Pointer) -> None:
    stroke = get_mode("01-number-stroke")
    sol = stroke.view(stroke.find_level("1-2")[1])["solution"]
    page.goto(f"{page.base_url}/?all=1#/01-number-stroke/1-2")
    page.wait_for_selector('.ns-svg[aria-label="1-2"]')
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    play_solution(page, pointer, "01-number-stroke", sol)
    page.wait_for_selector('.ns-svg[aria-label="1-3"]')
    seen = watch(page, "notices-stroke-1-3-zh-touch")
    assert "rp-chip" in seen, seen
