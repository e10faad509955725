"""Flawless is judged in each mode's own words (issue #28): the server asks the mode which
moves take something back, at the position each is played in."""

from __future__ import annotations

from typing import Any

from test_api import level_of, player
from test_hooks import log_text

from puzzlesmith.core import registry

COWS = "04-cows"


def _finish(client: Any, app: Any, log: list[str]) -> dict[str, Any]:
    me = player(client, "小周")
    run = client.post(f"/api/daily/{COWS}/start", headers=me).json()["run"]
    sol = registry.get(COWS).solution_moves(level_of(app, COWS))
    r = client.post(
        f"/api/daily/{COWS}/finish",
        json={"run": run, "moves": sol, "log": log_text([*log, *sol])},
        headers=me,
    )
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_erasing_a_cows_mark_is_no_step_back(client: Any, daily_app: Any) -> None:
    """A ✕ drawn and erased again (``clear r c``) leaves the run flawless."""
    out = _finish(client, daily_app, ["mark 0 0 0 1", "clear 0 0", "clear 0 1"])
    assert out["verified"] and out["flawless"], out


def test_taking_a_cow_away_is_a_step_back(client: Any, daily_app: Any) -> None:
    """The same ``clear`` on a cow's cell, or a ✕ drawn over a cow, is one."""
    for taken in (["cow 0 0", "clear 0 0"], ["cow 0 0", "mark 0 0"]):
        out = _finish(client, daily_app, taken)
        assert out["verified"] and not out["flawless"], (taken, out)


def test_cows_is_undo_looks_at_the_position() -> None:
    m = registry.get(COWS)
    lv = m.find_level("1-1")[1]
    state = m.play(lv, ["cow 0 0", "mark 1 1"])
    assert m.is_undo(state, "clear 0 0") and m.is_undo(state, "mark 2 2 0 0")
    assert not m.is_undo(state, "clear 1 1") and not m.is_undo(state, "mark 2 2")
    assert not m.is_undo(state, "cow 3 3") and not m.is_undo(state, "auto 0 0")
    # a look only: a move apply() refuses answers False without raising
    assert not m.is_undo(state, "clear 99 0") and not m.is_undo(state, "clear x y")
