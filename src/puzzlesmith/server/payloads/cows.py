"""Cows' payloads: regions and their colours, the grid of marks, and the five hint kinds."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from puzzlesmith.server.payloads.common import Payload

MODE = Literal["04-cows"]


class CowsView(Payload):
    mode: MODE
    id: str
    caption: str | None
    teach: str | None
    size: int
    regions: list[str] = Field(description="one string per row, one letter per region")
    letters: list[str] = Field(description="the region letters, in region-index order")
    regionOf: list[int] = Field(description="cell index (row-major) → region index")
    colours: list[str] = Field(description="one CSS colour per region")
    solution: list[int] | None = Field(description="the cow's column in every row")
    grade: str


class CowsConflict(Payload):
    code: str
    where: str | None
    cells: list[str]


class CowsState(Payload):
    mode: MODE
    size: int
    grid: list[str] = Field(description="one string per row: '.' empty, 'x' crossed, 'C' cow")
    cows: list[str]
    conflicts: list[CowsConflict]
    cleared: bool


class _Said(Payload):
    """What every Cows hint carries: the cells to show, why, in both languages."""

    mode: MODE
    cells: list[str]
    because: list[str]
    reason_zh: str
    reason_en: str


class CowsMistake(_Said):
    kind: Literal["mistake"]
    code: str


class CowsStep(_Said):
    """One deduction: cows to place and cells to cross out."""

    kind: Literal["step"]
    technique: str
    name_zh: str
    name_en: str
    place: list[str]
    exclude: list[str]
    units: list[str]
    hall: int


class CowsReveal(_Said):
    """Logic is stuck: one cow of the unique solution."""

    kind: Literal["reveal"]
    place: list[str]


class CowsSolved(_Said):
    kind: Literal["solved"]


class CowsStuck(_Said):
    kind: Literal["stuck"]


CowsHint = Annotated[
    CowsMistake | CowsStep | CowsReveal | CowsSolved | CowsStuck, Field(discriminator="kind")
]
