"""Specific exception classes, so callers catch what they mean (python-chess style)."""

from __future__ import annotations

from puzzlesmith.core.problems import Problem


class PuzzlesmithError(Exception):
    """Base of every error raised on purpose (engine, server, rooms): each carries ``code``,
    the stable word clients and the catalogue of words key on."""

    #: a class's code; an instance may carry its own (ApiError, RoomError)
    code: str = "bad-request"


class UnreadableFileError(PuzzlesmithError):
    """A file that cannot be read or is not JSON (CLI exit code 2)."""

    code = "unreadable-file"


class LevelFormatError(PuzzlesmithError):
    """A pack or level that breaks the format's hard rules; carries every problem found."""

    code = "level-format"

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        first = problems[0].line() if problems else "invalid level"
        more = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(first + more)


class GenerationError(PuzzlesmithError):
    """A generator found no level meeting its options within its attempt budget; a batch
    keeps the levels it made and reports this one missing (``generate``'s exit 4)."""

    code = "generation-failed"


class UnknownModeError(PuzzlesmithError, LookupError):
    """No registered mode has that id, CLI name or alias."""

    code = "unknown-mode"


class ModeLoadError(PuzzlesmithError):
    """A ``puzzlesmith.modes`` entry point that does not load, or loads no Mode."""

    code = "mode-load"


class UnknownLevelError(PuzzlesmithError, LookupError):
    """No level with that id in the packs searched."""

    code = "unknown-level"


class IllegalMoveError(PuzzlesmithError, ValueError):
    """A move string that is malformed or not legal in the position it is applied to."""

    code = "illegal-move"


class PackExistsError(PuzzlesmithError):
    """Refusing to overwrite an accepted (shipped or existing) pack."""

    code = "pack-exists"
