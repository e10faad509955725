"""Issue #22 items 4 and 5: packs are written atomically; signals stop a batch at once,
leave no worker alive and keep the finished levels in a file named as partial."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.core import pack as pack_module
from puzzlesmith.core import registry
from puzzlesmith.core.errors import UnreadableFileError
from puzzlesmith.core.pack import write_pack


def invoke(*args: str) -> Any:
    return CliRunner().invoke(build_app(), list(args))


def test_a_full_disk_leaves_no_truncated_pack(tmp_path: Path, monkeypatch: Any) -> None:
    """Before: an 8,192-byte truncated pack, an error without the file name, and a re-run
    that refused because the file 'already exists'."""
    out = tmp_path / "c.json"

    def fail_fsync(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pack_module.os, "fsync", fail_fsync)
    r = invoke("cows", "generate", "--size", "5", "--count", "2", "--out", str(out))
    assert r.exit_code == 2, r.output
    assert r.stderr.strip() == f"{out}: cannot write (No space left on device)"
    assert not out.exists() and list(tmp_path.iterdir()) == []  # no temporary left either
    monkeypatch.undo()  # the disk has room again
    r = invoke("cows", "generate", "--size", "5", "--count", "2", "--out", str(out))
    assert r.exit_code == 0, r.output  # the re-run is not refused
    assert len(json.loads(out.read_text())["levels"]) == 2


def test_write_pack_refuses_a_file_that_appears_meanwhile(tmp_path: Path, monkeypatch: Any) -> None:
    out = tmp_path / "c.json"
    real_fsync = os.fsync

    def rival_writes(fd: int) -> None:
        real_fsync(fd)
        out.write_text("accepted")

    monkeypatch.setattr(pack_module.os, "fsync", rival_writes)
    with pytest.raises(Exception, match="already exists"):
        write_pack(out, {"a": 1}, protected=[])
    assert out.read_text() == "accepted"
    assert [p.name for p in tmp_path.iterdir()] == ["c.json"]


def test_an_unwritable_destination_fails_before_the_work(tmp_path: Path, monkeypatch: Any) -> None:
    """Before: found only after generating everything (10.6 s for 1,000 levels)."""

    def no_work(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("the batch ran before the destination was checked")

    monkeypatch.setattr("puzzlesmith.cli.generate.run_batch", no_work)
    blocker = tmp_path / "file"
    blocker.write_text("")
    for out in (blocker / "c.json", Path("/proc/puzzlesmith-nope.json")):
        r = invoke("stroke", "generate", "--count", "1000", "--out", str(out))
        assert r.exit_code == 2, r.output
        assert r.stderr.startswith(f"{out}: cannot write here"), r.stderr


def test_a_pack_is_written_with_ordinary_permissions(tmp_path: Path) -> None:
    out = write_pack(tmp_path / "c.json", {"a": "中"}, protected=[])
    mask = os.umask(0)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~mask
    with pytest.raises(UnreadableFileError, match="cannot write here"):
        write_pack(out / "x.json", {}, protected=[])


# ---- signals ---------------------------------------------------------------------------


def _children(pid: int) -> set[int]:
    """Every descendant of ``pid`` (from /proc), so that orphans can be checked after."""
    out: set[int] = set()
    frontier = [pid]
    while frontier:
        p = frontier.pop()
        for task in Path(f"/proc/{p}/task").glob("*"):
            try:
                kids = (task / "children").read_text().split()
            except OSError:
                continue
            for k in map(int, kids):
                if k not in out:
                    out.add(k)
                    frontier.append(k)
    return out


def _cpu_seconds(pids: set[int]) -> float:
    """User + system CPU time the processes have used (from /proc): work done, not wall time."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].split()
        except (OSError, IndexError):
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / os.sysconf("SC_CLK_TCK")


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_the_batch_with_no_orphans_and_keeps_finished_work(
    signum: int, tmp_path: Path
) -> None:
    """Before: SIGTERM left 2 workers alive for a minute; SIGINT took 8.9 s and threw away
    the finished levels."""
    out = tmp_path / "c.json"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "puzzlesmith",
            "stroke",
            "generate",
            "--count",
            "5000",
            "--size",
            "7x7",
            "--jobs",
            "2",
            "--out",
            str(out),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    kids: set[int] = set()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(kids) < 2:
        time.sleep(0.2)
        kids = _children(proc.pid)
    partial = tmp_path / "c.partial.json"
    # let some levels finish: a 7×7 level takes the workers ~40 ms of CPU, so 1 s of their
    # CPU time is a few dozen levels however loaded the machine is
    while time.monotonic() < deadline and _cpu_seconds(kids) < 1.0:
        time.sleep(0.05)
        kids |= _children(proc.pid)
    kids |= _children(proc.pid)
    assert kids, "no worker processes were started"
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + signum, err
    survivors = [k for k in kids if _alive(k)]
    assert survivors == [], f"workers alive after exit: {survivors}"
    assert not out.exists()
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert "kept the" in err and str(partial) in err, err
    data = json.loads(partial.read_text())
    assert data["levels"] and '"partial": true' in data["notes"]
    assert registry.get("stroke").load_file(partial).levels  # a loadable pack
