"""Stream mode in Chromium: the streamer opens a room from the game, two phone viewers vote,
the overlay shows the tally, and the round is decided by the viewers' votes."""

from __future__ import annotations

from typing import Any

from browser_support import shot
from conftest import DEVICES


def new_page(browser: Any, device: str | dict[str, Any]) -> Any:
    """A page in a fresh Chinese context on ``device`` (a DEVICES name or context options;
    service workers off: live data only)."""
    options = DEVICES[device] if isinstance(device, str) else device
    ctx = browser.new_context(**options, locale="zh-CN", service_workers="block")
    pg = ctx.new_page()
    pg.set_default_timeout(10000)
    return pg


def stream_from_game(pg: Any, url: str) -> str:
    """Open ``url`` (a level in the game), ☰ → 直播这一关: the host page; its room code."""
    pg.goto(url)
    pg.locator(".mode-root svg").first.wait_for()
    pg.click("#tb-menu")
    pg.click('[data-menu="stream"]')
    pg.wait_for_url("**/static/stream/index.html#/host/*")
    room: str = pg.url.rsplit("/", 1)[1]
    pg.locator(".st-board [data-cell]").first.wait_for()
    return room


def test_a_round_decided_by_phone_viewers(browser: Any, live_server: str) -> None:
    errors: list[str] = []

    def open_page(device: str | dict[str, Any], url: str) -> Any:
        pg = new_page(browser, device)
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        pg.goto(url)
        return pg

    # the streamer: a level in the game, ☰ → 直播这一关 → the host page with the links
    host = open_page("mouse", "about:blank")
    room = stream_from_game(host, f"{live_server}/?all=1#/04-cows/1-3")
    assert host.locator('[data-link="viewer"]').inner_text().endswith(f"/r/{room}")

    phones = [open_page("touch", f"{live_server}/r/{room}") for _ in range(2)]
    overlay = open_page(
        {"viewport": {"width": 1280, "height": 720}},
        f"{live_server}/static/stream/index.html#/overlay/{room}?w=1280&h=720",
    )
    for pg in [*phones, overlay]:
        pg.locator(".st-board [data-cell]").first.wait_for()
    assert "transparent" in overlay.evaluate("getComputedStyle(document.body).backgroundColor") or (
        overlay.evaluate("getComputedStyle(document.body).backgroundColor") == "rgba(0, 0, 0, 0)"
    )

    host.select_option(".st-seconds", "60")
    host.click('[data-action="vote"]')
    for pg in phones:
        pg.locator('[data-target="r2c4"]').wait_for()
    phones[0].locator('[data-target="r1c1"]').click()  # a first pick, changed below
    phones[0].locator('[data-target="r2c4"]').click()
    phones[1].locator('[data-target="r2c4"]').click()
    for pg in phones:
        pg.locator(".st-note", has_text="r2c4").wait_for()
    overlay.locator('.st-bar[data-cell="r2c4"]', has_text="2").wait_for()
    host.locator('.st-bar[data-cell="r2c4"]', has_text="2").wait_for()
    shot(phones[0], "stream-viewer-phone")
    shot(overlay, "stream-overlay")
    shot(host, "stream-host")

    host.click('[data-action="close"]')  # decide now: the viewers' choice is played
    for pg in [host, *phones, overlay]:
        pg.locator(".st-line", has_text="r2c4").wait_for()
        pg.locator(".st-piece").first.wait_for()
    assert phones[1].locator(".st-piece").count() == 1
    shot(phones[1], "stream-viewer-after")

    # what a viewer sends is shown as text, never as markup
    phones[1].click('[data-action="hint"]')
    phones[1].locator('.st-board [data-cell="r3c3"]').click()
    phones[1].click('[data-action="preset-stuck"]')
    host.locator(".st-hint-row", has_text="这一片卡住了").wait_for()
    host.locator('.st-hint[data-hint="r3c3"]').wait_for()
    shot(host, "stream-host-hint")
    assert not errors, errors
    for pg in [host, *phones, overlay]:
        pg.context.close()


def test_a_room_from_a_level_code(browser: Any, live_server: str) -> None:
    """#/play/<code> (a level in no pack) opens a room for exactly that level."""
    from puzzlesmith.core import registry
    from puzzlesmith.core.codes import encode_level

    m = registry.get("hex")
    code = encode_level(m, m.shipped_packs()[0].levels[1])
    pg = new_page(browser, "touch")
    stream_from_game(pg, f"{live_server}/#/play/{code}")
    pg.locator('.st-board [data-cell="1,0"]').wait_for()
    pg.context.close()


def test_hex_turning_walls_stand_where_the_position_puts_them(
    browser: Any, live_server: str
) -> None:
    """The room's picture shows a turner on its start edge; after each landing the host's and
    a viewer's board move it to the edge the rules say (what the viewers vote around)."""
    from puzzlesmith.core import registry

    m = registry.get("hex")
    level = m.find_level("2-1")[1]
    assert level.turners, "2-1 is a level with a turning wall"
    moves = m.solution_moves(level)

    def edges(pg: Any) -> list[str]:
        return [
            e or ""
            for e in pg.eval_on_selector_all(
                ".st-board line.st-turn-on", "ls => ls.map(l => l.dataset.edge)"
            )
        ]

    host = new_page(browser, "mouse")
    room = stream_from_game(host, f"{live_server}/?all=1#/{m.id}/2-1")
    phone = new_page(browser, "touch")
    phone.goto(f"{live_server}/r/{room}")
    for k in range(4):
        want = [m.replay(level, moves[:k])["turners"][j]["edge"] for j in range(len(level.turners))]
        keys = ["|".join(f"{q},{r}" for q, r in e) for e in want]
        for pg in (host, phone):
            pg.wait_for_function(
                "(keys) => JSON.stringify([...document.querySelectorAll("
                "'.st-board line.st-turn-on')].map(l => l.dataset.edge)) === JSON.stringify(keys)",
                arg=keys,
            )
            assert edges(pg) == keys
        if k == 2:
            shot(phone, "stream-viewer-hex-turner")
        cell = moves[k].split(" ", 1)[1]
        host.locator(f'[data-target="{cell}"]').click()
        host.locator(".st-step", has_text=str(k + 1)).first.wait_for()
    host.context.close()
    phone.context.close()


def test_the_streamer_draws_a_path_in_one_drag(browser: Any, live_server: str) -> None:
    """Path modes: the host plays as in the game, one drag through the cells (each move sent
    when the previous one is in the room's state); the viewers see the level cleared."""
    from puzzlesmith.core import registry

    m = registry.get("stroke")
    level = m.find_level("2-1")[1]
    sol = [mv.split(" ", 1)[1] for mv in m.solution_moves(level)]
    host = new_page(browser, "mouse")
    room = stream_from_game(host, f"{live_server}/?all=1#/{m.id}/2-1")
    assert host.inner_text(".st-note") == "点亮起的格子，或一笔拖过几格"
    viewer = host.context.new_page()
    viewer.goto(f"{live_server}/r/{room}")
    viewer.locator(".st-board [data-cell]").first.wait_for()

    def centre(cell: str) -> tuple[float, float]:
        box = host.locator(f'.st-board [data-cell="{cell}"]').bounding_box()
        assert box is not None
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    points = [centre(c) for c in sol]
    host.mouse.move(*points[0])
    host.mouse.down()
    for x, y in points[1:]:
        host.mouse.move(x, y, steps=4)
    host.mouse.up()
    for pg in (host, viewer):
        pg.wait_for_function(
            "(n) => document.querySelectorAll('.st-board .st-step').length === n", arg=len(sol)
        )
        pg.locator(".st-board.st-celebrate").wait_for()
    steps = host.eval_on_selector_all(".st-board .st-step", "ts => ts.map(t => t.textContent)")
    assert steps == [str(k) for k in range(1, len(sol) + 1)]
    shot(host, "stream-host-drawn")
    host.context.close()
