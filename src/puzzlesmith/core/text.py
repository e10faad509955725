"""Printing untrusted text and numbers in one-line messages."""

from __future__ import annotations


def short_int(value: int) -> str:
    """A huge number in a message without printing all its digits.

    >>> short_int(12), short_int(-(10**50))
    ('12', '-1000000…0 (51 digits)')
    """
    if abs(value) < 10**30:
        return str(value)
    digits = str(abs(value))
    return f"{'-' if value < 0 else ''}{digits[:7]}…{digits[-1]} ({len(digits)} digits)"


def safe(text: str) -> str:
    """``text`` with every non-printable character escaped: always one printable line.

    >>> safe("a\\nb"), safe("\\ud800x")
    ('a\\\\nb', '\\\\ud800x')
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    o = ord(ch)
    if ch == "\n":
        return "\\n"
    return f"\\u{o:04x}" if o <= 0xFFFF else f"\\U{o:08x}"
