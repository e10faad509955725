"""Number Stroke's payloads: the level view, the replayed state and its hints."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from puzzlesmith.server.payloads.common import (
    GridBounds,
    GuideHint,
    PathState,
    Payload,
    RevealHint,
    ViewPayload,
    WhyHint,
)

MODE = Literal["01-number-stroke"]


class StrokeCell(Payload):
    """A cell of the grid: its box and the unit squares it covers (big cells cover several)."""

    id: str
    x: int
    y: int
    w: int
    h: int
    units: list[list[int]] = Field(description="[x, y] of every unit square")
    clue: int | None = None
    parity: Literal["odd", "even"] | None = None


class StrokeView(ViewPayload):
    """Everything the client needs to play offline, unique solution included."""

    mode: MODE
    id: str
    caption: str | None
    n: int = Field(description="number of cells (= steps)")
    bounds: GridBounds
    cells: list[StrokeCell]
    adjacency: dict[str, list[str]]
    start: str | None = Field(description="the cell of step 1, when it is a clue")
    solution: list[str] | None = Field(description="cell ids in path order")
    grade: str = Field(description="the logic grade (fast-clear achievements use its par time)")


class StrokeState(PathState):
    mode: MODE


class StrokeRevealHint(RevealHint):
    mode: MODE


class StrokeGuideHint(GuideHint):
    mode: MODE


class StrokeWhyHint(WhyHint):
    mode: MODE


StrokeHint = Annotated[
    StrokeRevealHint | StrokeGuideHint | StrokeWhyHint, Field(discriminator="kind")
]
