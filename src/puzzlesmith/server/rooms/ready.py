"""An app's stream rooms: its :class:`~puzzlesmith.server.rooms.hub.Hub`, made ready once.

``create_app`` puts one :class:`Rooms` on ``app.state.rooms``; the rooms router takes the
hub from it (``deps.py``'s ``HubDep``). On SQLite (one process) the rooms live in memory,
so every app starts empty; when the app's store is PostgreSQL they live in its tables and
every worker serves every room (:mod:`puzzlesmith.server.rooms.pgstore`).
"""

from __future__ import annotations

import asyncio

from puzzlesmith.server.config import DEFAULTS, Settings
from puzzlesmith.server.rooms.hub import Hub
from puzzlesmith.server.rooms.store import MemoryStore


class Rooms:
    """The hub of one app, configured and started on first use."""

    def __init__(self, hub: Hub | None = None) -> None:
        self.hub = hub or Hub()
        self._ready = asyncio.Lock()
        self._done = False

    async def ready(self, conf: Settings | None = None) -> Hub:
        """The hub, started; ``conf`` is the app's settings (its store's, the bridge's)."""
        if not self._done:
            async with self._ready:
                if not self._done:
                    await _configure(self.hub, conf or DEFAULTS)
                    self._done = True
        return self.hub


async def _configure(hub: Hub, conf: Settings) -> None:
    """Rooms in PostgreSQL when the app's store is PostgreSQL (the app's settings name it;
    the schema migrated by the store), else in this process; the hub's chat bridges take
    the same settings."""
    hub.settings = conf
    if isinstance(hub.store, MemoryStore) and not hub.rooms:
        from puzzlesmith.server.secret import load_secret
        from puzzlesmith.server.store import open_store, url_for

        url = url_for(conf.data_dir, conf.database_url)
        if url.startswith("postgresql"):
            from puzzlesmith.server.rooms.pgstore import PgStore

            def migrate() -> bytes:
                open_store(conf).close()  # migrated to head under the store's advisory lock
                return load_secret(conf)

            hub.secret = await asyncio.to_thread(migrate)
            hub.store = PgStore(url, hub.limits, conf)
    await hub.start()
