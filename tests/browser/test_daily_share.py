"""A daily's finish on a 390×844 touch phone, in both languages (issue #35, item 7): a short
celebration before the rank (none under reduced motion, and only once), the result's
picture drawn by the server, shared as a file where the phone's share sheet takes files
and copied otherwise, with the link at the server's public address."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Pointer, play_solution, shot
from test_daily import settle, solution

from puzzlesmith.server.daily.service import daily_modes

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)
PUBLIC = "https://puzzles.example"
#: a share sheet that takes files: what it was handed is kept for the test
SHARE_SHEET = """
navigator.canShare = (d) => Boolean(d && d.files && d.files.length);
navigator.share = async (d) => {
  window.__shared = {files: (d.files || []).map((f) => [f.name, f.type, f.size]), text: d.text};
};
"""


@pytest.fixture(scope="module")
def live_server(daily_server: tuple[str, Any]) -> str:
    return daily_server[0]


def finish_one(page: Any, pointer: Pointer, app: Any, base: str, lang: str, name: str) -> Any:
    page.goto(f"{base}/#/")
    page.evaluate(f"window.puzzlesmith.setSetting('lang', '{lang}')")
    page.goto(f"{base}/#/daily")
    page.fill('input[name="name"]', name)
    page.click(".d-name .d-primary")
    page.wait_for_selector(".d-daily")
    mode = daily_modes()[0]
    page.click(f'.d-daily[data-mode="{mode.id}"] [data-action="play"]')
    settle(page)
    play_solution(page, pointer, mode.id, solution(app, mode))
    page.wait_for_function(f"location.hash.endsWith('/{mode.id}/done')")
    return mode


@TOUCH_ONLY
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_finish_celebrates_then_shares_a_picture(
    page: Any,
    pointer: Pointer,
    daily_server: tuple[str, Any],
    lang: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    base, app = daily_server
    # the app's settings, read once by create_app, with the public address
    conf = app.state.settings.model_copy(update={"public_url": PUBLIC})
    monkeypatch.setitem(app.state._state, "settings", conf)  # given back after the test
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    page.add_init_script(SHARE_SHEET)
    mode = finish_one(page, pointer, app, base, lang, f"share-{lang}")
    # the celebration comes first: its words and sparks, the rank hidden until it ends
    page.wait_for_selector('.d-celebrate[data-motion="full"] .d-cheer')
    assert page.inner_text(".d-cheer") == ("完成！" if lang == "zh" else "Solved!")
    page.wait_for_selector(".d-rank", state="visible")
    page.wait_for_selector(".d-burst", state="detached")  # over: nothing left moving
    # the server's picture of the result
    page.wait_for_function(
        "document.querySelector('.d-share-img')?.complete"
        " && document.querySelector('.d-share-img').naturalWidth === 1080"
    )
    assert page.locator(".d-share").inner_text().strip().endswith(f"{PUBLIC}/#/daily/{mode.id}")
    shot(page, f"daily-share-{lang}-touch")
    page.click('[data-action="share"]')  # a share sheet that takes files: the PNG goes
    page.wait_for_function("window.__shared !== undefined")
    shared = page.evaluate("window.__shared")
    assert len(shared["files"]) == 1 and shared["files"][0][1] == "image/png"
    assert shared["files"][0][2] > 1000 and f"{PUBLIC}/#/daily/{mode.id}" in shared["text"]
    assert "127.0.0.1" not in shared["text"]
    # a phone without file sharing: the text is copied
    page.evaluate("navigator.canShare = undefined; navigator.share = undefined;")
    page.click('[data-action="share"]')
    page.wait_for_function("document.getElementById('toast').hidden === false")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.endswith(f"{PUBLIC}/#/daily/{mode.id}") and "127.0.0.1" not in copied
    # the celebration is for the finish: coming back shows the result at once
    page.reload()
    page.wait_for_selector(".d-rank", state="visible")
    assert page.locator(".d-celebrate").count() == 0


@TOUCH_ONLY
def test_reduced_motion_celebrates_without_movement(
    page: Any, pointer: Pointer, daily_server: tuple[str, Any]
) -> None:
    base, app = daily_server
    page.goto(f"{base}/#/")
    page.evaluate("window.puzzlesmith.setSetting('reducedMotion', true)")
    finish_one(page, pointer, app, base, "zh", "still")
    page.wait_for_selector('.d-celebrate[data-motion="reduced"] .d-cheer')
    assert page.locator(".d-rank").is_visible()  # the rank at once
    assert page.locator(".d-spark").count() == 0
    shot(page, "daily-share-reduced-motion-touch")
