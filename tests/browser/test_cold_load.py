"""A cold visit fetches what its screen runs (issue #29): the home page never asks for the
daily, replay, achievement or stream modules; they come when their screen is opened; a
level's deep link asks for its mode's files and its JSON with the shell's, not after it."""

from __future__ import annotations

from typing import Any

import pytest

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)
ON_USE = ("/shell/daily.js", "/shell/replay.js", "/shell/achievements.js", "/stream/open.js")


def record_requests(page: Any) -> list[str]:
    """Every URL the page asks for from now on (preloads included)."""
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    return urls


def asked(urls: list[str], tail: str) -> bool:
    return any(u.split("?")[0].endswith(tail) for u in urls)


def fetched_by(page: Any, path: str) -> list[str]:
    """Who started each fetch of ``path`` ("link": a preload; "fetch": a script's own)."""
    out: list[str] = page.evaluate(
        "(path) => performance.getEntriesByType('resource')"
        ".filter((e) => new URL(e.name).pathname === path).map((e) => e.initiatorType)",
        path,
    )
    return out


@TOUCH_ONLY
def test_home_asks_for_no_screen_it_does_not_show(page: Any) -> None:
    urls = record_requests(page)
    page.goto(page.base_url + "/#/")
    page.wait_for_selector(".mode-card")
    page.wait_for_selector(".daily-card")  # the daily card is there, its screens are not
    page.wait_for_function("document.readyState === 'complete'")
    assert asked(urls, "/shell/main.js") and asked(urls, "/api/modes")
    # the mode list and every mode's packs (the cards' counts): fetched once each, by the
    # page's early preloads, which the shell's own fetches took over
    assert fetched_by(page, "/api/modes") == ["link"]
    assert fetched_by(page, "/api/modes/04-cows/packs") == ["link"]
    for tail in ON_USE:
        assert not asked(urls, tail), tail
    # opened from the menu: the achievement screen loads its module then
    page.click("#tb-menu")
    page.click('[data-menu="achievements"]')
    page.wait_for_selector(".ach-list")
    assert asked(urls, "/shell/achievements.js")
    assert not asked(urls, "/shell/daily.js") and not asked(urls, "/stream/open.js")
    page.click("#tb-back")
    page.click('.daily-card[data-mode="daily"]')
    page.wait_for_function("location.hash === '#/daily'")
    page.wait_for_function(
        "urls => performance.getEntriesByType('resource').some((e) => e.name.endsWith(urls))",
        arg="/shell/daily.js",
    )


@TOUCH_ONLY
def test_a_level_deep_link_preloads_its_mode_with_the_shell(page: Any) -> None:
    urls = record_requests(page)
    page.goto(page.base_url + "/#/04-cows/1-1")
    page.wait_for_selector(".mode-root svg")
    head = page.evaluate(
        "[...document.querySelectorAll('link[rel=modulepreload], link[rel=preload]')]"
        ".map((l) => new URL(l.href).pathname)"
    )
    assert any(h.endswith("/modes/04-cows.js") for h in head), head
    assert any(h.endswith("/modes/04-cows.css") for h in head), head
    assert not any("/modes/01-number-stroke" in u for u in urls)  # only the linked mode's
    for path in ("/api/modes", "/api/modes/04-cows/packs", "/api/modes/04-cows/levels/1-1"):
        assert fetched_by(page, path) == ["link"], path  # one fetch each, started early
    # the links above ran before any module (module scripts wait for the parser), so each
    # of the mode's files is fetched once, by its preload, before the shell imports it
    mode_files = page.evaluate(
        "performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"
        ".filter((p) => p.includes('/modes/04-cows'))"
    )
    assert any(p.endswith("/modes/04-cows.js") for p in mode_files), mode_files
    assert len(mode_files) == len(set(mode_files)), mode_files
