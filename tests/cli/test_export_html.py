"""``puzzlesmith export-html``: the trial file's contents, and one line for every bad input."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlesmith.cli.export import _has_client
from puzzlesmith.core import registry
from puzzlesmith.server.bundle import SCOPE, BundleError, collect_modules, embedded_json

COWS = registry.get("cows")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "puzzlesmith", "export-html", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def one_line(r: subprocess.CompletedProcess[str], code: int, *needles: str) -> str:
    assert r.returncode == code, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr + r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    for n in needles:
        assert n in lines[0], lines[0]
    return lines[0]


def embedded(html: str, element_id: str) -> dict[str, object]:
    data = embedded_json(html, element_id)  # raises BundleError when the element is missing
    assert isinstance(data, dict), element_id
    return data


def test_every_mode_in_one_file_under_300_kb(tmp_path: Path) -> None:
    out = tmp_path / "trial.html"
    r = run("-o", str(out))
    assert r.returncode == 0, r.stderr
    html = out.read_text(encoding="utf-8")
    # issue #18's budget; the payloads ship gzip + base64 (322 KB as plain JSON, ~127 KB packed)
    assert len(html.encode()) < 300 * 1024
    # nothing is fetched: no URL to any server, no external script or stylesheet
    assert not re.search(r"""(src|href)=["'](?!data:)""", html)
    assert "/static/" not in embedded(html, "ps-data").__repr__()
    data = embedded(html, "ps-data")
    assert data["storagePrefix"] and data["showAll"] is True
    levels = data["levels"]
    assert isinstance(levels, dict)
    playable = [m for m in registry.all_modes() if _has_client(m)]  # a client module: a game
    assert set(levels) == {m.id for m in playable}
    for mode in playable:
        shipped = {lv.id for p in mode.shipped_packs() for lv in p.levels}
        hidden = {lv.id for f in mode.hidden_pack_files() for lv in mode.load_file(f).levels}
        assert shipped | hidden <= set(levels[mode.id]), mode.id  # hidden ones by id too
        assert all(v["solution"] for v in levels[mode.id].values())  # hints offline
    assert any(m.hidden_pack_files() for m in playable)  # the hidden case is exercised
    modules = embedded(html, "ps-modules")
    assert "shell/main.js" in modules and "shell/pwa.js" not in modules
    for source in modules.values():  # every relative import renamed for the import map
        assert not re.search(r"""from\s*["']\.""", str(source))
    assert [p.name for p in tmp_path.iterdir()] == ["trial.html"]  # no temporary left
    assert f"{out}: {len(playable)} modes" in r.stdout


def test_one_mode_and_a_pack_of_my_own(tmp_path: Path) -> None:
    raw = json.loads(COWS.shipped_pack_files()[0].read_text(encoding="utf-8"))
    raw["levels"] = raw["levels"][:2]
    raw["pack"] = "mine"
    pack = tmp_path / "mine.json"
    pack.write_text(json.dumps(raw), encoding="utf-8")
    out = tmp_path / "cows.html"
    r = run("--mode", "stroke", "--pack", str(pack), "-o", str(out))
    assert r.returncode == 0, r.stderr
    data = embedded(out.read_text(encoding="utf-8"), "ps-data")
    assert [m["id"] for m in data["modes"]] == ["01-number-stroke", "04-cows"]  # type: ignore[index]
    packs = data["packs"]["04-cows"]["packs"]  # type: ignore[index]
    assert [p["pack"] for p in packs] == ["mine"]
    assert [lv["id"] for lv in packs[0]["levels"]] == [lv["id"] for lv in raw["levels"]]


def test_unknown_mode(tmp_path: Path) -> None:
    one_line(run("--mode", "chess", "-o", str(tmp_path / "t.html")), 2, "--mode chess", "unknown")


def test_missing_pack(tmp_path: Path) -> None:
    one_line(
        run("--pack", str(tmp_path / "nope.json"), "-o", str(tmp_path / "t.html")), 2, "nope.json"
    )


def test_pack_that_is_not_json(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    one_line(run("--pack", str(bad), "-o", str(tmp_path / "t.html")), 2, "bad.json", "JSON")


def test_pack_without_a_mode(tmp_path: Path) -> None:
    bad = tmp_path / "nomode.json"
    bad.write_text('{"pack": 1, "title": "x", "levels": []}', encoding="utf-8")
    one_line(run("--pack", str(bad), "-o", str(tmp_path / "t.html")), 2, "nomode.json", "mode")


def test_pack_with_a_broken_level(tmp_path: Path) -> None:
    raw = json.loads(COWS.shipped_pack_files()[0].read_text(encoding="utf-8"))
    raw["levels"] = [{"id": "x-1", "regions": ["AAB", "AB"]}]
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(raw), encoding="utf-8")
    line = one_line(run("--pack", str(bad), "-o", str(tmp_path / "t.html")), 1, "x-1")
    assert not (tmp_path / "t.html").exists(), line


def test_pack_with_a_duplicate_id(tmp_path: Path) -> None:
    raw = json.loads(COWS.shipped_pack_files()[0].read_text(encoding="utf-8"))
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps({**raw, "levels": raw["levels"][:1]}), encoding="utf-8")
    b.write_text(json.dumps({**raw, "pack": 9, "levels": raw["levels"][:1]}), encoding="utf-8")
    one_line(
        run("--pack", str(a), "--pack", str(b), "-o", str(tmp_path / "t.html")),
        1,
        "1-1",
        "unique",
        "a.json",
        "b.json",
    )


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_unwritable_output(tmp_path: Path) -> None:
    one_line(run("-o", str(tmp_path / "no-such-folder" / "t.html")), 2, "no-such-folder")
    one_line(run("-o", str(tmp_path)), 2, "folder")
    existing = tmp_path / "keep.html"
    existing.write_text("keep", encoding="utf-8")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):  # root writes anywhere: nothing to check here
            pytest.skip("running as root")
        one_line(run("-o", str(locked / "t.html")), 2, "locked")
    finally:
        locked.chmod(0o700)
    assert existing.read_text(encoding="utf-8") == "keep"


def test_modules_are_renamed_and_imports_outside_static_refused(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "main.js").write_text(
        'import * as b from "./b.js";\nexport { c } from "../c.js";\n'
        'import "./b.js";\nconst m = () => import("./b.js");\n',
        encoding="utf-8",
    )
    (tmp_path / "a" / "b.js").write_text("export const b = 1;\n", encoding="utf-8")
    (tmp_path / "c.js").write_text('export const c = "./not/an/import.js";\n', encoding="utf-8")
    out = collect_modules(["a/main.js"], tmp_path)
    assert sorted(out) == ["a/b.js", "a/main.js", "c.js"]
    assert out["a/main.js"] == (
        f'import * as b from "{SCOPE}a/b.js";\nexport {{ c }} from "{SCOPE}c.js";\n'
        f'import "{SCOPE}a/b.js";\nconst m = () => import("{SCOPE}a/b.js");\n'
    )
    assert out["c.js"] == (tmp_path / "c.js").read_text(encoding="utf-8")  # strings untouched
    (tmp_path / "a" / "main.js").write_text('import "../../outside.js";\n', encoding="utf-8")
    with pytest.raises(BundleError, match=r"outside\.js"):
        collect_modules(["a/main.js"], tmp_path)
