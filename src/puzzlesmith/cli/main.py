"""Root command: one sub-command per registered mode, plus ``play``."""

from __future__ import annotations

import sys

import typer

from puzzlesmith.cli.commands import build_mode_app
from puzzlesmith.cli.play import play
from puzzlesmith.core import registry


def build_app() -> typer.Typer:
    app = typer.Typer(
        help="Puzzlesmith — logic-puzzle studio: designer tools and the web game.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
    )
    for mode in registry.all_modes():
        app.add_typer(build_mode_app(mode), name=mode.cli_name)
    app.command("play")(play)

    @app.command("modes")
    def modes() -> None:
        """List the puzzle modes this install knows."""
        for mode in registry.all_modes():
            packs = mode.shipped_pack_files()
            typer.echo(
                f"{mode.cli_name:8} {mode.id:18} {mode.title_en} / {mode.title_zh} "
                f"({len(packs)} packs)"
            )

    return app


def main() -> None:
    try:
        build_app()()
    except KeyboardInterrupt:
        sys.exit(130)
