"""A mode's week of dailies, declared as data: per weekday (Monday first) the generator
options and the band of the difficulty model's score the day's puzzle should fall in.

Monday easiest, Sunday hardest, by the model's score (``mode.grade(level).score``, core/score)
rather than by size alone: a candidate is kept by where its score falls, whatever its size.
The week's bands rise strictly, Monday's never leaves medium and Sunday's is hard or
harder. ``server/daily/puzzles.py`` picks each day's puzzle by these bands and rejects any
candidate whose grade trace needs lookahead (:func:`needs_lookahead`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from puzzlesmith.core.score import BAND

#: a score band: low (inclusive) to high (exclusive)
Band = tuple[float, float]
#: the week of bands a mode gets unless it declares its own: Monday easy, Tuesday to
#: Thursday medium rising, Friday to Sunday hard rising (Sunday may reach expert)
WEEK: tuple[Band, ...] = (
    (0.0, BAND),
    (BAND, 1.35 * BAND),
    (1.35 * BAND, 1.65 * BAND),
    (1.65 * BAND, 2.0 * BAND),
    (2.0 * BAND, 2.5 * BAND),
    (2.5 * BAND, 2.7 * BAND),
    (2.7 * BAND, 4.0 * BAND),
)
#: the highest a Monday may score (the top of medium) and the lowest a Sunday should (hard)
MONDAY_MAX = 2 * BAND
SUNDAY_MIN = 2 * BAND
#: technique names that are lookahead in every mode: a step that assumes a placement and
#: follows its consequences (a mode names more in ``Mode.lookahead_techniques``)
LOOKAHEAD_WORDS: tuple[str, ...] = ("contradiction", "trial", "probe", "lookahead", "guess")


@dataclass(frozen=True)
class DailyRamp:
    """Seven days of generator option overrides and score bands (index 0 = Monday)."""

    options: tuple[Mapping[str, Any], ...]
    bands: tuple[Band, ...] = field(default=WEEK)

    def __post_init__(self) -> None:
        if len(self.options) != 7 or len(self.bands) != 7:
            raise ValueError(
                f"daily ramp: 7 days of options and bands, got {len(self.options)} and "
                f"{len(self.bands)}"
            )
        mids = [(lo + hi) / 2 for lo, hi in self.bands]
        if any(b <= a for a, b in itertools.pairwise(mids)):
            raise ValueError(f"daily ramp: band midpoints must rise Monday → Sunday: {mids}")
        if self.bands[0][1] > MONDAY_MAX or self.bands[6][0] < SUNDAY_MIN:
            raise ValueError("daily ramp: Monday's band must end by medium, Sunday's start at hard")

    def options_for(self, opts: type[Any], weekday: int) -> Any:
        """The generator options of ``weekday`` (0 = Monday … 6 = Sunday)."""
        return opts(**self.options[weekday])


def miss(score: float, band: Band) -> float:
    """How far ``score`` is outside ``band`` (0 inside)."""
    lo, hi = band
    return lo - score if score < lo else (score - hi if score >= hi else 0.0)


def within_week_limits(weekday: int, score: float) -> bool:
    """Monday at most medium, Sunday at least hard; any score on the other days."""
    if weekday == 0:
        return score < MONDAY_MAX
    if weekday == 6:
        return score >= SUNDAY_MIN
    return True


def needs_lookahead(techniques: Iterable[str], also: Iterable[str] = ()) -> list[str]:
    """The lookahead techniques of a grade trace (contradiction, trial, probing, …)."""
    extra = set(also)
    return sorted(
        t for t in techniques if t in extra or any(w in t.lower() for w in LOOKAHEAD_WORDS)
    )
