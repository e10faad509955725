"""Follow by friend code, unfollow, opt out; a day's board and the stats among friends.

Following is one way (as on Lichess and Strava): no request to accept, so nothing waits
on the other player. A friend board holds only the runs the global board would rank
(played on the day, not flagged) of the player and the players they follow who have not
opted out: a bot that tops the global board is on nobody's friend board unless followed.
Every write is one statement; a repeated follow meets the primary key and is a no-op.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date

from sqlalchemy import BigInteger, String, and_, delete, func, insert, literal, select, update
from sqlalchemy.exc import IntegrityError

from puzzlesmith.core.mode import JSON
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.friends.models import Follow, FriendProfile
from puzzlesmith.server.store import Player, Run, Store
from puzzlesmith.server.streaks import streak

#: as transfer codes: no 0/O, 1/I/L, read aloud or typed on a phone
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
#: how many players one player may follow (a board of friends, not a mailing list)
MAX_FOLLOWS = 200


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def clean_code(raw: str) -> str:
    """The code as stored: upper case, without the spaces and dashes people type.

    >>> clean_code(" abcd-efgh ")
    'ABCDEFGH'
    """
    return "".join(ch for ch in raw.upper() if ch not in " -")


@dataclass
class Friends:
    store: Store

    # ---- profile --------------------------------------------------------------------
    def profile(self, player_id: str, now_ms: int) -> FriendProfile:
        """The player's friend profile, made with a fresh code on first use."""
        for _ in range(8):  # a code already taken (1 in 8.5e11) or a race: read, retry
            row = self._profile(player_id)
            if row is not None:
                return row
            try:
                with self.store.write() as s:
                    s.execute(
                        insert(FriendProfile).values(
                            player_id=player_id, code=new_code(), hidden=False, created_ms=now_ms
                        )
                    )
            except IntegrityError:
                continue
        row = self._profile(player_id)
        if row is None:  # pragma: no cover - eight collisions in a row
            raise ApiError("busy", "friends: no free friend code, try again")
        return row

    def _profile(self, player_id: str) -> FriendProfile | None:
        with self.store.session() as s:
            return s.get(FriendProfile, player_id)

    def set_hidden(self, player_id: str, hidden: bool, now_ms: int) -> bool:
        self.profile(player_id, now_ms)
        with self.store.write() as s:
            s.execute(
                update(FriendProfile)
                .where(FriendProfile.player_id == player_id)
                .values(hidden=hidden)
            )
        return hidden

    # ---- follow ---------------------------------------------------------------------
    def follow(self, player_id: str, raw_code: str, now_ms: int) -> tuple[Player, bool]:
        """Follow the player with this code: (them, whether it is new)."""
        code = clean_code(raw_code)
        with self.store.session() as s:
            target = s.execute(
                select(Player)
                .join(FriendProfile, FriendProfile.player_id == Player.id)
                .where(FriendProfile.code == code)
            ).scalar_one_or_none()
        if target is None:
            raise ApiError("no-friend", f"code: no player has the friend code {code!r}", "code")
        if target.id == player_id:
            raise ApiError("self-follow", "code: this is your own friend code", "code")
        # one statement: the row goes in only while the player follows fewer than the cap
        count = (
            select(func.count())
            .select_from(Follow)
            .where(Follow.follower_id == player_id)
            .scalar_subquery()
        )
        rows = select(
            literal(player_id, String(32)),
            literal(target.id, String(32)),
            literal(now_ms, BigInteger()),
        ).where(count < MAX_FOLLOWS)
        try:
            with self.store.write() as s:
                result = s.execute(
                    insert(Follow).from_select(["follower_id", "followee_id", "created_ms"], rows)
                )
                added = getattr(result, "rowcount", 0)
        except IntegrityError:  # followed already (or twice at once): nothing to add
            return target, False
        if not added:
            raise ApiError(
                "too-many-friends", f"code: you follow {MAX_FOLLOWS} players already", "code"
            )
        return target, True

    def unfollow(self, player_id: str, other_id: str) -> bool:
        with self.store.write() as s:
            result = s.execute(
                delete(Follow).where(
                    Follow.follower_id == player_id, Follow.followee_id == other_id
                )
            )
            gone = getattr(result, "rowcount", 0)
        return bool(gone)

    def following(self, player_id: str) -> list[JSON]:
        """Who the player follows, by name (an opted-out friend is marked, not removed)."""
        with self.store.session() as s:
            rows = s.execute(
                select(Player.id, Player.name, FriendProfile.hidden)
                .join(Follow, Follow.followee_id == Player.id)
                .outerjoin(FriendProfile, FriendProfile.player_id == Player.id)
                .where(Follow.follower_id == player_id)
                .order_by(Player.name, Player.id)
            ).all()
        return [{"id": pid, "name": name, "hidden": bool(hidden)} for pid, name, hidden in rows]

    def followers(self, player_id: str) -> int:
        with self.store.session() as s:
            return int(
                s.scalar(
                    select(func.count()).select_from(Follow).where(Follow.followee_id == player_id)
                )
                or 0
            )

    def circle(self, player_id: str) -> list[str]:
        """The player and the followed who have not opted out: who a friend board shows."""
        visible = (
            select(Follow.followee_id)
            .outerjoin(FriendProfile, FriendProfile.player_id == Follow.followee_id)
            .where(
                Follow.follower_id == player_id,
                func.coalesce(FriendProfile.hidden, False).is_(False),
            )
        )
        with self.store.session() as s:
            return [player_id, *s.scalars(visible)]

    # ---- boards and stats -----------------------------------------------------------
    def board(self, mode_id: str, iso: str, player: Player) -> JSON:
        """A day's ranked runs among friends, fastest first, ranked 1… among them."""
        ids = self.circle(player.id)
        with self.store.session() as s:
            rows = s.execute(
                select(Run.id, Run.player_id, Run.time_ms, Run.flawless, Player.name)
                .join(Player, Player.id == Run.player_id)
                .where(
                    and_(Run.mode == mode_id, Run.date == iso, Run.ranked.is_(True)),
                    Run.player_id.in_(ids),
                )
                .order_by(Run.time_ms, Run.id)
            ).all()
        entries = [
            {
                "rank": i + 1,
                "id": rid,
                "name": name,
                "time_ms": t,
                "flawless": f,
                "me": pid == player.id,
            }
            for i, (rid, pid, t, f, name) in enumerate(rows)
        ]
        return {
            "date": iso,
            "mode": mode_id,
            "scope": "friends",
            "friends": len(ids) - 1,
            "total": len(entries),
            "entries": entries,
        }

    def stats(self, player: Player, today: date) -> list[JSON]:
        """Each visible friend's days played, streak and today's clears (one query)."""
        ids = [pid for pid in self.circle(player.id) if pid != player.id]
        if not ids:
            return []
        with self.store.session() as s:
            names = dict(s.execute(select(Player.id, Player.name).where(Player.id.in_(ids))).all())
            runs = s.execute(
                select(Run.player_id, Run.date, Run.mode, Run.flags).where(Run.player_id.in_(ids))
            ).all()
        on_the_day: dict[str, set[date]] = {pid: set() for pid in ids}
        today_modes: dict[str, list[str]] = {pid: [] for pid in ids}
        for pid, iso, mode, flags in runs:
            if "archive" not in flags.split():
                on_the_day[pid].add(date.fromisoformat(iso))
            if iso == today.isoformat():
                today_modes[pid].append(mode)
        out = []
        for pid in sorted(ids, key=lambda p: (names.get(p, ""), p)):
            st = streak(on_the_day[pid], today)
            out.append(
                {
                    "id": pid,
                    "name": names.get(pid, "?"),
                    "days_played": len(on_the_day[pid]),  # archive runs are not days played
                    "streak": {"current": st.current, "best": st.best},
                    "today": sorted(today_modes[pid]),
                }
            )
        return out
