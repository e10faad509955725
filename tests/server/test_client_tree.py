"""The client tree maps each path under /static/ to its source (issue #36): a file on disk or
a module made in memory. A made module is a client file like any other for everything that
hands the client out, with nothing to special-case: the version, the page's preloads, the
service worker's precache, the fast path and the routed answers (ETag, 304, gzip), the
module graph and the trial file."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puzzlesmith.core import words
from puzzlesmith.server import static_files
from puzzlesmith.server.app import create_app
from puzzlesmith.server.bundle import collect_modules
from puzzlesmith.server.routers.pwa import precache
from puzzlesmith.server.static_files import (
    IMMUTABLE,
    REVALIDATE,
    STATIC,
    ClientFile,
    MadeModule,
    client_files,
    client_path,
    client_tree,
    immutable_entry,
    is_client_file,
    module_graph,
    render_index,
    source_of,
    static_version,
)

#: a made module that imports two files of the server's folder (one on use)
MADE = "made/hello.js"
GZIP = {"Accept-Encoding": "gzip"}


def _hello(name: str) -> str:
    filler = "// " + "filler " * 100 + "\n"  # over MIN_SIZE: worth gzip
    return (
        f'import {{ el }} from "../shell/dom.js";\n{filler}'
        f'export const hello = "{name}";\nexport const later = () => import("../shell/replay.js");\n'
    )


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """:data:`MADE` with one more module, made from a value the test can change."""
    value = {"name": "first"}
    module: MadeModule[str] = MadeModule(lambda: value["name"], _hello)
    monkeypatch.setitem(static_files.MADE, MADE, module)
    monkeypatch.setattr(static_files, "VERSION_TTL", 0.0)
    monkeypatch.setattr(static_files, "_served", {})  # no version with it outlives the test
    return value


def test_every_path_of_the_tree_has_a_source_and_files_keep_their_path() -> None:
    tree = client_tree()
    assert {"shell/main.js", "modes/04-cows.js", "words.js", "index.html"} <= set(tree)
    for rel, source in tree.items():
        assert source_of(rel) == source, rel
        assert is_client_file(rel)
        if isinstance(source, ClientFile):
            assert client_path(rel) == source.path and source.bytes() == source.path.read_bytes()
        else:
            assert client_path(rel) is None  # made in memory: no file to stream
    assert tree["words.js"].bytes().decode() == words.as_module(words.catalogue())
    assert source_of("shell/nope.js") is None and source_of("../app.py") is None
    assert client_files() == sorted(tree)


def test_a_made_module_is_remade_only_when_its_value_changes() -> None:
    made: list[str] = []
    value = ["a"]

    def make(v: str) -> str:
        made.append(v)
        return f"export default {v!r};\n"

    module: MadeModule[str] = MadeModule(lambda: value[0], make)
    first = module.fingerprint()
    assert module.bytes() == b"export default 'a';\n" and module.fingerprint() == first
    assert made == ["a"]
    value[0] = "b"
    assert module.fingerprint() != first and module.bytes() == b"export default 'b';\n"
    assert made == ["a", "b"]


def test_a_made_module_is_versioned_preloaded_precached_and_served(made: dict[str, str]) -> None:
    v = static_version()
    assert MADE in client_files() and f"/static/v/{v}/{MADE}" in precache()["static"]
    graph = module_graph([MADE])
    assert {MADE, "shell/dom.js", "shell/replay.js"} <= set(graph)
    assert "shell/replay.js" not in module_graph([MADE], dynamic=False)  # on use
    client = TestClient(create_app())
    body = _hello("first").encode()
    # the fast path: a kept answer, immutable
    entry = immutable_entry(f"{v}/{MADE}")
    assert entry is not None and entry.body == body and entry.gz is not None
    fast = client.get(f"/static/v/{v}/{MADE}", headers=GZIP)
    assert fast.status_code == 200 and fast.content == body
    assert fast.headers["cache-control"] == IMMUTABLE
    assert fast.headers["content-encoding"] == "gzip"
    assert "javascript" in fast.headers["content-type"]
    assert (
        client.get(f"/static/v/{v}/{MADE}", headers={"If-None-Match": entry.etag}).status_code
        == 304
    )
    # routed: plain /static and another version's URL revalidate, with the same ETag
    for url in (f"/static/{MADE}", f"/static/v/000000000000/{MADE}"):
        r = client.get(url, headers=GZIP)
        assert r.status_code == 200 and r.content == body, url
        assert r.headers["cache-control"] == REVALIDATE and r.headers["etag"] == entry.etag, url
        assert r.headers["content-encoding"] == "gzip", url
        assert client.get(url, headers={"If-None-Match": entry.etag}).status_code == 304, url
    # the trial file carries it with its imports renamed
    text = collect_modules([MADE])[MADE]
    assert 'from "@ps/shell/dom.js"' in text and 'import("@ps/shell/replay.js")' in text
    # a new value is a new version, whose URL serves the new text
    made["name"] = "second"
    v2 = static_version()
    assert v2 != v
    assert client.get(f"/static/v/{v2}/{MADE}").content == _hello("second").encode()
    assert client.get(f"/static/{MADE}").content == _hello("second").encode()
    assert client.get(f"/static/v/{v}/{MADE}").headers["cache-control"] == REVALIDATE


def test_the_page_preloads_a_made_module_the_shell_imports(
    made: dict[str, str], tmp_path: Path
) -> None:
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    main = static / "shell" / "main.js"
    main.write_text(f'import "../{MADE}";\n' + main.read_text(encoding="utf-8"), encoding="utf-8")
    v = static_version(static)
    page = render_index(static)
    preloads = re.findall(rf'rel="modulepreload" href="/static/v/{v}/([^"]+)"', page)
    assert MADE in preloads and "shell/dom.js" in preloads
