"""No back door to today's solution: a board one harmless change away from today's daily
(a parity clue the path satisfies, a wall on an edge the path never crosses, a Cows cell
moved to a neighbouring region), turned or mirrored or not, is refused by every route
that would show, check, explain or publish it, because its solution is today's."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from test_api import MODES, level_of, player

from puzzlesmith.core import registry
from puzzlesmith.core.codes import encode_level
from puzzlesmith.core.movelog import TimedMove, encode
from puzzlesmith.cows.mode import solution_of as cows_solution
from puzzlesmith.server.daily.service import today

JSON = dict[str, Any]
HEX_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """The guard reads the daily once; which database holds it is test_store's business."""
    return f"sqlite:///{tmp_path / 'store.sqlite3'}"


def solution(mode: Any, level: Any) -> tuple[Any, ...] | None:
    return mode.solution_of(level) if hasattr(mode, "solution_of") else cows_solution(level)


def parse(mode: Any, raw: JSON) -> Any:
    level, problems = mode.parse_level(raw, "variant")
    assert level is not None, problems
    return level


# ---- the three one-change variants ---------------------------------------------------------------
def stroke_plus_parity(mode: Any, daily: Any) -> Iterator[JSON]:
    raw, path = mode.dump_level(daily), mode.solution_of(daily)
    step = {cid: k for k, cid in enumerate(path, 1)}
    for i, cell in enumerate(raw["cells"]):
        if "clue" not in cell and "parity" not in cell:
            cells = [dict(c) for c in raw["cells"]]
            cells[i]["parity"] = "odd" if step[cell["id"]] % 2 else "even"
            yield {**raw, "cells": cells}


def hex_plus_wall(mode: Any, daily: Any) -> Iterator[JSON]:
    raw, path = mode.dump_level(daily), mode.solution_of(daily)
    at = {(c["q"], c["r"]): c["id"] for c in raw["cells"]}
    used = {frozenset(p) for p in pairwise(path)}
    walls = {frozenset(map(tuple, w)) for w in raw.get("walls", [])}
    for (q, r), cid in at.items():
        for dq, dr in HEX_STEPS:
            other = at.get((q + dq, r + dr))
            edge = frozenset({(q, r), (q + dq, r + dr)})
            if other is None or frozenset({cid, other}) in used or edge in walls:
                continue
            yield {**raw, "walls": [*raw.get("walls", []), [[q, r], [q + dq, r + dr]]]}


def cows_moved_cell(mode: Any, daily: Any) -> Iterator[JSON]:
    raw, sol = mode.dump_level(daily), cows_solution(daily)
    rows = [list(row) for row in raw["regions"]]
    n = len(rows)
    for r in range(n):
        for c in range(n):
            if sol[r] == c:
                continue
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n and rows[rr][cc] != rows[r][c]:
                    moved = [row[:] for row in rows]
                    moved[r][c] = rows[rr][cc]
                    yield {**raw, "regions": ["".join(row) for row in moved]}


VARIANTS: dict[str, Callable[[Any, Any], Iterator[JSON]]] = {
    "01-number-stroke": stroke_plus_parity,
    "03-hex-walls": hex_plus_wall,
    "04-cows": cows_moved_cell,
}


# ---- turns and mirrors ---------------------------------------------------------------------------
def transposed(mode_id: str, raw: JSON) -> JSON:
    """The board mirrored on its diagonal; Hex Walls turned 60° (a mirror would turn its
    turners the other way round: another puzzle, with another solution)."""
    if mode_id == "04-cows":
        rows = raw["regions"]
        return {**raw, "regions": ["".join(row[c] for row in rows) for c in range(len(rows))]}
    if mode_id == "01-number-stroke":
        cells = []
        for c in raw["cells"]:
            t = {**c, "x": c["y"], "y": c["x"], "w": c["h"], "h": c["w"]}
            if "shape" in c:
                t["shape"] = [[dy, dx] for dx, dy in c["shape"]]
            cells.append(t)
        return {**raw, "cells": cells}

    def m(h: list[int]) -> list[int]:
        return [-h[1], h[0] + h[1]]

    return {
        **raw,
        "cells": [{**c, "q": -c["r"], "r": c["q"] + c["r"]} for c in raw["cells"]],
        "walls": [[m(a), m(b)] for a, b in raw.get("walls", [])],
        "turners": [
            {"pivot": [m(h) for h in t["pivot"]], "at": [m(h) for h in t["at"]]}
            for t in raw.get("turners", [])
        ],
    }


def back_doors(mode_id: str, daily: Any) -> list[Any]:
    """The first one-change variant whose unique solution is today's, as is and mirrored:
    each a different board (the exact-board guard alone lets it through) that gives today's
    solution away."""
    mode = registry.get(mode_id)
    want = solution(mode, daily)
    for raw in VARIANTS[mode_id](mode, daily):
        level, _ = mode.parse_level(raw, "variant")
        if level is None or solution(mode, level) != want or mode.solve(level, 2).count != 1:
            continue
        assert mode.symmetry_key(level) != mode.symmetry_key(daily)
        return [level, parse(mode, transposed(mode_id, raw))]
    raise AssertionError(f"{mode_id}: no one-change variant keeps today's solution")


@pytest.mark.parametrize("mode_id", MODES)
def test_a_board_one_change_from_today_s_is_refused_on_every_route(
    client: Any, daily_app: Any, mode_id: str
) -> None:
    mode = registry.get(mode_id)
    daily = level_of(daily_app, mode_id)
    me = player(client, "后门")
    moves = mode.solution_moves(daily)[:1]
    log = {"log": encode([TimedMove(1000 * (i + 1), mv) for i, mv in enumerate(moves)])}
    for level in back_doors(mode_id, daily):
        code, raw = encode_level(mode, level), mode.dump_level(level)
        answers = [
            client.get(f"/api/codes/{code}"),
            client.post(f"/api/codes/{code}/check", json={"moves": []}),
            client.post(f"/api/codes/{code}/breakdown", json=log),
            client.post(
                f"/api/community/{mode_id}", json={"level": raw, "title": "抄"}, headers=me
            ),
            *(
                client.post(f"/api/codes/{code}/hint", json={"moves": moves, "kind": kind})
                for kind in mode.hint_kinds
            ),
        ]
        if mode.capabilities.design:  # suggested clues are read off a solution
            body = {"level": raw, "suggest": 1}
            answers.append(client.post(f"/api/modes/{mode_id}/check-level", json=body))
        for r in answers:
            assert r.status_code == 403, (r.request.url, r.text)
            assert r.json()["error"] == "daily-level", r.text
            assert "today's daily solution solves this level" in r.json()["message"]


@pytest.mark.parametrize("mode_id", MODES)
def test_yesterday_s_variant_is_a_level_code_like_any(
    client: Any, afternoon: Any, daily_app: Any, mode_id: str
) -> None:
    """The guard is about today: yesterday's one-change variant is viewed and hinted."""
    mode = registry.get(mode_id)
    level_of(daily_app, mode_id)  # today's is stored (the guard only reads stored dailies)
    old = back_doors(mode_id, level_of(daily_app, mode_id, today() - timedelta(days=1)))[0]
    code = encode_level(mode, old)
    r = client.post(f"/api/codes/{code}/hint", json={"moves": [], "kind": mode.hint_kinds[0]})
    assert r.status_code == 200, r.text
    r = client.get(f"/api/codes/{code}")
    assert r.status_code == 200 or r.json()["error"] == "gave-up", r.text
