"""The real ``puzzlesmith`` entry point, run in a subprocess as a designer would: every
mistake ends in ONE stderr line naming what and where, exit 1 or 2, never a traceback."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlesmith.core import registry

MODES = [m.cli_name for m in registry.all_modes()]


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "puzzlesmith", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
    )


def one_line_failure(r: subprocess.CompletedProcess[str], *needles: str) -> str:
    assert r.returncode in (1, 2), (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr + r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    for n in needles:
        assert n in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("cli", MODES)
def test_usage_errors_are_one_line(cli: str) -> None:
    """Before: Typer's boxed usage panel (5 lines) on stderr for a bad option value."""
    one_line_failure(run(cli, "solve", "1-1", "--max", "0"), "--max", f"{cli} solve")
    one_line_failure(run(cli, "generate", "--count", "0", "--out", "x.json"), "--count")
    one_line_failure(run(cli, "grade", "1-1", "--bogus"), "--bogus")


def test_unknown_command_and_missing_argument() -> None:
    one_line_failure(run("nosuch"), "nosuch")
    one_line_failure(run("stroke", "solve"), "file")


@pytest.mark.parametrize("cli", MODES)
def test_render_to_unwritable_places(cli: str, tmp_path: Path) -> None:
    """Before: a FileNotFoundError / IsADirectoryError traceback."""
    level = "1-1"
    one_line_failure(run(cli, "render", level, "-o", str(tmp_path / "no" / "x.svg")), "x.svg")
    (tmp_path / "d.svg").mkdir()
    one_line_failure(run(cli, "render", level, "-o", str(tmp_path / "d.svg")), "d.svg")
    ok = run(cli, "render", level, "-o", str(tmp_path / "ok.svg"))
    assert ok.returncode == 0 and (tmp_path / "ok.svg").read_text().startswith("<")


def test_render_never_overwrites_a_shipped_pack() -> None:
    mode = registry.get("cows")
    pack = mode.shipped_pack_files()[0]
    before = pack.read_bytes()
    one_line_failure(run("cows", "render", "1-1", "-o", str(pack)), "shipped pack")
    assert pack.read_bytes() == before


def test_cows_generate_help_states_the_accepted_sizes() -> None:
    """The help said 5..12 while 4..14 is what the options check accepts."""
    out = run("cows", "generate", "--help").stdout
    assert "4..14" in " ".join(out.split())


def test_a_bad_scheduler_address_is_one_line(tmp_path: Path) -> None:
    """Before: distributed's ValueError traceback ("missing port number in address")."""
    r = run(
        "cows",
        "generate",
        "--count",
        "1",
        "--scheduler",
        "bogus",
        "--out",
        str(tmp_path / "c.json"),
    )
    one_line_failure(r, "--scheduler", "bogus")
    assert not (tmp_path / "c.json").exists()


def test_play_on_a_busy_port_says_so_in_one_line() -> None:
    """Before: it printed "running: open http://…" and then uvicorn's bind error."""
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        r = run("play", "--port", str(port))
    one_line_failure(r, f"127.0.0.1:{port}")
    assert "running" not in r.stdout
    one_line_failure(run("play", "--port", "99999"), "--port")
