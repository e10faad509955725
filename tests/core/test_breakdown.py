"""Your solve, explained (core/breakdown.py): the longest pauses carry the solver's Why at
that position, steps back are listed, thinking and moving add up, the median compares."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from puzzlesmith.core import registry
from puzzlesmith.core.breakdown import THINK_MS, breakdown
from puzzlesmith.core.movelog import TimedMove


def timed(moves: list[str], gaps: list[int]) -> list[TimedMove]:
    out, ms = [], 0
    for m, g in zip(moves, gaps, strict=True):
        ms += g
        out.append(TimedMove(ms, m))
    return out


@pytest.mark.parametrize(("mode_id", "level_id"), [("01-number-stroke", "2-3"), ("04-cows", "1-5")])
def test_longest_pauses_are_explained_by_the_solver(mode_id: str, level_id: str) -> None:
    mode = registry.get(mode_id)
    level = mode.find_level(level_id)[1]
    moves = mode.solution_moves(level)
    gaps = [500] * len(moves)
    slow = [len(moves) // 2, len(moves) - 1, 1]
    for i, g in zip(slow, (9000, 7000, 5000), strict=True):
        gaps[i] = g
    b = breakdown(mode, level, timed(moves, gaps), others_ms=[20_000, 40_000, 60_000])
    assert b["cleared"] and b["moves"] == len(moves) and b["backs"] == []
    assert [p["index"] for p in b["pauses"]] == sorted(slow)
    assert {p["pause_ms"] for p in b["pauses"]} == {9000, 7000, 5000}
    for p in b["pauses"]:  # what the solver saw just before the slow move
        assert p["move"] == moves[p["index"]]
        assert p["why"] == mode.hint(level, moves[: p["index"]], "why")
    assert b["thinking_ms"] == 21_000 and b["thinking_ms"] + b["moving_ms"] == b["time_ms"]
    assert b["median_ms"] == 40_000 and b["others"] == 3
    assert b["faster_than"] == sum(t > b["time_ms"] for t in (20_000, 40_000, 60_000))


def test_steps_back_are_listed_and_never_taken_for_thinking() -> None:
    mode = registry.get("01-number-stroke")
    level = mode.find_level("2-3")[1]
    moves = mode.solution_moves(level)
    back = f"rewind {moves[2].split()[-1]}"  # back to the third cell, then on again
    played = [*moves[:4], back, moves[3], *moves[4:]]
    gaps = [THINK_MS * 5 if m == back else 300 for m in played]
    b = breakdown(mode, level, timed(played, gaps))
    assert [x["index"] for x in b["backs"]] == [4]
    assert all(p["move"] != back for p in b["pauses"]) and b["cleared"]
    assert "median_ms" not in b


def test_the_official_time_is_the_breakdowns_time() -> None:
    """A daily's time is the server's (a reload leaves a gap the log does not end with)."""
    mode = registry.get("01-number-stroke")
    level = mode.find_level("2-3")[1]
    moves = mode.solution_moves(level)
    log = timed(moves, [400] * len(moves))
    b = breakdown(mode, level, log, time_ms=40_500)
    assert b["time_ms"] == 40_500 and b["thinking_ms"] + b["moving_ms"] == 40_500
    assert breakdown(mode, level, log)["time_ms"] == log[-1].ms


@pytest.mark.parametrize(("mode_id", "level_id"), [("01-number-stroke", "2-3"), ("04-cows", "1-5")])
def test_each_technique_is_said_once_and_each_pause_shows_its_board(
    mode_id: str, level_id: str
) -> None:
    mode = registry.get(mode_id)
    level = mode.find_level(level_id)[1]
    moves = mode.solution_moves(level)
    # three long pauses before moves whose Why uses one and the same technique
    by: dict[str, list[int]] = {}
    for i in range(len(moves)):
        h = mode.hint(level, moves[:i], "why")
        by.setdefault(str(h.get("technique")), []).append(i)
    same = max(by.values(), key=len)[:3]
    assert len(same) >= 2
    gaps = [300] * len(moves)
    for k, i in enumerate(same):
        gaps[i] = 9000 - 1000 * k
    b = breakdown(mode, level, timed(moves, gaps))
    assert [p["index"] for p in b["pauses"]] == same
    first, *later = b["pauses"]
    assert "again" not in first and all(p["again"] == first["index"] for p in later)
    for p in b["pauses"]:  # the position before the move, drawn, the deduction's cells outlined
        svg = ET.fromstring(p["board"])
        style = svg.find("{http://www.w3.org/2000/svg}style")
        assert style is not None
        for c in p["why"]["cells"][:3]:
            assert f'[data-cell="{c}"]' in (style.text or "")
        state = mode.replay(level, moves[: p["index"]])
        drawn = [e for e in svg.iter() if e.get("class") == "cow"]
        if mode_id == "04-cows":
            assert len(drawn) == len(state["cows"])
        else:
            steps = {t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")}
            assert {str(k) for k in range(2, len(state["path"]) + 1)} <= steps


def test_a_mistake_met_again_is_named_not_said_again() -> None:
    """Two long pauses over the same wrong ✕ (a tap that marks before it places, as a phone
    does): the second pause points back at the first instead of repeating its sentence."""
    mode = registry.get("04-cows")
    level = mode.find_level("1-5")[1]
    cows = mode.solution_moves(level)
    first, second = cows[0].split()[1:], cows[1].split()[1:]
    moves = [f"mark {' '.join(first)}", f"mark {' '.join(second)}", *cows]
    gaps = [300] * len(moves)
    gaps[1], gaps[2] = 9000, 8000  # long thinks over a board with a wrong ✕ on it
    b = breakdown(mode, level, timed(moves, gaps))
    by_index = {p["index"]: p for p in b["pauses"]}
    assert by_index[1]["why"]["verdict"] == "mistake" and "again" not in by_index[1]
    assert by_index[2]["why"]["verdict"] == "mistake" and by_index[2]["again"] == 1
