"""axe-core (the npm package, node_modules/axe-core: scripts/setup dev) run inside Chromium
on every main screen in both languages (issue 26 item 3): home, a level select, a play
screen of each mode, the settings, the daily home (its name prompt first), friends, the
archive, the community list and the editor — 0 serious or critical violations."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from browser_support import ROOT

from puzzlesmith.server.daily.service import today

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)

_RUN = """async () => {
  const r = await axe.run(document, { resultTypes: ["violations"] });
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}"""


@pytest.fixture(scope="module")
def live_server(daily_server: tuple[str, Any]) -> str:
    return daily_server[0]


def settle(page: Any) -> None:
    page.wait_for_function("document.getElementById('view').children.length > 0")
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def check(page: Any, name: str, found: dict[str, list[str]]) -> None:
    """Run axe on the page as it is now; serious/critical findings go under ``name``."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    bad: list[str] = page.evaluate(_RUN)
    if bad:
        found[name] = bad


def visit(page: Any, route: str, selector: str) -> None:
    page.goto(f"{page.base_url}/?all=1#/{route}")
    page.wait_for_selector(selector)
    settle(page)


@TOUCH_ONLY
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_serious_or_critical_violations_on_any_main_screen(page: Any, lang: str) -> None:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run scripts/setup dev (npm ci)")
    page.set_default_timeout(20000)
    page.goto(f"{page.base_url}/")
    page.evaluate(f"window.puzzlesmith.setSetting('lang', '{lang}')")
    found: dict[str, list[str]] = {}
    screens = [
        ("home", "", ".mode-card, [data-mode]"),
        ("level select", "01-number-stroke", ".tile"),
        ("number stroke", "01-number-stroke/2-1", '.ns-svg[role="grid"]'),
        ("hex walls", "03-hex-walls/2-1", '.hx-svg[role="grid"]'),
        ("cows", "04-cows/1-1", '.cw-svg[role="grid"]'),
        ("community list", "community/01-number-stroke", "#view *"),
        ("editor", "edit/04-cows", "#view *"),
    ]
    for name, route, selector in screens:
        visit(page, route, selector)
        check(page, name, found)
    visit(page, "04-cows/1-1", ".cw-svg")
    page.click("#tb-menu")
    page.wait_for_selector('#menu [data-setting="conflicts"]')
    check(page, "settings", found)
    page.keyboard.press("Escape")
    visit(page, "daily", 'input[name="name"]')
    check(page, "daily name prompt", found)
    page.fill('input[name="name"]', f"无障碍{lang}")
    page.click(".d-name .d-primary")
    page.wait_for_selector('[data-action="archive"]')
    settle(page)
    check(page, "daily home", found)
    visit(page, "daily/friends", "#view *")
    check(page, "friends", found)
    month = (today() - timedelta(days=1)).isoformat()[:7]
    visit(page, f"daily/archive/04-cows/{month}", ".a-cal")
    check(page, "archive", found)
    assert not found, "\n".join(f"{k}: {v}" for k, vs in found.items() for v in vs)
