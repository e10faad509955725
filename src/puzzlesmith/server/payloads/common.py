"""Shapes the play payloads of several modes share: the base model and path-mode parts.

Every payload model accepts fields it does not declare (``extra="allow"``): a field an
engine adds reaches the client instead of failing the response, and
tests/server/test_payloads.py fails until the model declares it, so the schema stays
complete without a new field ever costing a player a 500.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Payload(BaseModel):
    """A JSON object the API answers with; undeclared fields pass through (see above)."""

    model_config = ConfigDict(extra="allow")


class RatingOut(Payload):
    """A level's (or player's) Glicko-2 rating as players' games have moved it (docs/ratings.md)."""

    value: int = Field(description="the rating (a level starts from the model's score)")
    deviation: int = Field(description="its uncertainty (rating deviation), smaller when surer")
    plays: int = Field(ge=0, description="rated games so far")


class ViewPayload(Payload):
    """A level view: the mode's own fields, plus the rating the server adds when it answers."""

    rating: RatingOut | None = Field(
        default=None, description="the level's rating now (added by the server, not the mode)"
    )


class Bounds(Payload):
    """The board's bounding box, in the mode's drawing units."""

    x: float
    y: float
    w: float
    h: float


class GridBounds(Bounds):
    """A bounding box in whole grid units."""

    x: int
    y: int
    w: int
    h: int


# ---- path modes (Number Stroke, Hex Walls): shared state and hint shapes ---------------
class PathConflict(Payload):
    """A clue broken at one position of the path."""

    cell: str
    step: int
    code: Literal["clue-step", "step-elsewhere", "parity"]
    clue: int | None = Field(default=None, description="the number the cell demands")
    parity: Literal["odd", "even"] | None = Field(
        default=None, description="the parity the cell demands"
    )


class PathState(Payload):
    """The position the moves reach: path, steps, conflicts, and whether it is solved."""

    path: list[str] = Field(description="cell ids from step 1")
    steps: dict[str, int] = Field(description="cell id → its step on the path")
    revealed: dict[str, int] = Field(description="numbers revealed by hints: cell id → step")
    conflicts: list[PathConflict]
    end: str | None = Field(description="the path's last cell")
    deadEnd: bool = Field(description="no way on from the end while not cleared")
    remaining: int = Field(description="cells not yet on the path")
    cleared: bool


class RevealHint(Payload):
    """A number revealed: ``cell`` gets ``step`` (null cell: every step is known)."""

    kind: Literal["reveal"]
    cell: str | None
    step: int | None = None


class WhyConclusion(Payload):
    cell: str
    steps: list[int] = Field(description="the steps the cell can still take after the deduction")


class WhyHint(Payload):
    """为什么: the logic engine's deduction that fixes the next step, from the player's own
    position (``mistake``: where the path left the solution; ``stuck``: none in reach)."""

    kind: Literal["why"]
    verdict: Literal["step", "mistake", "stuck", "done"]
    technique: str | None = Field(description="the technique's stable name (paths/explain.py)")
    after: int = Field(description="simpler deductions made first, on other cells")
    name_zh: str | None = Field(default=None, description="the technique's short name")
    name_en: str | None = None
    cells: list[str] = Field(description="the cells it concludes (or the wrong cell)")
    reads: list[str] = Field(description="the cells the reasoning rests on")
    concludes: list[WhyConclusion]
    reason_zh: str
    reason_en: str
    broke: (
        Literal["clue-step", "step-elsewhere", "parity", "cut-off", "too-far", "wrong-turn"] | None
    ) = Field(
        default=None, description="on a mistake: what the path breaks (paths/explain.py BROKE)"
    )


class GuideHint(Payload):
    """Where to go: start, next, rewind to, restart, or done."""

    kind: Literal["guide"]
    action: Literal["start", "next", "rewind", "restart", "done"]
    cell: str | None
