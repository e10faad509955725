"""Stream mode in Chromium: the streamer opens a room from the game, two phone viewers vote,
the overlay shows the tally, and the round is decided by the viewers' votes."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from browser_support import shot
from conftest import DEVICES


def new_page(browser: Any, device: str | dict[str, Any]) -> Any:
    """A page in a fresh Chinese context on ``device`` (a DEVICES name or context options;
    service workers off: live data only)."""
    options = DEVICES[device] if isinstance(device, str) else device
    ctx = browser.new_context(**options, locale="zh-CN", service_workers="block")
    pg = ctx.new_page()
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
    from puzzlesmith.core.codes import decode_level, encode_level

    m = registry.get("hex")
    code = encode_level(m, m.shipped_packs()[0].levels[1])
    want = sorted(m.cell_ids(decode_level(code)[1]))  # the code's canonical cell ids
    others = [
        lv for p in m.shipped_packs() for lv in p.levels
        if sorted(m.cell_ids(decode_level(encode_level(m, lv))[1])) == want
    ]  # fmt: skip
    assert len(others) == 1, "another shipped level has the same cells: the check would pass"
    pg = new_page(browser, "touch")
    stream_from_game(pg, f"{live_server}/#/play/{code}")
    cells = "[...new Set([...document.querySelectorAll('.st-board [data-cell]')].map(e => e.dataset.cell))]"
    pg.wait_for_function(f"n => {cells}.length >= n", arg=len(want))
    assert sorted(pg.evaluate(cells)) == want
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


# ---- the streamer's and viewers' rough edges (issue #31) --------------------------------------
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "stream"))
from stream_support import Client, open_room, run  # noqa: E402

CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef]")


def overlay_page(browser: Any, base: str, room: str, query: str = "") -> Any:
    pg = new_page(browser, {"viewport": {"width": 1280, "height": 720}})
    pg.goto(f"{base}/static/stream/index.html#/overlay/{room}?w=1280&h=720{query}")
    pg.locator(".st-board [data-cell]").first.wait_for()
    return pg


def test_the_host_page_leads_back_to_the_game_and_writes_no_cell_ids(
    browser: Any, live_server: str
) -> None:
    pg = new_page(browser, "touch")
    stream_from_game(pg, f"{live_server}/?all=1#/01-number-stroke/1-1")
    pg.locator(".st-target").first.wait_for()
    assert pg.locator(".st-board .st-label").count() == 0  # no "e" written on the 1
    shot(pg, "stream-host-back")
    back = pg.locator('[data-action="back"]')
    assert back.is_visible() and back.bounding_box()["y"] < 120  # at the top, in reach
    back.click()
    pg.wait_for_url("**/#/01-number-stroke/1-1")
    pg.locator(".mode-root svg").first.wait_for()
    pg.context.close()


def test_the_overlay_is_not_counted_as_a_viewer(browser: Any, live_server: str) -> None:
    host = new_page(browser, "mouse")
    room = stream_from_game(host, f"{live_server}/?all=1#/04-cows/1-1")
    overlay = overlay_page(browser, live_server, room)
    phone = new_page(browser, "touch")
    phone.goto(f"{live_server}/r/{room}")
    phone.locator(".st-board [data-cell]").first.wait_for()
    host.locator(".st-count-line", has_text="1 位观众").wait_for()  # the phone, not the overlay
    # the overlay joined before the phone and is still there when the phone leaves
    phone.context.close()
    host.locator(".st-count-line", has_text="0 位观众").wait_for()
    assert overlay.locator(".st-board [data-cell]").count() > 0
    for pg in (host, overlay):
        pg.context.close()


def test_a_viewer_chooses_the_name_the_streamer_sees(browser: Any, live_server: str) -> None:
    host = new_page(browser, "mouse")
    room = stream_from_game(host, f"{live_server}/?all=1#/04-cows/1-1")
    phone = new_page(browser, "touch")
    phone.goto(f"{live_server}/r/{room}")
    phone.locator(".st-board [data-cell]").first.wait_for()
    phone.fill(".st-name", "小明 <b>")
    phone.click('[data-action="name"]')
    phone.click('[data-action="hint"]')
    phone.locator('.st-board [data-cell="r1c1"]').click()
    phone.click('[data-action="preset-look"]')
    host.locator(".st-hint-row", has_text="小明 <b>: r1c1").wait_for()  # text, not markup
    shot(phone, "stream-viewer-name")
    phone.reload()  # the name is kept by this browser
    phone.locator(".st-board [data-cell]").first.wait_for()
    assert phone.input_value(".st-name") == "小明 <b>"
    for pg in (host, phone):
        pg.context.close()


def test_stream_pages_switch_language(browser: Any, live_server: str) -> None:
    info = open_room(live_server, mode="cows", level="1-3")
    overlay = overlay_page(browser, live_server, info["room"], "&lang=en")
    overlay.locator(".st-side .st-head", has_text=f"Room {info['room']}").wait_for()
    side = overlay.evaluate(
        "() => { const s = document.querySelector('.st-side').cloneNode(true);"
        " s.querySelector('[data-action=lang]').remove(); return s.innerText; }"
    )  # the switch names the other language in that language: 中文
    assert not CJK.search(side), side  # an OBS source in English, by its URL alone
    shot(overlay, "stream-overlay-en")
    overlay.click('[data-action="lang"]')  # and the switch: back to Chinese
    overlay.locator(".st-side .st-head", has_text=f"房间 {info['room']}").wait_for()
    phone = new_page(browser, "touch")
    phone.goto(f"{live_server}/r/{info['room']}")
    phone.locator(".st-board [data-cell]").first.wait_for()
    phone.locator(".st-note", has_text="点亮起的格子").wait_for()
    phone.click('[data-action="lang"]')
    phone.locator(".st-note", has_text="Tap a lit cell").wait_for()
    assert phone.locator('[data-action="lang"]').inner_text() == "中文"
    shot(phone, "stream-viewer-en")
    for pg in (overlay, phone):
        pg.context.close()


def test_the_overlay_celebration_is_centred(browser: Any, live_server: str) -> None:
    from puzzlesmith.core import registry

    info = open_room(live_server, mode="cows", level="1-1")
    overlay = overlay_page(browser, live_server, info["room"])
    m = registry.get("cows")

    async def solve() -> None:
        host = await Client.connect(live_server, info["room"], role="host", key=info["host_key"])
        for move in m.solution_moves(m.find_level("1-1")[1]):
            await host.send(type="host", key=info["host_key"], action="move", move=move)
            await host.until(lambda msg: msg["type"] in ("ok", "error"))
        await host.close()

    run(solve())
    party = overlay.locator(".st-party")
    party.wait_for()
    overlay.wait_for_function(
        "getComputedStyle(document.querySelector('.st-party')).transform === 'none' ||"
        " getComputedStyle(document.querySelector('.st-party')).transform ==="
        " 'matrix(1, 0, 0, 1, 0, 0)'"
    )  # the pop animation has ended
    shot(overlay, "stream-overlay-cleared")
    # where the ink is (not the text box: a full-width "！" is half empty), by the font itself
    ink = overlay.evaluate(
        """() => { const e = document.querySelector('.st-party'), r = document.createRange();
        r.selectNodeContents(e);
        const b = r.getBoundingClientRect(), css = getComputedStyle(e);
        const g = document.createElement('canvas').getContext('2d');
        g.font = `${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
        const m = g.measureText(e.textContent);
        return [b.x - m.actualBoundingBoxLeft + (m.actualBoundingBoxLeft + m.actualBoundingBoxRight) / 2,
                b.y + b.height / 2]; }"""
    )
    assert abs(ink[0] - 640) < 8 and abs(ink[1] - 360) < 12, (
        ink
    )  # the middle of the 1280×720 source
    overlay.context.close()


def test_cell_names_stay_clear_of_region_letters(browser: Any, live_server: str) -> None:
    """Cows' region letters (top left of a cell) and the names chat votes by never overlap,
    on the overlay (names for chat) and the host page (no names)."""
    host = new_page(browser, "touch")
    room = stream_from_game(host, f"{live_server}/?all=1#/04-cows/3-1")
    overlay = overlay_page(browser, live_server, room)
    host.click('[data-action="vote"]')
    overlay.locator(".st-label").first.wait_for()
    overlap = """() => {
      const boxes = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
      const letters = boxes('.st-svg > text, .st-svg > g > text:not(.st-label):not(.st-count):not(.st-step)');
      const names = boxes('.st-label');
      // a name closer than 2 px to a letter reads as one word with it ("Ar0c0")
      let n = 0;
      const m = 2;
      for (const a of letters) for (const b of names)
        if (a.x < b.x + b.width + m && b.x < a.x + a.width + m && a.y < b.y + b.height + m && b.y < a.y + a.height + m) n++;
      return [letters.length, names.length, n];
    }"""
    letters, names, hits = overlay.evaluate(overlap)
    assert letters >= 81 and names == 81 and hits == 0, (letters, names, hits)
    shot(overlay, "stream-overlay-names")
    host.locator(".st-target").first.wait_for()
    assert host.evaluate(overlap)[2] == 0 and host.locator(".st-label").count() == 0
    shot(host, "stream-host-cows")
    for pg in (host, overlay):
        pg.context.close()


def test_the_viewer_page_keeps_trying_an_unknown_room(browser: Any, live_server: str) -> None:
    """A room that is not there (yet, or on a restarting server) is tried again with
    backoff, saying so; the page never goes quiet."""
    phone = new_page(browser, "touch")
    sockets: list[str] = []
    phone.on("websocket", lambda ws: sockets.append(ws.url))
    phone.goto(f"{live_server}/r/NOPE9")
    phone.locator(".st-note", has_text="正在重试").wait_for(timeout=20000)
    while len(sockets) < 3:  # each retry opens a socket (the wait fails after its timeout)
        phone.wait_for_event("websocket")
    assert len(sockets) >= 3, sockets
    assert "没有这个房间" in phone.locator(".st-note").first.inner_text()
    shot(phone, "stream-viewer-retry")
    phone.context.close()
