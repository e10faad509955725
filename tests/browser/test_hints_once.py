"""Hints that show something (issue #31, item 4): 指路 on an untouched board whose 1 is on
screen points at the first step from it, not at the 1; asking the same hint again on the
same position re-shows the answer and is neither sent nor counted (a daily's server counts
every hint it answers, so twice would cost the ★)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import animations_done, page_timers_pass, shot
from stroke_helpers import open_level

from puzzlesmith.core.registry import get as get_mode

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)


def hint_posts(page: Any) -> list[str]:
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/hint") else None)
    return sent


@TOUCH_ONLY
def test_stroke_guide_on_an_untouched_board_shows_the_first_step_once(page: Any) -> None:
    sent = hint_posts(page)
    open_level(page, "demo")
    page.click('[data-action="guide"]')
    page.wait_for_selector('.ns-cell.ns-target[data-id="l"]')  # the step after the 1 ("s")
    assert page.locator('.ns-cell.ns-target[data-id="s"]').count() == 0
    shot(page, "stroke-demo-guide-first-step-touch")
    page.click('[data-action="guide"]')
    page_timers_pass(page, 300)  # a second request would have gone out by now (page clock)
    animations_done(page)
    assert page.locator('.ns-cell.ns-target[data-id="l"]').count() == 1
    assert len(sent) == 1, sent


@TOUCH_ONLY
def test_hex_guide_on_an_untouched_board_shows_the_first_step(page: Any) -> None:
    hexm = get_mode("03-hex-walls")
    sol = hexm.view(hexm.find_level("2-1")[1])["solution"]
    page.goto(f"{page.base_url}/?all=1#/03-hex-walls/2-1")
    page.wait_for_selector('.hx-svg[aria-label="2-1"]')
    page.click('.hx-btn[data-action="guide"]')
    page.wait_for_selector(".hx-cell.hx-target")
    target = page.get_attribute(".hx-cell.hx-target", "data-id")
    assert target == sol[1], (target, sol[:2])
    shot(page, "hex-2-1-guide-first-step-touch")


@TOUCH_ONLY
def test_cows_same_hint_twice_is_asked_once(page: Any) -> None:
    sent = hint_posts(page)
    page.goto(f"{page.base_url}/?all=1#/04-cows/1-1")
    page.wait_for_selector(".cw-svg")
    page.click('.cw-btn[data-action="hint"]')
    page.wait_for_selector(".cw-hintbox:not([hidden])")
    first = page.inner_text(".cw-hintbox")
    page.click('.cw-btn[data-action="hint"]')
    page_timers_pass(page, 300)  # a second request would have gone out by now (page clock)
    animations_done(page)
    assert page.inner_text(".cw-hintbox") == first
    assert len(sent) == 1, sent
