"""Achievements on the phone: unlocked by playing (极限反杀 included), a toast for each,
persisted across a reload, never unlocked twice; the screen greys what is locked."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import Pointer, shot
from cows_play import play_cows

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)


def unlocked(page: Any) -> dict[str, int]:
    out: dict[str, int] = json.loads(page.evaluate("localStorage.getItem('achievements')"))[
        "unlocked"
    ]
    return out


def toasts_until_quiet(page: Any) -> list[str]:
    """The ids of the achievement toasts shown (one at a time) until none is left."""
    seen: list[str] = []
    page.wait_for_selector(".ach-toast")
    while True:  # one read per poll: a toast may go between two reads
        aid = page.evaluate("document.querySelector('.ach-toast')?.dataset.id ?? null")
        if aid is None:
            return seen
        if aid not in seen:
            seen.append(aid)
        page.wait_for_function(  # the next toast, or none
            "id => (document.querySelector('.ach-toast')?.dataset.id ?? null) !== id", arg=aid
        )


@TOUCH_ONLY
def test_unlock_by_playing_once_and_the_screen(page: Any, pointer: Pointer) -> None:
    play_cows(page, pointer, comeback=True)
    page.wait_for_selector('.ach-toast[data-id="first-clear"]')
    assert "初出茅庐" in page.text_content(".ach-toast")
    shot(page, "achievement-toast")
    first = toasts_until_quiet(page)
    assert first[:2] == ["first-clear", "comeback"]
    state = unlocked(page)
    assert {"first-clear", "comeback"} <= set(state)
    page.reload()  # persisted
    assert unlocked(page) == state
    # the same level again, flawless this time: only what is new pops
    play_cows(page, pointer, comeback=False)
    page.wait_for_selector('.ach-toast[data-id="flawless"]')
    second = toasts_until_quiet(page)
    assert "flawless" in second and "first-clear" not in second and "comeback" not in second
    after = unlocked(page)
    assert after["first-clear"] == state["first-clear"] and after["comeback"] == state["comeback"]
    history = json.loads(page.evaluate("localStorage.getItem('achievements')"))["history"]
    assert [h["level"] for h in history] == ["1-1", "1-1"]
    # the screen, from the menu: unlocked ones first-class, locked ones grey with their condition
    page.click("#tb-menu")
    page.click('[data-menu="achievements"]')
    page.wait_for_selector(".ach-list")
    assert "on" in (page.get_attribute('.ach[data-id="comeback"]', "class") or "")
    locked = page.get_attribute('.ach[data-id="daily-30"]', "class") or ""
    assert "locked" in locked
    assert "连续 30 天" in page.text_content('.ach[data-id="daily-30"]')
    assert page.query_selector('.ach[data-id="pack:04-cows:1"]') is not None
    shot(page, "achievements-screen")
