"""The Cows generator's options (``cows generate`` flags), kept out of the compiled
generator: a frozen dataclass compiled by mypyc cannot be unpickled, and ``--jobs`` sends
the options to worker processes."""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzlesmith.cows.logic import GRADES


@dataclass(frozen=True)
class CowsOptions:
    size: int = field(default=8, metadata={"help": "Board size N (4..14)."})
    grade: str = field(
        default="medium", metadata={"help": "Difficulty: easy, medium, hard or expert."}
    )

    def __post_init__(self) -> None:
        if not 4 <= self.size <= 14:
            raise ValueError(f"--size {self.size} is outside 4..14")
        if self.grade not in GRADES:
            raise ValueError(f"--grade {self.grade!r} is not one of {', '.join(GRADES)}")
