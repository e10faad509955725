"""Hints from played positions, and the Mode wiring: CLI contracts, view, render."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.core import registry
from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.cows import MODE
from puzzlesmith.cows.board import Level
from puzzlesmith.cows.solver import solve


def solution_moves(lv: Level) -> list[str]:
    return [f"cow {r} {c}" for r, c in enumerate(solve(lv, 2).solutions[0])]


def rc(cell: str) -> str:
    """A move's "row col" (0-based) from a cell id (1-based, ``r2c7``)."""
    r, c = cell[1:].split("c")
    return f"{int(r) - 1} {int(c) - 1}"


def test_registered() -> None:
    assert registry.get("cows") is MODE and registry.get("04-cows") is MODE


def test_first_hint_is_a_forced_step_with_reasons(shipped: dict[str, Level]) -> None:
    lv = shipped["1-1"]
    h = MODE.hint(lv, [], "next")
    assert h["kind"] == "step" and h["technique"] == "last-free"
    assert h["place"] and h["because"] and "牛" in h["reason_zh"] and "cow" in h["reason_en"]
    # playing the hinted cow makes the next hint its exclusions
    h2 = MODE.hint(lv, [f"cow {rc(h['place'][0])}"], "next")
    assert h2["technique"] == "cow-excludes" and h2["exclude"]


def test_following_hints_solves_every_level_of_a_pack(shipped: dict[str, Level]) -> None:
    for lid in ("1-10", "3-12", "4-9"):
        lv = shipped[lid]
        moves: list[str] = []
        for _ in range(400):
            h = MODE.hint(lv, moves, "next")
            if h["kind"] == "solved":
                break
            assert h["kind"] == "step", h
            for cell in h["place"]:
                moves.append(f"cow {rc(cell)}")
            if h["exclude"]:
                moves.append("mark " + " ".join(rc(x) for x in h["exclude"]))
        assert MODE.replay(lv, moves)["cleared"], lid


def test_mistakes_are_pointed_out(shipped: dict[str, Level]) -> None:
    lv = shipped["2-3"]
    sol = solve(lv, 2).solutions[0]
    wrong_c = next(c for c in range(lv.size) if abs(c - sol[0]) > 1)
    h = MODE.hint(lv, [f"cow 0 {wrong_c}"], "next")
    assert (
        h["kind"] == "mistake" and h["code"] == "cow-wrong" and h["cells"] == [f"r1c{wrong_c + 1}"]
    )
    h = MODE.hint(lv, [f"mark 0 {sol[0]}"], "next")
    assert h["code"] == "mark-wrong"
    h = MODE.hint(lv, ["cow 0 0", "cow 0 2"], "next")
    assert h["code"] == "cows-same-row" and h["cells"] == ["r1c1", "r1c3"]
    assert MODE.hint(lv, solution_moves(lv), "next")["kind"] == "solved"
    with pytest.raises(IllegalMoveError):
        MODE.hint(lv, [], "reveal")


def test_view_carries_what_the_client_needs(shipped: dict[str, Level]) -> None:
    lv = shipped["3-1"]
    v = MODE.view(lv)
    assert v["mode"] == "04-cows" and v["size"] == 9 and len(v["regionOf"]) == 81
    assert len(v["colours"]) == len(v["letters"]) == 9
    assert v["solution"] == solve(lv, 2).solutions[0]
    json.dumps(v)


def test_cli_solve_grade_render(tmp_path: Path) -> None:
    app = build_app()
    res = CliRunner().invoke(app, ["cows", "solve", "2-1", "--json", "--max", "3"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["level"] == "2-1" and out["count"] == 1 and out["complete"] is True
    assert len(out["solutions"][0]) == 7
    res = CliRunner().invoke(app, ["cows", "grade", "2-5", "--json"])
    out = json.loads(res.output)
    assert (
        out["solved"] is True
        and out["grade"].startswith("hard (hall ")
        and out["techniques"]["hall-set"] >= 1
    )
    res = CliRunner().invoke(app, ["cows", "grade", "2-5", "--trace"])
    assert "[hall-set]" in res.output and "Region" in res.output
    svg = tmp_path / "b.svg"
    res = CliRunner().invoke(app, ["cows", "render", "1-2", "-o", str(svg), "--solution"])
    assert res.exit_code == 0, res.output
    text = svg.read_text()
    assert text.count("<rect") == 26 and text.count('class="cow"') == 5


def test_hint_words_point_at_the_board_not_at_letters_or_coordinates(
    shipped: dict[str, Level],
) -> None:
    """Issue #21: a player sees rings on the board, never "region B" or "(2,5)" or "[last-free]"."""
    import re

    seen: set[str] = set()
    for lid in ("1-1", "2-14", "3-12", "4-9"):
        lv = shipped[lid]
        letters = set("".join(lv.regions))
        moves: list[str] = []
        for _ in range(400):
            h = MODE.hint(lv, moves, "next")
            if h["kind"] != "step":
                break
            seen.add(h["technique"])
            en, zh = h["reason_en"], h["reason_zh"]
            assert h["name_en"] and not re.search(r"[\u3400-\u9fff]", en + h["name_en"]), h
            assert not re.search(r"\(\d+,\s*\d+\)|\[[a-z-]+\]|\bregion [A-Z]\b", en), en
            assert not re.search(r"\(\d+,\s*\d+\)|[A-Z]区", zh), zh
            assert not any(re.search(rf"\b{x}\b", en) for x in letters if x != "A"), en
            for cell in h["place"]:
                moves.append(f"cow {rc(cell)}")
            if h["exclude"]:
                moves.append("mark " + " ".join(rc(x) for x in h["exclude"]))
    assert {"last-free", "cow-excludes", "confinement", "shared-attack"} <= seen
    assert seen & {"hall-set", "big-hall"}
