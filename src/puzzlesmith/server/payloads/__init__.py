"""Typed answers of the play API: every mode's level view, replayed state and hint.

Each is a union discriminated by ``mode`` (the mode id; hints also by ``kind``), so
``/openapi.json`` describes every answer and a client can be checked against it. The
engine stays free of pydantic: the routers validate the engine's JSON against these
models. ``MODELS`` lists the models per mode id; a test checks it covers the registry.
"""

from __future__ import annotations

from typing import Annotated, Any, get_args

from pydantic import BaseModel, Field

from puzzlesmith.server.payloads.cows import CowsHint, CowsState, CowsView
from puzzlesmith.server.payloads.hexwalls import HexHint, HexState, HexView
from puzzlesmith.server.payloads.stroke import StrokeHint, StrokeState, StrokeView

View = Annotated[StrokeView | HexView | CowsView, Field(discriminator="mode")]
State = Annotated[StrokeState | HexState | CowsState, Field(discriminator="mode")]
Hint = Annotated[StrokeHint | HexHint | CowsHint, Field(discriminator="mode")]

_TRIPLES: tuple[tuple[type[BaseModel], type[BaseModel], Any], ...] = (
    (StrokeView, StrokeState, StrokeHint),
    (HexView, HexState, HexHint),
    (CowsView, CowsState, CowsHint),
)

#: mode id (each view's ``mode`` literal) → (view, state, hint) payload types
MODELS: dict[str, tuple[type[BaseModel], type[BaseModel], Any]] = {
    get_args(t[0].model_fields["mode"].annotation)[0]: t for t in _TRIPLES
}


class CodeOut(BaseModel):
    """A level code's level: its mode and its view (``GET /api/codes/{code}``)."""

    mode: str
    level: View


def tagged(mode_id: str, payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` with the ``mode`` the unions discriminate on (state and hint lack it)."""
    return {"mode": mode_id, **payload}
