"""Shared core: the mode interface every puzzle implements, the registry, pack I/O."""

from puzzlesmith.core.errors import (
    IllegalMoveError,
    LevelFormatError,
    PackExistsError,
    PuzzlesmithError,
    UnknownLevelError,
    UnknownModeError,
    UnreadableFileError,
)
from puzzlesmith.core.mode import GradeResult, LogicStep, Mode, Pack, SolveResult
from puzzlesmith.core.problems import Problem

__all__ = [
    "GradeResult",
    "IllegalMoveError",
    "LevelFormatError",
    "LogicStep",
    "Mode",
    "Pack",
    "PackExistsError",
    "Problem",
    "PuzzlesmithError",
    "SolveResult",
    "UnknownLevelError",
    "UnknownModeError",
    "UnreadableFileError",
]
