"""Which puzzle is a mode's daily: generated deterministically from the date and a secret.

The generator seed is an HMAC of ``mode id`` and date under the server's secret, so a
restart (or a second worker) makes the same puzzle and no client can work out tomorrow's.
A candidate is kept only when the exact solver proves it unique (the search for a second
solution ran out) and the mode's logic solver clears it without guessing or any lookahead;
of those, the one whose model score fits the weekday's band (server/daily/ramp.py).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import date
from typing import Any

from puzzlesmith.core.errors import PuzzlesmithError
from puzzlesmith.core.mode import JSON, Mode
from puzzlesmith.core.publish import publish_refusal
from puzzlesmith.server.daily.ramp import fit, lookahead_of, options_for

#: daily #1 of every mode
EPOCH = date(2026, 11, 20)
#: generator indices tried for one date (the first in the weekday's band wins) …
TRIES = 8
#: … and further ones, while none of those could be a daily (all needed lookahead)
MAX_TRIES = 32
#: level fields a daily never carries: designer notes may hold the author's path
_PRIVATE = ("teach", "notes")


class DailyError(PuzzlesmithError):
    """A daily that cannot be made (a date before #1, a generator that gives up)."""

    code = "daily-failed"


@dataclass(frozen=True)
class DailyPuzzle:
    mode: str
    date: date
    number: int
    grade: str
    level: JSON  # the level as the mode dumps it (a pack file's level body)

    def parsed(self, mode: Mode[Any]) -> Any:
        return parse_daily(mode, self.level)


def number_of(day: date) -> int:
    """The puzzle number shown to players (数字一笔 #12): days since the epoch, from 1."""
    return (day - EPOCH).days + 1


def seed_for(secret: bytes, mode_id: str, day: date) -> int:
    """48 bits of HMAC-SHA256(secret, ``daily:<mode>:<date>``)."""
    mac = hmac.new(secret, f"daily:{mode_id}:{day.isoformat()}".encode(), hashlib.sha256)
    return int.from_bytes(mac.digest()[:6], "big")


def parse_daily(mode: Mode[Any], raw: JSON) -> Any:
    level, problems = mode.parse_level(raw, str(raw.get("id", "daily")))
    if level is None:
        raise DailyError(f"stored daily does not parse: {problems[0].line() if problems else '?'}")
    return level


def make_daily(mode: Mode[Any], day: date, secret: bytes) -> DailyPuzzle:
    """The daily of ``mode`` on ``day``: the same inputs always give the same puzzle.

    Candidates come in a fixed order; the first whose score is in the weekday's band
    is the day's puzzle. Without one, the candidate nearest the band — within the week's
    limits (Monday at most medium, Sunday at least hard) if any is. A candidate that needs
    lookahead (contradiction, trial, …) is never taken."""
    number = number_of(day)
    if number < 1:
        raise DailyError(f"date {day.isoformat()}: before daily #1 ({EPOCH.isoformat()})")
    seed = seed_for(secret, mode.id, day)
    weekday = day.weekday()
    options = options_for(mode, weekday)
    last = "no candidate"
    best: tuple[tuple[int, float], DailyPuzzle] | None = None
    for index in range(MAX_TRIES):
        if index >= TRIES and best is not None:
            break
        try:
            candidate = mode.generate_one(options, seed, index)
        except PuzzlesmithError as exc:
            last = str(exc)
            continue
        raw = mode.dump_level(candidate)
        raw["id"] = f"daily-{day.isoformat()}"
        for key in _PRIVATE:
            raw.pop(key, None)
        level = parse_daily(mode, raw)
        refused = publish_refusal(mode, level)  # validate's gate, as export and publish
        if refused is not None:
            last = f"candidate {index}: {refused}"
            continue
        graded = mode.grade(level)
        lookahead = lookahead_of(mode, graded)
        if not graded.solved or lookahead:
            why = ", ".join(lookahead) or "a guess"
            last = f"candidate {index}: the logic solver needs {why}"
            continue
        how = fit(mode, weekday, graded.score)
        puzzle = DailyPuzzle(mode.id, day, number, graded.grade, mode.dump_level(level))
        if how == (0, 0.0):
            return puzzle
        if best is None or how < best[0]:
            best = (how, puzzle)
    if best is not None:
        return best[1]
    raise DailyError(f"{mode.cli_name} daily {day.isoformat()}: no puzzle ({last})")
