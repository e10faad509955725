"""Request and response models: the OpenAPI schema validates every route's input."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

#: Moves are short strings (``add b``); the cap keeps a hostile body from costing much.
MAX_MOVES = 4096
MAX_MOVE_LEN = 64


class MovesBody(BaseModel):
    """A played position: the move strings from the empty board."""

    model_config = ConfigDict(extra="forbid")
    moves: list[str] = Field(max_length=MAX_MOVES, description="move strings, in order")


class HintBody(MovesBody):
    kind: str = Field(min_length=1, max_length=32, description="one of the mode's hint kinds")


class ModeTitle(BaseModel):
    zh: str
    en: str


class ModeInfo(BaseModel):
    id: str
    cliName: str
    title: ModeTitle
    hintKinds: list[str]
    module: str | None = Field(description="URL of the client module, null when not built")
    css: str | None = None


class ModesOut(BaseModel):
    modes: list[ModeInfo]


class LevelRef(BaseModel):
    id: str
    index: int
    caption: str | None = None


class PackInfo(BaseModel):
    pack: int | str
    title: str
    levels: list[LevelRef]


class PacksOut(BaseModel):
    mode: str
    packs: list[PackInfo]


class ErrorOut(BaseModel):
    error: str
    message: str
    field: str | None = None


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of a route's error codes: every error is one ErrorOut."""
    return {code: {"model": ErrorOut} for code in codes}


JSONObject = dict[str, Any]
