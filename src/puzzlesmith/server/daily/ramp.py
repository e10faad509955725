"""The weekly ramp: the generator options of each mode's daily, easiest Monday, hardest Sunday.

The one place that knows each mode's generator knobs for dailies (keyed by mode id,
after LinkedIn's Zip ramp); a mode without a ramp gets its generator's defaults.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from puzzlesmith.core.mode import Mode

#: Number Stroke: N about 12–30 over the week, grade rising with it
_STROKE = [
    ("12-14", "1-2", "easy-medium"),
    ("14-17", "1-2", "easy-medium"),
    ("16-19", "1-3", "medium"),
    ("18-22", "1-3", "medium-hard"),
    ("21-25", "2-3", "medium-hard"),
    ("24-28", "2-4", "hard-expert"),
    ("27-30", "2-4", "hard-expert"),
]
#: Hex Walls: more hexes, turners from Thursday
_HEX = [(10, 3, 0), (12, 4, 0), (14, 4, 0), (15, 4, 1), (16, 5, 1), (18, 5, 1), (20, 6, 2)]
#: Cows: 7×7 on Monday to 10×10 on Sunday
_COWS = [
    (7, "easy"),
    (7, "medium"),
    (8, "medium"),
    (8, "hard"),
    (9, "hard"),
    (9, "hard"),
    (10, "hard"),
]


def _stroke(opts: type[Any], weekday: int) -> Any:
    n, big, grade = _STROKE[weekday]
    return opts(n=n, big=big, grade=grade, attempts=4000)


def _hex(opts: type[Any], weekday: int) -> Any:
    cells, walls, turners = _HEX[weekday]
    return opts(cells=cells, walls=walls, turners=turners, clues=1 if weekday < 3 else 0)


def _cows(opts: type[Any], weekday: int) -> Any:
    size, grade = _COWS[weekday]
    return opts(size=size, grade=grade)


RAMPS: dict[str, Callable[[type[Any], int], Any]] = {
    "01-number-stroke": _stroke,
    "03-hex-walls": _hex,
    "04-cows": _cows,
}


def options_for(mode: Mode[Any], weekday: int) -> Any:
    """The generator options of ``mode``'s daily on ``weekday`` (0 = Monday … 6 = Sunday)."""
    opts = mode.generate_options
    if opts is None:
        raise ValueError(f"{mode.cli_name}: no generator, so no daily")
    ramp = RAMPS.get(mode.id)
    return ramp(opts, weekday) if ramp else opts()
