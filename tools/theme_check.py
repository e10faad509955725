"""Check every theme in static/themes.css: text contrast (WCAG 2.x AA) and conflict colours
that stay apart under simulated deuteranopia and protanopia.

    python tools/theme_check.py          # prints a table; exit 1 when a theme fails

Text pairs need 4.5:1; the board's numbers (bold, at least ~19 px) are WCAG "large text"
and need 3:1. Colour-vision deficiencies are simulated with Machado, Oliveira and
Fernandes (2009) at severity 1.0 on linear RGB; "apart" means a CIE76 ΔE of at least
20 in CIELAB between the conflict colour and what it must not be confused with (the
path, an empty cell, the page), with and without the simulation.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "src" / "puzzlesmith" / "server" / "static"
THEMES_CSS = STATIC / "themes.css"
THEMES_JS = STATIC / "shell" / "themes.js"

#: (foreground, background, what) at 4.5:1
TEXT = [
    ("--ink", "--bg", "page text"),
    ("--muted", "--bg", "secondary text"),
    ("--ink", "--soft", "text on soft panels"),
    ("--muted", "--soft", "secondary text on soft panels"),
    ("--on-ink", "--ink", "toast text"),
    ("--path-ink", "--path", "cleared tile label / path number"),
    ("--accent", "--bg", "chosen option's label"),
]
#: (foreground, background, what) at 3:1: the board's large bold numbers
LARGE = [
    ("--ink", "--cell-empty", "number on an empty cell"),
    ("--path-ink", "--path-bright", "number on the cleared path"),
    ("#FFFFFF", "--conflict", "number on a conflict"),
]
#: the conflict colour against what it must not be confused with
APART = [("--conflict", "--path"), ("--conflict", "--cell-empty"), ("--conflict", "--bg")]
MIN_DELTA_E = 20.0

# Machado et al. 2009, severity 1.0 (linear RGB)
CVD = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
}

RGB = tuple[float, float, float]


def parse_themes(css: str) -> dict[str, dict[str, str]]:
    """theme id → token → #RRGGBB, both blocks of each theme merged (page, then board)."""
    out: dict[str, dict[str, str]] = {}
    for m in re.finditer(r'html\[data-theme="([\w-]+)"\](\s+\.mode-root)?\s*\{([^}]*)\}', css):
        tokens = out.setdefault(m.group(1), {})
        for name, value in re.findall(r"(--[\w-]+)\s*:\s*(#[0-9A-Fa-f]{6})\s*;", m.group(3)):
            tokens[name] = value.upper()
    return out


def theme_ids_in_js(js: str) -> list[str]:
    block = js.split("export const THEMES", 1)[1].split("];", 1)[0]
    return re.findall(r'id:\s*"([\w-]+)"', block)


def _rgb(hex_colour: str) -> RGB:
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)


def _lin(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _unlin(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def luminance(hex_colour: str) -> float:
    r, g, b = (_lin(c) for c in _rgb(hex_colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def simulate(hex_colour: str, kind: str) -> RGB:
    """The colour as seen with the deficiency (sRGB 0..1)."""
    lin = [_lin(c) for c in _rgb(hex_colour)]
    m = CVD[kind]
    return (
        _unlin(sum(m[0][k] * lin[k] for k in range(3))),
        _unlin(sum(m[1][k] * lin[k] for k in range(3))),
        _unlin(sum(m[2][k] * lin[k] for k in range(3))),
    )


def lab(rgb: RGB) -> RGB:
    r, g, b = (_lin(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: RGB, b: RGB) -> float:
    la, lb = lab(a), lab(b)
    return float(sum((la[k] - lb[k]) ** 2 for k in range(3)) ** 0.5)


def check_theme(tokens: dict[str, str]) -> tuple[list[str], list[str]]:
    """(failures, figures) for one theme's tokens; a missing token is a failure."""
    fails: list[str] = []
    lines: list[str] = []

    def colour(name: str) -> str | None:
        if name.startswith("#"):
            return name
        if name not in tokens:
            fails.append(f"token {name} is missing")
            return None
        return tokens[name]

    for pairs, need in ((TEXT, 4.5), (LARGE, 3.0)):
        for fg, bg, what in pairs:
            a, b = colour(fg), colour(bg)
            if a is None or b is None:
                continue
            r = contrast(a, b)
            lines.append(f"  {what:38} {fg} on {bg}: {r:5.2f}:1 (need {need})")
            if r < need:
                fails.append(f"{what}: {fg} {a} on {bg} {b} is {r:.2f}:1, under {need}:1")
    for one, other in APART:
        a, b = colour(one), colour(other)
        if a is None or b is None:
            continue
        seen = {"normal": (_rgb(a), _rgb(b))}
        seen.update({k: (simulate(a, k), simulate(b, k)) for k in CVD})
        for vision, (x, y) in seen.items():
            d = delta_e(x, y)
            lines.append(f"  {one} vs {other} ({vision}): ΔE {d:5.1f} (need {MIN_DELTA_E:.0f})")
            if d < MIN_DELTA_E:
                fails.append(
                    f"{one} {a} and {other} {b} under {vision}: ΔE {d:.1f} < {MIN_DELTA_E:.0f}"
                )
    return fails, lines


def main() -> int:
    themes = parse_themes(THEMES_CSS.read_text(encoding="utf-8"))
    failed = False
    for tid, tokens in themes.items():
        fails, lines = check_theme(tokens)
        print(f"{tid}: {'ok' if not fails else 'FAIL'}")
        print("\n".join(lines))
        for f in fails:
            print(f"  FAIL {f}")
        failed |= bool(fails)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
