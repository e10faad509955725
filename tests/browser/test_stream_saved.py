"""Issue #38 item 7: the stream pages read what this browser keeps through readText, bounded
and checked, as the game's saves and the editor's drafts are: a 3 MB ``stream:name`` or
``stream:host:<room>`` (it crashed the page on every visit) is dropped and the page works,
in both languages, on a touch phone."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from browser_support import shot
from conftest import DEVICES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "stream"))
from stream_support import open_room

HUGE = "'x'.repeat(3 * 1024 * 1024)"


def phone(browser: Any, base: str, key: str) -> tuple[Any, list[str]]:
    """A touch phone whose storage holds 3 MB under ``key`` (set on the stream page's origin)."""
    ctx = browser.new_context(**DEVICES["touch"], locale="zh-CN", service_workers="block")
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.goto(f"{base}/static/stream/index.html")
    pg.evaluate(f"localStorage.setItem({key!r}, {HUGE})")
    assert pg.evaluate(f"localStorage.getItem({key!r}).length") == 3 * 1024 * 1024
    return pg, errors


def test_a_huge_viewer_name_is_dropped_and_the_viewer_page_works(
    browser: Any, live_server: str
) -> None:
    room = open_room(live_server, mode="cows", level="1-3")["room"]
    pg, errors = phone(browser, live_server, "stream:name")
    pg.goto(f"{live_server}/r/{room}")
    pg.locator(".st-board [data-cell]").first.wait_for()
    assert pg.input_value(".st-name") == ""
    assert pg.evaluate("localStorage.getItem('stream:name')") is None
    pg.locator(".st-note", has_text="点亮起的格子").wait_for()
    shot(pg, "stream-huge-name-touch")
    pg.click('[data-action="lang"]')
    pg.locator(".st-note", has_text="Tap a lit cell").wait_for()
    pg.reload()  # and on the next visit too
    pg.locator(".st-board [data-cell]").first.wait_for()
    assert errors == []
    pg.context.close()


def test_a_huge_host_key_is_dropped_and_the_host_page_says_so(
    browser: Any, live_server: str
) -> None:
    room = open_room(live_server, mode="cows", level="1-3")["room"]
    key = f"stream:host:{room}"
    pg, errors = phone(browser, live_server, key)
    pg.goto(f"{live_server}/static/stream/index.html#/host/{room}")
    pg.locator(".st-note", has_text="这个浏览器没有这个房间的主播密钥").wait_for()
    assert pg.evaluate(f"localStorage.getItem({key!r})") is None
    shot(pg, "stream-huge-host-key-touch")
    back = f"stream:back:{room}"  # the way back to the game, 3 MB: dropped too
    pg.evaluate(f"localStorage.setItem({back!r}, '#/' + {HUGE})")
    pg.reload()
    pg.locator(".st-note", has_text="这个浏览器没有这个房间的主播密钥").wait_for()
    assert pg.get_attribute('[data-action="back"]', "href") == "/#/"
    assert pg.evaluate(f"localStorage.getItem({back!r})") is None
    assert errors == []
    pg.context.close()
