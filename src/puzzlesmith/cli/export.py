"""``puzzlesmith export-html``: the trial build, one HTML file that plays with no server.

Modes come from ``--mode`` and from the packs given; with neither, every mode that has a
web client. A mode named by ``--pack`` files plays exactly those packs, any other mode
its shipped packs (hidden ones included, reachable by id). The file is written to a
temporary name beside the target and renamed, so a failed export never leaves half a file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from puzzlesmith.cli.common import (
    DEFAULT_BUDGET,
    EXIT_FAILED,
    EXIT_UNREADABLE,
    budget_option,
    clean_errors,
    fail,
    level_budget,
)
from puzzlesmith.core import registry
from puzzlesmith.core.budget import budget as work_budget
from puzzlesmith.core.errors import UnknownModeError
from puzzlesmith.core.files import check_output, write_output
from puzzlesmith.core.jsonfile import read_json_file
from puzzlesmith.core.mode import Mode, Pack
from puzzlesmith.core.publish import publish_refusal
from puzzlesmith.server.bundle import ModeData, build_html
from puzzlesmith.server.catalog import catalog
from puzzlesmith.server.static_files import mode_entry

CMD = "export-html"


def _has_client(mode: Mode[Any]) -> bool:
    return mode_entry(mode, ".js") is not None


def _known() -> str:
    return ", ".join(m.cli_name for m in registry.all_modes() if _has_client(m))


def _mode(name: str) -> Mode[Any]:
    try:
        mode = registry.get(name)
    except UnknownModeError:
        raise fail(
            f"{CMD}: --mode {name}: unknown mode (known: {_known()})", EXIT_UNREADABLE
        ) from None
    if not _has_client(mode):
        raise fail(f"{CMD}: --mode {name}: mode {mode.id} has no web client", EXIT_FAILED)
    return mode


def _pack(path: Path) -> tuple[Mode[Any], Pack[Any]]:
    """A pack file and its mode (named by its own ``mode`` field)."""
    with clean_errors():
        raw = read_json_file(path)
    name = raw.get("mode") if isinstance(raw, dict) else None
    if not isinstance(name, str):
        raise fail(f'{path}: pack: no "mode" field naming its mode', EXIT_UNREADABLE)
    try:
        mode = registry.get(name)
    except UnknownModeError:
        raise fail(
            f"{path}: pack: unknown mode {name!r} (known: {_known()})", EXIT_UNREADABLE
        ) from None
    if not _has_client(mode):
        raise fail(f"{path}: pack: mode {mode.id} has no web client", EXIT_FAILED)
    with clean_errors():
        return mode, mode.load_file(path)


def _check_levels(md: ModeData, where: dict[int, str], seconds: float) -> None:
    """Each listed id once per mode, and every level passes ``validate`` (else its line)."""
    seen: dict[str, str] = {}
    for p in md.packs:
        for lv in p.levels:
            here = where.get(id(p), f"pack {p.pack}")
            if lv.id in seen:
                raise fail(
                    f"{here}: level {lv.id}: id also in {seen[lv.id]} (ids must be unique per mode)",
                    EXIT_FAILED,
                )
            seen[lv.id] = here
            with level_budget(seconds, p, lv.id):
                refused = publish_refusal(md.mode, lv, p.source)
            if refused is not None:
                raise fail(refused, EXIT_FAILED)


def export_html(
    out: Annotated[Path, typer.Option("--out", "-o", help="The HTML file to write.")],
    modes: Annotated[
        list[str] | None,
        typer.Option(
            "--mode", "-m", help="A mode (id or CLI name); repeat for more. Default: all."
        ),
    ] = None,
    packs: Annotated[
        list[Path] | None,
        typer.Option(
            "--pack", help="A pack file to play instead of its mode's shipped packs; repeatable."
        ),
    ] = None,
    budget: Annotated[float, budget_option()] = DEFAULT_BUDGET,
) -> None:
    """One self-contained HTML file (every level open, no server, opens from file://)."""
    chosen: dict[str, Mode[Any]] = {}
    for name in modes or []:
        m = _mode(name)
        chosen.setdefault(m.id, m)
    given: dict[str, list[Pack[Any]]] = {}
    where: dict[int, str] = {}  # a given pack (by identity) → its file, for messages
    for path in packs or []:
        m, pack = _pack(path)
        chosen.setdefault(m.id, m)
        given.setdefault(m.id, []).append(pack)
        where[id(pack)] = str(path)
    if not chosen:
        chosen = {m.id: m for m in registry.all_modes() if _has_client(m)}
    data: list[ModeData] = []
    with clean_errors():
        for mid, m in chosen.items():
            if mid in given:
                md = ModeData(m, given[mid])
            else:
                cat = catalog(m)
                listed = {lv.id for p in cat.listed for lv in p.levels}
                hidden = [lv for lid, lv in cat.levels.items() if lid not in listed]
                md = ModeData(m, cat.listed, hidden)
            _check_levels(md, where, budget)
            data.append(md)
        if out.is_dir():
            raise fail(f"{out}: is a folder; give a file name (-o trial.html)", EXIT_UNREADABLE)
        check_output(out)
        count = sum(len(p.levels) for md in data for p in md.packs)
        with work_budget(seconds=budget * max(count, 1)):
            html = build_html(data)
        write_output(out, html)
    size = len(html.encode("utf-8"))
    typer.echo(f"{out}: {len(data)} modes, {count} levels, {size / 1024:.0f} KB")
