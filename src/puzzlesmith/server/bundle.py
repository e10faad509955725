"""One self-contained HTML file of the web client: the trial build (seed 001 §8.2).

The served client is plain ES modules, and Chromium refuses module imports from
``file://``. So the file carries each module's source as text, and a tiny inline loader
turns them into blob URLs named by an import map (``@ps/<path under static>``); every
relative import is rewritten to that name when the file is built. Nothing is
transformed but import specifiers, so the modules run exactly as served. CSS is inlined;
the levels (their views, baked solution included) are embedded as JSON that
``shell/env.js`` reads, which switches the shell to its embedded data source.

Both payloads (module texts and level data, ~300 KB of JSON) ship gzip-compressed as
base64 (~100 KB): the trial file must stay under 300 KB (issue #18). The loader inflates
them with the browser's own ``DecompressionStream`` before any module runs, and puts the
level JSON back into its element, so ``env.js`` reads plain JSON as before.
"""

from __future__ import annotations

import base64
import gzip
import json
import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzlesmith.core import words
from puzzlesmith.core.errors import PuzzlesmithError
from puzzlesmith.core.mode import Mode, Pack
from puzzlesmith.server.catalog import pack_infos
from puzzlesmith.server.schemas import ModeInfo, ModeTitle
from puzzlesmith.server.static_files import (
    IMPORT_SPEC,
    STATIC,
    client_text,
    is_client_file,
    mode_entry,
    module_graph,
)

#: Saves and settings of a trial file live under this prefix (never the served game's keys).
STORAGE_PREFIX = "trial:"
#: The module name prefix the import map resolves.
SCOPE = "@ps/"

_STYLESHEET = re.compile(r'<link rel="stylesheet" href="/static/(?P<path>[^"]+)">')
_ENTRY = re.compile(r'<script type="module" src="/static/(?P<path>[^"]+)"></script>')
#: Lines of index.html that only make sense when served (manifest, service worker).
_SERVED_ONLY = re.compile(r"^.*data-served-only.*\n", re.MULTILINE)


class BundleError(PuzzlesmithError):
    """The client files cannot be bundled (a missing module, an import outside static/)."""

    code = "bundle-failed"


@dataclass(frozen=True)
class ModeData:
    """One mode's part of the trial: its packs in play order and every level's view."""

    mode: Mode[Any]
    packs: Sequence[Pack[Any]]
    extra_levels: Sequence[Any] = ()  # reachable by id, not listed (hidden packs)


def _module_name(path: str) -> str:
    return SCOPE + path


def collect_modules(entries: list[str], static: Path = STATIC) -> dict[str, str]:
    """Every module reachable from ``entries`` (paths under static/) with its relative
    specifiers renamed ``@ps/<path>``, by path."""
    out: dict[str, str] = {}
    for path in module_graph(entries, static):
        here = posixpath.dirname(path)

        def sub(m: re.Match[str], here: str = here, path: str = path) -> str:
            target = posixpath.normpath(posixpath.join(here, m["spec"]))
            if not is_client_file(target, static):
                raise BundleError(f"static/{path}: import {m['spec']!r} is not a client module")
            return f"{m['head']}{m['q']}{_module_name(target)}{m['q']}"

        out[path] = IMPORT_SPEC.sub(sub, client_text(path, static))
    return out


def _script_json(value: object) -> str:
    """JSON safe inside <script>: no ``</script>`` or ``<!--`` can appear in it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


#: The type of a <script> element holding a packed payload (gzip, then base64).
PACKED_TYPE = "application/x-gzip-base64"


def pack_json(value: object) -> str:
    """``value`` as JSON, gzip-compressed and base64-encoded (no ``<`` can appear in it).

    mtime=0 keeps the output byte-for-byte the same for the same input."""
    raw = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def embedded_json(html: str, element_id: str) -> Any:
    """The payload a trial file carries in ``<script id=element_id>``, unpacked; the
    inverse of what :func:`build_html` writes (for checks and tools that read the file)."""
    m = re.search(
        rf'<script type="{re.escape(PACKED_TYPE)}" id="{re.escape(element_id)}">(.*?)</script>',
        html,
        re.S,
    )
    if m is None:
        raise BundleError(f"trial file: no packed payload #{element_id}")
    return json.loads(gzip.decompress(base64.b64decode(m.group(1))).decode("utf-8"))


def data_payload(modes: Sequence[ModeData], static: Path = STATIC) -> dict[str, Any]:
    """The embedded data the shell's embedded source serves: modes, packs, level views."""
    infos, packs, levels = [], {}, {}
    for md in modes:
        m = md.mode
        module = mode_entry(m, ".js", static)
        if module is None:
            raise BundleError(f"mode {m.id}: no client module modes/{m.id}.js in its package")
        infos.append(
            ModeInfo(
                id=m.id,
                cliName=m.cli_name,
                title=ModeTitle(zh=m.title_zh, en=m.title_en),
                hintKinds=list(m.hint_kinds),
                module=_module_name(module),
                css=None,  # inlined
            ).model_dump()
        )
        packs[m.id] = {"mode": m.id, "packs": [p.model_dump() for p in pack_infos(md.packs)]}
        views: dict[str, Any] = {}
        for lv in [lv for p in md.packs for lv in p.levels] + list(md.extra_levels):
            views.setdefault(lv.id, m.view(lv))
        levels[m.id] = views
    return {
        "storagePrefix": STORAGE_PREFIX,
        "showAll": True,
        "modes": infos,
        "packs": packs,
        "levels": levels,
    }


_LOADER = """<script>
(function () {
  // The payloads are gzip + base64: inflate both, put the level JSON back for env.js, then
  // each module's text becomes a blob URL under its import-map name; then the entry runs.
  if (typeof DecompressionStream !== "function") {
    document.body.textContent = %(unsupported)s;
    return;
  }
  function inflate(id) {
    var el = document.getElementById(id), bin = atob(el.textContent), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then(function (text) {
      el.type = "application/json";
      el.textContent = text;
      return text;
    });
  }
  Promise.all([inflate("ps-data"), inflate("ps-modules")]).then(function (texts) {
    var src = JSON.parse(texts[1]), map = { imports: {} };
    for (var k in src) map.imports["%(scope)s" + k] = URL.createObjectURL(new Blob([src[k]], { type: "text/javascript" }));
    var im = document.createElement("script");
    im.type = "importmap";
    im.textContent = JSON.stringify(map);
    document.head.appendChild(im);
    var entry = document.createElement("script");
    entry.type = "module";
    entry.textContent = %(entry)s;
    document.head.appendChild(entry);
  });
})();
</script>"""


def _unsupported() -> str:
    """Shown instead of the game by a browser that cannot inflate the payload (both
    languages: the page cannot know which the player reads)."""
    return f"{words.say('app.unsupported', 'zh')} {words.say('app.unsupported', 'en')}"


def build_html(modes: Sequence[ModeData], static: Path = STATIC) -> str:
    """The whole trial file as text."""
    index = _SERVED_ONLY.sub("", (static / "index.html").read_text(encoding="utf-8"))
    entries = [m["path"] for m in _ENTRY.finditer(index)]
    if not entries:
        raise BundleError("static/index.html: no module script to start from")
    data = data_payload(modes, static)
    mode_modules = [str(i["module"])[len(SCOPE) :] for i in data["modes"]]
    for path in entries + mode_modules:
        if not is_client_file(path, static):
            raise BundleError(f"static/{path}: client module not found")
    modules = collect_modules(entries + mode_modules, static)

    sheets = [m["path"] for m in _STYLESHEET.finditer(index)]
    sheets += [p for md in modes if (p := mode_entry(md.mode, ".css", static)) is not None]
    css = [f"<style>\n{client_text(p, static)}</style>" for p in sheets]
    index = _STYLESHEET.sub("", index)
    imports = "".join(f'import "{_module_name(p)}";' for p in entries)
    loader = _LOADER % {
        "scope": SCOPE,
        "entry": json.dumps(imports),
        "unsupported": _script_json(_unsupported()),
    }
    tail = "\n".join(
        [
            f'<script type="{PACKED_TYPE}" id="ps-data">{pack_json(data)}</script>',
            f'<script type="{PACKED_TYPE}" id="ps-modules">{pack_json(modules)}</script>',
            loader,
        ]
    )
    index = _ENTRY.sub("", index)
    # CSS in the head; data and loader last, so the modules find the whole document parsed.
    index = index.replace("</head>", "\n".join(css) + "\n</head>", 1)
    return index.replace("</body>", tail + "\n</body>", 1)
