"""Issue #27 items 7 and 9: the designer's CLI counts, orders and generates what it says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.core import registry


def run(*args: str) -> Any:
    return CliRunner().invoke(build_app(), list(args))


def test_generate_refuses_the_installed_levels_folder() -> None:
    """Before: the candidates file was written there and then loaded as a shipped pack."""
    stroke = registry.get("stroke")
    folder = stroke.shipped_pack_files()[0].parent
    for target in (folder / "pack-9.json", folder / "hidden" / "x.json"):
        r = run("stroke", "generate", "--count", "1", "--out", str(target))
        assert r.exit_code == 2, r.output
        assert "installed levels folder" in r.stderr and "candidates file" in r.stderr
        assert not target.exists()
    assert len(stroke.shipped_pack_files()) == 3


def test_generate_names_its_output_a_candidates_file(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    r = run("cows", "generate", "--size", "5", "--grade", "easy", "--count", "1", "--out", str(out))
    assert r.exit_code == 0, r.output
    assert "candidates file" in r.stdout
    assert json.loads(out.read_text())["pack"] == "candidates"


def test_solve_ignore_clues_counts_paths_on_the_bare_board() -> None:
    """Stroke 1-3 has one path with its clues and four on its bare five-cell board."""
    with_clues = json.loads(run("stroke", "solve", "1-3", "--json", "--max", "50").stdout)
    bare = json.loads(
        run("stroke", "solve", "1-3", "--json", "--max", "50", "--ignore-clues").stdout
    )
    assert with_clues["count"] == 1
    assert bare["complete"] and bare["count"] > 1
    assert with_clues["solutions"][0] in bare["solutions"]
    r = run("cows", "solve", "1-3", "--ignore-clues")
    assert r.exit_code == 2 and "no clues" in r.stderr


def test_solve_ignore_clues_drops_parity_clues_too() -> None:
    """Stroke 3-1 (N=4, the 1 and an odd/even clue on c): the bare board has four paths;
    keeping the parity clue would leave two, so a count of four means it was dropped."""
    stroke = registry.get("stroke")
    lv = stroke.find_level("3-1")[1]
    assert [c.id for c in lv.cells if c.parity] == ["c"]
    raw = stroke.dump_level(lv)
    raw["cells"] = [{k: v for k, v in c.items() if k != "clue"} for c in raw["cells"]]
    numbers_only, _ = stroke.parse_level(raw, "3-1")
    assert numbers_only is not None and stroke.solve(numbers_only, 50).count == 2
    bare = json.loads(
        run("stroke", "solve", "3-1", "--json", "--max", "50", "--ignore-clues").stdout
    )
    assert bare["complete"] and bare["count"] == 4
    assert stroke.solve(lv, 2).solutions[0] in bare["solutions"]


def test_validate_checks_level_ids_follow_the_pack_order(tmp_path: Path) -> None:
    cows = registry.get("cows")
    data = json.loads(cows.shipped_pack_files()[0].read_text("utf-8"))
    data["levels"] = data["levels"][:3]
    data["levels"][1], data["levels"][2] = data["levels"][2], data["levels"][1]
    p = tmp_path / "p.json"
    p.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    r = run("cows", "validate", str(p))
    assert r.exit_code == 1
    assert "level 1-3 is at position 2 of pack 1 (expected id 1-2) [level-order]" in r.stderr
    assert run("cows", "validate", "1-3").exit_code == 0  # one level of a pack: no order


def test_hex_generate_grade(tmp_path: Path) -> None:
    out = tmp_path / "h.json"
    r = run("hex", "generate", "--count", "2", "--grade", "medium", "--out", str(out))
    assert r.exit_code == 0, r.output
    hexm = registry.get("hex")
    for lv in hexm.load_file(out).levels:
        g = hexm.grade(lv)
        assert g.solved and g.grade == "medium"
    bad = run("hex", "generate", "--grade", "hardest", "--out", str(tmp_path / "x.json"))
    assert bad.exit_code == 2 and "unknown grade 'hardest'" in bad.stderr


def test_render_ids_draws_every_cell_as_messages_name_it(tmp_path: Path) -> None:
    """#27.8: ids that suggestions and traces name are drawn (Hex written ``(q,r)``)."""
    import re

    for cli, lid in (("stroke", "2-3"), ("hex", "2-3"), ("cows", "1-3")):
        mode = registry.get(cli)
        _, lv = mode.find_level(lid)
        out = tmp_path / f"{cli}.svg"
        assert run(cli, "render", lid, "--ids", "-o", str(out)).exit_code == 0
        svg = out.read_text("utf-8")
        labels = dict(re.findall(r'data-id-of="([^"]+)"[^>]*>([^<]+)<', svg))
        cells = (
            [f"r{r}c{c}" for r in range(1, 6) for c in range(1, 6)]
            if cli == "cows"
            else [c.id for c in lv.cells]
        )
        assert set(labels) == set(cells), cli
        if cli == "hex":
            assert all(t == f"({k})" for k, t in labels.items())
        plain = tmp_path / f"{cli}-plain.svg"
        run(cli, "render", lid, "-o", str(plain))
        assert "data-id-of" not in plain.read_text("utf-8")


def test_cows_trace_names_cells_as_everything_else() -> None:
    """#27.8: one convention, 1-based r2c7, in the trace as in check, hints and votes."""
    import re

    r = run("cows", "grade", "1-3", "--trace")
    assert re.search(r"\br[1-5]c[1-5]\b", r.stdout) and not re.search(r"\(\d,\d\)", r.stdout)
    cows = registry.get("cows")
    _, lv = cows.find_level("1-3")
    assert set(cows.vote_moves(lv, [])) == {f"r{r}c{c}" for r in range(1, 6) for c in range(1, 6)}
