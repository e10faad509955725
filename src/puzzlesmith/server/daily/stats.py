"""A player's own stats: days played, streaks, best and mean time and rating per mode, a
calendar."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select

from puzzlesmith.core.mode import JSON
from puzzlesmith.server.ratings.service import player_ratings
from puzzlesmith.server.store import Run, Store
from puzzlesmith.server.streaks import streak


def player_stats(store: Store, player_id: str, today: date) -> JSON:
    with store.session() as s:
        runs = s.scalars(select(Run).where(Run.player_id == player_id).order_by(Run.date)).all()
    calendar: dict[str, list[str]] = {}  # every day with a verified run (archive ones too)
    per_mode: dict[str, list[Run]] = {}
    for r in runs:
        calendar.setdefault(r.date, []).append(r.mode)
        per_mode.setdefault(r.mode, []).append(r)
    # an archive run (a past day played later) is in the calendar, but neither counts as a
    # day played nor sets a time: those are the days' own runs
    own = [r for r in runs if "archive" not in r.flags.split()]
    on_the_day = {date.fromisoformat(r.date) for r in own}
    st = streak(on_the_day, today)
    rated = player_ratings(store, player_id)
    return {
        "days_played": len(on_the_day),
        "streak": {
            "current": st.current,
            "best": st.best,
            "freezes": st.freezes,
            "frozen": [d.isoformat() for d in st.frozen],
        },
        "modes": {
            mode: {**_mode_stats(rs), "rating": rated.get(mode)} for mode, rs in per_mode.items()
        },
        "calendar": calendar,
    }


def _mode_stats(runs: list[Run]) -> JSON:
    """A mode's figures from its runs on their own days (None: only archive runs yet)."""
    own = [r for r in runs if "archive" not in r.flags.split()]
    return {
        "played": len(own),
        "best_ms": min((r.time_ms for r in own), default=None),
        "mean_ms": round(sum(r.time_ms for r in own) / len(own)) if own else None,
        "flawless": sum(r.flawless for r in own),
        "archive": len(runs) - len(own),
    }
