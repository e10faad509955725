"""The bounds every value in a level file must respect, the same for every mode.

A level that loads must also solve, grade, render, play and encode. So every string
and number a pack holds is checked at load time against one rule here: ids (level
and cell ids) are short words that a move string, a URL and a one-line message can
carry; texts are bounded, well-formed Unicode without control characters; numbers
are small enough to draw. Sizes (cells per level, levels per pack, bytes per file)
bound the work any command can be asked to do.
"""

from __future__ import annotations

import re

from puzzlesmith.core.problems import Problem
from puzzlesmith.core.text import short_int

#: ids: letters and digits of any script, plus ``- _ . , : + ( )``; no spaces, 1–64 long.
ID_PATTERN = re.compile(r"[\w.,:+()\-]{1,64}")
MAX_ID_LEN = 64
#: titles, notes, teach and caption texts
MAX_TEXT_LEN = 2000
#: coordinates, sizes and clue numbers: anything a board can use, and SVG can draw
MAX_INT = 10_000
#: cells per level (path modes) and levels per pack
MAX_CELLS = 400
MAX_LEVELS = 2000
#: bytes per pack file read from disk
MAX_FILE_BYTES = 8 * 1024 * 1024

_TEXT_CONTROLS = frozenset("\n\t")


def id_error(value: str) -> str | None:
    """Why ``value`` cannot be an id, or None.

    >>> id_error("2-3"), id_error("q,r"), id_error("甲")
    (None, None, None)
    >>> id_error("a b")
    "id 'a b' may hold only letters, digits and - _ . , : + ( ) (no spaces)"
    >>> id_error("")
    'id must not be empty'
    """
    if not value:
        return "id must not be empty"
    if len(value) > MAX_ID_LEN:
        return f"id is {len(value)} characters long (at most {MAX_ID_LEN})"
    if not ID_PATTERN.fullmatch(value):
        return f"id {value!r} may hold only letters, digits and - _ . , : + ( ) (no spaces)"
    return None


def text_error(value: str) -> str | None:
    """Why ``value`` cannot be a title/notes/caption text, or None.

    >>> text_error("第一关\\n慢慢来") is None, text_error("a\\x00b"), text_error("\\ud800")
    (True, 'text holds control character U+0000', 'text holds a lone surrogate U+D800')
    """
    if len(value) > MAX_TEXT_LEN:
        return f"text is {len(value)} characters long (at most {MAX_TEXT_LEN})"
    for ch in value:
        o = ord(ch)
        if 0xD800 <= o <= 0xDFFF:
            return f"text holds a lone surrogate U+{o:04X}"
        if (o < 0x20 or 0x7F <= o < 0xA0) and ch not in _TEXT_CONTROLS:
            return f"text holds control character U+{o:04X}"
    return None


def int_error(value: int) -> str | None:
    """Why ``value`` cannot be a coordinate/size/clue, or None.

    >>> int_error(-3), int_error(10**400)
    (None, 'number 1000000…0 (401 digits) is outside -10000..10000')
    """
    if -MAX_INT <= value <= MAX_INT:
        return None
    return f"number {short_int(value)} is outside -{MAX_INT}..{MAX_INT}"


def value_problem(name: str, value: object, *, level: str | None, where: str) -> Problem | None:
    """The shared rule for one JSON field: ``id`` fields are ids, other strings texts."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        why = id_error(value) if name == "id" else text_error(value)
        code = "bad-id" if name == "id" else "bad-text"
    elif isinstance(value, int):
        why, code = int_error(value), "number-range"
    else:
        return None
    if why is None:
        return None
    return Problem(code, f"field {name!r}: {why}", level=level, where=where)


def usable_id(value: object) -> str | None:
    """``value`` when it is a valid id (safe to print and to put in a move), else None."""
    if isinstance(value, str) and id_error(value) is None:
        return value
    return None


def size_problem(count: int, limit: int, what: str, *, level: str | None) -> Problem | None:
    """A level or pack too big for the solvers' budget."""
    if count <= limit:
        return None
    return Problem(
        "too-big",
        f"{count} {what} (at most {limit})",
        level=level,
        where="level" if level else "pack",
    )
