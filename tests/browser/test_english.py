"""English is complete (issue #21): with English chosen, every screen and every shipped
level's caption, tip and buttons, the Cows hints and the level list show no Chinese
character and no internal `[code]`, on a 390×844 touch phone."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from browser_support import shot

pytestmark = pytest.mark.parametrize("device", ["touch"], indirect=True)

CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")
CODE = re.compile(r"\[[a-z][a-z0-9]*(?:-[a-z0-9]+)+\]")
ENGLISH = json.dumps({"lang": "en"})

#: Visible text of the page; the language picker names 中文 in its own script, on purpose.
_TEXT = """() => {
  const out = [];
  const walk = (el) => {
    if (el.dataset && el.dataset.lang) return;
    if (el.hidden || (el.nodeType === 1 && getComputedStyle(el).display === 'none')) return;
    for (const c of el.childNodes) {
      if (c.nodeType === 3) out.push(c.textContent); else if (c.nodeType === 1) walk(c);
    }
    if (el.nodeType === 1) for (const a of ['aria-label', 'title']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  };
  walk(document.body);
  return out.join(' ');
}"""


def english(page: Any) -> None:
    page.add_init_script(f"localStorage.setItem('shell:settings', {json.dumps(ENGLISH)})")


def problems(page: Any, where: str) -> list[str]:
    text: str = page.evaluate(_TEXT)
    out = [
        f"{where}: Chinese {m.group(0)!r} in …{text[max(0, m.start() - 30) : m.end() + 30]}…"
        for m in CJK.finditer(text)
    ]
    out += [f"{where}: internal code {m.group(0)!r}" for m in CODE.finditer(text)]
    return out


def test_every_screen_and_level_is_english(page: Any) -> None:
    english(page)
    page.goto(f"{page.base_url}/?all=1#/")
    page.wait_for_selector(".mode-card")
    page.wait_for_load_state("networkidle")  # the cleared counts arrive
    found = problems(page, "modes")
    shot(page, "english-modes")
    page.click("#tb-menu")
    page.wait_for_selector(".sheet-body")
    found += problems(page, "menu")
    page.click('[data-menu="close"]')
    modes = [
        m
        for m in page.evaluate("fetch('/api/modes').then((r) => r.json())")["modes"]
        if m["module"]
    ]
    for mode in modes:
        mid = mode["id"]
        packs = page.evaluate(f"fetch('/api/modes/{mid}/packs').then((r) => r.json())")["packs"]
        page.evaluate(f"location.hash = '#/{mid}'")
        page.wait_for_selector(".level-select .tile")
        found += problems(page, f"{mid} level select")
        shot(page, f"english-select-{mid}")
        for pack in packs:
            for lv in pack["levels"]:
                page.evaluate(f"location.hash = '#/{mid}/{lv['id']}'")
                page.wait_for_selector(f'.pk-svg[aria-label="{lv["id"]}"]')
                found += problems(page, f"{mid} {lv['id']}")
                if lv["id"] in ("1-1", "4-2"):
                    shot(page, f"english-{mid}-{lv['id']}")
                if mid == "04-cows" and lv["index"] == 1:  # a hint on each board size
                    page.click('.cw-btn[data-action="hint"]')
                    page.wait_for_selector(".cw-hintbox:not([hidden])")
                    found += problems(page, f"{mid} {lv['id']} hint")
                    if pack["pack"] == 3:
                        shot(page, "english-cows-hint")
    for screen, ready in (("achievements", ".ach-text"), ("daily", ".daily")):
        page.evaluate(f"location.hash = '#/{screen}'")
        page.wait_for_selector(ready)
        page.wait_for_load_state("networkidle")  # the catalogue / today's list arrive
        found += problems(page, screen)
    assert found == []


def test_the_walk_catches_chinese_and_codes(page: Any) -> None:
    """The check itself can fail: Chinese (Chinese UI) and a code in a hint are caught."""
    page.goto(f"{page.base_url}/?all=1#/")
    page.wait_for_selector(".mode-card")
    assert problems(page, "zh")
    page.evaluate(
        "document.body.append(Object.assign(document.createElement('p'), {textContent: '[last-free] x'}))"
    )
    assert any("internal code" in p for p in problems(page, "x"))


#: every pair of the menu sheet's chips (and rows) that overlap on screen
_OVERLAPS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const name = (e) => (e.textContent || e.className).trim().slice(0, 20);
  const out = [];
  for (const sel of ['.sheet-body .seg button', '.sheet-body .setting']) {
    const els = [...document.querySelectorAll(sel)];
    els.forEach((a, i) => els.slice(i + 1).forEach((b) => { if (hit(box(a), box(b))) out.push(`${name(a)} × ${name(b)}`); }));
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_menu_sheet_chips_never_overlap(page: Any, lang: str) -> None:
    """The ☰ sheet on a 390 px phone: the theme chips (Contrast) and the cow-look chips
    each keep their own space, in both languages and with every chip chosen."""
    page.goto(f"{page.base_url}/#/")
    page.wait_for_selector(".mode-card")
    page.evaluate(f"window.puzzlesmith.setSetting('lang', '{lang}')")
    page.click("#tb-menu")
    page.wait_for_selector(".sheet-body .seg button")
    chips = page.locator(".sheet-body .seg button")
    for k in range(chips.count()):  # a chosen chip is bold: wider
        if chips.nth(k).inner_text() in ("中文", "English"):
            continue  # the language: it is chosen already
        chips.nth(k).click()
        assert page.evaluate(_OVERLAPS) == [], (k, page.evaluate(_OVERLAPS))
    page.locator(".sheet-body").evaluate("e => e.scrollTop = e.scrollHeight")
    shot(page, f"menu-sheet-{lang}-touch")
