"""Every theme passes the contrast check (tools/theme_check.py), the check itself can fail,
the settings list and themes.css agree, and "classic" is the look shell.css defines."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("theme_check", ROOT / "tools" / "theme_check.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


tc = _load()
THEMES = tc.parse_themes(tc.THEMES_CSS.read_text(encoding="utf-8"))


def test_settings_offer_exactly_the_themes_in_the_css() -> None:
    ids = tc.theme_ids_in_js(tc.THEMES_JS.read_text(encoding="utf-8"))
    assert ids == list(THEMES) and {"classic", "dark", "paper", "contrast"} <= set(ids)


@pytest.mark.parametrize("theme", list(THEMES))
def test_theme_passes_contrast_and_colour_vision_checks(theme: str) -> None:
    fails, lines = tc.check_theme(THEMES[theme])
    assert not fails, fails
    assert len(lines) == len(tc.TEXT) + len(tc.LARGE) + 3 * len(tc.APART)


def test_the_check_fails_what_it_should() -> None:
    bad = dict(
        THEMES["classic"], **{"--muted": "#9A9CAE", "--path": "#4CAF50", "--conflict": "#E5484D"}
    )
    fails, _ = tc.check_theme(bad)
    assert any("secondary text" in f for f in fails)
    # red against green: far apart to normal eyes, close with deuteranopia or protanopia
    assert tc.delta_e(tc._rgb("#E5484D"), tc._rgb("#4CAF50")) > 60
    assert any("--path" in f and ("deuteranopia" in f or "protanopia" in f) for f in fails)
    assert not any("--path" in f and "normal" in f for f in fails)
    fails, _ = tc.check_theme({k: v for k, v in THEMES["classic"].items() if k != "--bg"})
    assert any("--bg is missing" in f for f in fails)


def test_classic_is_the_current_look() -> None:
    css = (tc.STATIC / "shell.css").read_text(encoding="utf-8")
    root = re.search(r":root\s*\{([^}]*)\}", css)
    assert root
    shell = {
        k: v.upper()
        for k, v in re.findall(r"(--[\w-]+)\s*:\s*(#[0-9A-Fa-f]{6})\s*;", root.group(1))
    }
    for k, v in THEMES["classic"].items():
        if k in shell:
            assert shell[k] == v, k
