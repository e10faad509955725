"""Issue #40.3: variety by default. A batch spreads over the sizes and clue counts of its
grade range (Number Stroke ``N_BY_GRADE``, Hex Walls ``CELLS_BY_GRADE`` and
``CLUES_BY_GRADE``), and docs/designer-workflow.md states the same presets."""

from __future__ import annotations

import re
from pathlib import Path

from puzzlesmith.core.batch import run_batch
from puzzlesmith.hexwalls import generate as hexgen
from puzzlesmith.stroke import generate as strokegen

DOC = (Path(__file__).parents[2] / "docs" / "designer-workflow.md").read_text(encoding="utf-8")


def test_the_documented_presets_are_the_generators() -> None:
    rows = {
        m.group(1): m.groups()[1:]
        for m in re.finditer(
            r"^\| (easy|medium|hard|expert) \| (\d+–\d+) \| (\d+–\d+) \| (\d+(?:–\d+)?) "
            r"\| (\d+) \| (\d+) \| (\d+) \|$",
            DOC,
            re.M,
        )
    }
    assert set(rows) == {"easy", "medium", "hard", "expert"}

    def span(lo: int, hi: int) -> str:
        return f"{lo}–{hi}" if lo != hi else str(lo)

    for grade, (n, cells, clues, turners, stuck, attempts) in rows.items():
        assert n == span(*strokegen.N_BY_GRADE[grade])
        assert cells == span(*hexgen.CELLS_BY_GRADE[grade])
        assert clues == span(*hexgen.CLUES_BY_GRADE[grade])
        assert int(turners) == hexgen.TURNERS_BY_GRADE[grade]
        assert int(stuck) == hexgen.STUCK_CLUES_BY_GRADE[grade]
        assert int(attempts) == hexgen.ATTEMPTS_BY_GRADE[grade]


def test_stroke_n_follows_the_grade_unless_pinned() -> None:
    assert strokegen.GenerateOptions(grade="easy-medium").n_range == (8, 16)
    assert strokegen.GenerateOptions(grade="expert").n_range == (30, 36)
    assert strokegen.GenerateOptions(grade="hard-expert").n_range == (16, 22)
    assert strokegen.GenerateOptions(n="14-18", grade="expert").n_range == (14, 18)


def test_a_default_hex_batch_spreads_over_sizes_and_clues() -> None:
    opts = hexgen.GenerateOptions(grade="easy")
    levels = run_batch("03-hex-walls", opts, 3, 6)
    sizes = {len(lv.cells) for lv in levels}
    clues = {sum(c.clue is not None for c in lv.cells) for lv in levels}
    lo, hi = hexgen.CELLS_BY_GRADE["easy"]
    assert len(sizes) >= 2 and all(lo <= s <= hi for s in sizes)
    assert len(clues) >= 2  # the start alone, and the start with more


def test_pinned_hex_options_draw_nothing() -> None:
    """Fixed options (the dailies') give the levels they gave before the presets."""
    opts = hexgen.GenerateOptions(cells=9, clues=0, clues_max=0)
    assert opts.cell_span == (9, 9) and opts.clue_span == (0, 0)
    assert [len(lv.cells) for lv in run_batch("03-hex-walls", opts, 5, 2)] == [9, 9]


def test_a_default_stroke_batch_spreads_over_sizes() -> None:
    """One N per level, drawn evenly from the range: drawn per attempt, the small boards
    (which come out sooner) won every level of a default batch (10, 10, 10, 9)."""
    levels = run_batch("01-number-stroke", strokegen.GenerateOptions(), 2, 6)
    sizes = [len(lv.cells) for lv in levels]
    assert len(set(sizes)) >= 4 and max(sizes) >= 18, sizes
    assert all(8 <= s <= strokegen.N_AUTO_MAX for s in sizes)
