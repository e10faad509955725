"""The achievement catalogue for the client (the same file the server evaluates)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from puzzlesmith.core.achievements import load_catalogue

router = APIRouter(prefix="/api", tags=["achievements"])


@router.get("/achievements")
def achievements() -> dict[str, Any]:
    """``{"version", "par", "achievements": [...]}``: ids, zh/en names and conditions, icons, rules."""
    return load_catalogue()
