"""The test-only mode (Switches, ``tinymode``) as an installed third-party distribution.

Loaded in every test run (pyproject: ``-p modeplugin``; ``pythonpath`` has tests/core, so
``tinymode`` imports from every test directory). With ``PUZZLESMITH_PLUGIN_MODES=1`` it
*installs* Switches before any test asks the registry: a distribution of its own with an
entry point in the ``puzzlesmith.modes`` group goes on ``sys.path`` (and on PYTHONPATH,
for the CLI and servers tests start as processes), so the registry finds it as it finds
a mode a contributor ``pip install``-ed and every all-modes suite runs it as a fourth
mode (tests/core/test_plugin.py runs them so)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

CORE = Path(__file__).resolve().parent

DIST = "puzzlesmith_switches-0.1.dist-info"
#: what the plugin's own pyproject would declare: ``[project.entry-points."puzzlesmith.modes"]``
ENTRY = "switches = tinymode:MODE"


def install_plugin(where: Path, entry: str = ENTRY) -> Path:
    """A distribution declaring ``entry`` in the ``puzzlesmith.modes`` group, under ``where``
    (a sys.path entry): what ``pip install`` of a mode package leaves in site-packages."""
    info = where / DIST
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: puzzlesmith-switches\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(f"[puzzlesmith.modes]\n{entry}\n", encoding="utf-8")
    return where


if os.environ.get("PUZZLESMITH_PLUGIN_MODES") == "1":
    _site = str(install_plugin(Path(tempfile.mkdtemp(prefix="ps-plugin-"))))
    sys.path.insert(0, _site)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (_site, str(CORE), os.environ.get("PYTHONPATH")) if p
    )
