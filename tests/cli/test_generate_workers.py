"""Issue #30 item 9: ``kill -9`` of ``generate --jobs 2`` leaves no worker alive.

SIGKILL cannot be caught, so the parent cannot stop its workers; they ask the kernel
for a parent-death signal (``PR_SET_PDEATHSIG``) when they start. Linux only (/proc).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of a process, None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    return fields[0], int(fields[1])


def children(pid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            st = _stat(int(d.name))
            if st is not None and st[1] == pid:
                out.append(int(d.name))
    return out


def alive(pid: int) -> bool:
    st = _stat(pid)
    return st is not None and st[0] not in ("Z", "X")  # a zombie has stopped running


def wait_for(cond: object, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not cond():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def test_kill_9_of_generate_leaves_no_workers(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    args = ["stroke", "generate", "--count", "200", "--jobs", "2", "--seed", "5", "--out"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "puzzlesmith", *args, str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: list[int] = []
    try:
        wait_for(lambda: len(children(proc.pid)) >= 2, 120, "two workers")
        workers = children(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        wait_for(lambda: not any(alive(w) for w in workers), 30, f"workers {workers} to die")
    finally:
        if proc.poll() is None:
            proc.kill()
        for w in workers + children(proc.pid):  # never leave one behind, even on failure
            if alive(w):
                os.kill(w, signal.SIGKILL)
    assert not out.exists()
