"""What a cold visit costs (issue #29): gzip when the client takes it, the FastPath's bytes,
and a first page that preloads only the modules its screen runs."""

from __future__ import annotations

import gzip
import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.types import Receive, Scope, Send

from puzzlesmith.server import cache
from puzzlesmith.server.app import create_app
from puzzlesmith.server.bundle import collect_modules
from puzzlesmith.server.cache import FastPath
from puzzlesmith.server.compress import MIN_SIZE
from puzzlesmith.server.static_files import STATIC, mode_files, module_graph, static_version

GZIP = {"Accept-Encoding": "gzip, deflate"}
PLAIN = {"Accept-Encoding": "identity"}
#: screens a cold home visit does not show: loaded on use, never preloaded
ON_USE = ("shell/daily.js", "shell/replay.js", "shell/achievements.js", "stream/open.js")


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


@pytest.mark.parametrize(
    ("path", "kind"),
    [("shell/main.js", "javascript"), ("shell.css", "text/css"), ("shell/i18n.js", "javascript")],
)
def test_static_files_are_gzipped_only_for_a_client_that_takes_gzip(
    client: TestClient, path: str, kind: str
) -> None:
    raw = (STATIC / path).read_bytes()
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


async def _no_routing(scope: Scope, receive: Receive, send: Send) -> None:
    raise AssertionError(f"{scope['path']} reached the framework")


@pytest.mark.parametrize(
    "path", ["/api/modes", "/api/modes/04-cows/packs", "/api/modes/03-hex-walls/levels/1-1"]
)
def test_fastpath_answers_the_routed_apps_bytes_with_etag_and_304(path: str) -> None:
    cache.clear()
    app = create_app()
    for headers in (GZIP, PLAIN):
        routed = _raw_get(app, path, headers)  # the first answer goes through routing
        fast = _raw_get(FastPath(_no_routing), path, headers)  # kept: no framework at all
        assert routed[0] == fast[0] == 200
        assert routed[2] == fast[2]
        for name in ("etag", "content-type", "content-encoding", "content-length", "vary"):
            assert routed[1].get(name) == fast[1].get(name), (name, headers)
    body = json.loads(gzip.decompress(_raw_get(app, path, GZIP)[2]))
    assert body == TestClient(app).get(path).json()
    etag = routed[1]["etag"]
    for target in (app, FastPath(_no_routing)):
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
            assert (STATIC / p).is_file(), p
    assert set(module_graph(["modes/04-cows.js"], dynamic=False)) <= shell | set(files["04-cows"])


def test_the_trial_file_carries_the_modules_loaded_on_use() -> None:
    modules = collect_modules(["shell/main.js"])
    for path in ON_USE:
        assert path in modules, path
    main = modules["shell/main.js"]
    assert 'import("@ps/shell/replay.js")' in main and 'import("@ps/shell/daily.js")' in main
    assert 'import("./' not in main and 'import("../' not in main
