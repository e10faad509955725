"""Play without touch or sight (issue 26 item 3): on a desktop, by keyboard alone (Tab to
the board, arrow keys move the cursor, Space/Enter acts, Backspace steps back), one level
of each mode is cleared; the board is an ARIA grid whose cells say their content, and the
one polite live region says each move and conflict. No mouse touches the board."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import shot

from puzzlesmith.core.registry import get as get_mode

DESKTOP = pytest.mark.parametrize("device", ["mouse"], indirect=True)
PREFIX = {"01-number-stroke": "ns", "03-hex-walls": "hx", "04-cows": "cw"}

_CENTRE = """(i) => {
  const r = document.querySelector(`[role=gridcell][data-i="${i}"]`).getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}"""


def level_view(mode_id: str, level_id: str) -> dict[str, Any]:
    mode = get_mode(mode_id)
    view: dict[str, Any] = mode.view(mode.find_level(level_id)[1])
    return view


def open_board(page: Any, mode_id: str, level_id: str) -> None:
    """Open the level and Tab to its board (bounded: the board is in the tab order)."""
    page.goto(f"{page.base_url}/?all=1#/{mode_id}/{level_id}")
    page.wait_for_selector(f'.{PREFIX[mode_id]}-svg[aria-label="{level_id}"][role="grid"]')
    for _ in range(30):
        if page.evaluate("document.activeElement?.getAttribute('role') === 'grid'"):
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached the board")


def cursor(page: Any) -> int:
    return int(page.evaluate("document.activeElement.dataset.cursor"))


def go_to(page: Any, target: int) -> None:
    """Arrow keys until the cursor is on cell ``target``: the axis with the larger gap
    first, the other when that key does not move it (bounded)."""
    for _ in range(60):
        at = cursor(page)
        if at == target:
            return
        (x0, y0), (x1, y1) = page.evaluate(_CENTRE, at), page.evaluate(_CENTRE, target)
        dx, dy = x1 - x0, y1 - y0
        horizontal = "ArrowRight" if dx > 0 else "ArrowLeft"
        vertical = "ArrowDown" if dy > 0 else "ArrowUp"
        keys = [horizontal, vertical] if abs(dx) > abs(dy) else [vertical, horizontal]
        for key in keys:
            page.keyboard.press(key)
            if cursor(page) != at:
                break
    raise AssertionError(f"the cursor never reached cell {target} (at {cursor(page)})")


def live(page: Any) -> str:
    text: str = page.evaluate("document.getElementById('pk-live')?.textContent ?? ''")
    return text


def path_indices(page: Any, prefix: str, ids: list[str]) -> list[int]:
    found: dict[str, int] = page.evaluate(
        f"""() => Object.fromEntries([...document.querySelectorAll('.{prefix}-cell')]
        .map((g) => [g.dataset.id, +g.dataset.i]))"""
    )
    return [found[str(c)] for c in ids]


def assert_cleared_and_focus_kept(page: Any, mode_id: str, level_id: str) -> None:
    p = PREFIX[mode_id]
    page.wait_for_selector(f'.{p}-svg[aria-label="{level_id}"][data-cleared="true"]')
    # the next level opens; focus goes to its board (never lost to the page body)
    page.wait_for_selector(f'.{p}-svg[role="grid"]:not([aria-label="{level_id}"])')
    page.wait_for_function("document.activeElement?.getAttribute('role') === 'grid'")


@DESKTOP
@pytest.mark.parametrize(
    ("mode_id", "level_id"), [("01-number-stroke", "2-1"), ("03-hex-walls", "2-1")]
)
def test_keyboard_clears_a_path_level(page: Any, mode_id: str, level_id: str) -> None:
    sol = [str(c) for c in level_view(mode_id, level_id)["solution"]]
    open_board(page, mode_id, level_id)
    cells = path_indices(page, PREFIX[mode_id], sol)
    go_to(page, cells[0])
    page.keyboard.press("Enter")
    assert "1" in live(page)
    for k, i in enumerate(cells[1:], start=2):
        go_to(page, i)
        if k == len(cells):
            shot(page, f"keyboard-{mode_id}-{level_id}-last-step")
        page.keyboard.press("Space")
        if k < len(cells):
            page.wait_for_function(f"document.activeElement.dataset.len === '{k}'")
    assert_cleared_and_focus_kept(page, mode_id, level_id)


@DESKTOP
def test_keyboard_clears_a_cows_level(page: Any) -> None:
    view = level_view("04-cows", "1-1")
    n = view["size"]
    open_board(page, "04-cows", "1-1")
    for r, c in enumerate(view["solution"]):
        go_to(page, r * n + c)
        page.keyboard.press("Enter")  # ✕
        page.keyboard.press("Enter")  # cow
        if r < n - 1:
            page.wait_for_selector(f'.cw-cell[data-i="{r * n + c}"][data-state="cow"]')
    assert_cleared_and_focus_kept(page, "04-cows", "1-1")


@DESKTOP
def test_backspace_steps_back_and_the_live_region_says_each_move(page: Any) -> None:
    """Number Stroke 2-1: each step is said ("第 k 步"), the conflict too ("冲突"),
    Backspace steps back one; in English the same words in English."""
    sol = [str(c) for c in level_view("01-number-stroke", "2-1")["solution"]]
    open_board(page, "01-number-stroke", "2-1")
    m, n, k, d = path_indices(page, "ns", ["m", "n", "k", "d"])
    assert sol[:3] == ["m", "n", "k"]
    for i in (m, n, k):
        go_to(page, i)
        page.keyboard.press("Enter")
    assert live(page).startswith("第 3 步")
    assert (
        page.get_attribute(f'[role=gridcell][data-i="{k}"]', "aria-label") == "第 3 步，终点，已走"
    )
    go_to(page, d)
    page.keyboard.press("Enter")  # the big cell at step 4: the clue 4 is elsewhere
    page.wait_for_selector('.ns-cell.ns-conflict[data-id="d"]')
    assert "冲突" in live(page) and "第 4 步" in live(page)
    page.keyboard.press("Backspace")
    page.wait_for_function("document.activeElement.dataset.len === '3'")
    assert "还剩" in live(page)
    page.evaluate("window.puzzlesmith.setSetting('lang', 'en')")
    page.keyboard.press("Backspace")
    page.wait_for_function("document.activeElement.dataset.len === '2'")
    assert live(page).startswith("step 2, end, walked")
    assert page.locator("#pk-live[aria-live=polite]").count() == 1
    assert page.locator("[aria-live]").count() == 1  # one live region (toasts are a status)


@DESKTOP
def test_cows_grid_says_cells_and_conflicts(page: Any) -> None:
    view = level_view("04-cows", "1-1")
    n = view["size"]
    open_board(page, "04-cows", "1-1")
    assert page.locator("[role=grid] [role=row]").count() == n
    assert page.locator("[role=row] > [role=gridcell]").count() == n * n
    go_to(page, 1 * n + 2)
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert live(page).startswith("第 2 行第 3 列，奶牛")
    go_to(page, 1 * n + 0)
    page.keyboard.press("Enter")
    assert live(page).startswith("第 2 行第 1 列，打了 ✕")
    page.keyboard.press("Enter")
    page.wait_for_selector(".cw-conflict")
    assert live(page).startswith("同一行里有两头牛")
    label = page.get_attribute(f'[role=gridcell][data-i="{n}"]', "aria-label")
    assert label is not None and label.startswith("第 2 行第 1 列，奶牛") and label.endswith("冲突")
    page.keyboard.press("Backspace")  # undo
    page.wait_for_selector(".cw-conflict", state="detached")
    shot(page, "keyboard-cows-1-1-cursor")


@DESKTOP
def test_focus_follows_screen_changes_and_hex_cells_name_their_walls(page: Any) -> None:
    """A level picked by keys opens with its board focused; Escape back to the list puts
    focus on the title (never on the bare page); a hex cell's words name its walls."""
    page.goto(f"{page.base_url}/?all=1#/03-hex-walls")
    page.wait_for_selector(".tile")
    for _ in range(60):  # 1-3 has a wall
        if page.evaluate("document.activeElement?.dataset.level === '1-3'"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector('.hx-svg[role="grid"]')
    page.wait_for_function("document.activeElement?.getAttribute('role') === 'grid'")
    labels: list[str] = page.evaluate(
        "[...document.querySelectorAll('[role=gridcell]')].map((c) => c.getAttribute('aria-label'))"
    )
    assert all(labels) and any("有墙" in w for w in labels), labels
    page.keyboard.press("Escape")
    page.wait_for_selector(".tile")
    page.wait_for_function("document.activeElement && document.activeElement !== document.body")
    assert page.evaluate("document.activeElement.id") == "tb-title"
