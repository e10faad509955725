"""What a clue suggestion may add at a pack position (seed 001 §3.1, §3.3, §5).

A suggestion extends the designer's clues instead of replacing them, so the rules a
position sets have to be known where suggestions are made: the start (1 at an end of
the path) is given in every level before 2-8 (seed 001 §3.1: "起点未知 … 首次出现于
2-8"), and each Number Stroke position of seed 001 §5 has a number of clues it uses.
Both path modes read the same rules, so ``stroke design`` and ``hex design`` agree.
"""

from __future__ import annotations

from dataclasses import dataclass

#: the first position whose level may leave the start out (seed 001 §3.1, §4: 2-8)
FIRST_NO_START = (2, 8)
#: Number Stroke pack 1 (seed 001 §5.1): the number clues of each position
STROKE_PACK1_CLUES = {1: 1, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3, 8: 2, 9: 2, 10: 2}
#: Number Stroke packs 2 and 3 (seed 001 §5.2 "数字线索通常 3–4 个", §5.3 parity: few numbers)
STROKE_PACK_MAX_CLUES = {2: 4, 3: 2}


@dataclass(frozen=True)
class SuggestRules:
    """How far a suggestion may go: drop the start or not, and the position it is for."""

    drop_start: bool = False
    pack: int | None = None
    position: int | None = None
    #: the mode's CLI name: the per-position clue counts are Number Stroke's table
    mode: str = ""

    @property
    def label(self) -> str | None:
        """``2-8``, or None when no position is known."""
        if self.pack is None or self.position is None:
            return None
        return f"{self.pack}-{self.position}"

    @property
    def start_required(self) -> bool:
        """Whether the position must give the start (every position before 2-8).

        >>> SuggestRules(pack=1, position=4).start_required, SuggestRules(pack=2, position=8).start_required
        (True, False)
        """
        if self.pack is None or self.position is None:
            return False
        return (self.pack, self.position) < FIRST_NO_START

    @property
    def start_optional(self) -> bool:
        """A known position from 2-8 on: a level there may leave the start out."""
        return self.label is not None and not self.start_required

    @property
    def max_clues(self) -> int | None:
        """The most number clues the position uses (Number Stroke's seed table), or None."""
        if self.mode != "stroke" or self.pack is None or self.position is None:
            return None
        if self.pack == 1:
            return STROKE_PACK1_CLUES.get(self.position)
        return STROKE_PACK_MAX_CLUES.get(self.pack)

    def refusal(self) -> str | None:
        """Why these rules cannot be followed (one line), or None."""
        if self.drop_start and self.start_required:
            return (
                f"--drop-start: position {self.label} must give the start (1 at an end of the "
                f"path); seed 001 leaves it out only from {FIRST_NO_START[0]}-{FIRST_NO_START[1]} on"
            )
        return None


def position_of(level_id: str) -> tuple[int, int] | None:
    """(pack, position) from a ``pack-index`` level id, or None (``g1-3``, drafts).

    >>> position_of("2-8"), position_of("g1-3"), position_of("draft")
    ((2, 8), None, None)
    """
    head, _, tail = level_id.partition("-")
    if not (head.isdigit() and tail.isdigit()) or int(head) < 1 or int(tail) < 1:
        return None
    return int(head), int(tail)


def rules_for(
    mode: str,
    level_id: str,
    *,
    pack: int | None = None,
    position: int | None = None,
    drop_start: bool = False,
) -> SuggestRules:
    """The rules for a level: ``--pack``/``--position`` when given, else its own id's."""
    if pack is None and position is None:
        found = position_of(level_id)
        if found is not None:
            pack, position = found
    return SuggestRules(drop_start=drop_start, pack=pack, position=position, mode=mode)
