"""Hex Walls in Chromium on a 390×844 touch phone: drag to clear, turners turn and turn back."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import Pointer, animations_done, shot

from puzzlesmith.hexwalls import MODE as HEX
from puzzlesmith.hexwalls.board import board_of

MODE = "03-hex-walls"
SAVE_KEY = f"mode:{MODE}"
TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)

_CENTRE = """(id) => {
  const t = document.querySelector(`.hx-label[data-id="${id}"] .hx-num`);
  const m = document.querySelector('.hx-svg').getScreenCTM();
  const p = new DOMPoint(+t.getAttribute('x'), +t.getAttribute('y')).matrixTransform(m);
  return [p.x, p.y];
}"""

_STATE = """() => {
  const out = {};
  for (const g of document.querySelectorAll('.hx-cell')) out[g.dataset.id] = g.dataset.step ? +g.dataset.step : null;
  return out;
}"""


_ARMS = """() => {
  const inv = document.querySelector('.hx-svg').getScreenCTM().inverse();
  return [...document.querySelectorAll('.hx-turner .hx-tw')].map((line) => {
    const m = line.getScreenCTM();  // includes the CSS rotation of the arm
    return [['x1', 'y1'], ['x2', 'y2']].map(([a, b]) => {
      const p = new DOMPoint(+line.getAttribute(a), +line.getAttribute(b)).matrixTransform(m).matrixTransform(inv);
      return [p.x, p.y];
    });
  });
}"""


def arms_on_engine_edges(page: Any, view: dict[str, Any], k: int) -> bool:
    """Each drawn turning wall lies where the engine says it stands after k landings."""
    animations_done(page)  # the 220 ms turn animation
    arms = page.evaluate(_ARMS)
    for t, arm in zip(view["turners"], arms, strict=True):
        want = t["cycle"][(t["start"] + k) % 3]["ends"]
        for x, y in arm:
            if min(abs(x - ex) + abs(y - ey) for ex, ey in want) > 0.02:
                return False
    return True


def open_level(page: Any, level_id: str) -> None:
    page.goto(f"{page.base_url}/?all=1#/{MODE}/{level_id}")
    page.wait_for_selector(f'.hx-svg[aria-label="{level_id}"]')
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def centre(page: Any, cell: str) -> tuple[float, float]:
    x, y = page.evaluate(_CENTRE, cell)
    return float(x), float(y)


def drag(page: Any, pointer: Pointer, cells: list[str]) -> None:
    pointer.drag([centre(page, c) for c in cells], steps=3)


def steps(page: Any) -> dict[str, int | None]:
    out: dict[str, int | None] = page.evaluate(_STATE)
    return out


def turns(page: Any) -> list[tuple[str, str]]:
    return [
        (
            t.get_attribute("data-turns") or "0",
            t.eval_on_selector(".hx-arm", "e => e.style.transform"),
        )
        for t in page.query_selector_all(".hx-turner")
    ]


def test_mode_listed_and_tutorial_level_cleared_by_dragging(
    page: Any, pointer: Pointer, device: str
) -> None:
    page.goto(f"{page.base_url}/#/")
    page.wait_for_selector(f'[href="#/{MODE}"], [data-mode="{MODE}"]')
    open_level(page, "1-3")
    assert page.text_content("#caption") == "粗线是墙：墙两边的格不能直接走过去"
    lv = HEX.find_level("1-3")[1]
    assert len(page.query_selector_all(".hx-wall")) == len(lv.walls) > 0
    sol = HEX.view(lv)["solution"]
    shot(page, f"hex-1-3-start-{device}")
    drag(page, pointer, sol)
    page.wait_for_selector('.hx-svg[aria-label="1-4"]')
    save = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert "1-3" in save["clearedId"] and save["currentId"] == "1-4"


def turner_refusal(lid: str) -> tuple[list[str], str] | None:
    """The solution's first steps up to a cell a turning wall shuts right then, and that cell."""
    lv = HEX.find_level(lid)[1]
    b = board_of(lv)
    sol: list[str] = HEX.view(lv)["solution"]
    for k in range(1, len(sol)):
        end = b.index[sol[k - 1]]
        for j in b.adj[end]:
            static_open = b.openmask[end] >> j & 1
            if b.ids[j] not in sol[:k] and static_open and not b.is_open(end, j, k):
                return sol[:k], b.ids[j]
    return None


@TOUCH_ONLY
def test_turner_level_turns_blocks_undoes_and_clears(page: Any, pointer: Pointer) -> None:
    ids = [lv.id for lv in HEX.shipped_packs()[1].levels]
    lid = next(
        i for i in ids if turner_refusal(i) and len(HEX.view(HEX.find_level(i)[1])["solution"]) > 3
    )
    lv = HEX.find_level(lid)[1]
    sol: list[str] = HEX.view(lv)["solution"]
    open_level(page, lid)
    assert [t for t, _ in turns(page)] == ["0"] * len(lv.turners)
    drag(page, pointer, sol[:3])
    assert steps(page)[sol[2]] == 3
    assert turns(page) == [("3", "rotate(360deg)")] * len(lv.turners)
    assert arms_on_engine_edges(page, HEX.view(lv), 3)
    shot(page, f"hex-{lid}-three-steps")
    # tapping the end steps back one, and every turner turns back
    pointer.tap(*centre(page, sol[2]))
    assert steps(page)[sol[2]] is None and steps(page)[sol[1]] == 2
    assert turns(page) == [("2", "rotate(240deg)")] * len(lv.turners)
    assert arms_on_engine_edges(page, HEX.view(lv), 2)
    assert not arms_on_engine_edges(page, HEX.view(lv), 3)  # the check can tell
    # tapping an older cell does not truncate
    pointer.tap(*centre(page, sol[0]))
    assert steps(page)[sol[1]] == 2
    # the 撤销 button steps back one too
    page.click('.hx-btn[data-action="undo"]')
    assert steps(page)[sol[1]] is None and turns(page)[0][0] == "1"
    # a move into a turning wall standing there right now is refused
    found = turner_refusal(lid)
    assert found is not None
    walk, refused = found
    if len(walk) > 1:
        drag(page, pointer, walk[1:])
    pointer.tap(*centre(page, refused))
    assert steps(page)[refused] is None and steps(page)[walk[-1]] == len(walk)
    shot(page, f"hex-{lid}-blocked")
    drag(page, pointer, sol[len(walk) - 1 :])
    nxt = ids[ids.index(lid) + 1]
    page.wait_for_selector(f'.hx-svg[aria-label="{nxt}"]')
    assert lid in json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["clearedId"]


@TOUCH_ONLY
def test_hints_on_the_phone(page: Any, pointer: Pointer) -> None:
    open_level(page, "2-1")
    page.click('.hx-btn[data-action="guide"]')
    page.wait_for_selector(".hx-cell.hx-target")
    page.click('.hx-btn[data-action="reveal"]')
    page.wait_for_selector(".hx-ring-amber")
    shot(page, "hex-2-1-hints")
