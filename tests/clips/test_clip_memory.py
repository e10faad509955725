"""Issue #30 item 1: a clip's memory is bounded. The attack's 10,000-move Cows log cost
+270 MB a request; frames are now quantized as they are drawn and bounded before the
first is drawn (``MAX_FRAME_PIXELS``). Measured as the peak RSS growth of a fresh process."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = r"""
import json, resource
from puzzlesmith.core import registry
from puzzlesmith.core.clip import make_clip
from puzzlesmith.core.movelog import TimedMove
mode = registry.get(MODE)
level = mode.shipped_packs()[0].levels[-1]
sol = mode.solution_moves(level)
back = ("clear " + " ".join(m.removeprefix("cow ") for m in sol)) if MODE == "04-cows" else "reset"
moves = [*sol, back] * (10_000 // (len(sol) + 1) + 1) + sol
log = [TimedMove(i * 50, m) for i, m in enumerate(moves)]
make_clip(mode, level, log[:20], FMT)  # imports, fonts and Pillow's arenas: the baseline
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
made = make_clip(mode, level, log, FMT)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"mb": (after - before) / 1024, "frames": made.frames, "size": made.size}))
"""

#: what one clip may add to a process (240 frames at 480×480 are 55 MB once quantized; it was +270 MB)
MAX_EXTRA_MB = 150


@pytest.mark.parametrize(
    ("mode", "fmt"), [("04-cows", "gif"), ("04-cows", "webp"), ("stroke", "gif")]
)
def test_a_10000_move_clip_stays_within_its_memory_bound(mode: str, fmt: str) -> None:
    code = PROBE.replace("MODE", repr(mode)).replace("FMT", repr(fmt))
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=600, check=True
    )
    found = json.loads(out.stdout)
    assert found["frames"] <= 240 and found["size"][0] >= 480
    assert found["mb"] < MAX_EXTRA_MB, found
