"""The Cows daily across a reload (issue #31, items 1–2, and #30.7's player token): the
half-played board comes back exactly as the server's run left it, and one timer runs from
the server's start time; a stored player token that could not be a token is dropped with
a toast instead of breaking the daily screen."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import (
    Pointer,
    past_double_tap,
    play_solution,
    record_toasts,
    shot,
    tap_cow,
    wait_toast,
)
from test_daily import _TIMER_S, seconds, settle, solution

from puzzlesmith.core.registry import get as get_mode

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)
COWS = "04-cows"


@pytest.fixture(scope="module")
def live_server(daily_server: tuple[str, Any]) -> str:
    return daily_server[0]


def join(page: Any, base: str, name: str = "回放玩家") -> None:
    """A new player picks a name on the daily's welcome screen."""
    page.goto(f"{base}/#/daily")
    page.fill('input[name="name"]', name)
    page.click(".d-name .d-primary")
    page.wait_for_selector(".d-daily")


def board_state(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(".cw-cell", "els => els.map((e) => e.dataset.state)"))


@TOUCH_ONLY
def test_cows_daily_reload_keeps_the_board_and_one_timer(
    page: Any, pointer: Pointer, daily_server: tuple[str, Any]
) -> None:
    base, app = daily_server
    join(page, base)
    page.click(f'.d-daily[data-mode="{COWS}"] [data-action="play"]')
    settle(page)
    sol = solution(app, get_mode(COWS))
    n = len(sol)
    play_solution(page, pointer, COWS, sol, upto=3)  # three cows, each ✕ then cow
    cows = {r * n + c for r, c in enumerate(sol)}
    marks = [i for i in range(n * n) if i not in cows and i // n >= 3][:4]
    for i in marks:  # four ✕ where no cow goes, each taken before the next
        tap_cow(page, pointer, i)
        past_double_tap(page)
    page.wait_for_function("document.querySelectorAll('.cw-cell[data-state=mark]').length === 4")
    before = board_state(page)
    assert before.count("cow") == 3 and before.count("mark") == 4
    # one timer: the top bar's; the board shows none of its own
    assert page.locator(".d-timer").is_visible()
    assert not page.locator(".cw-timer").is_visible()
    page.wait_for_function(f"({_TIMER_S}) >= 1")  # the clock has run: a restart would show
    t_before = seconds(page.inner_text(".d-timer"))
    page.reload()
    settle(page)
    page.wait_for_function("document.querySelectorAll('.cw-cell[data-state=cow]').length === 3")
    assert board_state(page) == before  # the same board, cell for cell
    assert seconds(page.inner_text(".d-timer")) >= t_before
    assert not page.locator(".cw-timer").is_visible()
    shot(page, "daily-cows-resumed-board-touch")
    # the rest of the solution from the restored board: the server accepts the run
    for r, c in list(enumerate(sol))[3:]:
        for _ in range(2):  # ✕ then cow, slower than a double tap by the page's clock
            tap_cow(page, pointer, r * n + c)
            past_double_tap(page)
    page.wait_for_function(f"location.hash.endsWith('/{COWS}/done')")
    page.wait_for_selector(".d-rank")
    assert page.evaluate(f"localStorage.getItem('daily:board:{COWS}')") is None
    page.goto(f"{base}/#/daily")  # the finished card says what its button does
    done = f'.d-daily.d-finished[data-mode="{COWS}"] [data-action="play"]'
    page.wait_for_selector(done)
    assert page.inner_text(done) == "✓ 看成绩"
    shot(page, "daily-home-finished-card-touch")


@TOUCH_ONLY
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_bad_player_token_is_dropped_with_a_toast(page: Any, lang: str) -> None:
    bad = '{"id": "abc", "token": "line\\nbreak", "name": "x"}'
    page.goto(f"{page.base_url}/#/")
    page.evaluate(
        "([bad, lang]) => { localStorage.setItem('daily:player', bad);"
        " localStorage.setItem('shell:settings', JSON.stringify({lang})); }",
        [bad, lang],
    )
    page.reload()  # the new language
    record_toasts(page)
    page.goto(f"{page.base_url}/#/daily")
    page.wait_for_selector('input[name="name"]')  # the welcome screen: make a new profile
    wait_toast(page, "已损坏" if lang == "zh" else "damaged")
    assert page.evaluate("localStorage.getItem('daily:player')") is None
    shot(page, f"daily-bad-token-{lang}-touch")


WORDS = {
    "zh": {"past": "往日的题目不排名", "week": "一", "freeze": "冻结卡", "renamed": "新名字"},
    "en": {"past": "not ranked", "week": "Mo", "freeze": "Freeze", "renamed": "New name"},
}


@TOUCH_ONLY
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_rename_sheet_past_board_and_calendar_labels(page: Any, lang: str) -> None:
    base = page.base_url
    words = WORDS[lang]
    page.goto(f"{base}/#/")
    page.evaluate(f"window.puzzlesmith.setSetting('lang', '{lang}')")
    join(page, base, "改名前" if lang == "zh" else "Before")
    dialogs: list[str] = []  # prompt() would show one: the sheet is in the page
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.click('[data-action="rename"]')  # an in-page sheet, not prompt()
    page.wait_for_selector('.ask input[name="name"]')
    page.fill('.ask input[name="name"]', words["renamed"])
    shot(page, f"daily-rename-sheet-{lang}-touch")
    page.click('.ask [data-act="ok"]')
    page.wait_for_function(f"document.querySelector('.d-me')?.textContent === '{words['renamed']}'")
    assert not dialogs, dialogs
    # a past day with no entry: never "be the first" (past days are not ranked)
    page.click(f'.d-daily[data-mode="{COWS}"] [data-action="board"]')
    page.wait_for_selector('[data-action="prev-day"]')
    page.click('[data-action="prev-day"]')
    page.wait_for_function(
        f"document.querySelector('.daily').innerText.includes('{words['past']}')"
    )
    shot(page, f"daily-past-board-{lang}-touch")
    # the calendar has weekday labels and month names; freezes are explained
    page.goto(f"{base}/#/daily/stats")
    page.wait_for_selector(".d-cal")
    labels = page.eval_on_selector_all(".d-wd", "els => els.map((e) => e.textContent)")
    assert len(labels) == 7 and labels[0] == words["week"], labels
    assert page.locator(".d-day.d-month").count() >= 1
    assert words["freeze"] in page.inner_text(".d-freeze-why")
    shot(page, f"daily-stats-labels-{lang}-touch")
