"""A daily keeps its position over a reload and a tab switch in every mode, on one clock
(issue #35, item 4): the path (or the Cows board) comes back as drawn, the clock goes on
from the server's start, and the server accepts the run finished from the restored
position, with the moves made before the reload in its log at their own times."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Pointer, past_double_tap, play_solution, shot, tap_cow
from sqlalchemy import select
from test_daily import _TIMER_S, seconds, settle, solution

from puzzlesmith.core.movelog import decode
from puzzlesmith.server.daily.service import daily_modes
from puzzlesmith.server.state import services_of
from puzzlesmith.server.store import Run

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)


@pytest.fixture(scope="module")
def live_server(daily_server: tuple[str, Any]) -> str:
    return daily_server[0]


def position(page: Any, mode_id: str) -> list[str]:
    """What the board shows: each path cell's step, or each Cows cell's state."""
    if mode_id == "04-cows":
        return list(page.eval_on_selector_all(".cw-cell", "els => els.map((e) => e.dataset.state)"))
    cells = ".ns-cell" if mode_id == "01-number-stroke" else ".hx-cell"
    return list(page.eval_on_selector_all(cells, "els => els.map((e) => e.dataset.step || '')"))


def steps_made(page: Any, mode_id: str) -> int:
    pos = position(page, mode_id)
    return pos.count("cow") if mode_id == "04-cows" else sum(1 for s in pos if s)


def tab_switch(page: Any) -> None:
    """The tab goes to the background and comes back (the page sees both changes)."""
    for hidden in (True, False):
        page.evaluate(
            "h => { Object.defineProperty(document, 'hidden', {value: h, configurable: true});"
            " Object.defineProperty(document, 'visibilityState', {value: h ? 'hidden' : 'visible',"
            " configurable: true}); document.dispatchEvent(new Event('visibilitychange')); }",
            hidden,
        )


@TOUCH_ONLY
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_daily_keeps_its_position_over_reload_and_tab_switch(
    page: Any, pointer: Pointer, daily_server: tuple[str, Any], lang: str
) -> None:
    base, app = daily_server
    page.goto(f"{base}/#/")
    page.evaluate(f"window.puzzlesmith.setSetting('lang', '{lang}')")
    page.goto(f"{base}/#/daily")
    page.fill('input[name="name"]', f"keeps-{lang}")
    page.click(".d-name .d-primary")
    page.wait_for_selector(".d-daily")
    player = page.evaluate("JSON.parse(localStorage.getItem('daily:player')).id")
    for mode in daily_modes():
        sol = solution(app, mode)
        page.click(f'.d-daily[data-mode="{mode.id}"] [data-action="play"]')
        settle(page)
        upto = 3 if mode.id == "04-cows" else 5
        play_solution(page, pointer, mode.id, sol, upto=upto)
        page.wait_for_function(f"({_TIMER_S}) >= 1")  # the clock has run: a restart would show
        before = position(page, mode.id)
        assert steps_made(page, mode.id) == upto
        t_before = seconds(page.inner_text(".d-timer"))
        page.reload()
        settle(page)
        page.wait_for_function(f"({_TIMER_S}) >= {t_before}")  # not paused, not restarted
        assert position(page, mode.id) == before  # the same position, cell for cell
        shot(page, f"daily-keeps-{mode.id}-{lang}-touch")
        t_hidden = seconds(page.inner_text(".d-timer"))
        tab_switch(page)
        page.wait_for_function(f"({_TIMER_S}) >= {t_hidden + 1}")  # the one clock goes on
        assert position(page, mode.id) == before
        # the rest from the restored position: the server replays the whole log to a clear
        if mode.id == "04-cows":
            n = len(sol)
            for r, c in list(enumerate(sol))[upto:]:
                for _ in range(2):  # ✕ then cow, slower than a double tap by the page's clock
                    tap_cow(page, pointer, r * n + c)
                    past_double_tap(page)
        else:
            play_solution(page, pointer, mode.id, sol[upto - 1 :])
        page.wait_for_function(f"location.hash.endsWith('/{mode.id}/done')")
        page.wait_for_selector(".d-rank")
        with services_of(app).store.session() as s:
            run = s.scalars(select(Run).where(Run.player_id == player, Run.mode == mode.id)).one()
        assert run.log is not None
        log = decode(run.log)
        # the moves before the reload kept their times: they come before the reload's gap
        assert log[upto - 1].ms < t_before * 1000 + 1000
        page.goto(f"{base}/#/daily")
        page.wait_for_selector(f'.d-daily.d-finished[data-mode="{mode.id}"]')
