"""``puzzlesmith <mode> dedupe FILE...``: levels that are the same board turned or mirrored.

The key is the mode's :meth:`Mode.symmetry_key`, the canonical form the server's
community dedup and the daily check compare (one definition, so what this command
passes the publish gate also passes). Sources: pack files, the shipped packs, and the
store's dailies and community levels. Exit 0 when no two are equal, 1 when some are,
2 on unreadable input.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from puzzlesmith.cli.common import (
    EXIT_FAILED,
    EXIT_UNREADABLE,
    clean_errors,
    fail,
    load_target,
    open_command_store,
)
from puzzlesmith.core.mode import Mode

#: one level and how the output names it
Entry = tuple[str, Any]


def add_dedupe_command(app: typer.Typer, mode: Mode[Any]) -> None:
    @app.command("dedupe")
    def dedupe(
        files: Annotated[
            list[str] | None, typer.Argument(help="Pack files or shipped level ids.")
        ] = None,
        shipped: Annotated[
            bool, typer.Option("--shipped", help="Also every shipped pack of the mode.")
        ] = False,
        dailies: Annotated[
            bool, typer.Option("--dailies", help="Also the dailies in the store.")
        ] = False,
        community: Annotated[
            bool, typer.Option("--community", help="Also the community levels in the store.")
        ] = False,
        data_dir: Annotated[
            Path | None,
            typer.Option(
                "--data-dir",
                help="The store for --dailies/--community ($PUZZLESMITH_DATABASE_URL wins).",
            ),
        ] = None,
    ) -> None:
        """Levels equal up to rotation and mirroring: one line per copy, naming both.

        Exit 0 none, 1 some, 2 unreadable input.
        """
        names = list(files or []) + ([str(f) for f in mode.shipped_pack_files()] if shipped else [])
        if not names and not dailies and not community:
            raise fail(
                f"{mode.cli_name} dedupe: give pack files and/or --shipped, --dailies, --community",
                EXIT_UNREADABLE,
            )
        entries: list[Entry] = []
        with clean_errors():
            for name in names:
                t = load_target(mode, name)
                where = (
                    "shipped" if Path(t.pack.source) in mode.shipped_pack_files() else t.pack.source
                )
                entries += [(f"{where} level {lv.id}", lv) for lv in t.levels]
        if dailies or community:
            entries += list(_stored(mode, data_dir, dailies=dailies, community=community))
        copies = duplicates(mode, entries)
        for later, first in copies:
            typer.echo(f"{later}: same board as {first} (up to rotation and mirroring)")
        typer.echo(f"{mode.cli_name}: {len(entries)} levels, {len(copies)} duplicate(s)")
        if copies:
            raise typer.Exit(EXIT_FAILED)


def duplicates(mode: Mode[Any], entries: list[Entry]) -> list[tuple[str, str]]:
    """Each entry equal to an earlier one, as (its name, the first one's name)."""
    first: dict[str, str] = {}
    out: list[tuple[str, str]] = []
    for name, level in entries:
        key = mode.symmetry_key(level)
        if key in first:
            out.append((name, first[key]))
        else:
            first[key] = name
    return out


def _stored(
    mode: Mode[Any], data_dir: Path | None, *, dailies: bool, community: bool
) -> Iterator[Entry]:
    """The store's dailies and community levels of ``mode``, parsed (a row that no longer
    parses is named on stderr and skipped: it cannot equal a level)."""
    from sqlalchemy import select

    from puzzlesmith.server.community.models import CommunityLevel
    from puzzlesmith.server.store import Daily

    store = open_command_store("dedupe", data_dir)
    rows: list[tuple[str, str, str]] = []
    try:
        with store.session() as s:
            if dailies:
                q = select(Daily).where(Daily.mode == mode.id).order_by(Daily.date)
                rows += [(f"daily {d.date}", d.date, d.level) for d in s.scalars(q)]
            if community:
                q2 = select(CommunityLevel).where(CommunityLevel.mode == mode.id)
                rows += [
                    (f"community level {c.id}", c.id, c.level)
                    for c in s.scalars(q2.order_by(CommunityLevel.id))
                ]
    finally:
        store.close()
    for name, lid, text in rows:
        level, problems = mode.parse_level({"id": lid, **json.loads(text)}, lid)
        if level is None:
            typer.echo(f"{name}: cannot be read ({len(problems)} problem(s)); skipped", err=True)
            continue
        yield name, level
