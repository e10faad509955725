"""Browser-test fixtures reusable by every mode: a live server, Chromium, and two devices.

- ``live_server``: the real app under uvicorn on a free loopback port (a thread).
- ``browser``: Debian's Chromium (/usr/bin/chromium) through Playwright's sync API.
- ``device`` (parametrised "touch" / "mouse") and ``page``: a 390×844 touch phone
  context, or a desktop mouse context; fresh storage per test.
- ``Pointer``: drags and taps as real input — CDP touch events on the phone (so the page
  sees ``pointerType == "touch"``), Playwright's mouse on the desktop.
``browser_support`` holds ``Pointer`` and ``shot`` (screenshots into test-artifacts/, gitignored).
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # browser_support, stroke_helpers

from browser_support import CHROMIUM, CHROMIUM_ARGS, Pointer, serving

DEVICES: dict[str, dict[str, Any]] = {
    "touch": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "has_touch": True,
        "is_mobile": True,
    },
    "mouse": {"viewport": {"width": 1280, "height": 800}, "has_touch": False, "is_mobile": False},
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def live_server() -> Iterator[str]:
    """The app on http://127.0.0.1:<free port>, served from a background thread."""
    from puzzlesmith.server.app import create_app

    with serving(create_app()) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip(f"no Chromium at {CHROMIUM} (scripts/setup dev installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(params=["touch", "mouse"])
def device(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def context(browser: Any, device: str) -> Iterator[Any]:
    ctx = browser.new_context(**DEVICES[device], locale="zh-CN", service_workers="block")
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: Any, live_server: str) -> Iterator[Any]:
    pg = context.new_page()
    pg.set_default_timeout(30000)  # waits on conditions: generous, for 8 workers on 2 cores
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.base_url = live_server  # type: ignore[attr-defined]
    pg.js_errors = errors  # type: ignore[attr-defined]
    yield pg
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def pointer(page: Any, device: str) -> Pointer:
    return Pointer(page, device)


@pytest.fixture(scope="module")
def daily_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """A real server with its own data dir (a fresh SQLite store and secret), for the
    daily tests; a module that uses it overrides ``live_server`` with its URL."""
    from puzzlesmith.server.app import create_app
    from puzzlesmith.server.config import settings
    from puzzlesmith.server.daily.runs import Rules
    from puzzlesmith.server.state import close_services

    conf = settings(data_dir=Path(tmp_path_factory.mktemp("daily-data")))
    # gestures in a test are faster than a person: the too-fast flag has its API test
    app = create_app(conf, rules=Rules(min_ms_per_move=0))
    with serving(app) as url:
        yield url, app
    close_services(app)
