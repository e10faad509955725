"""Reading a JSON file that may be hostile: one line naming the file and what is wrong.

A pack path may be a named pipe (reading would block forever), a device
(``/dev/zero`` never ends), a symlink loop, a huge file, JSON nested 100,000 deep
or an integer of thousands of digits. Each ends in :class:`UnreadableFileError`
(CLI exit 2), never in a traceback or a hang.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from puzzlesmith.core.bounds import MAX_FILE_BYTES, MAX_TEXT_LEN
from puzzlesmith.core.errors import UnreadableFileError
from puzzlesmith.core.files import open_input
from puzzlesmith.core.text import safe

#: deeper than any pack needs (a Hex Walls turner is 5 levels down); the parser recurses
MAX_DEPTH = 32
#: a string literal's raw length (quotes included) may be this many characters: the longest
#: text with every character an escaped surrogate pair (``\\ud83d\\ude00``, 12 characters);
#: longer is refused before decoding
MAX_STRING_CHARS = 12 * MAX_TEXT_LEN + 2
#: escapes (skipped whole, so ``\\"`` does not end a string), quotes and brackets
_TOKEN = re.compile(r'\\.|["\[\]{}]', re.DOTALL)


def read_json_file(path: str | Path, *, max_bytes: int = MAX_FILE_BYTES) -> object:
    """The parsed JSON of a regular file of at most ``max_bytes`` bytes."""
    return parse_json(open_input(path, max_bytes=max_bytes), safe(str(path)))


def parse_json(data: bytes | str, name: str) -> object:
    """Parse JSON text; every failure is one line starting with ``name``.

    The nesting depth and every string's length are measured on the raw text first,
    so a file nested 100,000 deep or holding a 7-million-character title is refused
    before the parser builds anything from it.
    """
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError as exc:
        raise UnreadableFileError(
            f"{name}: cannot read file (not UTF-8 at byte {exc.start})"
        ) from None
    shape = scan(text)
    if shape.depth > MAX_DEPTH:
        raise UnreadableFileError(f"{name}: JSON nested {shape.depth} deep (at most {MAX_DEPTH})")
    if shape.longest > MAX_STRING_CHARS:
        raise UnreadableFileError(
            f"{name}: a JSON string of {shape.longest} characters at line {shape.line} "
            f"(texts hold at most {MAX_TEXT_LEN})"
        )
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UnreadableFileError(
            f"{name}: not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    except (ValueError, RecursionError) as exc:  # e.g. an integer of more than 4,300 digits
        why = "an integer has too many digits" if "digits" in str(exc) else safe(str(exc))[:80]
        raise UnreadableFileError(f"{name}: not usable JSON: {why}") from None


@dataclass(frozen=True)
class Shape:
    """What :func:`scan` measured: deepest nesting, longest string and the line it starts on."""

    depth: int
    longest: int
    line: int


def scan(text: str) -> Shape:
    """Nesting depth and longest string literal of JSON text, in one linear pass.

    Only the structural characters are visited (a regex finds quotes, brackets and
    escapes), so there is no recursion and no backtracking, whatever the text holds.

    >>> scan('{"a": [[1], "[[["]}')
    Shape(depth=3, longest=5, line=1)
    """
    depth = deepest = longest = 0
    line_at = 0
    opened = -1  # index of the open quote, or -1 outside a string
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if opened >= 0:
            if tok == '"':
                if m.start() - opened + 1 > longest:
                    longest, line_at = m.start() - opened + 1, opened
                opened = -1
        elif tok == '"':
            opened = m.start()
        elif tok in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif tok in "]}":
            depth -= 1
    if opened >= 0 and len(text) - opened > longest:  # an unclosed string: the parser says so
        longest, line_at = len(text) - opened, opened
    return Shape(deepest, longest, text.count("\n", 0, line_at) + 1)


def nesting_depth(text: str) -> int:
    """The deepest ``[``/``{`` nesting outside strings (a linear scan, no recursion).

    >>> nesting_depth('{"a": [[1], "[[["]}')
    3
    """
    return scan(text).depth
