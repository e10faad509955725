"""Anonymous tries of shipped levels in Chromium on a 390×844 touch phone (issue #27 item 5):
a player clears Number Stroke 1-4 with real gestures, goes on to 1-5, draws two steps and
leaves; both tries reach the store (``level_plays``) as one player would have made them,
and ``puzzlesmith playtest``'s figures count them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import Pointer, cell_centre, play_solution, shot
from sqlalchemy import select
from stroke_helpers import MODE, open_level, view, wait_settled

from puzzlesmith.cli.playtest import shipped_figures
from puzzlesmith.core import registry
from puzzlesmith.core.codes import encode_level
from puzzlesmith.server.state import services_of
from puzzlesmith.server.tries.models import LevelPlay


@pytest.fixture(scope="module")
def live_server(daily_server: tuple[str, Any]) -> str:
    return daily_server[0]


def tries(app: Any) -> list[LevelPlay]:
    with services_of(app).store.session() as s:
        return list(s.scalars(select(LevelPlay).order_by(LevelPlay.try_no)))


def is_plays(resp: Any) -> bool:
    return resp.url.endswith("/api/plays") and resp.request.method == "POST"


@pytest.mark.parametrize("device", ["touch"], indirect=True)
def test_a_clear_and_a_level_left_are_two_tries_in_the_store(
    page: Any, pointer: Pointer, daily_server: tuple[str, Any]
) -> None:
    _, app = daily_server
    assert tries(app) == []
    open_level(page, "1-4")
    shot(page, "plays-1-4-touch")
    with page.expect_response(is_plays) as sent:  # the clear, reported within seconds
        play_solution(page, pointer, MODE, view(page, "1-4")["solution"])
        wait_settled(page, "1-5")  # the clear opened the next level
    assert sent.value.status == 202
    play_solution(page, pointer, MODE, view(page, "1-5")["solution"], upto=2)
    shot(page, "plays-1-5-two-steps-touch")
    with page.expect_response(is_plays) as sent:
        page.click("#tb-back")  # leave 1-5 for the level select
        page.wait_for_selector(".tile")
    assert sent.value.status == 202
    cleared, left = tries(app)
    assert (cleared.mode, cleared.level, cleared.outcome) == (MODE, "1-4", "cleared")
    assert (cleared.last_step, cleared.hints, cleared.rewinds) == (4, 0, 0)
    assert (
        cleared.moves >= 1 and 0 < cleared.time_ms <= cleared.ended_ms - cleared.started_ms + 1000
    )
    assert (left.level, left.outcome, left.last_step, left.try_no) == ("1-5", "left", 2, 2)
    assert left.session == cleared.session and len(left.session) == 32  # one random tab id
    player_ids = page.evaluate("Object.keys(localStorage).filter((k) => k.includes('daily'))")
    assert player_ids == []  # no daily profile was made to report a try
    four, five = shipped_figures(services_of(app).store, MODE)
    assert (four.level, four.attempts, four.clears, four.gave_up) == ("1-4", 1, 1, 0)
    assert (five.level, five.clears, five.gave_up_at) == ("1-5", 0, {"2": 1})


@pytest.mark.parametrize("device", ["touch"], indirect=True)
def test_hidden_and_code_levels_report_nothing(
    page: Any, pointer: Pointer, daily_server: tuple[str, Any]
) -> None:
    """A hidden level (demo) and a level code played and left send no try: the next
    report, from a shipped level, carries only that level's."""
    base, app = daily_server
    before = {(t.session, t.try_no) for t in tries(app)}
    open_level(page, "demo")
    play_solution(page, pointer, MODE, view(page, "demo")["solution"], upto=2)
    page.click("#tb-back")
    page.wait_for_selector(".tile")
    mode = registry.get(MODE)
    page.goto(f"{base}/#/play/{encode_level(mode, mode.find_level('1-3')[1])}")
    page.wait_for_selector(".ns-svg")
    play_solution(page, pointer, MODE, view(page, "1-3")["solution"], upto=2)
    with page.expect_response(is_plays) as sent:
        page.goto(f"{base}/?all=1#/{MODE}/1-2")  # a shipped level, one step, then left
        wait_settled(page, "1-2")
        play_solution(page, pointer, MODE, view(page, "1-2")["solution"], upto=1)
        page.click("#tb-back")
        page.wait_for_selector(".tile")
    assert json.loads(sent.value.request.post_data)["tries"][0]["level"] == "1-2"
    new = [t for t in tries(app) if (t.session, t.try_no) not in before]
    assert [(t.level, t.outcome, t.try_no) for t in new] == [("1-2", "left", 1)]


_VISIBILITY = """(hidden) => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


@pytest.mark.parametrize("device", ["touch"], indirect=True)
def test_a_try_sent_as_the_page_hides_becomes_a_clear_when_finished(
    page: Any, pointer: Pointer, daily_server: tuple[str, Any]
) -> None:
    """The phone locks mid-level: the try goes out at once by sendBeacon as left at its
    step; back on the page, the player clears, and the same row becomes the clear."""
    _, app = daily_server
    before = {(t.session, t.try_no) for t in tries(app)}
    open_level(page, "1-3")
    solution = view(page, "1-3")["solution"]
    play_solution(page, pointer, MODE, solution, upto=2)
    with page.expect_response(is_plays) as sent:  # sent at once, not after a delay
        page.evaluate(_VISIBILITY, True)
    assert sent.value.status == 202
    assert sent.value.request.resource_type == "ping", sent.value.request.resource_type  # a beacon
    page.evaluate(_VISIBILITY, False)

    def new() -> list[LevelPlay]:
        return [t for t in tries(app) if (t.session, t.try_no) not in before]

    [hid] = new()
    assert (hid.level, hid.outcome, hid.last_step) == ("1-3", "left", 2)
    with page.expect_response(is_plays):
        pointer.drag([cell_centre(page, MODE, c) for c in solution[1:]], steps=3)
        wait_settled(page, "1-4")
    [done] = new()
    assert (done.try_no, done.outcome, done.last_step) == (hid.try_no, "cleared", len(solution))
    assert done.moves > hid.moves and done.ended_ms >= hid.ended_ms
