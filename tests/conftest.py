"""The test-only mode (Switches, tests/core/tinymode) as a third-party plugin.

``tinymode`` is importable from every test directory. With ``PUZZLESMITH_PLUGIN_MODES=1``
it is also *installed*: a distribution of its own (``puzzlesmith_switches``, a dist-info
with an ``entry_points.txt`` in the ``puzzlesmith.modes`` group) is put on ``sys.path``
before any test imports the registry, so the registry finds it exactly as it finds a
mode ``pip install``-ed by a contributor, and every all-modes suite runs it as a fourth
mode (tests/core/test_plugin.py runs them so)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

CORE = Path(__file__).resolve().parent / "core"
sys.path.insert(0, str(CORE))

DIST = "puzzlesmith_switches-0.1.dist-info"


def install_plugin(where: Path) -> Path:
    """A distribution declaring tinymode in the ``puzzlesmith.modes`` group, under ``where``
    (a sys.path entry): what ``pip install`` of a mode package leaves in site-packages."""
    info = where / DIST
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: puzzlesmith-switches\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[puzzlesmith.modes]\nswitches = tinymode:MODE\n", encoding="utf-8"
    )
    return where


if os.environ.get("PUZZLESMITH_PLUGIN_MODES") == "1":
    sys.path.insert(0, str(install_plugin(Path(tempfile.mkdtemp(prefix="ps-plugin-")))))
