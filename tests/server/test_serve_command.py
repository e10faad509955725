"""The documented server command, ``python -m puzzlesmith.server``: a refused start exits 3
under ``--workers`` (uvicorn's own supervisor exits 0), and WebSocket per-message deflate
is off unless asked for (docs/stream.md measured it doubling the CPU per move)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "daily"))
from workers import START_S, free_port

SRC = str(Path(__file__).resolve().parents[2] / "src")


def env_for(data_dir: Path) -> dict[str, str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")]),
        "PUZZLESMITH_DATA_DIR": str(data_dir),
        "PUZZLESMITH_SECRET": "serve-test-secret-" + "s" * 30,
    }
    env.pop("PUZZLESMITH_DATABASE_URL", None)
    env.pop("PUZZLESMITH_STORE_INIT", None)
    return env


def serve_cmd(port: int, *extra: str) -> list[str]:
    return [sys.executable, "-m", "puzzlesmith.server", "--host", "127.0.0.1",
            "--port", str(port), "--log-level", "warning", *extra]  # fmt: skip


@pytest.mark.parametrize("workers", [1, 2])
def test_a_refused_start_exits_non_zero_with_one_line(tmp_path: Path, workers: int) -> None:
    (tmp_path / "puzzlesmith.sqlite3").write_bytes(b"")  # an empty database file: refused
    done = subprocess.run(
        serve_cmd(free_port(), "--workers", str(workers)),
        env=env_for(tmp_path), capture_output=True, text=True, timeout=START_S,
    )  # fmt: skip
    assert done.returncode == 3, done.stderr[-1500:]
    assert "Traceback" not in done.stderr
    assert "is an empty file (0 bytes), not a database" in done.stderr


def test_a_bad_option_is_uvicorns_usage_line(tmp_path: Path) -> None:
    done = subprocess.run(
        serve_cmd(free_port(), "--workers", "many"),
        env=env_for(tmp_path), capture_output=True, text=True, timeout=START_S,
    )  # fmt: skip
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--workers" in done.stderr


def _extensions(port: int, tmp_path: Path, *extra: str) -> str:
    """The Sec-WebSocket-Extensions a client offering permessage-deflate gets back."""
    proc = subprocess.Popen(serve_cmd(port, *extra), env=env_for(tmp_path),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
    try:
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            assert proc.poll() is None, proc.stderr.read().decode()[-800:] if proc.stderr else ""
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        with connect(f"ws://127.0.0.1:{port}/ws/rooms/NOROOM", compression="deflate") as ws:
            return str(ws.response.headers.get("Sec-WebSocket-Extensions") or "")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_the_server_command_turns_websocket_compression_off(tmp_path: Path) -> None:
    assert "permessage-deflate" not in _extensions(free_port(), tmp_path)
    # what the option does, so the assertion above can fail: asked for, it is negotiated
    on = _extensions(free_port(), tmp_path / "on", "--ws-per-message-deflate", "true")
    assert "permessage-deflate" in on
