"""Finding modes and levels for the routes: the registry, shipped packs and hidden packs.

Pack files are read once per process (they ship with the package and do not change
while it runs), so a level lookup is a dict access.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from puzzlesmith.core import registry
from puzzlesmith.core.errors import UnknownLevelError
from puzzlesmith.core.mode import Mode, Pack
from puzzlesmith.server.schemas import LevelRef, PackInfo


@dataclass(frozen=True)
class Catalog:
    """A mode's packs: the listed ones in play order, and every level by id."""

    listed: tuple[Pack[Any], ...]
    levels: dict[str, Any]


def mode_of(name: str) -> Mode[Any]:
    """A registered mode by id, CLI name or alias (UnknownModeError → 404)."""
    return registry.get(name)


@cache
def _catalog(mode_id: str) -> Catalog:
    mode = registry.get(mode_id)
    listed = tuple(mode.load_file(f) for f in mode.shipped_pack_files())
    hidden = tuple(mode.load_file(f) for f in mode.hidden_pack_files())
    levels: dict[str, Any] = {}
    for pack in (*listed, *hidden):
        for lv in pack.levels:
            levels.setdefault(lv.id, lv)
    return Catalog(listed, levels)


def catalog(mode: Mode[Any]) -> Catalog:
    return _catalog(mode.id)


def level_of(mode: Mode[Any], level_id: str) -> Any:
    """A shipped level, hidden packs included (UnknownLevelError → 404)."""
    lv = catalog(mode).levels.get(level_id)
    if lv is None:
        raise UnknownLevelError(f"mode {mode.id}: no level {level_id!r}")
    return lv


def pack_infos(packs: Sequence[Pack[Any]]) -> list[PackInfo]:
    """What level select lists of these packs: ids, 1-based index, captions (API and trial file)."""
    return [
        PackInfo(
            pack=p.pack,
            title=p.title,
            levels=[
                LevelRef(id=lv.id, index=i + 1, caption=lv.caption) for i, lv in enumerate(p.levels)
            ],
        )
        for p in packs
    ]
