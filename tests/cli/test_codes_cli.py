"""``<mode> code`` and ``<mode> decode`` through the real CLI: round trip, exit codes, one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.core import registry

runner = CliRunner()


def run(*args: str) -> Any:
    return runner.invoke(build_app(), list(args))


@pytest.mark.parametrize("mode", [m.cli_name for m in registry.modes_with("codes")])
def test_code_then_decode_then_solve(mode: str, tmp_path: Path) -> None:
    m = registry.get(mode)
    pack_file = m.shipped_pack_files()[0]
    first = m.load_file(pack_file).levels[0]
    r = run(mode, "code", str(pack_file), "--json")
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert [row["level"] for row in rows] == [lv.id for lv in m.load_file(pack_file).levels]
    r = run(mode, "code", first.id)  # a shipped level id
    assert r.exit_code == 0 and r.stdout.strip() == rows[0]["code"]
    out = tmp_path / "one.json"
    r = run(mode, "decode", rows[0]["code"], "-o", str(out))
    assert r.exit_code == 0, r.output
    r = run(mode, "validate", str(out))
    assert r.exit_code == 0, r.output
    r = run(mode, "solve", str(out), "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["count"] == 1
    r = run(mode, "decode", rows[0]["code"])  # stdout: the same pack
    assert json.loads(r.stdout) == json.loads(out.read_text(encoding="utf-8"))


def test_code_with_level_and_no_text() -> None:
    pack_file = registry.get("cows").shipped_pack_files()[2]
    r = run("cows", "code", str(pack_file), "--level", "3-2", "--no-text")
    assert r.exit_code == 0
    (code,) = r.stdout.split()
    assert "." not in code and len(code) == 2 + 25 + 1


@pytest.mark.parametrize(
    ("args", "exit_code", "text"),
    [
        (("cows", "decode", "CAC!"), 2, 'character "!" at position 4 is not base64url'),
        (("cows", "decode", "CACA6Chu4wA"), 2, "check character"),
        (("cows", "decode", "SAhFWEHg.MS0yA"), 2, "holds a stroke level, not cows"),
        (("cows", "decode", "ZAAAd"), 2, 'unknown mode tag "Z"'),
        (("stroke", "code", "no-such-level"), 2, "no shipped level"),
    ],
)
def test_bad_input_is_one_line(args: tuple[str, ...], exit_code: int, text: str) -> None:
    r = run(*args)
    assert r.exit_code == exit_code, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and text in lines[0]
    assert "Traceback" not in r.output


def test_a_board_breaking_a_load_rule_exits_1() -> None:
    from puzzlesmith.core.bitio import BitWriter
    from puzzlesmith.core.codes import check_char
    from puzzlesmith.cows.board import Level

    w = BitWriter()
    registry.get("cows").codec.write(Level("x", ("AAAA",) * 4), w)  # type: ignore[union-attr]
    body = "CA" + w.text()
    r = run("cows", "decode", body + check_char(body))
    assert r.exit_code == 1
    assert "region-count" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_decode_never_overwrites(tmp_path: Path) -> None:
    out = tmp_path / "taken.json"
    out.write_text("{}", encoding="utf-8")
    r = run("stroke", "decode", "SAhFWEHg.MS0yA", "-o", str(out))
    assert r.exit_code == 2 and "already exists" in r.stderr
    assert out.read_text(encoding="utf-8") == "{}"
