"""Dailies: deterministic from date and secret, unique, logic-solvable, ramped, no solution sent."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.core import registry
from puzzlesmith.core.codes import decode_level, encode_level
from puzzlesmith.server.daily.puzzles import DailyError, make_daily, number_of, seed_for
from puzzlesmith.server.daily.service import Dailies, daily_modes, public_view
from puzzlesmith.server.store import Store

MONDAY, SUNDAY = date(2026, 11, 30), date(2026, 12, 6)
MODES = [m.id for m in daily_modes()]


def size(mode_id: str, level: dict) -> int:
    """Cells (path modes) or rows (cows) of a dumped level."""
    return len(level["cells"]) if "cells" in level else len(level["regions"])


@pytest.mark.parametrize("mode_id", MODES)
def test_daily_is_unique_logic_solvable_and_ramps_up(mode_id: str) -> None:
    mode = registry.get(mode_id)
    easy, hard = make_daily(mode, MONDAY, b"k" * 32), make_daily(mode, SUNDAY, b"k" * 32)
    for p in (easy, hard):
        level = p.parsed(mode)
        solved = mode.solve(level, 5)  # a second solution is searched for, none found
        assert solved.count == 1 and solved.complete
        assert mode.grade(level).solved
        assert "teach" not in p.level  # designer notes may name the author's path
    assert size(mode_id, hard.level) > size(mode_id, easy.level)


@pytest.mark.parametrize("mode_id", MODES)
def test_same_date_and_secret_same_puzzle_else_another(mode_id: str) -> None:
    mode = registry.get(mode_id)
    a = make_daily(mode, MONDAY, b"secret-one" * 4)
    assert make_daily(mode, MONDAY, b"secret-one" * 4) == a
    assert make_daily(mode, MONDAY, b"secret-two" * 4).level != a.level
    assert seed_for(b"s", mode_id, MONDAY) != seed_for(b"s", mode_id, SUNDAY)


def test_numbers_count_days_and_refuse_dates_before_one() -> None:
    assert number_of(date(2026, 11, 20)) == 1
    assert number_of(date(2026, 12, 1)) == 12
    with pytest.raises(DailyError, match="before daily #1"):
        make_daily(daily_modes()[0], date(2020, 1, 1), b"x")


@pytest.mark.parametrize("mode_id", MODES)
def test_public_view_has_no_solution(mode_id: str) -> None:
    mode = registry.get(mode_id)
    p = make_daily(mode, MONDAY, b"k" * 32)
    view = public_view(mode, p.parsed(mode))
    assert "solution" in mode.view(p.parsed(mode))
    assert not [k for k in view if "solution" in k.lower()]
    assert view["id"] == "daily-2026-11-30"


def test_stored_daily_survives_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    mode = daily_modes()[0]
    first = Dailies(Store.open(url), b"k" * 32).get(mode, MONDAY)[0]
    again = Dailies(Store.open(url), b"other-secret" * 3)  # stored: the secret is not asked
    assert again.get(mode, MONDAY)[0] == first


def test_cli_build_then_show_json(tmp_path: Path) -> None:
    runner = CliRunner()
    d = str(tmp_path)
    res = runner.invoke(
        build_app(), ["daily", "build", "--days", "2", "--from", "2026-11-30", "--data-dir", d]
    )
    assert res.exit_code == 0, res.output
    assert f"{2 * len(MODES)} generated" in res.output
    res = runner.invoke(
        build_app(), ["daily", "show", "--date", "2026-12-01", "--data-dir", d, "--json"]
    )
    assert res.exit_code == 0, res.output
    lines = [json.loads(x) for x in res.output.splitlines()]
    assert [x["mode"] for x in lines] == MODES
    for x in lines:
        assert set(x) == {"mode", "date", "number", "code", "grade"}
        assert x["date"] == "2026-12-01" and x["number"] == 12
        mode, level = decode_level(x["code"])  # the code is the stored daily (canonical form)
        stored = Dailies(Store.open(f"sqlite:///{tmp_path / 'puzzlesmith.sqlite3'}"), b"")
        assert mode.id == x["mode"] and level.id == "daily-2026-12-01"
        assert encode_level(mode, stored.get(mode, date(2026, 12, 1))[1]) == x["code"]
    again = runner.invoke(
        build_app(), ["daily", "build", "--days", "2", "--from", "2026-11-30", "--data-dir", d]
    )
    assert f"0 generated, {2 * len(MODES)} already stored" in again.output


def test_cli_show_json_of_a_mode_without_codes(tmp_path: Path) -> None:
    """A daily mode without the ``codes`` capability shows a null code (it exited 1)."""
    from tinymode import MODE as SWITCHES

    assert SWITCHES.capabilities.generate and not SWITCHES.capabilities.codes
    with registry.registered(SWITCHES):
        res = CliRunner().invoke(
            build_app(),
            ["daily", "show", "--date", "2026-12-01", "--data-dir", str(tmp_path), "--json"],
        )
    assert res.exit_code == 0, res.output
    lines = {x["mode"]: x for x in map(json.loads, res.output.splitlines())}
    assert lines[SWITCHES.id]["code"] is None and lines[SWITCHES.id]["number"] == 12
    assert all(lines[m.id]["code"] for m in registry.modes_with("generate", "codes"))


def test_cli_bad_date_is_one_line_exit_2(tmp_path: Path) -> None:
    res = CliRunner().invoke(
        build_app(), ["daily", "show", "--date", "yesterday", "--data-dir", str(tmp_path)]
    )
    assert res.exit_code == 2
    assert "not a date" in res.output and "Traceback" not in res.output
