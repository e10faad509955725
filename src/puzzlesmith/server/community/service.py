"""Publishing and browsing community levels over the store.

Publishing re-checks the level on the server (the editor's check, in its bounded worker):
exactly one solution proven, no publish rule broken, not a shipped level turned or
mirrored; then one row per board up to symmetry, so a second copy is refused too.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import time
from typing import Any, Literal

from sqlalchemy import case, delete, select, update
from sqlalchemy.exc import IntegrityError

from puzzlesmith.core.codes import encode_level
from puzzlesmith.core.mode import Mode
from puzzlesmith.server.checkworker import REFUSAL
from puzzlesmith.server.community.models import (
    CommunityLevel,
    CommunityLike,
    CommunityPlay,
    CommunityReport,
)
from puzzlesmith.server.errors import ApiError, LevelRefusal
from puzzlesmith.server.store import Player, Run, Store

Sort = Literal["newest", "played", "likes"]
#: the problem code of a ``validate`` line ("... message [code]", then maybe "(and N more ...)")
_CODE = re.compile(r"\[([a-z0-9-]+)\](?: \(and \d+ more|$)")
#: the report weight that hides a level until someone looks at it (three reports from
#: established players); each time a moderator keeps it, one more such share is needed
HIDE_WEIGHT = 6
#: a profile younger than this reports with no weight (three made in a minute hide nothing)
NEW_PROFILE_MS = 3600 * 1000
#: a profile this old with a verified daily finish reports with double weight
ESTABLISHED_MS = 24 * 3600 * 1000


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
    """Store a level the check found publishable; 409 for a board already published.

    A level the check refuses is refused with ``validate``'s own line (the worker's
    :func:`~puzzlesmith.core.publish.publish_refusal`), so the two never disagree."""
    if not checked.get("publishable"):
        line = checked.get(REFUSAL)
        if isinstance(line, str):
            found = _CODE.search(line)
            raise LevelRefusal(found.group(1) if found else "not-unique", line, "level")
        broken = [p for p in checked["problems"] if p.get("severity") != "warning"]
        if broken:  # the level did not load: its load problem
            p = broken[0]
            raise LevelRefusal(p["code"], f"level: {p['message']} [{p['code']}]", "level")
        raise ApiError("too-large", "level: too large to check here; use the CLI", "level")
    lid = secrets.token_urlsafe(6)
    level, problems = mode.parse_level({**raw, "id": lid, "caption": title}, lid)
    if level is None:
        raise LevelRefusal(problems[0].code, f"level: {problems[0].message}", "level")
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
                    "duplicate",
                    f"level: community level {twin} is this board (up to rotation and mirroring)",
                    "level",
                )
            s.add(row)
    except IntegrityError:  # published by someone else at the same moment
        raise ApiError("duplicate", "level: this board was just published", "level") from None
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
        raise ApiError("unknown-level", f"no community level {level_id!r}")
    return row


def one(store: Store, level_id: str) -> dict[str, Any]:
    with store.session() as s:
        row = _get(s, level_id)
        author = s.get(Player, row.author_id)
        return summary(row, author.name if author else "?")


def played(store: Store, level_id: str, who: str) -> dict[str, Any]:
    """Count a play once per player (or, without a token, per client address) and level."""
    with store.write() as s:
        _get(s, level_id)
        if store.inserted(s, store.insert_new(CommunityPlay).values(level_id=level_id, who=who)):
            s.execute(
                update(CommunityLevel)
                .where(CommunityLevel.id == level_id)
                .values(plays=CommunityLevel.plays + 1)
            )
    return one(store, level_id)


def like(store: Store, level_id: str, player: Player, on: bool) -> dict[str, Any]:
    """Like or unlike (idempotent, also from two workers at once): the like row is inserted
    or deleted in one statement and the count moves by exactly the rows that changed."""
    with store.write() as s:
        _get(s, level_id)
        if on:
            changed = int(
                store.inserted(
                    s,
                    store.insert_new(CommunityLike).values(level_id=level_id, player_id=player.id),
                )
            )
        else:
            gone = s.execute(
                delete(CommunityLike)
                .where(CommunityLike.level_id == level_id, CommunityLike.player_id == player.id)
                .returning(CommunityLike.level_id)
            ).first()
            changed = 0 if gone is None else -1
        if changed:
            s.execute(
                update(CommunityLevel)
                .where(CommunityLevel.id == level_id)
                .values(likes=CommunityLevel.likes + changed)
            )
    return {**one(store, level_id), "liked": on}


def report_weight(s: Any, reporter: Player, now: int) -> int:
    """What one report weighs: nothing from a profile younger than an hour, 1 from an older
    one, 2 from a profile at least a day old with a verified daily finish."""
    age = now - reporter.created_ms
    if age < NEW_PROFILE_MS:
        return 0
    if age >= ESTABLISHED_MS and s.scalar(
        select(Run.id).where(Run.player_id == reporter.id).limit(1)
    ):
        return 2
    return 1


def hide_weight(kept: int) -> int:
    """The report weight that hides a level a moderator has kept ``kept`` times."""
    return HIDE_WEIGHT * (1 + kept)


def report(
    store: Store, level_id: str, player: Player, reason: str, address: str
) -> dict[str, Any]:
    """One report per player and level and one per client address and level (a second
    one is stored nowhere and changes nothing); the level is hidden once its reports weigh
    :func:`hide_weight` — decided in the same statement that adds the weight."""
    now = now_ms()
    with store.write() as s:
        _get(s, level_id)
        weight = report_weight(s, player, now)
        new = store.inserted(
            s,
            store.insert_new(CommunityReport).values(
                level_id=level_id,
                player_id=player.id,
                reason=reason,
                created_ms=now,
                address=address,
                weight=weight,
            ),
        )
        if new:
            total = CommunityLevel.report_weight + weight
            s.execute(
                update(CommunityLevel)
                .where(CommunityLevel.id == level_id)
                .values(
                    reports=CommunityLevel.reports + 1,
                    report_weight=total,
                    hidden=case(
                        (total >= HIDE_WEIGHT * (1 + CommunityLevel.kept), True),
                        else_=CommunityLevel.hidden,
                    ),
                )
            )
        hidden = s.scalar(select(CommunityLevel.hidden).where(CommunityLevel.id == level_id))
        return {"id": level_id, "reported": True, "hidden": bool(hidden)}


def published(store: Store, mode: Mode[Any], level: Any) -> dict[str, Any]:
    """Whether this board (turned or mirrored too) is published: the editor says so
    instead of offering 发布. A hidden level is published but not shown (no id)."""
    with store.session() as s:
        row = s.execute(
            select(CommunityLevel.id, CommunityLevel.hidden).where(
                CommunityLevel.mode == mode.id, CommunityLevel.key == board_key(mode, level)
            )
        ).first()
    if row is None:
        return {"mode": mode.id, "published": False, "id": None}
    return {"mode": mode.id, "published": True, "id": None if row.hidden else row.id}


class Community:
    """The community service over one store: built once per app with the app's store
    (``create_app``, ``app.state.services.community``; routes take ``deps.CommunityDep``),
    so a route passes only what its request says."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def publish(
        self,
        mode: Mode[Any],
        checked: dict[str, Any],
        raw: dict[str, Any],
        title: str,
        caption: str,
        author: Player,
    ) -> dict[str, Any]:
        return publish(self.store, mode, checked, raw, title, caption, author)

    def browse(
        self, mode: Mode[Any], sort: Sort, grade: str | None, limit: int, offset: int
    ) -> list[dict[str, Any]]:
        return browse(self.store, mode, sort, grade, limit, offset)

    def one(self, level_id: str) -> dict[str, Any]:
        return one(self.store, level_id)

    def played(self, level_id: str, who: str) -> dict[str, Any]:
        return played(self.store, level_id, who)

    def like(self, level_id: str, player: Player, on: bool) -> dict[str, Any]:
        return like(self.store, level_id, player, on)

    def report(self, level_id: str, player: Player, reason: str, address: str) -> dict[str, Any]:
        return report(self.store, level_id, player, reason, address)

    def published(self, mode: Mode[Any], level: Any) -> dict[str, Any]:
        return published(self.store, mode, level)
