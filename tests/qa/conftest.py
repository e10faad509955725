"""Reuse the browser fixtures of tests/browser (live server, Chromium, phone context, Pointer)
for the QA browser tests here, without copying them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_BROWSER = Path(__file__).resolve().parents[1] / "browser"
sys.path.insert(0, str(_BROWSER))  # browser_support
_spec = importlib.util.spec_from_file_location("qa_browser_fixtures", _BROWSER / "conftest.py")
assert _spec is not None and _spec.loader is not None
_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fixtures)

live_server = _fixtures.live_server
browser = _fixtures.browser
device = _fixtures.device
context = _fixtures.context
page = _fixtures.page
pointer = _fixtures.pointer
