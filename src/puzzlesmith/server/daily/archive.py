"""The archive: every past daily by month, with the player's own marks.

Past dailies are played through the usual start/finish (``date`` in the start body); the
finish flags them ``archive``, so they are verified but never ranked and never count
toward a streak (runs.py, stats.py). Listing a month generates nothing: a day's grade
is shown once its puzzle is stored (the first start of that day stores it).
"""

from __future__ import annotations

from datetime import date, timedelta

from sqlalchemy import select

from puzzlesmith.core.mode import JSON
from puzzlesmith.server.daily.puzzles import EPOCH, number_of
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.store import Daily, Run, Start, Store


def month_of(raw: str | None, today: date) -> date:
    """The first day of ``YYYY-MM`` (this month by default), within the dailies' span.

    >>> month_of("2026-11", date(2026, 12, 3))
    datetime.date(2026, 11, 1)
    """
    if raw is None:
        return today.replace(day=1)
    try:
        first = date.fromisoformat(f"{raw}-01")
    except ValueError:
        raise ApiError("bad-month", f"month: {raw!r} is not YYYY-MM", "month") from None
    if first > today or first < EPOCH.replace(day=1):
        raise ApiError(
            "no-month",
            f"month: no dailies in {raw} (from {EPOCH.isoformat()[:7]} to {today.isoformat()[:7]})",
            "month",
        )
    return first


def months(today: date) -> list[str]:
    """Every month with a past daily, newest first."""
    out: list[str] = []
    m = today.replace(day=1)
    while m >= EPOCH.replace(day=1):
        out.append(m.isoformat()[:7])
        m = (m - timedelta(days=1)).replace(day=1)
    return out


def archive(store: Store, mode_id: str, player_id: str | None, first: date, today: date) -> JSON:
    """The month's past days (today excluded: it is the daily, not the archive)."""
    nxt = (first + timedelta(days=32)).replace(day=1)
    last = min(nxt - timedelta(days=1), today - timedelta(days=1))
    start = max(first, EPOCH)
    span = [start + timedelta(days=k) for k in range((last - start).days + 1)]
    lo, hi = start.isoformat(), last.isoformat()
    with store.session() as s:
        grades = dict(
            s.execute(
                select(Daily.date, Daily.grade).where(
                    Daily.mode == mode_id, Daily.date >= lo, Daily.date <= hi
                )
            ).all()
        )
        runs: dict[str, Run] = {}
        started: set[str] = set()
        if player_id is not None:
            for found in s.scalars(
                select(Run).where(
                    Run.player_id == player_id, Run.mode == mode_id, Run.date >= lo, Run.date <= hi
                )
            ):
                runs[found.date] = found
            started = set(
                s.scalars(
                    select(Start.date).where(
                        Start.player_id == player_id,
                        Start.mode == mode_id,
                        Start.date >= lo,
                        Start.date <= hi,
                    )
                )
            )
    days: list[JSON] = []
    for d in span:
        iso = d.isoformat()
        item: JSON = {"date": iso, "number": number_of(d), "grade": grades.get(iso)}
        run = runs.get(iso)
        if run is not None:
            item["state"] = "finished"
            item["result"] = {
                "time_ms": run.time_ms,
                "flawless": run.flawless,
                "on_the_day": "archive" not in run.flags.split(),
            }
        else:
            item["state"] = "started" if iso in started else "new"
        days.append(item)
    return {"mode": mode_id, "month": first.isoformat()[:7], "months": months(today), "days": days}
