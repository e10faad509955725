"""Export level-code vectors from the Python engine for the JS codec's tests.

Every shipped and hidden level and 300 random ones per mode (tests/codes/codes_support.py):
the level as written (any order, any ids), its code with and without text, and the level
the code decodes to. Then damaged codes — the bad-code table's kinds plus seeded typos,
cuts and re-sealed bit flips — each with the engine's one-line message, or the decoded
level when it still decodes. ``tests/js/codes.test.mjs`` runs this at the start of each run.

Usage: python tests/js/codes_export_vectors.py OUT.json
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "codes"))

from codes_support import random_level

from puzzlesmith.core import registry
from puzzlesmith.core.bitio import ALPHABET
from puzzlesmith.core.codes import (
    CodeError,
    CodeLevelError,
    check_char,
    decode_level,
    encode_level,
)
from puzzlesmith.stroke.board import CATALOGUE, RECTANGLES

RANDOM_PER_MODE = 300
SEED = 20261201


def _source(level: Any) -> dict[str, Any]:
    out: dict[str, Any] = level.to_json()
    out.pop("teach", None)
    return out


def _level_case(mode: Any, level: Any) -> dict[str, Any]:
    code = encode_level(mode, level)
    return {
        "mode": mode.id,
        "source": _source(level),
        "code": code,
        "bare": encode_level(mode, level, text=False),
        "decoded": decode_level(code)[1].to_json(),
    }


def _outcome(code: str) -> dict[str, Any]:
    """What the engine makes of a code: its message, or the level (load rules aside)."""
    try:
        mode, level = decode_level(code)
    except CodeLevelError:
        return {"code": code, "loadRule": True}
    except CodeError as exc:
        return {"code": code, "error": str(exc)}
    return {"code": code, "mode": mode.id, "decoded": level.to_json()}


def _damaged(codes: list[str], rng: random.Random) -> list[str]:
    out = [
        "",
        "  ",
        "CA",
        "CAC!",
        "ZAAAd",
        "C" * 4001,
        "CA.AAz",
        " CACA6Chu4w\n",
        "CA\nAd",
        "CAé",
        "C😀AAA",
    ]
    for code in codes:
        body = code[:-1]
        k = rng.randrange(len(code))
        out.append(code[:k] + rng.choice(ALPHABET) + code[k + 1 :])  # a typo
        out.append(code[: rng.randrange(1, len(code))])  # cut off
        out.append(code[:-1] + ALPHABET[(ALPHABET.index(code[-1]) + 1) % 64])
        payload_end = body.find(".") if "." in body else len(body)
        if payload_end > 2:  # a re-sealed change inside the payload: the codec must judge it
            j = rng.randrange(2, payload_end)
            changed = body[:j] + rng.choice(ALPHABET) + body[j + 1 :]
            out.append(changed + check_char(changed))
            cut = body[: rng.randrange(2, payload_end)]
            out.append(cut + check_char(cut))
        for tag_version in ("ZA", body[0] + "B", ".A"):
            changed = tag_version + body[2:]
            out.append(changed + check_char(changed))
        out.append(body + ".AA.AA" + check_char(body + ".AA.AA"))
        out.append(f"https://x.org/#/play/{code}")
    return out


def vectors() -> dict[str, Any]:
    rng = random.Random(SEED)
    levels = []
    for mode in registry.all_modes():
        files = mode.shipped_pack_files() + mode.hidden_pack_files()
        for f in files:
            levels.extend(_level_case(mode, lv) for lv in mode.load_file(f).levels)
        for _ in range(RANDOM_PER_MODE):
            levels.append(_level_case(mode, random_level(mode.id, rng)))
    damaged = _damaged([lv["code"] for lv in levels], rng)
    ambiguous = sorted(
        f"{w},{h}"
        for w, h in RECTANGLES
        if w * h > 1 and tuple(sorted((x, y) for y in range(h) for x in range(w))) in CATALOGUE
    )
    return {
        "stroke": {"rectangles": sorted(f"{w},{h}" for w, h in RECTANGLES), "ambiguous": ambiguous},
        "levels": levels,
        "damaged": [_outcome(c) for c in damaged],
    }


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(f"usage: {Path(argv[0]).name} OUT.json", file=sys.stderr)
        return 2
    data = vectors()
    Path(argv[1]).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    print(f"exported {len(data['levels'])} levels, {len(data['damaged'])} damaged codes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
