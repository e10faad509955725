"""Loading speed of the web client: time to interactive and bytes, served, warm, offline, file.

For each screen — home (mode list), level select, and the play screen of every mode —
prints the median time to interactive over several loads, and what went over the network:
- cold: a fresh browser profile (empty HTTP cache, no service worker); target < 1 s;
- warm: a second visit in the same profile, service worker blocked, so only the HTTP
  cache helps (versioned static files are immutable: no revalidation); target < 300 ms;
  with ``--trace`` also a traced second visit: where its main-thread CPU goes;
- installed: later visits of the installed app with the server up (the service worker
  answers: pages and API network-first, static files from its cache);
- offline: the installed app (service worker) after one visit, the server stopped;
- file: the single-file trial build (export-html) opened from file://.

Interactive = the screen's first element is in the DOM (a mode card, a level tile, the
board's SVG) and one frame has been rendered after it (style, layout and paint included:
the time is taken in a task after that frame's requestAnimationFrame). Bytes: the sum of resource timing
``transferSize`` (what crossed the network, headers included; 0 for the cache and the
service worker) and of ``encodedBodySize`` (the bodies the page used, wherever from);
"requests" counts the fetches that reached the server, revalidations included.

The reference (issue #29): a trivial page on the same server (one small HTML file), cold
and warm, printed first; targets: home < 100 KB transferred cold, a level's first board
< 300 ms cold and < 100 ms warm. Issue #39's lines judge each first board by the trivial
page of the same run: warm < 100 ms and within 25 ms of it, cold < 150 ms.

``--compress`` prints what compressing costs the server for one cold home visit: gzip of
every file the visit fetches (what Starlette's GZipMiddleware does on each request, at
its default level 9, and at level 6) against the kept gzip the server sends
(``server/compress.py``: compressed once, then a dictionary lookup).

Run: .venv/bin/python benchmarks/load_speed.py [--loads 5] [--compress]
     .venv/bin/python benchmarks/load_speed.py --url http://127.0.0.1:8001   # served only,
     against a server already running (e.g. an older build, for comparison)
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from browser_support import CHROMIUM, CHROMIUM_ARGS, serving

from puzzlesmith.server.app import create_app
from puzzlesmith.server.routers.pwa import precache

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True}
MODES = ("01-number-stroke", "03-hex-walls", "04-cows")
SCREENS: list[tuple[str, str, str]] = [
    ("home", "#/", ".mode-card"),
    ("select", f"#/{MODES[0]}", ".tile"),
    *[(f"play {m}", f"#/{m}/1-1", ".mode-root svg") for m in MODES],
]

# Set before the page's own scripts: the time the screen's first element appears.
_WATCH = """(() => {
  window.__tti = new Promise((resolve) => {
    const sel = new URLSearchParams(location.hash.split('?')[1] || '').get('tti') || window.name;
    const check = () => {
      if (!document.querySelector(sel)) return false;
      // after the next frame's style, layout and paint (a rAF callback runs before them)
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
      return true;
    };
    const start = () => { if (!check()) new MutationObserver((_, o) => check() && o.disconnect())
      .observe(document.documentElement, { childList: true, subtree: true }); };
    if (document.documentElement) start(); else addEventListener('DOMContentLoaded', start);
  });
})()"""

_BYTES = """() => {
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  return {
    transfer: entries.reduce((s, e) => s + e.transferSize, 0),
    body: entries.reduce((s, e) => s + e.encodedBodySize, 0),
    requests: entries.filter((e) => e.transferSize > 0).length,
  };
}"""


def measure(ctx: Any, url: str, selector: str) -> dict[str, float]:
    page = ctx.new_page()
    page.add_init_script(f"window.name = {selector!r};" + _WATCH)
    page.goto(url, wait_until="commit")
    tti = float(page.evaluate("window.__tti"))
    page.wait_for_load_state("load")
    out = {"tti": tti, **page.evaluate(_BYTES)}
    page.close()
    return out


# --- trace (Chrome performance timeline) of a warm visit -----------------------------

TRACE_CATEGORIES = [
    "toplevel",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "v8.execute",
    "blink.user_timing",
    "loading",
]
#: Trace event names by what the Performance panel calls them (self time; the rest of a
#: task's time is "other": the browser's own work between events, IPC, task scheduling).
GROUPS = {
    "script": (
        "EvaluateScript",
        "v8.compile",
        "v8.compileModule",
        "v8.evaluateModule",
        "v8.run",
        "FunctionCall",
        "RunMicrotasks",
        "TimerFire",
        "FireAnimationFrame",
        "EventDispatch",
        "v8.produceModuleCache",
        "v8.produceCache",
        "V8.GCScavenger",
        "MinorGC",
        "MajorGC",
        "GCEvent",
        "V8.GC_SCAVENGER",
        "BlinkGC.AtomicPhase",
    ),
    "style+layout": (
        "UpdateLayoutTree",
        "Layout",
        "RecalculateStyles",
        "ScheduleStyleRecalculation",
        "InvalidateLayout",
        "ParseAuthorStyleSheet",
        "HitTest",
    ),
    "paint": (
        "Paint",
        "PrePaint",
        "Layerize",
        "Commit",
        "UpdateLayer",
        "CompositeLayers",
        "PaintImage",
        "RasterTask",
    ),
    "html+load": (
        "ParseHTML",
        "ResourceSendRequest",
        "ResourceReceiveResponse",
        "ResourceReceivedData",
        "ResourceFinish",
        "ResourceWillSendRequest",
        "ResourceChangePriority",
        "CommitLoad",
        "MarkDOMContent",
        "MarkLoad",
    ),
}
_GROUP_OF = {n: g for g, names in GROUPS.items() for n in names}


def _main_thread(events: list[dict[str, Any]], base: str) -> tuple[int, int] | None:
    """(pid, tid) of the renderer main thread that parsed the page at ``base``."""
    mains = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M"
        and e.get("name") == "thread_name"
        and e.get("args", {}).get("name") == "CrRendererMain"
    }
    for e in events:
        if (e["pid"], e["tid"]) in mains and e.get("name") == "ParseHTML":
            url = e.get("args", {}).get("beginData", {}).get("url", "")
            if url.startswith(base):
                return e["pid"], e["tid"]
    return None


def trace_summary(events: list[dict[str, Any]], base: str, tti: float) -> dict[str, Any]:
    """Main-thread time of one load up to interactive: the sum of top-level tasks, and self
    time by trace event name and by script URL. CPU time (the events' thread clock), not
    wall time: on a loaded machine a task's wall time counts the time it waited for a core."""
    main = _main_thread(events, base)
    if main is None:
        return {"tasks": float("nan"), "wall": float("nan"), "groups": {}, "names": {}, "urls": {}}
    mine = [e for e in events if (e.get("pid"), e.get("tid")) == main]
    starts = [
        e["ts"]
        for e in mine
        if e.get("name") == "navigationStart"
        and (e.get("args", {}).get("data", {}).get("documentLoaderURL", "") or "").startswith(base)
    ] or [min(e["ts"] for e in mine if e.get("ph") == "X" and e.get("name") == "ParseHTML")]
    t0 = starts[-1]
    t1 = t0 + tti * 1000
    spans = sorted(
        (e for e in mine if e.get("ph") == "X" and "dur" in e and t0 <= e["ts"] < t1),
        key=lambda e: (e["ts"], -e["dur"]),
    )
    tasks = 0.0
    names: dict[str, float] = {}
    urls: dict[str, float] = {}
    stack: list[tuple[dict[str, Any], float]] = []  # (event, its end)

    def url_of(e: dict[str, Any]) -> str:
        a = e.get("args", {})
        d = a.get("data", {}) if isinstance(a.get("data"), dict) else {}
        return str(d.get("url") or a.get("fileName") or d.get("fileName") or "")

    wall = 0.0
    for e in spans:
        end = e["ts"] + e["dur"]
        cpu = e.get("tdur", e["dur"])
        while stack and stack[-1][1] <= e["ts"]:
            stack.pop()
        if not stack:
            tasks += cpu
            wall += e["dur"]
        else:  # its time is not its parent's own
            parent = stack[-1][0]
            names[parent["name"]] = names.get(parent["name"], 0) - cpu
            u = url_of(parent) or parent.get("_url", "")
            if u:
                urls[u] = urls.get(u, 0) - cpu
            e["_url"] = u
        names[e["name"]] = names.get(e["name"], 0) + cpu
        u = url_of(e) or e.get("_url", "")
        if u:
            urls[u] = urls.get(u, 0) + cpu
            e["_url"] = u
        stack.append((e, end))
    groups: dict[str, float] = {}
    for k, v in names.items():
        g = _GROUP_OF.get(k, "other")
        groups[g] = groups.get(g, 0) + v
    return {
        "tasks": tasks / 1000,
        "wall": wall / 1000,
        "groups": {k: v / 1000 for k, v in groups.items()},
        "names": {k: v / 1000 for k, v in names.items()},
        "urls": {k: v / 1000 for k, v in urls.items()},
    }


def measure_traced(browser: Any, ctx: Any, url: str, selector: str, base: str) -> dict[str, Any]:
    """One load under the Chrome tracer: main-thread time up to interactive (tracing slows
    the load, so its interactive time is not reported as one)."""
    import json

    page = ctx.new_page()
    page.add_init_script(f"window.name = {selector!r};" + _WATCH)
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    page.goto(url, wait_until="commit")
    tti = float(page.evaluate("window.__tti"))
    events = json.loads(browser.stop_tracing())["traceEvents"]
    page.wait_for_load_state("load")
    page.close()
    return trace_summary(events, base, tti)


def trace_rows(name: str, traces: list[dict[str, Any]], top: int) -> None:
    med = statistics.median
    groups = "  ".join(
        f"{g} {med(t['groups'].get(g, 0.0) for t in traces):.0f}" for g in [*GROUPS, "other"]
    )
    print(
        f"  {name:24} main-thread CPU to interactive: median "
        f"{med(t['tasks'] for t in traces):5.0f} ms ({groups}; tasks' wall time "
        f"{med(t['wall'] for t in traces):.0f} ms)"
    )
    if top <= 0:
        return
    for key, label in (("names", "event"), ("urls", "script")):
        keys = {k for t in traces for k in t[key]}
        by = sorted(((med(t[key].get(k, 0.0) for t in traces), k) for k in keys), reverse=True)
        for ms, k in by[:top]:
            if ms >= 1:
                print(f"      {label} {ms:5.1f} ms  {k.split('/static/', 1)[-1][:70]}")


def installed(ctx: Any, base: str, loads: int, screens: list[tuple[str, str, str]]) -> None:
    """Warm visits of the installed app, server up: the service worker answers every request
    (pages and API network-first, static files from its cache)."""
    print("warm, installed app (service worker, server up):")
    for name, hash_, sel in screens:
        runs = [measure(ctx, f"{base}/?all=1{hash_}", sel) for _ in range(loads)]
        print(row(name, runs))


def row(name: str, runs: list[dict[str, float]]) -> str:
    tti = [r["tti"] for r in runs]
    last = runs[-1]
    return (
        f"  {name:24} median {statistics.median(tti):6.0f} ms  max {max(tti):6.0f} ms  "
        f"transfer {last['transfer'] / 1024:6.1f} KB  bodies {last['body'] / 1024:6.1f} KB  "
        f"requests {last['requests']:3.0f}"
    )


def wait_for_cache(page: Any) -> None:
    pre = precache()
    total = len(pre["pages"]) + len(pre["static"]) + len(pre["api"])
    page.evaluate(
        """async ([name, total]) => {
          await navigator.serviceWorker.ready;
          for (;;) {
            const has = (await caches.keys()).includes(name);
            if (navigator.serviceWorker.controller && has
                && (await (await caches.open(name)).keys()).length >= total) return;
            await new Promise((r) => setTimeout(r, 100));
          }
        }""",
        [f"puzzlesmith-{pre['version']}", total],
    )


TRIVIAL = "/trivial"


def with_trivial_page(app: Any) -> Any:
    """The app plus the reference: a trivial page served by the same server."""
    from fastapi.responses import HTMLResponse

    page = '<!doctype html><meta charset="utf-8"><title>t</title><p id="trivial">hello</p>'
    app.add_api_route(TRIVIAL, lambda: HTMLResponse(page), include_in_schema=False)
    return app


def served(browser: Any, base: str, loads: int, reference: bool = True, trace: int = -1) -> None:
    """Cold (fresh profile) and warm (same profile, HTTP cache only) loads of every screen;
    with ``trace`` >= 0 also a traced warm load each time (the ``trace`` heaviest event
    names and scripts by main-thread self time, medians)."""
    screens = [(REFERENCE, "", "#trivial")] if reference else []
    results: dict[str, tuple[list[dict[str, float]], list[dict[str, float]]]] = {}
    for name, hash_, sel in [*screens, *SCREENS]:
        url = f"{base}{TRIVIAL}" if not hash_ else f"{base}/?all=1{hash_}"
        cold, warm, traces = [], [], []
        for _ in range(loads):
            ctx = browser.new_context(**PHONE, service_workers="block")
            cold.append(measure(ctx, url, sel))
            warm.append(measure(ctx, url, sel))
            ctx.close()
            if trace >= 0:  # the second visit, as measured untraced above
                ctx = browser.new_context(**PHONE, service_workers="block")
                measure(ctx, url, sel)
                traces.append(measure_traced(browser, ctx, url, sel, base))
                ctx.close()
        print(f"{name}:")
        print(row("served, cold", cold))
        print(row("served, warm", warm))
        if traces:
            trace_rows("traced, warm", traces, trace)
        results[name] = (cold, warm)
    goals(results)


REFERENCE = "reference: trivial page"


def goals(results: dict[str, tuple[list[dict[str, float]], list[dict[str, float]]]]) -> None:
    """Issue #29's row: home < 100 KB transferred cold; a level's first board < 300 ms cold,
    < 100 ms warm; each time also as a multiple of the trivial page in the same run."""
    med = statistics.median

    def ref(i: int) -> str:
        if REFERENCE not in results:
            return ""
        base = med(r["tti"] for r in results[REFERENCE][i])
        return f" (trivial page {base:.0f} ms)"

    print("issue #29, cold visit of a screen (medians):")
    if "home" in results:
        home = results["home"][0][-1]
        ok = "met" if home["transfer"] < 100 * 1024 else "NOT met"
        print(
            f"  home: {home['transfer'] / 1024:.1f} KB transferred in {home['requests']:.0f} "
            f"requests, first screen {med(r['tti'] for r in results['home'][0]):.0f} ms cold"
            f"{ref(0)} — goal < 100 KB: {ok}"
        )
    for name, (cold, warm) in results.items():
        if not name.startswith("play "):
            continue
        c, w = med(r["tti"] for r in cold), med(r["tti"] for r in warm)
        verdict = "met" if c < 300 and w < 100 else "NOT met"
        print(
            f"  {name[5:]:18} first board {c:5.0f} ms cold{ref(0)}, {w:5.0f} ms warm{ref(1)}; "
            f"{cold[-1]['transfer'] / 1024:.1f} KB in {cold[-1]['requests']:.0f} requests "
            f"— goal < 300 / < 100 ms: {verdict}"
        )
    issue39(results)


def issue39(results: dict[str, tuple[list[dict[str, float]], list[dict[str, float]]]]) -> None:
    """Issue #39's rows against the trivial page of this run: a level's first board warm
    < 100 ms and within 25 ms of the trivial page, cold < 150 ms."""
    med = statistics.median
    if REFERENCE not in results:
        print("issue #39: no trivial page in this run (--url), so no reference to judge by")
        return
    base_c, base_w = (med(r["tti"] for r in runs) for runs in results[REFERENCE])
    print(
        f"issue #39, a level's first board against the trivial page of this run "
        f"({base_c:.0f} ms cold, {base_w:.0f} ms warm):"
    )
    for name, (cold, warm) in results.items():
        if not name.startswith("play "):
            continue
        c, w = med(r["tti"] for r in cold), med(r["tti"] for r in warm)
        ok_w = "met" if w < 100 and w - base_w <= 25 else "NOT met"
        ok_c = "met" if c < 150 else "NOT met"
        print(
            f"  {name[5:]:18} warm {w:5.0f} ms = trivial {w - base_w:+.0f} ms (goal < 100 ms, "
            f"within +25 ms: {ok_w}); cold {c:5.0f} ms = trivial {c - base_c:+.0f} ms "
            f"(goal < 150 ms: {ok_c})"
        )


def compress_costs(rounds: int = 20) -> None:
    """Server CPU a cold home visit costs in compression: per request vs compressed once."""
    import gzip
    import time

    from puzzlesmith.server.compress import COMPRESSIBLE, gzipped_file
    from puzzlesmith.server.static_files import STATIC, module_graph

    files = [STATIC / p for p in module_graph(["shell/main.js"], dynamic=False)]
    files += [STATIC / "shell.css", STATIC / "themes.css"]
    files = [f for f in files if f.suffix in COMPRESSIBLE]
    datas = [f.read_bytes() for f in files]
    raw = sum(len(d) for d in datas)
    for level in (9, 6):
        t = time.process_time()
        for _ in range(rounds):
            out = sum(len(gzip.compress(d, compresslevel=level)) for d in datas)
        per = (time.process_time() - t) / rounds * 1000
        print(
            f"  gzip per request, level {level} (GZipMiddleware): {per:6.2f} ms CPU a visit "
            f"({len(files)} files, {raw / 1024:.0f} KB → {out / 1024:.0f} KB)"
        )
    stats = [f.stat() for f in files]
    for f, st in zip(files, stats, strict=True):
        gzipped_file(f, st.st_size, st.st_mtime_ns)  # the first request pays it, once
    t = time.process_time()
    for _ in range(rounds):
        for f, st in zip(files, stats, strict=True):
            gzipped_file(f, st.st_size, st.st_mtime_ns)
    per = (time.process_time() - t) / rounds * 1000
    print(f"  kept gzip (server/compress.py):          {per:6.2f} ms CPU a visit")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=5, help="loads per screen and condition")
    ap.add_argument("--url", help="measure served cold/warm only, against this running server")
    ap.add_argument("--compress", action="store_true", help="compression's server CPU only")
    ap.add_argument(
        "--trace",
        type=int,
        default=-1,
        metavar="TOP",
        help="also trace a warm load each time: main-thread tasks, and the TOP heaviest "
        "trace events and scripts (0: the total only)",
    )
    ap.add_argument("--screens", help="only the screens whose name contains this (e.g. play)")
    ap.add_argument(
        "--online-only",
        action="store_true",
        help="skip the offline and trial-file loads (served and installed only)",
    )
    ap.add_argument(
        "--served-only", action="store_true", help="skip the offline and trial-file loads"
    )
    args = ap.parse_args()
    if args.screens:
        SCREENS[:] = [s for s in SCREENS if args.screens in s[0]]
    if args.compress:
        print("compression, one cold home visit:")
        compress_costs()
        return
    if args.url:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            served(browser, args.url.rstrip("/"), args.loads, reference=False, trace=args.trace)
            browser.close()
        return
    with tempfile.TemporaryDirectory() as tmp:
        trial = Path(tmp) / "trial.html"
        subprocess.run(
            [sys.executable, "-m", "puzzlesmith", "export-html", "-o", str(trial)], check=True
        )
        print(f"trial file: {trial.stat().st_size / 1024:.0f} KB (every mode, every level)")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            with serving(with_trivial_page(create_app())) as base:
                served(browser, base, args.loads, trace=args.trace)
                if args.served_only:
                    browser.close()
                    return
                ctx = browser.new_context(**PHONE, service_workers="allow")
                page = ctx.new_page()
                page.goto(f"{base}/")
                wait_for_cache(page)
                page.close()
                installed(ctx, base, args.loads, SCREENS)
                if args.online_only:
                    ctx.close()
                    browser.close()
                    return
            # the server is gone now; the installed app answers from its cache
            ctx.set_offline(True)
            print("offline (installed app, server stopped):")
            for name, hash_, sel in SCREENS:
                runs = [measure(ctx, f"{base}/?all=1{hash_}", sel) for _ in range(args.loads)]
                print(row(name, runs))
            ctx.close()
            print("trial file (file://):")
            ctx = browser.new_context(**PHONE)
            for name, hash_, sel in SCREENS:
                runs = [measure(ctx, f"{trial.as_uri()}{hash_}", sel) for _ in range(args.loads)]
                print(row(name, runs))
            ctx.close()
            browser.close()


if __name__ == "__main__":
    main()
