"""Static files a phone need not revalidate, the web app manifest and the service worker."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puzzlesmith.server.app import create_app
from puzzlesmith.server.routers.pwa import precache
from puzzlesmith.server.static_files import (
    IMMUTABLE,
    STATIC,
    client_files,
    module_graph,
    render_index,
    static_version,
)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def test_index_names_the_current_version_and_preloads_the_shell(client: TestClient) -> None:
    r = client.get("/")
    assert r.headers["cache-control"] == "no-cache"
    v = static_version()
    urls = re.findall(r'(?:src|href)="(/static/[^"]+)"', r.text)
    assert urls and all(u.startswith(f"/static/v/{v}/") for u in urls), urls
    preloaded = set(re.findall(rf'rel="modulepreload" href="/static/v/{v}/([^"]+)"', r.text))
    assert preloaded == set(module_graph(["shell/main.js"], dynamic=False))
    assert '<link rel="manifest" href="/manifest.webmanifest"' in r.text


def test_versioned_files_are_immutable_and_others_revalidated(client: TestClient) -> None:
    v = static_version()
    r = client.get(f"/static/v/{v}/shell/main.js")
    assert r.status_code == 200 and r.headers["cache-control"] == IMMUTABLE
    assert r.content == (STATIC / "shell" / "main.js").read_bytes()
    old = client.get("/static/v/000000000000/shell/main.js")  # a page older than this build
    assert old.status_code == 200 and old.headers["cache-control"] == "no-cache"
    plain = client.get("/static/shell/main.js")
    assert plain.headers["cache-control"] == "no-cache" and plain.headers.get("etag")
    assert client.get(f"/static/v/{v}/shell/nope.js").status_code == 404
    assert client.get(f"/static/v/{v}/../app.py").status_code == 404


def test_version_follows_the_content(tmp_path: Path) -> None:
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    before = static_version(static)
    assert before == static_version(STATIC)  # the content, not the place
    (static / "shell" / "main.js").write_text("// changed\n", encoding="utf-8")
    after = static_version(static)
    assert after != before
    assert f"/static/v/{after}/shell/main.js" in render_index(static)


def test_manifest_makes_the_game_installable(client: TestClient) -> None:
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/manifest+json")
    m = r.json()
    assert m["name"] and m["short_name"] and m["start_url"] == "/"
    assert m["display"] == "standalone" and m["theme_color"] and m["background_color"]
    sizes = {i["sizes"]: i["src"] for i in m["icons"]}
    assert set(sizes) == {"192x192", "512x512"}
    from PIL import Image  # a dev tool dependency (tools/make_icons.py)

    for size, src in sizes.items():
        icon = client.get(src)
        assert icon.status_code == 200 and icon.headers["content-type"] == "image/png"
        n = int(size.split("x")[0])
        path = STATIC / src.split(f"/static/v/{static_version()}/", 1)[1]
        with Image.open(path) as img:
            assert img.size == (n, n)


def test_service_worker_precaches_the_client_and_every_shipped_level(client: TestClient) -> None:
    r = client.get("/sw.js")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    assert r.headers["cache-control"] == "no-cache"  # so an update is seen on the next visit
    first = r.text.splitlines()[0]
    pre = json.loads(first.removeprefix("const PRECACHE = ").removesuffix(";"))
    assert pre == precache() and pre["version"] == static_version()
    assert len(pre["static"]) == len(client_files()) - 2  # all but index.html and sw.js
    for url in pre["pages"] + pre["static"] + pre["api"]:
        assert client.get(url).status_code == 200, url
    listed = {
        f"/api/modes/{m['id']}/levels/{lv['id']}"
        for m in client.get("/api/modes").json()["modes"]
        for p in client.get(f"/api/modes/{m['id']}/packs").json()["packs"]
        for lv in p["levels"]
    }
    assert listed <= set(pre["api"])
