"""What the shell lists: the registered modes and a mode's packs."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from puzzlesmith.core import registry
from puzzlesmith.core.mode import Mode
from puzzlesmith.server.cache import cached_json
from puzzlesmith.server.catalog import catalog, mode_of, pack_infos
from puzzlesmith.server.schemas import (
    ModeInfo,
    ModesOut,
    ModeTitle,
    PacksOut,
    error_responses,
)
from puzzlesmith.server.static_files import mode_entry

router = APIRouter(prefix="/api", tags=["modes"])


def _asset(mode: Mode[Any], suffix: str) -> str | None:
    """The URL of the mode's client file (``.js``, ``.css``), None when it ships none."""
    rel = mode_entry(mode, suffix)
    return None if rel is None else f"/static/{rel}"


@router.get("/modes", response_model=ModesOut)
async def list_modes(request: Request) -> Response:
    """Every registered mode in menu order; ``module`` is null when it has no client yet."""
    return cached_json(request, "modes", _modes)


def _modes() -> ModesOut:
    return ModesOut(
        modes=[
            ModeInfo(
                id=m.id,
                cliName=m.cli_name,
                title=ModeTitle(zh=m.title_zh, en=m.title_en),
                hintKinds=list(m.hint_kinds),
                module=_asset(m, ".js"),
                css=_asset(m, ".css"),
            )
            for m in registry.all_modes()
        ]
    )


@router.get("/modes/{mode}/packs", response_model=PacksOut, responses=error_responses(404))
async def list_packs(mode: str, request: Request) -> Response:
    """The listed packs in play order (hidden packs are reachable by level id only)."""
    m = mode_of(mode)
    return cached_json(request, f"packs:{m.id}", lambda: _packs(m))


def _packs(m: Mode[Any]) -> PacksOut:
    return PacksOut(
        mode=m.id,
        packs=pack_infos(catalog(m).listed),
    )
