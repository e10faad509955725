"""The client asks for the daily of its own local date: every daily call carries
``X-Local-Date`` in the device's time zone (Kiritimati, UTC+14, and Pago Pago, UTC−11,
are on different dates for 1 h of every 24 and a day apart at times: each sends its own)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from conftest import DEVICES


@pytest.fixture(scope="module")
def live_server(daily_server: tuple[str, Any]) -> str:
    return daily_server[0]


@pytest.mark.parametrize("lang", ["zh-CN", "en-US"])
@pytest.mark.parametrize("zone", ["Pacific/Kiritimati", "Pacific/Pago_Pago"])
def test_the_daily_asks_for_the_device_s_own_date(
    browser: Any, daily_server: tuple[str, Any], zone: str, lang: str
) -> None:
    base, _ = daily_server
    ctx = browser.new_context(
        **DEVICES["touch"], locale=lang, timezone_id=zone, service_workers="block"
    )
    try:
        page = ctx.new_page()
        page.set_default_timeout(30000)
        sent: list[tuple[str, str | None]] = []
        page.on("request", lambda r: sent.append((r.url, r.headers.get("x-local-date"))))
        before = datetime.now(UTC).astimezone(ZoneInfo(zone)).date().isoformat()
        with page.expect_response(lambda r: r.url.endswith("/api/daily") and r.ok) as answer:
            page.goto(f"{base}/#/daily")
        after = datetime.now(UTC).astimezone(ZoneInfo(zone)).date().isoformat()
        asked = [h for url, h in sent if url.endswith("/api/daily") and h is not None]
        assert asked and all(h in (before, after) for h in asked), (asked, before, after)
        assert answer.value.json()["date"] in (before, after)  # the server gave that date's
        assert page.evaluate("new Date().getTimezoneOffset()") in (-14 * 60, 11 * 60)
    finally:
        ctx.close()
