"""Pack files as designers' editors save them."""

from __future__ import annotations

import json
from pathlib import Path

from puzzlesmith.core import registry


def test_a_pack_saved_with_a_utf8_bom_loads(tmp_path: Path) -> None:
    """Notepad and some Windows editors prefix a BOM; it used to fail as 'not valid JSON'."""
    mode = registry.get("cows")
    level = mode.dump_level(mode.find_level("1-1")[1])
    pack = {"mode": mode.id, "pack": 9, "title": "t", "levels": [level]}
    p = tmp_path / "bom.json"
    p.write_bytes(b"\xef\xbb\xbf" + json.dumps(pack).encode())
    loaded = mode.load_file(p)
    assert [lv.id for lv in loaded.levels] == ["1-1"]
