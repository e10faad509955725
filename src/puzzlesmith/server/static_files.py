"""The client's files as the server hands them out: versioned, cacheable, preloaded.

The client is one tree of paths under ``/static/``: the server's own folder (the shell,
the kit, the editor, the stream screens) and, under ``modes/``, each registered mode's
files, which live in the mode's package (``Mode.client_dir()``: ``<id>.js``, ``<id>.css``,
``<id>/…``), and modules made in memory rather than read (:data:`MADE`: the words).
:func:`client_tree` puts them together, each path with its source (:class:`ClientSource`:
its bytes and a fingerprint), and everything that hands the client out asks it; nothing
here names a mode.

Every static file is also served under ``/static/v/<version>/``, where the version is a
hash of the whole static tree. Those URLs never change content, so they are sent
``immutable`` and a phone loads an unchanged module from its cache without a round
trip; index.html (always revalidated) names the current version, so a new build is
picked up on the next visit and never mixed with the old one. Relative imports inside
the modules stay inside the version's folder by themselves. Plain ``/static/...`` keeps
working, revalidated every time (links from older pages, tests, tools).
"""

from __future__ import annotations

import builtins
import hashlib
import json
import mimetypes
import os
import re
import time
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from puzzlesmith.core import registry, words
from puzzlesmith.core.mode import Mode
from puzzlesmith.server.cache import Entry
from puzzlesmith.server.compress import (
    COMPRESSIBLE,
    MIN_SIZE,
    accepts_gzip,
    gzipped_file,
)

STATIC = Path(__file__).resolve().parent / "static"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
#: Served at the site root, not from /static (the service worker's scope is its folder).
ROOT_ONLY = frozenset({"sw.js", "index.html"})

#: Relative specifiers in import statements, re-exports and literal dynamic imports.
IMPORT_SPEC = re.compile(
    r"""(?P<head>\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)(?P<q>["'])(?P<spec>\.{1,2}/[^"'\n]+)(?P=q)""",
    re.MULTILINE,
)


#: where a mode's files sit in the tree (``modes/<id>.js``, ``modes/<id>/…``)
MODES = "modes"

T = TypeVar("T")


def _walk(folder: Path) -> Iterator[tuple[str, Path]]:
    for p in folder.rglob("*"):
        if p.is_file() and not p.name.startswith("."):
            yield p.relative_to(folder).as_posix(), p


def _owns(mode: Mode[Any], rel: str) -> bool:
    """Whether ``rel`` (under the mode's client folder) is one of the mode's own names:
    ``<id>.js``, ``<id>.css`` or under ``<id>/`` (so no mode can shadow another's file)."""
    head, sep, _ = rel.partition("/")
    return head == mode.id if sep else rel in (f"{mode.id}.js", f"{mode.id}.css")


class ClientSource(Protocol):
    """Where one of the client's files comes from: a file on disk (:class:`ClientFile`) or
    a module made in memory (:class:`MadeModule`). Everything that hands the client out
    (the version hash, the preloads, the offline precache, the fast path, the module
    graph, the trial file) asks a source for its bytes; only the routed /static answer
    looks at :attr:`path` (a file is streamed, with Range and Last-Modified)."""

    @property
    def path(self) -> Path | None:
        """The file on disk, None for a module made in memory (no file to stream)."""
        ...

    def bytes(self) -> builtins.bytes:
        """The file's content, as served."""
        ...

    def fingerprint(self) -> Hashable:
        """Cheap, and changes whenever :meth:`bytes` would (what the version hash keys on)."""
        ...

    def __hash__(self) -> int: ...


@dataclass(frozen=True)
class ClientFile:
    """A client file read from disk (the server's folder, or a mode's package)."""

    path: Path

    def bytes(self) -> builtins.bytes:
        return self.path.read_bytes()

    def fingerprint(self) -> Hashable:
        st = self.path.stat()
        return (str(self.path), st.st_size, st.st_mtime_ns)


class MadeModule(Generic[T]):
    """A client module made in memory from a value: ``make(made_from())``. The value is
    asked each time (cheap: a cached object); the text is made again only when it is
    another object than last time, so serving and hashing pay for the making once."""

    path: Path | None = None

    def __init__(self, made_from: Callable[[], T], make: Callable[[T], str]) -> None:
        self.made_from = made_from
        self.make = make
        #: the value the text was last made from (held: its id cannot be reused), the
        #: text's bytes and their hash
        self._last: tuple[T, builtins.bytes, str] | None = None

    def _made(self) -> tuple[builtins.bytes, str]:
        value, last = self.made_from(), self._last
        if last is None or last[0] is not value:
            body = self.make(value).encode()
            last = self._last = (value, body, hashlib.sha256(body).hexdigest())
        return last[1], last[2]

    def bytes(self) -> builtins.bytes:
        return self._made()[0]

    def fingerprint(self) -> Hashable:
        return self._made()[1]


#: The path of the one catalogue of words (core/words.py) as a module, made from the words
#: files of core and of every mode: the first board waits for no extra request, and the
#: words are there offline.
WORDS = "words.js"
#: The client's modules made in memory, by path under ``/static/``: versioned, preloaded,
#: precached, served and bundled like the files (they are in :func:`client_tree`).
MADE: dict[str, ClientSource] = {
    WORDS: MadeModule(lambda: words.catalogue(), words.as_module),
}


def client_tree(static: Path = STATIC) -> dict[str, ClientSource]:
    """Every file of the client by its path under ``/static/``, with its source: the
    server's folder ``static``, each registered mode's client files under ``modes/``, and
    the modules made in memory (:data:`MADE`)."""
    tree: dict[str, ClientSource] = {rel: ClientFile(p) for rel, p in _walk(static)}
    for mode in registry.all_modes():
        folder = mode.client_dir()
        if folder is not None:
            tree.update(
                (f"{MODES}/{rel}", ClientFile(p)) for rel, p in _walk(folder) if _owns(mode, rel)
            )
    tree.update(MADE)
    return tree


def source_of(rel: str, static: Path = STATIC) -> ClientSource | None:
    """The source of ``/static/<rel>`` (as :func:`client_tree` has it), None when there is
    none; found without walking the tree, so a request can ask."""
    made = MADE.get(rel)
    if made is not None:
        return made
    path = _file_of(rel, static)
    return None if path is None else ClientFile(path)


def client_path(rel: str, static: Path = STATIC) -> Path | None:
    """The file on disk behind ``/static/<rel>`` (the server's own, else a mode's), None
    when there is none or it is made in memory."""
    source = source_of(rel, static)
    return None if source is None else source.path


def _file_of(rel: str, static: Path) -> Path | None:
    if rel.startswith("/") or ".." in rel.split("/"):
        return None
    own = static / rel
    if own.is_file():
        return own
    head, _, rest = rel.partition("/")
    if head != MODES or not rest:
        return None
    for mode in registry.all_modes():
        folder = mode.client_dir()
        if folder is None or not _owns(mode, rest):
            continue
        path = (folder / rest).resolve()
        if path.is_file() and path.is_relative_to(folder.resolve()):
            return path
    return None


def client_source(rel: str, static: Path = STATIC) -> bytes:
    """The bytes of the client file ``/static/<rel>`` (FileNotFoundError when there is none)."""
    source = source_of(rel, static)
    if source is None:
        raise FileNotFoundError(rel)
    return source.bytes()


def client_text(rel: str, static: Path = STATIC) -> str:
    """The text of the client file ``/static/<rel>`` (FileNotFoundError when none)."""
    return client_source(rel, static).decode("utf-8")


def is_client_file(rel: str, static: Path = STATIC) -> bool:
    return source_of(rel, static) is not None


def mode_entry(mode: Mode[Any], suffix: str, static: Path = STATIC) -> str | None:
    """``modes/<id><suffix>`` (``.js``: its play screen, ``.css``: its stylesheet) when
    the mode ships that file, else None: the one place that says where a mode's entry
    files sit under ``/static/``."""
    rel = f"{MODES}/{mode.id}{suffix}"
    return rel if is_client_file(rel, static) else None


def client_files(static: Path = STATIC) -> list[str]:
    """Every file of the client, as posix paths under /static/, sorted."""
    return sorted(client_tree(static))


@lru_cache(maxsize=8)
def _hash(fingerprint: tuple[tuple[str, ClientSource, Hashable], ...]) -> str:
    h = hashlib.sha256()
    for rel, source, _ in fingerprint:
        h.update(rel.encode() + b"\0" + source.bytes() + b"\0")
    return h.hexdigest()[:12]


def static_version(static: Path = STATIC) -> str:
    """A hash of the client tree's contents; its sources are read again only when one's
    fingerprint moves (a file's size or mtime, a made module's text)."""
    tree = client_tree(static)
    return _hash(tuple((rel, tree[rel], tree[rel].fingerprint()) for rel in sorted(tree)))


#: How long a request may trust the last version computed (a server run by a designer who
#: edits the client sees the edit within this; walking the tree costs ~4 ms a request).
VERSION_TTL = 1.0
_served: dict[Path, tuple[float, str]] = {}


def served_version(static: Path = STATIC) -> str:
    """:func:`static_version` as requests use it: the tree is walked at most once per
    :data:`VERSION_TTL`, not on every static file and page a visit fetches."""
    now = time.monotonic()
    hit = _served.get(static)
    if hit is not None and now - hit[0] < VERSION_TTL:
        return hit[1]
    version = static_version(static)
    _served[static] = (now, version)
    return version


def versioned(path: str, static: Path = STATIC) -> str:
    """The immutable URL of a file under /static/."""
    return f"/static/v/{static_version(static)}/{path}"


def module_deps(path: str, static: Path = STATIC, *, dynamic: bool = True) -> list[str]:
    """The static paths a module imports (relative specifiers only; the client has no others).

    ``dynamic=False`` leaves out literal ``import("./x.js")``: what a screen loads on use."""
    source = source_of(path, static)
    return [] if source is None else _deps(path, source, dynamic)


def _deps(path: str, source: ClientSource, dynamic: bool) -> list[str]:
    here = os.path.dirname(path)
    text = source.bytes().decode("utf-8")
    return [
        os.path.normpath(os.path.join(here, m["spec"])).replace(os.sep, "/")
        for m in IMPORT_SPEC.finditer(text)
        if dynamic or "(" not in m["head"]
    ]


def module_graph(entries: list[str], static: Path = STATIC, *, dynamic: bool = True) -> list[str]:
    """Every module reachable from ``entries``, sorted: by any import (what a bundle must
    carry), or with ``dynamic=False`` by static imports only (what runs before the first
    screen, so what index.html preloads)."""
    tree = client_tree(static)
    seen: set[str] = set()
    todo = list(entries)
    while todo:
        path = todo.pop()
        if path in seen or path not in tree:
            continue
        seen.add(path)
        todo.extend(_deps(path, tree[path], dynamic))
    return sorted(seen)


_STATIC_URL = re.compile(r'"/static/(?!v/)')
_ENTRY = re.compile(r'<script type="module" src="/static/(?P<path>[^"]+)"></script>')


def render_index(static: Path = STATIC) -> str:
    """index.html naming the current version, with the shell's modules preloaded in parallel
    (without it the browser discovers them one import level at a time). Only what the
    shell imports statically: the daily, replay, achievement and stream screens load on use."""
    return _render_index(static, static_version(static))


@lru_cache(maxsize=8)
def _render_index(static: Path, version: str) -> str:
    text = (static / "index.html").read_text(encoding="utf-8")
    entries = [m["path"] for m in _ENTRY.finditer(text)]
    shell = module_graph(entries, static, dynamic=False)
    preload = "".join(f'<link rel="modulepreload" href="/static/{p}">\n' for p in shell)
    text = text.replace("</head>", preload + "</head>", 1)
    # before the stylesheets: a script after them would wait until they have loaded
    at = text.index('<link rel="stylesheet"')
    text = text[:at] + _early_loads(static, set(shell)) + text[at:]
    return _STATIC_URL.sub(f'"/static/v/{version}/', text)


#: Runs before the shell: the screen the hash names starts loading what it needs with the
#: shell's modules, not after them. Its JSON (the mode list; a mode's packs; a level's view)
#: as fetch preloads, which the shell's own fetch of the same URL takes over; on a level's
#: deep link (``#/<mode>/<level>``) also that mode's modules and stylesheet, which the shell
#: would otherwise find only after /api/modes, then one import level at a time. The server
#: cannot see the hash, so the page picks from a table of every mode's files.
_EARLY = """<script>
(function (modes, base) {
  function add(rel, href, as) {
    var l = document.createElement("link");
    l.rel = rel;
    l.href = href;
    if (as) l.as = as;
    if (as === "fetch") l.crossOrigin = "anonymous";
    document.head.appendChild(l);
  }
  var api = function (path) { add("preload", "/api/modes" + path, "fetch"); };
  var own = function (id) { return Object.prototype.hasOwnProperty.call(modes, id); };
  var enc = encodeURIComponent, parts = location.hash.replace(/^#\\/?/, "").split("/");
  try { parts = parts.map(decodeURIComponent); } catch (e) { return; }
  api("");
  if (!parts[0]) Object.keys(modes).forEach(function (id) { api("/" + enc(id) + "/packs"); });
  if (!own(parts[0])) return;
  api("/" + enc(parts[0]) + "/packs");
  if (!parts[1]) return;
  api("/" + enc(parts[0]) + "/levels/" + enc(parts[1]));
  modes[parts[0]].forEach(function (f) {
    if (/\\.css$/.test(f)) add("preload", base + f, "style"); else add("modulepreload", base + f);
  });
})(%s, "/static/");
</script>
"""


def mode_files(static: Path, shell: set[str]) -> dict[str, list[str]]:
    """Each mode's client files a level screen loads beyond the shell's: its module's
    static import graph and its stylesheet (paths under /static/), by mode id."""
    tree = client_tree(static)
    out: dict[str, list[str]] = {}
    for rel in sorted(tree):
        mode_id, js = rel.removeprefix(f"{MODES}/"), ".js"
        if not rel.startswith(f"{MODES}/") or "/" in mode_id or not mode_id.endswith(js):
            continue
        mode_id = mode_id.removesuffix(js)
        files = [p for p in module_graph([rel], static, dynamic=False) if p not in shell]
        if f"{MODES}/{mode_id}.css" in tree:
            files.append(f"{MODES}/{mode_id}.css")
        out[mode_id] = files
    return out


def _early_loads(static: Path, shell: set[str]) -> str:
    table = json.dumps(mode_files(static, shell), separators=(",", ":")).replace("<", "\\u003c")
    return _EARLY % table


def immutable_entry(path: str, static: Path = STATIC) -> Entry | None:
    """``<version>/<file>`` of the current version as a kept answer (body, gzip, ETag,
    immutable), or None when it is not one of the client's files. Answered by
    ``cache.FastPath`` before routing: StaticFiles costs ~0.7 ms of CPU a file (routing,
    a thread for the stat), and a cold visit asks for some thirty."""
    version, _, rel = path.partition("/")
    if version != served_version(static):
        return None
    return _immutable_files(static, version).get(rel)


@lru_cache(maxsize=2)
def _immutable_files(static: Path, version: str) -> _LazyFiles:
    tree = client_tree(static)
    return _LazyFiles({rel: src for rel, src in tree.items() if rel not in ROOT_ONLY})


def kept_entry(rel: str, source: ClientSource, cache_control: str) -> Entry:
    """The client file ``rel`` as a kept answer (body, gzip when worth it, ETag)."""
    kind = mimetypes.guess_type(rel)[0] or "application/octet-stream"
    if kind.startswith("text/") or kind.endswith(("javascript", "json", "+xml")):
        kind += "; charset=utf-8"
    return Entry(source.bytes(), kind, cache_control, compress=Path(rel).suffix in COMPRESSIBLE)


class _LazyFiles:
    """The client's files by path, each read and compressed on its first request."""

    def __init__(self, files: dict[str, ClientSource]) -> None:
        self.files = files
        self.entries: dict[str, Entry] = {}

    def get(self, rel: str) -> Entry | None:
        hit = self.entries.get(rel)
        if hit is None and rel in self.files:
            hit = self.entries[rel] = kept_entry(rel, self.files[rel], IMMUTABLE)
        return hit


def gzip_response(resp: Response, scope: Scope) -> Response:
    """The file's kept gzip in place of the file, when the client takes gzip and the type
    is worth it (the ETag stays: it names the content, whatever the encoding)."""
    if not isinstance(resp, FileResponse) or resp.status_code != 200 or resp.stat_result is None:
        return resp
    headers = Headers(scope=scope)
    path = Path(resp.path)
    st = resp.stat_result
    if (
        path.suffix not in COMPRESSIBLE
        or st.st_size < MIN_SIZE
        or "range" in headers
        or not accepts_gzip(headers)
    ):
        return resp
    out = Response(gzipped_file(path, st.st_size, st.st_mtime_ns), media_type=resp.media_type)
    for name in ("etag", "last-modified", "cache-control"):
        if name in resp.headers:
            out.headers[name] = resp.headers[name]
    out.headers["content-encoding"] = "gzip"
    out.headers["vary"] = "Accept-Encoding"
    return out


def index_entry(static: Path = STATIC) -> Entry:
    """index.html as a kept answer (gzip, an ETag, revalidated every visit), answered by
    ``cache.FastPath``: a warm visit gets a 304."""
    return _index_entry(static, served_version(static))


@lru_cache(maxsize=2)
def _index_entry(static: Path, version: str) -> Entry:
    return Entry(_render_index(static, version).encode(), "text/html; charset=utf-8", REVALIDATE)


@lru_cache(maxsize=16)
def _made_entry(rel: str, source: ClientSource, version: Hashable, cache_control: str) -> Entry:
    return kept_entry(rel, source, cache_control)


class ClientFiles(StaticFiles):
    """The client tree over HTTP: the server's folder, then the registered modes' files
    under ``modes/`` (:func:`client_path`); a module made in memory (no file to stream)
    as a kept answer, with the fast path's rules (ETag, 304, gzip when taken)."""

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        full, st = super().lookup_path(path)
        if st is not None:
            return full, st
        found = client_path(path.replace(os.sep, "/"), Path(str(self.directory)))
        return (str(found), found.stat()) if found is not None else ("", None)

    def made_response(self, rel: str, cache_control: str, scope: Scope) -> Response | None:
        """The answer for a client module made in memory, None for anything else (a file,
        which StaticFiles streams; looked up in :data:`MADE` alone: no stat a request)."""
        source = MADE.get(rel)
        if source is None or source.path is not None:
            return None
        entry = _made_entry(rel, source, source.fingerprint(), cache_control)
        return entry.response(Headers(scope=scope))


class RevalidatedStatic(ClientFiles):
    """Plain /static: the browser revalidates (ETag), so an unversioned URL is never stale."""

    def file_response(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        resp = super().file_response(*args, **kwargs)
        resp.headers["Cache-Control"] = REVALIDATE
        return resp

    async def get_response(self, path: str, scope: Scope) -> Response:
        made = self.made_response(path.replace(os.sep, "/"), REVALIDATE, scope)
        if made is not None:
            return made
        return gzip_response(await super().get_response(path, scope), scope)


class VersionedStatic(ClientFiles):
    """/static/v/<version>/<path>: immutable for the current version; another version's URL
    (a page older than the last build) gets today's file, revalidated."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        version, _, rest = path.replace(os.sep, "/").partition("/")
        current = version == served_version(Path(str(self.directory)))
        made = self.made_response(rest, IMMUTABLE if current else REVALIDATE, scope)
        if made is not None:
            return made
        resp = await super().get_response(rest or ".", scope)
        resp.headers["Cache-Control"] = (
            IMMUTABLE if current and resp.status_code in (200, 304) else REVALIDATE
        )
        return gzip_response(resp, scope)
