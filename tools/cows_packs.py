"""The script that writes Cows packs 2–4 (issue #34): ``cows.packs.PACKS`` made real.

Each pack is drawn from seeded generator batches (``cows.packs.build``): only boards a
person reasons out without lookahead, with no one-cell colour region, in the pack's
score window, so the pack medians rise 7×7 → 9×9 → 10×10/11×11 above pack 1 (5×5,
written by tools/cows_pack1.py).

Usage::

    .venv/bin/python tools/cows_packs.py check     # build, grade, print the table
    .venv/bin/python tools/cows_packs.py write     # and write the packs into levels/
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

from puzzlesmith.cows.board import Level
from puzzlesmith.cows.logic import grade
from puzzlesmith.cows.packs import PACKS, TAUGHT_IN_PACK_1, build

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "src" / "puzzlesmith" / "cows" / "levels"


def main(argv: list[str]) -> int:
    taught = set(TAUGHT_IN_PACK_1)
    for spec in PACKS[1:]:
        data = build(spec, taught)
        levels = data["levels"]
        assert isinstance(levels, list)
        scores = []
        for raw in levels:
            lv = Level(raw["id"], tuple(raw["regions"]))
            g = grade(lv)
            scores.append(g.score)
            tip = " [tip]" if raw.get("caption") else ""
            print(f"{raw['id']:5} {lv.size}x{lv.size} {g.grade:17} {g.score:6}{tip}")
        print(f"pack {spec.pack}: median score {statistics.median(scores)}")
        if argv[:1] == ["write"]:
            out = LEVELS / spec.file
            out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
