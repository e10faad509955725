"""`puzzlesmith <mode> clip`: a move log replayed into an animated GIF/WebP highlight clip."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from puzzlesmith.cli.common import clean_errors, load_one
from puzzlesmith.core.clip import clip_format, make_clip
from puzzlesmith.core.errors import UnreadableFileError
from puzzlesmith.core.files import check_output, open_input, write_output
from puzzlesmith.core.mode import Mode
from puzzlesmith.core.movelog import MoveLogError, parse_lines

#: a move log file's size limit: far more than the moves a clip keeps
MAX_LOG_BYTES = 1024 * 1024


def read_log(path: Path) -> Any:
    """The log file (text form, or one move per line with optional ``<ms><TAB>``)."""
    try:
        text = open_input(path, max_bytes=MAX_LOG_BYTES).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UnreadableFileError(f"{path}: not UTF-8 at byte {exc.start}") from None
    try:
        log = parse_lines(text)
    except MoveLogError as exc:
        raise UnreadableFileError(f"{path}: {exc}") from None
    if not log:
        raise UnreadableFileError(f"{path}: no moves in the log")
    return log


def add_clip_command(app: typer.Typer, mode: Mode[Any]) -> None:
    @app.command("clip")
    def clip(
        file: Annotated[str, typer.Argument(help="Pack file, or a shipped level id.")],
        moves: Annotated[
            Path,
            typer.Option(
                "--moves",
                help="Move log: one move per line (optionally <ms><TAB><move>) or the log's text form.",
            ),
        ],
        out: Annotated[Path, typer.Option("-o", "--out", help="Clip to write: .gif or .webp.")],
        level: Annotated[str | None, typer.Option("--level", help="The level played.")] = None,
    ) -> None:
        """Render a played log as an animated clip (bounded; a long log keeps its last moves)."""
        with clean_errors():
            fmt = clip_format(out.name)
            target = load_one(mode, file, level)
            check_output(out)
            log = read_log(moves)
            result = make_clip(mode, target.levels[0], log, fmt)
            write_output(out, result.data)
        cut = f", moves {result.start + 1}-{result.end} of {len(log)}" if result.start else ""
        typer.echo(
            f"{out}: {result.frames} frames, {result.size[0]}x{result.size[1]}, {len(result.data)} bytes{cut}"
        )
