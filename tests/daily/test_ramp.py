"""The weekly ramp of the dailies (issue #34 item 5): per mode a weekday band of the model's
score, Monday easiest, Sunday hardest; four seeded weeks of dailies ramp per weekday in
every mode (asserted on scores, never on time), and no daily needs lookahead."""

from __future__ import annotations

import itertools
import statistics
from datetime import date, timedelta
from functools import cache
from typing import Any

import pytest

from puzzlesmith.core import registry
from puzzlesmith.core.ramp import MONDAY_MAX, SUNDAY_MIN, WEEK, DailyRamp, miss, needs_lookahead
from puzzlesmith.server.daily.puzzles import DailyError, make_daily
from puzzlesmith.server.daily.ramp import lookahead_of
from puzzlesmith.server.daily.service import daily_modes

#: a Monday; four weeks from it, made with a fixed secret (seeded, as a server makes them)
FIRST = date(2026, 11, 23)
WEEKS = 4
SECRET = b"ramp-test-secret"
MODES = [m.id for m in daily_modes()]
#: Hex Walls builds a hard board in a few CPU seconds (its late-week days take one to four
#: candidates): two weeks keep the test cheap and still assert every property
WEEKS_OF = {"03-hex-walls": 2}


@cache
def month(mode_id: str) -> list[tuple[int, float, list[str]]]:
    """(weekday, score, lookahead techniques) of each daily of the four weeks."""
    m = registry.get(mode_id)
    out = []
    for k in range(7 * WEEKS_OF.get(mode_id, WEEKS)):
        day = FIRST + timedelta(days=k)
        graded = m.grade(make_daily(m, day, SECRET).parsed(m))
        out.append((day.weekday(), graded.score, lookahead_of(m, graded)))
    return out


def by_weekday(mode_id: str) -> list[list[float]]:
    days: list[list[float]] = [[] for _ in range(7)]
    for wd, score, _ in month(mode_id):
        days[wd].append(score)
    return days


@pytest.mark.parametrize("mode_id", MODES)
def test_a_month_of_dailies_ramps_per_weekday(mode_id: str) -> None:
    means = [statistics.mean(d) for d in by_weekday(mode_id)]
    assert all(b > a for a, b in itertools.pairwise(means)), means


@pytest.mark.parametrize("mode_id", MODES)
def test_no_daily_needs_lookahead_and_no_monday_is_above_medium(mode_id: str) -> None:
    assert not [la for _, _, la in month(mode_id) if la]
    mondays = by_weekday(mode_id)[0]
    assert max(mondays) < MONDAY_MAX, mondays


@pytest.mark.parametrize("mode_id", MODES)
def test_no_sunday_below_hard(mode_id: str) -> None:
    sundays = by_weekday(mode_id)[6]
    assert min(sundays) >= SUNDAY_MIN, sundays


def test_a_ramp_refuses_bands_that_do_not_ramp() -> None:
    seven: tuple[dict[str, Any], ...] = ({},) * 7
    DailyRamp(seven)  # the shared week is a ramp
    with pytest.raises(ValueError, match="rise"):
        DailyRamp(seven, (WEEK[1], WEEK[0], *WEEK[2:]))
    with pytest.raises(ValueError, match="Monday"):
        DailyRamp(seven, ((150.0, 250.0), *WEEK[1:]))
    with pytest.raises(ValueError, match="Sunday"):
        DailyRamp(seven, (*WEEK[:6], (190.0, 1000.0)))
    with pytest.raises(ValueError, match="7 days"):
        DailyRamp(seven[:6])
    assert miss(50, (0, 100)) == 0 and miss(120, (0, 100)) == 20 and miss(5, (10, 20)) == 5


def test_lookahead_techniques_are_named() -> None:
    assert needs_lookahead(["ends", "contradiction", "parity", "trial"]) == [
        "contradiction",
        "trial",
    ]
    assert needs_lookahead(["ends", "hall-3"], also={"hall-3"}) == ["hall-3"]
    assert needs_lookahead(["ends", "distance", "connectivity"]) == []


def test_a_candidate_that_needs_lookahead_is_never_a_daily(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Declare a technique every Cows candidate uses as lookahead: no daily is made."""
    m = registry.get("04-cows")
    day = FIRST  # a Monday: small boards
    level = make_daily(m, day, SECRET).parsed(m)
    used = {t for t, n in m.grade(level).techniques.items() if n}
    monkeypatch.setattr(type(m), "lookahead_techniques", frozenset(used))
    with pytest.raises(DailyError, match="needs"):
        make_daily(m, day, SECRET)


def test_the_servers_ramp_names_no_mode() -> None:
    from pathlib import Path

    import puzzlesmith.server.daily.ramp as ramp

    text = Path(ramp.__file__).read_text()
    for m in registry.all_modes():
        assert m.id not in text and m.cli_name not in text.split(), m.id
