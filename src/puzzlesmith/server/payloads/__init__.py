"""Typed answers of the play API: every mode's level view, replayed state and hint.

Each is a union chosen by ``mode`` (the mode id; hints also by ``kind``), so
``/openapi.json`` describes every answer and a client can be checked against it. The
engine stays free of pydantic: the routers validate the engine's JSON against these
models. ``MODELS`` lists the typed models per mode id (the three shipped modes); any
other registered mode — a new one, or the tests' Switches — is answered through the
generic models (:class:`AnyView`, :class:`AnyState`, :class:`AnyHint`: the contract's
few fixed fields, everything else passed through), so a new mode plays over the API
without a line changed here. Typed models for it are an addition, not a requirement.
"""

from __future__ import annotations

from typing import Annotated, Any, get_args

from pydantic import BaseModel, Discriminator, Field, Tag

from puzzlesmith.server.payloads.common import Payload, ViewPayload
from puzzlesmith.server.payloads.cows import CowsHint, CowsState, CowsView
from puzzlesmith.server.payloads.hexwalls import HexHint, HexState, HexView
from puzzlesmith.server.payloads.stroke import StrokeHint, StrokeState, StrokeView

_TRIPLES: tuple[tuple[type[BaseModel], type[BaseModel], Any], ...] = (
    (StrokeView, StrokeState, StrokeHint),
    (HexView, HexState, HexHint),
    (CowsView, CowsState, CowsHint),
)

#: mode id (each view's ``mode`` literal) → (view, state, hint) payload types
MODELS: dict[str, tuple[type[BaseModel], type[BaseModel], Any]] = {
    get_args(t[0].model_fields["mode"].annotation)[0]: t for t in _TRIPLES
}

#: the tag of the generic models: every mode id :data:`MODELS` does not name
OTHER = "other"

# the schema says "any mode id but the typed ones", so a typed answer matches exactly
# one branch of the ``oneOf`` (the generic models allow every field)
_TYPED_IDS: list[Any] = sorted(MODELS)
_OTHER_MODE: Any = Field(
    description="the mode id (a mode without typed models here)",
    json_schema_extra={"not": {"enum": _TYPED_IDS}},
)


class AnyView(ViewPayload):
    """A level view of a mode without typed models: its id and level id, the rest as the
    mode's ``view`` writes it."""

    mode: str = _OTHER_MODE
    id: str


class AnyState(Payload):
    """A replayed position of such a mode: the contract's ``cleared``, the rest as its
    ``State.to_json`` writes it."""

    mode: str = _OTHER_MODE
    cleared: bool


class AnyHint(Payload):
    """A hint of such a mode: its ``kind``, the rest as its ``give_hint`` writes it."""

    mode: str = _OTHER_MODE
    kind: str


def _mode_tag(value: Any) -> str:
    """The union branch of an answer: its mode id when typed, else :data:`OTHER`."""
    mode = value.get("mode") if isinstance(value, dict) else getattr(value, "mode", None)
    return mode if mode in MODELS else OTHER


# one branch per typed mode (tagged with its id, the key of :data:`MODELS`) and the
# generic one; a typed mode's answer must fit its typed model: no fallback for it
_S, _H, _C = "01-number-stroke", "03-hex-walls", "04-cows"
View = Annotated[
    Annotated[StrokeView, Tag(_S)]
    | Annotated[HexView, Tag(_H)]
    | Annotated[CowsView, Tag(_C)]
    | Annotated[AnyView, Tag(OTHER)],
    Discriminator(_mode_tag),
]
State = Annotated[
    Annotated[StrokeState, Tag(_S)]
    | Annotated[HexState, Tag(_H)]
    | Annotated[CowsState, Tag(_C)]
    | Annotated[AnyState, Tag(OTHER)],
    Discriminator(_mode_tag),
]
Hint = Annotated[
    Annotated[StrokeHint, Tag(_S)]
    | Annotated[HexHint, Tag(_H)]
    | Annotated[CowsHint, Tag(_C)]
    | Annotated[AnyHint, Tag(OTHER)],
    Discriminator(_mode_tag),
]
assert {_S, _H, _C} == set(MODELS)  # the tags are the typed models' own mode literals


class CodeOut(BaseModel):
    """A level code's level: its mode and its view (``GET /api/codes/{code}``)."""

    mode: str
    level: View


def tagged(mode_id: str, payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` with the ``mode`` the unions discriminate on (state and hint lack it)."""
    return {"mode": mode_id, **payload}
