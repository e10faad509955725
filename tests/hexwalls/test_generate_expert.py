"""Issue #40 (Build): ``hex generate --grade expert`` with the presets makes expert levels
with a turning wall on 16–20 hexes, unique and finished by thinking alone (the generator
adds a number clue or two from the author's path where the logic engine gets stuck)."""

from __future__ import annotations

from puzzlesmith.hexwalls.board import board_of
from puzzlesmith.hexwalls.checks import check_level
from puzzlesmith.hexwalls.generate import CELLS_BY_GRADE, GenerateOptions, generate_level
from puzzlesmith.hexwalls.logic import grade
from puzzlesmith.hexwalls.solver import solve
from puzzlesmith.paths.techniques import LOOKAHEAD


def test_the_expert_presets() -> None:
    opts = GenerateOptions(grade="expert")
    assert (opts.turner_count, opts.stuck_clue_count, opts.attempt_count) == (1, 2, 4000)
    # a pinned board, or a range reaching down, keeps the old knobs (same seed, same level)
    for pinned in (GenerateOptions(grade="expert", cells=16), GenerateOptions(grade="hard-expert")):
        assert (pinned.turner_count, pinned.stuck_clue_count, pinned.attempt_count) == (0, 0, 400)


def test_an_expert_level_with_a_turner() -> None:
    # seed 1 makes its first level at the 486th candidate (a count, not a time)
    lv = generate_level(GenerateOptions(grade="expert", attempts=500), seed=1, index=0)
    lo, hi = CELLS_BY_GRADE["expert"]
    assert lo <= len(lv.cells) <= hi
    assert len(lv.turners) >= 1
    assert solve(board_of(lv), 2).count == 1
    assert check_level(lv) == []
    result = grade(lv, lookahead=False)
    assert result.solved and result.grade == "expert"
    assert not any(result.techniques.get(t, 0) for t in LOOKAHEAD)
    assert not any(s.technique in LOOKAHEAD for s in result.steps)
