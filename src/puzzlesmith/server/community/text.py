"""Titles, captions and report reasons players write: length and character rules.

Letters, digits, punctuation, symbols and single spaces; no control, format, private-use
or line-separator characters (they hide text, reorder it or break one-line displays).
"""

from __future__ import annotations

import unicodedata

from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.visible import BLANK

TITLE_MAX, CAPTION_MAX, REASON_MAX = 30, 80, 120


def check_text(raw: object, field: str, *, low: int, high: int) -> str:
    """The cleaned text, or a 422 naming the field and the rule it breaks.

    >>> check_text("  七巧 一笔 ", "title", low=1, high=30)
    '七巧 一笔'
    >>> check_text("a\\u202eb", "title", low=1, high=30)
    Traceback (most recent call last):
    ...
    puzzlesmith.server.errors.ApiError: title: character 2 (U+202E) is not allowed
    """
    if not isinstance(raw, str):
        raise ApiError("bad-text", f"{field}: must be text", field)
    text = " ".join(unicodedata.normalize("NFC", raw).split(" ")).strip()
    if len(text) < low:
        raise ApiError("bad-text", f"{field}: at least {low} character(s)", field)
    if len(text) > high:
        raise ApiError("bad-text", f"{field}: at most {high} characters", field)
    if "  " in text:
        raise ApiError("bad-text", f"{field}: no double spaces", field)
    for i, ch in enumerate(text):
        if ch != " " and (unicodedata.category(ch)[0] not in "LNPS" or ch in BLANK):
            raise ApiError(
                "bad-text",
                f"{field}: character {i + 1} (U+{ord(ch):04X}) is not allowed",
                field,
            )
    return text
