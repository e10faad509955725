"""axe-core (the npm package, node_modules/axe-core: scripts/setup dev) run inside Chromium
on every screen in both languages (issue 26 item 3): home, a level select, a play screen
of each mode, the settings, the daily home (its name prompt first), friends, the archive,
the daily's clear screen, leaderboard, stats (both tabs) and solve breakdown, the replay
viewer and its breakdown sheet, achievements, a level code's play screen, the community
list, the editor and a stream viewer page — 0 serious or critical violations."""

from __future__ import annotations

import json
import urllib.request
from datetime import timedelta
from typing import Any
from urllib.parse import quote

import pytest
from browser_support import ROOT

from puzzlesmith.core import registry
from puzzlesmith.core.codes import encode_level
from puzzlesmith.core.movelog import TimedMove, encode
from puzzlesmith.server.daily.service import today
from puzzlesmith.server.state import services_of

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


def api(base: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """The server as a player's phone calls it, over plain HTTP (POST with a body)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        f"{base}{path}", data=data, method="GET" if data is None else "POST"
    )
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def timed_log(moves: list[str]) -> str:
    """A move log with a long think before the third move (the breakdown explains it)."""
    return encode(
        [TimedMove(800 * (i + 1) + (9000 if i >= 2 else 0), m) for i, m in enumerate(moves)]
    )


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
def test_no_serious_or_critical_violations_on_any_main_screen(
    page: Any, lang: str, daily_server: tuple[str, Any]
) -> None:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run scripts/setup dev (npm ci)")
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
    # the daily cleared over HTTP as the page's player (a log no longer than the server
    # measured): the clear screen, the board, the stats and the solve breakdown
    base, app = daily_server
    cows = registry.get("04-cows")
    token = page.evaluate("JSON.parse(localStorage.getItem('daily:player')).token")
    run = api(base, f"/api/daily/{cows.id}/start", {}, token)["run"]
    level = services_of(app).dailies.get(cows, today())[1]
    moves = cows.solution_moves(level)
    api(
        base,
        f"/api/daily/{cows.id}/finish",
        {"run": run, "moves": moves, "log": encode([TimedMove(0, m) for m in moves])},
        token,
    )
    visit(page, f"daily/{cows.id}/done", ".d-done .d-big")
    check(page, "daily clear", found)
    visit(page, "daily", f'.d-daily.d-finished[data-mode="{cows.id}"]')
    check(page, "daily home, one daily finished", found)  # its button shows its words
    visit(page, f"daily/{cows.id}/board", ".d-board li")
    check(page, "leaderboard", found)
    friend = api(base, "/api/players", {"name": f"朋友{lang}"})["token"]
    api(base, "/api/friends", {"code": api(base, "/api/friends", token=friend)["code"]}, token)
    visit(page, "daily/stats", ".d-stats .d-stat")
    check(page, "daily stats", found)
    page.click('.d-stats [data-action="scope-friends"]')
    page.wait_for_selector(".f-table")
    check(page, "daily stats, friends tab", found)
    visit(page, f"daily/{cows.id}/explain", ".bd-pause")
    check(page, "daily solve breakdown", found)
    stroke = registry.get("01-number-stroke")
    lv = stroke.find_level("2-3")[1]
    log = quote(timed_log(stroke.solution_moves(lv)), safe="")
    visit(page, f"replay/{stroke.id}/2-3/{log}", '.rp-btn[data-rp="explain"]')
    check(page, "replay viewer", found)
    page.click('.rp-btn[data-rp="explain"]')
    page.wait_for_selector(".bd-sheet .bd-pause")
    check(page, "solve breakdown sheet", found)
    visit(page, "achievements", "#view *")
    assert page.locator(".bd-sheet").count() == 0  # the sheet went with the screen
    check(page, "achievements", found)
    code = encode_level(cows, cows.find_level("2-3")[1])
    visit(page, f"play/{code}", '.cw-svg[role="grid"]')
    check(page, "level code play", found)
    # a stream: the host's page in a second tab, this one a viewer
    host = page.context.new_page()
    host.set_viewport_size({"width": 1280, "height": 800})  # the ☰ menu whole
    host.goto(f"{base}/?all=1#/{cows.id}/1-1")
    host.locator(".mode-root svg").first.wait_for()
    host.click("#tb-menu")
    host.click('[data-menu="stream"]')
    host.wait_for_url("**/static/stream/index.html#/host/*")
    room = host.url.rsplit("/", 1)[1]
    host.locator(".st-board [data-cell]").first.wait_for()
    page.goto(f"{base}/r/{room}")
    page.locator(".st-board [data-cell]").first.wait_for()
    check(page, "stream viewer", found)
    host.close()
    assert not found, "\n".join(f"{k}: {v}" for k, vs in found.items() for v in vs)
