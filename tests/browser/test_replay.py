"""Replays in Chromium on the phone: a played run's log replays to the same final state in
Python as in the browser; the comeback is marked; the viewer reaches the clear at every
speed; a replay link opens in a fresh context and its GIF downloads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from browser_support import Pointer, shot
from cows_play import play_cows, solution_cells

from puzzlesmith.core.movelog import TimedMove, decode, encode
from puzzlesmith.core.registry import get as get_mode

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)

_NS_CENTRE = """(id) => {
  const t = document.querySelector(`.ns-label[data-id="${id}"] .ns-num`);
  const p = new DOMPoint(+t.getAttribute('x'), +t.getAttribute('y')).matrixTransform(document.querySelector('.ns-svg').getScreenCTM());
  return [p.x, p.y];
}"""


def runs(page: Any, mode_id: str) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(
        page.evaluate(f"localStorage.getItem('runs:{mode_id}') || '{{}}'")
    )
    return out


def settle(page: Any) -> None:
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def play_to_end(page: Any, speed: int, skip: bool) -> None:
    """Set the speed (and skip-thinking), press play from the start, wait for the clear."""
    while page.get_attribute(".replay", "data-speed") != str(speed):
        page.click('.rp-btn[data-rp="speed"]')
    if (page.get_attribute('.rp-btn[data-rp="skip"]', "aria-pressed") == "true") != skip:
        page.click('.rp-btn[data-rp="skip"]')
    page.click('.rp-btn[data-rp="play"]')
    page.wait_for_selector('.replay[data-state="done"]', timeout=30000)
    assert page.get_attribute(".replay", "data-cleared") == "true"
    assert page.get_attribute(".replay", "data-index") == page.get_attribute(
        ".replay", "data-total"
    )


@TOUCH_ONLY
def test_cows_comeback_is_recorded_replayed_and_watched(page: Any, pointer: Pointer) -> None:
    cows = get_mode("04-cows")
    level = cows.find_level("1-1")[1]
    n, sol = solution_cells("1-1")
    play_cows(page, pointer, comeback=True)
    chip = page.wait_for_selector(".rp-chip")
    assert "comeback" in (chip.get_attribute("data-highlights") or "")
    assert "极限反杀" in chip.text_content()
    shot(page, "replay-chip-comeback")
    run = runs(page, "04-cows")["1-1"]["last"][0]
    log = decode(run["log"])
    assert [tm.ms for tm in log] == sorted(tm.ms for tm in log)
    final = cows.replay(level, [tm.move for tm in log])  # the engine agrees with the browser
    assert final["cleared"]
    assert sorted(final["cows"]) == sorted(f"r{i // n + 1}c{i % n + 1}" for i in sol)
    assert run["conflicts"] >= 1 and run["backs"] == 2
    chip.click()
    page.wait_for_selector(".replay .cw-svg")
    assert page.get_attribute(".replay", "data-total") == str(len(log))
    for speed, skip in ((4, False), (2, True), (1, True)):
        play_to_end(page, speed, skip)
    shot(page, "replay-cows-done")


@TOUCH_ONLY
def test_stroke_log_with_a_rewind_replays_to_the_same_state(page: Any, pointer: Pointer) -> None:
    stroke = get_mode("01-number-stroke")
    lid = "1-4"
    level = stroke.find_level(lid)[1]
    sol = stroke.view(level)["solution"]
    page.goto(f"{page.base_url}/?all=1#/01-number-stroke/{lid}")
    page.wait_for_selector(f'.ns-svg[aria-label="{lid}"]')
    settle(page)

    def at(cell: str) -> tuple[float, float]:
        x, y = page.evaluate(_NS_CENTRE, cell)
        return float(x), float(y)

    pointer.drag([at(c) for c in sol[:3]], steps=3)
    pointer.tap(*at(sol[0]))  # back to the start: a rewind
    assert page.get_attribute(".ns-svg", "data-len") == "1"
    pointer.drag([at(c) for c in sol], steps=3)
    page.wait_for_function(
        f"() => !!JSON.parse(localStorage.getItem('runs:01-number-stroke') || '{{}}')['{lid}']"
    )
    run = runs(page, "01-number-stroke")[lid]["best"]
    moves = [tm.move for tm in decode(run["log"])]
    assert any(m.startswith("rewind ") for m in moves) and run["backs"] >= 1
    state = stroke.replay(level, moves)
    assert state["cleared"] and state["path"] == sol
    # level select: the tile of a level with a best run carries a ▶ that opens it
    page.goto(f"{page.base_url}/?all=1#/01-number-stroke")
    page.click(f'.tile[data-level="{lid}"] .tile-replay')
    page.wait_for_selector(f'.replay .ns-svg[aria-label="{lid}"]')
    play_to_end(page, 4, True)


@TOUCH_ONLY
def test_replay_link_in_a_fresh_context(page: Any) -> None:
    hexm = get_mode("03-hex-walls")
    lid = "1-3"
    level = hexm.find_level(lid)[1]
    moves = hexm.solution_moves(level)
    moves = [*moves[:2], "undo", *moves[1:]]  # a step back on the way
    log = encode([TimedMove(400 * k, m) for k, m in enumerate(moves)])
    page.goto(f"{page.base_url}/#/replay/03-hex-walls/{lid}/{quote(log, safe='')}")
    page.wait_for_selector(f'.replay .hx-svg[aria-label="{lid}"]')
    assert page.get_attribute(".replay", "data-total") == str(len(moves))
    assert page.is_hidden(".hx-buttons")
    for k in range(len(moves)):
        page.click('.rp-btn[data-rp="fwd"]')
        assert page.get_attribute(".replay", "data-index") == str(k + 1)
    assert page.get_attribute(".replay", "data-cleared") == "true"
    assert page.get_attribute(".hx-svg", "data-len") == str(len(level.cells))
    page.click('.rp-btn[data-rp="back"]')
    assert page.get_attribute(".replay", "data-cleared") == "false"
    page.fill(".rp-scrub", "2")
    assert page.get_attribute(".replay", "data-index") == "2"
    assert page.get_attribute(".hx-svg", "data-len") == "2"
    shot(page, "replay-hex-link")
    with page.expect_download() as dl:
        page.click('.rp-btn[data-rp="gif"]')
    path = dl.value.path()
    assert path is not None and Path(path).read_bytes()[:6] == b"GIF89a"
    # a broken link says so in one line and lands on the level select
    page.goto(f"{page.base_url}/#/replay/03-hex-walls/{lid}/m1~zz")
    page.wait_for_selector(".tile")
    assert "回放打不开" in page.text_content("#toast")


@TOUCH_ONLY
def test_replay_link_with_a_level_code(page: Any, pointer: Pointer) -> None:
    from puzzlesmith.core.codes import encode_level

    cows = get_mode("04-cows")
    level = cows.find_level("2-3")[1]
    code = encode_level(cows, level)
    moves = cows.solution_moves(level)
    log = encode([TimedMove(300 * k, m) for k, m in enumerate(moves)])
    page.goto(f"{page.base_url}/#/replay/{quote(code, safe='')}/{quote(log, safe='')}")
    page.wait_for_selector(".replay .cw-svg")
    assert page.get_attribute(".replay", "data-total") == str(len(moves))
    page.fill(".rp-scrub", str(len(moves)))
    assert page.get_attribute(".replay", "data-cleared") == "true"
    with page.expect_download() as dl:
        page.click('.rp-btn[data-rp="gif"]')
    path = dl.value.path()
    assert path is not None and Path(path).read_bytes()[:6] == b"GIF89a"
    # a code level played to the clear offers the replay of that run, by its code
    play_cows(
        page,
        pointer,
        comeback=False,
        route=f"play/{quote(encode_level(cows, cows.find_level('1-1')[1]), safe='')}",
    )
    page.click(".rp-chip")
    page.wait_for_selector(".replay .cw-svg")
    page.fill(".rp-scrub", page.get_attribute(".replay", "data-total") or "0")
    assert page.get_attribute(".replay", "data-cleared") == "true"
