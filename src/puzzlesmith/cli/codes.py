"""``puzzlesmith <mode> code|decode``: levels to level codes and back.

``code`` prints one code per level (``--json``: ``{"level", "code"}`` per line);
``decode`` writes the code's level as a one-level pack that ``validate`` and ``solve``
read. A bad code is one line on stderr: exit 2 when it cannot be read at all, 1 when
it reads but the board breaks a load rule.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from puzzlesmith.cli.common import EXIT_FAILED, EXIT_UNREADABLE, clean_errors, fail, load_target
from puzzlesmith.core.codes import CodeError, CodeLevelError, decode_level, encode_level
from puzzlesmith.core.mode import Mode, Pack
from puzzlesmith.core.pack import write_pack
from puzzlesmith.core.words import say

#: pack number of a decoded level's one-level pack (its title: :func:`code_title`)
CODE_PACK = "code"


def code_title() -> str:
    """The title of a decoded level's one-level pack, in both languages.

    >>> code_title()
    '关卡码 / Level code'
    """
    return f"{say('cli.code.title', 'zh')} / {say('cli.code.title', 'en')}"


def add_code_commands(app: typer.Typer, mode: Mode[Any]) -> None:
    """Register ``code`` and ``decode`` on a mode's sub-app (modes without a codec get none)."""
    if not mode.capabilities.codes:
        return

    @app.command("code")
    def code(
        file: Annotated[str, typer.Argument(help="Pack file, or a shipped level id.")],
        level: Annotated[str | None, typer.Option("--level", help="Only this level.")] = None,
        no_text: Annotated[
            bool, typer.Option("--no-text", help="Leave the level id and caption out.")
        ] = False,
        as_json: Annotated[bool, typer.Option("--json", help="One JSON object per line.")] = False,
    ) -> None:
        """Print a short URL-safe level code per level (open one at /#/play/<code>)."""
        with clean_errors():
            target = load_target(mode, file, level)
            for lv in target.levels:
                text = encode_level(mode, lv, text=not no_text)
                if as_json:
                    typer.echo(json.dumps({"level": lv.id, "code": text}, ensure_ascii=False))
                else:
                    typer.echo(text)

    @app.command("decode")
    def decode(
        code: Annotated[str, typer.Argument(help="A level code (or a link ending in one).")],
        out: Annotated[
            Path | None, typer.Option("-o", "--out", help="Pack file to write (new file).")
        ] = None,
    ) -> None:
        """Write the code's level as a one-level pack (to stdout without -o)."""
        try:
            code_mode, lv = decode_level(code)
        except CodeLevelError as exc:
            raise fail(str(exc), EXIT_FAILED) from None
        except CodeError as exc:
            raise fail(str(exc), EXIT_UNREADABLE) from None
        if code_mode is not mode:
            raise fail(
                f"level code: holds a {code_mode.cli_name} level, not {mode.cli_name} "
                f"(use: puzzlesmith {code_mode.cli_name} decode)",
                EXIT_UNREADABLE,
            )
        data = mode.dump_pack(Pack(mode.id, CODE_PACK, code_title(), [lv]))
        if out is None:
            typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
            return
        with clean_errors():
            try:
                write_pack(out, data, protected=mode.shipped_pack_files())
            except OSError as exc:
                raise CodeError(f"{out}: cannot write ({exc.strerror or exc})") from None
        typer.echo(f"wrote {out}")
