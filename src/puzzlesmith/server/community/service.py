"""Publishing and browsing community levels over the store.

Publishing re-checks the level on the server (the editor's check, in its bounded worker):
exactly one solution proven, no publish rule broken, not a shipped level turned or
mirrored; then one row per board up to symmetry, so a second copy is refused too.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from typing import Any, Literal

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError

from puzzlesmith.core.codes import encode_level
from puzzlesmith.core.mode import Mode
from puzzlesmith.server.community.models import CommunityLevel, CommunityLike, CommunityReport
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.store import Player, Store

Sort = Literal["newest", "played", "likes"]
#: distinct reports that hide a level until someone looks at it
HIDE_AFTER_REPORTS = 3


def board_key(mode: Mode[Any], level: Any) -> str:
    """The symmetry key hashed (a large board's key is kilobytes: too long to index)."""
    return hashlib.sha256(mode.symmetry_key(level).encode()).hexdigest()


def now_ms() -> int:
    return int(time.time() * 1000)


def summary(row: CommunityLevel, author: str) -> dict[str, Any]:
    return {
        "id": row.id,
        "mode": row.mode,
        "title": row.title,
        "caption": row.caption,
        "author": author,
        "grade": row.grade,
        "size": row.size,
        "plays": row.plays,
        "likes": row.likes,
        "code": row.code,
        "created_ms": row.created_ms,
    }


def publish(
    store: Store,
    mode: Mode[Any],
    checked: dict[str, Any],
    raw: dict[str, Any],
    title: str,
    caption: str,
    author: Player,
) -> dict[str, Any]:
    """Store a level the check found publishable; 409 for a board already published."""
    if checked["verdict"] != "unique":
        word = {"none": "it has no solution", "multiple": "it has two or more solutions"}
        why = word.get(checked["verdict"], "it is too large to check here")
        raise ApiError(422, "not-unique", f"level: cannot publish, {why}", "level")
    broken = [p for p in checked["problems"] if p.get("severity") != "warning"]
    if broken:
        p = broken[0]
        raise ApiError(422, p["code"], f"level: {p['message']} [{p['code']}]", "level")
    lid = secrets.token_urlsafe(6)
    level, problems = mode.parse_level({**raw, "id": lid, "caption": title}, lid)
    if level is None:
        raise ApiError(422, problems[0].code, f"level: {problems[0].message}", "level")
    code = encode_level(mode, level)
    row = CommunityLevel(
        id=lid,
        mode=mode.id,
        key=board_key(mode, level),
        author_id=author.id,
        title=title,
        caption=caption,
        level=json.dumps(mode.dump_level(level), ensure_ascii=False),
        code=code,
        grade=str(checked["grade"]),
        size=mode.level_size(level),
        created_ms=now_ms(),
        plays=0,
        likes=0,
        reports=0,
        hidden=False,
    )
    try:
        with store.session() as s:
            twin = s.scalar(
                select(CommunityLevel.id).where(
                    CommunityLevel.mode == mode.id, CommunityLevel.key == row.key
                )
            )
            if twin is not None:
                raise ApiError(
                    409,
                    "duplicate",
                    f"level: community level {twin} is this board (up to rotation and mirroring)",
                    "level",
                )
            s.add(row)
    except IntegrityError:  # published by someone else at the same moment
        raise ApiError(409, "duplicate", "level: this board was just published", "level") from None
    return summary(row, author.name)


def browse(
    store: Store, mode: Mode[Any], sort: Sort, grade: str | None, limit: int, offset: int
) -> list[dict[str, Any]]:
    order = {
        "newest": (CommunityLevel.created_ms.desc(),),
        "played": (CommunityLevel.plays.desc(), CommunityLevel.created_ms.desc()),
        "likes": (CommunityLevel.likes.desc(), CommunityLevel.created_ms.desc()),
    }[sort]
    q = (
        select(CommunityLevel, Player.name)
        .join(Player, Player.id == CommunityLevel.author_id)
        .where(CommunityLevel.mode == mode.id, CommunityLevel.hidden.is_(False))
    )
    if grade:
        q = q.where(CommunityLevel.grade == grade)
    with store.session() as s:
        rows = s.execute(q.order_by(*order).limit(limit).offset(offset)).all()
        return [summary(row, name) for row, name in rows]


def _get(s: Any, level_id: str) -> CommunityLevel:
    row: CommunityLevel | None = s.get(CommunityLevel, level_id)
    if row is None or row.hidden:
        raise ApiError(404, "unknown-level", f"no community level {level_id!r}")
    return row


def one(store: Store, level_id: str) -> dict[str, Any]:
    with store.session() as s:
        row = _get(s, level_id)
        author = s.get(Player, row.author_id)
        return summary(row, author.name if author else "?")


def played(store: Store, level_id: str) -> dict[str, Any]:
    with store.session() as s:
        _get(s, level_id)
        s.execute(
            update(CommunityLevel)
            .where(CommunityLevel.id == level_id)
            .values(plays=CommunityLevel.plays + 1)
        )
    return one(store, level_id)


def like(store: Store, level_id: str, player: Player, on: bool) -> dict[str, Any]:
    """Like or unlike (idempotent); the count is recounted from the likes table."""
    with store.session() as s:
        _get(s, level_id)
        have = s.get(CommunityLike, (level_id, player.id))
        if on and have is None:
            s.add(CommunityLike(level_id=level_id, player_id=player.id))
        elif not on and have is not None:
            s.execute(
                delete(CommunityLike).where(
                    CommunityLike.level_id == level_id, CommunityLike.player_id == player.id
                )
            )
        s.flush()
        count = s.scalar(
            select(func.count())
            .select_from(CommunityLike)
            .where(CommunityLike.level_id == level_id)
        )
        s.execute(
            update(CommunityLevel).where(CommunityLevel.id == level_id).values(likes=count or 0)
        )
    return {**one(store, level_id), "liked": on}


def report(store: Store, level_id: str, player: Player, reason: str) -> dict[str, Any]:
    """One report per player and level; enough distinct reports hide the level."""
    with store.session() as s:
        row = _get(s, level_id)
        if s.get(CommunityReport, (level_id, player.id)) is None:
            s.add(
                CommunityReport(
                    level_id=level_id, player_id=player.id, reason=reason, created_ms=now_ms()
                )
            )
            s.flush()
            n = s.scalar(
                select(func.count())
                .select_from(CommunityReport)
                .where(CommunityReport.level_id == level_id)
            )
            row.reports = n or 0
            row.hidden = row.reports >= HIDE_AFTER_REPORTS
        return {"id": level_id, "reported": True, "hidden": row.hidden}
