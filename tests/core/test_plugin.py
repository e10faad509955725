"""Modes are plugins: a mode package installed on its own (a distribution with an entry
point in the ``puzzlesmith.modes`` group, tests/core/modeplugin.py) is found by the registry
with no line changed elsewhere, and the all-modes suites run it as a fourth mode."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from modeplugin import install_plugin

from puzzlesmith.core import registry

ROOT = Path(__file__).resolve().parents[2]
CORE = Path(__file__).resolve().parent
#: the all-modes suites, run with the plugin installed: each is parametrised over the
#: registry (by capability where it needs one), so Switches joins or is skipped by design
SUITES = [
    "tests/core/test_contract.py",
    "tests/editor/test_problem_codes.py",
    "tests/codes/test_roundtrip.py",
    "tests/cli/test_codes_cli.py",
    "tests/stream/test_room_codes.py",
    "tests/qa/test_cli_errors.py",
]


def python(site: Path, code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(CORE)])}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )


def test_an_installed_mode_is_found_through_its_entry_point(tmp_path: Path) -> None:
    r = python(
        install_plugin(tmp_path),
        "from puzzlesmith.core import registry; import json; print(json.dumps("
        "[[m.id for m in registry.all_modes()], [m.id for m in registry.modes_with('codes')]]))",
    )
    assert r.returncode == 0, r.stderr
    every, with_codes = json.loads(r.stdout)
    builtin = [m.id for m in registry.all_modes()]  # this process: no plugin installed
    assert every == sorted([*builtin, "90-switches"])  # menu order: by id
    assert "90-switches" not in with_codes and with_codes == builtin  # Switches has no codes


def test_an_installed_mode_serves_its_own_client_files(tmp_path: Path) -> None:
    """The server finds a mode's client files in the mode's package (``client/``, through
    the registry): the installed Switches' stream drawing is served under /static/modes/,
    versioned, and precached for offline play, with no file added to the server."""
    r = python(
        install_plugin(tmp_path),
        "import json\n"
        "from fastapi.testclient import TestClient\n"
        "from puzzlesmith.server.app import create_app\n"
        "from puzzlesmith.server.routers.pwa import precache\n"
        "from puzzlesmith.server.static_files import STATIC, static_version\n"
        "c = TestClient(create_app())\n"
        "rel = 'modes/90-switches/stream.js'\n"
        "plain = c.get('/static/' + rel)\n"
        "held = c.get(f'/static/v/{static_version()}/' + rel)\n"
        "print(json.dumps([plain.status_code, 'drawPosition' in plain.text, held.status_code,\n"
        "    held.headers['cache-control'], f'/static/v/{static_version()}/' + rel in\n"
        "    precache()['static'], (STATIC / rel).exists(),\n"
        "    c.get('/static/modes/90-switches.js').status_code]))",
    )
    assert r.returncode == 0, r.stderr
    plain, drawn, held, cache, precached, in_server, screen = json.loads(r.stdout)
    assert (plain, drawn, held, precached, in_server) == (200, True, 200, True, False)
    assert "immutable" in cache and screen == 404  # Switches ships no play screen


def test_a_broken_plugin_is_named_in_one_line(tmp_path: Path) -> None:
    site = install_plugin(tmp_path, "broken = tinymode:NO_SUCH_MODE")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(CORE)])}
    r = subprocess.run(
        [sys.executable, "-m", "puzzlesmith", "stroke", "--help"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.strip() == (
        "puzzlesmith: mode entry point 'broken' (tinymode:NO_SUCH_MODE): "
        "module 'tinymode' has no attribute 'NO_SUCH_MODE'"
    )


@pytest.mark.slow
def test_the_all_modes_suites_run_an_installed_mode() -> None:
    """The suites in a pytest of their own with the plugin installed (modeplugin.py):
    Switches is collected, and every case run on it passes (the built-in modes' cases
    run in the suite itself; ``-k switches`` keeps this one to the plugin's)."""
    env = {**os.environ, "PUZZLESMITH_PLUGIN_MODES": "1"}
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-q", "-rfE",
         "--tb=line", "-o", "addopts=--import-mode=importlib -p modeplugin", "--collect-only", *SUITES],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=600,
    )  # fmt: skip
    assert r.returncode == 0, r.stdout[-3000:]
    assert "switches" in r.stdout, "the plugin's mode was not collected"
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-q", "-rfE",
         "--tb=line", "-o", "addopts=--import-mode=importlib -p modeplugin", "-k", "switches", *SUITES],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=1500,
    )  # fmt: skip
    assert r.returncode == 0, r.stdout[-3000:]
