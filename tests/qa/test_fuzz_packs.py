"""Issue #22: mutated shipped packs through every mode's validate, solve, grade and render.

Hypothesis picks the mutation seeds (a few dozen per mode, seconds in all); the
10,000-per-mode run with figures is ``benchmarks/fuzz_packs.py``. Every outcome
must be an exit code of 0–3 with one-line, printable messages: no traceback, no
hang (each level runs under ``--budget``), no level that validates and then crashes.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.core import registry

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutate import HOSTILE, mutate_tree, mutated_file

CLIS = [m.cli_name for m in registry.all_modes()]


def base_pack(cli: str) -> dict[str, Any]:
    """The mode's first shipped pack, cut to one level so that an example takes milliseconds."""
    mode = registry.get(cli)
    data: dict[str, Any] = json.loads(mode.shipped_pack_files()[0].read_text("utf-8"))
    data["levels"] = data["levels"][:1]
    return data


def run_every_command(cli: str, path: Path) -> None:
    """Every command ends cleanly; what validates also solves, grades and renders."""
    app = build_app()
    codes: dict[str, int] = {}
    for cmd in ("validate", "solve", "grade", "render"):
        args = [cli, cmd, str(path), "--budget", "2"]
        if cmd == "render":
            args += ["-o", str(path.with_suffix(".svg")), "--solution"]
        r = CliRunner().invoke(app, args)
        assert r.exception is None or isinstance(r.exception, SystemExit), (
            cmd,
            repr(r.exception),
        )
        assert r.exit_code in (0, 1, 2, 3), (cmd, r.exit_code, r.output)
        assert "Traceback" not in r.output
        for line in r.stderr.splitlines():
            assert line.isprintable(), (cmd, line)
        codes[cmd] = r.exit_code
    if codes["validate"] == 0:
        assert set(codes.values()) == {0}, codes


@pytest.mark.parametrize("cli", CLIS)
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32))
@example(seed=7)
def test_mutated_packs_never_crash(cli: str, seed: int, tmp_path: Path) -> None:
    p = tmp_path / "m.json"
    p.write_text(mutated_file(base_pack(cli), seed), encoding="utf-8", errors="surrogatepass")
    run_every_command(cli, p)


@pytest.mark.parametrize("cli", CLIS)
@pytest.mark.parametrize(
    "damage",
    ["deep", "bigint", "surrogate-id", "newline-id", "huge-x"],
)
def test_the_reported_cases_in_every_mode(cli: str, damage: str, tmp_path: Path) -> None:
    """The issue's named cases, as fixed examples next to the random ones."""
    data = base_pack(cli)
    lv = data["levels"][0]
    text: str | None = None
    if damage == "deep":
        text = "[" * 100_000
    elif damage == "bigint":
        text = json.dumps(data).replace('"pack": ', '"pack": ' + "1" * 4301 + ', "x": ', 1)
    elif damage == "surrogate-id":
        lv["id"] = "\ud800"
    elif damage == "newline-id":
        if "cells" in lv:
            lv["cells"][0]["id"] = "a\nb: level 1-1: forged"
        else:
            lv["id"] = "a\nb"
    else:
        if "cells" in lv:
            lv["cells"][0]["x" if cli == "stroke" else "q"] = 10**400
        else:
            lv["regions"][0] = 10**400
    p = tmp_path / "m.json"
    p.write_text(text or json.dumps(data), encoding="utf-8", errors="surrogatepass")
    run_every_command(cli, p)
    r = CliRunner().invoke(build_app(), [cli, "validate", str(p)])
    assert r.exit_code in (1, 2), r.output


def test_the_mutator_never_changes_its_own_hostile_values() -> None:
    """A shared hostile value put into a pack uncopied was mutated in later rounds (found by
    the 10,000-file run: a list ended up inside itself): every seed must see the same HOSTILE."""
    before = copy.deepcopy(HOSTILE)
    pack = {"levels": [{"id": "a", "cells": [{"id": "b", "x": 0}], "walls": [[0, 1]]}]}
    for seed in range(3000):
        mutate_tree(pack, random.Random(seed), rounds=4)
    assert repr(HOSTILE) == repr(before)
