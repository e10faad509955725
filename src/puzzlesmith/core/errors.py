"""Specific exception classes, so callers catch what they mean (python-chess style)."""

from __future__ import annotations

from puzzlesmith.core.problems import Problem


class PuzzlesmithError(Exception):
    """Base of every error the engine raises on purpose."""


class UnreadableFileError(PuzzlesmithError):
    """A file that cannot be read or is not JSON (CLI exit code 2)."""


class LevelFormatError(PuzzlesmithError):
    """A pack or level that breaks the format's hard rules; carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        first = problems[0].line() if problems else "invalid level"
        more = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(first + more)


class UnknownModeError(PuzzlesmithError, LookupError):
    """No registered mode has that id, CLI name or alias."""


class ModeLoadError(PuzzlesmithError):
    """A ``puzzlesmith.modes`` entry point that does not load, or loads no Mode."""


class UnknownLevelError(PuzzlesmithError, LookupError):
    """No level with that id in the packs searched."""


class IllegalMoveError(PuzzlesmithError, ValueError):
    """A move string that is malformed or not legal in the position it is applied to."""


class PackExistsError(PuzzlesmithError):
    """Refusing to overwrite an accepted (shipped or existing) pack."""
