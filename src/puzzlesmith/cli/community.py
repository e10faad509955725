"""``puzzlesmith community reports|keep|remove``: the moderator's side of community levels."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from puzzlesmith.cli.common import EXIT_FAILED, fail, open_command_store

app = typer.Typer(
    help="Community levels: look at reported levels, keep or remove them.",
    no_args_is_help=True,
)

DataDir = Annotated[
    Path | None,
    typer.Option(
        "--data-dir", help="Where the SQLite store lives ($PUZZLESMITH_DATABASE_URL wins)."
    ),
]
LevelId = Annotated[str, typer.Argument(help="The community level's id (from `reports`).")]


def _store(data_dir: Path | None) -> Any:
    return open_command_store("community", data_dir)


def _act(action: str, level_id: str, data_dir: Path | None, done: str) -> None:
    """Run moderation.<action> on one level; an unknown id is one line and exit 1."""
    from puzzlesmith.server.community import moderation

    store = _store(data_dir)
    try:
        {"keep": moderation.keep, "remove": moderation.remove}[action](store, level_id)
    except moderation.UnknownLevel as exc:
        raise fail(f"community {action}: {exc}", EXIT_FAILED) from None
    finally:
        store.close()
    typer.echo(f"community: {level_id} {done}")


@app.command("reports")
def reports(
    hidden: Annotated[
        bool, typer.Option("--hidden", help="Only the levels the reports have hidden.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON line per level.")] = False,
    limit: Annotated[
        int, typer.Option("--limit", min=1, max=10_000, help="At most this many levels.")
    ] = 100,
    data_dir: DataDir = None,
) -> None:
    """Reported levels, hidden ones first, with who made them and why they were reported."""
    from puzzlesmith.server.community.moderation import reported

    store = _store(data_dir)
    try:
        rows = reported(store, hidden_only=hidden, limit=limit)
    finally:
        store.close()
    for r in rows:
        if as_json:
            typer.echo(json.dumps(r, ensure_ascii=False))
            continue
        state = "hidden" if r["hidden"] else "shown"
        why = "; ".join(r["reasons"])[:200]
        typer.echo(
            f"{r['id']}  {r['mode']}  {state}  {r['reports']} report(s)  "
            f"{r['title']!r} by {r['author']!r}: {why}"
        )
    if not as_json:
        typer.echo(f"community: {len(rows)} reported level(s)")


@app.command("keep")
def keep(level_id: LevelId, data_dir: DataDir = None) -> None:
    """Keep a reported level: clear its reports and show it again."""
    _act("keep", level_id, data_dir, "kept, reports cleared")


@app.command("remove")
def remove(level_id: LevelId, data_dir: DataDir = None) -> None:
    """Remove a community level with its likes and reports."""
    _act("remove", level_id, data_dir, "removed")
