"""Every ``PUZZLESMITH_*`` environment variable in one place (the FastAPI template's config.py).

The environment is read once, where an app or a command starts: ``create_app`` calls
:func:`settings` once per app (or is given a :class:`Settings`) and keeps the result on
``app.state.settings``; routes read it through ``deps.py``'s ``SettingsDep``, and what the
app builds takes its values from there — the store's pool and ``STORE_INIT`` and the secret
(``store.open_store``, ``daily.service.open_dailies``), the players' and the progress
budgets, the rooms' PostgreSQL pool, the check pool, the Twitch bridge. Each CLI command
reads its own :class:`Settings` once. Nothing reads the environment late, so a test sets
its variables before it builds the app (or passes a :class:`Settings`); a part built
outside an app (a test's) takes :data:`DEFAULTS`. The manual's "Environment variables"
table (docs/configuration.md) lists the same fields with their defaults.

``PUZZLESMITH_PURE`` is read by ``setup.py`` and ``tools/build_native.py`` before the
package can be imported; it is declared here too so that one list names them all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from puzzlesmith.core.errors import PuzzlesmithError

#: the IRC server of Twitch chat (TLS)
TWITCH_IRC = "irc.chat.twitch.tv:6697"


class Settings(BaseSettings):
    """The server's settings; each field is ``PUZZLESMITH_<FIELD NAME>`` in the environment."""

    model_config = SettingsConfigDict(
        env_prefix="PUZZLESMITH_", extra="ignore", frozen=True, env_ignore_empty=True
    )

    #: where the SQLite store and the secret live (else the XDG data dir)
    data_dir: Path | None = None
    #: a SQLAlchemy URL (PostgreSQL for several workers) instead of the data dir's SQLite file
    database_url: str | None = None
    #: the HMAC secret of dailies and run tokens (the same on every worker), else the data dir's
    secret: str | None = None
    #: PostgreSQL connections one process may hold (processes × this ≤ max_connections)
    db_pool: int = Field(default=5, ge=1, le=200)
    #: seconds a request waits for a free connection before 503 ``busy`` (Retry-After)
    db_pool_timeout: float = Field(default=2.0, ge=0.05, le=60)
    #: start a new store deliberately where the start would be refused (an empty database
    #: file, a lost secret.key while runs exist, another secret than the store's)
    store_init: bool = False
    #: MB of saved progress the store keeps in all, and from one address (507 past them)
    progress_budget_mb: int = Field(default=2_000, ge=1)
    progress_address_mb: int = Field(default=20, ge=1)
    #: players the store keeps in all, and made from one address (507 past them, after
    #: pruning profiles untouched for 90 days)
    players_max: int = Field(default=2_000_000, ge=1)
    players_per_address: int = Field(default=5_000, ge=1)
    #: CPU seconds one live check of the editor may take (a starved worker answers busy)
    check_seconds: float = Field(default=2.0, gt=0, le=3600)
    #: live-check worker processes
    check_workers: int = Field(default=2, ge=1, le=64)
    #: the Twitch chat server, ``host:port``
    twitch_irc: str = Field(default=TWITCH_IRC, pattern=r"^[^\s:]+:[0-9]{1,5}$")
    #: an extra CA file for the chat server's certificate (tests use their own)
    twitch_cafile: Path | None = None
    #: an OAuth token for the chat bridge (with ``twitch_nick``), else the anonymous login
    twitch_token: str = ""
    twitch_nick: str = ""
    #: the server's public address (``https://puzzles.example``), for links players share;
    #: unset: the address the request came in on
    public_url: str | None = Field(default=None, pattern=r"^https?://[^\s/?#]+(/[^\s?#]*)?$")
    #: ``json``: server logs as one JSON object per line with the request id; else plain
    log_format: Literal["plain", "json"] = "plain"
    #: build without the compiled solver (read by setup.py and tools/build_native.py)
    pure: bool = False
    #: the Chromium the browser tests drive
    chromium: Path = Path("/usr/bin/chromium")


class SettingsError(PuzzlesmithError):
    """A ``PUZZLESMITH_*`` variable holds a value its field refuses (one line naming it)."""

    code = "bad-setting"


def settings(**overrides: Any) -> Settings:
    """The environment's settings now (``overrides`` win over it); SettingsError naming the
    first bad variable."""
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        first = exc.errors()[0]
        name = "PUZZLESMITH_" + "_".join(str(p) for p in first["loc"]).upper()
        raise SettingsError(f"{name}: {first['msg']}") from None


#: every field at its default, the environment unread: for a part built outside an app
DEFAULTS: Settings = Settings.model_construct()
