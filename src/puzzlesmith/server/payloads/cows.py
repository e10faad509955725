"""Cows' payloads: regions and their colours, the grid of marks, and the hint kinds (five of 提示, one of 为什么)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from puzzlesmith.server.payloads.common import Payload, ViewPayload

MODE = Literal["04-cows"]


class CowsView(ViewPayload):
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


class CowsWhy(_Said):
    """为什么: the solver's deduction from the player's marks (``mistake``: where they go
    wrong; ``stuck``: no deduction left, no cow revealed)."""

    kind: Literal["why"]
    verdict: Literal["step", "mistake", "stuck", "done"]
    reads: list[str] = Field(description="the cells the reasoning rests on")
    technique: str | None = None
    name_zh: str | None = None
    name_en: str | None = None
    place: list[str] = Field(default_factory=list)
    exclude: list[str] = Field(default_factory=list)
    units: list[str] = Field(default_factory=list)
    hall: int = 0
    code: str | None = None


CowsHint = Annotated[
    CowsMistake | CowsStep | CowsReveal | CowsSolved | CowsStuck | CowsWhy,
    Field(discriminator="kind"),
]
