"""Streaks with freezes: a day counts when any daily was cleared on it.

One freeze is earned per 5 daily wins (at most 2 held); a missed day uses one
automatically and the streak goes on; without one, the streak starts again. Today
not yet played does not break a streak.

>>> from datetime import date as d
>>> s = streak({d(2026, 12, 1), d(2026, 12, 2), d(2026, 12, 4)}, d(2026, 12, 4))
>>> s.current, s.best, s.freezes
(1, 2, 0)
>>> five = {d(2026, 12, k) for k in range(1, 6)}
>>> s = streak(five | {d(2026, 12, 7)}, d(2026, 12, 7))   # the 6th is frozen
>>> s.current, s.best, s.freezes, [x.isoformat() for x in s.frozen]
(6, 6, 0, ['2026-12-06'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

WINS_PER_FREEZE = 5
MAX_FREEZES = 2


@dataclass
class Streak:
    current: int = 0
    best: int = 0
    freezes: int = 0
    frozen: list[date] = field(default_factory=list)


def streak(days: set[date], today: date) -> Streak:
    out = Streak()
    if not days:
        return out
    wins = 0
    day = min(days)
    while day <= today:
        if day in days:
            out.current += 1
            wins += 1
            if wins % WINS_PER_FREEZE == 0:
                out.freezes = min(MAX_FREEZES, out.freezes + 1)
        elif day == today:
            pass  # the day is not over
        elif out.freezes:
            out.freezes -= 1
            out.frozen.append(day)
        else:
            out.current = 0
        out.best = max(out.best, out.current)
        day += timedelta(days=1)
    return out
