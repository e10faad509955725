"""core/: problems, strict pack fields, safe writing, registry, deterministic randomness."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlesmith.core import registry
from puzzlesmith.core.errors import LevelFormatError, PackExistsError, UnknownModeError
from puzzlesmith.core.pack import (
    check_fields,
    duplicate_level_ids,
    is_type,
    level_id_of,
    parse_header,
    write_pack,
)
from puzzlesmith.core.problems import Problem, errors
from puzzlesmith.core.rng import derive_seed, rng_for


def test_problem_line_and_placement() -> None:
    p = Problem("clue-range", "clue 9 is outside 1..3", where="cell b")
    assert p.line() == "cell b: clue 9 is outside 1..3 [clue-range]"
    placed = p.at(source="x.json", level="1-1")
    assert placed.line() == "x.json: level 1-1: cell b: clue 9 is outside 1..3 [clue-range]"
    w = Problem("needs-guessing", "stuck", level="2", severity="warning")
    assert w.line() == "level 2: warning: stuck [needs-guessing]"
    assert errors([p, w]) == [p]
    assert w.to_json()["severity"] == "warning"


def test_level_format_error_message_counts_the_rest() -> None:
    exc = LevelFormatError([Problem("a", "one"), Problem("b", "two"), Problem("c", "three")])
    assert str(exc) == "one [a] (+2 more)"


def test_is_type_refuses_bool_as_int() -> None:
    assert is_type(1, int) and not is_type(True, int) and is_type(True, bool)
    assert is_type("x", (int, str)) and not is_type(1.0, int)


def test_check_fields() -> None:
    problems = check_fields(
        {"id": 3, "extra": 1},
        where="cell",
        required={"id": str, "x": int},
        optional={"clue": int},
    )
    assert [p.code for p in problems] == ["json-type", "field-missing", "field-unknown"]
    assert check_fields([], where="cell", required={})[0].message == "must be an object"


def test_parse_header() -> None:
    header, problems = parse_header({"mode": "m", "pack": 1, "title": "t", "levels": [{}]}, "m")
    assert header is not None and problems == []
    header, problems = parse_header({"mode": "x", "pack": 1, "title": "t", "levels": []}, "m")
    assert [p.code for p in problems] == ["pack-mode", "pack-empty"]
    header, problems = parse_header({"mode": "m"}, "m")
    assert header is None
    assert {p.code for p in problems} == {"field-missing"}


def test_level_ids() -> None:
    assert level_id_of({"id": "1-2"}, 0) == "1-2" and level_id_of([], 4) == "#5"
    assert [p.level for p in duplicate_level_ids(["a", "b", "a", "a"])] == ["a", "a"]


def test_write_pack_never_overwrites(tmp_path: Path) -> None:
    out = write_pack(tmp_path / "sub" / "c.json", {"a": "中"}, protected=[])
    assert json.loads(out.read_text(encoding="utf-8")) == {"a": "中"}
    with pytest.raises(PackExistsError, match="already exists"):
        write_pack(out, {}, protected=[])
    shipped = tmp_path / "shipped.json"
    with pytest.raises(PackExistsError, match="shipped pack"):
        write_pack(shipped, {}, protected=[shipped])


def test_registry() -> None:
    modes = registry.all_modes()
    assert modes and all(m.id and m.cli_name for m in modes)
    assert registry.get("stroke").id == "01-number-stroke"
    with pytest.raises(UnknownModeError, match="unknown mode 'nope'"):
        registry.get("nope")


def test_rng_is_deterministic_per_index() -> None:
    assert derive_seed(7, 1, "x") == derive_seed(7, 1, "x")
    assert derive_seed(7, 1) != derive_seed(7, 2)
    a = [rng_for(3, i).random() for i in range(5)]
    assert a == [rng_for(3, i).random() for i in range(5)]
    assert len(set(a)) == 5
