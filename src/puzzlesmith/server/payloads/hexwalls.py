"""Hex Walls' payloads: geometry in units of the hex circumradius (y down), walls, turners."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from puzzlesmith.server.payloads.common import (
    Bounds,
    GuideHint,
    PathState,
    Payload,
    RevealHint,
    ViewPayload,
    WhyHint,
)

MODE = Literal["03-hex-walls"]

Point = Annotated[list[float], Field(min_length=2, max_length=2, description="[x, y]")]
Hex = Annotated[list[int], Field(min_length=2, max_length=2, description="axial [q, r]")]


class HexCell(Payload):
    id: str
    q: int
    r: int
    x: float
    y: float
    clue: int | None = None


class Wall(Payload):
    """A static wall between two cells, drawn from end to end."""

    cells: list[str]
    ends: list[Point]


class TurnerEdge(Payload):
    """One edge of a turner's cycle; ``cells`` are null off the board."""

    hexes: list[Hex]
    cells: list[str | None]
    ends: list[Point]


class Turner(Payload):
    """A wall turning 120° about ``point`` on every step; drawn on ``cycle[start]`` first."""

    pivot: list[Hex]
    point: Point
    start: int
    cycle: list[TurnerEdge]


class HexView(ViewPayload):
    mode: MODE
    id: str
    caption: str | None
    n: int
    bounds: Bounds
    cells: list[HexCell]
    adjacency: dict[str, list[str]]
    walls: list[Wall]
    turners: list[Turner]
    start: str | None
    solution: list[str] | None
    grade: str


class TurnerAt(Payload):
    """Where a turner's wall stands after ``turns`` steps."""

    pivot: list[Hex]
    edge: list[Hex]


class HexState(PathState):
    mode: MODE
    turns: int = Field(description="how often every turner has turned")
    turners: list[TurnerAt]


class HexRevealHint(RevealHint):
    mode: MODE


class HexGuideHint(GuideHint):
    mode: MODE


class HexWhyHint(WhyHint):
    mode: MODE


HexHint = Annotated[HexRevealHint | HexGuideHint | HexWhyHint, Field(discriminator="kind")]
