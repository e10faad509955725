"""Playing with no server: the single-file trial build and the installed offline app."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from browser_support import Pointer, serving, shot
from conftest import DEVICES
from offline_helpers import MODES, clear, cleared, wait_board

from puzzlesmith.server.app import create_app
from puzzlesmith.server.bundle import STORAGE_PREFIX
from puzzlesmith.server.routers.pwa import precache

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)
# The data source's view of the server, and the sentence a feature that needs it shows.
_ONLINE = """async (url) => {
  const m = await import(url);
  return [m.dataSource.online, m.needsConnection('每日挑战')];
}"""


@pytest.fixture(scope="module")
def trial(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("trial") / "trial.html"
    subprocess.run(
        [sys.executable, "-m", "puzzlesmith", "export-html", "-o", str(out)],
        check=True,
        capture_output=True,
    )
    return out


@TOUCH_ONLY
def test_trial_file_plays_every_mode_from_file_url_with_no_network(
    context: Any, trial: Path, pointer: Pointer
) -> None:
    page = pointer.page
    asked: list[str] = []

    def block(route: Any) -> None:  # anything but the file itself and its blob: modules
        url = route.request.url
        if url.startswith(("file:", "blob:", "data:")):
            route.continue_()
        else:
            asked.append(url)
            route.abort()

    context.route("**/*", block)
    url = trial.as_uri()
    page.goto(url)
    page.wait_for_selector(".mode-card")
    assert [c.get_attribute("data-mode") for c in page.query_selector_all(".mode-card")] == list(
        MODES
    )
    # every level open: a late level of the biggest pack, without clearing anything
    page.goto(f"{url}#/04-cows")
    page.wait_for_selector(".tile")
    assert page.locator(".tile.locked").count() == 0
    # a hint with no server: 补数字 reveals a number from the baked solution
    page.goto(f"{url}#/01-number-stroke/1-2")
    wait_board(page, "01-number-stroke", "1-2")
    page.click('[data-action="reveal"]')
    page.wait_for_selector(".ns-ring-amber")
    shot(page, "offline-trial-stroke-reveal")
    # …and Cows' hint names itself offline
    page.goto(f"{url}#/04-cows/1-1")
    wait_board(page, "04-cows", "1-1")
    page.click('[data-action="hint"]')
    page.wait_for_selector(".cw-hintbox:not([hidden])")
    assert "离线" in (page.text_content(".cw-hintbox") or "")
    for mode in MODES:
        page.goto(f"{url}#/{mode}/1-1")
        wait_board(page, mode, "1-1")
        clear(page, pointer, mode, "1-1")
    page.goto(f"{url}#/")
    page.reload()
    page.wait_for_selector(".mode-card")
    for mode in MODES:
        assert cleared(page, f"{STORAGE_PREFIX}mode:{mode}") == ["1-1"]
        assert page.evaluate("(k) => localStorage.getItem(k)", f"mode:{mode}") is None
    assert "· 1/" in (page.text_content('.mode-card[data-mode="04-cows"]') or "")
    shot(page, "offline-trial-home-after-clears")
    online, notice = page.evaluate(_ONLINE, "@ps/shell/datasource.js")
    assert online is False and "试玩文件" in notice  # what dailies & co. say here
    # issue #31: no 社区关卡 / ✎ on the trial's home (they only lead to an error), every
    # key under the trial: prefix (runs and achievements too), and an error screen's title
    assert page.locator(".editor-links, [data-community], [data-edit]").count() == 0
    keys = page.evaluate("Object.keys(localStorage)")
    assert keys and all(k.startswith(STORAGE_PREFIX) for k in keys), keys
    assert f"{STORAGE_PREFIX}runs:04-cows" in keys and f"{STORAGE_PREFIX}achievements" in keys
    page.goto(f"{url}#/04-cows/1-1")
    wait_board(page, "04-cows", "1-1")
    page.goto(f"{url}#/edit/04-cows")
    page.wait_for_selector(".error-box")
    assert page.text_content("#tb-title") == "关卡编辑器"  # not the level's "1-1"
    assert asked == []


def _cache_filled(page: Any, version: str, total: int) -> list[str]:
    """Wait until the service worker is active, controls the page and has stored ``total``
    entries in the cache of ``version``; the cache names then."""
    names: list[str] = page.evaluate(
        """async ([version, total]) => {
          await navigator.serviceWorker.ready;
          const name = 'puzzlesmith-' + version;
          for (let i = 0; i < 200; i++) {
            const have = (await caches.keys()).includes(name)
              ? (await (await caches.open(name)).keys()).length : 0;
            if (navigator.serviceWorker.controller && have >= total) return caches.keys();
            await new Promise((r) => setTimeout(r, 100));
          }
          return ['timed out: ' + JSON.stringify(await caches.keys())];
        }""",
        [version, total],
    )
    return names


def test_installed_app_plays_every_mode_offline(browser: Any) -> None:
    """One online visit, then the server stopped and the context offline: every mode plays.

    Playwright's offline switch does not always reach a service worker's own fetches, so
    the server itself is shut down as well: whatever slips past the switch is refused.
    """
    ctx = browser.new_context(**DEVICES["touch"], locale="zh-CN", service_workers="allow")
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        with serving(create_app()) as base:
            page.goto(f"{base}/")
            page.wait_for_selector(".mode-card")
            want = precache()
            total = len(want["pages"]) + len(want["static"]) + len(want["api"])
            assert _cache_filled(page, want["version"], total) == [f"puzzlesmith-{want['version']}"]
            man = page.request.get(f"{base}/manifest.webmanifest")
            assert man.headers["content-type"].startswith("application/manifest+json")
            cdp = ctx.new_cdp_session(page)
            errs = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            # Playwright's contexts are incognito profiles, where Chromium never installs;
            # every other rule (manifest fields, icons, service worker, secure origin) holds.
            assert [e["errorId"] for e in errs if e["errorId"] != "in-incognito"] == [], errs
        ctx.set_offline(True)
        page.reload()
        page.wait_for_selector(".mode-card")
        pointer = Pointer(page, "touch")
        for mode in MODES:
            page.goto(f"{base}/#/{mode}/1-1")
            wait_board(page, mode, "1-1")
            if mode == "01-number-stroke":  # a hint with the server gone
                page.click('[data-action="reveal"]')
                page.wait_for_selector(".ns-ring-amber")
            clear(page, pointer, mode, "1-1")
            assert cleared(page, f"mode:{mode}") == ["1-1"]
        page.goto(f"{base}/#/")
        page.reload()  # still offline: the start page from the cache, progress kept
        page.wait_for_selector(".mode-card")
        assert "· 1/" in (page.text_content('.mode-card[data-mode="04-cows"]') or "")
        shot(page, "offline-pwa-after-clears")
        # answered from the cache, marked so: the shell knows the server is not there
        module = page.eval_on_selector('script[src$="/shell/main.js"]', "e => e.src")
        online, notice = page.evaluate(_ONLINE, module.replace("main.js", "datasource.js"))
        assert online is False and "需要联网" in notice
        assert errors == []
    finally:
        ctx.close()


def test_a_new_build_is_picked_up_on_the_next_visit(
    browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new static version (here: the hash forced to another value, as a changed file would
    make it) reaches an installed app on its next visit, and the old cache is dropped."""
    from puzzlesmith.server import static_files

    ctx = browser.new_context(**DEVICES["mouse"], service_workers="allow")
    try:
        page = ctx.new_page()
        with serving(create_app()) as base:
            page.goto(f"{base}/")
            old = precache()
            total = len(old["pages"]) + len(old["static"]) + len(old["api"])
            assert _cache_filled(page, old["version"], total) == [f"puzzlesmith-{old['version']}"]
            monkeypatch.setattr(static_files, "_hash", lambda *_: "b" * 12)
            monkeypatch.setattr(static_files, "_served", {})  # a visit past VERSION_TTL
            page.reload()  # the start page is network-first: the new build's modules at once
            page.wait_for_selector(".mode-card")
            scripts = page.eval_on_selector_all("script[src]", "els => els.map((e) => e.src)")
            assert all("/static/v/bbbbbbbbbbbb/" in s for s in scripts), scripts
            # …and the browser's check of /sw.js installs the new worker, which drops the old cache
            _cache_filled(page, "b" * 12, total)
            names = page.evaluate(
                """async () => {
                  for (let i = 0; i < 100 && (await caches.keys()).length > 1; i++) {
                    await new Promise((r) => setTimeout(r, 100));
                  }
                  return caches.keys();
                }"""
            )
            assert names == ["puzzlesmith-bbbbbbbbbbbb"]
    finally:
        ctx.close()
