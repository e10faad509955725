"""Community levels as a new player meets them (issue #31, items 5–7): the browse screen is
styled without the editor having been opened; ♥ and 举报 make a profile in place (an
in-page sheet, no prompt()), ♥ survives a reload; a published level shows its title in the
title bar and its author's caption, and after the clear the player is back in community."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from browser_support import Pointer, play_solution, shot

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)
STROKE = "01-number-stroke"


def sq(cid: str, x: int, clue: int | None = None) -> dict[str, Any]:
    return {"id": cid, "x": x, "y": 0, "w": 1, "h": 1, **({"clue": clue} if clue else {})}


@pytest.fixture(scope="module")
def live_server(daily_server: tuple[str, Any]) -> str:
    return daily_server[0]


def post(base: str, path: str, body: Any, token: str | None = None) -> Any:
    req = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={
            "Content-Type": "application/json",
            **({"Authorization": f"Bearer {token}"} if token else {}),
        },
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


@pytest.fixture(scope="module")
def published(daily_server: tuple[str, Any]) -> dict[str, Any]:
    """A three-cell Number Stroke level (a b c, 3 on c) published by another player."""
    base = daily_server[0]
    author = post(base, "/api/players", {"name": "出题人"})
    level = {"id": "draft", "cells": [sq("a", 0), sq("b", 1), sq("c", 2, 3)]}
    body = {"level": level, "title": "三格小路", "caption": "从头走到尾就好"}
    out: dict[str, Any] = post(base, f"/api/community/{STROKE}", body, author["token"])
    return out


@TOUCH_ONLY
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_new_player_likes_reports_and_plays_a_community_level(
    page: Any, pointer: Pointer, published: dict[str, Any], lang: str
) -> None:
    base = page.base_url
    page.goto(f"{base}/#/")
    page.evaluate(f"window.puzzlesmith.setSetting('lang', '{lang}')")
    page.goto(f"{base}/#/community/{STROKE}")  # straight there: the editor never opened
    item = f'.cm-item[data-id="{published["id"]}"]'
    page.wait_for_selector(item)
    radius = page.eval_on_selector(
        f'{item} [data-act="like"]', "b => getComputedStyle(b).borderRadius"
    )
    assert radius == "10px", radius  # editor.css, loaded by the community screen itself
    shot(page, f"community-browse-{lang}-touch")
    # ♥ as a new player: a name sheet in place, then the like
    page.click(f'{item} [data-act="like"]')
    page.wait_for_selector('.ask input[name="name"]')
    shot(page, f"community-name-sheet-{lang}-touch")
    page.fill('.ask input[name="name"]', "<bad>")
    page.click('.ask [data-act="ok"]')
    page.wait_for_function("document.querySelector('.ask-error').textContent.length > 0")
    err = page.inner_text(".ask-error")
    assert "is not allowed" not in err and "name:" not in err, err  # the player's words
    page.fill('.ask input[name="name"]', "点赞的人" if lang == "zh" else "Liker")
    page.click('.ask [data-act="ok"]')
    page.wait_for_selector(f'{item} [data-act="like"][aria-pressed="true"]')
    assert page.locator(".ask").count() == 0
    page.reload()
    page.wait_for_selector(f'{item} [data-act="like"][aria-pressed="true"]')  # remembered
    # play: its title and the author's caption; after the clear, back in community
    page.click(f'{item} [data-act="play"]')
    page.wait_for_selector(".ns-svg")
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.inner_text("#tb-title") == "三格小路"
    assert page.inner_text("#caption") == "从头走到尾就好"
    shot(page, f"community-play-{lang}-touch")
    play_solution(page, pointer, STROKE, ["a", "b", "c"])
    page.wait_for_function(f"location.hash === '#/community/{STROKE}'")
    page.wait_for_selector(item)


@TOUCH_ONLY
def test_report_asks_in_a_sheet(page: Any, published: dict[str, Any]) -> None:
    base = page.base_url
    page.goto(f"{base}/#/community/{STROKE}")
    item = f'.cm-item[data-id="{published["id"]}"]'
    page.wait_for_selector(item)
    dialogs: list[str] = []  # prompt() would show one: the sheet is in the page
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.click(f'{item} [data-act="report"]')
    page.fill('.ask input[name="name"]', "举报的人")
    page.click('.ask [data-act="ok"]')
    page.wait_for_selector('.ask input[name="reason"]')
    page.fill('.ask input[name="reason"]', "和官方关卡一模一样")
    shot(page, "community-report-sheet-zh-touch")
    page.click('.ask [data-act="ok"]')
    page.wait_for_function("document.getElementById('toast').textContent.includes('已举报')")
    assert not dialogs, dialogs
