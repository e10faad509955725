"""The app's store and what is built on it, once per app (the FastAPI template's core/).

``create_app`` (app.py) keeps the settings, the daily rules and the rate limiters on
``app.state``; :func:`open_services` opens the store those settings name (its database
URL, else its data dir's SQLite file), migrated to head, loads the secret checked against
it, and builds every service on that one store, each constructed once with the store:

- ``app.state.store``: the :class:`~puzzlesmith.server.store.Store`;
- ``app.state.secret``: the HMAC secret (dailies, run tokens, address keys);
- ``app.state.services``: :class:`Services` — players, community, friends, saves,
  tries, ratings, and the daily layer (dailies, runs) built on the same store.

When: at the app's start (its lifespan) when the settings name a store (a data dir or a
URL), so a refused or unreachable store stops the server start with one line
(:class:`OneLineStart`); an app built bare (tests of other areas) opens it on its first
use instead, so it never touches the home dir. Either way :func:`services_of` is how the
request dependencies (deps.py) reach it, and the app closes the store when it shuts down.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from puzzlesmith.server.community.service import Community
from puzzlesmith.server.config import Settings
from puzzlesmith.server.daily.context import DailyContext
from puzzlesmith.server.daily.runs import Rules, Runs
from puzzlesmith.server.daily.service import Dailies
from puzzlesmith.server.friends.progress import Budget, Saves
from puzzlesmith.server.friends.service import Friends
from puzzlesmith.server.players import Players
from puzzlesmith.server.ratelimit import RateLimiter
from puzzlesmith.server.ratings.service import Ratings
from puzzlesmith.server.secret import load_secret
from puzzlesmith.server.store import Store, open_store
from puzzlesmith.server.tries.service import Tries

#: what a store that cannot be opened raises (refused, unreachable, unwritable)
OPEN_ERRORS = (ValueError, SQLAlchemyError, OSError)


@dataclass
class Services:
    """Everything built on the app's store, each once, with the store in its constructor."""

    store: Store
    secret: bytes
    players: Players
    community: Community
    friends: Friends
    saves: Saves
    tries: Tries
    ratings: Ratings
    dailies: Dailies
    runs: Runs
    #: the daily routes' context (``deps.Ctx``): runs, players and the per-player limits
    daily: DailyContext


def build_services(
    conf: Settings, store: Store, secret: bytes, rules: Rules, limiter: RateLimiter
) -> Services:
    """The services of one store (``conf`` gives the players' and progress budgets)."""
    dailies = Dailies(store, secret)
    runs = Runs(dailies, rules)
    players = Players(store, conf)
    return Services(
        store=store,
        secret=secret,
        players=players,
        community=Community(store),
        friends=Friends(store),
        saves=Saves(store, Budget.from_settings(conf)),
        tries=Tries(store),
        ratings=Ratings(store),
        dailies=dailies,
        runs=runs,
        daily=DailyContext(runs, players, limiter),
    )


def opens_at_start(conf: Settings) -> bool:
    """A server whose settings name a store (a data dir, a URL) opens it as it starts; one
    built bare (tests of other areas) on first use, so it never touches the home dir."""
    return bool(conf.data_dir or conf.database_url)


_opening = threading.Lock()


def services_of(app: Any) -> Services:
    """The app's services, its store opened (and migrated), its secret loaded and checked,
    on the first call: ``StoreRefused`` (a ``ValueError``) or the database's error when
    that fails, and again at the next call. After that a memory read."""
    done: Services | None = getattr(app.state, "services", None)
    if done is not None:
        return done
    with _opening:
        done = getattr(app.state, "services", None)
        if done is None:
            done = _open(app.state)
            app.state.store, app.state.secret = done.store, done.secret
            app.state.services = done
    return done


def _open(state: Any) -> Services:
    conf: Settings = state.settings
    store = open_store(conf)
    try:
        secret = load_secret(conf, store)
    except BaseException:
        store.close()
        raise
    for name in ("limiter", "community_limits", "plays_limits"):  # counted in this store
        lim: RateLimiter | None = getattr(state, name, None)
        if lim is not None and lim.store is None:
            lim.store = store
    rules: Rules = getattr(state, "rules", None) or Rules()
    limiter: RateLimiter = getattr(state, "limiter", None) or RateLimiter(store=store)
    return build_services(conf, store, secret, rules, limiter)


def dailies_if_open(app: Any) -> Dailies | None:
    """The app's dailies when its store is open, else None: a server whose store is not
    open has served no daily (``puzzlesmith play`` and a server with a store open it at
    start), so nothing needs guarding from it (daily/guard.py)."""
    done: Services | None = getattr(app.state, "services", None)
    return None if done is None else done.dailies


def close_services(app: Any) -> None:
    """Close the app's store when it is open (its connections; the services stay, and a
    later request reconnects)."""
    done: Services | None = getattr(app.state, "services", None)
    if done is not None:
        done.store.close()


class StartRefused(Exception):
    """The store named by the settings could not be opened at start (one line)."""


def open_at_start(app: Any) -> None:
    """The lifespan's first step: open the app's store when its settings name one;
    :class:`StartRefused` with the one line that says why it could not be."""
    if not opens_at_start(app.state.settings):
        return
    try:
        services_of(app)
    except OPEN_ERRORS as exc:
        raise StartRefused(one_line(exc)) from exc


class OneLineStart:
    """A start the store refused stops the process with one line: the ASGI startup answers
    ``lifespan.startup.failed`` with :class:`StartRefused`'s line instead of a traceback,
    and uvicorn exits (with several workers, the parent stops too). Another failure of the
    start is passed on as it is."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            await self.app(scope, receive, send)
            return
        failed: Message | None = None

        async def hold(message: Message) -> None:
            nonlocal failed
            if message["type"] == "lifespan.startup.failed":
                failed = message  # sent below, once its cause is known
                return
            await send(message)

        try:
            await self.app(scope, receive, hold)
        except StartRefused as exc:
            await send({"type": "lifespan.startup.failed", "message": str(exc)})
            return  # the app's lifespan has ended: nothing is left to cancel
        except BaseException:
            if failed is not None:
                await send(failed)
            raise
        if failed is not None:
            await send(failed)


def one_line(exc: BaseException) -> str:
    """The refusal's own line; a database error's driver message, without SQLAlchemy's
    wrapping (statement, background link)."""
    if isinstance(exc, DBAPIError):
        return "store: cannot open: " + " ".join(str(exc.orig).split())[:280]
    if isinstance(exc, SQLAlchemyError):
        return "store: cannot open: " + " ".join(str(exc).split("(Background on")[0].split())[:280]
    return " ".join(str(exc).split())[:300]
