"""The social layer over the daily profile: friends (follow by code, boards and stats among
friends), the dailies' archive, and the level progress a transfer code carries."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, JsonValue, StrictBool

from puzzlesmith.server.daily.archive import archive, month_of
from puzzlesmith.server.daily.service import daily_mode
from puzzlesmith.server.deps import (
    Ctx,
    FriendsDep,
    LocalDate,
    MaybeMe,
    Me,
    SavesDep,
    SecretDep,
    StoreDep,
)
from puzzlesmith.server.ratelimit import address_key, client_address
from puzzlesmith.server.schemas import error_responses

router = APIRouter(tags=["friends"])


class FollowIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(min_length=1, max_length=20, description="a friend code, e.g. ABCD-EFGH")


class HiddenIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    hidden: StrictBool = Field(description="true: leave me off other players' friend boards")


def _mode_id(name: str) -> str:
    return daily_mode(name).id


@router.get("/api/friends", responses=error_responses(401, 503))
def my_friends(player: Me, friends: FriendsDep, ctx: Ctx) -> dict[str, Any]:
    """My friend code (made on first use), the opt-out, who I follow, how many follow me."""
    prof = friends.profile(player.id, ctx.runs.dailies.clock())
    return {
        "code": prof.code,
        "hidden": prof.hidden,
        "following": friends.following(player.id),
        "followers": friends.followers(player.id),
    }


@router.post("/api/friends", responses=error_responses(401, 404, 409, 422))
def follow(body: FollowIn, player: Me, friends: FriendsDep, ctx: Ctx) -> dict[str, Any]:
    """Follow the player with this friend code (again: no change, ``new`` false)."""
    ctx.limiter.hit(player.id, "profile")
    other, new = friends.follow(player.id, body.code, ctx.runs.dailies.clock())
    return {"followed": {"id": other.id, "name": other.name}, "new": new}


@router.delete("/api/friends/{player_id}", responses=error_responses(401))
def unfollow(player_id: str, player: Me, friends: FriendsDep) -> dict[str, Any]:
    return {"removed": friends.unfollow(player.id, player_id[:64])}


@router.patch("/api/friends/me", responses=error_responses(401))
def set_hidden(body: HiddenIn, player: Me, friends: FriendsDep, ctx: Ctx) -> dict[str, Any]:
    ctx.limiter.hit(player.id, "profile")
    return {"hidden": friends.set_hidden(player.id, body.hidden, ctx.runs.dailies.clock())}


@router.get("/api/friends/board/{mode}", responses=error_responses(400, 401, 404))
def friends_board(
    mode: str,
    player: Me,
    friends: FriendsDep,
    ctx: Ctx,
    x_local_date: LocalDate = None,
    date: str | None = None,
) -> dict[str, Any]:
    """A day's leaderboard among me and the players I follow (my today by default)."""
    day = ctx.runs.day_of(date, x_local_date)
    return friends.board(_mode_id(mode), day.isoformat(), player)


@router.get("/api/friends/stats", responses=error_responses(401))
def friends_stats(
    player: Me, friends: FriendsDep, ctx: Ctx, x_local_date: LocalDate = None
) -> dict[str, Any]:
    """My friends' days and streaks, counted up to my local today (``X-Local-Date``)."""
    return {"friends": friends.stats(player, ctx.runs.local_today(x_local_date))}


@router.get("/api/archive/{mode}", responses=error_responses(404))
def month(
    mode: str,
    ctx: Ctx,
    store: StoreDep,
    player: MaybeMe,
    x_local_date: LocalDate = None,
    month: str | None = None,
) -> dict[str, Any]:
    """A month of past dailies (this month by default) with my marks when signed in."""
    day = ctx.runs.local_today(x_local_date)
    return archive(store, _mode_id(mode), player.id if player else None, month_of(month, day), day)


class ProgressIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    data: dict[str, JsonValue] = Field(
        description="the browser's save values by key: mode:<id>, runs:<id>, achievements, "
        "shell:settings (each the stored text)"
    )


@router.put("/api/players/me/progress", responses=error_responses(401, 413, 429, 507))
def save_progress(
    body: ProgressIn, player: Me, saves: SavesDep, secret: SecretDep, ctx: Ctx, request: Request
) -> dict[str, Any]:
    """Keep this device's level progress for the next device this profile moves to
    (507 ``storage-full`` past the store's budget or the address's share of it)."""
    ctx.limiter.hit(player.id, "profile")
    address = address_key(secret, client_address(request))
    size = saves.save(player.id, body.data, ctx.runs.dailies.clock(), address)
    return {"saved": True, "bytes": size}


@router.get("/api/players/me/progress", responses=error_responses(401))
def load_progress(player: Me, saves: SavesDep) -> dict[str, Any]:
    """The progress the last device sent (``data`` null when none), merged by the client."""
    return saves.load(player.id)
