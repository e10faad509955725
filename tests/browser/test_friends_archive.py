"""Friends and the archive in Chromium on a 390×844 touch phone, in both languages: a new
player follows a friend from a link and another by typing a code, sees the friend board
and the friends' stats, unfollows; plays yesterday's daily from the archive calendar to a
clear, sees it marked done, and the streak is untouched."""

from __future__ import annotations

import json
import secrets
import time
import urllib.request
from datetime import timedelta
from typing import Any

import pytest
from browser_support import Pointer, play_solution, shot
from tests.clocks import in_the_afternoon

from puzzlesmith.core import registry
from puzzlesmith.server.daily.service import daily_modes, today
from puzzlesmith.server.state import services_of

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)


@pytest.fixture(scope="module")
def live_server(daily_server: tuple[str, Any]) -> str:
    return daily_server[0]


def api(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """The server as another player's phone would call it (plain HTTP, no browser)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"{base}{path}", data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def friend_who_cleared(base: str, app: Any, name: str, mode: Any) -> tuple[str, str]:
    """A player made and run over HTTP who cleared today's daily: (token, friend code)."""
    token = api(base, "POST", "/api/players", {"name": name})["token"]
    s = api(base, "POST", f"/api/daily/{mode.id}/start", token=token)
    level = services_of(app).dailies.get(mode, today())[1]
    api(
        base,
        "POST",
        f"/api/daily/{mode.id}/finish",
        {"run": s["run"], "moves": mode.solution_moves(level)},
        token=token,
    )
    return token, api(base, "GET", "/api/friends", token=token)["code"]


def new_player(page: Any, name: str) -> None:
    page.fill('input[name="name"]', name)
    page.click(".d-name .d-primary")


@TOUCH_ONLY
def test_follow_by_link_and_code_friend_board_and_unfollow(
    page: Any, daily_server: tuple[str, Any]
) -> None:
    base, app = daily_server
    mode = daily_modes()[0]
    _, ann = friend_who_cleared(base, app, "Ann", mode)
    _, bob = friend_who_cleared(base, app, "Bob", mode)
    # a friend link opened by someone new: name first, then the follow
    page.goto(f"{base}/#/daily/friend/{ann}")
    new_player(page, "测试玩家")
    page.wait_for_selector('.f-list li:has-text("Ann")')
    assert page.inner_text(".f-code") and page.get_attribute(".f-code", "data-code") != ann
    # a code typed by hand, as people type it
    page.fill('.f-add input[name="code"]', f"{bob[:4].lower()}-{bob[4:]}")
    page.click(".f-add button")
    page.wait_for_selector('.f-list li:has-text("Bob")')
    page.wait_for_selector('.f-stats li:has-text("Ann")')
    shot(page, "friends-touch")
    # the leaderboard opens on the friends tab: both friends, the player not yet
    page.goto(f"{base}/#/daily/{mode.id}/board")
    page.wait_for_selector('.d-scope[data-scope="friends"] li')
    assert page.get_attribute('[data-action="scope-friends"]', "aria-selected") == "true"
    names = page.locator('.d-scope[data-scope="friends"] .d-who').all_inner_texts()
    assert sorted(names) == ["Ann", "Bob"]
    shot(page, "friends-board-touch")
    page.click('[data-action="scope-all"]')
    assert page.is_hidden('.d-scope[data-scope="friends"]')
    assert page.is_visible('.d-scope[data-scope="all"]')
    # unfollow Bob: gone from the list and from the friend board
    page.goto(f"{base}/#/daily/friends")
    page.click('.f-list li:has-text("Bob") [data-action="unfollow"]')
    page.wait_for_function("!document.querySelector('.f-list').innerText.includes('Bob')")
    page.goto(f"{base}/#/daily/{mode.id}/board")
    page.wait_for_selector('.d-scope[data-scope="friends"] li')
    names = page.locator('.d-scope[data-scope="friends"] .d-who').all_inner_texts()
    assert names == ["Ann"]
    # the stats screen: my own stats first, a friends tab beside me and Ann
    page.goto(f"{base}/#/daily/stats")
    page.wait_for_selector('.d-stats [data-action="scope-friends"]')
    assert page.get_attribute('[data-action="scope-all"]', "aria-selected") == "true"
    assert page.is_visible(".d-stat") and page.is_hidden(".f-table")
    page.click('[data-action="scope-friends"]')
    page.wait_for_selector(".f-table")
    rows = page.locator(".f-table tr").all_inner_texts()
    assert len(rows) == 3 and "测试玩家（我）" in rows[1].replace(" (", "（").replace(")", "）")
    assert rows[2].split()[0] == "Ann" and rows[2].split()[1:] == ["1", "1", "1", "1"]
    assert page.is_hidden(".d-stat")
    shot(page, "friends-stats-touch")
    # English: every word of the screen
    page.evaluate("window.puzzlesmith.setSetting('lang', 'en')")
    page.goto(f"{base}/#/daily/friends")
    page.wait_for_selector('.f-list li:has-text("Ann")')
    text = page.inner_text(".f-friends")
    assert "Following" in text and "Unfollow" in text and "My friend code" in text
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in text.replace("测试玩家", ""))
    shot(page, "friends-en-touch")
    page.goto(f"{base}/#/daily/stats")
    page.click('.d-stats [data-action="scope-friends"]')
    head = page.inner_text(".f-table tr >> nth=0")
    assert "Current streak" in head and "Today" in head
    shot(page, "friends-stats-en-touch")


@TOUCH_ONLY
def test_a_bad_friend_link_is_said_in_the_players_words(
    page: Any, daily_server: tuple[str, Any]
) -> None:
    """Issue #38: a link whose code is too long showed the API's "code: String should have
    at most 20 characters"; now the player's words, in both languages."""
    base, _ = daily_server
    page.goto(f"{base}/#/daily/friend/{'X' * 30}")
    new_player(page, "链接玩家")
    page.wait_for_function("document.getElementById('toast').innerText.includes('好友码')")
    text = page.inner_text("#toast")
    assert "这不是好友码" in text and "String" not in text and "code:" not in text, text
    shot(page, "friends-bad-link-touch")
    page.evaluate("window.puzzlesmith.setSetting('lang', 'en')")
    page.goto(f"{base}/#/daily/friend/{'Y' * 30}")
    page.wait_for_function("document.getElementById('toast').innerText.includes('friend code')")
    text = page.inner_text("#toast")
    assert "That is not a friend code" in text and "String" not in text, text


@TOUCH_ONLY
def test_opting_out_takes_me_off_a_followers_friend_board(
    page: Any, daily_server: tuple[str, Any]
) -> None:
    base, app = daily_server
    mode = daily_modes()[0]
    page.goto(f"{base}/#/daily/friends")
    new_player(page, "隐身玩家")
    page.wait_for_selector(".f-code")
    mine = page.get_attribute(".f-code", "data-code")
    token = page.evaluate("JSON.parse(localStorage.getItem('daily:player')).token")
    # my run of today's daily, and a follower who sees it on their friend board
    s = api(base, "POST", f"/api/daily/{mode.id}/start", token=token)
    level = services_of(app).dailies.get(mode, today())[1]
    moves = mode.solution_moves(level)
    api(
        base, "POST", f"/api/daily/{mode.id}/finish", {"run": s["run"], "moves": moves}, token=token
    )
    follower, _ = friend_who_cleared(base, app, "Fay", mode)
    api(base, "POST", "/api/friends", {"code": mine}, token=follower)

    def board_names() -> list[str]:
        b = api(base, "GET", f"/api/friends/board/{mode.id}", token=follower)
        return sorted(e["name"] for e in b["entries"])

    assert board_names() == ["Fay", "隐身玩家"]
    box = page.locator('.f-hide input[name="hidden"]')
    assert not box.is_checked()
    with page.expect_response(lambda r: r.url.endswith("/api/friends/me") and r.ok):
        box.check()
    assert board_names() == ["Fay"]
    page.reload()  # the choice is kept by the server
    page.wait_for_selector(".f-hide input:checked")
    with page.expect_response(lambda r: r.url.endswith("/api/friends/me") and r.ok):
        page.locator('.f-hide input[name="hidden"]').uncheck()
    assert board_names() == ["Fay", "隐身玩家"]


@TOUCH_ONLY
def test_a_past_daily_from_the_archive_is_played_marked_and_leaves_the_streak(
    page: Any, pointer: Pointer, daily_server: tuple[str, Any]
) -> None:
    base, app = daily_server
    with in_the_afternoon(app):  # yesterday is no one's today: archive, not a day played
        play_yesterday_from_the_archive(page, pointer, base, app)


def play_yesterday_from_the_archive(page: Any, pointer: Pointer, base: str, app: Any) -> None:
    """A new player opens yesterday's Cows from the archive, clears it, sees it marked."""
    mode = registry.get("04-cows")
    yesterday = today() - timedelta(days=1)
    iso = yesterday.isoformat()
    page.goto(f"{base}/#/daily")
    new_player(page, "往期玩家")
    page.wait_for_selector('[data-action="archive"]')
    page.click('[data-action="archive"]')
    page.wait_for_selector(".a-cal")
    page.click(f'.a-modes [data-mode="{mode.id}"]')
    page.wait_for_selector(f'.a-modes [data-mode="{mode.id}"][aria-pressed="true"]')
    page.goto(f"{base}/#/daily/archive/{mode.id}/{iso[:7]}")
    page.wait_for_selector(f'.a-day[data-date="{iso}"]')
    assert page.locator(".a-wd").count() == 7  # weekday names over the month
    shot(page, "archive-touch")
    page.click(f'.a-day[data-date="{iso}"]')
    page.wait_for_selector(f'svg[aria-label="daily-{iso}"]')
    level = services_of(app).dailies.get(mode, yesterday)[1]
    play_solution(page, pointer, mode.id, list(mode.solve(level, 1).solutions[0]))
    page.wait_for_selector(".d-done .d-big")
    assert "往期" in page.inner_text(".d-done")
    shot(page, "archive-done-touch")
    page.click('[data-action="archive"]')
    page.wait_for_selector(f'.a-day.a-finished[data-date="{iso}"]')
    page.goto(f"{base}/#/daily/stats")
    page.wait_for_selector(".d-stat")
    # an archive run is in the calendar but is neither a day played nor a fastest time
    assert page.inner_text(".d-grid").split()[0] == "0"  # days played
    assert page.inner_text(".d-grid").split()[2] == "0"  # current streak
    cows_row = page.locator(".d-table tr", has_text=mode.title_zh)
    assert cows_row.locator("td").nth(1).inner_text() == "0"  # played on its own day
    assert cows_row.locator("td").nth(2).inner_text() == "–"  # no fastest time
    assert page.locator(".d-day.d-solved").count() == 1  # yet in the calendar
    shot(page, "archive-stats-touch")
    page.evaluate("window.puzzlesmith.setSetting('lang', 'en')")
    page.goto(f"{base}/#/daily/archive/{mode.id}/{iso[:7]}")
    page.wait_for_selector(f'.a-day.a-finished[data-date="{iso}"]')
    assert "not ranked" in page.inner_text(".a-archive")
    shot(page, "archive-en-touch")


@TOUCH_ONLY
def test_a_new_phone_keeps_the_levels_runs_and_achievements(
    page: Any, pointer: Pointer, browser: Any, daily_server: tuple[str, Any]
) -> None:
    base, _ = daily_server
    cows = registry.get("04-cows")
    view = cows.view(cows.find_level("1-1")[1])
    # the old phone clears Cows 1-1 with taps, then makes a profile and a transfer code
    page.goto(f"{base}/#/04-cows/1-1")
    page.wait_for_selector('.cw-svg[aria-label="1-1"]')
    play_solution(page, pointer, "04-cows", list(view["solution"]))
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('mode:04-cows')||'{}').clearedId?.includes('1-1')"
    )
    page.wait_for_function(
        "Object.keys(JSON.parse(localStorage.getItem('runs:04-cows')||'{}')).includes('1-1')"
    )
    page.goto(f"{base}/#/daily")
    new_player(page, "旧手机")
    page.wait_for_selector('[data-action="stats"]')
    page.click('[data-action="stats"]')
    page.click('[data-action="transfer"]')
    page.wait_for_function(
        "/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/.test(document.querySelector('.d-code').textContent)"
    )
    code = page.inner_text(".d-code").split("：")[-1].split(" ")[0].split("（")[0]
    # the new phone: one level of its own, then the claim
    phone_size = {"width": 390, "height": 844}  # the touch device of conftest.py
    ctx = browser.new_context(
        viewport=phone_size,
        device_scale_factor=2,
        has_touch=True,
        is_mobile=True,
        locale="zh-CN",
        service_workers="block",
    )
    try:
        phone = ctx.new_page()
        phone.goto(f"{base}/#/")
        phone.evaluate(
            "localStorage.setItem('mode:01-number-stroke', JSON.stringify({clearedId: ['1-1'], currentId: null}))"
        )
        phone.goto(f"{base}/#/daily")
        phone.fill('input[name="code"]', code)
        phone.click('.d-name:has(input[name="code"]) button')
        phone.wait_for_selector(".d-daily")
        assert phone.inner_text(".d-me") == "旧手机"
        phone.goto(f"{base}/#/04-cows")
        phone.wait_for_selector(".cleared")
        saved = phone.evaluate("JSON.parse(localStorage.getItem('mode:04-cows')).clearedId")
        assert "1-1" in saved
        stroke = phone.evaluate(
            "JSON.parse(localStorage.getItem('mode:01-number-stroke')).clearedId"
        )
        assert stroke == ["1-1"]  # its own progress is kept
        runs = phone.evaluate("JSON.parse(localStorage.getItem('runs:04-cows'))")
        assert runs["1-1"]["best"]["ms"] > 0
        ach = phone.evaluate("JSON.parse(localStorage.getItem('achievements')).unlocked")
        assert "first-clear" in ach
        shot(phone, "progress-new-phone-touch")
        # the old phone is signed out: it says what happened, not a bare name prompt
        page.goto(f"{base}/#/daily")
        page.wait_for_selector(".d-moved")
        assert "旧手机" in page.inner_text(".d-moved") and "转移码" in page.inner_text(".d-moved")
        assert page.locator('input[name="name"]').is_visible()
        shot(page, "progress-old-phone-moved-touch")
        page.evaluate("window.puzzlesmith.setSetting('lang', 'en')")
        page.reload()
        page.wait_for_selector(".d-moved")
        assert "transfer code" in page.inner_text(".d-moved")
        shot(page, "progress-old-phone-moved-en-touch")
        page.fill('input[name="name"]', "Fresh")  # a new profile: the note is gone
        page.click(".d-name .d-primary")
        page.wait_for_selector(".d-daily")
        assert page.evaluate("localStorage.getItem('daily:moved')") is None
    finally:
        ctx.close()


@TOUCH_ONLY
def test_your_solve_explained_from_the_replay_and_from_the_daily(
    page: Any, pointer: Pointer, daily_server: tuple[str, Any]
) -> None:
    from urllib.parse import quote

    from puzzlesmith.core.movelog import TimedMove, encode

    base, app = daily_server
    stroke = registry.get("01-number-stroke")
    lv = stroke.find_level("2-3")[1]
    moves = stroke.solution_moves(lv)
    gaps = [400] * len(moves)
    gaps[5] = 12_000  # a long think before the sixth move
    ms, timed = 0, []
    for mv, g in zip(moves, gaps, strict=True):
        ms += g
        timed.append(TimedMove(ms, mv))
    # two players' clears of 2-3, reported as the game reports tries: the level's median
    now = int(time.time() * 1000)
    tries = [
        {
            "n": n,
            "mode": stroke.id,
            "level": "2-3",
            "outcome": "cleared",
            "started_ms": now - 90_000,
            "ended_ms": now,
            "time_ms": ms,
            "hints": 0,
            "rewinds": 0,
            "moves": 20,
            "last_step": 5,
        }
        for n, ms in ((1, 30_000), (2, 50_000))
    ]
    api(base, "POST", "/api/plays", {"session": secrets.token_hex(16), "tries": tries})
    page.goto(f"{base}/#/replay/01-number-stroke/2-3/{quote(encode(timed), safe='')}")
    page.click('.rp-btn[data-rp="explain"]')
    page.wait_for_selector(".bd-sheet .bd-pause")
    assert "这一关的中位数 0:40" in page.inner_text(".bd-median")
    first = page.locator('.bd-pause[data-index="5"]')
    assert "第 6 步前停了 12.0 秒" in first.inner_text()
    why = stroke.hint(lv, moves[:5], "why")
    assert why["reason_zh"] in first.inner_text() and why["name_zh"] in first.inner_text()
    # the board as it stood before that move, drawn small (the server's SVG, as an image)
    board = first.locator("img.bd-board")
    assert board.get_attribute("alt") == "第 6 步前的棋盘"
    page.wait_for_function(
        "document.querySelector('.bd-pause[data-index=\"5\"] img.bd-board').naturalWidth > 0"
    )
    assert "粗框" in page.inner_text(".bd-legend")
    shot(page, "breakdown-replay-touch")
    page.click(".bd-sheet button")
    page.wait_for_selector(".bd-sheet", state="detached")
    # a daily: my verified run, against the day's median of the others'
    mode = registry.get("04-cows")
    friend_who_cleared(base, app, "Dee", mode)
    page.goto(f"{base}/#/daily")
    new_player(page, "解析玩家")
    page.click(f'.d-daily[data-mode="{mode.id}"] [data-action="play"]')
    page.wait_for_selector(f'svg[aria-label="daily-{today().isoformat()}"]')
    level = services_of(app).dailies.get(mode, today())[1]
    play_solution(page, pointer, mode.id, list(mode.solve(level, 1).solutions[0]))
    page.wait_for_selector('[data-action="explain"]')
    official = page.get_attribute(".d-big", "data-time-ms")
    page.click('[data-action="explain"]')
    page.wait_for_selector(".bd-pause")
    assert "中位数" in page.inner_text(".bd")
    # the official time (the server's), not the log's last move
    assert page.get_attribute(".bd-time", "data-time-ms") == official
    # each pause shows its board; a technique (or a kind of mistake: where the log's pauses
    # fall depends on the machine, a mark tapped on the way to a cow may be one) is
    # explained once, then named with the step that explained it
    assert page.locator(".bd-pause img.bd-board").count() == page.locator(".bd-pause").count()
    lines = page.eval_on_selector_all(
        ".bd-why:not(.bd-again)", "els => els.map((e) => e.textContent)"
    )
    assert lines and len(set(lines)) == len(lines), lines
    named = page.eval_on_selector_all(".bd-again", "els => els.map((e) => e.textContent)")
    assert all("（见第 " in n for n in named), named
    shot(page, "breakdown-daily-touch")
    page.evaluate("window.puzzlesmith.setSetting('lang', 'en')")
    page.reload()
    page.wait_for_selector(".bd-pause")
    text = page.inner_text(".bd")
    assert "median" in text and "Where you paused longest" in text
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in text)
    shot(page, "breakdown-daily-en-touch")
