"""``puzzlesmith daily build|show``: pre-generate the dailies into the store, print them."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Annotated, Any

import typer

from puzzlesmith.cli.common import EXIT_UNREADABLE, clean_errors, command_settings, fail
from puzzlesmith.cli.progress import progress_bar

app = typer.Typer(
    help="The daily challenge: one puzzle per mode per UTC date.", no_args_is_help=True
)

DataDir = Annotated[
    Path | None,
    typer.Option("--data-dir", help="Where the SQLite store and the secret live."),
]
ModeOpt = Annotated[str | None, typer.Option("--mode", help="One mode (default: every mode).")]


def _date(text: str | None, flag: str) -> date:
    from puzzlesmith.server.daily.service import today

    if text is None:
        return today()
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise fail(f"daily: {flag} {text!r}: not a date (YYYY-MM-DD)", EXIT_UNREADABLE) from None


def _open(data_dir: Path | None, mode: str | None) -> tuple[Any, list[Any]]:
    from sqlalchemy.exc import SQLAlchemyError

    from puzzlesmith.core import registry
    from puzzlesmith.server.daily.service import daily_modes, open_dailies

    with clean_errors():
        modes = [registry.get(mode)] if mode else daily_modes()
    conf = command_settings("daily", data_dir)
    try:
        return open_dailies(conf), modes
    except (SQLAlchemyError, OSError, ValueError) as exc:
        msg = " ".join(str(exc).split())[:200]
        raise fail(f"daily: cannot open the store: {msg}", EXIT_UNREADABLE) from None


@app.command("build")
def build(
    days: Annotated[int, typer.Option("--days", min=1, max=3660, help="How many dates.")] = 30,
    start: Annotated[
        str | None, typer.Option("--from", help="First date, YYYY-MM-DD (default: today, UTC).")
    ] = None,
    mode: ModeOpt = None,
    data_dir: DataDir = None,
    jobs: Annotated[int, typer.Option("--jobs", min=1, help="Local worker processes.")] = 1,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", help="Dask scheduler address (tcp://host:port).")
    ] = None,
) -> None:
    """Generate and store the dailies of the coming days (dates already stored are kept)."""
    first = _date(start, "--from")
    dailies, modes = _open(data_dir, mode)
    with clean_errors(), progress_bar("daily build", days * len(modes)) as advance:
        made, kept = dailies.build(
            modes, first, days, jobs=jobs, scheduler=scheduler, on_done=lambda _i: advance()
        )
    typer.echo(
        f"daily: {made} generated, {kept} already stored ({first.isoformat()} + {days} days)"
    )


@app.command("show")
def show(
    on: Annotated[
        str | None, typer.Option("--date", help="YYYY-MM-DD (default: today, UTC).")
    ] = None,
    mode: ModeOpt = None,
    data_dir: DataDir = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON line per mode.")] = False,
) -> None:
    """The daily of each mode on a date (generated and stored when missing)."""
    day = _date(on, "--date")
    dailies, modes = _open(data_dir, mode)
    with clean_errors():
        for m in modes:
            puzzle, level = dailies.get(m, day)
            line = {
                "mode": m.id,
                "date": day.isoformat(),
                "number": puzzle.number,
                "code": _code(m, level),
                "grade": puzzle.grade,
            }
            if as_json:
                typer.echo(json.dumps(line, ensure_ascii=False))
            else:
                typer.echo(
                    f"{m.title_zh} #{puzzle.number}  {day.isoformat()}  {puzzle.grade}  {line['code'] or '-'}"
                )


def _code(mode: Any, level: Any) -> str | None:
    """The level code (share link) of a mode with the ``codes`` capability; null without."""
    if not mode.capabilities.codes:
        return None
    from puzzlesmith.core.codes import encode_level

    code: str = encode_level(mode, level)
    return code


def open_for_play(app: Any) -> None:
    """Open (and migrate) the app's store before serving; make today's dailies meanwhile."""
    import threading

    from sqlalchemy.exc import SQLAlchemyError

    from puzzlesmith.server.daily.service import daily_modes, today
    from puzzlesmith.server.state import services_of

    try:
        dailies = services_of(app).dailies
    except (SQLAlchemyError, OSError, ValueError) as exc:
        msg = " ".join(str(exc).split())[:200]
        raise fail(f"play: cannot open the daily store: {msg}", EXIT_UNREADABLE) from None

    def warm() -> None:
        for m in daily_modes():
            dailies.view(m, today())

    threading.Thread(target=warm, daemon=True, name="daily-warm").start()
