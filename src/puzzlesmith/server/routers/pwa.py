"""The installable offline app: the web app manifest and the service worker.

The service worker's source is static/sw.js; it is served from the site root (so its
scope is the whole game) with its precache list in front: every static file under the
current version, the start page, and the API answers a shipped level needs (the mode
list, each mode's packs and every level view). Its cache is named by the static
version, so a new build installs a new cache and the old one is dropped on activate.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response

from puzzlesmith.core import registry, words
from puzzlesmith.server.catalog import catalog
from puzzlesmith.server.static_files import (
    REVALIDATE,
    ROOT_ONLY,
    STATIC,
    client_files,
    mode_entry,
    static_version,
    versioned,
)

router = APIRouter(tags=["app"], include_in_schema=False)

THEME = "#FFFFFF"
BACKGROUND = "#FFFFFF"
ICON_SIZES = (192, 512)


def manifest() -> dict[str, Any]:
    """The web app manifest: what Chromium needs to offer "install" (and a phone's home screen)."""
    return {
        "id": "/",
        "name": f"{words.say('appTitle', 'zh')} {words.say('appTitle', 'en')}",
        "short_name": words.say("appTitle", "zh"),
        "description": words.say("app.about", "zh") + words.say("app.about", "en"),
        "lang": "zh-CN",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        # "maskable": the picture inside the safe circle, for launchers that crop round
        "icons": [
            {
                "src": versioned(f"icons/{stem}-{n}.png"),
                "sizes": f"{n}x{n}",
                "type": "image/png",
                "purpose": purpose,
            }
            for stem, purpose in (("icon", "any"), ("icon-maskable", "maskable"))
            for n in ICON_SIZES
        ],
    }


def precache() -> dict[str, Any]:
    """What the service worker stores on install: the client and every shipped level's data."""
    api = ["/api/modes"]
    for m in registry.all_modes():
        if mode_entry(m, ".js") is None:
            continue  # the shell lists only modes with a client
        api.append(f"/api/modes/{m.id}/packs")
        api += [f"/api/modes/{m.id}/levels/{lid}" for lid in catalog(m).levels]
    return {
        "version": static_version(),
        "pages": ["/", "/manifest.webmanifest"],
        "static": [versioned(f) for f in client_files() if f not in ROOT_ONLY],
        "api": api,
    }


@router.get("/manifest.webmanifest")
def get_manifest() -> JSONResponse:
    return JSONResponse(
        manifest(),
        media_type="application/manifest+json",
        headers={"Cache-Control": REVALIDATE},
    )


@router.get("/sw.js")
def service_worker() -> Response:
    source = (STATIC / "sw.js").read_text(encoding="utf-8")
    body = f"const PRECACHE = {json.dumps(precache(), ensure_ascii=False)};\n{source}"
    return Response(
        body,
        media_type="text/javascript",
        headers={"Cache-Control": REVALIDATE, "Service-Worker-Allowed": "/"},
    )
