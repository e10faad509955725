"""The level editor (#/edit/<mode>) driven by real gestures on a phone (and one desktop run).

Each test builds a small level, watches the live check go from "two or more" to
"unique", then test-plays the level through its code in a fresh browser context.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Pointer, play_solution, serving, shot, tap_until_changed


def _load(name: str, path: Path) -> Any:
    """A sibling test module by path (tests/editor has a ``conftest`` of its own too)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HERE = Path(__file__).resolve().parent
DEVICES = _load("browser_conftest_devices", HERE / "conftest.py").DEVICES
COWS_UNIQUE = _load(
    "editor_levels_for_browser", HERE.parent / "editor" / "editor_levels.py"
).COWS_UNIQUE


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server with its own data dir: publishing writes to a fresh SQLite store."""
    from puzzlesmith.server.app import create_app

    app = create_app(data_dir=Path(tmp_path_factory.mktemp("editor-data")))
    with serving(app) as url:
        yield url
    app.state.daily.close()


TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)

_CENTRE = """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}"""


def centre(page: Any, selector: str) -> tuple[float, float]:
    x, y = page.evaluate(_CENTRE, selector)
    return float(x), float(y)


def verdict(page: Any, want: str) -> None:
    page.wait_for_selector(f'.ed-root[data-verdict="{want}"]', timeout=10000)


def open_editor(page: Any, mode_id: str) -> None:
    page.goto(f"{page.base_url}/#/")
    page.click(f'a[data-edit="{mode_id}"]')
    page.wait_for_selector(".ed-board")


def tool(page: Any, name: str) -> None:
    page.click(f'[data-tool="{name}"]')


def play_link_in_fresh_context(
    browser: Any, page: Any, device_opts: dict[str, Any], prefix: str, link: str | None = None
) -> None:
    """Export → link (or the given one); a second player opens it in a new context and
    clears the level."""
    if link is None:
        page.click('[data-act="export"]')
        link = page.input_value('textarea[name="link"]')
    assert "#/play/" in link
    ctx = browser.new_context(**device_opts, locale="zh-CN", service_workers="block")
    try:
        other = ctx.new_page()
        other.set_default_timeout(8000)
        other.goto(link)
        other.wait_for_selector(f".{prefix}-svg")
        code = link.rsplit("/", 1)[1]
        view = other.request.get(f"{page.base_url}/api/codes/{code}").json()["level"]
        other.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        device = "touch" if device_opts.get("has_touch") else "mouse"
        mode_id = view["mode"]
        play_solution(other, Pointer(other, device), mode_id, view["solution"])
        other.wait_for_function(f"location.hash === '#/{mode_id}'", timeout=8000)
    finally:
        ctx.close()


def test_stroke_level_by_gestures(page: Any, pointer: Pointer, browser: Any, device: str) -> None:
    open_editor(page, "01-number-stroke")
    tool(page, "paint")
    pointer.drag([centre(page, f'[data-unit="{x},0"]') for x in (0, 1, 2, 3)], steps=3)
    pointer.tap(*centre(page, '[data-unit="3,1"]'))
    verdict(page, "multiple")
    assert page.locator('.ed-cell[fill="var(--ed-differ)"]').count() >= 2
    shot(page, f"editor-stroke-multiple-{device}")
    # two squares apart are no catalogue piece: the merge is refused with the rule named
    tool(page, "merge")
    pointer.tap(*centre(page, '[data-unit="0,0"]'))
    pointer.tap(*centre(page, '[data-unit="2,0"]'))
    page.click('[data-act="merge"]')
    page.wait_for_selector('.mode-root[data-refused="shape-catalogue"]')
    assert "不能合并" in page.text_content("#toast")
    page.click('[data-act="clear-selection"]')
    tool(page, "number")
    pointer.tap(*centre(page, '[data-unit="0,0"]'))
    verdict(page, "unique")
    assert page.locator(".ed-problems li").count() == 0  # publishable: no rule broken
    shot(page, f"editor-stroke-unique-{device}")
    # undo brings the ambiguity back, redo the clue (keyboard on the desktop); the draft
    # survives a reload; clear, then import the exported code
    if device == "mouse":
        page.keyboard.press("Control+z")
    else:
        page.click('[data-act="undo"]')
    verdict(page, "multiple")
    if device == "mouse":
        page.keyboard.press("Control+y")
    else:
        page.click('[data-act="redo"]')
    verdict(page, "unique")
    page.click('[data-act="export"]')
    code = page.input_value('textarea[name="code"]')
    page.click('[data-act="close"]')
    page.click('[data-act="new"]')
    verdict(page, "none")
    page.click('[data-act="import"]')
    page.fill('textarea[name="import"]', code)
    page.click('[data-act="do-import"]')
    verdict(page, "unique")
    page.reload()
    verdict(page, "unique")
    # test play in the real play screen, and back to the editor after the clear
    page.click('[data-act="play"]')
    page.wait_for_selector(".ns-svg")
    code = page.evaluate("location.hash").rsplit("/", 1)[1]
    view = page.request.get(f"{page.base_url}/api/codes/{code}").json()["level"]
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    play_solution(page, pointer, "01-number-stroke", view["solution"])
    page.wait_for_function("location.hash === '#/edit/01-number-stroke'", timeout=8000)
    verdict(page, "unique")
    play_link_in_fresh_context(browser, page, DEVICES[device], "ns")


_SVG_POINT = """([x, y]) => {
  const m = document.querySelector('.ed-board').getScreenCTM();
  const q = new DOMPoint(x, y).matrixTransform(m);
  return [q.x, q.y];
}"""


def svg_point(page: Any, x: float, y: float) -> tuple[float, float]:
    sx, sy = page.evaluate(_SVG_POINT, [x, y])
    return float(sx), float(sy)


def hex_centre(q: int, r: int) -> tuple[float, float]:
    return (3**0.5 * (q + r / 2), 1.5 * r)


@TOUCH_ONLY
def test_hex_level_by_gestures(page: Any, pointer: Pointer, browser: Any, device: str) -> None:
    open_editor(page, "03-hex-walls")
    tool(page, "hex")
    for q, r in ((0, 0), (1, 0), (0, 1), (1, 1)):
        pointer.tap(*centre(page, f'[data-hex="{q},{r}"]'))
    verdict(page, "multiple")
    tool(page, "number")
    pointer.tap(*centre(page, '[data-hex="0,0"]'))
    verdict(page, "multiple")
    shot(page, "editor-hex-multiple")
    # "suggest" offers clues from design --suggest; taking one makes it unique, but a
    # board without walls breaks a publish rule, so undo
    page.click('[data-act="suggest"]')
    page.wait_for_selector(".ed-problems li.suggest")
    page.click(".ed-problems li.suggest button")
    verdict(page, "unique")
    page.wait_for_selector('.ed-problems li[data-code="walls-missing"]')
    page.click('[data-act="undo"]')
    verdict(page, "multiple")
    # a turner on the vertex of (0,0), (1,0), (0,1): three positions, a fourth tap removes it
    tool(page, "turner")
    cs = [hex_centre(*h) for h in ((0, 0), (1, 0), (0, 1))]
    vx, vy = sum(c[0] for c in cs) / 3, sum(c[1] for c in cs) / 3
    pointer.tap(*svg_point(page, vx, vy))
    page.wait_for_selector("[data-pivot]")
    assert page.locator(".ed-turner-ghost").count() == 2
    for _ in range(3):  # each tap moves the turner on (the last removes it)
        tap_until_changed(page, pointer, svg_point(page, vx, vy), ".ed-turner-ghost, [data-pivot]")
    assert page.locator("[data-pivot]").count() == 0
    tool(page, "wall")
    (ax, ay), (bx, by) = hex_centre(1, 0), hex_centre(1, 1)
    pointer.tap(*svg_point(page, (ax + bx) / 2, (ay + by) / 2))
    page.wait_for_selector(".ed-wall")
    verdict(page, "unique")
    assert page.locator(".ed-problems li").count() == 0
    shot(page, "editor-hex-unique")
    play_link_in_fresh_context(browser, page, DEVICES[device], "hx")


@TOUCH_ONLY
def test_cows_level_by_gestures(page: Any, pointer: Pointer, browser: Any, device: str) -> None:
    open_editor(page, "04-cows")
    verdict(page, "multiple")  # five row regions
    shot(page, "editor-cows-multiple")
    target = COWS_UNIQUE["regions"]
    start = ["AAAAA", "BBBBB", "CCCCC", "DDDDD", "EEEEE"]
    for letter in "ABCDE":
        cells = [
            (r, c)
            for r in range(5)
            for c in range(5)
            if target[r][c] == letter and start[r][c] != letter
        ]
        if not cells:
            continue
        page.click(f'.ed-swatch[data-letter="{letter}"]')
        for r, c in cells:
            cell = f'rect[data-cell="r{r}c{c}"]'
            tap_until_changed(page, pointer, centre(page, cell), cell)
    verdict(page, "unique")
    assert page.locator(".ed-problems li").count() == 0  # publishable: no rule broken
    assert re.search(r"难度 (简单|中等|困难|专家)", page.text_content(".ed-verdict") or "")
    shot(page, "editor-cows-unique")
    # publish (this browser has no player yet: a name makes one), then a second player
    # opens the published link in a fresh context and clears it
    page.click('[data-act="publish"]')
    page.fill('input[name="name"]', "小王")
    page.fill('input[name="title"]', "五行奶牛")
    page.click('[data-act="do-publish"]')
    page.wait_for_selector(".mode-root[data-published]")
    link = page.input_value('textarea[name="link"]')
    shot(page, "editor-cows-published")
    play_link_in_fresh_context(browser, page, DEVICES[device], "cw", link)
    # the community list shows it, with its author
    page.goto(f"{page.base_url}/#/community/04-cows")
    page.wait_for_selector(".cm-item")
    item = page.text_content(".cm-item") or ""
    assert "五行奶牛" in item and "小王" in item
    # the grade in the player's language, in the line and in the filter
    assert re.search("简单|中等|困难|专家", item) and not re.search("easy|medium|hard|expert", item)
    assert page.locator('select[name="grade"] option').all_inner_texts()[1] in "简单中等困难专家"
    shot(page, "editor-cows-community")
