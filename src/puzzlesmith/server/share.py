"""The daily's result as a picture worth sharing (LinkedIn's and NYT's dailies share one):
mode, puzzle number, time, rank among friends, streak, and a pattern that gives nothing
away — the solve's pace (how many moves fell in each slice of the time), never a cell.

Drawn with Pillow; Chinese needs a CJK font, looked for where Linux distributions put
one (:data:`CJK_FONTS`). Without one the picture is drawn in English (Pillow's own font
has no Chinese), so it never shows empty boxes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from puzzlesmith.core.movelog import TimedMove
from puzzlesmith.core.words import Lang, say

#: the picture's size: square, what chat apps show whole
SIZE = 1080
#: bars of the pace pattern
BARS = 24
#: fonts with Chinese, where Debian, Ubuntu, Fedora and Alpine install them
CJK_FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/wenquanyi/wqy-microhei/wqy-microhei.ttc",
)
#: per mode: background, accent (the mode's own colours in the client's themes)
COLOURS: dict[str, tuple[str, str]] = {
    "01-number-stroke": ("#1f2540", "#7c8cff"),
    "03-hex-walls": ("#1d2b2a", "#4fc3a1"),
    "04-cows": ("#2b2417", "#f2b134"),
}
DEFAULT_COLOURS = ("#222222", "#9ab")
#: the card's words (slot → catalogue key): the daily's ``d.card.*`` and its share text's
CARD_KEYS = {
    "head": "d.card.head",
    "friends": "d.card.friends",
    "rank": "d.card.rank",
    "unranked": "d.card.unranked",
    "flawless": "d.card.flawless",
    "hints": "d.shareHints",
    "streak": "d.shareStreak",
    "pace": "d.card.pace",
}


@cache
def card_words(lang: str) -> dict[str, str]:
    """The card's sentences in ``lang`` (``zh`` or ``en``), looked up once."""
    lg: Lang = "zh" if lang == "zh" else "en"
    return {name: say(key, lg) for name, key in CARD_KEYS.items()}


@dataclass(frozen=True)
class Card:
    """What the picture says (all of it already on the player's result screen)."""

    mode: str
    title: str
    number: int
    time_ms: int
    #: rank among the player and the friends they follow (None: unranked)
    rank: int | None
    #: how many ranked runs that friends' board holds (1: the player alone)
    among: int
    streak: int
    flawless: bool
    hints: int
    pace: tuple[int, ...]
    lang: str = "zh"


def clock(ms: int) -> str:
    """m:ss.t, as the daily screens show a time.

    >>> clock(40_500), clock(3_723_400)
    ('0:40.5', '62:03.4')
    """
    tenths = ms // 100
    return f"{tenths // 600}:{tenths // 10 % 60:02d}.{tenths % 10}"


def pace_of(log: Sequence[TimedMove], time_ms: int, bars: int = BARS) -> tuple[int, ...]:
    """How many moves fell in each of ``bars`` equal slices of the run: the solve's rhythm,
    which says nothing about where any move went.

    >>> pace_of([TimedMove(100, "a"), TimedMove(150, "b"), TimedMove(950, "c")], 1000, 4)
    (2, 0, 0, 1)
    """
    out = [0] * bars
    span = max(1, time_ms)
    for tm in log:
        out[min(bars - 1, max(0, tm.ms) * bars // span)] += 1
    return tuple(out)


@cache
def cjk_font_path() -> str | None:
    """The first font with Chinese this machine has, or None."""
    return next((p for p in CJK_FONTS if Path(p).is_file()), None)


@cache
def _font(px: int, cjk: bool) -> Any:
    path = cjk_font_path() if cjk else None
    if path is not None:
        return ImageFont.truetype(path, px)
    return ImageFont.load_default(size=px)


def card_lang(lang: str) -> str:
    """The picture's language: Chinese only where a font can draw it."""
    return "zh" if lang == "zh" and cjk_font_path() is not None else "en"


def lines_of(card: Card) -> dict[str, str]:
    """The picture's words in its language."""
    w = card_words(card.lang)
    if card.rank is None:
        rank = w["unranked"]
    elif card.among > 1:
        rank = w["friends"].format(rank=card.rank, n=card.among)
    else:
        rank = w["rank"].format(rank=card.rank)
    star = "★ " if cjk_font_path() is not None else ""  # Pillow's own font has no ★
    return {
        "head": w["head"],
        "title": f"{card.title} #{card.number}",
        "time": clock(card.time_ms),
        "rank": rank,
        "how": w["flawless"].replace("★ ", star)
        if card.flawless
        else w["hints"].format(n=card.hints),
        "streak": w["streak"].format(n=card.streak) if card.streak > 0 else "",
        "pace": w["pace"],
    }


def draw_card(card: Card) -> bytes:
    """The card as PNG bytes."""
    bg, accent = COLOURS.get(card.mode, DEFAULT_COLOURS)
    img = Image.new("RGB", (SIZE, SIZE), bg)
    d = ImageDraw.Draw(img)
    cjk = True  # the CJK font when there is one (it has ★ too); else Pillow's own
    words = lines_of(card)
    mid = SIZE // 2
    d.rounded_rectangle((40, 40, SIZE - 40, SIZE - 40), radius=48, outline=accent, width=6)
    d.text((mid, 130), words["head"], font=_font(44, cjk), fill="#d8dae6", anchor="mm")
    d.text((mid, 230), words["title"], font=_font(64, cjk), fill="#ffffff", anchor="mm")
    d.text((mid, 400), words["time"], font=_font(190, False), fill=accent, anchor="mm")
    d.text((mid, 560), words["rank"], font=_font(60, cjk), fill="#ffffff", anchor="mm")
    d.text((mid, 640), words["how"], font=_font(42, cjk), fill="#d8dae6", anchor="mm")
    if words["streak"]:
        d.text((mid, 710), words["streak"], font=_font(42, cjk), fill="#d8dae6", anchor="mm")
    _pace(d, card.pace, accent, (120, 790, SIZE - 120, 960))
    return _png(img)


def _pace(d: ImageDraw.ImageDraw, pace: Sequence[int], colour: str, box: tuple[int, ...]) -> None:
    """The pace pattern: one rounded bar per slice, as tall as its share of the moves."""
    x0, y0, x1, y1 = box
    top = max(pace, default=0) or 1
    w = (x1 - x0) / max(1, len(pace))
    for k, n in enumerate(pace):
        h = 10 + (y1 - y0 - 10) * n / top
        left = x0 + k * w + w * 0.15
        d.rounded_rectangle((left, y1 - h, left + w * 0.7, y1), radius=int(w * 0.3), fill=colour)


def _png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, "PNG", optimize=True)
    return out.getvalue()
