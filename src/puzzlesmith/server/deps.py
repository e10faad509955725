"""The request dependencies every router may take (the FastAPI template's deps.py).

Each hands out a part of the app's state, which ``create_app`` (app.py) built once and
``state.py`` opened (at start when the settings name a store, else on first use):

- :data:`SettingsDep`: the app's settings (``app.state.settings``, read once);
- :data:`StoreDep`: the app's one store (``app.state.store``) and :data:`SecretDep` its
  HMAC secret (``app.state.secret``), for a route that reads the store itself;
- the services, each built once on that store (``app.state.services``):
  :data:`PlayersDep`, :data:`CommunityDep`, :data:`FriendsDep`, :data:`SavesDep`,
  :data:`TriesDep`, :data:`RatingsDep`; :data:`Ctx` the daily layer (runs with its
  dailies, players, the per-player limits ``app.state.limiter``);
- :data:`Me` (= :data:`PlayerDep`) / :data:`MaybeMe`: the player of the bearer token (401
  without one / None);
- :data:`TodaysDailies`: the app's dailies when its store is open, else None (what the
  code and editor routes guard today's daily with, ``daily/guard.py``);
- :data:`Checker`: the app's live-check pool (``app.state.checker``: worker processes
  with a deadline);
- :data:`HubDep`: the app's stream-rooms hub, started on first use (``app.state.rooms``);
- :data:`EditorMode`: the path's ``{mode}``, when it has a level editor;
- :func:`app_limiter`: a router's own rate limits (``app.state.<name>``), counted in the
  store.

Routers import these from here, never from each other, and construct no service; a test
passes settings to ``create_app`` or replaces a part of the state on ``app.state``
before its first request (``app.state.checker = CheckPool(size=1)``,
``app.state.rules.min_ms_per_move = 0``).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Header, Request
from starlette.requests import HTTPConnection

from puzzlesmith.core.mode import Mode
from puzzlesmith.server.catalog import mode_of
from puzzlesmith.server.checkworker import CheckPool
from puzzlesmith.server.community.service import Community
from puzzlesmith.server.config import Settings
from puzzlesmith.server.daily.context import DailyContext
from puzzlesmith.server.daily.service import Dailies
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.friends.progress import Saves
from puzzlesmith.server.friends.service import Friends
from puzzlesmith.server.players import Players
from puzzlesmith.server.ratelimit import RateLimiter
from puzzlesmith.server.ratings.service import Ratings
from puzzlesmith.server.rooms.hub import Hub
from puzzlesmith.server.rooms.ready import Rooms
from puzzlesmith.server.state import Services, dailies_if_open, services_of
from puzzlesmith.server.store import Player, Store
from puzzlesmith.server.tries.service import Tries


async def app_settings(conn: HTTPConnection) -> Settings:
    """The settings ``create_app`` read (a request or a WebSocket); async, as the others
    here: a memory read needs no thread hop."""
    conf: Settings = conn.app.state.settings
    return conf


SettingsDep = Annotated[Settings, Depends(app_settings)]


async def app_services(conn: HTTPConnection) -> Services:
    """The app's services on its store; async (no thread hop per request): after the
    store is open (at start, or by the first request of a bare app) a memory read."""
    return services_of(conn.app)


ServicesDep = Annotated[Services, Depends(app_services)]


async def store(services: ServicesDep) -> Store:
    """The store of this app (dailies, players, community, friends, tries, ratings): one
    per app, ``app.state.store``."""
    return services.store


StoreDep = Annotated[Store, Depends(store)]


async def secret(services: ServicesDep) -> bytes:
    """The app's HMAC secret (run tokens, address keys), checked against the store."""
    return services.secret


SecretDep = Annotated[bytes, Depends(secret)]


async def players(services: ServicesDep) -> Players:
    return services.players


async def community(services: ServicesDep) -> Community:
    return services.community


async def friends(services: ServicesDep) -> Friends:
    return services.friends


async def saves(services: ServicesDep) -> Saves:
    return services.saves


async def tries(services: ServicesDep) -> Tries:
    return services.tries


async def ratings(services: ServicesDep) -> Ratings:
    return services.ratings


async def context(services: ServicesDep) -> DailyContext:
    """The daily layer of this app: its runs (and dailies), players and limits."""
    return services.daily


PlayersDep = Annotated[Players, Depends(players)]
CommunityDep = Annotated[Community, Depends(community)]
FriendsDep = Annotated[Friends, Depends(friends)]
SavesDep = Annotated[Saves, Depends(saves)]
TriesDep = Annotated[Tries, Depends(tries)]
RatingsDep = Annotated[Ratings, Depends(ratings)]
Ctx = Annotated[DailyContext, Depends(context)]


async def todays_dailies(request: Request) -> Dailies | None:
    """The app's dailies when its store is open, else None (nothing served, nothing to
    guard): the store is never opened for this."""
    return dailies_if_open(request.app)


TodaysDailies = Annotated[Dailies | None, Depends(todays_dailies)]


def app_limiter(
    request: Request, store: Store, name: str, limits: dict[str, tuple[int, float]]
) -> RateLimiter:
    """A router's own limits, one per app on ``app.state.<name>`` (``create_app`` makes
    them; tests replace them there), counted in the app's store like the daily limits."""
    state = request.app.state
    lim: RateLimiter | None = getattr(state, name, None)
    if lim is None:  # an app assembled by hand (a test's) without them
        lim = RateLimiter(limits)
        setattr(state, name, lim)
    if lim.store is None:
        lim.store = store
    return lim


def bearer(authorization: str | None) -> str | None:
    if not authorization:
        return None
    kind, _, token = authorization.partition(" ")
    if kind.lower() != "bearer" or not token.strip():
        raise ApiError("bad-token", "Authorization: expected 'Bearer <token>'")
    return token.strip()


def maybe_player(
    players: PlayersDep, authorization: Annotated[str | None, Header()] = None
) -> Player | None:
    """The player of the bearer token, None without one; 401 for an unknown token."""
    token = bearer(authorization)
    if token is None:
        return None
    p = players.by_token(token)
    if p is None:
        raise ApiError("bad-token", "Authorization: no player has this token")
    return p


async def current_player(player: Annotated[Player | None, Depends(maybe_player)]) -> Player:
    if player is None:
        raise ApiError("no-token", "Authorization: create a player first (POST /api/players)")
    return player


Me = Annotated[Player, Depends(current_player)]
#: the template's name for :data:`Me`
PlayerDep = Me
MaybeMe = Annotated[Player | None, Depends(maybe_player)]
#: the client's own date (YYYY-MM-DD), its today: accepted when it exists somewhere on Earth
LocalDate = Annotated[str | None, Header(alias="X-Local-Date", max_length=10)]


async def check_pool(request: Request) -> CheckPool:
    """The app's live-check pool, looked up at each request (a test may replace it)."""
    pool: CheckPool = request.app.state.checker
    return pool


Checker = Annotated[CheckPool, Depends(check_pool)]


async def hub(conn: HTTPConnection) -> Hub:
    """The app's stream-rooms hub, configured and started on its first use."""
    rooms: Rooms = conn.app.state.rooms
    return await rooms.ready(getattr(conn.app.state, "settings", None))  # a test's app: none


HubDep = Annotated[Hub, Depends(hub)]


def editor_mode(mode: str) -> Mode[Any]:
    """The ``{mode}`` of the path, when it declares the ``editor`` capability (404 else)."""
    m = mode_of(mode)
    if not m.capabilities.editor:
        raise ApiError("no-editor", f"mode {m.id} has no level editor")
    return m


EditorMode = Annotated[Mode[Any], Depends(editor_mode)]
