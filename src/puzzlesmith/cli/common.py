"""What every CLI command shares: loading targets, one-line errors, exit codes.

Exit codes (DESIGN.md): 0 all passed, 1 a level failed a check, 2 unreadable input,
3 gave up: the work budget (``--budget`` seconds per level) ran out.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console

from puzzlesmith.core.budget import BudgetExceeded, budget
from puzzlesmith.core.errors import (
    LevelFormatError,
    PackExistsError,
    PuzzlesmithError,
    UnknownLevelError,
    UnknownModeError,
    UnreadableFileError,
)
from puzzlesmith.core.mode import Mode, Pack
from puzzlesmith.core.text import safe

if TYPE_CHECKING:
    from puzzlesmith.server.config import Settings
    from puzzlesmith.server.store import Store

err_console = Console(stderr=True)

EXIT_OK, EXIT_FAILED, EXIT_UNREADABLE, EXIT_GAVE_UP = 0, 1, 2, 3
#: ``generate``: some levels ran out of attempts; the ones made were written (partial)
EXIT_PARTIAL = 4

#: problems printed for one file: a hostile file must not flood the terminal
MAX_PROBLEM_LINES = 50

#: seconds of work per level before a command gives up (exit 3)
DEFAULT_BUDGET = 60.0


def budget_option(help_extra: str = "") -> Any:
    """The ``--budget`` flag every solving command shares."""
    return typer.Option(
        "--budget",
        min=0.1,
        help="Seconds of work per level before giving up with exit code 3 "
        "(the level is too open for the solver)." + help_extra,
    )


def fail(message: str, code: int) -> typer.Exit:
    typer.echo(message, err=True)
    return typer.Exit(code)


@contextmanager
def clean_errors() -> Iterator[None]:
    """Turn the engine's exceptions into one-line messages and exit codes, never tracebacks."""
    try:
        yield
    except BudgetExceeded as exc:
        raise fail(str(exc), EXIT_GAVE_UP) from None
    except LevelFormatError as exc:
        for p in exc.problems[:MAX_PROBLEM_LINES]:
            typer.echo(p.line(), err=True)
        if len(exc.problems) > MAX_PROBLEM_LINES:
            more = len(exc.problems) - MAX_PROBLEM_LINES
            typer.echo(f"… and {more} more problem(s) like these", err=True)
        raise typer.Exit(EXIT_FAILED) from None
    except (UnreadableFileError, UnknownModeError, UnknownLevelError, PackExistsError) as exc:
        raise fail(str(exc), EXIT_UNREADABLE) from None
    except PuzzlesmithError as exc:
        raise fail(str(exc), EXIT_FAILED) from None


def command_settings(command: str, data_dir: Path | None = None) -> Settings:
    """The command's settings, read once from the environment (``--data-dir`` wins); a bad
    variable is one line and exit 2."""
    from puzzlesmith.server.config import settings

    try:
        return settings(data_dir=data_dir) if data_dir else settings()
    except PuzzlesmithError as exc:
        raise fail(f"{command}: {exc}", EXIT_UNREADABLE) from None


def open_command_store(command: str, data_dir: Path | None) -> Store:
    """The store the command's settings name (its database URL, else the data dir's
    SQLite file); one line and exit 2 when it cannot be opened."""
    from sqlalchemy.exc import SQLAlchemyError

    from puzzlesmith.server.store import open_store

    conf = command_settings(command, data_dir)
    try:
        return open_store(conf)
    except (SQLAlchemyError, OSError, ValueError) as exc:
        msg = " ".join(str(exc).split())[:200]
        raise fail(f"{command}: cannot open the store: {msg}", EXIT_UNREADABLE) from None


@contextmanager
def level_budget(seconds: float, pack: Pack[Any], level_id: str) -> Iterator[None]:
    """Work on one level under a budget; giving up names the file and the level."""
    try:
        with budget(seconds=seconds):
            yield
    except BudgetExceeded as exc:
        raise BudgetExceeded(f"{safe(pack.source)}: level {level_id}: {exc}") from None


@dataclass
class Target:
    pack: Pack[Any]
    levels: list[Any]


def load_target(mode: Mode[Any], file_or_id: str, level_id: str | None = None) -> Target:
    """A pack file (optionally one level of it) or the id of a shipped level."""
    path = Path(file_or_id)
    if os.path.lexists(path) or file_or_id.endswith(".json"):
        pack = mode.load_file(path)
        levels = [pack.level(level_id)] if level_id else list(pack.levels)
        return Target(pack, levels)
    pack, level = mode.find_level(file_or_id)
    return Target(pack, [level])


def load_one(mode: Mode[Any], file_or_id: str, level_id: str | None = None) -> Target:
    """:func:`load_target` for commands that work on one level: a file of several needs
    ``--level`` (one line saying so)."""
    target = load_target(mode, file_or_id, level_id)
    if len(target.levels) != 1:
        raise UnreadableFileError(f"{file_or_id}: holds several levels; pick one with --level")
    return target
