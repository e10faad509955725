"""Issue #30 item 7: a stored value of the wrong shape or size never bricks a screen. Each
client key (a mode's save, the settings, the runs, the achievements, a daily board, the
community likes, each mode's editor draft) is set to values a broken or hostile page could leave — a number, an
array, a ``__proto__`` object, deeply nested JSON, 3 MB — and every screen that reads it
opens, drops the bad value and says so with a toast, in both languages."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import record_toasts, shot, wait_toast

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("device", ["touch"], indirect=True)]

BAD = {
    "number": "42",
    "array": "[1,2]",
    "proto": '{"__proto__": {"clearedId": ["x"]}, "history": {"length": 1e9}, "1-1": 7}',
    "deep": "[" * 5000 + "]" * 5000,
    "huge": '{"x": "' + "y" * 3_000_000 + '"}',
}
# key → the screen that reads it, and what must be on that screen afterwards
SCREENS = {
    "mode:04-cows": ("#/04-cows/1-1", ".cw-svg"),
    "shell:settings": ("#/", ".mode-card"),
    "runs:04-cows": ("#/04-cows", ".tile"),
    "achievements": ("#/achievements", ".ach"),
    # the editors' drafts: a blank board of the mode is drawn in place of the bad one
    "puzzlesmith.editor.01-number-stroke": ("#/edit/01-number-stroke", ".ed-board .ed-empty"),
    "puzzlesmith.editor.03-hex-walls": ("#/edit/03-hex-walls", ".ed-board .ed-hex-empty"),
    "puzzlesmith.editor.04-cows": ("#/edit/04-cows", ".ed-board .ed-cow"),
}
DROPPED = {"zh": "已损坏", "en": "damaged"}


@pytest.mark.parametrize("kind", sorted(BAD))
@pytest.mark.parametrize("key", sorted(SCREENS))
def test_a_bad_stored_value_is_dropped_with_a_toast(page: Any, key: str, kind: str) -> None:
    lang = "en" if kind in ("proto", "huge") else "zh"  # both languages, across the cases
    page.goto(f"{page.base_url}/#/")
    page.wait_for_selector(".mode-card")
    page.evaluate(
        "([key, value, lang]) => { localStorage.clear();"
        " if (key !== 'shell:settings') localStorage.setItem('shell:settings', JSON.stringify({lang}));"
        " localStorage.setItem(key, value); }",
        [key, BAD[kind], lang],
    )
    route, ready = SCREENS[key]
    record_toasts(page)
    page.goto(f"{page.base_url}/?reload={kind}{route}")
    page.wait_for_selector(ready)
    if kind == "proto" and key in ("mode:04-cows", "shell:settings"):
        # an object: repaired field by field (saves.js / settings.js keep what is valid)
        stored = page.evaluate("(key) => localStorage.getItem(key)", key)
        assert key != "mode:04-cows" or "__proto__" not in stored, stored  # rewritten without it
        return
    wait_toast(page, DROPPED["zh" if key == "shell:settings" else lang])
    if kind in ("array", "huge"):
        shot(page, f"bricked-{key.replace(':', '-')}-{kind}-touch")
    assert not page.locator("text=/加载失败|Could not load/").count()  # the screen itself opened
    stored = page.evaluate("(key) => localStorage.getItem(key)", key)
    assert stored is None or stored.startswith("{"), stored[:80]  # dropped, or a fresh value
    page.reload()  # and the screen stays usable: no toast the second time, same screen
    page.wait_for_selector(ready)
