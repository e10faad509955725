"""What a moderator does with reported community levels: look, keep or remove.

Reports that weigh enough hide a level at once (``service.hide_weight``); a person then
decides. Keeping it clears its reports, shows it again and raises the weight that hides
it next time; removing it deletes the level with its likes, reports and plays. Both are run from the command line
(``puzzlesmith community ...``) against the same store as the server.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select, update

from puzzlesmith.server.community.models import (
    CommunityLevel,
    CommunityLike,
    CommunityPlay,
    CommunityReport,
)
from puzzlesmith.server.community.service import hide_weight
from puzzlesmith.server.store import Player, Store


class UnknownLevel(LookupError):
    """No community level with that id."""


#: reasons shown per level (each is at most 120 characters)
MAX_REASONS = 20


def reported(store: Store, *, hidden_only: bool = False, limit: int = 100) -> list[dict[str, Any]]:
    """Up to ``limit`` levels with reports (hidden first, then most reported), each with its
    first reasons: two queries whatever the number of levels."""
    q = (
        select(CommunityLevel, Player.name)
        .join(Player, Player.id == CommunityLevel.author_id)
        .where(CommunityLevel.reports > 0)
        .order_by(CommunityLevel.hidden.desc(), CommunityLevel.reports.desc(), CommunityLevel.id)
        .limit(limit)
    )
    if hidden_only:
        q = q.where(CommunityLevel.hidden.is_(True))
    with store.session() as s:
        rows = s.execute(q).all()
        reasons: dict[str, list[str]] = {row.id: [] for row, _ in rows}
        for lid, reason in s.execute(
            select(CommunityReport.level_id, CommunityReport.reason)
            .where(CommunityReport.level_id.in_(list(reasons)))
            .order_by(CommunityReport.created_ms)
        ):
            if len(reasons[lid]) < MAX_REASONS:
                reasons[lid].append(reason)
        return [
            {
                "id": row.id,
                "mode": row.mode,
                "title": row.title,
                "author": author,
                "reports": row.reports,
                "weight": row.report_weight,
                "needed": hide_weight(row.kept),
                "hidden": row.hidden,
                "code": row.code,
                "reasons": reasons[row.id],
            }
            for row, author in rows
        ]


def _row(s: Any, level_id: str) -> CommunityLevel:
    row: CommunityLevel | None = s.get(CommunityLevel, level_id)
    if row is None:
        raise UnknownLevel(f"no community level {level_id!r}")
    return row


def keep(store: Store, level_id: str) -> dict[str, Any]:
    """The level stays: its reports are cleared, it is shown again, and hiding it again
    takes more report weight than before."""
    with store.write() as s:
        _row(s, level_id)
        s.execute(delete(CommunityReport).where(CommunityReport.level_id == level_id))
        s.execute(
            update(CommunityLevel)
            .where(CommunityLevel.id == level_id)
            .values(reports=0, report_weight=0, hidden=False, kept=CommunityLevel.kept + 1)
        )
        return {"id": level_id, "kept": True}


def remove(store: Store, level_id: str) -> dict[str, Any]:
    """The level goes, with its likes and reports (children first: any database, any FK mode)."""
    with store.write() as s:
        _row(s, level_id)
        s.execute(delete(CommunityReport).where(CommunityReport.level_id == level_id))
        s.execute(delete(CommunityLike).where(CommunityLike.level_id == level_id))
        s.execute(delete(CommunityPlay).where(CommunityPlay.level_id == level_id))
        s.execute(delete(CommunityLevel).where(CommunityLevel.id == level_id))
        return {"id": level_id, "removed": True}
