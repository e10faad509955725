"""Root command: one sub-command per registered mode, plus ``play``."""

from __future__ import annotations

import sys

import typer

from puzzlesmith import _native
from puzzlesmith.cli.commands import build_mode_app
from puzzlesmith.cli.community import app as community_app
from puzzlesmith.cli.daily import app as daily_app
from puzzlesmith.cli.export import export_html
from puzzlesmith.cli.play import play
from puzzlesmith.cli.playtest import playtest
from puzzlesmith.core import registry
from puzzlesmith.core.errors import ModeLoadError

#: click's base error, wherever this Typer keeps click (vendored as ``typer._click`` lately).
_CLICK_ERROR: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)


def build_app() -> typer.Typer:
    app = typer.Typer(
        help="Puzzlesmith — logic-puzzle studio: designer tools and the web game.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
    )
    for mode in registry.all_modes():
        app.add_typer(build_mode_app(mode), name=mode.cli_name)
    app.command("play")(play)
    app.add_typer(daily_app, name="daily")
    app.add_typer(community_app, name="community")
    app.command("export-html")(export_html)
    app.command("playtest")(playtest)

    @app.command("modes")
    def modes() -> None:
        """List the puzzle modes this install knows."""
        for mode in registry.all_modes():
            packs = mode.shipped_pack_files()
            typer.echo(
                f"{mode.cli_name:8} {mode.id:18} {mode.title_en} / {mode.title_zh} "
                f"({len(packs)} packs)"
            )
        typer.echo(f"Number Stroke solver: {_native.describe()}")

    return app


def main() -> None:
    """Run the CLI; usage mistakes and OS errors end in one line on stderr, never a traceback."""
    try:
        code = build_app()(standalone_mode=False)
    except KeyboardInterrupt:
        sys.exit(130)
    except _CLICK_ERROR as exc:
        code = getattr(exc, "exit_code", 2)
        if type(exc).__name__ != "NoArgsIsHelpError":  # that one has printed the help already
            ctx = getattr(exc, "ctx", None)
            where = ctx.command_path if ctx is not None else "puzzlesmith"
            message = exc.format_message()  # type: ignore[attr-defined]
            typer.echo(f"{where}: {message} (see --help)", err=True)
        sys.exit(code)
    except typer.Abort:
        sys.exit(1)
    except ModeLoadError as exc:  # a broken plugin mode: named in one line
        typer.echo(f"puzzlesmith: {exc}", err=True)
        sys.exit(2)
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        typer.echo(f"puzzlesmith: {where}{exc.strerror or exc}", err=True)
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)
