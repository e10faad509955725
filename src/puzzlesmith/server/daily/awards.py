"""Achievements earned by verified daily runs: the shared catalogue (core/achievements.py)
evaluated over the player's daily history from the store, each unlock stored once.

The browser evaluates the same catalogue for local play; a daily's unlocks are the
server's, so a daily streak counts only runs the server verified.
"""

from __future__ import annotations

import functools
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from puzzlesmith.core.achievements import load_catalogue, newly_unlocked, registry_context
from puzzlesmith.core.mode import JSON
from puzzlesmith.server.store import Daily, PlayerAchievement, Run, Store

#: a second writer inserting the same unlock at once: read again and retry this often
_RETRIES = 3


@functools.cache
def _catalogue_and_context() -> tuple[JSON, JSON]:
    """Loaded once per process: the catalogue file and the registry's modes and packs."""
    return load_catalogue(), registry_context()


def history_entry(run: Run, grade: str | None) -> JSON:
    """A verified run as the rules read one (archive runs are clears, not the day's daily)."""
    entry: dict[str, Any] = {
        "mode": run.mode,
        "level": f"daily:{run.date}",
        "ms": run.time_ms,
        "hints": run.hints,
        "backs": run.undos,
        "conflicts": 0,
        "highlights": ["flawless"] if run.flawless else [],
        "grade": grade,
    }
    if "archive" not in (run.flags or "").split():
        entry["daily"] = run.date
    return entry


class Awards:
    """Unlocks for one store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def history(self, player_id: str) -> list[JSON]:
        """The player's verified daily runs, in the order they were finished."""
        with self.store.session() as s:
            rows = s.execute(
                select(Run, Daily.grade)
                .outerjoin(Daily, (Daily.mode == Run.mode) & (Daily.date == Run.date))
                .where(Run.player_id == player_id)
                .order_by(Run.finished_ms, Run.id)
            ).all()
        return [history_entry(run, grade) for run, grade in rows]

    def unlocked(self, player_id: str) -> list[str]:
        with self.store.session() as s:
            return list(
                s.scalars(
                    select(PlayerAchievement.achievement)
                    .where(PlayerAchievement.player_id == player_id)
                    .order_by(PlayerAchievement.unlocked_ms, PlayerAchievement.achievement)
                )
            )

    def award(self, player_id: str, now_ms: int) -> list[str]:
        """Evaluate the catalogue over the history; store and return what is newly earned."""
        cat, ctx = _catalogue_and_context()
        history = self.history(player_id)
        for _ in range(_RETRIES):
            fresh = newly_unlocked(cat, history, ctx, self.unlocked(player_id))
            if not fresh:
                return []
            try:
                with self.store.write() as s:
                    s.add_all(
                        PlayerAchievement(player_id=player_id, achievement=a, unlocked_ms=now_ms)
                        for a in fresh
                    )
                return fresh
            except IntegrityError:  # another finish of this player unlocked one meanwhile
                continue
        return []
