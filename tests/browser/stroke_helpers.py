"""Number Stroke page helpers for the browser tests (cell centres, board state, opening levels)."""

from __future__ import annotations

import itertools
from typing import Any

from browser_support import cell_centre

MODE = "01-number-stroke"
SAVE_KEY = f"mode:{MODE}"

_UNIT_TO_PAGE = """([x, y]) => {
  const m = document.querySelector('.ns-svg').getScreenCTM();
  const p = new DOMPoint(x, y).matrixTransform(m);
  return [p.x, p.y];
}"""

_STATE = """() => {
  const out = {};
  for (const g of document.querySelectorAll('.ns-cell')) {
    out[g.dataset.id] = {state: g.dataset.state, step: g.dataset.step ? +g.dataset.step : null};
  }
  return out;
}"""


def open_level(page: Any, level_id: str, *, all_levels: bool = True) -> None:
    query = "?all=1" if all_levels else ""
    page.goto(f"{page.base_url}/{query}#/{MODE}/{level_id}")
    wait_settled(page, level_id)


def wait_settled(page: Any, level_id: str) -> None:
    """The board of ``level_id`` is drawn and laid out (the fit runs on a ResizeObserver)."""
    page.wait_for_selector(f'.ns-svg[aria-label="{level_id}"]')
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def view(page: Any, level_id: str) -> dict[str, Any]:
    resp = page.request.get(f"{page.base_url}/api/modes/{MODE}/levels/{level_id}")
    assert resp.ok
    data: dict[str, Any] = resp.json()
    return data


def centre(page: Any, cell_id: str) -> tuple[float, float]:
    return cell_centre(page, MODE, cell_id)


def at_units(page: Any, x: float, y: float) -> tuple[float, float]:
    px, py = page.evaluate(_UNIT_TO_PAGE, [x, y])
    return float(px), float(py)


def board_state(page: Any) -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = page.evaluate(_STATE)
    return data


def path_of(page: Any) -> list[str]:
    """The drawn path, read from the steps shown on the board."""
    cells = board_state(page)
    on = [(c["step"], cid) for cid, c in cells.items() if c["state"] != "empty"]
    return [cid for _, cid in sorted(on)]


def animating(page: Any, cell_id: str) -> bool:
    return bool(
        page.evaluate(
            '(id) => document.querySelector(`.ns-cell[data-id="${id}"]`).getAnimations().length > 0',
            cell_id,
        )
    )


def unit_route(view_json: dict[str, Any], cells: list[str]) -> list[tuple[float, float]]:
    """Unit-square centres (unit coordinates) that walk ``cells`` in order, moving one unit
    at a time and never leaving the current cell except into the next one, so a drag along
    them crosses no third cell whatever the shapes."""
    units = {c["id"]: [tuple(u) for u in c["units"]] for c in view_json["cells"]}
    cur: tuple[int, int] = units[cells[0]][0]
    out = [(cur[0] + 0.5, cur[1] + 0.5)]
    for a, b in itertools.pairwise(cells):
        inside = set(units[a])
        targets = set(units[b])
        prev: dict[tuple[int, int], tuple[int, int] | None] = {cur: None}
        queue = [cur]
        end: tuple[tuple[int, int], tuple[int, int]] | None = None
        while queue and end is None:
            u = queue.pop(0)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                v = (u[0] + dx, u[1] + dy)
                if v in targets:
                    end = (u, v)
                    break
                if v in inside and v not in prev:
                    prev[v] = u
                    queue.append(v)
        assert end is not None, f"{a} and {b} share no edge"
        walk: list[tuple[int, int]] = []
        node: tuple[int, int] | None = end[0]
        while node is not None and node != cur:
            walk.append(node)
            node = prev[node]
        for u in [*reversed(walk), end[1]]:
            out.append((u[0] + 0.5, u[1] + 0.5))
        cur = end[1]
    return out
