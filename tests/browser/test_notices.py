"""Notices never cover the teaching (issue #31, item 3): after a clear the game moves on by
itself, and the replay chip ("完美通关！▶ 看回放"), the achievement toasts and the mode's
own toast ("过关！") appear in the dock over the top bar, never over the next level's
caption, its tip line or its board. One line each, in both languages."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Pointer, animations_done, play_solution, shot
from cows_play import play_cows

from puzzlesmith.core.registry import get as get_mode

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)
#: the caption each next level teaches with (the packs' zh text, and the English table's)
CAPTIONS = {
    "01-number-stroke": {
        "zh": "走不通时，点已走的格退回",
        "en": "Stuck? Tap a cell you have drawn to go back",
    },
    "03-hex-walls": {
        "zh": "粗线是墙：墙两边的格不能直接走过去",
        "en": "A thick line is a wall: you cannot cross it",
    },
}

# Every visible notice and every taught thing, as rectangles, checked on every frame the
# page draws (a notice can come and go between two polls): what overlapped, what was seen.
_MONITOR = """() => { if (window.__notices) return;
  const log = window.__notices = {seen: [], hits: [], tall: [], gone: false};
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (e) => e && !e.hidden && e.getClientRects().length && getComputedStyle(e).display !== 'none';
  const kind = (n) => (n.className || n.id).split(' ')[0];
  const frame = () => {
    const notices = [...document.querySelectorAll('.rp-chip, .ach-toast, #toast')].filter(shown);
    const taught = [...document.querySelectorAll('#caption, .pk-board, .pk-tip, .cw-info')].filter(shown);
    for (const n of notices) {
      if (!log.seen.includes(kind(n))) log.seen.push(kind(n));
      if (n.getBoundingClientRect().height > 48) log.tall.push(kind(n));  // one line, not 2–3
      for (const t of taught) {
        const [a, b] = [box(n), box(t)];
        if (a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]) log.hits.push(`${kind(n)} over ${t.id || t.className}`);
      }
    }
    // the chip has had its 6 s (it waits behind the achievement toasts) and left
    log.gone = log.seen.includes('rp-chip') && !document.querySelector('.rp-chip');
    if (!log.gone) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}"""


def watch(page: Any, name: str) -> set[str]:
    """Check every frame until the replay chip has come and gone: no notice may touch what
    is taught. Each notice showing with the chip is photographed once it stands still."""
    page.evaluate(_MONITOR)
    page.wait_for_selector(".rp-chip")
    animations_done(page)  # past the entry animations
    for kind in page.evaluate("() => window.__notices.seen"):
        shot(page, f"{name}-{kind}")
    page.wait_for_function("() => window.__notices.gone")
    log = page.evaluate("() => window.__notices")
    assert not log["hits"], log["hits"][:5]
    assert not log["tall"], log["tall"][:5]
    return set(log["seen"])


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


#: path mode → (its board's class prefix, the level cleared, the level it moves on to)
PATH_CLEARS = {"01-number-stroke": ("ns", "1-2", "1-3"), "03-hex-walls": ("hx", "1-2", "1-3")}


@TOUCH_ONLY
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("mode_id", sorted(PATH_CLEARS))
def test_path_clear_notices_leave_the_next_caption_free(
    page: Any, pointer: Pointer, mode_id: str, lang: str
) -> None:
    """Number Stroke 1-2 and Hex Walls 1-2 cleared: the game moves on to 1-3, whose
    caption teaches (going back; walls), and no notice covers it."""
    prefix, cleared, taught = PATH_CLEARS[mode_id]
    mode = get_mode(mode_id)
    sol = mode.view(mode.find_level(cleared)[1])["solution"]
    page.goto(f"{page.base_url}/#/")
    page.evaluate(f"window.puzzlesmith.setSetting('lang', '{lang}')")
    page.goto(f"{page.base_url}/?all=1#/{mode_id}/{cleared}")
    page.wait_for_selector(f'.{prefix}-svg[aria-label="{cleared}"]')
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    play_solution(page, pointer, mode_id, sol)
    page.wait_for_selector(f'.{prefix}-svg[aria-label="{taught}"]')
    short = "stroke" if prefix == "ns" else "hex"
    seen = watch(page, f"notices-{short}-{taught}-{lang}-touch")
    assert "rp-chip" in seen, seen
    assert page.text_content("#caption") == CAPTIONS[mode_id][lang]
    if mode_id == "03-hex-walls":
        assert page.locator(".hx-svg .hx-wall").count() > 0  # the board it teaches on is drawn


@TOUCH_ONLY
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("mode_id", sorted(PATH_CLEARS))
def test_why_leaves_the_level_number_and_cells_left_in_sight(
    page: Any, pointer: Pointer, mode_id: str, lang: str
) -> None:
    """为什么's sentence is said under the board, in the tip's row: the dock over the top
    bar stays empty, so the level number and the cells left are in sight while it is read."""
    prefix, level_id = PATH_CLEARS[mode_id][0], "2-3"
    mode = get_mode(mode_id)
    level = mode.find_level(level_id)[1]
    sol = list(mode.solution_of(level))
    page.goto(f"{page.base_url}/#/")
    page.evaluate(f"window.puzzlesmith.setSetting('lang', '{lang}')")
    page.goto(f"{page.base_url}/?all=1#/{mode_id}/{level_id}")
    page.wait_for_selector(f'.{prefix}-svg[aria-label="{level_id}"]')
    play_solution(page, pointer, mode_id, sol, upto=3)
    page.wait_for_function(f"document.querySelector('.{prefix}-svg').dataset.len === '3'")
    expect = mode.hint(level, mode.solution_moves(level)[:3], "why")
    page.click('[data-action="why"]')
    said = expect["reason_en" if lang == "en" else "reason_zh"]
    page.wait_for_function("t => document.querySelector('.pk-tip').textContent === t", arg=said)
    shown = "() => [...document.querySelectorAll('#dock > *')].filter((e) => !e.hidden && getComputedStyle(e).display !== 'none').length"
    assert page.evaluate(shown) == 0  # nothing over the top bar
    assert page.inner_text("#tb-title") == level_id
    left = len(sol) - 3
    assert str(left) in page.inner_text("#tb-counter")
    shot(page, f"why-in-tip-{prefix}-{lang}-touch")
    pointer.drag(_end_and_next(page, mode_id, sol))  # the next step: the tip is back
    page.wait_for_function("() => !document.querySelector('.pk-tip').dataset.why")


def _end_and_next(page: Any, mode_id: str, sol: list[str]) -> list[tuple[float, float]]:
    from browser_support import cell_centre

    return [cell_centre(page, mode_id, sol[2]), cell_centre(page, mode_id, sol[3])]


@TOUCH_ONLY
def test_unlocks_from_an_earlier_level_do_not_show_on_a_later_one(page: Any) -> None:
    """Unlocks queued on one level show there or on the next (a clear moves on), never two
    levels later: their moment has passed (they are on the achievements screen)."""
    page.goto(f"{page.base_url}/?all=1#/04-cows/1-1")
    page.wait_for_selector('.cw-svg[aria-label="1-1"]')
    url = page.evaluate(
        "performance.getEntriesByType('resource').map((e) => e.name)"
        ".find((n) => n.includes('/shell/achievements.js'))"
    )
    ids = page.evaluate(
        "async () => (await (await fetch('/api/achievements')).json()).achievements.map((a) => a.id)"
    )
    page.evaluate(
        "([u, ids]) => import(u).then((m) => m.showUnlocked(ids.slice(0, 6)))", [url, ids]
    )
    page.wait_for_selector(".ach-toast")
    page.goto(f"{page.base_url}/?all=1#/04-cows/1-2")  # the next level: the queue goes on
    page.wait_for_selector('.cw-svg[aria-label="1-2"]')
    page.goto(f"{page.base_url}/?all=1#/04-cows/1-3")  # two on: what is left is dropped
    page.wait_for_selector('.cw-svg[aria-label="1-3"]')
    page.evaluate(
        "() => { window.__late = []; new MutationObserver((ms) => { for (const m of ms)"
        " for (const n of m.addedNodes) if (n.classList?.contains('ach-toast'))"
        " window.__late.push(n.dataset.id); }).observe(document.body, {subtree: true, childList: true}); }"
    )
    page.wait_for_function("() => !document.querySelector('.ach-toast')")
    # six queued toasts (1.7 s each) would run past this point: none began on 1-3
    assert page.evaluate("window.__late") == []
