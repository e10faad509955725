"""Achievements earned by verified daily runs: the shared catalogue (core/achievements.py)
evaluated over the player's daily history from the store, each unlock stored once.

The browser evaluates the same catalogue for local play; a daily's unlocks are the
server's, so a daily streak counts only runs the server verified.

A finish awards in its own write transaction, which holds the player's row (PostgreSQL:
``FOR NO KEY UPDATE``; SQLite: the write lock), so two finishes of one player never each
miss the other's run: one statement reads the history, one stores what it earns
(``INSERT … ON CONFLICT DO NOTHING RETURNING``: what comes back is what is new, so no
unlock is stored or answered twice). Only achievements a daily history can earn are
evaluated: a pack's levels are shipped levels, never a daily.
"""

from __future__ import annotations

import functools
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from puzzlesmith.core.achievements import expand, holds, load_catalogue, registry_context
from puzzlesmith.core.mode import JSON
from puzzlesmith.server.store import Daily, PlayerAchievement, Run, Store


@functools.cache
def _catalogue_and_context() -> tuple[JSON, JSON]:
    """Loaded once per process: the catalogue file and the registry's modes and packs."""
    return load_catalogue(), registry_context()


@functools.cache
def _daily_rules() -> tuple[list[JSON], JSON, dict[str, int]]:
    """The expanded catalogue without what no daily history can earn (a pack is done by
    its shipped levels, and a daily run's level is ``daily:<date>``), its context and par."""
    cat, ctx = _catalogue_and_context()
    par = {k: int(v) for k, v in cat.get("par", {}).items()}
    daily_levels = any(
        str(lv).startswith("daily:") for p in ctx.get("packs", []) for lv in p["levels"]
    )
    rules = [a for a in expand(cat, ctx) if a["rule"]["kind"] != "pack" or daily_levels]
    return rules, ctx, par


def earned(history: list[JSON]) -> list[str]:
    """What a daily history earns, in catalogue order."""
    rules, ctx, par = _daily_rules()
    return [a["id"] for a in rules if holds(a, history, ctx, par)]


def history_entry(run: Any, grade: str | None) -> JSON:
    """A verified run (a :class:`Run`, or a row with its columns) as the rules read one
    (archive runs are clears, not the day's daily)."""
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

    def history(self, player_id: str, session: Session | None = None) -> list[JSON]:
        """The player's verified daily runs, in the order they were finished."""
        if session is None:
            with self.store.session() as s:
                return self.history(player_id, s)
        stmt = (
            select(
                Run.mode, Run.date, Run.time_ms, Run.hints, Run.undos, Run.flawless, Run.flags,
                Daily.grade,
            )
            .outerjoin(Daily, (Daily.mode == Run.mode) & (Daily.date == Run.date))
            .where(Run.player_id == player_id)
            .order_by(Run.finished_ms, Run.id)
        )  # fmt: skip
        return [history_entry(r, r.grade) for r in session.execute(stmt)]

    def unlocked(self, player_id: str) -> list[str]:
        with self.store.session() as s:
            return list(
                s.scalars(
                    select(PlayerAchievement.achievement)
                    .where(PlayerAchievement.player_id == player_id)
                    .order_by(PlayerAchievement.unlocked_ms, PlayerAchievement.achievement)
                )
            )

    def award(self, player_id: str, now_ms: int, session: Session | None = None) -> list[str]:
        """Evaluate the catalogue over the history; store and return what is newly earned
        (in ``session``, the finish's transaction, or one of its own): two statements."""
        if session is None:
            with self.store.write() as s:
                return self.award(player_id, now_ms, s)
        got = earned(self.history(player_id, session))
        if not got:
            return []
        rows = [{"player_id": player_id, "achievement": a, "unlocked_ms": now_ms} for a in got]
        stmt = (
            self.store.insert_new(PlayerAchievement)
            .values(rows)
            .returning(PlayerAchievement.achievement)
        )
        new = set(session.scalars(stmt))
        return [a for a in got if a in new]
