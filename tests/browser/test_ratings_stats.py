"""The stats screen shows the player's Glicko-2 rating per mode (issue #34 item 6): after a
verified daily finish the mode's row carries the rating and its deviation, the others a
dash; in Chinese and English, on a 390×844 phone, the table inside the screen."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import shot

from puzzlesmith.core.registry import get as get_mode
from puzzlesmith.server.daily.service import daily_modes, today
from puzzlesmith.server.state import services_of

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)
COWS = "04-cows"
HEAD = {"zh": "等级分", "en": "Rating"}

_FINISH = """async ([mode, moves]) => {
  const p = JSON.parse(localStorage.getItem('daily:player'));
  const h = {'Content-Type': 'application/json', Authorization: `Bearer ${p.token}`};
  const s = await (await fetch(`/api/daily/${mode}/start`, {method: 'POST', headers: h})).json();
  const r = await fetch(`/api/daily/${mode}/finish`,
    {method: 'POST', headers: h, body: JSON.stringify({run: s.run, moves})});
  return r.status;
}"""


@pytest.fixture(scope="module")
def live_server(daily_server: tuple[str, Any]) -> str:
    return daily_server[0]


@TOUCH_ONLY
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stats_show_the_players_rating_per_mode(
    page: Any, daily_server: tuple[str, Any], lang: str
) -> None:
    base, app = daily_server
    for dm in daily_modes():  # made before the page asks (generation is not under test)
        services_of(app).dailies.get(dm, today())
    page.goto(f"{base}/#/")
    page.evaluate(f"window.puzzlesmith.setSetting('lang', '{lang}')")
    page.goto(f"{base}/#/daily")
    page.fill('input[name="name"]', "等级玩家" if lang == "zh" else "Rated")
    page.click(".d-name .d-primary")
    page.wait_for_selector(".d-daily")
    m = get_mode(COWS)
    level = services_of(app).dailies.get(m, today())[1]
    assert page.evaluate(_FINISH, [COWS, m.solution_moves(level)]) == 200
    page.goto(f"{base}/#/daily/stats")
    page.wait_for_selector(".d-table .d-rating")
    heads = page.eval_on_selector_all(".d-table th", "els => els.map((e) => e.textContent)")
    assert HEAD[lang] in heads, heads
    cells = page.eval_on_selector_all(
        ".d-table .d-rating", "els => els.map((e) => e.textContent.trim())"
    )
    rated = [c for c in cells if c != "–"]
    assert len(rated) == 1 and re.fullmatch(r"\d{3,4} ±\d{1,3}", rated[0]), cells
    assert len(cells) >= 3  # one row per mode
    right = page.evaluate("document.querySelector('.d-table').getBoundingClientRect().right")
    assert right <= 390, right
    shot(page, f"daily-stats-rating-{lang}-touch")
