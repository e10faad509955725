"""What a cold visit costs (issue #29): gzip when the client takes it, the FastPath's bytes,
and a first page that preloads only the modules its screen runs."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.types import Receive, Scope, Send

from puzzlesmith.server import cache, static_files
from puzzlesmith.server.app import create_app
from puzzlesmith.server.bundle import collect_modules
from puzzlesmith.server.cache import FastPath
from puzzlesmith.server.compress import MIN_SIZE
from puzzlesmith.server.static_files import (
    IMMUTABLE,
    STATIC,
    client_source,
    immutable_entry,
    index_entry,
    mode_files,
    module_graph,
    render_index,
    served_version,
    static_version,
)

GZIP = {"Accept-Encoding": "gzip, deflate"}
PLAIN = {"Accept-Encoding": "identity"}
#: screens a cold home visit does not show: loaded on use, never preloaded
ON_USE = ("shell/daily.js", "shell/replay.js", "shell/achievements.js", "stream/open.js")


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


@pytest.mark.parametrize(
    ("path", "kind"),
    [("shell/main.js", "javascript"), ("shell.css", "text/css"), ("words.js", "javascript")],
)
def test_static_files_are_gzipped_only_for_a_client_that_takes_gzip(
    client: TestClient, path: str, kind: str
) -> None:
    raw = client_source(path)
    for url in (f"/static/{path}", f"/static/v/{static_version()}/{path}"):
        zipped = client.get(url, headers=GZIP)
        assert zipped.headers["content-encoding"] == "gzip", url
        assert kind in zipped.headers["content-type"]
        assert "accept-encoding" in zipped.headers["vary"].lower()
        assert zipped.content == raw  # httpx inflates: the same file
        assert int(zipped.headers["content-length"]) < len(raw) // 2
        plain = client.get(url, headers=PLAIN)
        assert "content-encoding" not in plain.headers and plain.content == raw, url
        refused = client.get(url, headers={"Accept-Encoding": "gzip;q=0"})
        assert "content-encoding" not in refused.headers, url
        assert plain.headers["etag"] == zipped.headers["etag"]  # the content, any encoding


def test_index_html_and_json_are_gzipped_only_for_a_client_that_takes_gzip(
    client: TestClient,
) -> None:
    for url in ("/", "/api/modes", "/api/modes/04-cows/packs", "/api/modes/04-cows/levels/1-1"):
        zipped = client.get(url, headers=GZIP)
        plain = client.get(url, headers=PLAIN)
        assert zipped.status_code == plain.status_code == 200, url
        assert zipped.headers["content-encoding"] == "gzip", url
        assert "content-encoding" not in plain.headers, url
        assert zipped.content == plain.content, url
    # a body under MIN_SIZE goes as it is: gzip's header would cost more than it saves
    small = client.get("/api/modes/01-number-stroke/levels/1-1", headers=GZIP)
    assert len(small.content) < MIN_SIZE and "content-encoding" not in small.headers


def _raw_get(app: Any, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    """One GET through ``app`` with the body as sent (TestClient would inflate gzip)."""
    client = TestClient(app)
    with client.stream("GET", path, headers=headers) as r:
        return r.status_code, dict(r.headers), b"".join(r.iter_raw())


def _fast() -> FastPath:
    """The FastPath as the app wires it, in front of nothing that may be reached."""
    return FastPath(_no_routing, page=index_entry, static=immutable_entry)


async def _no_routing(scope: Scope, receive: Receive, send: Send) -> None:
    raise AssertionError(f"{scope['path']} reached the framework")


# a level's view is not among them: each answer adds the level's live rating (one keyed read)
@pytest.mark.parametrize(
    "path", ["/api/modes", "/api/modes/04-cows/packs", "/api/modes/03-hex-walls/packs"]
)
def test_fastpath_answers_the_routed_apps_bytes_with_etag_and_304(path: str) -> None:
    cache.clear()
    app = create_app()
    for headers in (GZIP, PLAIN):
        routed = _raw_get(app, path, headers)  # the first answer goes through routing
        fast = _raw_get(_fast(), path, headers)  # kept: no framework at all
        assert routed[0] == fast[0] == 200
        assert routed[2] == fast[2]
        for name in ("etag", "content-type", "content-encoding", "content-length", "vary"):
            assert routed[1].get(name) == fast[1].get(name), (name, headers)
    body = json.loads(gzip.decompress(_raw_get(app, path, GZIP)[2]))
    assert body == TestClient(app).get(path).json()
    etag = routed[1]["etag"]
    for target in (app, _fast()):
        status, headers, content = _raw_get(target, path, {"If-None-Match": etag, **GZIP})
        assert status == 304 and content == b"" and headers["etag"] == etag
        status, _, _ = _raw_get(target, path, {"If-None-Match": '"other"', **GZIP})
        assert status == 200
    cache.clear()


def test_index_preloads_the_shell_but_not_the_screens_loaded_on_use(client: TestClient) -> None:
    text = client.get("/").text
    v = static_version()
    preloaded = set(re.findall(rf'<link rel="modulepreload" href="/static/v/{v}/([^"]+)"', text))
    assert preloaded == set(module_graph(["shell/main.js"], dynamic=False))
    assert "shell/main.js" in preloaded and "shell/dailyentry.js" in preloaded
    for path in ON_USE:
        assert path not in preloaded, path
        assert path in module_graph(["shell/main.js"])  # still reachable: imported on use


def test_a_level_deep_link_preloads_its_modes_files() -> None:
    shell = set(module_graph(["shell/main.js"], dynamic=False))
    files = mode_files(STATIC, shell)
    assert set(files) == {"01-number-stroke", "03-hex-walls", "04-cows"}
    for mode, paths in files.items():
        assert f"modes/{mode}.js" in paths and f"modes/{mode}.css" in paths
        assert not shell & set(paths)  # the shell's are preloaded already
        for p in paths:
            assert static_files.client_path(p) is not None, p
            # a mode's own files live in its package, not in the server's folder
            assert not (p.startswith("modes/") and (STATIC / p).exists()), p
    assert set(module_graph(["modes/04-cows.js"], dynamic=False)) <= shell | set(files["04-cows"])


def test_the_trial_file_carries_the_modules_loaded_on_use() -> None:
    modules = collect_modules(["shell/main.js"])
    for path in ON_USE:
        assert path in modules, path
    main = modules["shell/main.js"]
    assert 'import("@ps/shell/replay.js")' in main and 'import("@ps/shell/daily.js")' in main
    assert 'import("./' not in main and 'import("../' not in main


#: a mode's module: served from the mode's package (client/), as the shell's from static/
COWS = "modes/04-cows.js"


def client_file(rel: str) -> Path:
    found = static_files.client_path(rel)
    assert found is not None, rel
    return found


def test_fastpath_answers_the_shells_files_and_page_as_the_app_does() -> None:
    """The versioned files and the page come from memory before routing (StaticFiles cost
    ~0.7 ms of CPU a file, walking the tree for the version ~4 ms): same bytes, types and
    caching as through the app, a 304 for a known ETag."""
    app = create_app()
    v = static_version()
    for rel in ("shell/main.js", "shell.css", "shell/dom.js", "icons/icon-192.png", COWS):
        raw = client_file(rel).read_bytes()
        for headers in (GZIP, PLAIN):
            status, h, body = _raw_get(_fast(), f"/static/v/{v}/{rel}", headers)
            assert status == 200 and h["cache-control"] == IMMUTABLE, rel
            assert (gzip.decompress(body) if h.get("content-encoding") else body) == raw, rel
            plain = _raw_get(app, f"/static/{rel}", headers)  # through StaticFiles
            assert h["content-type"] == plain[1]["content-type"], rel
            assert h.get("content-encoding") == plain[1].get("content-encoding"), rel
        status, _, body = _raw_get(_fast(), f"/static/v/{v}/{rel}", {"If-None-Match": h["etag"]})
        assert status == 304 and body == b""
    page = _raw_get(_fast(), "/?all=1", GZIP)
    assert page[1]["cache-control"] == "no-cache" and page[1]["content-encoding"] == "gzip"
    assert gzip.decompress(page[2]).decode() == render_index()
    assert _raw_get(app, "/", {"If-None-Match": page[1]["etag"]})[0] == 304  # a warm visit
    # what is not a current client file goes on to the app
    client = TestClient(app)
    assert client.get(f"/static/v/{v}/shell/nope.js").status_code == 404
    assert static_files.immutable_entry(f"{v}/index.html") is None  # the page is "/"'s
    assert static_files.immutable_entry(f"{v}/../app.py") is None
    old = client.get("/static/v/000000000000/shell/main.js")
    assert old.status_code == 200 and old.headers["cache-control"] == "no-cache"
    ranged = client.get(f"/static/v/{v}/shell/main.js", headers={"Range": "bytes=0-9"})
    assert (
        ranged.status_code == 206 and ranged.content == (STATIC / "shell/main.js").read_bytes()[:10]
    )


def test_served_version_follows_an_edit_within_its_ttl(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    before = served_version(static)
    (static / "shell" / "dom.js").write_text("// edited\n", encoding="utf-8")
    assert served_version(static) == before  # trusted for VERSION_TTL: no walk a request
    monkeypatch.setattr(static_files, "VERSION_TTL", 0.0)
    assert served_version(static) == static_version(static) != before
