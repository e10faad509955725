"""Play Cows 1-1 in the page with real taps, optionally with a comeback (a conflict, two
undos, then the clear): shared by the replay and achievement browser tests."""

from __future__ import annotations

from typing import Any

from browser_support import Pointer, tap_cow

from puzzlesmith.core.registry import get as get_mode


def solution_cells(level_id: str = "1-1") -> tuple[int, list[int]]:
    cows = get_mode("04-cows")
    view = cows.view(cows.find_level(level_id)[1])
    n = view["size"]
    return n, [r * n + c for r, c in enumerate(view["solution"])]


def play_cows(
    page: Any, pointer: Pointer, *, comeback: bool, level_id: str = "1-1", route: str | None = None
) -> None:
    """Open the level (or ``route``, e.g. its code) and clear it by taps (mark, then cow)."""
    n, sol = solution_cells(level_id)
    page.goto(f"{page.base_url}/?all=1#/{route or '04-cows/' + level_id}")
    page.wait_for_selector(".cw-svg")
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")

    def tap(i: int) -> None:
        tap_cow(page, pointer, i)

    first = sol if not comeback else sol[1:]
    if comeback:
        wrong = sol[0] + 1 if sol[0] % n + 1 < n else sol[0] - 1  # touches the first cow
        for i in (sol[0], sol[0], wrong, wrong):
            tap(i)
        page.wait_for_selector(".cw-conflict")
        page.click('.cw-btn[data-action="undo"]')
        page.click('.cw-btn[data-action="undo"]')
    for i in first:
        tap(i)
        tap(i)
