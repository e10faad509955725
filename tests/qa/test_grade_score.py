"""The finer grade score (issue #27): one number per level from the techniques' costs,
the steps and the branch points, whose bands are the four grade names; every mode's
``grade --json`` carries it, and it tells pack 1's "easy" levels apart."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.core import registry
from puzzlesmith.core.score import BAND, band_score, work
from puzzlesmith.paths.grades import branch_points, score_of

GRADES = ("easy", "medium", "hard", "expert")
MODES = registry.all_modes()


@pytest.mark.parametrize("mode", MODES, ids=[m.cli_name for m in MODES])
def test_grade_json_has_a_score_in_the_grade_band(mode: object) -> None:
    first = mode.shipped_packs()[0].levels  # type: ignore[attr-defined]
    ids = [first[0].id, first[-1].id]
    for lid in ids:
        out = CliRunner().invoke(build_app(), [mode.cli_name, "grade", lid, "--json"])  # type: ignore[attr-defined]
        assert out.exit_code == 0, out.output
        row = json.loads(out.output.strip().splitlines()[0])
        band = GRADES.index(row["grade"].split()[0])
        assert isinstance(row["score"], float)
        assert band * BAND <= row["score"] < (band + 1) * BAND, row


def test_the_score_sees_a_curve_inside_number_stroke_pack_1() -> None:
    mode = registry.get("stroke")
    graded = [mode.grade(lv) for lv in mode.shipped_packs()[0].levels]
    assert {g.grade for g in graded[:9]} == {"easy"}
    scores = [g.score for g in graded]
    assert len(set(scores)) >= 6  # the grade says "easy" nine times; the score does not
    assert scores[-1] == max(scores) and scores[0] == min(scores)


def test_the_score_grows_with_work_and_stays_in_its_band() -> None:
    assert work({"distance": 3.0}, {"distance": 2, "ends": 1}, 1) == 9.0
    assert band_score(0, 5) < band_score(0, 6) < band_score(1, 0) < band_score(1, 6)
    assert band_score(2, 10**9) < 300
    assert score_of("medium", {"distance": 1}, 0) < score_of("medium", {"distance": 1}, 3)


def test_branch_points_count_the_forks_of_the_solution() -> None:
    # a square a-b-c-d-a walked a, b, c, d: from a there are two ways (b or d), then none
    square = [0b1010, 0b0101, 0b1010, 0b0101]
    assert branch_points(square, [0, 1, 2, 3], started=True) == 1
    assert branch_points(square, [0, 1, 2, 3], started=False) == 2  # and the start itself
    closed = [lambda a, b, s: not (a == 0 and b == 3)]  # a turning wall shuts a-d at step 1
    assert branch_points(square, [0, 1, 2, 3], True, closed[0]) == 0
