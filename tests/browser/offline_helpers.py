"""Clearing the first level of any mode by real touch input, for the offline tests.

Each mode is solved the way a player would: Number Stroke and Hex Walls by one drag along
the baked solution, Cows by two slow taps (✕, then cow) on each cow's cell.
"""

from __future__ import annotations

from typing import Any

from browser_support import Pointer, play_solution

from puzzlesmith.core import registry

_SVG = {"01-number-stroke": "ns", "03-hex-walls": "hx", "04-cows": "cw"}
MODES = tuple(_SVG)


def view_of(mode_id: str, level_id: str) -> dict[str, Any]:
    mode = registry.get(mode_id)
    data: dict[str, Any] = mode.view(mode.find_level(level_id)[1])
    return data


def wait_board(page: Any, mode_id: str, level_id: str) -> None:
    page.wait_for_selector(f'.{_SVG[mode_id]}-svg[aria-label="{level_id}"]')
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def clear(page: Any, pointer: Pointer, mode_id: str, level_id: str) -> None:
    """Solve the open level by touch and wait for the shell to record the clear."""
    view = view_of(mode_id, level_id)
    sol = view["solution"]
    play_solution(page, pointer, mode_id, sol)
    page.wait_for_function(f"!location.hash.endsWith('/{level_id}')", timeout=6000)


def cleared(page: Any, key: str) -> list[str]:
    """The cleared ids stored under the save key ``key``, [] when absent."""
    out: list[str] = page.evaluate(
        "(k) => (JSON.parse(localStorage.getItem(k) || 'null') || {clearedId: []}).clearedId", key
    )
    return out
