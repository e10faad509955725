"""Themes and cow skins on the phone: chosen in settings, persisted, applied to every
screen; a screenshot of each theme (test-artifacts/theme-*.png) to look at."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import animations_done, shot

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)
THEMES = ["classic", "dark", "paper", "contrast"]


def css_var(page: Any, selector: str, name: str) -> str:
    return str(
        page.evaluate(
            f"getComputedStyle(document.querySelector('{selector}')).getPropertyValue('{name}').trim()"
        )
    )


@TOUCH_ONLY
def test_theme_and_cow_skin_chosen_in_settings(page: Any) -> None:
    page.goto(f"{page.base_url}/?all=1#/04-cows/1-1")
    page.wait_for_selector('.cw-svg[aria-label="1-1"]')
    assert page.get_attribute("html", "data-theme") == "classic"
    page.click("#tb-menu")
    page.click('[data-theme="dark"]')
    page.click('[data-cow-skin="calf"]')
    shot(page, "theme-settings-dark")
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.get_attribute("html", "data-cow") == "calf"
    assert css_var(page, ".mode-root", "--bg").upper() == "#15161F"
    saved = json.loads(page.evaluate("localStorage.getItem('shell:settings')"))
    assert saved["theme"] == "dark" and saved["cowSkin"] == "calf"
    page.click('[data-menu="close"]')
    # a cow on the board shows the calf's bow; the classic cow has none
    page.evaluate("window.puzzlesmith.go('04-cows', '1-1')")
    page.reload()
    page.wait_for_selector('.cw-svg[aria-label="1-1"]')
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.evaluate("getComputedStyle(document.querySelector('.cw-bow')).display") != "none"


@TOUCH_ONLY
@pytest.mark.parametrize("theme", THEMES)
def test_each_theme_on_a_played_board(page: Any, theme: str) -> None:
    page.goto(f"{page.base_url}/")
    skin = {"classic": "classic", "dark": "calf", "paper": "highland", "contrast": "classic"}[theme]
    page.evaluate(
        f"localStorage.setItem('shell:settings', JSON.stringify({{theme: '{theme}', cowSkin: '{skin}'}}))"
    )
    page.goto(f"{page.base_url}/?all=1#/04-cows/1-1")
    page.wait_for_selector('.cw-svg[aria-label="1-1"]')
    assert page.get_attribute("html", "data-theme") == theme
    assert ("hc" in (page.get_attribute("html", "class") or "")) == (theme == "contrast")
    # two touching cows (a conflict) and a mark, drawn through the screen's own moves
    page.evaluate("""() => {
      const tap = (i) => document.querySelector(`.cw-cell[data-i="${i}"] .cw-base`);
      for (const [i, k] of [[0, 2], [1, 2], [7, 1]]) {
        const r = tap(i).getBoundingClientRect();
        for (let j = 0; j < k; j++) {
          const o = { bubbles: true, pointerId: 1, isPrimary: true, pointerType: 'mouse', button: 0, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 };
          tap(i).dispatchEvent(new PointerEvent('pointerdown', o));
          tap(i).dispatchEvent(new PointerEvent('pointerup', o));
        }
      }
    }""")
    page.wait_for_selector(".cw-conflict")
    animations_done(page)
    shot(page, f"theme-{theme}-cows")
    page.goto(f"{page.base_url}/?all=1#/01-number-stroke/2-1")
    page.wait_for_selector('.ns-svg[aria-label="2-1"]')
    shot(page, f"theme-{theme}-stroke")
