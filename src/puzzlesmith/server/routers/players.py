"""Players without passwords: create (name → id and token), rename, transfer, stats."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from puzzlesmith.server.daily.stats import player_stats
from puzzlesmith.server.deps import Ctx, LocalDate, Me, PlayersDep, SecretDep, StoreDep
from puzzlesmith.server.ratelimit import address_key, client_address
from puzzlesmith.server.schemas import error_responses
from puzzlesmith.server.store import Player

router = APIRouter(prefix="/api/players", tags=["players"])


class NameIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(
        max_length=64, description="display name: 2–16 letters, digits, spaces, _-.·'"
    )


class CodeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(max_length=64, description="a transfer code, e.g. ABCD-EFGH-JKMN")


def _me(p: Player) -> dict[str, Any]:
    return {"id": p.id, "name": p.name}


@router.post("", status_code=201, responses=error_responses(429, 507))
def create_player(
    body: NameIn, request: Request, players: PlayersDep, secret: SecretDep, ctx: Ctx
) -> dict[str, Any]:
    """A new anonymous player; keep the token (it is shown once)."""
    address = client_address(request)
    ctx.limiter.hit(address, "create")
    key = address_key(secret, address)
    p, token = players.create(body.name, ctx.runs.dailies.clock(), key)
    return {"id": p.id, "token": token, "name": p.name}


@router.get("/me", responses=error_responses(401))
def me(player: Me) -> dict[str, Any]:
    return _me(player)


@router.patch("/me", responses=error_responses(401, 429))
def rename(body: NameIn, player: Me, players: PlayersDep, ctx: Ctx) -> dict[str, Any]:
    ctx.limiter.hit(player.id, "profile")
    return _me(players.rename(player.id, body.name))


@router.post("/me/transfer", responses=error_responses(401, 429))
def transfer(player: Me, players: PlayersDep, ctx: Ctx) -> dict[str, Any]:
    """A one-time code (24 h) that moves this profile to another device."""
    ctx.limiter.hit(player.id, "profile")
    code, expires = players.transfer_code(player.id, ctx.runs.dailies.clock())
    return {"code": code, "expires_ms": expires}


@router.post("/claim", responses=error_responses(404, 429))
def claim(body: CodeIn, request: Request, players: PlayersDep, ctx: Ctx) -> dict[str, Any]:
    """Take over the profile of a transfer code: a new token; the old device's stops working."""
    ctx.limiter.hit(client_address(request), "create")
    p, token = players.claim(body.code, ctx.runs.dailies.clock())
    return {"id": p.id, "token": token, "name": p.name}


@router.get("/me/stats", responses=error_responses(401))
def stats(player: Me, store: StoreDep, ctx: Ctx, x_local_date: LocalDate = None) -> dict[str, Any]:
    """Days played and the streak, counted in the player's local days (``X-Local-Date``)."""
    day = ctx.runs.local_today(x_local_date)
    return {"name": player.name, **player_stats(store, player.id, day)}
