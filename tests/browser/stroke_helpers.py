"""Number Stroke page helpers for the browser tests (cell centres, board state, opening levels)."""

from __future__ import annotations

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


_WATCH_ANIMATIONS = """() => {
  window.__animated = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const cell = this.closest('.ns-cell') || document.querySelector(
      `.ns-cell[data-id="${this.closest('.ns-label')?.dataset.id}"]`);
    if (cell) window.__animated.push(cell.dataset.id);
    return animate.apply(this, args);
  };
}"""


def watch_animations(page: Any) -> None:
    """From now on, remember every cell an animation starts on (a short shake can be over
    before a busy machine's next look at the page)."""
    page.evaluate(_WATCH_ANIMATIONS)


def wait_animated(page: Any, cell_id: str, timeout: int = 3000) -> None:
    """Wait until an animation has started on ``cell_id`` since ``watch_animations``."""
    page.wait_for_function("(id) => window.__animated.includes(id)", arg=cell_id, timeout=timeout)
