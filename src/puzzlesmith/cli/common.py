"""What every CLI command shares: loading targets, one-line errors, exit codes.

Exit codes (DESIGN.md): 0 all passed, 1 a level failed a check, 2 unreadable input.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from puzzlesmith.core.errors import (
    LevelFormatError,
    PackExistsError,
    PuzzlesmithError,
    UnknownLevelError,
    UnknownModeError,
    UnreadableFileError,
)
from puzzlesmith.core.mode import Mode, Pack

err_console = Console(stderr=True)

EXIT_OK, EXIT_FAILED, EXIT_UNREADABLE = 0, 1, 2


def fail(message: str, code: int) -> typer.Exit:
    typer.echo(message, err=True)
    return typer.Exit(code)


@contextmanager
def clean_errors() -> Iterator[None]:
    """Turn the engine's exceptions into one-line messages and exit codes, never tracebacks."""
    try:
        yield
    except LevelFormatError as exc:
        for p in exc.problems:
            typer.echo(p.line(), err=True)
        raise typer.Exit(EXIT_FAILED) from None
    except (UnreadableFileError, UnknownModeError, UnknownLevelError, PackExistsError) as exc:
        raise fail(str(exc), EXIT_UNREADABLE) from None
    except PuzzlesmithError as exc:
        raise fail(str(exc), EXIT_FAILED) from None


@dataclass
class Target:
    pack: Pack[Any]
    levels: list[Any]


def load_target(mode: Mode[Any], file_or_id: str, level_id: str | None = None) -> Target:
    """A pack file (optionally one level of it) or the id of a shipped level."""
    path = Path(file_or_id)
    if path.exists() or file_or_id.endswith(".json"):
        pack = mode.load_file(path)
        levels = [pack.level(level_id)] if level_id else list(pack.levels)
        return Target(pack, levels)
    pack, level = mode.find_level(file_or_id)
    return Target(pack, [level])


def stdout_is_terminal() -> bool:
    return sys.stdout.isatty()
