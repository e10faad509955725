"""Issue #27 item 11 / #28 item 5: one catalogue of problem codes per mode, in both languages.

Like pzprjs's failcode tables: every code a mode's source can emit (read from its syntax
tree, see code_scan.py) has a sentence in Chinese and in English; the editor gets the
catalogue from the server and the CLI prints it with ``--lang``.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from code_scan import codes_in, package_codes
from editor_levels import COWS, COWS_MULTIPLE, HEX, HEX_MULTIPLE, STROKE, STROKE_PARITY_REDUNDANT
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import puzzlesmith
from puzzlesmith.cli.main import build_app
from puzzlesmith.core import registry
from puzzlesmith.core.catalogue import LANGS, catalogue, sentence
from puzzlesmith.core.problems import Problem
from puzzlesmith.paths.mode import PathMode
from puzzlesmith.server.app import create_app

SRC = Path(puzzlesmith.__file__).parent
CJK = re.compile(r"[\u4e00-\u9fff]")


def emitted(mode_id: str) -> set[str]:
    """Every code the mode's package and the shared packages it uses can emit."""
    mode = registry.get(mode_id)
    spec = importlib.util.find_spec(mode.levels_package)  # a plugin lives outside SRC
    assert spec is not None and spec.submodule_search_locations
    home = Path(next(iter(spec.submodule_search_locations)))
    out = package_codes(home) | package_codes(SRC / "core")
    if isinstance(mode, PathMode):
        out |= package_codes(SRC / "paths")
    return out


@pytest.mark.parametrize("mode_id", [m.id for m in registry.all_modes()])
def test_every_emitted_code_has_a_sentence_in_both_languages(mode_id: str) -> None:
    codes = emitted(mode_id)
    assert len(codes) > 10  # the scan found the codes (it would pass vacuously otherwise)
    table = catalogue(mode_id)
    for lang in LANGS:
        missing = sorted(codes - table[lang].keys())
        assert not missing, f"{mode_id}: no {lang} text for {missing}"
    for code in codes:
        zh, en = table["zh"][code], table["en"][code]
        assert CJK.search(zh), (code, zh)
        assert not CJK.search(en) and en[0].isupper() and en.endswith("."), (code, en)


def test_the_scan_finds_what_a_mode_emits() -> None:
    """A code added to a module without a text would be caught: the scan sees every form."""
    import ast

    tree = ast.parse(
        "Problem('a-b', 'm')\nbad('c-d', 'm')\ncode = 'e-f' if x == 'id' else 'g-h'\n"
        "for k, code, l in ((0, 'i-j', 'r'),):\n    pass\n"
    )
    assert codes_in(tree) == {"a-b", "c-d", "e-f", "g-h", "i-j"}


def test_sentences_name_cells_unambiguously() -> None:
    hexm = registry.get(HEX)
    p = Problem("not-unique", "x", cells=("-1,-1", "1,0"))
    assert sentence(hexm, p, "en").endswith("(cells: (-1,-1), (1,0)).")
    assert "（格子：(-1,-1)、(1,0)）" in sentence(hexm, p, "zh")


def test_the_editor_gets_the_catalogue_and_every_check_code_is_in_it() -> None:
    client = TestClient(create_app(), raise_server_exceptions=False)
    for mode_id, level in ((HEX, HEX_MULTIPLE), (COWS, COWS_MULTIPLE)):
        table = client.get(f"/api/modes/{mode_id}/problem-codes").json()
        assert set(table) == {"zh", "en"}
        found = client.post(f"/api/modes/{mode_id}/check-level", json={"level": level}).json()
        for p in found["problems"]:
            assert p["code"] in table["zh"] and p["code"] in table["en"]
    assert client.get("/api/modes/nope/problem-codes").status_code == 404


def test_the_cli_prints_the_catalogue_in_chinese(tmp_path: Path) -> None:
    import json

    p = tmp_path / "p.json"
    level = {**STROKE_PARITY_REDUNDANT, "id": "1-1"}
    p.write_text(json.dumps({"mode": STROKE, "pack": 1, "title": "t", "levels": [level]}))
    r = CliRunner().invoke(build_app(), ["stroke", "check", str(p), "--lang", "zh"])
    assert r.exit_code == 1
    assert "唯一解（已证明）" in r.output
    assert "这个奇偶提示多余：去掉它仍然是唯一解（格子：c）。" in r.output
    assert "[parity-redundant]" not in r.output
